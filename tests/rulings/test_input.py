"""A DealerInput is checked field by field; a refusal says what is allowed and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from pitboss.errors import PitbossError, RulingError
from pitboss.rulings import DealerInput, Declaration, rule_action

from .helpers import hand_for


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"seat": 0}, "bad_seat"),
        ({"seat": True}, "bad_seat"),
        ({"seat": "4"}, "bad_seat"),
        ({"chips": -1}, "bad_chips"),
        ({"chips": 2.5}, "bad_chips"),
        ({"chips": True}, "bad_chips"),
        ({"single_chip": 1}, "bad_flag"),
        ({"string_bet": "yes"}, "bad_flag"),
        ({"declaration": "shove"}, "unknown_declaration"),
        ({"declaration": None}, "unknown_declaration"),
        ({"declaration": "raise", "amount": 0}, "bad_amount"),
        ({"declaration": "raise", "amount": 500.0}, "bad_amount"),
        ({"declaration": "call", "amount": 500}, "unexpected_amount"),
        ({"single_chip": True}, "no_chip"),
        ({"chips": 500, "single_chip": True, "string_bet": True}, "one_chip_one_motion"),
        ({"chips": 20000}, "more_than_stack"),
        ({"chips": 0}, "nothing_recorded"),
        ({"seat": 7, "chips": 100}, "unknown_seat"),
        ({"declaration": "raise", "amount": 300}, "declared_total_too_small"),
    ],
)
def test_bad_dealer_input_is_refused_with_a_code_and_nothing_changes(
    fields: dict[str, Any], code: str
) -> None:
    hand = hand_for("tda", [10000] * 4, "3:r300")
    before = (hand.events, hand.stacks, hand.bets)
    given = DealerInput(**{"seat": 4, **fields})
    with pytest.raises(RulingError) as info:
        rule_action(hand, given)
    err = info.value
    assert isinstance(err, PitbossError)
    assert err.code == code
    assert err.params
    assert err.message
    assert (hand.events, hand.stacks, hand.bets) == before


def test_chips_off_the_chip_unit_are_refused_except_a_whole_stack() -> None:
    hand = hand_for("tda", [10000, 10000, 10000, 1010], "3:r300", chip_unit=25)
    with pytest.raises(RulingError) as info:
        rule_action(hand, DealerInput(seat=4, chips=310))
    assert info.value.code == "not_in_chips"
    assert rule_action(hand, DealerInput(seat=4, chips=1010)).action is not None


def test_a_declaration_as_its_text_is_that_declaration() -> None:
    given = DealerInput(seat=4, declaration="all_in").validate()  # type: ignore[arg-type]
    assert given.declaration is Declaration.ALL_IN


def test_no_ruling_outside_a_betting_round() -> None:
    hand = hand_for("tda", [10000] * 2, "1:f")
    with pytest.raises(RulingError) as info:
        rule_action(hand, DealerInput(seat=2, chips=100))
    assert info.value.code == "not_betting"


def test_a_folded_seat_cannot_act() -> None:
    hand = hand_for("tda", [10000] * 4, "3:f")
    with pytest.raises(RulingError) as info:
        rule_action(hand, DealerInput(seat=3, chips=100))
    assert info.value.code == "hand_not_live"
