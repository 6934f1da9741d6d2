"""``pitboss event``: the director's command line over a store (issue 12).

Every test drives the real commands on a SQLite file, reads what a director reads, and checks
a refusal is one line with its code, exit status 2, and records nothing."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.store import open_store

runner = CliRunner()
_register()


def _ok(*args: str, input: str | None = None) -> str:
    result = runner.invoke(app, ["event", *args], input=input, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def _refused(*args: str) -> str:
    result = runner.invoke(app, ["event", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "night.db")


def _new(db: str, preset: str = "tda", name: str = "Friday charity") -> str:
    return _ok("new", db, "--preset", preset, "--name", name).strip()


def _register_line(pid: str, name: str) -> str:
    return json.dumps({"type": "register_player", "player_id": pid, "name": name})


def test_new_prints_an_id_that_list_and_show_find(db: str) -> None:
    tid = _new(db, "ky-charity")
    assert tid
    listed = _ok("list", db)
    assert tid in listed
    assert "Friday charity" in listed
    shown = _ok("show", db, tid)
    assert "Friday charity" in shown
    assert "registration" in shown
    data = json.loads(_ok("show", db, tid, "--json"))
    assert data["id"] == tid
    assert data["phase"] == "registration"
    assert data["prize_pool_cents"] == 0


def test_do_runs_one_command_and_says_what_it_changed(db: str) -> None:
    tid = _new(db)
    out = _ok("do", db, tid, _register_line("ann", "Ann Lee"))
    assert "Ann Lee" in out
    data = json.loads(_ok("show", db, tid, "--json"))
    assert data["players"]["entries"] == 1
    assert data["ledger"]["taken_in_cents"] > 0


def test_a_refusal_is_one_line_with_its_code_and_records_nothing(db: str) -> None:
    tid = _new(db)
    _ok("do", db, tid, _register_line("ann", "Ann Lee"))
    with open_store(db) as store:
        head = store.head(tid)
    line = _refused("do", db, tid, _register_line("ann", "Ann Again"))
    assert line.startswith("error [duplicate_player]:")
    line = _refused("do", db, tid, '{"type": "register_player", "player_id": "bo"}')
    assert line.startswith("error [missing_field]:")
    line = _refused("do", db, tid, '{"type": "no_such_thing"}')
    assert line.startswith("error [unknown_command]:")
    line = _refused("do", db, tid, "{not json")
    assert line.startswith("error [bad_json]:")
    line = _refused("show", db, "nosuchid")
    assert line.startswith("error [unknown_stream]:")
    line = _refused("new", db, "--preset", "nosuch", "--name", "X")
    assert "nosuch" in line
    with open_store(db) as store:
        assert store.head(tid) == head


def test_undo_shows_what_it_takes_out_and_asks(db: str) -> None:
    tid = _new(db)
    _ok("do", db, tid, _register_line("ann", "Ann Lee"))
    _ok("do", db, tid, _register_line("bo", "Bo Chen"))
    result = runner.invoke(app, ["event", "undo", db, tid], input="n\n")
    assert result.exit_code == 1
    assert "register_player" in result.stdout
    assert json.loads(_ok("show", db, tid, "--json"))["players"]["entries"] == 2
    out = _ok("undo", db, tid, input="y\n")
    assert "undo done" in out
    assert json.loads(_ok("show", db, tid, "--json"))["players"]["entries"] == 1
    _ok("redo", db, tid, "--yes")
    assert json.loads(_ok("show", db, tid, "--json"))["players"]["entries"] == 2
    assert _refused("redo", db, tid, "--yes").startswith("error [nothing_to_redo]:")


def _script(path: Path, lines: list[dict[str, object]]) -> Path:
    path.write_text("\n".join(json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return path


# A rehearsal's own times, fixed and in the past: the tournament is created at the script's
# first "at" (``new --script``) and shown at its last (``show --at``), so nothing here depends on
# today's date or the time of day (tests/test_date_independence.py runs this file a year ahead).
_DOORS = "2025-03-07T18:00:00Z"
_LAST = "2025-03-07T19:45:00Z"


def _rehearsal() -> list[dict[str, object]]:
    lines: list[dict[str, object]] = [
        {"type": "register_player", "player_id": f"p{i}", "name": f"Player {i}", "at": _DOORS}
        for i in range(12)
    ]
    lines.append({"type": "start_tournament", "at": "2025-03-07T19:00:00Z"})
    lines.append({"type": "pause_clock", "at": "2025-03-07T19:30:00Z"})
    lines.append({"type": "resume_clock", "at": "2025-03-07T19:31:00Z"})
    lines.append({"type": "tick", "at": _LAST})
    return lines


def _new_for(db: str, script: Path) -> str:
    return _ok("new", db, "--name", "Rehearsal", "--script", str(script)).strip()


def _shown(db: str, tid: str, at: str = _LAST) -> dict[str, object]:
    shown: dict[str, object] = json.loads(_ok("show", db, tid, "--json", "--at", at))
    return shown


def test_new_creates_a_rehearsal_at_its_scripts_first_time(db: str, tmp_path: Path) -> None:
    script = _script(tmp_path / "night.jsonl", _rehearsal())
    script.write_text("# Friday's rehearsal\n" + script.read_text(encoding="utf-8"))
    tid = _new_for(db, script)
    assert "2025-03-07 18:00:00" in _ok("list", db)
    assert "16 commands run" in _ok("run", db, tid, str(script), "--seed", "5")
    timeless = _script(tmp_path / "timeless.jsonl", [{"type": "tick"}])
    assert _refused("new", db, "--name", "X", "--script", str(timeless)).startswith(
        "error [bad_script]:"
    )
    line = _refused("new", db, "--name", "X", "--script", str(script), "--at", _DOORS)
    assert line.startswith("error [bad_option]:")


def test_a_script_older_than_its_tournament_says_how_to_rehearse_it(
    db: str, tmp_path: Path
) -> None:
    script = _script(tmp_path / "night.jsonl", _rehearsal())
    tid = _ok("new", db, "--name", "Made today").strip()  # at the real now, after the script
    result = runner.invoke(app, ["event", "run", db, tid, str(script)], env={"COLUMNS": "200"})
    assert result.exit_code == 2
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"error [time_went_backwards]: {script}:1:")
    assert "dated 2025-03-07T18:00:00Z" in first  # a time a person reads, not milliseconds
    assert f"--script {script}" in first
    assert json.loads(_ok("show", db, tid, "--json"))["players"]["entries"] == 0


def test_run_rehearses_a_script_with_its_times_and_seed(db: str, tmp_path: Path) -> None:
    script = _script(tmp_path / "night.jsonl", _rehearsal())
    first, second = _new_for(db, script), _new_for(db, script)
    out = _ok("run", db, first, str(script), "--seed", "42")
    assert "16 commands run" in out
    _ok("run", db, second, str(script), "--seed", "42")
    a, b = _shown(db, first), _shown(db, second)
    assert a["phase"] == b["phase"] == "running"
    assert a["standings"] == b["standings"]
    clock = a["clock"]
    assert isinstance(clock, dict)
    assert clock["level"] == 3  # 44 minutes played (a minute's pause): TDA levels are 20 min
    assert clock["remaining_ms"] == 16 * 60_000  # 4 of level 3's 20 minutes played at 19:45
    later = _shown(db, first, "2025-03-07T19:50:00Z")["clock"]
    assert isinstance(later, dict)
    assert later["remaining_ms"] == 11 * 60_000
    line = _refused("show", db, first, "--at", "2025-03-07T19:00:00Z")
    assert line.startswith("error [bad_at]:")
    with open_store(db) as store:
        seats = [
            [e.data for e in store.load(t) if e.type == "seats_drawn"] for t in (first, second)
        ]
    assert seats[0] == seats[1]  # the same seed draws the same seats


def test_run_stops_at_the_first_refusal_naming_the_line(db: str, tmp_path: Path) -> None:
    lines = [*_rehearsal()[:3], {"type": "register_player", "player_id": "p0", "name": "Twice"}]
    script = _script(tmp_path / "bad.jsonl", lines)
    tid = _new_for(db, script)
    result = runner.invoke(app, ["event", "run", db, tid, str(script)])
    assert result.exit_code == 2
    assert f"{script}:4" in result.stderr
    assert "duplicate_player" in result.stderr
    assert json.loads(_ok("show", db, tid, "--json"))["players"]["entries"] == 3


def test_run_resume_skips_what_was_recorded(db: str, tmp_path: Path) -> None:
    lines = _rehearsal()
    tid = _new_for(db, _script(tmp_path / "half.jsonl", lines[:7]))
    _ok("run", db, tid, str(tmp_path / "half.jsonl"), "--seed", "1")
    out = _ok(
        "run", db, tid, str(_script(tmp_path / "all.jsonl", lines)), "--seed", "1", "--resume"
    )
    assert "7 already recorded" in out
    other = _new_for(db, tmp_path / "all.jsonl")
    _ok("run", db, other, str(tmp_path / "all.jsonl"), "--seed", "1")
    a, b = _shown(db, tid), _shown(db, other)
    del a["id"], b["id"]
    assert a == b


def test_a_bad_at_is_refused(db: str, tmp_path: Path) -> None:
    tid = _new(db)
    script = _script(tmp_path / "at.jsonl", [{"type": "tick", "at": "yesterday"}])
    result = runner.invoke(app, ["event", "run", db, tid, str(script)])
    assert result.exit_code == 2
    assert "bad_at" in result.stderr


def test_log_tells_the_night_by_name_and_marks_what_was_undone(db: str) -> None:
    tid = _new(db)
    _ok("do", db, tid, _register_line("ann", "Ann Lee"))
    _ok("do", db, tid, _register_line("bo", "Bo Chen"))
    _ok("undo", db, tid, "--yes")
    lines = _ok("log", db, tid).splitlines()
    assert "Friday charity" in lines[0]
    ann = next(line for line in lines if "Ann Lee" in line)
    bo = next(line for line in lines if "Bo Chen" in line)
    assert "[undone]" not in ann
    assert bo.endswith("[undone]")
    assert any("undo" in line and "batches 3" in line for line in lines)
    rows = json.loads(_ok("log", db, tid, "--json"))
    assert [r["in_effect"] for r in rows] == [True, True, False, False]


def test_export_writes_what_the_treasurer_asks_for(db: str, tmp_path: Path) -> None:
    script = _script(tmp_path / "night.jsonl", _rehearsal())
    tid = _new_for(db, script)
    _ok("run", db, tid, str(script), "--seed", "3")
    out_dir = tmp_path / "books"
    written = _ok("export", db, tid, "--csv", str(out_dir)).split()
    assert sorted(Path(p).name for p in written) == [
        "chips_removed.csv",
        "entries.csv",
        "ledger.csv",
        "log.csv",
        "results.csv",
    ]
    with (out_dir / "entries.csv").open(encoding="utf-8") as handle:
        entries = list(csv.reader(handle))
    header, players = entries[0], entries[1:-1]
    assert "name" in header
    assert len(players) == 12
    assert {row[header.index("name")] for row in players} == {f"Player {i}" for i in range(12)}
    paid = header.index("total_paid")
    assert all(row[paid] == "100.00" for row in players)  # the TDA preset's $100 entry
    assert entries[-1][paid] == "1200.00"
    with (out_dir / "ledger.csv").open(encoding="utf-8") as handle:
        ledger = {row[0]: row[1] for row in csv.reader(handle)}
    assert ledger["taken in"] == "1200.00"


def test_the_clock_records_levels_on_time_with_nobody_typing(db: str) -> None:
    from datetime import UTC, datetime, timedelta

    hour_ago = (datetime.now(UTC) - timedelta(minutes=61)).isoformat()
    tid = _ok("new", db, "--name", "Clock", "--at", hour_ago).strip()
    for pid in ("ann", "bo"):
        _ok("do", db, tid, _register_line(pid, pid.title()), "--at", hour_ago)
    _ok("do", db, tid, '{"type": "start_tournament"}', "--at", hour_ago, "--seed", "1")
    out = _ok("clock", db, tid, "--for", "0.2", "--every", "0.1")
    assert "Level 4 started" in out  # 61 minutes of 20-minute levels, recorded by the clock
    assert json.loads(_ok("show", db, tid, "--json"))["clock"]["level"] == 4


def test_only_the_treasurers_entries_export_carries_private_details_and_only_when_asked(
    db: str, tmp_path: Path
) -> None:
    """THC 1: the private details are in the treasurer's record of the entries alone."""
    tid = _new(db)
    line = json.dumps(
        {
            "type": "register_player",
            "player_id": "ann",
            "name": "Ann Lee",
            "details": {"national_id": "000-11-2222", "phone": "502-555-0101"},
        }
    )
    _ok("do", db, tid, line)
    plain, books = tmp_path / "plain", tmp_path / "books"
    _ok("export", db, tid, "--csv", str(plain))
    for path in plain.glob("*.csv"):
        assert "000-11-2222" not in path.read_text(encoding="utf-8"), path.name
    _ok("export", db, tid, "--csv", str(books), "--with-details")
    assert "000-11-2222" in (books / "entries.csv").read_text(encoding="utf-8")
    for name in ("results.csv", "ledger.csv", "chips_removed.csv"):
        assert "000-11-2222" not in (books / name).read_text(encoding="utf-8")
    refused = _refused("export", db, tid, "--with-details")
    assert refused.startswith("error [nothing_to_export]:")
