"""A satellite's tickets and the books of the satellite and its target side by side (issue 29).

`ticket_lines` lists the seats a satellite awarded: each ticket's id, its winner, its value,
and, given the target's state, whether it paid an entry there and whose. `reconcile` checks
the two ledgers agree to the cent: the satellite paid its seats as tickets out of its pool
(``prizes_in_tickets``), the target took each ticket it was shown for one entry, and

    seats awarded x value == tickets redeemed x value + tickets outstanding x value,

every ticket the target took was one the satellite awarded, worth the target's entry (buy-in
and fee), used once; and the target's money taken by ticket is exactly what its ticket entries
standing paid. Money only: names and ids, never a private detail (THC 1).
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.tournament.model.entries import PlayerStatus
from pitboss.tournament.model.satellite_seats import seats_of
from pitboss.tournament.state import Phase, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class TicketLine:
    """A ticket the satellite awarded and, when the target is known, its use there."""

    ticket_id: str
    player_id: str
    name: str
    value_cents: int
    used: bool | None  # None: the target's books were not read
    used_by: str | None = None  # the target's entry it paid
    used_by_name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Reconciliation:
    """The satellite's tickets against its target's entries paid by them, in cents."""

    satellite: str
    target: str
    seat_value_cents: int
    seats: int
    tickets: tuple[TicketLine, ...]
    awarded_cents: int
    redeemed_cents: int
    outstanding_cents: int
    satellite_tickets_cents: int  # the satellite's ledger: prizes paid as tickets
    target_tickets_cents: int  # the target's ledger: entries paid by ticket, less given back
    target_ticket_entries_cents: int  # the target's standing ticket entries, at its price
    problems: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        """Both ledgers agree to the cent and every ticket used is one the satellite won."""
        return not self.problems


def ticket_lines(
    satellite: TournamentState, *, stream: str, target: TournamentState | None = None
) -> tuple[TicketLine, ...]:
    """The seats ``satellite`` (whose id is ``stream``) awarded, by ticket, with their use at
    ``target`` when its state is given."""
    used = {} if target is None else _used_at(target, stream)
    lines = []
    for t in satellite.satellite.tickets:
        by = used.get(t.ticket_id)
        lines.append(
            TicketLine(
                ticket_id=t.ticket_id,
                player_id=t.player_id,
                name=satellite.players[t.player_id].name,
                value_cents=t.value_cents,
                used=None if target is None else by is not None,
                used_by=by,
                used_by_name=None if by is None or target is None else target.players[by].name,
            )
        )
    return tuple(lines)


def _used_at(target: TournamentState, stream: str) -> dict[str, PlayerId]:
    """Ticket id -> the target's entry it paid, for ``stream``'s tickets."""
    return {
        ticket.ticket_id: pid
        for pid, ticket in target.satellite.redeemed.items()
        if ticket.satellite == stream
    }


def reconcile(
    satellite: TournamentState, target: TournamentState, *, stream: str
) -> Reconciliation:
    """The satellite ``stream``'s tickets reconciled with ``target``'s books (see the module)."""
    lines = ticket_lines(satellite, stream=stream, target=target)
    called = target.name or "the target"
    value = satellite.rules.tournament.satellite.seat_value_cents
    price = target.rules.tournament.entry.entry_cents
    awarded = sum(line.value_cents for line in lines)
    redeemed = sum(line.value_cents for line in lines if line.used)
    problems: list[str] = []
    paid_out = satellite.ledger.prizes_in_tickets_cents
    if paid_out != awarded:
        problems.append(
            f"the satellite's books pay {format_money(paid_out)} as tickets but its tickets "
            f"are worth {format_money(awarded)}"
        )
    won = {line.ticket_id for line in lines}
    for ticket_id, pid in sorted(_used_at(target, stream).items()):
        if ticket_id not in won:
            problems.append(
                f"{target.players[pid].name} entered {called} with ticket {ticket_id}, "
                "which the satellite did not award"
            )
    if lines and redeemed and value != price:
        problems.append(
            f"a seat is worth {format_money(value)} but an entry to {called} costs "
            f"{format_money(price)}"
        )
    standing = [
        pid
        for pid in target.satellite.redeemed
        if target.players[pid].status is PlayerStatus.ACTIVE
    ]
    ticket_entries = len(standing) * price
    led = target.ledger
    by_ticket = led.tickets_in_cents - led.tickets_returned_cents
    if by_ticket != ticket_entries:
        problems.append(
            f"{called}'s books count {format_money(by_ticket)} taken by ticket, but its "
            f"ticket entries standing are worth {format_money(ticket_entries)}"
        )
    return Reconciliation(
        satellite=satellite.name,
        target=target.name,
        seat_value_cents=value,
        seats=seats_of(satellite) if satellite.phase is not Phase.REGISTRATION else 0,
        tickets=lines,
        awarded_cents=awarded,
        redeemed_cents=redeemed,
        outstanding_cents=awarded - redeemed,
        satellite_tickets_cents=paid_out,
        target_tickets_cents=by_ticket,
        target_ticket_entries_cents=ticket_entries,
        problems=tuple(problems),
    )


__all__ = ["Reconciliation", "TicketLine", "reconcile", "ticket_lines"]
