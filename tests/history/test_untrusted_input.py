"""Hand histories from outside: whatever the bytes, ``pitboss replay`` answers quickly with a
clear ``HistoryError`` (a code, its parameters, a message naming where and the limit), never a
traceback, a hang or memory exhaustion; one bad hand of a ``.phhs`` file hides no other."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import replay as cli_replay
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.errors import HistoryError
from pitboss.history import phh_reader
from pitboss.history.amounts import MAX_EXPONENT, MAX_NUMBER_DIGITS, parse_amount
from pitboss.history.phh import PhhHand
from pitboss.history.phh_reader import (
    MAX_NESTING,
    decode_history,
    iter_phhs,
    parse_phh,
    parse_phhs,
    read_phh,
)
from pitboss.history.phh_replay import replay_hand

DATA = Path(__file__).parent / "data"
HEADS_UP = (DATA / "heads-up.phh").read_text(encoding="utf-8")
TWO_HANDS = (DATA / "two-hands.phhs").read_text(encoding="utf-8")
runner = CliRunner()


def run(*args: str | Path) -> tuple[int, str, str]:
    result = runner.invoke(app, ["replay", *map(str, args)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def _refusal(text: str) -> HistoryError:
    with pytest.raises(HistoryError) as info:
        parse_phh(text)
    return info.value


def _heads_up_with(old: str, new: str) -> str:
    assert old in HEADS_UP
    return HEADS_UP.replace(old, new)


# --- numbers --------------------------------------------------------------------------------


def test_a_stack_of_5000_digits_is_refused_naming_the_line_the_field_and_the_limit() -> None:
    error = _refusal(_heads_up_with("[2000, 1500]", "[" + "9" * 5000 + ", 1500]"))
    assert error.code == "number_too_long"
    assert error.params["line"] == 6
    assert error.params["field"] == "starting_stacks"
    assert error.params["digits"] == 5000
    assert error.params["limit"] == MAX_NUMBER_DIGITS
    assert error.message.startswith("line 6 (field 'starting_stacks'): the number '9999")
    assert f"at most {MAX_NUMBER_DIGITS} digits" in error.message
    assert len(error.message) < 200  # the number is named, not repeated


def test_a_bet_of_5000_digits_is_refused_naming_the_action() -> None:
    error = _refusal(_heads_up_with("'p2 cbr 300'", "'p2 cbr " + "9" * 5000 + "'"))
    assert error.code == "number_too_long"
    assert error.message.startswith("action 'p2 cbr 9999")
    assert error.params["limit"] == MAX_NUMBER_DIGITS


def test_a_number_of_exactly_the_digit_limit_is_still_read() -> None:
    stack = "1" + "0" * (MAX_NUMBER_DIGITS - 1)
    hand = parse_phh(_heads_up_with("[2000, 1500]", f"[{stack}, 1500]"))
    assert hand.starting_stacks == (int(stack), 1500)


@pytest.mark.parametrize(
    ("old", "new", "exponent"),
    [
        ("min_bet = 100", "min_bet = 1e999999999", "999999999"),
        ("min_bet = 100", "min_bet = 1.5e-999999999", "-999999999"),
        ("[2000, 1500]", "[2e99999999999999999999, 1500]", "99999999999999999999"),
    ],
)
def test_a_huge_exponent_is_refused_at_once_naming_the_field(
    old: str, new: str, exponent: str
) -> None:
    error = _refusal(_heads_up_with(old, new))
    assert error.code == "exponent_too_large"
    assert error.params["exponent"] == exponent
    assert error.params["limit"] == MAX_EXPONENT
    assert f"exponents from -{MAX_EXPONENT} to {MAX_EXPONENT}" in error.message


def test_a_huge_exponent_in_a_bet_is_refused_at_once() -> None:
    error = _refusal(_heads_up_with("'p2 cbr 300'", "'p2 cbr 3e999999999'"))
    assert error.code == "exponent_too_large"
    assert error.message.startswith("action 'p2 cbr 3e999999999'")


def test_amounts_read_elsewhere_have_the_same_limits() -> None:
    with pytest.raises(HistoryError) as info:
        parse_amount("1e999999999")
    assert info.value.code == "exponent_too_large"
    with pytest.raises(HistoryError) as info:
        parse_amount("1," + "000," * 20 + "000")
    assert info.value.code == "number_too_long"
    assert parse_amount("1e3") == 1000


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("_id = 0x" + "f" * 5000, "_id"),  # hexadecimal integers count their digits too
        ("_t = 07:32:00." + "9" * 5000, "_t"),  # so do the fractional seconds of a time
        ("_n = " + "1" * 5000, "_n"),  # fields pitboss keeps but does not read as well
    ],
)
def test_long_numbers_in_any_field_are_refused(extra: str, field: str) -> None:
    error = _refusal(HEADS_UP + extra + "\n")
    assert error.code == "number_too_long"
    assert error.params["field"] == field
    assert error.params["line"] == 9


def test_a_player_numbered_with_5000_digits_is_a_clear_error() -> None:
    error = _refusal(_heads_up_with("'p2 cbr 300'", "'p" + "2" * 5000 + " f'"))
    assert error.code == "bad_action"
    assert "is not a player" in error.message
    assert len(error.message) < 300


def test_the_huge_exponent_file_returns_quickly_from_the_installed_command(
    tmp_path: Path,
) -> None:
    path = tmp_path / "exponent.phh"
    path.write_text(_heads_up_with("min_bet = 100", "min_bet = 1e999999999"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pitboss", "replay", str(path)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,  # a generous guard: before the fix, this never returned
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"error: cannot read {path}: line 5 (field 'min_bet'): the number" in done.stderr
    assert done.stdout.splitlines()[-1] == "0 hands replayed, 0 mismatches, 1 unreadable"


# --- nesting --------------------------------------------------------------------------------

_DEEP = 100_000


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ("_x = " + "[" * _DEEP + "]" * _DEEP, "_x"),
        ("_x = " + "{a = " * _DEEP + "}" * _DEEP, "_x"),
        ("_x = " + "[" * _DEEP, "_x"),  # never closed: refused all the same
        ("_a" + ".a" * _DEEP + " = 1", "_a" + ".a" * _DEEP),
        ("[_a" + ".a" * _DEEP + "]", None),
    ],
    ids=["arrays", "inline-tables", "unclosed", "dotted-key", "table-header"],
)
def test_deep_nesting_is_refused_before_parsing(extra: str, field: str | None) -> None:
    error = _refusal(HEADS_UP + extra + "\n")
    assert error.code == "nesting_too_deep"
    assert error.params["limit"] == MAX_NESTING
    assert error.params["line"] == 9
    if field is None:
        assert "field" not in error.params
    else:
        assert error.params["field"].startswith(field[:20])
    assert f"at most {MAX_NESTING} levels" in error.message


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("x = " + "[" * 3000 + "]" * 3000, "recursion"),
        ("x = " + "1" * 5000, "4300 digits"),
    ],
)
def test_the_parser_behind_the_scan_still_refuses_with_a_history_error(
    text: str, reason: str
) -> None:
    # The scan stops these first; should it ever miss one, the parser's own limit is still a
    # clear refusal, not a traceback.
    with pytest.raises(HistoryError, match=reason) as info:
        phh_reader._toml(text)
    assert info.value.code == "bad_toml"


def test_nesting_up_to_the_limit_is_read() -> None:
    deep = "[" * MAX_NESTING + "]" * MAX_NESTING
    hand = parse_phh(HEADS_UP + f"_x = {deep}\n")
    assert "_x" in hand.metadata
    assert _refusal(HEADS_UP + f"_x = [{deep}]\n").code == "nesting_too_deep"


# --- files that are not hand histories ------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_dev_zero_is_refused_before_it_is_read(tmp_path: Path) -> None:
    zero = tmp_path / "zero.phh"
    zero.symlink_to("/dev/zero")
    code, out, err = run(zero, DATA / "heads-up.phh")
    assert code == 2
    assert f"error: cannot read {zero}: not a regular file but a character device" in err
    assert out.splitlines()[-1] == "1 hands replayed, 0 mismatches, 1 unreadable"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.phhs"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "pitboss", "replay", str(fifo)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,  # opening a FIFO to read it would wait for a writer forever
    )
    assert done.returncode == 2
    assert f"cannot read {fifo}: not a regular file but a FIFO" in done.stderr


def test_a_directory_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "hands.phhs"
    folder.mkdir()
    code, _, err = run(folder)
    assert code == 2
    assert f"error: cannot read {folder}: not a regular file but a directory" in err


def test_a_file_over_the_size_limit_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.phh"
    path.write_text(HEADS_UP, encoding="utf-8")
    size = path.stat().st_size

    def no_open(*args: object) -> int:
        raise AssertionError("a file over the limit must not be opened")

    monkeypatch.setattr(os, "open", no_open)
    code, out, err = run("--max-bytes", str(size - 1), path)
    assert code == 2
    assert (
        f"error: cannot read {path}: the hand history is larger than {size - 1} bytes "
        f"(at least {size}): at most {size - 1} bytes are read (--max-bytes sets the limit)"
    ) in err
    assert out.splitlines()[-1] == "0 hands replayed, 0 mismatches, 1 unreadable"


def test_a_file_at_the_size_limit_is_read(tmp_path: Path) -> None:
    path = tmp_path / "exact.phh"
    path.write_text(HEADS_UP, encoding="utf-8")
    code, out, _ = run("--max-bytes", str(path.stat().st_size), path)
    assert code == 0, out


def test_a_file_that_grows_after_the_size_check_is_still_refused_and_read_no_further(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "growing.phh"
    path.write_text(HEADS_UP, encoding="utf-8")
    limit = path.stat().st_size
    real_open, real_read = os.open, os.read
    read: list[int] = []

    def grow_then_open(target: str | os.PathLike[str], flags: int, *args: int) -> int:
        with Path(target).open("a", encoding="utf-8") as handle:
            handle.write("# more\n" * 100_000)  # appended after the stat, before the read
        return real_open(target, flags, *args)

    def counted_read(fd: int, n: int) -> bytes:
        data = real_read(fd, n)
        read.append(len(data))
        return data

    monkeypatch.setattr(os, "open", grow_then_open)
    monkeypatch.setattr(os, "read", counted_read)
    with pytest.raises(HistoryError) as info:
        cli_replay.read_history_file(path, limit=limit)
    assert info.value.code == "history_too_large"
    assert info.value.params == {"size": limit + 1, "limit": limit, "unit": "bytes"}
    assert sum(read) == limit + 1


def test_a_text_handle_that_never_ends_is_read_only_up_to_the_limit() -> None:
    class Endless:
        def read(self, size: int = -1) -> str:
            assert size >= 0, "an endless handle must be read with a bound"
            return "x" * size

    with pytest.raises(HistoryError) as info:
        read_phh(Endless(), limit=1000)  # type: ignore[arg-type]
    assert info.value.code == "history_too_large"
    assert info.value.params["unit"] == "characters"


def test_random_bytes_are_refused_as_not_utf8_naming_the_offset(tmp_path: Path) -> None:
    path = tmp_path / "noise.phh"
    path.write_bytes(b"variant = 'NT'\n\x80\xfe\x00garbage")
    code, _, err = run(path)
    assert code == 2
    assert (
        f"error: cannot read {path}: not UTF-8 text: the byte 0x80 at offset 15 (line 2) "
        "cannot be decoded; a hand history is UTF-8 text"
    ) in err
    with pytest.raises(HistoryError) as info:
        decode_history(path.read_bytes())
    assert info.value.code == "not_utf8"
    assert info.value.params == {"offset": 15, "line": 2, "byte": "0x80"}


def test_a_utf8_byte_order_mark_is_accepted() -> None:
    hand = parse_phh(decode_history(b"\xef\xbb\xbf" + HEADS_UP.encode("utf-8")))
    assert hand.starting_stacks == (2000, 1500)


# --- one bad hand among good ones -----------------------------------------------------------


def _collection_with_bad_hands() -> str:
    second = TWO_HANDS.index("[2]")
    return (
        TWO_HANDS[:second]
        + "[2]\n"
        + _heads_up_with("[2000, 1500]", "[" + "9" * 5000 + ", 1500]")  # a 5000-digit stack
        + "\n[3]\n"
        + _heads_up_with("antes = [0, 0]", "antes = [0, 0")  # not TOML
        + "\n[4]\n"
        + HEADS_UP
        + "\n[5]\n"
        + _heads_up_with("'p2 cbr 300'", "'p2 cbr 1e999999999'")
    )


def _line_of(text: str, part: str) -> int:
    return text[: text.index(part)].count("\n") + 1


def test_one_bad_hand_of_a_collection_does_not_hide_the_others(tmp_path: Path) -> None:
    path = tmp_path / "mixed.phhs"
    text = _collection_with_bad_hands()
    path.write_text(text, encoding="utf-8")
    stacks_line = _line_of(text, "9" * 5000)
    antes_line = _line_of(text, "antes = [0, 0\n")
    code, out, err = run(path)
    assert code == 2
    assert out.splitlines() == [
        f"{path} [1]: ok",
        f"{path} [4]: ok",
        "2 hands replayed, 0 mismatches, 3 unreadable",
    ]
    errors = err.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith(
        f"error: cannot read {path} [2]: line {stacks_line} (field 'starting_stacks'): the number"
    )
    assert errors[1].startswith(f"error: cannot read {path} [3]: not a PHH document:")
    # The parser's line is the line in the whole file, not in the hand's table.
    assert f"(at line {antes_line + 1}, column" in errors[1]
    assert errors[2].startswith(f"error: cannot read {path} [5]: action 'p2 cbr 1e999999999'")
    assert "Traceback" not in err


def test_reading_a_collection_hand_by_hand_gives_each_hand_or_its_error() -> None:
    items = list(iter_phhs(_collection_with_bad_hands()))
    assert [key for key, _ in items] == ["1", "2", "3", "4", "5"]
    errors = {key: item for key, item in items if isinstance(item, HistoryError)}
    assert sorted(errors) == ["2", "3", "5"]
    assert [errors[k].code for k in ("2", "3", "5")] == [
        "number_too_long",
        "bad_toml",
        "exponent_too_large",
    ]
    assert all(errors[k].params["hand"] == k for k in errors)
    good = [item for _, item in items if not isinstance(item, HistoryError)]
    assert [not replay_hand(hand).is_mismatch for hand in good] == [True, True]
    with pytest.raises(HistoryError, match=r"^hand \[2\]: line \d+ \(field 'starting_stacks'\)"):
        parse_phhs(_collection_with_bad_hands())


@pytest.mark.parametrize(
    "opening",
    ["antes = [0, 0", '_note = """never closed', "_seat = {number = 1", "_x = [[[[["],
    ids=["array", "multi-line-string", "inline-table", "nested-arrays"],
)
def test_a_hand_left_open_does_not_swallow_the_hands_after_it(opening: str) -> None:
    broken = (
        HEADS_UP.replace("antes = [0, 0]", opening)
        if "antes" in opening
        else (HEADS_UP + opening + "\n")
    )
    text = f"[1]\n{HEADS_UP}\n[2]\n{broken}\n[3]\n{HEADS_UP}\n['4']\n{HEADS_UP}"
    items = list(iter_phhs(text))
    assert [key for key, _ in items] == ["1", "2", "3", "4"]
    assert [isinstance(item, HistoryError) for _, item in items] == [False, True, False, False]


