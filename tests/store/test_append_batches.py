"""Several batches, of one stream or several, appended in one transaction (the group commit of
the live tables' hand streams, `pitboss.live.hand_log`): numbered as one `append` each would be,
with their commands, and all of them or none."""

from __future__ import annotations

import pytest

from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.store import EventStore, NewBatch, NewEvent


def _batch(stream: str, expected: int, *types: str, at: int = 5) -> NewBatch:
    return NewBatch(
        stream=stream,
        expected_seq=expected,
        events=[NewEvent(type=t, data={"t": t}) for t in types],
        at=at,
        command={"type": types[0]},
    )


def test_batches_of_several_streams_are_numbered_as_appends_one_by_one(store: EventStore) -> None:
    a = store.create_tournament("A", at=1)
    b = store.create_tournament("B", at=1)
    store.append(a, 0, events=[NewEvent(type="first", data={})], at=2)
    stored = store.append_batches(
        [_batch(a, 1, "x", "y"), _batch(b, 0, "z"), _batch(a, 3, "w", at=9)]
    )
    assert [[(e.stream, e.seq, e.batch, e.at) for e in s] for s in stored] == [
        [(a, 2, 2, 5), (a, 3, 2, 5)],
        [(b, 1, 1, 5)],
        [(a, 4, 3, 9)],
    ]
    assert store.load(a)[1:] == [*stored[0], *stored[2]]
    assert store.load(b) == stored[1]
    assert [(c.batch, c.command, list(c.seqs)) for c in store.commands(a)] == [
        (1, None, [1]),
        (2, {"type": "x"}, [2, 3]),
        (3, {"type": "w"}, [4]),
    ]
    assert store.append_batches([]) == []


def test_one_stale_batch_writes_none_of_them(store: EventStore) -> None:
    a = store.create_tournament("A", at=1)
    b = store.create_tournament("B", at=1)
    store.append(b, 0, events=[NewEvent(type="first", data={})], at=2)
    with pytest.raises(ConcurrencyConflict) as refused:
        store.append_batches([_batch(a, 0, "x"), _batch(b, 0, "y")])
    assert refused.value.params == {"stream": b, "expected_seq": 0, "actual_seq": 1}
    assert store.head(a) == 0
    assert store.head(b) == 1
    with pytest.raises(StoreError) as unknown:
        store.append_batches([_batch(a, 0, "x"), _batch("nowhere", 0, "y")])
    assert unknown.value.code == "unknown_stream"
    with pytest.raises(StoreError) as empty:
        store.append_batches([NewBatch(stream=a, expected_seq=0, events=[], at=1)])
    assert empty.value.code == "empty_batch"
    assert store.head(a) == 0
