"""Issue 26: `pitboss structure suggest` failed for most starting stacks (4,000, the Kentucky
preset's own, among them: "seat 1's stack of 23,960 leaves 10 that the chips leaving play (20)
cannot make"). A designed structure's chips now form a chain (each divides the next), its
colour-ups are at breaks, every level can start before the limit, and the house's breaks,
re-buy window and add-on stay where the house put them."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.errors import PlayError
from pitboss.play.designer import (
    DesignRequest,
    candidate_rules,
    chip_chain,
    design_structure,
    play_serially,
)
from pitboss.rules import RuleSet
from pitboss.rules.structure import validate_structure

PRESETS = ("ky-charity", "thc", "tda", "slpt")
STACKS = range(1_000, 100_001, 500)


def _check(preset: str, stack: int, hours: int, growth: Fraction) -> None:
    base = RuleSet.from_preset(preset)
    request = DesignRequest(players=120, minutes=hours * 60, starting_chips=stack)
    rules = candidate_rules(base, request, growth)
    t = rules.tournament
    s = t.structure
    where = f"{preset}, {stack:,} chips, {hours} h, growth {float(growth):.2f}"
    validate_structure(s)
    assert all(b % a == 0 for a, b in zip(s.chips, s.chips[1:], strict=False)), where
    assert stack % s.chips[0] == 0, where
    assert all(not level.colour_up for level in s.levels), f"{where}: colour-up during play"
    for number, level in enumerate(s.levels, start=1):
        chip = s.smallest_chip_at_level(number)
        assert level.small_blind % chip == level.big_blind % chip == level.ante % chip == 0, (
            f"{where}: level {number}"
        )
    for brk in s.breaks:
        for chip in brk.colour_up:
            nxt = s.levels[brk.after_level]
            assert nxt.small_blind >= 20 * chip, f"{where}: {chip} leaves too early"
    limit = t.clock.time_limit_minutes
    if limit is not None:  # no level that cannot start before the legal limit
        start = sum(s.level_minutes for _ in s.levels[:-1]) + sum(b.minutes for b in s.breaks)
        assert start < limit, where
    own = {b.after_level for b in base.tournament.structure.breaks}
    kept = {b.after_level for b in s.breaks}
    assert {n for n in own if n < len(s.levels) - 1} <= kept | {n for n in own if n > 10}, where
    if t.rebuy.allowed:
        assert t.rebuy.until_level == base.tournament.rebuy.until_level, where
        need = max(s.smallest_chip_at_level(n) for n in range(1, (t.rebuy.until_level or 1) + 1))
        assert t.rebuy.chips % need == 0, where
    if t.add_on.allowed:
        assert t.add_on.at_break_after_level == base.tournament.add_on.at_break_after_level
        assert t.add_on.chips % s.chips_in_play_at_break(t.add_on.at_break_after_level)[0] == 0


@pytest.mark.parametrize("preset", PRESETS)
def test_every_stack_from_1000_to_100000_gets_chips_that_pay_every_blind_and_colour_up(
    preset: str,
) -> None:
    for stack in STACKS:
        for hours, growth in ((2, Fraction(2)), (6, Fraction(13, 10)), (10, Fraction(11, 10))):
            _check(preset, stack, hours, growth)


def test_the_kentucky_stack_of_4000_is_paid_in_25s_as_the_house_does_ky_10() -> None:
    assert chip_chain((25, 50, 100, 500, 1000, 5000), 4000) == (25, 50, 100, 500, 1000, 5000)
    rules = candidate_rules(
        RuleSet.from_preset("ky-charity"),
        DesignRequest(players=120, minutes=360, starting_chips=4000),
        Fraction(3, 2),
    )
    first = rules.tournament.structure.levels[0]
    assert (first.small_blind, first.big_blind) == (25, 50)


def test_a_target_before_the_legal_limit_keeps_the_law_kentucky_11() -> None:
    base = RuleSet.from_preset("ky-charity")
    margin = DesignRequest(players=60, minutes=300, starting_chips=4000)
    assert candidate_rules(base, margin, Fraction(3, 2)).tournament.clock.time_limit_minutes == 360
    own = DesignRequest(players=60, minutes=300, starting_chips=4000, limit_minutes=330)
    assert candidate_rules(base, own, Fraction(3, 2)).tournament.clock.time_limit_minutes == 330


@settings(max_examples=6, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    stack=st.sampled_from([2_000, 3_000, 4_000, 6_000, 8_000, *STACKS[::37]]),
    hours=st.integers(2, 10),
)
def test_a_designed_night_plays_to_its_end_with_every_colour_up(
    preset: str, stack: int, hours: int
) -> None:
    base = RuleSet.from_preset(preset)
    request = DesignRequest(players=12, minutes=hours * 60, starting_chips=stack)
    rules = candidate_rules(base, request, Fraction(3, 2))
    (run,) = play_serially(rules, 12, (7,))
    assert run.entrants == 12
    assert run.chopped or run.curve[-1] == 1


def test_breaks_come_as_often_as_the_designer_asks_after_the_houses_own() -> None:
    base = RuleSet.from_preset("tda")  # breaks after levels 4, 8, 12 and 16 of 20 minutes
    request = DesignRequest(
        players=100, minutes=600, starting_chips=20000, limit_minutes=720, break_every_minutes=60
    )
    s = candidate_rules(base, request, Fraction(13, 10)).tournament.structure
    after = [b.after_level for b in s.breaks]
    assert after[:4] == [4, 8, 12, 16]
    assert len(after) > 4
    assert all(b - a == 3 for a, b in itertools.pairwise(after[3:]))


def test_the_blinds_never_grow_faster_than_the_designers_cap() -> None:
    request = DesignRequest(
        players=10, minutes=360, starting_chips=4000, runs=2, steps=2, max_growth=Fraction(13, 10)
    )
    design = design_structure(RuleSet.from_preset("ky-charity"), request)
    assert all(c.growth <= Fraction(13, 10) for c in design.tried)
    levels = design.chosen.rules.tournament.structure.levels
    assert all(b.big_blind <= a.big_blind * 2 for a, b in itertools.pairwise(levels))
    tight = replace(request, minutes=60, max_growth=Fraction(6, 5))
    with pytest.raises(PlayError, match="--max-growth"):
        design_structure(RuleSet.from_preset("ky-charity"), tight)


def test_the_designer_moves_the_rebuy_window_and_the_add_on_where_asked_ky_4_5() -> None:
    request = DesignRequest(
        players=100, minutes=330, starting_chips=4000, rebuy_until_level=3, add_on_after_level=7
    )
    t = candidate_rules(RuleSet.from_preset("ky-charity"), request, Fraction(13, 10)).tournament
    assert t.rebuy.until_level == 3
    assert t.add_on.at_break_after_level == 7
    assert 7 in {b.after_level for b in t.structure.breaks}  # a break put there for it
    assert 5 in {b.after_level for b in t.structure.breaks}  # the house's intermission kept


def test_suggest_reads_in_clock_times_from_the_start_and_refuses_a_window_the_house_lacks() -> None:
    from typer.testing import CliRunner

    from pitboss.cli import app
    from pitboss.cli import structure as _structure  # noqa: F401  (registers the command)

    args = ["structure", "suggest", "--players", "10", "--hours", "5", "--chips", "4000"]
    ran = CliRunner().invoke(app, [*args, "--runs", "2", "--jobs", "1", "--start", "18:00"])
    assert ran.exit_code == 0, ran.output
    assert "play from 18:00, a target finish of 23:00 (a legal limit of 00:00 (+1 day))" in (
        ran.stdout.replace("\n# ", " ")
    )
    assert "best so far" in ran.stderr
    refused = CliRunner().invoke(app, [*args, "--preset", "tda", "--rebuy-until-level", "4"])
    assert refused.exit_code == 2
    assert "sells no re-buys" in refused.output
