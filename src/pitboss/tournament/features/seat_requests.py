"""Seats asked for from the lobby (issue 31): a club player signed in on their phone asks for
a seat; the director approves it, with the money marked paid (the player is registered at
once, through `RegisterPlayer`, their club record attached, the buy-in and fee in the ledger as
at the door) or to be taken at the door (registered there when they pay), or declines it.

A person has one open request at a time and none once registered; a request is refused, in a
person's words, when registration is closed (THC 1, TDA 8A: late registration until the
house's level) or the house's entry cap is reached (THC add. 2), counting the seats approved
to be paid at the door. The player may withdraw a request still open.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from pitboss.errors import RegistrationError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.tournament.features.registration import RegisterPlayer
from pitboss.tournament.model.entries import PlayerStatus
from pitboss.tournament.model.requested_seats import SeatRequest, SeatRequestStatus
from pitboss.tournament.model.timeline import is_through_level
from pitboss.tournament.registry import (
    HANDLERS,
    Command,
    Context,
    Event,
    describes,
    folds,
    handles,
)
from pitboss.tournament.state import Phase, TournamentState
from pitboss.validation import MAY_BE_BLANK

REASON_MAX = 200
"""The longest reason a decline gives the player."""

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RequestSeat(Command):
    """A signed-in club player asks for a seat (the lobby sends it; ``name``: the name their
    record goes by, which the console and the log show)."""

    club_player_id: ClubPlayerId
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveSeatRequest(Command):
    """The director approves a request. ``paid``: the money is taken (or was paid another
    way): the player is registered now, under ``player_id`` (the next free ``p`` number when
    None); otherwise the seat is held and the money taken at the door, where the player is
    registered (then with the private details the house requires, THC 1)."""

    request_id: str
    paid: bool = True
    player_id: PlayerId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineSeatRequest(Command):
    """The director declines a request; ``reason`` is shown to the player."""

    request_id: str
    reason: Annotated[str, MAY_BE_BLANK] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawSeatRequest(Command):
    """The player takes back a request still open."""

    request_id: str
    club_player_id: ClubPlayerId


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequested(Event):
    """A club player asked for a seat from the lobby."""

    at: int
    request_id: str
    club_player_id: ClubPlayerId
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequestApproved(Event):
    """The director approved a request: registered now (``player_id``, paid) or to pay at the
    door (``player_id`` None)."""

    at: int
    request_id: str
    player_id: PlayerId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequestDeclined(Event):
    """The director declined a request, with the reason the player is shown."""

    at: int
    request_id: str
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequestWithdrawn(Event):
    """The player took back their request."""

    at: int
    request_id: str


# --- checks -----------------------------------------------------------------------------------


def registered_entry(s: TournamentState, club_player_id: ClubPlayerId) -> PlayerId | None:
    """The entry of ``club_player_id`` standing in this tournament (registered, at the door
    or from the lobby, and not withdrawn), or None."""
    for pid, player in s.players.items():
        if player.club_player_id == club_player_id and player.status is not PlayerStatus.WITHDRAWN:
            return pid
    return None


def held_at_door(s: TournamentState) -> int:
    """Seats approved to be paid at the door and not registered yet."""
    return sum(
        1
        for r in s.seat_requests.values()
        if r.status is SeatRequestStatus.AT_THE_DOOR
        and registered_entry(s, r.club_player_id) is None
    )


def check_taking_requests(s: TournamentState, *, holding: int = 0) -> None:
    """Registration is open and a seat is left, counting the seats held for the door
    (``holding`` of them set aside: the request being decided holds one itself).

    Raises:
        RegistrationError: ``registration_closed`` (THC 1, TDA 8A, KY 11), ``entries_full``
            (THC add. 2).
    """
    entry = s.rules.tournament.entry
    if s.phase in (Phase.STOPPED, Phase.FINISHED):
        raise RegistrationError(
            "registration is closed: this tournament is over",
            code="registration_closed",
            params={"phase": s.phase.value},
        )
    if s.phase is not Phase.REGISTRATION:
        until = entry.late_registration_until_level
        if until is None or not is_through_level(s.period, until):
            when = "at the start" if until is None else f"at the end of level {until}"
            raise RegistrationError(
                f"registration is closed: it closed {when}; it is now {s.period.label()}",
                code="registration_closed",
                params={"late_registration_until_level": until, "period": s.period.label()},
            )
    held = held_at_door(s) - holding
    if entry.max_entries is not None and s.entries + held >= entry.max_entries:
        also = f" ({held} of them held for players paying at the door)" if held else ""
        raise RegistrationError(
            f"the tournament is full: the house limits entries to {entry.max_entries}{also} "
            "(THC add. 2)",
            code="entries_full",
            params={"max_entries": entry.max_entries, "held_at_door": held},
        )


def _request(s: TournamentState, request_id: str) -> SeatRequest:
    found = s.seat_requests.get(request_id)
    if found is None:
        raise RegistrationError(
            f"no request for a seat {request_id[:40]!r} in this tournament",
            code="unknown_seat_request",
            params={"request_id": request_id[:40]},
        )
    return found


def _open_request(s: TournamentState, request_id: str, doing: str) -> SeatRequest:
    request = _request(s, request_id)
    if request.status is SeatRequestStatus.PENDING:
        return request
    if request.status is SeatRequestStatus.AT_THE_DOOR and doing != "approve as waiting":
        return request
    said = {
        SeatRequestStatus.AT_THE_DOOR: "was approved already, to pay at the door",
        SeatRequestStatus.REGISTERED: "was approved already: they are registered",
        SeatRequestStatus.DECLINED: "was declined",
        SeatRequestStatus.WITHDRAWN: "was withdrawn by the player",
    }[request.status]
    raise RegistrationError(
        f"{request.name}'s request for a seat {said}: there is nothing to {doing.split()[0]}",
        code="seat_request_closed",
        params={"request_id": request_id, "status": request.status.value},
    )


def next_free_id(s: TournamentState) -> PlayerId:
    """The next free id of the form ``p001`` (the door's own numbering)."""
    n = len(s.players) + 1
    while f"p{n:03d}" in s.players:
        n += 1
    return PlayerId(f"p{n:03d}")


# --- handlers ---------------------------------------------------------------------------------


@handles(RequestSeat)
def _request_seat(s: TournamentState, c: RequestSeat, ctx: Context) -> list[Event]:
    name = c.name.strip()
    if not name:
        raise RegistrationError(
            "a request for a seat needs the player's name", code="name_required", params={}
        )
    if registered_entry(s, c.club_player_id) is not None:
        raise RegistrationError(
            f"{name} is registered in this tournament already",
            code="already_registered",
            params={"club_player_id": c.club_player_id},
        )
    for request in s.seat_requests.values():
        if request.club_player_id == c.club_player_id and request.is_open:
            raise RegistrationError(
                f"{name} has asked for a seat already: the director has the request "
                "(withdraw it to ask again)",
                code="seat_requested_already",
                params={"request_id": request.request_id},
            )
    check_taking_requests(s)
    request_id = f"r{len(s.seat_requests) + 1}"
    return [
        SeatRequested(at=ctx.now, request_id=request_id, club_player_id=c.club_player_id, name=name)
    ]


@handles(ApproveSeatRequest)
def _approve(s: TournamentState, c: ApproveSeatRequest, ctx: Context) -> list[Event]:
    request = _open_request(s, c.request_id, "approve" if c.paid else "approve as waiting")
    if registered_entry(s, request.club_player_id) is not None:
        raise RegistrationError(
            f"{request.name} is registered already (at the door): nothing to approve",
            code="already_registered",
            params={"request_id": request.request_id},
        )
    holding = 1 if request.status is SeatRequestStatus.AT_THE_DOOR else 0
    check_taking_requests(s, holding=holding)
    if not c.paid:
        return [SeatRequestApproved(at=ctx.now, request_id=request.request_id)]
    pid = c.player_id or next_free_id(s)
    register = RegisterPlayer(
        player_id=pid, name=request.name, club_player_id=request.club_player_id
    )
    try:
        registered = HANDLERS[RegisterPlayer](s, register, ctx)
    except RegistrationError as error:
        if error.code != "details_required":
            raise
        raise RegistrationError(
            f"{request.name} cannot be registered from the lobby: {error.message}. Approve it "
            "to pay at the door and register them there with their details",
            code="details_required",
            params={**error.params, "request_id": request.request_id},
        ) from None
    approved = SeatRequestApproved(at=ctx.now, request_id=request.request_id, player_id=pid)
    return [approved, *registered]


@handles(DeclineSeatRequest)
def _decline(s: TournamentState, c: DeclineSeatRequest, ctx: Context) -> list[Event]:
    request = _open_request(s, c.request_id, "decline")
    reason = " ".join(c.reason.split())
    if len(reason) > REASON_MAX:
        raise RegistrationError(
            f"a reason is at most {REASON_MAX} characters (the player reads it on their phone)",
            code="reason_too_long",
            params={"max": REASON_MAX, "length": len(reason)},
        )
    return [SeatRequestDeclined(at=ctx.now, request_id=request.request_id, reason=reason)]


@handles(WithdrawSeatRequest)
def _withdraw(s: TournamentState, c: WithdrawSeatRequest, ctx: Context) -> list[Event]:
    request = _open_request(s, c.request_id, "withdraw")
    if request.club_player_id != c.club_player_id:
        raise RegistrationError(
            "only the player who asked may withdraw a request for a seat",
            code="not_your_request",
            params={"request_id": request.request_id},
        )
    return [SeatRequestWithdrawn(at=ctx.now, request_id=request.request_id)]


# --- folds ------------------------------------------------------------------------------------


def _with_request(s: TournamentState, request: SeatRequest) -> TournamentState:
    return s._replace(
        seat_requests=frozen_dict(s.seat_requests).updated({request.request_id: request})
    )


@folds(SeatRequested)
def _requested(s: TournamentState, e: SeatRequested) -> TournamentState:
    request = SeatRequest(
        request_id=e.request_id, club_player_id=e.club_player_id, name=e.name, requested_at=e.at
    )
    return _with_request(s, request)


@folds(SeatRequestApproved)
def _approved(s: TournamentState, e: SeatRequestApproved) -> TournamentState:
    status = SeatRequestStatus.AT_THE_DOOR if e.player_id is None else SeatRequestStatus.REGISTERED
    old = s.seat_requests[e.request_id]
    return _with_request(s, replace(old, status=status, decided_at=e.at, player_id=e.player_id))


@folds(SeatRequestDeclined)
def _declined(s: TournamentState, e: SeatRequestDeclined) -> TournamentState:
    old = s.seat_requests[e.request_id]
    new = replace(old, status=SeatRequestStatus.DECLINED, decided_at=e.at, reason=e.reason)
    return _with_request(s, new)


@folds(SeatRequestWithdrawn)
def _withdrawn(s: TournamentState, e: SeatRequestWithdrawn) -> TournamentState:
    old = s.seat_requests[e.request_id]
    return _with_request(s, replace(old, status=SeatRequestStatus.WITHDRAWN, decided_at=e.at))


# --- the log ----------------------------------------------------------------------------------


def _who(s: TournamentState, request_id: str) -> str:
    request = s.seat_requests.get(request_id)
    return "a player" if request is None else request.name


@describes(SeatRequested)
def _requested_line(e: SeatRequested, s: TournamentState) -> str:
    return f"{e.name} asked for a seat from the lobby"


@describes(SeatRequestApproved)
def _approved_line(e: SeatRequestApproved, s: TournamentState) -> str:
    if e.player_id is None:
        return f"{_who(s, e.request_id)}'s request for a seat approved: to pay at the door"
    return f"{_who(s, e.request_id)}'s request for a seat approved, paid"


@describes(SeatRequestDeclined)
def _declined_line(e: SeatRequestDeclined, s: TournamentState) -> str:
    why = f" ({e.reason})" if e.reason else ""
    return f"{_who(s, e.request_id)}'s request for a seat declined{why}"


@describes(SeatRequestWithdrawn)
def _withdrawn_line(e: SeatRequestWithdrawn, s: TournamentState) -> str:
    return f"{_who(s, e.request_id)} withdrew their request for a seat"


__all__ = [
    "ApproveSeatRequest",
    "DeclineSeatRequest",
    "RequestSeat",
    "SeatRequestApproved",
    "SeatRequestDeclined",
    "SeatRequestWithdrawn",
    "SeatRequested",
    "WithdrawSeatRequest",
    "check_taking_requests",
    "held_at_door",
    "next_free_id",
    "registered_entry",
]
