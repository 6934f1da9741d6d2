"""``pitboss preset export`` and ``pitboss preset sheet``: the file a director edits, the page
they print."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.rules.ruleset import load_preset, load_preset_file

runner = CliRunner()
_register()


def test_export_writes_a_commented_preset_that_loads_as_the_same_house(tmp_path: Path) -> None:
    out = tmp_path / "ky.toml"
    result = runner.invoke(app, ["preset", "export", "ky-charity", "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text("utf-8")
    assert "# This preset: KY 11" in text
    assert load_preset_file(out) == load_preset("ky-charity")


def test_export_of_an_edited_file_keeps_the_edit_and_the_notes(tmp_path: Path) -> None:
    first = runner.invoke(app, ["preset", "export", "ky-charity"])
    edited = first.stdout.replace("buy_in_cents = 10000", "buy_in_cents = 20000")
    mine = tmp_path / "my-house.toml"
    mine.write_text(edited, encoding="utf-8")
    again = runner.invoke(app, ["preset", "export", str(mine)])
    assert again.exit_code == 0, again.output
    assert again.stdout == edited
    assert load_preset_file(mine).tournament.entry.buy_in_cents == 20000


def test_sheet_writes_one_standalone_page_for_the_field(tmp_path: Path) -> None:
    out = tmp_path / "sheet.html"
    args = ["preset", "sheet", "ky-charity", "--players", "100", "--start", "18:00", "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    html = out.read_text("utf-8")
    assert "<style>" in html
    assert "/static/" not in html  # the file stands alone
    assert "Prize pool <b>$8,500</b>" in html
    assert "KY 11" not in html
    cited = runner.invoke(app, ["preset", "sheet", "ky-charity", "--rules"]).stdout
    assert "(KY 11)" in cited


@pytest.mark.parametrize(
    "args",
    [
        ["preset", "export", "nowhere"],
        ["preset", "export", "missing-file.toml"],
        ["preset", "sheet", "ky-charity", "--players", "0"],
        ["preset", "sheet", "ky-charity", "--start", "7pm"],
        ["preset", "sheet", "thc-sit-and-go", "--players", "11"],
    ],
)
def test_a_bad_preset_or_option_exits_2_with_one_line(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.output.strip().startswith("error:")
    assert len(result.output.strip().splitlines()) == 1
