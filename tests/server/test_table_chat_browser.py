"""Two phones (Chromium, 390x844) at one THC table the software deals, two bots beside them
(issue 31): Ann writes while a hand is in play; under THC 26 her message waits (her page marks
it "held until the hand ends", Bob's page and the table's public screen do not show it) and
reaches Bob's page under her name when the hand ends; a reaction too. The director mutes Bob
from the console's Floor tab and Bob's next message is refused with the reason. Screenshots go
to test-artifacts/screenshots/."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, sign_in_page
from tests.server.test_player_browser import PHONE, Console

from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

WAIT = 20_000  # ms: generous, the machine is shared


def thc_table(server: LiveServer, console: Console) -> str:
    rules = RuleSet.from_preset("thc")
    rules = replace(rules, table=replace(rules.table, action_seconds=120))
    stream: str = server.app.state.hub.create("Chat night", dealt_mode_rules(rules))
    for pid, name in (("p01", "Ann Lee"), ("p02", "Bob Ray"), ("p03", "Cy"), ("p04", "Di")):
        details = {
            "address": "1 Main St",
            "email": f"{pid}@example.org",
            "phone": "555-0100",
            "date_of_birth": "1980-05-17",
            "national_id": "123-45-6789",
            "driver_licence": "D1234",
            "age_verified": True,
        }
        body = {"type": "register_player", "player_id": pid, "name": name, "details": details}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    return stream


def phone(chromium: Any, url: str, errors: list[str]) -> Any:
    page = chromium.new_context(**PHONE).new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("body[data-live=connected]", timeout=WAIT)
    return page


def act(page: Any) -> None:
    """Check when free, else fold (or show, or muck): the hand goes on."""
    for button in ("#act-check", "#act-show", "#act-muck", "#act-fold"):
        locator = page.locator(button)
        if locator.is_visible():
            try:
                locator.click(timeout=1500)
            except Exception:  # the turn went meanwhile
                return
            return


def chat_text(page: Any) -> str:
    return str(page.locator("#chat-lines").inner_text())


@pytest.mark.slow  # about 16 s: two phones, a console and a public screen
def test_two_phones_chat_held_during_a_thc_hand_and_a_muted_player_is_refused(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    console = Console(live_server)
    stream = thc_table(live_server, console)
    errors: list[str] = []
    urls = {
        p: console.http.get(f"/api/tournaments/{stream}/players/{p}/link").json()["url"]
        for p in ("p01", "p02")
    }
    ann = phone(chromium, urls["p01"], errors)
    bob = phone(chromium, urls["p02"], errors)
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": ["p01", "p02"], "think_seconds": 0.1, "pause_seconds": 1.0},
    )
    watch = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    watch.on("pageerror", lambda e: errors.append(str(e)))

    # a hand in play, waiting on a phone: Ann writes to the table
    turn = "#actions:not([hidden])"
    deadline = time.monotonic() + 30
    while not (ann.locator(turn).count() or bob.locator(turn).count()):
        assert time.monotonic() < deadline, "no phone was ever to act"
        ann.wait_for_timeout(100)
    table = ann.get_attribute("#play", "data-hand-table")
    watch.goto(f"{live_server.url}/t/{stream}/watch/{table}")
    watch.wait_for_selector("body[data-live=connected]", timeout=WAIT)
    ann.click("#chat-toggle")
    ann.fill("#chat-text", "good luck all")
    ann.click("#chat-send")
    held = ann.locator("#chat-lines .chat-msg.held")
    held.wait_for(timeout=WAIT)
    assert "Ann Lee good luck all held until the hand ends" in " ".join(held.inner_text().split())
    assert "waits until it ends (THC 26)" in ann.inner_text("#chat-note")
    assert ann.input_value("#chat-text") == ""
    ann.screenshot(path=str(screenshots / "table-chat-held-ann-390x844.png"), full_page=True)
    bob.click("#chat-toggle")
    assert "good luck all" not in chat_text(bob)
    assert "good luck all" not in watch.inner_text("body")
    bob.screenshot(path=str(screenshots / "table-chat-not-yet-bob-390x844.png"), full_page=True)

    # the phones play on: when the hand ends Bob reads it under Ann's name, unmarked
    deadline = time.monotonic() + 60
    while "good luck all" not in chat_text(bob):
        assert time.monotonic() < deadline, "the held message never reached the table"
        for page in (ann, bob):
            if page.locator(turn).count():
                act(page)
        bob.wait_for_timeout(100)
    line = bob.locator("#chat-lines .chat-msg", has_text="good luck all")
    assert "Ann Lee" in line.inner_text()
    assert not line.locator(".chat-held").count()
    watch.locator("#chat-lines", has_text="good luck all").wait_for(timeout=WAIT)
    # a reaction between hands or held like a message: it reaches Ann under Bob's name
    bob.click("#chat-react button[data-emoji='\U0001f525']")
    deadline = time.monotonic() + 60
    while not ann.locator("#chat-lines .chat-msg:not(.mine)", has_text="\U0001f525").count():
        assert time.monotonic() < deadline, "the reaction never reached Ann"
        for page in (ann, bob):
            if page.locator(turn).count():
                act(page)
        ann.wait_for_timeout(100)
    assert "Bob Ray" in ann.locator("#chat-lines .chat-msg", has_text="\U0001f525").inner_text()
    bob.screenshot(path=str(screenshots / "table-chat-released-bob-390x844.png"), full_page=True)
    watch.screenshot(path=str(screenshots / "table-chat-public-screen-1280x800.png"))

    # the director mutes Bob from the console's Floor tab: his next message is refused
    laptop = sign_in_page(chromium, live_server, viewport={"width": 1280, "height": 800})
    laptop.on("pageerror", lambda e: errors.append(str(e)))
    laptop.goto(f"{live_server.url}/t/{stream}")
    laptop.wait_for_selector("body[data-live=connected]", timeout=WAIT)
    laptop.click("nav.tabs [data-tab=floor]")
    laptop.select_option("#chat-mute-form select[name=player_id]", "p02")
    laptop.click("#chat-mute-form button[data-as=mute_player]")
    laptop.locator("#happened", has_text="Bob Ray's table chat muted by the director").wait_for(
        timeout=WAIT
    )
    laptop.screenshot(path=str(screenshots / "table-chat-console-mute-1280x800.png"))
    # his page says so at once (the mute wakes his screen) and offers no box to type in
    bob.locator("#chat-note.muted", has_text="The director has muted your chat").wait_for(
        timeout=WAIT
    )
    bob.wait_for_function("() => document.getElementById('chat-text').disabled", timeout=WAIT)
    # a message sent anyway (an old page, a script) is refused by the server with the reason
    sent = bob.evaluate(
        "() => window.pitbossTable.send("
        "{type: 'chat', text: 'ship it', action_id: 'p02-chat-late-1'})"
    )
    assert sent is True
    bob.locator("#chat-error", has_text="The director has muted your chat").wait_for(timeout=WAIT)
    assert bob.locator("#error").is_hidden()  # told in the chat, not over the action buttons
    bob.screenshot(path=str(screenshots / "table-chat-muted-bob-390x844.png"), full_page=True)
    assert "ship it" not in chat_text(ann)
    assert not errors
