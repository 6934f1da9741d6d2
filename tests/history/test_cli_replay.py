"""``pitboss replay FILE...``: a line per hand, mismatch lines, notes, the summary, exit codes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)

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


def test_every_hand_gets_a_line_saying_it_replayed() -> None:
    code, out, _ = run(DATA / "heads-up.phh", DATA / "two-hands.phhs")
    assert code == 0, out
    assert out.splitlines() == [
        f"{DATA / 'heads-up.phh'}: ok",
        f"{DATA / 'two-hands.phhs'} [1]: ok",
        f"{DATA / 'two-hands.phhs'} [2]: ok",
        "3 hands replayed, 0 mismatches",
    ]


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
    assert out.splitlines()[-1] == "1 hands replayed, 0 mismatches, 1 unreadable"


def test_an_unreadable_file_exits_2_even_when_another_mismatches(tmp_path: Path) -> None:
    code, out, _ = run(tmp_path / "missing.phh", DATA / "wrong-finishing-stacks.phh")
    assert code == 2
    assert out.splitlines()[-1] == "1 hands replayed, 1 mismatches, 1 unreadable"


def test_a_file_of_another_variant_is_refused_with_the_reason() -> None:
    code, _, err = run(DATA / "wsop-2023-event43-day5-5-f7s.phh")
    assert code == 2
    assert "variant 'F7S' (fixed-limit seven card stud) is not supported" in err


def test_a_file_that_is_not_a_hand_history_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello", encoding="utf-8")
    broken = tmp_path / "broken.phh"
    broken.write_text("variant = 'NT'\nantes = [0, 0\n", encoding="utf-8")
    code, _, err = run(text, broken)
    assert code == 2
    assert f"cannot read {text}: a hand history file ends in .phh" in err
    assert f"cannot read {broken}: not a PHH document" in err


def test_a_fold_supplied_for_a_skipped_player_is_always_listed(tmp_path: Path) -> None:
    copy = tmp_path / "wsop.phh"
    shutil.copy(WSOP, copy)
    code, out, _ = run(copy)
    assert code == 0
    assert out.splitlines() == [
        f"{copy}: ok",
        f"{copy}: note: p8 folds (missing before 'p1 cc')",
        "1 hands replayed, 0 mismatches",
    ]


def test_verbose_also_lists_the_checks_supplied_for_skipped_players(tmp_path: Path) -> None:
    path = tmp_path / "skipped-check.phh"
    text = (DATA / "heads-up.phh").read_text(encoding="utf-8")
    # Heads-up, all checked down; the file forgets the flop check of p1 (the big blind).
    path.write_text(
        text.replace("[2000, 1500]", "[1000, 1000]", 1)
        .replace(
            "'p2 cbr 300', 'p1 cbr 1500', 'p2 cc', 'd db Ah7h3c', 'd db 2d', 'd db 9s'",
            "'p2 cc', 'p1 cc', 'd db Ah7h3c', 'p2 cc', 'd db 2d', 'p1 cc', 'p2 cc', "
            "'d db 9s', 'p1 cc', 'p2 cc'",
        )
        .replace("finishing_stacks = [3500, 0]", "finishing_stacks = [1100, 900]"),
        encoding="utf-8",
    )
    note = f"{path}: note: p1 checks (missing before 'p2 cc')"
    code, out, _ = run(path)
    assert code == 0, out
    assert note not in out
    code, out, _ = run("--verbose", path)
    assert code == 0, out
    assert out.splitlines() == [f"{path}: ok", note, "1 hands replayed, 0 mismatches"]


def test_a_redundant_check_as_pokerkit_writes_it_replays_ok_with_a_note(tmp_path: Path) -> None:
    # Written by PokerKit 0.7 (HandHistory.from_game_state): the big blind p2 checks although
    # the only other player, p1, is all-in for less than the blind.
    path = tmp_path / "bb-checks.phh"
    path.write_text(
        "variant = 'NT'\n"
        "ante_trimming_status = false\n"
        "antes = [0, 0, 0]\n"
        "blinds_or_straddles = [50, 100, 0]\n"
        "min_bet = 100\n"
        "starting_stacks = [80, 5000, 5000]\n"
        "actions = ['d dh p1 AsAd', 'd dh p2 7c2d', 'd dh p3 9h9d', 'p3 f', 'p1 cc', 'p2 cc', "
        "'p1 sm AsAd', 'p2 sm 7c2d', 'd db Kh8s3c', 'd db 4d', 'd db Jc']\n"
        "finishing_stacks = [160, 4920, 5000]\n",
        encoding="utf-8",
    )
    code, out, _ = run(path)
    assert code == 0, out
    assert out.splitlines() == [
        f"{path}: ok",
        f"{path}: note: 'p2 cc' accepted: p2 is the only player left with chips, everybody "
        "else all-in, so the check changes nothing",
        "1 hands replayed, 0 mismatches",
    ]


def test_an_action_that_does_not_fit_is_a_mismatch_not_folds_for_others(tmp_path: Path) -> None:
    # p3 folds, then the file has p3 call: pitboss used to fold p1 to "reach" p3.
    path = tmp_path / "folded-acts.phhs"
    text = (DATA / "two-hands.phhs").read_text(encoding="utf-8")
    path.write_text(text.replace("'p3 f', 'p1 f'", "'p3 f', 'p3 cc'"), encoding="utf-8")
    code, out, _ = run(path)
    assert code == 1
    assert out.splitlines() == [
        f"{path} [1]: ok",
        f"{path} [2]: MISMATCH action 'p3 cc' does not fit: p3 has folded",
        "2 hands replayed, 1 mismatches",
    ]


def test_the_installed_command_runs_replay() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pitboss", "replay", str(WSOP)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "1 hands replayed, 0 mismatches"


def test_a_phh_file_holding_several_hands_gets_the_hint_to_name_it_phhs(tmp_path: Path) -> None:
    several = tmp_path / "night.phh"
    several.write_text((DATA / "two-hands.phhs").read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = run(several)
    assert code == 2
    assert f"error: cannot read {several}: this file holds 2 hands as tables" in err
    assert "name the file .phhs" in err


def test_winnings_that_differ_from_the_pots_paid_are_a_mismatch_by_name(tmp_path: Path) -> None:
    hand = tmp_path / "wrong-winnings.phh"
    hand.write_text(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n"
        "starting_stacks = [200.30, 81.60, 197]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3', 'p2 f']\n"
        "players = ['Ann', 'Bob', 'Cy']\nwinnings = [2, 0.50, 0]\n",
        encoding="utf-8",
    )
    code, out, _ = run(hand)
    assert code == 1
    assert f"{hand}: MISMATCH p2 (Bob): winnings 0.5 in the file, 0 paid in the replay" in out


def test_a_raked_pot_replays_ok_with_a_note_of_the_rake(tmp_path: Path) -> None:
    hand = tmp_path / "raked.phh"
    hand.write_text(
        "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n"
        "starting_stacks = [200.30, 81.60, 197]\n"
        "actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', 'p1 cbr 3', 'p2 f']\n"
        "players = ['Ann', 'Bob', 'Cy']\nwinnings = [1.90, 0, 0]\n",
        encoding="utf-8",
    )
    code, out, _ = run(hand)
    assert code == 0, out
    assert f"{hand}: ok" in out
    note = "p1 (Ann): winnings 1.9 in the file, 2 paid in the replay: 0.1 less, a rake"
    assert f"{hand}: note: {note}" in out


def test_fixed_limit_and_omaha_hands_each_get_a_line_naming_their_game() -> None:
    # Real 2023 WSOP Event #43 hands (data/README.md): FT, PO and FO/8 replay as dealt.
    files = [DATA / f"wsop-2023-event43-day5-{hand}.phh" for hand in ("34-ft", "27-po", "80-fo8")]
    code, out, _ = run(*files)
    assert code == 0, out
    assert out.splitlines() == [
        f"{files[0]}: ok (fixed-limit Texas hold'em)",
        f"{files[1]}: ok (pot-limit Omaha hold'em)",
        f"{files[2]}: ok (fixed-limit Omaha hold'em high/low)",
        "3 hands replayed, 0 mismatches",
    ]


def test_a_bet_over_the_pot_limit_is_a_mismatch_naming_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "over-the-pot.phh"
    text = (DATA / "wsop-2023-event43-day5-27-po.phh").read_text(encoding="utf-8")
    path.write_text(text.replace("'p5 cbr 3350000'", "'p5 cbr 3500000'"), encoding="utf-8")
    code, out, _ = run(path)
    assert code == 1
    assert (
        f"{path}: MISMATCH action 'p5 cbr 3500000' is refused: raise to 3,500,000 is more " in out
    )
    assert "this is pot-limit, so seat 5 may raise to at most 3,450,000" in out
    assert out.splitlines()[-1] == "1 hands replayed, 1 mismatches"
