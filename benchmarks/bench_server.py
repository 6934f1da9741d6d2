"""One command from the HTTP request to the event committed and pushed to 100 screens.

The server runs as `pitboss serve` does (`create_app` over the store, the system clock, the
clock ticker and the follower of other writers, uvicorn) in a subprocess on a free loopback
port. This process signs in as the director, creates a KY charity night of 30 players, draws and
starts it, opens 100 WebSocket screens on its public role (the `websockets` library, asyncio),
then times each command (pause_clock and resume_clock alternately) from just before its HTTP
POST to the moment the last of the 100 screens has received the payload with the command's new
seq. Every screen must receive every seq of the timed commands, or the run is refused.

SQLite (a temporary file) and PostgreSQL side by side; PostgreSQL is found as bench_store.py
finds it (``--postgres URL``, ``PITBOSS_TEST_DATABASE_URL`` or libpq's ``PG*`` variables, in a
schema of its own, dropped afterwards) and skipped, saying why, when there is none.

    pg_virtualenv -t -o fsync=off .venv/bin/python benchmarks/bench_server.py \
        [--commands 300] [--screens 100] [--warmup 20] [--profile FILE]

``--mixed`` is the night's load instead (issue 25): while the director's commands are timed as
above, ``--readers`` (50) browsers each load the public pages and views one after another (the
TV clock, the seating chart, the results, the public view, the director's console data) with
``--think-ms`` between their requests, and ``--screens`` (50) WebSocket screens follow. It
reports the readers' latency (p50, p99) beside the commands' (to the last screen). Every read
must answer 200 and every screen receive every seq, or the figures are refused.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import secrets
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from bench_store import postgres_base, postgres_target, sqlite_target

PASSWORD = "bench-director-password"
PLAYERS = 30
_SEQ = re.compile(rb'"seq":\s*(\d+)')


# --- the server, in its own process -----------------------------------------------------------


def serve(target: str, port: int, setup_code: str, profile: str | None) -> None:
    """Run the app over ``target`` on loopback ``port`` until terminated (the child process)."""
    import signal

    import uvicorn

    from pitboss.server.app import create_app
    from pitboss.service import system_clock, system_random
    from pitboss.store import open_store

    with open_store(target) as store:
        app = create_app(store, system_clock, system_random, setup_code=setup_code)
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


@contextmanager
def server_process(target: str, profile: str | None) -> Iterator[tuple[str, str]]:
    """The server's base URL and setup code, while its process runs."""
    port, code = _free_port(), secrets.token_urlsafe(9)
    argv = [sys.executable, __file__, "--serve", target, "--port", str(port), "--code", code]
    if profile is not None:
        argv += ["--profile", profile]
    child = subprocess.Popen(argv)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"{url}/api/session", timeout=1, trust_env=False)
                break
            except httpx.TransportError:
                if child.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.05)
        yield url, code
    finally:
        child.terminate()
        try:
            child.wait(timeout=20)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()


# --- the screens and the director -------------------------------------------------------------


