"""A satellite's seats and the tickets taken at a target's door (issue 29), read from the state.

The seats to award are ``prize pool // seat value`` (the pool with any guarantee's overlay),
never more than the entries (`seats_of`). Each place's prize is a seat's value for places
1..seats plus the cash remainder by the house's setting (`satellite_prizes`,
`pitboss.rules.satellite.SatelliteRemainder`), so the prizes add up to the pool as every
payout does and a place's award is its seat (a ticket, paid out of the pool apart from cash)
and its cash. A seat is a ticket only to a player whose places all lie within the seats: players
out on one hand who share places across the last seat (TDA RP-8A; equal stacks, RULES §5.15)
cannot share a ticket, so they share those places' prizes as money (`ticket_cents`).

When the players left equal the seats and nobody can come back or buy in any more
(`pitboss.tournament.model.windows.pool_is_final`), every player left and every player out
within the seats wins a ticket (`seats_due`); the satellite ends there, or the survivors play
on for the cash (`pitboss.rules.satellite.SeatsReached`).

At a target's door a ticket pays one entry, buy-in and fee (WSOP 2015 rule 38: Buy-In Chips
"applied toward Tournament buy-ins"); the target remembers which entry each ticket paid, so a
ticket is used once (`check_ticket_unused`), and a ticket entry withdrawn before the start
gets its ticket back, not cash (`with_ticket_returned`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from pitboss.errors import RegistrationError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import PlayerId
from pitboss.money import split_amount
from pitboss.rules.satellite import SatelliteRemainder, SatelliteRules, SeatsReached
from pitboss.tournament.model import windows
from pitboss.tournament.model.eliminations import finishing_places
from pitboss.tournament.model.tickets import TicketRef, TicketWon
from pitboss.tournament.state import Phase, TournamentState

PayoutTable = Callable[[int, int], tuple[int, ...]]
"""The house's payout table: ``(pool, entrants) -> prizes`` (rounded by the house's unit)."""


def seat_value(s: TournamentState) -> int:
    """One seat's value in cents; 0 when this is not a satellite."""
    return s.rules.tournament.satellite.seat_value_cents


def seats_of(s: TournamentState) -> int:
    """The seats this satellite awards now: the prize pool divided by a seat's value, never
    more than the entries (0: not a satellite, or a pool short of one seat)."""
    rules = s.rules.tournament.satellite
    return seat_places(rules, s.prize_pool_cents, s.entries) if rules.is_satellite else 0


def satellite_prizes(
    rules: SatelliteRules, pool: int, entrants: int, table: PayoutTable
) -> tuple[int, ...]:
    """Each place's prize, first place first: a seat's value for places 1..seats, plus the
    cash remainder ``pool - seats x value`` as ``remainder`` says. A pool short of one seat is
    paid in cash by the payout table, as a tournament without seats (GGPoker: a satellite
    that awards no seat pays "as per the regular payout structure"). With no place below the
    seats (every entrant has one), the remainder is shared by the seat winners."""
    value = rules.seat_value_cents
    seats = seat_places(rules, pool, entrants)
    if seats == 0:
        return table(pool, entrants)
    rest = pool - seats * value
    if rest == 0:
        return (value,) * seats
    how = rules.remainder
    if rules.players_left_equal_seats is SeatsReached.PLAY_ON:
        cash = table(rest, seats)
        return tuple(value + c for c in (*cash, *(0,) * (seats - len(cash))))
    if how is SatelliteRemainder.SHARED or seats == entrants:
        return tuple(value + c for c in split_amount(rest, [1] * seats))
    if how is SatelliteRemainder.NEXT_PLACE:
        return (*(value,) * seats, rest)
    return (*(value,) * seats, *table(rest, entrants - seats))


