"""The tables' commands to the director where the room's offload runs them (issue 14): in the
server a thread of the director's, so a command waits its turn there while the loop deals on.
Here an offload that holds every command until the test lets it run shows each race the
server meets only when the timing lines up: a start queued before a pause (of the table, or of
the director's clock) deals nothing; two starts in flight get two hand ids; a command refused
because the director moved on meanwhile is looked at again; a hand's result shows before the
director has recorded it, and says so."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from tests.live.helpers import Night, open_night, settle

from pitboss.errors import TournamentError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live import LiveRoom, RemoteAgent
from pitboss.live.dealt_table import TableRunner
from pitboss.live.hand_views import hand_view
from pitboss.live.room import inline
from pitboss.rules import RuleSet
from pitboss.tournament.features.hands import HandStarted, StartHand
from pitboss.tournament.features.timekeeping import PauseClock, ResumeClock
from pitboss.tournament.registry import Event

T1 = TableNo(1)
P0 = PlayerId("p00")


class Held:
    """An offload that runs nothing until `release`: the director's thread, busy."""

    def __init__(self) -> None:
        self.queue: list[tuple[Callable[[], list[Event]], asyncio.Future[list[Event]]]] = []

    def __call__(self, work: Callable[[], list[Event]]) -> asyncio.Future[list[Event]]:
        future: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self.queue.append((work, future))
        return future

    def release(self) -> int:
        """Run what waits, in order; how many commands ran."""
        ran = 0
        while self.queue:
            work, future = self.queue.pop(0)
            try:
                future.set_result(work())
            except Exception as error:  # the command's refusal goes to who gave it
                future.set_exception(error)
            ran += 1
        return ran


def held_night(tmp_path: Path) -> tuple[Night, Held]:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=6, pause_seconds=1)
    held = Held()
    night.room.offload = held
    return night, held


@contextlib.asynccontextmanager
async def dealing(room: LiveRoom) -> AsyncIterator[None]:
    """The room deals (its tables settled first) until the block ends."""
    task = asyncio.ensure_future(room.run())
    await settle()
    try:
        yield
    finally:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)


def test_a_start_queued_before_the_table_is_paused_deals_nothing(tmp_path: Path) -> None:
    night, held = held_night(tmp_path)
    room = night.room

    async def scenario() -> None:
        async with dealing(room):
            assert len(held.queue) == 1  # the first hand's start, waiting its turn
            room.pause(T1)
            settled = asyncio.ensure_future(room.settle())
            await settle()
            assert not settled.done()  # the pause is not answered before the start has run
            held.release()
            await settle()
            assert settled.done()
            assert not night.live.state.hands  # no hand after the pause
            assert not held.queue  # the table waits for the resume
            room.resume(T1)
            await settle()
            assert held.release() == 1
            await settle()
            assert list(night.live.state.hands) == [HandId("h1")]  # the number given again

    asyncio.run(scenario())


def test_a_start_queued_before_the_director_stops_the_clock_deals_nothing(
    tmp_path: Path,
) -> None:
    night, held = held_night(tmp_path)
    room = night.room

    async def scenario() -> None:
        async with dealing(room):
            assert len(held.queue) == 1
            night.live.execute(PauseClock())  # at the director's desk, while the start waits
            held.release()
            await settle()
            assert not night.live.state.hands
            room.execute(ResumeClock())
            await settle()
            held.release()
            await settle()
            assert list(night.live.state.hands) == [HandId("h1")]

    asyncio.run(scenario())


def test_two_starts_in_flight_get_two_hand_numbers(tmp_path: Path) -> None:
    night, _ = held_night(tmp_path)
    room = night.room
    assert (room.hand_number(), room.hand_number()) == (1, 2)
    room.hand_not_started(1)  # not the last given: the second start still holds 2
    assert room.hand_number() == 3
    room.hand_not_started(3)
    assert room.hand_number() == 3  # refused: the next start takes it


