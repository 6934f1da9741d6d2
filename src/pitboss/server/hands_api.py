"""The hands of a tournament: every table's hand in play for the director's console (issues
14 and 16), and the hands to download (issue 14): each player's own PokerStars file, and every
file of ``pitboss event export --hands`` as one zip for the director.

The console's view of a hand in play is public (no hole card until shown: the director is not
a player, TDA 28): a hand the software deals is seen as the public table view sees it, a hand a
dealer records as the dealer's device shows it (its hole cards stayed at the table).

A player's file (their personal link's token only) holds the hands over so far that the
software dealt them, from their seat, with the finish lines: the file Hold'em Manager and
PokerTracker import. No card of another player that was not shown is in it (TDA 28, THC 18,
SLPT 15); a hand in play is not in it.
"""

from __future__ import annotations

import io
import logging
import zipfile
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pitboss.history.stars_players import player_file_name
from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_views import hand_view
from pitboss.live.history import export_files, player_history
from pitboss.server.deps import AuthDep, DirectorDep, HubDep
from pitboss.server.hub import Hub
from pitboss.server.live_rooms import Dealing, DealtRoom
from pitboss.server.play_models import HandsInPlay
from pitboss.tournament.features.table_rulings import dealer_view
from pitboss.tournament.state import TournamentState

router = APIRouter()
log = logging.getLogger(__name__)

TEXT = "text/plain; charset=utf-8"


def _dealt_hand(state: TournamentState, dealt: DealtRoom, table: TableNo) -> dict[str, Any]:
    """A dealt table's hand as its public view shows it, with who is to act and the pause."""
    runner = dealt.room.runners.get(table)
    hand = hand_view(state, runner, table, seat=None)
    turn = None if runner is None else runner.turn
    seats = [] if hand is None else hand["seats"]
    return {
        "table": table,
        "source": "dealt",
        "paused": dealt.room.is_paused(table),
        "in_play": runner is not None and runner.hand is not None,
        "hand_id": None if hand is None else hand["hand_id"],
        "street": None if hand is None else hand["street"],
        "board": [] if hand is None else hand["board"],
        "pot": 0 if hand is None else hand["pot"],
        "pots": [] if hand is None else hand["pots"],
        "players_in": sum(1 for s in seats if not s["folded"]),
        "to_act": None
        if turn is None
        else {
            "seat": turn.view.seat,
            "name": state.players[PlayerId(turn.view.player)].name,
            "to_call": turn.view.to_call,
            "deadline": turn.deadline,
        },
    }


def _recorded_hand(state: TournamentState, table: TableNo) -> dict[str, Any]:
    """A hand a dealer records, as the dealer's device shows it (issue 16)."""
    view = dealer_view(state, table)
    names = {s.seat: state.players[s.player_id].name for s in view.seats}
    return {
        "table": table,
        "source": "recorded",
        "paused": None,
        "in_play": True,
        "hand_id": view.hand_id,
        "street": str(view.street),
        "board": view.board.split(),
        "pot": sum(p.amount for p in view.pots),
        "pots": [{"amount": p.amount, "eligible": list(p.eligible)} for p in view.pots],
        "players_in": sum(1 for s in view.seats if s.is_in),
        "to_act": None
        if view.actor is None
        else {"seat": view.actor, "name": names[view.actor], "to_call": view.to_call},
        "awaiting_award": view.awaiting_award,
        "last_ruling": None if view.last_ruling is None else view.last_ruling.message,
    }


def hands_in_play(state: TournamentState, dealt: DealtRoom | None) -> list[dict[str, Any]]:
    """Each table's hand: the software's (in play, or the last one while it waits), the hand
    a dealer records (any hand in play with the director's plan: its seats, blinds and pots are
    known), or an open hand the floor runs without a plan."""
    out = []
    dealing = dealt is not None and dealt.is_running
    for number in sorted(state.tables):
        opened = state.open_hands(number)
        if dealing and dealt is not None:
            out.append(_dealt_hand(state, dealt, number))
        elif opened and opened[0].plan is not None:
            out.append(_recorded_hand(state, number))
        else:
            out.append(
                {
                    "table": number,
                    "source": "floor",
                    "paused": None,
                    "in_play": bool(opened),
                    "hand_id": opened[0].hand_id if opened else None,
                }
            )
    return out


@router.get(
    "/api/tournaments/{stream}/hands/in-play", tags=["views"], response_model_exclude_unset=True
)
def in_play(stream: str, request: Request, hub: HubDep, _: DirectorDep) -> HandsInPlay:
    """Every table's hand in progress for the console (no hole card until shown)."""
    state = hub.tournament(stream).state
    dealing: Dealing = request.app.state.dealing
    dealt = dealing.get(stream)
    return HandsInPlay.model_validate(
        {
            "dealing": dealt is not None and dealt.is_running,
            "server_now": hub.clock(),
            "tables": hands_in_play(state, dealt),
        }
    )


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


NOT_WRITTEN = "X-Pitboss-Hands-Not-Written"
"""Header of a player's download: how many of their hands could not be written (left out)."""


def _player_file(hub: Hub, stream: str, player: str) -> tuple[str, list[str]]:
    live = hub.tournament(stream)
    skipped: list[str] = []
    text = player_history(live.store, live.stream, live.state, player, skipped)
    for line in skipped:
        log.warning("tournament %s: hand not written: %s", stream, line)
    return text, skipped


@router.get("/t/{stream}/play/{player}/hands.txt", include_in_schema=False)
async def player_hands(
    request: Request, stream: str, player: str, hub: HubDep, auth: AuthDep
) -> Response:
    """The player's own hand history as PokerStars text (their personal link's token); a
    hand that cannot be written is left out (counted in the ``X-Pitboss-Hands-Not-Written``
    header, logged with why), never the whole file."""
    auth.check_player_token(stream, player, request.query_params.get("token"))
    text, skipped = await run_in_threadpool(_player_file, hub, stream, player)
    name = f"pitboss-{stream}-{player_file_name(player)}"
    headers = _attachment(name) | {NOT_WRITTEN: str(len(skipped))}
    return Response(text, media_type=TEXT, headers=headers)


def _zip(hub: Hub, stream: str) -> bytes:
    live = hub.tournament(stream)
    skipped: list[str] = []
    files = export_files(live.store, live.stream, live.state, skipped)
    if skipped:
        files["not-written.txt"] = "\n".join(skipped) + "\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(files.items()):
            archive.writestr(f"hands/{name}", text)
    return buffer.getvalue()


@router.get("/api/tournaments/{stream}/hands.zip", tags=["exports"])
async def hands_zip(stream: str, hub: HubDep, _: DirectorDep) -> Response:
    """Every hand over so far, as ``pitboss event export --hands`` writes them: PHH by table,
    each player's and each table's PokerStars file (and what could not be written, why)."""
    data = await run_in_threadpool(_zip, hub, stream)
    return Response(
        data, media_type="application/zip", headers=_attachment(f"pitboss-{stream}-hands.zip")
    )


__all__ = ["router"]
