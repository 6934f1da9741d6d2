"""The hash chain (issue 25, THC add. 10): a stored night edited afterwards with a database
tool, behind pitboss's back, is caught, and the first event that does not match is named.

Every tampering here is what someone holding the file or the database could do: drop the
append-only triggers, then change, remove, move or add rows with plain SQL."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from pitboss.store import EventStore, NewBatch, NewEvent, open_store
from pitboss.store.chain import Tampering, format_hash, head_link, parse_hash, verify

from .conftest import is_postgres, raw_execute

GOLDEN_V1 = Path(__file__).resolve().parents[1] / "golden" / "store_v1.sql"


def _night(store: EventStore) -> str:
    """Five events in four batches: a registration each for Ann, Bo and Cy, then a bust."""
    stream = store.create_tournament("Friday", at=1, stream="friday")
    store.append(stream, 0, events=[NewEvent(type="created", data={"name": "Friday"})], at=10)
    for seq, name in enumerate(("Ann", "Bo"), start=1):
        event = NewEvent(type="registered", data={"name": name, "paid": 10_000})
        store.append(stream, seq, events=[event], command={"type": "register", "name": name}, at=20)
    store.append_batches(
        [
            NewBatch(
                stream=stream,
                expected_seq=3,
                events=[
                    NewEvent(type="registered", data={"name": "Cy", "paid": 10_000}),
                    NewEvent(type="busted", data={"name": "Bo", "place": 3}),
                ],
                command={"type": "register", "name": "Cy"},
                at=30,
            )
        ]
    )
    return stream


def _tamper(target: str, table: str, *statements: str) -> None:
    """What an attacker does: switch off the append-only trigger, then change rows."""
    if is_postgres(target):
        raw_execute(target, f"ALTER TABLE {table} DISABLE TRIGGER {table}_append_only")
    else:
        raw_execute(target, f"DROP TRIGGER IF EXISTS {table}_no_update")
        raw_execute(target, f"DROP TRIGGER IF EXISTS {table}_no_delete")
    for statement in statements:
        raw_execute(target, statement)


def _replace(target: str, column: str, old: str, new: str) -> str:
    """SQL for ``column``'s JSON text with ``old`` replaced by ``new`` (on either database)."""
    if is_postgres(target):
        return f"replace({column}::text, '{old}', '{new}')::json"
    return f"replace({column}, '{old}', '{new}')"


def test_a_regulator_can_recompute_the_chain_with_hashlib_and_json_alone(
    target: str, store: EventStore
) -> None:
    """The documented formula (store/chain.py, format 1) is what the store writes."""
    stream = _night(store)
    commands = {c.batch: c for c in store.commands(stream)}
    previous = ""
    for event, link in zip(store.load(stream), store.links(stream), strict=True):
        c = commands[event.batch]
        command = None if c.command is None else json.dumps(c.command, separators=(",", ":"))
        row = [stream, c.batch, c.at, c.first_seq, c.last_seq, command]
        text = json.dumps(row, separators=(",", ":"))
        command_hash = hashlib.sha256(text.encode()).hexdigest()
        header = [previous, stream, event.seq, event.batch, event.v, event.at, event.type]
        data = json.dumps(event.data, separators=(",", ":"), ensure_ascii=False)
        text = json.dumps([*header, command_hash], separators=(",", ":")) + "\n" + data
        previous = hashlib.sha256(text.encode()).hexdigest()
        assert link.seq == event.seq
        assert link.hash == previous
        assert link.command_hash == (command_hash if event.seq == c.first_seq else None)
    check = verify(store, stream)
    assert check.is_intact
    assert (check.events, check.checked) == (5, 5)
    assert check.head == head_link(store, stream)
    assert check.head is not None
    assert check.head.hash == previous


def test_batches_of_two_streams_in_one_transaction_chain_each_stream_on_its_own(
    store: EventStore,
) -> None:
    one = store.create_tournament("One", at=1)
    two = store.create_tournament("Two", at=1)
    for expected in (0, 1, 2):
        store.append_batches(
            [
                NewBatch(
                    stream=s, expected_seq=expected, events=[NewEvent(type="a", data={})], at=5
                )
                for s in (one, two)
            ]
        )
    assert verify(store, one).is_intact
    assert verify(store, two).is_intact
    assert [x.seq for x in store.links(one)] == [1, 2, 3]
    # the same events in another stream hash otherwise: a stream cannot pass for another
    assert {x.hash for x in store.links(one)}.isdisjoint(x.hash for x in store.links(two))


