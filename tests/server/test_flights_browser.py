"""A multi-flight event's pages in a real browser (issue 29): from the console's screens tab
to a flight's bags, and Day 2's provenance with every number checked against the flights."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import ApiDirector, LiveServer, sign_in_page, signed_in_http

WAIT_MS = 10_000


def _flight(d: ApiDirector, label: str, players: list[str]) -> str:
    stream = d.create(f"Spring Classic {label}", preset="ky-charity")
    d.command({"type": "open_flight", "event": "Spring Classic", "flight": label})
    for name in players:
        d.command({"type": "register_player", "player_id": name.lower(), "name": name})
    d.command({"type": "start_tournament"})
    counts: dict[int, list[dict[str, Any]]] = {}
    for p in d.director()["players"]:
        counts.setdefault(p["table"], []).append({"player_id": p["player_id"], "chips": p["chips"]})
    d.command(
        {
            "type": "bag_flight",
            "counts": [{"table": t, "stacks": s, "counted_by": "Dana"} for t, s in counts.items()],
            "early": True,
        }
    )
    return stream


def test_the_console_leads_to_a_flights_bags_and_day_2_shows_where_each_number_comes_from(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    with signed_in_http(live_server) as (http, csrf):
        d = ApiDirector(live_server, http, csrf)
        a = _flight(d, "Day 1A", ["Ann", "Bo", "Cy"])
        b = _flight(d, "Day 1B", ["Di", "Ed"])
        made = http.post(
            "/api/flights/day-two",
            json={"flights": [a, b], "name": "Spring Classic Day 2", "id": "spring-d2"},
            headers={"X-CSRF-Token": csrf},
        )
        assert made.status_code == 201, made.text
    page = sign_in_page(chromium, live_server)
    page.goto(f"{live_server.url}/t/{a}")
    page.click("[data-tab=links]")
    page.click("#flight-link")
    page.wait_for_selector("#bags", timeout=WAIT_MS)
    assert "Day 1A of Spring Classic" in page.inner_text("h1")
    assert page.locator("#bags tbody tr").count() == 3
    page.screenshot(path=str(screenshots / "flight_bags.png"), full_page=True)
    page.click("text=Spring Classic Day 2")
    page.wait_for_selector("#players", timeout=WAIT_MS)
    assert "Every number adds up" in page.inner_text("#adds-up")
    assert page.locator("#players tbody tr").count() == 5
    page.screenshot(path=str(screenshots / "day_two_provenance.png"), full_page=True)
    page.context.close()
