"""The log's hash chain: a stored night edited afterwards, with any SQLite or SQL tool, shows it.

Charity poker is licensed gaming (THC add. 10: the organisation keeps its records for the
Office of Charitable Gaming). Triggers already refuse an UPDATE or a DELETE through pitboss,
but whoever holds the file can drop them. So every event is stored with a link (table
``event_hashes``), computed in the append's own transaction, format 1::

    command_hash = sha256(J([stream, batch, at, first_seq, last_seq, command]))
    hash         = sha256(J([previous, stream, seq, batch, v, at, type, command_hash])
                          + "\\n" + data)

``J`` is compact JSON with ASCII escapes (Python's ``json.dumps(x, separators=(",", ":"))``);
``command`` the batch's command row as its stored JSON text (or ``null``); ``data`` the event's
stored JSON text, byte for byte, in UTF-8; ``previous`` the hash of the stream's event before
(``""`` for its first); every hash lowercase hex. So each event's hash covers its envelope, the
command its batch came from (the audit trail) and, through ``previous``, everything before it:
the last event's hash, the *head hash*, stands for the whole stream. Snapshots (a cache) and the
tournament's name row are not covered: the name is in the first event's data.

What it proves: `verify` recomputes the chain from the rows and names the first event whose
stored link does not match (edited, removed, inserted, reordered). What it cannot: anyone can
recompute a whole chain after an edit, since there is no secret. That is why the head hash is
printed where it leaves the file (the results sheet, the treasurer's export): the log that gave
a printed result still holds an event with that hash (``pitboss event verify --expect``).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import StrEnum

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from pitboss.store import schema
from pitboss.store.envelopes import ChainLink, RawCommand, RawEvent, RawLog
from pitboss.store.protocol import EventStore

GENESIS = ""
"""The ``previous`` of a stream's first event."""

_JSON = json.JSONEncoder(separators=(",", ":"))
_E, _C, _H = schema.events, schema.commands, schema.event_hashes
_stream: sa.BindParameter[str] = sa.bindparam("stream")
RAW_EVENTS = (
    sa.select(_E.c.seq, _E.c.batch, _E.c.v, _E.c.at, _E.c.type, sa.cast(_E.c.data, sa.Text))
    .where(_E.c.stream == _stream)
    .order_by(_E.c.seq)
)
RAW_COMMANDS = (
    sa.select(_C.c.batch, _C.c.at, sa.cast(_C.c.command, sa.Text), _C.c.first_seq, _C.c.last_seq)
    .where(_C.c.stream == _stream)
    .order_by(_C.c.batch)
)
LINKS = (
    sa.select(_H.c.seq, _H.c.hash, _H.c.command_hash)
    .where(_H.c.stream == _stream, _H.c.seq > sa.bindparam("after"))
    .where(_H.c.seq <= sa.bindparam("through"))
    .order_by(_H.c.seq)
)
INSERT_LINKS = sa.insert(_H)


def command_hash(
    stream: str, *, batch: int, at: int, command: str | None, first_seq: int, last_seq: int
) -> str:
    """The hash of a batch's command row (``command`` its stored JSON text)."""
    text = _JSON.encode([stream, batch, at, first_seq, last_seq, command])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def event_hash(
    previous: str,
    stream: str,
    *,
    seq: int,
    batch: int,
    v: int,
    at: int,
    type: str,
    data: str,
    command: str | None,
) -> str:
    """The link of one event: ``data`` its stored JSON text, ``command`` its batch's
    `command_hash` (``None`` when the batch's command row is missing)."""
    header = _JSON.encode([previous, stream, seq, batch, v, at, type, command])
    digest = hashlib.sha256(header.encode("utf-8"))
    digest.update(b"\n")
    digest.update(data.encode("utf-8"))
    return digest.hexdigest()


def _raw_hash(previous: str, stream: str, event: RawEvent, command: str | None) -> str:
    return event_hash(
        previous,
        stream,
        seq=event.seq,
        batch=event.batch,
        v=event.v,
        at=event.at,
        type=event.type,
        data=event.data,
        command=command,
    )


def _command_hash(stream: str, command: RawCommand) -> str:
    return command_hash(
        stream,
        batch=command.batch,
        at=command.at,
        command=command.command,
        first_seq=command.first_seq,
        last_seq=command.last_seq,
    )


def read_raw(conn: Connection, stream: str) -> RawLog:
    """Every row of ``stream`` as stored (``data`` and ``command`` as their text), read in
    ``conn``'s transaction."""
    bounds = {"stream": stream, "after": 0, "through": 2**62}
    return RawLog(
        stream=stream,
        events=[
            RawEvent(seq=r[0], batch=r[1], v=r[2], at=r[3], type=r[4], data=r[5])
            for r in conn.execute(RAW_EVENTS, bounds)
        ],
        commands=[
            RawCommand(batch=r[0], at=r[1], command=r[2], first_seq=r[3], last_seq=r[4])
            for r in conn.execute(RAW_COMMANDS, bounds)
        ],
        links=[
            ChainLink(seq=r[0], hash=r[1], command_hash=r[2]) for r in conn.execute(LINKS, bounds)
        ],
    )


