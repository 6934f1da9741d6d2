"""Dead hands, tabled winners and showing cards (THC 6, 17, 36; SLPT 6, 17, 18, 24-26)."""

from __future__ import annotations

import pytest

from pitboss.engine import Action
from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import (
    DeadHandCause,
    Outcome,
    rule_dead_hand,
    rule_one_card_shown,
    rule_show_to_win,
)

from .helpers import HOUSES, hand_for, own_rule

STACKS = [10000] * 4


@pytest.mark.parametrize(
    "cause",
    [DeadHandCause.MUCKED, DeadHandCause.TOUCHED_BURN_PILE, DeadHandCause.TOUCHED_OTHER_CARDS],
)
def test_hand_thrown_into_the_muck_or_touching_burn_pile_or_other_cards_is_dead_thc_36(
    cause: DeadHandCause,
) -> None:
    hand = hand_for("thc", STACKS, "3:r300")
    ruling = rule_dead_hand(hand, 4, cause)
    assert ruling.outcome is Outcome.HAND_DEAD
    assert ruling.action == Action.fold()  # seat 4 is to act: the engine folds it
    assert "THC 36" in ruling.rules
    hand.apply(ruling.action)
    assert hand.is_folded(4)


@pytest.mark.parametrize("house", HOUSES)
def test_dealer_kills_unprotected_hand_no_redress_uncalled_raise_back_thc_36_slpt_17_26(
    house: str,
) -> None:
    hand = hand_for(house, STACKS, "3:r300 4:c 1:f 2:r900")  # seat 2's raise is not yet called
    ruling = rule_dead_hand(hand, 2, DeadHandCause.KILLED_BY_DEALER)
    assert ruling.outcome is Outcome.HAND_DEAD
    assert ruling.returned == 600  # the raise beyond the 300 called
    assert ruling.action is None  # not seat 2's turn
    assert own_rule(house, "TDA 15B", thc="THC 36", slpt="SLPT 17") in ruling.rules
    called = rule_dead_hand(hand, 4, DeadHandCause.KILLED_BY_DEALER)
    assert called.returned == 0  # no redress for chips called


@pytest.mark.parametrize("house", HOUSES)
def test_winning_hand_tabled_face_up_cannot_be_killed_thc_36_slpt_18(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300 4:c")
    ruling = rule_dead_hand(hand, 3, DeadHandCause.KILLED_BY_DEALER, tabled_winner=True)
    assert ruling.outcome is Outcome.HAND_LIVE
    assert ruling.action is None
    assert ruling.rules == (own_rule(house, "TDA 13C", thc="THC 36", slpt="SLPT 18"),)


@pytest.mark.parametrize("house", HOUSES)
def test_player_not_at_seat_when_the_last_card_is_dealt_has_a_dead_hand_thc_17_slpt_6(
    house: str,
) -> None:
    hand = hand_for(house, STACKS)
    ruling = rule_dead_hand(hand, 2, DeadHandCause.NOT_AT_SEAT)
    assert ruling.outcome is Outcome.HAND_DEAD
    assert ruling.returned == 0  # the big blind stays in the pot
    assert own_rule(house, "TDA 30", thc="THC 17", slpt="SLPT 6") in ruling.rules


def test_a_dead_hand_ruling_refuses_bad_input() -> None:
    hand = hand_for("tda", STACKS, "3:f")
    for seat, cause, code in [
        (0, DeadHandCause.MUCKED, "bad_seat"),
        (4, "burnt", "unknown_cause"),
        (9, DeadHandCause.MUCKED, "unknown_seat"),
        (3, DeadHandCause.MUCKED, "hand_not_live"),
    ]:
        with pytest.raises(RulingError) as info:
            rule_dead_hand(hand, seat, cause)  # type: ignore[arg-type]
        assert info.value.code == code


@pytest.mark.parametrize("board", [False, True])
def test_show_both_cards_to_win_even_playing_the_board_slpt_24(board: bool) -> None:
    one = rule_show_to_win(RuleSet(), 3, cards_shown=1, plays_the_board=board)
    assert one.outcome is Outcome.MUST_SHOW
    assert one.rules == ("TDA 13A",)  # the TDA house: SLPT 24 only under SLPT
    assert (
        rule_show_to_win(RuleSet(), 3, cards_shown=2, plays_the_board=board).outcome
        is Outcome.PLAY_ON
    )
    with pytest.raises(RulingError):
        rule_show_to_win(RuleSet(), 3, cards_shown=3)


@pytest.mark.parametrize("house", HOUSES)
def test_one_card_shown_the_other_on_request_slpt_25(house: str) -> None:
    rules = RuleSet.from_preset(house)
    asked = rule_one_card_shown(rules, 5, asked=True)
    if house == "slpt":  # the only house with SLPT 25 (show_other_card_if_asked)
        assert asked.outcome is Outcome.MUST_SHOW
        assert asked.rules == ("SLPT 25",)
    else:
        assert asked.outcome is Outcome.PLAY_ON
    assert rule_one_card_shown(rules, 5, asked=False).outcome is Outcome.PLAY_ON
