"""The embedded default: the event log in one SQLite file, in WAL mode, every commit durable.

* WAL lets readers (a screen, a second process) read while the director's process writes, and
  ``synchronous=FULL`` syncs the log at each commit, so a command acknowledged is on disk when
  the laptop's battery dies.
* A write transaction is ``BEGIN IMMEDIATE``: it takes SQLite's one write lock before it reads
  the head, so two writers queue (up to `BUSY_TIMEOUT_S`) instead of failing a lock upgrade, and
  the second one finds the head moved: a `ConcurrencyConflict`, never a lost event. Reads are
  ``BEGIN DEFERRED``: a snapshot of the log, no lock held against writers. (Python's ``sqlite3``
  would otherwise begin transactions only before an INSERT; the store emits BEGIN itself.)
* The file is marked with SQLite's ``application_id`` (`APPLICATION_ID`), and a file that is
  not a database, or another program's database, is refused rather than written into.
* The store remembers which file it opened (device and inode). Every write transaction checks,
  before it commits, that the path still is that file and that its ``-wal`` log is still there:
  a file deleted or replaced while the server runs would otherwise take every write into a
  file nobody will open again (the night lost at the next start, with no warning). Such a
  write is refused (``store_gone``), nothing of it is acknowledged, a critical log line says so
  once, and the log as it stood is copied out through the connection that still has the old
  file open (`SQLiteEventStore.rescued`), so the director can put it back.
* There is no push between processes: `SQLitePollingListener` polls the ``events`` table by
  rowid (rows are only inserted, under one write lock at a time, so rowids grow in commit order).
"""

from __future__ import annotations

import contextlib
import enum
import logging
import os
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection, Engine

from pitboss.errors import StoreError
from pitboss.store.envelopes import Wakeup
from pitboss.store.migrations import migrate
from pitboss.store.sql import SqlEventStore, store_failure

log = logging.getLogger(__name__)

APPLICATION_ID = 0x50495442
"""``PRAGMA application_id`` of a pitboss store ("PITB")."""

BUSY_TIMEOUT_S = 10.0
"""How long a writer waits for another process's write lock before giving up."""

POLL_INTERVAL_S = 0.05
"""How often a listener looks for new events while it waits."""

NEWS_SQL = (
    "SELECT stream, max(seq), max(rowid) FROM events NOT INDEXED WHERE rowid > ? "
    "GROUP BY stream ORDER BY stream"
)
"""What a listener's poll reads: the rows after the last it saw, found by their rowid. Without
``NOT INDEXED`` SQLite groups by scanning the whole (stream, seq) index, and each poll of a
night's log of 100,000 events took 5 to 7 ms of CPU, 20 times a second."""

_WRITE = "pitboss_write"
_FILE_ID = "pitboss_file_id"  # a pooled connection's info: the (device, inode) it opened
_UNIQUE = frozenset({"SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE"})


def open_sqlite(path: Path) -> SQLiteEventStore:
    """The store in the SQLite file ``path``, created (with its tables) if missing.

    Raises:
        StoreError: ``bad_store_target`` (a directory, or a folder that does not exist),
            ``not_a_store``, ``store_too_new``, ``store_unavailable``.
    """
    shown = str(path)
    if path.is_dir() or not path.parent.is_dir():
        problem = "is a directory" if path.is_dir() else "is in a directory that does not exist"
        raise StoreError(
            f"SQLite store {shown} {problem}: give the path of a file (it is created if missing)",
            code="bad_store_target",
            params={"target": shown, "reason": problem},
        )
    store = SQLiteEventStore(_engine(path), target=shown, path=path)
    try:
        store.migrate()
    except BaseException:
        store.close()
        raise
    return store


