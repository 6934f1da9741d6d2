"""The director's console as typed values (issue 27): the public view with the rules' citations,
every player with their money and which private details are filled (never their values, THC
1), the ledger, the proposal awaiting confirmation, the deals, the counts and the counter. One
player's private details go only to the director who asks (`player_details`).

Built once per change from the state, below the server (`pitboss.server.view_json` only turns them
into JSON); no decider runs for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.ids import PlayerId
from pitboss.rules.tournament import ChopMethod, RefundPolicy
from pitboss.tournament.features.counts import is_dealt_by_a_person, tables_to_count
from pitboss.tournament.features.deals import BY_CHIPS, counts_since
from pitboss.tournament.features.tables import capacity
from pitboss.tournament.model import windows
from pitboss.tournament.model.balancing import Move
from pitboss.tournament.model.entries import PersonalDetails, PlayerStatus, filled_details
from pitboss.tournament.model.ledger import LedgerBalance
from pitboss.tournament.reading import views
from pitboss.tournament.reading.screens import (
    ColourUpDue,
    PublicView,
    colour_up_due,
    next_place,
    public_view,
)
from pitboss.tournament.state import Deal, Phase, TournamentState, known_player

# --- the console --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorPlayer:
    """A player on the console: their money and seat, and which private details are filled
    (never their values, THC 1)."""

    player_id: str
    name: str
    status: PlayerStatus
    out: bool
    chips: int
    rebuys: int
    rebuy_declared: bool
    add_ons: int
    paid_cents: int
    refunded_cents: int
    prize_cents: int
    late: bool
    table: int | None
    seat: int | None
    details_filled: tuple[str, ...]
    bounty_cents: int = 0  # on their head (issue 29)
    bounty_won_cents: int = 0  # the bounty money they won
    knockouts: int = 0  # the bounties they took a share of
    ticket: str = ""  # the satellite's ticket that paid the entry (issue 29)


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerView:
    """The ledger's totals and where every cent is (``balance``)."""

    entry_cents: int
    fee_cents: int
    rebuy_cents: int
    add_on_cents: int
    refunded_entry_cents: int
    refunded_fee_cents: int
    prizes_paid_cents: int
    prizes_forfeited_cents: int
    tickets_in_cents: int  # of the entries and fees, paid by a satellite's ticket (issue 29)
    tickets_returned_cents: int
    prizes_in_tickets_cents: int  # a satellite's seats, paid as tickets
    balance: LedgerBalance
    bounty_entry_cents: int = 0  # the part of the entries put on heads (issue 29)
    bounty_rebuy_cents: int = 0  # the part of the re-buys put on heads
    refunded_bounty_cents: int = 0  # the part of the refunded entries that was a bounty


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveLine:
    """A move for a screen or a move slip: who, from which table and seat, to which."""

    player_id: str
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Proposal:
    """The seat change due next (`views.SeatChangeView`) with each move's name."""

    kind: str
    lines: tuple[str, ...]
    halted_tables: tuple[int, ...]
    table: int | None
    moves: tuple[MoveLine, ...]
    draw: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenHand:
    """A hand in play and who is in it."""

    hand_id: str
    table: int
    players: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DealLine:
    """A deal for the console: each player's stack, share of the chips and prize (KY 11's
    worked example), and the tables still to count before a deal by chips is approved."""

    deal_id: str
    method: ChopMethod | None
    players: tuple[str, ...]
    names: tuple[str, ...]
    stacks: tuple[int, ...]
    percent: tuple[str, ...]
    amounts_cents: tuple[int, ...]
    forced: bool
    by_chips: bool
    approved: bool
    cancelled: bool
    consents: tuple[str, ...]
    warnings: tuple[str, ...]
    tables_to_count: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCount:
    """A table's latest chip count (issue 24), and its chips now."""

    table: int
    dealt_by_a_person: bool
    counted_at: int | None
    counted_by: str | None
    difference: int | None
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Counts:
    """Each table's count, the night's chips found (+) or missing (-), and the limit's instant."""

    tables: tuple[TableCount, ...]
    chips_found: int
    limit_at: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorClockCall:
    """A clock running at a table."""

    table: int
    player_id: str
    expires_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RulesName:
    """The preset a tournament runs by."""

    name: str
    title: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Sale:
    """A re-buy or the add-on at the counter: open or the reason it is closed, and its terms."""

    allowed: bool
    closed: str | None
    price_cents: int
    chips: int
    max_per_player: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuySale(Sale):
    """The re-buy, and the chips a player must be below to buy one (THC 1)."""

    eligible_below_chips: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawalRefund:
    """What a player who withdraws gets back (the house's refund policy)."""

    policy: RefundPolicy
    buy_in_cents: int
    fee_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Counter:
    """What the console's door and counter sell now (KY 3-5, THC 1), and the limit's chop."""

    registration_open: bool
    late: bool
    buy_in_cents: int
    fee_cents: int
    starting_chips: int
    rebuy: RebuySale
    add_on: Sale
    time_limit_chop: ChopMethod
    time_limit_rule: str
    withdrawal_refund: WithdrawalRefund
    dealer_shortage_refund: bool
    seats_per_table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class DirectorView(PublicView):
    """The console's data (``kind`` ``"director"``): the public view with the rules' citations,
    every player with their money, the ledger, the proposal awaiting confirmation, open hands,
    deals, counts, clock calls and the counter."""

    players: tuple[DirectorPlayer, ...]
    ledger: LedgerView
    proposal: Proposal | None
    open_hands: tuple[OpenHand, ...]
    deals: tuple[DealLine, ...]
    counts: Counts
    time_limit_reached: bool
    clock_calls: tuple[DirectorClockCall, ...]
    next_player_id: str
    rules: RulesName
    counter: Counter
    colour_up_due: ColourUpDue | None
    next_place: int | None
    books_closed: bool


