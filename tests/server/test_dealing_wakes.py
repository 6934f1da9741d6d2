"""Who the software's dealing wakes (issue 14, "Performance and load"): a director's command
over the HTTP API wakes the tables waiting on the director at once (not at the room's next
poll), and a table's change wakes only the screens that show that table (its spectators and
its players), not every screen of the tournament."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_player_browser import Console
from websockets.sync.client import ClientConnection, connect

from pitboss.live import RoomSettings
from pitboss.play.simulation import dealt_mode_rules
from pitboss.rules import RuleSet
from pitboss.server.live_rooms import Dealing

TIMEOUT_S = 30.0


def two_tables(server: LiveServer, console: Console) -> str:
    """A TDA night of 12 players at two tables of 6, drawn and started."""
    rules = RuleSet.from_preset("tda")
    # deep stacks: nobody busts in the few hands a test watches, so both tables stay in play
    entry = replace(rules.tournament.entry, starting_chips=5_000_000)
    rules = replace(
        rules,
        table=replace(rules.table, action_seconds=30, seats=6),
        tournament=replace(rules.tournament, entry=entry),
    )
    stream: str = server.app.state.hub.create("Two tables", dealt_mode_rules(rules))
    for i in range(1, 13):
        body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i}"}
        console.post(f"/api/tournaments/{stream}/commands", body)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "draw_seats"})
    console.post(f"/api/tournaments/{stream}/commands", {"type": "start_tournament"})
    return stream


def hands_dealt(console: Console, stream: str) -> dict[int, int]:
    status = console.http.get(f"/api/tournaments/{stream}/dealing").json()
    return {t["table"]: t["hands_dealt"] for t in status["tables"]}


def in_play(console: Console, stream: str) -> dict[int, str | None]:
    status = console.http.get(f"/api/tournaments/{stream}/dealing").json()
    return {t["table"]: t["hand_id"] for t in status["tables"]}


def until(what: Any, *, timeout_s: float = TIMEOUT_S) -> None:
    deadline = time.monotonic() + timeout_s
    while not what():
        assert time.monotonic() < deadline, "it never happened"
        time.sleep(0.02)


def test_a_command_over_the_http_api_wakes_the_waiting_tables(live_server: LiveServer) -> None:
    """The director pauses the clock over the HTTP API: the tables finish their hands and
    wait; the director restarts it: the tables deal again at once, though the room would look
    again on its own only after an hour here."""
    console = Console(live_server)
    stream = two_tables(live_server, console)
    console.post(f"/api/tournaments/{stream}/dealing", {"think_seconds": 0, "pause_seconds": 0})
    dealing: Dealing = live_server.app.state.dealing
    room = dealing.rooms[stream].room
    room.settings = RoomSettings(pause_seconds=0, poll_seconds=3_600)
    until(lambda: sum(hands_dealt(console, stream).values()) >= 2)
    console.post(f"/api/tournaments/{stream}/commands", {"type": "pause_clock"})
    until(lambda: not any(in_play(console, stream).values()))
    room.notify()  # every table now waits with the hour-long poll
    time.sleep(0.3)
    before = hands_dealt(console, stream)
    assert not any(in_play(console, stream).values())  # the clock stopped: no new hand
    console.post(f"/api/tournaments/{stream}/commands", {"type": "resume_clock"})
    until(lambda: sum(hands_dealt(console, stream).values()) > sum(before.values()), timeout_s=10)


def frames_until(ws: ClientConnection, done: Any) -> list[str]:
    """Every frame the screen receives until ``done()``."""
    frames: list[str] = []
    deadline = time.monotonic() + TIMEOUT_S
    while not done():  # looked at after every frame: a fast table never pauses for a drain
        assert time.monotonic() < deadline, "it never happened"
        frames.append(str(ws.recv(timeout=TIMEOUT_S)))
    return frames


def drain(ws: ClientConnection, wait_s: float = 0.05) -> list[str]:
    """The frames that come in until none has for ``wait_s``."""
    frames = []
    while True:
        try:
            frames.append(str(ws.recv(timeout=wait_s)))
        except TimeoutError:
            return frames


def test_a_tables_change_wakes_only_the_screens_that_show_it(live_server: LiveServer) -> None:
    """One table is paused: its player's and its spectator's screens receive nothing while the
    other table deals hands, whose spectator sees every change."""
    console = Console(live_server)
    stream = two_tables(live_server, console)
    hub = live_server.app.state.hub
    state = hub.tournament(stream).state
    quiet, busy = sorted(state.tables)
    player = sorted(state.tables[quiet].seats.values())[0]
    console.post(
        f"/api/tournaments/{stream}/dealing",
        {"browser_players": [player], "think_seconds": 0, "pause_seconds": 0},
    )
    console.post(f"/api/tournaments/{stream}/dealing/pause", {"table": quiet})
    until(lambda: in_play(console, stream)[quiet] is None)
    token = console.http.get(f"/api/tournaments/{stream}/players/{player}/link").json()["token"]
    base = live_server.url.replace("http://", "ws://") + f"/ws/tournaments/{stream}"
    with (
        connect(f"{base}?role=player&player={player}&token={token}", proxy=None) as mine,
        connect(f"{base}?role=spectator&table={quiet}", proxy=None) as watching_quiet,
        connect(f"{base}?role=spectator&table={busy}", proxy=None) as watching_busy,
    ):
        for ws in (mine, watching_quiet, watching_busy):
            ws.recv(timeout=TIMEOUT_S)  # the full view at once
        time.sleep(0.5)  # the player's return (MarkReturned) shown
        for ws in (mine, watching_quiet):
            drain(ws, 0.2)
        start = hands_dealt(console, stream)[busy]
        busy_frames = frames_until(
            watching_busy, lambda: hands_dealt(console, stream)[busy] >= start + 3
        )
        assert len(busy_frames) >= 10  # every deal, decision and result at that table
        for ws in (mine, watching_quiet):
            leftover = drain(ws)
            assert len(leftover) <= 1, leftover  # nothing of the other table's hands
