"""The dealer's device through the API (issue 16): the recorded view of a table, a whole hand
recorded with the table's token (a side pot, the 50% rule, an oversized chip) whose bust flows
into the standings with nothing typed, a table's token good at its own table only, a
duplicate hand id refused, KY 19's replacement confirmed, and the override the director's
alone (TDA 1).

The director's client is conftest's ``director``; a dealer's device is a plain client that
sends only the table's token (``X-Table-Token``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore

NAMES = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Ekwe"]


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    """conftest's app without following other writers (nothing here writes from outside)."""
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


@dataclass
class Device:
    """A table's dealer's device: the table's token and nothing else."""

    client: TestClient
    stream: str
    table: int
    token: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Table-Token": self.token}

    def view(self) -> dict[str, Any]:
        response = self.client.get(
            f"/api/tournaments/{self.stream}/tables/{self.table}/recorded", headers=self.headers
        )
        assert response.status_code == 200, response.text
        found: dict[str, Any] = response.json()
        return found

    def post(self, command: dict[str, Any], *, table: int | None = None) -> Any:
        at = self.table if table is None else table
        return self.client.post(
            f"/api/tournaments/{self.stream}/tables/{at}/commands",
            json=command,
            headers=self.headers,
        )

    def send(self, command: dict[str, Any]) -> list[str]:
        """Record ``command`` at this table; the answer's lines."""
        response = self.post({"table": self.table, **command})
        assert response.status_code == 200, response.text
        return [event["text"] for event in response.json()["events"]]

    def say(self, seat: int, **fields: Any) -> list[str]:
        return self.send({"type": "record_dealer_input", "seat": seat, **fields})


def tournament(director: Director, preset: str, players: int) -> str:
    stream = director.create("Dealt live", preset)
    for i in range(players):
        name = NAMES[i] if i < len(NAMES) else f"Player {i:02d}"
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": name}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


@pytest.fixture
def device(app: FastAPI, director: Director) -> Iterator[Device]:
    """Four players at one SLPT table, and table 1's device."""
    stream = tournament(director, "slpt", 4)
    token = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    with TestClient(app) as client:
        yield Device(client, stream, 1, token)


def assert_refused(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "params", "message"}
    assert body["code"] == code, body
    return body


def head(store: EventStore, stream: str) -> int:
    return store.head(stream)


# --- the view ---------------------------------------------------------------------------------


def test_with_no_hand_in_play_the_device_shows_the_players_the_blinds_and_the_next_hand_id(
    device: Device,
) -> None:
    view = device.view()
    assert view["hand"] is None
    assert sorted(p["name"] for p in view["players"]) == sorted(NAMES)
    assert [p["seat"] for p in view["players"]] == sorted(p["seat"] for p in view["players"])
    assert view["level"]["small_blind"] == 25
    assert view["level"]["big_blind"] == 50
    assert view["next_hand_id"] == "t1-h1"


def test_a_started_hand_shows_the_blinds_in_who_acts_and_the_call(device: Device) -> None:
    lines = device.send({"type": "start_hand", "hand_id": device.view()["next_hand_id"]})
    assert lines[0].startswith("Hand t1-h1 started at table 1")
    hand = device.view()["hand"]
    assert hand["hand_id"] == "t1-h1"
    by_position = {s["position"]: s for s in hand["seats"] if s["position"]}
    assert by_position["SB"]["bet"] == 25
    assert by_position["BB"]["bet"] == 50
    (actor,) = [s for s in hand["seats"] if s["is_actor"]]
    assert actor["seat"] == hand["actor"]
    assert actor["name"] in NAMES
    assert hand["to_call"] == 50
    assert hand["min_raise_to"] == 100
    assert hand["pots"] == [{"index": 0, "amount": 75, "eligible": [1, 2, 3, 4]}]
    assert hand["last_ruling"] is None
    assert device.view()["next_hand_id"] == "t1-h2"


# --- a whole hand -----------------------------------------------------------------------------


