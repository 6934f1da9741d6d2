"""A satellite's tickets over HTTP (issue 29), for the signed-in director: the seats it
awarded and whether each paid an entry at its target, both ledgers reconciled; a target's
entries paid by ticket. A ticket is redeemed through the command route (``register_player``
with a ``ticket``), checked against the satellite's log by the service
(`pitboss.service.ticket_checks`); the console's door offers the winners' tickets from here.
"""

from __future__ import annotations

from fastapi import APIRouter

from pitboss.server.deps import DirectorDep, HubDep
from pitboss.server.hub import Hub
from pitboss.server.models import Payload
from pitboss.service.ticket_checks import checked, tickets
from pitboss.tournament.registry import Command
from pitboss.tournament.state import TournamentState

router = APIRouter(prefix="/api", tags=["satellites"])


class TicketItem(Payload):
    """A seat the satellite awarded: its ticket, its winner, and its use at the target
    (``used`` null: the target's books could not be read)."""

    ticket_id: str
    player_id: str
    name: str
    value_cents: int
    used: bool | None
    used_by: str | None
    used_by_name: str | None


class TakenTicket(Payload):
    """An entry a target took by ticket (``standing``: not out of the tournament)."""

    player_id: str
    name: str
    satellite: str
    satellite_name: str
    ticket_id: str
    standing: bool


class Reconciliation(Payload):
    """The satellite's tickets against the target's books, in cents; ``problems`` in words."""

    satellite: str
    target: str
    seat_value_cents: int
    seats: int
    awarded_cents: int
    redeemed_cents: int
    outstanding_cents: int
    satellite_tickets_cents: int
    target_tickets_cents: int
    target_ticket_entries_cents: int
    problems: list[str]
    agrees: bool


class Tickets(Payload):
    """A tournament's tickets: as a satellite (``awarded``, reconciled with its target), as a
    target (``taken``)."""

    stream: str
    name: str
    is_satellite: bool
    seat_value_cents: int
    target: str | None
    target_name: str | None
    awarded: list[TicketItem]
    reconciliation: Reconciliation | None
    taken: list[TakenTicket]


def through_satellites(hub: Hub, stream: str, command: Command) -> Command:
    """A ``register_player`` with a ticket takes its winner's name and club record from the
    satellite's log before the club sees it (`pitboss.server.club_api.through_club`), so a
    winner is not given a new record; the service checks it again when it is decided.

    Raises:
        PitbossError: the ticket or target refused (`pitboss.service.ticket_checks.checked`).
    """
    live = hub.tournament(stream)

    def read(other: str) -> TournamentState:
        return hub.tournament(other).state

    return checked(command, state=live.state, stream=stream, read=read)


@router.get("/tournaments/{stream}/tickets")
def tournament_tickets(stream: str, hub: HubDep, _: DirectorDep) -> Tickets:
    """The seats a satellite awarded as tickets and their use at its target, with both
    ledgers reconciled to the cent; the entries a target took by ticket."""
    live = hub.tournament(stream)

    def read(other: str) -> TournamentState:
        return hub.tournament(other).state

    found = tickets(live.state, stream=stream, read=read)
    books = found.reconciliation
    return Tickets(
        stream=found.stream,
        name=found.name,
        is_satellite=found.is_satellite,
        seat_value_cents=found.seat_value_cents,
        target=found.target,
        target_name=found.target_name,
        awarded=[
            TicketItem(
                ticket_id=t.ticket_id,
                player_id=t.player_id,
                name=t.name,
                value_cents=t.value_cents,
                used=t.used,
                used_by=t.used_by,
                used_by_name=t.used_by_name,
            )
            for t in found.awarded
        ],
        reconciliation=None
        if books is None
        else Reconciliation(
            satellite=books.satellite,
            target=books.target,
            seat_value_cents=books.seat_value_cents,
            seats=books.seats,
            awarded_cents=books.awarded_cents,
            redeemed_cents=books.redeemed_cents,
            outstanding_cents=books.outstanding_cents,
            satellite_tickets_cents=books.satellite_tickets_cents,
            target_tickets_cents=books.target_tickets_cents,
            target_ticket_entries_cents=books.target_ticket_entries_cents,
            problems=list(books.problems),
            agrees=books.agrees,
        ),
        taken=[
            TakenTicket(
                player_id=t.player_id,
                name=t.name,
                satellite=t.satellite,
                satellite_name=t.satellite_name,
                ticket_id=t.ticket_id,
                standing=t.standing,
            )
            for t in found.taken
        ],
    )


__all__ = ["router", "through_satellites"]