def test_a_group_commit_of_streams_of_different_lengths_chains_each_from_its_own_head(
    store: EventStore,
) -> None:
    """A live night's tables write their hand streams a group at a time, beside a tournament
    log that is longer: each link follows the stream's own head, never another stream's, so
    `pitboss verify` finds every table's record intact (it read "edited" at the second group
    of a stream shorter than the longest)."""
    night = store.create_tournament("Friday", at=1, stream="friday")
    for seq in range(5):
        store.append(night, seq, events=[NewEvent(type="registered", data={"n": seq})], at=2)
    tables = [
        store.create_tournament(f"hands of Friday, table {t}", at=1, stream=f"friday-table-{t}")
        for t in (1, 2)
    ]
    for expected in (0, 1, 2):
        store.append_batches(
            [
                NewBatch(
                    stream=s, expected_seq=expected, events=[NewEvent(type="a", data={})], at=5
                )
                for s in tables
            ]
        )
    store.append_batches(
        [NewBatch(stream=tables[0], expected_seq=3, events=[NewEvent(type="b", data={})], at=6)]
    )
    for stream in (night, *tables):
        check = verify(store, stream)
        assert check.is_intact, check.mismatch
    assert [verify(store, s).checked for s in tables] == [4, 3]


def test_one_character_of_one_events_data_edited_names_that_event(
    target: str, store: EventStore
) -> None:
    stream = _night(store)
    edited = _replace(target, "data", "10000", "10001")
    _tamper(target, "events", f"UPDATE events SET data = {edited} WHERE seq = 3")
    check = verify(store, stream)
    assert not check.is_intact
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq) == (Tampering.EDITED, 3)
    assert (check.mismatch.type, check.mismatch.batch, check.mismatch.at) == ("registered", 3, 20)
    assert check.checked == 2
    assert check.head is None


def test_a_byte_flipped_in_the_sqlite_file_itself_names_that_event(tmp_path: Path) -> None:
    """No SQL at all: one byte of the file changed, as a hex editor would."""
    path = tmp_path / "night.db"
    with open_store(path) as store:
        stream = _night(store)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    raw = path.read_bytes()
    at = raw.index(b'"name":"Bo","place":3')
    path.write_bytes(raw[: at + 9] + b"3" + raw[at + 10 :])  # "Bo" -> "B3"
    with open_store(path) as store:
        assert store.load(stream)[-1].data["name"] == "B3"
        check = verify(store, stream)
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq, check.mismatch.type) == (
        Tampering.EDITED,
        5,
        "busted",
    )


def test_an_event_removed_is_named_by_the_gap_it_leaves(target: str, store: EventStore) -> None:
    stream = _night(store)
    _tamper(target, "event_hashes", "DELETE FROM event_hashes WHERE seq = 3")
    _tamper(target, "events", "DELETE FROM events WHERE seq = 3")
    check = verify(store, stream)
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq) == (Tampering.REMOVED, 4)
    assert "event 3 is missing" in check.mismatch.reason


def test_the_last_events_removed_are_caught_by_the_head_hash_printed_before(
    target: str, store: EventStore
) -> None:
    """A chain alone cannot see its own end cut off: the hash printed on the results can."""
    stream = _night(store)
    printed = head_link(store, stream)
    assert printed is not None
    assert verify(store, stream, expect=printed.hash).expected == printed
    _tamper(target, "event_hashes", "DELETE FROM event_hashes WHERE seq >= 4")
    _tamper(target, "events", "DELETE FROM events WHERE seq >= 4")
    check = verify(store, stream, expect=printed.hash)
    assert check.expected is None
    # and the audit trail still records batch 4's two events
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq, check.mismatch.batch) == (
        Tampering.REMOVED,
        4,
        4,
    )


