"""The player's and the spectator's views, built below the server as typed values (issue 27):
a player sees their own hole cards and no one else's (TDA 28, THC 18, SLPT 15), a spectator
none, and neither holds any private detail of anyone (THC 1)."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path
from typing import Any

from tests.live.helpers import open_night, settle

from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent
from pitboss.live.player_screen import player_screen, spectator_screen
from pitboss.rules import RuleSet

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
