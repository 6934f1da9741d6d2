"""The event store over SQLAlchemy Core: everything SQLite and PostgreSQL do alike.

A backend (`pitboss.store.sqlite`, `pitboss.store.postgres`) gives the engine, how a write
transaction begins, how a unique violation looks, what to do after an append (PostgreSQL's
``pg_notify``) and its listener; the statements and the checks are written once, here.

Append is optimistic: inside one write transaction it reads the stream's head, last batch and
head hash, refuses if the head is not what the writer decided on, then inserts the command row,
the events at ``expected_seq + 1`` onwards and their links in the stream's hash chain
(`pitboss.store.chain`), hashed from the head hash it read. Two writers that both pass the
head check race on the primary key (stream, seq) (and (stream, batch)): the database lets one
commit and fails the other's insert, which is reported as the same `ConcurrencyConflict`.
Either way the loser's transaction is rolled back whole: no event is lost, none is written
twice, none is skipped. An append given a table's lease `Fence` first checks, in the same
transaction, that the lease is still the fence's (`pitboss.store.fences`); one without reads
nothing more.
"""

from __future__ import annotations

import re
import secrets
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from types import TracebackType
from typing import Any, Self

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.store import chain, schema
from pitboss.store import private as kept
from pitboss.store.envelopes import (
    ChainLink,
    Fence,
    NewBatch,
    NewEvent,
    RawLog,
    Snapshot,
    StoredCommand,
    StoredEvent,
    StoredTournament,
)
from pitboss.store.fences import check_fence, check_fences, check_stream
from pitboss.store.payloads import decode_object, encode_object, is_utf8
from pitboss.store.protocol import Listener
from pitboss.store.schema import STREAM_ID_LENGTH

_STREAM_ID = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{STREAM_ID_LENGTH - 1}}}")
_ID_ALPHABET = "abcdefghijkmnopqrstuvwxyz23456789"  # no 0/o, 1/l: read aloud, typed on a phone
_ID_LENGTH = 14  # 33**14: about 70 bits


