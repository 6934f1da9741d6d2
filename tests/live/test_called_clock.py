"""A clock called at a software-dealt table (issue 14): by the director or a seated player, it
runs the house's countdown on the decision in play (TDA 29: 25 s and a 5-second countdown, then
checked or folded; KY 16: a minute and ten seconds, then the hand is dead), and the player's
screen shows the called clock's end."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from tests.live.helpers import Night, last_acted, open_night, settle

from pitboss.engine import Action
from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent, SubmitStatus
from pitboss.play.agents import FaultKind
from pitboss.rules import RuleSet
from pitboss.tournament.features.absence_and_clock import CallClock, ClockExpired

P0, P1 = PlayerId("p00"), PlayerId("p01")
LONG_ACTION_CLOCK = 300
"""An action clock longer than any called clock, so only the call can end the decision."""


def slow_table(tmp_path: Path, preset: str) -> tuple[Night, dict[PlayerId, RemoteAgent]]:
    rules = RuleSet.from_preset(preset)
    rules = replace(rules, table=replace(rules.table, action_seconds=LONG_ACTION_CLOCK))
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    return open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents)), agents


def called_seconds(night: Night) -> int:
    conduct = night.live.state.rules.tournament.conduct
    return conduct.clock_seconds + conduct.clock_countdown_seconds


@pytest.mark.parametrize(("preset", "kind"), [("tda", "fold"), ("ky-charity", "fold")])
def test_the_director_calls_the_clock_and_the_decision_ends_when_it_runs_out(
    tmp_path: Path, preset: str, kind: str
) -> None:
    """Facing the big blind, the player to act is folded (TDA 29) or their hand is killed
    (KY 16) when the called clock runs out, long before the table's own action clock."""
    night, agents = slow_table(tmp_path, preset)

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            first = next(a for a in agents.values() if a.turn is not None)
            turn = first.turn
            assert turn is not None
            assert turn.view.to_call > 0
            night.clock.advance(10)
            night.room.execute(CallClock(table=TableNo(1), player_id=first.player_id))
            await settle()
            runner = night.room.runners[TableNo(1)]
            seconds = called_seconds(night)
            assert runner.turn is not None
            assert runner.turn.deadline == night.clock.now() + seconds * 1000  # on the screen
            night.clock.advance(seconds - 1)
            await settle()
            assert first.turn is turn  # still thinking, within the called clock
            night.clock.advance(1)
            await settle()
            assert first.turn is not turn
            acted = last_acted(night)
            assert acted["kind"] == kind
            assert acted["timed_out"] is True
            assert runner.decisions[-1].fault is FaultKind.TOO_SLOW
            state = night.live.state
            assert TableNo(1) not in state.clock_calls
            expired = [e for _, e in night.live.events() if isinstance(e, ClockExpired)]
            assert [e.player_id for e in expired] == [first.player_id]
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_a_seated_player_calls_the_clock_and_an_answer_in_time_stands(tmp_path: Path) -> None:
    """KY 16: a player at the table may call the clock; the player who answers within it
    acts as they chose, and the call does not follow them to their next decision."""
    night, agents = slow_table(tmp_path, "ky-charity")

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            first = next(a for a in agents.values() if a.turn is not None)
            second = next(a for a in agents.values() if a is not first)
            night.room.execute(
                CallClock(table=TableNo(1), player_id=first.player_id, called_by=second.player_id)
            )
            await settle()
            night.clock.advance(called_seconds(night) - 5)
            await settle()
            assert first.submit(first.seat or 0, Action.call(), "c1").status is (
                SubmitStatus.ACCEPTED
            )
            await settle()
            assert last_acted(night)["kind"] == "call"
            assert second.turn is not None  # the big blind's option
            assert second.submit(second.seat or 0, Action.check(), "k1").status is (
                SubmitStatus.ACCEPTED
            )
            await settle()
            flop = first.turn if first.turn is not None else second.turn
            assert flop is not None
            night.clock.advance(called_seconds(night) + 1)  # past the old call's end
            await settle()
            waiting = first.turn if first.turn is not None else second.turn
            assert waiting is flop  # only the table's own action clock runs now
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


class StandingClock:
    """A clock whose ``now`` stands still while its sleeps pass (a hundredth of real time),
    as a server under a test clock has it."""

    def __init__(self, at: int) -> None:
        self.at = at

    def now(self) -> int:
        return self.at

    async def sleep(self, seconds: float, /) -> None:
        await asyncio.sleep(max(seconds, 0.0) / 100)


def test_changes_elsewhere_do_not_restart_a_players_action_clock(tmp_path: Path) -> None:
    """The director's changes at other tables wake the decision to look for a called clock;
    the action clock keeps running from where it was (TDA 29), whatever ``now`` says."""
    night, agents = slow_table(tmp_path, "tda")
    standing = StandingClock(night.clock.now())
    night.room.clock = standing

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            for _ in range(100):
                if any(a.turn is not None for a in agents.values()):
                    break
                await asyncio.sleep(0.01)
            first = next(a for a in agents.values() if a.turn is not None)
            turn = first.turn
            waited = 0.0
            while first.turn is turn:  # the 300 s action clock is 3 s of real time here
                night.room.notify()
                await asyncio.sleep(0.05)
                waited += 0.05
                assert waited < 6, "the action clock never ran out"
            assert last_acted(night)["timed_out"] is True
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
