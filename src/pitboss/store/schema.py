"""The store's tables (SQLAlchemy Core, one definition for SQLite and PostgreSQL) and migrations.

Five tables, all insert-only (triggers refuse an UPDATE or a DELETE on both databases):

* ``tournaments`` (stream, name, created_at): one row per stream.
* ``commands`` (stream, batch, at, command, first_seq, last_seq): one row per batch, the command
  it came from (JSON, or NULL for the host's own events) and the range of its events; primary
  key (stream, batch).
* ``events`` (stream, seq, batch, v, at, type, data): primary key (stream, seq), the
  optimistic-concurrency guard (DESIGN "The live side"); (stream, batch) references
  ``commands``, so every event belongs to a recorded batch.
* ``snapshots`` (stream, v, seq, created_at, data): a cache of the folded state, primary key
  (stream, v, seq); the newest by seq of a format ``v`` wins.
* ``event_hashes`` (stream, seq, hash, command_hash), since version 2: each event's link in its
  stream's SHA-256 chain (`pitboss.store.chain`), inserted with the event; ``command_hash`` on
  the first event of each batch only. A table of its own rather than a column of ``events``, so
  the upgrade that chains an older log inserts rows and never rewrites one.

``pitboss_schema`` (version, applied_at) records each migration applied; the highest version
is the schema's. JSON columns are ``TEXT`` on SQLite and ``json`` on PostgreSQL (the text kept
as written, so key order survives; ``jsonb`` would reorder keys).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.types import UserDefinedType

from pitboss.errors import StoreError

SCHEMA_VERSION = 2
"""The schema this code writes; a store with a higher version was written by newer code."""

STREAM_ID_LENGTH = 64
HASH_LENGTH = 64  # SHA-256 in lowercase hex


class _PostgresJson(UserDefinedType[str]):
    """PostgreSQL's ``json``: the driver is handed text, which PostgreSQL checks and keeps."""

    cache_ok = True

    def get_col_spec(self, **kw: Any) -> str:
        return "JSON"


JSON_TEXT = sa.Text().with_variant(_PostgresJson(), "postgresql")

metadata = sa.MetaData()

schema_versions = sa.Table(
    "pitboss_schema",
    metadata,
    sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("applied_at", sa.BigInteger, nullable=False),
)

tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("stream", sa.String(STREAM_ID_LENGTH), primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
)

