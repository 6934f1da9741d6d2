"""Clocks for a server that runs all evening (issue 25: with the machine's clock set back an
hour, the TV showed 3,900 s left in a 20-minute level, and a pause then a resume rewound it).

`SteadyClock` is the server's ``now``: the wall clock read once at start, then advanced by a
clock the machine's settings cannot move (the time since boot, suspend included where the
system has one), so setting the computer's clock, by hand or by a time service, neither
rewinds nor jumps the tournament's. `NeverBack` wraps any clock so that it never goes back
(the screens' hub reads time through one: a clock injected by a test or set back is held where
it was until it passes that instant again).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from pitboss.service.director import Clock, system_clock


def _since_boot_ns() -> int:
    """Nanoseconds of a clock nobody sets: the time since boot with suspend counted (Linux),
    else the interpreter's monotonic clock."""
    boottime = getattr(time, "CLOCK_BOOTTIME", None)
    if boottime is not None:
        return time.clock_gettime_ns(boottime)
    return time.monotonic_ns()


class SteadyClock:
    """Milliseconds UTC: the wall clock as it read at start, advanced by a monotonic clock
    (never back, never a jump when the machine's clock is set)."""

    __slots__ = ("_monotonic_ns", "_start_ms", "_start_ns")

    def __init__(
        self,
        *,
        wall: Clock = system_clock,
        monotonic_ns: Callable[[], int] = _since_boot_ns,
    ) -> None:
        self._monotonic_ns = monotonic_ns
        self._start_ns = monotonic_ns()
        self._start_ms = wall()

    def __call__(self) -> int:
        return self._start_ms + (self._monotonic_ns() - self._start_ns) // 1_000_000


class NeverBack:
    """``clock``, never earlier than an instant it has already given."""

    __slots__ = ("_clock", "_last", "_lock")

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last: int | None = None
        self._lock = threading.Lock()

    def __call__(self) -> int:
        now = self._clock()
        with self._lock:
            if self._last is not None and now < self._last:
                return self._last
            self._last = now
            return now


__all__ = ["NeverBack", "SteadyClock"]
