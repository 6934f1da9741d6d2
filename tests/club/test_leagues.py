"""Leagues and seasons as events (issue 28): a league keeps its points rules as TOML (a
preset's text copied), a season is dated or a list, an event counts toward zero or more
seasons; every refusal says what was wrong in a person's words and changes nothing."""

from __future__ import annotations

import pytest

from pitboss.club.leagues import (
    EventCounted,
    LeagueCreated,
    Leagues,
    change_league_rules,
    count_event,
    create_league,
    create_season,
    fold,
    slug,
    uncount_event,
)
from pitboss.club.log import decode_club_event
from pitboss.club.points_toml import points_preset_text
from pitboss.errors import ClubError

AT = 1_767_225_600_000


def _league() -> Leagues:
    return fold(
        create_league(fold([]), league_id="fri", name="Friday League", points="pokerstars", at=AT)
    )


def _seasons() -> Leagues:
    leagues = _league()
    leagues = fold(
        create_season(
            leagues,
            league_id="fri",
            season_id="fri-2026",
            name="2026",
            starts="2026-01-01",
            ends="2026-06-30",
            at=AT,
        ),
        leagues,
    )
    return fold(
        create_season(
            leagues, league_id="fri", season_id="cup", name="Cup", events=("t1", "t2"), at=AT
        ),
        leagues,
    )


def _refused(code: str, call: object, *args: object, **kwargs: object) -> ClubError:
    with pytest.raises(ClubError) as err:
        call(*args, **kwargs)  # type: ignore[operator]
    assert err.value.code == code, err.value
    return err.value


def test_a_league_made_from_a_preset_keeps_the_presets_text_and_reads_back() -> None:
    events = create_league(
        fold([]), league_id="fri", name="  Friday   League ", points="nuts", at=AT
    )
    (event,) = events
    assert isinstance(event, LeagueCreated)
    assert event.name == "Friday League"
    assert (event.points_toml, event.preset) == (points_preset_text("nuts"), "nuts")
    assert decode_club_event(event.type, event.to_dict()["data"]) == event
    league = fold(events).leagues["fri"]  # type: ignore[index]
    assert league.rules().place.kind == "pool"


def test_a_league_of_its_own_toml_rules_and_a_change_of_rules() -> None:
    toml = points_preset_text("reverse-finish")
    leagues = fold(create_league(fold([]), league_id="pub", name="Pub", points=toml, at=AT))
    assert leagues.leagues["pub"].preset == ""  # type: ignore[index]
    changed = fold(change_league_rules(leagues, league_id="pub", points="neau", at=AT), leagues)
    assert changed.leagues["pub"].preset == "neau"  # type: ignore[index]
    _refused(
        "same_points_rules", change_league_rules, changed, league_id="pub", points="neau", at=AT
    )


def test_a_dated_season_counts_the_events_on_its_days_and_those_added_by_hand() -> None:
    season = _seasons().seasons["fri-2026"]  # type: ignore[index]
    assert season.counts("t1", "2026-01-01")
    assert season.counts("t1", "2026-06-30")  # both days included
    assert not season.counts("t1", "2026-07-01")
    leagues = _seasons()
    leagues = fold(
        count_event(
            leagues,
            season_id="fri-2026",
            event="t9",
            event_name="Summer special",
            date="2026-07-04",
            at=AT,
        ),
        leagues,
    )
    leagues = fold(
        uncount_event(
            leagues,
            season_id="fri-2026",
            event="t3",
            event_name="Charity night",
            date="2026-02-02",
            at=AT,
        ),
        leagues,
    )
    season = leagues.seasons["fri-2026"]  # type: ignore[index]
    assert season.counts("t9", "2026-07-04")
    assert not season.counts("t3", "2026-02-02")


def test_a_listed_season_counts_its_events_whatever_their_date() -> None:
    leagues = _seasons()
    cup = leagues.seasons["cup"]  # type: ignore[index]
    assert cup.counts("t1", "1999-01-01")
    assert not cup.counts("t3", "2026-01-01")
    leagues = fold(
        uncount_event(leagues, season_id="cup", event="t1", event_name="Night 1", date=None, at=AT),
        leagues,
    )
    assert not leagues.seasons["cup"].counts("t1", None)  # type: ignore[index]
    assert leagues.leagues["fri"].seasons == ("fri-2026", "cup")  # type: ignore[index]


