"""Balancing, breaking and redrawing tables (TDA 10B, 11A, 11C, 11D; THC 12, 20; KY 8a/8b)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pitboss.errors import SeatingError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import BalanceMover, TableOrder
from pitboss.table.seats import TableSeats
from pitboss.tournament import commands as c
from pitboss.tournament.features.seat_changes import PlayerMoved, TableBroken, context
from pitboss.tournament.features.tables import DrawReason, SeatsDrawn
from pitboss.tournament.model.balancing import (
    BalanceContext,
    BreakTable,
    Move,
    MoveReason,
    Redraw,
    next_decision,
)
from pitboss.tournament.reading.views import seat_change_view

from .floor_helpers import Floor


def _rules(house: str = "tda", **seating: object) -> RuleSet:
    rules = RuleSet.from_preset(house)
    t = rules.tournament
    return replace(rules, tournament=replace(t, seating=replace(t.seating, **seating)))


def _table(number: int, players: list[str], seats: int = 10) -> TableSeats:
    return TableSeats(
        number=number,
        seat_count=seats,
        seats={i + 1: PlayerId(p) for i, p in enumerate(players)},
    )


def _ctx(**changes: object) -> BalanceContext:
    base = BalanceContext(
        capacity=10,
        threshold=2,
        mover=BalanceMover.NEXT_BIG_BLIND,
        source_order=TableOrder.HIGHEST_FIRST,
        break_order=TableOrder.HIGHEST_FIRST,
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def _short_table(floor: Floor, busts: int, table: int = 1) -> None:
    players = [str(p) for p in floor.state.tables[table].players()]
    floor.bust(table, players[:busts], players[busts])


def test_tda_11a_the_player_due_the_big_blind_next_moves_to_the_worst_position() -> None:
    floor = Floor("tda", seed=12)
    floor.seat(18)
    floor.quiet_hand(2)
    _short_table(floor, 3)
    decision = next_decision(floor.state.tables, context(floor.state))
    assert isinstance(decision, Move)
    long, short = floor.state.tables[2], floor.state.tables[1]
    missed = floor.rules.table.missed_blinds
    assert decision.from_table == 2
    assert decision.player_id == long.big_blind_order(missed)[0]
    assert decision.to_seat == short.worst_seats(missed)[0]
    positions, _ = short.plan(missed)
    assert decision.to_seat != positions.small_blind  # never the small blind
    view = seat_change_view(floor.state)
    assert view is not None
    name = floor.state.players[decision.player_id].name
    assert view.lines == (
        f"Table 2 seat {decision.from_seat}, {name}, to Table 1 seat {decision.to_seat}",
    )


def test_tda_11d_a_short_table_halts_until_the_move_is_confirmed_in_live_mode() -> None:
    floor = Floor("tda", seed=12)
    floor.seat(18)
    _short_table(floor, 3)
    with pytest.raises(SeatingError) as err:
        floor.start(1)
    assert err.value.code == "table_must_wait"
    events = floor.do(c.ConfirmSeatChange())
    assert [type(e) for e in events] == [PlayerMoved]
    assert floor.sizes() == {1: 7, 2: 8}
    floor.start(1)  # dealt again


def test_tda_11d_threshold_tightens_by_level() -> None:
    rules = RuleSet()
    assert rules.tournament.seating.threshold_at(1) == 3
    assert rules.tournament.seating.threshold_at(9) == 2
    tables = {1: _table(1, list("abcde")), 2: _table(2, list("fghijkl"))}
    assert next_decision(tables, _ctx(threshold=3)) is None
    assert isinstance(next_decision(tables, _ctx(threshold=2)), Move)


def test_thc_12_20_a_random_player_moves_and_the_draw_is_recorded() -> None:
    floor = Floor(_rules(mover=BalanceMover.RANDOM), seed=21)
    floor.seat(18)
    floor.quiet_hand(2)
    _short_table(floor, 3)
    moved = floor.do(c.ConfirmSeatChange())
    move = next(e.move for e in moved if isinstance(e, PlayerMoved))
    assert move.reason is MoveReason.BALANCE
    assert move.to_seat == floor.state.tables[1].seat_of(move.player_id)
    assert floor.replayed() == floor.state


def test_tda_11c_the_source_table_follows_the_predetermined_order() -> None:
    tables = {
        1: _table(1, list("abcdef")),
        2: _table(2, list("ghijklmn")),
        3: _table(3, list("opqrstuv")),
    }
    high = next_decision(tables, _ctx(source_order=TableOrder.HIGHEST_FIRST))
    low = next_decision(tables, _ctx(source_order=TableOrder.LOWEST_FIRST))
    assert isinstance(high, Move)
    assert isinstance(low, Move)
    assert (high.from_table, high.to_table) == (3, 1)
    assert (low.from_table, low.to_table) == (2, 1)


def test_no_player_moves_twice_in_one_pass() -> None:
    tables = {1: _table(1, list("abcde")), 2: _table(2, list("fghijkl"))}
    first = next_decision(tables, _ctx())
    assert isinstance(first, Move)
    again = next_decision(tables, _ctx(moved=frozenset({first.player_id})))
    assert isinstance(again, Move)
    assert again.player_id != first.player_id


def test_a_source_table_with_a_hand_in_play_waits() -> None:
    tables = {1: _table(1, list("abcde")), 2: _table(2, list("fghijkl"))}
    assert next_decision(tables, _ctx(busy=frozenset({2}))) is None


def test_tda_10b_a_table_breaks_as_soon_as_the_others_can_seat_its_players() -> None:
    floor = Floor("tda", seed=5)
    floor.seat(21)  # 7, 7, 7
    players = [str(p) for p in floor.state.tables[1].players()]
    floor.bust(1, players[:2], players[2])  # 19 left: two tables of 10 can seat them
    view = seat_change_view(floor.state)
    assert view is not None
    assert view.kind == "break"
    events = floor.do(c.ConfirmSeatChange())
    broken = next(e for e in events if isinstance(e, TableBroken))
    assert broken.table == 3  # highest number first (TDA 11C predetermined order)
    assert len(broken.draw) == 7  # one card to each player (two-step draw)
    assert sorted(floor.sizes().values()) == [9, 10]
    assert all(m.reason is MoveReason.BREAK for m in broken.moves)
    assert floor.replayed() == floor.state


def test_break_order_fixed_list_and_random_rp_19() -> None:
    def three() -> dict[int, TableSeats]:
        return {n: _table(n, [f"{n}{x}" for x in "abc"]) for n in (1, 2, 3)}

    fixed = next_decision(
        three(), _ctx(break_order=TableOrder.FIXED_LIST, break_list=(2,)), random.Random(1)
    )
    assert isinstance(fixed, BreakTable)
    assert fixed.table == 2
    highest = next_decision(three(), _ctx(), random.Random(1))
    assert isinstance(highest, BreakTable)
    assert highest.table == 3
    picks = set()
    for seed in range(12):
        d = next_decision(three(), _ctx(break_order=TableOrder.RANDOM), random.Random(seed))
        assert isinstance(d, BreakTable)
        picks.add(d.table)
    assert len(picks) > 1


def test_ky_8a_8b_the_final_table_forms_at_10_with_a_seat_and_button_redraw() -> None:
    floor = Floor("ky-charity", seed=30)
    floor.seat(14)  # 7 and 7
    players = [str(p) for p in floor.state.tables[2].players()]
    floor.bust(2, players[:4], players[4])  # 10 left
    view = seat_change_view(floor.state)
    assert view is not None
    assert view.kind == "redraw"
    events = floor.do(c.ConfirmSeatChange())
    drawn = next(e for e in events if isinstance(e, SeatsDrawn))
    assert drawn.reason is DrawReason.FINAL_TABLE
    assert len(drawn.tables) == 1
    assert len(drawn.tables[0].seats) == 10
    assert len(drawn.tables[0].draw) == 10  # KY 6: high-card draw for the button
    assert floor.state.final_table_started


def test_wsop_67c_redraw_at_three_and_two_tables() -> None:
    floor = Floor(_rules(redraw_at_tables=(3, 2)), seed=31)
    floor.seat(32)  # 4 tables of 8
    busted = 0
    table = 1
    while floor.state.redrawn_at != {3}:
        players = [str(p) for p in floor.state.tables[table].players()]
        floor.bust(table, players[:1], players[1])
        busted += 1
        floor.do(c.BalanceTables())
        table = min(floor.state.tables)
        assert busted < 10
    assert len(floor.state.tables) == 3
    last = [e for e in floor.log if isinstance(e, SeatsDrawn)][-1]
    assert last.reason is DrawReason.REDRAW


def test_dealt_mode_applies_moves_when_a_hand_ends() -> None:
    floor = Floor(_rules(auto_apply_moves=True), seed=12)
    floor.seat(18)
    _short_table(floor, 3)
    assert floor.sizes() == {1: 7, 2: 8}
    assert seat_change_view(floor.state) is None


def test_undo_puts_the_moved_player_back_and_a_director_move_tda_7() -> None:
    floor = Floor("tda", seed=12)
    floor.seat(18)
    _short_table(floor, 3)
    before = dict(floor.state.tables[2].seats)
    floor.do(c.ConfirmSeatChange())
    floor.do(c.UndoMove())
    assert dict(floor.state.tables[2].seats) == before
    with pytest.raises(SeatingError):
        floor.do(c.UndoMove())
    pid = floor.state.tables[1].players()[0]
    seat = floor.state.tables[1].empty_seats()[0]
    floor.do(c.MovePlayer(player_id=pid, table=1, seat=seat))
    assert floor.state.tables[1].seats[seat] == pid


def test_redraw_waits_while_any_table_has_a_hand_in_play() -> None:
    tables = {1: _table(1, list("abcd")), 2: _table(2, list("efg"))}
    ctx = _ctx(final_table_size=9, redraw_final_table=True)
    assert isinstance(next_decision(tables, ctx, random.Random(1)), Redraw)
    assert next_decision(tables, replace(ctx, busy=frozenset({1}))) is None


def test_rp_19_a_random_break_holds_every_idle_table_until_the_draw() -> None:
    floor = Floor(_rules(break_order=TableOrder.RANDOM), seed=5)
    floor.seat(21)
    floor.bust_dealt(1, 2)
    view = seat_change_view(floor.state)
    assert view is not None
    assert view.lines == (
        "Break a table drawn at random (RP-19): seats by a two-step draw (TDA 10B)",
    )
    for table in floor.state.tables:
        with pytest.raises(SeatingError):
            floor.start(table)
    events = floor.do(c.ConfirmSeatChange())
    assert any(isinstance(e, TableBroken) for e in events)
    assert len(floor.state.tables) == 2
