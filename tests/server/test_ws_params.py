"""Every WebSocket route checks its query as the HTTP routes check theirs (issue 25): a table
number that is not a whole number, too many digits or an over-long value gets one
``bad_request`` error frame and a 4422 close, never an HTTP 500 with a traceback, and nothing
is subscribed or changed.

The WebSocket routes are read from the app itself, so a route added later is covered."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import SETUP_CODE, Director, TestClock

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore

ROLES = ("public", "director", "table", "player", "spectator")

BAD_QUERIES = {
    "table=%C2%B2": "table",  # a superscript two: str.isdigit() says yes, int() says no
    "table=" + "9" * 5_000: "table",  # beyond Python's 4,300-digit limit
    "table=0": "table",
    "table=-3": "table",
    "table=100000": "table",
    "rules=%C2%B2": "rules",
    "token=" + "t" * 201: "token",
    "player=" + "p" * 101: "player",
    "role=" + "r" * 41: "role",
}


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


@pytest.fixture
def stranger(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def websocket_paths(app: FastAPI) -> list[str]:
    return [
        context.path
        for context in iter_route_contexts(app.routes)
        if isinstance(context.route, WebSocketRoute) and context.path is not None
    ]


def test_the_websocket_routes_are_the_ones_checked_here(app: FastAPI) -> None:
    assert websocket_paths(app) == ["/ws/tournaments/{stream}"]


def test_a_bad_table_number_or_overlong_value_on_any_websocket_is_one_clear_error_not_a_500(
    app: FastAPI, director: Director, stranger: TestClient
) -> None:
    stream = director.create()
    head = app.state.hub.store.head(stream)
    for path in websocket_paths(app):
        url = path.replace("{stream}", stream)
        for role in ROLES:
            for query, field in BAD_QUERIES.items():
                asked = query if query.startswith("role=") else f"role={role}&{query}"
                full = f"{url}?{asked}"
                with stranger.websocket_connect(full) as ws:
                    error = ws.receive_json()
                    with pytest.raises(WebSocketDisconnect) as closed:
                        ws.receive_json()
                assert error["kind"] == "error", (role, query[:30])
                assert error["code"] == "bad_request", (role, query[:30], error)
                assert [p["field"] for p in error["params"]["problems"]] == [field]
                assert len(error["message"]) < 200  # the value sent is never echoed
                assert closed.value.code == 4422
    assert app.state.hub.screens(stream) == 0
    assert app.state.hub.store.head(stream) == head


def test_a_good_query_still_opens_each_screen(director: Director, stranger: TestClient) -> None:
    stream = director.create()
    with stranger.websocket_connect(f"/ws/tournaments/{stream}?role=public&rules=1") as ws:
        assert ws.receive_json()["kind"] == "public"
    with stranger.websocket_connect(f"/ws/tournaments/{stream}?role=spectator&table=1") as ws:
        assert ws.receive_json()["kind"] == "spectator"
    with stranger.websocket_connect(f"/ws/tournaments/{stream}?role=table&table=1") as ws:
        assert ws.receive_json()["code"] == "bad_table_token"
