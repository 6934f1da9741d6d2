"""Omaha hand strength: exactly two hole cards and three board cards (Robert's Rules, Omaha), the
eight-or-better low of Omaha high-low, checked against a plain enumeration of the sixty hands
and against PokerKit's ``OmahaHoldemHand`` and ``OmahaEightOrBetterLowHand``."""

from __future__ import annotations

import random
from itertools import combinations, pairwise

import numpy as np
import pytest

from pitboss import omaha
from pitboss.cards import Card, parse_cards
from pitboss.errors import CardError
from pitboss.evaluator import HandCategory, category, describe, evaluate

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def high(hole: str, board: str) -> int:
    return omaha.evaluate(parse_cards(hole), parse_cards(board))


def low(hole: str, board: str) -> int | None:
    return omaha.evaluate_low(parse_cards(hole), parse_cards(board))


def plain_high(hole: list[int], board: list[int]) -> int:
    """The plain enumeration: every two hole cards with every three board cards, best five."""
    return max(evaluate((*p, *t)) for p in combinations(hole, 2) for t in combinations(board, 3))


def plain_low(hole: list[int], board: list[int]) -> list[int] | None:
    """The best low as its ranks high to low (ace 1), by enumeration; None without one."""
    best: list[int] | None = None
    for pair in combinations(hole, 2):
        for triple in combinations(board, 3):
            ranks = sorted(1 if c >> 2 == 12 else (c >> 2) + 2 for c in (*pair, *triple))
            if len(set(ranks)) == 5 and ranks[-1] <= 8:
                key = ranks[::-1]
                best = key if best is None or key < best else best
    return best


def random_hands(seed: int, count: int, sizes: tuple[int, ...] = (3, 4, 5)) -> list[tuple]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cards = rng.sample(range(52), 4 + rng.choice(sizes))
        out.append((cards[:4], cards[4:]))
    return out


# -- exactly two hole cards and three board cards ------------------------------------------


def test_two_hearts_in_the_hand_and_three_on_the_board_make_a_flush() -> None:
    strength = high("AhKh2c3d", "5h8hJhQsTc")
    assert describe(strength) == "Flush, ace high"
    assert omaha.best_five(parse_cards("AhKh2c3d"), parse_cards("5h8hJhQsTc")) == tuple(
        parse_cards("AhKhJh8h5h")
    )


def test_four_hearts_in_the_hand_and_two_on_the_board_is_no_flush() -> None:
    strength = high("AhKhQhJh", "2h3h9cTs8d")  # Hold'em would read an ace-high flush
    assert category(strength) is HandCategory.STRAIGHT  # Q-J with T-9-8
    assert describe(strength) == "Straight, queen high"


def test_one_heart_in_the_hand_with_four_on_the_board_is_no_flush() -> None:
    strength = high("Ah2c3d4s", "KhQhJhTh5c")  # Hold'em: a royal flush
    assert describe(strength) == "High card, ace"


def test_a_straight_that_needs_four_board_cards_does_not_play() -> None:
    strength = high("AsAdKc4h", "5c6d7h8sKd")  # Hold'em: 4 with 5-6-7-8, a straight
    assert describe(strength) == "One pair, aces"


def test_the_board_full_house_does_not_play() -> None:
    strength = high("AsKdQcJh", "9s9h9d2c2d")  # Hold'em: nines full of deuces on the board
    assert describe(strength) == "Three of a kind, nines"
    assert high("AsAdQcJh", "9s9h9d2c3d") > high("KsKdQcJh", "9s9h9d2c3d")  # nines full of


def test_a_pair_in_the_hand_with_trips_on_the_board_is_a_full_house() -> None:
    assert describe(high("AsAdKc2h", "9s9h9d2c3d")) == "Full house, nines full of aces"


def test_hands_that_play_the_same_five_ranks_tie() -> None:
    board = "QsJdTh2c3d"
    assert high("AsKd4c5c", board) == high("AcKh6d7d", board)  # both the broadway straight
    assert high("AsKd4c5c", board) > high("KsKc9d8d", board)


def test_the_board_may_be_the_flop_or_the_turn() -> None:
    assert describe(high("AhKh2c3d", "QhJhTh")) == "Royal flush"
    assert describe(high("AhKh2c3d", "QhJh7h2s")) == "Flush, ace high"
    assert describe(high("AhKh2c3d", "QhJsTc2s")) == "Straight, ace high"


def test_the_sixty_hands_by_enumeration_agree_on_random_hands() -> None:
    for hole, board in random_hands(30, 5_000):
        assert omaha.evaluate(hole, board) == plain_high(hole, board), (hole, board)


def test_cards_objects_and_numpy_integers_are_card_codes() -> None:
    hole, board = parse_cards("AhKh2c3d"), parse_cards("5h8hJhQsTc")
    assert omaha.evaluate(tuple(int(c) for c in hole), board) == omaha.evaluate(
        np.array(hole, dtype=np.int64), np.array(board, dtype=np.uint8)
    )


