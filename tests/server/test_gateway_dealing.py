"""The director's deal, pause and resume at a web gateway (issue 32): the gateway deals nothing
itself; what the director says is kept in the store for the table hosts, and the status is
read back from it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import PASSWORD, SETUP_CODE, Director, TestClock
from tests.server.test_live_rooms import dealt_tournament, start

from pitboss.server.app import Cluster, create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore
from pitboss.store.leases import LeaseBook


@pytest.fixture
def gateway_app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store,
        clock,
        seeded_random("tests"),
        setup_code=SETUP_CODE,
        tick_every=None,
        cluster=Cluster(role="web"),
    )


@pytest.fixture
def gateway(gateway_app: FastAPI) -> Iterator[Director]:
    with TestClient(gateway_app) as client:
        answer = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert answer.status_code == 200, answer.text
        yield Director(client, answer.json()["csrf"])


def test_the_console_s_deal_pause_and_resume_at_a_gateway_are_kept_for_the_hosts(
    gateway_app: FastAPI, gateway: Director, store: EventStore
) -> None:
    stream = dealt_tournament(gateway_app, gateway, 12)
    status = start(gateway, stream, browser_players=["p01"], think_seconds=0.5)
    assert status["dealing"] is True
    assert [t["table"] for t in status["tables"]] == [1, 2]
    assert status["browser_players"] == ["p01"]
    assert gateway_app.state.dealing.rooms == {}, "a gateway deals nothing itself"
    book = LeaseBook(store)
    (dealt,) = book.dealt()
    assert (dealt.stream, dealt.settings["browser_players"], dealt.settings["think_seconds"]) == (
        stream,
        ["p01"],
        0.5,
    )

    paused = gateway.post(f"/api/tournaments/{stream}/dealing/pause", json={"table": 2})
    assert paused.status_code == 200, paused.text
    assert [t["paused"] for t in paused.json()["tables"]] == [False, True]
    resumed = gateway.post(f"/api/tournaments/{stream}/dealing/resume", json={})
    assert [t["paused"] for t in resumed.json()["tables"]] == [False, False]
    assert book.dealt()[0].settings["paused_tables"] == []


def test_a_gateway_refuses_what_the_hosts_cannot_deal_saying_why(
    gateway_app: FastAPI, gateway: Director, store: EventStore
) -> None:
    stream = dealt_tournament(gateway_app, gateway, 12)
    unknown = gateway.post(
        f"/api/tournaments/{stream}/dealing", json={"browser_players": ["nobody"]}
    )
    assert unknown.status_code == 422, unknown.text
    assert unknown.json()["code"] == "unknown_player"
    not_dealt = gateway.post(f"/api/tournaments/{stream}/dealing/pause", json={})
    assert not_dealt.json()["code"] == "not_dealing"
    start(gateway, stream)
    no_table = gateway.post(f"/api/tournaments/{stream}/dealing/pause", json={"table": 9})
    assert no_table.json()["code"] == "no_such_table"
    assert LeaseBook(store).dealt()[0].settings.get("paused_tables") is None
