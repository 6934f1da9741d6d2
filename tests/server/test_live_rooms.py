"""The software deals inside the server (issue 14): the director starts, pauses and resumes
the dealing; each player's personal link; the player's view (own cards, legal actions with the
exact amounts) and actions over the WebSocket, refusals as ``{code, params, message}``; and no
hole card of anyone else and no undealt card in any frame or response a spectator, a player or
the director receives."""

from __future__ import annotations

import gc
import json
import re
import sys
import threading
import time
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import PASSWORD, SETUP_CODE, Director

from pitboss.cards import Card
from pitboss.live.hand_log import hand_stream
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.server.live_rooms import FULL_COLLECTION_EVERY, SWITCH_SECONDS, Dealing

CARD = re.compile(r"^[2-9TJQKA][cdhs]$")


def dealt_tournament(app: FastAPI, director: Director, players: int, *, seconds: int = 2) -> str:
    """A TDA tournament the floor runs as the software deals it, drawn and started."""
    rules = RuleSet.from_preset("tda")
    rules = replace(rules, table=replace(rules.table, action_seconds=seconds, seats=6))
    stream: str = app.state.hub.create("Dealt night", dealt_mode_rules(rules))
    for i in range(1, players + 1):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def start(director: Director, stream: str, **body: Any) -> dict[str, Any]:
    response = director.post(f"/api/tournaments/{stream}/dealing", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def link(director: Director, stream: str, player: str) -> str:
    response = director.client.get(f"/api/tournaments/{stream}/players/{player}/link")
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def strings(value: Any) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return [value] if isinstance(value, str) else []


def cards_in(value: Any) -> set[str]:
    """Every card a JSON value names (as the views write them, ``As``), lines of text too."""
    found = set()
    for text in strings(value):
        for word in re.split(r"[\s,:()]+", text):
            if CARD.match(word):
                found.add(word)
    return found


def until(ws: Any, done: Any, *, frames: list[dict[str, Any]], limit: int = 400) -> dict[str, Any]:
    """Frames from ``ws`` (kept in ``frames``) until ``done(frame)``."""
    for _ in range(limit):
        frame = ws.receive_json()
        frames.append(frame)
        if done(frame):
            return frame
    raise AssertionError("the frame never came")


def my_turn(frame: dict[str, Any]) -> bool:
    return frame.get("kind") == "player" and frame.get("legal") is not None


def test_the_director_starts_pauses_and_resumes_the_dealing(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_tournament(app, director, 12)
    status = start(director, stream, think_seconds=0, pause_seconds=0)
    assert status["dealing"] is True
    again = director.post(f"/api/tournaments/{stream}/dealing", json={})
    assert again.status_code == 422
    assert again.json()["code"] == "already_dealing"
    paused = director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
    assert paused.status_code == 200
    assert all(t["paused"] for t in paused.json()["tables"])
    resumed = director.post(f"/api/tournaments/{stream}/dealing/resume", json={"table": 1})
    assert resumed.status_code == 200
    assert all(t["paused"] for t in resumed.json()["tables"])  # every table's pause holds
    resumed = director.post(f"/api/tournaments/{stream}/dealing/resume", json={})
    assert not any(t["paused"] for t in resumed.json()["tables"])
    bad = director.post(f"/api/tournaments/{stream}/dealing/pause", json={"table": 9})
    assert bad.status_code == 422
    assert bad.json()["code"] == "no_such_table"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        dealt = director.client.get(f"/api/tournaments/{stream}/dealing").json()
        if sum(t["hands_dealt"] for t in dealt["tables"]) >= 3:
            break
        time.sleep(0.05)
    else:
        raise AssertionError("no hands were dealt")
    # the hand streams are no tournaments
    listed = {t["id"] for t in director.client.get("/api/tournaments").json()}
    assert stream in listed
    assert all(not i.startswith(f"{stream}-table-") for i in listed)
    streams = {t.stream for t in app.state.hub.store.tournaments()}
    assert hand_stream(stream, 1) in streams  # type: ignore[arg-type]


def test_the_interpreter_is_tuned_only_while_the_software_deals(app: FastAPI) -> None:
    """The switch interval and the collector's thresholds are the whole process's: put back
    when dealing stops."""
    before = sys.getswitchinterval()
    thresholds = gc.get_threshold()
    with TestClient(app) as client:
        answer = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        director = Director(client, answer.json()["csrf"])
        stream = dealt_tournament(app, director, 6)
        start(director, stream, think_seconds=0, pause_seconds=0)
        assert sys.getswitchinterval() == min(before, SWITCH_SECONDS)
        assert gc.get_threshold()[2] == max(thresholds[2], FULL_COLLECTION_EVERY)
    assert sys.getswitchinterval() == before
    assert gc.get_threshold() == thresholds
    assert gc.get_freeze_count() == 0


def test_dealing_needs_a_started_tournament(app: FastAPI, director: Director) -> None:
    stream = director.create()
    refused = director.post(f"/api/tournaments/{stream}/dealing", json={})
    assert refused.status_code == 422
    assert set(refused.json()) == {"code", "params", "message"}
    assert refused.json()["code"] == "not_started"


def test_a_player_link_opens_only_that_players_screen(app: FastAPI, director: Director) -> None:
    stream = dealt_tournament(app, director, 6)
    token = link(director, stream, "p01")
    assert token != link(director, stream, "p02")
    with TestClient(app) as anyone:
        url = f"/ws/tournaments/{stream}?role=player&player=p02&token={token}"
        with anyone.websocket_connect(url) as ws:
            error = ws.receive_json()
        assert error["kind"] == "error"
        assert error["code"] == "bad_player_token"
        page = anyone.get(f"/t/{stream}/play/p02", params={"token": token})
        assert page.status_code == 403
        assert anyone.get(f"/t/{stream}/play/p01", params={"token": token}).status_code == 200
        assert anyone.get(f"/api/tournaments/{stream}/players/p01/link").status_code == 401


def test_a_player_sees_own_cards_and_the_exact_legal_amounts_and_acts(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_tournament(app, director, 6, seconds=30)
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    with TestClient(app) as phone:
        url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
        with phone.websocket_connect(url) as ws:
            first = ws.receive_json()
            assert first["kind"] == "player"
            assert first["dealing"] is False
            start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
            turn = until(ws, my_turn, frames=frames)
            hand = turn["hand"]
            me = next(s for s in hand["seats"] if s["player_id"] == "p01")
            assert me["seat"] == turn["you"]["seat"] == hand["actor"]
            assert len(me["cards"]) == 2
            assert all(s["cards"] is None for s in hand["seats"] if s["player_id"] != "p01")
            legal = turn["legal"]
            assert legal["max_raise_to"] == me["stack"] + me["bet"]
            assert turn["hand"]["deadline"] == app.state.hub.clock() + 30_000
            assert sum(p["amount"] for p in hand["pots"]) == hand["pot"]
            # refusals: another seat's turn number, an illegal amount, a malformed frame
            ws.send_text(
                json.dumps(
                    {
                        "type": "act",
                        "action": "raise",
                        "amount": 1,
                        "action_id": "x1",
                        "turn": legal["turn"],
                    }
                )
            )
            refused = until(ws, lambda f: f.get("kind") == "refused", frames=frames)
            assert refused["code"] == "illegal_action"
            assert set(refused) == {"kind", "action_id", "code", "params", "message"}
            ws.send_text("not json")
            assert until(ws, lambda f: f.get("kind") == "refused", frames=frames)["code"] == (
                "bad_frame"
            )
            ws.send_text(
                json.dumps(
                    {"type": "act", "action": "call", "action_id": "a1", "turn": legal["turn"] + 5}
                )
            )
            stale = until(ws, lambda f: f.get("kind") == "refused", frames=frames)
            assert stale["code"] == "stale_turn"
            kind = "check" if legal["can_check"] else "call"
            ws.send_text(
                json.dumps(
                    {"type": "act", "action": kind, "action_id": "a1", "turn": legal["turn"]}
                )
            )
            taken = until(ws, lambda f: f.get("kind") == "submitted", frames=frames)
            assert taken["status"] == "accepted"
            ws.send_text(
                json.dumps(
                    {"type": "act", "action": kind, "action_id": "a1", "turn": legal["turn"]}
                )
            )
            again = until(ws, lambda f: f.get("kind") == "submitted", frames=frames)
            assert again["status"] == "repeated"


def test_no_frame_or_response_shows_another_players_hole_cards_or_an_undealt_card(
    app: FastAPI, director: Director
) -> None:
    """Two browser players, bots elsewhere, a dozen hands: every frame and response a
    spectator, a player and the director receive names only cards that recipient may see."""
    stream = dealt_tournament(app, director, 6, seconds=30)
    tokens = {p: link(director, stream, p) for p in ("p01", "p02")}
    seen: dict[str, list[Any]] = {"p01": [], "p02": [], "spectator": [], "director": []}
    dealing: Dealing = app.state.dealing
    web = director.client  # one client, one event loop: the room's
    start(director, stream, browser_players=list(tokens), think_seconds=0, pause_seconds=0)
    room = dealing.rooms[stream].room

    def enough() -> bool:
        return sum(r.hands_dealt for r in room.runners.values()) >= 12

    def read(who: str, url: str) -> None:
        with web.websocket_connect(url) as ws:
            while True:
                frame = ws.receive_json()
                seen[who].append(frame)
                if who in tokens and my_turn(frame):
                    ws.send_text(json.dumps(_easy_action(frame, who, len(seen[who]))))
                you = frame.get("you") or {}
                if enough() or (frame.get("kind") == "player" and you.get("table") is None):
                    return

    base = f"/ws/tournaments/{stream}"
    urls = {p: f"{base}?role=player&player={p}&token={t}" for p, t in tokens.items()}
    urls |= {"spectator": f"{base}?role=spectator&table=1", "director": f"{base}?role=director"}
    readers = [threading.Thread(target=read, args=item, daemon=True) for item in urls.items()]
    for reader in readers:
        reader.start()
    deadline = time.monotonic() + 90
    while not enough():
        assert time.monotonic() < deadline, "the hands never finished"
        seen["spectator"].append(web.get(f"/api/tournaments/{stream}/tables/1/hand").json())
        time.sleep(0.01)
    for reader in readers:
        reader.join(timeout=60)
        assert not reader.is_alive()
    seen["director"].append(web.get(f"/api/tournaments/{stream}/director").json())
    seen["director"].append(web.get(f"/api/tournaments/{stream}/dealing").json())
    seen["spectator"].append(web.get(f"/t/{stream}/watch/1").text)
    for p, t in tokens.items():
        seen[p].append(web.get(f"/t/{stream}/play/{p}", params={"token": t}).text)
    allowed = _allowed_cards(app, stream)
    checked = 0
    for who, payloads in seen.items():
        for payload in payloads:
            found = _page_cards(payload) if isinstance(payload, str) else cards_in(payload)
            hole = allowed["players"].get(who, set()) if who in tokens else set()
            extra = found - allowed["public"] - hole
            assert not extra, f"{who} was sent {sorted(extra)}"
            checked += 1
    assert checked > 50
    assert any(cards_in(f) & allowed["players"]["p01"] for f in seen["p01"])  # real cards
    assert any(s.get("kind") == "spectator" and s["hand"] for s in seen["spectator"][:-1])


def _easy_action(frame: dict[str, Any], player: str, n: int) -> dict[str, Any]:
    """Check, call, show, now and then fold: hands reach showdowns."""
    legal = frame["legal"]
    kind = "check" if legal["can_check"] else "call"
    if legal["can_show"]:
        kind = "show"
    elif n % 4 == 0 and legal["can_fold"] and not legal["can_check"]:
        kind = "fold"
    return {"type": "act", "action": kind, "action_id": f"{player}-{n}", "turn": legal["turn"]}


def _page_cards(html: str) -> set[str]:
    """Cards in a page: the JSON payload it embeds and the card faces it draws."""
    found = set(re.findall(r'data-card="([2-9TJQKA][cdhs])"', html))
    embedded = re.search(r'<script type="application/json" id="payload">(.*?)</script>', html, re.S)
    if embedded:
        found |= cards_in(json.loads(embedded.group(1)))
    return found


def _allowed_cards(app: FastAPI, stream: str) -> dict[str, Any]:
    """From the hand streams (where the deck is): each player's own hole cards, and the cards
    anyone may see (the boards dealt, the hands tabled)."""
    store = app.state.hub.store
    public: set[str] = set()
    players: dict[str, set[str]] = {}
    for table in app.state.dealing.rooms[stream].room.runners:
        seats: dict[int, str] = {}
        for event in store.load(hand_stream(stream, table)):
            if event.type == "hand_dealt":
                seats = {s["seat"]: s["player"] for s in event.data["setup"]["seats"]}
            for engine in event.data.get("events", []):
                kind = engine["type"]
                if kind == "hole_cards_dealt" and engine.get("cards"):
                    mine = players.setdefault(seats[engine["seat"]], set())
                    mine |= {str(Card(c)) for c in engine["cards"]}
                elif kind in {"board_dealt", "hand_tabled"}:
                    public |= {str(Card(c)) for c in engine["cards"]}
    return {"public": public, "players": players}


def test_a_moved_players_screen_follows_them_to_the_new_seat(
    app: FastAPI, director: Director
) -> None:
    """The link is the player's, not the seat's: after a move (TDA 7 here; a balancing move
    the same) their screen shows the new table and they are dealt in there."""
    stream = dealt_tournament(app, director, 10, seconds=1)
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    with TestClient(app) as phone:
        url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
        with phone.websocket_connect(url) as ws:
            first = ws.receive_json()
            before = first["you"]["table"]
            start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
            director.post(f"/api/tournaments/{stream}/dealing/pause", json={})
            live = app.state.hub.tournament(stream)
            deadline = time.monotonic() + 20
            while live.state.open_hands():
                assert time.monotonic() < deadline, "the hands in play never finished"
                time.sleep(0.05)
            other = next(n for n in live.state.tables if n != before)
            seat = live.state.tables[other].empty_seats()[0]
            director.command(
                stream, {"type": "move_player", "player_id": "p01", "table": other, "seat": seat}
            )
            moved = until(ws, lambda f: f.get("you", {}).get("table") == other, frames=frames)
            assert moved["you"]["seat"] == seat
            director.post(f"/api/tournaments/{stream}/dealing/resume", json={})
            dealt = until(
                ws,
                lambda f: (
                    (f.get("hand") or {}).get("table") == other
                    and any(s["player_id"] == "p01" and s["cards"] for s in f["hand"]["seats"])
                ),
                frames=frames,
                limit=2000,
            )
            assert dealt["you"]["table"] == other


def test_a_browser_player_is_away_until_their_page_connects(
    app: FastAPI, director: Director
) -> None:
    """TDA 30: a browser seat nobody opened is absent (dealt in, the hand killed), and back
    in play once the player's page connects; away again when it closes."""
    stream = dealt_tournament(app, director, 6, seconds=30)
    start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
    live = app.state.hub.tournament(stream)
    assert live.state.conduct_of("p01").absent_since is not None
    assert live.state.conduct_of("p02").absent_since is None
    token = link(director, stream, "p01")
    with director.client.websocket_connect(
        f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
    ) as ws:
        ws.receive_json()
        assert live.state.conduct_of("p01").absent_since is None
    deadline = time.monotonic() + 5
    while live.state.conduct_of("p01").absent_since is None:
        assert time.monotonic() < deadline, "the closed page left the player present"
        time.sleep(0.02)


def test_at_a_dealt_pko_table_every_seat_shows_the_bounty_on_its_head(
    app: FastAPI, director: Director
) -> None:
    """Issue 29: at a progressive knockout's table the player sees the bounty on every seat's
    head (what an all-in would win them), the same as the bounty board says; none without."""
    rules = RuleSet.from_preset("pko")
    rules = replace(rules, table=replace(rules.table, action_seconds=30, seats=6))
    stream: str = app.state.hub.create("PKO dealt", dealt_mode_rules(rules))
    for i in range(1, 7):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    with TestClient(app) as phone:
        url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
        with phone.websocket_connect(url) as ws:
            ws.receive_json()
            start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
            turn = until(ws, my_turn, frames=frames)
    seats = turn["hand"]["seats"]
    assert len(seats) == 6
    assert {s["bounty_cents"] for s in seats} == {rules.tournament.bounty.bounty_cents} == {1500}
    plain = dealt_tournament(app, director, 4, seconds=30)
    token = link(director, plain, "p01")
    with TestClient(app) as phone:
        url = f"/ws/tournaments/{plain}?role=player&player=p01&token={token}"
        with phone.websocket_connect(url) as ws:
            ws.receive_json()
            start(director, plain, browser_players=["p01"], think_seconds=0, pause_seconds=0)
            turn = until(ws, my_turn, frames=[])
    assert all(s.get("bounty_cents", 0) == 0 for s in turn["hand"]["seats"])


def test_the_dealing_page_names_the_player_to_act_by_name(app: FastAPI, director: Director) -> None:
    """Issue 31: the director's dealing page said who was to act by id (p001); it says the
    player's name (the id stays in the answer for programs)."""
    stream = dealt_tournament(app, director, 6, seconds=30)
    token = link(director, stream, "p01")
    with TestClient(app) as phone:
        url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
        with phone.websocket_connect(url) as ws:
            ws.receive_json()
            start(director, stream, browser_players=["p01"], think_seconds=0, pause_seconds=0)
            until(ws, my_turn, frames=[])
            status = director.client.get(f"/api/tournaments/{stream}/dealing").json()
    (table,) = [t for t in status["tables"] if t["to_act"] == "p01"]
    assert table["to_act_name"] == "Player 1"
