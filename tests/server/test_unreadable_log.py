"""A preset cannot make a tournament unreadable, and a log that does not read is still the
director's (issue 25).

- A house TOML with ``buy_in_cents = 2**63`` was accepted (201) and, after a restart, every
  route of the tournament answered 422: now it is refused at the upload (422, the setting in
  words) and nothing is stored; TOML nested 500 deep is a 422 ``too_deep``, not a 500.
- A log with an event this pitboss cannot read (an older or newer version, a file edited by
  hand) answers every route of the tournament with 500 and a message naming the event (seq,
  type, time) and why; the director still downloads the raw log, as it is stored.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import PASSWORD, SETUP_CODE, Director, TestClock

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore
from pitboss.store.envelopes import NewEvent
from pitboss.tournament.codec import decode_log


def _error(response: Any, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "params", "message"}
    return body


@pytest.mark.parametrize(
    ("text", "code", "words"),
    [
        (
            "[tournament.entry]\nbuy_in_cents = 9223372036854775808\n",
            "out_of_bounds",
            "tournament.entry.buy_in_cents is 9,223,372,036,854,775,808",
        ),
        ("title = " + "[" * 500 + "]" * 500 + "\n", "too_deep", "deeper than 20 levels"),
        ("title = " + "{ a = " * 500 + "1" + " }" * 500 + "\n", "too_deep", "deeper than 20"),
    ],
    ids=["buy-in of 2**63 cents", "lists 500 deep", "tables 500 deep"],
)
def test_a_house_toml_a_log_could_not_read_back_is_refused_at_the_upload(
    director: Director, store: EventStore, text: str, code: str, words: str
) -> None:
    before = len(store.tournaments())
    response = director.post("/api/tournaments", json={"name": "House", "rules_toml": text})
    error = _error(response, 422)
    assert error["code"] == code
    assert words in error["message"]
    assert "uploaded" in error["message"]
    assert len(store.tournaments()) == before


def _tamper(store: EventStore, stream: str) -> int:
    """Append an event as a newer pitboss, or a hand editing the file, would: its seq."""
    head = store.head(stream)
    bad = NewEvent(type="player_absent", data={"at": 0, "player_id": 2**63}, at=None)
    return store.append(stream, head, events=[bad], at=1_796_000_460_000)[0].seq


def test_an_unreadable_log_answers_every_route_with_which_event_and_why(
    director: Director, store: EventStore, clock: TestClock
) -> None:
    stream = director.create("Friday charity", "ky-charity")
    director.command(stream, {"type": "register_player", "player_id": "p1", "name": "Ann Lee"})
    seq = _tamper(store, stream)
    app = create_app(store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None)
    with TestClient(app) as client:  # a restart: the tournament is opened from the log
        signed = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert signed.status_code == 200, signed.text
        csrf = signed.json()["csrf"]
        for url in (
            f"/api/tournaments/{stream}/public",
            f"/api/tournaments/{stream}/director",
            f"/api/tournaments/{stream}/log",
        ):
            error = _error(client.get(url), 500)
            assert error["params"]["seq"] == seq
            assert error["params"]["event"] == "player_absent"
            assert error["message"].startswith(f"event {seq} of the log (player absent, recorded ")
            assert "whole number" in error["message"]
            assert "/api/tournaments/ID/log.jsonl" in error["message"]
        command = {"type": "register_player", "player_id": "p2", "name": "Bo Diaz"}
        posted = client.post(
            f"/api/tournaments/{stream}/commands", json=command, headers={"X-CSRF-Token": csrf}
        )
        assert _error(posted, 500)["params"]["seq"] == seq

        raw = client.get(f"/api/tournaments/{stream}/log.jsonl")
        assert raw.status_code == 200, raw.text
        assert raw.headers["content-disposition"] == f'attachment; filename="{stream}-log.jsonl"'
        assert raw.headers["cache-control"] == "no-store"
        lines = [json.loads(line) for line in raw.text.splitlines()]
        envelopes = [line for line in lines if "seq" in line]
        assert [e["seq"] for e in envelopes] == list(range(1, seq + 1))
        assert envelopes[-1]["data"]["player_id"] == 2**63  # kept exactly as stored
        assert lines[0]["command"]["type"] == "create_tournament"
        readable = [{k: v for k, v in e.items() if k != "batch"} for e in envelopes[:-1]]
        assert [e.type for e in decode_log(readable)][:2] == [
            "tournament_created",
            "player_registered",
        ]


def test_the_raw_log_is_the_directors_alone(
    director: Director, app: Any, store: EventStore
) -> None:
    stream = director.create("Friday charity", "tda")
    with TestClient(app) as stranger:
        assert stranger.get(f"/api/tournaments/{stream}/log.jsonl").status_code == 401
    error = _error(director.client.get("/api/tournaments/nosuchnight/log.jsonl"), 404)
    assert error["code"] == "unknown_stream"
