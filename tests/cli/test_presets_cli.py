"""``pitboss presets`` and ``pitboss preset show``: what a director reads."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import DEFAULT_PRESET, _register, app
from pitboss.cli.presets import DEFAULT_START
from pitboss.play.simulation import DEFAULT_START_MS

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
    assert [cell.strip() for cell in level_7.split("│")[4:6]] == ["750/1,500", "100"]
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


def _rows(output: str, *, cells: int = 7) -> list[list[str]]:
    """The rows of the table with ``cells`` columns (the structure has 7, presets 6)."""
    rows = [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in output.splitlines()
        if line.startswith("│")
    ]
    return [row for row in rows if len(row) == cells]


def test_presets_marks_the_preset_simulate_plays_by_default() -> None:
    result = runner.invoke(app, ["presets"], env={"COLUMNS": "200"})
    marked = [row[0] for row in _rows(result.output, cells=6) if "(default)" in row[0]]
    assert marked == [f"{DEFAULT_PRESET} (default)"]


def test_preset_show_prints_each_level_and_break_on_the_clock_from_18_00() -> None:
    result = runner.invoke(app, ["preset", "show", "ky-charity"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    starts = {(row[0], row[2]): row[1] for row in _rows(result.output) if row[0]}
    assert starts[("1", "0:00")] == "18:00"
    assert starts[("2", "0:20")] == "18:20"
    assert starts[("Break", "1:40")] == "19:40"  # after level 5 (KY 10)
    assert starts[("6", "1:50")] == "19:50"  # the 10-minute break counts
    assert starts[("16", "5:30")] == "23:30"
    assert "Time limit: 6 h 00 min, at 00:00 (+1), KY 11." in " ".join(result.output.split())


def test_preset_show_start_option_moves_the_clock_past_midnight() -> None:
    result = runner.invoke(
        app, ["preset", "show", "ky-charity", "--start", "21:30"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 0, result.output
    clock = {row[0]: row[1] for row in _rows(result.output) if row[0] not in ("", "Break")}
    assert clock["1"] == "21:30"
    assert clock["9"] == "00:20 (+1)"


def test_preset_show_a_bad_start_exits_2_saying_what_is_allowed() -> None:
    result = runner.invoke(app, ["preset", "show", "tda", "--start", "25:00"])
    assert result.exit_code == 2
    assert "HH:MM, 00:00 to 23:59" in result.output


def test_ky_level_7_row_notes_the_seeds_759_and_why_it_was_corrected() -> None:
    result = runner.invoke(app, ["preset", "show", "ky-charity"], env={"COLUMNS": "250"})
    level_7 = next(row for row in _rows(result.output) if row[0] == "7")
    assert "the seed prints 759, a typo (RULES §6)" in level_7[-1]
    assert "1:2" in level_7[-1]
    others = [row[-1] for row in _rows(result.output) if row[0] not in ("7", "")]
    assert not any("759" in note for note in others)


def test_preset_show_reads_a_houses_own_toml_file_with_its_level_notes(tmp_path: Path) -> None:
    from importlib import resources

    text = (resources.files("pitboss.rules") / "presets" / "slpt.toml").read_text("utf-8")
    first = "{ small_blind = 25, big_blind = 50 }"
    assert first in text
    path = tmp_path / "my-house.toml"
    path.write_text(
        text.replace(first, '{ small_blind = 25, big_blind = 50, note = "shot clock on" }', 1),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["preset", "show", str(path)], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    level_1 = next(row for row in _rows(result.output) if row[0] == "1")
    assert level_1[-1] == "shot clock on"
    missing = runner.invoke(app, ["preset", "show", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2
    assert "cannot read the preset file" in missing.output


def test_preset_show_starts_the_clock_when_a_simulated_night_starts() -> None:
    """``--start`` defaults to the time of day `simulate` starts play (KY 3's 6:00pm)."""
    start = dt.datetime.fromtimestamp(DEFAULT_START_MS / 1000, tz=dt.UTC)
    assert start.strftime("%H:%M") == DEFAULT_START