def test_two_events_swapped_are_named_as_reordered(target: str, store: EventStore) -> None:
    stream = _night(store)
    rows = "SELECT batch, at, type, CAST(data AS TEXT) FROM events WHERE seq IN (2, 3) ORDER BY seq"
    first, second = raw_execute(target, rows)
    _tamper(
        target,
        "events",
        *(
            f"UPDATE events SET batch = {row[0]}, at = {row[1]}, type = '{row[2]}', "
            f"data = '{row[3]}' WHERE seq = {seq}"
            for seq, row in ((2, second), (3, first))
        ),
    )
    check = verify(store, stream)
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq) == (Tampering.REORDERED, 2)
    assert "stored as number 3" in check.mismatch.reason


def test_an_event_added_behind_pitboss_is_named_as_inserted(target: str, store: EventStore) -> None:
    stream = _night(store)
    raw_execute(
        target,
        "INSERT INTO events (stream, seq, batch, v, at, type, data) "
        f"VALUES ('{stream}', 6, 4, 1, 30, 'registered', '{{\"name\":\"Dee\"}}')",
    )
    check = verify(store, stream)
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq, check.mismatch.type) == (
        Tampering.INSERTED,
        6,
        "registered",
    )


def test_an_edited_command_in_the_audit_trail_is_named_at_its_batchs_first_event(
    target: str, store: EventStore
) -> None:
    stream = _night(store)
    _tamper(
        target,
        "commands",
        f"UPDATE commands SET command = {_replace(target, 'command', 'Bo', 'Bob')} WHERE batch = 3",
    )
    check = verify(store, stream)
    assert check.mismatch is not None
    assert (check.mismatch.kind, check.mismatch.seq, check.mismatch.batch) == (
        Tampering.COMMAND_EDITED,
        3,
        3,
    )


def test_a_store_of_schema_version_1_is_chained_on_opening_from_its_first_event(
    target: str,
) -> None:
    with open_store(target) as store:
        stream = _night(store)
        before = store.links(stream)
    raw_execute(target, "DROP TABLE event_hashes")  # the store as version 1 left it
    raw_execute(target, "DROP TABLE private_details")
    raw_execute(target, "DELETE FROM pitboss_schema WHERE version >= 2")
    with open_store(target) as store:
        assert store.links(stream) == before  # the same formula, the same chain
        assert verify(store, stream).is_intact
        store.append(stream, 5, events=[NewEvent(type="busted", data={"name": "Cy"})], at=40)
        assert verify(store, stream).checked == 6


def test_the_golden_version_1_night_opens_chained_and_a_later_edit_is_caught(
    tmp_path: Path,
) -> None:
    """tests/golden/store_v1.sql: a night written by the pitboss before the chain."""
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path)
    conn.executescript(GOLDEN_V1.read_text(encoding="utf-8"))
    conn.close()
    with open_store(path) as store:
        (stream,) = [t.stream for t in store.tournaments()]
        check = verify(store, stream)
        assert check.is_intact
        assert check.head is not None
        assert check.head.seq == store.head(stream) == 13
    target = str(path)
    pool = "replace(data, '\"prize_pool_cents\":40000', '\"prize_pool_cents\":90000')"
    _tamper(target, "events", f"UPDATE events SET data = {pool}")
    with open_store(path) as store:
        mismatch = verify(store, stream).mismatch
    assert mismatch is not None
    assert (mismatch.kind, mismatch.type) == (Tampering.EDITED, "payouts_computed")


def test_a_printed_hash_reads_back_whatever_its_spacing_and_case() -> None:
    digest = hashlib.sha256(b"x").hexdigest()
    printed = format_hash(digest)
    assert len(printed.split()) == 8
    assert parse_hash(printed.upper()) == parse_hash(digest) == digest
    assert parse_hash(digest[:-1]) is None
    assert parse_hash("z" * 64) is None


@pytest.mark.parametrize("after", [0, 2])
def test_links_are_read_after_a_seq_and_through_a_seq(store: EventStore, after: int) -> None:
    stream = _night(store)
    assert [x.seq for x in store.links(stream, after, through_seq=4)] == list(range(after + 1, 5))
    assert head_link(store, stream, through_seq=2) == store.links(stream)[1]
