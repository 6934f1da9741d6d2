"""The dead-button rule: TDA 32, SLPT 3 and every case THC 46 spells out."""

from __future__ import annotations

from table_helpers import blinds, play, seated


def test_button_and_blinds_move_one_seat_each_hand_when_nobody_busts() -> None:
    table = seated(range(1, 10), button=1)
    seen = []
    for _ in range(10):
        seen.append(blinds(table))
        play(table)
    assert seen[:3] == [(1, 2, 3), (2, 3, 4), (3, 4, 5)]
    assert seen[8] == (9, 1, 2)
    assert seen[9] == (1, 2, 3)


def test_empty_seats_are_skipped_by_button_and_blinds() -> None:
    table = seated([1, 2, 3, 6, 8], button=1)
    assert blinds(table) == (1, 2, 3)
    play(table)
    assert blinds(table) == (2, 3, 6)
    play(table)
    assert blinds(table) == (3, 6, 8)


def test_thc_46_big_blind_busts_dead_small_blind_then_dead_button() -> None:
    """THC 46: "the button moves to the player who posted the small blind and the player to the
    left of the former big blind assumes the big blind. There is no small blind for that hand.
    On the following deal, the button moves to the now empty seat ... and the two players to
    the left post normal blinds"."""
    table = seated(range(1, 10), button=1)
    first = play(table, bust=["p3"])
    assert (first.plan.button, first.plan.small_blind, first.plan.big_blind) == (1, 2, 3)
    second = table.plan_next_hand()
    assert (second.button, second.small_blind, second.big_blind) == (2, None, 4)
    assert second.player_at(second.button) == "p2"
    play(table)
    third = table.plan_next_hand()
    assert (third.button, third.small_blind, third.big_blind) == (3, 4, 5)
    assert third.is_dead_button


def test_thc_46_same_player_is_dealer_two_hands_running_after_big_blind_busts() -> None:
    """THC 46: "This will result in the same player being dealer two hands in a row"."""
    table = seated(range(1, 10), button=1)
    play(table, bust=["p3"])
    second = play(table).plan
    third = table.plan_next_hand()
    assert second.last_to_act == 2
    assert third.last_to_act == 2
    assert third.player_at(third.last_to_act) == second.player_at(second.last_to_act) == "p2"


def test_thc_46_small_blind_busts_button_does_not_move() -> None:
    """THC 46: "When the small blind bust out ... the button does not move. The player who was
    the big blind will now post the small blind and the player to his left will post the big
    blind, this will result in the same player being the dealer two hands in a row"."""
    table = seated(range(1, 10), button=1)
    first = play(table, bust=["p2"]).plan
    second = table.plan_next_hand()
    assert (second.small_blind, second.big_blind) == (3, 4)
    assert second.player_at(3) == first.big_blind_player == "p3"
    # The button is dead in front of the busted small blind's seat: p1 deals again.
    assert second.button == 2
    assert second.is_dead_button
    assert first.last_to_act == second.last_to_act == 1


def test_tda_32_button_busts_button_moves_to_small_blind_as_usual() -> None:
    table = seated(range(1, 10), button=1)
    play(table, bust=["p1"])
    second = table.plan_next_hand()
    assert (second.button, second.small_blind, second.big_blind) == (2, 3, 4)
    assert not second.is_dead_button


def test_tda_32_both_blinds_bust_big_blind_still_advances_one_player() -> None:
    table = seated(range(1, 10), button=1)
    play(table, bust=["p2", "p3"])
    second = table.plan_next_hand()
    assert (second.button, second.small_blind, second.big_blind) == (2, None, 4)
    assert second.last_to_act == 1
    play(table)
    third = table.plan_next_hand()
    assert (third.button, third.small_blind, third.big_blind) == (3, 4, 5)
    # p1 acts last three hands running: the price of never skipping a big blind.
    assert third.last_to_act == 1


def test_tda_32_nobody_skips_the_big_blind_when_the_player_after_it_busts() -> None:
    table = seated(range(1, 10), button=1)
    play(table, bust=["p4"])  # p4 would have been next big blind
    second = table.plan_next_hand()
    assert (second.button, second.small_blind, second.big_blind) == (2, 3, 5)


def test_slpt_3_button_does_not_advance_past_an_empty_small_blind_seat() -> None:
    """SLPT 3: a dead button "can not be advanced due to elimination of a player"."""
    table = seated([1, 2, 3, 4, 5], seats=5, button=1)
    play(table, bust=["p2"])
    assert blinds(table) == (2, 3, 4)
    assert table.plan_next_hand().is_dead_button


def test_big_blinds_go_round_in_seat_order_over_an_orbit_with_busts() -> None:
    table = seated(range(1, 11), seats=10, button=10)
    big_blinds = []
    for hand in range(12):
        plan = table.plan_next_hand()
        big_blinds.append(plan.big_blind_player)
        bust = ["p5"] if hand == 1 else ["p8"] if hand == 5 else []
        play(table, bust=bust)
    assert big_blinds == ["p2", "p3", "p4", "p6", "p7", "p8", "p9", "p10", "p1", "p2", "p3", "p4"]


def test_thc_5_shrinking_to_ten_seats_keeps_the_dead_button_rule() -> None:
    """THC 5: 11 seats in the first round, then 10; the seat 11 that last posted the big blind
    is gone, so the next small blind is dead and the big blind moves on to seat 1 (TDA 32)."""
    table = seated(range(1, 12), seats=11, button=9)  # SB 10, BB 11
    play(table)
    table.remove_player("p11")
    table.set_seat_count(10)
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (10, None, 1)
    play(table)
    assert blinds(table) == (11, 1, 2)
    assert table.plan_next_hand().last_to_act == 10
