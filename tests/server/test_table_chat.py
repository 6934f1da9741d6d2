"""The chat of a software-dealt table over the player's socket (issue 31): under THC 26 a message
sent while a hand is in play is held (its sender sees it marked, the table and its public
screen do not) and reaches the table when the hand ends; a house that holds nothing shows it at
once; the director's mute refuses the next message with the reason; a flood, an empty message
and a reaction not offered are refused; the table sees the sender's name, never an id or a
private detail (THC 1)."""

from __future__ import annotations

import json
import time
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from tests.server.conftest import Director
from tests.server.test_live_rooms import link, my_turn, start, until

from pitboss.ids import PlayerId, TableNo
from pitboss.live.chat import RATE_COUNT
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.rules.chat_hold import ChatHold
from pitboss.server.table_chat import chat_view, table_chat_view

PHONE = "555-0142"
EMAIL = "ann.private@example.org"


def chat_night(app: FastAPI, director: Director, hold: ChatHold | None = None) -> str:
    """A THC night of four at one table: Ann (p01) at her phone, Bob (p02) a phone player who
    has not opened his page yet, two bots; the action clock long enough to look."""
    rules = RuleSet.from_preset("thc")
    if hold is not None:
        conduct = replace(rules.tournament.conduct, chat_hold=hold)
        rules = replace(rules, tournament=replace(rules.tournament, conduct=conduct))
    rules = replace(rules, table=replace(rules.table, action_seconds=60, seats_first_round=6))
    stream: str = app.state.hub.create("Chat night", dealt_mode_rules(rules))
    names = {"p01": "Ann", "p02": "Bob", "p03": "Cy", "p04": "Di"}
    for pid, name in names.items():
        details = {
            "address": f"{name} Street 1",
            "email": EMAIL if pid == "p01" else f"{pid}@example.org",
            "phone": PHONE if pid == "p01" else "555-0100",
            "date_of_birth": "1980-05-17",
            "national_id": "123-45-6789",
            "driver_licence": "D1234",
            "age_verified": True,
        }
        director.command(
            stream,
            {"type": "register_player", "player_id": pid, "name": name, "details": details},
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def send(ws: Any, frames: list[dict[str, Any]], frame: dict[str, Any]) -> dict[str, Any]:
    ws.send_text(json.dumps(frame))
    return until(ws, lambda f: f.get("kind") in {"submitted", "refused"}, frames=frames)


def texts(part: Any) -> list[str]:
    return [line["text"] for line in part["lines"]]


def test_under_thc_26_a_message_waits_for_the_end_of_the_hand(
    app: FastAPI, director: Director
) -> None:
    stream = chat_night(app, director)
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
    with director.client.websocket_connect(url) as ann:
        ann.receive_json()
        start(director, stream, browser_players=["p01", "p02"], think_seconds=0, pause_seconds=0)
        turn = until(ann, my_turn, frames=frames)  # a hand in play, waiting for Ann
        table = TableNo(turn["you"]["table"])
        answer = send(ann, frames, {"type": "chat", "text": "nice flop", "action_id": "c1"})
        assert answer["kind"] == "submitted", answer
        assert answer["status"] == "held"
        assert answer["message"] == (
            "held until the hand ends: no discussing a hand in play (THC 26)"
        )
        mine = until(
            ann, lambda f: "nice flop" in texts(f.get("chat") or {"lines": []}), frames=frames
        )
        assert mine["chat"]["lines"][-1] | {"seq": 0} == {
            "seq": 0,
            "name": "Ann",
            "text": "nice flop",
            "emoji": "",
            "mine": True,
            "held": True,
        }
        assert mine["chat"]["held_now"] is True
        dealt = app.state.dealing.get(stream)
        assert texts(table_chat_view(dealt, table)) == []  # the table's public screen
        assert texts(chat_view(dealt, PlayerId("p02"))) == []  # another phone at the table
        # Ann acts until the hand is over: then the table reads it, unmarked
        acted: set[int] = set()

        def released(frame: dict[str, Any]) -> bool:
            legal = frame.get("legal")
            if frame.get("kind") == "player" and legal and legal["turn"] not in acted:
                acted.add(legal["turn"])
                action = "check" if legal["can_check"] else "fold"
                act = {"type": "act", "action": action, "turn": legal["turn"]}
                ann.send_text(json.dumps(act | {"action_id": f"a{legal['turn']}"}))
            lines = (frame.get("chat") or {}).get("lines") or []
            return any(x["text"] == "nice flop" and not x["held"] for x in lines)

        released(turn)  # her turn, still to play
        until(ann, released, frames=frames)
        public = table_chat_view(dealt, table)
        assert public == {
            "lines": [
                public["lines"][0]
                | {"name": "Ann", "text": "nice flop", "held": False, "mine": False}
            ]
        }
        assert texts(chat_view(dealt, PlayerId("p02"))) == ["nice flop"]
    seen = json.dumps([f.get("chat") for f in frames]) + json.dumps(public)
    for private in ("p01", "p02", PHONE, EMAIL, "123-45-6789"):
        assert private not in seen


def test_a_house_that_holds_nothing_shows_a_message_at_once(
    app: FastAPI, director: Director
) -> None:
    stream = chat_night(app, director, ChatHold.OFF)
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
    with director.client.websocket_connect(url) as ann:
        ann.receive_json()
        start(director, stream, browser_players=["p01"], think_seconds=0)
        turn = until(ann, my_turn, frames=frames)
        answer = send(ann, frames, {"type": "react", "emoji": "\U0001f525", "action_id": "r1"})
        assert (answer["kind"], answer["status"]) == ("submitted", "accepted")
        dealt = app.state.dealing.get(stream)
        (line,) = table_chat_view(dealt, TableNo(turn["you"]["table"]))["lines"]
        assert (line["name"], line["emoji"], line["held"]) == ("Ann", "\U0001f525", False)


def test_the_directors_mute_the_flood_limit_and_what_a_message_may_hold(
    app: FastAPI, director: Director
) -> None:
    stream = chat_night(app, director, ChatHold.OFF)
    token = link(director, stream, "p01")
    frames: list[dict[str, Any]] = []
    url = f"/ws/tournaments/{stream}?role=player&player=p01&token={token}"
    with director.client.websocket_connect(url) as ann:
        ann.receive_json()
        start(director, stream, browser_players=["p01"], think_seconds=0)
        until(ann, my_turn, frames=frames)

        def chat(text: str, n: int) -> dict[str, Any]:
            return send(ann, frames, {"type": "chat", "text": text, "action_id": f"c{n}"})

        assert chat("  \n ", 1)["code"] == "chat_empty"
        assert chat("x" * 201, 2)["code"] == "chat_too_long"
        wrong = send(ann, frames, {"type": "react", "emoji": "\U0001f4a9", "action_id": "r1"})
        assert wrong["code"] == "chat_bad_emoji"
        asked = time.monotonic()
        director.command(stream, {"type": "mute_player", "player_id": "p01"})
        # her page shows it at once, while her turn holds the table still: not when the table
        # next moves (her action clock, 60 s)
        shown = until(ann, lambda f: (f.get("chat") or {}).get("muted") is True, frames=frames)
        assert time.monotonic() - asked < 30
        assert shown["chat"]["can_chat"] is False
        muted = chat("hello", 3)
        assert (muted["kind"], muted["code"]) == ("refused", "chat_muted")
        assert muted["message"] == "The director has muted your chat"
        director.command(stream, {"type": "unmute_player", "player_id": "p01"})
        for n in range(RATE_COUNT):
            assert chat(f"line {n}", 10 + n)["kind"] == "submitted"
        flood = chat("one more", 20)
        assert flood["code"] == "chat_too_fast"
        assert flood["message"].startswith("Slow down: at most 5 messages in 10 seconds")
    kinds = [type(e).__name__ for _, e in app.state.hub.tournament(stream).events()]
    assert kinds.count("PlayerMuted") == 1
    assert kinds.count("PlayerUnmuted") == 1
