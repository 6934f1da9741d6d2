"""Balancing, breaking and redrawing tables: pure planners of the director's next seat change.

`next_decision` looks at the tables and says what to do next, one step at a time, so the plan
is recomputed after every move (the issue's rule) and no player is moved twice in one pass
(the caller passes who has moved). Order of business:

1. Open a table when the seats cannot hold everyone (late entries; THC 5 shrinking 11 -> 10).
2. Break a table as soon as the others can seat its players (TDA 10B), in the house's break
   order (TDA 11C, RP-19: highest number first, a fixed list, or random), seating its players by
   the two-step random draw (TDA 10B: seat cards scrambled, one card each, the highest card by
   suit takes the first seat card). Down to the final table (KY 8a: at ``final_table_size``)
   or to a table count in ``redraw_at_tables`` (WSOP 67c) every player is redrawn instead
   (KY 8b), which needs every table between hands.
3. Move players out of seats the shrunk table no longer has (THC 5: 11 in the first round,
   then 10), each once their seat has passed the blinds, so no dead button or blind is ever
   left on a seat the table no longer has; then the table shrinks (`tables_to_shrink`).
4. Balance: when the fullest and the shortest table differ by the threshold (TDA 11D), a player
   from the fullest (the source table by a predetermined order, TDA 11C) moves to the worst
   position of the shortest (TDA 11A: the player due the big blind next; THC 12, 20: a random
   player), never the seat that posts the next small blind: when that is the only empty seat,
   the move waits for the short table's next hand.

Seat changes happen between hands: a table with a hand in play neither gives nor receives a
player (the tables involved wait, `tables_involved`). Breaking is planned with the seats that
will hold (``hold``: THC 5's 10 once the first round's 11 end), so no table is broken in the
first round only to be opened again when the seats shrink, and nobody is seated in a seat the
table will lose.
"""

from __future__ import annotations

import enum
import heapq
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pitboss.cards import Deck, RandomSource
from pitboss.errors import SeatingError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules.table_rules import MissedBlindPolicy
from pitboss.rules.tournament import BalanceMover, TableOrder
from pitboss.table.seats import TableSeats
from pitboss.tournament.model.seating import tables_needed
from pitboss.tournament.model.seatmap import Tables, as_tables


class MoveReason(enum.StrEnum):
    """Why a player changed seats."""

    BALANCE = "balance"  # TDA 11A/11D; THC 12, 20
    BREAK = "break"  # TDA 10B
    CONSOLIDATE = "consolidate"  # THC 5: the table shrinks after the first round
    DIRECTOR = "director"  # a director's correction (TDA 7: wrong seat)
    UNDO = "undo"


