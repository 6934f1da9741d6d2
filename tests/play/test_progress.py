"""Progress from the first second: registration, the seat draw and play, with a time estimate.

Issue 10: ``pitboss simulate --players 100000`` sat silent for minutes while the director
registered the field one player at a time and drew the seats.
"""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from pitboss.cli.simulate import (
    ProgressDisplay,
    RemainingEstimate,
    _new_bar,
    format_remaining,
    progress_status,
)
from pitboss.play.runtime import Progress, play_tournament
from pitboss.play.simulation import ProgressStage
from pitboss.rules import RuleSet


def test_registration_and_the_seat_draw_report_progress_before_the_first_hand() -> None:
    seen: list[Progress] = []
    play_tournament(RuleSet.from_preset("slpt"), players=12, seed=3, on_progress=seen.append)
    stages = [p.stage for p in seen]
    first_play = stages.index(ProgressStage.PLAYING)
    assert stages[:first_play] == [ProgressStage.REGISTERING] * 13 + [ProgressStage.SEATING]
    registering = [p for p in seen if p.stage is ProgressStage.REGISTERING]
    assert [p.done for p in registering] == list(range(13))  # from 0, before the first entry
    assert {p.total for p in registering} == {12}
    assert all(p.hands_dealt == 0 for p in seen[:first_play])
    playing = seen[first_play:]
    assert playing[-1].done == 11  # every player but the winner is out
    assert {p.total for p in playing} == {12}


class _RegisteredError(Exception):
    """Raised by a progress callback to stop a run once the field is registered."""


def test_a_large_field_reports_registration_every_two_hundredth_not_every_player() -> None:
    seen: list[Progress] = []

    def stop_at_the_seat_draw(p: Progress) -> None:
        seen.append(p)
        if p.stage is ProgressStage.SEATING:
            raise _RegisteredError

    with pytest.raises(_RegisteredError):
        play_tournament(
            RuleSet.from_preset("tda"), players=1_000, seed=1, on_progress=stop_at_the_seat_draw
        )
    done = [p.done for p in seen if p.stage is ProgressStage.REGISTERING]
    assert done == list(range(0, 1_001, 5))


def test_remaining_estimate_follows_a_cost_that_grows_with_the_field() -> None:
    # Each registration costs more as the director's state grows: t(n) = n/1000 + n**2/10**6.
    estimate = RemainingEstimate()
    assert estimate.remaining(100_000) is None
    for n in range(1_000, 30_001, 1_000):
        estimate.add(n, n / 1_000 + n * n / 10**6)
    left = estimate.remaining(100_000)
    assert left == pytest.approx((100 + 10_000) - (30 + 900), rel=1e-6)
    # the average pace alone would have said 3.3 times the 930 s taken so far
    assert left > 3 * 930


def test_remaining_estimate_of_a_steady_pace_is_the_average_pace() -> None:
    estimate = RemainingEstimate()
    for n in (10, 20, 30, 40):
        estimate.add(n, n * 0.5)
    assert estimate.remaining(100) == pytest.approx(30.0)
    estimate.add(100, 50.0)
    assert estimate.remaining(100) == 0.0


def test_format_remaining_reads_like_a_clock() -> None:
    assert format_remaining(None) == "-:--:--"
    assert format_remaining(277.4) == "0:04:37"
    assert format_remaining(3 * 3600 + 61) == "3:01:01"


def _at(stage: ProgressStage, done: int, total: int) -> Progress:
    return Progress(
        elapsed_ms=0,
        label="Registration",
        players_left=100_000,
        entrants=100_000,
        tables=0,
        hands_dealt=0,
        hand_for_hand=False,
        stage=stage,
        done=done,
        total=total,
    )


def test_the_bar_shows_each_stage_with_the_time_left() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=True, color_system=None)
    bar = _new_bar(console)
    ticks = iter([0.0, 0.0, 10.0, 20.0, 30.0, 31.0])
    display = ProgressDisplay(bar, players=100_000, clock=lambda: next(ticks))
    task = bar.tasks[0]
    assert task.description == "Setting up 100,000 players"
    display(_at(ProgressStage.REGISTERING, 0, 100_000))
    assert task.description == "Registering"
    assert task.fields["left"] == "-:--:--"
    display(_at(ProgressStage.REGISTERING, 10_000, 100_000))
    display(_at(ProgressStage.REGISTERING, 20_000, 100_000))
    assert task.completed == 20_000
    assert task.fields["left"] == "0:01:20"  # 20 s for 20,000: 80 s for the other 80,000
    assert task.fields["status"] == "players registered"
    console.print(bar.make_tasks_table(bar.tasks))
    shown = out.getvalue()
    assert "Registering" in shown
    assert "20000/100000" in shown
    assert "left 0:01:20 players registered" in shown
    display(_at(ProgressStage.SEATING, 0, 1))
    assert (task.description, task.total, task.completed) == ("Drawing seats", 1, 0)
    assert task.fields["status"] == "100,000 players"
    display(_at(ProgressStage.PLAYING, 0, 100_000))
    assert task.description == "Players out"


def test_play_status_names_the_level_the_field_and_the_simulated_time() -> None:
    p = Progress(
        elapsed_ms=125 * 60_000,
        label="Level 6",
        players_left=1_650,
        entrants=3_000,
        tables=166,
        hands_dealt=9_000,
        hand_for_hand=True,
        done=1_350,
        total=3_000,
    )
    assert progress_status(p) == (
        "Level 6, 1,650 left, 166 tables, 2 h 05 min of play, hand-for-hand"
    )
