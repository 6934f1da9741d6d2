"""Chip counts through the server (issue 24): the director's console and a table's device
count a table; the console's view shows each table's count and what it found, and a deal by
chips with each player's stack, share and prize (KY 11) and the tables still to count."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore

HOUR = 3_600_000


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    """conftest's app without following other writers (nothing here writes from outside)."""
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def _ky_night(director: Director, players: int = 14) -> str:
    stream = director.create("Counted night", "ky-charity")
    for i in range(players):
        director.command(
            stream,
            {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i:02d}"},
        )
    director.command(stream, {"type": "start_tournament"})
    return stream


def _view(director: Director, stream: str) -> dict[str, Any]:
    view: dict[str, Any] = director.client.get(f"/api/tournaments/{stream}/director").json()
    return view


def _stacks(view: dict[str, Any], table: int, **changed: int) -> list[dict[str, Any]]:
    return [
        {"player_id": p["player_id"], "chips": changed.get(p["player_id"], p["chips"])}
        for p in view["players"]
        if p["table"] == table and not p["out"]
    ]


def test_the_console_shows_each_tables_count_and_what_it_found(director: Director) -> None:
    stream = _ky_night(director)
    view = _view(director, stream)
    tables = {t["table"]: t for t in view["counts"]["tables"]}
    assert tables[1]["dealt_by_a_person"] is True
    assert tables[1]["counted_at"] is None
    stacks = _stacks(view, 1)
    first = stacks[0]["player_id"]
    answer = director.command(
        stream,
        {"type": "count_chips", "table": 1, "stacks": _stacks(view, 1, **{first: 4_250})},
    )
    assert "250 chips found" in answer["events"][0]["text"]
    counts = {t["table"]: t for t in _view(director, stream)["counts"]["tables"]}
    assert counts[1]["difference"] == 250
    assert counts[1]["counted_by"] == "the director"
    assert counts[1]["counted_at"] is not None
    assert _view(director, stream)["counts"]["chips_found"] == 250


def test_a_tables_device_counts_its_own_table_and_the_log_says_so(
    app: FastAPI, director: Director
) -> None:
    stream = _ky_night(director)
    view = _view(director, stream)
    token = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    with TestClient(app) as device:
        headers = {"X-Table-Token": token}
        pretend = {
            "type": "count_chips",
            "table": 1,
            "stacks": _stacks(view, 1),
            "counted_by": "the director",
        }
        answer = device.post(
            f"/api/tournaments/{stream}/tables/1/commands", json=pretend, headers=headers
        )
        assert answer.status_code == 200, answer.text
        assert "counted by table 1's device" in answer.json()["events"][0]["text"]
        other = {**pretend, "table": 2, "stacks": _stacks(view, 2)}
        refused = device.post(
            f"/api/tournaments/{stream}/tables/1/commands", json=other, headers=headers
        )
        assert refused.status_code == 403
        assert refused.json()["code"] == "not_this_table"


def test_the_forced_chop_shows_stack_share_and_prize_and_the_tables_to_count(
    director: Director, clock: TestClock
) -> None:
    stream = _ky_night(director)
    clock.advance(6 * HOUR + 60_000)  # KY 11: six hours
    director.command(stream, {"type": "tick"})
    view = _view(director, stream)
    assert view["phase"] == "stopped"
    left = [p["player_id"] for p in view["players"] if not p["out"]]
    director.command(
        stream, {"type": "propose_deal", "deal_id": "ky11", "players": left, "method": "chip"}
    )
    (deal,) = _view(director, stream)["deals"]
    assert deal["by_chips"] is True
    assert deal["tables_to_count"] == [1, 2]
    refused = director.post(
        f"/api/tournaments/{stream}/commands", json={"type": "approve_deal", "deal_id": "ky11"}
    )
    assert refused.status_code == 422
    assert refused.json()["code"] == "deal_needs_count"
    for table, extra in ((1, 8_000), (2, 0)):
        stacks = _stacks(_view(director, stream), table)
        stacks[0]["chips"] += extra
        director.command(stream, {"type": "count_chips", "table": table, "stacks": stacks})
    (deal,) = _view(director, stream)["deals"]
    assert deal["tables_to_count"] == []
    assert sum(deal["stacks"]) == 14 * 4_000 + 8_000
    assert deal["percent"][deal["stacks"].index(12_000)] == "18.8%"  # 12,000 of 64,000
    assert len(deal["names"]) == len(deal["amounts_cents"]) == 14
    director.command(stream, {"type": "approve_deal", "deal_id": "ky11"})
    assert _view(director, stream)["phase"] == "finished"