def test_one_event_counts_toward_several_seasons() -> None:
    leagues = _seasons()
    leagues = fold(
        [EventCounted(at=AT, season_id="fri-2026", event="t1")],  # type: ignore[arg-type]
        leagues,
    )
    assert all(s.counts("t1", "2026-03-01") for s in leagues.seasons.values())


def test_a_season_ending_before_it_starts_is_refused_with_both_days() -> None:
    err = _refused(
        "season_ends_before_start",
        create_season,
        _league(),
        league_id="fri",
        season_id="s",
        name="Spring",
        starts="2026-04-01",
        ends="2026-03-01",
        at=AT,
    )
    assert "Spring" in err.message
    assert "2026-03-01" in err.message


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"league_id": "nope"}, "unknown_league"),
        ({"season_id": "Bad Id"}, "bad_season_id"),
        ({"name": "   "}, "blank_name"),
        ({"starts": "2026-13-01"}, "bad_date"),
        ({"ends": None}, "season_dates_or_events"),
        ({"events": ("t1",)}, "season_dates_or_events"),
        ({"starts": None, "ends": None}, "season_dates_or_events"),
    ],
)
def test_a_season_that_does_not_fit_is_refused(kwargs: dict[str, object], code: str) -> None:
    given: dict[str, object] = {
        "league_id": "fri",
        "season_id": "spring",
        "name": "Spring",
        "starts": "2026-03-01",
        "ends": "2026-05-31",
        "at": AT,
    }
    _refused(code, create_season, _league(), **{**given, **kwargs})


def test_a_season_name_is_taken_within_its_league() -> None:
    _refused(
        "season_name_taken",
        create_season,
        _seasons(),
        league_id="fri",
        season_id="x",
        name="cup",
        events=("t",),
        at=AT,
    )
    _refused(
        "season_exists",
        create_season,
        _seasons(),
        league_id="fri",
        season_id="cup",
        name="Other",
        events=("t",),
        at=AT,
    )


def test_a_league_name_or_id_taken_and_unknown_points_are_refused() -> None:
    leagues = _league()
    err = _refused(
        "league_name_taken",
        create_league,
        leagues,
        league_id="fri2",
        name="FRIDAY league",
        points="neau",
        at=AT,
    )
    assert "Friday League" in err.message or "FRIDAY league" in err.message
    _refused(
        "league_exists", create_league, leagues, league_id="fri", name="Other", points="neau", at=AT
    )
    err = _refused(
        "unknown_points_preset",
        create_league,
        leagues,
        league_id="x",
        name="X",
        points="pokerstar",
        at=AT,
    )
    assert "pokerstars" in err.message  # the presets are listed
    _refused(
        "bad_points_toml", create_league, leagues, league_id="x", name="X", points="name = [", at=AT
    )
    _refused("bad_league_id", create_league, leagues, league_id="", name="X", points="neau", at=AT)


def test_counting_twice_or_uncounting_what_does_not_count_is_refused_by_name() -> None:
    leagues = _seasons()
    err = _refused(
        "event_already_counted",
        count_event,
        leagues,
        season_id="cup",
        event="t1",
        event_name="Night 1",
        date=None,
        at=AT,
    )
    assert err.message == "Night 1 already counts toward Cup"
    _refused(
        "event_not_counted",
        uncount_event,
        leagues,
        season_id="cup",
        event="t3",
        event_name="Night 3",
        date=None,
        at=AT,
    )
    _refused(
        "unknown_season",
        count_event,
        leagues,
        season_id="nope",
        event="t3",
        event_name="Night 3",
        date=None,
        at=AT,
    )


def test_an_id_is_made_from_a_name() -> None:
    assert slug("Friday League 2026!") == "friday-league-2026"
    assert slug("Café Été") == "cafe-ete"
    assert slug("!!!") == "x"
