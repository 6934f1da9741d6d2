"""The software dealing under load: tables of bots dealing as fast as they can, and players at
browsers acting at random over WebSockets (issue 14, "Performance and load").

The server runs as `pitboss serve` runs it (`create_app` over a SQLite store with the system
clock and the operating system's random source, the clock ticker and the follower of other
writers, uvicorn) in a subprocess on a free loopback port; the tournament is made there by the
hub (a preset under `dealt_mode_rules`, so moves and breaks are carried out as hands end).
This process signs in as the director over HTTP, registers ``tables x seats`` players, draws
the seats, starts the tournament and has the software deal it (``think_seconds=0``,
``pause_seconds=0``: no bot waits and no result stays on the table), ``clients`` of the
players at browsers and bots in every other seat. Each browser player is a WebSocket client
(the `websockets` library, asyncio, all in this process) with the player's personal link: on a
frame that shows it is to act it sends a random legal action at once (a fold, check, call,
bet or raise to a random legal amount, a show or muck) with an id of its own and the turn's
number, now and then sends the same frame again (a replay: to be answered ``repeated``), and
times the action from just before the send to the first frame that shows it applied (the table
past that turn).

After a warm-up, a window of ``--seconds`` is measured: the hands finished and decisions made
in it (read from the tables' hand streams by their instants), and the latency of every action
sent in it. Then the clients stop acting, wait for their last actions to show, close, and the
server stops. Every action is then checked against the hand streams: each action id the server
accepted must be in exactly one ``hand_acted`` event, for that player's seat, and no other id of
a client's may be there. A run with an action lost, applied twice or applied unasked exits 1.

There is no peer server to run beside it, so each run also has baselines, in the same run on
the same machine: the same tables with no browser player (what the dealing serves alone), and
a tenth of the tables and clients (how the latency scales with the load).

    .venv/bin/python benchmarks/bench_live.py                         # quick: 20 tables, 10 clients
    .venv/bin/python benchmarks/bench_live.py --tables 200 --clients 100 --seconds 60
        [--warmup 10] [--replay 0.05] [--no-baselines] [--profile FILE] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

PASSWORD = "bench-director-password"
TITLE = "Live bench"
DRAIN_S = 15.0
"""How long the clients wait, after the window, for their last actions to show."""


# --- the server, in its own process -----------------------------------------------------------


def serve(
    target: str,
    port: int,
    code: str,
    *,
    preset: str,
    seats: int,
    deep: int,
    profile: str | None,
) -> None:
    """Make the tournament and serve the app over ``target`` on loopback ``port`` until
    terminated (the child process)."""
    import signal
    from dataclasses import replace

    import uvicorn

    from pitboss.play.simulation import dealt_mode_rules
    from pitboss.rules import RuleSet
    from pitboss.server.app import create_app
    from pitboss.service import system_clock, system_random
    from pitboss.store import open_store

    with open_store(target) as store:
        app = create_app(store, system_clock, system_random, setup_code=code)
        rules = RuleSet.from_preset(preset)
        terms = rules.tournament
        entry = replace(terms.entry, starting_chips=terms.entry.starting_chips * deep)
        rules = replace(
            rules,
            table=replace(rules.table, seats=seats),
            tournament=replace(terms, entry=entry),
        )
        app.state.hub.create(TITLE, dealt_mode_rules(rules))
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
        )
        signal.signal(signal.SIGTERM, lambda *_: setattr(server, "should_exit", True))
        if profile is None:
            server.run()
            return
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
        try:
            server.run()
        finally:
            profiler.disable()
            profiler.dump_stats(profile)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    url: str
    code: str
    pid: int


@contextmanager
def server_process(
    target: str, *, preset: str, seats: int, deep: int, profile: str | None
) -> Iterator[Server]:
    """The server, while its process runs; stopped (SIGTERM, as a host stops it) after."""
    port, code = _free_port(), secrets.token_urlsafe(9)
    argv = [sys.executable, str(Path(__file__).resolve()), "--serve", target]
    argv += [f"--port={port}", f"--code={code}", f"--preset={preset}", f"--seats={seats}"]
    argv += [f"--deep={deep}"]  # "=": a code may start with "-"
    if profile is not None:
        argv += ["--profile", profile]
    child = subprocess.Popen(argv)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{url}/api/session", timeout=1, trust_env=False)
                break
            except httpx.TransportError:
                if child.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield Server(url=url, code=code, pid=child.pid)
    finally:
        child.terminate()
        try:
            child.wait(timeout=60)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds (user and system) process ``pid`` has used, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# --- the players at their browsers ------------------------------------------------------------


@dataclass
class Window:
    """When actions are timed, and when the clients stop acting."""

    timing: bool = False
    stopping: bool = False


@dataclass
class Pending:
    action_id: str
    key: tuple[str, int]
    sent: float
    timed: bool


@dataclass
class Client:
    """One player's page: acts at random whenever it is to act."""

    player: str
    ws: ClientConnection
    rng: random.Random
    window: Window
    replay: float
    latencies: list[float] = field(default_factory=list)
    answers: dict[str, list[str]] = field(default_factory=dict)
    sent: int = 0
    replays: int = 0
    frames: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    pending: Pending | None = None
    acted: tuple[str, int] | None = None
    retried: tuple[str, int] | None = None
    last: dict[str, Any] | None = None
    idle: asyncio.Event = field(default_factory=asyncio.Event)

    async def read(self) -> None:
        with contextlib.suppress(Exception):
            async for message in self.ws:
                text = message if isinstance(message, str) else message.decode()
                self.frames += 1
                head = text[:24]
                if head.startswith('{"kind":"player"'):
                    await self._view(text)
                elif head.startswith(('{"kind":"submitted"', '{"kind":"refused"')):
                    await self._answer(json.loads(text))

    async def _view(self, text: str) -> None:
        if self.pending is None and '"legal":null' in text:
            return  # not to act, nothing awaited: no need to read it
        frame = json.loads(text)
        legal = frame.get("legal")
        hand = frame.get("hand") or {}
        key = None if legal is None else (str(hand.get("hand_id")), int(legal["turn"]))
        pending = self.pending
        if pending is not None:
            if key == pending.key:
                return  # the table has not taken it yet
            if pending.timed:
                self.latencies.append((time.perf_counter() - pending.sent) * 1000)
            self.pending = None
            self.idle.set()
        if legal is None or key is None or key == self.acted:
            return
        self.last = frame
        if not self.window.stopping:
            await self._act(frame, key)

    async def _act(
        self, frame: dict[str, Any], key: tuple[str, int], passive: str | None = None
    ) -> None:
        legal = frame["legal"]
        action, amount = (passive, None) if passive else random_action(legal, self.rng)
        self.sent += 1
        action_id = f"{self.player}-{self.sent}"
        body: dict[str, Any] = {
            "type": "act",
            "action": action,
            "action_id": action_id,
            "turn": legal["turn"],
        }
        if amount is not None:
            body["amount"] = amount
        text = json.dumps(body)
        self.acted = key
        self.idle.clear()
        self.pending = Pending(
            action_id=action_id, key=key, sent=time.perf_counter(), timed=self.window.timing
        )
        await self.ws.send(text)
        if self.rng.random() < self.replay:
            self.replays += 1
            await self.ws.send(text)

    async def _answer(self, answer: dict[str, Any]) -> None:
        action_id = str(answer.get("action_id", ""))
        status = answer.get("status") if answer["kind"] == "submitted" else "refused"
        self.answers.setdefault(action_id, []).append(str(status))
        if status != "refused":
            return
        code = str(answer.get("code"))
        self.refused[code] += 1
        pending = self.pending
        first = len(self.answers[action_id]) == 1
        if pending is None or pending.action_id != action_id or not first:
            return
        self.pending = None
        self.idle.set()
        last = self.last
        if code != "illegal_action" or last is None or self.window.stopping:
            return  # the turn moved on: the next frame says what now
        if self.retried == pending.key:
            return  # refused twice: the action clock decides
        self.retried = pending.key  # refused: once more, passively
        await self._act(last, pending.key, passive_action(last["legal"]))

    @property
    def accepted(self) -> set[str]:
        return {a for a, statuses in self.answers.items() if statuses[0] == "accepted"}


