"""The director's event log in words: one English line per event (``pitboss event log``).

`describe` takes the event and the state *before* it is folded, so every player is named (a
``player_registered`` or ``side_game_entered`` event names its own newcomer), and a bust-out
or a prize is told with the place and the money it comes to. Each event type has its own
function, registered by type with `_describes` (no line is ever made by dumping an event's
fields), so a new event without a description fails its test rather than printing badly.

A line names players by name and never prints a private registration detail (THC 1: address,
e-mail, phone, date of birth, national id, licence); ids appear only where nothing else is
known. Money is written with `pitboss.money.format_money`, chips with thousands separators.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

from pitboss.errors import TournamentError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.money import format_money
from pitboss.rules.stakes import AnteMode
from pitboss.rules.tournament import (
    ChipRace,
    TimeLimitAction,
)
from pitboss.table.positions import Positions
from pitboss.tournament.features.busts import ChipsRemoved, PlayersBusted, TournamentWon
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.corrections import (
    BustRecorded,
    ButtonCorrected,
    HandCorrected,
    TableResynced,
)
from pitboss.tournament.features.counts import ChipsCounted
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.hands import HandFinished, HandStarted
from pitboss.tournament.features.prizes import (
    BooksClosed,
    DealApproved,
    DealCancelled,
    DealConsented,
    DealProposed,
    DealRevised,
    PayoutsComputed,
    PrizeForfeited,
    PrizePaid,
)
from pitboss.tournament.features.registration import (
    AddOnBought,
    PlayerRegistered,
    PlayerWithdrew,
    RebuyBought,
    RebuyDeclared,
    WithdrawalReason,
)
from pitboss.tournament.features.registration_edits import RegistrationEdited
from pitboss.tournament.features.side_games import (
    SideGameAlternateSeated,
    SideGameChipsCounted,
    SideGameEntered,
    SideGameOptionDeclined,
    SideGameRegistered,
    SideGameWon,
)
from pitboss.tournament.features.tables import (
    ButtonPlaced,
    DrawReason,
    PlayerMoved,
    PlayerSeated,
    SeatReason,
    SeatsDrawn,
    TableBroken,
    TableOpened,
    TableResized,
)
from pitboss.tournament.features.timekeeping import (
    BreakStarted,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    HandForHandEnded,
    HandForHandHandPlayed,
    HandForHandStarted,
    LevelChange,
    LevelStarted,
    TimeLimitReached,
    TournamentStarted,
)
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import windows
from pitboss.tournament.model.awards import Award, award_of
from pitboss.tournament.model.balancing import Move, MoveReason
from pitboss.tournament.model.eliminations import RACED_OUT, RemovalReason
from pitboss.tournament.model.entries import DETAIL_WORDS, PRIVATE_FIELDS, PlayerChips
from pitboss.tournament.model.words import (
    chop_words,
    clock_now,
    duration,
    joined,
    name_of,
    ordinal,
    paid_words,
    place_words,
    plural,
    prize_words,
    removal_words,
    seat_words,
    shares_words,
    stack_changes,
    stacks_words,
)
from pitboss.tournament.registry import LINES, Event, Line, describes
from pitboss.tournament.state import TournamentState, apply

DESCRIPTIONS: Mapping[type[Event], Line] = MappingProxyType(LINES)
"""The line-maker of each event type (read-only): ``(event, state before it) -> str``."""


def describe(event: Event, state: TournamentState) -> str:
    """One line for the director's log: ``event`` as it happened to ``state`` (before it).

    Raises:
        TournamentError: an event type with no description (a programming error).
    """
    line = LINES.get(type(event))
    if line is None:
        raise TournamentError(
            f"no description for {type(event).__name__}: "
            "add one next to the event, with pitboss.tournament.registry.describes",
            code="no_description",
            params={"type": event.type},
        )
    return line(event, state)


def narrate(
    events: Iterable[Event], *, state: TournamentState | None = None
) -> Iterator[tuple[Event, str]]:
    """Each event with its line, folding as it goes.

    From a stored log's first event, ``tournament_created`` (as
    `pitboss.tournament.state.replay_log`); or, given ``state``, from there (a snapshot and
    the events after it).

    Raises:
        TournamentError: without ``state``, a log that does not start with
            ``tournament_created``.
    """
    stream = iter(events)
    if state is None:
        first = next(stream, None)
        if first is None or not isinstance(first, TournamentCreated):
            raise TournamentError(
                "a tournament's log starts with tournament_created (its name and rule set); "
                f"this one starts with {None if first is None else first.type}",
                code="no_tournament_created",
                params={"first": None if first is None else first.type},
            )
        state = TournamentState.new()
        yield first, describe(first, state)
        state = apply(state, first)
    for event in stream:
        yield event, describe(event, state)
        state = apply(state, event)


def _named_warning(state: TournamentState, players: Sequence[PlayerId], warning: str) -> str:
    """A deal warning starts with the player's id (`pitboss.tournament.features.prizes`): name
    them."""
    for pid in players:
        if warning.startswith(f"{pid} "):
            return f"{name_of(state, pid)}{warning[len(pid) :]}"
    return warning


# --- creation and registration ----------------------------------------------------------------


@describes(TournamentCreated)
def _created(e: TournamentCreated, s: TournamentState) -> str:
    entry = e.rules.tournament.entry
    cost = format_money(entry.buy_in_cents)
    if entry.fee_cents:
        cost += f" + {format_money(entry.fee_cents)} fee"
    title = f'Tournament "{e.name}"' if e.name else "Tournament"
    return (
        f"{title} created with the {e.rules.name} rules, {e.rules.title}; buy-in {cost}, "
        f"{entry.starting_chips:,} chips"
    )


@describes(PlayerRegistered)
def _registered(e: PlayerRegistered, s: TournamentState) -> str:
    when = "registered late" if e.late else "registered"
    paid = paid_words([(e.buy_in_cents, "buy-in"), (e.fee_cents, "fee")])
    return f"{e.name} {when} (paid {paid}; {e.chips:,} chips)"


@describes(PlayerWithdrew)
def _withdrew(e: PlayerWithdrew, s: TournamentState) -> str:
    name = name_of(s, e.player_id)
    refund = paid_words([(e.refund_entry_cents, "buy-in"), (e.refund_fee_cents, "fee")])
    if e.reason is WithdrawalReason.DEALER_SHORTAGE:
        return f"{name}'s entry refunded for a shortage of dealers (THC 39): {refund}"
    if e.refund_entry_cents + e.refund_fee_cents == 0:
        return f"{name} withdrew before the start: no refund"
    return f"{name} withdrew before the start: refunded {refund}"


@describes(RegistrationEdited)
def _edited(e: RegistrationEdited, s: TournamentState) -> str:
    """The new name, and which private details changed (THC 1: never what they hold)."""
    old = name_of(s, e.player_id)
    parts = [] if e.name is None else [f"{old} is now registered as {e.name}"]
    if e.details is not None:
        before = s.players[e.player_id].details if e.player_id in s.players else None
        changed = [
            DETAIL_WORDS[f]
            for f in sorted(PRIVATE_FIELDS, key=list(DETAIL_WORDS).index)
            if before is None or getattr(before, f) != getattr(e.details, f)
        ]
        whose = f"{old}'s" if e.name is None else "their"
        parts.append(f"{whose} private details edited ({', '.join(changed) or 'none changed'})")
    return "; ".join(parts) + " (registration edited)"


@describes(RebuyDeclared)
def _declared(e: RebuyDeclared, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} declared a re-buy: it plays behind and must be made "
        "(THC 1, TDA 27)"
    )


def _price(price_cents: int, fee_cents: int) -> str:
    """``$50.00``, or ``$55.00 with a $5.00 fee``."""
    total = format_money(price_cents + fee_cents)
    return f"{total} with a {format_money(fee_cents)} fee" if fee_cents else total


@describes(RebuyBought)
def _rebought(e: RebuyBought, s: TournamentState) -> str:
    player = s.players.get(e.player_id)
    number = 1 if player is None else player.rebuys + 1
    what = "made the declared re-buy" if e.declared else "re-bought"
    return (
        f"{name_of(s, e.player_id)} {what} (re-buy {number}: paid "
        f"{_price(e.price_cents, e.fee_cents)}; {e.chips:,} chips)"
    )


@describes(AddOnBought)
def _added(e: AddOnBought, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} bought the add-on (paid {_price(e.price_cents, e.fee_cents)}; "
        f"{e.chips:,} chips)"
    )


# --- the clock --------------------------------------------------------------------------------


@describes(TournamentStarted)
def _started(e: TournamentStarted, s: TournamentState) -> str:
    return f"Tournament started with {plural(e.entrants, 'entrant')}"


def _leaving(colour_up: Sequence[int], rule: str) -> str:
    if not colour_up:
        return ""
    chips = joined([f"{c:,}" for c in colour_up])
    return f"; the {chips} chips leave play (colour-up, {rule})"


@describes(LevelStarted)
def _level(e: LevelStarted, s: TournamentState) -> str:
    structure = s.rules.tournament.structure
    level = structure.level(e.level)
    head = {
        LevelChange.START: f"Level {e.level} started",
        LevelChange.CLOCK: f"Level {e.level} started",
        LevelChange.JUMP: f"Director jumped to level {e.level}",
        LevelChange.HAND_FOR_HAND: f"Level {e.level} started on hand-for-hand time (TDA RP-8D)",
    }[e.reason]
    stakes = f"blinds {level.small_blind:,}/{level.big_blind:,}"
    mode = structure.ante_mode_of(e.level)
    if mode is AnteMode.BIG_BLIND:
        stakes += f", big blind ante {level.ante:,}"
    elif mode is not AnteMode.NONE:
        stakes += f", ante {level.ante:,}"
    note = f"; {level.note}" if level.note else ""
    return f"{head}: {stakes} ({duration(e.remaining_ms)}){note}{_leaving(e.colour_up, 'KY 10')}"


@describes(BreakStarted)
def _break(e: BreakStarted, s: TournamentState) -> str:
    period = s.timeline[e.period]
    note = f": {period.note}" if period.note else ""
    how = " (director's jump)" if e.reason is LevelChange.JUMP else ""
    return (
        f"Break after level {e.after_level} started{how} ({duration(e.remaining_ms)}){note}"
        f"{_leaving(e.colour_up, 'TDA 24')}"
    )


@describes(ClockPaused)
def _paused(e: ClockPaused, s: TournamentState) -> str:
    return f"Clock paused: {clock_now(s, e.at)}"


@describes(ClockResumed)
def _resumed(e: ClockResumed, s: TournamentState) -> str:
    return f"Clock resumed: {clock_now(s, e.at)}"


@describes(ClockAdjusted)
def _adjusted(e: ClockAdjusted, s: TournamentState) -> str:
    change = (
        f"{duration(e.delta_ms)} added to"
        if e.delta_ms > 0
        else f"{duration(-e.delta_ms)} taken off"
    )
    left = clk.display_remaining(s.clock, e.at) + e.delta_ms
    return f"Clock adjusted: {change} {s.period.label()} ({duration(left)} left)"


@describes(HandForHandStarted)
def _h4h_started(e: HandForHandStarted, s: TournamentState) -> str:
    return (
        f"Hand-for-hand play started with {plural(s.players_left, 'player')} left "
        f"at {plural(len(s.tables), 'table')} (TDA RP-8)"
    )


@describes(HandForHandHandPlayed)
def _h4h_hand(e: HandForHandHandPlayed, s: TournamentState) -> str:
    return (
        f"Every table finished the hand-for-hand hand: {duration(e.deducted_ms)} off the clock "
        "(TDA RP-8C)"
    )


@describes(HandForHandEnded)
def _h4h_ended(e: HandForHandEnded, s: TournamentState) -> str:
    return f"Hand-for-hand play ended with {plural(s.players_left, 'player')} left"


@describes(TimeLimitReached)
def _limit(e: TimeLimitReached, s: TournamentState) -> str:
    rules = s.rules.tournament.clock
    rule = f" ({rules.time_limit_rule})" if rules.time_limit_rule else ""
    limit = (
        ""
        if rules.time_limit_minutes is None
        else f" of {duration(rules.time_limit_minutes * 60_000)}"
    )
    if e.action is TimeLimitAction.CHOP:
        return (
            f"Legal time limit{limit} reached{rule}: play stops and the remaining prizes are "
            f"divided ({chop_words(rules.time_limit_chop)})"
        )
    return f"Legal time limit{limit} reached{rule}: announced, play goes on"


# --- tables -----------------------------------------------------------------------------------


@describes(SeatsDrawn)
def _drawn(e: SeatsDrawn, s: TournamentState) -> str:
    players = sum(len(t.seats) for t in e.tables)
    if len(e.tables) == 1:
        buttons = f"button seat {e.tables[0].button}"
    else:
        buttons = "buttons " + ", ".join(f"table {t.table} seat {t.button}" for t in e.tables)
    if e.reason is DrawReason.FINAL_TABLE:
        return f"Final table drawn: {plural(players, 'player')}; {buttons} (KY 8b)"
    counted = f"{plural(len(e.tables), 'table')}, {plural(players, 'player')}"
    if e.reason is DrawReason.REDRAW:
        return f"Seats redrawn: {counted}; {buttons} (WSOP 67c)"
    return f"Seats drawn: {counted}; {buttons}"


@describes(TableOpened)
def _opened(e: TableOpened, s: TournamentState) -> str:
    return f"Table {e.table} opened with {plural(e.seat_count, 'seat')}"


@describes(TableResized)
def _resized(e: TableResized, s: TournamentState) -> str:
    table = s.tables.get(e.table)
    was = "" if table is None else f"from {table.seat_count} "
    return f"Table {e.table} went {was}to {plural(e.seat_count, 'seat')} (THC 5)"


@describes(ButtonPlaced)
def _button(e: ButtonPlaced, s: TournamentState) -> str:
    drawn = e.table
    who = next((a.player_id for a in drawn.seats if a.seat == drawn.button), None)
    seat = f"seat {drawn.button}" + ("" if who is None else f" ({name_of(s, who)})")
    how = " by high-card draw" if drawn.draw else ", where the button starts (THC 9)"
    return f"First button at table {drawn.table}: {seat}{how}"


_SEATED: Mapping[SeatReason, str] = {
    SeatReason.LATE: "late registration, TDA 8A",
    SeatReason.RE_ENTRY: "re-entry, TDA 8A",
    SeatReason.REBUY: "back in by a re-buy",
    SeatReason.ALTERNATE: "alternate, TDA 8A",
    SeatReason.SIDE_GAME: "from a side game, SLPT 29",
    SeatReason.CORRECTION: "back in after a corrected hand",
}


@describes(PlayerSeated)
def _seated(e: PlayerSeated, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} seated at table {e.table} seat {e.seat} ({_SEATED[e.reason]})"
    )


_MOVED: Mapping[MoveReason, str] = {
    MoveReason.BALANCE: "balancing",
    MoveReason.BREAK: "table broken",
    MoveReason.CONSOLIDATE: "the table loses seats, THC 5",
    MoveReason.DIRECTOR: "director's correction, TDA 7",
    MoveReason.UNDO: "move undone",
}


def _move(s: TournamentState, m: Move) -> str:
    return (
        f"{name_of(s, m.player_id)} moved from table {m.from_table} seat {m.from_seat} to "
        f"table {m.to_table} seat {m.to_seat}"
    )


@describes(PlayerMoved)
def _moved(e: PlayerMoved, s: TournamentState) -> str:
    return f"{_move(s, e.move)} ({_MOVED[e.move.reason]})"


@describes(TableBroken)
def _broken(e: TableBroken, s: TournamentState) -> str:
    moves = ", ".join(
        f"{name_of(s, m.player_id)} to table {m.to_table} seat {m.to_seat}" for m in e.moves
    )
    return f"Table {e.table} broken (TDA 10B): {moves or 'nobody to move'}"


# --- hands and bust-outs ----------------------------------------------------------------------


def _positions(s: TournamentState, table: TableNo, p: Positions) -> str:
    """The button and blinds by seat, each with its player (an empty button seat is the dead
    button, TDA 32)."""
    seats = s.tables.get(table)
    dead = seats is not None and SeatNo(p.button) not in seats.seats
    button = f"dead button seat {p.button}" if dead else f"button {seat_words(s, table, p.button)}"
    big = f"big blind {seat_words(s, table, p.big_blind)}"
    if p.is_heads_up:
        return f"button and small blind {seat_words(s, table, p.button)}, {big}"
    if p.small_blind is None:
        return f"{button}, dead small blind, {big}"
    return f"{button}, small blind {seat_words(s, table, p.small_blind)}, {big}"


@describes(HandStarted)
def _hand_started(e: HandStarted, s: TournamentState) -> str:
    line = f"Hand {e.hand_id} started at table {e.table} (level {e.level})"
    if e.positions is not None:
        line += f": {_positions(s, e.table, e.positions)}"
    if e.waiting:
        seats = joined([str(seat) for seat in e.waiting])
        line += f"; {'seats' if len(e.waiting) > 1 else 'seat'} {seats} wait for the button"
        line += " (TDA 10A)"
    return line


@describes(HandFinished)
def _hand_finished(e: HandFinished, s: TournamentState) -> str:
    record = s.hands.get(e.hand_id)
    where = "" if record is None else f" at table {record.table}"
    ordered = sorted(e.stacks, key=lambda st: -st.chips)
    return f"Hand {e.hand_id}{where} finished: {stacks_words(s, ordered)}"


def _out(reason: str) -> str:
    if reason == "bust":
        return "busted"
    if reason == RACED_OUT:
        return "was raced out at the colour-up"
    try:
        return f"is out ({removal_words(RemovalReason(reason))})"
    except ValueError:
        return f"is out ({reason.replace('_', ' ')})"


def _draw(s: TournamentState, draw: Sequence[str], rule: str) -> str:
    """Cards of a draw, ``"player_id:card"`` each, with the players named."""
    cards = []
    for item in draw:
        who, _, card = item.rpartition(":")
        cards.append(f"{name_of(s, PlayerId(who))} {card}")
    return f"; card draw {', '.join(cards)} ({rule})" if cards else ""


@describes(PlayersBusted)
def _busted(e: PlayersBusted, s: TournamentState) -> str:
    """Players out on one event, by place; players who share a place are named together."""
    after = apply(s, e)
    clauses: dict[str, list[str]] = {}
    for bust in e.busts:
        award = award_of(after, bust.player_id)
        place = "" if award is None else f" {place_words(award.first, award.last)}"
        tail = f"{_out(bust.reason)}{place}{prize_words(award)}"
        clauses.setdefault(tail, []).append(name_of(s, bust.player_id))
    where = []
    if e.hand_id is not None:
        where.append(f"hand {e.hand_id}")
    if e.table is not None:
        where.append(f"table {e.table}")
    if e.hand_for_hand_hand is not None:
        where.append("hand-for-hand")
    at = f" ({', '.join(where)})" if where else ""
    provisional = (
        "; re-buys are still open" if windows.rebuy_closed_reason(after, e.at) is None else ""
    )
    said = "; ".join(f"{joined(names)} {tail}" for tail, names in clauses.items())
    return f"{said}{at}{_draw(s, e.draw, 'THC 3')}{provisional}"


@describes(TournamentWon)
def _won(e: TournamentWon, s: TournamentState) -> str:
    award = award_of(apply(s, e), e.player_id)
    return f"{name_of(s, e.player_id)} won the tournament{prize_words(award)}"


@describes(ChipsRemoved)
def _removed(e: ChipsRemoved, s: TournamentState) -> str:
    note = f" ({e.note})" if e.note else ""
    return (
        f"{e.chips:,} of {name_of(s, e.player_id)}'s chips removed from play: "
        f"{removal_words(e.reason)}{note}"
    )


@describes(ColourUpRecorded)
def _colour_up(e: ColourUpRecorded, s: TournamentState) -> str:
    rule = "KY 2" if s.rules.tournament.colour_up.chip_race is ChipRace.KY_2 else "TDA 24"
    before = [
        PlayerChips(player_id=st.player_id, chips=s.players[st.player_id].chips)
        for st in e.stacks
        if st.player_id in s.players
    ]
    removed = (
        f"{e.chips_removed:,} in chips removed from play"
        if e.chips_removed
        else "no chips removed from play"
    )
    added = f", {e.chips_added:,} added" if e.chips_added else ""
    counted = ""
    if e.counted_by is not None:
        counted = f"; counted by hand by {e.counted_by}, {_found(e.difference)}"
    return (
        f"Colour-up at table {e.table} ({rule}): {removed}{added}{counted}; "
        f"{stack_changes(s, before, e.stacks)}"
    )


def _found(difference: int) -> str:
    """What a count found against pitboss's stacks (issue 24)."""
    if difference > 0:
        return f"{difference:,} chips found"
    if difference < 0:
        return f"{-difference:,} chips missing"
    return "as pitboss had it"


