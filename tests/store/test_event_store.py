"""One suite for every `EventStore`: each test runs on SQLite and on PostgreSQL (conftest)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.store import EventStore, NewEvent, StoredEvent, open_store

from .conftest import raw_execute


def _events(*types: str, **data: object) -> list[NewEvent]:
    return [NewEvent(type=t, data={"n": i, **data}) for i, t in enumerate(types)]


def _seqs(events: list[StoredEvent]) -> list[int]:
    return [e.seq for e in events]


# ---------------------------------------------------------------------------- append and load


def test_a_new_tournament_has_an_empty_log(store: EventStore) -> None:
    stream = store.create_tournament("Friday Deepstack", at=1_000)
    assert store.head(stream) == 0
    assert store.load(stream) == []
    assert store.commands(stream) == []
    assert store.latest_snapshot(stream) is None
    record = store.tournament(stream)
    assert (record.stream, record.name, record.created_at) == (stream, "Friday Deepstack", 1_000)


def test_events_are_numbered_from_one_without_a_gap_one_batch_per_command(
    store: EventStore,
) -> None:
    stream = store.create_tournament("Friday", at=1)
    first = store.append(
        stream, 0, events=_events("player_registered", "player_registered", "seats_drawn"), at=10
    )
    second = store.append(stream, 3, events=_events("clock_started", "level_started"), at=20)
    assert _seqs(first) == [1, 2, 3]
    assert {e.batch for e in first} == {1}
    assert _seqs(second) == [4, 5]
    assert {e.batch for e in second} == {2}
    loaded = store.load(stream)
    assert loaded == first + second
    assert [e.type for e in loaded] == [
        "player_registered",
        "player_registered",
        "seats_drawn",
        "clock_started",
        "level_started",
    ]
    assert [e.at for e in loaded] == [10, 10, 10, 20, 20]
    assert store.head(stream) == 5


def test_load_after_a_seq_and_through_a_seq_gives_that_slice_in_order(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    for head in range(6):
        store.append(stream, head, events=_events("hand_finished"), at=head)
    assert _seqs(store.load(stream, 4)) == [5, 6]
    assert _seqs(store.load(stream, 1, through_seq=3)) == [2, 3]
    assert store.load(stream, 6) == []
    assert _seqs(store.load(stream, through_seq=2)) == [1, 2]


def test_the_envelope_keeps_the_event_version_and_type(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=[NewEvent(type="player_busted", data={"p": 7}, v=3)], at=99)
    (event,) = store.load(stream)
    assert event.to_envelope() == {
        "seq": 1,
        "v": 3,
        "at": 99,
        "type": "player_busted",
        "data": {"p": 7},
    }
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seq = 2  # type: ignore[misc]


def test_each_batch_keeps_its_command_and_the_range_of_its_events(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    register = {"type": "register_player", "name": "Ada", "buy_in_cents": 5_000}
    store.append(
        stream, 0, events=_events("player_registered", "chips_issued"), command=register, at=5
    )
    store.append(stream, 2, events=_events("level_started"), command=None, at=6)
    store.append(stream, 3, events=_events("player_busted"), command={"type": "bust"}, at=7)
    commands = store.commands(stream)
    assert [(c.batch, c.at, c.command) for c in commands] == [
        (1, 5, register),
        (2, 6, None),
        (3, 7, {"type": "bust"}),
    ]
    assert [list(c.seqs) for c in commands] == [[1, 2], [3], [4]]
    assert [c.batch for c in store.commands(stream, after_batch=1)] == [2, 3]
    assert [e.batch for e in store.load(stream)] == [1, 1, 2, 3]


def test_streams_are_separate_logs(store: EventStore) -> None:
    a = store.create_tournament("A", at=1)
    b = store.create_tournament("B", at=2)
    store.append(a, 0, events=_events("x", "y"), at=3)
    store.append(b, 0, events=_events("z"), at=4)
    store.append(a, 2, events=_events("w"), at=5)
    assert [e.type for e in store.load(a)] == ["x", "y", "w"]
    assert [(e.seq, e.type, e.batch) for e in store.load(b)] == [(1, "z", 1)]
    assert [c.batch for c in store.commands(a)] == [1, 2]


def test_the_log_survives_closing_and_reopening(target: str) -> None:
    with open_store(target) as store:
        stream = store.create_tournament("Friday", at=1)
        store.append(stream, 0, events=_events("a", "b"), command={"type": "c"}, at=2)
        before = store.load(stream)
    with open_store(target) as store:
        assert store.load(stream) == before
        assert store.commands(stream)[0].command == {"type": "c"}
        store.append(stream, 2, events=_events("d"), at=3)
        assert store.head(stream) == 3


# ---------------------------------------------------------------------------- JSON


def test_json_round_trips_unicode_big_ints_floats_and_key_order(store: EventStore) -> None:
    data = {
        "zeta": "last key written first",
        "name": 'Zoë Ñúñez 🂡 ♠♥♦♣ 中文 \u0000 tab\t"quote" back\\slash',
        "big": 2**100,
        "negative_big": -(2**70),
        "cents": 123_456_789_012_345_678_901,
        "ratio": 0.1,
        "tiny": 5e-324,
        "huge": 1.7976931348623157e308,
        "flags": [True, False, None],
        "nested": {"b": [1, {"c": []}], "a": {}},
        "pair": (1, 2),
        "alpha": "",
    }
    stream = store.create_tournament("Ünïcödé Cup ♠", at=1)
    written = store.append(
        stream, 0, events=[NewEvent(type="noted", data=data)], command=data, at=1
    )
    (loaded,) = store.load(stream)
    expected = {**data, "pair": [1, 2]}  # a tuple is kept as a JSON array
    assert loaded.data == expected == written[0].data
    assert list(loaded.data) == list(data)
    assert list(loaded.data["nested"]) == ["b", "a"]
    assert store.commands(stream)[0].command == expected
    assert store.tournament(stream).name == "Ünïcödé Cup ♠"
    assert type(loaded.data["big"]) is int
    assert type(loaded.data["ratio"]) is float


@pytest.mark.parametrize(
    ("data", "path"),
    [
        ({"seats": {1: "Ada"}}, ".seats.1"),
        ({"ok": {True: 1}}, ".ok.True"),
        ({"cards": {"As", "Kd"}}, ".cards"),
        ({"stack": float("nan")}, ".stack"),
        ({"stack": float("inf")}, ".stack"),
        ({"raw": b"\x00"}, ".raw"),
        ({"name": "\ud800"}, ".name"),
        ({"list": [1, object()]}, ".list[1]"),
    ],
)
def test_a_value_json_would_not_keep_is_refused_and_nothing_is_written(
    store: EventStore, data: dict[object, object], path: str
) -> None:
    stream = store.create_tournament("Friday", at=1)
    with pytest.raises(StoreError) as refused:
        store.append(stream, 0, events=[NewEvent(type="noted", data=data)], at=1)  # type: ignore[arg-type]
    assert refused.value.code == "bad_payload"
    assert refused.value.params["path"] == path
    with pytest.raises(StoreError) as refused_command:
        store.append(stream, 0, events=_events("noted"), command=data, at=1)  # type: ignore[arg-type]
    assert refused_command.value.params["what"] == "command"
    assert store.head(stream) == 0
    assert store.commands(stream) == []


def test_event_data_and_commands_must_be_json_objects(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    with pytest.raises(StoreError) as refused:
        store.append(stream, 0, events=[NewEvent(type="noted", data=[1, 2])], at=1)  # type: ignore[arg-type]
    assert refused.value.code == "bad_payload"
    with pytest.raises(StoreError, match="JSON object"):
        store.append(stream, 0, events=_events("noted"), command="bust", at=1)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- snapshots


def test_the_newest_snapshot_by_seq_wins_whatever_order_they_were_saved(
    store: EventStore,
) -> None:
    stream = store.create_tournament("Friday", at=1)
    for head in range(6):
        store.append(stream, head, events=_events("hand_finished"), at=head)
    store.save_snapshot(stream, 2, data=b"state@2", at=100)
    store.save_snapshot(stream, 5, data=b"state@5", at=101)
    store.save_snapshot(stream, 3, data=b"state@3", at=102)
    latest = store.latest_snapshot(stream)
    assert latest is not None
    assert (latest.seq, latest.data, latest.at, latest.v) == (5, b"state@5", 101, 1)
    older = store.latest_snapshot(stream, at_most_seq=4)
    assert older is not None
    assert (older.seq, older.data) == (3, b"state@3")
    assert store.latest_snapshot(stream, at_most_seq=1) is None


def test_a_snapshot_is_found_only_by_readers_of_its_format(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a", "b"), at=1)
    store.save_snapshot(stream, 1, data=b"v1", at=2, v=1)
    store.save_snapshot(stream, 2, data=b"v1 newer", at=3, v=1)
    store.save_snapshot(stream, 1, data=b"v2", at=4, v=2)
    v2 = store.latest_snapshot(stream, v=2)
    assert v2 is not None
    assert (v2.seq, v2.data) == (1, b"v2")
    assert store.latest_snapshot(stream, v=3) is None


def test_a_snapshot_saved_twice_keeps_the_first(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a"), at=1)
    store.save_snapshot(stream, 1, data=b"first", at=2)
    store.save_snapshot(stream, 1, data=b"second", at=3)
    latest = store.latest_snapshot(stream)
    assert latest is not None
    assert (latest.data, latest.at) == (b"first", 2)


def test_snapshot_bytes_round_trip_whole(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a"), at=1)
    blob = bytes(range(256)) * 4096  # 1 MiB, every byte value
    store.save_snapshot(stream, 1, data=blob, at=2)
    latest = store.latest_snapshot(stream)
    assert latest is not None
    assert latest.data == blob


def test_a_snapshot_beyond_the_head_or_not_bytes_is_refused(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a"), at=1)
    with pytest.raises(StoreError) as ahead:
        store.save_snapshot(stream, 2, data=b"x", at=2)
    assert (ahead.value.code, ahead.value.params["head"]) == ("bad_snapshot", 1)
    with pytest.raises(StoreError) as text:
        store.save_snapshot(stream, 1, data="{}", at=2)  # type: ignore[arg-type]
    assert text.value.code == "bad_snapshot"
    assert store.latest_snapshot(stream) is None


# ---------------------------------------------------------------------------- tournaments


def test_tournaments_are_listed_oldest_first(store: EventStore) -> None:
    store.create_tournament("Late", at=30, stream="late")
    store.create_tournament("Early", at=10, stream="early")
    store.create_tournament("Middle", at=20, stream="mid")
    store.create_tournament("Also early", at=10, stream="also-early")
    assert [(t.stream, t.name) for t in store.tournaments()] == [
        ("also-early", "Also early"),
        ("early", "Early"),
        ("mid", "Middle"),
        ("late", "Late"),
    ]


def test_stream_ids_made_by_the_store_are_unguessable_and_distinct(store: EventStore) -> None:
    made = {store.create_tournament(f"T{i}", at=i) for i in range(20)}
    assert len(made) == 20
    # easy to type, and never read as an option by a command line (no leading "-")
    assert all(re.fullmatch(r"[a-z2-9]{14}", stream) for stream in made)
    assert {t.stream for t in store.tournaments()} == made


def test_a_taken_or_malformed_stream_id_or_a_blank_name_is_refused(store: EventStore) -> None:
    store.create_tournament("Friday", at=1, stream="friday-2026")
    with pytest.raises(StoreError) as taken:
        store.create_tournament("Again", at=2, stream="friday-2026")
    assert (taken.value.code, taken.value.params) == ("stream_exists", {"stream": "friday-2026"})
    for bad in ("", "has:colon", "x" * 65, "with space", "-starts-with-a-dash"):
        with pytest.raises(StoreError) as malformed:
            store.create_tournament("Friday", at=1, stream=bad)
        assert malformed.value.code == "bad_stream_id"
    with pytest.raises(StoreError) as blank:
        store.create_tournament("   ", at=1)
    assert blank.value.code == "bad_name"
    assert [t.name for t in store.tournaments()] == ["Friday"]


# ---------------------------------------------------------------------------- errors


def test_a_conflict_names_the_heads_and_writes_nothing(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a", "b"), command={"type": "first"}, at=1)
    before = (store.load(stream), store.commands(stream))
    for expected in (0, 1, 3):
        with pytest.raises(ConcurrencyConflict) as lost:
            store.append(stream, expected, events=_events("c"), command={"type": "late"}, at=2)
        assert lost.value.code == "conflict"
        assert lost.value.params == {"stream": stream, "expected_seq": expected, "actual_seq": 2}
        assert isinstance(lost.value, StoreError)
    assert (store.load(stream), store.commands(stream)) == before


def test_a_duplicate_insert_is_the_conflict_even_past_a_stale_head_check(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The primary key (stream, seq) is the guard: a writer whose head check passed on a
    stale read still loses, whole, when it inserts a seq another writer committed."""
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a", "b"), at=1)
    real = store._heads  # type: ignore[attr-defined]
    lies = iter([True])

    def stale(conn: object, name: str) -> tuple[int, int]:
        head, batch = real(conn, name)
        return (1, batch) if next(lies, False) else (head, batch)

    monkeypatch.setattr(store, "_heads", stale)
    with pytest.raises(ConcurrencyConflict) as lost:
        store.append(stream, 1, events=_events("c", "d"), command={"type": "stale"}, at=2)
    assert lost.value.params == {"stream": stream, "expected_seq": 1, "actual_seq": 2}
    assert _seqs(store.load(stream)) == [1, 2]
    assert [c.command for c in store.commands(stream)] == [None]


