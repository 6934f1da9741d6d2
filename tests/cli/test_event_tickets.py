"""``pitboss event tickets`` and a ticket at the door from the command line (issue 29): the
seats a satellite awarded, their use at its target, both books agreeing; a ticket used with
``event do``, a second use refused in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.service.satellite_nights import satellite_and_target
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.service import DirectorService, seeded_random
from pitboss.store import open_store

runner = CliRunner()
_register()

T0 = 1_767_225_600_000


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["event", *args], env={"COLUMNS": "200"})
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = str(tmp_path / "night.db")
    with open_store(path) as store:
        svc = DirectorService(store, clock=lambda: T0, randomness=seeded_random("cli"))
        satellite_and_target(svc)
    return path


def _redeem(db: str, pid: str) -> tuple[int, str, str]:
    ticket = {"satellite": "sat", "ticket_id": "T1"}
    body = {"type": "register_player", "player_id": pid, "name": "At the door", "ticket": ticket}
    return _run("do", db, "main", json.dumps(body))


def test_a_satellites_seats_are_listed_used_at_the_door_and_the_books_agree(db: str) -> None:
    code, out, _ = _run("tickets", db, "sat")
    assert code == 0
    assert "Monday Satellite: seats worth $110.00 each, for Main Event (main)" in out
    assert "not used yet" in out
    winner = json.loads(_run("tickets", db, "sat", "--json")[1])["awarded"][0]["name"]
    code, out, _ = _redeem(db, "m01")
    assert code == 0
    assert f"{winner} registered with ticket T1 of Monday Satellite" in out
    code, out, _ = _run("tickets", db, "sat")
    assert f"T1  {winner}  used by {winner}" in out
    assert "$110.00 used + $0.00 not used yet: both books agree" in out
    code, out, _ = _run("tickets", db, "main")
    assert f"{winner}: ticket T1 of Monday Satellite" in out


def test_a_second_use_of_a_ticket_is_one_line_and_records_nothing(db: str) -> None:
    assert _redeem(db, "m01")[0] == 0
    log = _run("log", db, "main")[1]
    code, _, err = _redeem(db, "m02")
    assert code == 2
    assert err.strip().startswith("error [ticket_used]: ticket T1 of Monday Satellite")
    assert _run("log", db, "main")[1] == log


def test_a_target_that_is_not_in_the_store_is_refused(db: str) -> None:
    code, _, err = _run("do", db, "sat", json.dumps({"type": "link_satellite", "target": "x"}))
    assert code == 2
    assert err.startswith("error [unknown_target]: there is no tournament 'x' here")
