"""A room of live tables over a fresh SQLite store, on a clock that moves only when told."""

from __future__ import annotations

import asyncio
import heapq
import random
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TypeVar

from pitboss.ids import PlayerId, TableNo
from pitboss.live import BotAgent, LiveAgent, LiveRoom, RoomSettings, hand_stream
from pitboss.play.bots import bot_mix
from pitboss.play.simulation import dealt_mode_rules, simulated_details
from pitboss.rules import RuleSet
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.store import EventStore, StoredEvent, open_store
from pitboss.tournament import commands as c

T0 = 1_796_000_400_000  # 2026-12-01T19:00:00Z
T = TypeVar("T")


@contextmanager
def without_running_loop() -> Iterator[None]:
    """A browser test earlier in the same worker leaves Playwright's sync loop marked as running
    in the main thread (its session-scoped fixture), and ``asyncio.run`` refuses to start
    then: the mark is lifted meanwhile and put back after."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(running)


class FakeClock:
    """Virtual time: ``now`` in ms UTC; ``sleep`` resumes when `advance` passes its instant."""

    __test__ = False

    def __init__(self, start: int = T0) -> None:
        self._now = start
        self._seq = 0
        self._sleepers: list[tuple[int, int, asyncio.Future[None]]] = []

    def now(self) -> int:
        return self._now

    async def sleep(self, seconds: float, /) -> None:
        wake = self._now + max(round(seconds * 1000), 0)
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._seq += 1
        heapq.heappush(self._sleepers, (wake, self._seq, future))
        await future

    def next_wake(self) -> int | None:
        """The earliest instant a sleeper waits for (cancelled sleepers dropped)."""
        while self._sleepers and self._sleepers[0][2].done():
            heapq.heappop(self._sleepers)
        return self._sleepers[0][0] if self._sleepers else None

    def advance_to(self, at: int) -> None:
        """Move to ``at`` and wake every sleeper due by then."""
        self._now = max(self._now, at)
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)

    def advance(self, seconds: float) -> None:
        self.advance_to(self._now + round(seconds * 1000))


async def settle() -> None:
    """Let every task run until all of them wait (for the clock or for a player)."""
    loop = asyncio.get_running_loop()
    for _ in range(10_000):
        await asyncio.sleep(0)
        if not loop._ready:  # type: ignore[attr-defined]  # nothing else can run now
            return
    raise AssertionError("the tasks never settled")


async def autopilot(clock: FakeClock, main: Awaitable[T], *, limit_ms: int) -> T:
    """Run ``main``; whenever every task waits, jump the clock to the next sleeper's instant
    (time passes only while nobody can act), up to ``limit_ms`` of virtual time."""
    task = asyncio.ensure_future(main)
    end = clock.now() + limit_ms
    while not task.done():
        await settle()
        if task.done():
            break
        wake = clock.next_wake()
        if wake is None or wake > end:
            task.cancel()
            raise AssertionError(f"stuck or too long at {clock.now() - T0} ms (next {wake})")
        clock.advance_to(wake)
    return task.result()


async def run_until(clock: FakeClock, done: Callable[[], bool], *, limit_ms: int) -> None:
    """Let the tasks run, moving the clock as `autopilot` does, until ``done()``."""
    end = clock.now() + limit_ms
    while True:
        await settle()
        if done():
            return
        wake = clock.next_wake()
        if wake is None or wake > end:
            raise AssertionError(f"not done by {clock.now() - T0} ms (next {wake})")
        clock.advance_to(wake)


@dataclass
class Night:
    """A tournament on a store, its service, its room and its clock."""

    store: EventStore
    service: DirectorService
    live: LiveTournament
    clock: FakeClock
    room: LiveRoom


def open_night(
    path: Path,
    rules: RuleSet,
    *,
    players: int,
    seed: int = 1,
    agents: dict[PlayerId, LiveAgent] | None = None,
    pause_seconds: float = 3.0,
    start: bool = True,
    on_hand: Callable[..., None] | None = None,
) -> Night:
    """``players`` registered (``p00``...) under ``rules`` as the floor deals them (moves as
    hands end), started; seats without an agent get a seeded simulator bot."""
    clock = FakeClock()
    store = open_store(path)
    service = DirectorService(
        store, clock=clock.now, randomness=seeded_random(seed), snapshot_every=0
    )
    live = service.create("Live night", dealt_mode_rules(rules), stream="night")
    for i in range(players):
        live.execute(
            c.RegisterPlayer(
                player_id=PlayerId(f"p{i:02d}"),
                name=f"Player {i}",
                details=simulated_details(rules, f"p{i:02d}"),
            )
        )
    if start:
        live.execute(c.StartTournament())
    make = bot_mix(random.Random(seed))
    room = LiveRoom(
        live,
        clock=clock,
        agents=agents,
        default_agent=lambda pid: BotAgent(make(pid)),
        settings=RoomSettings(pause_seconds=pause_seconds),
        on_hand=on_hand,
    )
    return Night(store=store, service=service, live=live, clock=clock, room=room)


def reopen(night: Night, agents: dict[PlayerId, LiveAgent]) -> Night:
    """The same store opened again by a new service and room (a server restarted)."""
    store = open_store(Path(night.store.target))
    service = DirectorService(
        store, clock=night.clock.now, randomness=seeded_random("again"), snapshot_every=0
    )
    live = service.open(night.live.stream)
    room = LiveRoom(live, clock=night.clock, agents=agents, settings=night.room.settings)
    return Night(store=store, service=service, live=live, clock=night.clock, room=room)


def hand_events(night: Night, table: int = 1) -> list[StoredEvent]:
    """The table's hand stream."""
    return night.store.load(hand_stream(night.live.stream, TableNo(table)))


def last_acted(night: Night, table: int = 1) -> dict[str, object]:
    """The engine's ``acted`` record of the table's last decision."""
    acted = [e for e in hand_events(night, table) if e.type == "hand_acted"][-1]
    first = dict(acted.data["events"][0])
    assert first["type"] in {"acted", "hand_tabled", "hand_mucked"}
    return first


def with_seats(rules: RuleSet, seats: int) -> RuleSet:
    return replace(rules, table=replace(rules.table, seats=seats))
