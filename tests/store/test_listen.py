"""Listeners wake on appends (PostgreSQL: ``pg_notify``; SQLite: polling); the log is the truth.

On PostgreSQL a notification is database-wide, so a test here may also hear the streams of
other tests running beside it: each looks only at its own streams.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import psycopg
import pytest

from pitboss.store import EventStore, Listener, NewEvent, Wakeup, open_store
from pitboss.store.postgres import NOTIFY_CHANNEL
from pitboss.store.sqlite import NEWS_SQL

from .conftest import libpq_url

_PATIENCE_S = 30.0


def _heard(listener: Listener, streams: set[str], *, until: dict[str, int]) -> list[Wakeup]:
    """Every wake-up for ``streams`` until each has reported its seq in ``until``."""
    deadline = time.monotonic() + _PATIENCE_S
    heard: list[Wakeup] = []
    while time.monotonic() < deadline:
        heard += [w for w in listener.wait(1.0) if w.stream in streams]
        latest = {w.stream: w.seq for w in heard}
        if all(latest.get(s, 0) >= seq for s, seq in until.items()):
            return heard
    raise AssertionError(f"heard {heard}, waited for {until}")


def test_a_listener_with_nothing_appended_times_out_empty(target: str, store: EventStore) -> None:
    stream = store.create_tournament("Quiet", at=1)
    with store.listen() as listener:
        assert [w for w in listener.wait(0.2) if w.stream == stream] == []


def test_an_append_by_another_connection_wakes_the_listener_with_the_new_head(
    target: str, store: EventStore
) -> None:
    stream = store.create_tournament("Loud", at=1)
    store.append(stream, 0, events=[NewEvent(type="before", data={})], at=1)
    with store.listen() as listener, open_store(target) as writer:
        writer.append(stream, 1, events=[NewEvent(type="a", data={})] * 3, at=2)
        heard = _heard(listener, {stream}, until={stream: 4})
    assert heard == [Wakeup(stream=stream, seq=4)]


def test_wakeups_never_run_ahead_of_the_log_and_end_at_its_head(store: EventStore) -> None:
    a = store.create_tournament("A", at=1)
    b = store.create_tournament("B", at=1)
    with store.listen() as listener:
        for head in range(3):
            store.append(a, head, events=[NewEvent(type="a", data={})], at=2)
        store.append(b, 0, events=[NewEvent(type="b", data={})] * 2, at=3)
        heard = _heard(listener, {a, b}, until={a: 3, b: 2})
    assert {w.stream: w.seq for w in heard} == {a: 3, b: 2}
    assert all(w.seq <= {a: 3, b: 2}[w.stream] for w in heard)
    assert [w.seq for w in heard if w.stream == a] == sorted(w.seq for w in heard if w.stream == a)


def test_a_refused_append_wakes_no_one(target: str, store: EventStore) -> None:
    stream = store.create_tournament("Refused", at=1)
    store.append(stream, 0, events=[NewEvent(type="a", data={})], at=1)
    with store.listen() as listener:
        with pytest.raises(Exception, match="moved on"):
            store.append(stream, 0, events=[NewEvent(type="b", data={})], at=2)
        assert [w for w in listener.wait(0.5) if w.stream == stream] == []


def test_postgres_notifies_stream_and_seq_on_the_documented_channel(postgres_url: str) -> None:
    with (
        open_store(postgres_url) as store,
        psycopg.connect(libpq_url(postgres_url), autocommit=True) as raw,
    ):
        stream = store.create_tournament("Raw", at=1)
        raw.execute(f"LISTEN {NOTIFY_CHANNEL}")
        store.append(stream, 0, events=[NewEvent(type="a", data={})] * 2, at=1)
        payloads = []
        deadline = time.monotonic() + _PATIENCE_S
        while f"{stream}:2" not in payloads and time.monotonic() < deadline:
            payloads += [n.payload for n in raw.notifies(timeout=1.0, stop_after=1)]
    assert f"{stream}:2" in payloads


def test_a_sqlite_poll_reads_the_new_rows_only_not_the_whole_log(tmp_path: Path) -> None:
    """A night's log grows to 100,000s of events and the listener polls 20 times a second: each
    poll finds the rows after the last one it saw by their rowid, never by scanning the log."""
    with open_store(tmp_path / "n.db") as store:
        stream = store.create_tournament("Long night", at=1)
        store.append(stream, 0, events=[NewEvent(type="a", data={})] * 3, at=1)
        with sqlite3.connect(tmp_path / "n.db") as conn:
            plan = " ".join(
                str(row[-1]) for row in conn.execute(f"EXPLAIN QUERY PLAN {NEWS_SQL}", (1,))
            )
        assert "INTEGER PRIMARY KEY" in plan, plan
        assert "SCAN" not in plan, plan
