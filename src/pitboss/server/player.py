"""What a software-dealt table shows, built for one recipient (issue 14), as JSON.

The views are built below the server (`pitboss.live.player_screen`: the player's and the
spectator's, typed values; the hand from `pitboss.live.hand_views`, built from what that
recipient may see, never filtered after: TDA 28, THC 18, SLPT 15), which reaches into no
engine and runs no decider or handler (issue 27). This module only turns them into JSON
(`view_json.plain`; the hand by `hand_data`, a pot's winners and a seat's shown hand only once
there; the player's standing and finish flattened into ``you``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_views import DealtHand, hand_data
from pitboss.live.player_screen import player_screen, spectator_screen
from pitboss.server import view_json
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.dealt_table import TableRunner


def _hand(hand: DealtHand | None) -> dict[str, Any] | None:
    return None if hand is None else hand_data(hand)


def player_view(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    player_id: PlayerId,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> dict[str, Any]:
    """What ``player_id`` sees (`player_screen.player_screen`), as JSON: their table, own hole
    cards, in turn the legal actions, the chips for sale to them, the called clock and in a
    bounty event their bounty (null without bounties, issue 29)."""
    screen = player_screen(state, runners, player_id, now, stream=stream, dealing=dealing)
    you = screen.you
    you_json: dict[str, Any] = {"player_id": you.player_id, "table": you.table, "seat": you.seat}
    if you.standing is not None:
        you_json |= view_json.plain(you.standing)
    if you.finish is not None:
        you_json |= view_json.plain(you.finish)
    return {
        "kind": screen.kind,
        "stream": screen.stream,
        "server_now": screen.server_now,
        "dealing": screen.dealing,
        "you": you_json,
        "hand": _hand(screen.hand),
        "legal": view_json.plain(screen.legal),
        "offers": view_json.plain(screen.offers),
        "clock_call": view_json.plain(screen.clock_call),
        "clock": view_json.plain(screen.clock),
        "bounty": view_json.plain(screen.bounty),
    }


def spectator_view(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    table: TableNo,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> dict[str, Any]:
    """A public screen at ``table`` (`player_screen.spectator_screen`), as JSON: no hole card
    until it is shown."""
    screen = spectator_screen(state, runners, table, now, stream=stream, dealing=dealing)
    out: dict[str, Any] = view_json.plain(screen)
    out["hand"] = _hand(screen.hand)
    return out


__all__ = [
    "player_view",
    "spectator_view",
]
