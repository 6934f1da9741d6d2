"""The door's type-ahead (issue 28): any part of a name, display name or membership number
finds a returning player, whatever the case or the accents; word starts first, then the
players seen most recently."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.club.players import EMPTY_ROSTER, Roster, fold, record_entry, record_player
from pitboss.club.search import SearchIndex, normalise, text_of

T0 = 1_767_225_600_000


def _roster(*names: str, display: dict[str, str] | None = None) -> Roster:
    roster = EMPTY_ROSTER
    for i, name in enumerate(names):
        events = record_player(
            roster,
            club_player_id=f"p{i}",
            name=name,
            display_name=(display or {}).get(name, ""),
            membership=f"M{1000 + i}",
            now=T0 + i,
        )
        roster = fold(events, roster)
    return roster


def _found(roster: Roster, query: str, limit: int = 10) -> list[str]:
    return [p.name for p in SearchIndex.build(roster).search(query, limit)]


def test_any_part_of_a_name_finds_the_player() -> None:
    roster = _roster("Ann Kowalski", "Bob Smith")
    assert _found(roster, "owal") == ["Ann Kowalski"]
    assert _found(roster, "kow") == ["Ann Kowalski"]
    assert _found(roster, "SMI") == ["Bob Smith"]


def test_the_display_name_and_the_membership_number_find_the_player() -> None:
    roster = _roster("Alan Brown", "Bob Smith", display={"Alan Brown": "Big Al"})
    assert _found(roster, "big") == ["Alan Brown"]
    assert _found(roster, "m1001") == ["Bob Smith"]


def test_accents_and_punctuation_are_ignored_both_ways() -> None:
    roster = _roster("José Núñez", "Seán O'Brien", "Jürgen Groß")
    assert _found(roster, "jose nunez") == ["José Núñez"]
    assert _found(roster, "NÚÑ") == ["José Núñez"]
    assert _found(roster, "o'bri") == ["Seán O'Brien"]
    assert _found(roster, "gross") == ["Jürgen Groß"]
    assert normalise("O'Brien-Núñez") == "o brien nunez"


def test_several_words_must_each_be_found() -> None:
    roster = _roster("Ann Smith", "Ann Jones", "Bob Smith")
    assert _found(roster, "ann smi") == ["Ann Smith"]
    assert _found(roster, "smi ann") == ["Ann Smith"]


def test_a_word_start_comes_before_a_part_inside_a_word() -> None:
    roster = _roster("Dana Brandon", "Andy Cole")  # Dana is more recent in no way: T0, T0+1
    assert _found(roster, "and") == ["Andy Cole", "Dana Brandon"]


def test_among_equals_the_player_seen_most_recently_comes_first() -> None:
    roster = _roster("Sam Miller", "Sam Mills", "Sam Milne")
    roster = fold(record_entry(roster, club_player_id="p0", stream="fri", now=T0 + 99), roster)
    assert _found(roster, "sam mil") == ["Sam Miller", "Sam Milne", "Sam Mills"]


def test_the_limit_is_kept_and_a_blank_query_finds_nobody() -> None:
    roster = _roster(*(f"Player {i}" for i in range(30)))
    assert len(_found(roster, "play", limit=5)) == 5
    assert _found(roster, "  '- ") == []


def test_a_merged_away_record_is_not_offered() -> None:
    from pitboss.club.players import merge_players

    roster = _roster("Ann Smith", "Ann Smyth")
    roster = fold(merge_players(roster, from_id="p1", into_id="p0", now=T0), roster)
    assert _found(roster, "ann") == ["Ann Smith"]


_NAMES = st.lists(
    st.text(alphabet="abcdeéñ OB'-", min_size=1, max_size=12).filter(lambda s: s.strip(" '-")),
    min_size=1,
    max_size=15,
)


@settings(deadline=None)  # no test depends on the machine's speed
@given(names=_NAMES, data=st.data())
def test_every_part_of_a_name_finds_that_name(names: list[str], data: st.DataObject) -> None:
    """Whatever slice of a player's normalised name is typed, they are among the results
    when the limit is large enough for everyone."""
    roster = _roster(*names)
    index = SearchIndex.build(roster)
    pick = data.draw(st.sampled_from(sorted(index.players, key=lambda p: p.club_player_id)))
    text = normalise(pick.name)
    start = data.draw(st.integers(0, len(text) - 1))
    end = data.draw(st.integers(start + 1, len(text)))
    query = text[start:end]
    found = index.search(query, limit=50)
    if query.strip():
        assert pick in found
    words = normalise(query).split()
    assert all(all(w in text_of(p) for w in words) for p in found)
