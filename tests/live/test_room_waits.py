"""What wakes a wait on the room (issue 14, "Performance and load"): any change of the
director's state wakes `wait_for_change`; only a clock called, ended or run out at the table
wakes `wait_for_clock_call`, so a decision waiting on it is not woken by every hand started or
finished at every other table."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

from tests.live.helpers import open_night, settle

from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent
from pitboss.rules import RuleSet
from pitboss.tournament.features.absence_and_clock import CallClock, MarkAbsent, MarkReturned

P0, P1 = PlayerId("p00"), PlayerId("p01")
HOUR = 3_600.0


def test_only_a_clock_called_at_the_table_wakes_a_wait_for_its_clock_call(
    tmp_path: Path,
) -> None:
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=300))
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))
    room = night.room

    async def scenario() -> None:
        task = asyncio.ensure_future(room.run())
        try:
            await settle()
            to_act = next(a for a in agents.values() if a.turn is not None)
            other = next(a for a in agents.values() if a is not to_act)
            change = asyncio.ensure_future(room.wait_for_change(HOUR))
            call = asyncio.ensure_future(room.wait_for_clock_call(TableNo(1), HOUR))
            elsewhere = asyncio.ensure_future(room.wait_for_clock_call(TableNo(2), HOUR))
            await settle()
            room.execute(MarkAbsent(player_id=other.player_id))
            room.execute(MarkReturned(player_id=other.player_id))
            await settle()
            assert change.done()
            assert not call.done()  # a change, but no clock called
            room.execute(CallClock(table=TableNo(1), player_id=to_act.player_id))
            await settle()
            assert call.done()
            assert not elsewhere.done()  # no call at Table 2
            elsewhere.cancel()
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
