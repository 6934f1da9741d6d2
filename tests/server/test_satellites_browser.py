"""A satellite's ticket at the target's door, in a real browser (issue 29): the satellite
chosen, its winner's ticket picked, the entry registered with no money taken; the satellite's
Money tab shows its seat to the target, the ticket used, and both books agreeing."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.conftest import SCREENSHOTS, LiveServer, sign_in_page
from tests.service.satellite_nights import satellite_and_target


@pytest.fixture
def laptop(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    # "sat" played to its seat; its players walked in (no club record yet)
    satellite_and_target(live_server.app.state.hub.service, club=False)
    page = sign_in_page(chromium, live_server, viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    assert not errors
    page.context.close()


def _console(page: Any, server: LiveServer, stream: str) -> None:
    page.goto(f"{server.url}/t/{stream}")
    page.wait_for_selector("body[data-live=connected]")


def test_the_door_registers_a_satellite_winner_with_their_ticket_and_no_money(
    laptop: Any, live_server: LiveServer
) -> None:
    page = laptop
    _console(page, live_server, "main")
    page.click("nav.tabs [data-tab=door]")
    page.click("#reg-ticket summary")
    page.wait_for_selector("#ticket-satellite option[value=sat]", state="attached")
    page.select_option("#ticket-satellite", "sat")
    page.wait_for_selector("#ticket-id option[value=T1]", state="attached")
    page.select_option("#ticket-id", "T1")
    winner = page.input_value("#register-form input[name=name]")
    assert winner  # the winner's name, from the satellite's tickets
    button = page.locator("#register-form button[type=submit]")
    assert button.inner_text() == "Register with the ticket (no money)"
    button.click()
    receipt = page.locator("#receipt")
    receipt.wait_for(state="visible")
    page.wait_for_function(
        "document.querySelector('#r-paid').textContent.includes('by ticket T1 of Monday')"
    )
    assert winner in receipt.inner_text()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "satellite-door-ticket.png"), full_page=True)

    _console(page, live_server, "sat")
    page.click("nav.tabs [data-tab=money]")
    page.wait_for_function(
        "document.querySelector('#satellite-books').textContent.includes('Both books agree')",
        timeout=10_000,
    )
    tickets = page.locator("#satellite-tickets").inner_text()
    assert "T1" in tickets
    assert f"used by {winner}" in tickets
    assert "for Main Event" in page.locator("#satellite-target").inner_text()
    assert "Seat to Main Event" in page.locator("#payouts-body").inner_text()
    page.screenshot(path=str(SCREENSHOTS / "satellite-money-tab.png"), full_page=True)
