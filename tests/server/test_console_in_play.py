"""The director's console shows every table's hand in progress (issues 14 and 16): the hands
the software deals, as the public table view sees them (no hole card: the director is not a
player), with who is to act and the time left, and a pause per table or for all of them; and
the hand a dealer records, as the dealer's device shows it (pots, who acts and the call, the
last ruling)."""

from __future__ import annotations

import time
from typing import Any

from fastapi import FastAPI
from tests.server.conftest import Director
from tests.server.test_live_rooms import cards_in, dealt_tournament, start


def in_play(director: Director, stream: str) -> dict[str, Any]:
    response = director.client.get(f"/api/tournaments/{stream}/hands/in-play")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_the_console_sees_each_dealt_tables_hand_and_pauses_one_or_all(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_tournament(app, director, 12, seconds=30)
    start(director, stream, browser_players=["p01"], think_seconds=0.05, pause_seconds=0)
    deadline = time.monotonic() + 20
    seen: dict[int, dict[str, Any]] = {}
    while time.monotonic() < deadline and len(seen) < 2:
        for table in in_play(director, stream)["tables"]:
            if table["in_play"] and table["to_act"] is not None:
                seen[table["table"]] = table
        time.sleep(0.02)
    assert sorted(seen) == [1, 2]
    for table in seen.values():
        assert table["source"] == "dealt"
        assert table["hand_id"]
        assert table["pot"] > 0  # the blinds at least
        assert table["to_act"]["name"].startswith("Player ")
        assert table["to_act"]["deadline"] > 0
        assert table["players_in"] >= 2
    # no hole card reaches the director: only the board's cards and cards shown
    for table in in_play(director, stream)["tables"]:
        assert cards_in(table) <= set(table.get("board") or []), table

    director.post(f"/api/tournaments/{stream}/dealing/pause", json={"table": 2})
    tables = {t["table"]: t for t in in_play(director, stream)["tables"]}
    assert tables[2]["paused"] is True
    assert tables[1]["paused"] is False
    director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
    assert all(t["paused"] for t in in_play(director, stream)["tables"])
    director.client.cookies.clear()
    assert director.client.get(f"/api/tournaments/{stream}/hands/in-play").status_code == 401


def test_the_console_sees_the_hand_a_dealer_records(director: Director) -> None:
    stream = director.create("Dealer night", preset="slpt")
    for i in range(1, 5):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    table = in_play(director, stream)["tables"][0]
    assert table["in_play"] is False
    director.command(stream, {"type": "start_hand", "hand_id": "t1-h1", "table": 1})
    table = in_play(director, stream)["tables"][0]
    assert table["source"] == "recorded"
    assert table["hand_id"] == "t1-h1"
    actor = table["to_act"]
    assert actor is not None
    assert actor["to_call"] > 0  # facing the big blind
    blinds = table["pot"]
    director.command(
        stream,
        {"type": "record_dealer_input", "table": 1, "seat": actor["seat"], "declaration": "fold"},
    )
    table = in_play(director, stream)["tables"][0]
    assert table["pot"] == blinds
    assert table["players_in"] == 3
    assert table["last_ruling"]
    assert table["to_act"]["seat"] != actor["seat"]
