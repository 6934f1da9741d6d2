"""What a treasurer or a charitable-gaming office asks for after the night (THC add. 10: the
entries are kept for record keeping): entries and money taken, results and prizes, chips
removed from play, and the ledger's totals.

Each report is a frozen value built from the final `TournamentState` (and, where the state
keeps only totals or no time, the tournament's events): ``header()`` names the columns,
``rows()`` gives typed cells (money in integer cents, a totals row last where one adds up), and
``csv_rows()`` the same as text for the csv module, money as exact decimals (``"100.00"``),
never through a float. Writing the file is the caller's (the CLI's).

The entries report is the treasurer's: the record of the entries a charitable-gaming office
asks for (THC add. 10: entries are retained for record keeping). It is the one report that may
carry the players' private details (THC 1: address, e-mail, phone, date of birth, national id,
driver licence, age verification), and only when given them (``details``, from the private
store); every other
report names players by name and id only.

Everything reconciles to the cent: the money each player paid, less refunds, is the ledger's
net taken in, which is the prize pool's share plus the house's (less any overlay), and prizes
paid plus forfeited plus unpaid are the prize pool (`pitboss.tournament.model.ledger`). In a
bounty event (issue 29) the bounty money is on lines of its own, and the ``bounties`` report
gives each entry's bounty money: won, on their head, their knockouts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import ClassVar

from pitboss.ids import PlayerId
from pitboss.rules.tournament import MoneyKind
from pitboss.tournament.features.busts import ChipsRemoved
from pitboss.tournament.features.registration import (
    AddOnBought,
    PlayerRegistered,
    PlayerWithdrew,
    RebuyBought,
    WithdrawalReason,
)
from pitboss.tournament.model.awards import approved_deal, awards
from pitboss.tournament.model.clock import format_instant
from pitboss.tournament.model.eliminations import RACED_OUT, RemovalReason
from pitboss.tournament.model.entries import PersonalDetails, PlayerStatus
from pitboss.tournament.model.ledger import Ledger, LedgerBalance
from pitboss.tournament.model.words import removal_words
from pitboss.tournament.reading.report_tables import Cell, Column, Report, csv_money, mismatch
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

# --- (a) entries and money taken ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryLine:
    """One entry's money, in cents: the buy-in, every fee (entry, re-buys, add-ons), re-buys
    and add-ons (price without fee) with their counts, and refunds."""

    player_id: str
    name: str
    status: str
    buy_in_cents: int = 0
    fee_cents: int = 0
    rebuys: int = 0
    rebuy_cents: int = 0
    add_ons: int = 0
    add_on_cents: int = 0
    refund_cents: int = 0
    details: PersonalDetails = field(default_factory=PersonalDetails)
    ticket: str = ""  # the satellite's ticket that paid the entry (issue 29)

    @property
    def total_paid_cents(self) -> int:
        """Everything the player paid in (before refunds)."""
        return self.buy_in_cents + self.fee_cents + self.rebuy_cents + self.add_on_cents

    @property
    def net_cents(self) -> int:
        """What the house kept of it: paid less refunded."""
        return self.total_paid_cents - self.refund_cents


@dataclass(frozen=True, slots=True, kw_only=True)
class EntriesReport(Report):
    """Every entry in registration order with the money it brought, and the totals; with
    ``with_details``, each player's private details after the money (the treasurer's record,
    THC 1 and add. 10)."""

    COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("player_id"),
        Column("name"),
        Column("status"),
        Column("buy_in", is_money=True),
        Column("fees", is_money=True),
        Column("rebuys"),
        Column("rebuy_total", is_money=True),
        Column("add_ons"),
        Column("add_on_total", is_money=True),
        Column("refunded", is_money=True),
        Column("total_paid", is_money=True),
        Column("net_paid", is_money=True),
    )

    DETAIL_COLUMNS: ClassVar[tuple[Column, ...]] = tuple(
        Column(f.name) for f in fields(PersonalDetails)
    )

    lines: tuple[EntryLine, ...]
    with_details: bool = False
    with_tickets: bool = False

    def columns(self) -> tuple[Column, ...]:
        """The money columns, the ticket that paid an entry when any did, then the private
        details' when asked for."""
        tickets = (Column("paid_by_ticket"),) if self.with_tickets else ()
        return self.COLUMNS + tickets + (self.DETAIL_COLUMNS if self.with_details else ())

    @property
    def totals(self) -> EntryLine:
        """Every column added up (``status`` counts the entries that stand)."""
        lines = self.lines
        standing = sum(1 for line in lines if line.status not in _WITHDRAWN)
        return EntryLine(
            player_id="",
            name="Total",
            status=f"{standing} of {len(lines)} entries stand",
            buy_in_cents=sum(line.buy_in_cents for line in lines),
            fee_cents=sum(line.fee_cents for line in lines),
            rebuys=sum(line.rebuys for line in lines),
            rebuy_cents=sum(line.rebuy_cents for line in lines),
            add_ons=sum(line.add_ons for line in lines),
            add_on_cents=sum(line.add_on_cents for line in lines),
            refund_cents=sum(line.refund_cents for line in lines),
        )

    def rows(self) -> list[tuple[Cell, ...]]:
        """Each entry, then the totals."""
        return [
            self._money_cells(line)
            + ((line.ticket,) if self.with_tickets else ())
            + (self._detail_cells(line) if self.with_details else ())
            for line in (*self.lines, self.totals)
        ]

    @staticmethod
    def _detail_cells(line: EntryLine) -> tuple[Cell, ...]:
        if not line.player_id:
            return ("",) * len(EntriesReport.DETAIL_COLUMNS)
        values = (getattr(line.details, column.name) for column in EntriesReport.DETAIL_COLUMNS)
        return tuple(
            ("yes" if value else "no") if isinstance(value, bool) else (value or "")
            for value in values
        )

    @staticmethod
    def _money_cells(line: EntryLine) -> tuple[Cell, ...]:
        return (
            line.player_id,
            line.name,
            line.status,
            line.buy_in_cents,
            line.fee_cents,
            line.rebuys,
            line.rebuy_cents,
            line.add_ons,
            line.add_on_cents,
            line.refund_cents,
            line.total_paid_cents,
            line.net_cents,
        )


