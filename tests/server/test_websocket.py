"""Live screens over WebSocket, on a real uvicorn server: a full snapshot at once, the new
payload on every screen after each committed command, a full snapshot again on reconnecting,
and a clock that counts down locally from its end instant."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
from tests.server.conftest import PASSWORD, SETUP_CODE, LiveServer
from websockets.sync.client import ClientConnection, connect

TIMEOUT_S = 10.0


class Console:
    """The director over HTTP against the live server."""

    def __init__(self, server: LiveServer) -> None:
        self.server = server
        self.http = httpx.Client(base_url=server.url, trust_env=False, timeout=TIMEOUT_S)
        answer = self.http.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert answer.status_code == 200, answer.text
        self.csrf: str = answer.json()["csrf"]

    def post(self, url: str, body: dict[str, Any]) -> dict[str, Any]:
        response = self.http.post(url, json=body, headers={"X-CSRF-Token": self.csrf})
        assert response.status_code in (200, 201), response.text
        answer: dict[str, Any] = response.json()
        return answer

    def command(self, stream: str, body: dict[str, Any]) -> dict[str, Any]:
        return self.post(f"/api/tournaments/{stream}/commands", body)

    def create(self) -> str:
        stream: str = self.post("/api/tournaments", {"name": "Friday", "preset": "ky-charity"})[
            "id"
        ]
        return stream

    def running(self, players: int = 12) -> str:
        stream = self.create()
        for i in range(1, players + 1):
            self.command(
                stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"N{i}"}
            )
        self.command(stream, {"type": "draw_seats"})
        self.command(stream, {"type": "start_tournament"})
        return stream

    def table_token(self, stream: str, table: int) -> str:
        response = self.http.get(f"/api/tournaments/{stream}/tables/{table}/link")
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token

    def screen(self, stream: str, query: str = "role=public", *, signed_in: bool = False) -> Any:
        """A WebSocket to the screen of ``stream`` (the director's cookie sent if asked)."""
        url = self.server.url.replace("http://", "ws://") + f"/ws/tournaments/{stream}?{query}"
        headers = {}
        if signed_in:
            cookies = "; ".join(f"{k}={v}" for k, v in self.http.cookies.items())
            headers["Cookie"] = cookies
        return connect(
            url,
            origin=self.server.url,  # type: ignore[arg-type]
            additional_headers=headers,
            proxy=None,
            open_timeout=TIMEOUT_S,
        )


def receive(ws: ClientConnection) -> dict[str, Any]:
    payload: dict[str, Any] = json.loads(ws.recv(timeout=TIMEOUT_S))
    return payload


def receive_seq(ws: ClientConnection, seq: int) -> dict[str, Any]:
    """The first payload at ``seq`` or later (an earlier one may still be on its way)."""
    while True:
        payload = receive(ws)
        if payload["seq"] >= seq:
            return payload


@pytest.fixture
def console(live_server: LiveServer) -> Iterator[Console]:
    made = Console(live_server)
    try:
        yield made
    finally:
        made.http.close()


def test_a_screen_gets_a_full_snapshot_at_once(console: Console) -> None:
    stream = console.running()
    with console.screen(stream) as ws:
        first = receive(ws)
    head = console.http.get(f"/api/tournaments/{stream}/public").json()
    assert first["kind"] == "public"
    assert first["seq"] == head["seq"]
    assert first["players_left"] == 12
    assert len(first["seating"]) == 12
    assert first["clock"]["running"] is True


def test_every_connected_screen_of_every_role_gets_the_new_payload_after_a_command(
    console: Console,
) -> None:
    stream = console.running()
    public = console.http.get(f"/api/tournaments/{stream}/public").json()
    seated = [line["player_id"] for line in public["seating"] if line["table"] == 1]
    token = console.table_token(stream, 1)
    with ExitStack() as stack:
        screens = {
            **{f"public {i}": stack.enter_context(console.screen(stream)) for i in range(4)},
            "director": stack.enter_context(
                console.screen(stream, "role=director", signed_in=True)
            ),
            "table 1": stack.enter_context(
                console.screen(stream, f"role=table&table=1&token={token}")
            ),
        }
        firsts = {name: receive(ws) for name, ws in screens.items()}
        assert {p["seq"] for p in firsts.values()} == {public["seq"]}
        assert firsts["director"]["kind"] == "director"
        assert firsts["table 1"]["kind"] == "table"

        answer = console.command(
            stream,
            {"type": "record_bust", "table": 1, "busted": [seated[0]], "eliminated_by": seated[1]},
        )
        news = {name: receive(ws) for name, ws in screens.items()}
    assert {p["seq"] for p in news.values()} == {answer["seq"]}
    assert all(p["players_left"] == 11 for n, p in news.items() if n != "table 1")
    table = news["table 1"]
    assert seated[0] not in {p["player_id"] for p in table["players"]}
    assert table["next_place"] == 11
    director = next(p for p in news["director"]["players"] if p["player_id"] == seated[0])
    assert director["out"] is True


def test_a_screen_sees_every_command_of_a_run_in_order(console: Console) -> None:
    stream = console.running()
    with console.screen(stream) as ws:
        seqs = [receive(ws)["seq"]]
        for kind in ("pause_clock", "resume_clock", "pause_clock", "resume_clock"):
            answer = console.command(stream, {"type": kind})
            payload = receive_seq(ws, answer["seq"])
            assert payload["clock"]["running"] is (kind == "resume_clock")
            seqs.append(payload["seq"])
    assert seqs == sorted(set(seqs))


def test_a_reconnecting_screen_gets_the_full_current_snapshot(console: Console) -> None:
    stream = console.running()
    with console.screen(stream) as ws:
        before = receive(ws)
    # while the screen is away: the clock paused, a player out
    seated = [line["player_id"] for line in before["seating"] if line["table"] == 2]
    console.command(stream, {"type": "pause_clock"})
    answer = console.command(
        stream,
        {"type": "record_bust", "table": 2, "busted": [seated[0]], "eliminated_by": seated[1]},
    )
    with console.screen(stream) as ws:
        again = receive(ws)
    assert again["seq"] == answer["seq"] > before["seq"]
    assert again["players_left"] == 11
    assert again["clock"]["running"] is False
    assert set(again) == set(before)  # the whole snapshot, not a difference


def test_the_clock_counts_down_from_its_end_instant_and_stops_when_paused(
    console: Console,
) -> None:
    clock = console.server.clock
    stream = console.running()
    with console.screen(stream) as ws:
        first = receive(ws)["clock"]
    started = clock()
    assert first["running"] is True
    assert first["ends_at"] == started + first["remaining_ms"]

    clock.advance(90_000)  # a screen connecting 90 s later, nothing recorded since
    with console.screen(stream) as ws:
        later = receive(ws)
    assert later["clock"]["ends_at"] == first["ends_at"]
    assert later["clock"]["ends_at"] - later["server_now"] == later["clock"]["remaining_ms"]
    assert later["clock"]["remaining_ms"] == first["remaining_ms"] - 90_000

    with console.screen(stream) as ws:
        receive(ws)
        answer = console.command(stream, {"type": "pause_clock"})
        paused = receive_seq(ws, answer["seq"])["clock"]
    assert paused["running"] is False
    assert paused["ends_at"] is None
    assert paused["remaining_ms"] == first["remaining_ms"] - 90_000

    clock.advance(600_000)  # paused: the time left does not move
    with console.screen(stream) as ws:
        still = receive(ws)["clock"]
    assert still["ends_at"] is None
    assert still["remaining_ms"] == paused["remaining_ms"]


def test_a_command_committed_while_a_screen_connects_still_reaches_it(
    console: Console, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Regression: the screen subscribed only after its snapshot was built and sent, so a
    command committed in between never reached it (it showed the old state until the next)."""
    from pitboss.tournament import commands as cmd

    stream = console.running()
    hub = console.server.app.state.hub
    build = hub.payload
    committed: list[int] = []

    def snapshot_then_a_command(stream_: str, role: Any) -> dict[str, Any]:
        built: dict[str, Any] = build(stream_, role)
        if not committed:  # the first snapshot only: a command lands right after it
            hub.execute(stream_, cmd.PauseClock())
            committed.append(hub.tournament(stream_).head)
        return built

    monkeypatch.setattr(hub, "payload", snapshot_then_a_command)
    with console.screen(stream) as ws:
        first = receive(ws)
        assert committed
        assert first["seq"] < committed[0]
        assert receive(ws)["seq"] == committed[0]
