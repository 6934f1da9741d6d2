"""What a player still in the hand faces while another acts (issue 31): the chips they would
have to call now, so their page can offer pre-actions (check, call N, check/fold, call any,
fold to any bet) and drop a chosen one when the bet changes before their turn.

Only the player's own figure, from the public bets: the bet to match (TDA 43; preflop at least
the full big blind even when a short big blind is all-in for less, which the bets in front of
the seats alone do not show) less their own bet, at most their stack. Nothing of anyone's
cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.engine import Hand, HandPhase


@dataclass(frozen=True, slots=True, kw_only=True)
class Waiting:
    """The chips ``to_call`` now (0: a check is free; at most the stack), and whether calling
    them puts the player ``all_in``."""

    to_call: int
    all_in: bool


def waiting_of(hand: Hand | None, player_id: str) -> Waiting | None:
    """What ``player_id`` would have to call now in ``hand``; None unless they are dealt in,
    neither folded nor all-in, the hand is in a betting round and it is not their turn (their
    turn has the exact legal actions instead: `pitboss.live.hand_views.legal_of`)."""
    if hand is None or hand.phase is not HandPhase.BETTING:
        return None
    seat = next((s.seat for s in hand.setup.seats if s.player == player_id and s.dealt), None)
    if seat is None or hand.actor == seat or hand.is_folded(seat) or hand.is_all_in(seat):
        return None
    stack = hand.stacks[seat]
    owe = max(hand.current_bet - hand.bets[seat], 0)
    return Waiting(to_call=min(owe, stack), all_in=owe >= stack)


__all__ = ["Waiting", "waiting_of"]
