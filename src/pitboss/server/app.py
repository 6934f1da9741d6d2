"""The web server: `create_app(store, clock, rng)` builds the FastAPI app; nothing connects or
starts at import time.

It holds no game logic. Requests become commands through the codec, the director service
decides and commits them, and the views of `pitboss.server.view_json` go to the pages and, after
every committed batch, to every connected screen over a WebSocket. A background tick records
levels and breaks on time (the director service's `tick`) while the server runs.

Every error is one JSON shape, ``{"code", "params", "message"}``, with a 4xx status: 401 not
signed in, 403 not allowed, 404 no such tournament, 409 a conflict, 422 a refused command or a
malformed request, 429 too many wrong passwords; 503 a store that cannot be written, and 500 a
tournament whose stored log this pitboss cannot read (`UnreadableEventError`: the message says
which event and why; the raw log can still be downloaded).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import pitboss.server.table_betting  # noqa: F401  (the acting panel's view part, issue 31)
from pitboss.errors import (
    ConcurrencyConflict,
    PitbossError,
    StoreError,
    UndoError,
    UnreadableEventError,
)
from pitboss.server import (
    api,
    club_api,
    club_pages,
    dealer,
    designer_page,
    flights_api,
    hands_api,
    league_api,
    league_pages,
    lobby,
    pages,
    play_api,
    player_passkeys,
    player_signin,
    table_extras,  # noqa: F401  (its frames and view part)
    tickets_api,
)
from pitboss.server import table_chat as table_chat  # registers the table's chat (issue 31)
from pitboss.server.auth import SESSION_COOKIE, Auth, AuthError, CredentialFile
from pitboss.server.gateway import Router
from pitboss.server.hub import Hub, Role, Screen, follow, public_role
from pitboss.server.limits import BodyLimit
from pitboss.server.live_rooms import Dealing
from pitboss.server.table_host import HostSettings, TableHost
from pitboss.server.ws_params import ScreenQuery, refuse, screen_query
from pitboss.service.club import ClubService
from pitboss.service.director import Clock, RandomFactory
from pitboss.store.leases import LeaseBook
from pitboss.store.protocol import EventStore

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
DRAIN_MOST_S = 120.0
"""A table host stopping (SIGTERM) waits at most this long for its hands in play to end."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Cluster:
    """This process's part among several over one store (issue 32): ``role`` ``tables`` (a
    table host, named ``host_id``, serving its tables' screens at ``address``) or ``web`` (a
    gateway)."""

    role: Literal["tables", "web"]
    host_id: str | None = None
    address: str | None = None
    host: HostSettings = field(default_factory=HostSettings)


TICK_EVERY_S = 1.0

_NOT_FOUND = frozenset({"unknown_stream", "empty_tournament", "not_found"})


def status_of(error: PitbossError) -> int:
    """The HTTP status for a refusal."""
    if isinstance(error, AuthError):
        return error.status
    if error.code in _NOT_FOUND:
        return 404
    if isinstance(error, ConcurrencyConflict | UndoError):
        return 409
    if isinstance(error, StoreError):
        return 503
    if isinstance(error, UnreadableEventError):
        return 500
    return 422


def _warm_club(club: ClubService) -> None:
    """Read the club's records and build the door's type-ahead once the server starts, so the
    first name typed at the door is answered at once, not after the roster is folded (about 5 s
    at 100,000 players, issue 28)."""
    try:
        club.search("", 1)
    except PitbossError as error:
        log.warning("the club's players were not read at start: %s", error.message)


