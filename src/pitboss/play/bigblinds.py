"""A structure in big blinds: the rows of a blind sheet, its speed, the chips a night needs.

Pure functions, data in and rows out, for the terminal (``pitboss structure show``) and for
any page that prints a structure:

- `level_rows`: each level's blinds and ante with the expected field then (from the instant
  `pitboss.play.estimate.Estimate`), the average stack in chips, in big blinds and as M
  (Harrington: stack over the cost of a hand at a full table), and the starting stack in big
  blinds;
- `structure_speed`: regular, turbo or hyper-turbo by the usual thresholds (`TURBO_HANDS`,
  `HYPER_HANDS`, `TURBO_BIG_BLINDS`, `HYPER_BIG_BLINDS`);
- `structure_warnings`: what a designer should look at twice (an ante out of proportion to
  the blinds; a last level that runs on with stacks still deep);
- `chip_breakdown` and `chips_needed`: the starting stack as a director hands it out, by chip
  value, and the chips the event needs for its field, its re-buys and its add-ons.
"""

from __future__ import annotations

import enum
import itertools
import math
from dataclasses import dataclass

from pitboss.play.estimate import Estimate, hands_per_hour
from pitboss.play.pace import DealingPace
from pitboss.rules import RuleSet
from pitboss.rules.stakes import AnteMode
from pitboss.rules.structure import Structure

TURBO_HANDS = 10
"""A level dealing fewer hands than this (at a full table, at the simulator's pace) is a
turbo's. Online, regular levels last 10-15 minutes and turbo ones about 5 (online-poker-index,
"What Is A Turbo Tournament?", 2010): at an online table's 60-90 hands an hour, 10-20 hands
against 5-8; live, the WSOP's turbo events halve its one-hour levels to 30 minutes
(PokerNews, "Turbo"). 10 hands is 20 minutes of live dealing at 30 hands an hour."""
HYPER_HANDS = 5
"""Fewer hands a level than this is a hyper-turbo's: online hyper-turbo levels last about 3
minutes (singkongkeju.net, "Poker strategy for turbo and hyper-turbo tournaments"), 3-5
hands; live, 10 minutes."""
TURBO_BIG_BLINDS = 50
"""A starting stack below this many big blinds makes a turbo whatever the levels: regular
events start with 100 big blinds or more (the "typically 100 to 250 big blinds" of the same
article; TDA-style structures start at 100)."""
HYPER_BIG_BLINDS = 25
"""Below this many big blinds at the start, a hyper-turbo: online hyper-turbo sit & gos start
at about 25 big blinds."""
ANTE_PER_PLAYER_SHARE = 4
"""A per-player ante above a quarter of the big blind is unusual (KY 10's 50 at 500/1000 is a
twentieth; per-player antes run about a tenth)."""


class Speed(enum.StrEnum):
    """How fast a structure is, by the thresholds above."""

    REGULAR = "regular"
    TURBO = "turbo"
    HYPER_TURBO = "hyper_turbo"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpeedVerdict:
    """A structure's speed and why: the hands a typical level deals (the median level's
    minutes at the pace of a full table) and the starting stack in big blinds at level 1."""

    speed: Speed
    level_minutes: int
    hands_per_level: float
    starting_big_blinds: float
    reasons: tuple[str, ...]


