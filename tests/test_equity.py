"""All-in equity: exact enumeration checked against brute force with an independent evaluator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from pitboss.cards import Card, parse_cards
from pitboss.equity import SHARE_UNIT, EquityResult, equity
from pitboss.errors import CardError, EquityError

phevaluator = pytest.importorskip("phevaluator")


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def brute_force(
    hands: list[list[Card]], board: Sequence[Card] = (), dead: Sequence[Card] = ()
) -> tuple[list[int], list[int], list[int], int]:
    """Wins, ties and shares per hand over every board, with phevaluator's 7-card evaluator."""
    used = {int(c) for h in hands for c in h} | {int(c) for c in (*board, *dead)}
    rest = [c for c in range(52) if c not in used]
    wins = [0] * len(hands)
    ties = [0] * len(hands)
    share = [0] * len(hands)
    boards = 0
    for extra in combinations(rest, 5 - len(board)):
        full = [*board, *extra]
        ranks = [phevaluator.evaluate_7cards(*h, *full) for h in hands]  # lower is better
        best = min(ranks)
        winners = [i for i, r in enumerate(ranks) if r == best]
        for i in winners:
            if len(winners) == 1:
                wins[i] += 1
            else:
                ties[i] += 1
            share[i] += SHARE_UNIT // len(winners)
        boards += 1
    return wins, ties, share, boards


def counts(result: EquityResult) -> tuple[list[int], list[int], list[int], int]:
    return (
        [h.wins for h in result.hands],
        [h.ties for h in result.hands],
        [h.share for h in result.hands],
        result.boards,
    )


def test_ak_offsuit_against_queens_preflop_enumerates_1712304_boards() -> None:
    """Golden counts of a brute force with phevaluator (the slow test below recomputes them)."""
    result = equity([cards("AhKd"), cards("QcQs")])
    assert result.exact
    assert result.boards == 1_712_304 == comb(48, 5)
    assert counts(result) == (
        [730_541, 975_909],
        [5_854, 5_854],
        [
            SHARE_UNIT * 730_541 + SHARE_UNIT // 2 * 5_854,
            SHARE_UNIT * 975_909 + SHARE_UNIT // 2 * 5_854,
        ],
        1_712_304,
    )
    assert round(result.hands[0].equity * 100, 2) == 42.84
    assert round(result.hands[1].equity * 100, 2) == 57.16


@pytest.mark.slow
def test_ak_offsuit_against_queens_preflop_matches_brute_force() -> None:
    hands = [cards("AhKd"), cards("QcQs")]
    assert counts(equity(hands)) == brute_force(hands)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AhKd", "QcQs"], "7c8d2h", ""),
        (["AhKd", "QcQs", "7s7h"], "7c8d2h", "2s"),
        (["AsKs", "QhQd", "JcTc", "9h9c"], "Kd8s2c", "Qs"),
        (
            ["AhAd", "KhKd", "QhQd", "JhJd", "ThTd", "9h9d", "8h8d", "7h7d", "6h6d", "5h5d"],
            "4s3s2s",
            "",
        ),
        (["AhKh", "AdKd", "AcKc"], "", "2s3s4s5s6s7s8s9sTsJsQsKsAs2h3h4h5h6h7h8h"),
        (["2c3d", "2d3c"], "4h5h6h", ""),
        (["AhKh", "AdKd"], "QhJhTd9c", ""),
    ],
)
def test_exact_counts_match_brute_force(hands: list[str], board: str, dead: str) -> None:
    hole = [cards(h) for h in hands]
    result = equity(hole, board=cards(board), dead=cards(dead))
    assert counts(result) == brute_force(hole, cards(board), cards(dead))


def test_pot_shares_add_up_to_one_pot_per_board() -> None:
    result = equity([cards("AhKd"), cards("QcQs"), cards("Jh Td")], board=cards("2c7d"))
    assert sum(h.share for h in result.hands) == SHARE_UNIT * result.boards
    assert sum(h.equity_fraction for h in result.hands) == 1


def test_the_same_hand_in_other_suits_splits_exactly_half() -> None:
    """AhKd and AsKc are mirror images under swapping suits, so each has exactly half."""
    result = equity([cards("AhKd"), cards("AsKc")])
    first, second = result.hands
    assert first.equity_fraction == second.equity_fraction == Fraction(1, 2)
    assert first.wins == second.wins
    assert first.ties == second.ties > 0


