"""Fencing: an append made under a table's lease is refused once the lease is another's (issue 32).

A table host that stops renewing (paused, cut off, killed and restarted) may still believe it
deals its tables. Every append it makes for a table carries the `Fence` of the lease it took
(`pitboss.store.leases`), and the store checks it inside the append's transaction, before any
insert: the lease row must still have an owner and the fence's token. The takeover's UPDATE
bumps the token, so a host that lost the table can never write for it again:

* PostgreSQL reads the lease row ``FOR SHARE``: an append and a takeover of the same table
  wait for each other, so either the append commits first (and the new owner resumes from it)
  or the takeover does (and the append is refused).
* SQLite's write transactions are ``BEGIN IMMEDIATE``, one at a time: nothing can change the
  row between the check and the commit.

These are the statements, run inside the caller's transaction (`pitboss.store.sql`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Row

from pitboss.errors import LeaseLost, StoreError
from pitboss.store.envelopes import Fence
from pitboss.store.schema import STREAM_ID_LENGTH, table_leases, tournaments

_L = table_leases
STREAM_ID = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{STREAM_ID_LENGTH - 1}}}")
"""A stream id as the store checks it (`pitboss.store.sql`)."""

_NAME = sa.select(tournaments.c.name).where(tournaments.c.stream == sa.bindparam("stream"))
_KEYS_IN = {
    "postgresql": sa.text(
        "(table_leases.stream, table_leases.table_no) IN (SELECT * FROM "
        "unnest(CAST(:streams AS varchar[]), CAST(:tables AS integer[])))"
    ),
    "sqlite": sa.text(
        "(table_leases.stream, table_leases.table_no) IN (SELECT json_extract(value, '$[0]'), "
        "json_extract(value, '$[1]') FROM json_each(:keys))"
    ),
}


class LeaseRows:
    """A query of the lease rows of the tables given at each call, as one statement made once
    a dialect: the tables are an array parameter (PostgreSQL) or a JSON one (SQLite). A query
    made at each call (``(stream, table_no) IN (...)`` with the keys as literals) cost its
    cache key, its compilation and the expansion of its list every time: a sixth of a table
    host's interpreter time with four hosts, its writer and its director checking fences
    (issue 32, BENCHMARKS.md)."""

    def __init__(self, query: sa.Select[Any]) -> None:
        self._queries = {name: query.where(keys_in) for name, keys_in in _KEYS_IN.items()}

    def rows(
        self, conn: Connection, keys: Sequence[tuple[str, int]], **params: Any
    ) -> Sequence[Row[Any]]:
        """The rows of ``keys`` (none if empty), with ``params`` for the query's own."""
        if not keys:
            return []
        name = conn.dialect.name
        if name == "postgresql":
            params |= {"streams": [k[0] for k in keys], "tables": [k[1] for k in keys]}
        else:
            params |= {"keys": json.dumps([[k[0], k[1]] for k in keys])}
        return conn.execute(self._queries[name], params).all()


_BY_TABLE = (_L.c.stream, _L.c.table_no)
_LEASES = sa.select(_L.c.stream, _L.c.table_no, _L.c.token, _L.c.owner).order_by(*_BY_TABLE)
_FENCES = LeaseRows(_LEASES)
_FENCES_FOR_SHARE = LeaseRows(_LEASES.with_for_update(read=True))  # nothing on SQLite


def check_stream(stream: object) -> str:
    """``stream`` when it is a stream id as the store makes them.

    Raises:
        StoreError: ``bad_stream_id``.
    """
    if not isinstance(stream, str) or not STREAM_ID.fullmatch(stream):
        raise StoreError(
            f"stream id {stream!r} is not 1 to {STREAM_ID_LENGTH} letters, digits, - or _ "
            "starting with a letter or digit",
            code="bad_stream_id",
            params={"stream": str(stream)[:STREAM_ID_LENGTH], "max_length": STREAM_ID_LENGTH},
        )
    return stream


def check_table(table: object, *, stream: str) -> int:
    """``table`` when it is a table number (an int of at least 1).

    Raises:
        StoreError: ``bad_table``.
    """
    if isinstance(table, bool) or not isinstance(table, int) or table < 1:
        raise StoreError(
            f"tournament {stream}: table {table!r} is not a table number (1, 2, 3 ...)",
            code="bad_table",
            params={"stream": stream, "table": repr(table)},
        )
    return table


def check_fence(fence: object) -> Fence:
    """``fence`` when it is a `Fence` of a stream id, a table number and a token (an int of at
    least 0).

    Raises:
        StoreError: ``bad_fence``, ``bad_stream_id``, ``bad_table``.
    """
    if not isinstance(fence, Fence):
        raise StoreError(
            f"an append's fence is a Fence (stream, table, token) from the table's lease, not "
            f"a {type(fence).__name__}",
            code="bad_fence",
            params={"type": type(fence).__name__},
        )
    check_table(fence.table, stream=check_stream(fence.stream))
    token = fence.token
    if isinstance(token, bool) or not isinstance(token, int) or token < 0:
        raise StoreError(
            f"tournament {fence.stream}, table {fence.table}: lease token {token!r} is not a "
            "token a lease gives (an int of at least 0)",
            code="bad_fence",
            params={"stream": fence.stream, "table": fence.table, "token": repr(token)},
        )
    return fence


def check_fences(conn: Connection, fences: Iterable[Fence], *, for_share: bool = True) -> None:
    """Refuse, inside ``conn``'s transaction, unless every fence's lease still has an owner
    and the fence's token. The rows are read in one statement (a host's group of appends
    carries a fence per table: one round trip, not one a table), ``FOR SHARE`` on PostgreSQL
    (``for_share``: in a write, until it commits) and in order (stream, table), the order a
    renewal locks them (`pitboss.store.leases.LeaseBook.renew_many`), so two writes never wait
    for each other in a circle.

    Raises:
        LeaseLost: the first fence (by stream and table) whose lease is another's or released.
    """
    ordered = sorted(set(fences), key=lambda f: (f.stream, f.table, f.token))
    if not ordered:
        return
    keys = sorted({(f.stream, f.table) for f in ordered})
    query = _FENCES_FOR_SHARE if for_share else _FENCES
    rows = {(str(r.stream), int(r.table_no)): r for r in query.rows(conn, keys)}
    for fence in ordered:
        row = rows.get((fence.stream, fence.table))
        current, owner = (None, None) if row is None else (int(row.token), row.owner)
        if owner is None or current != fence.token:
            name = conn.execute(_NAME, {"stream": fence.stream}).scalar_one_or_none()
            raise lease_lost(fence, current=current, owner=owner, name=name)


def lease_lost(fence: Fence, *, current: int | None, owner: str | None, name: Any) -> LeaseLost:
    """The refusal of a write under ``fence``, said as the host's operator reads it."""
    where = f"table {fence.table} of {name if isinstance(name, str) else fence.stream}"
    if current is None:
        now = "has no lease (no host took it)"
    elif owner is None:
        now = f"is dealt by no host now (its lease was released, token {current})"
    else:
        now = f"is dealt by host {owner} now (lease token {current}, this host held {fence.token})"
    return LeaseLost(
        f"{where} {now}: this host stops dealing it; nothing of its last write was saved",
        code="lease_lost",
        params={
            "stream": fence.stream,
            "table": fence.table,
            "token": fence.token,
            "current_token": current,
            "current_owner": owner,
        },
    )