def test_a_start_refused_because_the_director_moved_on_meanwhile_is_looked_at_again(
    tmp_path: Path,
) -> None:
    night, held = held_night(tmp_path)
    runner = TableRunner(night.room, T1)

    async def scenario() -> None:
        first = asyncio.ensure_future(
            runner._act_unless_moved(StartHand(hand_id=HandId("h1"), table=T1))
        )
        second = asyncio.ensure_future(
            runner._act_unless_moved(StartHand(hand_id=HandId("h2"), table=T1))
        )
        await settle()
        held.release()
        await settle()
        events = first.result()
        assert events is not None
        assert isinstance(events[-1], HandStarted)
        assert second.result() is None  # a hand in play now: the runner looks again
        night.room.offload = inline
        with pytest.raises(TournamentError) as refused:  # refused on what the runner saw
            await runner._act_unless_moved(StartHand(hand_id=HandId("h3"), table=T1))
        assert refused.value.code == "hand_in_play"

    asyncio.run(scenario())


def test_a_hands_result_shows_before_the_director_records_it_and_says_so(
    tmp_path: Path,
) -> None:
    night, held = held_night(tmp_path)
    room = night.room

    async def scenario() -> None:
        async with dealing(room):
            runner = room.runners[T1]
            for _ in range(500):
                held.release()
                await settle()
                if runner.hand is not None and runner.hand.is_over:
                    break
            else:
                raise AssertionError("no hand was played to its end")
            assert held.queue  # the result, waiting at the director's thread
            shown = hand_view(night.live.state, runner, T1, seat=None)
            assert shown is not None
            assert shown["over"]
            assert not shown["recorded"]
            assert not night.live.state.hands[shown["hand_id"]].finished
            held.release()
            await settle()
            recorded = hand_view(night.live.state, runner, T1, seat=None)
            assert recorded is not None
            assert recorded["recorded"]
            assert recorded["hand_id"] == shown["hand_id"]
            assert night.live.state.hands[shown["hand_id"]].finished

    asyncio.run(scenario())


def test_a_page_coming_and_going_is_recorded_where_the_tables_commands_go_not_on_the_loop(
    tmp_path: Path,
) -> None:
    """TDA 30: a player whose page connects is back, and away when it closes; each recorded
    where the room's commands run, in order (a table host's profile: these writes to the
    director's log, made on the loop, held every table of the process a fifth of the time),
    and a page's first view waits until its player is back."""
    remote = RemoteAgent(P0)
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset("tda"), players=6, agents={P0: remote}
    )
    remote.disconnect()  # the page closed (recorded at once: the room's offload is inline)
    held = Held()
    night.room.offload = held

    def away() -> bool:
        return night.live.state.conduct_of(P0).absent_since is not None

    async def scenario() -> None:
        remote.connect()
        assert away()  # nothing written on the loop
        recorded = asyncio.ensure_future(night.room.presence_recorded())
        await settle()
        assert not recorded.done()
        remote.disconnect()
        remote.connect()
        await settle()
        assert held.release() == 3
        await settle()
        assert recorded.done()
        assert not away()  # back, away, back: in the order the page came and went

    asyncio.run(scenario())


def test_commands_given_while_the_directors_thread_is_busy_run_together_in_one_commit(
    tmp_path: Path,
) -> None:
    """Issue 32: what the tables gave while the director's thread ran the last commands runs
    together (`LiveRoom._run_together`): one turn of the log, one commit; each giver is told
    its own outcome, a refusal only to its own."""
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=12, pause_seconds=1)
    held = Held()
    room = night.room
    room.offload = held
    assert len(room.state.tables) == 2
    store = room.live.store
    commits: list[int] = []
    append_batches = store.append_batches

    def counted(batches: Any) -> Any:
        commits.append(len(batches))
        return append_batches(batches)

    store.append_batches = counted  # type: ignore[method-assign]

    async def scenario() -> None:
        given = [
            asyncio.ensure_future(room.act(StartHand(hand_id=HandId(h), table=TableNo(t))))
            for h, t in (("h1", 1), ("h2", 2), ("h3", 1))
        ]
        await settle()
        assert held.release() == 3  # the first ran all three, the two others found them run
        await settle()
        assert [type(e[-1]) for e in (given[0].result(), given[1].result())] == [HandStarted] * 2
        with pytest.raises(TournamentError) as refused:
            given[2].result()
        assert refused.value.code == "hand_in_play"  # h1 is in play at table 1 now

    asyncio.run(scenario())
    assert commits == [2]
    assert set(room.state.hands) == {HandId("h1"), HandId("h2")}
