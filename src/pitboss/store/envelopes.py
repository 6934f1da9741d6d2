"""What the event store keeps: opaque envelopes, the commands they came from, snapshots.

The store knows nothing of tournament rules. An event is an envelope ``{seq, v, at, type, data}``
(DESIGN "The live side") whose ``data`` is a JSON object the store neither reads nor changes;
a command is the JSON object a batch of events came from; a snapshot is bytes a codec above the
store made of the folded state. Every value here is frozen: what was stored is never changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True, kw_only=True)
class NewEvent:
    """An event about to be appended: the store gives it its ``seq`` and ``batch``, and the
    batch's ``at`` unless the event says when it happened (``at``: a level that began a few
    seconds before the clock's tick recorded it).

    ``type`` is the event's snake_case name (``player_busted``); ``v`` the version of its
    schema, 1 until its fields change (an upcaster above the store reads the older ones);
    ``data`` a JSON object: string keys; strings, ints of any size, finite floats, bools,
    ``None``, lists (a tuple is stored as a list and comes back as one) and objects.
    """

    type: str
    data: Mapping[str, Any]
    v: int = 1
    at: int | None = None  # when the event happened (a level that began before the tick saw it)


@dataclass(frozen=True, slots=True)
class Fence:
    """The lease a table host holds on table ``table`` of tournament ``stream`` and its fencing
    token (`pitboss.store.leases`): an append given it is refused (`pitboss.errors.LeaseLost`)
    unless the lease still has an owner and this token, checked in the append's transaction,
    so a host that lost the table can never write for it again (issue 32)."""

    stream: str
    table: int
    token: int


@dataclass(frozen=True, slots=True, kw_only=True)
class NewBatch:
    """One command's events about to be appended to ``stream`` at ``expected_seq + 1`` onwards,
    as `EventStore.append` takes them (`EventStore.append_batches` takes several at once)."""

    stream: str
    expected_seq: int
    events: Sequence[NewEvent]
    at: int
    command: Mapping[str, Any] | None = None
    private: Mapping[str, Mapping[str, Any] | None] | None = None
    """Private details to write in the same transaction, by subject (None: erase them)."""
    fence: Fence | None = None
    """The table's lease this batch is written under (`Fence`); None: no lease is checked."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredEvent:
    """An event in the log: the ``seq``-th of its stream (1, 2, 3 ... without a gap).

    ``batch`` is the number of the command that produced it (1, 2, 3 ... per stream; the events
    of one command share it and were written in one transaction); ``at`` the instant it
    happened (the `NewEvent`'s, else its batch's), in milliseconds since the Unix epoch (UTC).
    """

    stream: str
    seq: int
    batch: int
    v: int
    at: int
    type: str
    data: Mapping[str, Any]

    def to_envelope(self) -> dict[str, Any]:
        """The envelope of DESIGN "The live side": ``{seq, v, at, type, data}``."""
        return {"seq": self.seq, "v": self.v, "at": self.at, "type": self.type, "data": self.data}


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredCommand:
    """One batch: the command a writer appended with its events, and which events they are.

    ``command`` is ``None`` when the writer recorded no command (events of the host's own
    making). The batch's events are ``first_seq`` to ``last_seq``, both included.
    """

    stream: str
    batch: int
    at: int
    command: Mapping[str, Any] | None
    first_seq: int
    last_seq: int

    @property
    def seqs(self) -> range:
        """The sequence numbers of this batch's events."""
        return range(self.first_seq, self.last_seq + 1)


@dataclass(frozen=True, slots=True, kw_only=True)
class Snapshot:
    """A cache of the state folded from the events up to ``seq`` (included).

    ``data`` is the codec's bytes, ``v`` the codec's format version: a reader asks for the
    version it understands, so a snapshot of an older state format is simply not found and the
    events are replayed instead. ``at`` is when it was saved (ms UTC).
    """

    stream: str
    seq: int
    v: int
    at: int
    data: bytes


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredTournament:
    """A stream of the store: one tournament's log, named, with when it was created (ms UTC)."""

    stream: str
    name: str
    created_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Wakeup:
    """A listener's news: ``stream`` has events up to at least ``seq``; read them from the log.

    A wake-up carries no event: the log is the truth, and a listener that missed a wake-up
    catches up on the next one (or on a timeout) from its own last ``seq``.
    """

    stream: str
    seq: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainLink:
    """Event ``seq``'s link in its stream's hash chain (`pitboss.store.chain`): the SHA-256,
    in lowercase hex, of its envelope, its batch's command and the link before it.

    ``command_hash`` is the hash of the batch's command row, kept with the batch's first
    event only (``None`` on the others).
    """

    seq: int
    hash: str
    command_hash: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RawEvent:
    """An event row exactly as stored: ``data`` is the JSON text, byte for byte, not parsed."""

    seq: int
    batch: int
    v: int
    at: int
    type: str
    data: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RawCommand:
    """A batch's command row exactly as stored: ``command`` is its JSON text (``None`` when the
    writer recorded no command)."""

    batch: int
    at: int
    command: str | None
    first_seq: int
    last_seq: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RawLog:
    """Every row of one stream as stored, each table read on its own (so a row one table lost
    and another kept shows): what `pitboss.store.chain.verify` checks, in seq and batch order."""

    stream: str
    events: Sequence[RawEvent]
    commands: Sequence[RawCommand]
    links: Sequence[ChainLink]
