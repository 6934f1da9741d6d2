"""``pitboss simulate``: one tournament, a forecast of many, charts, hand histories, JSON."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import commands as _commands  # noqa: F401  (registers the subcommands)

runner = CliRunner()


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def test_one_tournament_prints_the_standings_payouts_and_finish_time() -> None:
    code, out = _run("--preset", "slpt", "--players", "12", "--seed", "3")
    assert code == 0, out
    assert "12 players, seed 3" in out
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
    code, out = _run("--players", "30", "--seed", "2", "--time-limit", "40")
    assert code == 0, out
    assert "Forced chop at the legal time limit (0 h 40 min, KY 11)" in out
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
    code, out = _run("--players", "20", "--seed", "1", "--runs", "3", "--jobs", "1")
    assert code == 0, out
    assert "forecast of 3 tournaments of 20 players, seeds 1 to 3" in out
    assert "Finish, from the start: median" in out
    assert "Chance the legal time limit (6 h 00 min) forces a chop:" in out
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
    stars = sorted((tmp_path / "pokerstars").glob("table-*.txt"))
    assert phh
    assert len(phh) == len(stars)
    assert stars[0].read_text(encoding="utf-8").startswith("PokerStars Hand #1: Tournament #7")


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
    assert f"({path}): 9 players, seed 2" in out