def test_a_hand_table_given_twice_is_reported_and_the_first_kept() -> None:
    text = TWO_HANDS + "\n[1]\n" + HEADS_UP
    items = list(iter_phhs(text))
    assert [key for key, _ in items] == ["1", "2", "1"]
    first, repeated = items[0][1], items[2][1]
    assert not isinstance(first, HistoryError)
    assert isinstance(repeated, HistoryError)
    assert repeated.code == "duplicate_hand"
    assert repeated.params["first_line"] == 1
    assert "repeats the table of line 1" in repeated.message


def test_fields_outside_any_hand_table_make_the_collection_unreadable() -> None:
    with pytest.raises(HistoryError) as info:
        iter_phhs("variant = 'NT'\n" + TWO_HANDS)
    assert info.value.code == "bad_collection"


# --- any input ------------------------------------------------------------------------------

_SEEDS = [p.read_bytes() for p in sorted(DATA.glob("*.ph*"))]
_PIECES = [
    b"[",
    b"]",
    b"{",
    b"}",
    b"=",
    b",",
    b"'",
    b'"',
    b'"""',
    b"\n",
    b"#",
    b"\\",
    b".",
    b"1e999999999",
    b"9" * 40,
    b"0x" + b"f" * 40,
    b"[2]\n",
    b"a.b.c = 1\n",
    b"'p1 cc', ",
    b"'p2 f', ",
    b"'p1 cbr 5000', ",
    b"\xff",
]


