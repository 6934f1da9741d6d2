"""Prizes: the payouts, paying each player and closing the books.

Places paid and their prizes follow the entrants at the start (THC add. 13) and the prize pool,
recomputed whenever late entries, re-buys or add-ons change either (`with_payouts`), so the
prizes always add up to the pool. Prizes are paid by finishing place or deal share
(`pitboss.tournament.model.awards`; the deals themselves, consented, approved or forced at the
legal time limit, are `pitboss.tournament.features.deals`), never to a player still in play
and never more than is owed, the minimum age checked first (THC add. 15); once play is over and
everything is paid the books close.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import PayoutError
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.tournament import PayoutTableName
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model import windows
from pitboss.tournament.model.awards import Award, award_of, awards
from pitboss.tournament.model.bags import payout_field
from pitboss.tournament.model.entries import PlayerStatus
from pitboss.tournament.model.fields import PositiveCents
from pitboss.tournament.model.payouts import STANDARD_PAYOUTS, PayoutScheme, compute_payouts
from pitboss.tournament.model.satellite_seats import PayoutTable, satellite_prizes
from pitboss.tournament.model.words import name_of, ordinal, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    apply,
    fold,
    known_player,
    with_player,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PayPrize(Command):
    """Pay a player what their finishing place or their deal share owes them, out of the pool.

    ``amount_cents`` None pays everything still owed; an amount pays part of it (never more
    than is owed). The minimum age is checked first (THC add. 15).
    """

    player_id: PlayerId
    amount_cents: PositiveCents | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseBooks(Command):
    """Close the tournament's books: play is over and every prize and deal share is paid."""


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutsComputed(Event):
    """The prizes by finishing place for this many entrants and this prize pool."""

    at: int
    entrants: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePaid(Event):
    """A prize was paid out of the prize pool."""

    at: int
    player_id: PlayerId
    amount_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeForfeited(Event):
    """A prize was forfeited and went back to the house (THC add. 15: under 21)."""

    at: int
    player_id: PlayerId
    amount_cents: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BooksClosed(Event):
    """The director closed the books: play is over and every prize and deal share is paid."""

    at: int


# --- folds ------------------------------------------------------------------------------------


@folds(PayoutsComputed)
def _computed(state: TournamentState, event: PayoutsComputed) -> TournamentState:
    return state._replace(payout_entrants=event.entrants, prizes_cents=event.prizes_cents)


@folds(PrizePaid)
def _paid(state: TournamentState, event: PrizePaid) -> TournamentState:
    p = state.players[event.player_id]
    state = with_player(state, event.player_id, prize_cents=p.prize_cents + event.amount_cents)
    return state._replace(ledger=ldg.prize_paid(state.ledger, event.amount_cents))


@folds(PrizeForfeited)
def _forfeited(state: TournamentState, event: PrizeForfeited) -> TournamentState:
    p = state.players[event.player_id]
    forfeited = p.forfeited_cents + event.amount_cents
    state = with_player(state, event.player_id, forfeited_cents=forfeited)
    return state._replace(ledger=ldg.prize_forfeited(state.ledger, event.amount_cents))


@folds(BooksClosed)
def _closed(state: TournamentState, event: BooksClosed) -> TournamentState:
    return state._replace(books_closed=True)


# --- the payouts ------------------------------------------------------------------------------


