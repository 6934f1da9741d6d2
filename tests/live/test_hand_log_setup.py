"""A dealt hand's setup as its record in the log: the game and betting structure are written
only when they are not No-Limit Hold'em (issue 30), so every hand logged before them reads the
same, and a pot-limit Omaha hand's record reads back as pot-limit Omaha."""

from __future__ import annotations

from pitboss.engine import HandSetup, SeatSpec
from pitboss.live.hand_log import decode_setup, encode_setup
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game


def _setup(**changes: object) -> HandSetup:
    setup = HandSetup(
        seats=(
            SeatSpec(seat=1, player="p001", stack=5_000),
            SeatSpec(seat=4, player="p002", stack=7_500),
        ),
        button=1,
        small_blind_seat=1,
        big_blind_seat=4,
        small_blind=50,
        big_blind=100,
    )
    return setup._replace(**changes)


def test_a_no_limit_holdem_hands_record_is_what_it_was_before_games_existed() -> None:
    record = encode_setup(_setup())
    assert "game" not in record
    assert "structure" not in record
    assert decode_setup(record, RuleSet()) == _setup()


def test_a_pot_limit_omaha_hands_record_reads_back_as_pot_limit_omaha() -> None:
    setup = _setup(game=Game.OMAHA, structure=BettingStructure.POT_LIMIT)
    record = encode_setup(setup)
    assert (record["game"], record["structure"]) == ("omaha", "pot_limit")
    decoded = decode_setup(record, RuleSet())
    assert decoded == setup
    assert decoded.game is Game.OMAHA
    assert decoded.structure is BettingStructure.POT_LIMIT
