"""Fixed-limit betting: one bet size a street (the small bet pre-flop and on the flop, the big
bet on the turn and river), one bet and a capped number of raises (TDA 48, SLPT 16, WSOP 100.b,
even heads-up in a hand), TDA 47B (an all-in of half a bet reopens; less is completed)."""

from __future__ import annotations

import random

import pytest

from engine.helpers import act, deal, table
from pitboss.cards import Deck
from pitboss.engine import Action, Hand, HandSetup, RecordedHand
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules.games import BettingStructure

FL = BettingStructure.FIXED_LIMIT


def fixed_limit(stacks: list[int], *, big_bet: int | None = None, raise_cap: int | None = 4,
                **kw: object) -> HandSetup:  # fmt: skip
    """``table(stacks, **kw)`` (button on the last seat, blinds 50/100) dealt fixed-limit."""
    setup = table(stacks, **kw)  # type: ignore[arg-type]
    return setup._replace(structure=FL, big_bet=big_bet, raise_cap=raise_cap)


def to_street(hand: Hand, street: str) -> Hand:
    while hand.street != street:
        hand.apply(Action.call() if hand.legal_actions().call_amount else Action.check())
    return hand


def limits(hand: Hand) -> tuple[int, int | None, int | None]:
    legal = hand.legal_actions()
    return legal.call_amount, legal.min_raise_to, legal.max_raise_to


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.actor, hand.legal_actions(), hand.pot)


# -- the bet sizes ----------------------------------------------------------------------------
def test_bets_are_the_small_bet_before_the_turn_and_the_big_bet_after() -> None:
    hand = deal(fixed_limit([10_000] * 3))  # blinds 50/100: bets of 100, then 200
    assert limits(hand) == (100, 200, 200)  # pre-flop: a raise of one small bet
    act(hand, "3:r200")
    assert limits(hand) == (150, 300, 300)
    to_street(hand, "flop")
    assert limits(hand) == (0, 100, 100)
    act(hand, "1:b100")
    assert limits(hand) == (100, 200, 200)
    to_street(hand, "turn")
    assert limits(hand) == (0, 200, 200)
    act(hand, "1:b200")
    assert limits(hand) == (200, 400, 400)
    assert hand.min_raise == 200
    to_street(hand, "river")
    assert limits(hand) == (0, 200, 200)


def test_a_big_bet_given_by_the_setup_is_the_turn_and_river_bet() -> None:
    hand = to_street(deal(fixed_limit([10_000] * 3, big_bet=300)), "turn")
    assert limits(hand) == (0, 300, 300)


def test_a_raise_of_another_size_is_refused_saying_the_one_size() -> None:
    hand = deal(fixed_limit([10_000] * 3))
    before = snapshot(hand)
    with pytest.raises(IllegalAction) as above:
        hand.raise_to(300)
    assert above.value.code == "raise_above_limit"
    assert above.value.params["max"] == 200
    assert "fixed-limit" in above.value.message
    assert "small bet of 100" in above.value.message
    with pytest.raises(IllegalAction) as below:
        hand.raise_to(150)
    assert below.value.code == "raise_below_minimum"
    assert below.value.params["min"] == 200
    assert "may raise to 200 only" in below.value.message
    with pytest.raises(IllegalAction) as all_in:
        hand.raise_to(10_000)  # all-in is a raise of more than one bet
    assert all_in.value.code == "raise_above_limit"
    assert snapshot(hand) == before
    to_street(hand, "turn")
    with pytest.raises(IllegalAction) as bet:
        hand.bet_to(100)
    assert bet.value.code == "bet_below_minimum"
    assert "big bet of 200" in bet.value.message


def test_a_stack_short_of_the_bet_may_go_all_in_for_less() -> None:
    hand = deal(fixed_limit([10_000, 10_000, 160]))
    assert limits(hand) == (100, 160, 160)
    act(hand, "3:r160")
    assert hand.is_all_in(3)


