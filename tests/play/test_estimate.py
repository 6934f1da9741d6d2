"""The instant estimate (`pitboss.play.estimate`) and the structure in big blinds
(`pitboss.play.bigblinds`): close to the simulator, pure, and what a designer reads."""

from __future__ import annotations

from dataclasses import replace
from statistics import median

import pytest

from pitboss.play.bigblinds import (
    Speed,
    chip_breakdown,
    chips_needed,
    level_rows,
    structure_speed,
    structure_warnings,
)
from pitboss.play.estimate import estimate
from pitboss.play.parallel import play_runs
from pitboss.play.runtime import SimulationSettings
from pitboss.rules import RuleSet
from pitboss.rules.presets import preset_names
from pitboss.rules.structure import Level, Structure

TOLERANCE = 0.15
"""A few runs' median is itself loose (a tenth either way for small fields): the benchmark
checks 10% against a dozen runs a field (BENCHMARKS.md)."""


@pytest.mark.parametrize(
    ("preset", "players", "runs"),
    [("thc-sit-and-go", 10, 9), ("ky-charity", 30, 7), ("tda", 30, 5)],
)
def test_the_instant_estimate_is_within_15_percent_of_the_simulated_median(
    preset: str, players: int, runs: int
) -> None:
    rules = RuleSet.from_preset(preset)
    summaries = play_runs(
        rules,
        players=players,
        seeds=tuple(range(1, runs + 1)),
        settings=SimulationSettings(),
        jobs=1,
    )
    simulated = median(s.elapsed_minutes for s in summaries)
    est = estimate(rules, players=players)
    assert abs(est.finish_minutes - simulated) <= TOLERANCE * simulated, (est, simulated)


def test_the_same_structure_and_field_give_the_same_estimate() -> None:
    rules = RuleSet.from_preset("thc")
    assert estimate(rules, players=120) == estimate(rules, players=120)


def test_ky_18_rebuy_and_add_on_money_is_the_charitys_take_in_the_estimate() -> None:
    rules = RuleSet.from_preset("ky-charity")
    est = estimate(rules, players=120)
    assert est.rebuys > 0
    assert est.add_ons > 0
    entries = 120 * 10000
    assert est.prize_pool_cents == entries * 85 // 100
    taken = entries + (est.rebuys + est.add_ons) * 5000
    assert est.house_share_cents == taken - est.prize_pool_cents
    assert est.chips == 120 * 4000 + est.rebuys * 2000 + est.add_ons * 5000


def test_the_instant_estimate_keeps_the_bounties_out_of_the_prize_pool() -> None:
    """Regression: the estimate counted a PKO's bounty part of each buy-in in the prize pool
    (100 players: $3,000 said, $1,500 in the ledger)."""
    est = estimate(RuleSet.from_preset("pko"), players=100)
    assert est.bounty_cents == 100 * 1500
    assert est.prize_pool_cents == 100 * 1500
    assert est.house_share_cents == 100 * 500  # the fees
    plain = estimate(RuleSet.from_preset("tda"), players=100)
    assert plain.bounty_cents == 0
    assert plain.prize_pool_cents == 100 * 10000


def test_a_field_too_big_for_six_hours_is_estimated_to_chop_at_the_limit_ky_11() -> None:
    est = estimate(RuleSet.from_preset("ky-charity"), players=1000)
    assert est.is_chopped
    assert est.finish_minutes == 360
    assert est.players_at_limit >= 2


def test_slower_dealing_makes_a_longer_night() -> None:
    from pitboss.cli.simulate_knobs import parse_hands_per_hour

    rules = RuleSet.from_preset("tda")
    slow = estimate(rules, players=50, pace=parse_hands_per_hour(20, spread_percent=20))
    fast = estimate(rules, players=50, pace=parse_hands_per_hour(40, spread_percent=20))
    assert slow.finish_minutes > fast.finish_minutes


@pytest.mark.parametrize("preset", preset_names())
def test_the_starting_stack_is_handed_out_in_chips_that_sum_to_it(preset: str) -> None:
    rules = RuleSet.from_preset(preset)
    t = rules.tournament
    values = t.structure.chips_in_play_at_level(1)
    parts = chip_breakdown(values, t.entry.starting_chips)
    assert sum(v * n for v, n in parts) == t.entry.starting_chips
    assert parts[0][0] == min(values)  # the smallest chip pays the first small blinds
    needs = chips_needed(rules, estimate(rules, players=10))
    assert all(
        padded >= n for (_, n), (_, padded) in zip(needs.total, needs.with_float, strict=True)
    )


def test_the_kentucky_stack_is_4000_in_23_chips_from_the_25s_up() -> None:
    assert chip_breakdown((25, 50, 100, 500, 1000, 5000), 4000) == (
        (25, 4),
        (50, 4),
        (100, 12),
        (500, 1),
        (1000, 2),
    )


def _with_levels(preset: str, minutes: int) -> RuleSet:
    rules = RuleSet.from_preset(preset)
    structure = replace(rules.tournament.structure, level_minutes=minutes)
    return replace(rules, tournament=replace(rules.tournament, structure=structure))


def test_short_levels_make_a_turbo_or_a_hyper_turbo() -> None:
    assert structure_speed(RuleSet.from_preset("tda")).speed is Speed.REGULAR
    turbo = structure_speed(_with_levels("tda", 12))
    assert turbo.speed is Speed.TURBO
    assert "12-minute levels" in turbo.reasons[0]
    assert structure_speed(_with_levels("tda", 6)).speed is Speed.HYPER_TURBO


def test_a_short_starting_stack_makes_a_hyper_turbo() -> None:
    rules = RuleSet.from_preset("tda")  # 20,000 at 100/200: 100 big blinds
    short = replace(rules.tournament.entry, starting_chips=4000)
    rules = replace(rules, tournament=replace(rules.tournament, entry=short))
    verdict = structure_speed(rules)
    assert verdict.speed is Speed.HYPER_TURBO
    assert "20 big blinds" in " ".join(verdict.reasons)


def test_an_ante_of_60000_at_300_600_is_warned() -> None:
    structure = Structure(
        chips=(100,),
        levels=(
            Level(small_blind=100, big_blind=200),
            Level(small_blind=300, big_blind=600, ante=60000),
        ),
        breaks=(),
    )
    (warning,) = structure_warnings(structure)
    assert "level 2" in warning
    assert "60,000" in warning
    assert "100.0 times the big blind" in warning


def test_the_shipped_antes_are_not_warned() -> None:
    for preset in preset_names():
        rules = RuleSet.from_preset(preset)
        assert structure_warnings(rules.tournament.structure) == [], preset


def test_each_level_shows_the_average_stack_in_big_blinds_at_the_expected_field() -> None:
    rules = RuleSet.from_preset("ky-charity")
    est = estimate(rules, players=100)
    rows = level_rows(rules, est)
    first = rows[0]
    assert first.players == 100
    assert first.average_stack == 4000
    assert first.average_big_blinds == 80
    assert first.starting_big_blinds == 80
    assert rows[4].break_minutes == 10  # the intermission after level 5 (KY 4, 5)
    reached = [r for r in rows if r.players is not None]
    assert reached[-1].players is not None
    assert reached[-1].players < 100
    assert rows[-1].players is None  # the winner is known long before level 16
