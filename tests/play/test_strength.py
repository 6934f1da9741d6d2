"""Hand-strength helpers the bots decide by: Chen scores, postflop tiers, the push-fold chart."""

from __future__ import annotations

import pytest

from pitboss.cards import parse_cards
from pitboss.play.strength import Tier, call_threshold, postflop_tier, preflop_score, push_threshold


@pytest.mark.parametrize(
    ("hole", "score"),
    [
        ("AhAs", 20),  # pair of aces: 10 doubled
        ("KdKc", 16),
        ("JhJs", 12),
        ("AsKs", 12),  # 10 + 2 suited
        ("AsKd", 10),
        ("AhQh", 11),  # 10 + 2 suited - 1 one-gap
        ("Th9h", 8),  # 5 + 2 suited + 1 connected below a queen, rounded up from 8
        ("2c2d", 5),  # pairs score at least 5
        ("7c2d", 0),  # 3.5 - 5 four-gap: negative counts as 0
    ],
)
def test_preflop_score_is_bill_chens_formula(hole: str, score: int) -> None:
    first, second = parse_cards(hole)
    assert preflop_score(first, second) == score
    assert preflop_score(second, first) == score


@pytest.mark.parametrize(
    ("hole", "board", "tier"),
    [
        ("7c7d", "7hKd2s", Tier.MONSTER),  # a set
        ("Kc5c", "Kh5d2s", Tier.MONSTER),  # two pair with both hole cards
        ("Kc9d", "9h9s2c", Tier.MONSTER),  # trips with one hole card on a paired board
        ("8c9d", "Th7sJc", Tier.MONSTER),  # a straight
        ("Kc9d", "Kh5d2s", Tier.GOOD),  # top pair
        ("QcQd", "Jh5d2s", Tier.GOOD),  # an overpair
        ("5c5h", "Kh9d2s", Tier.WEAK),  # a pair below top pair
        ("Kc5h", "KhKd5s", Tier.MONSTER),  # a full house
        ("Qh3h", "Th4h2c", Tier.WEAK),  # a flush draw
        ("9c8d", "7h6s2c", Tier.WEAK),  # an open-ended straight draw
        ("Jc9d", "Kh5d2s", Tier.NOTHING),
        ("2c3d", "AhKhQhJhTh", Tier.NOTHING),  # playing the board (a royal flush)
        ("Ac3d", "KhKs8c8d2h", Tier.NOTHING),  # two pair on the board, ace kicker only
    ],
)
def test_postflop_tier_names_what_the_hole_cards_make(hole: str, board: str, tier: Tier) -> None:
    assert postflop_tier(parse_cards(hole), parse_cards(board)) is tier


def test_push_fold_chart_shoves_wider_when_shorter_and_later() -> None:
    assert push_threshold(2, behind=5) < push_threshold(8, behind=5) < push_threshold(14, behind=5)
    assert push_threshold(8, behind=0) < push_threshold(8, behind=6)
    assert push_threshold(100, behind=0) == 12  # deep: premium hands only
    assert call_threshold(3, pot_odds_good=True) < call_threshold(20, pot_odds_good=False)
