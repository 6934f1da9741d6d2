"""The simulated clock's cost of a hand: about 30 hands an hour at a live table."""

from __future__ import annotations

import random

import pytest

from pitboss.engine import HandTabled
from pitboss.errors import PlayError
from pitboss.play import DealingPace, PlayedHand, default_bot_mix

from .helpers import refilled_run


def _hands(count: int = 400) -> list[PlayedHand]:
    return refilled_run(lambda rng: default_bot_mix(rng)("x"), hands=count, seed=31)


def test_a_full_table_of_the_default_field_deals_about_thirty_hands_an_hour() -> None:
    pace = DealingPace()
    rng = random.Random(1)
    hands = _hands()
    seconds = sum(pace.hand_seconds(h, rng) for h in hands)
    per_hour = len(hands) * 3600 / seconds
    assert 24 <= per_hour <= 36


def test_more_decisions_and_a_showdown_take_longer() -> None:
    pace = DealingPace()
    quick = pace.base_seconds(decisions=8, is_showdown=False)
    long = pace.base_seconds(decisions=20, is_showdown=True)
    assert long - quick == 12 * pace.decision_seconds + pace.showdown_seconds


def test_hand_for_hand_is_slower_and_the_spread_stays_in_its_bounds() -> None:
    """TDA RP-8: during hand-for-hand every table waits for the slowest deal."""
    pace = DealingPace(spread_percent=20, hand_for_hand_percent=200)
    hands = _hands(200)
    for played in hands:
        base = pace.base_seconds(
            decisions=played.decisions,
            is_showdown=any(isinstance(e, HandTabled) for e in played.events),
        )
        normal = pace.hand_seconds(played, random.Random(played.hand_no))
        slow = pace.hand_seconds(played, random.Random(played.hand_no), hand_for_hand=True)
        assert base * 80 // 100 <= normal <= base * 120 // 100
        assert slow == normal * 2


def test_the_same_seed_gives_the_same_times() -> None:
    pace = DealingPace()
    hands = _hands(100)
    first = [pace.hand_seconds(h, random.Random(5)) for h in hands]
    assert first == [pace.hand_seconds(h, random.Random(5)) for h in hands]


@pytest.mark.parametrize(
    "settings",
    [
        {"deal_seconds": -1},
        {"spread_percent": 100},
        {"hand_for_hand_percent": 90},
        {"deal_seconds": 0, "decision_seconds": 0},
    ],
)
def test_a_pace_that_makes_no_sense_is_refused(settings: dict[str, int]) -> None:
    with pytest.raises(PlayError):
        DealingPace(**settings)
