"""The console without typed JSON (issue 24), in a real browser: every action a director takes
on a night has a button or a form (withdrawals with the house's refund, THC 38 and 39, the
books closed, a registration edited), a player found by typing part of a name at the door,
the tables and the counter, private details opened on demand only (THC 1), questions asked
before what cannot be undone lightly, and no raw code before a person."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, sign_in_page
from tests.server.test_console import open_console, register, seq_after, start_with

DETAILS = {
    "address": "77 Qzxv Lane, Louisville KY",
    "email": "qzxv.ann@private.example",
    "phone": "502-555-0177",
    "national_id": "QZXV-11-2222",
}


@pytest.fixture
def laptop(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    page = open_console(chromium, live_server, viewport={"width": 1280, "height": 800})
    yield page
    assert not page.js_errors
    page.context.close()


def seq(page: Any) -> int:
    return int(page.evaluate("PitbossConsole.payload().seq"))


def player(page: Any, pid: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(
        "pid => PitbossConsole.payload().players.find(p => p.player_id === pid)", pid
    )
    return found


def api(page: Any, command: dict[str, Any]) -> None:
    """A command sent as the console sends it (for the set-up steps a test is not about)."""
    before = seq(page)
    page.evaluate(
        """cmd => Pitboss.request("POST",
            `/api/tournaments/${document.body.dataset.stream}/commands`, cmd)""",
        command,
    )
    page.wait_for_function(f"PitbossConsole.payload().seq > {before}")


def find_at_door(page: Any, typed: str, pick: str) -> None:
    page.click("nav.tabs [data-tab=door]")
    page.fill("#door-search", typed)
    page.click(f"#door-find .finds li:has-text('{pick}')")
    page.locator("#player-panel").wait_for(state="visible")


def answer(page: Any, yes: bool) -> str:
    """The question on screen, answered; its text."""
    box = page.locator(".confirm")
    box.wait_for(state="visible")
    text = str(box.locator("p").inner_text())
    box.locator("[data-answer=yes]" if yes else "[data-answer=no]").click()
    box.wait_for(state="detached")
    return text


def shows(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, want]) => { const el = document.querySelector(sel);"
        " return !!el && !el.hidden && el.textContent.includes(want); }",
        arg=[selector, text],
        timeout=10_000,
    )


# --- the door ---------------------------------------------------------------------------------


def test_a_player_withdraws_before_the_start_with_the_houses_refund_once_confirmed(
    laptop: Any,
) -> None:
    for name in ("Ann Lee", "Bo Diddley", "Cy Young"):
        register(laptop, name)
    find_at_door(laptop, "diddl", "Bo Diddley")
    laptop.click("#pp-withdraw")
    question = answer(laptop, yes=False)
    assert "Withdraw Bo Diddley before the start, with a refund of $100" in question
    assert player(laptop, "p002")["status"] == "active"  # cancelled: nothing sent
    before = seq(laptop)
    laptop.click("#pp-withdraw")
    answer(laptop, yes=True)
    laptop.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    assert player(laptop, "p002")["status"] == "withdrawn"
    assert "Bo Diddley withdrew before the start: refunded $100" in laptop.inner_text("#happened")
    row = laptop.locator("#players-body tr[data-player=p002]")
    assert "refunded" in row.inner_text()  # not shown as paid
    assert "$100" not in row.locator("td.num").nth(1).inner_text()
    door = laptop.locator("#door-taken-in td").inner_text()
    laptop.click("nav.tabs [data-tab=money]")
    assert laptop.locator("#money-taken-in td").inner_text() == door == "$200"


def test_a_name_already_registered_is_asked_about_before_it_is_registered_again(
    laptop: Any,
) -> None:
    register(laptop, "Ann Lee")
    laptop.fill("#register-form input[name=name]", "ann  lee")
    laptop.click("#register-form button[type=submit]")
    question = answer(laptop, yes=False)
    assert "Already registered: Ann Lee (p001" in question
    assert "same person twice" in question
    assert laptop.evaluate("PitbossConsole.payload().players.length") == 1
    before = seq(laptop)
    laptop.click("#register-form button[type=submit]")
    answer(laptop, yes=True)  # two people may share a name
    laptop.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    assert laptop.evaluate("PitbossConsole.payload().players.length") == 2


def test_a_registration_is_edited_and_a_name_another_player_has_is_refused(
    laptop: Any, screenshots: Path
) -> None:
    register(laptop, "Ann Le", **DETAILS)
    register(laptop, "Bo Diddley")
    find_at_door(laptop, "ann", "Ann Le")
    laptop.click("#pp-edit")
    laptop.fill("#edit-form input[name=name]", "Bo Diddley")
    laptop.click("#edit-form button[type=submit]")
    refusal = laptop.locator("#edit-form .error")
    refusal.wait_for(state="visible")
    assert "another player is already registered as Bo Diddley" in refusal.inner_text()
    assert refusal.get_attribute("data-code") == "name_taken"
    assert player(laptop, "p001")["name"] == "Ann Le"

    laptop.fill("#edit-form input[name=name]", "")
    before = seq(laptop)
    laptop.click("#edit-form button[type=submit]")
    assert refusal.inner_text() == "Fill in the name: nothing was sent."
    assert seq(laptop) == before

    laptop.fill("#edit-form input[name=name]", "Ann Lee")
    laptop.click("#edit-private summary")
    phone = laptop.locator("#edit-form input[name='details.phone']")
    laptop.wait_for_function(
        "document.querySelector(\"#edit-form input[name='details.phone']\").value !== ''"
    )
    assert phone.input_value() == DETAILS["phone"]  # loaded, so saved as shown
    phone.fill("502-555-0199")
    laptop.screenshot(path=str(screenshots / "console-edit-1280x800.png"))
    laptop.click("#edit-form button[type=submit]")
    laptop.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    laptop.locator("#edit-form").wait_for(state="hidden")
    assert player(laptop, "p001")["name"] == "Ann Lee"
    assert "Ann Le is now registered as Ann Lee" in laptop.inner_text("#happened")
    laptop.click("#pp-receipt")
    assert "Ann Lee" in laptop.inner_text("#receipt")
    laptop.click("#pp-details")
    shows(laptop, "#pp-details-list", "502-555-0199")
    assert DETAILS["address"] in laptop.inner_text("#pp-details-list")


def test_private_details_open_on_demand_and_no_frame_carries_them_thc_1(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = sign_in_page(chromium, live_server, viewport={"width": 390, "height": 844})
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda f: frames.append(f)))
    page.fill("#create input[name=name]", "Tuesday charity")
    page.select_option("#create select[name=preset]", "ky-charity")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.wait_for_selector("body[data-live=connected]")
    register(page, "Ann Lee", **DETAILS)
    register(page, "Bo Diddley")
    row = page.locator("#players-body tr[data-player=p001]")
    assert "details" in row.inner_text()  # which are filled, never what
    page.click("#players-body tr[data-player=p001] [data-open]")
    page.click("#pp-details")
    shows(page, "#pp-details-list", DETAILS["national_id"])
    page.locator("#player-panel").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "console-details-390x844.png"))
    page.click("#pp-details-hide")
    assert DETAILS["national_id"] not in page.content()  # gone from the page once closed
    page.click("#pp-withdraw")
    page.locator(".confirm").wait_for()
    page.locator(".confirm").scroll_into_view_if_needed()
    page.screenshot(path=str(screenshots / "console-question-390x844.png"))
    answer(page, yes=False)
    start_with(page, ("Cy Young",))
    assert frames
    for frame in frames:
        text = frame if isinstance(frame, str) else frame.decode()
        payload = json.loads(text)
        assert payload["kind"] == "director"
        for value in DETAILS.values():
            assert value not in text
        assert "qzxv" not in text.lower()
    page.context.close()


def test_the_dealer_shortage_refund_names_who_is_refunded_before_it_is_made_thc_39(
    chromium: Any, live_server: LiveServer
) -> None:
    page = sign_in_page(chromium, live_server, viewport={"width": 1280, "height": 800})
    page.fill("#create input[name=name]", "Louisiana charity")
    page.select_option("#create select[name=preset]", "thc")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.wait_for_selector("body[data-live=connected]")
    details = {
        **DETAILS,
        "date_of_birth": "1970-01-02",
        "driver_licence": "D1",
        "age_verified": True,
    }
    for i in range(1, 14):
        api(page, {"type": "register_player", "player_id": f"p{i:03d}", "name": f"Dee {i:02d}",
                   "details": details})  # fmt: skip
    page.click("nav.tabs [data-tab=door]")
    form = page.locator("#dealer-refund-form")
    form.wait_for(state="visible")
    before = seq(page)
    page.click("#dealer-refund-form button[type=submit]")
    assert form.locator(".error").inner_text() == (
        "Fill in the tables with a dealer: nothing was sent."
    )
    page.fill("#dealer-refund-form input[name=tables_with_dealers]", "2")
    page.click("#dealer-refund-form button[type=submit]")
    shows(page, "#dealer-refund-form .error", "nobody needs a refund")
    assert seq(page) == before
    page.fill("#dealer-refund-form input[name=tables_with_dealers]", "1")
    page.click("#dealer-refund-form button[type=submit]")
    question = answer(page, yes=True)
    assert "the 2 latest registered get ticket and fee back (THC 39): Dee 12, Dee 13." in question
    page.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    assert [player(page, f"p{i:03d}")["status"] for i in (11, 12, 13)] == [
        "active", "withdrawn", "withdrawn",
    ]  # fmt: skip
    page.context.close()


# --- in play ----------------------------------------------------------------------------------


NAMES = ("Ann Lee", "Bo Diddley", "Cy Young", "Dot Marsh", "Eve Stone", "Flo Gray")


def test_a_bust_is_recorded_by_typing_part_of_a_name_and_the_form_starts_afresh(
    laptop: Any, screenshots: Path
) -> None:
    start_with(laptop, NAMES)
    laptop.click("nav.tabs [data-tab=tables]")
    laptop.click("#bust-form button[type=submit]")
    refusal = laptop.locator("#bust-form .error")
    assert "Tick who went out" in refusal.inner_text()
    laptop.fill("#bust-search", "mar")
    laptop.locator("#bust-find .finds li").first.wait_for()
    laptop.screenshot(path=str(screenshots / "console-bust-search-1280x800.png"))
    laptop.keyboard.press("Enter")
    dot = player(laptop, "p004")
    assert laptop.locator("#bust-table").input_value() == str(dot["table"])
    assert laptop.locator("#bust-players input[value=p004]").is_checked()
    winner = next(
        p["player_id"]
        for p in laptop.evaluate("PitbossConsole.payload().players")
        if p["table"] == dot["table"] and p["player_id"] != "p004"
    )
    laptop.select_option("#bust-winner", winner)
    seq_after(laptop, "#bust-form button[type=submit]")
    assert player(laptop, "p004")["out"]
    assert laptop.locator("#bust-winner").input_value() == ""  # chosen afresh for the next one
    assert not laptop.locator("#bust-players input:checked").count()

    laptop.click("nav.tabs [data-tab=counter]")
    laptop.fill("#counter-search", "dot")
    laptop.click("#counter-find .finds li:has-text('Dot Marsh')")
    assert laptop.locator("#counter-player").input_value() == "p004"
    assert "Re-buy: eligible" in laptop.inner_text("#counter-eligibility")


def test_a_split_pot_bust_names_every_winner_who_share_the_chips(
    laptop: Any, screenshots: Path
) -> None:
    """Issue 29: the winners of a split pot are all named (``shared_with``): they share the
    chips, and in a bounty event the bounty."""
    start_with(laptop, NAMES)
    laptop.click("nav.tabs [data-tab=tables]")
    dot = player(laptop, "p004")
    others = [
        p
        for p in laptop.evaluate("PitbossConsole.payload().players")
        if p["table"] == dot["table"] and p["player_id"] != "p004"
    ]
    first, second = others[0], others[1]
    laptop.select_option("#bust-table", str(dot["table"]))
    laptop.check("#bust-players input[value=p004]")
    assert laptop.locator("#bust-split").is_hidden()  # asked once a winner is chosen
    laptop.select_option("#bust-winner", first["player_id"])
    assert not laptop.locator(f"#bust-shared input[value={first['player_id']}]").count()
    laptop.check(f"#bust-shared input[value={second['player_id']}]")
    laptop.screenshot(path=str(screenshots / "console-bust-split-pot-1280x800.png"))
    seq_after(laptop, "#bust-form button[type=submit]")
    assert player(laptop, "p004")["out"]
    half = dot["chips"] // 2
    assert player(laptop, first["player_id"])["chips"] == first["chips"] + half
    assert player(laptop, second["player_id"])["chips"] == second["chips"] + half
    assert not laptop.locator("#bust-shared input:checked").count()  # afresh for the next one


def test_a_player_withdraws_during_play_once_confirmed_thc_38(laptop: Any) -> None:
    start_with(laptop, NAMES)
    laptop.click("nav.tabs [data-tab=floor]")
    laptop.click("#leave-form button[type=submit]")
    assert "Fill in the player" in laptop.inner_text("#leave-form .error")
    laptop.select_option("#leave-form select[name=player_id]", "p002")
    laptop.click("#leave-form button[type=submit]")
    question = answer(laptop, yes=False)
    assert "Bo Diddley withdraws from play: their 4,000 chips go back to the bank" in question
    assert not player(laptop, "p002")["out"]
    before = seq(laptop)
    laptop.click("#leave-form button[type=submit]")
    answer(laptop, yes=True)
    laptop.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    assert player(laptop, "p002")["out"]


def test_jump_to_level_starts_at_the_current_level_and_asks_before_going_back(
    laptop: Any,
) -> None:
    start_with(laptop, NAMES[:2])
    laptop.click("nav.tabs [data-tab=clock]")
    assert laptop.locator("#jump-level").input_value() == "1"
    laptop.select_option("#jump-level", "3")
    seq_after(laptop, "#jump-form button[type=submit]")
    laptop.wait_for_function("document.querySelector('#k-label').textContent === 'Level 3'")
    assert laptop.locator("#jump-level").input_value() == "3"  # where the clock now is
    laptop.select_option("#jump-level", "2")
    laptop.click("#jump-form button[type=submit]")
    assert "Go back from level 3 to level 2?" in answer(laptop, yes=False)
    assert laptop.evaluate("PitbossConsole.payload().clock.level") == 3


def test_the_books_are_closed_once_asked_after_the_last_prize(laptop: Any) -> None:
    start_with(laptop, NAMES[:2])
    laptop.click("nav.tabs [data-tab=money]")
    assert laptop.locator("#close-books").is_hidden()
    assert "once play is over" in laptop.inner_text("#books-state")
    api(laptop, {"type": "propose_deal", "deal_id": "d1", "players": ["p001", "p002"],
                 "method": "equal"})  # fmt: skip
    for pid in ("p001", "p002"):
        api(laptop, {"type": "consent_to_deal", "deal_id": "d1", "player_id": pid})
    api(laptop, {"type": "approve_deal", "deal_id": "d1"})
    shows(laptop, "#books-state", "Still to pay before closing: Ann Lee")
    before = seq(laptop)
    laptop.click("#close-books")
    answer(laptop, yes=True)
    shows(laptop, "#books-error", "prizes are still owed: Ann Lee $")
    assert "pay them before closing the books" in laptop.inner_text("#books-error")
    assert seq(laptop) == before
    while laptop.locator("#results-body [data-pay]").count():
        seq_after(laptop, "#results-body [data-pay] >> nth=0")
    shows(laptop, "#books-state", "Every prize is paid")
    laptop.click("#close-books")
    assert "Close the books?" in answer(laptop, yes=True)
    laptop.wait_for_function("PitbossConsole.payload().books_closed")
    shows(laptop, "#books-state", "The books are closed")


# --- words, not codes -------------------------------------------------------------------------


def test_no_raw_code_reaches_the_director(
    chromium: Any, live_server: LiveServer, laptop: Any
) -> None:
    register(laptop, "Ann Lee")
    laptop.click("nav.tabs [data-tab=counter]")
    laptop.select_option("#counter-player", "p001")
    laptop.click("#counter-rebuy")
    refusal = laptop.locator("#counter-form .error")
    refusal.wait_for(state="visible")
    assert refusal.get_attribute("data-code") == "rebuy_closed"
    assert "[" not in refusal.inner_text()
    assert "rebuy_closed" not in laptop.inner_text("#happened")
    laptop.click("nav.tabs [data-tab=log]")
    laptop.locator("#log-list li").first.wait_for()
    assert "register_player" not in laptop.inner_text("#log-list")
    assert laptop.get_attribute("#help-link", "href") == "/guide"

    context = chromium.new_context()
    login = context.new_page()
    login.goto(f"{live_server.url}/login")
    login.fill("input[name=password]", "not-the-password")
    login.click("button[type=submit]")
    error = login.locator(".error")
    error.wait_for(state="visible")
    assert error.inner_text() == "wrong password"
    context.close()
