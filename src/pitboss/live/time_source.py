"""Time for the live tables: the instant now and a way to wait, injected (STYLE 2).

The runners never read the computer's clock themselves: they are given a `LiveClock`. The
room's clock (`SystemClock`) is the operating system's; tests pass a fake one that moves only
when told, so an action clock running out (TDA 29; KY 16, THC 15, SLPT 2) is tested without
waiting for it. The `pitboss.service.DirectorService` of the same tournament must use the same
``now`` (``DirectorService(store, clock=clock.now)``), so the director and the tables agree on
the time.
"""

from __future__ import annotations

import asyncio
from typing import Any, Protocol

from pitboss.service.director import system_clock


class LiveClock(Protocol):
    """The instant now (ms UTC) and a sleep that resumes once ``seconds`` have passed."""

    def now(self) -> int: ...

    async def sleep(self, seconds: float, /) -> None: ...


class SystemClock:
    """The computer's clock (`pitboss.service.system_clock`) and asyncio's sleep."""

    __slots__ = ()

    def now(self) -> int:
        return system_clock()

    async def sleep(self, seconds: float, /) -> None:
        await asyncio.sleep(max(seconds, 0.0))


async def within(clock: LiveClock, task: asyncio.Future[Any], seconds: float) -> bool:
    """Wait for ``task`` at most ``seconds`` by ``clock``; True when it finished in time (the
    task is left running otherwise)."""
    if task.done():
        return True
    timer = asyncio.ensure_future(clock.sleep(seconds))
    try:
        await asyncio.wait({task, timer}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        timer.cancel()
    return task.done()


__all__ = ["LiveClock", "SystemClock", "within"]