def director_view(
    state: TournamentState,
    now: int,
    *,
    stream: str,
    seq: int,
    break_rng: RandomSource | None = None,
) -> DirectorView:
    """The console's data. ``break_rng`` draws a table's break when one is due, so the proposal
    shows where each of its players goes before it is confirmed (TDA 10B)."""
    now = views.shown_at(state, now)
    board = public_view(state, now, stream=stream, seq=seq, rules=True)
    ledger = state.ledger
    proposal = views.seat_change_view(state, break_rng)
    return DirectorView(
        kind="director",
        stream=board.stream,
        seq=board.seq,
        server_now=board.server_now,
        name=board.name,
        house=board.house,
        phase=board.phase,
        notice=board.notice,
        clock=board.clock,
        entries=board.entries,
        players_left=board.players_left,
        rebuys=board.rebuys,
        add_ons=board.add_ons,
        average_stack=board.average_stack,
        chips_in_play_total=board.chips_in_play_total,
        prize_pool_cents=board.prize_pool_cents,
        payouts=board.payouts,
        tables=board.tables,
        seating=board.seating,
        results=board.results,
        deal=board.deal,
        winner=board.winner,
        bounties=board.bounties,
        players=tuple(_director_player(state, pid) for pid in state.players),
        ledger=LedgerView(
            entry_cents=ledger.entry_cents,
            fee_cents=ledger.fee_cents,
            rebuy_cents=ledger.rebuy_cents,
            add_on_cents=ledger.add_on_cents,
            refunded_entry_cents=ledger.refunded_entry_cents,
            refunded_fee_cents=ledger.refunded_fee_cents,
            prizes_paid_cents=ledger.prizes_paid_cents,
            prizes_forfeited_cents=ledger.prizes_forfeited_cents,
            tickets_in_cents=ledger.tickets_in_cents,
            tickets_returned_cents=ledger.tickets_returned_cents,
            prizes_in_tickets_cents=ledger.prizes_in_tickets_cents,
            balance=ledger.balance(state.rules.tournament.prize_pool),
            bounty_entry_cents=ledger.bounty_entry_cents,
            bounty_rebuy_cents=ledger.bounty_rebuy_cents,
            refunded_bounty_cents=ledger.refunded_bounty_cents,
        ),
        proposal=None
        if proposal is None
        else Proposal(
            kind=proposal.kind,
            lines=proposal.lines,
            halted_tables=proposal.halted_tables,
            table=proposal.table,
            moves=tuple(move_line(state, m) for m in proposal.moves),
            draw=proposal.draw,
        ),
        open_hands=tuple(
            OpenHand(hand_id=h.hand_id, table=h.table, players=tuple(h.players))
            for h in state.open_hands()
        ),
        deals=tuple(_deal(state, d) for d in state.deals.values()),
        counts=counts(state),
        time_limit_reached=state.time_limit_reached,
        clock_calls=tuple(
            DirectorClockCall(table=t, player_id=c.player_id, expires_at=c.expires_at)
            for t, c in state.clock_calls.items()
        ),
        next_player_id=next_player_id(state),
        rules=RulesName(name=state.rules.name, title=state.rules.title),
        counter=counter(state, now),
        colour_up_due=colour_up_due(state),
        next_place=next_place(state),
        books_closed=state.books_closed,
    )


