"""The lobby (issue 31): the club's tournaments taking entries and in play, on a phone.

Public: each tournament's name, its house and structure in a line, entrants, prize pool, the
level now (or that it has not started), and a link to watch each table the software deals
(`/t/{id}/watch/{table}`: no hole card until shown). A club player signed in
(`pitboss.server.player_signin`) also sees their own: a seat to ask for (`RequestSeat`; the
director approves or declines it at the console), their request's state, their seat, "Your
table" in a dealt tournament (their player page, opened by their session), and every night
they played (`ClubService.history`).

The director's console reads the requests of one tournament (``GET
/api/tournaments/{id}/seat-requests``) and answers them with the commands
``approve_seat_request`` and ``decline_seat_request``.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response

from pitboss.club.log import is_club_stream
from pitboss.club.players import canonical
from pitboss.errors import PitbossError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.live.hand_log import is_hand_stream
from pitboss.server.club_services import club_of
from pitboss.server.deps import DirectorDep, HubDep, auth
from pitboss.server.hub import Hub
from pitboss.server.models import Payload
from pitboss.server.pages import money, render
from pitboss.server.player_signin import OptionalPlayerDep, PlayerDep, optional_player
from pitboss.service.club import PlayerHistory
from pitboss.tournament.features.seat_requests import (
    RequestSeat,
    WithdrawSeatRequest,
    check_taking_requests,
    registered_entry,
)
from pitboss.tournament.model.requested_seats import SeatRequest
from pitboss.tournament.reading.views import clock_view
from pitboss.tournament.state import Phase, TournamentState

router = APIRouter()

STATUS_WORDS = {
    "pending": "Asked: waiting for the director",
    "at_the_door": "Approved: pay at the door to take your seat",
    "registered": "Approved: you are registered",
    "declined": "Declined",
    "withdrawn": "You withdrew your request",
}
"""What a request's state says to the player."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Listed:
    """One tournament as the lobby lists it (no private field: names, counts, money)."""

    stream: str
    name: str
    house: str
    structure: str
    running: bool
    now: str
    entrants: int
    prize_pool: str
    open_for_requests: bool
    closed_why: str
    watch_tables: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mine:
    """The signed-in player's part of one tournament: their request and their seat."""

    request: SeatRequest | None
    status_words: str
    player_id: PlayerId | None
    seat: str
    table_link: str | None


def _structure(state: TournamentState) -> str:
    entry = state.rules.tournament.entry
    structure = state.rules.tournament.structure
    price = money(entry.buy_in_cents) + (f" + {money(entry.fee_cents)}" if entry.fee_cents else "")
    parts = [price, f"{entry.starting_chips:,} chips", f"{structure.level_minutes}-minute levels"]
    if entry.late_registration_until_level is not None:
        parts.append(f"late entry to level {entry.late_registration_until_level}")
    if entry.max_entries is not None:
        parts.append(f"{entry.max_entries} seats")
    return " · ".join(parts)


def _now_words(state: TournamentState, now: int) -> str:
    if state.phase is Phase.REGISTRATION:
        entry = state.rules.tournament.entry
        if entry.start_when_full and entry.max_entries is not None:
            return f"Starts when {entry.max_entries} have registered"
        return "Taking entries: starts when the director starts the clock"
    clock = clock_view(state, now)
    if clock.on_break:
        return f"{clock.label} · {state.players_left} left"
    return (
        f"{clock.label}: blinds {clock.small_blind:,}/{clock.big_blind:,}"
        + (f", ante {clock.ante:,}" if clock.ante else "")
        + f" · {state.players_left} left"
    )


def listed(state: TournamentState, stream: str, now: int, dealt: bool) -> Listed:
    """``state`` as the lobby lists it (``dealt``: the software deals its tables now)."""
    try:
        check_taking_requests(state)
        why = ""
    except PitbossError as error:
        why = error.message
    return Listed(
        stream=stream,
        name=state.name,
        house=state.rules.title,
        structure=_structure(state),
        running=state.phase is not Phase.REGISTRATION,
        now=_now_words(state, now),
        entrants=state.entries,
        prize_pool=money(state.prize_pool_cents),
        open_for_requests=not why,
        closed_why=why,
        watch_tables=tuple(sorted(state.tables)) if dealt else (),
    )


