"""What chips and words mean under each betting structure (issue 30): the dealer's device rules
by the hand's own structure (``setup.structure``), never by the house.

Four seats, blinds 50/100: the button is seat 4, the small blind seat 1, the big blind seat 2;
seat 3 acts first before the flop. Pot-limit: the first to act may raise to at most 350 (the
call of 100, then the pot of 250 after it: TDA 54, SLPT 19); an over-bet is the pot-limit
maximum, the surplus back (Robert's Rules, pot-limit rule 1). Fixed-limit 100/200: every bet
and raise is one bet, half a bet or more beyond the call is a full bet and less a call (TDA
47B), one bet and four raises a street (TDA 48, SLPT 16).
"""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, table
from pitboss.engine import Action, Hand
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure
from pitboss.rulings import DealerInput, Declaration, Ruling, rule_action
from pitboss.rulings.structure_rulings import STRUCTURE_RULINGS, pot_limit_to

from .helpers import HOUSES, own_rule

STACKS = [10000, 10000, 10000, 10000]
PL = BettingStructure.POT_LIMIT
FL = BettingStructure.FIXED_LIMIT
NL = BettingStructure.NO_LIMIT


def hand_in(
    structure: BettingStructure, script: str = "", house: str = "tda", stacks: list[int] = STACKS
) -> Hand:
    setup = table(stacks, rules=RuleSet.from_preset(house))._replace(structure=structure)
    hand = deal(setup)
    act(hand, script)
    return hand


def takes(hand: Hand, ruling: Ruling) -> None:
    """The engine accepts the ruling's action (a ruling never produces an illegal action)."""
    assert ruling.action is not None
    hand.apply(ruling.action)


def test_every_structure_has_its_rulings_and_only_pot_limit_counts_the_pot() -> None:
    assert set(STRUCTURE_RULINGS) == set(BettingStructure)
    assert [s for s, r in STRUCTURE_RULINGS.items() if r.counts_pot] == [PL]  # SLPT 19


# -- pot-limit: the pot-limit maximum ----------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_pot_limit_chips_over_the_pot_are_a_raise_to_the_pot_the_rest_back_tda_54_slpt_19(
    house: str,
) -> None:
    hand = hand_in(PL, house=house)
    ruling = rule_action(hand, DealerInput(seat=3, chips=1000))
    assert ruling.action == Action.raise_to(350)
    assert ruling.returned == 650
    assert "pot-limit maximum" in ruling.message
    assert "the rest goes back" in ruling.message
    assert "all-in" not in ruling.message
    assert own_rule(house, "TDA 54", slpt="SLPT 19") in ruling.rules
    takes(hand, ruling)


def test_pot_limit_a_declared_total_over_the_pot_is_corrected_to_the_pot() -> None:
    hand = hand_in(PL)
    ruling = rule_action(hand, DealerInput(seat=3, declaration=Declaration.RAISE, amount=5000))
    assert ruling.action == Action.raise_to(350)
    assert ruling.owed == 350
    assert "TDA 54" in ruling.rules
    assert "TDA 43B" in ruling.rules
    takes(hand, ruling)


def test_pot_limit_raise_with_an_oversized_chip_is_the_largest_raise_the_pot_allows() -> None:
    hand = hand_in(PL)
    ruling = rule_action(
        hand,
        DealerInput(seat=3, chips=5000, single_chip=True, declaration=Declaration.RAISE),
    )
    assert ruling.action == Action.raise_to(350)
    assert ruling.returned == 4650
    assert {"TDA 44", "TDA 54"} <= set(ruling.rules)
    takes(hand, ruling)


def test_pot_limit_all_in_declared_with_more_than_the_pot_is_the_pot_the_rest_stays() -> None:
    hand = hand_in(PL)
    ruling = rule_action(hand, DealerInput(seat=3, declaration=Declaration.ALL_IN))
    assert ruling.action == Action.raise_to(350)
    assert "pot-limit maximum" in ruling.message
    takes(hand, ruling)


def test_pot_limit_last_chips_within_the_pot_are_all_in() -> None:
    hand = hand_in(PL, stacks=[10000, 10000, 300, 10000])
    ruling = rule_action(hand, DealerInput(seat=3, chips=300))
    assert ruling.action == Action.raise_to(300)
    assert "all-in" in ruling.message
    takes(hand, ruling)


def test_pot_limit_last_chips_over_the_pot_are_the_pot_the_rest_back() -> None:
    hand = hand_in(PL, stacks=[10000, 10000, 2000, 10000])
    ruling = rule_action(hand, DealerInput(seat=3, chips=2000))
    assert ruling.action == Action.raise_to(350)
    assert ruling.returned == 1650
    takes(hand, ruling)


def test_pot_limit_keeps_the_fifty_percent_rule_slpt_8() -> None:
    hand = hand_in(PL, "3:r300")  # a raise of 200
    ruling = rule_action(hand, DealerInput(seat=4, chips=400))  # 100 more: half a raise
    assert ruling.action == Action.raise_to(500)
    assert "TDA 43A" in ruling.rules
    takes(hand, ruling)


