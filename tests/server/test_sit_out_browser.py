"""Issue 31 in Chromium at 390x844: a phone player presses "Sit out next hand", is shown
"Sitting out", and the next hand deals them as absent by the house's rule (TDA 30: their hand
killed as dealt, no card on their page, blinds posted); "I'm back" deals them in from the next
hand. "Last hand" replays the hand they just played, step by step and at a steady pace, with
their own cards; "My stats" shows their hands, VPIP and PFR for the night. Screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import contextlib
import re
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_player_browser import PHONE, Console

from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

WAIT = 20_000  # ms: generous waits on conditions, never fixed sleeps


def _night(server: LiveServer, console: Console) -> str:
    """A TDA table of six dealt by the software: Player 1 at a phone, bots in the others."""
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=60, seats=6))
    stream: str = server.app.state.hub.create("Sit-out night", dealt_mode_rules(rules))
    for i in range(1, 7):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": ["p01"], "think_seconds": 0.05, "pause_seconds": 2.0},
    )
    return stream


def _act_if_my_turn(page: Any) -> None:
    """Check when free, show at a showdown, else fold (the view may move on meanwhile)."""
    if not page.locator("#actions:not([hidden])").count():
        return
    for button in ("#act-check", "#act-show", "#act-fold", "#act-muck"):
        locator = page.locator(button)
        if locator.is_visible():
            with contextlib.suppress(Exception):  # the turn went meanwhile
                locator.click(timeout=1500)
            return


def _until(page: Any, done: Any, *, seconds: float = 40) -> None:
    """Play on (our turns) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "the table never got there"
        _act_if_my_turn(page)
        page.wait_for_timeout(100)


def test_a_phone_player_sits_out_is_dealt_as_absent_comes_back_and_replays_the_last_hand(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console = Console(live_server)
    stream = _night(live_server, console)
    link = console.http.get(f"/api/tournaments/{stream}/players/p01/link").json()["url"]
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(link)
        page.wait_for_selector("#seats .seat.mine", timeout=WAIT)
        sit_out = page.locator("#sit-out")
        _until(page, sit_out.is_visible)
        before = page.get_attribute("#play", "data-hand")
        sit_out.click()
        banner = page.locator("#sitting-out")
        banner.wait_for(state="visible", timeout=WAIT)
        assert banner.inner_text().startswith("Sitting out")
        page.screenshot(path=str(screenshots / "sit-out-1-sitting-out.png"))
        assert "your blinds and antes are posted" in banner.inner_text()
        assert "TDA 30" in banner.inner_text()
        assert sit_out.is_hidden()

        # the next hand deals them as absent: their hand killed as dealt, no card on their page
        def killed() -> bool:
            log = page.locator("#last-actions").inner_text()
            return (
                "Player 1's hand is killed as dealt" in log
                and page.get_attribute("#play", "data-hand") != before
                and page.get_attribute("#play", "data-over") == "false"
            )

        _until(page, killed)
        assert page.locator("#hole .card").count() == 0
        assert page.locator("#sitting-out-title").inner_text() == "Sitting out"
        assert page.locator("#actions:not([hidden])").count() == 0
        log = page.locator("#last-actions").inner_text()
        assert re.search(r"posts (small|big) blind", log)
        page.screenshot(path=str(screenshots / "sit-out-2-dealt-as-absent.png"))
        absent_hand = page.get_attribute("#play", "data-hand")

        page.locator("#im-back").click()
        banner.wait_for(state="hidden", timeout=WAIT)
        sit_out.wait_for(state="visible", timeout=WAIT)

        # dealt in again from the next hand: two cards of their own
        _until(
            page,
            lambda: (
                page.get_attribute("#play", "data-hand") != absent_hand
                and page.locator("#hole .card").count() == 2
            ),
        )
        played = page.get_attribute("#play", "data-hand")
        mine = [c.get_attribute("data-card") for c in page.locator("#hole .card").all()]
        page.screenshot(path=str(screenshots / "sit-out-3-back-and-dealt.png"))
        _until(
            page,
            lambda: (
                page.get_attribute("#play", "data-hand") == played
                and page.get_attribute("#play", "data-over") == "true"
            ),
        )

        # "Last hand" replays the hand just played: once the director has recorded its result
        # (the result shows while it does; asked before, the one before is the last hand)
        replay = page.locator("#replay")

        def replays_the_hand_played() -> bool:
            page.locator("#last-hand-open").click()
            replay.wait_for(state="visible", timeout=WAIT)
            if replay.get_attribute("data-hand") == played:
                return True
            page.locator("#replay-close").click()
            replay.wait_for(state="hidden", timeout=WAIT)
            return False

        _until(page, replays_the_hand_played)
        assert page.locator("#replay-text").inner_text().startswith("Blinds ")
        page.locator("#replay-next").click()
        page.locator("#replay-next").click()
        dealt = page.locator("#replay-text").inner_text()
        assert dealt.startswith("Cards are dealt; You are dealt")
        shown = [
            c.get_attribute("data-card")
            for c in page.locator("#replay-seats .mine .card[data-card]").all()
        ]
        assert shown == mine
        page.screenshot(path=str(screenshots / "sit-out-4-last-hand-deal.png"))
        page.locator("#replay-play").click()
        page.wait_for_function(
            "document.getElementById('replay').dataset.step === '3'", timeout=WAIT
        )
        page.locator("#replay-play").click()  # pause, then to the end
        total = int(page.locator("#replay-count").inner_text().split("/")[1])
        for _ in range(total):
            page.locator("#replay-next").click()
        assert replay.get_attribute("data-end") == "true"
        results = page.locator("#replay-text").inner_text()  # the last step: the pot won
        assert re.search(r"wins|split", results)
        page.screenshot(path=str(screenshots / "sit-out-5-last-hand-result.png"))

        # "My stats": the night so far, one hand sat out at least
        page.locator("#stats-open").click()
        page.locator("#stats").wait_for(state="visible", timeout=WAIT)
        assert int(page.locator("#stat-sat-out").inner_text()) >= 1
        assert int(page.locator("#stat-hands").inner_text()) >= 1
        assert re.fullmatch(r"\d+%", page.locator("#stat-vpip").inner_text())
        page.screenshot(path=str(screenshots / "sit-out-6-my-stats.png"))
        assert errors == []
    finally:
        context.close()
