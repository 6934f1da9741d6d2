"""The club's player records (issue 28): a record made, renamed and merged keeps the person's
history (linked by id, `canonical` follows merges), and every bad field is refused by name."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest

from pitboss.club.log import decode_club_event
from pitboss.club.players import (
    EMPTY_ROSTER,
    NAME_MAX,
    NewRecord,
    Roster,
    canonical,
    fold,
    merge_players,
    merged_into,
    player_of,
    record_entry,
    record_player,
    record_players,
    rename_player,
    set_membership,
    set_public_profile,
)
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId

T0 = 1_767_225_600_000


def _roster(*people: tuple[str, str, str | None]) -> Roster:
    roster = EMPTY_ROSTER
    for pid, name, membership in people:
        roster = fold(
            record_player(roster, club_player_id=pid, name=name, membership=membership, now=T0),
            roster,
        )
    return roster


@contextlib.contextmanager
def _refused(code: str) -> Iterator[pytest.ExceptionInfo[ClubError]]:
    with pytest.raises(ClubError) as caught:
        yield caught
    assert caught.value.code == code, caught.value


def test_a_record_keeps_the_name_tidied_and_its_membership_number() -> None:
    roster = _roster(("ann", "  Ann   Smith ", "M-17"))
    ann = player_of(roster, "ann")
    assert (ann.name, ann.membership, ann.shown_name) == ("Ann Smith", "M-17", "Ann Smith")
    assert roster.memberships == {"m-17": "ann"}


def test_every_event_reads_back_from_its_stored_form() -> None:
    events = record_player(EMPTY_ROSTER, club_player_id="ann", name="Ann", now=T0)
    events += merge_players(
        _roster(("ann", "Ann", None), ("a2", "Ann S", None)), from_id="a2", into_id="ann", now=T0
    )
    for event in events:
        stored = event.to_dict()
        assert decode_club_event(stored["type"], stored["data"]) == event


def test_a_rename_keeps_the_id_so_every_night_stays_theirs() -> None:
    roster = _roster(("ann", "Ann Smith", None))
    roster = fold(
        rename_player(roster, club_player_id="ann", name="Ann Jones", display_name="AJ", now=T0),
        roster,
    )
    ann = player_of(roster, "ann")
    assert (ann.club_player_id, ann.name, ann.shown_name) == ("ann", "Ann Jones", "AJ")
    assert rename_player(roster, club_player_id="ann", name="Ann Jones", now=T0) == []


def test_a_merge_sends_the_old_id_to_the_survivor_and_the_history_follows() -> None:
    roster = _roster(("ann", "Ann Smith", None), ("a2", "Ann Smyth", "42"), ("a3", "A S", None))
    roster = fold(merge_players(roster, from_id="a2", into_id="ann", now=T0), roster)
    roster = fold(merge_players(roster, from_id="ann", into_id="a3", now=T0), roster)
    assert canonical(roster, ClubPlayerId("a2")) == "a3"
    assert canonical(roster, ClubPlayerId("ann")) == "a3"
    assert set(merged_into(roster, ClubPlayerId("a3"))) == {"a3", "ann", "a2"}
    survivor = player_of(roster, "a2")  # a merged-away id still finds the person
    assert survivor.club_player_id == "a3"
    assert survivor.membership == "42"  # the survivor had none: it takes the merged one's
    assert set(survivor.merged_from) == {"ann", "a2"}
    assert set(roster.players) == {"a3"}


def test_an_entry_makes_the_player_the_most_recently_seen() -> None:
    roster = _roster(("ann", "Ann", None))
    roster = fold(record_entry(roster, club_player_id="ann", stream="fri", now=T0 + 5), roster)
    assert player_of(roster, "ann").last_seen == T0 + 5


def test_a_public_profile_is_opted_in_and_out() -> None:
    roster = _roster(("ann", "Ann", None))
    roster = fold(set_public_profile(roster, club_player_id="ann", public=True, now=T0), roster)
    assert player_of(roster, "ann").public_profile
    assert set_public_profile(roster, club_player_id="ann", public=True, now=T0) == []


def test_a_membership_number_moves_and_frees_the_old_one() -> None:
    roster = _roster(("ann", "Ann", "7"), ("bob", "Bob", None))
    roster = fold(set_membership(roster, club_player_id="ann", membership="8", now=T0), roster)
    roster = fold(set_membership(roster, club_player_id="bob", membership="7", now=T0), roster)
    assert roster.memberships == {"8": "ann", "7": "bob"}


@pytest.mark.parametrize(
    ("name", "code"),
    [("   ", "blank_name"), ("x" * (NAME_MAX + 1), "name_too_long"), ("Ann\x07", "bad_name")],
)
def test_a_bad_name_is_refused(name: str, code: str) -> None:
    with _refused(code):
        record_player(EMPTY_ROSTER, club_player_id="ann", name=name, now=T0)


def test_merging_a_record_into_itself_is_refused_by_name() -> None:
    roster = _roster(("ann", "Ann Smith", None))
    with _refused("merge_into_itself") as caught:
        merge_players(roster, from_id="ann", into_id="ann", now=T0)
    assert "Ann Smith" in str(caught.value)


def test_merging_a_record_merged_away_already_names_where_it_went() -> None:
    roster = _roster(("ann", "Ann Smith", None), ("a2", "Ann S", None))
    roster = fold(merge_players(roster, from_id="a2", into_id="ann", now=T0), roster)
    with _refused("already_merged") as caught:
        merge_players(roster, from_id="a2", into_id="ann", now=T0)
    assert "Ann Smith" in str(caught.value)


def test_an_unknown_player_is_refused() -> None:
    with _refused("unknown_club_player"):
        rename_player(EMPTY_ROSTER, club_player_id="nobody", name="X", now=T0)
    with _refused("unknown_club_player"):
        merge_players(_roster(("ann", "Ann", None)), from_id="ann", into_id="zed", now=T0)


def test_a_duplicate_membership_number_names_its_holder() -> None:
    roster = _roster(("ann", "Ann Smith", "M-17"))
    with _refused("duplicate_membership") as caught:
        record_player(roster, club_player_id="bob", name="Bob", membership="m-17", now=T0)
    assert "Ann Smith" in str(caught.value)
    assert "Bob" in str(caught.value)


def test_a_batch_may_not_give_one_number_twice_or_reuse_an_id() -> None:
    with _refused("duplicate_membership"):
        record_players(
            EMPTY_ROSTER,
            [
                NewRecord(club_player_id="a", name="A", membership="1"),
                NewRecord(club_player_id="b", name="B", membership="1"),
            ],
            now=T0,
        )
    with _refused("club_player_exists"):
        record_players(
            EMPTY_ROSTER,
            [NewRecord(club_player_id="a", name="A"), NewRecord(club_player_id="a", name="B")],
            now=T0,
        )


@pytest.mark.parametrize("bad", ["Has Space", "", "x" * 41, "UPPER"])
def test_a_bad_id_is_refused(bad: str) -> None:
    with _refused("bad_club_player_id"):
        record_player(EMPTY_ROSTER, club_player_id=bad, name="Ann", now=T0)


def test_a_bad_membership_number_is_refused() -> None:
    with _refused("bad_membership"):
        record_player(EMPTY_ROSTER, club_player_id="a", name="Ann", membership="#1 !", now=T0)
