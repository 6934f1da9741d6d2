"""``pitboss equity``: the README's first command, human and JSON output, clear errors; Omaha
and Omaha Hi/Lo hands of four cards (issue 30)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from pitboss.cards import parse_cards
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


def test_four_card_hands_are_omaha_counted_exactly_with_two_hole_cards_and_three_board() -> None:
    from pitboss.omaha_equity import omaha_equity

    code, out, _ = run("AhKdQhJd", "8c8d7s6s", "--board", "2h5c9d")
    assert code == 0, out
    assert "820 boards (exact, every board)" in out  # 41 cards left, choose 2
    expected = omaha_equity(
        [parse_cards("AhKdQhJd"), parse_cards("8c8d7s6s")], board=parse_cards("2h5c9d")
    )
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if "%" in line}
    assert rows["AhKdQhJd"][2] == f"{expected.hands[0].equity:.2%}"
    # "Now": Omaha plays exactly two hole cards, so the ace-king-queen-jack makes ace high,
    # and the eights a pair (a Hold'em reading of all seven cards would say the same here)
    assert rows["AhKdQhJd"][3:] == ["High", "card,", "ace"]
    assert rows["8c8d7s6s"][3:] == ["One", "pair,", "eights"]


def test_omaha_hi_lo_splits_each_pot_between_the_high_and_the_low() -> None:
    code, out, _ = run("As2d3hKs", "8c8d7s6s", "--board", "4c5hKd", "--hi-lo", "--json")
    assert code == 0, out
    report = json.loads(out)
    assert report["game"] == "omaha_hi_lo"
    assert report["boards"] == 820
    assert report["low_boards"] == 544  # a third low card on the turn or river
    ace_deuce, eights = report["hands"]
    assert ace_deuce["low_wins"] == 544  # the only hand that can make a low
    assert eights["low_wins"] == 0
    assert ace_deuce["share"] + eights["share"] == report["share_unit"] * 820
    code, out, _ = run("As2d3hKs", "8c8d7s6s", "--board", "4c5hKd", "--hi-lo")
    assert "820 boards (exact, every board); a low on 544 (66.34%)" in out
    assert "As2d3hKs" in out
    assert "One pair, kings; no low" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["AhKdQhJd", "8c8d"],
            "8c8d is a Hold'em hand (two hole cards) and AhKdQhJd an Omaha hand (four): every "
            "hand is of one game",
        ),
        (["AhKd", "QcQs", "--hi-lo"], "Hold'em has no low"),
        (["AhKdQhJd", "8c8d7s6s", "--samples", "100"], "Omaha equity is counted exactly"),
        (["AhKdQhJd", "8c8d7s"], "an Omaha hand is 4 hole cards, not 3"),
    ],
    ids=["mixed", "hi-lo hold'em", "omaha samples", "three cards"],
)
def test_hands_of_two_games_or_a_wrong_option_are_refused_naming_the_rule(
    args: list[str], message: str
) -> None:
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
