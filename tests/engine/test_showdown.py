"""Showdown: all-in exposure (TDA 16), showdown order and mucking (TDA 17A/B, THC 10), cards
speak (KY 15), the uncontested winner shows nothing."""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, of_type, table
from pitboss.engine import (
    Action,
    BoardDealt,
    CardBurned,
    Hand,
    HandMucked,
    HandPhase,
    HandTabled,
    PotAwarded,
)
from pitboss.errors import IllegalAction
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import HandRules, ShowdownPolicy

HOLES = {1: "AsAd", 2: "KsKd", 3: "7c2h"}
BOARD = "Qh9c5d4s3c"


def test_tda_16_all_in_hands_are_tabled_before_the_rest_of_the_board_is_dealt() -> None:
    hand = deal(table([1000, 1000, 300]), HOLES, BOARD)
    act(hand, "3:r300 1:c 2:f")
    tabled = of_type(hand.events, HandTabled)
    assert sorted(t.seat for t in tabled) == [1, 3]
    first_board = hand.events.index(of_type(hand.events, CardBurned)[0])
    assert all(hand.events.index(t) < first_board for t in tabled)
    assert hand.is_over
    assert len(hand.board) == 5


def test_tda_16_addendum_example_2_hands_are_tabled_once_no_further_betting_is_possible() -> None:
    """A all-in preflop, B and C call and check the flop; B all-in on the turn, C calls: all
    three hands are turned up then, before the river."""
    hand = deal(table([300, 1000, 1000], button=3), HOLES, BOARD)
    act(hand, "3:c 1:r300 2:c 3:c")
    assert not of_type(hand.events, HandTabled)  # B and C can still bet
    act(hand, "2:x 3:x")
    assert not of_type(hand.events, HandTabled)
    act(hand, "2:r700 3:c")
    events = hand.events
    river = [e for e in events if isinstance(e, BoardDealt)][-1]
    tabled = of_type(events, HandTabled)
    assert sorted(t.seat for t in tabled) == [1, 2, 3]
    assert all(events.index(t) < events.index(river) for t in tabled)
    awards = of_type(events, PotAwarded)
    assert [a.pot for a in awards] == [1, 0]  # the side pot first, then the main pot


def test_tda_17a_last_aggressor_on_the_river_shows_first() -> None:
    hand = deal(table([1000] * 3), HOLES, BOARD)
    act(hand, "3:c 1:c 2:x  1:x 2:x 3:x  1:x 2:x 3:x  1:x 2:b200 3:c 1:c")
    assert hand.phase is HandPhase.SHOWDOWN
    assert hand.actor == 2
    legal = hand.legal_actions()
    assert legal.can_show
    assert legal.can_muck
    assert not legal.can_fold
    act(hand, "2:s")
    assert hand.actor == 3  # then clockwise
    act(hand, "3:m")
    assert hand.actor == 1
    act(hand, "1:s")
    assert hand.is_over
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (1,)


def test_tda_17a_without_a_river_bet_the_first_player_left_of_the_button_shows_first() -> None:
    hand = deal(table([1000] * 3), HOLES, BOARD)
    act(hand, "3:c 1:c 2:x" + " 1:x 2:x 3:x" * 3)
    assert hand.actor == 1


def test_tda_17a_a_later_player_may_muck_a_losing_hand() -> None:
    hand = deal(table([1000] * 2), {1: "AsAd", 2: "7c2h"}, BOARD)
    act(hand, "1:c 2:x" + " 2:x 1:x" * 3)
    assert hand.actor == 2
    act(hand, "2:s 1:m")
    assert of_type(hand.events, HandMucked)[0].seat == 1
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (2,)  # mucking concedes, even the better hand


def test_tda_17b_the_last_live_hand_wins_without_showing() -> None:
    hand = deal(table([1000] * 2), {1: "AsAd", 2: "7c2h"}, BOARD)
    act(hand, "1:c 2:x" + " 2:x 1:x" * 3)
    act(hand, "2:m")
    assert hand.is_over
    assert not of_type(hand.events, HandTabled)
    assert of_type(hand.events, PotAwarded)[0].winners == (1,)


def test_thc_10_every_hand_is_tabled_at_a_contested_showdown() -> None:
    rules = RuleSet(hand=HandRules(showdown_policy=ShowdownPolicy.ALL_HANDS_TABLED))
    hand = deal(table([1000] * 3, rules=rules), HOLES, BOARD)
    act(hand, "3:c 1:c 2:x" + " 1:x 2:x 3:x" * 3)
    assert hand.is_over
    assert sorted(t.seat for t in of_type(hand.events, HandTabled)) == [1, 2, 3]
    with pytest.raises(IllegalAction, match="the hand is over"):
        hand.muck()


def test_ky_15_cards_speak_the_board_can_play_for_everyone() -> None:
    hand = deal(table([1000] * 2), {1: "2c3d", 2: "4c7d"}, "AhKhQhJhTh")
    act(hand, "1:c 2:x" + " 2:x 1:x" * 3 + " 2:s 1:s")
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (2, 1)
    assert award.shares == (100, 100)


def test_ky_15_cards_speak_one_hole_card_can_play() -> None:
    hand = deal(table([1000] * 2), {1: "Ac2d", 2: "Kc3d"}, "AhAsAd9c5h")
    act(hand, "1:c 2:x" + " 2:x 1:x" * 3 + " 2:s 1:s")
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (1,)  # four aces with one hole card beat trip aces, K-9


def test_uncontested_winner_shows_nothing() -> None:
    hand = deal(table([1000] * 3), HOLES, BOARD)
    act(hand, "3:r300 1:f 2:f")
    assert hand.is_over
    assert not of_type(hand.events, HandTabled)
    (award,) = of_type(hand.events, PotAwarded)
    assert award.is_uncontested
    assert award.winners == (3,)


def test_show_and_muck_are_rejected_outside_showdown() -> None:
    hand = deal(table([1000] * 3))
    for action in (Action.show(), Action.muck()):
        with pytest.raises(IllegalAction, match="not at showdown") as info:
            hand.apply(action)
        assert info.value.code == "not_showdown"
    assert not hand.can_show()
    assert not hand.can_muck()


def test_betting_actions_are_rejected_at_showdown() -> None:
    hand = deal(table([1000] * 2), {1: "AsAd", 2: "KsKd"}, BOARD)
    act(hand, "1:c 2:x" + " 2:x 1:x" * 3)
    for action in (Action.check(), Action.fold(), Action.raise_to(300)):
        with pytest.raises(IllegalAction, match="may only show or muck"):
            hand.apply(action)


def test_final_stacks_are_only_known_once_the_hand_is_over() -> None:
    hand: Hand = deal(table([1000] * 2))
    with pytest.raises(IllegalAction, match="not over yet"):
        _ = hand.final_stacks
