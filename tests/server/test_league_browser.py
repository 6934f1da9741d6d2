"""A season of three nights in a real browser (issue 28): returning players registered at the
door by the type-ahead, and the league table open on a phone and on a TV following the third
night live: the director records the busts and both screens show the new table without a
reload."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import ApiDirector, LiveServer, sign_in_page, signed_in_http

SEASON = "/leagues/thursday/seasons/autumn"
WEEK = 7 * 24 * 3600 * 1000
WAIT = 20_000  # ms: generous, a loaded machine is slow


def _rows(page: Any) -> list[tuple[str, str, str]]:
    """(rank, name, points) of the table as the page shows it now."""
    found: list[list[str]] = page.eval_on_selector_all(
        "#rows .lt-row",
        "rows => rows.map(r => [r.querySelector('.lt-rank').textContent,"
        " r.querySelector('.lt-name').textContent, r.querySelector('.lt-points').textContent])",
    )
    return [(a, b, c) for a, b, c in found]


def _wait_table(page: Any, rows: list[tuple[str, str, str]]) -> None:
    """Wait until the table shows ``rows`` (rank, name, points), in order."""
    page.wait_for_function(
        "(want) => JSON.stringify([...document.querySelectorAll('#rows .lt-row')].map(r =>"
        " [r.querySelector('.lt-rank').textContent, r.querySelector('.lt-name').textContent,"
        " r.querySelector('.lt-points').textContent])) === JSON.stringify(want)",
        arg=[list(r) for r in rows],
        timeout=WAIT,
    )


def _night(director: ApiDirector, name: str, who: dict[str, str], out: list[str]) -> str:
    """A finished freezeout night by the API: ``who`` registered by club id, ``out`` busting
    in order, each to the last player still in."""
    stream = director.create(name, preset="tda")
    for pid, club_id in who.items():
        director.command(
            {"type": "register_player", "player_id": pid, "name": pid, "club_player_id": club_id}
        )
    director.command({"type": "start_tournament"})
    left = list(who)
    for pid in out:
        left.remove(pid)
        _bust(director, pid, left[-1])
    return stream


def _bust(director: ApiDirector, busted: str, by: str) -> None:
    table = {s["player_id"]: s["table"] for s in director.director()["seating"]}[busted]
    director.command(
        {"type": "record_bust", "table": table, "busted": [busted], "eliminated_by": by}
    )


def _register_by_type_ahead(console: Any, typed: str, name: str) -> None:
    """At the door: type part of a returning player's name, choose them, register."""
    form = console.locator("#register-form")
    form.locator("input[name=name]").fill(typed)
    match = console.locator("#club-matches .club-match", has_text=name)
    match.wait_for(state="visible", timeout=WAIT)
    match.click()
    console.locator("#club-chosen").wait_for(state="visible", timeout=WAIT)
    form.locator("button[type=submit]").click()
    console.wait_for_function(
        "name => Array.from(document.querySelectorAll('#players-body tr, .players tr'))"
        ".some(r => r.textContent.includes(name))",
        arg=name,
        timeout=WAIT,
    )