def _engine(path: Path) -> Engine:
    created = False

    def connect() -> sqlite3.Connection:
        """The first connection creates the file if missing; every later one opens it only if
        it is there (``mode=rw``): a connection made after the file was deleted must not put
        an empty file at its path, which would read as the file replaced (and be written to)."""
        nonlocal created
        uri = f"{path.absolute().as_uri()}?mode={'rw' if created else 'rwc'}"
        conn = sqlite3.connect(uri, uri=True, timeout=BUSY_TIMEOUT_S, check_same_thread=False)
        created = True
        return conn

    # the URL names the file (so the pool is a file's, not an in-memory database's); the
    # connections come from `connect`
    engine = sa.create_engine(sa.URL.create("sqlite+pysqlite", database=str(path)), creator=connect)

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, record: Any) -> None:
        dbapi_connection.isolation_level = None  # the store emits BEGIN itself (see _begin)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.execute("PRAGMA synchronous = FULL")
        cursor.close()
        record.info[_FILE_ID] = _file_id(path)

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        mode = "IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "DEFERRED"
        conn.exec_driver_sql(f"BEGIN {mode}")

    return engine


def _file_id(path: Path) -> tuple[int, int] | None:
    """The (device, inode) of the file at ``path``, None when there is none."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


class Vanished(enum.StrEnum):
    """How the store's file went away while the store was open."""

    DELETED = "deleted"
    REPLACED = "replaced"
    WAL_DELETED = "wal_deleted"


