"""Pot-limit betting (TDA 54, SLPT 19): the largest raise is the call, then the whole pot after
it; pre-flop a short or dead blind does not change the count (TDA 54B); the smallest raise and
the reopening are no-limit's (TDA 43A, 47A)."""

from __future__ import annotations

import random

import pytest

from engine.helpers import act, deal, table
from pitboss.cards import Deck
from pitboss.engine import Action, Hand, HandSetup, Posted
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules.games import BettingStructure

PL = BettingStructure.POT_LIMIT


def pot_limit(stacks: list[int], **kw: object) -> HandSetup:
    """``table(stacks, **kw)`` (button on the last seat, blinds 50/100) dealt pot-limit."""
    return table(stacks, **kw)._replace(structure=PL)  # type: ignore[arg-type]


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.actor, hand.legal_actions(), hand.pot)


def to_flop(stacks: list[int], **kw: object) -> Hand:
    hand = deal(pot_limit(stacks, **kw))
    while hand.street == "preflop":
        hand.apply(Action.call() if hand.legal_actions().call_amount else Action.check())
    return hand


# -- the largest raise: the call, then the pot ------------------------------------------------
def test_the_first_player_may_raise_to_350_with_blinds_of_50_and_100() -> None:
    hand = deal(pot_limit([10_000] * 6))  # seat 3 is first: call 100, then the pot of 250
    legal = hand.legal_actions()
    assert hand.actor == 3
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (100, 200, 350)


def test_after_a_raise_to_350_the_small_blind_may_raise_to_1150() -> None:
    hand = deal(pot_limit([10_000] * 3))  # the button (seat 3) is first
    act(hand, "3:r350")
    legal = hand.legal_actions()
    assert hand.actor == 1  # the small blind: calls 300 into a pot of 500, then raises 800
    assert (legal.call_amount, legal.min_raise_to, legal.max_raise_to) == (300, 600, 1150)


def test_after_a_raise_to_350_a_player_with_nothing_in_may_raise_to_1200() -> None:
    hand = deal(pot_limit([10_000] * 6))
    act(hand, "3:r350")
    assert hand.legal_actions().max_raise_to == 1200  # 350 + (500 + 350)


def test_a_bet_after_the_flop_is_at_most_the_pot_and_a_raise_at_most_four_times_it() -> None:
    hand = to_flop([10_000] * 3)  # a pot of 300
    assert hand.legal_actions().max_raise_to == 300
    act(hand, "1:b300")
    assert hand.legal_actions().max_raise_to == 1200  # call 300, then raise the 900


def test_the_big_blind_s_option_is_a_raise_of_the_pot() -> None:
    hand = deal(pot_limit([10_000] * 3))
    act(hand, "3:c 1:c")
    legal = hand.legal_actions()
    assert legal.can_check
    assert legal.max_raise_to == 400  # the 100 to match (already in), then the pot of 300


def test_the_pot_counts_the_antes_and_every_side_pot() -> None:
    hand = deal(pot_limit([10_000, 10_000, 10_000, 10_000], ante=10, ante_mode="per_player"))
    assert hand.pot == 190
    assert hand.legal_actions().max_raise_to == 100 + 190 + 100
    hand = to_flop([10_000, 300, 10_000])  # seat 2 all-in later: a side pot
    act(hand, "1:b300")  # seat 2 has 200 behind: all-in for less
    act(hand, "2:c")
    assert hand.legal_actions().max_raise_to == 300 + (300 + 300 + 200) + 300


def test_a_stack_short_of_the_pot_may_go_all_in() -> None:
    hand = deal(pot_limit([10_000, 10_000, 250]))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 250)
    act(hand, "3:r250")
    assert hand.is_all_in(3)


# -- TDA 54B: short and dead blinds pre-flop ------------------------------------------------
def test_tda_54b_a_short_all_in_big_blind_still_counts_as_a_full_blind_pre_flop() -> None:
    hand = deal(pot_limit([10_000, 60, 10_000]))  # the big blind posts all it has: 60
    assert hand.pot == 110
    legal = hand.legal_actions()
    assert (legal.call_amount, legal.max_raise_to) == (100, 350)  # as with a full blind
    act(hand, "3:r350")
    assert hand.legal_actions().max_raise_to == 1150  # still counted full


def test_tda_54b_a_short_all_in_small_blind_still_counts_as_a_full_blind_pre_flop() -> None:
    hand = deal(pot_limit([30, 10_000, 10_000]))
    assert hand.legal_actions().max_raise_to == 350


def test_tda_54b_a_dead_small_blind_still_counts_pre_flop() -> None:
    hand = deal(pot_limit([10_000] * 4, small_blind_seat=None))  # dead small blind (TDA 32)
    assert hand.pot == 100
    assert hand.legal_actions().max_raise_to == 350


