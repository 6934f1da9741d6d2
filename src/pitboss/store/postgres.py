"""The event log on PostgreSQL (psycopg 3), for a server that outlives one laptop.

* Writes run at READ COMMITTED. Two writers can both read head N; both insert seq N + 1; the
  second blocks on the primary key until the first commits, then fails with a unique
  violation, reported as `ConcurrencyConflict` (its transaction rolled back whole).
* Each append calls ``pg_notify('pitboss_events', 'stream:seq')`` in its own transaction, so
  the wake-up is sent only if (and when) the events are committed. It is a wake-up only:
  `PostgresListener` readers catch up from the table (and a notification is database-wide:
  two stores in one database's schemas wake each other's listeners, harmlessly).
* A change of a table's lease owner (`pitboss.store.leases`: taken, taken over, released)
  calls ``pg_notify('pitboss_leases', '<stream> <table> <token>')`` in its own transaction, and
  an append under a lease's `Fence` reads the lease ``FOR SHARE`` (`pitboss.store.fences`).
* Opening migrates under a transaction-level advisory lock, so servers starting together
  create the tables once. The tables go in the connection's current schema: give pitboss a
  database of its own, or a schema with ``?options=-csearch_path%3Dname`` in the URL.
* The store remembers which database it opened (its ``oid`` in ``pg_database``) and checks it
  on every new connection: a database dropped and created again under the same name (or
  restored over) while the server runs would otherwise take the night's writes into an empty
  database, the night before them gone from the screens at the next start. Such a connection is
  refused (``store_gone``) and a critical log line says so once. A dropped connection, or the
  server restarted, reconnects to the same database and goes on.
* A pooled connection is checked when taken from the pool without a round trip
  (`_check_idle`): an idle connection the server has nothing to say to has nothing to read;
  one the server closed (restarted, a backend terminated) has its goodbye or end of file
  waiting, is pinged, and replaced if dead. SQLAlchemy's ``pool_pre_ping`` pinged at every
  transaction, a tenth of a table host's time (issue 32, BENCHMARKS.md).
"""

from __future__ import annotations

import logging
import select
import threading
import time
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Self, cast

import psycopg
import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.engine import Connection, Engine

from pitboss.errors import StoreError
from pitboss.store.envelopes import Wakeup
from pitboss.store.fences import check_stream
from pitboss.store.migrations import migrate
from pitboss.store.payloads import decode_json
from pitboss.store.sql import SqlEventStore, store_failure

log = logging.getLogger(__name__)

NOTIFY_CHANNEL = "pitboss_events"
_NOTIFY_ALL = sa.text(
    f"SELECT pg_notify('{NOTIFY_CHANNEL}', payload) FROM unnest(CAST(:payloads AS text[])) "
    "WITH ORDINALITY AS p(payload, n) ORDER BY n"
)
"""The channel every append notifies, with the payload ``"stream:seq"`` (the new head)."""

CONNECT_TIMEOUT_S = 10
"""How long opening waits for the server, unless the URL says (``?connect_timeout=N``)."""

_MIGRATION_LOCK = 0x50495442  # "PITB", as SQLite's application_id

TURN_WAIT_MS = 2_000
"""How long a writer waits for a stream's turn (`PostgresEventStore.turn`) before it decides
and appends without it: a holder stuck that long (a host frozen, not dead: a dead one's turn
ends with its connection) holds nobody up longer. The turn only spares lost races; the
append's own check of the head decides what is written."""

_TURN_LOCKS = 0x50544E31  # "PTN1": the first key of a stream's turn (pg_advisory_xact_lock)
_TURN_WAIT = "SELECT set_config('lock_timeout', %s, true)"
_TURN_TAKE = "SELECT pg_advisory_xact_lock(%s, %s)"
_TURN_HEAD = "SELECT coalesce(max(seq), 0) FROM events WHERE stream = %s"
_UNIQUE_VIOLATION = "23505"
_DATABASE_OID = "SELECT oid FROM pg_database WHERE datname = current_database()"


