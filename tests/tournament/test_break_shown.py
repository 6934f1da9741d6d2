"""A table break shown before it is confirmed (TDA 10B, issue 24): the two-step draw made when
the break is proposed, every player of the broken table from their seat to the seat drawn,
and the confirmation carrying out exactly those seats; seats that no longer fit are refused
and change nothing."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pitboss.errors import SeatingError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.tournament import commands as c
from pitboss.tournament.features.seat_changes import BreakSeat, TableBroken, pending
from pitboss.tournament.model.balancing import BreakTable, Move
from pitboss.tournament.reading.views import seat_change_view

from .floor_helpers import Floor


def _break_due() -> Floor:
    """21 players at three tables of seven, busted down until a table is to break."""
    f = Floor("ky-charity")
    f.seat(21)
    while not isinstance(pending(f.state), BreakTable):
        if pending(f.state) is not None:
            f.do(c.ConfirmSeatChange())
            continue
        table = max(f.state.tables, key=lambda n: len(f.state.tables[n].seats))
        f.bust(table, [str(f.state.tables[table].players()[0])])
    return f


def _seats(moves: Sequence[Move]) -> tuple[BreakSeat, ...]:
    return tuple(BreakSeat(player_id=m.player_id, table=m.to_table, seat=m.to_seat) for m in moves)


def test_a_break_shows_every_player_from_their_seat_to_the_seat_drawn_tda_10b() -> None:
    f = _break_due()
    view = seat_change_view(f.state, random.Random(3))
    assert view is not None
    assert view.kind == "break"
    assert view.table is not None
    broken = f.state.tables[TableNo(view.table)]
    assert sorted(m.player_id for m in view.moves) == sorted(broken.players())
    assert {m.from_table for m in view.moves} == {view.table}
    assert len(view.lines) == 1 + len(broken.players())
    name = f.state.players[view.moves[0].player_id].name
    assert (
        f"seat {view.moves[0].from_seat}, {name}, to Table {view.moves[0].to_table}"
        in view.lines[1]
    )
    # the same random source draws the same seats: a reload shows one draw
    assert seat_change_view(f.state, random.Random(3)) == view


def test_confirming_the_seats_shown_carries_out_exactly_those_seats() -> None:
    f = _break_due()
    view = seat_change_view(f.state, random.Random(5))
    assert view is not None
    (broken, *_rest) = f.do(c.ConfirmSeatChange(seats=_seats(view.moves), draw=view.draw))
    assert isinstance(broken, TableBroken)
    assert broken.moves == view.moves
    assert broken.draw == view.draw
    for move in view.moves:
        table = f.state.table_of(move.player_id)
        assert table is not None
        assert (table.number, table.seat_of(move.player_id)) == (move.to_table, move.to_seat)


def test_seats_that_no_longer_fit_the_tables_are_refused_and_nothing_changes() -> None:
    f = _break_due()
    view = seat_change_view(f.state, random.Random(5))
    assert view is not None
    seats = list(_seats(view.moves))
    before = f.state
    taken = next(
        (TableNo(n), SeatNo(s))
        for n, t in f.state.tables.items()
        if n != view.table
        for s in t.seats
    )
    for bad in (
        seats[1:],  # a player left out
        [*seats[:-1], BreakSeat(player_id=seats[-1].player_id, table=taken[0], seat=taken[1])],
        [
            *seats[:-1],
            BreakSeat(player_id=PlayerId("nobody"), table=seats[-1].table, seat=seats[-1].seat),
        ],
    ):
        with pytest.raises(SeatingError, match="look at the break again") as info:
            f.do(c.ConfirmSeatChange(seats=tuple(bad)))
        assert info.value.code == "break_changed"
        assert f.state == before


def test_seats_given_when_no_break_is_due_are_refused() -> None:
    f = Floor("ky-charity")
    f.seat(21)
    seat = BreakSeat(player_id=PlayerId("p000"), table=TableNo(1), seat=SeatNo(9))
    with pytest.raises(SeatingError, match="no table is due to break"):
        f.do(c.ConfirmSeatChange(seats=(seat,)))
