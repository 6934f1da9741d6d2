"""Exact all-in equity in Omaha and Omaha high-low: every rest of the board counted, equal to a
plain enumeration with the scalar evaluator and to one with PokerKit's Omaha evaluators."""

from __future__ import annotations

from itertools import combinations

import pytest

from pitboss import omaha
from pitboss.cards import parse_cards
from pitboss.equity import SHARE_UNIT
from pitboss.errors import CardError, EquityError
from pitboss.omaha_equity import HI_LO_SHARE_UNIT, omaha_equity, omaha_hi_lo_equity

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]
THREE = [parse_cards("AsAdKsKd"), parse_cards("JhTh9c8c"), parse_cards("Ah2h3c4d")]


def plain_shares(hands, board, high, low):  # type: ignore[no-untyped-def]
    """Pot shares per hand (of HI_LO_SHARE_UNIT a board) by enumerating every rest of the board
    and evaluating each hand with ``high`` and ``low`` (``low`` None: Omaha high only)."""
    used = {int(c) for hand in hands for c in hand} | {int(c) for c in board}
    rest = [c for c in range(52) if c not in used]
    shares = [0] * len(hands)
    boards = 0
    for extra in combinations(rest, 5 - len(board)):
        cards = [*board, *extra]
        boards += 1
        highs = [high(hand, cards) for hand in hands]
        lows = [low(hand, cards) or 0 for hand in hands] if low else [0] * len(hands)
        high_winners = [i for i, h in enumerate(highs) if h == max(highs)]
        if max(lows):
            low_winners = [i for i, w in enumerate(lows) if w == max(lows)]
            for i in high_winners:
                shares[i] += HI_LO_SHARE_UNIT // 2 // len(high_winners)
            for i in low_winners:
                shares[i] += HI_LO_SHARE_UNIT // 2 // len(low_winners)
        else:
            for i in high_winners:
                shares[i] += HI_LO_SHARE_UNIT // len(high_winners)
    return shares, boards


def test_hi_lo_equity_on_the_flop_equals_the_plain_enumeration() -> None:
    board = parse_cards("2c7dKh")
    result = omaha_hi_lo_equity(THREE, board=board)
    shares, boards = plain_shares(THREE, board, omaha.evaluate, omaha.evaluate_low)
    assert result.boards == boards == 666  # C(37, 2)
    assert [h.share for h in result.hands] == shares
    assert sum(shares) == HI_LO_SHARE_UNIT * boards


def test_high_equity_on_the_flop_equals_the_plain_enumeration() -> None:
    board = parse_cards("2c7dKh")
    result = omaha_equity(THREE, board=board)
    shares, boards = plain_shares(THREE, board, omaha.evaluate, None)
    assert [h.share * 2 for h in result.hands] == shares  # SHARE_UNIT is half HI_LO_SHARE_UNIT
    assert sum(h.wins + h.ties for h in result.hands) >= boards


def test_equity_on_the_turn_equals_pokerkits_evaluators() -> None:
    pokerkit = pytest.importorskip("pokerkit")

    def text(cards) -> str:  # type: ignore[no-untyped-def]
        return "".join(NAMES[c] for c in cards)

    def high(hand, board) -> object:  # type: ignore[no-untyped-def]
        return pokerkit.OmahaHoldemHand.from_game(text(hand), text(board))

    def low(hand, board) -> object:  # type: ignore[no-untyped-def]
        return pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(text(hand), text(board))

    def comparable(hand_class, hands, board):  # type: ignore[no-untyped-def]
        """PokerKit's hands as ranks (0: none), so ``max`` and ``==`` read them."""
        made = [hand_class(h, board) for h in hands]
        ordered = sorted({m for m in made if m is not None})
        return [0 if m is None else ordered.index(m) + 1 for m in made]

    for hands, board in [
        (THREE, parse_cards("2c7dKhQs")),
        ([parse_cards("As2s5d6d"), parse_cards("AcKc3h4h")], parse_cards("3s4c8d9h")),
    ]:
        ours = omaha_hi_lo_equity(hands, board=board)
        used = {int(c) for hand in hands for c in hand} | {int(c) for c in board}
        shares = [0] * len(hands)
        for river in (c for c in range(52) if c not in used):
            cards = [*board, river]
            highs = comparable(high, hands, cards)
            lows = comparable(low, hands, cards)
            high_winners = [i for i, h in enumerate(highs) if h == max(highs)]
            low_winners = [i for i, w in enumerate(lows) if w == max(lows) and w]
            half = HI_LO_SHARE_UNIT // 2 if low_winners else HI_LO_SHARE_UNIT
            for i in high_winners:
                shares[i] += half // len(high_winners)
            for i in low_winners:
                shares[i] += HI_LO_SHARE_UNIT // 2 // len(low_winners)
        assert [h.share for h in ours.hands] == shares


def test_heads_up_before_the_flop_counts_every_board() -> None:
    """C(44, 5) boards; two hands of the same ranks and suit pattern split evenly."""
    result = omaha_equity([parse_cards("AsKsQdJd"), parse_cards("AhKhQcJc")])
    assert result.boards == 1_086_008
    first, second = result.hands
    assert first.share == second.share
    assert first.wins == second.wins
    assert first.share + second.share == SHARE_UNIT * result.boards


def test_hi_lo_counts_scoops_and_halves() -> None:
    """On a full board the best high (three kings) and the best low (7-4-3-2-A) win half each,
    the third hand nothing."""
    board = parse_cards("3c4d7hKcKs")
    result = omaha_hi_lo_equity(
        [parse_cards("KhQdJdTd"), parse_cards("Ah2h9s9c"), parse_cards("8s6sJcJh")], board=board
    )
    assert result.boards == 1
    assert result.low_boards == 1
    high, low, neither = result.hands
    assert (high.high_wins, high.low_wins, high.scoops, high.share) == (1, 0, 0, 2520)
    assert (low.high_wins, low.low_wins, low.scoops, low.share) == (0, 1, 0, 2520)
    assert (neither.share, neither.equity) == (0, 0.0)
    assert result.to_dict()["hands"][0]["equity"] == 0.5


def test_hi_lo_without_a_low_the_high_scoops() -> None:
    result = omaha_hi_lo_equity(
        [parse_cards("AsAdKsKd"), parse_cards("JhTh9c8c")], board=parse_cards("QhJsTc")
    )
    assert result.low_boards == 0
    assert sum(h.scoops for h in result.hands) + sum(h.high_ties for h in result.hands) // 2 == (
        result.boards
    )


@pytest.mark.parametrize(
    ("hands", "board", "code"),
    [
        ([parse_cards("AsAdKsKd")], (), "bad_hand_count"),
        ([parse_cards("AsAd"), parse_cards("JhTh9c8c")], (), "bad_hole_cards"),
        (
            [parse_cards("AsAdKsKd"), parse_cards("JhTh9c8c")],
            parse_cards("2c3c4c5c6c7c"),
            "bad_board",
        ),
    ],
)
def test_what_is_not_an_omaha_question_is_refused(hands, board, code) -> None:  # type: ignore[no-untyped-def]
    for function in (omaha_equity, omaha_hi_lo_equity):
        with pytest.raises(EquityError) as caught:
            function(hands, board=board)
        assert caught.value.code == code


def test_a_card_given_twice_is_refused() -> None:
    with pytest.raises(CardError) as caught:
        omaha_equity([parse_cards("AsAdKsKd"), parse_cards("AsTh9c8c")])
    assert caught.value.code == "duplicate_card"
