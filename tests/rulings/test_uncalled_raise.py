"""`uncalled_raise` (TDA 65A): one definition for the rulings and the recorded hand.

Four seats, blinds 50/100: the button is seat 4, the small blind seat 1, the big blind seat 2.
"""

from __future__ import annotations

import pytest

from engine.helpers import act
from pitboss.engine import RecordedHand, uncalled_raise
from pitboss.rulings import DeadHandCause, Outcome, rule_dead_hand

from .helpers import HOUSES, hand_for

STACKS = [10000, 10000, 10000, 10000]


@pytest.mark.parametrize("house", HOUSES)
def test_a_dead_big_blind_gets_no_blind_back_a_blind_is_no_raise_thc_36(house: str) -> None:
    """Regression: the blind above the small blind's 50 was returned as an 'uncalled raise'."""
    hand = hand_for(house, STACKS, "3:f 4:f")  # the small blind to act
    ruling = rule_dead_hand(hand, 2, DeadHandCause.KILLED_BY_DEALER)
    assert ruling.outcome is Outcome.HAND_DEAD
    assert ruling.returned == 0
    assert uncalled_raise(hand, 2) == 0


@pytest.mark.parametrize("house", HOUSES)
def test_the_ruling_and_the_recorded_hand_return_the_same_chips_tda_65a(house: str) -> None:
    played = hand_for(house, STACKS, "3:r300 4:c 1:f 2:r900")
    ruling = rule_dead_hand(played, 2, DeadHandCause.TOUCHED_OTHER_CARDS)
    live = RecordedHand(played.setup)
    act(live, "3:r300 4:c 1:f 2:r900")
    assert live.uncalled_raise(2) == ruling.returned == 600
    live.kill(2, DeadHandCause.TOUCHED_OTHER_CARDS.value)
    assert live.stacks[2] == 10000 - 300
