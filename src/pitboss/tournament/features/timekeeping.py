"""The clock and the structure as the director runs them: start, levels, breaks, the limit.

The clock is a pure value moved by explicit times (`pitboss.tournament.model.clock`); here are its
commands and events. Levels follow each other as time runs out (THC 4) and each starts at its
exact instant; ``decide`` records whatever the clock did up to ``now`` before any command
(`caught_up`), so the log never depends on how often a host ticks. Hand-for-hand (TDA RP-8)
takes a fixed time off the clock per hand (RP-8C) and levels follow (RP-8D). The legal time
limit (KY 11) stops play when the house says so.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated

from pitboss.cards import RandomSource
from pitboss.errors import ClockError, TournamentError
from pitboss.rules.stakes import AnteMode
from pitboss.rules.tournament import TimeLimitAction
from pitboss.tournament.features.prizes import with_payouts
from pitboss.tournament.features.satellites import seats_awarded
from pitboss.tournament.features.tables import draw_seats
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.bags import start_period
from pitboss.tournament.model.fields import LevelNumber
from pitboss.tournament.model.timeline import PeriodKind, level_period
from pitboss.tournament.model.words import chop_words, clock_now, duration, joined, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import Phase, TournamentState, apply, fold
from pitboss.validation import Range

MS_PER_SECOND = 1000
MIN_PLAYERS_TO_START = 2

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartTournament(Command):
    """Start play and the clock at level 1 (with a random source, the seats are drawn, TDA 7)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tick(Command):
    """Record whatever the clock did up to now (levels, breaks, the time limit)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PauseClock(Command):
    """Stop the clock."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResumeClock(Command):
    """Restart the clock."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AdjustClock(Command):
    """Add (positive) or remove (negative) seconds of the current period (at most a day)."""

    seconds: Annotated[int, Range(-86_400, 86_400)]


@dataclass(frozen=True, slots=True, kw_only=True)
class JumpToLevel(Command):
    """Go to the start of a level with its full time (a director's correction)."""

    level: LevelNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHandForHand(Command):
    """Begin hand-for-hand play (TDA RP-8)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHandForHandHand(Command):
    """Every table finished one hand-for-hand hand: take the time off the clock (RP-8C)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndHandForHand(Command):
    """End hand-for-hand play."""


# --- events -----------------------------------------------------------------------------------


class LevelChange(enum.StrEnum):
    """Why a period started."""

    START = "start"
    CLOCK = "clock"
    JUMP = "jump"
    HAND_FOR_HAND = "hand_for_hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentStarted(Event):
    """Play started; the clock runs from ``at`` (and the legal time limit counts from it)."""

    at: int
    entrants: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelStarted(Event):
    """A level started; ``colour_up`` are the chip values that left play as it did (KY 10)."""

    at: int
    level: int
    period: int
    remaining_ms: int
    colour_up: tuple[int, ...] = ()
    reason: LevelChange = LevelChange.CLOCK


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakStarted(Event):
    """A break started after ``after_level``; ``colour_up`` as at a level (TDA 24)."""

    at: int
    after_level: int
    period: int
    remaining_ms: int
    colour_up: tuple[int, ...] = ()
    reason: LevelChange = LevelChange.CLOCK


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockPaused(Event):
    """The director paused the clock."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockResumed(Event):
    """The director restarted the clock."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockAdjusted(Event):
    """Time added to (positive) or removed from (negative) the current period."""

    at: int
    delta_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandStarted(Event):
    """Hand-for-hand began: the clock stops and loses time per hand (TDA RP-8)."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandHandPlayed(Event):
    """A hand-for-hand hand was completed at every table; ``deducted_ms`` came off the clock."""

    at: int
    deducted_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandEnded(Event):
    """Hand-for-hand ended; the clock runs again."""

    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeLimitReached(Event):
    """The legal time limit passed (KY 11); ``action`` is what the house does about it."""

    at: int
    action: TimeLimitAction


# --- folds ------------------------------------------------------------------------------------


@folds(TournamentStarted)
def _started(state: TournamentState, event: TournamentStarted) -> TournamentState:
    return state._replace(
        phase=Phase.RUNNING,
        clock=clk.started(state.timeline, event.at),
        entrants_at_start=event.entrants,
    )


def _entered(state: TournamentState, event: LevelStarted | BreakStarted) -> TournamentState:
    crossing = clk.Crossing(period=event.period, at=event.at, remaining_ms=event.remaining_ms)
    removed = tuple(sorted(set(state.chips_removed) | set(event.colour_up)))
    # a new period may change the table size (THC 5) or the threshold (TDA 11D): the
    # director checks the tables afresh, a new balancing pass
    return state._replace(
        clock=clk.entered(state.clock, crossing, on_break=isinstance(event, BreakStarted)),
        chips_removed=removed,
        moved_this_pass=frozenset(),
        pass_moves=(),
    )


folds(LevelStarted)(_entered)
folds(BreakStarted)(_entered)


@folds(ClockPaused)
def _paused(state: TournamentState, event: ClockPaused) -> TournamentState:
    return state._replace(clock=clk.paused(state.clock, event.at))


@folds(ClockResumed)
def _resumed(state: TournamentState, event: ClockResumed) -> TournamentState:
    return state._replace(clock=clk.resumed(state.clock, event.at))


@folds(ClockAdjusted)
def _adjusted(state: TournamentState, event: ClockAdjusted) -> TournamentState:
    return state._replace(clock=clk.adjusted(state.clock, event.at, event.delta_ms))


@folds(HandForHandStarted)
def _h4h_started(state: TournamentState, event: HandForHandStarted) -> TournamentState:
    return state._replace(
        clock=clk.hand_for_hand_started(state.clock, event.at),
        hand_for_hand_done=frozenset(),
        hand_for_hand_was_on=True,
    )


@folds(HandForHandHandPlayed)
def _h4h_hand(state: TournamentState, event: HandForHandHandPlayed) -> TournamentState:
    return state._replace(
        clock=clk.deducted(state.clock, event.at, event.deducted_ms),
        hand_for_hand_hand=state.hand_for_hand_hand + 1,
        hand_for_hand_done=frozenset(),
    )


@folds(HandForHandEnded)
def _h4h_ended(state: TournamentState, event: HandForHandEnded) -> TournamentState:
    return state._replace(
        clock=clk.hand_for_hand_ended(state.clock, event.at), hand_for_hand_done=frozenset()
    )


@folds(TimeLimitReached)
def _limit(state: TournamentState, event: TimeLimitReached) -> TournamentState:
    if event.action is TimeLimitAction.CHOP:
        return state._replace(
            time_limit_at=event.at,
            phase=Phase.STOPPED,
            clock=clk.paused(state.clock, event.at),
        )
    return state._replace(time_limit_at=event.at)


# --- the clock's own events -------------------------------------------------------------------


def caught_up(state: TournamentState, now: int) -> tuple[list[Event], TournamentState]:
    """`pitboss.tournament.aggregate.catch_up`'s events and the state after them: the steps of
    `pitboss.tournament.model.clock.due` (the one catch-up, which screens show too) recorded."""
    if not state.clock.is_started or state.phase is not Phase.RUNNING:
        return [], state
    rules = state.rules.tournament.clock
    limit = (
        None
        if state.time_limit_reached
        else clk.time_limit_at(state.clock, rules.time_limit_minutes)
    )
    steps, _ = clk.due(
        state.clock,
        state.timeline,
        now,
        limit_at=limit,
        stops_at_limit=rules.on_time_limit is TimeLimitAction.CHOP,
    )
    out: list[Event] = []
    s = state
    for step in steps:
        event: Event
        if isinstance(step, clk.LimitReached):
            event = TimeLimitReached(at=step.at, action=rules.on_time_limit)
        else:
            event = period_event(s, step, LevelChange.CLOCK)
        out.append(event)
        s = apply(s, event)
    return out, s


def period_event(
    state: TournamentState, crossing: clk.Crossing, reason: LevelChange
) -> LevelStarted | BreakStarted:
    period = state.timeline[crossing.period]
    chips = state.rules.tournament.structure.chips
    removed = tuple(
        c for c in sorted(chips) if c not in period.chips_in_play and c not in state.chips_removed
    )
    if period.kind is PeriodKind.BREAK:
        return BreakStarted(
            at=crossing.at,
            after_level=period.level,
            period=period.index,
            remaining_ms=crossing.remaining_ms,
            colour_up=removed,
            reason=reason,
        )
    return LevelStarted(
        at=crossing.at,
        level=period.level,
        period=period.index,
        remaining_ms=crossing.remaining_ms,
        colour_up=removed,
        reason=reason,
    )


def _start(s: TournamentState, now: int) -> list[Event]:
    if s.phase is not Phase.REGISTRATION:
        raise TournamentError(
            "the tournament has already started",
            code="already_started",
            params={"phase": s.phase.value},
        )
    if s.entries < MIN_PLAYERS_TO_START:
        raise TournamentError(
            f"a tournament needs at least {MIN_PLAYERS_TO_START} players to start; "
            f"{s.entries} registered",
            code="too_few_players",
            params={"entries": s.entries, "min_players": MIN_PLAYERS_TO_START},
        )
    index = start_period(s)  # a Day 2 resumes at its flights' level (issue 29)
    first = s.timeline[index]
    colour_up = first.colour_up
    if index:  # every chip coloured up before the level leaves play as it starts
        colour_up = tuple(
            c for c in sorted(s.rules.tournament.structure.chips) if c not in first.chips_in_play
        )
    events: list[Event] = [
        TournamentStarted(at=now, entrants=s.entries),
        LevelStarted(
            at=now,
            level=first.level,
            period=index,
            remaining_ms=first.duration_ms,
            colour_up=colour_up,
            reason=LevelChange.START,
        ),
    ]
    return with_payouts(s, events, now, force=True)


def start_and_seat(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """Start play; with a random source, draw the seats too (TDA 7). A satellite with a seat
    for every entrant ends there (issue 29)."""
    events = _start(s, now)
    if rng is not None and not s.is_seated:
        events.extend(draw_seats(fold(s, events), now, rng))
    if s.rules.tournament.satellite.is_satellite:  # a seat for every entrant (issue 29)
        events.extend(seats_awarded(fold(s, events), now))
    return events


def _running(s: TournamentState) -> None:
    clk.require_started(s.clock)
    if s.phase is Phase.STOPPED:
        raise ClockError(
            "play has stopped at the legal time limit (KY 11); the clock cannot run again",
            code="time_limit_stopped",
            params={"phase": s.phase.value},
        )


def _adjust(s: TournamentState, c: AdjustClock, now: int) -> list[Event]:
    _running(s)
    delta = c.seconds * MS_PER_SECOND
    left = clk.remaining(s.clock, now)
    if delta == 0:
        raise ClockError(
            "adjust the clock by a non-zero number of seconds",
            code="no_adjustment",
            params={"seconds": c.seconds},
        )
    if left + delta <= 0:
        raise ClockError(
            f"cannot take {-c.seconds} s off {s.period.label()}: only {left // 1000} s are "
            "left; jump to the next level instead",
            code="adjust_too_much",
            params={"seconds": c.seconds, "remaining_ms": left, "period": s.period.label()},
        )
    return [ClockAdjusted(at=now, delta_ms=delta)]


def _jump(s: TournamentState, c: JumpToLevel, now: int) -> list[Event]:
    _running(s)
    period = level_period(s.rules.tournament.structure, c.level)
    crossing = clk.Crossing(period=period.index, at=now, remaining_ms=period.duration_ms)
    return [period_event(s, crossing, LevelChange.JUMP)]


def hand_for_hand_hand(s: TournamentState, now: int) -> list[Event]:
    """RP-8C: each hand-for-hand hand takes a fixed time off the clock; RP-8D: levels follow."""
    if not s.clock.hand_for_hand:
        raise ClockError(
            "hand-for-hand is not on", code="hand_for_hand_off", params={"phase": s.phase.value}
        )
    ms = s.rules.tournament.clock.hand_for_hand_seconds_per_hand * MS_PER_SECOND
    first = HandForHandHandPlayed(at=now, deducted_ms=ms)
    after = apply(s, first)
    events: list[Event] = [first]
    for crossing in clk.overflow_crossings(after.clock, after.timeline, now):
        event = period_event(after, crossing, LevelChange.HAND_FOR_HAND)
        events.append(event)
        after = apply(after, event)
    return events


# --- handlers ---------------------------------------------------------------------------------


@handles(StartTournament)
def _start_tournament(s: TournamentState, c: StartTournament, ctx: Context) -> list[Event]:
    return start_and_seat(s, ctx.now, ctx.rng)


@handles(Tick)
def _tick(s: TournamentState, c: Tick, ctx: Context) -> list[Event]:
    return []


@handles(PauseClock)
def _pause(s: TournamentState, c: PauseClock, ctx: Context) -> list[Event]:
    _running(s)
    if not s.clock.running:
        raise ClockError(
            "the clock is already paused", code="clock_paused", params={"phase": s.phase.value}
        )
    return [ClockPaused(at=ctx.now)]


@handles(ResumeClock)
def _resume(s: TournamentState, c: ResumeClock, ctx: Context) -> list[Event]:
    _running(s)
    if s.clock.running:
        raise ClockError(
            "the clock is already running", code="clock_running", params={"phase": s.phase.value}
        )
    return [ClockResumed(at=ctx.now)]


@handles(AdjustClock)
def _adjust_clock(s: TournamentState, c: AdjustClock, ctx: Context) -> list[Event]:
    return _adjust(s, c, ctx.now)


@handles(JumpToLevel)
def _jump_to(s: TournamentState, c: JumpToLevel, ctx: Context) -> list[Event]:
    return _jump(s, c, ctx.now)


@handles(StartHandForHand)
def _start_h4h(s: TournamentState, c: StartHandForHand, ctx: Context) -> list[Event]:
    _running(s)
    if s.clock.hand_for_hand:
        raise ClockError(
            "hand-for-hand is already on", code="hand_for_hand_on", params={"phase": s.phase.value}
        )
    return [HandForHandStarted(at=ctx.now)]


@handles(RecordHandForHandHand)
def _h4h_hand_played(s: TournamentState, c: RecordHandForHandHand, ctx: Context) -> list[Event]:
    """The floor reports that every table finished the hand-for-hand hand (RP-8C). Where the
    director seats the tables it knows that itself, once each has finished its hand; typing
    it too would count every hand twice."""
    if s.clock.hand_for_hand and s.is_seated:
        raise ClockError(
            "the director records each hand-for-hand hand by itself once every table has "
            "finished it (FinishHand at each table); it is not typed in",
            code="hand_for_hand_recorded_by_itself",
            params={"tables_done": sorted(s.hand_for_hand_done)},
        )
    if s.open_hands():
        raise ClockError(
            "a hand-for-hand hand is over only when every table has finished it: "
            f"{len(s.open_hands())} hand(s) still in play",
            code="hand_in_play",
            params={"hands": [h.hand_id for h in s.open_hands()]},
        )
    return hand_for_hand_hand(s, ctx.now)


@handles(EndHandForHand)
def _end_h4h(s: TournamentState, c: EndHandForHand, ctx: Context) -> list[Event]:
    if not s.clock.hand_for_hand:
        raise ClockError(
            "hand-for-hand is not on", code="hand_for_hand_off", params={"phase": s.phase.value}
        )
    return [HandForHandEnded(at=ctx.now)]


# --- the log's lines --------------------------------------------------------------------------


@describes(TournamentStarted)
def _started_line(e: TournamentStarted, s: TournamentState) -> str:
    return f"Tournament started with {plural(e.entrants, 'entrant')}"


def _leaving(colour_up: Sequence[int], rule: str) -> str:
    if not colour_up:
        return ""
    chips = joined([f"{c:,}" for c in colour_up])
    return f"; the {chips} chips leave play (colour-up, {rule})"


@describes(LevelStarted)
def _level_line(e: LevelStarted, s: TournamentState) -> str:
    structure = s.rules.tournament.structure
    level = structure.level(e.level)
    head = {
        LevelChange.START: f"Level {e.level} started",
        LevelChange.CLOCK: f"Level {e.level} started",
        LevelChange.JUMP: f"Director jumped to level {e.level}",
        LevelChange.HAND_FOR_HAND: f"Level {e.level} started on hand-for-hand time (TDA RP-8D)",
    }[e.reason]
    stakes = f"blinds {level.small_blind:,}/{level.big_blind:,}"
    mode = structure.ante_mode_of(e.level)
    if mode is AnteMode.BIG_BLIND:
        stakes += f", big blind ante {level.ante:,}"
    elif mode is not AnteMode.NONE:
        stakes += f", ante {level.ante:,}"
    note = f"; {level.note}" if level.note else ""
    return f"{head}: {stakes} ({duration(e.remaining_ms)}){note}{_leaving(e.colour_up, 'KY 10')}"


@describes(BreakStarted)
def _break_line(e: BreakStarted, s: TournamentState) -> str:
    period = s.timeline[e.period]
    note = f": {period.note}" if period.note else ""
    how = " (director's jump)" if e.reason is LevelChange.JUMP else ""
    return (
        f"Break after level {e.after_level} started{how} ({duration(e.remaining_ms)}){note}"
        f"{_leaving(e.colour_up, 'TDA 24')}"
    )


@describes(ClockPaused)
def _paused_line(e: ClockPaused, s: TournamentState) -> str:
    return f"Clock paused: {clock_now(s, e.at)}"


@describes(ClockResumed)
def _resumed_line(e: ClockResumed, s: TournamentState) -> str:
    return f"Clock resumed: {clock_now(s, e.at)}"


@describes(ClockAdjusted)
def _adjusted_line(e: ClockAdjusted, s: TournamentState) -> str:
    change = (
        f"{duration(e.delta_ms)} added to"
        if e.delta_ms > 0
        else f"{duration(-e.delta_ms)} taken off"
    )
    left = clk.display_remaining(s.clock, e.at) + e.delta_ms
    return f"Clock adjusted: {change} {s.period.label()} ({duration(left)} left)"


@describes(HandForHandStarted)
def _h4h_started_line(e: HandForHandStarted, s: TournamentState) -> str:
    return (
        f"Hand-for-hand play started with {plural(s.players_left, 'player')} left "
        f"at {plural(len(s.tables), 'table')} (TDA RP-8)"
    )


@describes(HandForHandHandPlayed)
def _h4h_hand_line(e: HandForHandHandPlayed, s: TournamentState) -> str:
    return (
        f"Every table finished the hand-for-hand hand: {duration(e.deducted_ms)} off the clock "
        "(TDA RP-8C)"
    )


@describes(HandForHandEnded)
def _h4h_ended_line(e: HandForHandEnded, s: TournamentState) -> str:
    return f"Hand-for-hand play ended with {plural(s.players_left, 'player')} left"


@describes(TimeLimitReached)
def _limit_line(e: TimeLimitReached, s: TournamentState) -> str:
    rules = s.rules.tournament.clock
    rule = f" ({rules.time_limit_rule})" if rules.time_limit_rule else ""
    limit = (
        ""
        if rules.time_limit_minutes is None
        else f" of {duration(rules.time_limit_minutes * 60_000)}"
    )
    if e.action is TimeLimitAction.CHOP:
        return (
            f"Legal time limit{limit} reached{rule}: play stops and the remaining prizes are "
            f"divided ({chop_words(rules.time_limit_chop)})"
        )
    return f"Legal time limit{limit} reached{rule}: announced, play goes on"


__all__ = [
    "MIN_PLAYERS_TO_START",
    "AdjustClock",
    "BreakStarted",
    "ClockAdjusted",
    "ClockPaused",
    "ClockResumed",
    "EndHandForHand",
    "HandForHandEnded",
    "HandForHandHandPlayed",
    "HandForHandStarted",
    "JumpToLevel",
    "LevelChange",
    "LevelStarted",
    "PauseClock",
    "RecordHandForHandHand",
    "ResumeClock",
    "StartHandForHand",
    "StartTournament",
    "Tick",
    "TimeLimitReached",
    "TournamentStarted",
    "caught_up",
    "hand_for_hand_hand",
    "period_event",
    "start_and_seat",
]
