"""`TableSeats`, the one table model the director and play share: seats, newcomers, the plan."""

from __future__ import annotations

import pytest

from pitboss.errors import TableError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules.table_rules import AbsentPolicy, MissedBlindPolicy
from pitboss.table.positions import Positions
from pitboss.table.seats import TableSeats, missed_hands, plan_hand
from pitboss.table.values import SeatStatus

WAIT = MissedBlindPolicy.WAIT_FOR_BUTTON


def _table(*seats: int) -> TableSeats:
    return TableSeats(
        number=TableNo(1),
        seat_count=10,
        seats={SeatNo(s): PlayerId(f"s{s}") for s in seats},
        button=SeatNo(seats[0]),
    )


def test_tda_10a_a_player_seated_after_the_first_hand_is_new_until_dealt_in() -> None:
    table = _table(1, 3, 5)
    positions, waiting = table.plan(WAIT)
    table = table.hand_started(positions, waiting)
    joined = table.with_player(SeatNo(2), PlayerId("new"))
    assert PlayerId("new") in joined.new
    assert table.seats == {1: "s1", 3: "s3", 5: "s5"}  # the original is untouched
    positions, waiting = joined.plan(WAIT)
    after = joined.hand_started(positions, waiting)
    assert (PlayerId("new") in after.new) == (2 in waiting)
    assert after.hands_played == 2


def test_a_player_leaving_empties_the_seat_and_the_dead_button_rule_keeps_it() -> None:
    table = _table(1, 3, 5, 7)
    positions, waiting = table.plan(WAIT)
    table = table.hand_started(positions, waiting)
    small = positions.small_blind
    assert small is not None
    gone = table.without(table.seats[SeatNo(small)])
    assert small not in gone.seats
    assert gone.plan(WAIT)[0].button == small  # TDA 32: the button goes to the empty seat
    assert gone.without(PlayerId("nobody")) is gone


def test_tda_30_thc_6_the_plan_kills_or_skips_an_away_player_and_counts_penalties() -> None:
    table = _table(1, 3, 5)
    positions, waiting = table.plan(WAIT)
    for policy, status in (
        (AbsentPolicy.DEALT_AND_KILLED, SeatStatus.KILLED),
        (AbsentPolicy.NOT_DEALT_BLINDS_POSTED, SeatStatus.NOT_DEALT),
    ):
        plan = plan_hand(
            table,
            positions,
            waiting,
            stack=lambda pid: 1_000,
            is_away=lambda pid: pid == "s3",
            is_penalised=lambda pid: pid == "s5",
            absent_policy=policy,
        )
        parts = {p.player: (p.status, p.is_penalised) for p in plan.seats}
        assert parts["s1"] == (SeatStatus.LIVE, False)
        assert parts["s3"] == (status, False)
        assert parts["s5"] == (status, True)
        assert plan.chips == 3_000


def test_tda_71a_slpt_5_a_missed_round_penalty_is_players_times_rounds_up_to_the_limit() -> None:
    assert missed_hands(2, 9, max_rounds=4) == 18
    for bad in (0, 5, True, 1.5, "2"):
        with pytest.raises(TableError) as info:
            missed_hands(bad, 9, max_rounds=4)
        assert info.value.code == "bad_penalty"
        assert info.value.params["max_rounds"] == 4


def test_tda_11a_before_any_button_every_empty_seat_may_take_a_mover() -> None:
    table = TableSeats(number=TableNo(2), seat_count=4, seats={SeatNo(1): PlayerId("a")})
    assert table.worst_seats(WAIT) == [2, 3, 4]
    last = Positions(button=1, small_blind=2, small_blind_position=2, big_blind=3)
    assert table._replace(last=last, button=SeatNo(1)).worst_seats(WAIT) != []
