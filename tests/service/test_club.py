"""The club's players in a real store (issue 28), SQLite and PostgreSQL: records round-trip,
another writer's records are read before deciding, a person's history is every tournament
they played (a rename and a merge keep it), private details stay out of the log."""

from __future__ import annotations

import json

import pytest

from pitboss.club.log import PLAYERS_STREAM
from pitboss.errors import ClubError, StoreError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.rules import RuleSet
from pitboss.service import DirectorService, seeded_random
from pitboss.service.club import ClubService, NewPlayer
from pitboss.store import EventStore
from pitboss.tournament import commands as c
from pitboss.tournament.features.penalties import GivePenalty, RemoveChips
from pitboss.tournament.model.eliminations import RemovalReason

T0 = 1_767_225_600_000


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        self.now += 1_000
        return self.now


def _night(
    store: EventStore, clock: Clock, name: str, entries: dict[str, ClubPlayerId | None]
) -> str:
    """A tournament where the entries register, start, the first gets a penalty and goes out."""
    svc = DirectorService(store, clock=clock, randomness=seeded_random("club"))
    live = svc.create(name, RuleSet.from_preset("tda"))
    for i, (who, club_id) in enumerate(entries.items()):
        live.execute(
            c.RegisterPlayer(player_id=PlayerId(f"p{i}"), name=who, club_player_id=club_id)
        )
    live.execute(c.StartTournament())
    live.execute(GivePenalty(player_id=PlayerId("p0"), reason="soft play"))
    live.execute(RemoveChips(player_id=PlayerId("p0"), reason=RemovalReason("disqualified")))
    return live.stream


def test_records_round_trip_through_the_store(store: EventStore) -> None:
    club = ClubService(store, clock=Clock())
    ann = club.add("Ann Smith", display_name="Annie", membership="M1")
    club.rename(ann.club_player_id, name="Ann Jones")
    club.set_public_profile(ann.club_player_id, True)
    again = ClubService(store).player(ann.club_player_id)
    assert (again.name, again.display_name, again.membership, again.public_profile) == (
        "Ann Jones",
        "Annie",
        "M1",
        True,
    )
    assert store.tournament(PLAYERS_STREAM).name == "The club's players"


def test_a_second_writer_s_records_are_read_before_deciding(store: EventStore) -> None:
    door, office = ClubService(store, clock=Clock()), ClubService(store, clock=Clock())
    assert door.search("ann") == []
    office.add("Ann Smith", membership="7")
    assert [p.name for p in door.search("ann")] == ["Ann Smith"]
    with pytest.raises(ClubError) as refused:  # the door read the office's number 7 first
        door.add("Bob", membership="7")
    assert refused.value.code == "duplicate_membership"


def test_many_records_are_one_batch_and_a_refusal_makes_none(store: EventStore) -> None:
    club = ClubService(store, clock=Clock())
    made = club.add_many([NewPlayer(name=f"Player {i}") for i in range(200)])
    assert len(made) == 200
    assert len(store.commands(PLAYERS_STREAM)) == 1
    with pytest.raises(ClubError):
        club.add_many([NewPlayer(name="Fine"), NewPlayer(name=" ")])
    assert len(club.roster.players) == 200


def test_history_lists_every_night_with_place_penalties_and_survives_rename_and_merge(
    store: EventStore,
) -> None:
    clock = Clock()
    club = ClubService(store, clock=clock)
    ann, dup, bob = (club.add(n) for n in ("Ann Smith", "Ann Smyth", "Bob Brown"))
    first = _night(
        store,
        clock,
        "Week 1",
        {"Ann Smith": ann.club_player_id, "Bob": bob.club_player_id, "Cy": None},
    )
    second = _night(
        store,
        clock,
        "Week 2",
        {"Ann Smyth": dup.club_player_id, "Bob": bob.club_player_id, "Cy": None},
    )
    club.rename(ann.club_player_id, name="Ann Jones")
    club.merge(dup.club_player_id, ann.club_player_id)
    history = club.history(dup.club_player_id)  # the merged-away id finds the survivor
    assert history.player.name == "Ann Jones"
    assert [(n.stream, n.name, n.place, n.penalties) for n in history.nights] == [
        (second, "Week 2", 3, 1),
        (first, "Week 1", 3, 1),
    ]
    assert [n.played_as for n in history.nights] == ["Ann Smyth", "Ann Smith"]
    bob_nights = club.history(bob.club_player_id).nights
    assert [(n.place, n.penalties) for n in bob_nights] == [(None, 0), (None, 0)]  # still in


def test_private_details_are_kept_apart_from_the_log_and_follow_a_merge(
    store: EventStore,
) -> None:
    club = ClubService(store, clock=Clock())
    ann, dup = club.add("Ann Smith"), club.add("Ann S")
    club.set_private_details(dup.club_player_id, {"phone": "555-0199", "age_verified": True})
    club.merge(dup.club_player_id, ann.club_player_id)
    assert club.private_details(ann.club_player_id) == {"phone": "555-0199", "age_verified": True}
    assert store.private(dup.club_player_id) is None
    log = json.dumps([dict(e.data) for e in store.load(PLAYERS_STREAM)])
    log += json.dumps([b.command for b in store.commands(PLAYERS_STREAM)])
    assert "555-0199" not in log
    with pytest.raises(ClubError) as refused:
        club.set_private_details(ann.club_player_id, {"ssn": "123"})
    assert refused.value.code == "bad_private_detail"
    assert "123" not in refused.value.message


def test_a_tournament_may_not_take_a_club_stream_s_id(store: EventStore) -> None:
    svc = DirectorService(store, clock=Clock())
    with pytest.raises(StoreError) as refused:
        svc.create("Sneaky", RuleSet.from_preset("tda"), stream="club-leagues")
    assert refused.value.code == "bad_stream_id"
