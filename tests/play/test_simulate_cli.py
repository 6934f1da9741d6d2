"""``pitboss simulate``: one tournament, a forecast of many, charts, hand histories, JSON."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import DEFAULT_PRESET, app
from pitboss.cli import simulate as simulate_cli
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.ids import PlayerId
from pitboss.play.forecast import forecast, summarize
from pitboss.play.runtime import play_tournament
from pitboss.play.simulation import Finisher
from pitboss.rules import RuleSet

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_one_tournament_prints_the_standings_payouts_and_finish_time() -> None:
    code, out = _run("--preset", "slpt", "--players", "12", "--seed", "3")
    assert code == 0, out
    assert "12 players, random seed 3" in out
    assert "hands dealt" in out
    assert "Prize pool $240.00" in out
    assert "Winner: p" in out
    assert "Final standings" in out
    assert "\n      1  p" in out


def test_the_same_seed_prints_the_same_report_byte_for_byte() -> None:
    args = ("--preset", "thc", "--players", "11", "--seed", "5")
    assert _run(*args) == _run(*args)
    assert _run(*args)[1] != _run("--preset", "thc", "--players", "11", "--seed", "6")[1]


def test_a_time_limit_forces_the_houses_chop_ky_11() -> None:
    code, out = _run(
        "--preset", "ky-charity", "--players", "30", "--seed", "2", "--time-limit", "40"
    )
    assert code == 0, out
    assert (
        "Forced chop at the time limit (0 h 40 min, set by --time-limit; the house's is "
        "6 h 00 min, KY 11)" in out
    )
    assert "chip chop" in out


def test_json_accounts_for_every_player_and_every_prize_cent() -> None:
    code, out = _run("--preset", "ky-charity", "--players", "16", "--seed", "4", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["players"] == 16
    assert data["seed"] == 4
    assert len(data["standings"]) == 16
    assert sum(f["prize_cents"] for f in data["standings"]) == data["prize_pool_cents"]
    assert data["rebuys"] == sum(f["rebuys"] for f in data["standings"])
    assert data["levels"][0] == {"level": 1, "players": 16}


def test_a_forecast_of_many_runs_reports_finish_times_and_the_chance_of_a_chop() -> None:
    code, out = _run(
        "--preset", "ky-charity", "--players", "20", "--seed", "1", "--runs", "3", "--jobs", "1"
    )
    assert code == 0, out
    assert "forecast of 3 tournaments of 20 players, random seeds 1 to 3" in out
    assert "Finish, from the start: median" in out
    assert "Chance the time limit (6 h 00 min, KY 11) forces a chop:" in out
    assert "Players remaining when each level starts" in out
    code, out = _run(
        "--players",
        "20",
        "--seed",
        "1",
        "--runs",
        "3",
        "--jobs",
        "2",
        "--json",
        "--time-limit",
        "30",
    )
    assert code == 0, out
    data = json.loads(out)
    assert data["runs"] == 3
    assert data["chopped_runs"] == 3
    assert data["chop_probability"] == 1


def test_plot_writes_png_charts(tmp_path: Path) -> None:
    code, out = _run(
        "--preset",
        "slpt",
        "--players",
        "10",
        "--runs",
        "2",
        "--jobs",
        "1",
        "--plot",
        str(tmp_path),
    )
    assert code == 0, out
    for name in ("players_remaining.png", "finish_times.png"):
        data = (tmp_path / name).read_bytes()
        assert data.startswith(b"\x89PNG\r\n\x1a\n")
        assert len(data) > 5000


def test_hands_out_writes_phh_and_pokerstars_files(tmp_path: Path) -> None:
    code, out = _run("--preset", "slpt", "--players", "12", "--hands-out", str(tmp_path))
    assert code == 0, out
    assert "hands written to" in out
    phh = sorted((tmp_path / "phh").glob("table-*.phhs"))
    stars = sorted((tmp_path / "pokerstars").glob("*.txt"))
    assert phh
    assert [p.name for p in stars] == [f"p{n:03d}.txt" for n in range(1, 13)]  # one per player
    own = stars[0].read_text(encoding="utf-8")
    assert own.startswith("PokerStars Hand #1: Tournament #7")
    assert "\n*** HOLE CARDS ***\nDealt to p001 [" in own


def test_bad_input_exits_with_status_2() -> None:
    assert _run("--preset", "wsop")[0] == 2
    assert _run("--runs", "2", "--hands-out", "x")[0] == 2
    assert _run("--players", "1")[0] == 2


def test_a_houses_own_toml_preset_can_be_simulated(tmp_path: Path) -> None:
    from importlib import resources

    text = (resources.files("pitboss.rules") / "presets" / "slpt.toml").read_text("utf-8")
    path = tmp_path / "my-house.toml"
    path.write_text(text.replace('name = "slpt"', 'name = "my-house"'), encoding="utf-8")
    code, out = _run("--preset", str(path), "--players", "9", "--seed", "2")
    assert code == 0, out
    assert f"({path}): 9 players, random seed 2" in out


def test_simulate_plays_the_preset_that_presets_marks_as_the_default() -> None:
    code, out = _run("--players", "6", "--seed", "1")
    assert code == 0, out
    assert f"({DEFAULT_PRESET}): 6 players, random seed 1" in out
    listing = runner.invoke(app, ["presets"], env={"COLUMNS": "200"}).output
    assert f"{DEFAULT_PRESET} (default)" in listing


def test_a_thc_run_with_time_limit_cites_the_option_not_ky_11() -> None:
    code, out = _run("--preset", "thc", "--players", "30", "--seed", "2", "--time-limit", "40")
    assert code == 0, out
    chop = next(line for line in out.splitlines() if line.startswith("Forced chop"))
    assert "(0 h 40 min, set by --time-limit; the house has no time limit)" in chop
    assert "KY" not in out


@pytest.mark.slow
def test_ky_11_own_limit_is_cited_and_each_survivor_below_a_lower_paid_prize_is_warned() -> None:
    # 700 players do not finish KY's structure in 6 hours (seed 3): KY 11's chip chop ends the
    # night. (A field of 150 used to: the bots before issue 15 folded far too much.)
    code, out = _run("--preset", "ky-charity", "--players", "700", "--seed", "3", "--json")
    assert code == 0, out
    data = json.loads(out)
    chop = data["chop"]
    assert chop is not None
    assert chop["rule"] == "KY 11"
    survivors = len(chop["players"])
    paid_below = [f for f in data["standings"] if f["first"] > survivors and f["prize_cents"]]
    best = max(paid_below, key=lambda f: f["prize_cents"])
    for player, amount in zip(chop["players"], chop["amounts_cents"], strict=True):
        warned = any(w.startswith(f"{player} gets ") for w in chop["warnings"])
        assert warned == (amount < best["prize_cents"]), (player, amount, best)
    code, out = _run("--preset", "ky-charity", "--players", "700", "--seed", "3")
    assert f"Forced chop at the time limit (6 h 00 min, KY 11): {survivors} players left" in out


def test_a_survivor_paid_less_than_a_lower_place_is_warned_by_name_and_place() -> None:
    rules = RuleSet.from_preset("ky-charity")
    clock = replace(rules.tournament.clock, time_limit_minutes=40)
    limited = replace(rules, tournament=replace(rules.tournament, clock=clock))
    result = play_tournament(limited, players=12, seed=2, keep_events=False)
    assert result.chop is not None

    def finisher(player: str, first: int, last: int, prize: int) -> Finisher:
        return Finisher(
            player_id=PlayerId(player),
            style="tight_aggressive",
            first=first,
            last=last,
            prize_cents=prize,
            chips=0,
            rebuys=0,
            add_ons=0,
        )

    standings = (
        finisher("p1", 1, 2, 90_000),
        finisher("p2", 1, 2, 10_000),
        finisher("p3", 3, 3, 15_000),
        finisher("p4", 4, 4, 12_000),
        finisher("p5", 5, 5, 0),
    )
    chop = replace(
        result.chop, players=(PlayerId("p1"), PlayerId("p2")), amounts_cents=(90_000, 10_000)
    )
    crafted = replace(result, standings=standings, chop=chop)
    assert simulate_cli.chop_warnings(crafted)[-1] == (
        "p2 gets $100.00 from the chop, less than the $150.00 already paid to p3 for 3rd place"
    )
    lines = simulate_cli.chop_lines(crafted)
    assert lines[0].startswith("Forced chop at the time limit (0 h 40 min, KY 11): 2 players left")
    assert lines[-1].startswith("Warning: p2 gets $100.00")


def test_a_forced_chop_report_rounds_like_the_house_when_the_shares_are_whole_units() -> None:
    rules = RuleSet.from_preset("ky-charity")
    clock = replace(rules.tournament.clock, time_limit_minutes=40)
    limited = replace(rules, tournament=replace(rules.tournament, clock=clock))
    result = play_tournament(limited, players=30, seed=2, keep_events=False)
    assert result.chop is not None
    whole = replace(
        result.chop, amounts_cents=tuple(a // 100 * 100 for a in result.chop.amounts_cents)
    )
    assert (
        "in units of $1.00 (the house's rounding)"
        in simulate_cli.chop_lines(replace(result, chop=whole))[0]
    )
    cents = replace(
        result.chop, amounts_cents=(*whole.amounts_cents[:-1], whole.amounts_cents[-1] + 1)
    )
    assert simulate_cli.chop_lines(replace(result, chop=cents))[0].endswith("in cents")


def test_forecast_percentages_are_rounded_half_up_not_cut_or_floated() -> None:
    result = play_tournament(RuleSet.from_preset("slpt"), players=8, seed=1, keep_events=False)
    fc = replace(forecast([summarize(result)]), runs=16, chopped_runs=1, time_limit_minutes=360)
    lines = simulate_cli.forecast_lines(fc, preset="slpt", title="SLPT", rule="KY 11")
    assert "Chance the time limit (6 h 00 min, KY 11) forces a chop: 6.3% (1 of 16 runs)" in lines


def _never_played(*args: object, **kwargs: object) -> None:
    raise AssertionError("the simulation ran before the output folder was checked")


@pytest.mark.parametrize("option", ["--plot", "--hands-out"])
def test_an_unwritable_output_folder_exits_2_before_anything_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, option: str
) -> None:
    monkeypatch.setattr(simulate_cli, "play_tournament", _never_played)
    monkeypatch.setattr(simulate_cli, "run_many", _never_played)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    for folder, reason in (
        (a_file / "charts", "cannot write there"),
        (a_file, "it is a file, not a folder"),
        (Path("/proc/pitboss-charts"), "cannot write there"),
    ):
        result = runner.invoke(app, ["simulate", "--players", "6", option, str(folder)])
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1, result.output
        assert lines[0].startswith(f"error: {option} {folder}: {reason}")
        assert "Traceback" not in result.output


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write into a read-only folder")
def test_a_read_only_output_folder_exits_2_before_anything_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(simulate_cli, "play_tournament", _never_played)
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    result = runner.invoke(app, ["simulate", "--players", "6", "--plot", str(locked)])
    assert result.exit_code == 2
    assert "cannot write there" in result.output


def test_a_writable_output_folder_is_made_and_left_without_probe_files(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "hands"
    code, out = _run("--preset", "slpt", "--players", "6", "--hands-out", str(folder))
    assert code == 0, out
    assert sorted(p.name for p in folder.iterdir()) == ["phh", "pokerstars"]
    assert not list(folder.rglob(".pitboss-probe-*"))


# ------------------------------------------------------------------ the designer's knobs


def _fails_with(args: tuple[str, ...], *words: str) -> None:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert line.startswith("error: "), line
    assert "\n" not in line, line
    for word in words:
        assert word in line, line


def test_start_gives_clock_times_in_the_report_and_the_forecast() -> None:
    code, out = _run("--preset", "slpt", "--players", "8", "--seed", "3", "--start", "19:30")
    assert code == 0, out
    assert "Play started at 19:30 and ended at" in out
    code, out = _run(
        "--preset", "slpt", "--players", "8", "--runs", "2", "--jobs", "1", "--start", "23:30"
    )
    assert code == 0, out
    assert "Finish (play starts 23:30): median 0" in out  # after midnight
    assert "(+1 day)" in out
    assert "scheduled" in out
    assert " 23:45" in out  # level 2's scheduled start


@pytest.mark.parametrize("text", ["25:00", "18", "6pm", "18:7"])
def test_a_start_that_is_not_a_clock_time_is_refused(text: str) -> None:
    _fails_with(("--players", "6", "--start", text), "--start", "HH:MM")


def test_bots_sets_the_fields_styles() -> None:
    code, out = _run("--preset", "slpt", "--players", "8", "--seed", "2", "--bots", "tight=1")
    assert code == 0, out
    styles = {line.split()[2] for line in out.splitlines()[6:] if line.strip()[:1].isdigit()}
    assert styles == {"tight_aggressive"}
    code, out = _run(
        "--preset", "slpt", "--players", "8", "--json", "--bots", "push-fold=1,passive=1"
    )
    assert {f["style"] for f in json.loads(out)["standings"]} <= {"push_fold", "tight_passive"}


@pytest.mark.parametrize(
    ("text", "word"),
    [
        ("tight=3,sharky=2", "unknown style 'sharky'; allowed: "),
        ("tight=x", "whole number"),
        ("tight=0", "above 0"),
        ("tight=1,tight=2", "twice"),
    ],
)
def test_an_unknown_style_or_weight_is_refused_with_the_allowed_ones(text: str, word: str) -> None:
    _fails_with(("--players", "6", "--bots", text), "--bots", word)
    if "allowed" in word:
        _fails_with(("--players", "6", "--bots", text), "loose_passive", "tight=tight_aggressive")


def test_rebuys_sets_the_fields_habit_never_low_high() -> None:
    def rebuys(level: str) -> int:
        code, out = _run(
            "--preset",
            "ky-charity",
            "--players",
            "20",
            "--seed",
            "4",
            "--json",
            "--rebuys",
            level,
        )
        assert code == 0, out
        return int(json.loads(out)["rebuys"])

    assert rebuys("never") == 0
    assert rebuys("low") < rebuys("typical") < rebuys("high") < rebuys("always")
    _fails_with(("--players", "6", "--rebuys", "lots"), "never, low, typical, high, always")


def test_hands_per_hour_sets_the_pace_of_dealing() -> None:
    def per_hour(pace: str) -> float:  # one table of 8 from the start: the table's pace
        code, out = _run(
            "--preset", "slpt", "--players", "8", "--seed", "1", "--json", "--hands-per-hour", pace
        )
        assert code == 0, out
        data = json.loads(out)
        return 60 * data["hands_dealt"] / data["elapsed_minutes"]

    slow, typical, fast = per_hour("15"), per_hour("30"), per_hour("60")
    assert slow < typical < fast
    assert 22 <= typical <= 45
    assert fast > 1.6 * typical
    _fails_with(("--players", "6", "--hands-per-hour", "500"), "from 10 to 120")


def test_late_entrants_arrive_during_late_registration_tda_8a() -> None:
    code, out = _run("--preset", "slpt", "--players", "12", "--seed", "3", "--late", "5", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert data["players"] == 17
    assert data["prize_pool_cents"] == 17 * 2000
    assert len(data["standings"]) == 17
    _fails_with(("--preset", "thc", "--players", "12", "--late", "3"), "no late registration")
    _fails_with(("--preset", "thc-sit-and-go", "--players", "10", "--late", "1"), "--late")


def test_compare_plays_the_same_seeds_under_each_structure_side_by_side(tmp_path: Path) -> None:
    code, out = _run(
        "--compare",
        "slpt",
        "tda",
        "--players",
        "10",
        "--runs",
        "2",
        "--jobs",
        "1",
        "--time-limit",
        "60",
        "--plot",
        str(tmp_path),
    )
    assert code == 0, out
    assert (
        "Comparing 2 structures: 2 tournaments of 10 players each, the same random seeds 7 to 8"
        in out
    )
    rows = [line for line in out.splitlines() if line.startswith(("slpt ", "tda "))]
    assert len(rows) == 2
    assert all("%" in row for row in rows)  # the chance of a chop at the 60-minute limit
    assert (tmp_path / "compare_players_remaining.png").read_bytes().startswith(b"\x89PNG")
    assert f"Charts written to {tmp_path}" in out
    code, js = _run(
        "--compare", "slpt", "tda", "--players", "10", "--runs", "2", "--jobs", "1", "--json"
    )
    assert code == 0, js
    both = json.loads(js)["compare"]
    assert [f["preset"] for f in both] == ["slpt", "tda"]
    assert both[0]["seeds"] == both[1]["seeds"] == [7, 8]


def test_compare_needs_two_presets() -> None:
    _fails_with(("--compare", "slpt", "--players", "6"), "two or more")
    _fails_with(("slpt", "--players", "6"), "--compare")
    _fails_with(("--compare", "slpt", "nowhere", "--players", "6"), "nowhere")


def test_plot_says_where_the_charts_went_and_charts_the_chop(tmp_path: Path) -> None:
    code, out = _run(
        "--preset",
        "ky-charity",
        "--players",
        "20",
        "--runs",
        "2",
        "--jobs",
        "1",
        "--time-limit",
        "40",
        "--plot",
        str(tmp_path),
    )
    assert code == 0, out
    assert (
        f"Charts written to {tmp_path}: players_remaining.png, finish_times.png, "
        "players_at_chop.png" in out
    )
    code, out = _run("--preset", "slpt", "--players", "8", "--plot", str(tmp_path / "one"))
    assert code == 0, out
    assert "players_at_chop.png" not in out
    assert (tmp_path / "one" / "players_remaining.png").exists()
