"""Table hosts as separate processes over one store (issue 32): what the tests of
`pitboss serve --role tables` share: a fast tournament made in the store, the hosts started and
killed, and the checks that no hand was lost or dealt twice and that chips were conserved."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_log import HAND_ACTED, HAND_DEALT, HAND_FINISHED, hand_stream
from pitboss.play.simulation import dealt_mode_rules, simulated_details
from pitboss.rules import RuleSet
from pitboss.server.auth import CredentialFile
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.store import EventStore
from pitboss.store.leases import Lease, LeaseBook
from pitboss.tournament import commands as c
from pitboss.tournament.state import TournamentState

ROOT = Path(__file__).resolve().parents[2]


def fast_rules(seats: int = 9) -> RuleSet:
    """The TDA's rules with one-minute levels, no breaks and a short stack, dealt as the floor
    deals them (moves as hands end): a night that ends in minutes with bots."""
    rules = RuleSet()
    t = rules.tournament
    structure = replace(t.structure, level_minutes=1, breaks=())
    entry = replace(t.entry, starting_chips=3000)
    rules = replace(
        rules,
        table=replace(rules.table, seats=seats),
        tournament=replace(t, structure=structure, entry=entry),
    )
    return dealt_mode_rules(rules)


def seated_tournament(store: EventStore, *, players: int, seats: int = 9) -> LiveTournament:
    """``players`` registered and seated, started: tables of ``seats``."""
    service = DirectorService(store, randomness=seeded_random(7), snapshot_every=0)
    live = service.create("Hosts night", fast_rules(seats))
    for i in range(players):
        pid = PlayerId(f"p{i:03d}")
        live.execute(
            c.RegisterPlayer(
                player_id=pid, name=f"Player {i}", details=simulated_details(live.state.rules, pid)
            )
        )
    live.execute(c.StartTournament())
    return live


@dataclass
class Hosts:
    """Table-host processes over ``target``, started and stopped by name."""

    target: str
    workdir: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)
    ports: dict[str, int] = field(default_factory=dict)

    @property
    def credentials(self) -> Path:
        """The credentials file every process shares (the players' links are signed with its
        secret): made before the first process starts, so none makes its own."""
        path = self.workdir / "credentials.json"
        if not path.exists():
            CredentialFile(path)
        return path

    def start(self, name: str, *, role: str = "tables") -> subprocess.Popen[bytes]:
        """A ``pitboss serve --role`` process named ``name`` on a free port of its own."""
        out = open(self.workdir / f"{name}.log", "ab")  # noqa: SIM115 (the process keeps it)
        option = "--database-url" if "://" in self.target else "--db"
        port = self.ports[name] = free_port()
        command = [sys.executable, "-m", "pitboss", "serve", "--role", role, "--port", str(port)]
        process = subprocess.Popen(
            [*command, option, self.target, "--host-id", name, "--credentials", self.credentials],
            stdout=out,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        self.processes[name] = process
        return process

    def kill(self, name: str) -> None:
        process = self.processes.pop(name)
        process.send_signal(signal.SIGKILL)
        process.wait(30)

    def stop(self, name: str, *, timeout: float = 120) -> bool:
        """SIGTERM: the host drains and exits; whether it exited as a stopped server does
        (uvicorn ends by the signal it was stopped with, after its shutdown ran)."""
        process = self.processes.pop(name)
        process.send_signal(signal.SIGTERM)
        return process.wait(timeout) in (0, -signal.SIGTERM)

    def stop_all(self) -> None:
        for name in list(self.processes):
            process = self.processes.pop(name)
            process.send_signal(signal.SIGKILL)
            process.wait(30)

    def log_of(self, name: str) -> str:
        return (self.workdir / f"{name}.log").read_text(errors="replace")

    def takes(self, stream: str) -> list[tuple[float, str, int]]:
        """Every taking of one of ``stream``'s tables the hosts' logs record, in order: (the
        instant on this machine's clock, the host, the table). The logs, not a look at the
        leases: a table taken over may be handed over again within a second (the share of a
        host started in the killed one's place), before a look at the leases sees it."""
        takes = []
        for path in sorted(self.workdir.glob("*.log")):
            for line in path.read_text(errors="replace").splitlines():
                found = TAKE.match(line)
                if found and found["stream"] == stream:
                    local = time.strptime(found["at"], "%Y-%m-%d %H:%M:%S")  # asctime's
                    at = time.mktime(local) + int(found["ms"]) / 1000
                    takes.append((at, found["host"], int(found["table"])))
        return sorted(takes)


TAKE = re.compile(
    r"(?P<at>\S+ [\d:]+),(?P<ms>\d+) pitboss\.server\.table_host host (?P<host>\S+) "
    r"deals table (?P<table>\d+) of (?P<stream>\S+)$"
)
"""A host's log line when it took a table (`pitboss.server.table_host`, with the log's
instant in this machine's local time)."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_for(done: Callable[[], bool], *, seconds: float, what: str) -> float:
    """Until ``done`` (checked every 0.1 s) or fail after ``seconds``; the seconds it took."""
    start = time.monotonic()
    while not done():
        if time.monotonic() - start > seconds:
            raise AssertionError(f"not within {seconds:g} s: {what}")
        time.sleep(0.1)
    return time.monotonic() - start


def held_by(book: LeaseBook, stream: str) -> dict[int, Lease]:
    """The unexpired leases of ``stream``'s tables, by table."""
    now = book.now()
    return {lease.table: lease for lease in book.leases(stream) if lease.expires_at > now}


def check_hands(store: EventStore, stream: str, state: TournamentState) -> Counter[int]:
    """Every hand of the director's log dealt once and finished at most once in its table's
    hand stream, with the chips it started with (nothing created or lost); the hands of each
    table its director's log holds and its hand stream does not show finished (a host killed
    between the director's record of a result and its hand stream's leaves the stream without
    the finish: the director's log holds the result)."""
    unfinished: Counter[int] = Counter(record.table for record in state.hands.values())
    for table in sorted({record.table for record in state.hands.values()}):
        events = store.load(hand_stream(stream, TableNo(table)))
        dealt = Counter(e.data["hand_id"] for e in events if e.type == HAND_DEALT)
        twice = {h: n for h, n in dealt.items() if n > 1}
        assert not twice, f"table {table}: hands dealt twice: {twice}"
        starts = {
            e.data["hand_id"]: sum(s["stack"] for s in e.data["setup"]["seats"])
            for e in events
            if e.type == HAND_DEALT
        }
        ends = [e for e in events if e.type == HAND_FINISHED]
        ended = Counter(e.data["hand_id"] for e in ends)
        assert all(n == 1 for n in ended.values()), f"table {table}: a hand finished twice"
        for e in ends:
            chips = sum(s["chips"] for s in e.data["stacks"])
            assert chips == starts[e.data["hand_id"]], f"table {table}: chips not conserved"
        unfinished[table] -= len(ends)
    return +unfinished


def unfinished_story(store: EventStore, stream: str, state: TournamentState, table: int) -> str:
    """The hands of ``table`` its director's log holds and its hand stream does not show
    finished, each with its events in the stream (a failing test says so)."""
    events = store.load(hand_stream(stream, TableNo(table)))
    ended = {e.data["hand_id"] for e in events if e.type == HAND_FINISHED}
    lines = []
    for record in state.hands.values():
        if record.table == table and record.hand_id not in ended:
            mine = [f"{e.seq}:{e.type}" for e in events if e.data.get("hand_id") == record.hand_id]
            lines.append(f"{record.hand_id} (finished {record.finished}): {' '.join(mine)}")
    return f"table {table}: " + "; ".join(lines)


@dataclass
class Page:
    """A player's page over a WebSocket: it acts (checks, calls, or folds) whenever it is to
    act, and reconnects by itself when its socket closes, as `player.js` does."""

    urls: list[str]
    """The gateways' addresses of the page: after a socket closes it tries the next."""
    player: str
    calls: bool = True
    """Whether the page calls a bet (else it folds: its player is not knocked out while a
    test waits for it to act)."""
    frames: int = 0
    reconnects: int = 0
    sent: int = 0
    tables: list[int] = field(default_factory=list)
    answers: dict[str, list[str]] = field(default_factory=dict)
    acted: dict[tuple[str, int], tuple[str, str]] = field(default_factory=dict)
    """Each turn acted on: the action's id and frame (sent again, as a player clicks again, when
    the turn is offered again without an answer: its host went away)."""

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                url = self.urls[self.reconnects % len(self.urls)]
                async with connect(url, proxy=None, open_timeout=30) as ws:
                    reading = asyncio.ensure_future(self._read(ws))
                    stopping = asyncio.ensure_future(stop.wait())
                    await asyncio.wait({reading, stopping}, return_when=asyncio.FIRST_COMPLETED)
                    for task in (reading, stopping):
                        task.cancel()
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                pass
            if not stop.is_set():
                self.reconnects += 1
                await asyncio.sleep(0.2)

    async def _read(self, ws: ClientConnection) -> None:
        async for message in ws:
            frame = json.loads(message)
            if frame.get("kind") == "player":
                self.frames += 1
                table = (frame.get("you") or {}).get("table")
                if table is not None and (not self.tables or self.tables[-1] != table):
                    self.tables.append(int(table))
                await self._act(ws, frame)
            elif frame.get("kind") in ("submitted", "refused"):
                action_id = str(frame.get("action_id"))
                self.answers.setdefault(action_id, []).append(
                    str(frame.get("status") or frame.get("code"))
                )

    async def _act(self, ws: ClientConnection, frame: dict[str, Any]) -> None:
        legal = frame.get("legal")
        if not legal:
            return
        key = (str((frame.get("hand") or {}).get("hand_id")), int(legal["turn"]))
        sent = self.acted.get(key)
        if sent is not None:
            if not self.answers.get(sent[0]):  # offered again, never answered: once more
                await ws.send(sent[1])
            return
        if legal.get("can_show"):
            action = "show"
        elif legal.get("can_check"):
            action = "check"
        elif legal.get("call_amount") and self.calls:
            action = "call"
        else:
            action = "fold"
        self.sent += 1
        action_id = f"{self.player}-{self.sent}"
        text = json.dumps(
            {"type": "act", "action": action, "action_id": action_id, "turn": legal["turn"]}
        )
        self.acted[key] = (action_id, text)
        await ws.send(text)

    @property
    def accepted(self) -> set[str]:
        return {a for a, said in self.answers.items() if said and said[0] == "accepted"}


def applied_actions(store: EventStore, stream: str, tables: list[int]) -> Counter[str]:
    """How many times each action id of a page was applied, over the tables' hand streams."""
    applied: Counter[str] = Counter()
    for table in tables:
        for event in store.load(hand_stream(stream, TableNo(table))):
            action_id = event.data.get("action_id") if event.type == HAND_ACTED else None
            if action_id is not None:
                applied[str(action_id)] += 1
    return applied


def page_standing(live: LiveTournament, page: Page, book: LeaseBook) -> str:
    """Why a page may have stopped acting, for a test's failure message: its player's standing
    in the director's log, the leases, its last answers, its table's last events."""
    stream, store = live.stream, live.store
    state = live.service.open(stream).state
    who = PlayerId(page.player)
    seated = state.table_of(who)
    events = [] if seated is None else store.load(hand_stream(stream, seated.number))[-6:]
    return (
        f"{who}: out {state.is_out(who)}, table {seated and seated.number}, "
        f"{state.conduct_of(who)}; leases "
        f"{ {t: (lease.owner, lease.token) for t, lease in held_by(book, stream).items()} }; "
        f"answers {list(page.answers.items())[-3:]}, frames {page.frames}, tables {page.tables}; "
        f"last events {[(e.type, e.data.get('action_id')) for e in events]}"
    )
