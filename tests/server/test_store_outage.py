"""The store goes away for a moment (PostgreSQL restarted) under a server that deals (issue
25): the software deals on once it is back, the hands in play from what was stored, and a
command typed at the command line meanwhile shows on the director's screen."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import PASSWORD, SETUP_CODE, Director, TestClock
from tests.server.test_live_rooms import start
from tests.store.conftest import libpq_url, own_database, postgres_server, postgres_url, target

from pitboss.errors import StoreError
from pitboss.live.hand_log import tournament_hands
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.server import hub as hub_module
from pitboss.server import live_rooms as dealing_module
from pitboss.server.app import create_app
from pitboss.service import DirectorService, seeded_random
from pitboss.store import EventStore, open_store

__all__ = ["own_database", "postgres_server", "postgres_url", "target"]

_IO = frozenset(
    {
        "append",
        "append_batches",
        "commands",
        "create_tournament",
        "head",
        "latest_snapshot",
        "load",
        "save_snapshot",
        "tournament",
        "tournaments",
    }
)


class Outage:
    """The store, every read and write of it failing while ``down`` is set (as PostgreSQL's
    do while it restarts)."""

    def __init__(self, inner: EventStore) -> None:
        self.inner = inner
        self.down = threading.Event()
        self.refused = 0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self.inner, name)
        if name not in _IO:
            return found

        def guarded(*args: Any, **kwargs: Any) -> Any:
            if self.down.is_set():
                self.refused += 1
                raise StoreError("the database system is shutting down", code="store_unavailable")
            return found(*args, **kwargs)

        return guarded


def _deep_night(app: Any, director: Director) -> str:
    """A dealt night of six players with 500 big blinds each, drawn and started: it goes on
    well past the outage (the test's clock stands, so the blinds never go up)."""
    rules = RuleSet.from_preset("tda")
    entry = replace(
        rules.tournament.entry, starting_chips=100 * rules.tournament.entry.starting_chips
    )
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=2, seats=6),
        tournament=replace(rules.tournament, entry=entry),
    )
    stream: str = app.state.hub.create("Deep night", dealt_mode_rules(rules))
    for i in range(1, 7):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "start_tournament"})
    return stream


def _until(what: str, done: Callable[[], bool], seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def _status(director: Director, stream: str) -> dict[str, Any]:
    found: dict[str, Any] = director.client.get(f"/api/tournaments/{stream}/dealing").json()
    return found


def _hands(director: Director, stream: str) -> int:
    return sum(t["hands_dealt"] for t in _status(director, stream)["tables"])


def test_the_software_deals_on_after_the_store_failed_for_a_moment(
    target: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The dealing stopped for good at the first write that failed: now it waits for the store
    (logged once), reads the logs again and deals on; the hand streams still replay and the
    director's state is the replay of its log."""
    monkeypatch.setattr(dealing_module, "RETRY_FIRST_S", 0.02)
    caplog.set_level(logging.WARNING, logger=dealing_module.__name__)
    with open_store(target) as inner:
        store = Outage(inner)
        app = create_app(
            store,  # type: ignore[arg-type]
            TestClock(),
            seeded_random("outage"),
            setup_code=SETUP_CODE,
            tick_every=None,
        )
        with TestClient(app) as client:
            answer = client.post(
                "/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE}
            )
            director = Director(client, answer.json()["csrf"])
            stream = _deep_night(app, director)
            start(director, stream, think_seconds=0, pause_seconds=0)
            _until("a first hand", lambda: _hands(director, stream) >= 1)
            store.down.set()
            _until("the failure seen", lambda: _status(director, stream)["error"] is not None)
            refused = store.refused
            _until("tries while it is down", lambda: store.refused >= refused + 3)
            store.down.clear()
            dealt = _hands(director, stream)
            _until(
                "dealing on",
                lambda: (
                    _status(director, stream)["error"] is None
                    and _hands(director, stream) >= dealt + 2
                ),
            )
            assert _status(director, stream)["dealing"] is True
            director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
            live = app.state.hub.tournament(stream)
            _until("the hands in play finished", lambda: not live.state.open_hands())
            for hand in tournament_hands(inner, stream, live.state.rules):
                hand.replay()  # nothing of before the failure was written after it
            assert DirectorService(inner).open(stream).state == live.state
    lost = [r for r in caplog.records if "dealing on when it is back" in r.getMessage()]
    assert len(lost) == 1, [r.getMessage() for r in caplog.records]


def test_after_postgresql_drops_every_connection_the_server_follows_and_deals_on(
    own_database: tuple[str, str], postgres_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 25: after a PostgreSQL restart the server never listened again (a command typed
    at the command line was still missing from the screens 15 s later) and the software
    stopped dealing for good. Here every connection to the database is cut and refused for a
    moment, as a restart does; the command line then registers a player in another night the
    console has open, which nothing but the follower reads."""
    monkeypatch.setattr(dealing_module, "RETRY_FIRST_S", 0.05)
    monkeypatch.setattr(hub_module, "RETRY_FIRST_S", 0.05)
    url, name = own_database
    admin = libpq_url(postgres_server)
    with open_store(url) as store:
        app = create_app(
            store, TestClock(), seeded_random("restart"), setup_code=SETUP_CODE, tick_every=None
        )
        with TestClient(app) as client:
            answer = client.post(
                "/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE}
            )
            director = Director(client, answer.json()["csrf"])
            stream = _deep_night(app, director)
            door = director.create("Saturday")  # open on the console, taking entries
            start(director, stream, think_seconds=0, pause_seconds=0)
            _until("a first hand", lambda: _hands(director, stream) >= 1)
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
                conn.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                    (name,),
                )
                _until("the failure seen", lambda: _status(director, stream)["error"] is not None)
                conn.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
            ann = json.dumps({"type": "register_player", "player_id": "p001", "name": "Ann"})
            typed = subprocess.run(
                [sys.executable, "-m", "pitboss", "event", "do", url, door, ann],
                capture_output=True,
                text=True,
            )
            assert typed.returncode == 0, typed.stderr

            def shown() -> bool:
                view = director.client.get(f"/api/tournaments/{door}/director").json()
                return any(p["name"] == "Ann" for p in view["players"])

            _until("the command line's write on the director's screen", shown, seconds=10)
            dealt = _hands(director, stream)
            _until(
                "dealing on",
                lambda: (
                    _status(director, stream)["error"] is None and _hands(director, stream) > dealt
                ),
                seconds=10,
            )
            director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
