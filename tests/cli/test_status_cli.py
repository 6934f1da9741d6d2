"""``pitboss status``: the table hosts, the tables each deals and what no host deals (issue 32).

A SQLite store with a started tournament of two tables, two hosts, and leases made on the
database's clock (or a minute in the past, for one that has expired): what an operator reads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.cli.presets import load_house
from pitboss.service import DirectorService, seeded_random
from pitboss.store import NewEvent, open_store
from pitboss.store.leases import LeaseBook
from pitboss.tournament.features.registration import RegisterPlayer
from pitboss.tournament.features.timekeeping import StartTournament

runner = CliRunner()
_register()


@pytest.fixture
def night(tmp_path: Path) -> tuple[str, str]:
    """A store with "Friday Bounty" (14 players at tables 1 and 2) dealt by the hosts: host
    tables-a holds table 1 (its hand stream written 30 s ago), tables-b held table 2 until a
    minute ago (expired); web-1 is draining."""
    db = str(tmp_path / "night.db")
    with open_store(db) as store:
        book = LeaseBook(store)
        now = book.now()
        service = DirectorService(store, randomness=seeded_random(1), clock=lambda: now)
        live = service.create("Friday Bounty", load_house("tda"), stream="friday")
        for i in range(14):
            live.execute(RegisterPlayer(player_id=f"p{i}", name=f"Player {i}"))
        live.execute(StartTournament())
        assert sorted(live.state.tables) == [1, 2]
        book.start_dealing(live.stream, {"bots": True, "think_seconds": 1})
        book.register_host("tables-a", role="tables", pid=101, machine="rack-1")
        book.register_host("tables-b", role="tables", pid=102, machine="rack-2")
        book.register_host("web-1", role="web", pid=103, machine="rack-1")
        book.heartbeat("web-1", draining=True)
        held = book.acquire(live.stream, 1, "tables-a", ttl_ms=15_000)
        assert held is not None
        store.create_tournament("hands", at=now, stream="friday-table-1")
        store.append("friday-table-1", 0, events=[NewEvent(type="x", data={})], at=now - 30_000)
        past = LeaseBook(store, clock=lambda: now - 60_000)
        assert past.acquire(live.stream, 2, "tables-b", ttl_ms=10_000) is not None
    return db, live.stream


def _status(*args: str) -> str:
    result = runner.invoke(app, ["status", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def test_status_lists_hosts_their_tables_with_lease_ages_lag_and_the_tables_nobody_deals(
    night: tuple[str, str],
) -> None:
    db, stream = night
    report = json.loads(_status(db, "--json"))
    hosts = {h["host"]: h for h in report["hosts"]}
    assert sorted(hosts) == ["tables-a", "tables-b", "web-1"]
    assert (hosts["tables-a"]["tables"], hosts["tables-a"]["machine"]) == (1, "rack-1")
    assert (hosts["web-1"]["draining"], hosts["web-1"]["role"]) == (True, "web")
    assert all(0 <= h["seen_s_ago"] < 30 for h in hosts.values())
    (one, two) = report["tables"]
    assert (one["name"], one["table"], one["host"], one["token"]) == (
        "Friday Bounty",
        1,
        "tables-a",
        1,
    )
    assert not one["expired"]
    assert 0 < one["expires_in_s"] <= 15
    assert 30 <= one["last_write_s_ago"] < 60
    assert (two["table"], two["host"], two["expired"]) == (2, "tables-b", True)
    assert -60 < two["expires_in_s"] <= -50
    assert two["last_write_s_ago"] is None
    assert report["unheld"] == [{"tournament": stream, "name": "Friday Bounty", "table": 2}]
    assert report["dealt"][0]["settings"] == {"bots": True, "think_seconds": 1}

    text = _status(db)
    assert "tables-a" in text
    assert "draining" in text
    assert "EXPIRED" in text
    assert "Not dealt by any host: Friday Bounty table 2" in text
    assert "never" in text


def test_status_of_a_store_without_hosts_says_so(tmp_path: Path) -> None:
    db = str(tmp_path / "empty.db")
    assert "no table hosts" in _status(db)
    assert json.loads(_status(db, "--json"))["hosts"] == []


def test_status_of_a_store_that_is_not_one_is_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "nowhere" / "x.db"
    result = runner.invoke(app, ["status", str(folder)])
    assert result.exit_code == 2
    assert result.stderr.startswith("error [bad_store_target]")
