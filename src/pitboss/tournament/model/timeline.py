"""The structure as a timeline: levels and breaks in order, with what happens as each starts.

The settings (levels, breaks, chips, validation) live in `pitboss.rules.structure.Structure`;
this module turns them into the sequence of periods the clock walks through, and answers the
director's questions about it: when a level starts, which chips leave play where (a colour-up at
a break, TDA 24, or at the start of a level, KY 10), and which chips are in play at any point.
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass

from pitboss.errors import StructureError
from pitboss.rules.games import BettingStructure, Game, GameRules, game_name, level_game
from pitboss.rules.stakes import AnteMode
from pitboss.rules.structure import Structure, validate_structure
from pitboss.units import MS_PER_MINUTE


class PeriodKind(enum.StrEnum):
    """A period of the tournament clock: a blind level or a break."""

    LEVEL = "level"
    BREAK = "break"


@dataclass(frozen=True, slots=True, kw_only=True)
class Period:
    """One period of the timeline; a break's ``level`` is the level it follows.

    ``colour_up`` lists the chip values that leave play as the period starts (KY 10, TDA 24);
    ``chips_in_play`` are the values in play during it.
    """

    index: int
    kind: PeriodKind
    level: int
    minutes: int
    colour_up: tuple[int, ...]
    chips_in_play: tuple[int, ...]
    note: str = ""

    @property
    def duration_ms(self) -> int:
        """The period's length in milliseconds."""
        return self.minutes * MS_PER_MINUTE

    @property
    def is_break(self) -> bool:
        """True for a break."""
        return self.kind is PeriodKind.BREAK

    def label(self) -> str:
        """How a clock names it: ``Level 7`` or ``Break after level 5``."""
        if self.is_break:
            return f"Break after level {self.level}"
        return f"Level {self.level}"


@functools.lru_cache(maxsize=64)
def timeline(structure: Structure) -> tuple[Period, ...]:
    """Every period in clock order: level 1, level 2, ..., a break after level 5, level 6 ..."""
    periods: list[Period] = []
    for number, level in enumerate(structure.levels, start=1):
        periods.append(
            Period(
                index=len(periods),
                kind=PeriodKind.LEVEL,
                level=number,
                minutes=structure.minutes_of(number),
                colour_up=tuple(sorted(level.colour_up)),
                chips_in_play=structure.chips_in_play_at_level(number),
                note=level.note,
            )
        )
        brk = structure.break_after(number)
        if brk is not None:
            periods.append(
                Period(
                    index=len(periods),
                    kind=PeriodKind.BREAK,
                    level=number,
                    minutes=brk.minutes,
                    colour_up=tuple(sorted(brk.colour_up)),
                    chips_in_play=structure.chips_in_play_at_break(number),
                    note=brk.note,
                )
            )
    return tuple(periods)


def level_period(structure: Structure, level: int) -> Period:
    """The period of level ``level``.

    Raises:
        StructureError: no such level.
    """
    structure.level(level)
    for period in timeline(structure):
        if period.kind is PeriodKind.LEVEL and period.level == level:
            return period
    raise AssertionError("every level has a period")  # pragma: no cover


def break_period(structure: Structure, after_level: int) -> Period:
    """The period of the break after ``after_level``.

    Raises:
        StructureError: the structure has no break there.
    """
    for period in timeline(structure):
        if period.kind is PeriodKind.BREAK and period.level == after_level:
            return period
    raise StructureError(
        f"the structure has no break after level {after_level}",
        code="no_such_break",
        params={"after_level": after_level},
    )


def start_minute(structure: Structure, index: int) -> int:
    """Minutes of clock time from the start of play to the start of period ``index``."""
    return sum(p.minutes for p in timeline(structure)[:index])


def is_through_level(period: Period, level: int) -> bool:
    """True while play has not gone past the end of ``level`` (a window "until level N").

    Breaks before level N's end are inside the window; the break after level N is not
    (KY 4: re-buys "until intermission").
    """
    if period.kind is PeriodKind.LEVEL:
        return period.level <= level
    return period.level < level


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpStep:
    """A scheduled colour-up: where it happens, which chips leave, the smallest chip after it."""

    period: Period
    removed: tuple[int, ...]
    smallest_after: int


def colour_up_schedule(structure: Structure) -> tuple[ColourUpStep, ...]:
    """Every scheduled colour-up in clock order (TDA 24; KY 10 at levels 4, 8, 13, 15)."""
    return tuple(
        ColourUpStep(period=p, removed=p.colour_up, smallest_after=p.chips_in_play[0])
        for p in timeline(structure)
        if p.colour_up
    )


def check_structure(structure: Structure) -> None:
    """Validate a structure (see `pitboss.rules.structure.validate_structure`).

    Raises:
        StructureError: a blind or ante not payable with the chips in play, naming the level.
    """
    validate_structure(structure)


def ante_label(structure: Structure, level: int) -> str:
    """The ante of a level as a person reads it: ``-``, ``100`` or ``1,500 (BB)``."""
    amount = structure.level(level).ante
    mode = structure.ante_mode_of(level)
    if mode is AnteMode.NONE:
        return "-"
    suffix = " (BB)" if mode is AnteMode.BIG_BLIND else ""
    return f"{amount:,}{suffix}"


def game_label(rules: GameRules, structure: Structure, level: int) -> str:
    """What level ``level`` deals, as the clock and the blind sheet say it: ``""`` in an event
    that deals No-Limit Hold'em at every level (nothing to say), else the game's name, with a
    fixed-limit level's bets (the small bet is the big blind, the big bet twice it: issue 30)."""
    levels = structure.levels
    if all(
        (rules.game if lv.game is None else lv.game) is Game.HOLDEM
        and (rules.structure if lv.structure is None else lv.structure) is BettingStructure.NO_LIMIT
        for lv in levels
    ):
        return ""
    at = structure.level(level)
    dealt = level_game(rules, at, players_left=0)
    name = game_name(dealt.game, dealt.structure)
    if dealt.structure is BettingStructure.FIXED_LIMIT:
        return f"{name} · bets {at.big_blind:,} / {2 * at.big_blind:,}"
    return name


__all__ = [
    "ColourUpStep",
    "Period",
    "PeriodKind",
    "ante_label",
    "break_period",
    "check_structure",
    "colour_up_schedule",
    "game_label",
    "is_through_level",
    "level_period",
    "start_minute",
    "timeline",
]
