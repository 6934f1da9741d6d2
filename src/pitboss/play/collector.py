"""The cyclic garbage collector's policy while a simulated night is played (issue 27).

A night of 10,000 players keeps about 1,000 hands in flight at once: each is dealt when its
table starts it and finished when its simulated time has run, so its objects (the engine's
events, the seat plans, the deck; about 60 tracked objects a hand) outlive two young
collections and reach the oldest generation, where they die. With Python's default thresholds
(700, 10, 10) a full pass comes after every 10 passes of the middle generation, and each walks
the whole heap, which grows with the field (about 210,000 tracked objects at 10,000 players
against 64,000 at 1,000). At a 1,000-player night a hand lives a tenth as long and few of its
objects are promoted. Over the first 6,000 hands of a 10,000-player night the collector took
14 % of the CPU on Python 3.12 (7 full passes, 0.75 s) against 3 % at 1,000 players, and the
cost per hand grew 1.25x with the field; 1.05x with this policy (BENCHMARKS.md, "Scale from the
first hand"). Those objects are the runner's, not the pure core's; so is the policy.

So while a night is played the full pass comes after `FULL_EVERY` passes of the middle
generation, not 10 (the live room does the same while it deals, `pitboss.server.live_rooms`):
the young generations are collected as before, so cyclic garbage is still found, only the walk
of the whole heap is rarer. Results do not change: the collector decides when memory is freed,
never what the simulation does.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

FULL_EVERY = 100
"""Passes of the middle generation between two full passes while a night is played (the third
value of ``gc.set_threshold``; Python's default is 10)."""

_lock = threading.Lock()
_nights = 0
_saved: tuple[int, int, int] | None = None


@contextmanager
def night_collector() -> Iterator[None]:
    """Full passes of the collector at most every `FULL_EVERY` middle ones while inside.

    Nights played at once (threads) share the setting; the last one to end puts back the
    thresholds found by the first, unless something else changed them meanwhile.
    """
    global _nights, _saved
    with _lock:
        if _nights == 0:
            young, middle, full = gc.get_threshold()
            _saved = (young, middle, full)
            gc.set_threshold(young, middle, max(full, FULL_EVERY))
        _nights += 1
    try:
        yield
    finally:
        with _lock:
            _nights -= 1
            if _nights == 0 and _saved is not None:
                young, middle, full = _saved
                if gc.get_threshold() == (young, middle, max(full, FULL_EVERY)):
                    gc.set_threshold(young, middle, full)
                _saved = None


__all__ = ["FULL_EVERY", "night_collector"]