def new_stream_id() -> str:
    """A fresh unguessable tournament id of lowercase letters and digits: it never starts with
    ``-`` (which a command line would read as an option) and is easy to type."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(_ID_LENGTH))


_EVENT_TYPE = re.compile(r"[a-z][a-z0-9]*(_[a-z0-9]+)*")
_NO_LIMIT = 2**62  # "through any seq": every seq is below it

# The statements, built once: SQLAlchemy caches their compiled form, so a call only binds values.
_T, _C, _E, _S = schema.tournaments, schema.commands, schema.events, schema.snapshots
_H = schema.event_hashes
_stream: sa.BindParameter[str] = sa.bindparam("stream")


def _heads_of(stream: sa.ColumnElement[str]) -> tuple[sa.ScalarSelect[Any], ...]:
    """The head seq, the last batch and the head's link hash of ``stream`` (0, 0, NULL when
    empty): one read, so an append hashes from the head it checked."""
    # each subquery reads its own table only, the stream correlated to the statement's
    # (``tournaments``) at any depth: left to SQLAlchemy's automatic correlation, the head
    # inside the hash's subquery took ``tournaments`` into its own FROM, the greatest seq of
    # every stream (a scan of the whole log, and a group commit's links chained from nothing)
    head = (
        sa.select(sa.func.coalesce(sa.func.max(_E.c.seq), 0))
        .where(_E.c.stream == stream)
        .correlate_except(_E)
        .scalar_subquery()
    )
    last_batch = (
        sa.select(sa.func.coalesce(sa.func.max(_C.c.batch), 0))
        .where(_C.c.stream == stream)
        .correlate_except(_C)
        .scalar_subquery()
    )
    head_hash = (
        sa.select(_H.c.hash)
        .where(_H.c.stream == stream, _H.c.seq == head)
        .correlate_except(_H)
        .scalar_subquery()
    )
    return head, last_batch, head_hash


_HEADS = sa.select(*_heads_of(_stream)).where(_T.c.stream == _stream)
_HEADS_OF = sa.select(_T.c.stream, *_heads_of(_T.c.stream)).where(
    _T.c.stream.in_(sa.bindparam("streams", expanding=True))
)
_TOURNAMENTS = sa.select(_T).order_by(_T.c.created_at, _T.c.stream)
_TOURNAMENT = sa.select(_T).where(_T.c.stream == _stream)
_LOAD = (
    sa.select(_E.c.seq, _E.c.batch, _E.c.v, _E.c.at, _E.c.type, _E.c.data)
    .where(_E.c.stream == _stream, _E.c.seq > sa.bindparam("after"))
    .where(_E.c.seq <= sa.bindparam("through"))
    .order_by(_E.c.seq)
)
_COMMANDS = (
    sa.select(_C)
    .where(_C.c.stream == _stream, _C.c.batch > sa.bindparam("after"))
    .order_by(_C.c.batch)
)
_LATEST_SNAPSHOT = (
    sa.select(_S)
    .where(_S.c.stream == _stream, _S.c.v == sa.bindparam("v"))
    .where(_S.c.seq <= sa.bindparam("at_most"))
    .order_by(_S.c.seq.desc())
    .limit(1)
)
_INSERT_TOURNAMENT = sa.insert(_T)
_INSERT_COMMAND = sa.insert(_C)
_INSERT_EVENTS = sa.insert(_E)


class SqlEventStore(ABC):
    """An `EventStore` on a SQLAlchemy engine; a backend subclass supplies what differs.

    It is long (about 400 lines) because it is the whole `EventStore` contract (append with
    the optimistic head check, batches, reads, snapshots, links, listening) on one engine and
    one transaction discipline; the backends (SQLite, PostgreSQL) are the subclasses.
    """

    def __init__(self, engine: Engine, *, target: str) -> None:
        self._engine = engine
        self._target = target
        self._closed = False

    # ------------------------------------------------------------------ what a backend gives

    def _write(self) -> AbstractContextManager[Connection]:
        """A write transaction (committed on leaving, rolled back on an exception)."""
        return self._engine.begin()

    @abstractmethod
    def _is_unique_violation(self, error: sa.exc.IntegrityError) -> bool:
        """Whether ``error`` is a primary-key or unique violation (the lost race)."""

    @abstractmethod
    def _appended(self, conn: Connection, heads: Sequence[tuple[str, int]]) -> None:
        """Called inside an append's transaction after its inserts, with each stream written
        and its new head (PostgreSQL notifies)."""

    @abstractmethod
    def _insert_if_new(self, table: sa.Table) -> sa.Executable:
        """``INSERT ... ON CONFLICT DO NOTHING`` in the backend's dialect."""

    @abstractmethod
    def listen(self) -> Listener:
        """A listener woken by every append made after this call, by any process."""

    def turn(self, stream: str) -> AbstractContextManager[int | None]:
        """No turn between processes here (SQLite: one process writes a night; its writes
        are one at a time already): None, decide and append as without one. PostgreSQL's
        store gives the turn (`EventStore.turn`).

        Raises:
            StoreError: ``bad_stream_id``.
        """
        check_stream(stream)
        return nullcontext(None)

    # ------------------------------------------------------------------ the protocol

    @property
    def target(self) -> str:
        return self._target

    def create_tournament(self, name: str, *, at: int, stream: str | None = None) -> str:
        if stream is None:
            stream = new_stream_id()
        elif not isinstance(stream, str) or not _STREAM_ID.fullmatch(stream):
            raise StoreError(
                f"stream id {stream!r} is not 1 to {STREAM_ID_LENGTH} letters, digits, - or _ "
                "starting with a letter or digit",
                code="bad_stream_id",
                params={"stream": stream, "max_length": STREAM_ID_LENGTH},
            )
        if not isinstance(name, str) or not name.strip() or not is_utf8(name):
            raise StoreError(
                f"tournament name {name!r} is blank or not text: give it a name",
                code="bad_name",
                params={"stream": stream, "name": name},
            )
        _check_count(at, "at", stream=stream, least=0)
        try:
            with self._session("create a tournament"), self._write() as conn:
                conn.execute(_INSERT_TOURNAMENT, {"stream": stream, "name": name, "created_at": at})
        except sa.exc.IntegrityError as error:
            if not self._is_unique_violation(error):
                raise self._failed(error, "create a tournament") from error
            raise StoreError(
                f"stream {stream} exists already: choose another id (or let the store make one)",
                code="stream_exists",
                params={"stream": stream},
            ) from None
        return stream

    def tournaments(self) -> list[StoredTournament]:
        with self._read("list the tournaments") as conn:
            rows = conn.execute(_TOURNAMENTS).all()
        return [
            StoredTournament(stream=r.stream, name=r.name, created_at=r.created_at) for r in rows
        ]

    def tournament(self, stream: str) -> StoredTournament:
        with self._read("read a tournament") as conn:
            row = conn.execute(_TOURNAMENT, {"stream": stream}).one_or_none()
        if row is None:
            raise _unknown(stream)
        return StoredTournament(stream=row.stream, name=row.name, created_at=row.created_at)

    def append(
        self,
        stream: str,
        expected_seq: int,
        *,
        events: Sequence[NewEvent],
        command: Mapping[str, Any] | None = None,
        at: int,
        private: Mapping[str, Mapping[str, Any] | None] | None = None,
        fence: Fence | None = None,
    ) -> list[StoredEvent]:
        _check_count(expected_seq, "expected_seq", stream=stream, least=0)
        if fence is not None:
            check_fence(fence)
        _check_count(at, "at", stream=stream, least=0)
        if not events:
            raise StoreError(
                f"stream {stream}: a batch needs at least one event (a command that changed "
                "nothing is not logged)",
                code="empty_batch",
                params={"stream": stream},
            )
        encoded = [_encode_event(event, stream=stream, index=i) for i, event in enumerate(events)]
        command_text = (
            None if command is None else encode_object(command, what="command", stream=stream)[0]
        )
        details = _encode_private(private)
        first, last = expected_seq + 1, expected_seq + len(events)
        try:
            with self._session("append"), self._write() as conn:
                if fence is not None:
                    check_fences(conn, (fence,))
                head, last_batch, head_hash = self._heads_and_hash(conn, stream)
                if head != expected_seq:
                    raise _conflict(stream, expected_seq, head)
                batch = last_batch + 1
                command_row = {
                    "stream": stream,
                    "batch": batch,
                    "at": at,
                    "command": command_text,
                    "first_seq": first,
                    "last_seq": last,
                }
                rows = [
                    {
                        "stream": stream,
                        "seq": first + i,
                        "batch": batch,
                        "v": event.v,
                        "at": at if event.at is None else event.at,
                        "type": event.type,
                        "data": text,
                    }
                    for i, (event, (text, _)) in enumerate(zip(events, encoded, strict=True))
                ]
                conn.execute(_INSERT_COMMAND, command_row)
                conn.execute(_INSERT_EVENTS, rows)
                conn.execute(chain.INSERT_LINKS, _links(head_hash, command_row, rows)[1])
                kept.upsert(conn, details, at=at)
                self._appended(conn, [(stream, last)])
        except sa.exc.IntegrityError as error:
            if not self._is_unique_violation(error):
                raise self._failed(error, "append") from error
            raise _conflict(stream, expected_seq, self.head(stream)) from None
        return [
            StoredEvent(
                stream=stream,
                seq=first + i,
                batch=batch,
                v=event.v,
                at=at if event.at is None else event.at,
                type=event.type,
                data=data,
            )
            for i, (event, (_, data)) in enumerate(zip(events, encoded, strict=True))
        ]

    def append_batches(self, batches: Sequence[NewBatch]) -> list[list[StoredEvent]]:
        if not batches:
            return []
        encoded = []
        details = [(_encode_private(b.private), b.at) for b in batches]
        for b in batches:
            _check_count(b.expected_seq, "expected_seq", stream=b.stream, least=0)
            _check_count(b.at, "at", stream=b.stream, least=0)
            if not b.events:
                raise StoreError(
                    f"stream {b.stream}: a batch needs at least one event (a command that "
                    "changed nothing is not logged)",
                    code="empty_batch",
                    params={"stream": b.stream},
                )
            if b.fence is not None:
                check_fence(b.fence)
            encoded.append(
                (
                    [_encode_event(e, stream=b.stream, index=i) for i, e in enumerate(b.events)],
                    None
                    if b.command is None
                    else encode_object(b.command, what="command", stream=b.stream)[0],
                )
            )
        streams = sorted({b.stream for b in batches})
        fences = [b.fence for b in batches if b.fence is not None]
        out: list[list[StoredEvent]] = []
        commands: list[dict[str, Any]] = []
        rows: list[dict[str, Any]] = []
        links: list[dict[str, Any]] = []
        try:
            with self._session("append"), self._write() as conn:
                if fences:
                    check_fences(conn, fences)
                found = conn.execute(_HEADS_OF, {"streams": streams}).all()
                heads = {str(r[0]): (int(r[1]), int(r[2]), _hash(r[3])) for r in found}
                for b, (events, command_text) in zip(batches, encoded, strict=True):
                    if b.stream not in heads:
                        raise _unknown(b.stream)
                    head, last_batch, head_hash = heads[b.stream]
                    if head != b.expected_seq:
                        raise _conflict(b.stream, b.expected_seq, head)
                    first, last, batch = head + 1, head + len(events), last_batch + 1
                    command_row = {
                        "stream": b.stream,
                        "batch": batch,
                        "at": b.at,
                        "command": command_text,
                        "first_seq": first,
                        "last_seq": last,
                    }
                    commands.append(command_row)
                    stored = []
                    batch_rows = []
                    for i, (event, (text, data)) in enumerate(zip(b.events, events, strict=True)):
                        at = b.at if event.at is None else event.at
                        batch_rows.append(
                            {
                                "stream": b.stream,
                                "seq": first + i,
                                "batch": batch,
                                "v": event.v,
                                "at": at,
                                "type": event.type,
                                "data": text,
                            }
                        )
                        stored.append(
                            StoredEvent(
                                stream=b.stream,
                                seq=first + i,
                                batch=batch,
                                v=event.v,
                                at=at,
                                type=event.type,
                                data=data,
                            )
                        )
                    out.append(stored)
                    rows += batch_rows
                    new_hash, batch_links = _links(head_hash, command_row, batch_rows)
                    links += batch_links
                    heads[b.stream] = (last, batch, new_hash)
                conn.execute(_INSERT_COMMAND, commands)
                conn.execute(_INSERT_EVENTS, rows)
                conn.execute(chain.INSERT_LINKS, links)
                for rows_of_batch, at in details:
                    kept.upsert(conn, rows_of_batch, at=at)
                self._appended(conn, [(stream, heads[stream][0]) for stream in streams])
        except sa.exc.IntegrityError as error:
            if not self._is_unique_violation(error):
                raise self._failed(error, "append") from error
            first_batch = batches[0]
            raise _conflict(
                first_batch.stream, first_batch.expected_seq, self.head(first_batch.stream)
            ) from None
        return out

    def load(
        self, stream: str, after_seq: int = 0, *, through_seq: int | None = None
    ) -> list[StoredEvent]:
        bounds = _seq_bounds(stream, after_seq, through_seq)
        with self._read("load") as conn:
            rows = conn.execute(_LOAD, bounds).all()
            if not rows:
                self._heads(conn, stream)  # an unknown stream is an error, not an empty log
        return [
            StoredEvent(
                stream=stream, seq=seq, batch=batch, v=v, at=at, type=kind, data=decode_object(data)
            )
            for seq, batch, v, at, kind, data in rows
        ]

    def head(self, stream: str) -> int:
        with self._read("read the head") as conn:
            return self._heads(conn, stream)[0]

    def commands(self, stream: str, after_batch: int = 0) -> list[StoredCommand]:
        _check_count(after_batch, "after_batch", stream=stream, least=0)
        with self._read("read the commands") as conn:
            rows = conn.execute(_COMMANDS, {"stream": stream, "after": after_batch}).all()
            if not rows:
                self._heads(conn, stream)
        return [
            StoredCommand(
                stream=stream,
                batch=r.batch,
                at=r.at,
                command=None if r.command is None else decode_object(r.command),
                first_seq=r.first_seq,
                last_seq=r.last_seq,
            )
            for r in rows
        ]

    def links(
        self, stream: str, after_seq: int = 0, *, through_seq: int | None = None
    ) -> list[ChainLink]:
        bounds = _seq_bounds(stream, after_seq, through_seq)
        with self._read("read the chain") as conn:
            rows = conn.execute(chain.LINKS, bounds).all()
            if not rows:
                self._heads(conn, stream)
        return [ChainLink(seq=r[0], hash=r[1], command_hash=r[2]) for r in rows]

    def raw_log(self, stream: str) -> RawLog:
        with self._read("read the log as stored") as conn, conn.begin():
            self._heads(conn, stream)
            return chain.read_raw(conn, stream)

    def save_snapshot(self, stream: str, seq: int, *, data: bytes, at: int, v: int = 1) -> None:
        _check_count(at, "at", stream=stream, least=0)
        _check_count(v, "v", stream=stream, least=1)
        _check_count(seq, "seq", stream=stream, least=1)
        if not isinstance(data, bytes):
            raise StoreError(
                f"stream {stream}: snapshot data is {type(data).__name__}: the store keeps bytes "
                "(encode the state first)",
                code="bad_snapshot",
                params={"stream": stream, "seq": seq, "type": type(data).__name__},
            )
        with self._session("save a snapshot"), self._write() as conn:
            head = self._heads(conn, stream)[0]
            if seq > head:
                raise StoreError(
                    f"stream {stream}: a snapshot at seq {seq} is beyond the head {head}: "
                    "snapshot only what the log holds",
                    code="bad_snapshot",
                    params={"stream": stream, "seq": seq, "head": head},
                )
            conn.execute(
                self._insert_if_new(schema.snapshots),
                {"stream": stream, "v": v, "seq": seq, "created_at": at, "data": data},
            )

    def latest_snapshot(
        self, stream: str, *, v: int = 1, at_most_seq: int | None = None
    ) -> Snapshot | None:
        bounds: dict[str, Any] = {"stream": stream, "v": v, "at_most": _NO_LIMIT}
        if at_most_seq is not None:
            _check_count(at_most_seq, "at_most_seq", stream=stream, least=0)
            bounds["at_most"] = at_most_seq
        with self._read("read a snapshot") as conn:
            row = conn.execute(_LATEST_SNAPSHOT, bounds).one_or_none()
            if row is None:
                self._heads(conn, stream)
                return None
        return Snapshot(
            stream=stream, seq=row.seq, v=row.v, at=row.created_at, data=bytes(row.data)
        )

    def put_private(self, subject: str, data: Mapping[str, Any], *, at: int) -> None:
        text = _encode_private({subject: data})
        _check_count(at, "at", stream=subject, least=0)
        with self._session("keep private details"), self._write() as conn:
            kept.upsert(conn, text, at=at)

    def put_private_if_new(self, subject: str, data: Mapping[str, Any], *, at: int) -> bool:
        text = kept.encode(subject, data)
        _check_count(at, "at", stream=subject, least=0)
        assert text is not None
        with self._session("keep private details"), self._write() as conn:
            return kept.insert_if_new(conn, subject, text, at=at)

    def private(self, subject: str) -> dict[str, Any] | None:
        kept.check_subject(subject)
        with self._read("read private details") as conn:
            return kept.read(conn, [subject]).get(subject)

    def private_many(self, subjects: Iterable[str]) -> dict[str, dict[str, Any]]:
        wanted = [kept.check_subject(s) for s in subjects]
        with self._read("read private details") as conn:
            return kept.read(conn, wanted)

    def erase_private(self, subject: str, *, at: int | None = None) -> bool:
        kept.check_subject(subject)
        if at is not None:
            _check_count(at, "at", stream=subject, least=0)
        with self._session("erase private details"), self._write() as conn:
            return kept.erase(conn, subject, at=at)

    def purge_private(self, *, before: int) -> int:
        _check_count(before, "before", stream="private details", least=0)
        with self._session("purge private details"), self._write() as conn:
            return kept.purge(conn, before=before)

    def close(self) -> None:
        self._closed = True
        self._engine.dispose()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._target!r})"

    # ------------------------------------------------------------------ helpers

    def _heads(self, conn: Connection, stream: str) -> tuple[int, int]:
        """The stream's head seq and last batch (0, 0 when empty), read in ``conn``'s
        transaction.

        Raises:
            StoreError: ``unknown_stream``.
        """
        head, last_batch, _ = self._heads_and_hash(conn, stream)
        return head, last_batch

    def _heads_and_hash(self, conn: Connection, stream: str) -> tuple[int, int, str]:
        """`_heads` and the hash of the head's link (`chain.GENESIS` when empty).

        Raises:
            StoreError: ``unknown_stream``.
        """
        row = conn.execute(_HEADS, {"stream": stream}).one_or_none()
        if row is None:
            raise _unknown(stream)
        return int(row[0]), int(row[1]), _hash(row[2])

    @contextmanager
    def _session(self, action: str) -> Iterator[None]:
        """Translates the driver's failures into `StoreError`s (integrity errors pass: the
        caller knows what they mean)."""
        if self._closed:
            raise StoreError(
                f"the store at {self._target} is closed: open it again to {action}",
                code="store_closed",
                params={"target": self._target, "action": action},
            )
        try:
            yield
        except sa.exc.IntegrityError:
            raise
        except sa.exc.DBAPIError as error:
            raise self._failed(error, action) from error

    @contextmanager
    def _read(self, action: str) -> Iterator[Connection]:
        with self._session(action), self._engine.connect() as conn:
            yield conn

    def _failed(self, error: sa.exc.DBAPIError, action: str) -> StoreError:
        return store_failure(error, target=self._target, action=action)


