"""The console's Tables tab in Chromium shows each dealt table's hand in progress (the board,
the pot, who is to act and the time left) and pauses one table or every table for a break
(issue 14). Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer, sign_in_page
from tests.server.test_player_browser import Console, dealt_table

LAPTOP = {"viewport": {"width": 1366, "height": 768}}


def test_the_console_follows_every_dealt_hand_and_pauses_the_tables(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console = Console(live_server)
    stream = dealt_table(live_server, console)
    page = sign_in_page(chromium, live_server, **LAPTOP)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server.url}/t/{stream}")
    page.click("nav.tabs [data-tab=tables]")
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": ["p01"], "think_seconds": 0.3, "pause_seconds": 0.5},
    )
    card = page.locator("#tables-list article[data-table='1']")
    card.locator(".in-play .to-act").wait_for(timeout=20_000)
    assert "dealt by the software" in card.inner_text()
    assert "pot " in card.locator(".in-play").inner_text()
    page.wait_for_function(
        "() => /\\d\\d:\\d\\d left/.test(document.querySelector('#tables-list').innerText)",
        timeout=20_000,
    )
    page.screenshot(path=str(screenshots / "console-hands-in-play-1366x768.png"))

    card.locator("[data-table-act=pause]").click()
    card.locator(".in-play .paused").wait_for(timeout=10_000)
    assert card.locator("[data-table-act=resume]").is_visible()
    card.locator("[data-table-act=resume]").click()
    card.locator("[data-table-act=pause]").wait_for(timeout=10_000)

    page.click("#pause-every-table")
    page.locator("#resume-every-table").wait_for(state="visible", timeout=10_000)
    dealt = console.http.get(f"/api/tournaments/{stream}/dealing").json()
    assert all(t["paused"] for t in dealt["tables"])
    page.screenshot(path=str(screenshots / "console-tables-paused-1366x768.png"))
    assert not errors, errors
