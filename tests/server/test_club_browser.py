"""The door's type-ahead in a real browser (issue 28): a returning player recorded last week
is found by part of their surname, chosen, and registered with their club record: the entry
carries their club id and the record's name, nothing typed by hand."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import LiveServer
from tests.server.test_console import open_console

from pitboss.service.club import ClubService


@pytest.fixture
def phone(chromium: Any, live_server: LiveServer) -> Iterator[Any]:
    page = open_console(chromium, live_server, viewport={"width": 390, "height": 844})
    yield page
    assert not page.js_errors
    page.context.close()


def test_a_returning_player_is_found_by_part_of_a_name_and_registered_with_their_record(
    phone: Any, live_server: LiveServer, screenshots: Path
) -> None:
    club = ClubService(live_server.app.state.hub.store)
    seen = club.add("Siobhán Ó Dálaigh", display_name="Shiv", membership="M-1017")
    club.add("Sam Dale")
    phone.click("nav.tabs [data-tab=door]")
    phone.fill("#register-form input[name=name]", "dala")
    match = phone.locator("#club-matches .club-match").first
    match.wait_for(state="visible", timeout=10_000)
    assert "Siobhán Ó Dálaigh" in match.inner_text()
    phone.screenshot(path=str(screenshots / "club_typeahead_phone.png"), full_page=False)
    match.click()
    chosen = phone.locator("#club-chosen")
    chosen.wait_for(state="visible")
    assert "Returning player: Siobhán Ó Dálaigh" in chosen.inner_text()
    phone.click("#register-form button[type=submit]")
    phone.wait_for_function(
        "() => PitbossConsole.payload().players.some(p => p.name === 'Siobhán Ó Dálaigh')",
        timeout=10_000,
    )
    stream = phone.evaluate("document.body.dataset.stream")
    state = live_server.app.state.hub.tournament(stream).state
    (entry,) = state.players.values()
    assert entry.club_player_id == seen.club_player_id
    chosen.wait_for(state="hidden", timeout=10_000)  # the next person starts afresh


def test_a_persons_private_details_are_erased_from_their_page_on_request(
    phone: Any, live_server: LiveServer, screenshots: Path
) -> None:
    """THC 1, issue 28: the director erases a person's private details from their page; the
    record stays and the details are gone from the private store."""
    club = ClubService(live_server.app.state.hub.store)
    ann = club.add("Ann Erasmus")
    club.set_private_details(ann.club_player_id, {"email": "ann@example.org"})
    assert club.private_details(ann.club_player_id).get("email") == "ann@example.org"
    phone.goto(f"{live_server.url}/club/players/{ann.club_player_id}")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.click("#erase-details")
    phone.locator("#erase-note", has_text="Private details erased.").wait_for(timeout=10_000)
    phone.screenshot(path=str(screenshots / "club_player_page_phone.png"), full_page=True)
    assert club.private_details(ann.club_player_id).get("email") is None
    assert club.player(ann.club_player_id).name == "Ann Erasmus"
