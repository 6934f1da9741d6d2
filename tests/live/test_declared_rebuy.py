"""A re-buy declared during a hand the software deals (THC 1, TDA 27; issue 24).

The software shuffles and deals as the hand starts, so a re-buy declared during it came after
the first card: the engine plays the hand with the stacks at the deal (the pots hold only the
chips in front of the player), and the binding re-buy is made when the hand ends, its chips
added to what the hand left the player, whoever won.
"""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest
from tests.live.helpers import open_night, settle

from pitboss.engine import Action
from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.registration import RebuyBought
from pitboss.tournament.state import replay_log

P0, P1 = PlayerId("p00"), PlayerId("p01")


def _thc() -> RuleSet:
    """THC, its re-buy open to a full stack (THC 1's "less than $16,000" is tested with the
    director: here both players start at 16,000)."""
    rules = RuleSet.from_preset("thc")
    t = rules.tournament
    entry = replace(t.entry, required_details=())
    rebuy = replace(t.rebuy, eligible_below_chips=None)
    return replace(rules, tournament=replace(t, entry=entry, rebuy=rebuy))


@pytest.mark.parametrize("declarer", ["folds", "wins"])
def test_thc_1_a_rebuy_declared_during_a_dealt_hand_is_made_when_it_ends(
    tmp_path: Path, declarer: str
) -> None:
    rules = _thc()
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents))
    start = rules.tournament.entry.starting_chips
    chips = rules.tournament.rebuy.chips

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            first = next(a for a in agents.values() if a.turn is not None)
            second = next(a for a in agents.values() if a is not first)
            who = first if declarer == "folds" else second
            state = night.room.state
            hand_id = state.hand_of(who.player_id)
            assert hand_id is not None
            await night.room.act(c.DeclareRebuy(player_id=who.player_id))
            runner = night.room.runners[TableNo(1)]
            assert runner.hand is not None
            dealt = {s.player: s.stack for s in runner.hand.setup.seats}
            assert dealt == {P0: start, P1: start}  # the engine's hand: the stacks at the deal
            assert first.seat is not None
            first.submit(first.seat, Action.fold(), "f1")
            await settle()
            state = night.room.state
            assert state.hands[hand_id].finished
            last = runner.last_hand
            assert last is not None
            by_player = {s.player: last.final_stacks[s.seat] for s in last.setup.seats}
            player = state.players[who.player_id]
            assert (player.rebuys, player.rebuy_declared) == (1, False)
            assert player.chips == by_player[who.player_id] + chips
            other = second if who is first else first
            assert state.players[other.player_id].chips == by_player[other.player_id]
            assert state.chips_in_play() == 2 * start + chips  # no chip created or lost
            assert state.ledger.rebuy_cents == rules.tournament.rebuy.price_cents
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    events = [e for _, e in night.live.events()]
    finished = next(i for i, e in enumerate(events) if isinstance(e, HandFinished))
    made = next(i for i, e in enumerate(events) if isinstance(e, RebuyBought))
    assert made == finished + 1  # made after the hand's result, with it
    assert replay_log(events) == night.live.state
