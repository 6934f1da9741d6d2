"""The tournament clock: a pure value moved by explicit times (`now`, integer milliseconds).

The clock never reads the system time (STYLE 2). It holds the current period of the timeline,
the time left in it at an anchor instant, and whether it is running. Everything else (the time
left now, the boundaries crossed since the anchor, the clock time elapsed) is computed from a
``now`` passed in. Levels follow each other as time runs out (THC 4: "when the timer expires,
it should be immediately restarted"); the new level applies from the next hand (TDA 23, THC 4,
SLPT 12), which the aggregate records as the level each hand started at.

Hand-for-hand (TDA RP-8): the clock stops and loses a fixed time per hand played (RP-8C: 2
minutes), and levels advance as that time runs off (RP-8D). RP-8 stops the clock for hands
only: a break that hand-for-hand reaches (its deductions run into it) runs its minutes on wall
time like any break (RULES §3.5, §3.6; the structure's break length), and when the break ends
hand-for-hand carries on with the clock stopped again. ``on_break`` marks the clock during a
break for that reason.

The legal time limit (KY 11) counts wall time from the start of play, pauses included.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from pitboss.errors import ClockError
from pitboss.tournament.model.timeline import Period


@dataclass(frozen=True, slots=True, kw_only=True)
class Clock:
    """The clock at its last anchor: period, time left then, and whether time is running."""

    started_at: int | None = None
    period: int = 0
    remaining_ms: int = 0
    anchor: int = 0
    running: bool = False
    hand_for_hand: bool = False
    on_break: bool = False

    @property
    def is_started(self) -> bool:
        """True once play has started."""
        return self.started_at is not None

    @property
    def is_ticking(self) -> bool:
        """True when time is running off the current period: started, running, and not held by
        hand-for-hand (RP-8), which never holds a break (breaks end by wall time)."""
        return self.is_started and self.running and (not self.hand_for_hand or self.on_break)


@dataclass(frozen=True, slots=True, kw_only=True)
class Crossing:
    """The clock entered ``period`` at ``at`` with ``remaining_ms`` left in it."""

    period: int
    at: int
    remaining_ms: int


def started(timeline: tuple[Period, ...], now: int) -> Clock:
    """The clock as play starts at ``now``: level 1, full time, running."""
    return Clock(
        started_at=now,
        period=0,
        remaining_ms=timeline[0].duration_ms,
        anchor=now,
        running=True,
    )


def remaining(clock: Clock, now: int) -> int:
    """Milliseconds left in the current period at ``now``; may be negative after the last one."""
    if clock.is_ticking:
        return clock.remaining_ms - (now - clock.anchor)
    return clock.remaining_ms


def display_remaining(clock: Clock, now: int) -> int:
    """Milliseconds left as a clock shows it: never below zero (the last level runs on)."""
    return max(0, remaining(clock, now))


def settled(clock: Clock, at: int) -> Clock:
    """The same clock re-anchored at ``at``."""
    return replace(clock, remaining_ms=remaining(clock, at), anchor=at)


def paused(clock: Clock, at: int) -> Clock:
    """The clock stopped at ``at``."""
    return replace(settled(clock, at), running=False)


def resumed(clock: Clock, at: int) -> Clock:
    """The clock running again from ``at`` with the time it had left."""
    return replace(clock, anchor=at, running=True)


def adjusted(clock: Clock, at: int, delta_ms: int) -> Clock:
    """Time added (``delta_ms`` > 0) to or removed (< 0) from the current period at ``at``."""
    now_clock = settled(clock, at)
    return replace(now_clock, remaining_ms=now_clock.remaining_ms + delta_ms)


def entered(clock: Clock, crossing: Crossing, *, on_break: bool = False) -> Clock:
    """The clock after it entered a new period (``on_break``: the period is a break)."""
    return replace(
        clock,
        period=crossing.period,
        remaining_ms=crossing.remaining_ms,
        anchor=crossing.at,
        on_break=on_break,
    )


def hand_for_hand_started(clock: Clock, at: int) -> Clock:
    """Hand-for-hand: the clock stops running at ``at`` (TDA RP-8)."""
    return replace(settled(clock, at), hand_for_hand=True)


def hand_for_hand_ended(clock: Clock, at: int) -> Clock:
    """Hand-for-hand over: the clock runs again from ``at`` if it was running (a break's time
    ran on meanwhile and is settled first)."""
    return replace(settled(clock, at), hand_for_hand=False)


def deducted(clock: Clock, at: int, ms: int) -> Clock:
    """``ms`` taken off the current period at ``at`` (RP-8C: 2 minutes per H4H hand)."""
    now_clock = settled(clock, at)
    return replace(now_clock, remaining_ms=now_clock.remaining_ms - ms)


def next_crossing(clock: Clock, timeline: tuple[Period, ...]) -> Crossing | None:
    """The next period boundary if time keeps running, or None (not running, last period)."""
    if not clock.is_ticking or clock.period + 1 >= len(timeline):
        return None
    at = clock.anchor + clock.remaining_ms
    nxt = timeline[clock.period + 1]
    return Crossing(period=nxt.index, at=at, remaining_ms=nxt.duration_ms)


def overflow_crossings(clock: Clock, timeline: tuple[Period, ...], at: int) -> list[Crossing]:
    """Periods entered at ``at`` because the current one has no time left (after a deduction).

    Time overrun in one period is carried into the next (RP-8D: levels advance as time runs off).
    """
    out: list[Crossing] = []
    left = clock.remaining_ms
    index = clock.period
    while left <= 0 and index + 1 < len(timeline):
        index += 1
        left += timeline[index].duration_ms
        out.append(Crossing(period=index, at=at, remaining_ms=left))
    return out


@dataclass(frozen=True, slots=True, kw_only=True)
class LimitReached:
    """The legal time limit (KY 11) passed at ``at``."""

    at: int


def due(
    clock: Clock,
    timeline: tuple[Period, ...],
    now: int,
    *,
    limit_at: int | None,
    stops_at_limit: bool,
) -> tuple[tuple[Crossing | LimitReached, ...], Clock]:
    """What the clock did up to ``now`` that is not yet recorded, in order, and the clock after
    it: each period entered as time ran out (THC 4: each at its exact instant) and the legal
    time limit (``limit_at``, None once recorded or without one; KY 11) when it passed. When
    the limit and a period's end fall at the same instant the limit comes first; a limit that
    ``stops_at_limit`` (the house chops) ends play, the clock stopped at it.

    The one catch-up of the clock: the director records these steps as events
    (`pitboss.tournament.features.timekeeping.caught_up`) and a screen shows the clock after
    them without recording anything (`pitboss.tournament.reading.views.as_of`).
    """
    steps: list[Crossing | LimitReached] = []
    limit = limit_at
    while clock.is_started:
        crossing = next_crossing(clock, timeline)
        if limit is not None and limit <= now and (crossing is None or limit <= crossing.at):
            steps.append(LimitReached(at=limit))
            if stops_at_limit:
                clock = paused(clock, limit)
                break
            limit = None
        elif crossing is not None and crossing.at <= now:
            steps.append(crossing)
            clock = entered(clock, crossing, on_break=timeline[crossing.period].is_break)
        else:
            break
    return tuple(steps), clock


def elapsed_ms(clock: Clock, timeline: tuple[Period, ...], now: int) -> int:
    """Clock time played since the start: completed periods plus the part of this one.

    This is tournament-clock time (pauses excluded, added time included), the measure of a
    re-buy window "for the first 2 hrs" (THC 1).
    """
    if not clock.is_started:
        return 0
    before = sum(p.duration_ms for p in timeline[: clock.period])
    return before + timeline[clock.period].duration_ms - remaining(clock, now)


def time_limit_at(clock: Clock, minutes: int | None) -> int | None:
    """The instant the legal time limit is reached (KY 11: 6 hours from the start of play)."""
    if clock.started_at is None or minutes is None:
        return None
    return clock.started_at + minutes * 60_000


def require_started(clock: Clock) -> None:
    """Raises `ClockError` if play has not started."""
    if not clock.is_started:
        raise ClockError(
            "the clock has not started; start the tournament first",
            code="clock_not_started",
            params={},
        )


__all__ = [
    "Clock",
    "Crossing",
    "LimitReached",
    "adjusted",
    "deducted",
    "display_remaining",
    "due",
    "elapsed_ms",
    "entered",
    "format_instant",
    "hand_for_hand_ended",
    "hand_for_hand_started",
    "next_crossing",
    "overflow_crossings",
    "paused",
    "remaining",
    "require_started",
    "resumed",
    "settled",
    "started",
    "time_limit_at",
]


_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


def format_instant(at: int) -> str:
    """An event's instant (ms since the Unix epoch) in UTC, ISO 8601: ``2026-01-01T20:15:00Z``."""
    return (_EPOCH + dt.timedelta(milliseconds=at)).strftime("%Y-%m-%dT%H:%M:%SZ")
