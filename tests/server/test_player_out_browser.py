"""A player moved and then knocked out within the move notice's time (issue 31): their page
said "You have moved" above "You are out" (a seat they no longer have). Once out, the move
notice goes and the page says they are out. Chromium at 390x844, one server for the module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.conftest import LiveServer, TestClock, serving, signed_in_http
from tests.server.test_bounty_screens_browser import PHONE, WAIT_MS, Night, _page

from pitboss.store import open_store


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with (
        open_store(tmp_path_factory.mktemp("out") / "night.db") as store,
        serving(store, TestClock()) as served,
    ):
        yield served


@pytest.fixture
def night(server: LiveServer) -> Iterator[Night]:
    with signed_in_http(server, timeout=20) as (http, csrf):
        yield Night(server, http, csrf)


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