# -- the eight-or-better low -----------------------------------------------------------------


def test_the_wheel_is_the_best_low_and_also_plays_high() -> None:
    hole, board = "Ah2hKsKd", "3h4h5hQc9d"
    assert low(hole, board) == omaha.MAX_LOW
    assert omaha.describe_low(omaha.MAX_LOW) == "Wheel: 5-4-3-2-A"
    assert describe(high(hole, board)) == "Straight flush, five high"  # straights count high only


def test_a_low_takes_two_different_low_cards_from_the_hand() -> None:
    assert low("AsKdQcJh", "2c3d4h5s6c") is None  # one low card in the hand
    assert low("AsAdKcQh", "2c3d4h9s6c") is None  # two aces are one low rank
    assert low("As2dKcQh", "3c4d9h9sTc") is None  # two low cards on the board


def test_a_low_takes_three_different_low_ranks_from_the_board() -> None:
    assert low("As2dKcQh", "3c3d5h5sKd") is None  # the board's low ranks are 3 and 5
    assert low("As2d3c4h", "5c6d9hTsJc") is None
    assert low("As2d3c4h", "5c6d7hTsJc") == low("As2dKcKh", "5c6d7hTsJc")  # 7-6-5-2-A


def test_a_card_above_eight_does_not_qualify() -> None:
    assert low("As2dKcQh", "3c4d9hTsJc") is None
    strength = low("As2dKcQh", "3c4d8hTsJc")
    assert strength is not None
    assert omaha.describe_low(strength) == "Eight-four low: 8-4-3-2-A"


def test_lows_are_compared_from_the_highest_card_down() -> None:
    board = "3c4d8hTsJc"
    eight_four = low("As2dKcQh", board)
    eight_five = low("As5dKcQh", board)  # 8-5-4-3-A
    assert eight_four is not None
    assert eight_five is not None
    assert eight_four > eight_five
    assert low("7c8dKhKs", "4c5d6hQsJc") == omaha.MIN_LOW
    assert omaha.describe_low(omaha.MIN_LOW) == "Eight-seven low: 8-7-6-5-4"


def test_a_low_card_paired_with_the_board_is_counterfeited_but_another_pair_plays() -> None:
    # A-2 in the hand, an ace on the board: A-2 with 3-5-8 still plays (the board's ace is not
    # needed); with 2-3 in the hand too, 3-2 with the board's A-5-7 is better.
    assert omaha.describe_low(low("As2dKcQh", "Ad3c5h8sKd")) == "Eight-five low: 8-5-3-2-A"
    assert omaha.describe_low(low("As2d3c4h", "Ad5c7h8sKd")) == "Seven-five low: 7-5-3-2-A"


def test_equal_lows_tie() -> None:
    board = "3c4d5h9sKd"
    assert low("As2dKcQh", board) == low("Ah2cJcJh", board) == omaha.MAX_LOW


def test_best_low_five_shows_two_hole_and_three_board_cards_ace_last() -> None:
    hole, board = parse_cards("As2d3cKh"), parse_cards("Ad5c7h8sKd")
    five = omaha.best_low_five(hole, board)
    assert five == tuple(parse_cards("7h5c3c2dAd"))  # 3-2 with the board's A-5-7
    assert len(set(five) & set(hole)) == 2
    assert len(set(five) & set(board)) == 3
    assert omaha.best_low_five(parse_cards("AsKdQcJh"), parse_cards("2c3d4h5s6c")) is None


def test_low_ranks_and_describe_low_refuse_what_is_not_a_low() -> None:
    for bad in (0, 57, True, 1.5, "1"):
        with pytest.raises(CardError) as caught:
            omaha.describe_low(bad)  # type: ignore[arg-type]
        assert caught.value.code == "bad_low"


def test_lows_by_enumeration_agree_on_random_hands() -> None:
    for hole, board in random_hands(31, 5_000):
        found = omaha.evaluate_low(hole, board)
        expected = plain_low(hole, board)
        if expected is None:
            assert found is None, (hole, board)
            continue
        assert found is not None, (hole, board)
        ranks = [1 if r == 12 else r + 2 for r in omaha.low_ranks(found)]
        assert ranks == expected, (hole, board)


# -- what is refused --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hole", "board", "code"),
    [
        ("AhKh2c", "5h8hJh", "bad_hole_cards"),
        ("AhKh2c3d4s", "5h8hJh", "bad_hole_cards"),
        ("AhKh2c3d", "5h8h", "bad_board"),
        ("AhKh2c3d", "5h8hJhQsTc9c", "bad_board"),
        ("AhKh2c3d", "5h8hAh", "duplicate_card"),
        ("AhKhAh3d", "5h8hJh", "duplicate_card"),
    ],
)
def test_a_hand_that_is_not_an_omaha_hand_is_refused(hole: str, board: str, code: str) -> None:
    with pytest.raises(CardError) as caught:
        omaha.evaluate(parse_cards(hole), parse_cards(board))
    assert caught.value.code == code
    with pytest.raises(CardError):
        omaha.evaluate_low(parse_cards(hole), parse_cards(board))


