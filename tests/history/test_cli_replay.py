"""``pitboss replay FILE...``: per-hand mismatch lines, the summary line, exit statuses."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import commands as _commands  # noqa: F401  (registers the subcommands)

DATA = Path(__file__).parent / "data"
WSOP = DATA / "wsop-2019-event42-day3-00-01-07.phh"
runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def test_matching_hands_exit_0_with_the_summary_line() -> None:
    code, out, _ = run(WSOP, DATA / "heads-up.phh", DATA / "two-hands.phhs")
    assert code == 0, out
    assert out.splitlines()[-1] == "4 hands replayed, 0 mismatches"
    assert "MISMATCH" not in out


def test_wrong_finishing_stacks_are_reported_and_exit_1() -> None:
    code, out, _ = run(DATA / "wrong-finishing-stacks.phh", DATA / "heads-up.phh")
    assert code == 1
    lines = out.splitlines()
    assert lines[-1] == "2 hands replayed, 1 mismatches"
    mismatches = [line for line in lines if "MISMATCH" in line]
    assert mismatches == [
        f"{DATA / 'wrong-finishing-stacks.phh'}: MISMATCH p1 (Dan Matsuzuki): finishing stack "
        "18000000 in the file, 18100000 replayed",
        f"{DATA / 'wrong-finishing-stacks.phh'}: MISMATCH p2 (Rainer Kempe): finishing stack "
        "5725000 in the file, 5625000 replayed",
    ]


def test_a_mismatch_in_a_collection_names_the_hand(tmp_path: Path) -> None:
    text = (DATA / "two-hands.phhs").read_text(encoding="utf-8")
    path = tmp_path / "hands.phhs"
    path.write_text(text.replace("[4775, 2875, 3725]", "[4875, 2775, 3725]"), encoding="utf-8")
    code, out, _ = run(path)
    assert code == 1
    assert f"{path} [2]: MISMATCH p1: finishing stack 4875 in the file, 4775 replayed" in out
    assert out.splitlines()[-1] == "2 hands replayed, 1 mismatches"


def test_an_unreadable_file_is_a_clear_error_and_the_rest_still_replay(tmp_path: Path) -> None:
    missing = tmp_path / "missing.phh"
    code, out, err = run(missing, DATA / "heads-up.phh")
    assert code == 2
    assert f"error: cannot read {missing}: No such file or directory" in err
    assert out.splitlines()[-1] == "1 hands replayed, 0 mismatches"


def test_a_file_of_another_variant_is_refused_with_the_reason() -> None:
    code, _, err = run(DATA / "fixed-limit.phh")
    assert code == 2
    assert "variant 'FT' (fixed-limit Texas hold'em) is not supported" in err


def test_a_file_that_is_not_a_hand_history_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nantes = [0, 0\n", encoding="utf-8")
    code, _, err = run(text, broken)
    assert code == 2
    assert f"cannot read {text}: a hand history file ends in .phh" in err
    assert f"cannot read {broken}: not a PHH document" in err


def test_verbose_lists_matching_hands_and_supplied_decisions(tmp_path: Path) -> None:
    copy = tmp_path / "wsop.phh"
    shutil.copy(WSOP, copy)
    code, out, _ = run("--verbose", copy)
    assert code == 0
    assert f"{copy}: ok" in out
    assert f"{copy}: note: p8 folds (missing before 'p1 cc')" in out


def test_the_installed_command_runs_replay() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pitboss", "replay", str(WSOP)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "1 hands replayed, 0 mismatches"