# -- the cap: one bet and four raises -------------------------------------------------------
def test_slpt_16_pre_flop_the_big_blind_is_the_bet_and_four_raises_cap_it() -> None:
    hand = deal(fixed_limit([10_000] * 3))
    act(hand, "3:r200 1:r300 2:r400 3:r500")  # the big blind and four raises
    assert hand.legal_actions().min_raise_to is None
    with pytest.raises(IllegalAction) as refusal:
        hand.raise_to(600)  # a sixth bet
    error = refusal.value
    assert error.code == "raise_closed"
    assert error.params["reason"] == "capped"
    assert error.params["raise_cap"] == 4
    assert "one bet and 4 raises" in error.message
    assert "SLPT 16" in error.message
    assert "TDA 48" in error.message
    assert "call 200 or fold" in error.message  # seat 1 has 300 in


def test_tda_48_after_the_flop_a_bet_and_four_raises_cap_the_street() -> None:
    hand = to_street(deal(fixed_limit([10_000] * 3)), "flop")
    act(hand, "1:b100 2:r200 3:r300 1:r400 2:r500")
    assert hand.legal_actions().min_raise_to is None
    assert not hand.can_raise_to(600)
    act(hand, "3:c 1:c")
    assert hand.street == "turn"
    assert limits(hand) == (0, 200, 200)  # a new street, a new count


def test_slpt_16_the_cap_applies_when_only_two_players_are_in_the_hand() -> None:
    hand = deal(fixed_limit([10_000, 10_000]))  # heads-up: seat 1 is the button, first
    act(hand, "1:r200 2:r300 1:r400 2:r500")
    assert hand.legal_actions().min_raise_to is None


def test_no_cap_once_the_tournament_is_heads_up() -> None:
    hand = deal(fixed_limit([10_000, 10_000], raise_cap=None))
    for to in range(200, 1_700, 100):  # fifteen raises
        hand.raise_to(to)
    assert limits(hand) == (100, 1_700, 1_700)


def test_a_house_cap_of_three_raises() -> None:
    hand = to_street(deal(fixed_limit([10_000] * 3, raise_cap=3)), "flop")
    act(hand, "1:b100 2:r200 3:r300 1:r400")
    assert hand.legal_actions().min_raise_to is None


# -- TDA 47B: half a bet reopens -------------------------------------------------------------
def test_tda_47b_an_all_in_of_half_a_bet_reopens_the_betting_and_counts_as_a_raise() -> None:
    hand = to_street(deal(fixed_limit([10_000, 10_000, 250])), "flop")  # seat 3: 150 behind
    act(hand, "1:b100 2:c 3:r150")  # all-in: half a bet more
    assert hand.actor == 1
    assert limits(hand) == (50, 250, 250)  # a full bet on top of the all-in
    act(hand, "1:r250 2:r350 1:r450")  # the all-in was the first raise: three more cap it
    assert hand.legal_actions().min_raise_to is None


def test_tda_47b_an_all_in_of_less_than_half_a_bet_does_not_reopen_the_betting() -> None:
    hand = to_street(deal(fixed_limit([10_000, 10_000, 240])), "flop")  # seat 3: 140 behind
    act(hand, "1:b100 2:c 3:r140")  # all-in: 40 more, less than half the bet
    assert hand.actor == 1
    assert limits(hand) == (40, None, None)
    with pytest.raises(IllegalAction) as refusal:
        hand.raise_to(240)
    assert refusal.value.params["reason"] == "not_reopened"
    assert "less than half a bet of 100" in refusal.value.message
    assert "TDA 47B" in refusal.value.message


def test_a_player_who_has_not_acted_completes_a_short_all_in_raise_to_a_full_raise() -> None:
    hand = to_street(deal(fixed_limit([10_000, 240, 10_000])), "flop")  # seat 2: 140 behind
    act(hand, "1:b100 2:r140")  # all-in: 40 more
    assert limits(hand) == (140, 200, 200)  # call 140, or complete the raise to 200
    act(hand, "3:r200")
    assert hand.actor == 1
    assert limits(hand) == (100, 300, 300)  # completing reopened the betting


