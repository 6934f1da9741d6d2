"""Hypothesis (issue 28): standings do not depend on the order the results were stored, and
are the same after a result is undone and done again."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.club.points import PointsBreakdown, PointsRules, TieBreak, event_points
from pitboss.club.points_toml import load_points_preset
from pitboss.club.results import EventResult, Finish
from pitboss.club.standings import Kept, standings
from pitboss.ids import ClubPlayerId

PLAYERS = [ClubPlayerId(f"p{i}") for i in range(8)]
TIE_BREAKS: list[TieBreak] = [
    "most_wins",
    "best_event",
    "countback",
    "most_events",
    "best_place",
    "latest_best_finish",
]


@st.composite
def events(draw: st.DrawFn, number: int) -> EventResult:
    field = draw(st.lists(st.sampled_from(PLAYERS), min_size=1, max_size=8, unique=True))
    places = sorted(
        draw(st.lists(st.integers(1, len(field)), min_size=len(field), max_size=len(field)))
    )
    finishes = tuple(
        Finish(
            player=player,
            name=f"{player} at {number}",
            place=place,
            spend_cents=draw(st.sampled_from([1000, 2000, 4000])),
            knockouts=draw(st.sampled_from([0.0, 0.5, 1.0, 2.0])),
            knockout_hands=draw(st.sampled_from([(), (1,), (2,), (1, 3)])),
        )
        for player, place in zip(field, places, strict=True)
    )
    return EventResult(
        event=f"night-{number}",
        name=f"Night {number}",
        at=draw(st.integers(0, 3)) * 1000,  # nights may start at the same time
        date="2026-01-01",
        entrants=len(field) + draw(st.integers(0, 30)),
        buy_in_cents=draw(st.sampled_from([0, 1000, 2000, 5500])),
        finishes=finishes,
    )


@st.composite
def seasons(draw: st.DrawFn) -> list[EventResult]:
    count = draw(st.integers(1, 6))
    return [draw(events(n)) for n in range(count)]


@st.composite
def points_rules(draw: st.DrawFn) -> PointsRules:
    preset = draw(
        st.sampled_from(["pokerstars", "neau", "nuts", "reverse-finish", "fixed-table", "custom"])
    )
    rules = load_points_preset(preset)
    return dataclasses.replace(
        rules,
        best_of=draw(st.none() | st.integers(1, 4)),
        drop_lowest=draw(st.integers(0, 2)),
        aggregate=draw(st.sampled_from(["total", "average"])),
        min_field=draw(st.integers(0, 12)),
        tie_breaks=tuple(draw(st.permutations(TIE_BREAKS))[: draw(st.integers(0, 6))]),
    )


@settings(max_examples=150, deadline=None)
@given(rules=points_rules(), season=seasons(), data=st.data())
def test_standings_do_not_depend_on_the_order_results_were_stored(
    rules: PointsRules, season: list[EventResult], data: st.DataObject
) -> None:
    shuffled = data.draw(st.permutations(season))
    assert standings(rules, shuffled) == standings(rules, season)


@settings(max_examples=100, deadline=None)
@given(rules=points_rules(), season=seasons(), data=st.data())
def test_undoing_a_result_and_doing_it_again_gives_the_same_standings(
    rules: PointsRules, season: list[EventResult], data: st.DataObject
) -> None:
    before = standings(rules, season)
    undone = data.draw(st.integers(0, len(season) - 1))
    rest = season[:undone] + season[undone + 1 :]
    without = standings(rules, rest)
    assert all(season[undone].event not in (e.event for e in row.events) for row in without.rows)
    assert standings(rules, [*rest, season[undone]]) == before


@settings(max_examples=100, deadline=None)
@given(rules=points_rules(), season=seasons())
def test_ranks_follow_the_points_and_totals_are_the_counted_events(
    rules: PointsRules, season: list[EventResult]
) -> None:
    table = standings(rules, season)
    for above, below in zip(table.rows, table.rows[1:], strict=False):
        assert above.points >= below.points
        assert above.rank <= below.rank
    for row in table.rows:
        assert row.total == sum(e.points for e in row.events if e.counted)
        assert row.events_counted == sum(e.counted for e in row.events)


@settings(max_examples=100, deadline=None)
@given(rules=points_rules(), season=seasons(), data=st.data())
def test_standings_made_again_from_what_was_kept_equal_standings_made_afresh(
    rules: PointsRules, season: list[EventResult], data: st.DataObject
) -> None:
    """A service keeps each season's lines (`Kept`) and each night's points: whatever the
    nights do between two tables (one taken out, one put back, one replaced by a new result
    of itself), the table made from what was kept is the table made from nothing."""
    kept = Kept()
    cache: dict[int, Mapping[ClubPlayerId, PointsBreakdown]] = {}

    def night_points(result: EventResult) -> Mapping[ClubPlayerId, PointsBreakdown]:
        return cache.setdefault(id(result), event_points(rules, result))

    steps = [season]
    undone = data.draw(st.integers(0, len(season) - 1))
    steps.append(season[:undone] + season[undone + 1 :])
    steps.append(season)
    redone = data.draw(st.integers(0, len(season) - 1))
    steps.append([*season[:redone], replace(season[redone]), *season[redone + 1 :]])
    held = list(steps)  # every result stays alive, so no id is used twice
    for results in held:
        again = standings(rules, results, night_points=night_points, kept=kept)
        assert again == standings(rules, results)