def store_failure(error: sa.exc.DBAPIError, *, target: str, action: str) -> StoreError:
    """A driver's failure as a `StoreError`: ``store_unavailable`` when the database cannot be
    reached or is locked past the timeout, else ``store_failed``."""
    reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error)
    if isinstance(error, sa.exc.OperationalError):
        return StoreError(
            f"cannot {action}: the store at {target} is unavailable ({reason}); check that the "
            "database is running and reachable, then retry",
            code="store_unavailable",
            params={"target": target, "action": action, "reason": reason},
        )
    return StoreError(
        f"cannot {action}: the store at {target} failed ({reason})",
        code="store_failed",
        params={"target": target, "action": action, "reason": reason},
    )


def _hash(found: object) -> str:
    """A head's link hash as read (NULL for an empty stream, or a link someone removed: the
    chain goes on from the start, and `chain.verify` names the gap)."""
    return found if isinstance(found, str) else chain.GENESIS


def _links(
    previous: str, command: dict[str, Any], rows: list[dict[str, Any]]
) -> tuple[str, list[dict[str, Any]]]:
    """The link rows of one batch's event ``rows`` (as inserted), chained from ``previous``,
    and the last one's hash."""
    stream = command["stream"]
    digest = chain.command_hash(
        stream,
        batch=command["batch"],
        at=command["at"],
        command=command["command"],
        first_seq=command["first_seq"],
        last_seq=command["last_seq"],
    )
    links = []
    for row in rows:
        previous = chain.event_hash(
            previous,
            stream,
            seq=row["seq"],
            batch=row["batch"],
            v=row["v"],
            at=row["at"],
            type=row["type"],
            data=row["data"],
            command=digest,
        )
        links.append({"stream": stream, "seq": row["seq"], "hash": previous, "command_hash": None})
    links[0]["command_hash"] = digest
    return previous, links


