"""New players and players moved in: any seat, but not dealt between SB and button (TDA 10A)."""

from __future__ import annotations

from table_helpers import play, seated

from pitboss.rules import RuleSet
from pitboss.rules.table_rules import MissedBlindPolicy, TableRules
from pitboss.table import SeatStatus, Table

KY_7 = RuleSet(table=TableRules(missed_blinds=MissedBlindPolicy.DEALT_AT_ONCE))


def _gap_table(rules: RuleSet | None = None) -> Table:
    """Seat 3 empty; after the first hand (button 1, SB 2, BB 4) the next button is seat 2 and
    the next small blind seat 4, so seat 3 is between the small blind and the button."""
    table = seated([1, 2, 4, 5, 6, 7, 8, 9], button=1, rules=rules)
    play(table)
    return table


def test_tda_10a_new_player_between_small_blind_and_button_waits_for_the_button() -> None:
    table = _gap_table()
    table.seat_player("new", 3, 1000)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 5)
    assert plan.waiting == (3,)
    assert plan.seat(3) is None
    play(table)
    plan = table.plan_next_hand()
    assert plan.seat(3) is not None
    assert plan.waiting == ()


def test_thc_21_the_only_place_a_moved_player_cannot_get_a_hand() -> None:
    """THC 21: moved players "can get the big blind, the small blind, or the button. The only
    place they cannot get a hand is between the small blind and the button"."""
    table = _gap_table()
    table.remove_player("p9")
    table.seat_player("moved", 3, 1000)
    table.seat_player("late", 9, 500)
    plan = table.plan_next_hand()
    assert plan.waiting == (3,)
    assert plan.seat(9) is not None
    assert plan.seat(9).status is SeatStatus.LIVE  # type: ignore[union-attr]


def test_ky_7_new_player_may_get_the_big_blind() -> None:
    table = seated([1, 2, 3, 5, 6, 7, 8, 9], button=1)
    play(table)  # big blind was seat 3; seat 4 is next
    table.seat_player("new", 4, 1000)
    plan = table.plan_next_hand()
    assert plan.big_blind_player == "new"


def test_ky_7_player_moved_into_last_big_blind_seat_posts_the_small_blind() -> None:
    """THC 46 speaks of a busted big blind "not replaced from another table": a replacement
    takes the small blind that seat owes."""
    table = seated(range(1, 10), button=1)
    play(table, bust=["p3"])
    table.seat_player("moved", 3, 1000)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 3, 4)
    assert plan.small_blind_player == "moved"


def test_ky_7_player_moved_into_an_empty_button_seat_gets_the_button() -> None:
    table = seated(range(1, 10), button=1)
    play(table, bust=["p2"])  # next button would be dead at seat 2
    table.seat_player("moved", 2, 1000)
    plan = table.plan_next_hand()
    assert plan.button == 2
    assert plan.player_at(2) == "moved"
    assert not plan.is_dead_button


def test_ky_7_house_deals_a_newcomer_between_small_blind_and_button_at_once() -> None:
    table = _gap_table(KY_7)
    table.seat_player("new", 3, 1000)
    plan = table.plan_next_hand()
    assert plan.waiting == ()
    assert plan.player_at(3) == "new"
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 4, 5)


def test_tda_8a_late_registrant_before_the_first_hand_is_dealt_in_anywhere() -> None:
    table = seated([1, 2, 3], button=1)
    table.seat_player("late", 9, 1000)
    plan = table.plan_next_hand()
    assert plan.player_at(9) == "late"
    assert plan.waiting == ()


def test_tda_10a_waiting_newcomer_is_dealt_when_waiting_would_leave_one_player() -> None:
    table = seated([1, 2, 4], button=1)
    play(table)  # button 1, SB 2, BB 4; next: button 2, SB 4
    table.remove_player("p1")
    table.remove_player("p2")
    table.seat_player("new", 3, 1000)
    plan = table.plan_next_hand()
    assert plan.waiting == ()
    assert {s.player for s in plan.seats} == {"new", "p4"}
    assert plan.positions.is_heads_up
    assert plan.big_blind_player == "new"
