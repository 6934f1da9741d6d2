"""Seating: the random draw, the first button, newcomers' seats, the chart and find-my-seat."""

from __future__ import annotations

import random

import pytest

from pitboss.errors import SeatingError
from pitboss.ids import PlayerId
from pitboss.table.seats import TableSeats
from pitboss.tournament import commands as c
from pitboss.tournament.features.tables import PlayerSeated, SeatReason, SeatsDrawn
from pitboss.tournament.model.seating import draw_initial_seats, seat_pool
from pitboss.tournament.reading.views import find_my_seat, seat_change_view, seating_chart_view

from .director_helpers import thc_details
from .floor_helpers import Floor


def _ids(n: int) -> list[PlayerId]:
    return [PlayerId(f"p{i}") for i in range(n)]


def test_tda_7_random_draw_spreads_players_evenly_over_as_few_tables_as_possible() -> None:
    seats = draw_initial_seats(_ids(23), 10, random.Random(1))
    by_table: dict[int, int] = {}
    for a in seats:
        by_table[a.table] = by_table.get(a.table, 0) + 1
    assert by_table == {1: 8, 2: 8, 3: 7}
    assert len({a.player_id for a in seats}) == 23
    assert len({(a.table, a.seat) for a in seats}) == 23


def test_tda_7_the_draw_is_random_but_reproducible_from_the_seed() -> None:
    first = draw_initial_seats(_ids(30), 10, random.Random(5))
    again = draw_initial_seats(_ids(30), 10, random.Random(5))
    other = draw_initial_seats(_ids(30), 10, random.Random(6))
    assert first == again
    assert first != other


def test_thc_5_first_round_tables_of_11_then_10_ky_3_tables_of_10() -> None:
    thc = Floor("thc", seed=1)
    thc.register(*[f"p{i:02d}" for i in range(22)], details=thc_details())
    thc.do(c.StartTournament())
    assert thc.sizes() == {1: 11, 2: 11}
    # the first round ends with level 1 (RULES §5.1): tables of 10, a third table opens
    thc.do(c.Tick(), at=thc.minutes(21))
    assert seat_change_view(thc.state) is not None  # live mode: proposed, not yet made
    thc.do(c.BalanceTables())
    assert sorted(thc.sizes().values()) == [7, 7, 8]
    assert all(seat <= 10 for t in thc.state.tables.values() for seat in t.seats)
    ky = Floor("ky-charity", seed=1)
    ky.seat(22)
    assert ky.sizes() == {1: 8, 2: 7, 3: 7}


def test_ky_6_first_button_by_high_card_draw_with_reseat_recorded_in_the_event() -> None:
    floor = Floor("ky-charity", seed=4)
    floor.seat(10)
    drawn = next(e for e in floor.log if isinstance(e, SeatsDrawn))
    table = drawn.tables[0]
    assert len(table.draw) == 10  # one card to each player
    assert table.button in {a.seat for a in table.seats}
    assert floor.replayed() == floor.state


def test_thc_9_first_button_at_seat_one() -> None:
    floor = Floor("tda", seed=2)
    from dataclasses import replace

    from pitboss.rules.table_rules import InitialButton

    floor.rules = replace(
        floor.rules, table=replace(floor.rules.table, initial_button=InitialButton.SEAT_ONE)
    )
    floor.state = floor.state._replace(rules=floor.rules)
    floor.seat(12)
    drawn = next(e for e in floor.log if isinstance(e, SeatsDrawn))
    assert all(t.button == 1 and t.draw == () for t in drawn.tables)


def test_tda_8a_late_registrant_draws_a_seat_from_the_shortest_tables() -> None:
    from dataclasses import replace

    floor = Floor("tda", seed=9)
    t = floor.rules.tournament
    floor.rules = replace(
        floor.rules,
        tournament=replace(t, entry=replace(t.entry, late_registration_until_level=2)),
    )
    floor.state = floor.state._replace(rules=floor.rules)
    floor.seat(19)  # tables of 10 and 9
    short = min(floor.sizes(), key=lambda n: floor.sizes()[n])
    events = floor.do(c.RegisterPlayer(player_id=PlayerId("late"), name="Late Comer"))
    seated = next(e for e in events if isinstance(e, PlayerSeated))
    assert seated.reason is SeatReason.LATE
    assert seated.table == short
    assert floor.sizes() == {1: 10, 2: 10}


def test_seat_pool_is_the_empty_seats_of_the_shortest_tables() -> None:
    tables = {
        1: TableSeats(number=1, seat_count=4, seats={1: PlayerId("a"), 2: PlayerId("b")}),
        2: TableSeats(number=2, seat_count=4, seats={1: PlayerId("c")}),
    }
    assert seat_pool(tables, 4) == [(2, 2), (2, 3), (2, 4)]


def test_seating_chart_and_find_my_seat_by_name() -> None:
    floor = Floor("tda", seed=3)
    floor.register("ann lee", "bob ray", "ann marie", "cy")
    floor.do(c.StartTournament())
    chart = seating_chart_view(floor.state)
    assert [line.name for line in chart] != []
    assert len(chart) == 4
    found = find_my_seat(floor.state, "  ANN   LEE ")
    assert [line.name for line in found] == ["Ann Lee"]
    both = find_my_seat(floor.state, "ann")
    assert {line.name for line in both} == {"Ann Lee", "Ann Marie"}
    assert find_my_seat(floor.state, "zed") == ()
    line = found[0]
    assert floor.state.tables[line.table].seats[line.seat] == PlayerId("ann lee")


def test_seats_cannot_be_drawn_twice_or_without_a_random_source() -> None:
    floor = Floor("tda", seed=3)
    floor.seat(5)
    with pytest.raises(SeatingError) as err:
        floor.do(c.DrawSeats())
    assert err.value.code == "seats_drawn"
    fresh = Floor("tda")
    fresh.register("a", "b")
    from pitboss.tournament.aggregate import decide

    with pytest.raises(SeatingError) as err:
        decide(fresh.state, c.DrawSeats(), fresh.now, None)
    assert err.value.code == "no_random_source"


def test_a_hand_at_a_seated_table_records_button_and_blinds_by_tda_32() -> None:
    floor = Floor("tda", seed=8)
    floor.seat(6)
    hand_id = floor.start(1)
    started = floor.state.tables[1]
    assert started.last is not None
    record = floor.state.hands[hand_id]
    assert set(record.players) == set(floor.state.tables[1].players())
    assert started.last.button == floor.state.tables[1].button


def test_tda_8a_an_alternate_takes_a_seat_from_the_same_pool() -> None:
    from dataclasses import replace

    floor = Floor("tda", seed=9)
    t = floor.rules.tournament
    floor.rules = replace(
        floor.rules,
        tournament=replace(t, entry=replace(t.entry, late_registration_until_level=2)),
    )
    floor.state = floor.state._replace(rules=floor.rules)
    floor.seat(9)
    events = floor.do(c.RegisterPlayer(player_id=PlayerId("alt"), name="Alt", alternate=True))
    seated = next(e for e in events if isinstance(e, PlayerSeated))
    assert seated.reason is SeatReason.ALTERNATE
    assert floor.state.table_of(PlayerId("alt")) is not None
    assert floor.state.tables[seated.table].seats[seated.seat] == PlayerId("alt")
