"""A player at a browser (`RemoteAgent`): their own seat only, in turn only, a repeated
action applied at most once, and the action clock (TDA 29; KY 16, THC 15, SLPT 2)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest
from tests.live.helpers import Night, hand_events, last_acted, open_night, reopen, settle

from pitboss.engine import Action, ActionKind
from pitboss.ids import PlayerId, TableNo
from pitboss.live import LiveError, RemoteAgent, SubmitStatus
from pitboss.live.hand_log import stop_writing_behind, write_behind
from pitboss.play.agents import FaultKind
from pitboss.rules import RuleSet

P0, P1 = PlayerId("p00"), PlayerId("p01")


def heads_up(
    tmp_path: Path, preset: str, play: Callable[[Night, RemoteAgent, RemoteAgent], Awaitable[None]]
) -> Night:
    """Two browser players heads-up; ``play(night, first, second)`` with ``first`` the
    player to act first (the button, TDA 34B), once the first hand is dealt."""
    rules = RuleSet.from_preset(preset)
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            first = next(a for a in agents.values() if a.turn is not None)
            second = next(a for a in agents.values() if a is not first)
            await play(night, first, second)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    return night


def seat(agent: RemoteAgent) -> int:
    assert agent.seat is not None
    return agent.seat


@pytest.mark.parametrize(
    ("preset", "expected"), [("tda", ActionKind.CHECK), ("ky-charity", ActionKind.FOLD)]
)
def test_a_clock_run_out_with_nothing_to_call_checks_by_tda_29_and_kills_by_ky_16(
    tmp_path: Path, preset: str, expected: ActionKind
) -> None:
    seconds = RuleSet.from_preset(preset).table.action_seconds

    async def play(night: Night, first: RemoteAgent, second: RemoteAgent) -> None:
        assert first.submit(seat(first), Action.call(), "a1").status is SubmitStatus.ACCEPTED
        await settle()
        turn = second.turn
        assert turn is not None
        assert turn.view.to_call == 0
        assert turn.deadline == night.clock.now() + seconds * 1000
        night.clock.advance(seconds - 1)
        await settle()
        assert second.turn is turn  # not yet
        night.clock.advance(1)
        await settle()
        assert second.turn is not turn
        acted = last_acted(night)
        assert acted["seat"] == seat(second)
        assert acted["kind"] == expected.value
        assert acted["timed_out"] is True
        record = night.room.runners[TableNo(1)].decisions[-1]
        assert record.action is None
        assert record.fault is FaultKind.TOO_SLOW

    heads_up(tmp_path, preset, play)


@pytest.mark.parametrize("preset", ["tda", "ky-charity"])
def test_a_clock_run_out_facing_a_bet_folds(tmp_path: Path, preset: str) -> None:
    seconds = RuleSet.from_preset(preset).table.action_seconds

    async def play(night: Night, first: RemoteAgent, second: RemoteAgent) -> None:
        turn = first.turn
        assert turn is not None
        assert turn.view.legal.min_raise_to is not None
        first.submit(seat(first), Action.raise_to(turn.view.legal.min_raise_to), "r1")
        await settle()
        assert second.turn is not None
        assert second.turn.view.to_call > 0
        night.clock.advance(seconds)
        await settle()
        folded = [
            e for e in hand_events(night) if e.type == "hand_acted" and e.data["decision"] is None
        ]
        assert len(folded) == 1
        assert folded[0].data["events"][0]["kind"] == "fold"
        assert folded[0].data["fault"] == FaultKind.TOO_SLOW.value

    heads_up(tmp_path, preset, play)


def test_the_time_bank_runs_after_the_action_clock_and_is_spent(tmp_path: Path) -> None:
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, time_bank_seconds=20))
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        await settle()
        first = next(a for a in agents.values() if a.turn is not None)
        turn = first.turn
        night.clock.advance(30 + 15)  # the action clock, then 15 s of the bank
        await settle()
        assert first.turn is turn
        assert first.submit(seat(first), Action.call(), "late").status is SubmitStatus.ACCEPTED
        await settle()
        assert night.room.time_bank(first.player_id) == pytest.approx(5)
        assert last_acted(night)["kind"] == "call"
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_a_time_bank_drawn_on_stays_drawn_after_a_restart_or_a_takeover(tmp_path: Path) -> None:
    """A new process dealing the table (a restarted server, another host taking the table
    over: issue 32) counts the bank from the hand streams: 15 s drawn of 20 leave 5 there
    too, not the whole bank again; a table taken over again is counted again."""
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, time_bank_seconds=20))
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))
    drew: list[PlayerId] = []

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        await settle()
        first = next(a for a in agents.values() if a.turn is not None)
        night.clock.advance(30 + 15)
        await settle()
        assert first.submit(seat(first), Action.call(), "late").status is SubmitStatus.ACCEPTED
        await settle()
        drew.append(first.player_id)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    acted = [e for e in hand_events(night) if e.type == "hand_acted"]
    assert acted[-1].data["bank_ms"] == 15_000
    (player,) = drew
    other = P1 if player == P0 else P0
    remote = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    again = reopen(night, dict(remote))  # a restart, or a host taking the table over
    assert again.room.time_bank(player) == pytest.approx(5)
    assert again.room.time_bank(other) == pytest.approx(20)

    async def deal_on() -> None:  # the player draws 4 s more at the new process
        task = asyncio.ensure_future(again.room.run())
        try:
            for i in range(20):
                await settle()
                agent = next(a for a in remote.values() if a.turn is not None)
                turn = agent.turn
                assert turn is not None
                action = Action.check() if turn.view.to_call == 0 else Action.call()
                if agent.player_id == player:
                    again.clock.advance(30 + 4)
                    await settle()
                    done = agent.submit(seat(agent), action, "later")
                    assert done.status is SubmitStatus.ACCEPTED
                    await settle()
                    return
                agent.submit(seat(agent), action, f"o{i}")
            raise AssertionError("the player was never to act")
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(deal_on())
    assert again.room.time_bank(player) == pytest.approx(1)
    assert night.room.time_bank(player) == pytest.approx(5)  # the first process's memory
    night.room.take(TableNo(1))  # ... taking the table back counts it again
    assert night.room.time_bank(player) == pytest.approx(1)


def test_a_player_acts_only_for_their_own_seat_and_only_in_turn(tmp_path: Path) -> None:
    async def play(night: Night, first: RemoteAgent, second: RemoteAgent) -> None:
        with pytest.raises(LiveError) as other_seat:
            first.submit(seat(second), Action.fold(), "x1")
        assert other_seat.value.code == "not_your_seat"
        with pytest.raises(LiveError) as out_of_turn:
            second.submit(seat(second), Action.fold(), "x2")
        assert out_of_turn.value.code == "not_in_turn"
        with pytest.raises(LiveError) as illegal:
            first.submit(seat(first), Action.check(), "x3")  # facing the big blind
        assert illegal.value.code == "illegal_action"
        with pytest.raises(LiveError) as stale:
            first.submit(seat(first), Action.call(), "x4", turn=0)
        assert stale.value.code == "stale_turn"
        await settle()
        assert first.turn is not None  # nothing was taken: still the same turn
        assert not [e for e in hand_events(night) if e.type == "hand_acted"]
        assert first.submit(seat(first), Action.call(), "x5", turn=first.turn.number).status is (
            SubmitStatus.ACCEPTED
        )

    heads_up(tmp_path, "tda", play)


def test_a_repeated_action_id_is_applied_once_and_says_so(tmp_path: Path) -> None:
    async def play(night: Night, first: RemoteAgent, second: RemoteAgent) -> None:
        assert first.submit(seat(first), Action.call(), "same").status is SubmitStatus.ACCEPTED
        again = first.submit(seat(first), Action.call(), "same")
        assert again.status is SubmitStatus.REPEATED
        await settle()
        assert second.submit(seat(second), Action.check(), "b1").status is SubmitStatus.ACCEPTED
        await settle()
        assert first.turn is not None or second.turn is not None  # the flop
        actor = first if first.turn is not None else second
        replayed = actor.submit(seat(actor), Action.check(), "same" if actor is first else "b1")
        assert replayed.status is SubmitStatus.REPEATED
        await settle()
        assert actor.turn is not None  # the replay was not taken
        acted = [e for e in hand_events(night) if e.type == "hand_acted"]
        assert [e.data["action_id"] for e in acted] == ["same", "b1"]

    heads_up(tmp_path, "tda", play)


@pytest.mark.parametrize("behind", [False, True], ids=["group", "write-behind"])
def test_an_action_is_said_recorded_only_once_its_hand_stream_holds_it(
    tmp_path: Path, behind: bool
) -> None:
    """The page hears "accepted" on `Submitted.recorded` (issue 32): at that instant the hand
    stream in the store holds the action, so a host killed next cannot lose it; also when a
    thread commits the hand events (`write_behind`, as the server does)."""
    held: list[list[object]] = []

    async def play(night: Night, first: RemoteAgent, second: RemoteAgent) -> None:
        if behind:
            write_behind(night.store)
        done = first.submit(seat(first), Action.call(), "a1")
        assert done.status is SubmitStatus.ACCEPTED
        assert done.recorded is not None
        assert not done.recorded.done()
        done.recorded.add_done_callback(
            lambda _: held.append(
                [e.data["action_id"] for e in hand_events(night) if e.type == "hand_acted"]
            )
        )
        try:
            assert await done.recorded is True
        finally:
            stop_writing_behind(night.store)

    heads_up(tmp_path, "tda", play)
    assert held == [["a1"]]


def test_an_action_taken_by_a_table_that_stops_before_storing_it_is_said_not_recorded(
    tmp_path: Path,
) -> None:
    """A table stopped (its lease lost, the server shutting down) between taking an action
    and storing it: the page is told it was not recorded, and the hand stream has no trace."""
    rules = RuleSet.from_preset("tda")
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))

    async def scenario() -> bool:
        task = asyncio.ensure_future(night.room.run())
        await settle()
        first = next(a for a in agents.values() if a.turn is not None)
        done = first.submit(seat(first), Action.call(), "lost")
        task.cancel()  # before the table's runner wakes to the answer
        await asyncio.gather(task, return_exceptions=True)
        assert done.recorded is not None
        return await asyncio.wait_for(done.recorded, 5)

    assert asyncio.run(scenario()) is False
    assert "lost" not in [e.data.get("action_id") for e in hand_events(night)]