commands = sa.Table(
    "commands",
    metadata,
    sa.Column(
        "stream",
        sa.String(STREAM_ID_LENGTH),
        sa.ForeignKey("tournaments.stream"),
        primary_key=True,
    ),
    sa.Column("batch", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("at", sa.BigInteger, nullable=False),
    sa.Column("command", JSON_TEXT, nullable=True),
    sa.Column("first_seq", sa.BigInteger, nullable=False),
    sa.Column("last_seq", sa.BigInteger, nullable=False),
    sa.CheckConstraint("batch >= 1 AND first_seq >= 1 AND last_seq >= first_seq"),
)

events = sa.Table(
    "events",
    metadata,
    sa.Column("stream", sa.String(STREAM_ID_LENGTH), primary_key=True),
    sa.Column("seq", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("batch", sa.BigInteger, nullable=False),
    sa.Column("v", sa.Integer, nullable=False),
    sa.Column("at", sa.BigInteger, nullable=False),
    sa.Column("type", sa.Text, nullable=False),
    sa.Column("data", JSON_TEXT, nullable=False),
    sa.ForeignKeyConstraint(["stream", "batch"], ["commands.stream", "commands.batch"]),
    sa.CheckConstraint("seq >= 1 AND v >= 1"),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column(
        "stream",
        sa.String(STREAM_ID_LENGTH),
        sa.ForeignKey("tournaments.stream"),
        primary_key=True,
    ),
    sa.Column("v", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seq", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("created_at", sa.BigInteger, nullable=False),
    sa.Column("data", sa.LargeBinary, nullable=False),
    sa.CheckConstraint("seq >= 1"),
)

event_hashes = sa.Table(
    "event_hashes",
    metadata,
    sa.Column("stream", sa.String(STREAM_ID_LENGTH), primary_key=True),
    sa.Column("seq", sa.BigInteger, primary_key=True, autoincrement=False),
    sa.Column("hash", sa.String(HASH_LENGTH), nullable=False),
    sa.Column("command_hash", sa.String(HASH_LENGTH), nullable=True),
    sa.ForeignKeyConstraint(["stream", "seq"], ["events.stream", "events.seq"]),
)

_VERSION_1_TABLES = ("tournaments", "commands", "events", "snapshots")
STORE_TABLES = (*_VERSION_1_TABLES, "event_hashes")
"""The tables of the log (``pitboss_schema`` aside), in the order they reference each other."""


def _refuse_changes_sqlite(conn: Connection, tables: tuple[str, ...]) -> None:
    for table in tables:
        for change in ("UPDATE", "DELETE"):
            conn.exec_driver_sql(
                f"CREATE TRIGGER {table}_no_{change.lower()} BEFORE {change} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'pitboss store: {table} is append-only'); END"
            )


def _refuse_changes_postgresql(conn: Connection, tables: tuple[str, ...]) -> None:
    for table in tables:
        conn.exec_driver_sql(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION pitboss_append_only()"
        )


def _create(conn: Connection, tables: tuple[str, ...]) -> None:
    """Create ``tables`` with the triggers that keep them insert-only."""
    metadata.create_all(conn, tables=[metadata.tables[name] for name in tables])
    if conn.dialect.name == "postgresql":
        _refuse_changes_postgresql(conn, tables)
    else:
        _refuse_changes_sqlite(conn, tables)


def _create_version_1(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(
            "CREATE FUNCTION pitboss_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'pitboss store: %% is append-only', TG_TABLE_NAME; END $$"
        )
    _create(conn, _VERSION_1_TABLES)


def _chain_version_2(conn: Connection) -> None:
    """The hash chain (issue 25): ``event_hashes``, and every stream already logged chained
    from its first event, as it stands when this pitboss first opens it."""
    from pitboss.store.chain import seal  # the chain's formula lives with its check

    _create(conn, ("event_hashes",))
    streams = conn.execute(sa.select(tournaments.c.stream).order_by(tournaments.c.stream))
    for stream in list(streams.scalars()):
        seal(conn, stream)


MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _create_version_1, 2: _chain_version_2}
"""Version -> the step that brings the schema from the version before to it. A later
version adds a step (new tables or columns with defaults); a step never rewrites rows."""


def migrate(conn: Connection, *, target: str, now_ms: int) -> int:
    """Bring the store to `SCHEMA_VERSION` inside the caller's transaction; return the version
    it had (0 for a new store). Running it again changes nothing.

    Raises:
        StoreError: ``not_a_store`` (tables of the log's names that pitboss did not make),
            ``store_too_new`` (written by a newer pitboss).
    """
    names = set(sa.inspect(conn).get_table_names())
    if schema_versions.name in names:
        found = conn.scalar(sa.select(sa.func.max(schema_versions.c.version)))
        version = int(found or 0)
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the store at {target} has schema version {version}, newer than this pitboss "
                f"understands ({SCHEMA_VERSION}): upgrade pitboss to open it",
                code="store_too_new",
                params={"target": target, "version": version, "supported": SCHEMA_VERSION},
            )
    else:
        clash = sorted(names & set(STORE_TABLES))
        if clash:
            raise StoreError(
                f"{target} is not a pitboss store: it has tables {', '.join(clash)} that "
                "pitboss did not make; give pitboss a database (or schema) of its own",
                code="not_a_store",
                params={"target": target, "tables": clash},
            )
        metadata.create_all(conn, tables=[schema_versions])
        version = 0
    for step in range(version + 1, SCHEMA_VERSION + 1):
        MIGRATIONS[step](conn)
        conn.execute(sa.insert(schema_versions), {"version": step, "applied_at": now_ms})
    return version