_WITHDREW = "withdrew"
_DEALER_REFUND = "refunded: dealer shortage (THC 39)"
_WITHDRAWN = frozenset({_WITHDREW, _DEALER_REFUND})

_OUT: dict[str, str] = {
    "bust": "out: busted",
    RACED_OUT: "out: raced out",
    RemovalReason.WITHDREW.value: "out: left during play",
}


def _status(state: TournamentState, pid: PlayerId, withdrawals: dict[PlayerId, str]) -> str:
    player = state.players[pid]
    if player.status is PlayerStatus.WITHDRAWN:
        return withdrawals.get(pid, _WITHDREW)
    if state.winner == pid:
        return "winner"
    if state.is_out(pid):
        reason = next((r.bust.reason for r in state.busts if r.bust.player_id == pid), "bust")
        return _OUT.get(reason, f"out: {reason.replace('_', ' ')}")
    deal = approved_deal(state)
    if deal is not None and pid in deal.players:
        return "in the deal"
    return "in play"


def entries_report(
    state: TournamentState,
    events: Iterable[Event],
    *,
    details: Mapping[PlayerId, PersonalDetails] | None = None,
) -> EntriesReport:
    """Entries and money taken (THC add. 10, KY 18): one line per entry, from the events that
    took and refunded its money (the state keeps only each player's total), checked against
    the state; ``details`` (read from the private store by the caller, issue 28): each
    player's private details after the money (the treasurer's record); an erased player's
    line keeps its money and shows none.

    Raises:
        TournamentError: ``report_log_mismatch``: the events are not the log of ``state``.
    """
    money: dict[PlayerId, dict[str, int]] = {}
    withdrawals: dict[PlayerId, str] = {}
    tickets: dict[PlayerId, str] = {}

    def add(pid: PlayerId, **cents: int) -> None:
        if pid not in state.players:
            raise mismatch(f"{pid} is not a player of this tournament", {"player_id": pid})
        row = money.setdefault(pid, {})
        for key, value in cents.items():
            row[key] = row.get(key, 0) + value

    for event in events:
        match event:
            case PlayerRegistered():
                add(event.player_id, buy_in=event.buy_in_cents, fee=event.fee_cents)
                if event.ticket is not None:
                    tickets[event.player_id] = event.ticket.words()
            case RebuyBought():
                add(event.player_id, rebuys=1, rebuy=event.price_cents, fee=event.fee_cents)
            case AddOnBought():
                add(event.player_id, add_ons=1, add_on=event.price_cents, fee=event.fee_cents)
            case PlayerWithdrew():
                add(event.player_id, refund=event.refund_entry_cents + event.refund_fee_cents)
                withdrawals[event.player_id] = (
                    _DEALER_REFUND
                    if event.reason is WithdrawalReason.DEALER_SHORTAGE
                    else _WITHDREW
                )
    lines = []
    for pid, player in state.players.items():
        row = money.get(pid, {})
        line = EntryLine(
            player_id=pid,
            name=player.name,
            status=_status(state, pid, withdrawals),
            buy_in_cents=row.get("buy_in", 0),
            fee_cents=row.get("fee", 0),
            rebuys=row.get("rebuys", 0),
            rebuy_cents=row.get("rebuy", 0),
            add_ons=row.get("add_ons", 0),
            add_on_cents=row.get("add_on", 0),
            refund_cents=row.get("refund", 0),
            details=PersonalDetails() if details is None else details.get(pid, PersonalDetails()),
            ticket=tickets.get(pid, ""),
        )
        recorded = (player.paid_cents, player.refunded_cents, player.rebuys, player.add_ons)
        if (line.total_paid_cents, line.refund_cents, line.rebuys, line.add_ons) != recorded:
            raise mismatch(
                f"{player.name}'s money in the events differs from the state's",
                {"player_id": pid},
            )
        lines.append(line)
    return EntriesReport(
        lines=tuple(lines), with_details=details is not None, with_tickets=bool(tickets)
    )


