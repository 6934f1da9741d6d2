"""The acting panel of the phone table (issue 31): its part of the player's view.

``waiting`` is what the player still in the hand would have to call now while another acts
(`pitboss.live.waiting.waiting_of`), so the page offers pre-actions and drops a chosen one
when the bet changes before their turn (a "Check" once someone bet, a "Call 400" once the
call is no longer 400). It is the player's own figure only (their view alone carries it);
on their turn the page has the exact legal actions instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitboss.ids import PlayerId
from pitboss.live.waiting import waiting_of
from pitboss.server.frames import view_part

if TYPE_CHECKING:
    from pitboss.server.live_rooms import DealtRoom


@view_part("waiting")
def waiting(dealt: DealtRoom | None, player: PlayerId) -> dict[str, Any] | None:
    """``{"to_call": chips, "all_in": bool}`` for the player waiting in the hand at their
    table; null when not dealing, away from a table, out of the hand or in turn."""
    if dealt is None:
        return None
    seated = dealt.room.state.table_of(player)
    runner = None if seated is None else dealt.room.runners.get(seated.number)
    found = waiting_of(None if runner is None else runner.hand, player)
    return None if found is None else {"to_call": found.to_call, "all_in": found.all_in}


__all__ = ["waiting"]