def open_postgres(url: sa.URL) -> PostgresEventStore:
    """The store in the PostgreSQL database at ``url``, its tables created if missing.

    Connection settings the URL leaves out come from libpq's variables (``PGHOST``,
    ``PGPORT``, ``PGUSER``, ``PGPASSWORD``, ``PGDATABASE``): ``postgresql://`` alone is the
    database they name.

    Raises:
        StoreError: ``store_unavailable`` (no server, refused login, no such database),
            ``not_a_store``, ``store_too_new``.
    """
    shown = url.render_as_string(hide_password=True)
    url = url.set(drivername="postgresql+psycopg")
    connect_args: dict[str, Any] = {"application_name": "pitboss"}
    if "connect_timeout" not in url.query:
        connect_args["connect_timeout"] = CONNECT_TIMEOUT_S
    engine = sa.create_engine(url, connect_args=connect_args, json_deserializer=decode_json)
    event.listen(engine, "checkout", _check_idle)
    store = PostgresEventStore(engine, target=shown)
    try:
        store.migrate()
    except BaseException:
        store.close()
        raise
    return store


def _check_idle(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
    """Refuse a pooled connection that is dead, so the pool connects again (SQLAlchemy's
    checkout event): one the driver knows is closed, or one with something to read while idle
    (the server's goodbye, or end of file) that fails a ping.

    Raises:
        sqlalchemy.exc.DisconnectionError: (``invalidate_pool``: the server dropped every
            connection of its restart) the pool replaces them.
    """
    if dbapi_connection.closed or dbapi_connection.broken:
        raise sa.exc.InvalidatePoolError("the connection was closed")
    try:
        readable, _, _ = select.select([dbapi_connection.fileno()], [], [], 0)
    except (OSError, ValueError, psycopg.Error) as error:
        raise sa.exc.InvalidatePoolError(f"the connection's socket is gone ({error})") from error
    if not readable:
        return
    try:
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        dbapi_connection.rollback()
    except psycopg.Error as error:
        raise sa.exc.InvalidatePoolError(f"the server closed the connection ({error})") from error


class PostgresEventStore(SqlEventStore):
    """The event store in a PostgreSQL database (see the module's notes)."""

    def __init__(self, engine: Engine, *, target: str) -> None:
        super().__init__(engine, target=target)
        self._opened: int | None = None  # the database's oid, from the first connection
        self._gone: StoreError | None = None
        self._lock = threading.Lock()
        event.listen(engine, "connect", self._identify)

    def _identify(self, dbapi_connection: Any, _record: Any) -> None:
        """Check a new connection's database is the one the store opened (the first one
        names it).

        Raises:
            StoreError: ``store_gone``: the connection is closed, not pooled.
        """
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(_DATABASE_OID)
            row = cursor.fetchone()
        finally:
            cursor.close()
            dbapi_connection.rollback()  # no transaction left open by the check
        found = None if row is None else int(row[0])
        with self._lock:
            if self._opened is None:
                self._opened = found
                return
            if found == self._opened:
                return
            first = self._gone is None
            if first:
                self._gone = self._gone_error(dbapi_connection)
            gone = self._gone
        assert gone is not None
        if first:
            log.critical("%s", gone.message)
        raise gone

    def _gone_error(self, dbapi_connection: Any) -> StoreError:
        name = getattr(getattr(dbapi_connection, "info", None), "dbname", None) or "?"
        return StoreError(
            f"The night is not being saved: the database {name} at {self.target} was dropped "
            "and created again, or replaced, while the server was running. pitboss refuses "
            "every change now rather than write into a database that is not the night's "
            "(nothing refused was saved). What was saved before went with the old database: "
            "restore it from your backup (pg_dump) if you have one, then restart the server, "
            "which then uses the database as it finds it.",
            code="store_gone",
            params={"target": self.target, "reason": "replaced", "database": name},
        )

    def check_writable(self) -> None:
        """Check, without writing, that a write now would be saved: the database answers and
        is the one opened.

        Raises:
            StoreError: ``store_gone``, ``store_unavailable``, ``store_closed``.
        """
        with self._read("check the store") as conn:
            conn.exec_driver_sql("SELECT 1")

    def migrate(self) -> None:
        """Create or upgrade the tables, once, however many processes open the store at once.

        Raises:
            StoreError: ``store_unavailable``, ``not_a_store``, ``store_too_new``.
        """
        try:
            with self._write() as conn:
                conn.execute(sa.select(sa.func.pg_advisory_xact_lock(_MIGRATION_LOCK)))
                migrate(conn, target=self.target, now_ms=time.time_ns() // 1_000_000)
        except sa.exc.DBAPIError as error:
            raise store_failure(error, target=self.target, action="open the store") from error

    @contextmanager
    def turn(self, stream: str) -> Iterator[int | None]:
        """The stream's turn (`EventStore.turn`): a transaction-scoped advisory lock on a
        pooled connection of its own, held until the context ends (the writer's reads and
        appends use other connections), so a turn whose process dies ends with it. The lock,
        then the head (read after the wait, so it is the head the turn starts from): one round
        trip (a pipeline). None when it was not had within `TURN_WAIT_MS`.

        Raises:
            StoreError: ``bad_stream_id``; ``store_unavailable``.
        """
        key = zlib.crc32(check_stream(stream).encode()) - 2**31  # a signed 32-bit key
        with self._session("take the log's turn"):
            raw = self._engine.raw_connection()
        conn = cast("psycopg.Connection[Any]", raw.driver_connection)
        try:
            head = self._wait_turn(conn, stream, key)
        except psycopg.Error as error:
            raw.invalidate()
            raw.close()
            raise _unavailable(
                error,
                self.target,
                action="take the log's turn",
                then="check that the database is running and reachable, then retry",
            ) from error
        try:
            yield head
        finally:
            try:
                conn.rollback()  # the transaction ends (it wrote nothing): the turn passes on
            except psycopg.Error:
                raw.invalidate()  # closed, so the turn ends with the connection
            raw.close()  # back to the pool

    def _wait_turn(self, conn: psycopg.Connection[Any], stream: str, key: int) -> int | None:
        try:
            with conn.pipeline():
                conn.execute(_TURN_WAIT, (f"{TURN_WAIT_MS}ms",))
                conn.execute(_TURN_TAKE, (_TURN_LOCKS, key))
                row = conn.execute(_TURN_HEAD, (stream,)).fetchone()
        except psycopg.errors.LockNotAvailable:
            conn.rollback()
            log.info("no turn at %s's log within %d ms: deciding without it", stream, TURN_WAIT_MS)
            return None
        return 0 if row is None else int(row[0])

    def _is_unique_violation(self, error: sa.exc.IntegrityError) -> bool:
        return getattr(error.orig, "sqlstate", None) == _UNIQUE_VIOLATION

    def _appended(self, conn: Connection, heads: Sequence[tuple[str, int]]) -> None:
        """One ``stream:seq`` wake-up a stream, all in one statement (a host's group commit
        writes a hundred tables' streams: one round trip, not one a stream)."""
        conn.execute(_NOTIFY_ALL, {"payloads": [f"{stream}:{seq}" for stream, seq in heads]})

    def _insert_if_new(self, table: sa.Table) -> sa.Executable:
        return postgres_insert(table).on_conflict_do_nothing()

    def listen(self) -> PostgresListener:
        return PostgresListener(self._engine, target=self.target)


class PostgresListener:
    """A `Listener` on its own connection (``LISTEN pitboss_events``, outside the pool).

    It reports what was committed after it was made. A dropped connection is a
    ``store_unavailable`` `StoreError`: make a new listener and catch up from the log.
    """

    def __init__(self, engine: Engine, *, target: str) -> None:
        self._target = target
        try:
            raw = engine.raw_connection()
            self._conn = cast("psycopg.Connection[Any]", raw.driver_connection)
            raw.detach()  # closed, not pooled, when the listener closes
            self._raw = raw
            self._conn.autocommit = True
            self._conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
        except sa.exc.DBAPIError as error:
            raise store_failure(error, target=target, action="listen") from error
        except psycopg.Error as error:
            raise _unavailable(error, target) from error

    def wait(self, timeout: float) -> list[Wakeup]:
        heads: dict[str, int] = {}
        try:
            for note in self._conn.notifies(timeout=timeout, stop_after=1):
                _note(heads, note.payload)
            if heads:  # take what else has arrived, without waiting
                for note in self._conn.notifies(timeout=0.0):
                    _note(heads, note.payload)
        except psycopg.Error as error:
            raise _unavailable(error, self._target) from error
        return [Wakeup(stream=stream, seq=heads[stream]) for stream in sorted(heads)]

    def close(self) -> None:
        self._raw.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def _note(heads: dict[str, int], payload: str) -> None:
    stream, _, seq = payload.rpartition(":")
    if stream and seq.isdigit():
        heads[stream] = max(heads.get(stream, 0), int(seq))


def _unavailable(
    error: psycopg.Error,
    target: str,
    *,
    action: str = "listen",
    then: str = "make a new listener and catch up from the log",
) -> StoreError:
    reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return StoreError(
        f"cannot {action}: the store at {target} is unavailable ({reason}); {then}",
        code="store_unavailable",
        params={"target": target, "action": action, "reason": reason},
    )
