"""A player at the table calls the clock from their page (issue 14; TDA 29, and KY 16, THC 15,
SLPT 2 where the caller must sit at the table): the player to act then has the house's called
time, their page and the caller's show the countdown, and when it runs out the decision is
taken for them (TDA 29: checked or folded). A clock already running, or a call on oneself, is
refused with the reason."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import Director, TestClock
from tests.server.test_live_rooms import link, start, until

from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet


def two_phones_table(app: FastAPI, director: Director) -> str:
    """Two players at their phones and a bot, a long action clock and a one-second call."""
    rules = RuleSet.from_preset("tda")
    tournament = rules.tournament
    conduct = replace(tournament.conduct, clock_seconds=1, clock_countdown_seconds=0)
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=60, seats=6),
        tournament=replace(tournament, conduct=conduct),
    )
    stream: str = app.state.hub.create("Clock night", dealt_mode_rules(rules))
    for i in range(1, 4):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def call(ws: Any, frames: list[dict[str, Any]], action_id: str) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "call_clock", "action_id": action_id}))
    return until(ws, lambda f: f.get("kind") in {"submitted", "refused"}, frames=frames)


def test_a_player_calls_the_clock_on_the_player_to_act(
    app: FastAPI, director: Director, clock: TestClock
) -> None:
    stream = two_phones_table(app, director)
    tokens = {p: link(director, stream, p) for p in ("p01", "p02")}
    frames: list[dict[str, Any]] = []
    with TestClient(app) as phones:
        urls = {
            p: f"/ws/tournaments/{stream}?role=player&player={p}&token={t}"
            for p, t in tokens.items()
        }
        with (
            phones.websocket_connect(urls["p01"]) as one,
            phones.websocket_connect(urls["p02"]) as two,
        ):
            one.receive_json()
            two.receive_json()
            start(director, stream, browser_players=["p01", "p02"], think_seconds=0)
            # wait until one phone is to act: the other calls the clock on them
            sockets = {"p01": one, "p02": two}
            turn = None
            while turn is None:
                frame = one.receive_json()
                frames.append(frame)
                actor = (frame.get("hand") or {}).get("actor")
                if (
                    frame.get("kind") == "player"
                    and actor is not None
                    and not frame["hand"]["over"]
                ):
                    acting = next(s for s in frame["hand"]["seats"] if s["seat"] == actor)
                    if acting["player_id"] in sockets:
                        turn = frame
            acting_id = next(
                s["player_id"] for s in turn["hand"]["seats"] if s["seat"] == turn["hand"]["actor"]
            )
            caller_id = "p02" if acting_id == "p01" else "p01"
            caller, acting_ws = sockets[caller_id], sockets[acting_id]
            if caller_id == "p01":
                assert turn["clock_call"]["can_call"] is True
                assert turn["clock_call"]["on"] == f"Player {int(acting_id[1:])}"
            mine = call(acting_ws, frames, "c0")  # not on oneself
            assert mine["kind"] == "refused"
            assert mine["code"] == "nobody_to_call_on"
            answer = call(caller, frames, "c1")
            assert answer["kind"] == "submitted", answer
            assert answer["status"] == "accepted"
            assert "1 seconds to act" in answer["message"]
            shown = until(
                acting_ws,
                lambda f: (
                    f.get("kind") == "player" and (f.get("clock_call") or {}).get("called_on")
                ),
                frames=frames,
            )
            assert shown["clock_call"]["expires_at"] > 0
            again = call(caller, frames, "c2")
            assert again["kind"] == "refused"
            assert again["code"] == "clock_already_called"
            # the called second runs out: the decision is taken for the slow player (TDA 29)
            clock.advance(1_000)  # the director's clock agrees (the server's test clock)
            until(
                acting_ws,
                lambda f: any(
                    "(time)" in line for line in ((f.get("hand") or {}).get("last_actions") or [])
                ),
                frames=frames,
                limit=400,
            )
    live = app.state.hub.tournament(stream)
    kinds = [type(e).__name__ for _, e in live.events()]
    assert "ClockCalled" in kinds
    assert "ClockExpired" in kinds