def with_payouts(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> list[Event]:
    """Add ``payouts_computed`` when play has started and the pool or the field changed.

    Places paid and prizes follow the entrants counted at the start (THC add. 13), updated if
    late entries, re-buys or add-ons change the field or the pool, so the prizes always add up
    to the prize pool.
    """
    return payouts_and_state(s, events, now, force=force)[0]


def payouts_and_state(
    s: TournamentState, events: list[Event], now: int, *, force: bool = False
) -> tuple[list[Event], TournamentState]:
    """`with_payouts`'s events and the state after them (folded once)."""
    after = fold(s, events)
    entrants, places = payout_field(after)  # a flight, a Day 2 (issue 29)
    if after.phase is Phase.REGISTRATION or places == 0:
        return events, after
    pool = after.prize_pool_cents
    if not force and (pool, entrants) == (sum(s.prizes_cents), s.payout_entrants):
        return events, after
    table = payout_table(after, places=places)
    if after.rules.tournament.satellite.is_satellite:  # seats, then the cash (issue 29)
        prizes = satellite_prizes(after.rules.tournament.satellite, pool, entrants, table)
    else:
        prizes = table(pool, entrants)
    computed = PayoutsComputed(
        at=now, entrants=entrants, prize_pool_cents=pool, prizes_cents=prizes
    )
    return [*events, computed], apply(after, computed)


def payout_table(s: TournamentState, *, places: int | None = None) -> PayoutTable:
    """The house's payout table as ``(pool, entrants) -> prizes``, rounded by its unit (or
    to the cent when the unit is too large for the pool), paying at most ``places`` (Day 2
    pays no more places than it has players, issue 29)."""
    rules = s.rules.tournament.payouts
    scheme = payout_scheme(s)
    rounding = rules.rounding

    def table(pool: int, entrants: int) -> tuple[int, ...]:
        try:
            payouts = compute_payouts(
                pool,
                entrants,
                scheme,
                unit=rules.rounding_unit_cents,
                rounding=rounding,
                places=places,
            )
        except PayoutError as err:
            if err.code != "payout_unit_too_large":
                raise
            payouts = compute_payouts(
                pool, entrants, scheme, unit=1, rounding=rounding, places=places
            )
        return payouts.prizes

    return table


def payout_scheme(s: TournamentState) -> PayoutScheme:
    """The payout table the house's preset names: pitboss's standard one, or the preset's own
    table or formula (``tournament.payouts.custom``; THC add. 13)."""
    rules = s.rules.tournament.payouts
    if rules.table is PayoutTableName.CUSTOM and rules.custom is not None:
        return rules.custom
    return STANDARD_PAYOUTS


def _pay_prize(s: TournamentState, c: PayPrize, now: int) -> list[Event]:
    """Pay what a player's finishing place or deal share owes them (KY 18, THC add. 13).

    Only once play has started and the pool is final (no entry, re-buy or add-on can change
    it), or the tournament is over; never to a player still in play; never more than is owed.
    The minimum age is checked before money changes hands (THC add. 15).
    """
    player = known_player(s, c.player_id)
    if s.phase is Phase.REGISTRATION:
        raise PayoutError(
            "prizes are paid only once the tournament has started: entries can still be "
            "withdrawn and refunded before then",
            code="prize_before_start",
            params={"player_id": c.player_id},
        )
    if player.status is PlayerStatus.WITHDRAWN:
        raise PayoutError(
            f"{player.name} withdrew before the start and cannot be paid a prize",
            code="prize_to_withdrawn",
            params={"player_id": c.player_id},
        )
    award = award_of(s, c.player_id)
    if award is None:
        raise PayoutError(
            f"{player.name} is still in play: a prize is paid by finishing place, once the "
            "player is out, has won, or has a share of an approved deal",
            code="player_in_play",
            params={"player_id": c.player_id},
        )
    if s.phase is not Phase.FINISHED and not windows.pool_is_final(s, now):
        raise PayoutError(
            "prizes are not final yet: late registration, re-buys or the add-on can still "
            "change the prize pool and the places paid",
            code="prizes_not_final",
            params={"player_id": c.player_id},
        )
    due = award.due_cents
    place = (
        f"place {award.first}"
        if award.first == award.last
        else (f"places {award.first}-{award.last} (shared)")
    )
    what = "their deal share" if award.in_deal else place
    cash = award.owed_cents - award.ticket_cents  # a satellite's seat is paid as a ticket
    if due <= 0 and award.ticket_cents and cash == 0:
        target = s.satellite.target
        seat = "a seat" if target is None else f"a seat in {target.label}"
        raise PayoutError(
            f"{player.name}'s {place} is {seat}, paid as a ticket, not in cash: nothing is "
            "owed in money",
            code="prize_is_a_seat",
            params={"player_id": c.player_id, "ticket_cents": award.ticket_cents},
        )
    if due <= 0:
        code = "no_prize" if cash == 0 else "prize_already_paid"
        seat = " besides a seat (a ticket)" if award.ticket_cents else ""
        raise PayoutError(
            f"{player.name} is owed nothing more: {what} pays "
            f"{format_money(cash)}{seat} and {format_money(cash - due)} has "
            "been paid or forfeited",
            code=code,
            params={
                "player_id": c.player_id,
                "owed_cents": award.owed_cents,
                "due_cents": due,
                "first_place": award.first,
                "last_place": award.last,
                "in_deal": award.in_deal,
            },
        )
    amount = due if c.amount_cents is None else c.amount_cents
    if amount > due:
        raise PayoutError(
            f"{player.name} is owed {format_money(due)} for {what}; a prize must be more than "
            f"0 and at most that, not {format_money(amount)}",
            code="bad_prize_amount",
            params={
                "player_id": c.player_id,
                "amount_cents": amount,
                "due_cents": due,
                "first_place": award.first,
                "last_place": award.last,
                "in_deal": award.in_deal,
            },
        )
    min_age = s.rules.tournament.entry.min_age
    if min_age is not None:
        if player.of_age is None:  # the log keeps only the fact, never the date (issue 28)
            raise PayoutError(
                f"{player.name}'s date of birth is needed to check the minimum age of "
                f"{min_age} before a prize is paid (THC add. 15): edit the registration's "
                "private details",
                code="age_unknown",
                params={"player_id": c.player_id, "min_age": min_age},
            )
        if not player.of_age:
            return [
                PrizeForfeited(
                    at=now,
                    player_id=c.player_id,
                    amount_cents=amount,
                    reason=f"under {min_age} when registered; the prize goes back to the house "
                    "(THC add. 15)",
                )
            ]
    return [PrizePaid(at=now, player_id=c.player_id, amount_cents=amount)]


def _close_books(s: TournamentState, now: int) -> list[Event]:
    """The books close once play is over (a winner, a deal, the forced chop at the legal limit,
    KY 11) and every prize and deal share is paid: the ledger balances to the cent."""
    if s.phase is not Phase.FINISHED:
        raise PayoutError(
            "the books close when play is over: a winner, or an approved deal (the chop at the "
            f"legal time limit included); the tournament is {s.phase.value}",
            code="not_finished",
            params={"phase": s.phase.value},
        )
    unpaid = [a for a in awards(s) if a.due_cents > 0]
    if unpaid:
        listed = ", ".join(
            f"{s.players[a.player_id].name} {format_money(a.due_cents)}" for a in unpaid
        )
        raise PayoutError(
            f"prizes are still owed: {listed}; pay them before closing the books",
            code="prizes_unpaid",
            params={"unpaid": {a.player_id: a.due_cents for a in unpaid}},
        )
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    if balance.prizes_unpaid or not balance.is_balanced:
        raise PayoutError(
            f"the ledger does not balance: {format_money(balance.prizes_unpaid)} of the prize "
            "pool is neither paid nor forfeited",
            code="ledger_unbalanced",
            params={"prizes_unpaid_cents": balance.prizes_unpaid},
        )
    return [BooksClosed(at=now)]


# --- handlers ---------------------------------------------------------------------------------


@handles(PayPrize)
def _pay(s: TournamentState, c: PayPrize, ctx: Context) -> list[Event]:
    return _pay_prize(s, c, ctx.now)


@handles(CloseBooks)
def _close(s: TournamentState, c: CloseBooks, ctx: Context) -> list[Event]:
    return _close_books(s, ctx.now)


# --- the log's lines --------------------------------------------------------------------------

_LISTED_PRIZES = 9


@describes(PayoutsComputed)
def _payouts_line(e: PayoutsComputed, s: TournamentState) -> str:
    prizes = [f"{ordinal(n)} {format_money(c)}" for n, c in enumerate(e.prizes_cents, start=1)]
    more = len(prizes) - _LISTED_PRIZES
    listed = ", ".join(prizes[:_LISTED_PRIZES]) + (f" and {more} more" if more > 0 else "")
    return (
        f"Payouts for {plural(e.entrants, 'entrant')}: prize pool "
        f"{format_money(e.prize_pool_cents)}, {plural(len(prizes), 'place')} paid"
        + (f": {listed}" if prizes else "")
    )


def _for_what(award: Award | None) -> str:
    if award is None:
        return ""
    if award.in_deal:
        return " (deal share)"
    if award.first == award.last:
        return f" ({ordinal(award.first)} place)"
    return f" ({ordinal(award.first)}-{ordinal(award.last)} place, shared)"


@describes(PrizePaid)
def _prize_paid_line(e: PrizePaid, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    due = 0 if award is None else award.due_cents - e.amount_cents
    still = f"; {format_money(due)} still due" if due > 0 else ""
    return (
        f"{format_money(e.amount_cents)} paid to {name_of(s, e.player_id)}{_for_what(award)}{still}"
    )


@describes(PrizeForfeited)
def _prize_forfeited_line(e: PrizeForfeited, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    return (
        f"{name_of(s, e.player_id)}'s prize of {format_money(e.amount_cents)}"
        f"{_for_what(award)} forfeited: {e.reason}"
    )


@describes(BooksClosed)
def _books_closed_line(e: BooksClosed, s: TournamentState) -> str:
    b = s.ledger.balance(s.rules.tournament.prize_pool)
    forfeited = f", {format_money(b.prizes_forfeited)} forfeited" if b.prizes_forfeited else ""
    return (
        f"Books closed: {format_money(b.taken_in)} taken in, {format_money(b.refunds)} "
        f"refunded, {format_money(b.prizes_paid)} paid in prizes{forfeited}, house share "
        f"{format_money(b.house_share)}"
    )


__all__ = [
    "BooksClosed",
    "CloseBooks",
    "PayPrize",
    "PayoutsComputed",
    "PrizeForfeited",
    "PrizePaid",
    "payout_scheme",
    "payout_table",
    "payouts_and_state",
    "with_payouts",
]