def test_a_board_that_plays_splits_three_ways_in_exact_thirds() -> None:
    result = equity([cards("2c3c"), cards("4d5d"), cards("6h7h")], board=cards("AsKsQsJsTs"))
    assert result.boards == 1
    for hand in result.hands:
        assert (hand.wins, hand.ties, hand.share) == (0, 1, SHARE_UNIT // 3)
        assert hand.equity_fraction == Fraction(1, 3)


def test_complete_board_is_one_board_and_the_best_hand_wins_it() -> None:
    result = equity([cards("AhAd"), cards("7c7d")], board=cards("7h2c9sKdQh"))
    assert result.boards == 1
    assert [h.wins for h in result.hands] == [0, 1]


def test_a_flush_made_with_the_whole_board_out_is_found() -> None:
    result = equity([cards("AhKh"), cards("2c2d")], board=cards("QhJh3h4c5d"))
    assert [(h.wins, h.ties) for h in result.hands] == [(1, 0), (0, 0)]


def test_dead_cards_are_never_dealt() -> None:
    # On the turn AhKd needs an ace or a king: six live rivers, two once AsAcKhKc are dead.
    live = equity([cards("AhKd"), cards("QcQs")], board=cards("7c8d2h3s"))
    dead = equity([cards("AhKd"), cards("QcQs")], board=cards("7c8d2h3s"), dead=cards("AsAcKhKc"))
    assert live.boards == 44
    assert dead.boards == 40
    assert live.hands[0].wins == 6
    assert dead.hands[0].wins == 2
    assert dead.dead == tuple(cards("AsAcKhKc"))


def test_monte_carlo_with_a_seed_is_reproducible_and_close_to_exact() -> None:
    hands = [cards("AhKd"), cards("QcQs")]
    first = equity(hands, exact=False, samples=100_000, rng=random.Random(42))
    again = equity(hands, exact=False, samples=100_000, rng=random.Random(42))
    other = equity(hands, exact=False, samples=100_000, rng=random.Random(43))
    exact = equity(hands)
    assert first == again
    assert first != other
    assert not first.exact
    assert first.boards == 100_000
    for mc, ex in zip(first.hands, exact.hands, strict=True):
        assert abs(mc.equity - ex.equity) < 0.008  # about five standard errors
    assert sum(h.share for h in first.hands) == SHARE_UNIT * first.boards


def test_monte_carlo_without_a_random_source_uses_the_operating_system() -> None:
    result = equity([cards("AhKd"), cards("QcQs")], exact=False, samples=5_000)
    assert result.boards == 5_000
    assert 0.45 < result.hands[1].equity < 0.70


def test_to_dict_reports_counts_and_fractions() -> None:
    report = equity([cards("AhKd"), cards("QcQs")], board=cards("7c8d2h")).to_dict()
    assert report["board"] == "7c8d2h"
    assert report["exact"] is True
    assert report["boards"] == comb(45, 2)
    assert [h["cards"] for h in report["hands"]] == ["AhKd", "QcQs"]
    first = report["hands"][0]
    assert first["wins"] + first["ties"] + first["losses"] == report["boards"]


@pytest.mark.parametrize("count", [0, 1, 11])
def test_two_to_ten_hands_are_allowed(count: int) -> None:
    deck = [Card(c) for c in range(52)]
    hands = [deck[2 * i : 2 * i + 2] for i in range(count)]
    with pytest.raises(EquityError, match="2 to 10 hands"):
        equity(hands)


def test_a_hand_is_two_hole_cards() -> None:
    with pytest.raises(EquityError, match="2 hole cards, not 3"):
        equity([cards("AhKdQc"), cards("2c2d")])


def test_a_card_given_twice_is_rejected() -> None:
    with pytest.raises(CardError, match="Ah is given twice"):
        equity([cards("AhKd"), cards("AhQs")])
    with pytest.raises(CardError, match="7c is given twice"):
        equity([cards("AhKd"), cards("QcQs")], board=cards("7c8d2h"), dead=cards("7c"))


def test_invalid_card_codes_are_rejected() -> None:
    with pytest.raises(CardError):
        equity([[0, 1], [2, 52]])


def test_a_board_has_at_most_five_cards() -> None:
    with pytest.raises(EquityError, match="at most 5"):
        equity([cards("AhKd"), cards("QcQs")], board=cards("2c3c4c5c6c7c"))


def test_too_many_dead_cards_leave_no_board() -> None:
    hands = [cards("AhKd"), cards("QcQs")]
    dead = [Card(c) for c in range(52) if c not in {*hands[0], *hands[1]}][:46]
    with pytest.raises(EquityError, match="cards are left"):
        equity(hands, dead=dead)


@pytest.mark.parametrize("samples", [0, -5])
def test_monte_carlo_needs_a_positive_number_of_samples(samples: int) -> None:
    with pytest.raises(EquityError, match="positive"):
        equity([cards("AhKd"), cards("QcQs")], exact=False, samples=samples)
