"""The forecast is honest: a field whose answer is known gives that answer, and seeds repeat.

A structure that cannot finish within the legal time limit (KY 11) must report a chop in
every run (probability exactly 1); a house without a time limit never chops; the same seeds give
the same forecast, on one process or several.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.cli.simulate import run_many
from pitboss.errors import PlayError
from pitboss.play.forecast import RunSummary, forecast, percentile, run_seeds, summarize
from pitboss.play.runtime import SimulationSettings, play_tournament
from pitboss.rules import RuleSet
from pitboss.rules.tournament import TimeLimitAction


def _limited(minutes: int) -> RuleSet:
    rules = RuleSet.from_preset("ky-charity")
    t = rules.tournament
    clock = replace(t.clock, time_limit_minutes=minutes, on_time_limit=TimeLimitAction.CHOP)
    return replace(rules, tournament=replace(t, clock=clock))


def _runs(rules: RuleSet, players: int, seeds: tuple[int, ...], jobs: int = 1) -> list[RunSummary]:
    return run_many(rules, players=players, seeds=seeds, settings=SimulationSettings(), jobs=jobs)


def test_a_structure_that_cannot_finish_in_the_time_limit_chops_every_run_ky_11() -> None:
    fc = forecast(_runs(_limited(40), 30, run_seeds(5, 4)))
    assert fc.runs == 4
    assert fc.chopped_runs == 4
    assert fc.chop_probability == 1
    assert fc.players_at_chop is not None
    assert fc.players_at_chop.minimum >= 2
    assert fc.finish_minutes.minimum >= 40
    assert fc.time_limit_minutes == 40
    assert sum(runs for _, runs in fc.chop_histogram) == 4
    assert [n for n, _ in fc.chop_histogram] == sorted({n for n, _ in fc.chop_histogram})
    assert fc.chop_histogram[0][0] == fc.players_at_chop.minimum


def test_a_house_without_a_time_limit_never_chops() -> None:
    fc = forecast(_runs(RuleSet.from_preset("slpt"), 12, run_seeds(1, 3)))
    assert fc.chopped_runs == 0
    assert fc.chop_probability == 0
    assert fc.players_at_chop is None
    assert fc.time_limit_minutes is None
    assert all(point.median >= 1 for point in fc.curve)
    assert fc.curve[0].median == 12
    assert fc.curve[-1].median == 1


def test_a_forecast_of_several_runs_is_reproducible_by_seed_on_any_number_of_processes() -> None:
    rules = RuleSet.from_preset("thc")
    seeds = run_seeds(40, 3)
    one = _runs(rules, 10, seeds)
    again = _runs(rules, 10, seeds)
    parallel = _runs(rules, 10, seeds, jobs=2)
    assert one == again == parallel
    assert forecast(one) == forecast(parallel)
    assert [s.seed for s in one] == [40, 41, 42]
    assert len({s.hands_dealt for s in one} | {s.elapsed_minutes for s in one}) > 1


def test_players_at_each_level_and_over_time_follow_the_field() -> None:
    result = play_tournament(RuleSet.from_preset("tda"), players=20, seed=8, keep_events=False)
    summary = summarize(result, step_minutes=30)
    assert summary.levels[0] == (1, 20)
    players = [n for _, n in summary.levels]
    assert players == sorted(players, reverse=True)  # a freezeout never grows
    assert summary.curve[0] == 20
    assert summary.curve[-1] == 1
    assert list(summary.curve) == sorted(summary.curve, reverse=True)
    assert len(summary.curve) == summary.elapsed_minutes // 30 + 2
    fc = forecast([summary])
    assert fc.finish_minutes.median == summary.elapsed_minutes
    assert [lv.level for lv in fc.levels] == [lv for lv, _ in summary.levels]


def test_percentiles_are_nearest_rank_values_of_the_runs() -> None:
    values = [15, 20, 35, 40, 50]
    assert percentile(values, 0) == 15
    assert percentile(values, 30) == 20
    assert percentile(values, 40) == 20
    assert percentile(values, 50) == 35
    assert percentile(values, 100) == 50
    with pytest.raises(PlayError):
        percentile([], 50)


def test_a_forecast_needs_runs_of_one_field() -> None:
    a = summarize(play_tournament(RuleSet.from_preset("slpt"), players=6, seed=1))
    b = summarize(play_tournament(RuleSet.from_preset("slpt"), players=7, seed=1))
    with pytest.raises(PlayError):
        forecast([a, b])
    with pytest.raises(PlayError):
        forecast([])
