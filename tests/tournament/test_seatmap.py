"""`Tables` keeps its summary exact: after any sequence of seat changes, table openings, resizes
and breaks, every answer equals the answer counted over the tables themselves, and the
balancing decisions made from the summary equal those made from a freshly indexed copy."""

from __future__ import annotations

import pickle
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.frozen_map import FrozenDict
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules.tournament import BalanceMover, TableOrder
from pitboss.table.seats import TableSeats
from pitboss.tournament.model.balancing import (
    BalanceContext,
    BreakTable,
    Move,
    halted_tables,
    next_decision,
)
from pitboss.tournament.model.seating import seat_pool
from pitboss.tournament.model.seatmap import EMPTY_TABLES, Tables

SEATS = 10


def _counted(tables: Tables) -> dict[str, object]:
    """Every summary answer, counted over the tables one by one."""
    sizes = sorted({t.size for t in tables.values()})
    where = {pid: n for n, t in tables.items() for pid in t.seats.values()}
    return {
        "players": sum(t.size for t in tables.values()),
        "sizes": tuple(sizes),
        "smallest": min(sizes, default=0),
        "largest": max(sizes, default=0),
        "by_size": {s: tuple(sorted(n for n, t in tables.items() if t.size == s)) for s in sizes},
        "order": [n for _, n in sorted((t.size, n) for n, t in tables.items())],
        "above_9": tuple(sorted(n for n, t in tables.items() if t.seat_count > 9)),
        "ends": (min(tables), max(tables)) if tables else None,
        "where": where,
    }


def _answered(tables: Tables, players: list[PlayerId]) -> dict[str, object]:
    where = {p: tables.table_of(p) for p in players}
    return {
        "players": tables.players,
        "sizes": tables.sizes(),
        "smallest": tables.smallest(),
        "largest": tables.largest(),
        "by_size": {s: tables.numbers_with(s) for s in tables.sizes()},
        "order": list(tables.shortest_first()),
        "above_9": tables.numbers_above(9),
        "ends": (tables.lowest_number(), tables.highest_number()) if tables else None,
        "where": {p: n for p, n in where.items() if n is not None},
    }


step = st.one_of(
    st.tuples(st.just("seat"), st.integers(1, 6), st.integers(1, SEATS + 1), st.integers(0, 60)),
    st.tuples(st.just("leave"), st.integers(1, 6), st.integers(1, SEATS + 1), st.just(0)),
    st.tuples(st.just("resize"), st.integers(1, 6), st.integers(9, SEATS + 1), st.just(0)),
    st.tuples(st.just("break"), st.integers(1, 6), st.just(0), st.just(0)),
    st.tuples(st.just("open"), st.integers(1, 6), st.just(0), st.just(0)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(step, max_size=80))
def test_the_summary_always_equals_a_count_over_the_tables(
    steps: list[tuple[str, int, int, int]],
) -> None:
    tables = EMPTY_TABLES
    everyone = [PlayerId(f"p{i}") for i in range(61)]
    for kind, number, seat, who in steps:
        n = TableNo(number)
        table = tables.get(n)
        if kind == "open" and table is None:
            tables = tables.updated({n: TableSeats(number=n, seat_count=SEATS + 1)})
        elif kind == "break" and table is not None:
            tables = tables.without(n)
        elif kind == "resize" and table is not None and all(s <= seat for s in table.seats):
            tables = tables.updated({n: table._replace(seat_count=seat)})
        elif kind == "leave" and table is not None and seat in table.seats:
            tables = tables.updated({n: table.without(table.seats[SeatNo(seat)])})
        elif kind == "seat" and table is not None and seat <= table.seat_count:
            pid = everyone[who]
            if seat in table.seats:
                continue
            was = tables.table_of(pid)
            if was is not None:  # a move: leave the old seat first, as the director's fold does
                tables = tables.updated({was: tables[was].without(pid)})
                table = tables[n]
            tables = tables.updated({n: table.with_player(SeatNo(seat), pid)})
        assert _answered(tables, everyone) == _counted(tables)
        fresh = Tables(dict(tables))
        assert _answered(fresh, everyone) == _answered(tables, everyone)
        assert fresh == tables
        assert dict(tables) == dict(fresh)
    again = pickle.loads(pickle.dumps(tables))
    assert isinstance(again, Tables)
    assert _answered(again, everyone) == _answered(tables, everyone)


def _room(sizes: list[int]) -> dict[TableNo, TableSeats]:
    out: dict[TableNo, TableSeats] = {}
    k = 0
    for i, size in enumerate(sizes, start=1):
        seats = {SeatNo(s): PlayerId(f"t{i}s{s}") for s in range(1, size + 1)}
        k += size
        out[TableNo(i)] = TableSeats(
            number=TableNo(i), seat_count=SEATS, seats=FrozenDict(seats), button=SeatNo(1)
        )
    return out


def _context() -> BalanceContext:
    return BalanceContext(
        capacity=SEATS,
        threshold=2,
        mover=BalanceMover.NEXT_BIG_BLIND,
        source_order=TableOrder.HIGHEST_FIRST,
        break_order=TableOrder.HIGHEST_FIRST,
    )


def test_a_thousand_tables_are_balanced_from_the_summary_as_from_a_plain_mapping() -> None:
    """The same move, halts and newcomer seats from the summary and from a dict (TDA 11A/11D,
    TDA 8A): the indexes change what is visited, never what is decided."""
    plain = _room([10] * 996 + [10, 10, 6, 7])
    indexed = Tables(plain)
    ctx = _context()
    move = next_decision(indexed, ctx, draw=False)
    assert move == next_decision(plain, ctx, draw=False)
    assert isinstance(move, Move)
    assert (move.from_table, move.to_table) == (TableNo(998), TableNo(999))
    assert halted_tables(indexed, ctx) == halted_tables(plain, ctx) == (TableNo(999), TableNo(1000))
    pool = seat_pool(indexed, SEATS)
    assert pool == seat_pool(plain, SEATS)
    assert {t for t, _ in pool} == {TableNo(999)}


def test_a_table_breaks_into_the_shortest_tables_as_from_a_plain_mapping() -> None:
    """TDA 10B: the highest table breaks; its players go one at a time to the shortest tables
    (lowest number on a tie), with the same seat cards from the same random source."""
    plain = _room([9] * 990 + [8, 8, 7, 9, 9, 9, 9, 9, 9, 5])
    indexed = Tables(plain)
    ctx = _context()
    made = next_decision(indexed, ctx, random.Random(11))
    assert made == next_decision(plain, ctx, random.Random(11))
    assert isinstance(made, BreakTable)
    assert made.table == TableNo(1000)
    # 993 (7) takes two, 991 and 992 (8) one each, then table 1 is the lowest of the nines
    assert sorted(m.to_table for m in made.moves) == [1, 991, 992, 993, 993]
