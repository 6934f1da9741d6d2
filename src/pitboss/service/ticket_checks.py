"""Satellites across two tournaments (issue 29): what only the other tournament's log can say.

The core decides each tournament alone and stays pure, so what a command needs from another
stream is checked here, before it is decided (`checked`, which `LiveTournament.execute` runs
on every command, like `pitboss.service.club` reads the club's streams):

- ``link_satellite``: the target exists in this store, is not the satellite itself and is
  not over, and one seat pays exactly its entry (buy-in and fee: WSOP 2015 rule 38's Buy-In
  Chips pay an event's buy-in); its name is written into the command from its own log.
- ``register_player`` with a ``ticket``: the satellite exists, is a satellite, names this
  tournament as its target, has awarded its seats, and awarded that ticket, worth this
  tournament's entry; the ticket is its winner's (THC 1: no transfers), so the entry takes
  the winner's name and club record, and the satellite's name for the log. A ticket used
  already is refused by the target's own state (`pitboss.tournament.model.satellite_seats`), so a
  second use is refused even without this check.

Every refusal is a `PitbossError` in a person's words, and nothing is written. `tickets`
lists a tournament's tickets for the API, the console and the CLI: the seats a satellite
awarded and whether each was used at its target, with both ledgers reconciled
(`pitboss.tournament.reading.ticket_books`), and the entries a target took by ticket.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from pitboss.club.log import is_club_stream
from pitboss.errors import PitbossError, RegistrationError, TournamentError
from pitboss.money import format_money
from pitboss.tournament.features.registration import RegisterPlayer
from pitboss.tournament.features.satellites import LinkSatellite
from pitboss.tournament.model.satellite_seats import seats_of
from pitboss.tournament.model.tickets import TicketRef
from pitboss.tournament.reading.ticket_books import (
    Reconciliation,
    TicketLine,
    reconcile,
    ticket_lines,
)
from pitboss.tournament.registry import Command
from pitboss.tournament.state import Phase, TournamentState

Reader = Callable[[str], TournamentState]
"""Another tournament of the store as it stands now, by its id (its stream)."""


def checked(command: Command, *, state: TournamentState, stream: str, read: Reader) -> Command:
    """``command`` for the tournament ``stream`` (its state ``state``), with what another
    tournament's log says checked and written in; other commands as they are.

    Raises:
        TournamentError: a target refused (``link_satellite``).
        RegistrationError: a ticket refused (``register_player``).
    """
    if isinstance(command, LinkSatellite):
        return _checked_link(command, state=state, stream=stream, read=read)
    if isinstance(command, RegisterPlayer) and command.ticket is not None:
        return _checked_ticket(command, command.ticket, state=state, stream=stream, read=read)
    return command


def _other(read: Reader, stream: str, what: str, code: str) -> TournamentState:
    """Tournament ``stream`` (``what`` it should be, for the message).

    Raises:
        RegistrationError: ``code``: no tournament has that id here.
    """
    if not is_club_stream(stream):
        try:
            return read(stream)
        except PitbossError:
            pass
    raise RegistrationError(
        f"there is no tournament {stream!r} here for {what}: check its id (the tournament "
        "list shows every one)",
        code=code,
        params={"stream": stream[:64]},
    )


def _checked_link(
    command: LinkSatellite, *, state: TournamentState, stream: str, read: Reader
) -> LinkSatellite:
    if command.target == stream:
        raise TournamentError(
            "a satellite awards seats in another tournament, not in itself: name the target's id",
            code="target_is_itself",
            params={"target": command.target},
        )
    target = _other(read, command.target, "the satellite's seats", "unknown_target")
    if target.phase is Phase.FINISHED:
        raise TournamentError(
            f"{target.name} is over: its seats cannot be won any more",
            code="target_over",
            params={"target": command.target},
        )
    value = state.rules.tournament.satellite.seat_value_cents
    price = target.rules.tournament.entry.entry_cents
    if value and value != price:
        raise TournamentError(
            f"a seat of this satellite is worth {format_money(value)}, but an entry to "
            f"{target.name} costs {format_money(price)} (buy-in and fee): a ticket pays one "
            "entry, so the two must be equal",
            code="seat_value_mismatch",
            params={"target": command.target, "seat_value_cents": value, "entry_cents": price},
        )
    return dataclasses.replace(command, target_name=target.name)


def _checked_ticket(
    command: RegisterPlayer,
    ticket: TicketRef,
    *,
    state: TournamentState,
    stream: str,
    read: Reader,
) -> RegisterPlayer:
    params: dict[str, object] = {"satellite": ticket.satellite[:64], "ticket_id": ticket.ticket_id}
    if ticket.satellite == stream:
        raise RegistrationError(
            "a ticket is won in a satellite and pays an entry to another tournament, not to "
            "the satellite itself",
            code="ticket_for_another_tournament",
            params=params,
        )
    sat = _other(read, ticket.satellite, "this ticket's satellite", "unknown_satellite")
    target = sat.satellite.target
    if not sat.rules.tournament.satellite.is_satellite:
        raise RegistrationError(
            f"{sat.name} is not a satellite: its prizes are money, so it has no tickets",
            code="not_a_satellite",
            params=params,
        )
    if target is None:
        raise RegistrationError(
            f"{sat.name} does not say which tournament its seats are for: link it to "
            f"{state.name} first (link_satellite)",
            code="satellite_has_no_target",
            params=params,
        )
    if target.stream != stream:
        raise RegistrationError(
            f"ticket {ticket.ticket_id} of {sat.name} is a seat in {target.label}, not in "
            f"{state.name}",
            code="ticket_for_another_tournament",
            params={**params, "target": target.stream},
        )
    if not sat.satellite.tickets:
        raise RegistrationError(
            f"{sat.name} has not awarded its seats yet ({sat.players_left} players left"
            f"{_for_seats(sat)}): a ticket can be used once its satellite has ended at the "
            "seats",
            code="satellite_not_finished",
            params=params,
        )
    won = next((t for t in sat.satellite.tickets if t.ticket_id == ticket.ticket_id), None)
    if won is None:
        listed = ", ".join(
            f"{t.ticket_id} ({sat.players[t.player_id].name})" for t in sat.satellite.tickets
        )
        raise RegistrationError(
            f"{sat.name} has no ticket {ticket.ticket_id!r}; its tickets are {listed}",
            code="unknown_ticket",
            params={**params, "tickets": [t.ticket_id for t in sat.satellite.tickets]},
        )
    price = state.rules.tournament.entry.entry_cents
    if won.value_cents != price:
        raise RegistrationError(
            f"ticket {won.ticket_id} of {sat.name} is worth {format_money(won.value_cents)}, "
            f"but an entry here costs {format_money(price)} (buy-in and fee)",
            code="ticket_value_mismatch",
            params={**params, "value_cents": won.value_cents, "entry_cents": price},
        )
    winner = sat.players[won.player_id]
    given = command.club_player_id
    if given is not None and winner.club_player_id is not None and given != winner.club_player_id:
        raise RegistrationError(
            f"ticket {won.ticket_id} of {sat.name} was won by {winner.name}: a seat is the "
            "winner's own and cannot be passed on (THC 1: no transfers)",
            code="ticket_not_theirs",
            params=params,
        )
    return dataclasses.replace(
        command,
        name=winner.name,
        club_player_id=given or winner.club_player_id,
        ticket=dataclasses.replace(ticket, satellite_name=sat.name),
    )


def _for_seats(sat: TournamentState) -> str:
    seats = seats_of(sat)
    return f" for {seats} seat{'s' if seats != 1 else ''}" if seats else ""


# --- listing ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TakenTicket:
    """An entry a target took by ticket: whose, and which ticket of which satellite."""

    player_id: str
    name: str
    satellite: str
    satellite_name: str
    ticket_id: str
    standing: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Tickets:
    """A tournament's tickets: as a satellite, the seats it awarded (``awarded``, used or
    not at ``target``, with the two ledgers reconciled when the target could be read); as a
    target, the entries it took by ticket (``taken``)."""

    stream: str
    name: str
    is_satellite: bool
    seat_value_cents: int
    target: str | None
    target_name: str | None
    awarded: tuple[TicketLine, ...]
    reconciliation: Reconciliation | None
    taken: tuple[TakenTicket, ...]


def tickets(state: TournamentState, *, stream: str, read: Reader) -> Tickets:
    """``stream``'s tickets (its state ``state``), its target read through ``read``."""
    book = state.satellite
    target_state: TournamentState | None = None
    if book.target is not None:
        try:
            target_state = read(book.target.stream)
        except PitbossError:
            target_state = None  # the target is not in this store any more: use unknown
    lines = ticket_lines(state, stream=stream, target=target_state)
    return Tickets(
        stream=stream,
        name=state.name,
        is_satellite=state.rules.tournament.satellite.is_satellite,
        seat_value_cents=state.rules.tournament.satellite.seat_value_cents,
        target=None if book.target is None else book.target.stream,
        target_name=None if book.target is None else book.target.label,
        awarded=lines,
        reconciliation=None
        if target_state is None
        else reconcile(state, target_state, stream=stream),
        taken=tuple(
            TakenTicket(
                player_id=pid,
                name=state.players[pid].name,
                satellite=ref.satellite,
                satellite_name=ref.satellite_name or ref.satellite,
                ticket_id=ref.ticket_id,
                standing=not state.is_out(pid),
            )
            for pid, ref in book.redeemed.items()
        ),
    )


__all__ = ["Reader", "TakenTicket", "Tickets", "checked", "tickets"]
