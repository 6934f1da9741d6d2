"""Absent and penalised seats (TDA 30, 68, 71A, 71C; THC 6; SLPT 5) and missed-hand counts."""

from __future__ import annotations

from table_helpers import play, seated

from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy, TableRules
from pitboss.table import SeatStatus, Table

THC_6 = RuleSet(table=TableRules(absent_policy=AbsentPolicy.NOT_DEALT_BLINDS_POSTED))


def test_tda_30_absent_player_is_dealt_in_and_hand_killed_blinds_still_posted() -> None:
    table = seated(range(1, 10), button=9)  # p1 small blind, p2 big blind
    table.set_absent("p2", absent=True)
    plan = table.plan_next_hand()
    assert plan.seat(2).status is SeatStatus.KILLED  # type: ignore[union-attr]
    assert plan.big_blind_player == "p2"
    assert 2 in plan.in_deal_order()


def test_thc_6_absent_player_is_not_dealt_but_blinds_are_posted() -> None:
    table = seated(range(1, 10), button=9, rules=THC_6)
    table.set_absent("p2", absent=True)
    plan = table.plan_next_hand()
    assert plan.seat(2).status is SeatStatus.NOT_DEALT  # type: ignore[union-attr]
    assert plan.big_blind_player == "p2"
    assert 2 not in plan.in_deal_order()
    assert plan.in_deal_order()[0] == 1


def test_tda_71a_absent_player_can_be_blinded_out() -> None:
    table = seated([1, 2, 3], button=3, stack=100)
    table.set_absent("p2", absent=True)
    report = play(table, bust=["p2"], winner="p1")
    assert [b.player for b in report.busted] == ["p2"]
    assert table.find("p2") is None


def test_absent_player_returns_to_live_play() -> None:
    table = seated([1, 2, 3], button=3)
    table.set_absent("p2", absent=True)
    play(table)
    table.set_absent("p2", absent=False)
    assert table.plan_next_hand().seat(2).status is SeatStatus.LIVE  # type: ignore[union-attr]


def test_tda_71a_missed_round_is_players_at_table_times_rounds() -> None:
    """TDA 71A example: 9 at the table, a 2-round penalty is 18 hands."""
    table = seated(range(1, 10), button=1)
    assert table.penalise("p5", rounds=2) == 18
    assert table.get("p5").penalty_hands == 18


def test_slpt_5_missed_hands_count_the_offender_and_short_tables() -> None:
    """SLPT 5: "one hand for each player at the table, including the offender"."""
    table = seated([1, 4, 7, 8], button=1)
    assert table.penalise("p4", rounds=3) == 12


def test_tda_71c_penalised_player_is_dealt_killed_hands_then_comes_back() -> None:
    table = seated([1, 2, 3, 4], button=1)
    table.penalise("p3", rounds=1)  # 4 hands
    statuses = []
    served = []
    for _ in range(6):
        report = play(table)
        statuses.append(report.plan.seat(3).status)  # type: ignore[union-attr]
        served.extend(report.penalties_served)
    assert statuses == [SeatStatus.KILLED] * 4 + [SeatStatus.LIVE] * 2
    assert served == ["p3"]
    assert table.get("p3").penalty_hands == 0


def test_tda_68_penalty_given_during_a_hand_starts_after_it() -> None:
    table = seated([1, 2, 3], button=1)
    plan = table.start_hand()
    assert table.penalise("p2", rounds=1) == 3
    table.finish_hand({s.player: s.stack for s in plan.seats})
    assert table.get("p2").penalty_hands == 3
    assert table.plan_next_hand().seat(2).status is SeatStatus.KILLED  # type: ignore[union-attr]


def test_tda_35c_misdeal_and_redeal_count_as_one_missed_hand() -> None:
    table = seated([1, 2, 3], button=1)
    table.penalise_hands("p2", hands=2)
    table.start_hand()
    table.cancel_hand()
    play(table)
    assert table.get("p2").penalty_hands == 1


def test_penalty_travels_with_a_moved_player() -> None:
    source = seated([1, 2, 3, 4], button=1)
    source.penalise("p2", rounds=1)
    play(source)
    record = source.remove_player("p2")
    target = Table(seats=9, number=2)
    for seat in (1, 5, 6):
        target.seat_player(f"t{seat}", seat, 1000)
    target.place_button(1)
    target.seat_moved(record, 3)
    assert target.get("p2").penalty_hands == 3
    assert target.get("p2").stack == record.stack
    assert target.plan_next_hand().seat(3).status is SeatStatus.KILLED  # type: ignore[union-attr]


def test_thc_6_penalised_player_posts_without_cards_under_thc_policy() -> None:
    table = seated([1, 2, 3, 4], button=4, rules=THC_6)
    table.penalise_hands("p1", hands=1)
    plan = table.plan_next_hand()
    assert plan.small_blind_player == "p1"
    assert plan.seat(1).status is SeatStatus.NOT_DEALT  # type: ignore[union-attr]
    assert plan.seat(1).is_penalised  # type: ignore[union-attr]