def test_an_unknown_stream_is_an_error_for_every_operation(store: EventStore) -> None:
    calls = {
        "append": lambda: store.append("nope", 0, events=_events("a"), at=1),
        "load": lambda: store.load("nope"),
        "head": lambda: store.head("nope"),
        "commands": lambda: store.commands("nope"),
        "tournament": lambda: store.tournament("nope"),
        "save_snapshot": lambda: store.save_snapshot("nope", 1, data=b"", at=1),
        "latest_snapshot": lambda: store.latest_snapshot("nope"),
    }
    for name, call in calls.items():
        with pytest.raises(StoreError) as unknown:
            call()
        assert (unknown.value.code, unknown.value.params) == (
            "unknown_stream",
            {"stream": "nope"},
        ), name
    assert store.tournaments() == []


def test_a_malformed_batch_is_refused_and_nothing_is_written(store: EventStore) -> None:
    stream = store.create_tournament("Friday", at=1)
    cases: list[tuple[str, dict[str, object]]] = [
        ("empty_batch", {"events": []}),
        ("bad_event", {"events": [NewEvent(type="PlayerBusted", data={})]}),
        ("bad_event", {"events": [NewEvent(type="busted-now", data={})]}),
        ("bad_event", {"events": [{"type": "a", "data": {}}]}),
        ("bad_number", {"events": [NewEvent(type="a", data={}, v=0)]}),
        ("bad_number", {"events": _events("a"), "at": -1}),
        ("bad_number", {"events": _events("a"), "expected_seq": -1}),
        ("bad_number", {"events": _events("a"), "expected_seq": True}),
    ]
    for code, fields in cases:
        arguments: dict[str, object] = {"expected_seq": 0, "at": 1, **fields}
        expected_seq = arguments.pop("expected_seq")
        with pytest.raises(StoreError) as refused:
            store.append(stream, expected_seq, **arguments)  # type: ignore[arg-type]
        assert refused.value.code == code, fields
    assert store.head(stream) == 0
    assert store.commands(stream) == []


def test_a_closed_store_refuses_to_work(target: str) -> None:
    store = open_store(target)
    stream = store.create_tournament("Friday", at=1)
    store.close()
    with pytest.raises(StoreError) as closed:
        store.append(stream, 0, events=_events("a"), at=1)
    assert closed.value.code == "store_closed"
    assert closed.value.params["action"] == "append"


def test_the_database_itself_refuses_to_update_or_delete_a_row(
    target: str, store: EventStore
) -> None:
    stream = store.create_tournament("Friday", at=1)
    store.append(stream, 0, events=_events("a"), command={"type": "c"}, at=1)
    store.save_snapshot(stream, 1, data=b"s", at=2)
    for statement in (
        "UPDATE events SET v = 2",
        "DELETE FROM events",
        "UPDATE commands SET at = 0",
        "DELETE FROM commands",
        "UPDATE tournaments SET name = 'x'",
        "DELETE FROM snapshots",
    ):
        with pytest.raises(Exception, match="append-only"):
            raw_execute(target, statement)
    assert _seqs(store.load(stream)) == [1]
    assert store.tournament(stream).name == "Friday"
    assert store.latest_snapshot(stream) is not None