class _Phases:
    """Each stored tournament's phase by its head, so the lobby does not open every finished
    night again on every visit."""

    def __init__(self) -> None:
        self.seen: dict[str, tuple[int, Phase]] = {}
        self.lock = threading.Lock()


def _phases(request: Request) -> _Phases:
    state = request.app.state
    found: _Phases | None = getattr(state, "lobby_phases", None)
    if found is None:
        found = _Phases()
        state.lobby_phases = found
    return found


def open_tournaments(request: Request, hub: Hub) -> list[tuple[str, TournamentState]]:
    """The tournaments taking entries or in play, the newest first."""
    phases = _phases(request)
    out = []
    for stored in sorted(hub.store.tournaments(), key=lambda t: -t.created_at):
        stream = stored.stream
        if is_club_stream(stream) or is_hand_stream(stream):
            continue
        head = hub.store.head(stream)
        with phases.lock:
            seen = phases.seen.get(stream)
        if head == 0 or (seen is not None and seen[0] == head and seen[1] is Phase.FINISHED):
            continue
        try:
            state = hub.tournament(stream).state
        except PitbossError:
            continue  # a night this pitboss cannot read: the director's pages say why
        with phases.lock:
            phases.seen[stream] = (head, state.phase)
        if state.phase is not Phase.FINISHED:
            out.append((stream, state))
    return out


def _dealt(request: Request, stream: str) -> bool:
    dealing = getattr(request.app.state, "dealing", None)
    room = None if dealing is None else dealing.get(stream)
    return room is not None and room.is_running


def mine(state: TournamentState, stream: str, person: set[ClubPlayerId], dealt: bool) -> Mine:
    """The player's request and seat in one tournament (``person``: their record's ids, the
    merged ones included)."""
    request = next(
        (r for r in reversed(list(state.seat_requests.values())) if r.club_player_id in person),
        None,
    )
    pid = next((p for cp in person if (p := registered_entry(state, cp)) is not None), None)
    seat, link = "", None
    if pid is not None:
        number = state.tables.table_of(pid)
        if number is not None:
            seat = f"Table {number}, seat {state.tables[number].seat_of(pid)}"
            if dealt:
                link = f"/t/{stream}/play/{pid}"
    words = "" if request is None else STATUS_WORDS[request.status.value]
    if request is not None and request.reason:
        words += f": {request.reason}"
    if pid is not None and (request is None or request.status.value != "registered"):
        words = "You are registered"
    return Mine(request=request, status_words=words, player_id=pid, seat=seat, table_link=link)


def person_of(request: Request, club_player_id: ClubPlayerId) -> set[ClubPlayerId]:
    """The ids of the person's record: it, what was merged into it, what it was merged into."""
    roster = club_of(request).roster
    root = canonical(roster, club_player_id)
    return {root, club_player_id, *(i for i in roster.merged if canonical(roster, i) == root)}


# --- pages -----------------------------------------------------------------------------------


def _lobby(request: Request, hub: Hub, player: Any) -> dict[str, Any]:
    now = hub.clock()
    lines = []
    history: PlayerHistory | None = None
    name = None
    person: set[ClubPlayerId] = set()
    if player is not None:
        club = club_of(request)
        record = club.player(player.club_player_id)
        name = record.shown_name
        person = person_of(request, player.club_player_id)
        history = club.history(record.club_player_id)
    for stream, state in open_tournaments(request, hub):
        dealt = _dealt(request, stream)
        line = listed(state, stream, now, dealt)
        lines.append((line, mine(state, stream, person, dealt) if person else None))
    return {
        "upcoming": [x for x in lines if not x[0].running],
        "running": [x for x in lines if x[0].running],
        "player_name": name,
        "history": history,
        "csrf": None if player is None else player.csrf,
    }