def test_the_league_table_follows_a_bust_live_on_a_phone_and_a_tv(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    with signed_in_http(live_server) as (http, csrf):
        director = ApiDirector(live_server, http, csrf)

        def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
            answer = http.post(url, json=body, headers={"X-CSRF-Token": csrf})
            assert answer.status_code in {200, 201}, answer.text
            made: dict[str, Any] = answer.json()
            return made

        ids = {
            n: post("/api/club/players", {"name": n})["id"]
            for n in ("Ann Smith", "Bo Lee", "Cy Diaz", "Di Wu")
        }
        post(
            "/api/leagues",
            {"name": "Thursday Bar League", "points": "reverse-finish", "id": "thursday"},
        )
        post(
            "/api/leagues/thursday/seasons",
            {"name": "Autumn 2026", "id": "autumn", "starts": "2000-01-01", "ends": "2100-12-31"},
        )
        who = {
            "ann": ids["Ann Smith"],
            "bo": ids["Bo Lee"],
            "cy": ids["Cy Diaz"],
            "di": ids["Di Wu"],
        }
        _night(director, "Night one", who, ["di", "cy", "bo"])  # Ann, Bo, Cy, Di
        live_server.clock.advance(WEEK)
        _night(director, "Night two", who, ["ann", "di", "cy"])  # Bo, Cy, Di, Ann
        live_server.clock.advance(WEEK)

        # night three: the returning players found by the type-ahead at the door
        three = director.create("Night three", preset="tda")
        console = sign_in_page(chromium, live_server)
        console.goto(f"{live_server.url}/t/{three}")
        for typed, name in (("wu", "Di Wu"), ("diaz", "Cy Diaz"), ("bo l", "Bo Lee")):
            _register_by_type_ahead(console, typed, name)
        entries = director.director()["players"]
        assert sorted(p["name"] for p in entries) == ["Bo Lee", "Cy Diaz", "Di Wu"]
        by_name = {p["name"]: p["player_id"] for p in entries}
        director.command({"type": "start_tournament"})

        phone_context = chromium.new_context(viewport={"width": 390, "height": 844})
        phone = phone_context.new_page()
        phone.goto(f"{live_server.url}{SEASON}")
        tv_context = chromium.new_context(viewport={"width": 1920, "height": 1080})
        tv = tv_context.new_page()
        tv.goto(f"{live_server.url}{SEASON}?tv=1")
        # night three in play: each of the three still in is sure of 3rd (a point for playing)
        before = [
            ("1", "Bo Lee", "8.00"),
            ("2", "Cy Diaz", "6.00"),
            ("3", "Ann Smith", "5.00"),
            ("4", "Di Wu", "4.00"),
        ]
        for page in (phone, tv):
            page.locator("#live-note", has_text="Night three").wait_for(timeout=WAIT)
            page.wait_for_function("document.body.dataset.live === 'connected'", timeout=WAIT)
            assert _rows(page) == before
            page.evaluate("window.__notReloaded = true")
        phone.screenshot(path=str(screenshots / "league-phone-before.png"), full_page=True)
        tv.screenshot(path=str(screenshots / "league-tv-before.png"))

        # the director records a bust: Cy is 3rd, Bo and Di now sure of 2nd, a point more
        _bust(director, by_name["Cy Diaz"], by_name["Di Wu"])
        middle = [
            ("1", "Bo Lee", "9.00"),
            ("2", "Cy Diaz", "6.00"),
            ("3", "Ann Smith", "5.00"),  # level with Di: Ann won a night (most wins)
            ("4", "Di Wu", "5.00"),
        ]
        for page in (phone, tv):
            _wait_table(page, middle)
        # the last bust: Di wins the night and climbs from 4th to 2nd
        _bust(director, by_name["Bo Lee"], by_name["Di Wu"])
        for page in (phone, tv):
            _wait_table(
                page,
                [
                    ("1", "Bo Lee", "9.00"),
                    ("2", "Di Wu", "6.00"),
                    ("3", "Cy Diaz", "6.00"),
                    ("4", "Ann Smith", "5.00"),
                ],
            )
            assert page.evaluate("window.__notReloaded === true")  # moved live, not reloaded
            page.locator("#live-note").wait_for(state="hidden", timeout=WAIT)
        phone.screenshot(path=str(screenshots / "league-phone-after.png"), full_page=True)
        tv.screenshot(path=str(screenshots / "league-tv-after.png"))
        # the TV's table is big: its rows fill the screen's height, not a phone's column
        height = tv.evaluate(
            "document.querySelector('#rows .lt-row').getBoundingClientRect().height"
        )
        assert height > 60
        for context in (phone_context, tv_context, console.context):
            context.close()


def test_the_director_makes_a_league_and_a_season_and_counts_a_night_from_the_console(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    with signed_in_http(live_server) as (http, csrf):
        night = ApiDirector(live_server, http, csrf).create("Night one", preset="tda")
    page = sign_in_page(chromium, live_server, viewport={"width": 1366, "height": 900})
    page.click("#leagues-link")
    page.wait_for_url(f"{live_server.url}/club/leagues")
    page.select_option("#preset", "nuts")
    assert "200 points" in page.locator("#preset-toml").inner_text()  # the preset's own TOML
    assert page.locator("#own-rules").is_hidden()
    page.fill("#new-league input[name=name]", "Thursday Bar League")
    page.fill("#new-league input[name=league_id]", "thursday")
    page.click("#new-league button[type=submit]")
    page.locator("#leagues-list", has_text="Thursday Bar League").wait_for(timeout=WAIT)
    page.fill("#new-season input[name=name]", "Cup")
    page.fill("#new-season input[name=season_id]", "cup")
    page.check("#new-season input[value=events]")
    page.check(f"#new-season input[value='{night}']")
    page.click("#new-season button[type=submit]")
    page.locator("#leagues-list a", has_text="Cup").wait_for(timeout=WAIT)
    page.screenshot(path=str(screenshots / "league-club-page.png"), full_page=True)

    page.goto(f"{live_server.url}/t/{night}")
    page.click("nav.tabs [data-tab=league]")
    cup = page.locator("#league-seasons li[data-season=cup]")
    cup.wait_for(timeout=WAIT)
    assert cup.get_attribute("data-counts") == "true"
    cup.locator("button").click()
    page.locator("#league-seasons li[data-season=cup][data-counts=false]").wait_for(timeout=WAIT)
    page.locator("#league-seasons li[data-season=cup] button").click()
    page.locator("#league-seasons li[data-season=cup][data-counts=true]").wait_for(timeout=WAIT)
    page.screenshot(path=str(screenshots / "league-console-tab.png"))
    page.context.close()
