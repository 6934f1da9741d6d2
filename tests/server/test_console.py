"""The director's console in a real browser: the pieces (refusals explained next to the form,
undo showing its plan before it is confirmed, a receipt at the door)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer, sign_in_page


def open_console(chromium: Any, live_server: LiveServer, **options: Any) -> Any:
    """A signed-in console page on a new KY tournament; JS errors fail the test."""
    page = sign_in_page(chromium, live_server, **options)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.fill("#create input[name=name]", "Tuesday charity")
    page.select_option("#create select[name=preset]", "ky-charity")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.wait_for_selector("body[data-live=connected]")
    page.js_errors = errors
    return page


@pytest.fixture
def console(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    page = open_console(chromium, live_server, viewport={"width": 1366, "height": 768})
    yield page
    assert not page.js_errors
    page.context.close()


def register(page: Any, name: str, **details: str) -> None:
    """Register a player at the door through the form; wait for the list to show them."""
    page.click("nav.tabs [data-tab=door]")
    count = page.locator("#players-body tr").count()
    page.fill("#register-form input[name=name]", name)
    if details:
        page.click("#register-form details.private summary")
        for field, value in details.items():
            page.fill(f"#register-form input[name='details.{field}']", value)
    page.click("#register-form button[type=submit]")
    page.wait_for_function(f"document.querySelectorAll('#players-body tr').length === {count + 1}")


def test_door_registers_with_private_details_and_shows_a_receipt(console: Any) -> None:
    register(console, "Ann Lee", email="ann@example.org", phone="555-0100")
    receipt = console.locator("#receipt")
    receipt.wait_for(state="visible")
    text = receipt.inner_text()
    for shown in ("Ann Lee", "p001", "$100", "4,000"):
        assert shown in text
    assert "Ann Lee registered" in console.locator("#happened").inner_text()
    assert "$100" in console.locator("#money-taken").inner_text()


def test_an_ineligible_rebuy_is_refused_with_the_reason_next_to_the_form(console: Any) -> None:
    register(console, "Ann Lee")
    console.click("nav.tabs [data-tab=counter]")
    console.select_option("#counter-player", "p001")
    eligibility = console.locator("#counter-eligibility")
    assert "Re-buy: not now (re-buys are only sold while play is on)" in eligibility.inner_text()
    console.click("#counter-rebuy")
    refusal = console.locator("#counter-form .error")
    refusal.wait_for(state="visible")
    assert "re-buys are only sold while play is on" in refusal.inner_text()
    assert refusal.get_attribute("data-code") == "rebuy_closed"
    assert "[" not in refusal.inner_text()  # no raw code reaches the director
    assert "Refused" in console.locator("#happened").inner_text()


def test_undo_shows_its_plan_and_changes_nothing_until_confirmed(console: Any) -> None:
    register(console, "Ann Lee")
    register(console, "Bo Diddley")
    console.click("nav.tabs [data-tab=log]")
    console.locator("#log-list li").first.wait_for()
    assert "Bo Diddley registered" in console.locator("#log-list").inner_text()
    console.click("#undo-plan")
    plan = console.locator("#cursor-plan")
    plan.wait_for(state="visible")
    assert "Bo Diddley registered (paid $100" in plan.inner_text()  # in words, as the log
    assert "register_player" not in plan.inner_text()
    assert "Undo takes out this batch" in plan.inner_text()
    assert console.evaluate("PitbossConsole.payload().players.length") == 2
    before = console.evaluate("PitbossConsole.payload().seq")
    console.click("#cursor-confirm")
    console.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    names = console.evaluate("PitbossConsole.payload().players.map(p => p.name)")
    assert names == ["Ann Lee"]
    console.locator("#log-list li.undone").first.wait_for()
    console.click("#redo-plan")
    console.locator("#cursor-plan").wait_for(state="visible")
    assert "Redo puts back" in console.locator("#cursor-title").inner_text()
    console.click("#cursor-confirm")
    console.wait_for_function("PitbossConsole.payload().players.length === 2")


def test_a_table_device_link_and_its_qr_code_are_on_the_console(console: Any) -> None:
    for name in ("Ann Lee", "Bo Diddley", "Cy Young"):
        register(console, name)
    console.click("nav.tabs [data-tab=tables]")
    before = console.evaluate("PitbossConsole.payload().seq")
    console.click("#draw-seats")
    console.wait_for_function(f"PitbossConsole.payload().seq > {before}")
    console.click("nav.tabs [data-tab=links]")
    console.click("#devices details[data-device='1'] summary")
    link = console.locator("#devices details[data-device='1'] .device-url a")
    link.wait_for()
    console.wait_for_function(
        "document.querySelector(\"#devices details[data-device='1'] .device-url a\").href"
        ".includes('token=')"
    )
    assert "/table/1?token=" in str(link.get_attribute("href"))
    src = console.get_attribute("#devices details[data-device='1'] img", "src")
    assert str(src).endswith("/tables/1/qr.svg")
    qr = console.evaluate("src => fetch(src).then(r => r.text())", src)
    assert qr.startswith("<svg")
    hrefs = console.eval_on_selector_all("#tab-links a[href]", "els => els.map(a => a.href)")
    for end in ("/clock", "/seating", "/results", "/export/entries.csv", "/export/ledger.csv"):
        assert any(h.endswith(end) for h in hrefs), end


def test_the_console_needs_the_directors_session(chromium: Any, live_server: LiveServer) -> None:
    context = chromium.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/t/anything")
    assert "/login" in page.url or "/setup" in page.url
    context.close()


def seq_after(page: Any, selector: str) -> None:
    """Click ``selector`` and wait for the console to render the next payload."""
    before = page.evaluate("PitbossConsole.payload().seq")
    page.click(selector)
    page.wait_for_function(f"PitbossConsole.payload().seq > {before}")


def start_with(page: Any, names: tuple[str, ...]) -> None:
    for name in names:
        register(page, name)
    page.click("nav.tabs [data-tab=tables]")
    seq_after(page, "#draw-seats")
    seq_after(page, "#start-tournament")


def test_the_clock_controls_pause_add_time_and_jump(console: Any, live_server: LiveServer) -> None:
    start_with(console, ("Ann Lee", "Bo Diddley"))
    console.click("nav.tabs [data-tab=clock]")
    assert console.locator("#k-label").inner_text() == "Level 1"
    seq_after(console, "#clock-pause")
    console.locator("#clock-resume").wait_for(state="visible")
    assert console.locator("#c-state").inner_text() == "paused"
    assert console.locator("#k-time").inner_text() == "20:00"
    seq_after(console, "#tab-clock [data-send*='\"seconds\":60']")
    console.wait_for_function("document.querySelector('#k-time').textContent === '21:00'")
    console.select_option("#jump-level", "3")
    seq_after(console, "form[data-command=jump_to_level] button[type=submit]")
    console.wait_for_function("document.querySelector('#k-label').textContent === 'Level 3'")
    assert "100/200" in console.locator("#c-blinds").inner_text()
    seq_after(console, "#clock-resume")
    console.locator("#clock-pause").wait_for(state="visible")


def test_a_deal_needs_every_consent_then_the_directors_approval(console: Any) -> None:
    start_with(console, ("Ann Lee", "Bo Diddley", "Cy Young"))
    console.click("nav.tabs [data-tab=money]")
    console.select_option("#deal-method", "equal")
    seq_after(console, "#deal-form button[type=submit]")
    deal = console.locator("#deals .deal")
    deal.wait_for()
    assert "equal" in deal.inner_text()
    console.click("#deals [data-approve]")
    refusal = console.locator("#deals .deal .error")
    refusal.wait_for(state="visible")
    assert refusal.get_attribute("data-code") == "deal_needs_consent"
    for _ in range(3):
        seq_after(console, "#deals [data-consent] >> nth=0")
    seq_after(console, "#deals [data-approve]")
    assert console.evaluate("PitbossConsole.payload().deals[0].approved")
    assert "approved" in console.locator("#deals").inner_text()
    assert console.locator("#results-body [data-pay]").count() == 3


def test_any_command_form_sends_a_command_the_tabs_do_not_have(
    console: Any, screenshots: Path
) -> None:
    register(console, "Ann Lee")
    register(console, "Bo Diddley")
    console.click("nav.tabs [data-tab=log]")
    console.click("#any-command summary")
    console.locator("#any-command-type option[value=withdraw_player]").wait_for(state="attached")
    console.select_option("#any-command-type", "withdraw_player")
    skeleton = console.locator("#any-command-json").input_value()
    assert '"type": "withdraw_player"' in skeleton
    assert '"player_id": ""' in skeleton
    console.fill("#any-command-json", "{not json")
    console.click("#any-command-form button[type=submit]")
    refusal = console.locator("#any-command-form .error")
    refusal.wait_for(state="visible")
    assert refusal.get_attribute("data-code") == "bad_json"
    console.fill("#any-command-json", '{"type": "withdraw_player", "player_id": "p099"}')
    console.click("#any-command-form button[type=submit]")
    console.wait_for_function(
        "document.querySelector('#any-command-form .error').textContent.includes('p099')"
    )
    console.fill("#any-command-json", '{"type": "withdraw_player", "player_id": "p002"}')
    console.click("#any-command-form button[type=submit]")
    console.wait_for_function(
        "document.querySelector('#happened').innerText.includes('Bo Diddley withdrew')"
        " || document.querySelector('#happened').innerText.includes('Bo Diddley withdrawn')"
    )
    assert console.locator("#any-command-form .error").is_hidden()
    console.screenshot(path=str(screenshots / "console-any-command-1366x768.png"))


def test_a_declared_rebuy_shows_as_owed_so_the_director_sells_one_only(console: Any) -> None:
    """THC 1, TDA 27: a re-buy declared at the table (the player's page) is binding; the
    counter lists it and says it is owed, not a second one to sell."""
    register(console, "Ann Lee")
    register(console, "Bo Diddley")
    console.click("nav.tabs [data-tab=tables]")
    console.click("#draw-seats")
    console.locator("#start-tournament").wait_for(state="visible")
    console.click("#start-tournament")
    console.wait_for_function("document.querySelector('#t-phase').dataset.phase === 'running'")
    console.evaluate(
        """() => Pitboss.request(
            "POST", `/api/tournaments/${document.body.dataset.stream}/commands`,
            {type: "declare_rebuy", player_id: "p001"})"""
    )
    console.click("nav.tabs [data-tab=counter]")
    declared = console.locator("#counter-declared")
    declared.wait_for(state="visible")
    assert "Ann Lee" in declared.inner_text()
    assert "Bo Diddley" not in declared.inner_text()
    console.select_option("#counter-player", "p001")
    eligibility = console.locator("#counter-eligibility").inner_text()
    assert "declared at the table and owed" in eligibility