def _encode_private(
    given: Mapping[str, Mapping[str, Any] | None] | None,
) -> dict[str, str | None]:
    """The private details written with a batch, each as its JSON text (None: erase).

    Raises:
        StoreError: ``bad_subject``, ``bad_payload``.
    """
    if not given:
        return {}
    return {subject: kept.encode(subject, data) for subject, data in given.items()}


def _encode_event(event: NewEvent, *, stream: str, index: int) -> tuple[str, dict[str, Any]]:
    if not isinstance(event, NewEvent):
        raise StoreError(
            f"stream {stream}: event {index} is a {type(event).__name__}, not a NewEvent",
            code="bad_event",
            params={"stream": stream, "index": index, "type": type(event).__name__},
        )
    if not isinstance(event.type, str) or not _EVENT_TYPE.fullmatch(event.type):
        raise StoreError(
            f"stream {stream}: event {index} has type {event.type!r}: an event type is "
            "snake_case (player_busted)",
            code="bad_event",
            params={"stream": stream, "index": index, "event_type": event.type},
        )
    _check_count(event.v, f"event {index} v", stream=stream, least=1)
    if event.at is not None:
        _check_count(event.at, f"event {index} at", stream=stream, least=0)
    return encode_object(event.data, what=f"event {index} ({event.type}) data", stream=stream)


