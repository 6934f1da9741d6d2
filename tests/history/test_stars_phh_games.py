"""``pitboss convert`` of limit, pot-limit and Omaha hands (issue 30): a PokerStars hand of a
game PHH names is written as its PHH variant (FT, PO, FO/8) and replays to the same amounts; a
game PHH has no variant for is refused by name, never written as another game."""

from __future__ import annotations

import random

import pytest

from pitboss.errors import HistoryError
from pitboss.history.phh import RAISE_CAP_FIELD, PhhActionKind
from pitboss.history.phh_reader import parse_phh
from pitboss.history.phh_replay import replay_hand
from pitboss.history.phh_writer import format_phh
from pitboss.history.pokerstars import StarsHeader, format_pokerstars
from pitboss.history.stars_model import StarsHand
from pitboss.history.stars_phh import phh_from_stars
from pitboss.history.stars_reader import parse_stars
from pitboss.rules.games import BettingStructure, Game

from .engine_hands import play_randomly, random_setup

FIXED = BettingStructure.FIXED_LIMIT
POT = BettingStructure.POT_LIMIT


def _written(seed: int, game: Game, structure: BettingStructure) -> StarsHand:
    """A random engine hand of this game, as pitboss writes it in PokerStars text, read back."""
    rng = random.Random(seed)
    setup = random_setup(rng, unit=1)._replace(game=game, structure=structure)
    hand = play_randomly(setup, rng, unit=1)
    header = StarsHeader(hand_id=seed, tournament_id=30, level=2, table=1, played_at=0)
    (read,) = parse_stars(format_pokerstars(setup, hand.events, header=header))
    return read


@pytest.mark.parametrize(
    ("game", "structure", "variant"),
    [(Game.HOLDEM, FIXED, "FT"), (Game.OMAHA, POT, "PO"), (Game.OMAHA_HI_LO, FIXED, "FO/8")],
    ids=["FT", "PO", "FO/8"],
)
def test_a_hand_of_a_game_phh_names_converts_to_its_variant_and_replays_the_same(
    game: Game, structure: BettingStructure, variant: str
) -> None:
    caps = set()
    for seed in range(25):
        hand = _written(seed, game, structure)
        phh = phh_from_stars(hand)
        assert phh.variant == variant
        text = format_phh(phh)
        back = parse_phh(text)
        assert back == phh
        result = replay_hand(back)
        assert not result.is_mismatch, (seed, result.describe(), text)
        assert result.is_checked, (seed, text)
        if structure is FIXED:
            assert (phh.small_bet, phh.big_bet, phh.min_bet) == (
                hand.small_blind,
                hand.big_blind,
                None,
            )
            # the cap the PokerStars text replayed under: PokerStars' three, or the house's
            # four (the default, not written) when pitboss's own hand raised a fourth time
            caps.add(phh.metadata.get(RAISE_CAP_FIELD))
        else:
            assert (phh.min_bet, phh.small_bet) == (hand.big_blind, None)
        dealt = [a.cards for a in phh.actions if a.kind is PhhActionKind.DEAL_HOLE]
        assert {len(cards) for cards in dealt} == {2 if game is Game.HOLDEM else 4}
    assert caps == ({3, None} if structure is FIXED else set())


@pytest.mark.parametrize(
    ("game", "structure", "words"),
    [
        (Game.HOLDEM, POT, "Hold'em Pot Limit: PHH has no variant for pot-limit Texas hold'em"),
        (Game.OMAHA, FIXED, "Omaha Limit: PHH has no variant for fixed-limit Omaha hold'em"),
        (
            Game.OMAHA_HI_LO,
            POT,
            "Omaha Hi/Lo Pot Limit: PHH has no variant for pot-limit Omaha hold'em high/low",
        ),
    ],
)
def test_a_game_phh_has_no_variant_for_is_refused_by_name(
    game: Game, structure: BettingStructure, words: str
) -> None:
    hand = _written(1, game, structure)
    with pytest.raises(HistoryError) as refused:
        phh_from_stars(hand)
    assert refused.value.code == "not_converted"
    assert words in refused.value.message
