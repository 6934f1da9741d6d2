"""The routes of software-dealt play (issue 14): dealing, personal links, and the player's and
spectator's screens.

The director starts the software dealing (``POST .../dealing``), pauses and resumes a table or
all of them, and reads each seated player's personal link (its secret an HMAC only that player
is given). A player's page holds its link; over the WebSocket (``role=player``) it receives a
view built for that player only and sends its actions, each with an id the page made, and its
re-buy declarations (``{"type": "rebuy"}``: THC 1, TDA 27); a refusal comes back as
``{code, params, message}``. A spectator's screen (``role=spectator``) shows a
table with no hole card until it is shown.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import weakref
from typing import Any

import orjson
from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from pydantic import BaseModel, Field

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.live import LiveError, RemoteAgent, Submitted
from pitboss.live.hand_views import Action, ActionKind
from pitboss.server import lobby
from pitboss.server.auth import Auth, AuthError
from pitboss.server.deps import AuthDep, DirectorDep, HubDep, OptionalSessionDep
from pitboss.server.frames import FRAME_HANDLERS, TABLE_PARTS, VIEW_PARTS
from pitboss.server.gateway import Router, gateway_status, relay_live
from pitboss.server.hub import Hub, Screen
from pitboss.server.live_rooms import Dealing, DealingError, DealtRoom
from pitboss.server.pages import render
from pitboss.server.play_models import DealingStatus, PlayerLink, SeatedLink, SpectatorView
from pitboss.server.player import player_view, spectator_view
from pitboss.server.ws_params import ScreenQuery, refuse
from pitboss.store.leases import LeaseBook
from pitboss.tournament.features.absence_and_clock import CallClock
from pitboss.tournament.features.registration import DeclareRebuy
from pitboss.tournament.state import Phase

log = logging.getLogger(__name__)

router = APIRouter()

LIVE_ROLES = frozenset({"player", "spectator"})
"""The screens of software-dealt play (the others are `pitboss.server.app`'s)."""

MAX_FRAME = 2_000
"""The longest text a player's page may send in one frame."""


class StartDealing(BaseModel):
    """Who plays at a browser; every other seat a bot (or at a browser too: ``bots=False``)."""

    browser_players: list[str] = Field(default_factory=list, max_length=10_000)
    bots: bool = True
    think_seconds: float = Field(default=1.0, ge=0, le=60)
    pause_seconds: float = Field(default=3.0, ge=0, le=60)


class PauseTables(BaseModel):
    """One table, or every table when ``table`` is left out (a break)."""

    table: int | None = Field(default=None, ge=1)


def dealing_of(request: Request | WebSocket) -> Dealing:
    found: Dealing = request.app.state.dealing
    return found


# --- the director ----------------------------------------------------------------------------


@router.post("/api/tournaments/{stream}/dealing", tags=["dealing"])
async def start_dealing(
    stream: str, body: StartDealing, request: Request, hub: HubDep, _: DirectorDep
) -> DealingStatus:
    """The software deals this tournament from now on (drawn and started first)."""
    book = hosts_book(request)
    if book is not None:  # a gateway: the table hosts deal it (issue 32)
        state = hub.tournament(stream).state
        if state.phase is Phase.REGISTRATION or not state.tables:
            raise DealingError(
                "draw the seats and start the tournament first: the software deals seated players",
                code="not_started",
                params={"stream": stream, "phase": str(state.phase)},
            )
        unknown = [p for p in body.browser_players if PlayerId(p) not in state.players]
        if unknown:
            raise DealingError(
                f"no such player: {', '.join(unknown)}",
                code="unknown_player",
                params={"players": unknown},
            )
        settings = {
            "browser_players": sorted(set(body.browser_players)),
            "think_seconds": body.think_seconds,
            "pause_seconds": body.pause_seconds,
        }
        await asyncio.to_thread(book.start_dealing, stream, settings)
        return DealingStatus.model_validate(gateway_status(book, stream, hub))
    dealing = dealing_of(request)
    dealt = dealing.start(
        stream,
        browser=[PlayerId(p) for p in body.browser_players],
        bots=body.bots,
        think_seconds=body.think_seconds,
        pause_seconds=body.pause_seconds,
    )
    # The seats nobody opened yet are away (TDA 30) in what the director is told, not a
    # moment later: their marks are recorded on the director's thread.
    await dealt.room.presence_recorded()
    return DealingStatus.model_validate(dealing.status(stream))


@router.get("/api/tournaments/{stream}/dealing", tags=["dealing"])
def dealing_status(stream: str, request: Request, hub: HubDep, _: DirectorDep) -> DealingStatus:
    """Whether the software deals, each table's hand in play, who is to act, the pauses."""
    hub.tournament(stream)
    book = hosts_book(request)
    if book is not None:
        return DealingStatus.model_validate(gateway_status(book, stream, hub))
    return DealingStatus.model_validate(dealing_of(request).status(stream))


@router.post("/api/tournaments/{stream}/dealing/pause", tags=["dealing"])
async def pause_dealing(
    stream: str, body: PauseTables, request: Request, _: DirectorDep
) -> DealingStatus:
    """No new hand at the table (every table when none is named); hands in play finish."""
    book = hosts_book(request)
    if book is not None:
        return await _pause_hosts(book, request, stream, body.table, paused=True)
    dealing = dealing_of(request)
    dealt = dealing.pause(stream, body.table)
    await dealt.room.settle()  # a start already on its way to the director has run
    return DealingStatus.model_validate(dealing.status(stream))


@router.post("/api/tournaments/{stream}/dealing/resume", tags=["dealing"])
async def resume_dealing(
    stream: str, body: PauseTables, request: Request, _: DirectorDep
) -> DealingStatus:
    """Deal again at the table (every table, and each table's own pause, when none is named)."""
    book = hosts_book(request)
    if book is not None:
        return await _pause_hosts(book, request, stream, body.table, paused=False)
    dealing = dealing_of(request)
    dealing.resume(stream, body.table)
    return DealingStatus.model_validate(dealing.status(stream))


def hosts_book(request: Request | WebSocket) -> LeaseBook | None:
    """The store's leases when this server is a web gateway (the table hosts deal)."""
    router: Router | None = request.app.state.router
    return None if router is None else router.book


async def _pause_hosts(
    book: LeaseBook, request: Request, stream: str, table: int | None, *, paused: bool
) -> DealingStatus:
    """A pause or resume told to the table hosts through the store (they read it within a
    second, `pitboss.server.table_host`); the hands in play finish."""
    hub: Hub = request.app.state.hub
    state = hub.tournament(stream).state
    if stream not in {d.stream for d in await asyncio.to_thread(book.dealt)}:
        raise DealingError(
            "the software does not deal this tournament: start dealing first",
            code="not_dealing",
            params={"stream": stream},
        )
    if table is not None and TableNo(table) not in state.tables:
        raise DealingError(
            f"there is no Table {table} in play",
            code="no_such_table",
            params={"table": table, "tables": sorted(state.tables)},
        )
    await asyncio.to_thread(book.pause_dealing, stream, table, paused=paused)
    return DealingStatus.model_validate(gateway_status(book, stream, hub))


def _link(request: Request, auth: Auth, stream: str, player: str) -> dict[str, str]:
    token = auth.player_token(stream, player)
    url = str(request.url_for("player_page", stream=stream, player=player))
    return {"player_id": player, "url": f"{url}?token={token}", "token": token}


@router.get("/api/tournaments/{stream}/players/{player}/link", tags=["dealing"])
def player_link(
    stream: str, player: str, request: Request, hub: HubDep, auth: AuthDep, _: DirectorDep
) -> PlayerLink:
    """A player's personal link (its secret inside): only that player should be given it."""
    if PlayerId(player) not in hub.tournament(stream).state.players:
        raise PitbossError(
            f"no player {player[:40]} in this tournament",
            code="not_found",
            params={"player_id": player[:40]},
        )
    return PlayerLink.model_validate(_link(request, auth, stream, player))


@router.get("/api/tournaments/{stream}/links", tags=["dealing"])
def player_links(
    stream: str, request: Request, hub: HubDep, auth: AuthDep, _: DirectorDep
) -> list[SeatedLink]:
    """Every seated player's personal link, by table and seat, for the console."""
    return [SeatedLink.model_validate(line) for line in _links(request, hub, auth, stream)]


def _links(request: Request, hub: Hub, auth: Auth, stream: str) -> list[dict[str, Any]]:
    state = hub.tournament(stream).state
    out = []
    for number in sorted(state.tables):
        table = state.tables[number]
        for seat, pid in sorted(table.seats.items()):
            name = state.players[pid].name
            out.append(
                {"table": number, "seat": seat, "name": name, **_link(request, auth, stream, pid)}
            )
    return out


# --- the public view of a dealt table --------------------------------------------------------


@router.get(
    "/api/tournaments/{stream}/tables/{table}/hand",
    tags=["views"],
    response_model_exclude_unset=True,
)
def table_hand(stream: str, table: int, request: Request, hub: HubDep) -> SpectatorView:
    """A dealt table as a spectator sees it: no hole card until it is shown."""
    return SpectatorView.model_validate(
        _spectator(hub, dealing_of(request), stream, TableNo(table))
    )


def _spectator(hub: Hub, dealing: Dealing, stream: str, table: TableNo) -> dict[str, Any]:
    state = hub.tournament(stream).state
    dealt = dealing.get(stream)
    runners = {} if dealt is None else dealt.room.runners
    dealt_now = dealt is not None and dealt.is_running
    return spectator_view(state, runners, table, hub.clock(), stream=stream, dealing=dealt_now)


def _watched(hub: Hub, dealing: Dealing, stream: str, table: TableNo) -> dict[str, Any]:
    """The public screen of ``table`` with the table's features (`server.frames`: its chat)."""
    view = _spectator(hub, dealing, stream, table)
    for key, part in TABLE_PARTS.items():
        view[key] = part(dealing.get(stream), table)
    return view


def _player(hub: Hub, dealing: Dealing, stream: str, player: PlayerId) -> dict[str, Any]:
    state = hub.tournament(stream).state
    dealt = dealing.get(stream)
    runners = {} if dealt is None else dealt.room.runners
    dealt_now = dealt is not None and dealt.is_running
    view = player_view(state, runners, player, hub.clock(), stream=stream, dealing=dealt_now)
    for key, part in VIEW_PARTS.items():  # the phone table's features (`server.frames`)
        try:
            view[key] = part(dealt, player)
        except Exception:  # a bug in one feature: said in the log; the table still shows
            log.exception("the %s part of %s's view could not be built", key, player)
            view[key] = None
    return view


# --- pages -----------------------------------------------------------------------------------


@router.get(
    "/t/{stream}/play/{player}",
    response_class=HTMLResponse,
    name="player_page",
    include_in_schema=False,
)
def player_page(request: Request, stream: str, player: str, hub: HubDep, auth: AuthDep) -> Response:
    """A player's table, on their phone: their personal link, or their club session when
    the entry is theirs (issue 31: the lobby's "Your table")."""
    token = request.query_params.get("token")
    try:
        auth.check_player_token(stream, player, token)
    except AuthError as error:
        token = lobby.session_token(request, hub, stream, player)
        if token is None:
            return render_refused(request, error)
    payload = _player(hub, dealing_of(request), stream, PlayerId(player))
    return render(
        request, "player.html", stream=stream, player=player, token=token, payload=payload
    )


@router.get("/t/{stream}/watch/{table}", response_class=HTMLResponse, include_in_schema=False)
def watch_page(request: Request, stream: str, table: int, hub: HubDep) -> Response:
    """A dealt table for a screen beside it: no hole card until shown."""
    payload = _watched(hub, dealing_of(request), stream, TableNo(table))
    return render(request, "player.html", stream=stream, player=None, token=None, payload=payload)


@router.get("/t/{stream}/dealing", response_class=HTMLResponse, include_in_schema=False)
def dealing_page(
    request: Request, stream: str, hub: HubDep, auth: AuthDep, session: OptionalSessionDep
) -> Response:
    """The director's dealing page: start, pause and resume, each player's personal link."""
    if session is None:
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
    live = hub.tournament(stream)
    return render(
        request,
        "dealing.html",
        stream=stream,
        csrf=session.csrf,
        title=live.state.name,
        status=dealing_of(request).status(stream),
        links=_links(request, hub, auth, stream),
    )


def render_refused(request: Request, error: AuthError) -> Response:
    from pitboss.server.pages import templates

    return templates.TemplateResponse(
        request, "refused.html", {"message": error.message}, status_code=error.status
    )


# --- the WebSocket ---------------------------------------------------------------------------


def parse_action(message: dict[str, Any]) -> Action:
    """A page's action frame as an engine action (checked again by the table)."""
    kind = message.get("action")
    amount = message.get("amount")
    allowed = [k.value for k in ActionKind]
    if kind not in allowed:
        raise LiveError(
            f"no such action {str(kind)[:20]!r}: one of {', '.join(allowed)}",
            code="bad_action",
            params={"action": str(kind)[:20], "allowed": allowed},
        )
    if kind in {"bet", "raise"}:
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise LiveError(
                f"a {kind} names the whole number of chips to {kind} to",
                code="bad_amount",
                params={"action": kind, "amount": str(amount)[:20]},
            )
        return Action(kind=ActionKind(kind), amount=amount)
    return Action(kind=ActionKind(kind))


def dealing_for(dealt: DealtRoom | None, player: PlayerId) -> DealtRoom:
    """The room that deals for ``player`` at a browser now.

    Raises:
        LiveError: ``not_dealing``: the software does not deal for them (not started, stopped,
            or a seat the director gave a bot).
    """
    if dealt is None or not dealt.is_running or player not in dealt.remote:
        raise LiveError(
            "the software is not dealing for you now: wait for the director",
            code="not_dealing",
            params={"player_id": player},
        )
    return dealt


async def _submit(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """Hand the player's action to their agent, on the room's loop; the answer frame,
    "accepted" once the action is stored in the table's hand stream (issue 32: a host killed
    next cannot lose an action its page was told was accepted; one it had not stored is
    offered again by the host that takes the table over)."""
    action_id = str(message.get("action_id", ""))[:80]
    try:
        dealt = dealing_for(dealt, player)
        if not action_id:
            raise LiveError(
                "an action needs the id the page gave it",
                code="no_action_id",
                params={"player_id": player},
            )
        done = await dealt.on_loop(_take(dealt.remote[player], message, action_id))
    except PitbossError as error:
        return {"kind": "refused", "action_id": action_id, **error.to_dict()}
    return {
        "kind": "submitted",
        "status": str(done.status),
        "action_id": done.action_id,
        "message": done.message,
    }


async def _take(agent: RemoteAgent, message: dict[str, Any], action_id: str) -> Submitted:
    """`RemoteAgent.submit`, then until the action is stored (on the table's loop).

    Raises:
        LiveError: what `RemoteAgent.submit` refuses; ``not_recorded``.
    """
    turn = message.get("turn")
    seat = agent.seat if agent.turn is None else agent.turn.view.seat
    done = agent.submit(
        seat or 0,
        parse_action(message),
        action_id,
        turn=turn if isinstance(turn, int) else None,
    )
    if done.recorded is not None and not await _stored(done.recorded):
        raise LiveError(
            "your action was not recorded (the table stopped or moved to another server, or "
            "your time ran out first): act again if your turn is shown again",
            code="not_recorded",
            params={"player_id": agent.player_id, "action_id": action_id},
        )
    return done


RECORD_WAIT_SECONDS = 30.0
"""How long a page's action waits to be stored before its page is told it was not (a store
that stopped answering; a table that stops resolves at once)."""


async def _stored(recorded: asyncio.Future[bool]) -> bool:
    """Whether the table stored the action (False: it stopped first, its write failed, or
    the store did not answer within `RECORD_WAIT_SECONDS`)."""
    try:
        return await asyncio.wait_for(asyncio.shield(recorded), RECORD_WAIT_SECONDS)
    except TimeoutError:
        return False


def _live_role(auth: Auth, stream: str, query: ScreenQuery) -> tuple[str, str]:
    if query.role == "player":
        player = query.player or ""
        auth.check_player_token(stream, player, query.token)
        return query.role, player
    if query.table is None:
        raise AuthError(
            "a spectator's screen needs its table number",
            code="bad_table",
            params={"role": query.role, "table": None},
        )
    return query.role, str(query.table)


async def serve_live(
    websocket: WebSocket, hub: Hub, auth: Auth, stream: str, query: ScreenQuery
) -> None:
    """A player's or spectator's screen (its query checked: `pitboss.server.ws_params`): the
    full view at once, a new one after every change; a player's frames are their actions."""
    dealing = dealing_of(websocket)
    try:
        kind, who = _live_role(auth, stream, query)
        hub.tournament(stream)
    except PitbossError as error:
        await refuse(websocket, error)
        return
    player = PlayerId(who) if kind == "player" else None
    screen = Screen(stream=stream, role=(kind, int(who) if kind == "spectator" else None))
    hub.subscribe(screen)
    dealt: DealtRoom | None = None

    def attach() -> None:
        nonlocal dealt
        found = dealing.get(stream)
        if found is not None and found is not dealt:
            if dealt is not None:
                dealing.disconnect(dealt, player, screen)
            dealt = found
            if player is not None:
                dealing.connect(found, player, screen)
            else:
                dealing.watch(found, screen)

    def view() -> dict[str, Any]:
        if player is not None:
            return _player(hub, dealing, stream, player)
        return _watched(hub, dealing, stream, TableNo(int(who)))

    sending = asyncio.Lock()

    async def send(payload: dict[str, Any]) -> None:
        async with sending:  # the view and the answers to frames, never interleaved
            await websocket.send_text(encode_frame(payload))

    async def read() -> None:
        """A player's frames, each answered as it comes (the action is the runner's at the
        loop's next turn); a spectator's are ignored. The screen is woken at the end."""
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                if player is None:
                    continue
                answer = await _answer(dealt, player, message.get("text"))
                await send(answer)
                if answer["kind"] != "submitted":  # a re-buy, a clock: the view may change
                    screen.wake(0)
        except (WebSocketDisconnect, RuntimeError):
            pass
        except Exception:  # a bug: said in the log, not a socket dropped in silence
            log.exception("a frame from %s's page could not be answered", player)
            raise
        finally:
            screen.wake(0)

    last = ""
    reader: asyncio.Task[None] | None = None
    try:
        await websocket.accept()
        attach()
        if dealt is not None:
            await dealt.room.presence_recorded()  # the first view shows the player back
        reader = asyncio.ensure_future(read())
        while not reader.done():
            payload = view()
            now = payload.pop("server_now")
            text = encode_frame(payload)
            if text != last:
                async with sending:
                    await websocket.send_text(f'{text[:-1]},"server_now":{encode_frame(now)}}}')
                last = text
            await screen.queue.get()  # woken by a change it shows, or the reader's end
            attach()
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        hub.unsubscribe(screen)
        if dealt is not None:
            dealing.disconnect(dealt, player, screen)
        if reader is not None:
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await reader


async def relay_screen(
    websocket: WebSocket, hub: Hub, auth: Auth, router: Router, stream: str, query: ScreenQuery
) -> None:
    """A player's or spectator's screen at a web gateway (issue 32): checked here as
    `serve_live` checks it, then relayed to the table host dealing its table
    (`pitboss.server.gateway`)."""
    try:
        kind, who = _live_role(auth, stream, query)
        hub.tournament(stream)
    except PitbossError as error:
        await refuse(websocket, error)
        return
    await websocket.accept()
    await relay_live(
        websocket,
        router,
        stream,
        PlayerId(who) if kind == "player" else None,
        TableNo(int(who)) if kind == "spectator" else None,
        websocket.url.query,
    )


def encode_frame(payload: object) -> str:
    """``payload`` as the JSON text of a WebSocket frame: what ``json.dumps`` writes, compact
    (orjson: a screen's view is encoded about 470 times a second at 200 tables)."""
    return orjson.dumps(payload, default=_frame_default, option=orjson.OPT_NON_STR_KEYS).decode()


def _frame_default(value: object) -> object:
    """What orjson leaves to the caller and ``json.dumps`` writes: a named tuple as a list."""
    if isinstance(value, tuple):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


FRAME_TYPES = ("act", "rebuy", "call_clock")
"""What a player's page may send: an action in turn, a re-buy declaration, or a clock called
on the player to act at their table."""

_DECLARED: weakref.WeakKeyDictionary[DealtRoom, dict[PlayerId, set[str]]] = (
    weakref.WeakKeyDictionary()
)
"""The ids of the re-buy frames each browser player's declarations were made with."""


async def _answer(dealt: DealtRoom | None, player: PlayerId, frame: str | None) -> dict[str, Any]:
    """The answer to one frame of a player's page (None: a binary frame, refused). A frame too
    long, not JSON, nested too deep for the parser (999 brackets fit in `MAX_FRAME`) or of an
    unknown type is refused with ``bad_frame`` or ``frame_too_long``; the socket stays open."""
    if frame is not None and len(frame) > MAX_FRAME:
        error = LiveError(
            "that frame is too long for an action",
            code="frame_too_long",
            params={"max": MAX_FRAME},
        )
        return {"kind": "refused", "action_id": "", **error.to_dict()}
    try:
        message = None if frame is None else json.loads(frame)
    except (ValueError, RecursionError):
        message = None
    kind = message.get("type") if isinstance(message, dict) else None
    known = [*FRAME_TYPES, *FRAME_HANDLERS]
    if not isinstance(message, dict) or kind not in known:
        error = LiveError(
            'a player sends actions ({"type": "act", "action": ..., "action_id": ...}) or a '
            're-buy declaration ({"type": "rebuy", "action_id": ...}) or call the clock '
            '({"type": "call_clock"}), or one of: ' + ", ".join(map(str, FRAME_HANDLERS)),
            code="bad_frame",
            params={"expected": known},
        )
        return {"kind": "refused", "action_id": "", **error.to_dict()}
    if kind in FRAME_HANDLERS:  # the phone table's features (`pitboss.server.frames`)
        return await FRAME_HANDLERS[kind](dealt, player, message)
    if kind == "rebuy":
        return await _declare_rebuy(dealt, player, message)
    if kind == "call_clock":
        return await _call_clock(dealt, player, message)
    return await _submit(dealt, player, message)


async def _call_clock(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player calls the clock on the player to act at their table (TDA 29; KY 16, THC 15,
    SLPT 2: a player at the table): ``CallClock`` through the room, so the table's decision
    ends when the called clock runs out. The director's checks decide (a clock already running
    there, a caller at another table or out); a repeated call is refused by them, so it is
    applied at most once. It runs where the tables' commands run (`LiveRoom.act`: the server's
    director thread), so the loop never waits on the director's lock."""
    action_id = str(message.get("action_id", ""))[:80]
    try:
        dealt = dealing_for(dealt, player)
        state = dealt.room.state
        seated = state.table_of(player)
        runner = None if seated is None else dealt.room.runners.get(seated.number)
        turn = None if runner is None or runner.hand is None else runner.turn
        if seated is None or turn is None or turn.view.player == player:
            raise LiveError(
                "the clock is called on another player who is to act at your table",
                code="nobody_to_call_on",
                params={"player_id": player},
            )
        actor = PlayerId(turn.view.player)
        await dealt.act(CallClock(table=seated.number, player_id=actor, called_by=player))
    except PitbossError as error:
        return {"kind": "refused", "action_id": action_id, **error.to_dict()}
    dealt.room.table_changed(seated.number)
    conduct = state.rules.tournament.conduct
    seconds = conduct.clock_seconds + conduct.clock_countdown_seconds
    name = state.players[actor].name
    return {
        "kind": "submitted",
        "status": "accepted",
        "action_id": action_id,
        "message": f"the clock is called on {name}: {seconds} seconds to act",
    }


async def _declare_rebuy(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player declares a re-buy at their page (THC 1, TDA 27): ``DeclareRebuy`` through the
    room, so the tables waiting on the director look again; binding. Declared during the
    player's hand, it is made when that hand ends, its chips added after the result (the cards
    were dealt as the hand started); between hands, it plays behind in the next hand dealt and
    is made when that hand ends (``FinishHand``), or at the desk before (``Rebuy``): the player
    owes the director the money either way (the console's log shows
    the declaration, then the re-buy). The director's checks decide (the window, KY 4 /
    THC 1; the eligibility, THC 1: below 16,000 chips; the limit); a frame id applied before,
    or on its way to the director (`LiveRoom.act`), is not applied again.
    """
    action_id = str(message.get("action_id", ""))[:80]
    try:
        dealt = dealing_for(dealt, player)
        if not action_id:
            raise LiveError(
                "a re-buy declaration needs the id the page gave it",
                code="no_action_id",
                params={"player_id": player},
            )
        done = _DECLARED.setdefault(dealt, {}).setdefault(player, set())
        if action_id in done:
            return {
                "kind": "submitted",
                "status": "repeated",
                "action_id": action_id,
                "message": f"re-buy declaration {action_id} was made already: ignored",
            }
        done.add(action_id)  # taken now: the same frame again meanwhile is a repeat
        try:
            await dealt.act(DeclareRebuy(player_id=player))
        except PitbossError:
            done.discard(action_id)
            raise
    except PitbossError as error:
        return {"kind": "refused", "action_id": action_id, **error.to_dict()}
    state = dealt.room.state
    seated = state.table_of(player)
    shown = seated.number if seated is not None else min(state.tables, default=None)
    if shown is not None:
        dealt.room.table_changed(shown)  # every screen looks again, the console too
    if state.is_out(player):
        then = "the director seats you again"
    elif state.hand_of(player) is not None:
        then = "the chips are added to your stack when this hand ends"
    else:
        then = "the chips play behind in your next hand"
    return {
        "kind": "submitted",
        "status": "accepted",
        "action_id": action_id,
        "message": f"re-buy declared: pay the director; {then} (THC 1, TDA 27)",
    }


__all__ = ["LIVE_ROLES", "router", "serve_live"]