class SQLiteEventStore(SqlEventStore):
    """The event store in one SQLite file (see the module's notes)."""

    def __init__(self, engine: Engine, *, target: str, path: Path) -> None:
        super().__init__(engine, target=target)
        self._writer = engine.execution_options(**{_WRITE: True})
        self._write_lock = threading.RLock()
        self._path = path
        self._wal = path.with_name(path.name + "-wal")
        self._opened: tuple[int, int] | None = None  # the file migrate() opened
        self._gone: Vanished | None = None
        self.rescued: Path | None = None
        """Where the log was copied when the file vanished (see the module's notes)."""

    def migrate(self) -> None:
        """Check that the file is a pitboss store (or empty), bring its tables to the current
        schema in one write transaction, and switch it to WAL.

        Raises:
            StoreError: ``not_a_store``, ``store_too_new``, ``store_unavailable``.
        """
        try:
            with self._write() as conn:
                application_id = int(conn.exec_driver_sql("PRAGMA application_id").scalar() or 0)
                tables = conn.exec_driver_sql(
                    "SELECT name FROM sqlite_master WHERE type = 'table' "
                    "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                ).scalars()
                names = list(tables)
                if application_id != APPLICATION_ID and (application_id or names):
                    raise self._not_a_store(f"another program's database (tables {names})")
                migrate(conn, target=self.target, now_ms=time.time_ns() // 1_000_000)
                conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
            raw = self._engine.raw_connection()
            try:
                cursor = raw.cursor()
                cursor.execute("PRAGMA journal_mode = WAL")
                mode = cursor.fetchone()
                cursor.close()
            finally:
                raw.close()
        except sa.exc.DBAPIError as error:
            if getattr(error.orig, "sqlite_errorname", "") == "SQLITE_NOTADB":
                raise self._not_a_store("not a SQLite database") from None
            raise store_failure(error, target=self.target, action="open the store") from error
        if mode is None or str(mode[0]).lower() != "wal":
            raise StoreError(
                f"SQLite store {self.target} cannot use WAL mode (journal mode {mode}): put it "
                "on a local disk",
                code="store_unavailable",
                params={"target": self.target, "action": "open the store", "reason": str(mode)},
            )
        self._opened = _file_id(self._path)

    def _not_a_store(self, reason: str) -> StoreError:
        return StoreError(
            f"{self.target} is not a pitboss store ({reason}): give a new file's path, or a "
            "store pitboss made",
            code="not_a_store",
            params={"target": self.target, "reason": reason},
        )

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        # One write transaction at a time in this process (the director's thread, the hands'
        # writer): a second waits here and goes on the moment the first commits, not after
        # SQLite's busy handler's next sleep (up to 100 ms).
        with self._write_lock:
            # gone before this write began: a connection the pool opens anew finds no store at
            # the path (SQLite makes an empty file there), so its failure is said as the file's
            # loss, not as an unavailable database (a CI run once saw that under load)
            before = self._vanished(writing=False)
            try:
                connection = self._writer.connect()
            except sa.exc.DBAPIError as error:  # a new connection finds no file (mode=rw)
                if before is None:
                    raise
                raise self._refuse(before, None, held=False) from error
            with connection as conn:
                try:
                    with conn.begin() as transaction:
                        yield conn
                        vanished = self._vanished(writing=True)
                        if vanished is not None:
                            transaction.rollback()  # before the commit: nothing acknowledged
                except sa.exc.DBAPIError as error:
                    if before is None:
                        raise
                    raise self._refuse(before, conn, held=False) from error
                if vanished is not None:
                    raise self._refuse(vanished, conn)
            if self._gone is not None:
                log.warning("the store file %s is back: writes are saved again", self.target)
                self._gone = None

    @contextmanager
    def _read(self, action: str) -> Iterator[Connection]:
        """A read; one that fails because the file is gone from its path (a new connection
        finds no store there, ``mode=rw``) is said as the file's loss, as a write's is, not as
        an unavailable database (a CI run's console read the head before its write, and said
        "unable to open database file" where the director must read "night.db was
        deleted")."""
        try:
            with super()._read(action) as conn:
                yield conn
        except StoreError as error:
            vanished = self._vanished(writing=False) if error.code == "store_unavailable" else None
            if vanished is None:
                raise
            raise self._refuse(vanished, None, held=False) from error

    def check_writable(self) -> None:
        """Check, without writing, that a write now would be saved: the file is still the one
        opened (one ``stat``).

        Raises:
            StoreError: ``store_gone`` (see the module's notes), ``store_closed``.
        """
        with self._session("check the store"):
            vanished = self._vanished(writing=False)
            if vanished is not None:
                with self._write_lock:
                    try:
                        connection = self._writer.connect()
                    except sa.exc.DBAPIError as error:  # no connection holds the file any more
                        raise self._refuse(vanished, None, held=False) from error
                    with connection as conn:
                        raise self._refuse(vanished, conn)

    def _vanished(self, *, writing: bool) -> Vanished | None:
        """How the file opened is gone from its path, if it is. In a write transaction the
        ``-wal`` log is open, so it exists unless someone deleted it."""
        if self._opened is None:  # still opening
            return None
        found = _file_id(self._path)
        if found is None:
            return Vanished.DELETED
        if found != self._opened:
            return Vanished.REPLACED
        if writing and not self._wal.exists():
            return Vanished.WAL_DELETED
        return None

    def _refuse(
        self, vanished: Vanished, conn: Connection | None, *, held: bool = True
    ) -> StoreError:
        """The refusal of a write to a vanished file; the first of an occurrence is logged
        (critical), and the log is copied out until a copy is made. ``held``: False when the
        connection is a new one that found no store at the path, so nothing can be copied."""
        first = self._gone is None
        self._gone = vanished
        copied = False
        if self.rescued is None and held and conn is not None:
            self.rescued = self._rescue(conn)
            copied = self.rescued is not None
        error = self._gone_error(vanished, held=held)
        if first or copied:
            log.critical("%s", error.message)
        return error

    def _rescue(self, conn: Connection) -> Path | None:
        """A copy of the log as this connection still sees it (SQLite's online backup, the
        ``-wal``'s commits included), next to the file or else in the temporary folder; None
        when the connection does not have the opened file open or no copy could be written."""
        pooled = conn.connection
        if pooled.info.get(_FILE_ID) != self._opened:
            return None
        source = pooled.driver_connection
        assert isinstance(source, sqlite3.Connection)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for folder in (self._path.parent.absolute(), Path(tempfile.gettempdir())):
            copy = folder / f"{self._path.name}.rescued-{stamp}"
            number = 1
            while copy.exists():
                number += 1
                copy = folder / f"{self._path.name}.rescued-{stamp}-{number}"
            try:
                destination = sqlite3.connect(copy)
                try:
                    source.backup(destination)
                finally:
                    destination.close()
            except (sqlite3.Error, OSError) as error:
                log.error("could not copy the store out to %s: %s", copy, error)
                with contextlib.suppress(OSError):
                    copy.unlink(missing_ok=True)
                continue
            return copy
        return None

    def _gone_error(self, vanished: Vanished, *, held: bool = True) -> StoreError:
        what = {
            Vanished.DELETED: f"the store file {self.target} was deleted",
            Vanished.REPLACED: f"the store file {self.target} was replaced by another file",
            Vanished.WAL_DELETED: f"the store's log file {self._wal} was deleted",
        }[vanished]
        message = (
            f"The night is not being saved: {what} while the server was running. pitboss "
            "refuses every change now rather than write into a file that is gone (nothing "
            "refused was saved)."
        )
        if self.rescued is not None:
            message += (
                f" Everything saved before is copied to {self.rescued}: stop this server, "
                f"put that copy back as {self.target} (rename it) and start the server again, "
                "then enter again what was refused."
            )
            if vanished is Vanished.REPLACED:
                message += " If you put another file there on purpose, restart to use it."
        elif not held:
            message += (
                " No open connection still held the file, so nothing could be copied out:"
                " restore the store from a backup, or replay the night from its other copies."
            )
        else:
            message += (
                " Do not stop this server: it still holds what was saved before, and pitboss "
                f"could not copy it out (next to {self.target}, nor to the temporary folder). "
                "Make room there; every refused command tries the copy again."
            )
        return StoreError(
            message,
            code="store_gone",
            params={
                "target": self.target,
                "reason": str(vanished),
                "rescued": None if self.rescued is None else str(self.rescued),
            },
        )

    def _appended(self, conn: Connection, heads: Sequence[tuple[str, int]]) -> None:
        """Nothing to send: SQLite has no push between processes; listeners poll."""

    def _is_unique_violation(self, error: sa.exc.IntegrityError) -> bool:
        return getattr(error.orig, "sqlite_errorname", "") in _UNIQUE

    def _insert_if_new(self, table: sa.Table) -> sa.Executable:
        return sqlite_insert(table).on_conflict_do_nothing()

    def listen(self) -> SQLitePollingListener:
        return SQLitePollingListener(self._engine, target=self.target)


class SQLitePollingListener:
    """A `Listener` that polls the log every `POLL_INTERVAL_S` while it waits.

    It reports what was appended after it was made, by any process; between waits it holds no
    transaction open (which would keep WAL from being checkpointed).
    """

    def __init__(self, engine: Engine, *, target: str, interval: float = POLL_INTERVAL_S) -> None:
        self._engine = engine
        self._target = target
        self._interval = interval
        self._closed = False
        with self._connect() as conn:
            ((last,),) = self._run(conn, "SELECT coalesce(max(rowid), 0) FROM events", ())
        self._last_rowid = int(last)

    def wait(self, timeout: float) -> list[Wakeup]:
        deadline = time.monotonic() + timeout
        while not self._closed:
            news = self._poll()
            remaining = deadline - time.monotonic()
            if news or remaining <= 0:
                return news
            time.sleep(min(self._interval, remaining))
        return []

    def _poll(self) -> list[Wakeup]:
        with self._connect() as conn:
            rows = self._run(conn, NEWS_SQL, (self._last_rowid,))
        if rows:
            self._last_rowid = max(int(row[2]) for row in rows)
        return [Wakeup(stream=str(row[0]), seq=int(row[1])) for row in rows]

    def _connect(self) -> Connection:
        try:
            return self._engine.connect()
        except sa.exc.DBAPIError as error:
            raise store_failure(error, target=self._target, action="listen") from error

    def _run(self, conn: Connection, sql: str, args: tuple[Any, ...]) -> list[Any]:
        try:
            return list(conn.exec_driver_sql(sql, args).all())
        except sa.exc.DBAPIError as error:
            raise store_failure(error, target=self._target, action="listen") from error

    def close(self) -> None:
        self._closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
