"""Misdeals and exposed cards (THC 23, 51; SLPT 28; KY 19; TDA 35)."""

from __future__ import annotations

import pytest

from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import (
    DealIrregularity,
    Outcome,
    rule_button_two_cards,
    rule_deal_irregularity,
    rule_exposed_on_deal,
)

from .helpers import HOUSES


@pytest.mark.parametrize(
    ("house", "first", "later", "two_later"),
    [
        ("tda", Outcome.MISDEAL, Outcome.REPLACE_CARD, Outcome.MISDEAL),  # TDA 35A-5
        ("ky-charity", Outcome.REPLACE_CARD, Outcome.REPLACE_CARD, Outcome.REPLACE_CARD),  # KY 19
        ("thc", Outcome.MISDEAL, Outcome.MISDEAL, Outcome.MISDEAL),  # THC 23
        ("thc-sit-and-go", Outcome.MISDEAL, Outcome.MISDEAL, Outcome.MISDEAL),
        ("slpt", Outcome.MISDEAL, Outcome.REPLACE_CARD, Outcome.REPLACE_CARD),  # SLPT 28
    ],
)
def test_card_exposed_during_the_deal_misdeal_thc_23_slpt_28_or_replaced_ky_19(
    house: str, first: Outcome, later: Outcome, two_later: Outcome
) -> None:
    rules = RuleSet.from_preset(house)
    assert rule_exposed_on_deal(rules, positions=[2]).outcome is first
    assert rule_exposed_on_deal(rules, positions=[5]).outcome is later
    assert rule_exposed_on_deal(rules, positions=[5, 7]).outcome is two_later


def test_ky_19_the_exposed_card_becomes_the_burn_and_is_replaced_after_the_deal() -> None:
    ruling = rule_exposed_on_deal(RuleSet.from_preset("ky-charity"), positions=[1])
    assert ruling.rules == ("KY 19",)
    assert "burn" in ruling.message
    assert "finish the deal" in ruling.message


@pytest.mark.parametrize("house", HOUSES)
def test_after_a_misdeal_button_and_blinds_stay_where_they_were_tda_35c(house: str) -> None:
    ruling = rule_exposed_on_deal(RuleSet.from_preset(house), positions=[1, 2])
    if ruling.outcome is Outcome.MISDEAL:
        assert "TDA 35C" in ruling.rules
        assert "button and blinds where they were" in ruling.message


@pytest.mark.parametrize(
    ("house", "outcome"),
    [
        ("tda", Outcome.PLAY_ON),
        ("ky-charity", Outcome.PLAY_ON),
        ("thc", Outcome.MISDEAL),
        ("thc-sit-and-go", Outcome.MISDEAL),
        ("slpt", Outcome.PLAY_ON),
    ],
)
def test_two_consecutive_cards_on_the_button_allowed_slpt_28_misdeal_thc_23(
    house: str, outcome: Outcome
) -> None:
    assert rule_button_two_cards(RuleSet.from_preset(house)).outcome is outcome


@pytest.mark.parametrize("cause", list(DealIrregularity))
def test_redeal_causes_thc_51_before_substantial_action(cause: DealIrregularity) -> None:
    ruling = rule_deal_irregularity(RuleSet(), cause, substantial_action=False)
    assert ruling.outcome is Outcome.MISDEAL
    after = rule_deal_irregularity(RuleSet(), cause, substantial_action=True)
    if cause is DealIrregularity.IMPERFECT_PACK:
        assert after.outcome is Outcome.FOULED_DECK  # TDA 35E
    else:
        assert after.outcome is Outcome.PLAY_ON  # TDA 35D


def test_exposed_positions_are_checked() -> None:
    rules = RuleSet()
    for bad in ([], [0], [1, 1], "12", [True]):
        with pytest.raises(RulingError) as info:
            rule_exposed_on_deal(rules, positions=bad)  # type: ignore[arg-type]
        assert info.value.code == "bad_positions"
    with pytest.raises(RulingError):
        rule_deal_irregularity(RuleSet(), "bent_card", substantial_action=False)  # type: ignore[arg-type]
