"""``pitboss event verify`` (issue 25, THC add. 10): a stored night checked against its hash
chain, and the hash the treasurer's export carries found in it later."""

from __future__ import annotations

import csv
import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.store import open_store
from pitboss.store.chain import format_hash, head_link

runner = CliRunner()
_register()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def night(tmp_path: Path) -> tuple[str, str]:
    """A store with one tournament: Ann Lee and Bo Chen registered."""
    db = str(tmp_path / "night.db")
    code, out, _ = _run("new", db, "--preset", "tda", "--name", "Friday charity")
    assert code == 0
    tid = out.strip()
    for pid, name in (("ann", "Ann Lee"), ("bo", "Bo Chen")):
        line = json.dumps({"type": "register_player", "player_id": pid, "name": name})
        assert _run("do", db, tid, line)[0] == 0
    return db, tid


def _edit(db: str, sql: str) -> None:
    """What anyone with the file and the sqlite3 tool can do."""
    conn = sqlite3.connect(db)
    try:
        conn.execute("DROP TRIGGER events_no_update")
        conn.execute(sql)
        conn.commit()
    finally:
        conn.close()


def test_an_intact_night_exits_0_with_its_head_hash(night: tuple[str, str]) -> None:
    db, tid = night
    code, out, _ = _run("verify", db, tid)
    assert code == 0, out
    with open_store(db) as store:
        head = head_link(store, tid)
    assert head is not None
    assert out.startswith("intact: Friday charity")
    assert f"head: event {head.seq}," in out
    assert format_hash(head.hash) in out


def test_a_name_edited_in_the_file_is_named_with_its_event_and_exits_1(
    night: tuple[str, str],
) -> None:
    db, tid = night
    _edit(db, "UPDATE events SET data = replace(data, 'Bo Chen', 'Bo Chan')")
    code, out, _ = _run("verify", db, tid)
    assert code == 1
    assert out.startswith("NOT INTACT: Friday charity")
    assert "first event that does not match: event 3, player_registered," in out
    assert "edited:" in out
    assert "it reads now: Bo Chan registered" in out
    shown = json.loads(_run("verify", db, tid, "--json")[1])
    assert shown["intact"] is False
    assert shown["logs"][0]["mismatch"]["seq"] == 3
    assert shown["logs"][0]["mismatch"]["kind"] == "edited"


def test_the_hash_in_the_treasurers_export_is_found_by_verify_later(
    night: tuple[str, str], tmp_path: Path
) -> None:
    """The books carry the head hash (log.csv); the night goes on; the hash is still found."""
    db, tid = night
    books = tmp_path / "books"
    code, out, _ = _run("export", db, tid, "--csv", str(books), "--with-details")
    assert code == 0
    assert str(books / "log.csv") in out.split()
    with (books / "log.csv").open(encoding="utf-8") as handle:
        log = {row[0]: row[1] for row in csv.reader(handle)}
    assert (log["id"], log["events"], log["tournament"]) == (tid, "3", "Friday charity")
    line = json.dumps({"type": "register_player", "player_id": "cy", "name": "Cy Dee"})
    assert _run("do", db, tid, line)[0] == 0
    code, out, _ = _run("verify", db, tid, "--expect", format_hash(log["sha256"]).upper())
    assert code == 0, out
    assert "the expected hash is event 3's" in out
    assert "1 event recorded after it" in out


def test_a_hash_this_log_does_not_hold_exits_1_and_a_malformed_one_is_refused(
    night: tuple[str, str],
) -> None:
    db, tid = night
    code, out, _ = _run("verify", db, tid, "--expect", "0" * 64)
    assert code == 1
    assert "not in this log" in out
    code, _, err = _run("verify", db, tid, "--expect", "1234")
    assert code == 2
    assert err.startswith("error [bad_hash]:")
    code, _, err = _run("verify", db, "nosuchnight")
    assert code == 2
    assert err.startswith("error [unknown_stream]:")


def test_the_tables_hand_logs_are_checked_with_the_tournament(night: tuple[str, str]) -> None:
    from pitboss.store import NewEvent

    db, tid = night
    with open_store(db) as store:
        hands = store.create_tournament("hands", at=1, stream=f"{tid}-table-2")
        for seq in range(3):
            event = NewEvent(type="acted", data={"seat": seq + 1, "action": "call"})
            store.append(hands, seq, events=[event], at=5)
    code, out, _ = _run("verify", db, tid)
    assert code == 0
    assert "1 table's hands, 3 events" in out
    _edit(db, f"UPDATE events SET data = replace(data, 'call', 'fold') WHERE stream = '{hands}'")
    code, out, _ = _run("verify", db, tid)
    assert code == 1
    assert "table 2's hands" in out.splitlines()[0]
    assert "event 1, acted" in out
