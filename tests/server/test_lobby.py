"""The lobby (issue 31): the club's tournaments for anyone, a signed-in player's seat asked
for and answered at the console, their table opened by their session, their nights."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock
from tests.server.test_player_signin import claim, club_player, link_secret

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


class Phone:
    """A signed-in club player's phone: ``post`` sends their CSRF token."""

    def __init__(self, client: TestClient, csrf: str) -> None:
        self.client = client
        self.csrf = csrf

    def post(self, url: str, body: Any = None) -> Any:
        return self.client.post(url, json=body or {}, headers={"X-CSRF-Token": self.csrf})


def signed_in(app: FastAPI, director: Director, name: str, login: str) -> tuple[Phone, str]:
    cp = club_player(director, name)
    client = TestClient(app)
    answer = claim(client, link_secret(director, cp), login=login)
    assert answer.status_code == 200, answer.text
    return Phone(client, answer.json()["csrf"]), cp


def test_the_lobby_lists_the_tournaments_taking_entries_for_anyone(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Tuesday deepstack", preset="tda")
    director.command(stream, {"type": "register_player", "player_id": "p001", "name": "Ann"})
    with TestClient(app) as stranger:
        page = stranger.get("/lobby")
    assert page.status_code == 200
    text = page.text
    assert "Tuesday deepstack" in text
    assert "Taking entries" in text
    assert 'class="t-entrants">1<' in text
    assert "chips" in text
    assert "-minute levels" in text
    assert "Ask for a seat" not in text  # a stranger signs in first
    assert 'href="/signin"' in text


def test_a_seat_asked_from_the_lobby_is_approved_at_the_console_and_registers_the_player(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Club night", preset="tda")
    phone, cp = signed_in(app, director, "Ann Lee", "ann")
    asked = phone.post(f"/api/lobby/{stream}/requests")
    assert asked.status_code == 200, asked.text
    assert asked.json()["status"] == "pending"
    again = phone.post(f"/api/lobby/{stream}/requests")
    assert again.status_code == 422
    assert "has asked for a seat already" in again.json()["message"]
    assert "Asked: waiting for the director" in phone.client.get("/lobby").text

    listed = director.client.get(f"/api/tournaments/{stream}/seat-requests").json()
    (line,) = listed["requests"]
    assert (line["name"], line["status"], line["club_player_id"]) == ("Ann Lee", "pending", cp)
    answer = director.command(
        stream, {"type": "approve_seat_request", "request_id": line["request_id"]}
    )
    texts = [e["text"] for e in answer["events"]]
    assert "Ann Lee's request for a seat approved, paid" in texts
    view = director.client.get(f"/api/tournaments/{stream}/director").json()
    (entry,) = view["players"]
    assert entry["name"] == "Ann Lee"
    assert entry["paid_cents"] > 0  # the buy-in and fee in the ledger, as at the door
    history = director.client.get(f"/api/club/players/{cp}").json()
    assert [n["tournament"] for n in history["nights"]] == [stream]
    page = phone.client.get("/lobby").text
    assert "Approved: you are registered" in page
    assert "Ask for a seat" not in page
    assert "My nights" in page


def test_a_declined_request_shows_the_reason_and_the_player_may_withdraw_a_new_one(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Club night", preset="tda")
    phone, _ = signed_in(app, director, "Bob Ray", "bob")
    first = phone.post(f"/api/lobby/{stream}/requests").json()["request_id"]
    director.command(
        stream, {"type": "decline_seat_request", "request_id": first, "reason": "members only"}
    )
    assert "Declined: members only" in phone.client.get("/lobby").text
    second = phone.post(f"/api/lobby/{stream}/requests").json()["request_id"]
    withdrawn = phone.post(f"/api/lobby/{stream}/requests/{second}/withdraw")
    assert withdrawn.status_code == 200, withdrawn.text
    assert withdrawn.json()["status"] == "withdrawn"


def test_another_player_cannot_withdraw_my_request(app: FastAPI, director: Director) -> None:
    stream = director.create("Club night", preset="tda")
    ann, _ = signed_in(app, director, "Ann Lee", "ann")
    bob, _ = signed_in(app, director, "Bob Ray", "bob")
    mine = ann.post(f"/api/lobby/{stream}/requests").json()["request_id"]
    refused = bob.post(f"/api/lobby/{stream}/requests/{mine}/withdraw")
    assert refused.status_code == 422
    assert refused.json()["code"] == "not_your_request"


def test_a_closed_tournament_refuses_a_request_in_a_persons_words(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Charity", preset="ky-charity")
    for i in (1, 2):
        director.command(
            stream, {"type": "register_player", "player_id": f"p00{i}", "name": f"P{i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    phone, _ = signed_in(app, director, "Ann Lee", "ann")
    refused = phone.post(f"/api/lobby/{stream}/requests")
    assert refused.status_code == 422
    assert refused.json()["message"].startswith("registration is closed")
    page = phone.client.get("/lobby").text
    assert "In play" in page
    assert "Charity" in page
    assert "Level 1" in page


def test_the_players_session_opens_their_own_table_and_no_one_elses(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Club night", preset="tda")
    ann, _ = signed_in(app, director, "Ann Lee", "ann")
    bob, _ = signed_in(app, director, "Bob Ray", "bob")
    for phone in (ann, bob):
        rid = phone.post(f"/api/lobby/{stream}/requests").json()["request_id"]
        director.command(stream, {"type": "approve_seat_request", "request_id": rid})
    players = {
        p["name"]: p["player_id"]
        for p in director.client.get(f"/api/tournaments/{stream}/director").json()["players"]
    }
    own = ann.client.get(f"/t/{stream}/play/{players['Ann Lee']}")
    assert own.status_code == 200
    assert "Ann Lee" in own.text
    other = ann.client.get(f"/t/{stream}/play/{players['Bob Ray']}")
    assert other.status_code == 403
    with TestClient(app) as stranger:
        assert stranger.get(f"/t/{stream}/play/{players['Ann Lee']}").status_code == 403


def test_a_seat_held_for_the_door_closes_when_the_door_registers_the_person(
    app: FastAPI, director: Director
) -> None:
    stream = director.create("Club night", preset="tda")
    phone, cp = signed_in(app, director, "Ann Lee", "ann")
    rid = phone.post(f"/api/lobby/{stream}/requests").json()["request_id"]
    answer = director.command(
        stream, {"type": "approve_seat_request", "request_id": rid, "paid": False}
    )
    assert [e["text"] for e in answer["events"]] == [
        "Ann Lee's request for a seat approved: to pay at the door"
    ]
    assert "Approved: pay at the door to take your seat" in phone.client.get("/lobby").text
    view = director.client.get(f"/api/tournaments/{stream}/director").json()
    assert view["players"] == []  # no money taken yet
    director.command(
        stream,
        {"type": "register_player", "player_id": "p001", "name": "x", "club_player_id": cp},
    )
    (line,) = director.client.get(f"/api/tournaments/{stream}/seat-requests").json()["requests"]
    assert line["registered"] is True  # the console's list lets it go
    assert "You are registered" in phone.client.get("/lobby").text
