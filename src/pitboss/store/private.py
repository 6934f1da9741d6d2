"""The private store: a person's private details kept apart from the event log (THC 1).

THC 1 asks for a player's address, e-mail, phone, date of birth, national id and driver
licence (and whether the age was verified); a charity's treasurer needs them, nobody else may
see them, and a person may ask for them to be erased. The event log is append-only and
chained, so they cannot live there: they live in ``private_details``, one row per *subject*
(the club player id, or ``<stream>/<player id>`` for a walk-in), written with the events that
need them (`EventStore.append`'s ``private``) or on their own, and updated in place.

Erasing a subject keeps its row with ``data`` NULL (a tombstone holding no detail): the details
an old log still holds in its ``player_registered`` events are copied here when the tournament
opens (`put_private_if_new`), and a tombstone stops that copy from bringing erased details
back. Retention (`purge_private`) erases every subject not updated since a given instant.

These are the statements, run inside the caller's transaction (`pitboss.store.sql`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from pitboss.errors import StoreError
from pitboss.store.payloads import decode_object, encode_object
from pitboss.store.schema import SUBJECT_LENGTH, private_details

_P = private_details
_SUBJECT = re.compile(rf"[^\x00-\x1f\x7f]{{1,{SUBJECT_LENGTH}}}")
_READ = sa.select(_P.c.subject, _P.c.data).where(
    _P.c.subject.in_(sa.bindparam("subjects", expanding=True)), _P.c.data.is_not(None)
)


def check_subject(subject: object) -> str:
    """``subject`` when it is 1 to 200 characters of text without control characters.

    Raises:
        StoreError: ``bad_subject``.
    """
    if not isinstance(subject, str) or not _SUBJECT.fullmatch(subject):
        raise StoreError(
            f"private details are kept under a subject of 1 to {SUBJECT_LENGTH} characters "
            f"(a club player id, or tournament/player): {subject!r} is not one",
            code="bad_subject",
            params={"subject": str(subject)[:SUBJECT_LENGTH], "max_length": SUBJECT_LENGTH},
        )
    return subject


def encode(subject: str, data: Mapping[str, Any] | None) -> str | None:
    """``data`` as the JSON text stored (None stays None: an erasure).

    Raises:
        StoreError: ``bad_subject``, ``bad_payload``.
    """
    check_subject(subject)
    if data is None:
        return None
    try:
        return encode_object(data, what="private details", stream=subject)[0]
    except StoreError as error:  # its message shows the value: a private detail, never logged
        where = error.params.get("path", "")
        raise StoreError(
            f"the private details of {subject} are not a JSON object of text, numbers and "
            f"booleans (at {where or 'the top'}): nothing was written",
            code="bad_payload",
            params={"subject": subject, "path": where},
        ) from None


def _insert(conn: Connection) -> Any:
    return (postgres_insert if conn.dialect.name == "postgresql" else sqlite_insert)(_P)


def upsert(conn: Connection, rows: Mapping[str, str | None], *, at: int) -> None:
    """Write each subject's encoded details (None: erase, keeping the tombstone), at ``at``."""
    if not rows:
        return
    insert = _insert(conn)
    statement = insert.on_conflict_do_update(
        index_elements=[_P.c.subject],
        set_={"data": insert.excluded.data, "updated_at": insert.excluded.updated_at},
    )
    conn.execute(
        statement,
        [{"subject": s, "data": text, "updated_at": at} for s, text in sorted(rows.items())],
    )


def insert_if_new(conn: Connection, subject: str, text: str, *, at: int) -> bool:
    """Write ``subject``'s details unless it has a row (details, or a tombstone)."""
    statement = (
        _insert(conn).on_conflict_do_nothing(index_elements=[_P.c.subject]).returning(_P.c.subject)
    )
    row = conn.execute(statement, {"subject": subject, "data": text, "updated_at": at}).first()
    return row is not None


def read(conn: Connection, subjects: Collection[str]) -> dict[str, dict[str, Any]]:
    """The details of those ``subjects`` that have some (not erased)."""
    if not subjects:
        return {}
    rows = conn.execute(_READ, {"subjects": sorted(set(subjects))}).all()
    return {str(r.subject): dict(decode_object(r.data)) for r in rows}


def erase(conn: Connection, subject: str, *, at: int | None) -> bool:
    """Erase ``subject``'s details, leaving a tombstone; whether it had any."""
    erased = conn.execute(
        sa.update(_P)
        .where(_P.c.subject == subject, _P.c.data.is_not(None))
        .values(data=None, **({} if at is None else {"updated_at": at}))
    )
    if erased.rowcount:
        return True
    conn.execute(
        _insert(conn).on_conflict_do_nothing(index_elements=[_P.c.subject]),
        {"subject": subject, "data": None, "updated_at": 0 if at is None else at},
    )
    return False


def purge(conn: Connection, *, before: int) -> int:
    """Erase every subject whose details were not written since ``before``; how many."""
    result = conn.execute(
        sa.update(_P)
        .where(_P.c.data.is_not(None), _P.c.updated_at < before)
        .values(data=None, updated_at=before)
    )
    return int(result.rowcount)
