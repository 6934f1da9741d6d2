"""The designer's knobs of ``pitboss simulate``, parsed from their text into settings.

Each ``parse_*`` takes the option's text and returns the value the simulator uses, or raises
`KnobError` with a one-line message that says what was wrong and what is allowed (the command
prints it and exits with status 2):

- ``--start 18:00``: the clock time play starts (minutes after midnight), so reports and charts
  speak in clock times;
- ``--bots tight=3,loose=2``: the field's mix of styles (`pitboss.play.bots.STYLES`), by full
  name or short name, with whole-number weights;
- ``--rebuys low|typical|high``: the field's money habits (`pitboss.play.habits.MoneyHabits`),
  from ``never`` to ``always``;
- ``--hands-per-hour 30``: the pace of dealing at a full table (`pitboss.play.pace.DealingPace`);
- ``--late N``: players who arrive during late registration (TDA 8A), where the house allows it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pitboss.play.bots import BotKind
    from pitboss.play.habits import MoneyHabits
    from pitboss.play.pace import DealingPace
    from pitboss.rules import RuleSet


class KnobError(ValueError):
    """An option's value cannot be used; the message is the one line the user reads."""


MINUTES_PER_DAY = 24 * 60


def parse_start(text: str) -> int:
    """``"18:00"`` -> 1080, the minutes after midnight play starts.

    Raises:
        KnobError: not a clock time ``HH:MM`` from 00:00 to 23:59.
    """
    hours, sep, minutes = text.strip().partition(":")
    if (
        sep
        and hours.isdigit()
        and minutes.isdigit()
        and len(minutes) == 2
        and int(hours) < 24
        and int(minutes) < 60
    ):
        return int(hours) * 60 + int(minutes)
    raise KnobError(f"--start {text!r}: give a clock time HH:MM from 00:00 to 23:59, e.g. 18:00")


def start_at_ms(start_minute: int, *, day_ms: int) -> int:
    """The instant ``start_minute`` after midnight (UTC) of the day of ``day_ms``."""
    day = dt.datetime.fromtimestamp(day_ms / 1000, tz=dt.UTC).replace(
        hour=0, minute=0, second=0, microsecond=0
    )
    return int((day + dt.timedelta(minutes=start_minute)).timestamp()) * 1000


SHORT_STYLES: dict[str, str] = {
    "tight": "tight_aggressive",
    "loose": "loose_passive",
    "aggressive": "loose_aggressive",
    "passive": "tight_passive",
    "random": "random_legal",
}
"""Short names a designer types for the shipped styles (``loose``: the charity-night regular)."""


def _style_names() -> list[str]:
    from pitboss.play.bots import BotKind

    return sorted(kind.value for kind in BotKind)


def allowed_styles() -> str:
    """The names ``--bots`` takes, as the error message lists them."""
    short = ", ".join(f"{s}={full}" for s, full in sorted(SHORT_STYLES.items()))
    return f"{', '.join(_style_names())} (short: {short})"


def parse_bots(text: str) -> tuple[tuple[BotKind, int], ...]:
    """``"tight=3,loose=2"`` -> the mix of styles with their weights, in the order given.

    A name may be written with ``-`` for ``_`` (``push-fold``) or by its short name
    (`SHORT_STYLES`). Weights are whole numbers, 0 or more, not all 0; a style appears once.

    Raises:
        KnobError: an unknown style (the message lists the allowed ones), a bad weight, a style
            given twice, or no weight above 0.
    """
    from pitboss.play.bots import BotKind

    mix: list[tuple[BotKind, int]] = []
    seen: set[BotKind] = set()
    for part in text.split(","):
        name, sep, weight = part.strip().partition("=")
        key = name.strip().lower().replace("-", "_")
        key = SHORT_STYLES.get(key, key)
        if key not in _style_names():
            raise KnobError(f"--bots: unknown style {name.strip()!r}; allowed: {allowed_styles()}")
        kind = BotKind(key)
        weight = weight.strip() if sep else "1"
        if not weight.isdigit():
            raise KnobError(
                f"--bots: the weight of {name.strip()} must be a whole number, 0 or more, "
                f"not {weight!r} (e.g. tight=3,loose=2)"
            )
        if kind in seen:
            raise KnobError(f"--bots: {kind.value} is given twice; give each style once")
        seen.add(kind)
        mix.append((kind, int(weight)))
    if not any(weight for _, weight in mix):
        raise KnobError("--bots: at least one style needs a weight above 0 (e.g. tight=3,loose=2)")
    return tuple((kind, weight) for kind, weight in mix if weight > 0)


