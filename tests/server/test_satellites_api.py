"""A satellite and its target over HTTP (issue 29): the target named, the seats shown as "Seat
to <target>" on the payouts and the results, the tickets listed with their use, a ticket
redeemed at the door through the command route with every refusal in the one error shape, and
both ledgers reconciled to the cent."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from tests.server.conftest import SETUP_CODE, Director, TestClock
from tests.server.test_api import assert_error
from tests.tournament.satellite_helpers import satellite_rules, target_rules

from pitboss.ids import PlayerId
from pitboss.rules.preset_toml import format_preset_toml
from pitboss.server.app import create_app
from pitboss.server.hub import Hub
from pitboss.service import seeded_random
from pitboss.store import EventStore
from pitboss.tournament.features.seat_changes import pending
from pitboss.tournament.state import Phase

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eng", "Ed Fox", "Flo Gray", "Gus Hahn")


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store, clock, seeded_random("sat"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def _create(director: Director, name: str, toml: str) -> str:
    response = director.post("/api/tournaments", json={"name": name, "rules_toml": toml})
    assert response.status_code == 201, response.text
    stream: str = response.json()["id"]
    return stream


def _play_to_the_seats(director: Director, hub: Hub, stream: str) -> None:
    """Bust the first player dealt at the fullest table, hand by hand, to the seats."""
    n = 0
    while hub.tournament(stream).state.phase is Phase.RUNNING:
        state = hub.tournament(stream).state
        if pending(state) is not None:
            director.command(stream, {"type": "confirm_seat_change"})
            continue
        table = max(state.tables, key=lambda t: (state.tables[t].size, -t))
        n += 1
        director.command(stream, {"type": "start_hand", "hand_id": f"h{n}", "table": table})
        dealt = hub.tournament(stream).state.hands[f"h{n}"].players  # type: ignore[index]
        loser, winner = dealt[0], dealt[1]
        chips = sum(hub.tournament(stream).state.players[p].chips for p in (loser, winner))
        stacks = [{"player_id": loser, "chips": 0}, {"player_id": winner, "chips": chips}]
        director.command(stream, {"type": "finish_hand", "hand_id": f"h{n}", "stacks": stacks})


@pytest.fixture
def night(director: Director, app: FastAPI) -> tuple[str, str]:
    """The target "Main Event" and the satellite "Monday Satellite" linked to it, played to
    its seat; their ids."""
    target = _create(director, "Main Event", format_preset_toml(target_rules()))
    sat = _create(director, "Monday Satellite", format_preset_toml(satellite_rules()))
    director.command(sat, {"type": "link_satellite", "target": target})
    for i, name in enumerate(NAMES):
        director.command(sat, {"type": "register_player", "player_id": f"s{i}", "name": name})
    director.command(sat, {"type": "draw_seats"})
    director.command(sat, {"type": "start_tournament"})
    _play_to_the_seats(director, app.state.hub, sat)
    return sat, target


def _tickets(director: Director, stream: str) -> dict[str, Any]:
    response = director.client.get(f"/api/tournaments/{stream}/tickets")
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def _redeem(director: Director, target: str, pid: str, ticket: dict[str, str]) -> Any:
    body = {"type": "register_player", "player_id": pid, "name": "At the door", "ticket": ticket}
    return director.post(f"/api/tournaments/{target}/commands", json=body)


def test_the_satellites_seat_shows_as_a_seat_to_the_target_on_its_screens(
    director: Director, night: tuple[str, str]
) -> None:
    sat, _ = night
    public = director.client.get(f"/api/tournaments/{sat}/public").json()
    assert public["payouts"] == [
        {"place": 1, "cents": 0, "seat": "Seat to Main Event"},
        {"place": 2, "cents": 8_250, "seat": ""},
    ]
    first = public["results"][0]
    assert (first["seat"], first["prize_cents"]) == ("Seat to Main Event", 0)
    results = director.client.get(f"/api/tournaments/{sat}/export/results.csv").text
    assert "Seat to Main Event,T1,110.00" in results


def test_a_ticket_redeemed_at_the_door_takes_no_money_and_both_books_agree(
    director: Director, night: tuple[str, str], app: FastAPI
) -> None:
    sat, target = night
    listed = _tickets(director, sat)
    assert listed["target_name"] == "Main Event"
    assert [(t["ticket_id"], t["used"]) for t in listed["awarded"]] == [("T1", False)]
    winner = listed["awarded"][0]["name"]
    answer = _redeem(director, target, "m01", {"satellite": sat, "ticket_id": "T1"})
    assert answer.status_code == 200, answer.text
    (line,) = (e["text"] for e in answer.json()["events"] if e["type"] == "player_registered")
    assert line.startswith(f"{winner} registered with ticket T1 of Monday Satellite")
    listed = _tickets(director, sat)
    assert listed["awarded"][0]["used"] is True
    assert listed["awarded"][0]["used_by_name"] == winner
    books = listed["reconciliation"]
    assert books["agrees"], books["problems"]
    assert (books["awarded_cents"], books["redeemed_cents"], books["outstanding_cents"]) == (
        11_000,
        11_000,
        0,
    )
    hub: Hub = app.state.hub
    winner_entry = hub.tournament(sat).state.players[PlayerId(listed["awarded"][0]["player_id"])]
    entry = hub.tournament(target).state.players[PlayerId("m01")]
    assert entry.club_player_id == winner_entry.club_player_id is not None  # carried over
    ledger = director.client.get(f"/api/tournaments/{target}/export/ledger.csv").text
    assert "of which by ticket,110.00" in ledger
    assert "cash taken in,0.00" in ledger
    assert _tickets(director, target)["taken"][0]["ticket_id"] == "T1"


def test_every_ticket_refusal_at_the_door_is_the_error_shape_and_records_nothing(
    director: Director, night: tuple[str, str], app: FastAPI
) -> None:
    sat, target = night
    other = _create(director, "Tuesday Deepstack", format_preset_toml(target_rules()))
    head = app.state.hub.tournament(target).head
    cases = [
        (target, {"satellite": "nowhere", "ticket_id": "T1"}, "unknown_satellite"),
        (target, {"satellite": sat, "ticket_id": "T7"}, "unknown_ticket"),
        (other, {"satellite": sat, "ticket_id": "T1"}, "ticket_for_another_tournament"),
        (target, {"satellite": other, "ticket_id": "T1"}, "not_a_satellite"),
    ]
    for stream, ticket, code in cases:
        body = assert_error(_redeem(director, stream, "m09", ticket), 422, code)
        assert (
            "Monday Satellite" in body["message"]
            or "nowhere" in body["message"]
            or ("Tuesday Deepstack" in body["message"])
        )
    assert_error(_redeem(director, target, "m09", {"satellite": sat}), 422, "missing_field")
    assert app.state.hub.tournament(target).head == head
    assert _redeem(director, target, "m01", {"satellite": sat, "ticket_id": "T1"}).is_success
    again = _redeem(director, target, "m02", {"satellite": sat, "ticket_id": "T1"})
    assert "has been used already" in assert_error(again, 422, "ticket_used")["message"]


def test_a_ticket_of_a_satellite_still_in_play_is_refused(director: Director) -> None:
    target = _create(director, "Main Event", format_preset_toml(target_rules()))
    sat = _create(director, "Friday Satellite", format_preset_toml(satellite_rules()))
    director.command(sat, {"type": "link_satellite", "target": target})
    refused = _redeem(director, target, "m01", {"satellite": sat, "ticket_id": "T1"})
    body = assert_error(refused, 422, "satellite_not_finished")
    assert "Friday Satellite has not awarded its seats yet" in body["message"]


def test_linking_to_a_tournament_that_is_not_there_is_refused(director: Director) -> None:
    sat = _create(director, "Monday Satellite", format_preset_toml(satellite_rules()))
    refused = director.post(
        f"/api/tournaments/{sat}/commands", json={"type": "link_satellite", "target": "nowhere"}
    )
    assert_error(refused, 422, "unknown_target")


def test_the_tickets_are_for_the_director_only(app: FastAPI, night: tuple[str, str]) -> None:
    from fastapi.testclient import TestClient

    sat, _ = night
    with TestClient(app) as stranger:
        assert stranger.get(f"/api/tournaments/{sat}/tickets").status_code == 401