def test_tda_54b_applies_pre_flop_only_the_flop_counts_the_chips_in_the_pot() -> None:
    hand = to_flop([10_000, 60, 10_000, 10_000])  # 100 + 60 + 100 + 100 in the pot
    assert hand.street == "flop"
    assert hand.pot == 360
    assert hand.legal_actions().max_raise_to == 360


# -- the smallest raise and the reopening are no-limit's -----------------------------------
def test_tda_43a_the_minimum_raise_is_the_last_full_raise() -> None:
    hand = deal(pot_limit([10_000] * 4))
    act(hand, "3:r300")  # a raise of 200
    assert hand.legal_actions().min_raise_to == 500


def test_tda_47a_a_short_all_in_does_not_reopen_the_betting() -> None:
    hand = to_flop([10_000, 10_000, 450])  # seat 3 has 350 behind
    act(hand, "1:b200 2:c 3:r350")  # all-in: a raise of 150, short of 200
    act(hand, "1:c")
    legal = hand.legal_actions()
    assert hand.actor == 2
    assert legal.min_raise_to is None
    assert legal.call_amount == 150


# -- refusals ---------------------------------------------------------------------------------
def test_a_raise_above_the_pot_is_refused_saying_the_pot_limit_maximum() -> None:
    hand = deal(pot_limit([10_000] * 3))
    act(hand, "3:r350")
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as refusal:
        hand.raise_to(1151)
    error = refusal.value
    assert error.code == "raise_above_pot"
    assert error.params["max"] == 1150
    assert error.params["structure"] == "pot_limit"
    assert "pot-limit" in error.message
    assert "at most 1,150" in error.message
    assert "TDA 54" in error.message
    assert "SLPT 19" in error.message
    assert snapshot(hand) == before  # a refusal changes nothing
    assert not hand.can_raise_to(1151)
    assert hand.can_raise_to(1150)


def test_an_all_in_above_the_pot_is_refused() -> None:
    hand = deal(pot_limit([10_000] * 3))
    with pytest.raises(IllegalAction) as refusal:
        hand.apply(Action.raise_to(10_000))
    assert refusal.value.code == "raise_above_pot"
    assert refusal.value.params["max"] == 350


def test_a_bet_above_the_pot_is_refused_as_a_bet() -> None:
    hand = to_flop([10_000] * 3)
    with pytest.raises(IllegalAction) as refusal:
        hand.bet_to(301)
    assert refusal.value.code == "raise_above_pot"
    assert refusal.value.message.startswith("bet of 301 is more than the pot")


def test_in_chips_in_play_the_pot_limit_is_rounded_down_to_the_chip_unit() -> None:
    hand = deal(pot_limit([10_000, 10_000, 130, 10_000], chip_unit=50))
    act(hand, "3:r130")  # all-in for 130: an odd amount
    legal = hand.legal_actions()  # the pot allows 130 + 280 + 130 = 540
    assert (legal.min_raise_to, legal.max_raise_to) == (250, 500)


def test_a_setup_s_structure_may_be_its_value_and_a_wrong_one_is_refused() -> None:
    hand = Hand(table([10_000] * 3)._replace(structure="pot_limit"), Deck(random.Random(1)))  # type: ignore[arg-type]
    assert hand.legal_actions().max_raise_to == 350
    with pytest.raises(HandSetupError) as refusal:
        table([10_000] * 3)._replace(structure="pot-limit").validate()  # type: ignore[arg-type]
    assert refusal.value.code == "bad_structure"
    assert "pot_limit" in refusal.value.message


def test_random_pot_limit_hands_keep_every_chip_and_raise_at_most_the_pot() -> None:
    """300 six-handed hands of random stacks (many short), antes or none: every largest raise
    is the call plus the pot after it (blinds counted in full pre-flop, TDA 54B), or the
    stack, and no chip is made or lost."""
    rng = random.Random(54)
    for _ in range(300):
        stacks = [rng.choice([rng.randint(1, 500), rng.randint(100, 20_000)]) for _ in range(6)]
        setup = pot_limit(stacks, ante=rng.choice([0, 10]), ante_mode="per_player")
        hand = Hand(setup, Deck(rng))
        blinds = [e for e in hand.events if isinstance(e, Posted) and e.kind != "ante"]
        gap = 150 - sum(e.amount for e in blinds)  # the blinds' shortfall (TDA 54B)
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.is_showdown:
                hand.show()
                continue
            if legal.min_raise_to is not None:
                seat = legal.seat
                count = hand.pot + (gap if hand.street == "preflop" else 0)
                pot_max = max(hand.current_bet + count + legal.call_amount, legal.min_raise_to)
                all_in = hand.bets[seat] + hand.stacks[seat]
                assert legal.max_raise_to == min(pot_max, all_in)
                if rng.random() < 0.4:
                    hand.raise_to(rng.choice([legal.min_raise_to, legal.max_raise_to]))
                    continue
            if legal.call_amount and rng.random() < 0.3:
                hand.fold()
            else:
                hand.apply(Action.call() if legal.call_amount else Action.check())
        assert sum(hand.final_stacks.values()) == sum(stacks)