REBUY_HABITS = ("never", "low", "typical", "high", "always")
"""The levels of ``--rebuys``, fewest re-buys first."""


def parse_rebuys(text: str) -> MoneyHabits:
    """``"low"`` -> the field's money habits at that level (`REBUY_HABITS`).

    ``typical`` is `MoneyHabits`' default (aimed at 0.5-1.5 re-buys per entrant); ``low``
    halves the budgets and the top-ups; ``high`` doubles them; ``never`` buys nothing and
    ``always`` every re-buy and add-on offered (stress cases).

    Raises:
        KnobError: not one of the levels.
    """
    from pitboss.play.habits import MoneyHabits

    level = text.strip().lower()
    if level == "never":
        return MoneyHabits.never()
    if level == "always":
        return MoneyHabits.always()
    if level == "typical":
        return MoneyHabits()
    if level == "low":
        return MoneyHabits(
            budget_weights=(30, 40, 20, 10),
            rebuy_when_busted=75,
            top_up_share=15,
            add_on_share=70,
            add_on_when_short=85,
            add_on_when_deep=50,
        )
    if level == "high":
        return MoneyHabits(
            budget_weights=(3, 12, 20, 22, 18, 13, 12),
            rebuy_when_busted=95,
            top_up_share=55,
            top_up_below_percent=75,
            rebuy_at_close=75,
            add_on_share=95,
            add_on_when_short=100,
            add_on_when_deep=85,
        )
    raise KnobError(f"--rebuys {text!r}: give one of {', '.join(REBUY_HABITS)}")


TYPICAL_HANDS_PER_HOUR = 30
"""The hands an hour a full table deals at `DealingPace`'s defaults (about; live dealing)."""
HANDS_PER_HOUR_RANGE = (10, 120)


def parse_hands_per_hour(value: int, *, spread_percent: int) -> DealingPace:
    """The pace that deals about ``value`` hands an hour at a full table: `DealingPace`'s
    seconds scaled by 30 / ``value`` (its defaults deal about 30), rounded to whole seconds.

    Raises:
        KnobError: ``value`` outside 10..120.
    """
    from pitboss.play.pace import DealingPace

    low, high = HANDS_PER_HOUR_RANGE
    if not low <= value <= high:
        raise KnobError(
            f"--hands-per-hour {value}: give a pace from {low} to {high} hands an hour at a full "
            f"table (live dealing is about {TYPICAL_HANDS_PER_HOUR})"
        )
    base = DealingPace()

    def scaled(seconds: int) -> int:
        return max(0, round(seconds * TYPICAL_HANDS_PER_HOUR / value))

    return replace(
        base,
        deal_seconds=max(1, scaled(base.deal_seconds)),
        decision_seconds=scaled(base.decision_seconds),
        showdown_seconds=scaled(base.showdown_seconds),
        spread_percent=spread_percent,
    )


def check_late(late: int, rules: RuleSet, *, preset: str, players: int) -> None:
    """``--late N`` can be played under ``rules``: the house has late registration and room.

    Raises:
        KnobError: a negative count, a house without late registration, or more entries than
            the house takes.
    """
    if late < 0:
        raise KnobError(f"--late {late}: give 0 or more players arriving late")
    if late == 0:
        return
    entry = rules.tournament.entry
    if entry.late_registration_until_level is None:
        raise KnobError(
            f"--late {late}: {preset} has no late registration (late_registration_until_level "
            "is unset); use a preset that allows it, such as slpt"
        )
    if entry.max_entries is not None and players + late > entry.max_entries:
        raise KnobError(
            f"--late {late}: {players} players and {late} late make {players + late} entries; "
            f"{preset} takes at most {entry.max_entries}"
        )


__all__ = [
    "REBUY_HABITS",
    "SHORT_STYLES",
    "KnobError",
    "allowed_styles",
    "check_late",
    "parse_bots",
    "parse_hands_per_hour",
    "parse_rebuys",
    "parse_start",
    "start_at_ms",
]
