"""A season's standings from the nights stored (issue 28), on SQLite and PostgreSQL: computed
from each tournament's log as it is now, so an undone bust changes them; identical when read
again by a new process (a replay); the leagues' stream made on first use."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from tests.club.nights import MIN, bust, club_rules, played_night, register

from pitboss.club.log import LEAGUES_STREAM
from pitboss.club.points import PointsBreakdown, PointsRules
from pitboss.club.results import EventResult
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.service import league as league_service
from pitboss.service.league import LeagueService
from pitboss.store import EventStore
from pitboss.tournament import commands as c
from pitboss.tournament.state import TournamentState

T0 = 1_767_225_600_000  # 2026-01-01 00:00 UTC
DAY = 24 * 60 * MIN


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


def _night_one(svc: DirectorService, clock: FakeClock) -> LiveTournament:
    clock.now = T0
    live = svc.create("Friday #1", club_rules())
    played_night(live.execute, lambda: live.state, T0)
    return live


def _night_two(svc: DirectorService, clock: FakeClock) -> LiveTournament:
    """Ann, Bo and Di a week later: Bo knocks out Di, then Ann (after the re-buys close)."""
    start = T0 + 7 * DAY
    clock.now = start
    live = svc.create("Friday #2", club_rules())
    register(live.execute, {"ann": "c-ann", "bo": "c-bo", "di": "c-di"})
    live.execute(c.StartTournament(), at=start)
    bust(live.execute, "di", "bo")
    bust(live.execute, "ann", "bo", at=start + 125 * MIN)
    return live


def _season(store: EventStore, clock: FakeClock) -> tuple[LeagueService, list[LiveTournament]]:
    svc = DirectorService(store, clock=clock, randomness=seeded_random("league"))
    nights = [_night_one(svc, clock), _night_two(svc, clock)]
    leagues = LeagueService(store, clock=clock)
    leagues.create_league("Friday League", "reverse-finish")
    leagues.create_season("friday-league", "January", starts="2026-01-01", ends="2026-01-31")
    return leagues, nights


def _table(
    leagues: LeagueService, season: str = "friday-league-january"
) -> list[tuple[int, str, int]]:
    return [(r.rank, r.name, r.points) for r in leagues.standings(season).standings.rows]


def test_a_dated_season_is_scored_from_the_stored_nights(store: EventStore) -> None:
    clock = FakeClock()
    leagues, _ = _season(store, clock)
    # reverse finish and a point for playing: night 1 (6 entries) Ann 6, Di 5, Cy 4, Bo 2;
    # night 2 (3 entries) Bo 3, Ann 2, Di 1
    assert _table(leagues) == [(1, "Ann", 800), (2, "Di", 600), (3, "Bo", 500), (4, "Cy", 400)]
    assert [r.name for r in leagues.season_events("friday-league-january")] == [
        "Friday #1",
        "Friday #2",
    ]
    assert store.head(LEAGUES_STREAM) == 2  # made on first use: the league, the season


def test_an_undone_bust_puts_the_night_back_in_play_scored_as_it_stands(
    store: EventStore,
) -> None:
    """Night 2 in play again: Ann and Bo, both still in, are each sure of 2nd of 3 (one point
    for outlasting Di and one for playing); Di's 3rd stands."""
    clock = FakeClock()
    leagues, nights = _season(store, clock)
    nights[1].undo()  # Ann's bust: night 2 is in play again
    # Bo and Cy level on 4 points: Bo ahead by the preset's tie-break, his best place (2nd)
    assert _table(leagues) == [(1, "Ann", 800), (2, "Di", 600), (3, "Bo", 400), (4, "Cy", 400)]
    night = leagues.standings("friday-league-january").events[1]
    assert (night.finished, night.in_play) == (False, True)
    nights[1].redo()
    assert _table(leagues)[0] == (1, "Ann", 800)


def test_the_standings_read_again_by_a_new_process_are_identical(store: EventStore) -> None:
    clock = FakeClock()
    leagues, _ = _season(store, clock)
    first = leagues.standings("friday-league-january")
    again = LeagueService(store, clock=clock).standings("friday-league-january")
    assert again.standings == first.standings
    assert again.results == first.results


def test_a_listed_season_counts_what_is_added_and_leaves_out_what_is_taken_out(
    store: EventStore,
) -> None:
    clock = FakeClock()
    leagues, nights = _season(store, clock)
    cup = leagues.create_season("friday-league", "Cup", events=[nights[1].stream])
    assert _table(leagues, cup.season_id) == [(1, "Bo", 300), (2, "Ann", 200), (3, "Di", 100)]
    leagues.count(cup.season_id, nights[0].stream)
    assert _table(leagues, cup.season_id)[0] == (1, "Ann", 800)
    leagues.uncount("friday-league-january", nights[1].stream)
    assert _table(leagues)[0] == (1, "Ann", 600)
    with pytest.raises(ClubError) as err:
        leagues.uncount("friday-league-january", nights[1].stream)
    assert err.value.code == "event_not_counted"
    assert "Friday #2" in err.value.message


