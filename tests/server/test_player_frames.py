"""A player's page sends frames the server must survive (issue 25): whatever arrives within
the frame limit, nested too deep for the parser, binary or not JSON, is refused with the
usual ``refused`` frame and the socket stays open for the next action. On a real server, with
timeouts: a socket dropped in silence fails the test instead of hanging it."""

from __future__ import annotations

import json
from typing import Any

import httpx
from tests.server.conftest import PASSWORD, SETUP_CODE, LiveServer
from websockets.sync.client import ClientConnection, connect

from pitboss.server.play_api import MAX_FRAME

TIMEOUT_S = 10.0


def player_socket(server: LiveServer) -> str:
    """A tournament with one registered player; the player's WebSocket address."""
    with httpx.Client(base_url=server.url, trust_env=False, timeout=TIMEOUT_S) as http:
        body = {"password": PASSWORD, "setup_code": SETUP_CODE}
        csrf = http.post("/api/setup", json=body).json()["csrf"]
        headers = {"X-CSRF-Token": csrf}
        made = http.post("/api/tournaments", json={"name": "F", "preset": "tda"}, headers=headers)
        stream = made.json()["id"]
        command = {"type": "register_player", "player_id": "p01", "name": "Ann"}
        answer = http.post(f"/api/tournaments/{stream}/commands", json=command, headers=headers)
        assert answer.status_code == 200, answer.text
    token = server.app.state.auth.player_token(stream, "p01")
    ws_url = server.url.replace("http://", "ws://")
    return f"{ws_url}/ws/tournaments/{stream}?role=player&player=p01&token={token}"


def refusal(ws: ClientConnection) -> dict[str, Any]:
    """The next ``refused`` frame (views may come first)."""
    for _ in range(20):
        frame: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT_S))
        if frame.get("kind") == "refused":
            return frame
    raise AssertionError("no refusal came")


def test_a_frame_of_999_nested_brackets_is_refused_and_the_socket_keeps_working(
    live_server: LiveServer,
) -> None:
    nested = "[" * 999 + "]" * 999
    deep_type = '{"type":' + "[" * 990 + "]" * 990 + "}"
    assert len(nested) <= MAX_FRAME
    assert len(deep_type) <= MAX_FRAME
    with connect(player_socket(live_server), proxy=None, open_timeout=TIMEOUT_S) as ws:
        assert json.loads(ws.recv(timeout=TIMEOUT_S))["kind"] == "player"
        for frame in (nested, deep_type):
            ws.send(frame)
            refused = refusal(ws)
            assert refused["code"] == "bad_frame"
            assert set(refused) == {"kind", "action_id", "code", "params", "message"}
        ws.send(b'{"type": "rebuy", "action_id": "r0"}')  # a binary frame
        assert refusal(ws)["code"] == "bad_frame"
        # still open and answering: the director's checks speak now, not the parser
        ws.send(json.dumps({"type": "rebuy", "action_id": "r1"}))
        assert refusal(ws)["code"] == "not_dealing"
