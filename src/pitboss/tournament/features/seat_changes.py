"""Seat changes: balancing, breaking tables, redraws, tables that lose seats, a director's move.

The planner (`pitboss.tournament.model.balancing`) proposes each change: open a table, break
one (TDA 10B two-step draw), redraw (KY 8b, WSOP 67c), clear the seats a shrinking table loses
(THC 5), balance (TDA 11A, 11D). Live mode: the floor confirms each proposal
(`ConfirmSeatChange`); dealt mode (``seating.auto_apply_moves``) makes them as they fall due.
The seats themselves, drawn and given to newcomers, are `pitboss.tournament.features.tables`.

A seat change is made between hands at every table it involves (TDA 11A: a moved player must
not leave a hand or join one in play); those tables wait for it (`table_wait_reason`), as does a
table that is short (TDA 11D) or has played the current hand-for-hand hand (RP-8). In dealt
mode a table that owes the current colour-up races before players leave it (TDA 24).
"""

from __future__ import annotations

from collections.abc import Mapping, MutableSequence
from dataclasses import dataclass, replace
from typing import Any

from pitboss.cards import RandomSource
from pitboss.errors import SeatingError
from pitboss.ids import PlayerId, TableNo
from pitboss.rules.tournament import TableOrder
from pitboss.tournament.features.colour_up import RaceColourUp, SeatedPlayer, race_colour_up
from pitboss.tournament.features.tables import (
    DrawReason,
    SeatsDrawn,
    TableOpened,
    capacity,
    holding_capacity,
    need_rng,
    require_seated,
    seated_table,
)
from pitboss.tournament.model.balancing import (
    BalanceContext,
    BreakTable,
    Decision,
    Move,
    MoveReason,
    OpenTable,
    Redraw,
    break_as_shown,
    is_halted,
    next_decision,
    tables_involved,
    tables_to_shrink,
)
from pitboss.tournament.model.fields import SeatNumber, TableNumber
from pitboss.tournament.model.seating import draw_tables
from pitboss.tournament.model.words import name_of, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    fold,
    known_table,
    with_table,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakSeat:
    """Where a broken table's player goes, as the break's draw showed it (TDA 10B)."""

    player_id: PlayerId
    table: TableNumber
    seat: SeatNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmSeatChange(Command):
    """Carry out the director's next proposed seat change (a move, a break, a redraw).

    Live mode: the floor confirms each proposal; dealt mode applies them by itself
    (``tournament.seating.auto_apply_moves``). A break confirmed as the console showed it
    gives its ``seats`` (each player of the broken table, drawn when it was proposed, TDA 10B)
    and the ``draw``'s cards; without them the draw is made now.
    """

    seats: tuple[BreakSeat, ...] = ()
    draw: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BalanceTables(Command):
    """Carry out every proposed seat change now possible: one balancing pass (TDA 10B, 11)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UndoMove(Command):
    """Take back the last move of this pass, if neither table has dealt since."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MovePlayer(Command):
    """The director moves a player to an empty seat (TDA 7: a player in the wrong seat)."""

    player_id: PlayerId
    table: TableNumber
    seat: SeatNumber


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResized(Event):
    """A table lost the seats its phase no longer has (THC 5: 11 in the first round, then 10),
    once nobody sat there and neither blind of its last hand was there."""

    at: int
    table: TableNo
    seat_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMoved(Event):
    """A player changed seats between hands (TDA 11A balance, TDA 7 correction, or an undo)."""

    at: int
    move: Move


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBroken(Event):
    """A table broke; its players went where the two-step draw sent them (TDA 10B)."""

    at: int
    table: TableNo
    moves: tuple[Move, ...]
    draw: tuple[str, ...] = ()


# --- folds ------------------------------------------------------------------------------------


def _moved(state: TournamentState, move: Move) -> TournamentState:
    tables = state.tables
    source = tables.get(move.from_table)
    if source is not None:
        state = with_table(state, source.without(move.player_id))
    target = state.tables[move.to_table]
    return with_table(state, target.with_player(move.to_seat, move.player_id))