def random_action(legal: dict[str, Any], rng: random.Random) -> tuple[str, int | None]:
    """A random action among the legal ones, with a legal amount (multiples of the smallest
    chip between the minimum and the maximum raise-to, or all-in)."""
    choices: list[tuple[str, int | None]] = []
    weights: list[float] = []
    if legal.get("can_show"):
        choices.append(("show", None))
        weights.append(3)
    if legal.get("can_muck"):
        choices.append(("muck", None))
        weights.append(1)
    if legal.get("can_fold"):
        choices.append(("fold", None))
        weights.append(2)
    if legal.get("can_check"):
        choices.append(("check", None))
        weights.append(4)
    elif legal.get("call_amount"):
        choices.append(("call", None))
        most = legal.get("max_raise_to") or 0
        weights.append(3 if legal["call_amount"] * 3 < most else 0.5)  # a big call: seldom
    low, high = legal.get("min_raise_to"), legal.get("max_raise_to")
    if low is not None and high is not None:
        unit = max(int(legal.get("chip_unit") or 1), 1)
        if rng.random() < 0.03 or low >= high:
            amount = high  # all-in now and then: the players should last the run
        else:
            amount = min(high, max(low, (rng.randint(low, min(high, low * 2)) // unit) * unit))
        choices.append((str(legal.get("raise_kind") or "raise"), amount))
        weights.append(1)
    if not choices:
        return "fold", None
    return rng.choices(choices, weights=weights)[0]


def passive_action(legal: dict[str, Any]) -> str:
    """The least an action can do: muck or show at showdown, check, fold, else call."""
    for flag, action in (
        ("can_muck", "muck"),
        ("can_show", "show"),
        ("can_check", "check"),
        ("can_fold", "fold"),
    ):
        if legal.get(flag):
            return action
    return "call"


# --- one contender ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Contender:
    name: str
    tables: int
    clients: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Figures:
    name: str
    tables: int
    clients: int
    seconds: float
    hands: int
    decisions: int
    timed: int
    p50_ms: float | None
    p99_ms: float | None
    max_ms: float | None
    accepted: int
    replays: int
    repeated: int
    refused: dict[str, int]
    lost: list[str]
    twice: list[str]
    unasked: list[str]
    wrong_seat: list[str]
    unshown: int
    frames_per_s: float
    server_cpu: float | None
    client_cpu: float
    hands_in_play_at_end: int

    @property
    def hands_per_s(self) -> float:
        return self.hands / self.seconds

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def clean(self) -> bool:
        return not (self.lost or self.twice or self.unasked or self.wrong_seat)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


async def drive(server: Server, contender: Contender, args: argparse.Namespace) -> dict[str, Any]:
    """Set the night up over HTTP, play it for the warm-up and the window; what was seen."""
    rng = random.Random(args.seed)
    players = contender.tables * args.seats
    async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=120) as http:
        answer = await http.post(
            "/api/setup", json={"password": PASSWORD, "setup_code": server.code}
        )
        answer.raise_for_status()
        headers = {"X-CSRF-Token": answer.json()["csrf"]}

        async def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
            response = await http.post(path, json=body, headers=headers)
            if response.status_code not in (200, 201):
                raise RuntimeError(f"{path}: {response.status_code} {response.text}")
            result: dict[str, Any] = response.json()
            return result

        listed = (await http.get("/api/tournaments")).json()
        stream = next(t["id"] for t in listed if t["name"] == TITLE)
        commands = f"/api/tournaments/{stream}/commands"
        width = max(4, len(str(players)))
        pids = [f"p{i:0{width}d}" for i in range(1, players + 1)]
        gate = asyncio.Semaphore(8)

        async def register(pid: str) -> None:
            async with gate:
                await post(commands, {"type": "register_player", "player_id": pid, "name": pid})

        began = time.monotonic()
        await asyncio.gather(*(register(p) for p in pids))
        registered = time.monotonic() - began
        await post(commands, {"type": "draw_seats"})
        await post(commands, {"type": "start_tournament"})
        browser = sorted(rng.sample(pids, contender.clients))
        tokens = {}
        for pid in browser:
            link = await http.get(f"/api/tournaments/{stream}/players/{pid}/link", headers=headers)
            link.raise_for_status()
            tokens[pid] = link.json()["token"]

        await post(
            f"/api/tournaments/{stream}/dealing",
            {"browser_players": browser, "think_seconds": 0, "pause_seconds": 0},
        )
        window = Window()
        base = server.url.replace("http://", "ws://") + f"/ws/tournaments/{stream}"

        async def client(i: int, pid: str) -> Client:
            ws = await connect(
                f"{base}?role=player&player={pid}&token={tokens[pid]}",
                proxy=None,
                max_size=None,
                compression=None,
                open_timeout=120,
                ping_interval=None,
            )
            made = Client(pid, ws, random.Random(args.seed * 1_000 + i), window, args.replay)
            readers.append(asyncio.create_task(made.read()))
            return made

        readers: list[asyncio.Task[None]] = []
        clients = list(await asyncio.gather(*(client(i, p) for i, p in enumerate(browser))))
        print(
            f"  {contender.name}: {players} players registered in {registered:.1f} s, "
            f"{len(clients)} clients connected after {time.monotonic() - began:.1f} s",
            flush=True,
        )

        await asyncio.sleep(args.warmup)
        window.timing = True
        cpu0, mine0, t0 = cpu_seconds(server.pid), time.process_time(), _now_ms()
        frames0 = sum(c.frames for c in clients)
        await asyncio.sleep(args.seconds)
        t1, cpu1, mine1 = _now_ms(), cpu_seconds(server.pid), time.process_time()
        frames1 = sum(c.frames for c in clients)
        window.timing = False
        window.stopping = True
        waiting = [c.idle.wait() for c in clients if c.pending is not None]
        if waiting:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*waiting), DRAIN_S)
        unshown = sum(1 for c in clients if c.pending is not None)
        status = (await http.get(f"/api/tournaments/{stream}/dealing", headers=headers)).json()
        for c in clients:
            await c.ws.close()
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)
    seconds = (t1 - t0) / 1000
    return {
        "stream": stream,
        "t0": t0,
        "t1": t1,
        "seconds": seconds,
        "clients": clients,
        "unshown": unshown,
        "frames_per_s": (frames1 - frames0) / seconds,
        "server_cpu": None if cpu0 is None or cpu1 is None else (cpu1 - cpu0) / seconds,
        "client_cpu": (mine1 - mine0) / seconds,
        "in_play": sum(1 for t in status["tables"] if t["hand_id"] is not None),
    }


