"""A stream's turn (`EventStore.turn`, issue 32): writers of several processes that keep losing
races for one log (table hosts sharing a tournament's) take it before deciding, so each
decides once on what the others wrote. On PostgreSQL an advisory lock; SQLite has none.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
import zlib
from typing import Any

import psycopg
import pytest

from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.store import NewEvent, open_store
from pitboss.store import postgres as pg_store

from .conftest import is_postgres, libpq_url

WAIT_S = 60.0  # a bound on every wait for a condition, never a sleep to pass


def _event(by: str, n: int) -> list[NewEvent]:
    return [NewEvent(type="chips_counted", data={"by": by, "n": n})]


@pytest.fixture
def stream(target: str) -> str:
    with open_store(target) as store:
        made = store.create_tournament("Turns", at=0)
        store.append(made, 0, events=_event("start", 0), at=0)
    return made


def _hold_the_lock(target: str, stream: str) -> psycopg.Connection[Any]:
    """The stream's turn taken outside the store (as another process's store takes it)."""
    conn = psycopg.connect(libpq_url(target), autocommit=True)
    key = zlib.crc32(stream.encode()) - 2**31
    conn.execute("SELECT pg_advisory_lock(%s, %s)", (pg_store._TURN_LOCKS, key))
    return conn


def test_on_sqlite_there_is_no_turn_and_asking_costs_nothing(target: str, stream: str) -> None:
    if is_postgres(target):
        pytest.skip("PostgreSQL gives the turn: the tests below")
    with (
        open_store(target) as one,
        open_store(target) as other,
        one.turn(stream) as held,
        other.turn(stream) as also,
    ):
        assert held is None  # nobody waited for anybody
        assert also is None


def test_a_turn_for_what_is_not_a_stream_id_is_refused(target: str) -> None:
    with (
        open_store(target) as store,
        pytest.raises(StoreError) as refused,
        store.turn("no such/stream"),
    ):
        pass
    assert refused.value.code == "bad_stream_id"


def test_writers_who_take_the_turn_never_lose_a_race(target: str, stream: str) -> None:
    """Two writers (two stores, two sessions) each append twenty batches from the head their
    turn starts from, with a moment between reading and writing: without the turn nearly every
    round is a lost race; with it none is, and no batch is lost."""
    if not is_postgres(target):
        pytest.skip("SQLite has no turn between processes")
    lost: list[str] = []
    failed: list[BaseException] = []

    def write(name: str) -> None:
        try:
            with open_store(target) as store:
                for n in range(20):
                    with store.turn(stream) as head:
                        assert head is not None
                        time.sleep(0.005)  # widens the window a lost race needs
                        try:
                            store.append(stream, head, events=_event(name, n), at=n)
                        except ConcurrencyConflict:
                            lost.append(name)
        except BaseException as error:
            failed.append(error)

    writers = [threading.Thread(target=write, args=(name,)) for name in ("h1", "h2")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(WAIT_S)
    assert not failed, failed
    assert lost == []
    with open_store(target) as store:
        assert store.head(stream) == 1 + 40


def test_the_next_turn_waits_for_the_holder_and_starts_from_the_head_it_left(
    target: str, stream: str
) -> None:
    if not is_postgres(target):
        pytest.skip("SQLite has no turn between processes")
    got: list[int | None] = []
    asked, had = threading.Event(), threading.Event()
    with open_store(target) as first, open_store(target) as second:

        def next_writer() -> None:
            asked.set()
            with second.turn(stream) as head:
                got.append(head)
                had.set()

        with first.turn(stream) as head:
            assert head == 1
            waiting = threading.Thread(target=next_writer)
            waiting.start()
            assert asked.wait(WAIT_S)
            first.append(stream, 1, events=_event("first", 1), at=1)
            assert not had.is_set()  # the turn is still the first writer's
        assert had.wait(WAIT_S)
        waiting.join(WAIT_S)
    assert got == [2]


def test_a_turn_not_had_in_time_is_none_and_the_writer_goes_on(
    target: str, stream: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A holder stuck (a host frozen, not dead) holds nobody up past `TURN_WAIT_MS`: the next
    writer decides without the turn, as it did before there was one."""
    if not is_postgres(target):
        pytest.skip("SQLite has no turn between processes")
    monkeypatch.setattr(pg_store, "TURN_WAIT_MS", 200)
    stuck = _hold_the_lock(target, stream)
    try:
        with open_store(target) as store:
            with store.turn(stream) as head:
                assert head is None
            store.append(stream, 1, events=_event("on", 1), at=1)  # the store works on
            assert store.head(stream) == 2
    finally:
        stuck.close()


def _hold_until_killed(target: str, stream: str, held: Any) -> None:
    with open_store(target) as store, store.turn(stream):
        held.set()
        threading.Event().wait()  # until the test kills this process


def test_a_killed_holders_turn_passes_on(target: str, stream: str) -> None:
    """The turn is its holder's connection's: a host killed holding it (SIGKILL) lets the next
    writer have it, not after `TURN_WAIT_MS` as a stuck one."""
    if not is_postgres(target):
        pytest.skip("SQLite has no turn between processes")
    context = multiprocessing.get_context("spawn")
    held = context.Event()
    holder = context.Process(target=_hold_until_killed, args=(target, stream, held))
    holder.start()
    try:
        assert held.wait(WAIT_S), "the other process never had the turn"
        holder.kill()
        holder.join(WAIT_S)
        with open_store(target) as store:
            deadline = time.monotonic() + WAIT_S
            while True:
                with store.turn(stream) as head:
                    if head is not None:
                        break
                assert time.monotonic() < deadline, "the killed holder's turn never passed on"
        assert head == 1
    finally:
        if holder.is_alive():
            holder.kill()


def test_a_turn_whose_connection_dies_is_refused_and_the_next_is_had(
    target: str, stream: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database drops the turn's connection while it waits (a restart, an outage): the
    writer is told the store is unavailable, in words, and that connection is not handed to
    the next one: the next turn is had on a sound one."""
    if not is_postgres(target):
        pytest.skip("SQLite has no turn between processes")
    with open_store(target) as store:
        monkeypatch.setattr(pg_store, "_TURN_TAKE", "SELECT pg_terminate_backend(pg_backend_pid())")
        with pytest.raises(StoreError) as refused, store.turn(stream):
            pass
        assert refused.value.code == "store_unavailable"
        assert refused.value.message.startswith("cannot take the log's turn")
        monkeypatch.undo()
        with store.turn(stream) as head:
            assert head == 1