def _roles_of_next_hand(hand: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The next hand's first to act, button, small and big blind at four seats: the button
    moves one seat on."""
    seats = [s["seat"] for s in hand["seats"]]
    button = seats.index(hand["button"])
    at = [hand["seats"][(button + k) % len(seats)] for k in range(1, 5)]
    return {"button": at[0], "small": at[1], "big": at[2], "first": at[3]}


def test_a_hand_recorded_with_the_table_token_ends_in_a_bust_in_the_standings(
    device: Device, director: Director
) -> None:
    """SLPT 8: one oversized chip is a call; half a raise is completed to a full raise; THC
    56: all-in; the side pot (TDA 21); cards speak (KY 15): the short stack is out, in the
    standings and on the console, with no stack typed."""
    stream = device.stream
    # the director types a first hand's result: one short stack for the side pot
    director.command(stream, {"type": "start_hand", "hand_id": "typed-1", "table": 1})
    roles = _roles_of_next_hand(device.view()["hand"])
    chips = {"first": 2_000, "button": 2_000, "small": 150}
    chips["big"] = 20_000 - sum(chips.values())
    director.command(
        stream,
        {
            "type": "finish_hand",
            "hand_id": "typed-1",
            "stacks": [
                {"player_id": roles[role]["player_id"], "chips": n} for role, n in chips.items()
            ],
        },
    )
    seat = {role: line["seat"] for role, line in roles.items()}
    name = {role: line["name"] for role, line in roles.items()}

    device.send({"type": "start_hand", "hand_id": device.view()["next_hand_id"]})
    hand = device.view()["hand"]
    assert hand["actor"] == seat["first"]
    assert {s["position"]: s["seat"] for s in hand["seats"] if s["position"]} == {
        "D": seat["button"],
        "SB": seat["small"],
        "BB": seat["big"],
    }

    (chip,) = device.say(seat["first"], chips=250, single_chip=True)
    assert "a single oversized chip with no declaration is a call of 50" in chip
    assert "SLPT 8" in chip
    assert f"200 back to {name['first']}" in chip
    ruling = device.view()["hand"]["last_ruling"]
    assert ruling["rules"] == ["SLPT 8"]  # SLPT's own rule, no THC or KY number (issue 31)
    assert ruling["returned"] == 200

    (half,) = device.say(seat["button"], chips=75)
    assert "50% rule: 75 into a 50 bet is at least half a raise of 50: completed to 100" in half
    view = device.view()["hand"]
    assert view["last_ruling"]["rules"] == ["SLPT 8"]
    assert next(s for s in view["seats"] if s["seat"] == seat["button"])["bet"] == 100

    (all_in,) = device.say(seat["small"], declaration="all_in")
    assert "'all-in' means all-in" in all_in
    assert "THC" not in all_in  # SLPT is silent: TDA 40, not THC 56 (issue 31)
    for role in ("big", "first", "button"):
        device.say(seat[role], declaration="call")
    assert device.view()["hand"]["street"] == "flop"
    device.send({"type": "record_board", "cards": "Ah Kd 7c"})
    device.say(seat["big"], chips=100)
    device.say(seat["first"], declaration="call")
    device.say(seat["button"], declaration="fold")
    pots = device.view()["hand"]["pots"]
    assert [p["amount"] for p in pots] == [600, 200]
    assert sorted(pots[1]["eligible"]) == sorted([seat["big"], seat["first"]])
    for _ in range(2):  # the turn and the river, checked through
        device.say(seat["big"], declaration="check")
        device.say(seat["first"], declaration="check")
    hand = device.view()["hand"]
    assert hand["awaiting_award"] is True
    assert hand["actor"] is None

    lines = device.send(
        {
            "type": "record_showdown",
            "shown": [
                {"seat": seat["small"], "cards": "QsJs"},
                {"seat": seat["big"], "cards": "As2d"},
                {"seat": seat["first"], "cards": "Kc3d"},
            ],
            "board": "Ah Kd 7c 9s 4h",
        }
    )
    text = "\n".join(lines)
    assert "cards speak" in text
    assert f"{name['small']} busted in 4th place" in text
    after = device.view()
    assert after["hand"] is None
    assert after["players_left"] == 3
    stacks = {p["name"]: p["chips"] for p in after["players"]}
    assert name["small"] not in stacks
    assert stacks[name["big"]] == chips["big"] - 250 + 800
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert public["players_left"] == 3
    assert public["average_stack"] == 20_000 // 3
    (out,) = public["results"]
    assert (out["name"], out["place"]) == (name["small"], "4")
    console = director.client.get(f"/api/tournaments/{stream}/director").json()
    busted = next(p for p in console["players"] if p["name"] == name["small"])
    assert busted["out"] is True
    assert console["open_hands"] == []


def test_the_winner_of_each_pot_is_tapped_and_the_hand_finishes(device: Device) -> None:
    device.send({"type": "start_hand", "hand_id": "t1-h1"})
    big = next(s["seat"] for s in device.view()["hand"]["seats"] if s["position"] == "BB")
    while not (hand := device.view()["hand"])["awaiting_award"]:  # called and checked down
        device.say(hand["actor"], declaration="call" if hand["to_call"] else "check")
    assert [p["amount"] for p in hand["pots"]] == [200]
    lines = device.send({"type": "award_pots", "winners": [[big]]})
    assert any("the dealer awards the main pot of 200" in line for line in lines)
    assert device.view()["hand"] is None


# --- refusals ---------------------------------------------------------------------------------


def test_a_duplicate_hand_id_is_refused_and_nothing_changes(
    device: Device, director: Director, store: EventStore
) -> None:
    device.send({"type": "start_hand", "hand_id": "t1-h1"})
    busy = assert_refused(
        device.post({"type": "start_hand", "hand_id": "t1-h9", "table": 1}), 422, "hand_in_play"
    )
    assert "already has hand 't1-h1' in play" in busy["message"]
    players = device.view()["players"]
    director.command(
        device.stream,
        {
            "type": "finish_hand",
            "hand_id": "t1-h1",
            "stacks": [{"player_id": p["player_id"], "chips": p["chips"]} for p in players],
        },
    )
    before = head(store, device.stream)
    again = assert_refused(
        device.post({"type": "start_hand", "hand_id": "t1-h1", "table": 1}), 422, "duplicate_hand"
    )
    assert "already started" in again["message"]
    assert head(store, device.stream) == before
    assert device.view()["next_hand_id"] == "t1-h2"


def test_a_table_token_records_and_reads_at_its_own_table_only(
    app: FastAPI, director: Director, store: EventStore
) -> None:
    stream = tournament(director, "slpt", 12)
    token = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    director.command(stream, {"type": "start_hand", "hand_id": "t2-h1", "table": 2})
    before = head(store, stream)
    with TestClient(app) as client:
        one = Device(client, stream, 1, token)
        # at table 2's address, table 1's token is no token
        assert_refused(
            one.post({"type": "start_hand", "hand_id": "x", "table": 2}, table=2),
            403,
            "bad_table_token",
        )
        # naming table 2 in a command sent to table 1's own address
        for command in (
            {"type": "start_hand", "hand_id": "x", "table": 2},
            {"type": "record_dealer_input", "table": 2, "seat": 1, "declaration": "fold"},
            {"type": "kill_hand", "table": 2, "seat": 1, "cause": "mucked"},
            {"type": "record_misdeal", "table": 2},
            {"type": "confirm_replacement_card", "table": 2},
        ):
            body = assert_refused(one.post(command), 403, "not_this_table")
            assert "start_hand" in body["params"]["allowed"]
        assert_refused(
            client.get(f"/api/tournaments/{stream}/tables/2/recorded", headers=one.headers),
            403,
            "bad_table_token",
        )
        assert_refused(
            client.get(f"/api/tournaments/{stream}/tables/1/recorded"), 403, "bad_table_token"
        )
        wrong = Device(client, stream, 1, "not-the-token")
        assert_refused(
            wrong.post({"type": "start_hand", "hand_id": "x", "table": 1}), 403, "bad_table_token"
        )
        assert one.view()["hand"] is None  # table 1's own view is open to it
    assert head(store, stream) == before
    hand = director.client.get(f"/api/tournaments/{stream}/tables/2/recorded").json()["hand"]
    assert hand["hand_id"] == "t2-h1"  # and the director reads any table
    assert hand["last_ruling"] is None


def test_only_the_director_overrides_a_ruling_tda_1(
    device: Device, director: Director, store: EventStore
) -> None:
    device.send({"type": "start_hand", "hand_id": "t1-h1"})
    actor = device.view()["hand"]["actor"]
    device.say(actor, chips=500, single_chip=True)  # a call (SLPT 8)
    override = {
        "type": "override_table_ruling",
        "table": 1,
        "reason": "raise was said first",
        "action": "raise",
        "amount": 500,
        "dead_chips": 0,
    }
    before = head(store, device.stream)
    body = assert_refused(device.post(override), 403, "not_this_table")
    assert "override_table_ruling" not in body["params"]["allowed"]
    assert_refused(
        device.client.post(
            f"/api/tournaments/{device.stream}/commands", json=override, headers=device.headers
        ),
        401,
        "not_signed_in",
    )
    assert head(store, device.stream) == before
    answer = director.command(device.stream, override)
    assert "the director overrides the ruling" in answer["events"][0]["text"]
    hand = device.view()["hand"]
    assert next(s for s in hand["seats"] if s["seat"] == actor)["bet"] == 500
    assert hand["last_ruling"]["overridden"] == {
        "reason": "raise was said first",
        "instead": "raise to 500",
    }


# --- KY 19 ------------------------------------------------------------------------------------


def test_an_exposed_card_is_replaced_before_the_betting_ky_19(
    app: FastAPI, director: Director, store: EventStore
) -> None:
    stream = tournament(director, "ky-charity", 4)
    token = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    with TestClient(app) as client:
        ky = Device(client, stream, 1, token)
        ky.send({"type": "start_hand", "hand_id": ky.view()["next_hand_id"]})
        hand = ky.view()["hand"]
        order = hand["deal_order"]
        (line,) = ky.send({"type": "record_misdeal", "exposed": [6]})
        assert "the exposed card becomes the burn card (KY 19)" in line
        (waiting,) = ky.view()["hand"]["replacements"]
        assert waiting["seat"] == order[1]
        assert waiting["place"] == 6
        assert waiting["rules"] == ["KY 19"]
        before = head(store, stream)
        early = assert_refused(
            ky.post({"type": "record_dealer_input", "table": 1, "seat": hand["actor"]}),
            422,
            "replacement_pending",
        )
        assert f"seat {order[1]}" in early["message"]
        assert head(store, stream) == before
        (done,) = ky.send({"type": "confirm_replacement_card", "place": 6})
        assert "the exposed card is the burn card (KY 19)" in done
        assert ky.view()["hand"]["replacements"] == []
        ky.say(hand["actor"], declaration="call")
        nothing = assert_refused(
            ky.post({"type": "confirm_replacement_card", "table": 1}), 422, "no_replacement_due"
        )
        assert "KY 19" in nothing["message"]


# --- the page ---------------------------------------------------------------------------------


def test_the_dealers_page_opens_with_the_table_token_or_for_the_director(
    device: Device, director: Director
) -> None:
    path = f"/t/{device.stream}/table/1/dealer"
    page = device.client.get(path, params={"token": device.token})
    assert page.status_code == 200
    assert "Table 1" in page.text
    assert 'id="override"' not in page.text  # the override is the director's
    assert "dealer.js" in page.text
    refused = device.client.get(path, params={"token": "wrong"})
    assert refused.status_code == 403
    assert "Not allowed" in refused.text
    other = device.client.get(f"/t/{device.stream}/table/2/dealer", params={"token": device.token})
    assert other.status_code == 403
    mine = director.client.get(path)
    assert mine.status_code == 200
    assert 'id="override"' in mine.text
    assert 'name="csrf-token"' in mine.text
    table_page = device.client.get(f"/t/{device.stream}/table/1", params={"token": device.token})
    assert f'href="/t/{device.stream}/table/1/dealer?token={device.token}"' in table_page.text