def seal(conn: Connection, stream: str) -> None:
    """Chain a stream logged before the chain existed (schema version 2's upgrade), from its
    first event, as it stands now: the links are inserted, no row is changed."""
    raw = read_raw(conn, stream)
    commands = {c.batch: c for c in raw.commands}
    previous, rows, sealed = GENESIS, [], set()
    for event in raw.events:
        command = commands.get(event.batch)
        digest = None if command is None else _command_hash(stream, command)
        previous = _raw_hash(previous, stream, event, digest)
        first = event.batch not in sealed
        sealed.add(event.batch)
        rows.append(
            {
                "stream": stream,
                "seq": event.seq,
                "hash": previous,
                "command_hash": digest if first else None,
            }
        )
    if rows:
        conn.execute(INSERT_LINKS, rows)


# --- the check ---------------------------------------------------------------------------------


class Tampering(StrEnum):
    """What `verify` found wrong with the first event that does not match."""

    EDITED = "edited"  # the event's stored text is not what was hashed when it was written
    COMMAND_EDITED = "command_edited"  # its batch's command row is not what was written
    REMOVED = "removed"  # events (or the command row) are missing before or at this place
    INSERTED = "inserted"  # a row pitboss did not write: no link, or another row's link
    REORDERED = "reordered"  # the event written at this place is stored at another seq


@dataclass(frozen=True, slots=True, kw_only=True)
class Mismatch:
    """The first place where the stored stream and its chain disagree.

    ``seq`` is the event named; ``type``, ``at`` and ``batch`` are what is stored there now
    (``None`` when that event is missing altogether). ``reason`` says it in words.
    """

    kind: Tampering
    seq: int
    type: str | None
    at: int | None
    batch: int | None
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChainCheck:
    """What `verify` found: the events that matched and the head link, or the first mismatch.

    ``expected`` is the matched event whose link has the hash `verify` was asked to find (a
    head hash printed earlier in the night), if there is one.
    """

    stream: str
    events: int  # how many events the stream holds
    checked: int  # how many matched, in order, before the mismatch (all of them when intact)
    head: ChainLink | None  # the last event's link (None for an empty stream)
    mismatch: Mismatch | None
    expected: ChainLink | None = None

    @property
    def is_intact(self) -> bool:
        return self.mismatch is None


def verify(store: EventStore, stream: str, *, expect: str | None = None) -> ChainCheck:
    """Recompute ``stream``'s chain from its stored rows and compare it, event by event, with
    the links stored beside them (THC add. 10: records a regulator can trust); ``expect``, a
    hash printed from this stream, is looked for among the events that match.

    Raises:
        StoreError: ``unknown_stream``.
    """
    return check(store.raw_log(stream), expect=expect)


def check(raw: RawLog, *, expect: str | None = None) -> ChainCheck:
    """`verify` on rows already read."""
    stream, events = raw.stream, raw.events
    commands = {c.batch: c for c in raw.commands}
    links = {link.seq: link for link in raw.links}
    digests: dict[int, str] = {}
    previous, expected, found = GENESIS, 1, None
    for index, event in enumerate(events):
        wrong = _mismatch(raw, index, previous, expected, commands, links, digests)
        if wrong is not None:
            return ChainCheck(
                stream=stream,
                events=len(events),
                checked=index,
                head=None,
                mismatch=wrong,
                expected=found,
            )
        link = links[event.seq]
        if link.hash == expect:
            found = link
        previous, expected = link.hash, event.seq + 1
    return ChainCheck(
        stream=stream,
        events=len(events),
        checked=len(events),
        head=links[events[-1].seq] if events else None,
        mismatch=_left_over(raw, expected, commands, set(digests)),
        expected=found,
    )


def _at(event: RawEvent, kind: Tampering, reason: str) -> Mismatch:
    return Mismatch(
        kind=kind, seq=event.seq, type=event.type, at=event.at, batch=event.batch, reason=reason
    )


def _digest(stream: str, command: RawCommand, digests: dict[int, str]) -> str:
    digest = digests.get(command.batch)
    if digest is None:
        digest = digests[command.batch] = _command_hash(stream, command)
    return digest


