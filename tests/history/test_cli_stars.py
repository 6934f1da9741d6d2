"""``pitboss replay`` on PokerStars text and ``pitboss convert``: a line per hand, the reasons,
the summary, exit codes; a converted file replays to the same amounts."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.history.phh_reader import parse_phh, parse_phhs

from .stars_hands import HEADS_UP, SIDE_POTS, TOURNAMENT

SAMPLES = Path(__file__).parent / "data" / "pokerstars"
runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, list(map(str, args)))
    return result.exit_code, result.stdout, result.stderr


def _file(tmp_path: Path, text: str, name: str = "hands.txt") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def test_replay_reads_pokerstars_text_and_reports_each_hand(tmp_path: Path) -> None:
    path = _file(tmp_path, TOURNAMENT + "\n\n\n" + SIDE_POTS)
    code, out, _ = run("replay", path)
    assert code == 0, out
    assert out.splitlines() == [
        f"{path} #1001: ok",
        f"{path} #3001: ok",
        "2 hands replayed, 0 mismatches",
    ]


def test_pokerstars_text_is_known_by_its_content_whatever_its_name(tmp_path: Path) -> None:
    path = _file(tmp_path, "\ufeff" + HEADS_UP, name="export.log")
    code, out, _ = run("replay", path)
    assert code == 0, out
    assert out.splitlines()[-1] == "1 hands replayed, 0 mismatches"


def test_a_limit_or_omaha_hand_replays_and_is_named_by_its_game_as_phh_hands_are() -> None:
    code, out, _ = run(
        "replay",
        SAMPLES / "hhsmithy-cash-10-max-limit.txt",
        SAMPLES / "hhsmithy-cash-pot-limit-omaha.txt",
        SAMPLES / "hhp-posts-allin.txt",
    )
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].endswith("#109681442821: ok (fixed-limit Texas hold'em)")
    assert lines[1].endswith("#109663597247: ok (pot-limit Omaha hold'em)")
    assert lines[2].endswith(": ok")  # no-limit hold'em goes unnamed
    assert lines[-1] == "3 hands replayed, 0 mismatches"


def test_a_game_pitboss_does_not_deal_is_not_checked_and_the_file_still_passes(
    tmp_path: Path,
) -> None:
    stud = TOURNAMENT.replace("Hold'em No Limit", "7 Card Stud Limit")
    code, out, _ = run("replay", _file(tmp_path, stud + "\n\n\n" + SIDE_POTS))
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].endswith("#1001: not checked: 7 Card Stud Limit is not a game pitboss deals")
    assert lines[-1] == "1 hands replayed, 0 mismatches, 1 not checked"


def test_a_mismatch_names_the_line_and_exits_1(tmp_path: Path) -> None:
    path = _file(tmp_path, SIDE_POTS.replace("Cat: calls 890", "Cat: calls 880"))
    code, out, _ = run("replay", path)
    assert code == 1
    assert f"{path} #3001: MISMATCH line 18 (Cat: calls 880): the call adds 890 in pitboss" in out
    assert out.splitlines()[-1] == "1 hands replayed, 1 mismatches"


def test_an_unreadable_hand_names_hand_and_line_the_others_still_replay_exit_2(
    tmp_path: Path,
) -> None:
    broken = TOURNAMENT.replace("Cat: calls 60", "Cat: calls sixty")
    path = _file(tmp_path, broken + "\n\n\n" + SIDE_POTS)
    code, out, err = run("replay", path)
    assert code == 2
    assert (
        f"error: cannot read {path}: hand #1001, line 12: 'Cat: calls sixty': expected a "
        "player's action" in err
    )
    assert f"{path} #3001: ok" in out
    assert out.splitlines()[-1] == "1 hands replayed, 0 mismatches, 1 unreadable"


def test_a_text_file_that_is_not_a_hand_history_is_refused(tmp_path: Path) -> None:
    path = _file(tmp_path, "shopping list\n")
    code, _, err = run("replay", path)
    assert code == 2
    assert f"cannot read {path}: a hand history file ends in .phh" in err
    assert "or is PokerStars text" in err


def test_the_rake_is_noted_only_when_asked() -> None:
    path = SAMPLES / "hhp-cash.2010.txt"
    _, quiet, _ = run("replay", path)
    _, verbose, _ = run("replay", "--verbose", path)
    assert "rake" not in quiet
    assert "note: the pots paid less the rake of $0.1 the summary states" in verbose


def test_convert_writes_phh_to_standard_output_and_says_what_it_did(tmp_path: Path) -> None:
    path = _file(tmp_path, TOURNAMENT + "\n\n\n" + HEADS_UP)
    code, out, err = run("convert", path)
    assert code == 0, err
    hands = parse_phhs(out)
    assert list(hands) == ["1001", "4001"]
    assert hands["1001"].players == ("Bob", "Cat", "Ann")
    assert hands["1001"].metadata["seats"] == [2, 3, 1]
    assert err.splitlines()[-1] == "2 hands converted"


def test_a_converted_file_replays_to_the_same_amounts(tmp_path: Path) -> None:
    out = tmp_path / "samples.phhs"
    code, _, err = run("convert", *sorted(SAMPLES.glob("*.txt")), "-o", out)
    assert code == 1  # the Omaha Hi/Lo Pot Limit hands: PHH has no variant for them
    assert err.splitlines()[-1] == "59 hands converted, 2 not converted"
    assert "#109677324649: not converted: Omaha Hi/Lo Pot Limit: PHH has no variant" in err
    code, replayed, _ = run("replay", out)
    assert code == 0, replayed
    assert "[109681442821]: ok (fixed-limit Texas hold'em)" in replayed
    assert "[109663597247]: ok (pot-limit Omaha hold'em)" in replayed
    assert replayed.splitlines()[-1] == "59 hands replayed, 0 mismatches"


def test_a_game_phh_has_no_variant_for_is_not_converted_and_says_why(tmp_path: Path) -> None:
    pot_limit = TOURNAMENT.replace("Hold'em No Limit", "Hold'em Pot Limit")
    code, out, err = run("convert", _file(tmp_path, pot_limit + "\n\n\n" + HEADS_UP))
    assert code == 1
    assert list(parse_phhs(out)) == ["4001"]
    assert (
        "#1001: not converted: Hold'em Pot Limit: PHH has no variant for pot-limit Texas hold'em"
    ) in err
    assert err.splitlines()[-1] == "1 hands converted, 1 not converted"


def test_convert_to_a_phh_file_holds_one_hand(tmp_path: Path) -> None:
    one = tmp_path / "one.phh"
    code, _, _ = run("convert", _file(tmp_path, HEADS_UP), "-o", one)
    assert code == 0
    assert parse_phh(one.read_text(encoding="utf-8")).players == ("Bob", "Ann")
    code, _, err = run("convert", _file(tmp_path, TOURNAMENT + HEADS_UP), "-o", tmp_path / "x.phh")
    assert code == 2
    assert "2 hands do not fit in" in err
    assert "name it .phhs" in err
    code, _, err = run("convert", _file(tmp_path, HEADS_UP), "-o", tmp_path / "x.json")
    assert code == 2
    assert "is not a PHH file name" in err
