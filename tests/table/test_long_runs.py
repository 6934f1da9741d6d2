"""Long random runs (Hypothesis): busts, arrivals, moves, absences and penalties at random
moments on 1-3 tables of 2-11 seats, every invariant checked at every hand (see table_world)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_world import World

from pitboss.rules.table_rules import AbsentPolicy, MissedBlindPolicy

SEAT_COUNTS = st.lists(st.integers(min_value=2, max_value=11), min_size=1, max_size=3)
POLICIES = st.sampled_from(list(MissedBlindPolicy))
ABSENT = st.sampled_from(list(AbsentPolicy))


def run(
    seed: int, seat_counts: list[int], absent: AbsentPolicy, missed: MissedBlindPolicy, rounds: int
) -> World:
    world = World.create(seed, seat_counts, absent_policy=absent, missed_blinds=missed)
    for _ in range(rounds):
        world.random_step()
    return world


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seat_counts=SEAT_COUNTS,
    absent=ABSENT,
    missed=POLICIES,
)
def test_tda_32_10a_11a_invariants_hold_over_long_random_runs(
    seed: int, seat_counts: list[int], absent: AbsentPolicy, missed: MissedBlindPolicy
) -> None:
    world = run(seed, seat_counts, absent, missed, rounds=120)
    assert world.hands >= 120


def test_thousands_of_hands_at_one_table_keep_every_invariant() -> None:
    world = run(7, [9], AbsentPolicy.DEALT_AND_KILLED, MissedBlindPolicy.WAIT_FOR_BUTTON, 3000)
    assert world.hands == 3000


def test_thousands_of_hands_over_three_tables_with_moves_keep_every_invariant() -> None:
    world = run(
        11,
        [2, 6, 11],
        AbsentPolicy.NOT_DEALT_BLINDS_POSTED,
        MissedBlindPolicy.WAIT_FOR_BUTTON,
        1500,
    )
    assert world.hands >= 3000


@pytest.mark.soak
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    seat_counts=SEAT_COUNTS,
    absent=ABSENT,
    missed=POLICIES,
)
def test_soak_invariants_hold_over_very_long_random_runs(
    seed: int, seat_counts: list[int], absent: AbsentPolicy, missed: MissedBlindPolicy
) -> None:
    run(seed, seat_counts, absent, missed, rounds=1000)