def create_app(
    store: EventStore,
    clock: Clock,
    rng: RandomFactory,
    *,
    credentials: CredentialFile | None = None,
    setup_code: str | None = None,
    tick_every: float | None = TICK_EVERY_S,
    listen: bool = True,
    retain_details_days: int | None = None,
    cluster: Cluster | None = None,
) -> FastAPI:
    """The app over ``store``, reading time from ``clock`` (ms UTC) and drawing seats and
    cards from ``rng`` (the operating system's in production, a seeded one in rehearsals).

    ``credentials`` keeps the director's password between runs (in memory when None);
    ``setup_code`` is the one-time code that lets the first visitor choose it (random when
    None: the caller prints it). ``tick_every`` seconds between clock ticks (None: no tick,
    for tests that drive the clock). ``listen``: follow what other writers (``pitboss event``,
    a second server) append, so the screens show it too. ``retain_details_days``: the
    private details not written for that many days are erased at start and daily by the
    clock (THC 1, issue 28; None keeps them until erased). ``cluster``: this process's part
    among several over one store (issue 32): a table host (it deals the tables whose leases it
    holds and serves their screens) or a web gateway (it deals nothing and relays each live
    screen to the host dealing its table); None: everything here, alone.
    """
    hub = Hub(store, clock, rng, retain_details_days=retain_details_days)
    auth = Auth(credentials or CredentialFile(None), clock, setup_code=setup_code)
    dealing = Dealing(hub)
    club = ClubService(store, clock=hub.clock)
    host = (
        None
        if cluster is None or cluster.role != "tables"
        else TableHost(
            hub, dealing, host_id=cluster.host_id, settings=cluster.host, address=cluster.address
        )
    )

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(hub.purge_details)
        threading.Thread(target=_warm_club, args=(club,), daemon=True).start()
        task = asyncio.create_task(_ticker(hub, tick_every)) if tick_every else None
        stop = threading.Event()
        follower = threading.Thread(target=follow, args=(hub, stop), daemon=True)
        if listen:
            follower.start()
        hosting = None if host is None else asyncio.create_task(host.run())
        try:
            yield
        finally:
            stop.set()
            if host is not None and hosting is not None:  # SIGTERM: the tables handed over
                host.drain()
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(hosting, DRAIN_MOST_S)
            await dealing.close()
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if listen:
                await asyncio.to_thread(follower.join, 5)

    app = FastAPI(
        title="pitboss",
        summary="A No-Limit Hold'em tournament director: commands, views and live screens.",
        description=(
            "Every command is the JSON form of docs/commands.md, posted to "
            "`/api/tournaments/{id}/commands`. Errors are `{code, params, message}`."
        ),
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.club = club
    app.state.auth = auth
    app.state.dealing = dealing
    app.state.cluster = cluster
    app.state.table_host = host
    app.state.router = (
        None if cluster is None or cluster.role != "web" else Router(hub, LeaseBook(store))
    )
    app.add_middleware(BodyLimit)  # every body capped before it is read (issue 25)

    @app.exception_handler(PitbossError)
    async def refused(_request: Request, error: PitbossError) -> JSONResponse:
        return JSONResponse(error.to_dict(), status_code=status_of(error))

    @app.exception_handler(RequestValidationError)
    async def malformed(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = [
            {"field": ".".join(str(p) for p in e.get("loc", ())[1:]), "problem": e.get("msg")}
            for e in error.errors()
        ]
        where = ", ".join(f"{p['field']}: {p['problem']}" for p in problems)
        return JSONResponse(
            {"code": "bad_request", "params": {"problems": problems}, "message": where},
            status_code=422,
        )

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return JSONResponse(
            {"code": code, "params": {}, "message": str(error.detail)},
            status_code=error.status_code,
        )

    app.include_router(play_api.router)  # first: /dealing is not /{kind} (undo, redo)
    app.include_router(hands_api.router)  # and hands.zip is not one either
    app.include_router(flights_api.router)  # issue 29: a multi-flight event
    app.include_router(tickets_api.router)  # nor tickets (issue 29)
    app.include_router(lobby.router)  # issue 31: a lobby (seat-requests is not a {kind})
    app.include_router(player_signin.router)  # issue 31: players who sign in
    app.include_router(player_passkeys.router)  # and their passkeys
    app.include_router(api.router)
    app.include_router(club_api.router)
    app.include_router(club_pages.router)
    app.include_router(league_api.router)
    app.include_router(league_pages.router)  # the league pages (issue 28)
    app.include_router(dealer.router)
    app.include_router(designer_page.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    @app.websocket("/ws/tournaments/{stream}")
    async def screen(websocket: WebSocket, stream: str) -> None:
        try:
            query = screen_query(websocket)
        except PitbossError as error:
            await refuse(websocket, error)
            return
        if query.role in play_api.LIVE_ROLES:
            router = app.state.router
            if router is None:
                await play_api.serve_live(websocket, hub, auth, stream, query)
            else:
                await play_api.relay_screen(websocket, hub, auth, router, stream, query)
            return
        await _serve_screen(websocket, hub, auth, stream, query)

    return app


async def _ticker(hub: Hub, every: float) -> None:
    """Record the clock's levels and breaks on time, with nobody pressing a key (a failure
    logged once while it repeats, not every tick: a store that cannot save says so itself)."""
    failing: str | None = None
    while True:
        await asyncio.sleep(every)
        try:
            await asyncio.to_thread(hub.tick)
            failing = None
        except PitbossError as error:  # a store hiccup: the next tick tries again
            if error.message != failing:
                log.warning("clock tick failed: %s", error.message)
            failing = error.message


def _role(websocket: WebSocket, auth: Auth, stream: str, query: ScreenQuery) -> Role:
    """The screen's role, checked: the director's session (same origin), a table's token, or
    public (with the rules' citations when asked: ``rules=1``)."""
    kind = query.role
    if kind == "public":
        return public_role(query.rules == 1)
    if kind == "director":
        origin = websocket.headers.get("origin")
        host = websocket.headers.get("host")
        if origin is not None and host is not None and origin.split("://", 1)[-1] != host:
            raise AuthError(
                "a director's screen opens only from this server's pages",
                code="foreign_origin",
                params={"origin": origin[:200], "host": host[:200]},
            )
        if auth.session(websocket.cookies.get(SESSION_COOKIE)) is None:
            raise AuthError(
                "sign in as the director first",
                code="not_signed_in",
                params={"sign_in": "/login"},
                status=401,
            )
        return ("director", None)
    if kind == "table":
        if query.table is None:
            raise AuthError(
                "a table screen needs its table number",
                code="bad_table",
                params={"role": "table", "table": None},
            )
        auth.check_table_token(stream, query.table, query.token)
        return ("table", query.table)
    raise AuthError(
        f"no such screen role '{kind[:40]}': public, director, table, player or spectator",
        code="bad_role",
        params={
            "role": kind[:40],
            "allowed": ["public", "director", "table", "player", "spectator"],
        },
    )


async def _serve_screen(
    websocket: WebSocket, hub: Hub, auth: Auth, stream: str, query: ScreenQuery
) -> None:
    """Send the screen a full snapshot at once, then a new one after every change."""
    screen: Screen | None = None
    try:
        role = _role(websocket, auth, stream, query)
        # Subscribed before the snapshot is built: a change committed meanwhile wakes it.
        screen = Screen(stream=stream, role=role)
        hub.subscribe(screen)
        sent, first = await asyncio.to_thread(hub.encoded, stream, role)
    except PitbossError as error:
        if screen is not None:
            hub.unsubscribe(screen)
        await refuse(websocket, error)
        return
    try:
        await websocket.accept()
        await websocket.send_text(first)
        closed = asyncio.ensure_future(_until_closed(websocket))
        while not closed.done():
            woken = asyncio.ensure_future(screen.queue.get())
            await asyncio.wait({woken, closed}, return_when=asyncio.FIRST_COMPLETED)
            if not woken.done():
                woken.cancel()
                break
            seq, text = hub.encoded(stream, role)
            if seq != sent:
                await websocket.send_text(text)
                sent = seq
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.unsubscribe(screen)


async def _until_closed(websocket: WebSocket) -> Any:
    """Read (and ignore) what the screen sends until it goes away."""
    with contextlib.suppress(Exception):
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                return None
    return None
