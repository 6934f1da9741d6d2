"""ICM (Malmuth-Harville): exact dynamic program and Monte Carlo with a stated error."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.errors import PayoutError
from pitboss.tournament.model.icm import (
    MAX_EXACT_PLAYERS,
    MAX_FRACTION_PLAYERS,
    icm,
    icm_exact,
    icm_fractions,
    icm_monte_carlo,
)


def reference_icm(stacks: Sequence[int], prizes: Sequence[float]) -> list[float]:
    """Plain recursion over every finishing order (Malmuth-Harville), for small fields."""
    equity = [0.0] * len(stacks)

    def walk(remaining: list[int], place: int, probability: float) -> None:
        if place >= len(prizes) or not remaining:
            return
        chips = sum(stacks[j] for j in remaining)
        for j in remaining:
            p = probability * stacks[j] / chips
            equity[j] += p * prizes[place]
            walk([k for k in remaining if k != j], place + 1, p)

    walk(list(range(len(stacks))), 0, 1.0)
    return equity


def test_textbook_example_50_30_20_paying_70_30() -> None:
    assert icm_exact([50, 30, 20], [70, 30]) == pytest.approx([45.18, 32.25, 22.57], abs=0.005)


def test_ky11_stacks_icm_as_in_rules_section_2() -> None:
    equities = icm_exact([400_000, 250_000, 100_000], [1_000_000, 400_000, 200_000])
    assert equities == pytest.approx([696_410.26, 553_113.55, 350_476.19], abs=0.01)


@settings(max_examples=60, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 10_000), min_size=1, max_size=7),
    prizes=st.lists(st.integers(0, 1_000_000), min_size=1, max_size=8),
)
def test_exact_icm_matches_plain_recursion(stacks: list[int], prizes: list[int]) -> None:
    # prizes in any order: a deal that leaves money to play for changes first prize
    expected = reference_icm(stacks, prizes)
    assert icm_exact(stacks, prizes) == pytest.approx(expected, rel=1e-9, abs=1e-6)


@settings(deadline=None)
@given(stacks=st.lists(st.integers(1, 10**7), min_size=1, max_size=12))
def test_equities_add_up_to_the_reachable_prizes(stacks: list[int]) -> None:
    prizes = [5_000, 3_000, 2_000, 1_000, 500][: len(stacks) + 2]
    reachable = sum(prizes[: len(stacks)])
    assert sum(icm_exact(stacks, prizes)) == pytest.approx(reachable, rel=1e-12)


def test_equal_stacks_have_equal_equity() -> None:
    equities = icm_exact([10_000] * 9, [500, 300, 200])
    assert equities == pytest.approx([1_000 / 9] * 9, rel=1e-12)


def test_twenty_players_exact() -> None:
    stacks = list(range(1_000, 21_000, 1_000))
    assert len(stacks) == MAX_EXACT_PLAYERS
    prizes = [5_000, 3_000, 2_000]
    equities = icm_exact(stacks, prizes)
    assert sum(equities) == pytest.approx(10_000, rel=1e-12)
    assert list(equities) == sorted(equities)  # more chips, more equity


def test_exact_refuses_more_than_twenty_players_and_names_the_alternative() -> None:
    with pytest.raises(PayoutError) as info:
        icm_exact([100] * 21, [10, 5])
    assert info.value.code == "too_many_players_for_exact_icm"
    with pytest.raises(PayoutError) as info:
        icm([100] * 21, [10, 5])
    assert info.value.code == "icm_needs_rng"


@pytest.mark.parametrize("stacks", [[0, 10], [-5, 10], [True, 10]])
def test_stacks_must_be_one_chip_or_more(stacks: list[int]) -> None:
    with pytest.raises(PayoutError) as info:
        icm_exact(stacks, [10, 5])
    assert info.value.code == "bad_stack"


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("players", [12, 20])
def test_monte_carlo_is_within_its_stated_error_of_exact(seed: int, players: int) -> None:
    gen = np.random.default_rng(seed)
    stacks = [int(x) for x in gen.integers(1_000, 100_000, players)]
    prizes = [int(x) for x in sorted(gen.integers(1_000, 50_000, players // 2), reverse=True)]
    exact = icm_exact(stacks, prizes)
    estimate = icm_monte_carlo(stacks, prizes, rng=np.random.default_rng(seed + 100))
    assert not estimate.exact
    assert estimate.error_bound <= 0.001 * max(prizes)
    for e, x in zip(estimate.equities, exact, strict=True):
        assert abs(e - x) <= estimate.error_bound
    assert sum(estimate.equities) == pytest.approx(sum(prizes), rel=1e-9)


def test_monte_carlo_large_field_runs_agree_within_their_stated_errors() -> None:
    gen = np.random.default_rng(7)
    stacks = [int(x) for x in gen.integers(2_000, 60_000, 300)]
    prizes = [int(x) for x in sorted(gen.integers(10_000, 400_000, 45), reverse=True)]
    a = icm_monte_carlo(stacks, prizes, rng=np.random.default_rng(1))
    b = icm_monte_carlo(stacks, prizes, rng=np.random.default_rng(2), tolerance_bp=2)
    assert b.error_bound <= 0.0002 * max(prizes)
    for x, y in zip(a.equities, b.equities, strict=True):
        assert abs(x - y) <= a.error_bound + b.error_bound
    assert max(abs(x - y) for x, y in zip(a.equities, b.equities, strict=True)) > 0


def test_monte_carlo_is_reproducible_from_the_seed() -> None:
    stacks = list(range(100, 3_100, 100))
    a = icm_monte_carlo(stacks, [50, 30, 20], rng=np.random.default_rng(5))
    b = icm_monte_carlo(stacks, [50, 30, 20], rng=np.random.default_rng(5))
    assert a == b


def test_icm_dispatch_exact_up_to_twenty_estimate_beyond() -> None:
    assert icm([5, 3, 2], [7, 3]).exact
    result = icm([5] * 25, [7, 3], rng=np.random.default_rng(0))
    assert not result.exact
    # equal stacks: everyone's equity is 10/25
    assert result.equities == pytest.approx([0.4] * 25, abs=result.error_bound)


@settings(max_examples=40, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 10_000), min_size=1, max_size=6),
    prizes=st.lists(st.integers(0, 1_000_000), min_size=1, max_size=7),
)
def test_fraction_icm_is_the_float_recursion_exactly(stacks: list[int], prizes: list[int]) -> None:
    exact = icm_fractions(stacks, prizes)
    assert [float(e) for e in exact] == pytest.approx(
        reference_icm(stacks, prizes), rel=1e-9, abs=1e-6
    )
    assert sum(exact) == sum(prizes[: len(stacks)])  # exactly, not approximately


def test_fraction_icm_three_players_paying_two_places_by_hand() -> None:
    # 1 : 5 : 1 chips. Player 1 is 2nd with chance 5/7 x 1/2 + 1/7 x 1/6 = 8/21, 1st with 1/7.
    equities = icm_fractions([1_000, 5_000, 1_000], [7_880_801, 5_456_317])
    assert equities[0] == Fraction(7_880_801, 7) + Fraction(8, 21) * 5_456_317
    assert equities[0] == equities[2]
    assert equities[1] == Fraction(5, 7) * 7_880_801 + Fraction(5, 21) * 5_456_317


def test_fraction_icm_handles_a_final_table_and_refuses_more() -> None:
    stacks = [1_000 * k for k in range(1, MAX_FRACTION_PLAYERS + 1)]
    prizes = [5_000, 3_000, 2_000, 1_000]
    equities = icm_fractions(stacks, prizes)
    assert sum(equities) == 11_000
    assert list(equities) == sorted(equities)
    with pytest.raises(PayoutError) as info:
        icm_fractions([*stacks, 500], prizes)
    assert info.value.code == "too_many_players_for_fraction_icm"
    assert info.value.params == {"players": MAX_FRACTION_PLAYERS + 1, "max": MAX_FRACTION_PLAYERS}
