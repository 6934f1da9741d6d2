"""The one `EventStore` protocol that the SQLite and PostgreSQL stores implement (STYLE 15)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from types import TracebackType
from typing import Any, Protocol, Self

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
    Wakeup,
)


class Listener(Protocol):
    """Wakes a reader when events are appended to any stream of the store.

    PostgreSQL pushes (``LISTEN pitboss_events``); SQLite has no push between processes, so its
    listener polls the log. Either way a wake-up is only news: read the events from the log.
    """

    def wait(self, timeout: float) -> list[Wakeup]:
        """The streams appended to since the last call (one wake-up per stream, its highest
        ``seq`` seen), waiting up to ``timeout`` seconds for the first; ``[]`` on a timeout."""
        ...

    def close(self) -> None:
        """Stop listening and free the connection."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class EventStore(Protocol):
    """An append-only event log per tournament: rows are inserted, never updated or deleted;
    beside it, the private store of people's private details (THC 1), which is updated and
    erased (`pitboss.store.private`), keyed by a *subject*, and the table hosts' leases
    (`pitboss.store.leases`, through a `LeaseBook` on the store; each append may be fenced by
    one).

    Each method is one transaction. Times are milliseconds since the Unix epoch (UTC), passed
    in by the caller. Every failure is a `pitboss.errors.StoreError` (a lost race the
    `pitboss.errors.ConcurrencyConflict` subclass) and leaves the store as it was.
    """

    @property
    def target(self) -> str:
        """Where the store is: the SQLite file, or the PostgreSQL URL without its password."""
        ...

    def create_tournament(self, name: str, *, at: int, stream: str | None = None) -> str:
        """Start a new, empty stream and return its id.

        ``stream`` defaults to a fresh unguessable id (14 lowercase letters and digits); one given
        must be 1 to 64 letters, digits, ``-`` or ``_``.

        Raises:
            StoreError: ``bad_stream_id``, ``stream_exists``, ``bad_name``.
        """
        ...

    def tournaments(self) -> list[StoredTournament]:
        """Every stream, oldest first (then by id)."""
        ...

    def tournament(self, stream: str) -> StoredTournament:
        """One stream's record.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

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
        """Append one command's events as one batch, at ``expected_seq + 1`` onwards.

        The events, the command, their batch number, their links in the stream's hash chain
        (`pitboss.store.chain`) and the ``private`` details by subject (as `put_private`, at
        ``at``; None erases as `erase_private`) are written in one transaction: all of them or
        nothing.
        ``expected_seq`` is the head the writer decided on; if the stream has moved on (another
        writer appended first), nothing is written.
        ``fence``: the lease of the table this write is for (`pitboss.store.leases`, issue 32);
        in the same transaction, before writing, the store checks that the lease still has an
        owner and the fence's token, else nothing is written. None checks no lease (and costs
        nothing more).

        Raises:
            ConcurrencyConflict: the head is not ``expected_seq`` (``conflict``).
            LeaseLost: ``fence`` is no longer the table's lease (``lease_lost``).
            StoreError: ``unknown_stream``, ``empty_batch``, ``bad_event``, ``bad_payload``,
                ``bad_subject``, ``bad_fence``.
        """
        ...

    def append_batches(self, batches: Sequence[NewBatch]) -> list[list[StoredEvent]]:
        """Append ``batches`` (each as `append` takes it; of one stream or several, in order)
        in one transaction: all of them or none, with one commit (and one sync of the log)
        for all. The stored events of each batch, in the order given. Each batch's ``fence``
        is checked as `append` checks it, before anything is written.

        Raises:
            ConcurrencyConflict: a batch's ``expected_seq`` is not its stream's head (after the
                batches before it in ``batches``): nothing is written.
            LeaseLost: a batch's ``fence`` is no longer its table's lease: nothing is written.
            StoreError: ``unknown_stream``, ``empty_batch``, ``bad_event``, ``bad_payload``,
                ``bad_fence``.
        """
        ...

    def load(
        self, stream: str, after_seq: int = 0, *, through_seq: int | None = None
    ) -> list[StoredEvent]:
        """The stream's events after ``after_seq`` (and up to ``through_seq``), in seq order.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def head(self, stream: str) -> int:
        """The ``seq`` of the stream's last event, 0 when it has none.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def commands(self, stream: str, after_batch: int = 0) -> list[StoredCommand]:
        """The stream's batches after ``after_batch``, in order, with the commands they came
        from (the audit trail, and what undo and redo walk).

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def links(
        self, stream: str, after_seq: int = 0, *, through_seq: int | None = None
    ) -> list[ChainLink]:
        """The hash-chain links stored with the stream's events after ``after_seq`` (and up to
        ``through_seq``), in seq order (`pitboss.store.chain`): the head hash to print is the
        last one's.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def raw_log(self, stream: str) -> RawLog:
        """Every row of the stream exactly as stored (the JSON as its text), its events, its
        commands and its links each read on its own, in one read transaction: what
        `pitboss.store.chain.verify` recomputes.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def save_snapshot(self, stream: str, seq: int, *, data: bytes, at: int, v: int = 1) -> None:
        """Keep ``data``, the state folded up to event ``seq``, as a cache (format ``v``).

        Snapshots are inserted, never replaced: saving one for a ``seq`` that has one of that
        format already keeps the first (the fold is deterministic, so they are equal).

        Raises:
            StoreError: ``unknown_stream``, ``bad_snapshot`` (``seq`` beyond the head, or
            ``data`` not bytes).
        """
        ...

    def latest_snapshot(
        self, stream: str, *, v: int = 1, at_most_seq: int | None = None
    ) -> Snapshot | None:
        """The snapshot of format ``v`` with the highest ``seq`` (at most ``at_most_seq``), if any.

        Raises:
            StoreError: ``unknown_stream``.
        """
        ...

    def put_private(self, subject: str, data: Mapping[str, Any], *, at: int) -> None:
        """Keep ``data`` (a JSON object) as ``subject``'s private details, replacing any (and
        an erasure), written at ``at`` (what retention counts from). THC 1.

        Raises:
            StoreError: ``bad_subject``, ``bad_payload``, ``bad_number``.
        """
        ...

    def put_private_if_new(self, subject: str, data: Mapping[str, Any], *, at: int) -> bool:
        """Keep ``data`` as ``subject``'s private details unless the subject has details or
        was erased (what copying an old log's details uses); whether it was written.

        Raises:
            StoreError: ``bad_subject``, ``bad_payload``, ``bad_number``.
        """
        ...

    def private(self, subject: str) -> dict[str, Any] | None:
        """``subject``'s private details, None when it has none (or they were erased).

        Raises:
            StoreError: ``bad_subject``.
        """
        ...

    def private_many(self, subjects: Iterable[str]) -> dict[str, dict[str, Any]]:
        """The private details of those of ``subjects`` that have some, by subject.

        Raises:
            StoreError: ``bad_subject``.
        """
        ...

    def erase_private(self, subject: str, *, at: int | None = None) -> bool:
        """Erase ``subject``'s private details (THC 1, on the person's request); whether it had
        any. The subject is remembered as erased (no detail kept), so an old log's copy does
        not bring them back; ``at`` (default: unchanged) is when.

        Raises:
            StoreError: ``bad_subject``, ``bad_number``.
        """
        ...

    def purge_private(self, *, before: int) -> int:
        """Retention: erase the private details of every subject not written since ``before``
        (ms); how many subjects were erased.

        Raises:
            StoreError: ``bad_number``.
        """
        ...

    def listen(self) -> Listener:
        """A listener woken by every append made after this call, by any process."""
        ...

    def turn(self, stream: str) -> AbstractContextManager[int | None]:
        """The stream's turn, for this caller alone among those who ask for it, until the
        context ends; its value is the stream's head once the turn is had. Writers who decide
        on the head and append (`append`) take the turn first when they keep losing races to
        each other (table hosts sharing a tournament's log, issue 32): each then reads what
        the others wrote and decides once, instead of deciding and writing in vain. A
        writer that does not ask is not held back (its append may still move the head).
        None: no turn to be had (a store with no lock between processes, or none given within
        `TURN_WAIT_MS`): decide and append as without one.

        Raises:
            StoreError: ``bad_stream_id``; ``store_unavailable``.
        """
        ...

    def check_writable(self) -> None:
        """Check, without writing, that a write now would be saved (for a health check: the
        console warns the director before the next command is refused).

        Raises:
            StoreError: ``store_gone`` (the SQLite file deleted or replaced, the PostgreSQL
                database dropped and created again, since the store opened),
                ``store_unavailable``, ``store_closed``.
        """
        ...

    def close(self) -> None:
        """Close the store's connections; the store cannot be used afterwards."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...