@router.get("/lobby", response_class=HTMLResponse, include_in_schema=False)
async def lobby_page(request: Request, hub: HubDep, player: OptionalPlayerDep) -> Response:
    """The lobby: tournaments to enter and to watch; a signed-in player's own."""
    context = await run_in_threadpool(_lobby, request, hub, player)
    return render(request, "lobby.html", **context)


# --- the player's requests -------------------------------------------------------------------


class RequestAnswer(Payload):
    """The player's request now: its id, state and what it says to them."""

    request_id: str
    status: str
    words: str


def _answer(hub: Hub, stream: str, request_id: str) -> RequestAnswer:
    found = hub.tournament(stream).state.seat_requests[request_id]
    return RequestAnswer(
        request_id=request_id, status=found.status.value, words=STATUS_WORDS[found.status.value]
    )


@router.post("/api/lobby/{stream}/requests", tags=["lobby"])
async def request_seat(
    stream: str, request: Request, hub: HubDep, player: PlayerDep
) -> RequestAnswer:
    """The signed-in player asks for a seat; the director answers at the console."""
    record = await run_in_threadpool(club_of(request).player, player.club_player_id)
    command = RequestSeat(club_player_id=record.club_player_id, name=record.name)
    outcome = await run_in_threadpool(hub.execute, stream, command)
    request_id = getattr(outcome.events[0], "request_id", "")
    return _answer(hub, stream, request_id)


@router.post("/api/lobby/{stream}/requests/{request_id}/withdraw", tags=["lobby"])
async def withdraw_request(
    stream: str, request_id: str, request: Request, hub: HubDep, player: PlayerDep
) -> RequestAnswer:
    """The player takes back their request while the director has not answered it."""
    state = await run_in_threadpool(lambda: hub.tournament(stream).state)
    person = await run_in_threadpool(person_of, request, player.club_player_id)
    found = state.seat_requests.get(request_id[:40])
    owner = found.club_player_id if found is not None and found.club_player_id in person else None
    command = WithdrawSeatRequest(
        request_id=request_id[:40], club_player_id=owner or player.club_player_id
    )
    await run_in_threadpool(hub.execute, stream, command)
    return _answer(hub, stream, request_id[:40])


# --- the director's list ---------------------------------------------------------------------


class SeatRequestLine(Payload):
    """One request as the console lists it."""

    request_id: str
    name: str
    club_player_id: str
    status: str
    words: str
    requested_at: int
    reason: str
    player_id: str | None
    registered: bool


class SeatRequests(Payload):
    """A tournament's requests for a seat, the oldest first, and whether it takes more."""

    requests: list[SeatRequestLine]
    open: bool
    closed_why: str


@router.get("/api/tournaments/{stream}/seat-requests", tags=["lobby"])
def seat_requests(stream: str, hub: HubDep, _: DirectorDep) -> SeatRequests:
    """The requests for a seat made from the lobby, for the console's door."""
    state = hub.tournament(stream).state
    line = listed(state, stream, hub.clock(), False)
    return SeatRequests(
        requests=[
            SeatRequestLine(
                request_id=r.request_id,
                name=r.name,
                club_player_id=r.club_player_id,
                status=r.status.value,
                words=STATUS_WORDS[r.status.value],
                requested_at=r.requested_at,
                reason=r.reason,
                player_id=r.player_id,
                registered=registered_entry(state, r.club_player_id) is not None,
            )
            for r in state.seat_requests.values()
        ],
        open=line.open_for_requests,
        closed_why=line.closed_why,
    )


# --- the player's table, opened by their session ---------------------------------------------


def session_token(request: Request, hub: Hub, stream: str, player: str) -> str | None:
    """The personal link's secret of ``player`` in ``stream`` when the signed-in club player
    is that entry's person (their record, or one merged into theirs), else None."""
    session = optional_player(request)
    if session is None:
        return None
    try:
        entry = hub.tournament(stream).state.players.get(PlayerId(player))
    except PitbossError:
        return None
    if entry is None or entry.club_player_id is None:
        return None
    if entry.club_player_id not in person_of(request, session.club_player_id):
        return None
    return auth(request).player_token(stream, player)


__all__ = ["Listed", "Mine", "listed", "mine", "router", "session_token"]
