"""Omaha hand values for bots: Hutchison's point counts before the flop (Omaha high and
high-low), the share of hands they put a hand in, and the made hand, draws and low after it."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from pitboss.cards import parse_cards
from pitboss.omaha import describe_low
from pitboss.play import omaha_hands as oh
from pitboss.play.strength import Tier


def high(text: str) -> int:
    return oh.hutchison_high(parse_cards(text))


def hi_lo(text: str) -> int:
    return oh.hutchison_hi_lo(parse_cards(text))


def share(text: str, *, lo: bool = False) -> float:
    return oh.top_share(parse_cards(text), hi_lo=lo)


# -- before the flop --------------------------------------------------------------------------


def test_aces_and_kings_double_suited_count_twice_the_books_27() -> None:
    """*Winning Secrets of Online Poker* scores A-A-K-K double-suited 27 (4 + 4 for the two
    ace-high suits, 9 + 8 for the pairs, 2 for the ace-king straight cards less the ace's 2)
    and sees it win 26.7 % against nine hands; the web page's scale is twice that."""
    assert high("AsAcKsKc") == 54


@pytest.mark.parametrize(
    ("hole", "points", "why"),
    [
        ("KhKdQcJs", 34, "kings 16, three straight cards 18, no suit"),
        ("9h8d7s6c", 25, "four straight cards, no gap"),
        ("JhTh9c8c", 32, "two suits (jack 4, nine 3), four straight cards 25"),
        ("AhAdAcKs", 4, "three aces: no pair points; ace-king straight 8 less the ace's 4"),
        ("2c3c4c5c", 24, "four of a suit (1 less 2), four straight cards 25"),
        ("Ah7d4c2s", 12, "A-2-4 in a wheel: three cards 18, less 2 for the gap, 4 for the ace"),
    ],
)
def test_the_omaha_high_count_step_by_step(hole: str, points: int, why: str) -> None:
    assert high(hole) == points, why


@pytest.mark.parametrize(
    ("hole", "points", "why"),
    [
        ("AhAd2h3d", 45, "A-2 20, kicker 3 9 (not the second ace), aces 8, two ace suits 4+4"),
        ("Ah2c3d4s", 35, "A-2 20, kickers 3 9 and 4 6"),
        ("Kh8d7c9s", 2, "no two low cards under six: only the king kicker's 2"),
        ("AsKsQdJd", 20, "high-only: four cards ten or better, two suits: at least 20"),
    ],
)
def test_the_high_low_count_step_by_step(hole: str, points: int, why: str) -> None:
    assert hi_lo(hole) == points, why


@pytest.mark.parametrize(
    ("hole", "plays"),
    [
        ("KsKdQcQh", True),  # two pairs
        ("AsKsQdJd", True),  # two suits
        ("AsKsQdJc", False),  # one suit and no pair
        ("AsAdQsJc", True),  # a pair and a suit
        ("AsKdQcJh", False),  # no pair, no suit
        ("KsKdQc9h", False),  # a nine
        ("KsKdKcQh", False),  # three of a rank
    ],
)
def test_high_only_hands_need_four_big_cards_and_pairs_or_suits(hole: str, plays: bool) -> None:
    assert oh.is_high_only(parse_cards(hole)) is plays


def test_the_share_tables_count_every_four_card_hand_once() -> None:
    assert sum(oh._HIGH_COUNTS) == sum(oh._HI_LO_COUNTS) == oh.ALL_HANDS == 270_725
    assert oh._HIGH_SHARES[0] < 1.0
    assert oh._HIGH_SHARES[-1] == pytest.approx(3 / oh.ALL_HANDS)  # half of the six AAKKds


def test_a_random_sample_of_hands_agrees_with_the_exact_tables() -> None:
    """Two thousand random hands: the share below each count is the tables' within 3 points."""
    rng = random.Random(30)
    deck = list(range(52))
    sample = [oh.hutchison_high(rng.sample(deck, 4)) for _ in range(2000)]
    for points in (10, 15, 20, 25, 30):
        exact = sum(oh._HIGH_COUNTS[: points - oh._HIGH_LOWEST]) / oh.ALL_HANDS
        assert sum(1 for p in sample if p < points) / len(sample) == pytest.approx(exact, abs=0.03)


@pytest.mark.slow
def test_the_share_tables_are_the_exact_counts_of_every_hand() -> None:
    highs: Counter[int] = Counter()
    lows: Counter[int] = Counter()
    for hole in combinations(range(52), 4):
        highs[oh.hutchison_high(hole)] += 1
        lows[oh.hutchison_hi_lo(hole)] += 1
    assert tuple(highs[p] for p in range(oh._HIGH_LOWEST, max(highs) + 1)) == oh._HIGH_COUNTS
    assert tuple(lows[p] for p in range(oh._HI_LO_LOWEST, max(lows) + 1)) == oh._HI_LO_COUNTS


def test_shares_rank_hands_as_an_omaha_player_would() -> None:
    order = ["AsAcKsKc", "JhTh9c8c", "AsAdJs4c", "9h8d7s6c", "Ah7d4c2s", "Kh7d2c9s"]
    shares = [share(h) for h in order]
    assert shares == sorted(shares)
    assert shares[0] < 0.001
    assert shares[-1] > 0.9


def test_high_low_shares_prize_ace_deuce_and_fold_middle_cards() -> None:
    assert share("AhAd2h3d", lo=True) < 0.001  # the best high-low hand there is
    assert share("Ah2c3d4s", lo=True) < 0.01
    assert share("Ah2c3d4s", lo=True) < share("AsKsQdJd", lo=True) < share("9h8d7s6c", lo=True)
    assert share("9h8d7s6c", lo=True) > 0.9  # "middle cards": neither low nor high


# -- after the flop ---------------------------------------------------------------------------


def tier(hole: str, board: str) -> Tier:
    return oh.made_tier(parse_cards(hole), parse_cards(board))


@pytest.mark.parametrize(
    ("hole", "board", "expected"),
    [
        ("AhQh7c2d", "Kh9h4h", Tier.MONSTER),  # the nut flush
        ("QhJh7c2d", "Kh9h4h", Tier.GOOD),  # a flush, not the best
        ("QhJh7c2d", "Kh9h9d4h", Tier.WEAK),  # a flush on a paired board
        ("KsKdQcJs", "Kc7s2d", Tier.MONSTER),  # top set, quiet board
        ("7c7d5h2s", "7hAcKd", Tier.GOOD),  # bottom set
        ("AsKc8d2h", "AhKd5c", Tier.GOOD),  # top two pair, quiet board
        ("AsKc8d2h", "AhKh5h", Tier.WEAK),  # top two pair, a flush out
        ("AsQc8d2h", "AhTd5c", Tier.WEAK),  # top pair is weak in Omaha
        ("JsTc8d2h", "9h8c7d", Tier.MONSTER),  # J-T: the best straight
        ("6s5c8d2h", "9h8c7d", Tier.GOOD),  # the low end of the straight
        ("JsTc8d2h", "9h8h7h", Tier.WEAK),  # a straight beside a made flush
        ("AsAc8d2h", "KhKdKc", Tier.MONSTER),  # a full house
    ],
)
def test_made_hands_are_read_as_omaha_hands(hole: str, board: str, expected: Tier) -> None:
    assert tier(hole, board) is expected


def test_four_hearts_in_the_hand_are_no_flush() -> None:
    """Exactly two hole cards play (Robert's Rules): four hearts with two on the board is no
    flush, and the hand is nothing."""
    assert tier("AhKhQhJh", "2h7h9c") is Tier.NOTHING


def draw(hole: str, board: str) -> float:
    return oh.draw_chance(parse_cards(hole), parse_cards(board))


def test_a_wrap_with_the_nut_flush_draw_is_a_big_favourite_to_improve() -> None:
    """A-K-Q-J with the nut flush draw on T-9-2 with two spades: straight outs (a queen, jack,
    king or eight with the T-9) and nine flush outs: over half the time a winning hand comes
    by the river."""
    assert draw("AsKsQdJd", "Ts9s2c") > 0.5
    assert 0.3 < draw("JsTd8c7h", "9h6c2d") < 0.6  # a wrap: 13 outs, no flush draw


def test_no_outs_no_draw_and_no_draw_on_the_river() -> None:
    assert draw("JhTh9c8c", "Qh7d2s") == 0.0  # two board cards five apart: nothing to hit
    assert draw("AsKsQdJd", "Ts9s2c3d4h") == 0.0


def test_the_nut_low_is_the_best_low_two_cards_make_with_the_board() -> None:
    assert describe_low(oh.nut_low(parse_cards("2c3d4hKsQd")) or 0) == "Wheel: 5-4-3-2-A"
    assert describe_low(oh.nut_low(parse_cards("2c5d7h")) or 0) == "Seven-five low: 7-5-3-2-A"
    assert oh.nut_low(parse_cards("2c9dTh")) is None


def test_the_nut_low_wins_most_of_half_the_pot_and_no_low_none() -> None:
    board = parse_cards("2c3d4hKsQd")
    assert oh.low_share(parse_cards("Ah5c9d9s"), board) == (1.0, 0.85)  # the wheel
    assert oh.low_share(parse_cards("Ah6c9d9s"), board) == (1.0, 0.55)  # 6-4-3-2-A: second
    assert oh.low_share(parse_cards("6h7c9d9s"), board) == (1.0, 0.15)  # 7-6-4-3-2: sixth
    assert oh.low_share(parse_cards("AhAc9d9s"), parse_cards("KcQdJh2s3s")) == (0.0, 0.0)


def test_high_low_scoops_are_monsters_and_a_high_hand_alone_is_half_a_pot() -> None:
    scoop = oh.postflop(parse_cards("Ah5h9d9s"), parse_cards("2h3h4cKhQd"), hi_lo=True)
    assert scoop.tier is Tier.MONSTER  # the wheel and the nut flush
    only_high = oh.postflop(parse_cards("KsKcQdJd"), parse_cards("2h3d4cKh7s"), hi_lo=True)
    high_only = oh.postflop(parse_cards("KsKcQdJd"), parse_cards("2h3d4cKh7s"), hi_lo=False)
    assert only_high.equity < high_only.equity * 0.75  # a low takes half of it
