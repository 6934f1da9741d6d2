"""A store whose file (SQLite) or database (PostgreSQL) vanishes while the server runs refuses
every write with ``store_gone`` before it commits, instead of acknowledging writes that no
restart will find (issue 25: 11 of 11 acknowledged writes lost, with no warning)."""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
import sqlalchemy as sa

from pitboss.errors import StoreError
from pitboss.store import EventStore, NewEvent, open_store
from pitboss.store.sqlite import SQLiteEventStore

from .conftest import libpq_url

Vanish = Callable[[], None]


def _event(n: int) -> list[NewEvent]:
    return [NewEvent(type="player_registered", data={"n": n})]


def _delete_sqlite_files(path: Path) -> None:
    for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
        (path.parent / name).unlink(missing_ok=True)


@pytest.fixture(params=["sqlite", "postgresql"])
def vanishing(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, Vanish]]:
    """A store's target, and how it vanishes under it: the SQLite files deleted, or the
    PostgreSQL database (one of this test's own) dropped and created again empty."""
    if request.param == "sqlite":
        path = tmp_path / "night.db"
        yield str(path), lambda: _delete_sqlite_files(path)
        return
    server: str = request.getfixturevalue("postgres_server")
    name = f"pitboss_vanish_{secrets.token_hex(4)}"
    admin = libpq_url(server)

    def admin_run(*statements: str) -> None:
        with psycopg.connect(admin, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)

    admin_run(f'CREATE DATABASE "{name}"')
    try:
        url = sa.make_url(server).set(database=name).render_as_string(hide_password=False)
        yield (
            url,
            lambda: admin_run(f'DROP DATABASE "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'),
        )
    finally:
        admin_run(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _refused(store: EventStore, stream: str, expected: int) -> StoreError:
    with pytest.raises(StoreError) as refused:
        store.append(stream, expected, events=_event(expected + 1), at=expected + 1)
    return refused.value


def test_a_store_that_vanished_while_open_refuses_every_write_and_logs_it_once(
    vanishing: tuple[str, Vanish], caplog: pytest.LogCaptureFixture
) -> None:
    target, vanish = vanishing
    with open_store(target) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        store.check_writable()
        vanish()
        caplog.set_level(logging.CRITICAL)
        first = _refused(store, stream, 1)
        second = _refused(store, stream, 1)
        with pytest.raises(StoreError) as checked:
            store.check_writable()
    assert first.code == second.code == checked.value.code == "store_gone"
    assert first.message.startswith("The night is not being saved")
    assert "nothing refused was saved" in first.message
    assert [r.levelno for r in caplog.records] == [logging.CRITICAL]
    assert "The night is not being saved" in caplog.records[0].getMessage()


def test_a_sqlite_store_whose_connections_all_closed_keeps_writing(tmp_path: Path) -> None:
    # SQLite itself deletes the -wal when the last connection closes: that is no vanished log
    path = tmp_path / "night.db"
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        assert isinstance(store, SQLiteEventStore)
        store._engine.dispose()  # every connection closed, the -wal checkpointed away
        store.append(stream, 1, events=_event(2), at=3)
        store.check_writable()
        assert store.head(stream) == 2


def test_a_restarted_postgresql_server_is_the_same_database_and_keeps_writing(
    own_database: tuple[str, str],
) -> None:
    url, _ = own_database  # every connection to it is cut: none of another test's
    with open_store(url) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        with psycopg.connect(libpq_url(url), autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        store.append(stream, 1, events=_event(2), at=3)
        store.check_writable()
        assert store.head(stream) == 2


def test_a_deleted_sqlite_file_refuses_the_write_and_copies_the_night_out(
    tmp_path: Path,
) -> None:
    path = tmp_path / "night.db"
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        for n in range(11):
            store.append(stream, n, events=_event(n + 1), at=n + 2)
        _delete_sqlite_files(path)
        refused = _refused(store, stream, 11)
        assert store.head(stream) == 11  # the refused write is not in the log
        assert isinstance(store, SQLiteEventStore)
        copy = store.rescued
    assert refused.params["reason"] == "deleted"
    assert copy is not None
    assert copy.parent == tmp_path
    assert refused.params["rescued"] == str(copy)
    assert f"copied to {copy}" in refused.message
    assert not path.exists()  # nothing recreated the file behind the director's back
    with open_store(copy) as rescued:
        assert [t.name for t in rescued.tournaments()] == ["Friday charity"]
        assert [e.data["n"] for e in rescued.load(stream)] == list(range(1, 12))


def test_a_sqlite_file_replaced_by_another_refuses_writes(tmp_path: Path) -> None:
    path, other = tmp_path / "night.db", tmp_path / "other.db"
    with open_store(other) as second:
        second.create_tournament("Someone else's night", at=1)
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        os.replace(other, path)
        refused = _refused(store, stream, 0)
    assert refused.code == "store_gone"
    assert refused.params["reason"] == "replaced"
    assert "replaced by another file" in refused.message


def test_a_deleted_sqlite_wal_refuses_writes(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        (tmp_path / "night.db-wal").unlink()
        refused = _refused(store, stream, 1)
    assert refused.params["reason"] == "wal_deleted"
    assert "night.db-wal was deleted" in refused.message


@contextlib.contextmanager
def _deleted_with_no_connection(path: Path) -> Iterator[tuple[SQLiteEventStore, str]]:
    """A night's store whose files were deleted once no connection held them (the pool had
    closed them): the store's next use opens a new connection."""
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        _delete_sqlite_files(path)
        assert isinstance(store, SQLiteEventStore)
        store._engine.dispose()
        yield store, stream


def test_a_deleted_sqlite_file_with_no_connection_left_open_is_said_gone_not_unavailable(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # a CI run under load: the pool had closed its connections, so the write opened a new one,
    # found an empty file at the path and was refused as "unavailable (no such table)"
    with _deleted_with_no_connection(tmp_path / "night.db") as (store, stream):
        caplog.set_level(logging.CRITICAL)
        refused = _refused(store, stream, 1)
        assert store.rescued is None  # an empty new file is never passed off as the night
    assert refused.code == "store_gone"
    assert "was deleted" in refused.message
    assert "nothing could be copied out" in refused.message


def test_a_read_after_the_sqlite_file_was_deleted_puts_no_empty_file_at_its_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    # a CI run: the follower's new connection made an empty file at the path, so the console
    # said the file was "replaced by another file" when it had been deleted
    path = tmp_path / "night.db"
    with _deleted_with_no_connection(path) as (store, stream):
        with pytest.raises(StoreError):
            store.load(stream)
        assert not path.exists(), "no empty file made at the store's path"
        caplog.set_level(logging.CRITICAL)
        with pytest.raises(StoreError) as checked:
            store.check_writable()
    assert checked.value.code == "store_gone"
    assert checked.value.params["reason"] == "deleted"
    assert "night.db was deleted" in checked.value.message


def test_a_read_after_the_sqlite_file_was_deleted_says_the_file_was_deleted(
    tmp_path: Path,
) -> None:
    """The console reads the log's head before a write: a read whose new connection finds no
    store at the path says the file was deleted, as a write does (a CI run's console showed
    "unable to open database file" instead, and the director would not know what to do)."""
    path = tmp_path / "night.db"
    with open_store(path) as store:
        stream = store.create_tournament("Friday charity", at=1)
        store.append(stream, 0, events=_event(1), at=2)
        assert isinstance(store, SQLiteEventStore)
        store._engine.dispose()  # no pooled connection holds the file open
        _delete_sqlite_files(path)
        with pytest.raises(StoreError) as refused:
            store.head(stream)
        assert refused.value.code == "store_gone"
        assert refused.value.params["reason"] == "deleted"
        assert "night.db was deleted" in refused.value.message
        assert not path.exists()
