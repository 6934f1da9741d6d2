"""A multi-flight event over HTTP (issue 29), for the director.

A flight is named, bagged and carried through the tournament's own command route
(``open_flight``, ``bag_flight``, ``carry_flight``; docs/commands.md). Here: a flight's bags and
pools (``GET /api/flights/{id}``), Day 2 made from bagged flights (``POST
/api/flights/day-two``: the service reads the flights' logs, `pitboss.service.multi_flight`),
and Day 2's provenance checked against the flights' logs (``GET
/api/flights/{id}/provenance``); the page ``/t/{id}/flight`` shows either, plainly.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, Response
from pydantic import Field

from pitboss.server.deps import DirectorDep, HubDep, OptionalSessionDep
from pitboss.server.hub import Hub
from pitboss.server.models import Payload
from pitboss.server.pages import _to_sign_in, render
from pitboss.service.audit import log_lines
from pitboss.service.multi_flight import MultiFlight

router = APIRouter(tags=["flights"])

Id = Annotated[str, Path(max_length=64)]


# --- models ----------------------------------------------------------------------------------


class BagRow(Payload):
    """One bag: the survivor (their id in the flight, the club's record), the chips, where
    they sat, and where the count comes from."""

    entry_id: str
    name: str
    chips: int
    club_player_id: str | None
    table: int | None
    seat: int | None
    source: str


class FlightBody(Payload):
    """A flight: its pool, what it paid its own places, what it carried to Day 2, its bags
    (largest first) and the Day 2 they went to."""

    event: str
    flight: str
    bagged: bool
    bagged_at: str
    early: bool
    entries: int
    prize_pool_cents: int
    paid_here_cents: int
    carried_out_cents: int
    resume_level: int
    chips: int
    bags: list[BagRow]
    day_two: str | None
    day_two_name: str


class DayTwoPlayerRow(Payload):
    """A Day 2 player and the bag they came in with."""

    player_id: str
    flight: str
    stream: str
    bag: BagRow


class LeftOutRow(Payload):
    """A bag left out, and the bag its person kept."""

    flight: str
    bag: BagRow
    kept_flight: str
    kept_chips: int


class FlightPoolRow(Payload):
    """One flight's part of Day 2, as Day 2 took it and as the flight's log says (null: the
    log was not read)."""

    stream: str
    flight: str
    entries: int
    carried_cents: int
    bags: int
    chips: int
    flight_entries: int | None
    flight_carried_cents: int | None
    flight_bags: int | None
    flight_chips: int | None


class ProvenanceBody(Payload):
    """Day 2's provenance and whether every number adds up (``problems``: what does not)."""

    event: str
    resume_level: int
    players: list[DayTwoPlayerRow]
    left_out: list[LeftOutRow]
    flights: list[FlightPoolRow]
    entries: int
    carried_cents: int
    carried_in_cents: int
    prize_pool_cents: int
    chips_bagged: int
    chips_left_out: int
    chips_carried_in: int
    problems: list[str]
    adds_up: bool


class NewDayTwo(Payload):
    """Day 2 to make: the bagged flights (tournament ids), its name, optionally its id, the
    names confirmed as one person or as different people, the level play resumes at."""

    flights: list[str] = Field(min_length=1, max_length=64)
    name: str = Field(min_length=1, max_length=200)
    id: str | None = Field(default=None, max_length=64)
    same_person: list[str] = Field(default_factory=list, max_length=1_000)
    different_people: list[str] = Field(default_factory=list, max_length=1_000)
    resume_level: int | None = Field(default=None, ge=1, le=10_000)


class DayTwoMade(Payload):
    """The Day 2 made: its id and name, and its log so far in words."""

    id: str
    name: str
    players: int
    log: list[str]


# --- the service -----------------------------------------------------------------------------


def _event(hub: Hub) -> MultiFlight:
    """The event's service over the hub's tournaments (a flight's write wakes its screens)."""
    return MultiFlight(hub.service, opener=hub.tournament)


def _plain(value: Any) -> dict[str, Any]:
    """A reading's dataclass as JSON values (lists, not tuples)."""
    data: dict[str, Any] = json.loads(json.dumps(asdict(value)))
    return data


def _flight(hub: Hub, stream: str) -> FlightBody:
    return FlightBody.model_validate(_plain(_event(hub).flight(stream)))


def _provenance(hub: Hub, stream: str) -> ProvenanceBody:
    seen = _event(hub).provenance(stream)
    return ProvenanceBody.model_validate({**_plain(seen), "adds_up": seen.adds_up})


@router.get("/api/flights/{stream}")
async def flight(stream: Id, hub: HubDep, _: DirectorDep) -> FlightBody:
    """A flight's bags and pools as its log has them now."""
    return await run_in_threadpool(_flight, hub, stream)


@router.get("/api/flights/{stream}/provenance")
async def provenance(stream: Id, hub: HubDep, _: DirectorDep) -> ProvenanceBody:
    """Day 2's players with their bags and flights, each flight's pool, checked against the
    flights' own logs."""
    return await run_in_threadpool(_provenance, hub, stream)


def _day_two(hub: Hub, body: NewDayTwo) -> DayTwoMade:
    made = _event(hub).start_day_two(
        body.flights,
        body.name,
        same_person=body.same_person,
        different_people=body.different_people,
        resume_level=body.resume_level,
        stream=body.id,
    )
    live = hub.tournament(made.stream)  # the hub keeps it open and tells its screens
    live.refresh()
    return DayTwoMade(
        id=made.stream,
        name=made.state.name,
        players=len(made.state.players),
        log=[line.text for line in log_lines(live)],
    )


@router.post("/api/flights/day-two", status_code=201)
async def day_two(body: NewDayTwo, hub: HubDep, _: DirectorDep) -> DayTwoMade:
    """Make Day 2 from bagged flights: a random seat draw, the bags as stacks, the flights'
    pools carried in; each flight records the Day 2 its bags went to."""
    return await run_in_threadpool(_day_two, hub, body)


@router.get("/t/{stream}/flight", response_class=HTMLResponse, include_in_schema=False)
async def flight_page(
    request: Request, stream: Id, hub: HubDep, session: OptionalSessionDep
) -> Response:
    """A flight's bags, or a Day 2's provenance, for the director."""
    if session is None:
        return _to_sign_in(request)
    live = await run_in_threadpool(hub.tournament, stream)
    state = live.current()[0]
    if state.day_two is not None:
        seen = await run_in_threadpool(_event(hub).provenance, stream)
        return render(request, "flight.html", stream=stream, title=state.name, provenance=seen)
    view = None if state.flight is None else await run_in_threadpool(_event(hub).flight, stream)
    return render(request, "flight.html", stream=stream, title=state.name, view=view)


__all__ = ["router"]