# --- (b) results and prizes ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultLine:
    """A finishing place (``first < last`` when shared) and its prize, in cents.

    ``basis`` is ``place`` (the payout table's prize, tied places shared, TDA RP-8A) or
    ``deal`` (a share of an approved deal, RULES §3.9). In a satellite (issue 29) ``seat``
    says the place is a seat (``Seat to Main Event``) and ``ticket_cents`` is the part of
    the prize paid as its ticket (``ticket``), not in cash.
    """

    first: int
    last: int
    player_id: str
    name: str
    basis: str
    owed_cents: int
    paid_cents: int
    forfeited_cents: int
    ticket_cents: int = 0
    seat: str = ""
    ticket: str = ""

    @property
    def place(self) -> str:
        """``3``, or ``3-4`` for a shared place."""
        return str(self.first) if self.first == self.last else f"{self.first}-{self.last}"

    @property
    def due_cents(self) -> int:
        """Still to pay in cash."""
        return self.owed_cents - self.paid_cents - self.forfeited_cents - self.ticket_cents


@dataclass(frozen=True, slots=True, kw_only=True)
class ResultsReport(Report):
    """Finishing places, best first, with what each is owed, was paid and forfeited; a
    satellite's (``with_seats``) also with each seat and the part paid as a ticket."""

    COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("place"),
        Column("player_id"),
        Column("name"),
        Column("basis"),
        Column("prize_owed", is_money=True),
        Column("prize_paid", is_money=True),
        Column("forfeited", is_money=True),
        Column("still_due", is_money=True),
    )

    SEAT_COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("seat"),
        Column("ticket"),
        Column("paid_as_ticket", is_money=True),
    )

    lines: tuple[ResultLine, ...]
    prize_pool_cents: int  # what the owed prizes add up to once every place is decided
    with_seats: bool = False

    def columns(self) -> tuple[Column, ...]:
        """The money columns, then a satellite's seats."""
        return self.COLUMNS + (self.SEAT_COLUMNS if self.with_seats else ())

    def rows(self) -> list[tuple[Cell, ...]]:
        """Each place, then the totals."""
        rows: list[tuple[Cell, ...]] = [
            (
                line.place,
                line.player_id,
                line.name,
                line.basis,
                line.owed_cents,
                line.paid_cents,
                line.forfeited_cents,
                line.due_cents,
            )
            + ((line.seat, line.ticket, line.ticket_cents) if self.with_seats else ())
            for line in self.lines
        ]
        seats = sum(line.ticket_cents for line in self.lines)
        rows.append(
            (
                "",
                "",
                "Total",
                "",
                sum(line.owed_cents for line in self.lines),
                sum(line.paid_cents for line in self.lines),
                sum(line.forfeited_cents for line in self.lines),
                sum(line.due_cents for line in self.lines),
            )
            + (("", "", seats) if self.with_seats else ())
        )
        return rows