def check(target: str, seen: dict[str, Any], contender: Contender) -> Figures:
    """Count the window's hands and decisions in the hand streams, and check every action."""
    from pitboss.live.hand_log import HAND_ACTED, HAND_DEALT, HAND_FINISHED
    from pitboss.store import open_store

    stream: str = seen["stream"]
    t0, t1 = seen["t0"], seen["t1"]
    clients: list[Client] = seen["clients"]
    applied: Counter[str] = Counter()
    wrong_seat: list[str] = []
    hands = decisions = 0
    prefix = f"{stream}-table-"
    with open_store(target) as store:
        for record in store.tournaments():
            if not record.stream.startswith(prefix):
                continue
            seats: dict[int, str] = {}
            for event in store.load(record.stream):
                data = event.data
                if event.type == HAND_DEALT:
                    seats = {s["seat"]: s["player"] for s in data["setup"]["seats"]}
                elif event.type == HAND_ACTED:
                    decisions += t0 <= event.at < t1
                    action_id = data.get("action_id")
                    if action_id is not None:
                        applied[action_id] += 1
                        if not action_id.startswith(f"{seats.get(data['seat'])}-"):
                            wrong_seat.append(action_id)
                elif event.type == HAND_FINISHED:
                    hands += t0 <= event.at < t1
    accepted = set().union(*(c.accepted for c in clients)) if clients else set()
    # what a client sent, told accepted or not: an action sent as the run ended may be applied
    # after its page stopped listening for the answer
    sent = {f"{c.player}-{n}" for c in clients for n in range(1, c.sent + 1)}
    latencies = [ms for c in clients for ms in c.latencies]
    refused: Counter[str] = Counter()
    for c in clients:
        refused.update(c.refused)
    repeated = sum(
        statuses[1:].count("repeated") for c in clients for statuses in c.answers.values()
    )
    return Figures(
        name=contender.name,
        tables=contender.tables,
        clients=contender.clients,
        seconds=seen["seconds"],
        hands=hands,
        decisions=decisions,
        timed=len(latencies),
        p50_ms=statistics.median(latencies) if latencies else None,
        p99_ms=_pct(latencies, 0.99) if latencies else None,
        max_ms=max(latencies) if latencies else None,
        accepted=len(accepted),
        replays=sum(c.replays for c in clients),
        repeated=repeated,
        refused=dict(refused),
        lost=sorted(accepted - set(applied)),
        twice=sorted(a for a, n in applied.items() if n > 1),
        unasked=sorted(set(applied) - sent),
        wrong_seat=wrong_seat,
        unshown=seen["unshown"],
        frames_per_s=seen["frames_per_s"],
        server_cpu=seen["server_cpu"],
        client_cpu=seen["client_cpu"],
        hands_in_play_at_end=seen["in_play"],
    )


