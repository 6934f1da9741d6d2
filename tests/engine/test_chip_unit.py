"""Bets and raises are made in chips in play: a non-all-in bet or raise-to is a multiple of the
smallest chip (``HandSetup.chip_unit``); an all-in may be any amount (TDA 43A made in chips,
TDA 45 "a player's last chips are all-in")."""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, table
from pitboss.engine import Action
from pitboss.errors import IllegalAction


def test_tda_43a_a_raise_to_an_amount_the_chips_in_play_cannot_make_is_rejected() -> None:
    hand = deal(table([10_000] * 3, small_blind=25, big_blind=50, chip_unit=25))
    before = hand.events
    with pytest.raises(IllegalAction) as error:
        hand.apply(Action.raise_to(1_013))
    assert "a bet must be made in chips in play: the smallest chip is 25" in error.value.message
    assert error.value.code == "not_whole_chips"
    assert hand.events == before  # nothing changed
    hand.apply(Action.raise_to(1_025))
    assert hand.current_bet == 1_025


def test_a_bet_in_whole_chips_is_also_required_postflop() -> None:
    hand = deal(table([10_000] * 2, small_blind=25, big_blind=50, chip_unit=25))
    act(hand, "1:c 2:x")
    with pytest.raises(IllegalAction, match="smallest chip is 25"):
        hand.bet_to(60)
    assert not hand.can_bet_to(60)
    assert hand.can_bet_to(75)


def test_legal_actions_give_the_chip_unit_and_a_minimum_raise_in_whole_chips() -> None:
    # Seat 3 is all-in for 1,013 (more than a full raise over the big blind of 50): the last
    # full raise is 963, so the minimum raise is to 1,976, rounded up to 2,000 in 25s.
    hand = deal(table([10_000, 10_000, 1_013], small_blind=25, big_blind=50, chip_unit=25))
    act(hand, "3:r1013")
    legal = hand.legal_actions()
    assert legal.chip_unit == 25
    assert (legal.min_raise_to, legal.max_raise_to) == (2_000, 10_000)
    with pytest.raises(IllegalAction, match="minimum raise to 2,000"):
        hand.raise_to(1_975)
    hand.raise_to(2_000)


def test_tda_45_an_all_in_for_an_odd_amount_stays_legal() -> None:
    hand = deal(table([10_000, 10_000, 1_013], small_blind=25, big_blind=50, chip_unit=25))
    legal = hand.legal_actions()
    assert legal.max_raise_to == 1_013
    hand.raise_to(1_013)  # seat 3's last chips: all-in, whatever the amount
    assert hand.is_all_in(3)


def test_a_minimum_raise_rounded_past_the_stack_leaves_only_the_all_in() -> None:
    # After an all-in to 1,013 the minimum raise is to 1,976 -> 2,000 in 25s, but seat 1
    # has 1,990 in all: its only raise is all-in.
    hand = deal(table([1_990, 10_000, 1_013], small_blind=25, big_blind=50, chip_unit=25))
    act(hand, "3:r1013")
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (1_990, 1_990)
    with pytest.raises(IllegalAction, match="smallest chip is 25"):
        hand.raise_to(1_980)


def test_with_a_unit_of_one_chip_any_whole_amount_is_a_legal_size() -> None:
    hand = deal(table([10_000] * 3))
    assert hand.legal_actions().chip_unit == 1
    hand.raise_to(213)
    assert hand.current_bet == 213