def results_report(state: TournamentState) -> ResultsReport:
    """Results and prizes (KY 18, THC add. 13, 15): every player with a finishing place or a
    deal share; players still in play have neither yet. A satellite's seats (issue 29) are
    named ``Seat to <target>`` with their tickets."""
    book = state.satellite
    seat = seat_words(state)
    lines = tuple(
        ResultLine(
            first=a.first,
            last=a.last,
            player_id=a.player_id,
            name=state.players[a.player_id].name,
            basis="deal" if a.in_deal else "place",
            owed_cents=a.owed_cents,
            paid_cents=a.paid_cents,
            forfeited_cents=a.forfeited_cents,
            ticket_cents=a.ticket_cents,
            seat=seat if a.ticket_cents else "",
            ticket=next((t.ticket_id for t in book.tickets if t.player_id == a.player_id), ""),
        )
        for a in awards(state)
    )
    return ResultsReport(
        lines=lines,
        prize_pool_cents=state.prize_pool_cents,
        with_seats=state.rules.tournament.satellite.is_satellite,
    )


def seat_words(state: TournamentState) -> str:
    """``Seat to Main Event``: what a satellite's seat places win (``Seat`` while its target
    is not named; issue 29)."""
    target = state.satellite.target
    return "Seat" if target is None else f"Seat to {target.label}"


# --- (c) chips removed from play ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalLine:
    """Chips that left a player's stack with the reason; ``restored_chips`` came back when the
    director reversed the ruling (TDA 1)."""

    at: int
    player_id: str
    name: str
    chips: int
    reason: RemovalReason
    note: str
    restored_chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovalsReport(Report):
    """Every removal of chips from play in the order made, and the totals."""

    COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("time"),
        Column("player_id"),
        Column("name"),
        Column("chips"),
        Column("reason"),
        Column("why"),
        Column("note"),
        Column("restored_chips"),
    )

    lines: tuple[RemovalLine, ...]

    def rows(self) -> list[tuple[Cell, ...]]:
        """Each removal, then the totals."""
        rows: list[tuple[Cell, ...]] = [
            (
                format_instant(line.at),
                line.player_id,
                line.name,
                line.chips,
                line.reason.value,
                removal_words(line.reason),
                line.note,
                line.restored_chips,
            )
            for line in self.lines
        ]
        rows.append(
            (
                "",
                "",
                "Total",
                sum(line.chips for line in self.lines),
                "",
                "",
                "",
                sum(line.restored_chips for line in self.lines),
            )
        )
        return rows


def removals_report(state: TournamentState, events: Iterable[Event]) -> RemovalsReport:
    """Chips removed from play with their reasons (TDA 25A, 64, 71D; THC 6, 7, 19, 25, 37, 38):
    the times from the events, what the director gave back from the state.

    Raises:
        TournamentError: ``report_log_mismatch``: the events are not the log of ``state``.
    """
    removed = [e for e in events if isinstance(e, ChipsRemoved)]
    kept = [(f.player_id, f.chips, f.reason) for f in state.forfeits]
    if [(e.player_id, e.chips, e.reason) for e in removed] != kept:
        raise mismatch(
            f"{len(removed)} removals in the events, {len(kept)} in the state",
            {"events": len(removed), "state": len(kept)},
        )
    lines = tuple(
        RemovalLine(
            at=e.at,
            player_id=e.player_id,
            name=state.players[e.player_id].name,
            chips=e.chips,
            reason=e.reason,
            note=e.note,
            restored_chips=e.chips if index in state.restored_forfeits else 0,
        )
        for index, e in enumerate(removed)
    )
    return RemovalsReport(lines=lines)


# --- (d) the ledger -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerLine:
    """One total of the books, in cents, with what it is."""

    item: str
    cents: int
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class LedgerReport(Report):
    """The books' totals: money in by kind, refunds, the prize pool and the house's share,
    prizes paid, forfeited and unpaid (`pitboss.tournament.model.ledger`)."""

    COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("item"),
        Column("amount", is_money=True),
        Column("note"),
    )

    lines: tuple[LedgerLine, ...]
    is_balanced: bool

    def amount(self, item: str) -> int:
        """The cents of the line called ``item``.

        Raises:
            KeyError: no such line.
        """
        for line in self.lines:
            if line.item == item:
                return line.cents
        raise KeyError(item)

    def rows(self) -> list[tuple[Cell, ...]]:
        """Each total in the order the books read."""
        return [(line.item, line.cents, line.note) for line in self.lines]


_KINDS: dict[MoneyKind, str] = {
    MoneyKind.ENTRY: "entries",
    MoneyKind.FEE: "fees",
    MoneyKind.REBUY: "re-buys",
    MoneyKind.ADD_ON: "add-ons",
}


