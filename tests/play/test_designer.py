"""The structure designer proposes a legal structure that the forecast finishes in time."""

from __future__ import annotations

from fractions import Fraction

import pytest
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import structure as _structure  # noqa: F401  (registers the command)
from pitboss.play.designer import DesignRequest, candidate_rules, design_structure, format_design
from pitboss.rules import RuleSet
from pitboss.rules.ruleset import parse_preset
from pitboss.rules.structure import validate_structure


def _design(minutes: int) -> str:
    request = DesignRequest(players=20, minutes=minutes, starting_chips=10000, runs=4, steps=2)
    return format_design(design_structure(RuleSet.from_preset("ky-charity"), request))


def test_the_suggestion_parses_validates_and_pays_every_blind_in_chips_tda_24() -> None:
    rules = parse_preset(_design(180))
    s = rules.tournament.structure
    validate_structure(s)
    assert rules.tournament.clock.time_limit_minutes == 360  # KY 11's law, not the target
    assert rules.tournament.entry.starting_chips == 10000
    for number, level in enumerate(s.levels, start=1):
        chip = s.smallest_chip_at_level(number)
        assert level.small_blind % chip == level.big_blind % chip == level.ante % chip == 0


def test_a_tighter_hour_limit_gives_a_faster_structure() -> None:
    base = RuleSet.from_preset("ky-charity")
    long = DesignRequest(players=20, minutes=300, starting_chips=10000, runs=4, steps=2)
    short = DesignRequest(players=20, minutes=150, starting_chips=10000, runs=4, steps=2)
    slow = design_structure(base, long).chosen
    fast = design_structure(base, short).chosen
    assert fast.growth > slow.growth
    assert fast.forecast.finish_minutes.median < slow.forecast.finish_minutes.median


def test_a_candidate_colours_up_at_a_break_once_the_small_blind_is_twenty_times_the_chip() -> None:
    request = DesignRequest(players=20, minutes=240, starting_chips=10000)
    s = candidate_rules(RuleSet.from_preset("ky-charity"), request, Fraction(3, 2)).tournament
    assert not any(level.colour_up for level in s.structure.levels)
    leaving = [b for b in s.structure.breaks if b.colour_up]
    assert leaving
    for brk in leaving:
        after = s.structure.levels[brk.after_level]
        assert all(after.small_blind >= 20 * chip for chip in brk.colour_up), brk


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "1", "--hours", "3", "--chips", "10000"],
        ["--players", "20", "--hours", "0.1", "--chips", "10000"],
        ["--players", "20", "--hours", "3", "--chips", "10"],
        ["--players", "20", "--hours", "3", "--chips", "10000", "--limit-chop-risk", "100%"],
        ["--players", "20", "--hours", "3", "--chips", "10000", "--limit-chop-risk", "lots"],
        ["--players", "20", "--hours", "3", "--chips", "10000", "--preset", "nowhere"],
    ],
)
def test_bad_options_are_refused_with_one_line_and_status_2(args: list[str]) -> None:
    result = CliRunner().invoke(app, ["structure", "suggest", *args])
    assert result.exit_code == 2
    assert result.output.strip().startswith("error:")
    assert len(result.output.strip().splitlines()) == 1


def test_the_command_prints_a_preset_with_its_forecast_as_comments() -> None:
    args = ["--players", "20", "--hours", "3", "--chips", "10000", "--runs", "3", "--jobs", "1"]
    result = CliRunner().invoke(app, ["structure", "suggest", *args])
    assert result.exit_code == 0, result.output
    assert "# Designed by pitboss structure suggest" in result.stdout
    assert "median finish" in result.stdout
    assert "ending after the target" in result.stdout
    assert "tried blinds growing" in result.stderr  # progress, candidate by candidate
    validate_structure(parse_preset(result.stdout).tournament.structure)
