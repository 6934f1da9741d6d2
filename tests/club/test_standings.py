"""A season's standings (issue 28): best N, drop the lowest, totals or averages, the minimum
field, the tie-break list, shared ranks, names from the latest event."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.club.points import PlaceRules, PointsRules, TieBreak
from pitboss.club.points_toml import load_points_preset
from pitboss.club.results import EventResult, Finish, SideGameFinish
from pitboss.club.standings import Standings, standings
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId

TABLE = PlaceRules(kind="fixed_table", table=(10.0, 6.0, 3.0))
"""10, 6 and 3 points for places 1 to 3, nothing after."""


def _rules(**settings: object) -> PointsRules:
    return PointsRules(name="test", title="test", place=TABLE, **settings)


def _night(number: int, *order: str, entrants: int | None = None) -> EventResult:
    """Night ``number``: the players named in ``order`` finish 1st, 2nd ..."""
    return EventResult(
        event=f"night-{number}",
        name=f"Night {number}",
        at=number * 1_000,
        date=f"2026-01-{number:02d}",
        entrants=len(order) if entrants is None else entrants,
        buy_in_cents=2000,
        finishes=tuple(
            Finish(player=ClubPlayerId(who), name=who.title(), place=k)
            for k, who in enumerate(order, start=1)
        ),
    )


def _table(table: Standings) -> list[tuple[int, str, int]]:
    return [(row.rank, str(row.player), row.points) for row in table.rows]


def test_points_add_up_over_the_season_best_first() -> None:
    table = standings(_rules(), [_night(1, "ann", "bob", "cat"), _night(2, "bob", "ann", "cat")])
    assert _table(table) == [(1, "ann", 1600), (1, "bob", 1600), (3, "cat", 600)]


def test_best_of_counts_only_the_best_n_and_flags_the_rest() -> None:
    nights = [_night(1, "ann", "bob"), _night(2, "bob", "ann"), _night(3, "bob", "cat", "ann")]
    table = standings(_rules(best_of=2), nights)
    ann = next(r for r in table.rows if r.player == "ann")
    assert (ann.total, ann.events_played, ann.events_counted) == (1600, 3, 2)
    assert [(e.event, e.counted) for e in ann.events] == [
        ("night-1", True),
        ("night-2", True),
        ("night-3", False),
    ]


def test_drop_lowest_drops_a_missed_night_first() -> None:
    """Three nights, drop 1: bob played all three and drops his worst; cat missed one, which is
    her dropped zero, so both her nights count."""
    nights = [
        _night(1, "bob", "cat", "ann"),
        _night(2, "ann", "bob", "dan"),
        _night(3, "cat", "bob", "ann"),
    ]
    table = standings(_rules(drop_lowest=1), nights)
    by = {str(r.player): r for r in table.rows}
    assert (by["bob"].total, by["bob"].events_counted) == (1600, 2)
    assert (by["cat"].total, by["cat"].events_counted) == (1600, 2)
    assert (by["ann"].total, by["ann"].events_counted) == (1300, 2)


def test_average_is_the_mean_of_counted_events_rounded_half_up() -> None:
    nights = [_night(1, "ann", "bob"), _night(2, "bob", "cat", "ann"), _night(3, "cat", "bob")]
    table = standings(_rules(aggregate="average"), nights)
    by = {str(r.player): r for r in table.rows}
    assert (by["ann"].total, by["ann"].points) == (1300, 650)
    assert (by["bob"].total, by["bob"].points) == (2200, 733)  # 22 / 3 = 7.333
    assert by["cat"].points == 800  # (6 + 10) / 2
    assert [str(r.player) for r in table.rows] == ["cat", "bob", "ann"]


def test_average_rounds_half_up() -> None:
    rules = dataclasses.replace(
        _rules(aggregate="average"), place=PlaceRules(kind="fixed_table", table=(0.01, 0.0))
    )
    table = standings(rules, [_night(1, "ann", "bob"), _night(2, "bob", "ann")])
    assert {str(r.player): r.points for r in table.rows} == {"ann": 1, "bob": 1}  # 0.005 -> 0.01


def test_an_event_under_the_minimum_field_counts_for_no_one() -> None:
    nights = [_night(1, "ann", "bob", "cat"), _night(2, "bob", "ann")]
    table = standings(_rules(min_field=3), nights)
    assert table.events == ("night-1",)
    assert table.skipped == ("night-2",)
    assert _table(table) == [(1, "ann", 1000), (2, "bob", 600), (3, "cat", 300)]


@pytest.mark.parametrize(
    ("tie_breaks", "first"),
    [
        (("most_wins",), "ann"),  # ann won once, bob never
        (("most_events",), "bob"),  # bob played three nights, ann two
        (("best_place",), "ann"),
        (("best_event",), "ann"),  # ann's best night is 10, bob's 6
    ],
)
def test_a_tie_on_points_is_broken_by_the_rules_list(
    tie_breaks: tuple[TieBreak, ...], first: str
) -> None:
    """Both score 10: ann won one night; bob was 2nd, 3rd and 4th."""
    nights = [
        _night(1, "ann", "cat", "dan"),
        _night(2, "cat", "bob", "dan"),
        _night(3, "cat", "dan", "bob"),
        _night(4, "cat", "dan", "eve", "bob"),
    ]
    rules = dataclasses.replace(
        _rules(tie_breaks=tie_breaks),
        place=PlaceRules(kind="fixed_table", table=(10.0, 6.0, 3.0, 1.0)),
    )
    tied = [r for r in standings(rules, nights).rows if str(r.player) in ("ann", "bob")]
    assert tied[0].total == tied[1].total == 1000
    assert str(tied[0].player) == first
    assert tied[0].rank < tied[1].rank


def test_countback_compares_the_best_night_then_the_next() -> None:
    """Both score 16: ann 10 + 6, bob 10 + 3 + 3; ann's second best (6) beats bob's (3)."""
    nights = [
        _night(1, "ann", "cat", "bob"),
        _night(2, "bob", "ann", "cat"),
        _night(3, "cat", "dan", "bob"),
    ]
    table = standings(_rules(tie_breaks=("countback",)), nights)
    by = {str(r.player): r for r in table.rows}
    assert by["ann"].total == by["bob"].total == 1600
    assert by["ann"].rank < by["bob"].rank


def test_latest_best_finish_ranks_the_more_recent_best_first() -> None:
    nights = [_night(1, "ann", "bob"), _night(2, "bob", "ann")]
    table = standings(_rules(tie_breaks=("latest_best_finish",)), nights)
    assert [(r.rank, str(r.player)) for r in table.rows] == [(1, "bob"), (2, "ann")]


def test_players_equal_on_everything_share_a_rank_and_the_next_rank_skips() -> None:
    nights = [_night(1, "ann", "bob", "cat"), _night(2, "bob", "ann", "cat")]
    table = standings(_rules(tie_breaks=("most_wins", "best_event", "most_events")), nights)
    assert [(r.rank, str(r.player)) for r in table.rows] == [(1, "ann"), (1, "bob"), (3, "cat")]


def test_the_name_shown_is_the_one_from_the_latest_event() -> None:
    first = _night(1, "ann", "bob")
    renamed = dataclasses.replace(
        _night(2, "ann", "bob"),
        finishes=(
            Finish(player=ClubPlayerId("ann"), name="Ann Smith", place=1),
            Finish(player=ClubPlayerId("bob"), name="Bob", place=2),
        ),
    )
    table = standings(_rules(), [renamed, first])
    assert table.rows[0].name == "Ann Smith"


def test_wins_best_place_and_events_are_reported() -> None:
    table = standings(_rules(), [_night(1, "ann", "bob"), _night(2, "bob", "cat", "ann")])
    ann = next(r for r in table.rows if r.player == "ann")
    assert (ann.wins, ann.best_place, ann.events_played) == (1, 1, 2)
    assert [e.place for e in ann.events] == [1, 3]


def test_side_game_points_count_into_the_season_slpt_29() -> None:
    rules = dataclasses.replace(load_points_preset("custom"), top_fraction=None, best_of=None)
    night = dataclasses.replace(
        _night(1, "ann", "bob"),
        side_games=(
            SideGameFinish(side_game="A", player=ClubPlayerId("sid"), name="Sid", won=True),
            SideGameFinish(
                side_game="A", player=ClubPlayerId("bob"), name="Bob", won=False, forfeited=True
            ),
        ),
    )
    table = standings(rules, [night])
    sid = next(r for r in table.rows if r.player == "sid")
    assert (sid.points, sid.best_place, sid.events_played) == (1100, None, 1)


def test_an_event_given_twice_is_refused() -> None:
    with pytest.raises(ClubError) as caught:
        standings(_rules(), [_night(1, "ann"), _night(1, "ann")])
    assert caught.value.code == "duplicate_event"
    assert "Night 1" in caught.value.message


def test_no_events_no_rows() -> None:
    assert standings(_rules(), []).rows == ()
