"""The store's migrations: the step that brings the schema to each version, and `migrate`,
which applies the missing ones when a store opens (the tables are in `pitboss.store.schema`;
version 2 chains the logs already kept, with `pitboss.store.chain`; version 3 adds the private
store; version 4 the table hosts' leases)."""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pitboss.errors import StoreError
from pitboss.store.chain import seal
from pitboss.store.schema import (
    LEASE_TABLES,
    PRIVATE_TABLES,
    SCHEMA_VERSION,
    STORE_TABLES,
    VERSION_1_TABLES,
    create,
    metadata,
    schema_versions,
    tournaments,
)


def _create_version_1(conn: Connection) -> None:
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql(
            "CREATE FUNCTION pitboss_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ "
            "BEGIN RAISE EXCEPTION 'pitboss store: %% is append-only', TG_TABLE_NAME; END $$"
        )
    create(conn, VERSION_1_TABLES)


def _chain_version_2(conn: Connection) -> None:
    """The hash chain (issue 25): ``event_hashes``, and every stream already logged chained
    from its first event, as it stands when this pitboss first opens it."""
    create(conn, ("event_hashes",))
    streams = conn.execute(sa.select(tournaments.c.stream).order_by(tournaments.c.stream))
    for stream in list(streams.scalars()):
        seal(conn, stream)


def _private_version_3(conn: Connection) -> None:
    """The private store (issue 28, THC 1): ``private_details``, empty; the details an older
    log holds are copied into it by the service when it opens that tournament."""
    metadata.create_all(conn, tables=[metadata.tables[name] for name in PRIVATE_TABLES])


def _leases_version_4(conn: Connection) -> None:
    """The table hosts (issue 32): ``table_leases``, ``table_hosts`` and ``dealt_tournaments``,
    empty (`pitboss.store.leases`)."""
    metadata.create_all(conn, tables=[metadata.tables[name] for name in LEASE_TABLES])


MIGRATIONS: dict[int, Callable[[Connection], None]] = {
    1: _create_version_1,
    2: _chain_version_2,
    3: _private_version_3,
    4: _leases_version_4,
}
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
        clash = sorted(names & {*STORE_TABLES, *PRIVATE_TABLES, *LEASE_TABLES})
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
