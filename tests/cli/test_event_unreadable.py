"""``pitboss event`` on a preset or a log that a night could not be read back from (issue 25).

``event show`` on a log with an event this pitboss cannot read said only ``exit 2``: now it is
one line naming the event (seq, type, time) and why, and ``event export --raw`` still writes
the log as it is stored. A preset beyond what a log records, or nested 500 deep, is refused at
``event new`` in words, and no tournament is made.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.store import open_store
from pitboss.store.envelopes import NewEvent

runner = CliRunner()
_register()


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "night.db")


def _night_with_a_bad_event(db: str) -> tuple[str, int]:
    code, out, err = _run("new", db, "--preset", "tda", "--name", "Friday")
    assert code == 0, err
    stream = out.strip()
    line = json.dumps({"type": "register_player", "player_id": "ann", "name": "Ann Lee"})
    assert _run("do", db, stream, line)[0] == 0
    with open_store(db) as store:
        bad = NewEvent(type="player_absent", data={"at": 0, "player_id": 2**63}, v=1)
        seq = store.append(stream, store.head(stream), events=[bad], at=1_767_225_600_000)[0].seq
    return stream, seq


def test_show_on_an_unreadable_log_names_the_event_and_why_in_one_line(db: str) -> None:
    stream, seq = _night_with_a_bad_event(db)
    code, _, err = _run("show", db, stream)
    assert code == 2
    [line] = err.strip().splitlines()
    assert line.startswith(
        f"error [bad_field]: event {seq} of the log (player absent, recorded "
        "2026-01-01 00:00:00 UTC) cannot be read: "
    )
    assert "pitboss event export DB ID --raw FILE" in line


def test_export_raw_writes_an_unreadable_log_as_it_is_stored(db: str, tmp_path: Path) -> None:
    stream, seq = _night_with_a_bad_event(db)
    target = tmp_path / "kept" / "night.jsonl"
    code, out, err = _run("export", db, stream, "--raw", str(target))
    assert code == 0, err
    assert out.strip() == str(target)
    lines = [json.loads(line) for line in target.read_text("utf-8").splitlines()]
    assert [line["seq"] for line in lines if "seq" in line] == list(range(1, seq + 1))
    assert [line["command"]["type"] for line in lines if line.get("command")] == [
        "create_tournament",
        "register_player",
    ]
    assert lines[-1]["data"]["player_id"] == 2**63


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("[tournament.entry]\nbuy_in_cents = 9223372036854775808\n", "out_of_bounds"),
        ("title = " + "[" * 500 + "]" * 500 + "\n", "too_deep"),
    ],
    ids=["buy-in of 2**63 cents", "lists 500 deep"],
)
def test_new_refuses_a_preset_a_log_could_not_read_back(
    db: str, tmp_path: Path, text: str, code: str
) -> None:
    preset = tmp_path / "house.toml"
    preset.write_text(text, encoding="utf-8")
    exit_code, _, err = _run("new", db, "--preset", str(preset), "--name", "Friday")
    assert exit_code == 2
    [line] = err.strip().splitlines()
    assert line.startswith(f"error [{code}]: preset 'house'")
    assert _run("list", db)[1].count("Friday") == 0