@folds(TableResized)
def _resized(state: TournamentState, event: TableResized) -> TournamentState:
    return with_table(state, state.tables[event.table]._replace(seat_count=event.seat_count))


@folds(PlayerMoved)
def _player_moved(state: TournamentState, event: PlayerMoved) -> TournamentState:
    state = _moved(state, event.move)
    if event.move.reason is MoveReason.UNDO:
        return state._replace(
            moved_this_pass=state.moved_this_pass - {event.move.player_id},
            pass_moves=state.pass_moves[:-1],
        )
    return state._replace(
        moved_this_pass=state.moved_this_pass | {event.move.player_id},
        pass_moves=(*state.pass_moves, event.move),
    )


@folds(TableBroken)
def _broken(state: TournamentState, event: TableBroken) -> TournamentState:
    for move in event.moves:
        state = _moved(state, move)
    moved = frozenset(m.player_id for m in event.moves)
    return state._replace(
        tables=state.tables.without(event.table),
        moved_this_pass=state.moved_this_pass | moved,
        pass_moves=(),
        hand_for_hand_done=state.hand_for_hand_done - {event.table},
    )


# --- the planner's view of the state ----------------------------------------------------------


class _Peek:
    """A stand-in random source to see whether a change is pending (never recorded)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 0


def context(s: TournamentState) -> BalanceContext:
    """The balancing planner's view of the state and the house's settings."""
    seating = s.rules.tournament.seating
    return BalanceContext(
        capacity=capacity(s),
        hold=holding_capacity(s),
        threshold=seating.threshold_at(s.level),
        mover=seating.mover,
        source_order=seating.source_table,
        break_order=seating.break_order,
        break_list=seating.break_list,
        final_table_size=seating.final_table_size,
        redraw_final_table=seating.redraw_final_table,
        redraw_at_tables=seating.redraw_at_tables,
        missed=s.rules.table.missed_blinds,
        busy=s.busy_tables(),
        moved=s.moved_this_pass,
        redrawn=s.redrawn_at,
    )


def pending(s: TournamentState) -> Decision | None:
    """The next seat change due, as far as it can be known without drawing (views, checks)."""
    if not s.is_seated or s.phase is not Phase.RUNNING:
        return None
    return next_decision(s.tables, context(s), _Peek(), draw=False)


# --- seat changes -----------------------------------------------------------------------------


def decision_events(
    s: TournamentState, decision: Decision, now: int, rng: RandomSource | None
) -> list[Event]:
    """The events that carry out one seat change."""
    match decision:
        case OpenTable():
            return [TableOpened(at=now, table=decision.table, seat_count=decision.seat_count)]
        case BreakTable():
            return [
                TableBroken(at=now, table=decision.table, moves=decision.moves, draw=decision.draw)
            ]
        case Redraw():
            source = need_rng(rng, "a redraw (KY 8b)")
            players = [p for t in sorted(s.tables) for p in s.tables[t].players()]
            numbers = sorted(s.tables)[: decision.tables]
            drawn = draw_tables(
                sorted(players), decision.seat_count, s.rules, source, numbers=numbers
            )
            reason = DrawReason.FINAL_TABLE if decision.final else DrawReason.REDRAW
            return [SeatsDrawn(at=now, tables=drawn, reason=reason)]
        case Move():
            return [PlayerMoved(at=now, move=decision)]
    raise AssertionError(decision)  # pragma: no cover


def races_before_moving(
    s: TournamentState, decision: Decision, now: int, rng: RandomSource | None
) -> list[Event]:
    """Dealt mode: the chip race of each table players are about to leave, if it is due and
    not yet run, so nobody carries chips that left play to another table (TDA 24; KY 10
    colours up as a level starts and each table races between its hands).

    Live mode leaves the colour-up to the floor at the table (``RecordColourUp``/
    ``RaceColourUp``); without a random source nothing is raced here.
    """
    period = s.period
    if not (period.colour_up and s.rules.tournament.seating.auto_apply_moves) or rng is None:
        return []
    match decision:
        case Move():
            sources: tuple[TableNo, ...] = (decision.from_table,)
        case BreakTable():
            sources = (decision.table,)
        case Redraw():
            sources = tuple(sorted(s.tables))
        case _:
            return []
    events: list[Event] = []
    for number in sources:
        table = s.tables.get(number)
        if (
            table is None
            or not table.seats
            or (period.index, number) in s.colour_ups_raced
            or number in s.busy_tables()
        ):
            continue
        seated = tuple(
            SeatedPlayer(seat=seat, player_id=pid) for seat, pid in sorted(table.seats.items())
        )
        step = race_colour_up(s, RaceColourUp(table=number, seats=seated), now, rng)
        events.extend(step)
        s = fold(s, step)
    return events


def seat_changes(
    s: TournamentState, now: int, rng: RandomSource | None, *, one: bool = False
) -> list[Event]:
    """Carry out the seat changes due, recomputing the plan after each (one pass).

    The loop ends: every turn either makes a seat change (each is planned so the tables move
    toward their balanced, fewest-tables shape, and nobody moves twice in a pass) or races a
    table (each table races once per colour-up); the guard below is only a backstop.

    Raises:
        SeatingError: chance must decide and there is no random source.
    """
    events: list[Event] = []
    guard = 4 * (len(s.players) + len(s.tables)) + 8
    while guard > 0:
        guard -= 1
        if not s.is_seated or s.phase is not Phase.RUNNING:
            break
        decision = next_decision(s.tables, context(s), rng)
        if decision is None:
            break
        races = races_before_moving(s, decision, now, rng)
        if races:
            # the race may have put someone out (raced_out = "bust"): plan again
            events.extend(races)
            s = fold(s, races)
            continue
        step = decision_events(s, decision, now, rng)
        events.extend(step)
        s = fold(s, step)
        if one:
            break
    return events


def resizes(s: TournamentState, now: int) -> list[Event]:
    """Tables that lose the seats their phase no longer has, now that they can (THC 5)."""
    if not s.is_seated:
        return []
    return [
        TableResized(at=now, table=number, seat_count=seats)
        for number, seats in tables_to_shrink(s.tables, context(s))
    ]


_HELD: list[tuple[TournamentState, dict[TableNo, str], BalanceContext]] = []


def table_wait_reason(s: TournamentState, table: int) -> str | None:
    """Why ``table`` may not deal its next hand now, or None (TDA 10B, 11A, 11D; RP-8).

    A seat change is made between hands at every table it involves (the table a player leaves,
    the table they join, a broken table and the tables receiving its players, every table for
    a redraw): those tables wait for it, even while another of them finishes its hand; a table
    short by the balancing threshold waits for a player (TDA 11D). The tables a pending seat
    change holds are worked out once per state (`_held`); whether this table is short is asked
    of this table alone, so a runtime asking for each table it wakes pays the same at any
    number of tables.
    """
    number = TableNo(table)
    held, ctx = _held(s)
    why = held.get(number)
    if why is not None:
        return why
    if number in s.tables and is_halted(s.tables, ctx, number):
        return _halted_reason(number)
    return None


def held_tables(s: TournamentState) -> Mapping[TableNo, str]:
    """The tables held by hand-for-hand or by the seat change due, with the reason (the short
    tables of TDA 11D aside: `table_wait_reason` asks those one at a time). Read only."""
    return _held(s)[0]


def _halted_reason(table: TableNo) -> str:
    return f"table {table} is short and waits for a player (TDA 11D)"


def _held(s: TournamentState) -> tuple[dict[TableNo, str], BalanceContext]:
    """The tables held by hand-for-hand or by the seat change due, with the reason, and the
    balancing context; kept for the latest state asked about (states never change)."""
    if _HELD and _HELD[0][0] is s:
        return _HELD[0][1], _HELD[0][2]
    out: dict[TableNo, str] = {}
    if s.clock.hand_for_hand:
        for table in s.hand_for_hand_done & set(s.tables):
            out[table] = (
                f"table {table} has played this hand-for-hand hand and waits for the other "
                "tables (RP-8)"
            )
    ctx = context(s)  # once: the pending change and the halted tables share it
    decision = None
    if s.is_seated and s.phase is Phase.RUNNING:
        idle = replace(ctx, busy=frozenset())
        decision = next_decision(s.tables, idle, _Peek(), draw=False)
    involved = tables_involved(s.tables, decision, ctx) if decision is not None else frozenset()
    random_break = s.rules.tournament.seating.break_order is TableOrder.RANDOM
    why = ""
    match decision:
        case Redraw():
            why = "every seat is being redrawn (KY 8b): confirm the redraw first"
            involved = frozenset(s.tables)
        case BreakTable() if random_break:
            why = "a table drawn at random is to break (RP-19): confirm the break first"
            involved = frozenset(s.tables)
        case BreakTable():
            why = f"table {decision.table} is to break (TDA 10B): confirm the break first"
        case Move():
            why = (
                "a balancing move is due first (TDA 11A, 11D): "
                f"Table {decision.from_table} seat {decision.from_seat} to Table "
                f"{decision.to_table} seat {decision.to_seat}"
            )
    for table in sorted(involved):
        if isinstance(decision, BreakTable) and not random_break and table != decision.table:
            out.setdefault(
                table,
                f"table {table} receives players from table {decision.table}, which is to "
                "break (TDA 10B): confirm the break first",
            )
        out.setdefault(table, why)
    _HELD[:] = [(s, out, ctx)]
    return out, ctx


# --- handlers ---------------------------------------------------------------------------------


@handles(ConfirmSeatChange)
def _confirm(s: TournamentState, c: ConfirmSeatChange, ctx: Context) -> list[Event]:
    require_seated(s)
    if c.seats:
        return ctx.settle(s, [_shown_break(s, c, ctx.now)])
    events = seat_changes(s, ctx.now, ctx.rng, one=True)
    if not events:
        raise SeatingError(
            "no seat change is due now (or it waits for a hand to finish)",
            code="nothing_to_confirm",
            params={"phase": s.phase.value},
        )
    return ctx.settle(s, events)  # a broken table no longer holds hand-for-hand


def _shown_break(s: TournamentState, c: ConfirmSeatChange, now: int) -> TableBroken:
    """The break due, to the seats its draw showed (`balancing.break_as_shown`)."""
    due = pending(s)
    if not isinstance(due, BreakTable):
        raise SeatingError(
            "no table is due to break now: confirm the seat change the console shows",
            code="break_changed",
            params={"due": None if due is None else type(due).__name__},
        )
    victim = due.table
    if s.rules.tournament.seating.break_order is TableOrder.RANDOM:  # drawn with the seats
        table = s.table_of(c.seats[0].player_id)
        victim = due.table if table is None else table.number
    seats = [(x.player_id, x.table, x.seat) for x in c.seats]
    drawn = break_as_shown(s.tables, victim, context(s), seats, c.draw)
    return TableBroken(at=now, table=drawn.table, moves=drawn.moves, draw=drawn.draw)


@handles(BalanceTables)
def _balance(s: TournamentState, c: BalanceTables, ctx: Context) -> list[Event]:
    require_seated(s)
    return ctx.settle(s, seat_changes(s, ctx.now, ctx.rng))


@handles(UndoMove)
def _undo(s: TournamentState, c: UndoMove, ctx: Context) -> list[Event]:
    """Take back the last move of this pass (live mode), if both tables are between hands."""
    if not s.pass_moves:
        raise SeatingError("no move of this pass to undo", code="nothing_to_undo", params={})
    last = s.pass_moves[-1]
    if s.open_hands(last.to_table) or s.open_hands(last.from_table):
        raise SeatingError(
            "a hand has started at one of the tables; the move stands",
            code="move_dealt",
            params={"from_table": last.from_table, "to_table": last.to_table},
        )
    source = s.tables.get(last.from_table)
    if source is None or last.from_seat in source.seats:
        raise SeatingError(
            "the player's old seat is gone or taken",
            code="seat_gone",
            params={"table": last.from_table, "seat": last.from_seat},
        )
    back = Move(
        player_id=last.player_id,
        from_table=last.to_table,
        from_seat=last.to_seat,
        to_table=last.from_table,
        to_seat=last.from_seat,
        reason=MoveReason.UNDO,
    )
    return ctx.settle(s, [PlayerMoved(at=ctx.now, move=back)])


@handles(MovePlayer)
def _move(s: TournamentState, c: MovePlayer, ctx: Context) -> list[Event]:
    """A director's move to an empty seat (TDA 7: wrong seat, the current stack moves), made
    between hands at both tables (a seat change never happens during a hand).

    Raises:
        TournamentError: the player is unknown, out, or not seated; no such table or seat; a
            hand is in play at either table.
    """
    table = seated_table(s, c.player_id)
    target = known_table(s, c.table)
    if c.seat in target.seats or not 1 <= c.seat <= target.seat_count:
        raise SeatingError(
            f"table {c.table} seat {c.seat} is not an empty seat; empty: {target.empty_seats()}",
            code="seat_occupied",
            params={"table": c.table, "seat": c.seat, "empty": target.empty_seats()},
        )
    for number in sorted({table.number, c.table}):
        if s.open_hands(number):
            raise SeatingError(
                f"table {number} has a hand in play: move players between hands",
                code="hand_in_play",
                params={"table": number},
            )
    seat = table.seat_of(c.player_id)
    assert seat is not None
    move = Move(
        player_id=c.player_id,
        from_table=table.number,
        from_seat=seat,
        to_table=c.table,
        to_seat=c.seat,
        reason=MoveReason.DIRECTOR,
    )
    return ctx.settle(s, [PlayerMoved(at=ctx.now, move=move)])


# --- the log's lines --------------------------------------------------------------------------


@describes(TableResized)
def _resized_line(e: TableResized, s: TournamentState) -> str:
    table = s.tables.get(e.table)
    was = "" if table is None else f"from {table.seat_count} "
    return f"Table {e.table} went {was}to {plural(e.seat_count, 'seat')} (THC 5)"


_MOVED: Mapping[MoveReason, str] = {
    MoveReason.BALANCE: "balancing",
    MoveReason.BREAK: "table broken",
    MoveReason.CONSOLIDATE: "the table loses seats, THC 5",
    MoveReason.DIRECTOR: "director's correction, TDA 7",
    MoveReason.UNDO: "move undone",
}


def _move_words(s: TournamentState, m: Move) -> str:
    return (
        f"{name_of(s, m.player_id)} moved from table {m.from_table} seat {m.from_seat} to "
        f"table {m.to_table} seat {m.to_seat}"
    )


@describes(PlayerMoved)
def _moved_line(e: PlayerMoved, s: TournamentState) -> str:
    return f"{_move_words(s, e.move)} ({_MOVED[e.move.reason]})"


@describes(TableBroken)
def _broken_line(e: TableBroken, s: TournamentState) -> str:
    moves = ", ".join(
        f"{name_of(s, m.player_id)} to table {m.to_table} seat {m.to_seat}" for m in e.moves
    )
    return f"Table {e.table} broken (TDA 10B): {moves or 'nobody to move'}"


__all__ = [
    "BalanceTables",
    "BreakSeat",
    "ConfirmSeatChange",
    "MovePlayer",
    "PlayerMoved",
    "TableBroken",
    "TableResized",
    "UndoMove",
    "context",
    "decision_events",
    "held_tables",
    "pending",
    "races_before_moving",
    "resizes",
    "seat_changes",
    "table_wait_reason",
]
