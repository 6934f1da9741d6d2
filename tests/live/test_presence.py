"""A browser player who disconnects is absent by the house's policy (TDA 30: dealt in, the
hand killed, blinds posted; THC 6: not dealt, blinds posted) and back on reconnect; a
restarted server deals on the hand in progress from the hand stream."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tests.live.helpers import hand_events, open_night, reopen, run_until, settle

from pitboss.engine import Action
from pitboss.errors import HistoryError
from pitboss.history.phh import PhhHand
from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent, SubmitStatus, hands_as_phh, tournament_hands
from pitboss.live.hand_log import StoredHand
from pitboss.rules import RuleSet

P0 = PlayerId("p00")
MINUTE = 60_000


def _spec(hand: StoredHand, player: PlayerId) -> tuple[bool, bool]:
    spec = next(s for s in hand.setup.seats if s.player == player)
    return spec.killed, spec.dealt


@pytest.mark.parametrize(
    ("preset", "away"),
    [("tda", (True, True)), ("thc", (True, False))],  # (not live, dealt cards)
    ids=["tda-30-dealt-and-killed", "thc-6-not-dealt"],
)
def test_a_disconnect_makes_the_player_absent_by_the_house_policy_until_they_reconnect(
    tmp_path: Path, preset: str, away: tuple[bool, bool]
) -> None:
    remote = RemoteAgent(P0)
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset(preset), players=4, agents={P0: remote}
    )

    def hands() -> list[StoredHand]:
        return tournament_hands(night.store, night.live.stream, night.live.state.rules)

    async def scenario() -> None:
        night.room.pause()
        task = asyncio.ensure_future(night.room.run())
        await settle()
        remote.disconnect()
        assert night.live.state.conduct_of(P0).absent_since == night.clock.now()
        night.room.resume()
        await run_until(night.clock, lambda: len(hands()) >= 2, limit_ms=30 * MINUTE)
        dealt = hands()
        assert [_spec(h, P0) for h in dealt] == [away, away]
        first = dealt[0]
        if away[1]:  # TDA 30: the seat is dealt, its cards killed at once, its blinds posted
            seat = next(s.seat for s in first.setup.seats if s.player == P0)
            assert {"type": "hand_killed", "seat": seat, "reason": "dealt_dead"} in first.events
        for hand in dealt:  # never asked to act while away
            own = next(s.seat for s in hand.setup.seats if s.player == P0)
            acted = [
                e.data["seat"]
                for e in hand_events(night)
                if e.type == "hand_acted" and e.data["hand_id"] == hand.hand_id
            ]
            assert acted
            assert own not in acted
        written = {
            h.hand_id: phh for h, phh in hands_as_phh(night.store, "night", night.live.state.rules)
        }
        for hand in dealt:
            phh = written[hand.hand_id]
            if away[1]:
                assert isinstance(phh, PhhHand)
            else:  # PHH deals every player it lists: a THC 6 seat cannot be written
                assert isinstance(phh, HistoryError)
                assert phh.code == "not_expressible"
        remote.connect()
        assert night.live.state.conduct_of(P0).absent_since is None
        back = len(hands()) + 1  # the hand in play was dealt while away
        await run_until(night.clock, lambda: len(hands()) > back, limit_ms=30 * MINUTE)
        assert _spec(hands()[back], P0) == (False, True)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_a_restarted_server_deals_on_the_hand_in_progress(tmp_path: Path) -> None:
    remote = RemoteAgent(P0)
    night = open_night(
        tmp_path / "n.db", RuleSet.from_preset("tda"), players=3, agents={P0: remote}
    )

    async def first_server() -> None:
        task = asyncio.ensure_future(night.room.run())
        await run_until(night.clock, lambda: remote.turn is not None, limit_ms=30 * MINUTE)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(first_server())
    (open_hand,) = night.live.state.open_hands()
    before = [e.seq for e in hand_events(night)]
    back = RemoteAgent(P0)
    again = reopen(night, {P0: back})
    again.room.default_agent = night.room.default_agent

    async def second_server() -> None:
        task = asyncio.ensure_future(again.room.run())
        await settle()
        turn = back.turn
        assert turn is not None
        assert turn.hand_id == open_hand.hand_id
        assert back.seat is not None
        assert back.submit(back.seat, Action.fold(), "f1").status is SubmitStatus.ACCEPTED
        await run_until(
            again.clock,
            lambda: open_hand.hand_id not in {h.hand_id for h in again.live.state.open_hands()},
            limit_ms=30 * MINUTE,
        )
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    asyncio.run(second_server())
    after = hand_events(again)
    assert [e.seq for e in after[: len(before)]] == before  # nothing rewritten
    stored = next(
        h
        for h in tournament_hands(again.store, "night", again.live.state.rules)
        if h.hand_id == open_hand.hand_id
    )
    assert stored.finished
    assert "f1" in stored.action_ids
    assert (
        len([e for e in after if e.type == "hand_dealt" and e.data["hand_id"] == open_hand.hand_id])
        == 1
    )
    final = stored.replay().final_stacks
    assert {s.player: final[s.seat] for s in stored.setup.seats} == dict(stored.stacks)
    state = again.live.state
    assert state.chips_in_play() == 3 * state.rules.tournament.entry.starting_chips
    assert TableNo(1) in again.room.runners
