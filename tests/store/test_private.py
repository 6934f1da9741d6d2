"""The private store (THC 1: private details kept apart from the log, erasable, purged after a
retention period): each test runs on SQLite and on PostgreSQL (conftest)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.store import EventStore, NewBatch, NewEvent, open_store

from .conftest import raw_execute

ALICE = {"email": "alice@example.org", "national_id": "123-45-6789"}
BOB = {"phone": "555 0101"}
GOLDEN_V1 = Path(__file__).resolve().parents[1] / "golden" / "store_v1.sql"


def test_details_are_kept_replaced_and_read_by_subject(store: EventStore) -> None:
    assert store.private("cp-alice") is None
    store.put_private("cp-alice", ALICE, at=10)
    store.put_private("night/p2", BOB, at=11)
    assert store.private("cp-alice") == ALICE
    store.put_private("cp-alice", {"email": "new@example.org"}, at=12)
    assert store.private("cp-alice") == {"email": "new@example.org"}
    assert store.private_many(["cp-alice", "night/p2", "nobody"]) == {
        "cp-alice": {"email": "new@example.org"},
        "night/p2": BOB,
    }
    assert store.private_many([]) == {}


def test_erasure_removes_the_details_and_says_whether_there_were_any(store: EventStore) -> None:
    store.put_private("cp-alice", ALICE, at=10)
    assert store.erase_private("cp-alice") is True
    assert store.private("cp-alice") is None
    assert store.private_many(["cp-alice"]) == {}
    assert store.erase_private("cp-alice") is False
    assert store.erase_private("never-seen", at=5) is False


def test_an_erased_subject_is_not_filled_again_by_a_copy_but_may_give_details_anew(
    store: EventStore,
) -> None:
    """The copy of an old log's details must not undo an erasure; the person may come back."""
    assert store.put_private_if_new("night/p1", ALICE, at=1) is True
    assert store.put_private_if_new("night/p1", BOB, at=2) is False
    assert store.private("night/p1") == ALICE
    store.erase_private("night/p1", at=3)
    assert store.put_private_if_new("night/p1", ALICE, at=4) is False
    assert store.private("night/p1") is None
    store.put_private("night/p1", BOB, at=5)
    assert store.private("night/p1") == BOB


def test_the_erased_row_keeps_no_detail(store: EventStore, target: str) -> None:
    store.put_private("cp-alice", ALICE, at=10)
    store.erase_private("cp-alice", at=20)
    rows = raw_execute(target, "SELECT subject, data, updated_at FROM private_details")
    assert rows == [("cp-alice", None, 20)]


def test_retention_purges_the_details_not_written_since_the_cutoff(store: EventStore) -> None:
    store.put_private("old", ALICE, at=100)
    store.put_private("new", BOB, at=300)
    store.put_private("erased", BOB, at=50)
    store.erase_private("erased")
    assert store.purge_private(before=200) == 1
    assert store.private_many(["old", "new", "erased"]) == {"new": BOB}
    assert store.purge_private(before=200) == 0
    assert store.put_private_if_new("old", ALICE, at=400) is False  # purged stays purged


def test_details_appended_with_events_are_written_in_the_same_transaction(
    store: EventStore,
) -> None:
    stream = store.create_tournament("Friday", at=1)
    event = NewEvent(type="player_registered", data={"player": "p1"})
    store.append(stream, 0, events=[event], at=10, private={f"{stream}/p1": ALICE})
    assert store.private(f"{stream}/p1") == ALICE
    with pytest.raises(ConcurrencyConflict):
        store.append(stream, 0, events=[event], at=11, private={f"{stream}/p2": BOB})
    assert store.private(f"{stream}/p2") is None  # the refused batch wrote no detail
    store.append(stream, 1, events=[event], at=12, private={f"{stream}/p1": None})
    assert store.private(f"{stream}/p1") is None


def test_batches_write_their_details_all_or_none(store: EventStore) -> None:
    one = store.create_tournament("One", at=1)
    two = store.create_tournament("Two", at=1)
    event = NewEvent(type="player_registered", data={"player": "p1"})
    store.append_batches(
        [
            NewBatch(stream=one, expected_seq=0, events=[event], at=5, private={"a": ALICE}),
            NewBatch(stream=two, expected_seq=0, events=[event], at=5, private={"b": BOB}),
        ]
    )
    assert store.private_many(["a", "b"]) == {"a": ALICE, "b": BOB}
    with pytest.raises(ConcurrencyConflict):
        store.append_batches(
            [
                NewBatch(stream=one, expected_seq=1, events=[event], at=6, private={"c": BOB}),
                NewBatch(stream=two, expected_seq=0, events=[event], at=6),
            ]
        )
    assert store.private("c") is None


@pytest.mark.parametrize("subject", ["", "x" * 201, "a\nb", 7])
def test_a_subject_that_is_not_one_line_of_text_is_refused(
    store: EventStore, subject: object
) -> None:
    with pytest.raises(StoreError) as refused:
        store.put_private(subject, ALICE, at=1)  # type: ignore[arg-type]
    assert refused.value.code == "bad_subject"


def test_details_json_cannot_keep_are_refused_without_showing_them(store: EventStore) -> None:
    with pytest.raises(StoreError) as refused:
        store.put_private("cp-alice", {"national_id": {"123-45-6789"}}, at=1)
    assert refused.value.code == "bad_payload"
    assert "123-45-6789" not in str(refused.value)
    assert "123-45-6789" not in repr(refused.value.params)
    assert store.private("cp-alice") is None


def test_a_version_1_store_upgrades_with_an_empty_private_store(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path)
    conn.executescript(GOLDEN_V1.read_text(encoding="utf-8"))
    conn.close()
    with open_store(path) as store:
        (stream,) = [t.stream for t in store.tournaments()]
        assert store.private(f"{stream}/p1") is None
        store.put_private(f"{stream}/p1", ALICE, at=1)
        assert store.private(f"{stream}/p1") == ALICE
    versions = raw_execute(str(path), "SELECT version FROM pitboss_schema ORDER BY version")
    assert (3,) in versions
