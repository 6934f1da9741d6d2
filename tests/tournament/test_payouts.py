"""Payouts by field size (THC add. 13), rounding to a unit, tied places (TDA RP-8A)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.errors import PayoutError
from pitboss.tournament.model.payouts import (
    STANDARD_PAYOUTS,
    PayoutBracket,
    PayoutFormula,
    PayoutRounding,
    PayoutTable,
    compute_payouts,
    share_tied_places,
)


def test_thc_add13_prizes_depend_on_entrants_at_the_start() -> None:
    nine = compute_payouts(100_000, 9)
    assert nine.prizes == (50_000, 30_000, 20_000)
    six = compute_payouts(100_000, 6)
    assert six.prizes == (70_000, 30_000)
    assert compute_payouts(100_000, 3).prizes == (100_000,)


def test_formula_pays_fifteen_percent_of_a_large_field() -> None:
    payouts = compute_payouts(100_000_000, 1_000)
    assert payouts.places_paid == 150
    assert sum(payouts.prizes) == 100_000_000
    # harmonic curve: first over 100 times the last place
    assert payouts.prizes[0] > 100 * payouts.prizes[-1]
    assert payouts.prize_for(151) == 0


def test_rounding_to_five_dollars_largest_remainder_sub_unit_cents_to_first() -> None:
    # $1,234.56 over 50/30/20 in $5 units: 246 units -> 123, 73.8, 49.2 -> 123, 74, 49;
    # the 56 cents that make no unit go to first place.
    payouts = compute_payouts(123_456, 9, unit=500)
    assert payouts.prizes == (61_956, 37_000, 24_500)


def test_rounding_remainder_to_first_rounds_every_other_place_down() -> None:
    payouts = compute_payouts(123_456, 9, unit=500, rounding=PayoutRounding.REMAINDER_TO_FIRST)
    # 2nd 370.368 -> 370, 3rd 246.91 -> 245; first gets the rest
    assert payouts.prizes == (123_456 - 37_000 - 24_500, 37_000, 24_500)
    payouts = compute_payouts(100_000, 25, unit=10_000, rounding=PayoutRounding.REMAINDER_TO_FIRST)
    # 36/24/17/13/10 % of $1,000 in $100 steps: 240->200, 170->100, 130->100, 100->100
    assert payouts.prizes == (50_000, 20_000, 10_000, 10_000, 10_000)


def test_unit_too_large_for_the_pool_is_refused() -> None:
    with pytest.raises(PayoutError) as info:
        compute_payouts(1_000, 60, unit=500)
    assert info.value.code == "payout_unit_too_large"
    with pytest.raises(PayoutError):
        compute_payouts(1, 9)  # one cent cannot pay three places


def test_rp8a_players_busting_on_the_same_hand_for_hand_hand_share_the_places() -> None:
    # 52 left, 50 paid, 3 bust on the same hand: they share the 50th-place prize
    prizes = compute_payouts(10_000_000, 333).prizes
    assert len(prizes) == 50
    shares = share_tied_places(prizes, place=50, count=3)
    assert sum(shares) == prizes[49]
    assert max(shares) - min(shares) <= 1


def test_tied_paid_places_share_both_prizes_odd_cent_in_listed_order() -> None:
    assert share_tied_places((1_000, 501, 200), place=2, count=2) == (351, 350)
    assert share_tied_places((1_000, 501, 200), place=2, count=2, tie_order=[1, 0]) == (350, 351)


def test_bracket_shares_must_add_up_to_100_percent() -> None:
    with pytest.raises(PayoutError) as info:
        PayoutBracket(min_entrants=5, max_entrants=9, shares_bp=(5_000, 3_000, 1_000))
    assert info.value.code == "bad_bracket_shares"


def test_bracket_shares_must_not_increase() -> None:
    with pytest.raises(PayoutError) as info:
        PayoutBracket(min_entrants=5, max_entrants=9, shares_bp=(3_000, 7_000))
    assert info.value.code == "bracket_shares_increase"


def test_overlapping_brackets_are_refused() -> None:
    with pytest.raises(PayoutError) as info:
        PayoutTable(
            brackets=(
                PayoutBracket(min_entrants=2, max_entrants=10, shares_bp=(10_000,)),
                PayoutBracket(min_entrants=10, max_entrants=20, shares_bp=(10_000,)),
            )
        )
    assert info.value.code == "brackets_overlap"


def test_field_no_bracket_covers_is_refused_without_a_formula() -> None:
    table = PayoutTable(
        brackets=(PayoutBracket(min_entrants=2, max_entrants=10, shares_bp=(10_000,)),)
    )
    with pytest.raises(PayoutError) as info:
        compute_payouts(1_000, 11, table)
    assert info.value.code == "no_payout_bracket"


def test_payout_table_reads_back_from_its_preset_form() -> None:
    data = STANDARD_PAYOUTS.to_dict()
    assert PayoutTable.from_dict(data) == STANDARD_PAYOUTS
    with pytest.raises(PayoutError) as info:
        PayoutTable.from_dict({"brackets": [{"entrants": [2, 4]}]})
    assert info.value.code == "bad_payout_table"


def test_standard_table_covers_every_field_size() -> None:
    for entrants in range(1, 3_001):
        assert len(STANDARD_PAYOUTS.weights(entrants)) <= entrants


@settings(deadline=None)
@given(
    pool=st.integers(10**7, 10**10),
    entrants=st.integers(1, 2_000),
    unit=st.sampled_from([1, 100, 500]),
    rounding=st.sampled_from(list(PayoutRounding)),
)
def test_payouts_always_sum_to_the_prize_pool_and_never_increase(
    pool: int, entrants: int, unit: int, rounding: PayoutRounding
) -> None:
    payouts = compute_payouts(pool, entrants, unit=unit, rounding=rounding)
    assert sum(payouts.prizes) == pool
    assert all(a >= b for a, b in pairwise(payouts.prizes))
    assert all(p > 0 for p in payouts.prizes)
    assert all(p % unit == 0 for p in payouts.prizes[1:])


@settings(deadline=None)
@given(
    pool=st.integers(10**6, 10**9),
    entrants=st.integers(1, 500),
    paid_bp=st.integers(1, 10_000),
    offset=st.integers(0, 5),
)
def test_formula_payouts_sum_exactly_in_cents(
    pool: int, entrants: int, paid_bp: int, offset: int
) -> None:
    formula = PayoutFormula(paid_bp=paid_bp, offset=offset)
    payouts = compute_payouts(pool, entrants, formula)
    assert sum(payouts.prizes) == pool
    assert payouts.places_paid == formula.places_paid(entrants) <= entrants


@settings(deadline=None)
@given(
    prizes=st.lists(st.integers(0, 10**7), min_size=1, max_size=20),
    place=st.integers(1, 25),
    count=st.integers(1, 6),
)
def test_tied_places_share_exactly_what_their_places_pay(
    prizes: list[int], place: int, count: int
) -> None:
    shares = share_tied_places(prizes, place=place, count=count)
    assert sum(shares) == sum(prizes[place - 1 : place - 1 + count])
    assert len(shares) == count
