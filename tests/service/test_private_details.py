"""Private details kept apart from the log (THC 1, issue 28): the private store holds them,
the events, the command rows and the snapshots never do; erasure and retention remove them and
keep the accounting; a night stored before keeps opening, its details moved out of the replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.service import director as director_module
from pitboss.store import EventStore, NewEvent, open_store
from pitboss.tournament import commands as c
from pitboss.tournament.codec import decode_log
from pitboss.tournament.model.entries import PersonalDetails
from pitboss.tournament.reading.reports import entries_report
from pitboss.tournament.state import replay_log

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
OLD_EVENING = GOLDEN / "live_evening_v1.log.jsonl"
"""The golden evening as the pitboss before issue 28 stored it: v1 registrations with every
THC 1 detail (frozen: never regenerated)."""
NEW_EVENING = GOLDEN / "live_evening.log.jsonl"
T0 = 1_767_225_600_000
DAY = 86_400_000

ADA = PersonalDetails(
    address="107 Magnolia St",
    email="ada@example.org",
    phone="337-555-0001",
    date_of_birth="1957-02-06",
    national_id="000-00-0001",
    driver_licence="LA1000037",
    age_verified=True,
)
SECRETS = ("107 Magnolia", "ada@example.org", "337-555-0001", "1957-02-06", "000-00-0001")


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


def _night(store: EventStore, clock: Clock) -> LiveTournament:
    service = DirectorService(store, clock=clock, randomness=seeded_random("t"), snapshot_every=1)
    rules = RuleSet.from_preset("thc")
    live = service.create("Charity night", rules)
    live.execute(c.RegisterPlayer(player_id=PlayerId("p1"), name="Ada", details=ADA))
    live.execute(c.RegisterPlayer(player_id=PlayerId("p2"), name="Ben", details=ADA))
    return live


def _stored_text(store: EventStore, stream: str) -> str:
    """Every row of the stream as stored: events, command rows, links, and the snapshots."""
    raw = store.raw_log(stream)
    snapshot = store.latest_snapshot(stream, v=_snapshot_format())
    return repr(raw) + ("" if snapshot is None else snapshot.data.decode("latin-1"))


def _snapshot_format() -> int:
    from pitboss.service import snapshots

    return snapshots.snapshot_format()


def test_no_private_detail_is_in_the_events_the_command_rows_or_a_snapshot(
    store: EventStore,
) -> None:
    live = _night(store, Clock())
    assert store.latest_snapshot(live.stream, v=_snapshot_format()) is not None
    text = _stored_text(store, live.stream)
    assert [s for s in SECRETS if s in text] == []
    registered = store.commands(live.stream)[1].command
    assert registered is not None
    assert registered["details"] == [
        "address",
        "email",
        "phone",
        "date_of_birth",
        "national_id",
        "driver_licence",
        "age_verified",
    ]
    assert live.private_details(PlayerId("p1")) == ADA  # the director's, from the private store
    assert live.state.players[PlayerId("p1")].of_age is True


def test_erasure_removes_the_details_and_keeps_the_accounting(store: EventStore) -> None:
    clock = Clock()
    live = _night(store, clock)
    state, events = live.history()
    before = entries_report(state, [e for _, e in events], details=live.every_private_detail())
    assert live.erase_details(PlayerId("p1")) is True
    assert live.private_details(PlayerId("p1")) is None
    assert live.erase_details(PlayerId("p1")) is False
    after = entries_report(state, [e for _, e in events], details=live.every_private_detail())
    erased, kept = after.lines
    assert erased.details == PersonalDetails()
    assert kept.details == ADA
    assert [(x.player_id, x.total_paid_cents) for x in after.lines] == [
        (x.player_id, x.total_paid_cents) for x in before.lines
    ]
    assert live.state.players[PlayerId("p1")].paid_cents > 0


def test_retention_purges_details_not_written_for_n_days(store: EventStore) -> None:
    clock = Clock()
    live = _night(store, clock)
    clock.now += 10 * DAY
    live.execute(c.EditRegistration(player_id=PlayerId("p2"), details=ADA))
    assert live.service.purge_details(before=clock.now - 5 * DAY) == 1
    assert live.private_details(PlayerId("p1")) is None
    assert live.private_details(PlayerId("p2")) == ADA


def _load_old_evening(store: EventStore) -> str:
    """The old evening in a store as the pitboss before issue 28 wrote it: its events, and the
    register commands with their details in the command rows."""
    stream = store.create_tournament("Acadiana Charity Hold'em Night", at=1)
    for line in OLD_EVENING.read_text(encoding="utf-8").splitlines():
        envelope = json.loads(line)
        command = None
        if envelope["type"] == "player_registered":
            data = envelope["data"]
            command = {"type": "register_player", "player_id": data["player_id"]}
            command["details"] = data["details"]
        store.append(
            stream,
            envelope["seq"] - 1,
            events=[NewEvent(type=envelope["type"], data=envelope["data"], v=envelope["v"])],
            command=command,
            at=envelope["at"],
        )
    return stream


def test_the_old_golden_evening_opens_its_details_moved_into_the_private_store(
    tmp_path: Path,
) -> None:
    """The upcaster drops the v1 details from the replay; opening copies them to the private
    store; the replayed state equals the new evening's; erasure survives reopening."""
    old = [json.loads(line) for line in OLD_EVENING.read_text(encoding="utf-8").splitlines()]
    secrets = [
        str(v)
        for e in old
        if e["type"] == "player_registered"
        for k, v in e["data"]["details"].items()
        if k != "age_verified"
    ]
    assert len(secrets) == 30 * 6
    with open_store(tmp_path / "old.db") as store:
        stream = _load_old_evening(store)
        service = DirectorService(store, snapshot_every=0)
        live = service.open(stream)
        new = [json.loads(line) for line in NEW_EVENING.read_text(encoding="utf-8").splitlines()]
        for envelope in new:  # the old log knew nothing of knockouts (issue 28 records them)
            for bust in envelope["data"].get("busts", ()):
                bust.pop("eliminated_by", None)
        assert live.state == replay_log(decode_log(new))
        shown = repr(live.state) + repr([b.command for b in live.batches()])
        assert [s for s in secrets if s in shown] == []
        first = old[1]["data"]
        assert first["player_id"] == "p01"
        assert live.private_details(PlayerId("p01")) == PersonalDetails(**first["details"])
        assert len(live.every_private_detail()) == 30
        assert live.erase_details(PlayerId("p01")) is True
        reopened = DirectorService(store, snapshot_every=0).open(stream)
        assert reopened.private_details(PlayerId("p01")) is None  # not copied again
        assert reopened.private_details(PlayerId("p02")) is not None


def test_an_old_night_is_searched_for_details_once_not_at_every_opening(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Opening a night reads its whole log for v1 details the first time only: the second
    opening (a server restart) goes straight to the snapshot and the tail."""
    with open_store(tmp_path / "old.db") as store:
        stream = _load_old_evening(store)
        DirectorService(store, snapshot_every=0).open(stream)
        searched: list[str] = []

        def search(store: EventStore, stream: str, stored: object) -> int:
            searched.append(stream)
            return 0

        monkeypatch.setattr(director_module, "move_old_details", search)
        again = DirectorService(store, snapshot_every=0).open(stream)
        assert searched == []
        assert again.private_details(PlayerId("p02")) is not None
