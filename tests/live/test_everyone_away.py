"""Issue 31: a table of phones whose pages had not opened yet stopped the software dealing
("every player is dealt dead or not dealt cards"). When everyone at a table is away (absent,
sitting out: TDA 30, THC 6) the table waits for a player to come back; the first one back is
dealt in, and the hands go on."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.live.helpers import open_night, run_until, settle, without_running_loop

from pitboss.errors import SeatingError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live import RemoteAgent, tournament_hands
from pitboss.rules import RuleSet
from pitboss.tournament.features.absence_and_clock import MarkAbsent
from pitboss.tournament.features.hands import StartHand

MINUTE = 60_000


@pytest.mark.parametrize("preset", ["tda", "thc"])
def test_a_table_where_everyone_is_away_waits_and_deals_when_one_comes_back(
    tmp_path: Path, preset: str
) -> None:
    pids = [PlayerId("p00"), PlayerId("p01")]
    remotes = {pid: RemoteAgent(pid) for pid in pids}
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset(preset), players=2, agents=dict(remotes)
    )
    chips = sum(p.chips for p in night.live.state.players.values())

    def finished() -> int:
        hands = tournament_hands(night.store, night.live.stream, night.live.state.rules)
        return sum(h.finished for h in hands)

    async def scenario() -> None:
        night.room.pause()
        task = asyncio.ensure_future(night.room.run())
        await settle()
        for remote in remotes.values():  # both pages gone before the first deal
            remote.disconnect()
        night.room.resume()
        for _ in range(50):  # time passes; the table neither deals nor stops
            await settle()
            wake = night.clock.next_wake()
            if wake is None:
                break
            night.clock.advance_to(wake)
        assert not task.done(), task  # the dealing did not stop
        assert night.live.state.open_hands(TableNo(1)) == ()
        assert finished() == 0
        remotes[pids[0]].connect()  # one page opens: that player is back
        await run_until(night.clock, lambda: finished() >= 2, limit_ms=30 * MINUTE)
        assert not task.done()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    with without_running_loop():
        asyncio.run(scenario())
    assert sum(p.chips for p in night.live.state.players.values()) == chips


def test_the_director_is_told_why_a_table_of_absent_players_deals_no_hand(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=2)
    for pid in ("p00", "p01"):
        night.live.execute(MarkAbsent(player_id=PlayerId(pid)))
    head = night.live.head
    with pytest.raises(SeatingError) as refused:
        night.live.execute(StartHand(hand_id=HandId("h1"), table=TableNo(1)))
    assert refused.value.code == "table_must_wait"
    assert "everyone at table 1 is away (Player 0 and Player 1)" in refused.value.message
    assert night.live.head == head  # a refusal changes nothing
