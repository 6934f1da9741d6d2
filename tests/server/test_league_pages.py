"""The league pages (issue 28): the table for a phone and a TV, the season's events with their
results and points, a player's public profile (only when they opted in), the printed standings
and the director's club page; names and points only on the public ones (THC 1: no e-mail, no
phone, no club id except an opted-in player's own link)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import Director, TestClock

from pitboss.store import EventStore

SEASON = "/leagues/thursday/seasons/autumn"
WEEK = 7 * 24 * 3600 * 1000


def club_player(director: Director, name: str, **more: str) -> str:
    """A club record made through the API; its id."""
    made = director.post("/api/club/players", json={"name": name, **more})
    assert made.status_code == 201, made.text
    found: str = made.json()["id"]
    return found


def make_league(director: Director, preset: str = "reverse-finish") -> None:
    """The Thursday league (``preset``'s points) and its autumn season, every date in it,
    made through the leagues' API."""
    made = director.post(
        "/api/leagues", json={"name": "Thursday Bar League", "points": preset, "id": "thursday"}
    )
    assert made.status_code == 201, made.text
    season = {"name": "Autumn 2026", "id": "autumn", "starts": "2000-01-01", "ends": "2100-12-31"}
    made = director.post("/api/leagues/thursday/seasons", json=season)
    assert made.status_code == 201, made.text


def seating(director: Director, stream: str) -> dict[str, int]:
    view = director.client.get(f"/api/tournaments/{stream}/director").json()
    return {s["player_id"]: s["table"] for s in view["seating"]}


def bust(director: Director, stream: str, busted: str, by: str) -> None:
    """``busted`` goes out to ``by`` at their table."""
    table = seating(director, stream)[busted]
    director.command(
        stream, {"type": "record_bust", "table": table, "busted": [busted], "eliminated_by": by}
    )


def night(
    director: Director, name: str, people: dict[str, str], out: list[str], *, finish: bool = True
) -> str:
    """A night of ``people`` (player id -> club id), started, with ``out`` busting in that
    order, each to the last of the field still in; the last one left wins when ``finish``."""
    stream = director.create(name, preset="tda")  # a freezeout: the last bust ends it
    for pid, club_id in people.items():
        director.command(
            stream,
            {"type": "register_player", "player_id": pid, "name": pid, "club_player_id": club_id},
        )
    director.command(stream, {"type": "start_tournament"})
    left = list(people)
    for pid in out:
        left.remove(pid)
        bust(director, stream, pid, left[-1])
    if finish:
        assert len(left) == 1, "a finished night ends with one player"
    return stream


@pytest.fixture
def season(director: Director, store: EventStore, clock: TestClock) -> dict[str, Any]:
    """Two finished nights (reverse finish: a point for each player outlasted) of Ann, Bo, Cy
    and Di; Ann opted in to a public profile, with an e-mail and a phone kept private."""
    ids = {n: club_player(director, n) for n in ("Ann Smith", "Bo Lee", "Cy Diaz", "Di Wu")}
    ann = ids["Ann Smith"]
    director.post(f"/api/club/players/{ann}/public-profile", json={"public": True})
    director.client.put(
        f"/api/club/players/{ann}/private",
        headers={"X-CSRF-Token": director.csrf},
        json={"email": "ann@example.org", "phone": "+1 555 0100"},
    )
    make_league(director)
    who = {"ann": ann, "bo": ids["Bo Lee"], "cy": ids["Cy Diaz"], "di": ids["Di Wu"]}
    one = night(director, "Night one", who, ["di", "cy", "bo"])  # Ann 1st, Bo, Cy, Di
    clock.advance(WEEK)
    two = night(director, "Night two", who, ["ann", "di", "cy"])  # Bo 1st, Cy, Di, Ann
    return {"ids": ids, "nights": [one, two]}


def rows(html: str) -> list[tuple[str, str, str]]:
    """(rank, name, points) of the table's rows."""
    found = re.findall(
        r'<span class="lt-rank">(\d+)</span><span class="lt-name">(?:<a [^>]*>)?([^<]+)'
        r'(?:</a>)?</span><b class="lt-points">([^<]+)</b>',
        html,
    )
    return [(a, b, c) for a, b, c in found]


def test_the_table_ranks_the_season_by_points_with_names_and_points_only(
    director: Director, season: dict[str, Any]
) -> None:
    page = director.client.get(SEASON)
    assert page.status_code == 200
    # reverse finish: 3, 2, 1, 0 a night and 1 for playing; Ann's win breaks her tie with Cy
    assert rows(page.text) == [
        ("1", "Bo Lee", "7.00"),
        ("2", "Ann Smith", "5.00"),
        ("3", "Cy Diaz", "5.00"),
        ("4", "Di Wu", "3.00"),
    ]
    assert "Thursday Bar League" in page.text
    assert "Autumn 2026" in page.text
    data = director.client.get(f"{SEASON}/table.json").json()
    assert [(r["name"], r["points"], r["events"], r["wins"]) for r in data["rows"]] == [
        ("Bo Lee", "7.00", 2, 1),
        ("Ann Smith", "5.00", 2, 1),
        ("Cy Diaz", "5.00", 2, 0),
        ("Di Wu", "3.00", 2, 0),
    ]
    assert data["live"] == []
    for kind in ("standings-csv", "standings-json", "results-csv", "pub-csv"):
        assert f'href="/api{SEASON}/export/{kind}"' in page.text
        assert director.client.get(f"/api{SEASON}/export/{kind}").status_code == 200, kind


def test_public_pages_show_no_private_detail_and_no_id_but_an_opted_in_players_link(
    director: Director, season: dict[str, Any]
) -> None:
    ids = season["ids"]
    anonymous = TestClient(director.client.app)
    for url in (
        SEASON,
        f"{SEASON}?tv=1",
        f"{SEASON}/events",
        f"{SEASON}/print",
        f"{SEASON}/table.json",
    ):
        text = anonymous.get(url).text
        assert "ann@example.org" not in text, url
        assert "555" not in text, url
        for name in ("Bo Lee", "Cy Diaz", "Di Wu"):
            assert ids[name] not in text, (url, name)
        for stream in season["nights"]:
            assert stream not in text, url  # a finished night's id is not a public link
    table = anonymous.get(SEASON).text
    assert f'href="/leagues/thursday/players/{ids["Ann Smith"]}"' in table


def test_the_events_page_lists_each_night_with_its_places_and_points(
    director: Director, season: dict[str, Any]
) -> None:
    page = director.client.get(f"{SEASON}/events").text
    first, second = page.index("Night one"), page.index("Night two")
    assert first < second
    night_one = page[first:second]
    places = re.findall(
        r'<td class="place">([^<]*)</td><td>([^<]+)</td><td class="num">([^<]+)', night_one
    )
    assert places == [
        ("1st", "Ann Smith", "4.00"),
        ("2nd", "Bo Lee", "3.00"),
        ("3rd", "Cy Diaz", "2.00"),
        ("4th", "Di Wu", "1.00"),
    ]
    assert "4 entries" in night_one


def test_a_public_profile_shows_the_players_seasons_and_nights_when_they_opted_in(
    director: Director, season: dict[str, Any]
) -> None:
    anonymous = TestClient(director.client.app)
    page = anonymous.get(f"/leagues/thursday/players/{season['ids']['Ann Smith']}")
    assert page.status_code == 200
    assert "Ann Smith" in page.text
    assert "Autumn 2026" in page.text
    assert "Night one" in page.text
    assert "Night two" in page.text
    assert "ann@example.org" not in page.text


def test_a_profile_without_the_players_consent_is_a_404_in_a_persons_words(
    director: Director, season: dict[str, Any]
) -> None:
    anonymous = TestClient(director.client.app)
    bo = season["ids"]["Bo Lee"]
    page = anonymous.get(f"/leagues/thursday/players/{bo}")
    assert page.status_code == 404
    assert "no public profile" in page.text
    assert "Bo Lee" not in page.text
    assert anonymous.get("/leagues/thursday/players/nobody").status_code == 404


def test_an_unknown_league_or_season_is_a_404_page(
    director: Director, season: dict[str, Any]
) -> None:
    page = director.client.get("/leagues/thursday/seasons/spring")
    assert page.status_code == 404
    assert "no season" in page.text
    assert director.client.get("/leagues/friday/seasons/autumn").status_code == 404


def test_the_printed_standings_are_one_sheet_with_every_row(
    director: Director, season: dict[str, Any]
) -> None:
    page = director.client.get(f"{SEASON}/print").text
    assert "Thursday Bar League — Autumn 2026" in page
    assert "window.print()" in page
    for name in ("Bo Lee", "Ann Smith", "Cy Diaz", "Di Wu"):
        assert name in page
    assert "7.00" in page


def test_a_night_in_play_is_followed_live_by_the_table_page(
    director: Director, season: dict[str, Any]
) -> None:
    ids = season["ids"]
    who = {"ann": ids["Ann Smith"], "bo": ids["Bo Lee"], "cy": ids["Cy Diaz"]}
    three = night(director, "Night three", who, ["cy"], finish=False)
    data = director.client.get(f"{SEASON}/table.json").json()
    assert data["live"] == [three]
    assert data["live_names"] == ["Night three"]
    page = director.client.get(SEASON).text
    assert "Live: Night three" in page
    assert "/static/league.js" in page


def test_names_are_escaped_on_the_league_pages(
    director: Director, store: EventStore, clock: TestClock
) -> None:
    bad = club_player(director, "<b>Evil</b> Ed")
    make_league(director)
    other = club_player(director, "Fay")
    night(director, "<i>Night</i>", {"e": bad, "f": other}, ["f"])
    for url in (SEASON, f"{SEASON}/events", f"{SEASON}/print"):
        text = director.client.get(url).text
        assert "<b>Evil</b>" not in text, url
        assert "&lt;b&gt;Evil&lt;/b&gt; Ed" in text, url
        assert "<i>Night</i>" not in text


def test_the_directors_club_page_offers_every_points_preset_with_its_rules(
    director: Director, season: dict[str, Any]
) -> None:
    page = director.client.get("/club/leagues")
    assert page.status_code == 200
    for preset in ("pokerstars", "neau", "nuts", "reverse-finish", "fixed-table", "custom"):
        assert f'<option value="{preset}">' in page.text
    assert "Thursday Bar League" in page.text
    assert "Autumn 2026" in page.text
    assert "formula" in page.text  # the presets' commented TOML travels with the page
    signed_out = TestClient(director.client.app).get("/club/leagues", follow_redirects=False)
    assert signed_out.status_code == 303


def test_the_home_page_links_to_the_leagues(director: Director) -> None:
    assert 'href="/club/leagues"' in director.client.get("/").text


def test_the_consoles_league_tab_says_which_seasons_a_night_counts_toward(
    director: Director, season: dict[str, Any]
) -> None:
    one = season["nights"][0]
    tab = director.client.get(f"/club/leagues/for/{one}").json()
    assert [(s["league"], s["season"], s["counts"]) for s in tab["seasons"]] == [
        ("Thursday Bar League", "Autumn 2026", True)
    ]
    taken_out = director.client.delete(
        f"/api/leagues/thursday/seasons/autumn/events/{one}",
        headers={"X-CSRF-Token": director.csrf},
    )
    assert taken_out.status_code == 200, taken_out.text
    assert director.client.get(f"/club/leagues/for/{one}").json()["seasons"][0]["counts"] is False
    # night one no longer counts: only night two's points are in the table
    data = director.client.get(f"{SEASON}/table.json").json()
    assert data["rows"][0]["name"] == "Bo Lee"
    assert data["rows"][0]["points"] == "4.00"
    console = director.client.get(f"/t/{one}").text
    assert 'data-tab="league"' in console
    assert "/static/console_league.js" in console
    signed_out = TestClient(director.client.app).get(f"/club/leagues/for/{one}")
    assert signed_out.status_code == 401


def test_the_table_served_again_follows_an_opt_in_made_since(
    director: Director, season: dict[str, Any]
) -> None:
    """The page is kept between requests while nothing moved: a player who opts in to a
    public profile after it was served is linked on the next request (and one who opts out
    no longer is)."""
    ids = season["ids"]
    anonymous = TestClient(director.client.app)
    bo = f'href="/leagues/thursday/players/{ids["Bo Lee"]}"'
    assert bo not in anonymous.get(SEASON).text
    director.post(f"/api/club/players/{ids['Bo Lee']}/public-profile", json={"public": True})
    assert bo in anonymous.get(SEASON).text
    assert bo in anonymous.get(f"{SEASON}?tv=1").text
    director.post(f"/api/club/players/{ids['Bo Lee']}/public-profile", json={"public": False})
    assert bo not in anonymous.get(SEASON).text
