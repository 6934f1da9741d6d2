"""The instant estimate of a structure's length: an analytic model of the field, no dealing.

The forecast (`pitboss.play.forecast`) plays hundreds of tournaments hand by hand; a designer
trying blinds wants an answer at once, as the structure calculators of tournament clocks do.
`estimate` follows the field as a fluid over the structure's timeline, in steps of a few
seconds of the clock:

- the field sits at ``ceil(players / seats)`` tables, each dealing at the simulator's pace
  (`pitboss.play.pace.DealingPace`: the deal, a few seconds a decision, more at a showdown;
  fewer players at a table, fewer decisions, more hands an hour);
- each hand at a table knocks out players at a rate that grows as stacks get short against
  the blinds: ``busts_per_hand x (players at the table / seats) x M ** -depth_power``, where M
  is Harrington's: the average stack (all chips in play over the players left) over the cost
  of a hand (small blind, big blind, every ante: per player, KY 10, or the big blind's, TDA
  RP-11); deeper than `Calibration.deepest_m` it stops slowing them (a few players left
  with deep stacks under a last level that runs on still gamble);
- while re-buys are open (KY 4, THC 1) a bust-out buys back as the simulated field does
  (`pitboss.play.habits.MoneyHabits`: most of those with budget left, fewer near the close),
  a few short stacks top up, and the chips bought join the pool; at the add-on's break (KY 5)
  the survivors take it as often as the habits say for their stacks (stacks spread
  exponentially around the average);
- breaks deal nothing; a colour-up at the start of a level (KY 10) stops each table
  ``colour_up_seconds``; the last level runs on; the legal time limit (KY 11) stops play.

The tournament ends when one player is left. Its constants (`Calibration`) were fitted to the
simulator's median finish over the shipped presets and fields of 10 to 1,000 players
(`benchmarks/bench_forecast.py --estimate`, BENCHMARKS.md). Pure: no clock, no chance; the
same structure gives the same estimate, in milliseconds.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pitboss.errors import PlayError
from pitboss.play.habits import MoneyHabits
from pitboss.play.pace import DealingPace
from pitboss.rules import RuleSet
from pitboss.rules.stakes import AnteMode
from pitboss.rules.structure import Level
from pitboss.tournament.model.ledger import Ledger
from pitboss.tournament.model.timeline import Period, timeline


@dataclass(frozen=True, slots=True, kw_only=True)
class Calibration:
    """The model's constants, fitted to the simulator (see the module's docstring)."""

    busts_per_hand: float = 0.2
    """Players knocked out a hand at a full table when the average M is `REFERENCE_M`."""
    depth_power: float = 1.88
    """How fast bust-outs fall as stacks deepen (M to this power)."""
    deepest_m: float = 49.0
    """Deeper than this M, bust-outs stop slowing (a short-handed end with deep stacks)."""
    ante_weight: float = 1.09
    """How much the antes weigh in a hand's cost against the blinds (M's denominator)."""
    table_power: float = 0.5
    """How bust-outs a hand grow with the players at the table (their share of a full one)."""
    decisions_base: float = 1.0
    decisions_per_player: float = 1.3
    """Decisions a hand: ``base + per_player x players at the table`` (the pace's cost)."""
    showdown_share: float = 0.2
    """Share of hands tabled at a showdown (each costs the pace's showdown seconds)."""
    top_ups_per_bust: float = 0.08
    """Top-ups (a short stack re-buying, KY 4) for each bust-out while re-buys are open."""
    step_seconds: int = 15
    """The model's time step."""


CALIBRATION = Calibration()
REFERENCE_M = 20
"""The average M at which `Calibration.busts_per_hand` is counted (a mid-tournament depth)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelEstimate:
    """The field expected when ``level`` starts (at ``start_minute`` of the schedule).

    ``players`` is the expected field (a fraction: an expectation, not a count), at least 1;
    ``chips`` every chip in play then (starting stacks, re-buys, add-ons). ``is_reached``:
    the estimate has play still going when the level starts.
    """

    level: int
    start_minute: int
    minutes: int
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: AnteMode
    players: float
    chips: int
    is_reached: bool

    @property
    def average_stack(self) -> int:
        """The average stack: every chip in play over the expected players."""
        return round(self.chips / max(self.players, 1.0))

    @property
    def average_big_blinds(self) -> float:
        """The average stack in big blinds."""
        return self.chips / max(self.players, 1.0) / self.big_blind


@dataclass(frozen=True, slots=True, kw_only=True)
class Estimate:
    """The instant estimate of one field under one structure (see `estimate`).

    ``finish_minutes``: from the start of play to the last bust-out, or to the time limit when
    the estimate reaches it first (``is_chopped``; ``players_at_limit`` then left). Re-buys
    and add-ons are expected counts, rounded; the chips and the money (integer cents) follow
    from them. ``bounty_cents``: in a bounty event (issue 29), the bounty money put on heads,
    kept apart from the prize pool; every cent of it is paid out by the end (knockouts, and the
    winner's own bounty), unless a re-buy forfeits bounties won.
    """

    entrants: int
    finish_minutes: int
    time_limit_minutes: int | None
    is_chopped: bool
    players_at_limit: int
    last_level: int
    hands: int
    rebuys: int
    add_ons: int
    chips: int
    prize_pool_cents: int
    house_share_cents: int
    bounty_cents: int = 0
    levels: tuple[LevelEstimate, ...] = field(default=())


def hands_per_hour(
    pace: DealingPace, players: float, calibration: Calibration = CALIBRATION
) -> float:
    """Hands an hour at a table of ``players`` at ``pace`` (about 30 at a full table)."""
    c = calibration
    decisions = c.decisions_base + c.decisions_per_player * players
    seconds = (
        pace.deal_seconds
        + pace.decision_seconds * decisions
        + pace.showdown_seconds * c.showdown_share
    )
    return 3600 / max(seconds, 1.0)


def _hand_cost(level: Level, mode: AnteMode, seated: float, *, ante_weight: float) -> float:
    """What one hand costs the table: both blinds and the antes (KY 10 per player; TDA RP-11
    the big blind's one ante), the antes weighed by ``ante_weight``."""
    antes = 0.0
    if mode is AnteMode.PER_PLAYER:
        antes = level.ante * seated
    elif mode is AnteMode.BIG_BLIND:
        antes = level.ante
    return level.small_blind + level.big_blind + ante_weight * antes


def _survival(weights: tuple[int, ...], spent: float, cap: int | None) -> float:
    """The share of players whose budget (``weights``, capped at ``cap`` re-buys) exceeds
    ``spent`` re-buys, interpolated between whole numbers."""
    total = sum(weights)
    if total == 0:
        return 0.0

    def above(k: int) -> float:
        return sum(w for n, w in enumerate(weights) if min(n, cap if cap is not None else n) > k)

    low = math.floor(spent)
    frac = spent - low
    return ((1 - frac) * above(low) + frac * above(low + 1)) / total


def _rebuy_window(rules: RuleSet) -> int | None:
    """The minute the re-buy period closes (KY 4: the end of ``until_level``; THC 1:
    ``until_minutes``; whichever is first), or None when re-buys are not sold."""
    rebuy = rules.tournament.rebuy
    if not rebuy.allowed or rebuy.chips <= 0:
        return None
    ends: list[int] = []
    if rebuy.until_level is not None:
        minute = 0
        for period in timeline(rules.tournament.structure):
            minute += period.minutes
            if not period.is_break and period.level >= rebuy.until_level:
                break
        ends.append(minute)
    if rebuy.until_minutes is not None:
        ends.append(rebuy.until_minutes)
    return min(ends) if ends else None


def _late_window(rules: RuleSet) -> int:
    """Minutes of late registration (TDA 8A: until the end of the level the house names)."""
    until = rules.tournament.entry.late_registration_until_level
    if until is None:
        return 0
    minute = 0
    for period in timeline(rules.tournament.structure):
        if period.is_break and period.level >= until:
            break
        minute += period.minutes
        if not period.is_break and period.level >= until:
            break
    return minute


def _add_on_share(habits: MoneyHabits, average: float, starting: int) -> float:
    """The share of survivors who take the add-on: stacks spread exponentially around the
    average; short stacks (below a starting stack) and deep ones (``deep_stack_multiple``
    starting stacks) take it as often as the habits say."""
    if average <= 0:
        return habits.add_on_when_short / 100
    short = 1 - math.exp(-starting / average)
    deep = math.exp(-habits.deep_stack_multiple * starting / average)
    middle = max(0.0, 1 - short - deep)
    return (
        short * habits.add_on_when_short
        + deep * habits.add_on_when_deep
        + middle * habits.add_on_share
    ) / 100


class _Field:
    """The fluid field as it goes: players, chips, purchases, hands, the clock in seconds."""

    def __init__(self, players: int, starting: int) -> None:
        self.players = float(players)
        self.chips = float(players * starting)
        self.rebuys = 0.0
        self.add_ons = 0.0
        self.hands = 0.0
        self.seconds = 0.0


def estimate(
    rules: RuleSet,
    *,
    players: int,
    pace: DealingPace | None = None,
    habits: MoneyHabits | None = None,
    late_entries: int = 0,
    colour_up_seconds: int = 120,
    calibration: Calibration = CALIBRATION,
) -> Estimate:
    """The expected length of ``players`` playing under ``rules`` (see the module's docstring).

    ``pace``, ``habits``, ``late_entries`` and ``colour_up_seconds`` are the simulator's
    settings of the same names (`pitboss.play.simulation.SimulationSettings`).

    Raises:
        PlayError: fewer than 2 players, or a negative count of late entries.
    """
    if players < 2 or late_entries < 0:
        raise PlayError(
            f"an estimate needs 2 players or more and 0 late entries or more, not {players} "
            f"and {late_entries}",
            code="bad_estimate",
            params={"players": players, "late_entries": late_entries},
        )
    pace = pace or DealingPace()
    habits = habits or MoneyHabits()
    c = calibration
    t = rules.tournament
    s = t.structure
    seats = rules.table.seats
    starting = t.entry.starting_chips
    rebuy_end = _rebuy_window(rules)
    late_end = _late_window(rules) if late_entries else 0
    limit = t.clock.time_limit_minutes
    step = float(c.step_seconds)
    f = _Field(players, starting)
    levels: list[LevelEstimate] = []
    finished_at: float | None = None
    last_level = 1
    periods = timeline(s)

    def play(seconds: float, level_no: int) -> bool:
        """Play ``seconds`` of level ``level_no``; True when the tournament ended in them."""
        nonlocal finished_at
        level = s.level(level_no)
        mode = s.ante_mode_of(level_no)
        end = f.seconds + seconds
        while f.seconds < end - 1e-9:
            if limit is not None and f.seconds >= limit * 60:
                return True
            dt = min(step, end - f.seconds)
            if limit is not None:
                dt = min(dt, limit * 60 - f.seconds)
            minute = f.seconds / 60
            if late_end and minute < late_end:
                arrivals = late_entries * dt / (late_end * 60)
                f.players += arrivals
                f.chips += arrivals * starting
            tables = math.ceil(f.players / seats - 1e-9)
            seated = f.players / tables
            hands = tables * hands_per_hour(pace, seated, c) * dt / 3600
            cost = _hand_cost(level, mode, seated, ante_weight=c.ante_weight)
            depth = min(max(f.chips / f.players / cost, 0.05), c.deepest_m) / REFERENCE_M
            busts = (
                hands
                * c.busts_per_hand
                * (seated / seats) ** c.table_power
                * depth ** (-c.depth_power)
            )
            f.hands += hands
            if rebuy_end is not None and minute < rebuy_end:
                window = habits.rebuy_at_close + (100 - habits.rebuy_at_close) * (
                    1 - minute / rebuy_end
                )
                left = _survival(habits.budget_weights, f.rebuys / players, t.rebuy.max_per_player)
                back = busts * habits.rebuy_when_busted / 100 * window / 100 * left
                tops = busts * c.top_ups_per_bust * habits.top_up_share / 100 * left
                f.rebuys += back + tops
                f.chips += (back + tops) * t.rebuy.chips
                busts -= back
            if f.players - busts <= 1:
                share = (f.players - 1) / busts if busts > 0 else 1.0
                f.seconds += dt * share
                f.players = 1.0
                finished_at = f.seconds
                return True
            f.players -= busts
            f.seconds += dt
        return False

    done = False
    for period in periods:
        if period.is_break:
            if done:
                continue
            if limit is not None and f.seconds + period.minutes * 60 >= limit * 60:
                f.seconds = float(limit * 60)
                done = True
                continue
            f.seconds += period.minutes * 60
            if t.add_on.allowed and t.add_on.at_break_after_level == period.level:
                taken = f.players * _add_on_share(habits, f.chips / f.players, starting)
                f.add_ons += taken
                f.chips += taken * t.add_on.chips
            continue
        level = s.level(period.level)
        levels.append(
            LevelEstimate(
                level=period.level,
                start_minute=_scheduled_start(periods, period.index),
                minutes=period.minutes,
                small_blind=level.small_blind,
                big_blind=level.big_blind,
                ante=level.ante,
                ante_mode=s.ante_mode_of(period.level),
                players=f.players,
                chips=round(f.chips),
                is_reached=not done,
            )
        )
        if done:
            continue
        last_level = period.level
        pause = colour_up_seconds if period.colour_up and f.players > 1 else 0
        f.seconds += min(pause, period.minutes * 60)
        done = play(max(period.minutes * 60 - pause, 0), period.level)
    while not done:  # the last level runs on (to the winner, or to the limit)
        done = play(3600.0, len(s.levels))
    chopped = finished_at is None
    end = float(limit * 60) if chopped and limit is not None else (finished_at or f.seconds)
    rebuys, add_ons = round(f.rebuys), round(f.add_ons)
    pool, house, bounties = _money(rules, players + late_entries, rebuys, add_ons)
    return Estimate(
        entrants=players + late_entries,
        finish_minutes=round(end / 60),
        time_limit_minutes=limit,
        is_chopped=chopped,
        players_at_limit=max(2, round(f.players)) if chopped else 0,
        last_level=last_level,
        hands=round(f.hands),
        rebuys=rebuys,
        add_ons=add_ons,
        chips=(players + late_entries) * starting
        + rebuys * t.rebuy.chips
        + add_ons * t.add_on.chips,
        prize_pool_cents=pool,
        house_share_cents=house,
        bounty_cents=bounties,
        levels=tuple(levels),
    )


def _scheduled_start(periods: tuple[Period, ...], index: int) -> int:
    """The minute period ``index`` starts on the schedule."""
    return sum(p.minutes for p in periods[:index])


def _money(rules: RuleSet, entrants: int, rebuys: int, add_ons: int) -> tuple[int, int, int]:
    """The prize pool, the house's share (fees, and money the pool leaves out: KY 18's re-buys
    and add-ons go to the charity) and the bounty money (issue 29: the bounty part of each
    entry and re-buy, kept apart from the pool) of the expected purchases, in cents."""
    t = rules.tournament
    bounty = t.bounty
    ledger = Ledger(
        entry_cents=entrants * t.entry.buy_in_cents,
        fee_cents=entrants * t.entry.fee_cents
        + rebuys * t.rebuy.fee_cents
        + add_ons * t.add_on.fee_cents,
        rebuy_cents=rebuys * t.rebuy.price_cents,
        add_on_cents=add_ons * t.add_on.price_cents,
        bounty_entry_cents=entrants * bounty.bounty_cents,
        bounty_rebuy_cents=rebuys * bounty.rebuy_bounty_cents,
    )
    pool = t.prize_pool
    return ledger.prize_pool(pool), ledger.house_share(pool), ledger.bounties


__all__ = [
    "CALIBRATION",
    "Calibration",
    "Estimate",
    "LevelEstimate",
    "estimate",
    "hands_per_hour",
]