@pytest.mark.parametrize("bad", [52, -1, True, 1.0, "As", None])
def test_an_item_that_is_not_a_card_code_is_refused(bad: object) -> None:
    with pytest.raises(CardError) as caught:
        omaha.evaluate([bad, 10, 20, 30], [40, 41, 42])  # type: ignore[list-item]
    assert caught.value.code == "bad_card_code"
    assert "hole card 1" in caught.value.message


def test_text_is_refused_with_a_hint() -> None:
    with pytest.raises(CardError) as caught:
        omaha.evaluate("AhKh2c3d", parse_cards("5h8hJh"))
    assert caught.value.code == "bad_hole_cards"
    assert "parse_cards" in caught.value.message
    with pytest.raises(CardError) as caught:
        omaha.best_five(parse_cards("AhKh2c3d"), iter(()))
    assert caught.value.code == "bad_board"


# -- batch ------------------------------------------------------------------------------------


def test_batch_equals_scalar() -> None:
    for size in (3, 4, 5):
        hands = random_hands(32 + size, 3_000, (size,))
        holes = np.array([h for h, _ in hands], dtype=np.uint8)
        boards = np.array([b for _, b in hands], dtype=np.uint8)
        highs = omaha.evaluate_batch(holes, boards)
        lows = omaha.evaluate_low_batch(holes, boards)
        assert highs.tolist() == [omaha.evaluate(h, b) for h, b in hands]
        assert lows.tolist() == [omaha.evaluate_low(h, b) or 0 for h, b in hands]


def test_batch_refuses_a_row_that_repeats_a_card() -> None:
    holes = np.array([[0, 1, 2, 3], [4, 5, 6, 7]])
    with pytest.raises(CardError) as caught:
        omaha.evaluate_batch(holes, np.array([[8, 9, 10], [11, 12, 4]]))
    assert caught.value.code == "duplicate_card"
    assert caught.value.params["row"] == 1
    with pytest.raises(CardError) as caught:
        omaha.evaluate_batch(holes, np.array([[8, 9], [11, 12]]))
    assert caught.value.code == "bad_hand_batch"
    with pytest.raises(CardError) as caught:
        omaha.evaluate_low_batch(holes, np.array([[8, 9, 10]]))
    assert caught.value.code == "bad_hand_batch"


# -- PokerKit as the oracle -------------------------------------------------------------------


def test_ordering_agrees_with_pokerkit_on_random_hands() -> None:
    """Sorted by pitboss's strength, PokerKit's hands must rise exactly where pitboss's do (and
    tie where they tie); a low is None exactly where PokerKit finds none."""
    pokerkit = pytest.importorskip("pokerkit")
    hands = random_hands(2026, 3_000)
    text = [("".join(NAMES[c] for c in h), "".join(NAMES[c] for c in b)) for h, b in hands]
    highs = sorted(
        (omaha.evaluate(h, b), pokerkit.OmahaHoldemHand.from_game(th, tb))
        for (h, b), (th, tb) in zip(hands, text, strict=True)
    )
    for (ours_a, theirs_a), (ours_b, theirs_b) in pairwise(highs):
        assert (ours_a == ours_b) == (theirs_a == theirs_b)
        assert (ours_a < ours_b) == (theirs_a < theirs_b)
    lows = []
    for (h, b), (th, tb) in zip(hands, text, strict=True):
        ours = omaha.evaluate_low(h, b)
        theirs = pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(th, tb)
        assert (ours is None) == (theirs is None), (th, tb)
        if ours is not None:
            lows.append((ours, theirs))
    assert len(lows) > 300
    lows.sort(key=lambda pair: pair[0])
    for (ours_a, theirs_a), (ours_b, theirs_b) in pairwise(lows):
        assert (ours_a == ours_b) == (theirs_a == theirs_b)
        assert (ours_a < ours_b) == (theirs_a < theirs_b)


def test_best_five_are_the_cards_pokerkit_plays() -> None:
    pokerkit = pytest.importorskip("pokerkit")
    for hole, board in random_hands(7, 300, (5,)):
        five = omaha.best_five(hole, board)
        assert evaluate(five) == omaha.evaluate(hole, board)
        assert len(set(five) & set(hole)) == 2
        theirs = pokerkit.OmahaHoldemHand.from_game(
            "".join(NAMES[c] for c in hole), "".join(NAMES[c] for c in board)
        )
        assert sorted(str(Card(c))[0] for c in five) == sorted(c.rank.value for c in theirs.cards)
