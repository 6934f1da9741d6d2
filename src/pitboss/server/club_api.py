"""The club's players over HTTP (issue 28): the door's type-ahead, records, merges, the
public-profile opt-in and a player's page data, all for the signed-in director only.

Registering at the door copies nothing by hand: `through_club` is what the director's command
route does with a ``register_player``: a ``club_player_id`` takes its name from the record (a
merged-away id the survivor's); a new name typed at the door gets a new record, so next week
the type-ahead finds them. Private details never appear in these answers except the one
director-only ``/private`` route, which is not cached.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import Annotated

from fastapi import APIRouter, Query, Request, Response
from fastapi.concurrency import run_in_threadpool

from pitboss.club import players as club
from pitboss.club.players import ClubPlayer
from pitboss.errors import ClubError, PitbossError
from pitboss.ids import ClubPlayerId
from pitboss.server.club_services import SeasonPoints, club_of, points_by_season
from pitboss.server.deps import DirectorDep
from pitboss.server.models import Payload
from pitboss.service.club import ClubService, PlayerHistory
from pitboss.tournament.features.registration import RegisterPlayer
from pitboss.tournament.registry import Command

router = APIRouter(prefix="/api/club", tags=["club"])
log = logging.getLogger(__name__)


# --- models ----------------------------------------------------------------------------------


class ClubPlayerLine(Payload):
    """A club player's record (no private detail)."""

    id: str
    name: str
    display_name: str
    membership: str | None
    public_profile: bool
    last_seen: int


class NewClubPlayer(Payload):
    """A record to make."""

    name: str
    display_name: str = ""
    membership: str | None = None


class Rename(Payload):
    """A new name and/or display name (absent: unchanged; ``""`` clears the display name)."""

    name: str | None = None
    display_name: str | None = None


class Merge(Payload):
    """Merge record ``from_id`` into record ``into_id``."""

    from_id: str
    into_id: str


class PublicProfile(Payload):
    """The person's opt-in (true) or opt-out (false) of a public profile."""

    public: bool


class Membership(Payload):
    """A membership number (null or blank takes it away)."""

    membership: str | None


class PrivateClubDetails(Payload):
    """A club player's private details (THC 1) and contact: the director's eyes only."""

    address: str | None = None
    email: str | None = None
    phone: str | None = None
    date_of_birth: str | None = None
    national_id: str | None = None
    driver_licence: str | None = None
    age_verified: bool = False
    contact: str | None = None


class NightLine(Payload):
    """One tournament the person played."""

    tournament: str
    name: str
    date: str
    played_as: str
    entries: int
    place: int | None
    place_last: int | None
    prize_cents: int
    paid_cents: int
    rebuys: int
    add_ons: int
    penalties: int
    finished: bool


class PlayerPage(Payload):
    """A player's page: their record, every night, and their points by season.

    ``points_by_season``: their place and points in every season they scored in, from the
    leagues' standings (`pitboss.server.club_services.points_by_season`)."""

    player: ClubPlayerLine
    merged_from: list[str]
    nights: list[NightLine]
    points_by_season: list[SeasonPoints]


# --- the service -----------------------------------------------------------------------------


def line_of(player: ClubPlayer) -> ClubPlayerLine:
    """The record as the API shows it."""
    return ClubPlayerLine(
        id=player.club_player_id,
        name=player.name,
        display_name=player.display_name,
        membership=player.membership,
        public_profile=player.public_profile,
        last_seen=player.last_seen,
    )


def page_of(history: PlayerHistory, seasons: list[SeasonPoints]) -> PlayerPage:
    """A player's page data from their history and their points by season."""
    return PlayerPage(
        player=line_of(history.player),
        merged_from=list(history.player.merged_from),
        nights=[
            NightLine(
                tournament=n.stream,
                name=n.name,
                date=n.date,
                played_as=n.played_as,
                entries=n.entries,
                place=n.place,
                place_last=n.place_last,
                prize_cents=n.prize_cents,
                paid_cents=n.paid_cents,
                rebuys=n.rebuys,
                add_ons=n.add_ons,
                penalties=n.penalties,
                finished=n.finished,
            )
            for n in history.nights
        ],
        points_by_season=seasons,
    )


# --- registering at the door ---------------------------------------------------------------


def through_club(request: Request, command: Command) -> tuple[Command, ClubPlayerId | None]:
    """A ``register_player`` linked to the club's record: with a ``club_player_id``, the name
    is the record's (following a merge); without one, a record is made for the name typed
    after the entry is accepted (`after_entry`): the id chosen now, the name checked now.
    Other commands pass through. The second value: the id of a record still to make.

    Raises:
        ClubError: ``unknown_club_player``, or the typed name refused by the club's checks.
    """
    if not isinstance(command, RegisterPlayer):
        return command, None
    service = club_of(request)
    roster = service.roster
    if command.club_player_id is not None:
        player = club.player_of(roster, command.club_player_id)
        return dataclasses.replace(
            command, name=player.name, club_player_id=player.club_player_id
        ), None
    new_id = service.new_id()
    club.record_player(roster, club_player_id=new_id, name=command.name, now=0)  # a dry run
    return dataclasses.replace(command, club_player_id=new_id), new_id


