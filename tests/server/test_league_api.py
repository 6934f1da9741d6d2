"""The leagues over HTTP (issue 28): the director makes a league and a season and counts a
night; anyone reads the standings, the season's results and the exports, with names and
points only; a refusal is a JSON error with its code; an undone bust changes the table."""

from __future__ import annotations

import csv
import io
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import START, Director

from pitboss.club.results import club_date

LEAGUE = "/api/leagues/tuesday"
SEASON = f"{LEAGUE}/seasons/winter"


def _night(director: Director, name: str = "Tuesday #1") -> str:
    """Ann, Bo and Cy (returning players, found by their club records) and a walk-in, Di, who
    gets a record at the door: Di and Cy go out to Bo, Bo to Ann."""
    stream = director.create(name, "tda")
    for pid in ("ann", "bo", "cy", "di"):
        club = None
        if pid != "di":
            made = director.post("/api/club/players", json={"name": pid.title()})
            assert made.status_code == 201, made.text
            club = made.json()["id"]
        director.command(
            stream,
            {
                "type": "register_player",
                "player_id": pid,
                "name": pid.title(),
                "club_player_id": club,
            },
        )
    director.command(stream, {"type": "start_tournament"})
    for out, by in (("di", "bo"), ("cy", "bo"), ("bo", "ann")):
        director.command(
            stream, {"type": "record_bust", "table": 1, "busted": [out], "eliminated_by": by}
        )
    return stream


def _season(director: Director) -> str:
    stream = _night(director)
    made = director.post("/api/leagues", json={"name": "Tuesday", "points": "reverse-finish"})
    assert made.status_code == 201, made.text
    assert made.json() == {
        "id": "tuesday",
        "name": "Tuesday",
        "rules": "reverse-finish",
        "seasons": [],
    }
    season = director.post(
        f"{LEAGUE}/seasons", json={"name": "Winter", "id": "winter", "events": [stream]}
    )
    assert season.status_code == 201, season.text
    return stream


def _public(director: Director) -> TestClient:
    return TestClient(director.client.app)


def test_the_standings_are_public_with_names_and_points_only(director: Director) -> None:
    _season(director)
    answer = _public(director).get(f"{SEASON}/standings")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    rows = [(r["rank"], r["name"], r["points"], r["hundredths"], r["wins"]) for r in body["rows"]]
    # reverse finish of 4 entries plus a point for playing: Ann 4, Bo 3, Cy 2, Di 1
    assert rows == [
        (1, "Ann", "4.00", 400, 1),
        (2, "Bo", "3.00", 300, 0),
        (3, "Cy", "2.00", 200, 0),
        (4, "Di", "1.00", 100, 0),
    ]
    ann = body["rows"][0]
    assert (ann["events_played"], ann["events_counted"], ann["best_place"]) == (1, 1, 1)
    assert ann["events"][0]["points"] == "4.00"
    assert body["events"][0]["entrants"] == 4
    text = answer.text
    assert "cents" not in text
    assert "spend" not in text


def test_the_seasons_events_list_each_nights_results(director: Director) -> None:
    _season(director)
    body = _public(director).get(f"{SEASON}/events").json()
    (night,) = body["events"]
    assert (night["name"], night["finished"], night["scored"]) == ("Tuesday #1", True, True)
    assert [(r["place"], r["name"], r["knockouts"]) for r in night["results"]] == [
        (1, "Ann", 1.0),
        (2, "Bo", 2.0),
        (3, "Cy", 0.0),
        (4, "Di", 0.0),
    ]


def test_the_exports_download_as_files(director: Director) -> None:
    _season(director)
    client = _public(director)
    pub = client.get(f"{SEASON}/export/pub-csv")
    assert pub.status_code == 200
    assert pub.headers["content-type"].startswith("text/csv")
    assert 'filename="winter-pub-league-results.csv"' in pub.headers["content-disposition"]
    rows = list(csv.reader(io.StringIO(pub.text)))
    assert rows[0] == ["Event", "Date", "Player", "Place", "Points"]
    assert rows[1] == ["Tuesday #1", club_date(START), "Ann", "1", "4.00"]
    assert client.get(f"{SEASON}/export/standings-json").json()["rows"][0]["name"] == "Ann"
    bad = client.get(f"{SEASON}/export/xls")
    assert bad.status_code == 422
    assert bad.json()["code"] == "unknown_export"


def test_an_undone_bust_changes_the_table(director: Director) -> None:
    stream = _season(director)
    plan = director.client.get(f"/api/tournaments/{stream}/undo").json()
    expect = [b["batch"] for b in plan["batches"]]
    undone = director.post(f"/api/tournaments/{stream}/undo", json={"expect": expect})
    assert undone.status_code == 200, undone.text
    body: dict[str, Any] = _public(director).get(f"{SEASON}/standings").json()
    # the night is in play again: Ann and Bo both still in, sure of 2nd place (3 points)
    rows = [(r["rank"], r["name"], r["points"]) for r in body["rows"]]
    assert rows == [(1, "Ann", "3.00"), (1, "Bo", "3.00"), (3, "Cy", "2.00"), (4, "Di", "1.00")]
    assert body["events"][0]["finished"] is False


def test_only_the_director_makes_leagues_and_refusals_name_the_problem(director: Director) -> None:
    stream = _season(director)
    public = _public(director)
    assert public.post("/api/leagues", json={"name": "X"}).status_code == 401
    taken = director.post("/api/leagues", json={"name": "tuesday", "id": "other"})
    assert taken.json()["code"] == "league_name_taken"
    backwards = director.post(
        f"{LEAGUE}/seasons", json={"name": "Spring", "starts": "2026-04-01", "ends": "2026-03-01"}
    )
    assert backwards.json()["code"] == "season_ends_before_start"
    again = director.post(f"{SEASON}/events", json={"event": stream})
    assert again.json()["code"] == "event_already_counted"
    assert "Tuesday #1" in again.json()["message"]
    out = director.client.delete(
        f"{SEASON}/events/{stream}", headers={"X-CSRF-Token": director.csrf}
    )
    assert out.status_code == 200, out.text
    assert public.get(f"{SEASON}/standings").json()["rows"] == []
    assert public.get(f"{LEAGUE}/seasons/nope/standings").json()["code"] == "unknown_season"
    listed = public.get("/api/leagues").json()
    assert listed[0]["seasons"] == [
        {"id": "winter", "name": "Winter", "starts": None, "ends": None}
    ]


def test_a_players_page_shows_their_place_and_points_in_each_season(director: Director) -> None:
    """The director's page of a person: their place and points in every season they scored in,
    taken from the standings (issue 28: "points by season")."""
    _season(director)
    (ann,) = [
        p for p in director.client.get("/api/club/players?q=ann").json() if p["name"] == "Ann"
    ]
    page = director.client.get(f"/api/club/players/{ann['id']}").json()
    assert page["points_by_season"] == [
        {
            "league": "Tuesday",
            "season": "Winter",
            "points_hundredths": 400,
            "points": "4.00",
            "place": 1,
        }
    ]
    html = director.client.get(f"/club/players/{ann['id']}").text
    assert "Winter" in html
    assert "4.00" in html
