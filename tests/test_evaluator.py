"""The hand evaluator: rankings by RP-3 / Robert's Rules "Ranking of hands", checked exhaustively.

Textbook counts: all 2,598,960 five-card hands and all 133,784,560 seven-card hands; ordering
agrees with independent peers (treys, phevaluator) on 100,000 random 7-card hands, ties included.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, pairwise
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import given
from hypothesis import strategies as st

from pitboss import _evaltables
from pitboss._combos import combinations_array
from pitboss.cards import Card, parse_cards
from pitboss.errors import CardError
from pitboss.evaluator import (
    MAX_STRENGTH,
    HandCategory,
    best_five,
    category,
    describe,
    display_ranks,
    evaluate,
    evaluate_batch,
    is_royal,
)

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3_744,
    HandCategory.FLUSH: 5_108,
    HandCategory.STRAIGHT: 10_200,
    HandCategory.THREE_OF_A_KIND: 54_912,
    HandCategory.TWO_PAIR: 123_552,
    HandCategory.ONE_PAIR: 1_098_240,
    HandCategory.HIGH_CARD: 1_302_540,
}
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41_584,
    HandCategory.FOUR_OF_A_KIND: 224_848,
    HandCategory.FULL_HOUSE: 3_473_184,
    HandCategory.FLUSH: 4_047_644,
    HandCategory.STRAIGHT: 6_180_020,
    HandCategory.THREE_OF_A_KIND: 6_461_620,
    HandCategory.TWO_PAIR: 31_433_400,
    HandCategory.ONE_PAIR: 58_627_800,
    HandCategory.HIGH_CARD: 23_294_460,
}
SEVEN_CARD_ROYALS = 4_324
# Distinct 5-card classes per category (the 7,462 equivalence classes).
CLASS_COUNTS = {
    HandCategory.HIGH_CARD: 1277,
    HandCategory.ONE_PAIR: 2860,
    HandCategory.TWO_PAIR: 858,
    HandCategory.THREE_OF_A_KIND: 858,
    HandCategory.STRAIGHT: 10,
    HandCategory.FLUSH: 1277,
    HandCategory.FULL_HOUSE: 156,
    HandCategory.FOUR_OF_A_KIND: 156,
    HandCategory.STRAIGHT_FLUSH: 10,
}


def s(text: str) -> int:
    return evaluate(parse_cards(text))


def category_counts(strengths: npt.NDArray[np.int16]) -> dict[HandCategory, int]:
    values, counts = np.unique(strengths, return_counts=True)
    out: Counter[HandCategory] = Counter()
    for value, count in zip(values.tolist(), counts.tolist(), strict=True):
        out[category(value)] += count
    return dict(out)


def random_hands(count: int, size: int, seed: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


# --- exhaustive counts -------------------------------------------------------------------------


def test_all_five_card_hands_make_7462_classes_with_textbook_category_counts() -> None:
    strengths = evaluate_batch(combinations_array(52, 5))
    assert len(strengths) == 2_598_960
    assert len(np.unique(strengths)) == 7462
    assert strengths.min() == 1
    assert strengths.max() == MAX_STRENGTH
    assert category_counts(strengths) == FIVE_CARD_COUNTS


def test_each_category_has_the_textbook_number_of_classes() -> None:
    counts = Counter(category(strength) for strength in range(1, MAX_STRENGTH + 1))
    assert counts == CLASS_COUNTS


@pytest.mark.slow
def test_all_seven_card_hands_have_textbook_category_counts() -> None:
    """133,784,560 hands, in chunks: two fixed first cards, the other five from the rest."""
    fives = combinations_array(52, 5)  # colex order: rows with max < m are a prefix
    totals: Counter[HandCategory] = Counter()
    royals = 0
    hands = 0
    for first in range(52):
        for second in range(first):
            # The 7-card hands whose two highest cards are ``first > second``.
            rest = fives[: comb(second, 5)]
            if not len(rest):
                continue
            chunk = np.empty((len(rest), 7), dtype=np.uint8)
            chunk[:, :5] = rest
            chunk[:, 5] = second
            chunk[:, 6] = first
            strengths = evaluate_batch(chunk)
            hands += len(strengths)
            royals += int(np.count_nonzero(strengths == MAX_STRENGTH))
            totals.update(category_counts(strengths))
    assert hands == comb(52, 7)
    assert dict(totals) == SEVEN_CARD_COUNTS
    assert royals == SEVEN_CARD_ROYALS


# --- agreement with peers and between interfaces -----------------------------------------------


def assert_same_order(ours: list[int], theirs: list[int], *, higher_is_better: bool) -> None:
    """Both rankings induce the same order on the hands, ties included."""
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    for (a1, b1), (a2, b2) in pairwise(pairs):
        assert a1 < a2, f"one of our strengths ({a1}) maps to two peer ranks ({b1}, {b2})"
        assert (b1 < b2) if higher_is_better else (b1 > b2), (a1, b1, a2, b2)


def test_order_agrees_with_treys_on_100000_random_seven_card_hands() -> None:
    treys = pytest.importorskip("treys")
    hands = random_hands(100_000, 7, seed=20_241_129).tolist()
    names = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    treys_cards = [treys.Card.new(name) for name in names]
    peer = treys.Evaluator()
    theirs = [
        peer.evaluate([treys_cards[c] for c in h[:2]], [treys_cards[c] for c in h[2:]])
        for h in hands
    ]
    ours = [evaluate(h) for h in hands]
    assert_same_order(ours, theirs, higher_is_better=False)


def test_order_agrees_with_phevaluator_on_100000_random_seven_card_hands() -> None:
    phevaluator = pytest.importorskip("phevaluator")
    hands = random_hands(100_000, 7, seed=7)
    theirs = [phevaluator.evaluate_7cards(*h) for h in hands.tolist()]  # same card codes
    ours = evaluate_batch(hands).tolist()
    assert_same_order(ours, theirs, higher_is_better=False)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_scalar_and_batch_agree(size: int) -> None:
    hands = random_hands(30_000, size, seed=size)
    assert evaluate_batch(hands).tolist() == [evaluate(h) for h in hands.tolist()]


def test_scalar_accepts_cards_lists_tuples_and_numpy_ints() -> None:
    cards = parse_cards("AhKhQhJhTh9c2d")
    assert evaluate(cards) == evaluate(tuple(cards)) == evaluate([int(c) for c in cards])
    assert evaluate(np.array(cards)) == MAX_STRENGTH


@pytest.mark.parametrize("size", [5, 6, 7])
def test_a_flush_of_numpy_uint8_codes_is_the_flush(size: int) -> None:
    """Regression: a flush given as NumPy ``uint8`` codes read as strength 0 (``1 << rank``
    overflowed the ``uint8``); the ``int64`` array and the plain list read it right."""
    cards = parse_cards("AhKhQhJhTh9c2d")[:size]
    assert evaluate(np.array(cards, dtype=np.uint8)) == evaluate(cards) == MAX_STRENGTH
    assert evaluate(list(np.array(cards, dtype=np.uint8))) == MAX_STRENGTH


def test_batch_accepts_any_integer_dtype_and_empty_batches() -> None:
    hands = random_hands(1000, 7, seed=3)
    expected = evaluate_batch(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16):
        assert (evaluate_batch(hands.astype(dtype)) == expected).all()
    assert evaluate_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)


def test_rp3_best_five_of_six_or_seven_is_the_best_five_card_subset() -> None:
    rng = random.Random(11)
    for _ in range(2000):
        cards = rng.sample(range(52), rng.choice((6, 7)))
        best = max(evaluate(five) for five in combinations(cards, 5))
        assert evaluate(cards) == best
        assert evaluate(best_five(cards)) == best


# --- the wheel and other edges of the ranking ----------------------------------------------------


def test_wheel_is_the_lowest_straight_and_the_ace_plays_low() -> None:
    wheel = s("Ad2c3h4s5d")
    assert category(wheel) is HandCategory.STRAIGHT
    assert describe(wheel) == "Straight, five high"
    assert wheel < s("2c3h4s5d6c")
    assert wheel > s("AdAcAh7s8d")  # any straight beats three of a kind


def test_steel_wheel_is_the_lowest_straight_flush() -> None:
    steel = s("As2s3s4s5s")
    assert category(steel) is HandCategory.STRAIGHT_FLUSH
    assert describe(steel) == "Straight flush, five high"
    assert steel < s("2s3s4s5s6s")
    assert steel > s("AdAcAhAsKd")  # beats the best four of a kind
    assert display_ranks(steel)[-1].char == "A"


def test_straights_do_not_wrap_around_the_ace() -> None:
    assert category(s("QcKdAh2s3c")) is HandCategory.HIGH_CARD


def test_seven_cards_with_wheel_and_six_high_straight_play_the_six_high() -> None:
    assert describe(s("Ad2c3h4s5d6c9h")) == "Straight, six high"


def test_suits_never_break_ties() -> None:
    assert s("AsKsQd7c4h") == s("AhKhQc7d4s")
    assert s("AsKsQsJsTs") == s("AhKhQhJhTh")


@given(
    cards=st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True),
    suits=st.permutations(range(4)),
)
def test_renaming_suits_never_changes_a_hands_strength(cards: list[int], suits: list[int]) -> None:
    """RP-3: suits have no rank; any relabelling of the four suits leaves every hand as it was."""
    renamed = [(c & ~3) | suits[c & 3] for c in cards]
    assert evaluate(renamed) == evaluate(cards)
    assert describe(evaluate(renamed)) == describe(evaluate(cards))


def test_royal_flush_is_named_and_the_best_hand() -> None:
    royal = s("AhKhQhJhTh")
    assert royal == MAX_STRENGTH
    assert is_royal(royal)
    assert not is_royal(s("KhQhJhTh9h"))
    assert describe(royal) == "Royal flush"
    assert category(royal) is HandCategory.STRAIGHT_FLUSH


def test_flush_beats_straight_and_full_house_beats_flush() -> None:
    assert s("2h4h6h8hTh") > s("9cTdJhQsKc")
    assert s("2c2d2h3s3c") > s("AhKhQhJh9h")


@pytest.mark.parametrize(
    ("cards", "text"),
    [
        ("KsKdKh7c7d", "Full house, kings full of sevens"),
        ("AhAsJcJd9c", "Two pair, aces and jacks"),
        ("9c9d4h3s2c", "One pair, nines"),
        ("6c6d6h3s2c", "Three of a kind, sixes"),
        ("QcQdQhQs2c", "Four of a kind, queens"),
        ("Ah9h7h4h2h", "Flush, ace high"),
        ("9c8d7h6s5c", "Straight, nine high"),
        ("Kc9d7h4s2c", "High card, king"),
        ("9h8h7h6h5h", "Straight flush, nine high"),
        ("Ac2d3h4s5c", "Straight, five high"),
    ],
)
def test_descriptions_are_what_a_dealer_says(cards: str, text: str) -> None:
    assert describe(s(cards)) == text


def test_category_labels_read_like_english() -> None:
    assert HandCategory.FULL_HOUSE.label == "Full house"
    assert HandCategory.HIGH_CARD < HandCategory.ONE_PAIR < HandCategory.STRAIGHT_FLUSH


# --- best five in display order ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "shown"),
    [
        ("7c Kd 7d Kh 2s Ks 9c", "Ks Kh Kd 7d 7c"),  # full house: trips, then the pair
        ("Kc Kd Kh 7c 7d 7h 2s", "Kh Kd Kc 7h 7d"),  # two trips: the higher is the trips
        ("Ah 2c 3d 4s 5h Kc Qd", "5h 4s 3d 2c Ah"),  # the wheel, ace last
        ("2c 9d Jh 9s Js 4d 3c", "Js Jh 9s 9d 4d"),  # two pair, then the kicker
        ("Jc Jd 5h 5s 3c 3d Ah", "Jd Jc 5s 5h Ah"),  # three pairs: best two pairs, ace kicker
        ("8c 8d 8h 8s Ac Kc Qc", "8s 8h 8d 8c Ac"),  # quads and the best kicker
        ("Ts 9s 8s 7s 6s 5s Tc", "Ts 9s 8s 7s 6s"),  # straight flush: the top five of the suit
        ("2h 7h 9h Jh Ah Kh 5h", "Ah Kh Jh 9h 7h"),  # seven of a suit: the five highest
        ("4c 4d Ac Kh 9s 8d 2c", "4d 4c Ac Kh 9s"),  # pair, kickers high to low
    ],
)
def test_best_five_is_shown_in_display_order(cards: str, shown: str) -> None:
    assert best_five(parse_cards(cards)) == tuple(parse_cards(shown))


def test_best_five_returns_card_objects() -> None:
    assert all(isinstance(c, Card) for c in best_five([0, 4, 8, 12, 51]))


# --- bad input ---------------------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 4, 8])
def test_hands_of_other_sizes_are_rejected(count: int) -> None:
    with pytest.raises(CardError, match="5, 6 or 7 cards"):
        evaluate(list(range(count)))


def test_codes_out_of_range_are_rejected() -> None:
    with pytest.raises(CardError):
        evaluate([0, 1, 2, 3, 52])
    with pytest.raises(CardError, match="0 to 51"):
        evaluate_batch(np.array([[0, 1, 2, 3, 4, 5, 60]]))


def test_batch_rejects_wrong_shapes_and_dtypes() -> None:
    with pytest.raises(CardError, match="array"):
        evaluate_batch(np.zeros((3, 4), dtype=np.uint8))
    with pytest.raises(CardError, match="array"):
        evaluate_batch(np.zeros(7, dtype=np.uint8))
    with pytest.raises(CardError, match="integers"):
        evaluate_batch(np.zeros((3, 7), dtype=np.float64))


def test_seven_copies_of_one_card_are_not_a_hand() -> None:
    with pytest.raises(CardError, match="not a hand"):
        evaluate([51] * 7)
    with pytest.raises(CardError, match="not a hand"):
        evaluate([51] * 5)


def test_scalar_key_sums_stay_one_cpython_digit_for_speed() -> None:
    """Every partial sum of up to seven card keys is within (-2**30, 2**30): the fast add path."""
    keys = sorted(_evaltables.card_key(code) for code in range(52))
    for count in range(1, 8):
        # Extremes: the lowest or highest keys, at most four cards of a rank (codes differ).
        assert sum(keys[:count]) > -(2**30)
        assert sum(keys[-count:]) < 2**30


def test_duplicate_cards_in_best_five_are_rejected() -> None:
    with pytest.raises(CardError, match="twice"):
        best_five(parse_cards("AsAsKdQc2h"))


@pytest.mark.parametrize("strength", [0, MAX_STRENGTH + 1, -3])
def test_strengths_outside_1_to_7462_are_rejected(strength: int) -> None:
    with pytest.raises(CardError, match="1 to 7462"):
        describe(strength)


# --- refusals: what comes from a person, a file or the network (issue 10) ----------------------

HAND7 = [5, 9, 14, 22, 30, 41, 50]
NOT_CARD_CODES = [
    *(True, False, 1.0, 2.5, float("nan"), "As", "3", None, b"\x01", [3], np.float64(3), np.True_),
    *(-1, -52, -53, -60, -104, -105, 52, 103, 104, 10**30, -(10**30)),  # either side of 0..51
]


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("at", [0, 3])
def test_evaluate_refuses_a_duplicated_card(size: int, at: int) -> None:
    hand = HAND7[:size]
    hand[at + 1] = hand[at]
    with pytest.raises(CardError, match="given twice") as raised:
        evaluate(hand)
    assert raised.value.code == "duplicate_card"
    assert raised.value.params["card"] == str(Card(hand[at]))
    assert raised.value.params["cards"] == [str(Card(c)) for c in hand]


def test_the_reported_duplicate_hand_is_refused_not_ranked() -> None:
    """Issue 10: ``evaluate([0, 0, 5, 9, 14, 22, 30])`` returned 1306 (2c twice)."""
    with pytest.raises(CardError, match="2c is given twice"):
        evaluate([0, 0, 5, 9, 14, 22, 30])
    with pytest.raises(CardError, match="given twice"):
        evaluate(parse_cards("2c2c3d4d5h7h9h"))


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("bad", NOT_CARD_CODES, ids=repr)
def test_evaluate_refuses_items_that_are_not_card_codes(size: int, bad: object) -> None:
    for at in (0, size - 1):
        hand: list[object] = list(HAND7[:size])
        hand[at] = bad
        with pytest.raises(CardError, match="not a card code") as raised:
            evaluate(hand)
        assert raised.value.code == "bad_card_code"
        assert raised.value.params["index"] == at
        assert raised.value.params["code"] == repr(bad)


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (None, "bad_hand"),
        (5, "bad_hand"),
        ("AsKsQsJsTs", "bad_hand"),
        ((c for c in HAND7[:5]), "bad_hand"),  # an iterator of five: no length to check
        ([], "bad_hand_size"),
        ([*HAND7, 51], "bad_hand_size"),
        (np.array([HAND7]), "bad_hand_size"),  # a batch of one row, not a hand
    ],
)
def test_evaluate_refuses_what_is_not_a_hand(cards: object, code: str) -> None:
    with pytest.raises(CardError) as raised:
        evaluate(cards)
    assert raised.value.code == code
    assert raised.value.params


def test_evaluate_accepts_numpy_integers_and_card_objects_alike() -> None:
    cards = parse_cards("2c2d7h8s9dJcKh")  # codes 0 and 1: the hands where a bool could hide
    expected = evaluate([int(c) for c in cards])
    assert evaluate(cards) == evaluate(tuple(cards)) == expected
    assert evaluate(np.array(cards, dtype=np.uint8)) == evaluate(np.array(cards)) == expected
    assert best_five(np.array(cards)) == best_five(cards)


_CARD_OR_NOT = st.one_of(
    st.integers(0, 51),
    st.integers(0, 51).map(Card),
    st.integers(-200, 200),
    st.sampled_from(NOT_CARD_CODES),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.none(),
)


def _is_hand(cards: list[object]) -> bool:
    codes = [c for c in cards if type(c) in (int, Card) and 0 <= c < 52]
    return len(codes) == len(cards) and 5 <= len(cards) <= 7 and len(set(codes)) == len(codes)


@given(
    st.lists(st.integers(0, 51), min_size=4, max_size=8, unique=True),
    st.lists(st.tuples(st.integers(0, 7), _CARD_OR_NOT), max_size=2),
)
def test_evaluate_ranks_every_hand_and_refuses_everything_else_with_a_card_error(
    codes: list[int], changes: list[tuple[int, object]]
) -> None:
    cards: list[object] = list(codes)
    for at, value in changes:  # a valid hand with up to two cards changed to anything
        cards[at % len(cards)] = value
    if _is_hand(cards):
        reference = max(evaluate(five) for five in combinations(cards, 5))
        assert evaluate(cards) == reference
        return
    with pytest.raises(CardError) as raised:
        evaluate(cards)
    assert raised.value.code
    assert raised.value.params


@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True))
def test_the_engines_unchecked_path_agrees_with_evaluate_on_dealt_hands(cards: list[int]) -> None:
    from pitboss.evaluator import _evaluate_unchecked

    assert _evaluate_unchecked(cards) == evaluate(cards)
    assert _evaluate_unchecked([Card(c) for c in cards]) == evaluate(cards)


def test_best_five_reads_an_iterator_once_and_refuses_text() -> None:
    cards = parse_cards("AhKhQhJhTh9c2d")
    assert best_five(iter(cards)) == best_five(cards)
    with pytest.raises(CardError, match="parse_cards"):
        best_five("AhKhQhJhTh")
    with pytest.raises(CardError, match="given twice"):
        best_five([*cards[:6], cards[0]])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_refuses_a_row_that_repeats_a_card_and_names_it(size: int) -> None:
    hands = random_hands(200_000, size, seed=11)
    hands[150_000, size - 1] = hands[150_000, 0]  # in the third chunk
    with pytest.raises(CardError, match="row 150000 ") as raised:
        evaluate_batch(hands)
    assert raised.value.code == "duplicate_card"
    assert raised.value.params["row"] == 150_000
    assert raised.value.params["card"] == str(Card(int(hands[150_000, 0])))


@pytest.mark.parametrize(
    "codes",
    [
        [[0, 1, 2, 3, 4], [5, 6, 7]],  # ragged
        np.zeros((2, 7), dtype=object),
        np.ones((2, 7), dtype=bool),
        [["As", "Ks", "Qs", "Js", "Ts"]],
        None,
        [[0, 1, 2, 3, -4]],
        [[0, 1, 2, 3, 10**30]],
    ],
    ids=repr,
)
def test_batch_refuses_input_that_is_not_an_integer_array_of_card_codes(codes: object) -> None:
    with pytest.raises(CardError) as raised:
        evaluate_batch(codes)
    assert raised.value.code == "bad_hand_batch"
    assert raised.value.params


@pytest.mark.parametrize("strength", [True, False, 1.0, 7462.0, "7462", None, [1]], ids=repr)
def test_strength_functions_refuse_what_is_not_a_strength(strength: object) -> None:
    for function in (describe, category, display_ranks, is_royal):
        with pytest.raises(CardError, match="1 to 7462") as raised:
            function(strength)
        assert raised.value.code == "bad_strength"
        assert raised.value.params["strength"] == repr(strength)


def test_strength_functions_take_the_batchs_numpy_integers() -> None:
    strength = evaluate_batch(np.array([parse_cards("AhKhQhJhTh")]))[0]
    assert describe(strength) == "Royal flush"
    assert is_royal(strength)
    assert category(strength) is HandCategory.STRAIGHT_FLUSH