def ledger_report(state: TournamentState) -> LedgerReport:
    """The money ledger's totals (KY 18, THC 1, THC add. 15); in a bounty event, the bounty
    money on lines of its own, apart from the prize pool and the house's share (issue 29):
    taken in, refunded, won by players, forfeited to the house, still on heads."""
    rules = state.rules.tournament.prize_pool
    ledger = state.ledger
    b = ledger.balance(rules)
    kinds = ", ".join(_KINDS[k] for k in rules.includes)
    guarantee = rules.guarantee_cents
    bounty = state.rules.tournament.bounty.is_on or b.bounties > 0
    net_of, and_bounties = (" and bounties", " and the bounties") if bounty else ("", "")
    lines = [
        LedgerLine(item="entries taken in", cents=ledger.entry_cents, note="buy-ins"),
        LedgerLine(
            item="fees taken in", cents=ledger.fee_cents, note="entry, re-buy and add-on fees"
        ),
        LedgerLine(item="re-buys taken in", cents=ledger.rebuy_cents),
        LedgerLine(item="add-ons taken in", cents=ledger.add_on_cents),
        LedgerLine(item="taken in", cents=b.taken_in, note="every cent taken in, gross"),
        *_ticket_lines(state, "in"),
        LedgerLine(item="entries refunded", cents=ledger.refunded_entry_cents),
        LedgerLine(item="fees refunded", cents=ledger.refunded_fee_cents),
        *_ticket_lines(state, "refunded"),
        LedgerLine(item="net taken in", cents=b.taken_in - b.refunds, note="taken in less refunds"),
        LedgerLine(
            item="prize pool from money taken in",
            cents=ledger.pool_base(rules),
            note=f"{rules.percent}% of {kinds}, net of refunds{net_of}, odd cent to the house",
        ),
        LedgerLine(
            item="overlay",
            cents=b.overlay,
            note=f"added by the house to meet the guarantee of {csv_money(guarantee)}"
            if guarantee
            else "no guarantee",
        ),
        *_carried_lines(b),
        LedgerLine(item="prize pool", cents=b.prize_pool),
        LedgerLine(
            item="house share",
            cents=b.house_share,
            note=f"net taken in less the pool's share{and_bounties}",
        ),
        LedgerLine(item="prizes paid", cents=b.prizes_paid),
        *_ticket_lines(state, "prizes"),
        LedgerLine(
            item="prizes forfeited",
            cents=b.prizes_forfeited,
            note="back to the house (THC add. 15)",
        ),
        LedgerLine(item="prizes unpaid", cents=b.prizes_unpaid),
        LedgerLine(
            item="house keeps",
            cents=b.house_share + b.prizes_forfeited + b.bounties_forfeited - b.overlay,
            note=f"house share and forfeited prizes{' and bounties' if bounty else ''}, less "
            "the overlay",
        ),
    ]
    if bounty:
        _bounty_lines(lines, ledger, b)
    return LedgerReport(lines=tuple(lines), is_balanced=b.is_balanced)


def _bounty_lines(lines: list[LedgerLine], ledger: Ledger, b: LedgerBalance) -> None:
    """The bounty money's lines (issue 29), each after the line it belongs with."""
    after = {
        "taken in": LedgerLine(
            item="bounties taken in",
            cents=ledger.bounty_entry_cents + ledger.bounty_rebuy_cents,
            note="the bounty part of the buy-ins and re-buys (in the lines above)",
        ),
        "fees refunded": LedgerLine(
            item="bounties refunded",
            cents=ledger.refunded_bounty_cents,
            note="the bounty part of the entries refunded",
        ),
        "net taken in": LedgerLine(
            item="bounties", cents=b.bounties, note="net of refunds, apart from the prize pool"
        ),
        "prizes unpaid": LedgerLine(
            item="bounties won", cents=b.bounties_won, note="owed to the players who won them"
        ),
    }
    for at in range(len(lines) - 1, -1, -1):
        extra = after.get(lines[at].item)
        if extra is not None:
            lines.insert(at + 1, extra)
    lines[-1:-1] = [
        LedgerLine(
            item="bounties forfeited",
            cents=b.bounties_forfeited,
            note="to the house: won by nobody, or forfeited on a re-buy or re-entry",
        ),
        LedgerLine(item="bounties on heads", cents=b.bounties_on_heads, note="still in play"),
    ]


