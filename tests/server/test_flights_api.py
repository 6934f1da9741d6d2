"""A multi-flight event through the server (issue 29): flights named and bagged through the
tournament's command route, Day 2 made from them by ``POST /api/flights/day-two``, the flight's
bags and Day 2's provenance as JSON and on the director's page; the director's session only,
and a refusal in words with nothing written."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import Director


def _flight(director: Director, label: str, players: list[tuple[str, str]]) -> str:
    stream = director.create(f"Spring Classic {label}", "ky-charity")
    director.command(stream, {"type": "open_flight", "event": "Spring Classic", "flight": label})
    for pid, name in players:
        director.command(stream, {"type": "register_player", "player_id": pid, "name": name})
    director.command(stream, {"type": "start_tournament"})
    return stream


def _bag(director: Director, stream: str) -> None:
    view = director.client.get(f"/api/tournaments/{stream}/director").json()
    counts: dict[int, list[dict[str, Any]]] = {}
    for p in view["players"]:
        if p["table"] is not None:
            counts.setdefault(p["table"], []).append(
                {"player_id": p["player_id"], "chips": p["chips"]}
            )
    director.command(
        stream,
        {
            "type": "bag_flight",
            "counts": [{"table": t, "stacks": s, "counted_by": "Dana"} for t, s in counts.items()],
            "early": True,
        },
    )


def _event(director: Director) -> tuple[str, str]:
    a = _flight(director, "Day 1A", [("ann", "Ann Lee"), ("bo", "Bo Chen"), ("cy", "Cy Diaz")])
    _bag(director, a)
    b = _flight(director, "Day 1B", [("ed", "Ed Fox"), ("flo", "Flo Gray")])
    _bag(director, b)
    return a, b


def test_day_2_is_made_from_bagged_flights_and_its_provenance_adds_up(director: Director) -> None:
    a, b = _event(director)
    shown = director.client.get(f"/api/flights/{a}")
    assert shown.status_code == 200, shown.text
    body = shown.json()
    assert (body["flight"], body["bagged"], len(body["bags"])) == ("Day 1A", True, 3)
    assert body["carried_out_cents"] == body["prize_pool_cents"]
    assert {bag["source"] for bag in body["bags"]} == {"counted by Dana"}
    made = director.post(
        "/api/flights/day-two", json={"flights": [a, b], "name": "Spring Classic Day 2"}
    )
    assert made.status_code == 201, made.text
    day_two = made.json()
    assert day_two["players"] == 5
    assert any("Day 2 of Spring Classic made from 2 flights" in line for line in day_two["log"])
    seen = director.client.get(f"/api/flights/{day_two['id']}/provenance").json()
    assert seen["adds_up"] is True
    assert seen["carried_cents"] == seen["carried_in_cents"] == seen["prize_pool_cents"]
    assert sorted(p["flight"] for p in seen["players"]) == ["Day 1A"] * 3 + ["Day 1B"] * 2
    page = director.client.get(f"/t/{day_two['id']}/flight")
    assert page.status_code == 200
    assert "Every number adds up against the flights' own logs." in page.text
    assert "Ann Lee" in page.text
    flight_page = director.client.get(f"/t/{a}/flight")
    assert "The bags went to" in flight_page.text
    assert "Spring Classic Day 2" in flight_page.text
    assert f'href="/t/{a}/flight"' in director.client.get(f"/t/{a}").text  # the console's link


def test_a_day_2_from_a_flight_still_in_play_is_refused_in_words(director: Director) -> None:
    a = _flight(director, "Day 1A", [("ann", "Ann Lee"), ("bo", "Bo Chen")])
    _bag(director, a)
    b = _flight(director, "Day 1B", [("ed", "Ed Fox"), ("flo", "Flo Gray")])
    before = director.client.get(f"/api/flights/{a}").json()
    refused = director.post("/api/flights/day-two", json={"flights": [a, b], "name": "Day 2"})
    assert refused.status_code >= 400
    error = refused.json()
    assert error["code"] == "flight_in_play"
    assert "Day 1B (Spring Classic Day 1B) is still in play" in error["message"]
    assert director.client.get(f"/api/flights/{a}").json() == before  # nothing written


def test_the_flights_pages_and_routes_are_the_directors(director: Director) -> None:
    a, _ = _event(director)
    anonymous = TestClient(director.client.app)
    assert anonymous.get(f"/api/flights/{a}").status_code == 401
    page = anonymous.get(f"/t/{a}/flight", follow_redirects=False)
    assert page.status_code == 303
    made = anonymous.post("/api/flights/day-two", json={"flights": [a], "name": "Day 2"})
    assert made.status_code in (401, 403)
