"""``pitboss simulate``: the instant estimate first, and the defects issue 26 found in its
report (each test named after the symptom)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.cli.simulate_report import forecast_lines
from pitboss.play.forecast import RunSummary, forecast

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", "--quiet", *args])
    return result.exit_code, result.output


def test_simulate_prints_the_instant_estimate_before_the_report_and_json_carries_it() -> None:
    code, out = _run("--preset", "thc-sit-and-go", "--players", "10", "--seed", "1")
    assert code == 0, out
    assert out.splitlines()[0].startswith("Instant estimate: a winner at about ")
    assert out.index("Instant estimate") < out.index("Final standings")
    code, out = _run("--preset", "thc-sit-and-go", "--players", "10", "--runs", "2", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["estimate"]["entrants"] == 10
    assert 60 < data["estimate"]["finish_minutes"] < 240
    assert data["warnings"] == []


def test_late_minus_3_says_what_is_allowed_without_naming_internal_fields() -> None:
    code, out = _run("--preset", "slpt", "--players", "10", "--late", "-3")
    assert code == 2
    assert "--late -3: give 0 or more players arriving late" in out
    assert "colour_up_seconds" not in out
    assert "late_entries" not in out


def test_an_ante_of_60000_at_300_600_is_warned(tmp_path: Path) -> None:
    preset = tmp_path / "odd.toml"
    preset.write_text(
        'name = "odd"\ntitle = "Odd ante"\n\n[tournament.structure]\nchips = [100]\n'
        "levels = [\n  { small_blind = 100, big_blind = 200 },\n"
        "  { small_blind = 300, big_blind = 600, ante = 60000 },\n]\nbreaks = []\n"
        "\n[tournament.entry]\nstarting_chips = 20000\n",
        encoding="utf-8",
    )
    code, out = _run("--preset", str(preset), "--players", "3", "--seed", "1")
    assert code == 0, out
    assert "Warning: level 2: the ante 60,000 at 300/600 is 100.0 times the big blind" in out
    code, out = _run("--preset", str(preset), "--players", "3", "--seed", "1", "--json")
    assert any("the ante 60,000" in w for w in json.loads(out)["warnings"])


def test_seed_is_the_random_seed_and_the_rulebooks_seed_stays_in_its_title() -> None:
    code, out = _run("--preset", "thc-sit-and-go", "--players", "10", "--seed", "4")
    assert code == 0, out
    assert "(seed 001, THC 1) (thc-sit-and-go): 10 players, random seed 4" in out


def _summary(seed: int, *, minutes: int, chopped: bool, hands: int) -> RunSummary:
    return RunSummary(
        seed=seed,
        entrants=1200,
        hands_dealt=hands,
        rebuys=1500,
        add_ons=1100,
        prize_pool_cents=12_000_000,
        elapsed_minutes=minutes,
        chopped=chopped,
        players_at_chop=3 if chopped else 0,
        last_level=14,
        levels=((1, 1200), (2, 1150)),
        curve_step_minutes=10,
        curve=(1200, 1, 1),
        time_limit_minutes=360,
        house_share_cents=3_500_000,
    )


def test_thousands_separators_are_in_every_count_of_a_forecast() -> None:
    fc = forecast([_summary(s, minutes=300 + s, chopped=False, hands=12_000 + s) for s in (1, 2)])
    text = "\n".join(forecast_lines(fc, preset="p", title="T", house="the fees"))
    assert "forecast of 2 tournaments of 1,200 players" in text
    assert "Re-buys sold: median 1,500" in text
    assert "Hands dealt: median 12,001" in text
    assert "      1    1,200" in text  # players when level 1 starts


def test_a_chop_at_the_legal_limit_is_charted_inside_the_limit_ky_11() -> None:
    fc = forecast([_summary(1, minutes=360, chopped=True, hands=900)])
    ((start, runs),) = fc.finish_histogram
    assert start + fc.histogram_bin_minutes <= 360  # the bar ends at the limit's line
    assert runs == 1


def test_a_chop_at_the_legal_limit_does_not_read_as_ending_after_it_ky_11() -> None:
    code, out = _run(
        "--preset", "ky-charity", "--players", "20", "--seed", "1", "--time-limit", "60"
    )
    assert code == 0, out
    assert "stopped at the time limit, 19:00 (1 h 00 min, set by --time-limit" in out
    assert "ended at 19:0" not in out
    code, out = _run(
        "--preset", "ky-charity", "--players", "20", "--runs", "2", "--time-limit", "60"
    )
    assert code == 0, out
    assert "Finish, from the start: median 1 h 00 min" in out


def test_the_forecast_shows_the_charitys_take_in_text_and_json_ky_18() -> None:
    args = ("--preset", "ky-charity", "--players", "10", "--runs", "2")
    code, out = _run(*args)
    assert code == 0, out
    assert "The house keeps (the re-buy and add-on money, 15% of the entry money): median $" in out
    code, out = _run(*args, "--json")
    taken = json.loads(out)["house_share_cents"]
    assert taken["median"] >= 10 * 10000 * 15 // 100