@st.composite
def _mutated_files(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(st.sampled_from(_SEEDS)))
    for _ in range(draw(st.integers(min_value=1, max_value=6))):
        at = draw(st.integers(min_value=0, max_value=len(data)))
        change = draw(st.sampled_from(["insert", "delete", "byte"]))
        if change == "insert":
            data[at:at] = draw(st.sampled_from(_PIECES))
        elif change == "delete":
            del data[at : at + draw(st.integers(min_value=1, max_value=12))]
        else:
            data[at:at] = bytes([draw(st.integers(min_value=0, max_value=255))])
    return bytes(data)


def _read(data: bytes) -> tuple[list[PhhHand], list[HistoryError]]:
    """The hands the readers give for the bytes, as a ``.phh`` and as a ``.phhs`` file, and
    their refusals."""
    hands: list[PhhHand] = []
    refusals: list[HistoryError] = []
    try:
        text = decode_history(data)
    except HistoryError as error:
        return hands, [error]
    try:
        hands.append(parse_phh(text))
    except HistoryError as error:
        refusals.append(error)
    try:
        for _, hand in iter_phhs(text):
            if isinstance(hand, HistoryError):
                refusals.append(hand)
            else:
                hands.append(hand)
    except HistoryError as error:
        refusals.append(error)
    return hands, refusals


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_mutated_files())
def test_any_bytes_give_hands_or_history_errors_and_every_hand_replays_or_says_why(
    data: bytes,
) -> None:
    hands, refusals = _read(data)  # anything but a HistoryError fails the test
    for refusal in refusals:
        assert refusal.code
        assert refusal.message
    for hand in hands:
        result = replay_hand(hand)  # never raises: a problem is reported in the result
        assert result.is_mismatch or result.finishing_stacks is not None
