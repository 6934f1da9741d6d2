"""The store's tables (SQLAlchemy Core, one definition for SQLite and PostgreSQL); the
migrations that make them are in `pitboss.store.migrations`.

Five tables of the log, all insert-only (triggers refuse an UPDATE or a DELETE on both
databases), and one that is not:

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
* ``private_details`` (subject, data, updated_at), since version 3: a person's private details
  (THC 1: address, e-mail, phone, date of birth, national id, driver licence, age verified),
  kept apart from the log so they can be erased; one row per *subject* (the club player id, or
  ``<stream>/<player id>``), updated in place. ``data`` NULL is an erased subject: the row stays,
  holding no detail, so the copy of an old log's details is not made again
  (`pitboss.store.private`).

Since version 4, three tables of the table hosts (issue 32, `pitboss.store.leases`), updated in
place like ``private_details``:

* ``table_leases`` (stream, table_no, owner, token, expires_at, renewed_at, acquired_at): which
  host deals table ``table_no`` of tournament ``stream``; ``owner`` NULL when released. The row
  is never deleted, so its fencing ``token`` only grows.
* ``table_hosts`` (host_id, role, pid, machine, started_at, seen_at, draining, address): the
  processes that deal tables, with their last heartbeat and where their pages are served.
* ``dealt_tournaments`` (stream, settings, started_at): the tournaments the hosts deal, with
  how (JSON).

``pitboss_schema`` (version, applied_at) records each migration applied; the highest version
is the schema's. JSON columns are ``TEXT`` on SQLite and ``json`` on PostgreSQL (the text kept
as written, so key order survives; ``jsonb`` would reorder keys).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.types import UserDefinedType

SCHEMA_VERSION = 4
"""The schema this code writes; a store with a higher version was written by newer code."""

STREAM_ID_LENGTH = 64
HASH_LENGTH = 64  # SHA-256 in lowercase hex
SUBJECT_LENGTH = 200  # a club player id, or a stream id, "/" and a player id
HOST_ID_LENGTH = 100  # a table host's id: the machine's name, a pid, a random part


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

private_details = sa.Table(
    "private_details",
    metadata,
    sa.Column("subject", sa.String(SUBJECT_LENGTH), primary_key=True),
    sa.Column("data", JSON_TEXT, nullable=True),
    sa.Column("updated_at", sa.BigInteger, nullable=False),
)

table_leases = sa.Table(
    "table_leases",
    metadata,
    sa.Column("stream", sa.String(STREAM_ID_LENGTH), primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("owner", sa.String(HOST_ID_LENGTH), nullable=True),
    sa.Column("token", sa.BigInteger, nullable=False),
    sa.Column("expires_at", sa.BigInteger, nullable=False),
    sa.Column("renewed_at", sa.BigInteger, nullable=False),
    sa.Column("acquired_at", sa.BigInteger, nullable=False),
    sa.CheckConstraint("table_no >= 1 AND token >= 0"),
)

table_hosts = sa.Table(
    "table_hosts",
    metadata,
    sa.Column("host_id", sa.String(HOST_ID_LENGTH), primary_key=True),
    sa.Column("role", sa.Text, nullable=False),
    sa.Column("pid", sa.BigInteger, nullable=False),
    sa.Column("machine", sa.Text, nullable=False),
    sa.Column("started_at", sa.BigInteger, nullable=False),
    sa.Column("seen_at", sa.BigInteger, nullable=False),
    sa.Column("draining", sa.Boolean, nullable=False),
    sa.Column("address", sa.Text, nullable=True),
)

dealt_tournaments = sa.Table(
    "dealt_tournaments",
    metadata,
    sa.Column("stream", sa.String(STREAM_ID_LENGTH), primary_key=True),
    sa.Column("settings", JSON_TEXT, nullable=False),
    sa.Column("started_at", sa.BigInteger, nullable=False),
)

VERSION_1_TABLES = ("tournaments", "commands", "events", "snapshots")
STORE_TABLES = (*VERSION_1_TABLES, "event_hashes")
"""The tables of the log (``pitboss_schema`` aside), in the order they reference each other."""
PRIVATE_TABLES = ("private_details",)
"""The tables kept beside the log that are updated and deleted (no trigger)."""
LEASE_TABLES = ("table_leases", "table_hosts", "dealt_tournaments")
"""The table hosts' tables (version 4), updated and deleted in place too (no trigger)."""


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


def create(conn: Connection, tables: tuple[str, ...]) -> None:
    """Create ``tables`` with the triggers that keep them insert-only."""
    metadata.create_all(conn, tables=[metadata.tables[name] for name in tables])
    if conn.dialect.name == "postgresql":
        _refuse_changes_postgresql(conn, tables)
    else:
        _refuse_changes_sqlite(conn, tables)