def _seq_bounds(stream: str, after_seq: int, through_seq: int | None) -> dict[str, Any]:
    """The checked bounds of a read of a stream's events (or links) by seq."""
    _check_count(after_seq, "after_seq", stream=stream, least=0)
    bounds: dict[str, Any] = {"stream": stream, "after": after_seq, "through": _NO_LIMIT}
    if through_seq is not None:
        _check_count(through_seq, "through_seq", stream=stream, least=0)
        bounds["through"] = through_seq
    return bounds


def _check_count(value: object, name: str, *, stream: str, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise StoreError(
            f"stream {stream}: {name} is {value!r}: it must be an int of at least {least}",
            code="bad_number",
            params={"stream": stream, "name": name, "value": value, "least": least},
        )


def _unknown(stream: str) -> StoreError:
    shown = stream if len(stream) <= STREAM_ID_LENGTH else stream[:STREAM_ID_LENGTH] + "…"
    return StoreError(
        f"no tournament has stream id {shown!r}: create_tournament first, or check the id",
        code="unknown_stream",
        params={"stream": shown},
    )


def _conflict(stream: str, expected: int, actual: int) -> ConcurrencyConflict:
    return ConcurrencyConflict(
        f"stream {stream} has moved on: the writer expected head {expected} but it is "
        f"{actual}; nothing was written: reload the events after {expected} and decide again",
        code="conflict",
        params={"stream": stream, "expected_seq": expected, "actual_seq": actual},
    )
