"""Heads-up: the small blind is on the button (TDA 34B, KY 8e, SLPT 20), and 3-to-2 handed."""

from __future__ import annotations

import dataclasses

import pytest
from table_helpers import play, seated

from pitboss.rules.table_rules import TableRules


def test_tda_34b_heads_up_small_blind_is_on_the_button() -> None:
    table = seated([2, 7], button=2)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (2, 2, 7)
    assert plan.positions.is_heads_up


def test_slpt_20_heads_up_blinds_alternate_every_hand() -> None:
    table = seated([2, 7], button=2)
    big_blinds = [play(table).plan.big_blind_player for _ in range(6)]
    assert big_blinds == ["p7", "p2", "p7", "p2", "p7", "p2"]


@pytest.mark.parametrize(
    ("busted", "big_blind", "button"),
    [
        ("p1", "p2", "p3"),  # the button busts: p2 (small blind) is due the big blind
        ("p2", "p1", "p3"),  # the small blind busts: p1 is due the big blind
        ("p3", "p1", "p2"),  # the big blind busts: p1 is next, p2 takes small blind and button
    ],
)
def test_tda_34b_three_to_two_player_due_big_blind_takes_it(
    busted: str, big_blind: str, button: str
) -> None:
    """TDA 34B, KY 8e: "the player due to receive the big blind will do so and the player in the
    small blind position will inherit the dealer button"; SLPT 20: no big blind twice."""
    table = seated([1, 2, 3], button=1)
    first = play(table, bust=[busted]).plan
    plan = table.plan_next_hand()
    assert plan.big_blind_player == big_blind
    assert plan.player_at(plan.button) == plan.small_blind_player == button
    assert plan.big_blind_player != first.big_blind_player


def test_ky_8e_two_left_after_several_hands_nobody_posts_big_blind_twice() -> None:
    table = seated([1, 4, 6, 9], button=9)
    previous = None
    for bust in (["p4"], [], ["p1"], [], [], []):
        report = play(table, bust=bust)
        assert report.plan.big_blind_player != previous
        previous = report.plan.big_blind_player


def test_thc_47_large_blind_on_the_button_is_not_offered() -> None:
    """RULES.md §5.2: THC 47 "the large blind is always the button" is an error, not an option."""
    names = {f.name for f in dataclasses.fields(TableRules)}
    assert not any("heads_up" in name or "button_blind" in name for name in names)
    table = seated([3, 5], button=3)
    for _ in range(4):
        plan = play(table).plan
        assert plan.button != plan.big_blind


def test_heads_up_table_gets_a_third_player_after_the_big_blind() -> None:
    table = seated([1, 5], button=1)
    play(table)  # p1 button and small blind, p5 big blind
    table.seat_player("p8", 8, 1000)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 5, 8)
    assert plan.waiting == ()


def test_heads_up_table_newcomer_between_button_and_big_blind_waits_one_hand() -> None:
    """TDA 10A: the newcomer at seat 3 sits between the button (1) and the next small blind
    (5); heads-up continues for one hand, then the newcomer's first hand is the big blind."""
    table = seated([1, 5], button=1)
    play(table)
    table.seat_player("p3", 3, 1000)
    plan = play(table).plan
    assert plan.waiting == (3,)
    assert (plan.button, plan.small_blind, plan.big_blind) == (5, 5, 1)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (5, 1, 3)
