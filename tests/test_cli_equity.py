"""``pitboss equity``: the README's first command, human and JSON output, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["equity", *args])
    return result.exit_code, result.stdout, result.stderr


def test_readme_command_prints_exact_preflop_equity() -> None:
    code, out, _ = run("AhKd", "QcQs")
    assert code == 0
    assert "1,712,304 boards (exact, every board)" in out
    lines = {
        line.split()[0]: line.split()[1:]
        for line in out.splitlines()
        if line[:4] in {"AhKd", "QcQs"}
    }
    assert lines["AhKd"] == ["42.66%", "0.34%", "42.84%"]
    assert lines["QcQs"] == ["56.99%", "0.34%", "57.16%"]


def test_board_and_dead_cards_are_honoured_and_made_hands_shown() -> None:
    code, out, _ = run("AhKd", "QcQs", "7s7h", "--board", "7c8d2h", "--dead", "2s")
    assert code == 0
    assert "Board: 7c 8d 2h   Dead: 2s" in out
    assert "861 boards" in out  # 43 cards left, choose 2
    assert "Three of a kind, sevens" in out


def test_json_output_is_machine_readable() -> None:
    code, out, _ = run("AhKd", "QcQs", "--board", "7c8d2h", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["exact"] is True
    assert report["boards"] == 990
    assert [h["cards"] for h in report["hands"]] == ["AhKd", "QcQs"]
    assert sum(h["share"] for h in report["hands"]) == report["share_unit"] * 990


def test_monte_carlo_with_a_seed_is_reproducible_byte_for_byte() -> None:
    first = run("AhKd", "QcQs", "--samples", "20000", "--seed", "5", "--json")
    again = run("AhKd", "QcQs", "--samples", "20000", "--seed", "5", "--json")
    assert first[0] == 0
    assert first == again
    report = json.loads(first[1])
    assert report["exact"] is False
    assert report["boards"] == 20_000


def test_exact_flag_enumerates() -> None:
    code, out, _ = run("AhKd", "QcQs", "--board", "2c3d4h5s", "--exact")
    assert code == 0
    assert "44 boards (exact, every board)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AhKd", "AhQs"], "Ah is given twice"),
        (["AhKd", "1xQs"], "'1x' is not a card"),
        (["AhKd"], "2 to 10 hands, not 1"),
        (["AhKdQc", "QsQh"], "2 hole cards, not 3"),
        (["AhKd", "QcQs", "--board", "AhKs2c"], "Ah is given twice"),
        (["AhKd", "QcQs", "--samples", "0"], "samples must be a positive"),
    ],
)
def test_bad_input_exits_non_zero_with_a_clear_message(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert message in err
    assert out == ""


def test_exact_and_samples_together_are_a_usage_error() -> None:
    code, _, err = run("AhKd", "QcQs", "--exact", "--samples", "10")
    assert code == 2
    assert "--exact" in err


def test_console_entry_point_runs_as_a_module() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pitboss", "equity", "AhKd", "QcQs", "--board", "7c8d2h"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "990 boards" in result.stdout