def run(contender: Contender, args: argparse.Namespace) -> Figures:
    """One contender: a fresh store and server, driven, stopped and checked."""
    with tempfile.TemporaryDirectory(prefix="pitboss-bench-live-") as folder:
        target = str(Path(folder) / "live.db")
        profile = None
        if args.profile is not None:
            profile = f"{args.profile}.{contender.name.split()[0].lower()}"
        with server_process(
            target, preset=args.preset, seats=args.seats, deep=args.deep, profile=profile
        ) as srv:
            seen = asyncio.run(drive(srv, contender, args))
        return check(target, seen, contender)


def _ms(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def table(rows: list[Figures]) -> str:
    lines = [
        "| contender | tables | clients | hands/s | decisions/s | actions timed | p50 ms | "
        "p99 ms | max ms | lost | twice | server CPU | client CPU |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        server = "-" if r.server_cpu is None else f"{r.server_cpu:.0%}"
        lines.append(
            f"| {r.name} | {r.tables} | {r.clients} | {r.hands_per_s:.1f} | "
            f"{r.decisions_per_s:.0f} | {r.timed} | {_ms(r.p50_ms)} | {_ms(r.p99_ms)} | "
            f"{_ms(r.max_ms)} | {len(r.lost)} | {len(r.twice)} | {server} | "
            f"{r.client_cpu:.0%} |"
        )
    return "\n".join(lines)


def contenders(args: argparse.Namespace) -> list[Contender]:
    full = Contender("full load", args.tables, args.clients)
    if args.no_baselines:
        return [full]
    light = Contender(
        "a tenth", max(2, args.tables // 10), max(1, args.clients // 10) if args.clients else 0
    )
    return [Contender("bots only", args.tables, 0), light, full]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables dealt (20; the issue: 200)")
    parser.add_argument(
        "--clients", type=int, default=10, help="browser players (10; the issue: 100)"
    )
    parser.add_argument("--seconds", type=float, default=10, help="the measured window (10 s)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds played first (5)")
    parser.add_argument("--replay", type=float, default=0.05, help="share of actions sent twice")
    parser.add_argument("--preset", default="tda", help="the house (tda)")
    parser.add_argument("--seats", type=int, default=10, help="seats per table (10)")
    parser.add_argument(
        "--deep",
        type=int,
        default=10,
        help="starting chips times this (10): the field lasts the run, so the tables dealt stay "
        "about as many as at the start",
    )
    parser.add_argument("--seed", type=int, default=1, help="the clients' random choices (1)")
    parser.add_argument("--no-baselines", action="store_true", help="the full load only")
    parser.add_argument("--profile", help="cProfile the server into FILE.<contender>")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(
            args.serve,
            args.port,
            args.code,
            preset=args.preset,
            seats=args.seats,
            deep=args.deep,
            profile=args.profile,
        )
        return
    if args.clients > args.tables * args.seats:
        parser.error("more clients than seats")

    load = os.getloadavg()
    print(
        f"{args.tables} tables of {args.seats} ({args.preset}, starting chips x{args.deep}, bots "
        "dealing with no pause), "
        f"{args.clients} browser players acting at random, {args.warmup:g} s warm-up then "
        f"{args.seconds:g} s measured, loopback; load average {load[0]:.2f} {load[1]:.2f} "
        f"{load[2]:.2f} on {os.cpu_count()} cores"
    )
    rows = []
    for contender in contenders(args):
        rows.append(run(contender, args))
        print(f"  {contender.name}: done", flush=True)
    print()
    print(table(rows))
    print()
    for r in rows:
        print(
            f"{r.name}: {r.accepted} actions accepted, {r.replays} sent twice ({r.repeated} "
            f"answered repeated), refused {r.refused or 'none'}; lost {len(r.lost)}, applied "
            f"twice {len(r.twice)}, applied unasked {len(r.unasked)}, at another seat "
            f"{len(r.wrong_seat)}; {r.unshown} not shown by the end; {r.frames_per_s:.0f} "
            f"frames/s to the clients; {r.hands_in_play_at_end} hands in play at the end"
        )
    by_name = {r.name: r for r in rows}
    full, bots, light = by_name.get("full load"), by_name.get("bots only"), by_name.get("a tenth")
    if full is not None and bots is not None and bots.hands:
        print(f"\nhands/s, full load / bots only: {full.hands / bots.hands:.2f}x")
    if full is not None and light is not None and full.p99_ms and light.p99_ms:
        print(
            f"p99, full load / a tenth: {full.p99_ms / light.p99_ms:.2f}x; "
            f"p50 {(full.p50_ms or 0) / (light.p50_ms or 1):.2f}x"
        )
    load = os.getloadavg()
    print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    bad = [r for r in rows if not r.clean]
    if bad:
        for r in bad:
            print(
                f"{r.name}: lost {r.lost[:5]}, twice {r.twice[:5]}, unasked {r.unasked[:5]}, "
                f"another seat {r.wrong_seat[:5]}",
                file=sys.stderr,
            )
        raise SystemExit(1)


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
