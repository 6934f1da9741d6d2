"""``pitboss structure show``: the structure in big blinds with the instant estimate."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)

runner = CliRunner()


def test_structure_show_prints_the_levels_in_big_blinds_the_estimate_and_the_chips() -> None:
    result = runner.invoke(
        app, ["structure", "show", "--preset", "ky-charity", "--players", "120", "--start", "18:00"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "120 players, 4,000 chips each (80 big blinds at 25/50)" in out
    assert "Instant estimate: a winner at about" in out
    assert "Re-buys about" in out
    assert "the house keeps about $" in out
    assert "Speed: regular" in out
    assert "    1   18:00          25/50" in out  # level 1 at 18:00, 80 big blinds
    assert "break   19:40         10 min" in out  # KY 4, 5: the intermission after level 5
    assert "Starting stack: 4 x 25, 4 x 50, 12 x 100, 1 x 500, 2 x 1,000 (23 chips)" in out


def test_structure_show_says_a_field_too_big_for_the_limit_is_chopped_ky_11() -> None:
    result = runner.invoke(
        app, ["structure", "show", "--preset", "ky-charity", "--players", "1000"]
    )
    assert result.exit_code == 0, result.output
    assert "the time limit (6 h 00 min, KY 11) stops play with about" in result.output
    assert "a forced chop" in result.output


def test_structure_show_warns_of_an_ante_of_60000_at_300_600(tmp_path: Path) -> None:
    preset = tmp_path / "odd.toml"
    preset.write_text(
        'name = "odd"\ntitle = "Odd ante"\n\n[tournament.structure]\nchips = [100]\n'
        "levels = [\n  { small_blind = 100, big_blind = 200 },\n"
        "  { small_blind = 300, big_blind = 600, ante = 60000 },\n]\nbreaks = []\n"
        "\n[tournament.entry]\nstarting_chips = 20000\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["structure", "show", "--preset", str(preset), "--players", "20"])
    assert result.exit_code == 0, result.output
    assert "Warning: level 2: the ante 60,000 at 300/600 is 100.0 times the big blind" in (
        result.output
    )


def test_structure_show_json_carries_the_estimate_rows_speed_and_chips() -> None:
    result = runner.invoke(
        app, ["structure", "show", "--preset", "thc-sit-and-go", "--players", "10", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["estimate"]["entrants"] == 10
    assert data["speed"]["speed"] == "turbo"  # 15-minute levels: about 8 hands a level
    assert data["levels"][0]["average_big_blinds"] == 80
    assert data["chips"]["starting"] == [[100, 10], [500, 4], [1000, 3], [5000, 2]]


def test_structure_show_refuses_one_player() -> None:
    result = runner.invoke(app, ["structure", "show", "--players", "1"])
    assert result.exit_code == 2
    assert "--players must be 2 or more" in result.output
