"""The one splitting function (STYLE 9): largest remainder, documented tie-break, exact sums."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.errors import SplitError
from pitboss.money import format_money, parse_money, split_amount, split_evenly


def test_ky11_chip_chop_cents_by_largest_remainder_larger_stack_listed_first() -> None:
    # RULES §2: 853,333.33 / 533,333.33 / 213,333.33 cents; the one cent left has three equal
    # remainders and goes to the first in line.
    assert split_amount(1_600_000, [400_000, 250_000, 100_000]) == (853_334, 533_333, 213_333)


def test_tie_order_decides_who_gets_the_odd_unit_on_equal_remainders() -> None:
    assert split_amount(1_600_000, [400_000, 250_000, 100_000], tie_order=[2, 1, 0]) == (
        853_333,
        533_333,
        213_334,
    )


def test_largest_remainder_beats_tie_order() -> None:
    # 7 units by weights 2:1 are 4.67 and 2.33: the larger remainder wins whatever the order
    assert split_amount(7, [2, 1], tie_order=[1, 0]) == (5, 2)


def test_tda20_split_pot_odd_chip_in_smallest_chip_to_first_listed() -> None:
    # 1,025 split two ways with 25 the smallest chip: the odd 25 goes to the first seat listed
    assert split_evenly(1_025, 2, unit=25) == (525, 500)
    assert split_evenly(1_025, 2, unit=25, tie_order=[1, 0]) == (500, 525)


def test_fraction_weights_are_exact() -> None:
    assert split_amount(100, [Fraction(1, 3), Fraction(2, 3)]) == (33, 67)
    assert split_amount(10, [Fraction(0.1), Fraction(0.2)]) == (3, 7)


def test_zero_weight_gets_nothing() -> None:
    assert split_amount(10, [0, 1, 1]) == (0, 5, 5)


@pytest.mark.parametrize(
    ("amount", "weights", "unit", "tie_order", "code"),
    [
        (-1, [1], 1, None, "bad_amount"),
        (10, [], 1, None, "no_shares"),
        (10, [0, 0], 1, None, "zero_weights"),
        (10, [1, -1], 1, None, "negative_weight"),
        (10, [1.5], 1, None, "bad_weight"),
        (10, [1, 1], 0, None, "bad_unit"),
        (10, [1, 1], 3, None, "amount_not_multiple_of_unit"),
        (10, [1, 1], 1, [0, 0], "bad_tie_order"),
    ],
)
def test_bad_split_requests_say_what_is_wrong(
    amount: int, weights: list[object], unit: int, tie_order: list[int] | None, code: str
) -> None:
    with pytest.raises(SplitError) as info:
        split_amount(amount, weights, unit=unit, tie_order=tie_order)  # type: ignore[arg-type]
    assert info.value.code == code


@settings(deadline=None)
@given(
    units=st.integers(0, 10**9),
    unit=st.sampled_from([1, 5, 25, 100, 500]),
    weights=st.lists(st.integers(0, 10**7), min_size=1, max_size=30).filter(any),
    data=st.data(),
)
def test_split_is_exact_within_one_unit_and_monotone(
    units: int, unit: int, weights: list[int], data: st.DataObject
) -> None:
    amount = units * unit
    order = data.draw(st.permutations(range(len(weights))))
    shares = split_amount(amount, weights, unit=unit, tie_order=order)
    assert sum(shares) == amount
    total = sum(weights)
    for share, w in zip(shares, weights, strict=True):
        assert share % unit == 0
        assert abs(Fraction(share) - Fraction(amount * w, total)) < unit
        if w == 0:
            assert share == 0
    for i, wi in enumerate(weights):
        for j, wj in enumerate(weights):
            if wi > wj:
                assert shares[i] >= shares[j]


@pytest.mark.parametrize(
    ("text", "cents"),
    [("10000", 1_000_000), ("100.50", 10_050), ("100.5", 10_050), ("$1", 100), ("0.01", 1)],
)
def test_parse_money_is_exact_decimal(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["1.005", "-1", "1,000", "abc", "", "1e3", "0.1.2"])
def test_parse_money_rejects_what_is_not_dollars_and_cents(text: str) -> None:
    with pytest.raises(SplitError) as info:
        parse_money(text)
    assert info.value.code == "bad_money"


@settings(deadline=None)
@given(st.integers(0, 10**12))
def test_parse_money_reads_back_every_amount_exactly(cents: int) -> None:
    assert parse_money(f"{cents // 100}.{cents % 100:02d}") == cents
    assert parse_money(format_money(cents).replace(",", "")) == cents


def test_format_money() -> None:
    assert format_money(853_334) == "$8,533.34"
    assert format_money(-533) == "-$5.33"
    assert format_money(0) == "$0.00"


def test_a_price_in_whole_dollars_is_written_without_cents() -> None:
    assert format_money(5_000, whole=True) == "$50"
    assert format_money(1_250, whole=True) == "$12.50"
    assert format_money(1_000_000, whole=True) == "$10,000"