def after_entry(
    command: Command, new_id: ClubPlayerId | None, stream: str, club: ClubService
) -> None:
    """After a ``register_player`` was recorded (run once the answer is sent, so the door is
    never kept waiting): make a new person's record, and mark the person seen tonight (the
    type-ahead ranks them first next time). A failure is logged: the entry keeps its id."""
    if not isinstance(command, RegisterPlayer) or command.club_player_id is None:
        return
    try:
        club.entered(command.club_player_id, stream, new_name=command.name if new_id else None)
    except PitbossError as error:
        log.warning("the club's record of a registration was not saved: %s", error.message)


# --- routes ----------------------------------------------------------------------------------


@router.get("/players")
def find_players(
    request: Request,
    _: DirectorDep,
    q: Annotated[str, Query(max_length=200)] = "",
    limit: Annotated[int, Query(ge=1, le=50)] = 10,
) -> list[ClubPlayerLine]:
    """The door's type-ahead: returning players found by any part of a name, display name or
    membership number (accents and case ignored), word starts first, then the most recent."""
    return [line_of(p) for p in club_of(request).search(q, limit)]


@router.post("/players", status_code=201)
async def add_player(body: NewClubPlayer, request: Request, _: DirectorDep) -> ClubPlayerLine:
    """A new record."""
    service = club_of(request)
    made = await run_in_threadpool(
        service.add, body.name, display_name=body.display_name, membership=body.membership
    )
    return line_of(made)


@router.get("/players/{club_player_id}")
def player_page(club_player_id: str, request: Request, _: DirectorDep) -> PlayerPage:
    """A player's page data: the record, every tournament played in this store, and their
    place and points in every season."""
    history = club_of(request).history(club_player_id[:40])
    return page_of(history, points_by_season(request, history.player.club_player_id))


@router.post("/players/{club_player_id}/rename")
async def rename_player(
    club_player_id: str, body: Rename, request: Request, _: DirectorDep
) -> ClubPlayerLine:
    """A new name or display name; the nights played stay theirs."""
    service = club_of(request)
    renamed = await run_in_threadpool(
        service.rename, club_player_id[:40], name=body.name, display_name=body.display_name
    )
    return line_of(renamed)


@router.post("/players/{club_player_id}/membership")
async def set_membership(
    club_player_id: str, body: Membership, request: Request, _: DirectorDep
) -> ClubPlayerLine:
    """Give, change or take away a membership number."""
    service = club_of(request)
    changed = await run_in_threadpool(service.set_membership, club_player_id[:40], body.membership)
    return line_of(changed)


@router.post("/players/{club_player_id}/public-profile")
async def set_public_profile(
    club_player_id: str, body: PublicProfile, request: Request, _: DirectorDep
) -> ClubPlayerLine:
    """The person's opt-in to (or out of) a public profile on the league pages."""
    service = club_of(request)
    changed = await run_in_threadpool(service.set_public_profile, club_player_id[:40], body.public)
    return line_of(changed)


@router.post("/merges")
async def merge_players(body: Merge, request: Request, _: DirectorDep) -> ClubPlayerLine:
    """Two records of one person made one; the history follows the survivor."""
    service = club_of(request)
    merged = await run_in_threadpool(service.merge, body.from_id[:40], body.into_id[:40])
    return line_of(merged)


@router.get("/players/{club_player_id}/private")
def private_details(
    club_player_id: str, request: Request, response: Response, _: DirectorDep
) -> PrivateClubDetails:
    """The person's private details (THC 1), for the director only; not cached."""
    response.headers["Cache-Control"] = "no-store"
    return PrivateClubDetails.model_validate(club_of(request).private_details(club_player_id[:40]))


@router.put("/players/{club_player_id}/private")
async def put_private_details(
    club_player_id: str, request: Request, response: Response, _: DirectorDep
) -> PrivateClubDetails:
    """Keep the person's private details (what they consented to give); ``{}`` erases them."""
    body = await request.json()
    if not isinstance(body, dict):
        raise ClubError(
            "send the private details as a JSON object of fields",
            code="bad_private_detail",
            params={},
        )
    service = club_of(request)
    await run_in_threadpool(service.set_private_details, club_player_id[:40], body)
    response.headers["Cache-Control"] = "no-store"
    return PrivateClubDetails.model_validate(service.private_details(club_player_id[:40]))


__all__ = ["after_entry", "club_of", "router", "through_club"]