# --- (e) bounties -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyLine:
    """One entry's bounty (issue 29): the bounties they took a share of, the money they won
    (what the treasurer pays them) and what is on their head now."""

    player_id: str
    name: str
    status: str
    knockouts: int
    won_cents: int
    on_head_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BountiesReport(Report):
    """Every entry's bounty money in registration order, and the totals (they are the ledger's
    bounties won and on heads)."""

    COLUMNS: ClassVar[tuple[Column, ...]] = (
        Column("player_id"),
        Column("name"),
        Column("status"),
        Column("knockouts"),
        Column("bounty_won", is_money=True),
        Column("bounty_on_head", is_money=True),
    )

    lines: tuple[BountyLine, ...]

    def rows(self) -> list[tuple[Cell, ...]]:
        """Each entry, then the totals."""
        rows: list[tuple[Cell, ...]] = [
            (p.player_id, p.name, p.status, p.knockouts, p.won_cents, p.on_head_cents)
            for p in self.lines
        ]
        rows.append(
            (
                "",
                "Total",
                "",
                sum(p.knockouts for p in self.lines),
                sum(p.won_cents for p in self.lines),
                sum(p.on_head_cents for p in self.lines),
            )
        )
        return rows


def bounties_report(state: TournamentState) -> BountiesReport:
    """Each entry's bounty money (issue 29): what to pay each player who won bounties."""
    book = state.bounty
    return BountiesReport(
        lines=tuple(
            BountyLine(
                player_id=pid,
                name=player.name,
                status=_status(state, pid, {}),
                knockouts=book.knockouts.get(pid, 0),
                won_cents=book.cash(pid),
                on_head_cents=book.head(pid),
            )
            for pid, player in state.players.items()
        )
    )


def _carried_lines(b: LedgerBalance) -> tuple[LedgerLine, ...]:
    """A multi-flight event's pools (issue 29): what Day 2's flights carried in, what a
    flight carried out to Day 2 (only when there is any)."""
    lines = []
    if b.carried_in:
        lines.append(LedgerLine(item="carried in from flights", cents=b.carried_in))
    if b.carried_out:
        lines.append(LedgerLine(item="carried out to Day 2", cents=b.carried_out))
    return tuple(lines)


def _ticket_lines(state: TournamentState, where: str) -> tuple[LedgerLine, ...]:
    """The books' tickets (issue 29), only where a tournament has any: the entries a target
    took by ticket and the cash, the tickets given back, a satellite's seats paid as tickets."""
    led = state.ledger
    if where == "in" and (led.tickets_in_cents or led.tickets_returned_cents):
        return (
            LedgerLine(
                item="of which by ticket",
                cents=led.tickets_in_cents,
                note="entries paid by a satellite's ticket: buy-in and fee, no cash",
            ),
            LedgerLine(item="cash taken in", cents=led.taken_in - led.tickets_in_cents),
        )
    if where == "refunded" and led.tickets_returned_cents:
        return (
            LedgerLine(
                item="of which tickets given back",
                cents=led.tickets_returned_cents,
                note="ticket entries withdrawn before the start: the ticket, not cash",
            ),
        )
    if where == "prizes" and state.rules.tournament.satellite.is_satellite:
        return (
            LedgerLine(
                item="prizes paid as tickets",
                cents=led.prizes_in_tickets_cents,
                note=f"{len(state.satellite.tickets)} seats, {seat_words(state).lower()}",
            ),
        )
    return ()


def all_reports(
    state: TournamentState,
    events: Iterable[Event],
    *,
    details: Mapping[PlayerId, PersonalDetails] | None = None,
) -> dict[str, Report]:
    """Every report by the name its file takes: ``entries``, ``results``, ``chips_removed``,
    ``ledger``, and in a bounty event ``bounties``; ``details``: the entries report carries
    these private details (the treasurer's record; no other report ever does).

    Raises:
        TournamentError: ``report_log_mismatch``: the events are not the log of ``state``.
    """
    log = tuple(events)
    made: dict[str, Report] = {
        "entries": entries_report(state, log, details=details),
        "results": results_report(state),
        "chips_removed": removals_report(state, log),
        "ledger": ledger_report(state),
    }
    if state.rules.tournament.bounty.is_on:
        made["bounties"] = bounties_report(state)
    return made


__all__ = [
    "BountiesReport",
    "BountyLine",
    "Cell",
    "Column",
    "EntriesReport",
    "EntryLine",
    "LedgerLine",
    "LedgerReport",
    "RemovalLine",
    "RemovalsReport",
    "Report",
    "ResultLine",
    "ResultsReport",
    "all_reports",
    "bounties_report",
    "csv_money",
    "entries_report",
    "ledger_report",
    "removals_report",
    "results_report",
    "seat_words",
]