@dataclass(frozen=True, slots=True, kw_only=True)
class Move:
    """A concrete proposal: "Table 3 seat 7, Ann Lee, to Table 1 seat 4"."""

    player_id: PlayerId
    from_table: TableNo
    from_seat: SeatNo
    to_table: TableNo
    to_seat: SeatNo
    reason: MoveReason

    def describe(self, name: str) -> str:
        """The move as the floor announces it."""
        return (
            f"Table {self.from_table} seat {self.from_seat}, {name}, to Table {self.to_table} "
            f"seat {self.to_seat}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenTable:
    """Open a new, empty table (more players than seats)."""

    table: TableNo
    seat_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakTable:
    """Break ``table``: its players go where the two-step draw sends them (TDA 10B).

    ``draw`` lists each player's card as ``"player_id:card"`` in the order dealt.
    """

    table: TableNo
    moves: tuple[Move, ...]
    draw: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Redraw:
    """Redraw every player onto ``tables`` tables (KY 8b final table; WSOP 67c at 3 and 2)."""

    tables: int
    seat_count: int
    final: bool


Decision = OpenTable | BreakTable | Redraw | Move


@dataclass(frozen=True, slots=True, kw_only=True)
class BalanceContext:
    """What the planner needs besides the tables: the house's settings and who may move.

    ``capacity`` is the seat count of the current phase (THC 5), ``hold`` the seats that stay
    in every later phase; ``busy`` are tables with a hand in play; ``moved`` are players
    already moved in this pass; ``redrawn`` the table counts at which a redraw was made.
    """

    capacity: int
    threshold: int
    hold: int | None = None  # the seats every later phase keeps too (THC 5: 10); None = capacity
    mover: BalanceMover
    source_order: TableOrder
    break_order: TableOrder
    break_list: tuple[int, ...] = ()
    final_table_size: int | None = None
    redraw_final_table: bool = False
    redraw_at_tables: tuple[int, ...] = ()
    missed: MissedBlindPolicy = MissedBlindPolicy.WAIT_FOR_BUTTON
    busy: frozenset[int] = frozenset()
    moved: frozenset[PlayerId] = frozenset()
    redrawn: frozenset[int] = field(default_factory=frozenset)


def tables_required(players: int, ctx: BalanceContext, seats: int | None = None) -> int:
    """As few tables of ``seats`` (default: the current phase's) as hold everyone; one once
    the final table forms (KY 8a, RP-9)."""
    seats = ctx.capacity if seats is None else seats
    final = ctx.final_table_size
    if final is not None:
        if players <= final:
            return 1
        return max(2, tables_needed(players, seats))
    return tables_needed(players, seats)


def holding_seats(ctx: BalanceContext) -> int:
    """The seats a table keeps from now on (THC 5: 10, even in the first round's 11)."""
    return ctx.capacity if ctx.hold is None else min(ctx.hold, ctx.capacity)


def final_table_seats(ctx: BalanceContext) -> int:
    """The seats of the final table: the final-table size when larger than a table (KY 8a)."""
    return max(ctx.capacity, ctx.final_table_size or 0)


def _need(rng: RandomSource | None, what: str) -> RandomSource:
    if rng is None:
        raise SeatingError(
            f"{what} is decided by chance: a random source is needed",
            code="no_random_source",
            params={"what": what},
        )
    return rng


def _ordered(
    tables: Sequence[TableSeats], order: TableOrder, fixed: Sequence[int]
) -> list[TableNo]:
    numbers = sorted((t.number for t in tables), reverse=order is not TableOrder.LOWEST_FIRST)
    if order is TableOrder.FIXED_LIST:
        listed = [TableNo(n) for n in fixed if n in numbers]
        return listed + [n for n in numbers if n not in listed]
    return numbers


def next_decision(
    tables: Mapping[TableNo, TableSeats],
    ctx: BalanceContext,
    rng: RandomSource | None = None,
    *,
    draw: bool = True,
) -> Decision | None:
    """The director's next seat change, or None when nothing is due or it must wait.

    ``draw=False`` only looks: a break is returned without its two-step draw (no moves; see
    `tables_involved` for where its players would go), so a screen or a waiting table can ask
    what is due as often as it likes at little cost.

    Raises:
        SeatingError: chance must decide (a random mover, random break order, a break or a
            redraw) and no random source was given.
    """
    tables = as_tables(tables)  # the summary answers below cost the same at any field size
    count, players = len(tables), tables.players
    if not count or players == 0:
        return None
    required = tables_required(players, ctx)
    if required > count and players > count * ctx.capacity:
        number = TableNo(next(n for n in range(1, count + 2) if n not in tables))
        return OpenTable(table=number, seat_count=ctx.capacity)
    holding = tables_required(players, ctx, holding_seats(ctx))
    if count > holding:
        return _shrink(tables, holding, ctx, rng, draw=draw)
    overflow = _consolidate(tables, ctx)
    if overflow is not None:
        return overflow
    return _balance(tables, ctx, rng)


def _shrink(
    tables: Tables,
    required: int,
    ctx: BalanceContext,
    rng: RandomSource | None,
    *,
    draw: bool,
) -> Decision | None:
    count = len(tables) - 1
    is_final = required == 1
    wants_redraw = (is_final and ctx.redraw_final_table) or (
        count == required and count in ctx.redraw_at_tables and count not in ctx.redrawn
    )
    if wants_redraw:
        if ctx.busy:
            return None  # every table finishes its hand first
        seats = final_table_seats(ctx) if is_final else ctx.capacity
        return Redraw(tables=required, seat_count=seats, final=is_final)
    if ctx.break_order is TableOrder.RANDOM:
        ordered = sorted(tables.keys() - ctx.busy)
        if not ordered:
            return None
        chooser = _need(rng, "a random table break (RP-19)")
        victim = ordered[chooser.randrange(len(ordered))]
    else:
        victim = _first_to_break(tables, ctx.break_order, ctx.break_list)
        if victim in ctx.busy:
            return None  # the predetermined table breaks when its hand is over
    targets = break_targets(tables, victim, ctx)
    if any(n in ctx.busy for n, k in targets.items() if k):
        return None  # the tables that receive its players finish their hands first
    if not draw:
        return BreakTable(table=victim, moves=())
    return _break(tables, victim, ctx, _need(rng, "seating a broken table (TDA 10B)"))


def _first_to_break(tables: Tables, order: TableOrder, fixed: Sequence[int]) -> TableNo:
    """The table the break order names first: `_ordered`'s first, without sorting them all."""
    if order is TableOrder.FIXED_LIST:
        listed = next((TableNo(n) for n in fixed if n in tables), None)
        if listed is not None:
            return listed
    return tables.lowest_number() if order is TableOrder.LOWEST_FIRST else tables.highest_number()


def _break_capacity(tables: Mapping[TableNo, TableSeats], ctx: BalanceContext) -> int:
    return final_table_seats(ctx) if len(tables) == 2 else holding_seats(ctx)


def break_targets(
    tables: Mapping[TableNo, TableSeats], victim: TableNo, ctx: BalanceContext
) -> dict[TableNo, int]:
    """How many of ``victim``'s players each other table receives, keeping them even (TDA 10B);
    a table that receives none is left out.

    One player at a time goes to the shortest table with room, the lowest number on a tie. Only
    the first tables in that order can receive (a table taken once comes back behind the others
    of its new size), so the k players of the victim need only the first k tables with room.

    Raises:
        SeatingError: the other tables have no room.
    """
    tables = as_tables(tables)
    capacity = _break_capacity(tables, ctx)
    players = tables[victim].size
    wanted: dict[TableNo, int] = {}
    room: list[tuple[int, TableNo]] = []
    for n in tables.shortest_first():
        size = tables[n].size
        if len(room) == players or size >= capacity:
            break
        if n != victim:
            room.append((size, n))
    heapq.heapify(room)
    for _ in range(players):
        if not room:
            raise SeatingError(
                f"table {victim} cannot break: the other tables have no room",
                code="no_room",
                params={"table": victim},
            )
        size, target = heapq.heappop(room)
        wanted[target] = wanted.get(target, 0) + 1
        if size + 1 < capacity:
            heapq.heappush(room, (size + 1, target))
    return wanted


def _break(
    tables: Mapping[TableNo, TableSeats], victim: TableNo, ctx: BalanceContext, rng: RandomSource
) -> BreakTable:
    """TDA 10B: seat cards for the seats that keep the tables even, scrambled; one card each."""
    broken = tables[victim]
    capacity = _break_capacity(tables, ctx)
    wanted = break_targets(tables, victim, ctx)
    seat_cards: list[tuple[TableNo, SeatNo]] = []
    for n in sorted(wanted):
        empty = _seat_pool(tables[n], wanted[n], capacity)
        rng.shuffle(empty)
        seat_cards.extend((n, s) for s in sorted(empty[: wanted[n]]))
    rng.shuffle(seat_cards)
    deck = Deck(rng)
    dealt = [(seat, pid, deck.deal()) for seat, pid in sorted(broken.seats.items())]
    ranked = sorted(dealt, key=lambda d: -int(d[2]))
    moves = tuple(
        Move(
            player_id=pid,
            from_table=victim,
            from_seat=seat,
            to_table=card[0],
            to_seat=card[1],
            reason=MoveReason.BREAK,
        )
        for (seat, pid, _), card in zip(ranked, seat_cards, strict=True)
    )
    moves = tuple(sorted(moves, key=lambda m: m.from_seat))
    return BreakTable(
        table=victim, moves=moves, draw=tuple(f"{pid}:{card}" for _, pid, card in dealt)
    )


def _seat_pool(table: TableSeats, wanted: int, capacity: int) -> list[SeatNo]:
    """The seats a broken table's players may draw at ``table``: its empty seats up to the
    capacity, or, when they are too few, any seat up to the capacity nobody holds."""
    empty = table.empty_seats(capacity)
    if len(empty) < wanted:
        empty = [SeatNo(s) for s in range(1, capacity + 1) if s not in table.seats]
    return empty


def break_as_shown(
    tables: Mapping[TableNo, TableSeats],
    victim: TableNo,
    ctx: BalanceContext,
    seats: Sequence[tuple[PlayerId, TableNo, SeatNo]],
    draw: Sequence[str] = (),
) -> BreakTable:
    """The break of ``victim`` with the seats the director was shown and confirmed (TDA 10B:
    the two-step draw made when the break was proposed): ``seats`` are ``(player, table,
    seat)``, one for each of its players, into empty seats the draw could have given, as many
    at each table as keep the tables even (`break_targets`).

    Raises:
        SeatingError: ``break_changed``: the seats are not a draw of this break as the tables
            stand (a player missing or twice, a seat taken or out of the draw, the counts per
            table not even): the director looks at the break again.
    """
    tables = as_tables(tables)
    broken = tables[victim]
    capacity = _break_capacity(tables, ctx)
    wanted = break_targets(tables, victim, ctx)
    given: dict[TableNo, int] = {}
    for _, table, _ in seats:
        given[table] = given.get(table, 0) + 1
    players = [pid for pid, _, _ in seats]
    places = {(table, seat) for _, table, seat in seats}
    fits = (
        victim not in ctx.busy
        and not any(n in ctx.busy for n in wanted)
        and sorted(players) == sorted(broken.players())
        and len(places) == len(seats)
        and given == {n: k for n, k in wanted.items() if k}
        and all(seat in _seat_pool(tables[t], wanted[t], capacity) for t, seat in places)
    )
    drawn = [text.rpartition(":")[0] for text in draw]
    if not fits or (draw and sorted(drawn) != sorted(players)):
        raise SeatingError(
            f"the seats shown for table {victim}'s break no longer fit the tables: look at the "
            "break again and confirm the seats it shows now",
            code="break_changed",
            params={"table": victim, "wanted": {str(n): k for n, k in wanted.items()}},
        )
    moves = tuple(
        Move(
            player_id=pid,
            from_table=victim,
            from_seat=seat,
            to_table=to_table,
            to_seat=to_seat,
            reason=MoveReason.BREAK,
        )
        for pid, to_table, to_seat in seats
        for seat in (broken.seat_of(pid),)
        if seat is not None
    )
    return BreakTable(
        table=victim, moves=tuple(sorted(moves, key=lambda m: m.from_seat)), draw=tuple(draw)
    )


def _destination(tables: Tables, exclude: int, ctx: BalanceContext) -> TableSeats | None:
    """The shortest table (lowest number on a tie) with a seat a player may take (TDA 11A)."""
    for n in tables.shortest_first():
        if n != exclude and n not in ctx.busy and tables[n].worst_seats(ctx.missed, ctx.capacity):
            return tables[n]
    return None


def _consolidate(tables: Tables, ctx: BalanceContext) -> Move | None:
    """THC 5: players in seats above the phase's seat count move to the worst open seat, each
    once their seat is clear of the blinds (not last hand's small blind or big blind), so the
    button and the blinds never land on a seat the table is losing."""
    for number in tables.numbers_above(ctx.capacity):  # seats never exceed seat_count
        table = tables[number]
        last = table.last
        blinds = () if last is None else (last.small_blind_position, last.big_blind)
        beyond = sorted(
            s
            for s, p in table.seats.items()
            if s > ctx.capacity and p not in ctx.moved and s not in blinds
        )
        if not beyond or table.number in ctx.busy:
            continue
        seat = beyond[-1]
        target = _destination(tables, table.number, ctx)
        if target is None or target.size >= table.size - 1:
            target = table if table.worst_seats(ctx.missed, ctx.capacity) else target
        if target is None:
            continue
        to_seat = target.worst_seats(ctx.missed, ctx.capacity)[0]
        return Move(
            player_id=table.seats[seat],
            from_table=table.number,
            from_seat=seat,
            to_table=target.number,
            to_seat=to_seat,
            reason=MoveReason.CONSOLIDATE,
        )
    return None


def _balance(tables: Tables, ctx: BalanceContext, rng: RandomSource | None) -> Move | None:
    if len(tables) < 2:
        return None
    most, least = tables.largest(), tables.smallest()
    if most - least < ctx.threshold:
        return None
    fullest = [tables[n] for n in tables.numbers_with(most)]
    hold = holding_seats(ctx)
    # Of the shortest tables, the first between hands (a player joins a table between its
    # hands) with a lawful seat (TDA 11A): one whose only open seat is the next small blind
    # deals its next hand first, while another as short takes the player now (TDA 11D).
    shortest = next(
        (
            tables[n]
            for n in tables.numbers_with(least)
            if n not in ctx.busy and _can_receive(tables[n], ctx.missed, hold)
        ),
        None,
    )
    if shortest is None:
        return None
    for number in _ordered(fullest, ctx.source_order, ()):
        source = tables[number]
        if number in ctx.busy:
            continue
        candidates = [p for p in source.players() if p not in ctx.moved]
        if not candidates:
            continue
        if ctx.mover is BalanceMover.NEXT_BIG_BLIND:
            order = [p for p in source.big_blind_order(ctx.missed) if p not in ctx.moved]
            player = order[0]
        else:
            chooser = _need(rng, "a random mover (THC 12, 20)")
            player = candidates[chooser.randrange(len(candidates))]
        from_seat = source.seat_of(player)
        assert from_seat is not None
        seats = shortest.worst_seats(ctx.missed, hold)
        if not seats:
            return None  # never into the next small blind (TDA 11A): the move waits a hand
        return Move(
            player_id=player,
            from_table=number,
            from_seat=from_seat,
            to_table=shortest.number,
            to_seat=seats[0],
            reason=MoveReason.BALANCE,
        )
    return None


def halted_tables(tables: Mapping[TableNo, TableSeats], ctx: BalanceContext) -> tuple[TableNo, ...]:
    """Tables that wait for a player before dealing again (TDA 11D): short by the threshold,
    unless a player moved in could only take the next small blind: that table deals its next
    hand first (TDA 11A)."""
    tables = as_tables(tables)
    if len(tables) < 2:
        return ()
    most = tables.largest()
    return tuple(
        sorted(
            n
            for size in tables.sizes()
            if most - size >= ctx.threshold
            for n in tables.numbers_with(size)
            if _can_receive(tables[n], ctx.missed, holding_seats(ctx))
        )
    )


def is_halted(tables: Mapping[TableNo, TableSeats], ctx: BalanceContext, number: TableNo) -> bool:
    """Table ``number`` is one of `halted_tables` (asked of that table alone)."""
    tables = as_tables(tables)
    size = tables[number].size
    return (
        len(tables) >= 2
        and tables.largest() - size >= ctx.threshold
        and _can_receive(tables[number], ctx.missed, holding_seats(ctx))
    )


def _can_receive(table: TableSeats, missed: MissedBlindPolicy, hold: int) -> bool:
    """A player moved in has a lawful seat here (TDA 11A): two empty seats always give one,
    since only one of them can post the next small blind."""
    empty = table.empty_seats(hold)
    return len(empty) >= 2 or bool(empty and table.worst_seats(missed, hold))


def tables_involved(
    tables: Mapping[TableNo, TableSeats], decision: Decision, ctx: BalanceContext
) -> frozenset[TableNo]:
    """The tables a seat change needs between hands: they wait for it before dealing again."""
    match decision:
        case Move():
            return frozenset((decision.from_table, decision.to_table))
        case BreakTable() if decision.moves:
            return frozenset({decision.table, *(m.to_table for m in decision.moves)})
        case BreakTable():  # looked at without the draw: where its players would go
            targets = break_targets(tables, decision.table, ctx)
            return frozenset({decision.table, *(n for n, k in targets.items() if k)})
        case Redraw():
            return frozenset(tables)
    return frozenset()


def tables_to_shrink(
    tables: Mapping[TableNo, TableSeats], ctx: BalanceContext
) -> tuple[tuple[TableNo, int], ...]:
    """Tables that can lose the seats above the phase's count now (THC 5: 11 -> 10), as
    ``(table, seats)``: nobody sits there, no hand is in play, and neither last hand's small
    blind nor its big blind was there (so no dead button or blind will be)."""
    out: list[tuple[TableNo, int]] = []
    cap = ctx.capacity
    for number in as_tables(tables).numbers_above(cap):
        table = tables[number]
        if number in ctx.busy or any(s > cap for s in table.seats):
            continue
        last = table.last
        if last is not None and max(last.small_blind_position, last.big_blind) > cap:
            continue
        out.append((number, cap))
    return tuple(out)


__all__ = [
    "BalanceContext",
    "BreakTable",
    "Decision",
    "Move",
    "MoveReason",
    "OpenTable",
    "Redraw",
    "break_as_shown",
    "break_targets",
    "final_table_seats",
    "halted_tables",
    "holding_seats",
    "is_halted",
    "next_decision",
    "tables_involved",
    "tables_required",
    "tables_to_shrink",
]