def test_a_player_facing_an_all_in_bet_of_less_than_half_a_bet_may_complete_it() -> None:
    hand = to_street(deal(fixed_limit([10_000, 140, 10_000])), "flop")  # seat 2: 40 behind
    act(hand, "1:x 2:b40")
    assert limits(hand) == (40, 100, 100)  # call 40, or complete to the full bet of 100
    act(hand, "3:b100")  # (recorded as a raise of the all-in)
    assert limits(hand) == (100, 200, 200)


def test_an_all_in_bet_of_half_a_bet_is_raised_by_a_full_bet() -> None:
    hand = to_street(deal(fixed_limit([10_000, 160, 10_000])), "flop")  # seat 2: 60 behind
    act(hand, "1:x 2:b60")
    assert limits(hand) == (60, 160, 160)  # Robert's Rules: a $15 all-in raised to $35


# -- the setup -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"big_bet": 50}, "bad_amount"),
        ({"big_bet": 0}, "bad_amount"),
        ({"big_bet": 200.0}, "bad_amount"),
        ({"raise_cap": -1}, "bad_raise_cap"),
        ({"raise_cap": "4"}, "bad_raise_cap"),
        ({"raise_cap": True}, "bad_raise_cap"),
        ({"structure": "limit"}, "bad_structure"),
    ],
)
def test_a_setup_with_a_wrong_big_bet_cap_or_structure_is_refused(
    fields: dict[str, object], code: str
) -> None:
    setup = table([1000] * 3)._replace(structure=FL)._replace(**fields)
    with pytest.raises(HandSetupError) as refusal:
        Hand(setup, Deck(random.Random(1)))
    assert refusal.value.code == code


def test_the_structure_may_be_given_as_its_value() -> None:
    hand = Hand(table([1000] * 3)._replace(structure="fixed_limit"), Deck(random.Random(1)))  # type: ignore[arg-type]
    assert limits(hand) == (100, 200, 200)


def test_random_fixed_limit_hands_keep_every_chip_and_bet_one_size() -> None:
    """300 six-handed hands of random stacks (many short, so many all-ins for less), caps of
    0 to 4 raises or none: every raise is the one size or an all-in for less, never past the
    cap, and no chip is made or lost."""
    rng = random.Random(48)
    for _ in range(300):
        stacks = [rng.choice([rng.randint(1, 450), rng.randint(100, 5_000)]) for _ in range(6)]
        cap = rng.choice([0, 1, 2, 4, None])
        hand = Hand(fixed_limit(stacks, raise_cap=cap), Deck(rng))
        raises = {"preflop": 1, "flop": 0, "turn": 0, "river": 0}
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.is_showdown:
                hand.show()
                continue
            low, high = legal.min_raise_to, legal.max_raise_to
            if low is not None and rng.random() < 0.5:
                assert low == high
                size = 100 if hand.street in ("preflop", "flop") else 200
                all_in = hand.bets[legal.seat] + hand.stacks[legal.seat]
                assert low - hand.current_bet <= size
                assert low == all_in or low - hand.current_bet > 0
                if cap is not None and low != all_in and low - hand.current_bet == size:
                    raises[hand.street] += 1
                    assert raises[hand.street] <= cap + 1
                hand.raise_to(low)
            elif legal.call_amount and rng.random() < 0.3:
                hand.fold()
            else:
                hand.apply(Action.call() if legal.call_amount else Action.check())
        assert sum(hand.final_stacks.values()) == sum(stacks)


def test_a_raise_returned_by_a_dead_hand_is_taken_off_the_count_tda_65a() -> None:
    hand = RecordedHand(fixed_limit([10_000] * 4))
    act(hand, "3:c 4:c 1:c 2:x")  # to the flop
    act(hand, "1:b100 2:r200")
    hand.kill(2, "touched_other_cards")  # out of turn: the raise of 100 goes back
    assert hand.current_bet == 100
    assert hand.actor == 3
    assert limits(hand) == (100, 200, 200)  # a raise of one bet over the bet left standing
    act(hand, "3:r200 4:r300 1:r400 3:r500")  # the bet and four raises: capped again
    assert hand.legal_actions().min_raise_to is None
