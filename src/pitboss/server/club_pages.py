"""The director's page of one club player (issue 28): their record and every night they
played in this store (places, prizes, re-buys, add-ons, penalties), phone first. Server-
rendered like the other pages; the director's session only (else to the sign-in)."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from pitboss.server.club_api import page_of
from pitboss.server.club_services import club_of, points_by_season
from pitboss.server.deps import OptionalSessionDep
from pitboss.server.pages import _to_sign_in, render

router = APIRouter(include_in_schema=False)


@router.get("/club/players/{club_player_id}", response_class=HTMLResponse)
async def club_player_page(
    request: Request, club_player_id: str, session: OptionalSessionDep
) -> Response:
    """A player's page for the director: who they are and every tournament they played."""
    if session is None:
        return _to_sign_in(request)
    history = await run_in_threadpool(club_of(request).history, club_player_id[:40])
    seasons = await run_in_threadpool(points_by_season, request, history.player.club_player_id)
    page = page_of(history, seasons)
    return render(request, "club_player.html", csrf=session.csrf, page=page)