def structure_speed(rules: RuleSet, pace: DealingPace | None = None) -> SpeedVerdict:
    """Regular, turbo or hyper-turbo (`TURBO_HANDS`, `HYPER_HANDS`, `TURBO_BIG_BLINDS`,
    `HYPER_BIG_BLINDS`), the faster of the two measures."""
    s = rules.tournament.structure
    minutes = sorted(s.minutes_of(n) for n in range(1, len(s.levels) + 1))
    typical = minutes[(len(minutes) - 1) // 2]
    hands = hands_per_hour(pace or DealingPace(), rules.table.seats) * typical / 60
    start_bb = rules.tournament.entry.starting_chips / s.levels[0].big_blind
    reasons: list[str] = []
    speed = Speed.REGULAR
    if hands < HYPER_HANDS or start_bb < HYPER_BIG_BLINDS:
        speed = Speed.HYPER_TURBO
    elif hands < TURBO_HANDS or start_bb < TURBO_BIG_BLINDS:
        speed = Speed.TURBO
    if hands < TURBO_HANDS:
        limit = HYPER_HANDS if hands < HYPER_HANDS else TURBO_HANDS
        reasons.append(
            f"{typical}-minute levels deal about {hands:.0f} hands at a full table (under {limit})"
        )
    if start_bb < TURBO_BIG_BLINDS:
        limit = HYPER_BIG_BLINDS if start_bb < HYPER_BIG_BLINDS else TURBO_BIG_BLINDS
        reasons.append(f"the starting stack is {start_bb:.0f} big blinds (under {limit})")
    return SpeedVerdict(
        speed=speed,
        level_minutes=typical,
        hands_per_level=hands,
        starting_big_blinds=start_bb,
        reasons=tuple(reasons),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelRow:
    """One row of the structure in big blinds (a level; ``break_minutes`` of the break after
    it, 0 for none). ``players`` is the expected field when the level starts, None once the
    estimate has a winner before it."""

    level: int
    start_minute: int
    minutes: int
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: AnteMode
    players: float | None
    average_stack: int | None
    average_big_blinds: float | None
    average_m: float | None
    starting_big_blinds: float
    break_minutes: int


def level_rows(rules: RuleSet, est: Estimate) -> tuple[LevelRow, ...]:
    """The structure's levels in big blinds at the field ``est`` expects (see `LevelRow`)."""
    s = rules.tournament.structure
    seats = rules.table.seats
    starting = rules.tournament.entry.starting_chips
    rows = []
    for lv in est.levels:
        brk = s.break_after(lv.level)
        reached = lv.is_reached and lv.players > 1
        cost = lv.small_blind + lv.big_blind
        if lv.ante_mode is AnteMode.PER_PLAYER:
            cost += lv.ante * seats
        elif lv.ante_mode is AnteMode.BIG_BLIND:
            cost += lv.ante
        rows.append(
            LevelRow(
                level=lv.level,
                start_minute=lv.start_minute,
                minutes=lv.minutes,
                small_blind=lv.small_blind,
                big_blind=lv.big_blind,
                ante=lv.ante,
                ante_mode=lv.ante_mode,
                players=lv.players if reached else None,
                average_stack=lv.average_stack if reached else None,
                average_big_blinds=lv.average_big_blinds if reached else None,
                average_m=lv.chips / lv.players / cost if reached else None,
                starting_big_blinds=starting / lv.big_blind,
                break_minutes=brk.minutes if brk is not None else 0,
            )
        )
    return tuple(rows)


def structure_warnings(structure: Structure, est: Estimate | None = None) -> list[str]:
    """What looks wrong in ``structure``: an ante larger than the big blind (a big-blind ante,
    TDA RP-11, is usually the big blind) or, per player (KY 10), than a quarter of it; with an
    estimate, a last level that runs on while the average stack is still deep (add levels)."""
    warnings: list[str] = []
    for number, level in enumerate(structure.levels, start=1):
        mode = structure.ante_mode_of(number)
        if mode is AnteMode.BIG_BLIND and level.ante > level.big_blind:
            allowed = "a big-blind ante (TDA RP-11) is usually the big blind"
        elif mode is AnteMode.PER_PLAYER and level.ante * ANTE_PER_PLAYER_SHARE > level.big_blind:
            allowed = "a per-player ante is usually a tenth of the big blind, a quarter at most"
        else:
            continue
        warnings.append(
            f"level {number}: the ante {level.ante:,} at {level.small_blind:,}/"
            f"{level.big_blind:,} is {level.ante / level.big_blind:,.1f} times the big blind; "
            f"{allowed}: check the ante"
        )
    if est is not None and not est.is_chopped and est.last_level == len(structure.levels):
        last = est.levels[-1]
        if last.is_reached and last.players >= 1.5 and last.average_big_blinds > 40:
            warnings.append(
                f"the last level ({last.small_blind:,}/{last.big_blind:,}) runs on with an "
                f"average stack of {last.average_big_blinds:,.0f} big blinds: the end will "
                "drag and vary a lot; add levels"
            )
    return warnings


def chip_breakdown(values: tuple[int, ...], stack: int) -> tuple[tuple[int, int], ...]:
    """``stack`` as a director hands it out: ``(value, count)`` from the smallest value.

    Each smaller value gets enough to change two of the next (KY 25s: 4 of them, for two
    50s), while that keeps at least half the stack for the larger values; the rest is paid
    largest first. Values above the stack are not used. The counts sum to ``stack`` exactly
    when the smallest value divides it (a structure's stack always is: TDA 24).
    """
    usable = sorted(v for v in values if v <= stack)
    if not usable:
        return ()
    counts = dict.fromkeys(usable, 0)
    left = stack
    for low, high in itertools.pairwise(usable):
        want = 2 * math.ceil(high / low)
        if (stack - left) + want * low > stack // 2:
            break
        counts[low] = want
        left -= want * low
    for value in reversed(usable):
        take = left // value
        counts[value] += take
        left -= take * value
    return tuple((v, n) for v, n in counts.items() if n)


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipNeeds:
    """The chips a night needs: per player at the start, per re-buy and add-on, and in all
    for the field with the expected re-buys and add-ons (``total``, by value), plus a tenth
    more for change at the cage and colour-ups (``with_float``)."""

    starting: tuple[tuple[int, int], ...]
    rebuy: tuple[tuple[int, int], ...]
    add_on: tuple[tuple[int, int], ...]
    total: tuple[tuple[int, int], ...]
    with_float: tuple[tuple[int, int], ...]


FLOAT_PERCENT = 10


def chips_needed(rules: RuleSet, est: Estimate) -> ChipNeeds:
    """The chips for ``est.entrants`` starting stacks, ``est.rebuys`` re-buys and
    ``est.add_ons`` add-ons, in the values in play at level 1."""
    t = rules.tournament
    values = t.structure.chips_in_play_at_level(1)
    starting = chip_breakdown(values, t.entry.starting_chips)
    rebuy = chip_breakdown(values, t.rebuy.chips) if t.rebuy.allowed else ()
    add_on = chip_breakdown(values, t.add_on.chips) if t.add_on.allowed else ()
    total: dict[int, int] = {}
    for parts, times in ((starting, est.entrants), (rebuy, est.rebuys), (add_on, est.add_ons)):
        for value, count in parts:
            total[value] = total.get(value, 0) + count * times
    ordered = tuple(sorted(total.items()))
    padded = tuple((v, n + math.ceil(n * FLOAT_PERCENT / 100)) for v, n in ordered)
    return ChipNeeds(
        starting=starting, rebuy=rebuy, add_on=add_on, total=ordered, with_float=padded
    )


__all__ = [
    "FLOAT_PERCENT",
    "HYPER_BIG_BLINDS",
    "HYPER_HANDS",
    "TURBO_BIG_BLINDS",
    "TURBO_HANDS",
    "ChipNeeds",
    "LevelRow",
    "Speed",
    "SpeedVerdict",
    "chip_breakdown",
    "chips_needed",
    "level_rows",
    "structure_speed",
    "structure_warnings",
]
