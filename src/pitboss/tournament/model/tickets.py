"""Tickets (issue 29): the values a satellite and its target keep, in the state.

A satellite awards seats as tickets (`TicketWon`, each with a stable id, ``T1``, ``T2`` ... in
the order of the places); its target takes a ticket at the door for an entry (`TicketRef`: the
satellite's tournament id and the ticket's id there, as the door names it). `SatelliteBook` is
the state's record of both: the target this satellite's seats are for, the tickets it awarded,
the players left who won them when it ended at the seats, and, as a target, which entries were
paid by which ticket (so a ticket is used once, whatever the service saw). Nothing here reads
the state: `pitboss.tournament.model.satellite_seats` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Annotated, NamedTuple

from pitboss.frozen_map import EMPTY_DICT
from pitboss.ids import PlayerId
from pitboss.validation import MAY_BE_BLANK


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketRef:
    """A ticket at the target's door: the satellite's tournament id and the ticket's id there
    (``T3``). ``satellite_name`` is the satellite's own name, written in by the service from
    the satellite's log (what a door types there is not trusted)."""

    satellite: str
    ticket_id: str
    satellite_name: Annotated[str, MAY_BE_BLANK] = ""

    @property
    def key(self) -> str:
        """``<satellite id>/<ticket id>``: one ticket anywhere."""
        return f"{self.satellite}/{self.ticket_id}"

    def words(self) -> str:
        """``ticket T3 of Monday Satellite`` (the satellite's id when its name is not known)."""
        return f"ticket {self.ticket_id} of {self.satellite_name or self.satellite}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketWon:
    """A seat a satellite awarded: the ticket's id, who won it, and what it is worth."""

    ticket_id: str
    player_id: PlayerId
    value_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Target:
    """The tournament a satellite's seats are for: its id (stream) and its name."""

    stream: str
    name: str = ""

    @property
    def label(self) -> str:
        """Its name, or its id while the name is not known."""
        return self.name or self.stream


class SatelliteBook(NamedTuple):
    """A tournament's tickets: as a satellite, its target, the tickets it awarded and the
    players left when it ended at the seats (they share places 1..N); as a target, the
    entries paid by a ticket (entry -> ticket) still standing."""

    target: Target | None = None
    tickets: tuple[TicketWon, ...] = ()
    ended_with: tuple[PlayerId, ...] = ()
    redeemed: Mapping[PlayerId, TicketRef] = EMPTY_DICT

    def ticket_of(self, pid: PlayerId) -> TicketWon | None:
        """The ticket ``pid`` won here, if any."""
        return next((t for t in self.tickets if t.player_id == pid), None)

    def used_by(self, key: str) -> PlayerId | None:
        """The entry a ticket (`TicketRef.key`) paid here, if it is in use."""
        return next((pid for pid, t in self.redeemed.items() if t.key == key), None)


NO_TICKETS = SatelliteBook()


__all__ = ["NO_TICKETS", "SatelliteBook", "Target", "TicketRef", "TicketWon"]
