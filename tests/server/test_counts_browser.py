"""Counting a table's chips on a phone at the table (issue 24), in a real browser (Chromium,
390 x 844): the table's device counts between hands and shows what the count found; at the
KY colour-up it counts and races on the count (TDA 24, KY 2); the dealer's page counts too.
Each count reaches the director's console with no reload."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import (
    ApiDirector,
    LiveServer,
    for_the_guide,
    sign_in_page,
    signed_in_http,
)

WAIT_MS = 10_000
MINUTE = 60_000
PHONE = {"width": 390, "height": 844}


class Night(ApiDirector):
    """A KY night of six at one table on the live server, nobody recording hands."""

    def link(self) -> str:
        url: str = self.view("tables/1/link")["url"]
        return url

    def seated(self) -> list[dict[str, Any]]:
        return sorted(
            (p for p in self.director()["players"] if p["table"] == 1 and not p["out"]),
            key=lambda p: p["seat"],
        )


@pytest.fixture
def night(live_server: LiveServer) -> Iterator[Night]:
    with signed_in_http(live_server) as (http, csrf):
        n = Night(live_server, http, csrf)
        n.create("Counted night", preset="ky-charity")
        for i in range(6):
            n.command({"type": "register_player", "player_id": f"p{i}", "name": f"Player {i}"})
        n.command({"type": "start_tournament"})
        yield n


def _phone_at(chromium: Any, url: str) -> tuple[Any, list[str]]:
    """A phone's page at ``url`` once its count form shows, and the page's script errors."""
    page = chromium.new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#count:not([hidden])", timeout=WAIT_MS)
    return page, errors


def _fill(page: Any, form: str, counts: dict[str, int]) -> None:
    for pid, chips in counts.items():
        page.fill(f"{form} input[data-count='{pid}']", f"{chips:,}")


def test_a_table_device_counts_its_chips_and_races_on_the_count_at_the_colour_up(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page, errors = _phone_at(chromium, night.link())
    players = night.seated()
    counts = {p["player_id"]: p["chips"] for p in players}
    counts[players[0]["player_id"]] += 300
    counts[players[1]["player_id"]] = 0
    _fill(page, "#count", counts)
    page.click("#count button[type=submit]")
    refusal = page.locator("#error")
    refusal.wait_for(state="visible", timeout=WAIT_MS)
    assert "Player" in refusal.inner_text()  # a count of no chips: one line, by name
    assert night.director()["counts"]["tables"][0]["counted_at"] is None  # nothing recorded
    counts[players[1]["player_id"]] = players[1]["chips"]
    _fill(page, "#count", counts)
    page.wait_for_function(
        "document.querySelector('#count [data-count-total]').textContent"
        ".includes('300 chips found')"
    )
    page.locator("#count").screenshot(path=str(screenshots / "device-count-390x844.png"))
    for_the_guide(screenshots / "device-count-390x844.png")
    page.click("#count button[type=submit]")
    page.locator("#answers li").first.wait_for(timeout=WAIT_MS)
    assert "300 chips found" in page.locator("#answers").inner_text()
    counted = night.director()["counts"]["tables"][0]
    assert counted["difference"] == 300
    assert counted["counted_by"] == "table 1's device"

    # KY 10: at level 4 the $25 chips leave play; the device counts and races on the count
    night.server.clock.advance(60 * MINUTE)
    night.command({"type": "tick"})
    page.wait_for_function(
        "document.querySelector('#count button[type=submit]').textContent.includes('race')",
        timeout=WAIT_MS,
    )
    players = night.seated()
    odd = {p["player_id"]: p["chips"] + (25 if i % 2 else -25) for i, p in enumerate(players)}
    _fill(page, "#count", odd)
    page.click("#count button[type=submit]")
    page.wait_for_function(
        "document.querySelector('#answers').textContent.includes('Colour-up at table 1')",
        timeout=WAIT_MS,
    )
    after = {p["player_id"]: p["chips"] for p in night.seated()}
    assert after != odd  # the odd 25s were raced (KY 2): some stacks changed
    assert all(chips % 50 == 0 for chips in after.values())
    assert night.director()["colour_up_due"]["tables_pending"] == []
    assert not errors, errors
    page.context.close()


def test_the_dealers_page_counts_the_table_between_hands(
    chromium: Any, night: Night, screenshots: Path
) -> None:
    page, errors = _phone_at(chromium, night.link().replace("/table/1?", "/table/1/dealer?"))
    players = night.seated()
    counts = {p["player_id"]: p["chips"] for p in players}
    counts[players[2]["player_id"]] -= 1_000
    _fill(page, "#count", counts)
    page.click("#count button[type=submit]")
    page.wait_for_function(
        "document.querySelector('#answers').textContent.includes('1,000 chips missing')",
        timeout=WAIT_MS,
    )
    page.screenshot(path=str(screenshots / "dealer-count-390x844.png"), full_page=True)
    assert night.director()["counts"]["tables"][0]["difference"] == -1_000
    assert not errors, errors
    page.context.close()


def test_a_colour_up_done_by_hand_is_entered_player_by_player_and_is_the_count(
    chromium: Any, night: Night
) -> None:
    """No ids typed: the console lists the table's players; the stacks after the colour-up are
    the table's count, 50 chips short of what pitboss had here, and the log says so."""
    page = sign_in_page(chromium, night.server, viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    night.server.clock.advance(60 * MINUTE)  # KY 10: the $25 chips leave play at level 4
    night.command({"type": "tick"})
    page.goto(f"{night.server.url}/t/{night.stream}")
    page.click("nav.tabs [data-tab=counter]")
    page.click("text=Record a colour-up the dealer did by hand")
    page.select_option("#recorded-colour-up-table", "1")
    page.click("#recorded-colour-up-open")
    page.wait_for_selector("#count-panel:not([hidden])")
    assert "done by hand at table 1" in page.locator("#count-title").inner_text()
    players = night.seated()
    after = {p["player_id"]: p["chips"] for p in players}
    after[players[0]["player_id"]] -= 50
    _fill(page, "#count-panel", after)
    page.fill("#count-removed", "0")
    page.click("#count-submit")
    page.wait_for_selector("#count-panel", state="hidden", timeout=WAIT_MS)
    page.wait_for_function(
        "document.querySelector('#happened').textContent.includes('50 chips missing')",
        timeout=WAIT_MS,
    )
    counted = night.director()["counts"]["tables"][0]
    assert counted["difference"] == -50
    assert night.director()["colour_up_due"]["tables_pending"] == []
    assert not errors, errors
    page.context.close()
