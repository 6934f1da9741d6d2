"""The player's and the spectator's views, built below the server as typed values (issue 27):
a player sees their own hole cards and no one else's (TDA 28, THC 18, SLPT 15), a spectator
none, and neither holds any private detail of anyone (THC 1)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

from tests.live.helpers import open_night, settle
from tests.tournament.director_helpers import thc_details
from tests.tournament.floor_helpers import Floor

from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent
from pitboss.live.player_screen import player_screen, spectator_screen
from pitboss.play.offers import OfferKind
from pitboss.rules import RuleSet
from pitboss.server.player import player_view
from pitboss.tournament import commands as c

P0, P1 = PlayerId("p00"), PlayerId("p01")
PRIVATE = ("1980-01-01", "@simulated.invalid")
"""Private details `simulated_details` gives every player under THC 1, found in any text."""
PRIVATE_WHOLE = frozenset({"simulated", "000"})
"""Its other private details (address, national id, phone), found as a whole text."""


def _strings(value: Any) -> list[str]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [s for f in dataclasses.fields(value) for s in _strings(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def test_a_player_sees_only_their_own_hole_cards_and_no_one_s_private_details(
    tmp_path: Path,
) -> None:
    """THC 1 asks for every private detail; a hand in play at a two-handed table: the player's
    view holds their two cards and none of the other seat's, the spectator's none at all, and
    no text of either is a private detail."""
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("thc"), players=2, agents=agents)

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            state, runners, now = night.live.state, night.room.runners, night.clock.now()
            mine = player_screen(state, runners, P0, now, stream="night", dealing=True)
            public = spectator_screen(state, runners, TableNo(1), now, stream="night", dealing=True)
            assert mine.hand is not None
            assert public.hand is not None
            cards = {s.player_id: s.cards for s in mine.hand.seats}
            assert cards[P0] is not None
            assert len(cards[P0]) == 2
            assert cards[P1] is None
            assert all(s.cards is None for s in public.hand.seats)
            assert mine.you.standing is not None
            assert mine.you.standing.name == "Player 0"
            for view in (mine, public):
                leaked = [
                    s for s in _strings(view) if s in PRIVATE_WHOLE or any(p in s for p in PRIVATE)
                ]
                assert not leaked, leaked
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_a_thc_player_out_while_re_buys_are_open_has_their_place_and_the_re_buy_offer() -> None:
    """Issue 31: a THC player out in level 1 (re-buys open, THC 1) is 14th of 14, as the
    console says: their view holds the place (``you.place`` in the page's JSON) and the re-buy
    offered, and keeps the place after a declaration (the page then says the re-buy is owed)."""
    f = Floor("thc", seed=3)
    for i in range(14):
        f.do(
            c.RegisterPlayer(
                player_id=PlayerId(f"p{i:02d}"), name=f"Player {i}", details=thc_details()
            )
        )
    f.do(c.StartTournament())
    f.bust(f.table_of("p00"), ["p00"])
    screen = player_screen(f.state, {}, P0, f.now, stream="night", dealing=True)
    assert screen.you.standing is not None
    assert screen.you.standing.out
    assert screen.you.finish is not None
    assert (screen.you.finish.place.first, screen.you.finish.place.last) == (14, 14)
    assert [o.kind for o in screen.offers] == [OfferKind.REBUY]
    view = player_view(f.state, {}, P0, f.now, stream="night", dealing=True)
    assert view["you"]["place"] == {"first": 14, "last": 14}
    assert view["you"]["out"] is True
    assert view["you"]["rebuy_declared"] is False
    assert view["offers"][0]["kind"] == "rebuy"
    f.do(c.DeclareRebuy(player_id=P0))
    declared = player_view(f.state, {}, P0, f.now, stream="night", dealing=True)
    assert declared["you"]["rebuy_declared"] is True
