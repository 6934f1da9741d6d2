"""The JSON the web layer answers, as Pydantic models: what OpenAPI (``/docs``) documents and
what FastAPI checks a route's answer against (issue 27).

Each model describes its payload exactly as the screens' JavaScript and the tests read it:
the same field names, the same nulls, the same nesting (`pitboss.server.view_json` builds them).
Every field is required (a null where the builder writes None), so a model neither drops a
key nor adds one; ``extra="forbid"`` makes a key the builder adds but no model declares an
error, in the tests (`tests/server/test_models.py`) and in every route FastAPI validates.
Where a key is present only sometimes, the field defaults to None and its route answers with
``response_model_exclude_unset``: the key stays absent when the builder left it out.

The session, the tournaments, the commands and the log are here, with the three payloads the
hub caches per change (`PublicView`, `DirectorView`, `TableView`); the software's dealing,
the dealer's device and the designer are in `pitboss.server.play_models`.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict


class Payload(BaseModel):
    """A JSON answer: every key declared (``extra="forbid"``), each value of its declared type
    as it is (``strict``: a number is never read from a string, nor a string made a number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class ErrorBody(Payload):
    """A refusal: the stable ``code``, its ``params`` (free-form: each error names what it
    refers to) and the ``message`` in a person's words."""

    code: str
    params: dict[str, Any]
    message: str


# --- session ---------------------------------------------------------------------------------


class SessionState(Payload):
    """Whether the director is signed in, the page's CSRF token, whether a password exists."""

    signed_in: bool
    csrf: str | None
    has_password: bool


class SignedIn(Payload):
    """A session just made: signed in, and its CSRF token."""

    signed_in: Literal[True]
    csrf: str


class SignedOut(Payload):
    """The session ended."""

    signed_in: Literal[False]


class Health(Payload):
    """The night is being saved."""

    saving: bool


class NotSaving(ErrorBody):
    """The night is not being saved (a 503): the store's refusal, ``saving: false``."""

    saving: bool


# --- commands and tournaments ----------------------------------------------------------------


class CommandField(Payload):
    """One field of a command's form; ``default`` (the field's JSON default, free-form: any
    JSON value) only when it is not required."""

    name: str
    required: bool
    default: Any = None


class CommandForm(Payload):
    """A command's type, what it does, and its fields."""

    type: str
    summary: str
    fields: list[CommandField]


class Preset(Payload):
    """A shipped house preset."""

    name: str
    title: str


class TournamentLine(Payload):
    """A tournament in the store."""

    id: str
    name: str
    created_at: int


class CreatedTournament(Payload):
    """A tournament just created, and the name of its rules."""

    id: str
    name: str
    rules: str


class EventLine(Payload):
    """An event a command recorded, in words."""

    type: str
    text: str


class Executed(Payload):
    """What a command recorded: its batch (None when it changed nothing), the log's head, and
    each event in words."""

    batch: int | None
    seq: int
    events: list[EventLine]


class LogLine(Payload):
    """One stored event, told; undone ones are not ``in_effect``."""

    seq: int
    batch: int
    at: int
    command: str
    in_effect: bool
    type: str
    text: str


class PlanBatch(Payload):
    """A batch an undo takes out (or a redo puts back); ``dropped``: a clock record taken out
    with it."""

    batch: int
    at: int
    command: str
    events: list[str]
    lines: list[str]
    dropped: bool


class CursorPlan(Payload):
    """What an undo or a redo would do."""

    kind: str
    batches: list[PlanBatch]


class CursorMoved(CursorPlan):
    """What an undo or a redo did, and the log's head after it."""

    seq: int


class TableLink(Payload):
    """A table device's link, its token inside."""

    url: str
    token: str


class SeatLine(Payload):
    """A seated player found by name."""

    table: int
    seat: int
    name: str
    chips: int


class FoundSeats(Payload):
    """Find my seat: the name asked and every seated player whose name matches."""

    name: str
    seats: list[SeatLine]


class DetailsErased(Payload):
    """The answer to erasing a player's private details (THC 1, issue 28)."""

    player_id: str
    erased: bool  # whether there were any


class PrivateDetails(Payload):
    """A player's private details (THC 1), for the director alone."""

    class Details(Payload):
        """The registration details."""

        address: str | None
        email: str | None
        phone: str | None
        date_of_birth: str | None
        national_id: str | None
        driver_licence: str | None
        age_verified: bool

    player_id: str
    name: str
    details: Details
    filled: list[str]


# --- the clock -------------------------------------------------------------------------------


class UpcomingColourUp(Payload):
    """The next period that takes chips out of play, and when it starts."""

    label: str
    chips: list[int]
    starts_in_ms: int
    starts_at: int | None


class Clock(Payload):
    """The clock at ``server_now``: the period, what comes next, and the instants it ends."""

    phase: str
    period: int
    label: str
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: str
    ante_label: str
    game_label: str
    running: bool
    started: bool
    remaining_ms: int
    ends_at: int | None
    hand_for_hand: bool
    next_label: str | None
    next_small_blind: int | None
    next_big_blind: int | None
    next_ante: int | None
    next_game_label: str | None
    next_break_in_ms: int | None
    next_break_at: int | None
    time_limit_in_ms: int | None
    time_limit_at: int | None
    chips_in_play: list[int]
    colour_up: list[int]
    next_colour_up: list[int]
    note: str
    announcement: str | None
    on_sale: str | None
    upcoming_colour_up: UpcomingColourUp | None
    levels: int


# --- the public view -------------------------------------------------------------------------


class Payout(Payload):
    """A place's prize; in a satellite its seat (``Seat to Main Event``) and the money besides."""

    place: int
    cents: int
    seat: str


class SeatedPlayer(Payload):
    """A seated player on the seating chart, with the bounty on their head (issue 29)."""

    table: int
    seat: int
    player_id: str
    name: str
    chips: int
    bounty_cents: int = 0


class Result(Payload):
    """A finishing place (``"3"``, ``"3-4"`` when shared: ``first``..``last``) and its prize."""

    place: str
    first: int
    last: int
    player_id: str
    name: str
    prize_cents: int
    paid_cents: int
    in_deal: bool
    seat: str
    bounty_won_cents: int = 0


class PlayerBounty(Payload):
    """An entry's bounty (issue 29): on their head, money won, knockouts, still in or not."""

    player_id: str
    name: str
    bounty_cents: int
    won_cents: int
    knockouts: int
    in_play: bool


class BountyBoard(Payload):
    """A bounty event's board (issue 29): the bounty per entry, the progressive share, who
    collects (in words), the money on heads and won, each entry's bounty and the biggest
    bounties still in play, largest first."""

    bounty_cents: int
    progressive_percent: int
    policy: str
    on_heads_cents: int
    won_cents: int
    players: list[PlayerBounty]
    biggest: list[PlayerBounty]


class Share(Payload):
    """A player's share of a deal."""

    name: str
    cents: int


class ApprovedDeal(Payload):
    """The approved deal: its shares, largest first, and how it was made."""

    method: str | None
    how: str
    forced: bool
    shares: list[Share]
    left_to_play_cents: int


class Board(Payload):
    """What the public view and the director's share: the clock, the board, the seating
    chart, the results."""

    stream: str
    seq: int
    server_now: int
    name: str
    house: str
    phase: str
    notice: str | None
    clock: Clock
    entries: int
    players_left: int
    rebuys: int
    add_ons: int
    average_stack: int
    chips_in_play_total: int
    prize_pool_cents: int
    payouts: list[Payout]
    tables: list[int]
    seating: list[SeatedPlayer]
    results: list[Result]
    deal: ApprovedDeal | None
    winner: str | None
    bounties: BountyBoard | None = None


class PublicView(Board):
    """What every public screen shows: built from names, chips and places only."""

    kind: Literal["public"]


# --- the director's view ---------------------------------------------------------------------


class DirectorPlayer(Payload):
    """A player on the console: chips, money, seat, and which private details are filled
    (never their values, THC 1)."""

    player_id: str
    name: str
    status: str
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
    details_filled: list[str]
    ticket: str
    bounty_cents: int = 0
    bounty_won_cents: int = 0
    knockouts: int = 0


class Balance(Payload):
    """Where every cent is."""

    taken_in: int
    refunds: int
    prize_pool: int
    house_share: int
    overlay: int
    prizes_paid: int
    prizes_forfeited: int
    prizes_unpaid: int
    prizes_in_tickets: int
    carried_in: int = 0  # Day 2's pool from its flights (issue 29)
    carried_out: int = 0  # a flight's pool carried to Day 2 (issue 29)
    bounties: int = 0
    bounties_won: int = 0
    bounties_forfeited: int = 0
    bounties_on_heads: int = 0


class LedgerView(Payload):
    """The money taken in, refunded and paid, by kind, and its balance; tickets (issue 29):
    entries paid by a satellite's ticket, tickets given back, a satellite's seats paid."""

    entry_cents: int
    fee_cents: int
    rebuy_cents: int
    add_on_cents: int
    refunded_entry_cents: int
    refunded_fee_cents: int
    prizes_paid_cents: int
    prizes_forfeited_cents: int
    tickets_in_cents: int
    tickets_returned_cents: int
    prizes_in_tickets_cents: int
    balance: Balance
    bounty_entry_cents: int = 0
    bounty_rebuy_cents: int = 0
    refunded_bounty_cents: int = 0


class Move(Payload):
    """A move: who, from which table and seat, to which."""

    player_id: str
    name: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int


class Proposal(Payload):
    """A balance or a break awaiting the director's confirmation (TDA 10B)."""

    kind: str
    lines: list[str]
    halted_tables: list[int]
    table: int | None
    moves: list[Move]
    draw: list[str]


class OpenHand(Payload):
    """A hand in play."""

    hand_id: str
    table: int
    players: list[str]


class DealView(Payload):
    """A deal for the console: stacks, shares, prizes, consents, the tables still to count."""

    deal_id: str
    method: str | None
    players: list[str]
    names: list[str]
    stacks: list[int]
    percent: list[str]
    amounts_cents: list[int]
    forced: bool
    by_chips: bool
    approved: bool
    cancelled: bool
    consents: list[str]
    warnings: list[str]
    tables_to_count: list[int]


class TableCount(Payload):
    """A table's latest chip count (issue 24)."""

    table: int
    dealt_by_a_person: bool
    counted_at: int | None
    counted_by: str | None
    difference: int | None
    chips: int


class Counts(Payload):
    """Each table's count, the chips found (+) or missing (-), the legal limit's instant."""

    tables: list[TableCount]
    chips_found: int
    limit_at: int | None


class ClockCall(Payload):
    """A clock called at a table (TDA 29)."""

    table: int
    player_id: str
    expires_at: int


class RulesName(Payload):
    """The house rules' name and title."""

    name: str
    title: str


class RebuyTerms(Payload):
    """The re-buy: open or why closed, its price and chips (KY 4, THC 1)."""

    allowed: bool
    closed: str | None
    price_cents: int
    chips: int
    max_per_player: int | None
    eligible_below_chips: int | None


class AddOnTerms(Payload):
    """The add-on: open or why closed, its price and chips (KY 5)."""

    allowed: bool
    closed: str | None
    price_cents: int
    chips: int
    max_per_player: int | None


class WithdrawalRefund(Payload):
    """What a withdrawal refunds."""

    policy: str
    buy_in_cents: int
    fee_cents: int


class Counter(Payload):
    """What the door and the counter sell now, and the time limit's chop."""

    registration_open: bool
    late: bool
    buy_in_cents: int
    fee_cents: int
    starting_chips: int
    rebuy: RebuyTerms
    add_on: AddOnTerms
    time_limit_chop: str
    time_limit_rule: str
    withdrawal_refund: WithdrawalRefund
    dealer_shortage_refund: bool
    seats_per_table: int


class ColourUpDue(Payload):
    """The current period's colour-up (TDA 24, KY 10) and the tables yet to race."""

    chips: list[int]
    tables_done: list[int]
    tables_pending: list[int]
    tables_to_count: list[int]
    race_chip: int


class DirectorView(Board):
    """The console's data: the public view with the citations, and the money, the players,
    the proposal, the open hands, the deals, the counts, the counter."""

    kind: Literal["director"]
    players: list[DirectorPlayer]
    ledger: LedgerView
    proposal: Proposal | None
    open_hands: list[OpenHand]
    deals: list[DealView]
    counts: Counts
    time_limit_reached: bool
    clock_calls: list[ClockCall]
    next_player_id: str
    rules: RulesName
    counter: Counter
    colour_up_due: ColourUpDue | None
    next_place: int | None
    books_closed: bool


# --- a table's device ------------------------------------------------------------------------


class TablePlayer(Payload):
    """A player at a table."""

    seat: int
    player_id: str
    name: str
    chips: int


class TableClockCall(Payload):
    """The clock called at this table."""

    player_id: str
    expires_at: int


class TableColourUp(Payload):
    """The colour-up due at this table, and whether its race runs on a count."""

    chips: list[int]
    race_chip: int
    needs_count: bool


class TableView(Payload):
    """One table for its device."""

    kind: Literal["table"]
    stream: str
    seq: int
    server_now: int
    name: str
    table: int
    exists: bool
    button: int | None
    players: list[TablePlayer]
    open_hand: str | None
    clock_call: TableClockCall | None
    next_place: int | None
    clock: Clock
    colour_up: TableColourUp | None
    counting: bool


VIEW_MODELS: dict[str, type[Payload]] = {
    "public": PublicView,
    "public-rules": PublicView,
    "director": DirectorView,
    "table": TableView,
}
"""The model of each hub role's payload (`pitboss.server.hub.Role`)."""