def _mismatch(
    raw: RawLog,
    index: int,
    previous: str,
    expected: int,
    commands: dict[int, RawCommand],
    links: dict[int, ChainLink],
    digests: dict[int, str],
) -> Mismatch | None:
    """Why ``raw.events[index]`` does not follow ``previous`` at ``expected``, or None."""
    stream, event = raw.stream, raw.events[index]
    if event.seq != expected:
        one = event.seq == expected + 1
        gone = f"event {expected} is" if one else f"events {expected} to {event.seq - 1} are"
        return _at(
            event,
            Tampering.REMOVED,
            f"{gone} missing: the log jumps from event {expected - 1} to event {event.seq}",
        )
    link = links.get(event.seq)
    if link is None:
        return _at(
            event, Tampering.INSERTED, "it has no link in the chain: it was written outside pitboss"
        )
    command = commands.get(event.batch)
    if command is None:
        return _at(
            event,
            Tampering.REMOVED,
            f"the command row of its batch ({event.batch}) is missing from the audit trail",
        )
    if link.hash == _raw_hash(previous, stream, event, _digest(stream, command, digests)):
        return None
    return _explain(raw, index, previous, commands, links, digests)


def _explain(
    raw: RawLog,
    index: int,
    previous: str,
    commands: dict[int, RawCommand],
    links: dict[int, ChainLink],
    digests: dict[int, str],
) -> Mismatch:
    """Tell an edit from a copied row or a moved one (once, at the first mismatch)."""
    stream, event = raw.stream, raw.events[index]
    link = links[event.seq]
    for other in raw.links:
        if other.seq != event.seq and other.hash == link.hash:
            return _at(
                event,
                Tampering.INSERTED,
                f"its link is a copy of event {other.seq}'s: the row was not written by pitboss",
            )
    for moved in raw.events:
        command, stored = commands.get(moved.batch), links.get(moved.seq)
        if moved.seq == event.seq or command is None:
            continue
        placed = RawEvent(
            seq=event.seq,
            batch=moved.batch,
            v=moved.v,
            at=moved.at,
            type=moved.type,
            data=moved.data,
        )
        written = _raw_hash(previous, stream, placed, _digest(stream, command, digests))
        # the row moved with its link, or its text moved and the links stayed in place
        if written == link.hash or (stored is not None and written == stored.hash):
            return _at(
                event,
                Tampering.REORDERED,
                f"the event written as number {event.seq} ({moved.type}) is stored as number "
                f"{moved.seq}: events were moved",
            )
    if link.command_hash is not None and link.command_hash != digests[event.batch]:
        return _at(
            event,
            Tampering.COMMAND_EDITED,
            f"the command of its batch ({event.batch}) is not the one recorded with it: the "
            "audit trail was edited",
        )
    return _at(
        event,
        Tampering.EDITED,
        "its stored text (data, type, time, version or batch) is not what was written",
    )


def _left_over(
    raw: RawLog, expected: int, commands: dict[int, RawCommand], used: set[int]
) -> Mismatch | None:
    """A link or a command no event accounts for: events removed from the end of the log (their
    links or command left behind), or a command row added to the audit trail."""
    orphans = [link.seq for link in raw.links if link.seq >= expected]
    if orphans:
        return Mismatch(
            kind=Tampering.REMOVED,
            seq=expected,
            type=None,
            at=None,
            batch=None,
            reason=f"the log ends at event {expected - 1} but the chain goes on to event "
            f"{max(orphans)}: the events after it were removed",
        )
    for command in commands.values():
        if command.last_seq >= expected:
            return Mismatch(
                kind=Tampering.REMOVED,
                seq=expected,
                type=None,
                at=command.at,
                batch=command.batch,
                reason=f"the log ends at event {expected - 1} but batch {command.batch}'s command "
                f"in the audit trail recorded events {command.first_seq} to {command.last_seq}: "
                "the events after it were removed",
            )
    for command in commands.values():
        if command.batch not in used:
            return Mismatch(
                kind=Tampering.INSERTED,
                seq=command.first_seq,
                type=None,
                at=command.at,
                batch=command.batch,
                reason=f"batch {command.batch}'s command is in the audit trail but no event of "
                "the log belongs to it: the command row was added",
            )
    return None


def head_link(
    store: EventStore, stream: str, *, through_seq: int | None = None
) -> ChainLink | None:
    """The stored link of the stream's last event (or of event ``through_seq``): the hash to
    print with a result. None for a stream with no events yet.

    Raises:
        StoreError: ``unknown_stream``.
    """
    seq = store.head(stream) if through_seq is None else through_seq
    if seq < 1:
        return None
    found = store.links(stream, seq - 1, through_seq=seq)
    return found[-1] if found else None


def format_hash(digest: str) -> str:
    """A hash as people copy it from paper: eight groups of eight hex digits."""
    return " ".join(digest[i : i + 8] for i in range(0, len(digest), 8))


def parse_hash(text: str) -> str | None:
    """A printed hash as `format_hash` writes it (spaces and case do not matter), or None when
    it is not 64 hex digits."""
    digest = "".join(text.split()).lower()
    if len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
        return None
    return digest
