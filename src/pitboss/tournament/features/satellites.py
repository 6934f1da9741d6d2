"""Satellites (issue 29): which tournament the seats are for, and the seats awarded as tickets.

The director names the target (`LinkSatellite`, its id and name; the service checks the
target in its own log: `pitboss.service.ticket_checks`). When the players left equal the seats
and the pool is final, the players left, and any player out within the seats, each win a
ticket with a stable id (`SeatsAwarded`, from `seats_awarded`, which the director's follow-up
runs after every bust-out): the tickets are prizes paid out of the pool, apart from cash
(`pitboss.tournament.model.ledger`), and the satellite ends there (Poker Dream's satellite
notes: "The tournament will finish when the remaining players equals the total prize seats")
or, the house's option, the survivors play on for the cash remainder
(`pitboss.rules.satellite`). A ticket is taken at the target's door by
`pitboss.tournament.features.registration` (``RegisterPlayer.ticket``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from pitboss.errors import TournamentError
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.satellite_seats import ends_at_seats, seats_due, seats_of
from pitboss.tournament.model.tickets import Target, TicketWon
from pitboss.tournament.model.words import joined, name_of, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import Phase, TournamentState
from pitboss.validation import MAY_BE_BLANK

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LinkSatellite(Command):
    """Name the tournament this satellite's seats are for: its id, and its name (the service
    reads the name from the target's own log and checks a seat pays its entry).

    Until the seats are awarded the target may be changed; after, only named if it was not.
    """

    target: str
    target_name: Annotated[str, MAY_BE_BLANK] = ""


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SatelliteLinked(Event):
    """The director named the tournament this satellite's seats are for."""

    at: int
    target: str
    target_name: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsAwarded(Event):
    """The players left equal the seats: each seat winner's ticket (its id, the winner, its
    value), paid out of the prize pool as a ticket. ``ended``: the satellite ends here, the
    players left (``players_left``) sharing places 1..N; otherwise they play on for the cash."""

    at: int
    tickets: tuple[TicketWon, ...]
    players_left: tuple[PlayerId, ...] = ()
    ended: bool = True


# --- folds ------------------------------------------------------------------------------------


@folds(SatelliteLinked)
def _linked(state: TournamentState, event: SatelliteLinked) -> TournamentState:
    target = Target(stream=event.target, name=event.target_name)
    return state._replace(satellite=state.satellite._replace(target=target))


@folds(SeatsAwarded)
def _awarded(state: TournamentState, event: SeatsAwarded) -> TournamentState:
    paid = sum(t.value_cents for t in event.tickets)
    ledger = replace(
        state.ledger, prizes_in_tickets_cents=state.ledger.prizes_in_tickets_cents + paid
    )
    book = state.satellite._replace(tickets=event.tickets)
    if not event.ended:
        return state._replace(ledger=ledger, satellite=book)
    return state._replace(
        ledger=ledger,
        satellite=book._replace(ended_with=event.players_left),
        phase=Phase.FINISHED,
        clock=clk.paused(state.clock, event.at),
    )


# --- rulings ----------------------------------------------------------------------------------


def seats_awarded(s: TournamentState, now: int) -> list[Event]:
    """The seats, once this satellite's players left equal them and the pool is final: a
    ticket each to the players left and to any player out within the seats; the satellite ends
    unless the house plays on (`pitboss.rules.satellite.SeatsReached`)."""
    tickets, left = seats_due(s, now)
    if not tickets:
        return []
    return [
        SeatsAwarded(at=now, tickets=tickets, players_left=left, ended=ends_at_seats(s, len(left)))
    ]


def _link(s: TournamentState, c: LinkSatellite, now: int) -> list[Event]:
    """The target named; refused for a tournament that awards no seats, or once the seats are
    awarded to another target (the tickets name it)."""
    if not s.rules.tournament.satellite.is_satellite:
        raise TournamentError(
            "this tournament is not a satellite: its prizes are money, not seats (set "
            "tournament.satellite.seat_value_cents in its rules)",
            code="not_a_satellite",
            params={"target": c.target},
        )
    if c.target.strip() != c.target:
        raise TournamentError(
            "a tournament's id has no spaces around it",
            code="bad_target",
            params={"target": c.target},
        )
    was = s.satellite.target
    if s.satellite.tickets and was is not None and was.stream != c.target:
        raise TournamentError(
            f"the seats are already awarded as tickets to {was.label}; the target cannot "
            "change any more",
            code="seats_already_awarded",
            params={"target": c.target, "was": was.stream},
        )
    return [SatelliteLinked(at=now, target=c.target, target_name=c.target_name.strip())]


@handles(LinkSatellite)
def _link_satellite(s: TournamentState, c: LinkSatellite, ctx: Context) -> list[Event]:
    return _link(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


def target_words(s: TournamentState) -> str:
    """``Main Event``, or ``the target tournament`` while none is named."""
    target = s.satellite.target
    return "the target tournament" if target is None else target.label


@describes(SatelliteLinked)
def _linked_line(e: SatelliteLinked, s: TournamentState) -> str:
    name = f"{e.target_name} ({e.target})" if e.target_name else e.target
    return f"This satellite's seats are for {name}"


@describes(SeatsAwarded)
def _awarded_line(e: SeatsAwarded, s: TournamentState) -> str:
    won = joined([f"{name_of(s, t.player_id)} ({t.ticket_id})" for t in e.tickets])
    value = format_money(e.tickets[0].value_cents) if e.tickets else format_money(0)
    seats = plural(len(e.tickets), "seat")
    rest = s.prize_pool_cents - seats_of(s) * (e.tickets[0].value_cents if e.tickets else 0)
    left = plural(len(e.players_left), "player")
    if e.ended or len(e.players_left) <= 1:  # one player left: the winner follows
        head = f"{left} left for {plural(seats_of(s), 'seat')}: the satellite is over"
    else:
        cash = f" for the {format_money(rest)} left" if rest > 0 else ""
        head = f"{left} left for {plural(seats_of(s), 'seat')}: they play on{cash}"
    each = " each" if len(e.tickets) > 1 else ""
    return f"{head}; {seats} to {target_words(s)} ({value}{each}) won by {won}"


__all__ = ["LinkSatellite", "SatelliteLinked", "SeatsAwarded", "seats_awarded", "target_words"]