def seat_places(rules: SatelliteRules, pool: int, entrants: int) -> int:
    """The places that win a seat: ``pool // seat value``, at most ``entrants`` (0: not a
    satellite, or a pool short of one seat)."""
    value = rules.seat_value_cents
    return 0 if value <= 0 else min(pool // value, entrants)


def ticket_cents(s: TournamentState, first: int, last: int, *, in_deal: bool = False) -> int:
    """The part of places ``first``..``last``'s prize paid as a ticket: a seat's value when
    every place they cover is a seat, else 0 (a tie across the last seat shares money; a deal
    divides money, RULES §3.9)."""
    value = seat_value(s)
    if value <= 0 or in_deal or last > seats_of(s):
        return 0
    return value


def seats_due(s: TournamentState, now: int) -> tuple[tuple[TicketWon, ...], tuple[PlayerId, ...]]:
    """The tickets to award now and the players left who win them: when this satellite's
    players left are no more than its seats, the pool is final and none were awarded yet;
    ``((), ())`` otherwise. Tickets go by place (the players left first, in registration
    order, then the players out within the seats), ``T1``, ``T2`` ..."""
    if s.phase is not Phase.RUNNING or s.satellite.tickets:
        return (), ()
    seats = seats_of(s)  # 0 at once for a tournament that is not a satellite
    if seats == 0 or s.players_left > seats or not windows.pool_is_final(s, now):
        return (), ()
    left = s.remaining_players()
    shares = s.rules.tournament.seating.hand_for_hand_shares_same_table
    placed = finishing_places(s.busts, len(left), h4h_shares_same_table=shares)
    out = [p.player_id for p in placed if p.last <= seats]
    value = seat_value(s)
    tickets = tuple(
        TicketWon(ticket_id=f"T{n}", player_id=pid, value_cents=value)
        for n, pid in enumerate((*left, *out), start=1)
    )
    return tickets, left


def ends_at_seats(s: TournamentState, survivors: int) -> bool:
    """Whether awarding the seats ends the satellite: the house ends it there (the default)
    and more than one player is left (one player left is the winner, KY 3)."""
    mode = s.rules.tournament.satellite.players_left_equal_seats
    return mode is SeatsReached.END and survivors > 1


# --- at the target's door -----------------------------------------------------------------------


def check_ticket_unused(s: TournamentState, ticket: TicketRef) -> None:
    """A ticket pays one entry: refused if it paid one here already (even without the service,
    which checks it against the satellite's own log).

    Raises:
        RegistrationError: ``ticket_used``.
    """
    used = s.satellite.used_by(ticket.key)
    if used is not None:
        raise RegistrationError(
            f"{ticket.words()} has been used already: it paid {s.players[used].name}'s entry "
            "here, and a ticket pays one entry",
            code="ticket_used",
            params={"satellite": ticket.satellite, "ticket_id": ticket.ticket_id},
        )


def with_ticket_entry(
    state: TournamentState, pid: PlayerId, ticket: TicketRef, cents: int
) -> TournamentState:
    """The state after ``pid``'s entry (``cents``: its buy-in and fee) was paid by ``ticket``:
    the ledger counts it as paid by ticket, and the ticket is in use."""
    book = state.satellite
    ledger = replace(state.ledger, tickets_in_cents=state.ledger.tickets_in_cents + cents)
    redeemed = frozen_dict(book.redeemed).updated({pid: ticket})
    return state._replace(ledger=ledger, satellite=book._replace(redeemed=redeemed))


def with_ticket_returned(state: TournamentState, pid: PlayerId, cents: int) -> TournamentState:
    """The state after ``pid``'s entry was taken back before the start: if a ticket paid it,
    the refund (``cents``) is that ticket given back, free to pay an entry again."""
    book = state.satellite
    if pid not in book.redeemed:
        return state
    ledger = state.ledger
    ledger = replace(ledger, tickets_returned_cents=ledger.tickets_returned_cents + cents)
    redeemed = frozen_dict(book.redeemed).without(pid)
    return state._replace(ledger=ledger, satellite=book._replace(redeemed=redeemed))


__all__ = [
    "PayoutTable",
    "check_ticket_unused",
    "ends_at_seats",
    "satellite_prizes",
    "seat_places",
    "seat_value",
    "seats_due",
    "seats_of",
    "ticket_cents",
    "with_ticket_entry",
    "with_ticket_returned",
]