# --- prizes -----------------------------------------------------------------------------------

_LISTED_PRIZES = 9


@describes(PayoutsComputed)
def _payouts(e: PayoutsComputed, s: TournamentState) -> str:
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
def _prize_paid(e: PrizePaid, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    due = 0 if award is None else award.due_cents - e.amount_cents
    still = f"; {format_money(due)} still due" if due > 0 else ""
    return (
        f"{format_money(e.amount_cents)} paid to {name_of(s, e.player_id)}{_for_what(award)}{still}"
    )


@describes(PrizeForfeited)
def _prize_forfeited(e: PrizeForfeited, s: TournamentState) -> str:
    award = award_of(s, e.player_id)
    return (
        f"{name_of(s, e.player_id)}'s prize of {format_money(e.amount_cents)}"
        f"{_for_what(award)} forfeited: {e.reason}"
    )


@describes(DealProposed)
def _deal_proposed(e: DealProposed, s: TournamentState) -> str:
    how = chop_words(e.method)
    forced = ", forced by the time limit" if e.forced else ""
    left = (
        f"; {format_money(e.left_to_play_cents)} left to play for" if e.left_to_play_cents else ""
    )
    warnings = "".join(f"; warning: {_named_warning(s, e.players, w)}" for w in e.warnings)
    return (
        f"Deal {e.deal_id} proposed ({how}{forced}): "
        f"{shares_words(s, e.players, e.amounts_cents)}{left}{warnings}"
    )


@describes(DealConsented)
def _deal_consented(e: DealConsented, s: TournamentState) -> str:
    deal = s.deals.get(e.deal_id)
    count = ""
    if deal is not None:
        agreed = len(deal.consents | {e.player_id})
        count = f" ({agreed} of {len(deal.players)})"
    return f"{name_of(s, e.player_id)} agreed to deal {e.deal_id}{count}"


@describes(DealApproved)
def _deal_approved(e: DealApproved, s: TournamentState) -> str:
    deal = s.deals.get(e.deal_id)
    if deal is None:
        return f"Deal {e.deal_id} approved"
    then = (
        f"; play goes on for {format_money(deal.left_to_play_cents)}"
        if deal.left_to_play_cents
        else "; play is over"
    )
    return f"Deal {e.deal_id} approved: {shares_words(s, deal.players, deal.amounts_cents)}{then}"


@describes(DealCancelled)
def _deal_cancelled(e: DealCancelled, s: TournamentState) -> str:
    return f"Deal {e.deal_id} cancelled"


@describes(BooksClosed)
def _books_closed(e: BooksClosed, s: TournamentState) -> str:
    b = s.ledger.balance(s.rules.tournament.prize_pool)
    forfeited = f", {format_money(b.prizes_forfeited)} forfeited" if b.prizes_forfeited else ""
    return (
        f"Books closed: {format_money(b.taken_in)} taken in, {format_money(b.refunds)} "
        f"refunded, {format_money(b.prizes_paid)} paid in prizes{forfeited}, house share "
        f"{format_money(b.house_share)}"
    )


# --- side games (SLPT 29) ---------------------------------------------------------------------


@describes(SideGameEntered)
def _side_entered(e: SideGameEntered, s: TournamentState) -> str:
    source = "a side game" if e.side_game_id is None else f"side game {e.side_game_id}"
    killed = ", killing the side-game stack" if e.killed_side_stack else ""
    rule = "SLPT 29.2.1" if e.killed_side_stack else "SLPT 29"
    return f"{e.name} entered the main event from {source} with {e.chips:,} chips{killed} ({rule})"


@describes(SideGameRegistered)
def _side_registered(e: SideGameRegistered, s: TournamentState) -> str:
    return (
        f"Side game {e.side_game_id} registered: {plural(len(e.players), 'player')}, "
        f"{plural(e.seats, 'seat')} (SLPT 29.5): {joined(list(e.players))}"
    )


@describes(SideGameWon)
def _side_won(e: SideGameWon, s: TournamentState) -> str:
    return f"{e.winner} won side game {e.side_game_id} and may enter the main event (SLPT 29)"


@describes(SideGameChipsCounted)
def _side_counted(e: SideGameChipsCounted, s: TournamentState) -> str:
    stacks = ", ".join(f"{st.name} {st.chips:,}" for st in e.stacks)
    return (
        f"Side game {e.side_game_id} counted after {plural(e.hands_played, 'hand')}: "
        f"{stacks or 'nobody left'} (SLPT 29.2-29.4)"
    )


@describes(SideGameOptionDeclined)
def _side_declined(e: SideGameOptionDeclined, s: TournamentState) -> str:
    return (
        f"{e.name} stays in side game {e.side_game_id}: the option to enter passes to the "
        "next biggest stack (SLPT 29.2.2, 29.3)"
    )


@describes(SideGameAlternateSeated)
def _side_alternate(e: SideGameAlternateSeated, s: TournamentState) -> str:
    return (
        f"{e.name} seated as side game {e.side_game_id}'s alternate: {e.starting_stack:,} "
        f"chips less {e.blinds_passed:,} in blinds passed, {e.chips:,} (SLPT 29.6)"
    )


# --- corrections ------------------------------------------------------------------------------


@describes(BustRecorded)
def _bust_recorded(e: BustRecorded, s: TournamentState) -> str:
    busted = joined([name_of(s, b.player_id) for b in e.busted])
    winner = name_of(s, e.eliminated_by)
    return (
        f"{busted} busted at table {e.table}, eliminated by {winner} "
        f"({e.chips:,} chips to {winner})"
    )


@describes(HandCorrected)
def _hand_corrected(e: HandCorrected, s: TournamentState) -> str:
    return f"Hand {e.hand_id} at table {e.table} corrected: {stack_changes(s, e.before, e.stacks)}"


@describes(ButtonCorrected)
def _button_corrected(e: ButtonCorrected, s: TournamentState) -> str:
    if e.was is None:
        return f"Button at table {e.table} set to seat {e.seat} (TDA 34A)"
    return f"Button at table {e.table} corrected from seat {e.was} to seat {e.seat} (TDA 34A)"


@describes(TableResynced)
def _resynced(e: TableResynced, s: TournamentState) -> str:
    button = "" if e.button is None else f"; button at seat {e.button}"
    return f"Table {e.table} recounted: {stack_changes(s, e.before, e.stacks)}{button}"


@describes(ChipsCounted)
def _counted(e: ChipsCounted, s: TournamentState) -> str:
    total = sum(st.chips for st in e.stacks)
    found = _found(e.difference)
    if e.difference:
        found += f" (pitboss had {total - e.difference:,})"
    return (
        f"Table {e.table} counted by {e.counted_by}: {total:,} chips, {found}; "
        f"{stack_changes(s, e.before, e.stacks)}"
    )


@describes(DealRevised)
def _deal_revised(e: DealRevised, s: TournamentState) -> str:
    deal = s.deals[e.deal_id]
    warnings = "".join(f"; warning: {w}" for w in e.warnings)
    return (
        f"Deal {e.deal_id} worked out again from the chips now: "
        f"{shares_words(s, deal.players, e.amounts_cents)}; every player agrees again{warnings}"
    )


__all__ = [
    "DESCRIPTIONS",
    "describe",
    "duration",
    "joined",
    "name_of",
    "narrate",
    "ordinal",
    "place_words",
    "plural",
    "removal_words",
]
