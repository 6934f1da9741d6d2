"""``pitboss presets`` and ``pitboss preset show``: what a director reads."""

from __future__ import annotations

from typer.testing import CliRunner

from pitboss.cli import _register, app

runner = CliRunner()
_register()


def test_presets_lists_every_house() -> None:
    result = runner.invoke(app, ["presets"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for name in ("tda (default)", "ky-charity", "thc", "slpt"):
        assert name in result.output
    assert "$100.00 + $10.00" in result.output  # THC 1
    assert "6 h 00 min" in result.output  # KY 11


def test_preset_show_ky_prints_levels_breaks_and_colour_ups() -> None:
    result = runner.invoke(app, ["preset", "show", "ky-charity"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    out = result.output
    rows = [line for line in out.splitlines() if line.startswith("│")]
    level_7 = next(r for r in rows if r.split("│")[1].strip() == "7")
    assert [cell.strip() for cell in level_7.split("│")[3:6]] == ["750", "1,500", "100"]
    assert sum(1 for r in rows if "Break" in r) == 3  # after levels 5, 10, 14
    for chip in ("25", "50", "100", "500"):
        assert f"colour-up: the {chip} chips leave play" in out
    assert "re-buys end" in out
    assert "add-on: 5,000 chips for $50.00" in out
    assert "85% of entry" in out
    assert "every player antes" in out


def test_preset_show_thc_marks_the_two_hour_break() -> None:
    result = runner.invoke(app, ["preset", "show", "thc"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    brk = next(line for line in result.output.splitlines() if "2 hours" in line)
    assert "2:00" in brk
    assert "re-buys end" in brk
    assert "only below 16,000 chips" in result.output
    assert "Minimum age to win" in result.output


def test_unknown_preset_exits_2_with_the_available_names() -> None:
    result = runner.invoke(app, ["preset", "show", "wsop"])
    assert result.exit_code == 2
    assert "available: ky-charity" in result.output