class Screens:
    """The arrival instants of every payload at every screen, by seq."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.arrivals: dict[int, list[float]] = {}
        self.seen: list[set[int]] = [set() for _ in range(count)]
        self._waiting: dict[int, asyncio.Future[None]] = {}

    async def read(self, index: int, ws: ClientConnection, ready: asyncio.Event) -> None:
        first = True
        async for message in ws:
            at = time.perf_counter()
            raw = message.encode() if isinstance(message, str) else message
            found = _SEQ.search(raw, 0, 200)  # the top-level seq comes third: no full parse
            assert found is not None, raw[:200]
            seq = int(found.group(1))
            self.seen[index].add(seq)
            got = self.arrivals.setdefault(seq, [])
            got.append(at)
            if first:
                first = False
                ready.set()
            waiter = self._waiting.get(seq)
            if len(got) == self.count and waiter is not None and not waiter.done():
                waiter.set_result(None)

    async def all_have(self, seq: int, timeout: float) -> tuple[float, float]:
        """When the first and the last screen received ``seq``."""
        if len(self.arrivals.get(seq, ())) < self.count:
            waiter = self._waiting[seq] = asyncio.get_running_loop().create_future()
            if len(self.arrivals.get(seq, ())) < self.count:
                await asyncio.wait_for(waiter, timeout)
        return min(self.arrivals[seq]), max(self.arrivals[seq])


@dataclass(frozen=True, slots=True)
class Figures:
    store: str
    p50_ms: float
    p99_ms: float
    mean_ms: float
    max_ms: float
    post_p50_ms: float
    first_p50_ms: float
    commands: int
    screens: int
    reads: int = 0
    read_p50_ms: float = 0.0
    read_p99_ms: float = 0.0
    read_max_ms: float = 0.0
    reads_per_s: float = 0.0


READ_PATHS = (
    "/t/{stream}/clock",
    "/api/tournaments/{stream}/public",
    "/t/{stream}/seating",
    "/api/tournaments/{stream}/director",
    "/t/{stream}/results",
)
"""What a reader loads, in turn (each reader starts at a different one)."""


async def browse(
    url: str,
    cookies: httpx.Cookies,
    stream: str,
    index: int,
    think_s: float,
    stop: asyncio.Event,
    latencies: list[float],
) -> None:
    """One browser loading the pages one after another until ``stop``; every answer must be a
    200 (a refused or failed read refuses the figures)."""
    async with httpx.AsyncClient(
        base_url=url, trust_env=False, timeout=30, cookies=cookies
    ) as http:
        n = index
        while not stop.is_set():
            path = READ_PATHS[n % len(READ_PATHS)].format(stream=stream)
            n += 1
            start = time.perf_counter()
            response = await http.get(path)
            latencies.append((time.perf_counter() - start) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"reader {index}: {path} answered {response.status_code}")
            if think_s:
                await asyncio.sleep(think_s)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def measure(url: str, code: str, *, name: str, args: argparse.Namespace) -> Figures:
    async with httpx.AsyncClient(base_url=url, trust_env=False, timeout=30) as http:
        answer = await http.post("/api/setup", json={"password": PASSWORD, "setup_code": code})
        answer.raise_for_status()
        headers = {"X-CSRF-Token": answer.json()["csrf"]}

        async def post(path: str, body: dict[str, Any]) -> dict[str, Any]:
            response = await http.post(path, json=body, headers=headers)
            if response.status_code not in (200, 201):
                raise RuntimeError(f"{path}: {response.status_code} {response.text}")
            result: dict[str, Any] = response.json()
            return result

        made = await post("/api/tournaments", {"name": "Bench night", "preset": "ky-charity"})
        stream = made["id"]
        commands = f"/api/tournaments/{stream}/commands"
        for i in range(1, PLAYERS + 1):
            await post(
                commands, {"type": "register_player", "player_id": f"p{i:03d}", "name": f"P{i}"}
            )
        await post(commands, {"type": "draw_seats"})
        await post(commands, {"type": "start_tournament"})

        screens = Screens(args.screens)
        ws_url = url.replace("http://", "ws://") + f"/ws/tournaments/{stream}?role=public"
        sockets = [
            await connect(ws_url, proxy=None, max_size=None, compression=None)
            for _ in range(args.screens)
        ]
        readies = [asyncio.Event() for _ in sockets]
        readers = [
            asyncio.create_task(screens.read(i, ws, readies[i])) for i, ws in enumerate(sockets)
        ]
        await asyncio.wait_for(asyncio.gather(*(r.wait() for r in readies)), 30)

        stop = asyncio.Event()
        read_ms: list[float] = []
        browsers = [
            asyncio.create_task(
                browse(url, http.cookies, stream, i, args.think_ms / 1000, stop, read_ms)
            )
            for i in range(args.readers if args.mixed else 0)
        ]
        began = time.perf_counter()

        timed: list[float] = []
        posts: list[float] = []
        firsts: list[float] = []
        seqs: list[int] = []
        kinds = ("pause_clock", "resume_clock")
        for n in range(args.warmup + args.commands):
            start = time.perf_counter()
            answer_ = await post(commands, {"type": kinds[n % 2]})
            answered = time.perf_counter()
            first, last = await screens.all_have(answer_["seq"], timeout=30)
            if n >= args.warmup:
                timed.append((last - start) * 1000)
                posts.append((answered - start) * 1000)
                firsts.append((first - start) * 1000)
                seqs.append(answer_["seq"])
            if n + 1 == args.warmup:
                read_ms.clear()  # the readers' warm-up is not timed either
                began = time.perf_counter()
        elapsed = time.perf_counter() - began
        stop.set()
        await asyncio.gather(*browsers)  # a failed read raises here

        for ws in sockets:
            await ws.close()
        for reader in readers:
            reader.cancel()
        await asyncio.gather(*readers, return_exceptions=True)

    missing = [i for i, seen in enumerate(screens.seen) if not set(seqs) <= seen]
    if missing or len(set(seqs)) != len(seqs):
        raise SystemExit(f"{name}: screens {missing[:5]} missed a seq; figures refused")
    return Figures(
        store=name,
        p50_ms=statistics.median(timed),
        p99_ms=_pct(timed, 0.99),
        mean_ms=statistics.fmean(timed),
        max_ms=max(timed),
        post_p50_ms=statistics.median(posts),
        first_p50_ms=statistics.median(firsts),
        commands=len(timed),
        screens=args.screens,
        reads=len(read_ms),
        read_p50_ms=statistics.median(read_ms) if read_ms else 0.0,
        read_p99_ms=_pct(read_ms, 0.99) if read_ms else 0.0,
        read_max_ms=max(read_ms, default=0.0),
        reads_per_s=len(read_ms) / elapsed if read_ms else 0.0,
    )


def run(
    name: str, target: Callable[[], AbstractContextManager[str]], args: argparse.Namespace
) -> Figures:
    profile = None if args.profile is None else f"{args.profile}.{name.split()[0].lower()}"
    with target() as where, server_process(where, profile) as (url, code):
        return asyncio.run(measure(url, code, name=name, args=args))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commands", type=int, default=300, help="commands timed (300)")
    parser.add_argument("--screens", type=int, help="connected screens (100; 50 with --mixed)")
    parser.add_argument(
        "--mixed", action="store_true", help="readers load pages while commands are timed"
    )
    parser.add_argument("--readers", type=int, default=50, help="readers with --mixed (50)")
    parser.add_argument(
        "--think-ms", type=float, default=0.0, help="a reader's pause between loads (0)"
    )
    parser.add_argument("--warmup", type=int, default=20, help="commands not timed first (20)")
    parser.add_argument("--postgres", "--database-url", dest="postgres", help="postgresql:// URL")
    parser.add_argument("--sqlite-only", action="store_true", help="skip PostgreSQL")
    parser.add_argument("--profile", help="cProfile the server into FILE.<store>")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--code", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.screens is None:
        args.screens = 50 if args.mixed else 100
    if args.serve:
        serve(args.serve, args.port, args.code, args.profile)
        return

    readers = f", {args.readers} readers (think {args.think_ms:g} ms)" if args.mixed else ""
    print(
        f"{args.commands} commands (pause/resume alternately, after {args.warmup} untimed), "
        f"{args.screens} public screens{readers}, {PLAYERS} players, loopback; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    rows = [run("SQLite", sqlite_target, args)]
    base, why = (None, "--sqlite-only") if args.sqlite_only else postgres_base(args.postgres)
    if base is None:
        print(f"PostgreSQL skipped: {why}")
    else:
        rows.append(run("PostgreSQL", lambda: postgres_target(base), args))

    print(
        "\n| store | p50 ms | p99 ms | mean ms | max ms | POST answered p50 | first screen p50 |"
        "\n|---|---:|---:|---:|---:|---:|---:|"
    )
    for row in rows:
        print(
            f"| {row.store} | {row.p50_ms:.2f} | {row.p99_ms:.2f} | {row.mean_ms:.2f} | "
            f"{row.max_ms:.2f} | {row.post_p50_ms:.2f} | {row.first_p50_ms:.2f} |"
        )
    if args.mixed:
        print(
            "\n| store | reads | reads/s | read p50 ms | read p99 ms | read max ms |"
            "\n|---|---:|---:|---:|---:|---:|"
        )
        for row in rows:
            print(
                f"| {row.store} | {row.reads} | {row.reads_per_s:.0f} | {row.read_p50_ms:.2f} | "
                f"{row.read_p99_ms:.2f} | {row.read_max_ms:.2f} |"
            )
    if len(rows) == 2:
        sqlite, postgres = rows
        print(
            f"\nratio PostgreSQL / SQLite: p50 {postgres.p50_ms / sqlite.p50_ms:.2f}x, "
            f"p99 {postgres.p99_ms / sqlite.p99_ms:.2f}x"
        )
    print(f"every screen received every seq ({rows[0].commands} commands x {rows[0].screens})")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
