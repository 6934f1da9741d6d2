"""The clock: explicit `now` values in, levels out (TDA 23, THC 4, RP-8C/D, KY 11)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pitboss.rules import RuleSet
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.timeline import timeline

MIN = 60_000
KY = timeline(RuleSet.from_preset("ky-charity").tournament.structure)
T0 = 1_700_000_000_000  # any origin: the clock never reads the system time


def test_clock_starts_at_level_1_with_its_full_time() -> None:
    c = clk.started(KY, T0)
    assert c.period == 0
    assert clk.remaining(c, T0) == 20 * MIN
    assert clk.remaining(c, T0 + 5 * MIN) == 15 * MIN


def test_timer_restarts_at_once_into_the_next_level_thc_4() -> None:
    c = clk.started(KY, T0)
    crossing = clk.next_crossing(c, KY)
    assert crossing is not None
    assert (crossing.period, crossing.at, crossing.remaining_ms) == (1, T0 + 20 * MIN, 20 * MIN)


def test_pause_freezes_the_time_left_and_resume_continues_it() -> None:
    c = clk.started(KY, T0)
    c = clk.paused(c, T0 + 3 * MIN)
    assert clk.remaining(c, T0 + 60 * MIN) == 17 * MIN
    assert clk.next_crossing(c, KY) is None
    c = clk.resumed(c, T0 + 60 * MIN)
    assert clk.remaining(c, T0 + 61 * MIN) == 16 * MIN
    assert clk.elapsed_ms(c, KY, T0 + 61 * MIN) == 4 * MIN


def test_adding_and_removing_time_changes_only_the_current_level() -> None:
    c = clk.adjusted(clk.started(KY, T0), T0 + MIN, 2 * MIN)
    assert clk.remaining(c, T0 + MIN) == 21 * MIN
    c = clk.adjusted(c, T0 + 2 * MIN, -5 * MIN)
    assert clk.remaining(c, T0 + 2 * MIN) == 15 * MIN


def test_hand_for_hand_stops_the_clock_and_takes_2_minutes_per_hand_rp_8c() -> None:
    c = clk.hand_for_hand_started(clk.started(KY, T0), T0 + 10 * MIN)
    assert not c.is_ticking
    assert clk.remaining(c, T0 + 30 * MIN) == 10 * MIN
    c = clk.deducted(c, T0 + 31 * MIN, 2 * MIN)
    assert clk.remaining(c, T0 + 40 * MIN) == 8 * MIN


def test_hand_for_hand_overrun_carries_into_the_next_level_rp_8d() -> None:
    c = clk.hand_for_hand_started(clk.started(KY, T0), T0 + 19 * MIN)
    c = clk.deducted(c, T0 + 25 * MIN, 2 * MIN)  # 1 minute left, 2 taken: 1 minute over
    crossings = clk.overflow_crossings(c, KY, T0 + 25 * MIN)
    assert [(x.period, x.remaining_ms) for x in crossings] == [(1, 19 * MIN)]


def test_the_last_level_runs_on_and_shows_zero() -> None:
    c = clk.Clock(started_at=T0, period=len(KY) - 1, remaining_ms=MIN, anchor=T0, running=True)
    assert clk.next_crossing(c, KY) is None
    assert clk.display_remaining(c, T0 + 5 * MIN) == 0
    assert clk.remaining(c, T0 + 5 * MIN) == -4 * MIN


def test_legal_time_limit_counts_six_hours_of_wall_time_from_the_start_ky_11() -> None:
    c = clk.paused(clk.started(KY, T0), T0 + MIN)
    assert clk.time_limit_at(c, 360) == T0 + 360 * MIN
    assert clk.time_limit_at(clk.Clock(), 360) is None
    assert clk.time_limit_at(c, None) is None


@given(
    st.lists(
        st.tuples(st.sampled_from(["pause", "resume", "add", "wait"]), st.integers(0, 30 * MIN)),
        max_size=20,
    )
)
def test_time_left_is_length_plus_added_minus_time_run(steps: list[tuple[str, int]]) -> None:
    """Only running time comes off the clock; paused time never does."""
    now = T0
    c = clk.started(KY, T0)
    added = 0
    run = 0
    for op, amount in steps:
        if c.running:
            run += amount
        now += amount
        if op == "pause" and c.running:
            c = clk.paused(c, now)
        elif op == "resume" and not c.running:
            c = clk.resumed(c, now)
        elif op == "add":
            c = clk.adjusted(c, now, amount)
            added += amount
        assert clk.remaining(c, now) == 20 * MIN + added - run
