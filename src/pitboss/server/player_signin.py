"""The routes of players who sign in (issue 31): the director's one-time link for a club
record, the page that opens it (a sign-in name and a password chosen), signing in and out.

A player's session (`pitboss.server.player_accounts`) opens the lobby's own routes only; the
director's routes read the director's cookie alone, so it opens none of theirs.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from pitboss.club.players import ClubPlayer
from pitboss.ids import ClubPlayerId
from pitboss.server.auth import CSRF_HEADER, Auth, AuthError, Session
from pitboss.server.club_services import club_of
from pitboss.server.deps import SAFE_METHODS, DirectorDep, auth, client_of
from pitboss.server.models import Payload
from pitboss.server.pages import render
from pitboss.server.player_accounts import (
    LINK_DAYS,
    PLAYER_COOKIE,
    PLAYER_SESSION_MAX_AGE_S,
    PlayerAccounts,
    PlayerLoginFile,
    PlayerSession,
    suggested_login,
)

router = APIRouter()


def accounts_of(request: Request) -> PlayerAccounts:
    """The app's `PlayerAccounts` (made on first use, its file beside the director's)."""
    state = request.app.state
    found: PlayerAccounts | None = getattr(state, "player_accounts", None)
    if found is None:
        director = auth(request)
        found = PlayerAccounts(director, PlayerLoginFile.beside(director.file.path))
        state.player_accounts = found
    return found


def optional_player(request: Request) -> PlayerSession | None:
    """The signed-in player's session, if the request carries one."""
    return accounts_of(request).session(request.cookies.get(PLAYER_COOKIE))


async def signed_in_player(request: Request) -> PlayerSession:
    """The player's session; on a change, its CSRF token checked too (``X-CSRF-Token``).

    Raises:
        AuthError: 401 ``not_signed_in``; 403 ``bad_csrf``.
    """
    found = optional_player(request)
    if found is None:
        raise AuthError(
            "sign in first: with the name and password you chose from the director's link",
            code="not_signed_in",
            params={"sign_in": "/signin"},
            status=401,
        )
    if request.method not in SAFE_METHODS:
        Auth.check_csrf(Session(csrf=found.csrf), request.headers.get(CSRF_HEADER))
    return found


PlayerDep = Annotated[PlayerSession, Depends(signed_in_player)]
OptionalPlayerDep = Annotated[PlayerSession | None, Depends(optional_player)]


# --- the director's link ---------------------------------------------------------------------


class SignInLink(Payload):
    """A one-time link for a club player: give it to that person only. ``login``: the
    sign-in name they chose already (a new link lets them choose a new password)."""

    name: str
    url: str
    expires_at: int
    days: int
    login: str | None


class SignInAccount(Payload):
    """Whether the club player has chosen a password, and their sign-in name."""

    login: str | None


@router.post("/api/club/players/{club_player_id}/signin-link", tags=["club"])
async def make_signin_link(club_player_id: str, request: Request, _: DirectorDep) -> SignInLink:
    """A new one-time link that lets the person choose a sign-in name and password; it lasts
    7 days and works once (an older one of theirs stops working)."""
    player: ClubPlayer = await run_in_threadpool(club_of(request).player, club_player_id[:40])
    accounts = accounts_of(request)
    secret, expires_at = accounts.make_link(player.club_player_id)
    base = str(request.base_url).rstrip("/")
    return SignInLink(
        name=player.shown_name,
        url=f"{base}/signin#{secret}",
        expires_at=expires_at,
        days=LINK_DAYS,
        login=accounts.login_of(player.club_player_id),
    )


@router.get("/api/club/players/{club_player_id}/signin", tags=["club"])
async def signin_account(club_player_id: str, request: Request, _: DirectorDep) -> SignInAccount:
    """The person's sign-in name, or null before they chose a password."""
    player: ClubPlayer = await run_in_threadpool(club_of(request).player, club_player_id[:40])
    return SignInAccount(login=accounts_of(request).login_of(player.club_player_id))


# --- the player ------------------------------------------------------------------------------


