"""Issue 31, the phone table's extras over the WebSocket: "Sit out next hand" and "I'm back"
(the house's absence rule from the next deal; TDA 30 here: the hand killed as dealt, the blinds
posted), the last hand to replay and the player's own stats, each answered to that player only
and holding no card of anyone else that was not shown (TDA 28)."""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import Director
from tests.server.test_live_rooms import cards_in, dealt_tournament, link, start

P01 = "p01"


def _send(ws: Any, kind: str, action_id: str) -> None:
    ws.send_text(json.dumps({"type": kind, "action_id": action_id}))


def _play_on(ws: Any, frame: dict[str, Any], n: list[int]) -> None:
    """Answer a turn of ours: check when free, else fold."""
    legal = frame.get("legal")
    if frame.get("kind") == "player" and legal is not None:
        n[0] += 1
        kind = "check" if legal["can_check"] else "show" if legal["can_show"] else "fold"
        ws.send_text(
            json.dumps(
                {"type": "act", "action": kind, "action_id": f"a{n[0]}", "turn": legal["turn"]}
            )
        )


def _until(ws: Any, done: Any, n: list[int], limit: int = 600) -> dict[str, Any]:
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if done(frame):
            return frame
        _play_on(ws, frame, n)
    raise AssertionError("the frame never came")


def _mine(frame: dict[str, Any]) -> dict[str, Any] | None:
    hand = frame.get("hand") if frame.get("kind") == "player" else None
    if hand is None:
        return None
    return next((s for s in hand["seats"] if s["player_id"] == P01), None)


def test_a_phone_player_sits_out_replays_the_last_hand_sees_their_stats_and_is_back(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_tournament(app, director, 6, seconds=30)
    token = link(director, stream, P01)
    live = app.state.hub.tournament(stream)
    n = [0]
    with (
        TestClient(app) as phone,
        phone.websocket_connect(
            f"/ws/tournaments/{stream}?role=player&player={P01}&token={token}"
        ) as ws,
    ):
        assert ws.receive_json()["sitting_out"] is None  # not dealt yet: nothing to sit out of
        start(director, stream, browser_players=[P01], think_seconds=0, pause_seconds=0)
        _send(ws, "sit_out", "s1")
        answer = _until(ws, lambda f: f.get("action_id") == "s1", n)
        assert answer["kind"] == "submitted", answer
        assert "your blinds and antes are posted" in answer["message"]
        assert live.state.conduct_of(P01).sitting_out
        before = set(live.state.hands)
        shown = _until(ws, lambda f: (f.get("sitting_out") or {}).get("sitting_out"), n)
        assert "TDA 30" in shown["sitting_out"]["rule"]
        _send(ws, "sit_out", "s2")
        again = _until(ws, lambda f: f.get("action_id") == "s2", n)
        assert again["status"] == "repeated"
        # the next hand deals them as absent: in the hand, no cards, never to act
        killed = _until(ws, lambda f: _killed(f, before), n)
        assert _mine(killed)["cards"] is None
        hand_id = killed["hand"]["hand_id"]
        _until(ws, lambda f: f.get("hand") and f["hand"]["hand_id"] != hand_id, n)
        _send(ws, "last_hand", "l1")
        replayed = _until(ws, lambda f: f.get("action_id") == "l1", n)
        last = replayed["last_hand"]
        seat = _mine(killed)["seat"]
        assert last["you"] == seat
        assert "killed" in " ".join(step["text"] for step in last["steps"])
        assert not cards_in(last) - _public_cards(last), "only the board and tabled cards"
        _send(ws, "my_stats", "m1")
        stats = _until(ws, lambda f: f.get("action_id") == "m1", n)["stats"]
        assert stats["sat_out"] >= 1
        assert set(stats) >= {"hands_dealt", "vpip_percent", "pfr_percent", "hands_won"}
        _send(ws, "back", "b1")
        back = _until(ws, lambda f: f.get("action_id") == "b1", n)
        assert back["kind"] == "submitted"
        assert live.state.conduct_of(P01).absent_since is None
        dealt = _until(ws, lambda f: (m := _mine(f)) is not None and m["cards"] is not None, n)
        assert len(_mine(dealt)["cards"]) == 2


def _killed(frame: dict[str, Any], before: set[str]) -> bool:
    """A hand dealt since ``before`` in which Player 1's hand was killed as dealt (TDA 30)."""
    hand = frame.get("hand") if frame.get("kind") == "player" else None
    if hand is None or hand["over"] or hand["hand_id"] in before:
        return False
    killed = "Player 1's hand is killed as dealt"
    return any(line.startswith(killed) for line in hand["last_actions"])


def _public_cards(replay: dict[str, Any]) -> set[str]:
    """The board and the cards tabled at showdown in a replay."""
    shown: set[str] = set()
    for step in replay["steps"]:
        shown |= set(step["board"])
        if " shows " in step["text"]:
            shown |= cards_in(step["text"])
    return shown


def test_sitting_out_is_refused_where_the_software_does_not_deal_for_the_player(
    app: FastAPI, director: Director
) -> None:
    stream = dealt_tournament(app, director, 6, seconds=30)
    token = link(director, stream, P01)
    with director.client.websocket_connect(
        f"/ws/tournaments/{stream}?role=player&player={P01}&token={token}"
    ) as ws:
        ws.receive_json()
        for kind in ("sit_out", "back", "last_hand", "my_stats"):
            _send(ws, kind, kind)
            answer = ws.receive_json()
            assert answer["kind"] == "refused", answer
            assert answer["code"] == "not_dealing"
