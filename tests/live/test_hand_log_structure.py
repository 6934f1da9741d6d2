"""A live table's hand record keeps the hand's betting structure (issue 30): a pot-limit or
fixed-limit hand restored from the store is dealt as it was, and a record written before the
structure was recorded is a No-Limit Hold'em hand."""

from __future__ import annotations

from engine.helpers import table
from pitboss.live.hand_log import decode_setup, encode_setup
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure


def test_a_fixed_limit_setup_round_trips_through_the_hand_record() -> None:
    setup = table([1000, 2000, 3000])._replace(
        structure=BettingStructure.FIXED_LIMIT, big_bet=300, raise_cap=None
    )
    assert decode_setup(encode_setup(setup), setup.rules) == setup


def test_a_record_without_the_structure_is_no_limit() -> None:
    setup = table([1000, 2000, 3000])
    data = encode_setup(setup)
    # written only when not the default: a no-limit hand's record is what it always was
    assert not {"game", "structure", "big_bet", "raise_cap"} & data.keys()
    decoded = decode_setup(data, RuleSet())
    assert decoded.structure is BettingStructure.NO_LIMIT
    assert decoded == setup
