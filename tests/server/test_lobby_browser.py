"""The lobby in Chromium (issue 31): a club player opens the director's one-time link on a
390x844 phone, chooses a password, finds the tournament in the lobby and asks for a seat; the
director approves it at the console (a laptop); the player sees it, and once the software
deals, reaches their table from the lobby's "Your table" without any personal link.
Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, sign_in_page
from tests.server.test_player_browser import Console

from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 900}}
WAIT = 20_000


@pytest.mark.slow
def test_sign_in_by_link_ask_for_a_seat_approved_at_the_console_then_to_the_table(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    from playwright.sync_api import expect

    console = Console(live_server)
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=30, seats=6))
    stream: str = live_server.app.state.hub.create("Thursday club night", dealt_mode_rules(rules))
    for i in range(1, 6):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Bot {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    made = console.http.post(
        "/api/club/players", json={"name": "Ann Lee"}, headers={"X-CSRF-Token": console.csrf}
    )
    assert made.status_code == 201, made.text
    link = console.post(f"/api/club/players/{made.json()['id']}/signin-link", {})["url"]

    phone = chromium.new_context(**PHONE).new_page()
    errors: list[str] = []
    phone.on("pageerror", lambda e: errors.append(str(e)))
    phone.goto(link)
    expect(phone.locator("#choose-name")).to_have_text("Ann Lee", timeout=WAIT)
    assert "#" not in phone.url  # the secret left the address bar
    expect(phone.locator("#choose input[name=login]")).to_have_value("ann.lee")
    phone.fill("#choose input[name=password]", "short")
    phone.click("#choose button[type=submit]")
    expect(phone.locator("#choose .error")).to_contain_text("8 to 200 characters", timeout=WAIT)
    phone.fill("#choose input[name=password]", "river-card-7")
    phone.screenshot(path=str(screenshots / "lobby-choose-password-390x844.png"))
    phone.click("#choose button[type=submit]")
    phone.wait_for_url(f"{live_server.url}/lobby", timeout=WAIT)

    card = phone.locator(f'.t-card[data-stream="{stream}"]')
    expect(card.locator("h3")).to_have_text("Thursday club night", timeout=WAIT)
    expect(card.locator(".t-entrants")).to_have_text("5")
    expect(phone.locator("#who-name")).to_have_text("Ann Lee")
    card.locator("button.t-ask").click()
    expect(card.locator(".t-status")).to_have_text("Asked: waiting for the director", timeout=WAIT)
    phone.screenshot(path=str(screenshots / "lobby-asked-390x844.png"), full_page=True)

    desk = sign_in_page(chromium, live_server, **DESKTOP)
    desk.goto(f"{live_server.url}/t/{stream}")
    request = desk.locator("#seat-requests .sr-item")
    expect(request.locator(".sr-name")).to_have_text("Ann Lee", timeout=WAIT)
    desk.screenshot(path=str(screenshots / "console-seat-request-1280.png"))
    request.locator("button.sr-paid").click()
    expect(desk.locator("#players-body")).to_contain_text("Ann Lee", timeout=WAIT)
    expect(desk.locator("#seat-requests .sr-item")).to_have_count(0, timeout=WAIT)

    # the lobby reads itself again: the approval shows without a reload
    expect(card.locator(".t-status")).to_have_text("Approved: you are registered", timeout=WAIT)
    expect(card.locator(".t-entrants")).to_have_text("6")

    players = console.http.get(f"/api/tournaments/{stream}/director").json()["players"]
    ann = next(p["player_id"] for p in players if p["name"] == "Ann Lee")
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": [ann], "think_seconds": 0.2, "pause_seconds": 1.0},
    )
    phone.reload()
    card = phone.locator(f'.t-card[data-stream="{stream}"]')
    expect(card.locator(".t-seat")).to_contain_text("Table 1", timeout=WAIT)
    expect(card.locator(".t-watch a")).to_have_text("Table 1")
    phone.screenshot(path=str(screenshots / "lobby-your-table-390x844.png"), full_page=True)
    card.locator("a.your-table").click()
    phone.wait_for_url(f"**/t/{stream}/play/{ann}", timeout=WAIT)
    phone.wait_for_selector("#hole .card", timeout=30_000)
    phone.screenshot(path=str(screenshots / "lobby-to-table-390x844.png"))
    assert errors == []


def test_a_passkey_added_on_the_phone_signs_in_without_a_password(
    live_server: LiveServer, chromium: Any, screenshots: Path
) -> None:
    """A virtual authenticator (Chromium's WebAuthn domain) stands in for the phone's; the page
    is opened at ``localhost``, a secure context, as passkeys need."""
    from playwright.sync_api import expect

    console = Console(live_server)
    made = console.http.post(
        "/api/club/players", json={"name": "Cy Park"}, headers={"X-CSRF-Token": console.csrf}
    )
    link = console.post(f"/api/club/players/{made.json()['id']}/signin-link", {})["url"]
    base = live_server.url.replace("127.0.0.1", "localhost")
    context = chromium.new_context(**PHONE)
    phone = context.new_page()
    cdp = context.new_cdp_session(phone)
    cdp.send("WebAuthn.enable")
    options = {
        "protocol": "ctap2",
        "transport": "internal",
        "hasResidentKey": True,
        "hasUserVerification": True,
        "isUserVerified": True,
        "automaticPresenceSimulation": True,
    }
    cdp.send("WebAuthn.addVirtualAuthenticator", {"options": options})
    phone.goto(link.replace("127.0.0.1", "localhost"))
    expect(phone.locator("#choose-name")).to_have_text("Cy Park", timeout=WAIT)
    phone.fill("#choose input[name=password]", "river-card-7")
    phone.click("#choose button[type=submit]")
    phone.wait_for_url(f"{base}/lobby", timeout=WAIT)
    phone.click("#add-passkey")
    expect(phone.locator("#passkey-note")).to_contain_text("Passkey added", timeout=WAIT)
    phone.click("#sign-out")
    expect(phone.locator("#sign-in-link")).to_be_visible(timeout=WAIT)
    phone.goto(f"{base}/signin")
    phone.screenshot(path=str(screenshots / "lobby-sign-in-390x844.png"))
    phone.click("#passkey-signin-button")
    phone.wait_for_url(f"{base}/lobby", timeout=WAIT)
    expect(phone.locator("#who-name")).to_have_text("Cy Park", timeout=WAIT)
