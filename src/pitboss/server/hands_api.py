"""The hands of a tournament to download (issue 14): each player's own PokerStars file, and
every file of ``pitboss event export --hands`` as one zip for the director.

A player's file (their personal link's token only) holds the hands over so far that the
software dealt them, from their seat, with the finish lines: the file Hold'em Manager and
PokerTracker import. No card of another player that was not shown is in it (TDA 28, THC 18,
SLPT 15); a hand in play is not in it.
"""

from __future__ import annotations

import io
import zipfile

from fastapi import APIRouter, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from pitboss.history.stars_players import player_file_name
from pitboss.live.history import export_files, player_history
from pitboss.server.deps import AuthDep, DirectorDep, HubDep
from pitboss.server.hub import Hub

router = APIRouter()

TEXT = "text/plain; charset=utf-8"


def _attachment(name: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{name}"'}


def _player_file(hub: Hub, stream: str, player: str) -> str:
    live = hub.tournament(stream)
    return player_history(live.store, live.stream, live.state, player)


@router.get("/t/{stream}/play/{player}/hands.txt", include_in_schema=False)
async def player_hands(
    request: Request, stream: str, player: str, hub: HubDep, auth: AuthDep
) -> Response:
    """The player's own hand history as PokerStars text (their personal link's token)."""
    auth.check_player_token(stream, player, request.query_params.get("token"))
    text = await run_in_threadpool(_player_file, hub, stream, player)
    name = f"pitboss-{stream}-{player_file_name(player)}"
    return Response(text, media_type=TEXT, headers=_attachment(name))


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