class LinkBody(BaseModel):
    """A one-time link's secret (from the page's address fragment)."""

    secret: str = Field(max_length=200)


class ClaimBody(LinkBody):
    """The sign-in name and password the person chooses."""

    login: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class SignInBody(BaseModel):
    """A player signing in."""

    login: str = Field(max_length=200)
    password: str = Field(max_length=1000)


class LinkOwner(Payload):
    """Whose link it is: the name to greet them with and a sign-in name to suggest."""

    name: str
    suggested_login: str
    login: str | None


class PlayerSignedIn(Payload):
    """A player's session: their name and the CSRF token their page echoes."""

    signed_in: bool
    name: str | None = None
    csrf: str | None = None


def set_cookie(response: Response, accounts: PlayerAccounts, session: PlayerSession) -> None:
    response.set_cookie(
        PLAYER_COOKIE,
        accounts.cookie_value(session),
        max_age=PLAYER_SESSION_MAX_AGE_S,
        httponly=True,
        samesite="lax",  # a link from a message opens the lobby signed in; changes need CSRF
        path="/",
    )


async def _name(request: Request, club_player_id: ClubPlayerId) -> str:
    player: ClubPlayer = await run_in_threadpool(club_of(request).player, club_player_id)
    return player.shown_name


@router.post("/api/player/link", tags=["players"])
async def open_link(body: LinkBody, request: Request) -> LinkOwner:
    """Whose one-time link this is (it stays usable until a password is chosen)."""
    accounts = accounts_of(request)
    owner = accounts.link_owner(body.secret, client_of(request))
    name = await _name(request, owner)
    return LinkOwner(
        name=name, suggested_login=suggested_login(name), login=accounts.login_of(owner)
    )


@router.post("/api/player/password", tags=["players"])
async def choose_password(body: ClaimBody, request: Request, response: Response) -> PlayerSignedIn:
    """The link's person chooses a sign-in name and password; signed in; the link is used."""
    accounts = accounts_of(request)
    session = await run_in_threadpool(
        accounts.claim, body.secret, body.login, body.password, client_of(request)
    )
    set_cookie(response, accounts, session)
    name = await _name(request, session.club_player_id)
    return PlayerSignedIn(signed_in=True, name=name, csrf=session.csrf)


@router.post("/api/player/session", tags=["players"])
async def player_sign_in(body: SignInBody, request: Request, response: Response) -> PlayerSignedIn:
    """Sign in as a club player (wrong passwords limited like the director's)."""
    accounts = accounts_of(request)
    session = await run_in_threadpool(
        accounts.sign_in, body.login, body.password, client_of(request)
    )
    set_cookie(response, accounts, session)
    name = await _name(request, session.club_player_id)
    return PlayerSignedIn(signed_in=True, name=name, csrf=session.csrf)


@router.get("/api/player/session", tags=["players"])
async def player_session(request: Request, player: OptionalPlayerDep) -> PlayerSignedIn:
    """Whether this phone is signed in as a club player."""
    if player is None:
        return PlayerSignedIn(signed_in=False)
    name = await _name(request, player.club_player_id)
    return PlayerSignedIn(signed_in=True, name=name, csrf=player.csrf)


@router.delete("/api/player/session", tags=["players"])
def player_sign_out(request: Request, response: Response, player: PlayerDep) -> PlayerSignedIn:
    """Sign out: this cookie no longer signs in, even if someone kept a copy."""
    accounts_of(request).sign_out(player)
    response.delete_cookie(PLAYER_COOKIE, path="/")
    return PlayerSignedIn(signed_in=False)


@router.get("/signin", response_class=HTMLResponse, include_in_schema=False)
def signin_page(request: Request, player: OptionalPlayerDep) -> Response:
    """Sign in as a club player, or (opened from the director's link) choose a password."""
    return render(
        request, "player_signin.html", signed_in=player is not None, csrf=None, days=LINK_DAYS
    )


__all__ = [
    "OptionalPlayerDep",
    "PlayerDep",
    "accounts_of",
    "optional_player",
    "router",
    "signed_in_player",
]
