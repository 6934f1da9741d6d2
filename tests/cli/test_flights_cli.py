"""``pitboss flights`` (issue 29): two flights created, played through ``pitboss event do``,
bagged (a table's count typed in, the rest as recorded), Day 2 made from them with a seeded
draw, and the provenance shown; refusals are one line with their code and record nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.store import open_store

runner = CliRunner()
_register()

A = "2026-03-06T19:00:00Z"
B = "2026-03-07T19:00:00Z"
D2 = "2026-03-08T12:00:00Z"


def _ok(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def _refused(*args: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "series.db")


def _flight(db: str, label: str, at: str, players: list[tuple[str, str]]) -> str:
    tid = _ok("flights", "new", db, "--event", "Spring Classic", "--flight", label, "--at", at)
    tid = tid.strip()
    for pid, name in players:
        command = {"type": "register_player", "player_id": pid, "name": name}
        _ok("event", "do", db, tid, json.dumps(command), "--at", at)
    _ok("event", "do", db, tid, '{"type": "start_tournament"}', "--at", at, "--seed", label)
    return tid


def test_two_flights_bagged_and_merged_into_a_day_2_from_the_command_line(db: str) -> None:
    a = _flight(db, "Day 1A", A, [("ann", "Ann Lee"), ("bo", "Bo Chen"), ("cy", "Cy Diaz")])
    b = _flight(db, "Day 1B", B, [("ann", "Ann Lee"), ("ed", "Ed Fox")])
    bagged = _ok(
        "flights", "bag", db, a, "--count", "1:ann=25000,Bo Chen=15000,cy=20000",
        "--counted-by", "Dana", "--early", "--at", "2026-03-06T23:00:00Z",
    )  # fmt: skip
    assert "Table 1 counted by Dana: 60,000 chips, as pitboss had it" in bagged
    assert "Day 1A bagged: 3 survivors of 3 entries, 60,000 chips; $300.00 of the pool" in bagged
    _ok("flights", "bag", db, b, "--as-recorded", "--early", "--at", "2026-03-07T23:00:00Z")
    shown = _ok("flights", "show", db, a)
    assert "Ann Lee" in shown
    assert "25,000" in shown
    assert "counted by Dana" in shown
    refused = _refused("flights", "day2", db, a, b, "--name", "Spring Day 2", "--at", D2)
    assert refused.startswith("error [same_name_unconfirmed]: the same name bagged in more")
    made = _ok(
        "flights", "day2", db, a, b, "--name", "Spring Day 2", "--id", "spring-d2",
        "--same-person", "Ann Lee", "--seed", "d2", "--at", D2,
    )  # fmt: skip
    assert made.splitlines()[0] == "spring-d2"
    assert "Day 2 of Spring Classic made from 2 flights" in made
    assert "Ann Lee's Day 1B bag of 20,000 (keeps Day 1A's 25,000, the best)" in made
    assert "Seats drawn: 1 table, 4 players" in made
    provenance = _ok("flights", "show", db, "spring-d2")
    assert provenance.rstrip().endswith("adds up")
    data = json.loads(_ok("flights", "show", db, "spring-d2", "--json"))
    assert data["adds_up"] is True
    assert data["carried_cents"] == data["carried_in_cents"] == 5 * 10_000
    with open_store(db) as store:
        heads = {s: store.head(s) for s in (a, b)}
    refused = _refused("flights", "day2", db, a, "--name", "Again", "--at", D2)
    assert refused.startswith("error [flight_used]: Day 1A's bags went to Spring Day 2")
    with open_store(db) as store:
        assert {s: store.head(s) for s in (a, b)} == heads


def test_bagging_a_table_dealt_by_a_person_without_its_count_is_refused(db: str) -> None:
    a = _flight(db, "Day 1A", A, [("ann", "Ann Lee"), ("bo", "Bo Chen")])
    refused = _refused("flights", "bag", db, a, "--early", "--at", "2026-03-06T23:00:00Z")
    assert refused == (
        "error [bag_uncounted]: Day 1A's table 1 is dealt by a person: count the chips there "
        "as they are bagged"
    )
    refused = _refused("flights", "bag", db, a, "--count", "1:zed=100", "--early")
    assert refused.startswith("error [bad_count]: --count '1:zed=100': nobody registered")