def test_pot_limit_a_single_oversized_chip_facing_a_bet_is_a_call_tda_44() -> None:
    hand = hand_in(PL)
    ruling = rule_action(hand, DealerInput(seat=3, chips=5000, single_chip=True))
    assert ruling.action == Action.call()
    assert ruling.returned == 4900


def test_no_limit_chips_over_the_pot_stay_a_raise_of_the_chips() -> None:
    hand = hand_in(NL)
    assert rule_action(hand, DealerInput(seat=3, chips=1000)).action == Action.raise_to(1000)
    ruling = rule_action(hand, DealerInput(seat=3, declaration=Declaration.ALL_IN))
    assert ruling.action == Action.raise_to(10000)
    assert ruling.message == "'all-in' means all-in: all-in, a raise to 10,000"


# -- the pot count, told in pot-limit only (SLPT 19) ------------------------------------------
def test_the_pot_count_is_the_call_then_the_pot_and_only_in_pot_limit() -> None:
    assert pot_limit_to(hand_in(PL)) == 350
    assert pot_limit_to(hand_in(PL, "3:r350")) == 1200  # 350 + call 300 + pot 550
    assert pot_limit_to(hand_in(NL)) is None
    assert pot_limit_to(hand_in(FL)) is None


def test_the_pot_count_may_be_more_than_the_player_has() -> None:
    hand = hand_in(PL, stacks=[10000, 10000, 300, 10000])
    assert hand.legal_actions().max_raise_to == 300  # all-in
    assert pot_limit_to(hand) == 350


# -- fixed-limit: one bet --------------------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_fixed_limit_chips_beyond_one_bet_are_a_raise_of_one_bet_the_rest_back(house: str) -> None:
    hand = hand_in(FL, house=house)
    ruling = rule_action(hand, DealerInput(seat=3, chips=1000))
    assert ruling.action == Action.raise_to(200)
    assert ruling.returned == 800
    assert "one bet" in ruling.message
    assert "all-in" not in ruling.message
    assert own_rule(house, "TDA 47B", slpt="SLPT 16") in ruling.rules
    takes(hand, ruling)


def test_fixed_limit_half_a_bet_beyond_the_call_is_a_full_bet_tda_47b() -> None:
    hand = hand_in(FL)
    ruling = rule_action(hand, DealerInput(seat=3, chips=150))  # the call, and half a bet
    assert ruling.action == Action.raise_to(200)
    assert ruling.owed == 50
    assert "half a bet of 100" in ruling.message
    assert "TDA 47B" in ruling.rules
    takes(hand, ruling)


def test_fixed_limit_less_than_half_a_bet_beyond_the_call_is_a_call() -> None:
    hand = hand_in(FL)
    ruling = rule_action(hand, DealerInput(seat=3, chips=140))
    assert ruling.action == Action.call()
    assert ruling.returned == 40
    takes(hand, ruling)


def test_fixed_limit_a_single_oversized_chip_facing_a_bet_is_a_call_tda_44() -> None:
    hand = hand_in(FL)
    ruling = rule_action(hand, DealerInput(seat=3, chips=500, single_chip=True))
    assert ruling.action == Action.call()
    assert ruling.returned == 400


@pytest.mark.parametrize(("street", "bet"), [("3:c 4:c 1:c 2:x", 100), ("", 200)])
def test_fixed_limit_a_silent_oversized_chip_opening_the_betting_is_a_bet_of_the_limit(
    street: str, bet: int
) -> None:
    """On the flop the small bet (100), on the turn the big bet (200): never the chip's value."""
    script = street or "3:c 4:c 1:c 2:x 1:x 2:x 3:x 4:x"
    hand = hand_in(FL, script)
    ruling = rule_action(hand, DealerInput(seat=1, chips=500, single_chip=True))
    assert ruling.action == Action.bet_to(bet)
    assert ruling.returned == 500 - bet
    assert "one bet" in ruling.message
    takes(hand, ruling)


def test_fixed_limit_raise_with_an_oversized_chip_or_all_in_is_one_bet() -> None:
    hand = hand_in(FL)
    chip = DealerInput(seat=3, chips=5000, single_chip=True, declaration=Declaration.RAISE)
    assert rule_action(hand, chip).action == Action.raise_to(200)
    all_in = rule_action(hand, DealerInput(seat=3, declaration=Declaration.ALL_IN))
    assert all_in.action == Action.raise_to(200)
    takes(hand, all_in)


def test_fixed_limit_capped_betting_makes_chips_a_call_tda_48_slpt_16() -> None:
    hand = hand_in(FL, "3:r200 4:r300 1:r400 2:r500", house="slpt")  # one bet, four raises
    ruling = rule_action(hand, DealerInput(seat=3, chips=1000))
    assert ruling.action == Action.call()
    assert ruling.returned == 700
    assert "capped" in ruling.message
    assert "SLPT 16" in ruling.rules
    takes(hand, ruling)
