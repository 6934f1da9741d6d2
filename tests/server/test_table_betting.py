"""The acting panel's part of a player's view (issue 31): while another acts, a player still in
the hand is told what they would have to call now (``waiting``), so their page can offer
pre-actions and drop a "Check" or a "Call N" once the bet changes before their turn. Their own
figure only: none in turn (the legal actions say it), none in a spectator's view, no card."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack
from typing import Any

from fastapi import FastAPI
from tests.server.conftest import Director
from tests.server.test_live_rooms import cards_in, dealt_tournament, link, start, until

from pitboss.ids import TableNo
from pitboss.live.dealt_table import TableRunner

PLAYERS = ("p01", "p02", "p03")


def live(frame: dict[str, Any]) -> bool:
    """A player's view of a hand in play with a player to act."""
    hand = frame.get("hand") if frame.get("kind") == "player" else None
    return bool(hand and not hand["over"] and hand["actor"] is not None)


def full_hand(runner: TableRunner, sockets: dict[str, Any]) -> str:
    """The id of the first hand every player is dealt into, at its first decision. A page that
    connected after a deal began was away for it (TDA 30: dealt dead): its actor folds it."""
    deadline = time.monotonic() + 20
    folded: set[tuple[str, int]] = set()
    while True:
        assert time.monotonic() < deadline, "no hand dealt to all three"
        hand, turn, hand_id = runner.hand, runner.turn, runner.hand_id
        if hand is not None and turn is not None and hand_id is not None:
            if turn.number == 1 and not any(hand.is_folded(s.seat) for s in hand.setup.seats):
                return str(hand_id)
            if (hand_id, turn.number) not in folded:
                folded.add((hand_id, turn.number))
                fold = {"type": "act", "action": "fold", "turn": turn.number}
                sockets[turn.view.player].send_text(json.dumps({**fold, "action_id": hand_id}))
        time.sleep(0.02)


def test_a_waiting_player_is_told_the_call_they_face_and_it_follows_a_raise(
    app: FastAPI, director: Director
) -> None:
    """Three phones at one table, the button to act first: the small blind would call the
    rest of the big blind, the big blind nothing; after the button's raise, the raise less
    what each has in front."""
    stream = dealt_tournament(app, director, len(PLAYERS), seconds=600)
    frames: list[dict[str, Any]] = []

    phone = director.client  # the dealing's own loop: its screens are woken on it
    with ExitStack() as open_sockets:
        sockets = {
            pid: open_sockets.enter_context(
                phone.websocket_connect(
                    f"/ws/tournaments/{stream}?role=player&player={pid}"
                    f"&token={link(director, stream, pid)}"
                )
            )
            for pid in PLAYERS
        }
        start(director, stream, browser_players=list(PLAYERS), think_seconds=0, pause_seconds=0)
        runner = app.state.dealing.rooms[stream].room.runners[TableNo(1)]
        full = full_hand(runner, sockets)
        views = {
            pid: until(ws, lambda f: live(f) and f["hand"]["hand_id"] == full, frames=frames)
            for pid, ws in sockets.items()
        }
        hand = views["p01"]["hand"]
        seat_of = {s["player_id"]: s for s in hand["seats"]}
        actor = next(pid for pid, s in seat_of.items() if s["seat"] == hand["actor"])
        assert views[actor]["legal"] is not None
        assert views[actor]["waiting"] is None  # in turn: the legal actions instead
        big = hand["big_blind"]
        for pid, view in views.items():
            if pid != actor:
                owed = big - seat_of[pid]["bet"]
                assert view["legal"] is None
                assert view["waiting"] == {"to_call": owed, "all_in": False}
                assert not cards_in(view["waiting"])
        raise_to = 3 * big
        legal = views[actor]["legal"]
        frame = {"type": "act", "action": "raise", "amount": raise_to, "turn": legal["turn"]}
        sockets[actor].send_text(json.dumps({**frame, "action_id": "r1"}))
        for pid, ws in sockets.items():
            if pid == actor:
                continue
            owed = raise_to - seat_of[pid]["bet"]
            after = until(
                ws,
                lambda f, owed=owed: (
                    (f.get("waiting") or {}).get("to_call") == owed
                    or bool(f.get("legal") and f["legal"]["call_amount"] == owed)
                ),
                frames=frames,
            )
            assert after["hand"]["hand_id"] == hand["hand_id"]
    table = hand["table"]
    with phone.websocket_connect(f"/ws/tournaments/{stream}?role=spectator&table={table}") as ws:
        assert "waiting" not in ws.receive_json()
