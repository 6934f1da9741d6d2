"""The event log: an append-only log of opaque envelopes per tournament (DESIGN "The live side").

``open_store(target)`` gives an `EventStore` on a SQLite file (the embedded default, created
if missing) or a PostgreSQL database (``postgresql://...``); both pass one test suite. The
store knows nothing of tournament rules: it keeps each command's events as one batch, in
order, with the command; snapshots of the folded state as bytes; and tells listeners when a
stream grows. Nothing of the log is updated in place: rows are only inserted. Beside the log,
the private store keeps people's private details (THC 1), updated and erased in place
(`pitboss.store.private`), and the table hosts' leases (`pitboss.store.leases`, issue 32) say
which process deals which table; an append may carry a lease's `Fence`, refused with
`LeaseLost` once the lease is another host's.

It imports nothing of the director (`pitboss.tournament`), `pitboss.play`, the server or the
CLI: a service above it turns envelopes into events and back.
"""

from __future__ import annotations

import os
from pathlib import Path

import sqlalchemy as sa

from pitboss.errors import ConcurrencyConflict, LeaseLost, StoreError
from pitboss.store.envelopes import (
    Fence,
    NewBatch,
    NewEvent,
    Snapshot,
    StoredCommand,
    StoredEvent,
    StoredTournament,
    Wakeup,
)
from pitboss.store.postgres import NOTIFY_CHANNEL, PostgresEventStore, open_postgres
from pitboss.store.protocol import EventStore, Listener
from pitboss.store.schema import SCHEMA_VERSION
from pitboss.store.sqlite import SQLiteEventStore, open_sqlite

__all__ = [
    "NOTIFY_CHANNEL",
    "SCHEMA_VERSION",
    "ConcurrencyConflict",
    "EventStore",
    "Fence",
    "LeaseLost",
    "Listener",
    "NewBatch",
    "NewEvent",
    "PostgresEventStore",
    "SQLiteEventStore",
    "Snapshot",
    "StoreError",
    "StoredCommand",
    "StoredEvent",
    "StoredTournament",
    "Wakeup",
    "open_store",
]

_POSTGRES_SCHEMES = frozenset({"postgresql", "postgres"})


def open_store(target: str | os.PathLike[str]) -> EventStore:
    """The store at ``target``: a SQLite file path (or ``sqlite:///path``), created if
    missing, or a PostgreSQL URL (``postgresql://user:password@host:port/database``; parts left
    out come from libpq's ``PG*`` variables). Its tables are created or upgraded on opening.

    Raises:
        StoreError: ``bad_store_target`` (not a path or a URL of a known kind),
            ``store_unavailable`` (no server, no such database, refused login),
            ``not_a_store`` (a file or database that holds something else),
            ``store_too_new`` (written by a newer pitboss).
    """
    if isinstance(target, os.PathLike):
        return open_sqlite(Path(target))
    if not isinstance(target, str) or not target.strip():
        raise _bad_target(target, "it is empty or not text", "a file path or a postgresql:// URL")
    if "://" not in target:
        if target.strip() == ":memory:":
            raise _bad_target(target, "an in-memory database keeps nothing", "a file path")
        return open_sqlite(Path(target))
    scheme = target.partition("://")[0].partition("+")[0].lower()
    try:
        url = sa.make_url(target)
    except (sa.exc.ArgumentError, ValueError) as error:
        raise _bad_target(_hidden(target), f"not a URL ({error})", "a valid URL") from None
    if scheme in _POSTGRES_SCHEMES:
        return open_postgres(url)
    if scheme == "sqlite" and url.database and url.database != ":memory:":
        return open_sqlite(Path(url.database))
    raise _bad_target(
        url.render_as_string(hide_password=True),
        f"{scheme!r} is not a database pitboss stores in",
        "a SQLite file path or sqlite:///path, or a postgresql:// URL",
    )


def _hidden(target: str) -> str:
    """``target`` with anything between ``://`` and ``@`` (user and password) hidden."""
    scheme, _, rest = target.partition("://")
    return f"{scheme}://***@{rest.rpartition('@')[2]}" if "@" in rest else target


def _bad_target(target: object, reason: str, allowed: str) -> StoreError:
    return StoreError(
        f"cannot open a store at {target!r}: {reason}; give {allowed}",
        code="bad_store_target",
        params={"target": target, "reason": reason, "allowed": allowed},
    )