def test_an_unknown_tournament_is_refused_and_nothing_is_written(store: EventStore) -> None:
    clock = FakeClock()
    leagues, _ = _season(store, clock)
    head = store.head(LEAGUES_STREAM)
    for event in ("nope", LEAGUES_STREAM):
        with pytest.raises(ClubError) as err:
            leagues.count("friday-league-january", event)
        assert err.value.code == "unknown_event"
    assert store.head(LEAGUES_STREAM) == head


def test_a_merged_record_scores_as_the_person_it_was_merged_into(store: EventStore) -> None:
    clock = FakeClock()
    _season(store, clock)
    merged = {ClubPlayerId("c-di"): ClubPlayerId("c-ann")}
    leagues = LeagueService(store, clock=clock, canonical=lambda p: merged.get(p, p))
    rows = leagues.standings("friday-league-january").standings.rows
    # one person with Ann's and Di's nights: night 1 best place 1st (6), night 2 2nd (2)
    assert next((r.name, r.points, r.events_played) for r in rows) == ("Ann", 800, 2)


def test_another_writer_is_read_before_deciding(store: EventStore) -> None:
    clock = FakeClock()
    one = LeagueService(store, clock=clock)
    two = LeagueService(store, clock=clock)
    one.create_league("Friday League", "neau")
    assert two.leagues.leagues  # read
    with pytest.raises(ClubError) as err:
        two.create_league("friday league", "neau", league_id="other")
    assert err.value.code == "league_name_taken"
    one.create_season("friday-league", "Spring", starts="2026-03-01", ends="2026-05-31")
    two.create_season("friday-league", "Summer", starts="2026-06-01", ends="2026-08-31")
    assert len(one.leagues.seasons) == 2


def test_standings_asked_again_with_nothing_changed_are_not_read_or_scored_again(
    store: EventStore,
) -> None:
    """A page served again is the same table, the tournaments not read again; a bust in a
    night in play, a rules change and a merge each score the season again."""
    clock = FakeClock()
    _, nights = _season(store, clock)
    svc = DirectorService(store, clock=clock)
    reads: list[str] = []

    def read(stream: str) -> tuple[TournamentState, int]:
        reads.append(stream)
        return svc.open(stream).current()

    merged: dict[ClubPlayerId, ClubPlayerId] = {}
    leagues = LeagueService(
        store, clock=clock, state_of=read, merges=lambda: (len(merged), lambda p: merged.get(p, p))
    )
    season = "friday-league-january"
    nights[1].undo()  # Ann's bust: night 2 in play, Ann and Bo still in
    first = leagues.standings(season)
    assert sorted(reads) == sorted(n.stream for n in nights)
    reads.clear()
    assert leagues.standings(season) is first
    assert reads == []

    bust(nights[1].execute, "ann", "bo", at=T0 + 7 * DAY + 125 * MIN)  # Ann out again, 2nd
    after_bust = leagues.standings(season)
    assert after_bust is not first
    assert reads == [nights[1].stream]  # only the night that moved is read again
    assert _table(leagues)[0] == (1, "Ann", 800)

    leagues.change_rules("friday-league", "fixed-table")
    assert leagues.standings(season) is not after_bust
    assert leagues.standings(season).league.preset == "fixed-table"

    scored = leagues.standings(season)
    merged[ClubPlayerId("c-di")] = ClubPlayerId("c-ann")
    rows = leagues.standings(season).standings.rows
    assert leagues.standings(season) is not scored
    assert "Di" not in {r.name for r in rows}


def test_a_bust_scores_again_only_the_night_it_happened_in(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each night's points are kept by its log's head: after a bust the season's table is
    ranked again from the other nights' points as they were, the changed night alone scored."""
    clock = FakeClock()
    leagues, nights = _season(store, clock)
    scored: list[str] = []
    real = league_service.event_points

    def counted(rules: PointsRules, result: EventResult) -> Mapping[ClubPlayerId, PointsBreakdown]:
        scored.append(result.event)
        return real(rules, result)

    monkeypatch.setattr(league_service, "event_points", counted)
    season = "friday-league-january"
    nights[1].undo()  # night 2 in play again
    leagues.standings(season)
    assert sorted(scored) == sorted(n.stream for n in nights)
    scored.clear()
    bust(nights[1].execute, "ann", "bo", at=T0 + 7 * DAY + 125 * MIN)
    assert _table(leagues)[0] == (1, "Ann", 800)
    assert scored == [nights[1].stream]