def _deal(state: TournamentState, d: Deal) -> DealLine:
    total = sum(d.stacks)
    by_chips = d.method in BY_CHIPS
    return DealLine(
        deal_id=d.deal_id,
        method=d.method,
        players=tuple(d.players),
        names=tuple(state.players[p].name for p in d.players),
        stacks=tuple(d.stacks),
        percent=tuple(percent(chips, total) for chips in d.stacks) if total else (),
        amounts_cents=tuple(d.amounts_cents),
        forced=d.forced,
        by_chips=by_chips,
        approved=d.approved,
        cancelled=d.cancelled,
        consents=tuple(sorted(d.consents)),
        warnings=tuple(d.warnings),
        tables_to_count=tuple(tables_to_count(state, counts_since(state, d)))
        if by_chips and d.is_open
        else (),
    )


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` to 0.1% (``"53.3%"``), as KY 11's example prints shares; the
    money is divided by the chips themselves, never by the rounded percentages."""
    tenths = (2000 * part + whole) // (2 * whole)  # round half up
    return f"{tenths // 10}.{tenths % 10}%"


def counts(state: TournamentState) -> Counts:
    """Each table's latest chip count (issue 24): whether a person deals there (then only a
    count knows its stacks), when it was counted, by whom and what it found; and the night's
    chips found (+) or missing (-)."""
    tables = []
    for number in sorted(state.tables):
        count = state.counts.get(number)
        tables.append(
            TableCount(
                table=number,
                dealt_by_a_person=is_dealt_by_a_person(state, number),
                counted_at=None if count is None else count.at,
                counted_by=None if count is None else count.counted_by,
                difference=None if count is None else count.difference,
                chips=sum(state.players[p].chips for p in state.tables[number].players()),
            )
        )
    return Counts(tables=tuple(tables), chips_found=state.chips_found, limit_at=state.time_limit_at)


def move_line(state: TournamentState, move: Move) -> MoveLine:
    """A move for a screen or a move slip: who, from which table and seat, to which."""
    return MoveLine(
        player_id=move.player_id,
        name=state.players[move.player_id].name,
        from_table=move.from_table,
        from_seat=move.from_seat,
        to_table=move.to_table,
        to_seat=move.to_seat,
    )


def counter(state: TournamentState, now: int) -> Counter:
    """What the console's door and counter sell now: the entry, the re-buy and the add-on, each
    open or with the reason it is closed (KY 3-5, THC 1), and the legal time limit's chop."""
    rules = state.rules.tournament
    entry, rebuy, add_on = rules.entry, rules.rebuy, rules.add_on
    registering = state.phase is Phase.REGISTRATION or windows.late_registration_open(state)
    if not add_on.allowed:
        add_on_closed: str | None = "this tournament has no add-on"
    elif views.on_add_on_break(state):
        add_on_closed = None
    else:
        at = add_on.at_break_after_level
        add_on_closed = f"the add-on is sold only at the break after level {at} (KY 5)"
    refund = entry.refund_on_withdrawal
    return Counter(
        registration_open=registering,
        late=state.phase is not Phase.REGISTRATION and registering,
        buy_in_cents=entry.buy_in_cents,
        fee_cents=entry.fee_cents,
        starting_chips=entry.starting_chips,
        rebuy=RebuySale(
            allowed=rebuy.allowed,
            closed=windows.rebuy_closed_reason(state, now),
            price_cents=rebuy.price_cents + rebuy.fee_cents,
            chips=rebuy.chips,
            max_per_player=rebuy.max_per_player,
            eligible_below_chips=rebuy.eligible_below_chips,
        ),
        add_on=Sale(
            allowed=add_on.allowed,
            closed=add_on_closed,
            price_cents=add_on.price_cents + add_on.fee_cents,
            chips=add_on.chips,
            max_per_player=add_on.max_per_player,
        ),
        time_limit_chop=rules.clock.time_limit_chop,
        time_limit_rule=rules.clock.time_limit_rule,
        withdrawal_refund=WithdrawalRefund(
            policy=refund,
            buy_in_cents=0 if refund is RefundPolicy.NONE else entry.buy_in_cents,
            fee_cents=entry.fee_cents if refund is RefundPolicy.BUY_IN_AND_FEE else 0,
        ),
        dealer_shortage_refund=entry.dealer_shortage_refund,
        seats_per_table=capacity(state),
    )


def _director_player(state: TournamentState, pid: PlayerId) -> DirectorPlayer:
    player = state.players[pid]
    seat = None
    table = state.table_of(pid)
    if table is not None:
        seat = next(s for s, p in table.seats.items() if p == pid)
    return DirectorPlayer(
        player_id=pid,
        name=player.name,
        status=player.status,
        out=state.is_out(pid) or player.status is not PlayerStatus.ACTIVE,
        chips=player.chips,
        rebuys=player.rebuys,
        rebuy_declared=player.rebuy_declared,
        add_ons=player.add_ons,
        paid_cents=player.paid_cents,
        refunded_cents=player.refunded_cents,
        prize_cents=player.prize_cents,
        late=player.late,
        table=None if table is None else table.number,
        seat=seat,
        details_filled=tuple(d.value for d in player.details_given),
        bounty_cents=state.bounty.head(pid),
        bounty_won_cents=state.bounty.cash(pid),
        knockouts=state.bounty.knockouts.get(pid, 0),
        ticket=_ticket_words(state, pid),
    )


def _ticket_words(state: TournamentState, pid: PlayerId) -> str:
    ticket = state.satellite.redeemed.get(pid)
    return "" if ticket is None else ticket.words()


@dataclass(frozen=True, slots=True, kw_only=True)
class PrivateDetails:
    """One player's private details, for the director who asked (THC 1)."""

    player_id: str
    name: str
    details: PersonalDetails
    filled: tuple[str, ...]


def player_details(
    state: TournamentState, pid: PlayerId, details: PersonalDetails | None
) -> PrivateDetails:
    """One player's private details, for the director who asked (THC 1): never pushed to a
    screen, never logged. ``details``: as the private store keeps them (issue 28; None when
    none were given or they were erased).

    Raises:
        RegistrationError: nobody registered with that id.
    """
    player = known_player(state, pid)
    shown = PersonalDetails() if details is None else details
    return PrivateDetails(
        player_id=pid,
        name=player.name,
        details=shown,
        filled=tuple(filled_details(shown)),
    )


def next_player_id(state: TournamentState) -> str:
    """The next free id of the form ``p001``, for registration at the door."""
    n = len(state.players) + 1
    while f"p{n:03d}" in state.players:
        n += 1
    return f"p{n:03d}"


__all__ = [
    "Counter",
    "Counts",
    "DealLine",
    "DirectorPlayer",
    "DirectorView",
    "LedgerView",
    "MoveLine",
    "PrivateDetails",
    "Proposal",
    "counter",
    "counts",
    "director_view",
    "move_line",
    "next_player_id",
    "percent",
    "player_details",
]
