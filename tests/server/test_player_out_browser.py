"""A player moved and then knocked out within the move notice's time (issue 31): their page
said "You have moved" above "You are out" (a seat they no longer have). Once out, the move
notice goes and the page says they are out. A THC player out while re-buys are open saw no
finishing place (the console said 14th): the place shows, the re-buy offered below it.
Chromium at 390x844, one server for the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.conftest import (
    DETAILS,
    SCREENSHOTS,
    LiveServer,
    TestClock,
    serving,
    signed_in_http,
)
from tests.server.test_bounty_screens_browser import PHONE, WAIT_MS, Night, _name, _page

from pitboss.store import open_store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with (
        open_store(tmp_path_factory.mktemp("out") / "night.db") as store,
        serving(store, TestClock()) as served,
    ):
        yield served


@pytest.fixture(scope="module")
def http(server: LiveServer) -> Iterator[tuple[Any, str]]:
    with signed_in_http(server, timeout=20) as signed_in:  # the password is chosen once
        yield signed_in


@pytest.fixture
def night(server: LiveServer, http: tuple[Any, str]) -> Night:
    return Night(server, *http)


def test_a_player_moved_then_knocked_out_sees_they_are_out_not_the_move(
    chromium: Any, night: Night
) -> None:
    night.start("tda", 12)
    seating = night.public()["seating"]
    mover = seating[0]
    other = next(line for line in seating if line["table"] != mover["table"])
    taken = {(line["table"], line["seat"]) for line in seating}
    seat = next(n for n in range(1, 11) if (other["table"], n) not in taken)
    errors: list[str] = []
    phone = _page(chromium, night.link(mover["player_id"]), errors, **PHONE)
    night.command(
        {
            "type": "move_player",
            "player_id": mover["player_id"],
            "table": other["table"],
            "seat": seat,
        }
    )
    moved = phone.locator("#moved")
    moved.wait_for(state="visible", timeout=WAIT_MS)
    assert moved.inner_text() == f"You have moved: Table {other['table']}, seat {seat}."
    night.bust(mover["player_id"], other["player_id"])
    phone.wait_for_function(
        "document.getElementById('status').textContent.startsWith('You are out')",
        timeout=WAIT_MS,
    )
    assert moved.is_hidden(), "no move notice once the player is out"
    assert not errors


def test_a_thc_player_out_while_re_buys_are_open_sees_their_place_and_the_re_buy_below_it(
    chromium: Any, night: Night
) -> None:
    """Issue 31: the page hid the place while a re-buy was offered; the place stands unless a
    re-buy is declared (THC 1: binding), so it shows, with the offer."""
    night.create("Thursday THC", preset="thc")
    for i in range(1, 15):
        night.command(
            {
                "type": "register_player",
                "player_id": f"p{i:03d}",
                "name": _name(i),
                "details": DETAILS,  # THC 1
            }
        )
    night.command({"type": "draw_seats"})
    night.command({"type": "start_tournament"})
    loser = "p001"
    winner = next(line["player_id"] for line in night.table_of(loser) if line["player_id"] != loser)
    errors: list[str] = []
    phone = _page(chromium, night.link(loser), errors, **PHONE)
    night.bust(loser, winner)
    phone.wait_for_function(
        "document.getElementById('status').textContent.startsWith('You are out')",
        timeout=WAIT_MS,
    )
    status = phone.locator("#status").inner_text()
    assert "You finished 14th." in status
    assert "You may re-buy $50 for 8,000 chips" in status
    offer = phone.locator("#offer-rebuy")
    offer.wait_for(timeout=WAIT_MS)
    assert offer.inner_text() == "Re-buy $50 for 8,000 chips"
    box = phone.locator("#status").bounding_box()
    assert box is not None
    assert box["y"] >= 0  # on the phone's first screen
    assert box["y"] + box["height"] <= 844
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "player-thc-out-place-and-rebuy-390x844.png"))

    night.command({"type": "declare_rebuy", "player_id": loser})  # binding (THC 1)
    phone.locator("#rebuy-declared").wait_for(timeout=WAIT_MS)  # the place is not final
    assert "finished" not in phone.locator("#status").inner_text()
    assert not errors, errors
