"""A season's standings and results as files and JSON (issue 28): what the league pages, a
spreadsheet and a pub league's results upload read.

Public: names, places and points only (and the plain counts a league table shows: events,
wins, knockouts); no money, no private detail (THC 1). Points are shown as a person reads
them (``163.09``) and given in integer hundredths beside, so a page never does arithmetic on
text. Pure: the service passes the season in.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from pitboss.club.leagues import League, Season
from pitboss.club.points import show_points
from pitboss.club.results import EventResult
from pitboss.club.standings import Standings


def _points(value: int) -> str:
    """Points as text without a thousands separator (a CSV cell, a JSON string)."""
    return show_points(value).replace(",", "")


def _league(league: League) -> dict[str, Any]:
    return {"id": league.league_id, "name": league.name, "rules": league.preset or "custom"}


def _season(season: Season) -> dict[str, Any]:
    return {
        "id": season.season_id,
        "name": season.name,
        "starts": season.starts,
        "ends": season.ends,
    }


def _event_line(result: EventResult, scored: set[str]) -> dict[str, Any]:
    return {
        "event": result.event,
        "name": result.name,
        "date": result.date,
        "entrants": result.entrants,
        "finished": result.finished,
        "scored": result.event in scored,
    }


def standings_json(
    league: League, season: Season, table: Standings, events: Sequence[EventResult]
) -> dict[str, Any]:
    """The season's table: each row's rank, name, points (text and hundredths), events
    played and counted, wins, best place and points in each event it played."""
    scored = set(table.events)
    return {
        "league": _league(league),
        "season": _season(season),
        "events": [_event_line(r, scored) for r in events],
        "rows": [
            {
                "rank": row.rank,
                "player": row.player,
                "name": row.name,
                "points": _points(row.points),
                "hundredths": row.points,
                "events_played": row.events_played,
                "events_counted": row.events_counted,
                "wins": row.wins,
                "best_place": row.best_place,
                "events": [
                    {
                        "event": e.event,
                        "name": e.event_name,
                        "date": e.date,
                        "place": e.place,
                        "points": _points(e.points),
                        "hundredths": e.points,
                        "counted": e.counted,
                    }
                    for e in row.events
                ],
            }
            for row in table.rows
        ],
    }


def _points_by_event(table: Standings) -> dict[tuple[str, str], int]:
    return {(e.event, row.player): e.points for row in table.rows for e in row.events}


def results_json(
    league: League, season: Season, table: Standings, events: Sequence[EventResult]
) -> dict[str, Any]:
    """The season's events, each with its results: place, name, points, knockouts (a night
    not finished lists its places so far and scores nothing yet)."""
    points = _points_by_event(table)
    scored = set(table.events)
    return {
        "league": _league(league),
        "season": _season(season),
        "events": [
            {
                **_event_line(result, scored),
                "results": [
                    {
                        "place": f.place,
                        "player": f.player,
                        "name": f.name,
                        "points": _points(points.get((result.event, f.player), 0)),
                        "hundredths": points.get((result.event, f.player), 0),
                        "knockouts": round(f.knockouts, 2),
                    }
                    for f in result.finishes
                ],
            }
            for result in events
        ],
    }


def _csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def standings_csv(table: Standings) -> str:
    """The table as CSV: one row per person, best first."""
    return _csv(
        ("Rank", "Name", "Points", "Events played", "Events counted", "Wins", "Best place"),
        (
            (
                r.rank,
                r.name,
                _points(r.points),
                r.events_played,
                r.events_counted,
                r.wins,
                "" if r.best_place is None else r.best_place,
            )
            for r in table.rows
        ),
    )


def results_csv(table: Standings, events: Sequence[EventResult]) -> str:
    """Every event's results as CSV: one row per person per event, in the order played."""
    points = _points_by_event(table)
    return _csv(
        ("Event", "Date", "Entrants", "Place", "Name", "Points", "Knockouts"),
        (
            (
                r.name,
                r.date,
                r.entrants,
                f.place,
                f.name,
                _points(points.get((r.event, f.player), 0)),
                f"{f.knockouts:g}",
            )
            for r in events
            if r.finished
            for f in r.finishes
        ),
    )


def pub_league_csv(table: Standings, events: Sequence[EventResult]) -> str:
    """The results file a pub league takes: one row per player per event with the event,
    its date, the player, their place and their points."""
    points = _points_by_event(table)
    return _csv(
        ("Event", "Date", "Player", "Place", "Points"),
        (
            (r.name, r.date, f.name, f.place, _points(points.get((r.event, f.player), 0)))
            for r in events
            if r.finished
            for f in r.finishes
        ),
    )


__all__ = ["pub_league_csv", "results_csv", "results_json", "standings_csv", "standings_json"]
