"""Messages between processes (issue 32): PostgreSQL LISTEN/NOTIFY against NATS core pub/sub.

Each contender carries messages from publisher processes to listener processes on this
machine, every listener receiving every message (a gateway hears every table it shows):

* ``notify``: ``SELECT pg_notify(channel, payload)`` per message on an autocommit psycopg 3
  connection (each its own transaction), as bare as NOTIFY gets;
* ``notify-tx``: an append-like transaction per message (``INSERT`` of an event row of about
  300 bytes, then ``pg_notify``, then ``COMMIT``), as the store's append sends its wake-up:
  delivered only on commit;
* ``nats``: NATS core ``publish`` with nats-py to a ``nats-server`` this benchmark starts on a
  free loopback port (at most once: a listener that falls too far behind is dropped messages).

Payloads: a ``wake-up`` of 80 bytes (a stream id and a seq, as the store's ``stream:seq``) and
a ``view`` of 1,500 bytes (a player's screen, if frames were sent whole). Every message
carries its publisher, its number and the instant it was sent (``CLOCK_MONOTONIC``, shared by
the machine's processes): each listener times publish-to-receive, and checks that it received
every message of every publisher exactly once and in the order sent. A run with a message
lost, received twice or out of order exits 1.

Two loads: ``flat out`` (each publisher sends as fast as it can for ``--seconds``: the
messages/s is what the slowest listener received per second from the start to its last
message, the latency is a saturated queue's) and ``paced`` (``--rate`` messages/s in all,
spread over the publishers: the latency at a load pitboss could give).

PostgreSQL is found as the tests find it: ``--postgres URL``, ``PITBOSS_TEST_DATABASE_URL`` or
libpq's ``PG*`` variables; NATS needs ``nats-server`` on PATH (Debian: ``apt-get install
nats-server``) and nats-py (the ``bench`` extra). A contender whose server is missing is
skipped with a line saying why.

    pg_virtualenv -t -o fsync=off .venv/bin/python benchmarks/bench_messages.py
        [--seconds 3] [--rate 1000] [--publishers 1,4] [--listeners 1,3]
        [--contenders notify,notify-tx,nats] [--sizes wake-up,view] [--loads flat,paced]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import queue
import secrets
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import psycopg
import sqlalchemy as sa

SIZES = {"wake-up": 80, "view": 1500}
CONTENDERS = ("notify", "notify-tx", "nats")
READY_S = 60.0
"""How long the processes may take to start and subscribe."""
DRAIN_S = 30.0
"""How long listeners wait, after the publishers stop, for the last messages."""
NATS_SUBJECT = "pitboss.bench"


@dataclass(frozen=True, slots=True, kw_only=True)
class Case:
    contender: str
    size: str
    publishers: int
    listeners: int
    load: str  # "flat" or "paced"


@dataclass(frozen=True, slots=True, kw_only=True)
class Tally:
    """What one listener received against what was sent: each publisher's messages exactly
    once, in the order sent."""

    received: int
    lost: int
    twice: int
    out_of_order: int  # publishers whose messages came in another order


@dataclass(slots=True, kw_only=True)
class Figures:
    case: Case
    sent: int
    per_s: float  # what the slowest listener received per second
    sent_per_s: float
    p50_ms: float
    p99_ms: float
    tallies: list[Tally] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return all(t.lost == 0 and t.twice == 0 and t.out_of_order == 0 for t in self.tallies)


# --- messages ---------------------------------------------------------------------------------


def payload(publisher: int, number: int, size: int) -> str:
    """A message of ``size`` bytes: publisher, number, instant sent, then a stream id and seq
    (as the store's wake-up) and padding."""
    head = f"{publisher}|{number}|{time.monotonic_ns()}|t/tables/{number % 50:03d}/hand:{number}|"
    return head + "x" * max(0, size - len(head))


def parse(text: str) -> tuple[int, int, int]:
    publisher, number, sent_ns, _ = text.split("|", 3)
    return int(publisher), int(number), int(sent_ns)


def tally(received: list[tuple[int, int]], sent: dict[int, int]) -> Tally:
    """``received``: (publisher, number) in arrival order; ``sent``: each publisher's count."""
    by_publisher: dict[int, list[int]] = {p: [] for p in sent}
    for publisher, number in received:
        by_publisher.setdefault(publisher, []).append(number)
    lost = twice = disorder = 0
    for publisher, numbers in by_publisher.items():
        expected = sent.get(publisher, 0)
        distinct = set(numbers)
        lost += sum(1 for n in range(expected) if n not in distinct)
        twice += len(numbers) - len(distinct) + sum(1 for n in distinct if not 0 <= n < expected)
        if numbers != sorted(numbers):
            disorder += 1
    return Tally(received=len(received), lost=lost, twice=twice, out_of_order=disorder)


def _event_row(publisher: int, number: int) -> str:
    """An event of a hand's usual size (about 300 bytes of JSON), as an append stores."""
    return json.dumps(
        {
            "type": "hand_acted",
            "hand_id": f"t-{publisher}-{number // 12}",
            "decision": {"seat": number % 6 + 1, "action": "raise", "amount": 1_200 + number},
            "action_id": secrets.token_hex(8),
            "at": 1_790_000_000_000 + number,
            "clock": {"left_ms": 14_000, "bank_ms": 30_000},
            "player_id": f"p{number % 1000:04d}",
            "pot": 4_350,
            "to_act": number % 6 + 2,
        }
    )


# --- the processes ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Wiring:
    """What every process of one case shares (picklable: the processes are spawned)."""

    case: Case
    where: str  # libpq URL or nats:// URL
    channel: str  # NOTIFY channel, or the table for notify-tx
    table: str
    seconds: float
    rate: float
    ready: Any
    start: Any
    expected: Any  # total messages sent, -1 until the publishers are done
    started_ns: Any
    results: Any


def _due(wiring: Wiring, number: int, started: int) -> None:
    if wiring.case.load == "paced":
        due = started + int(number * wiring.case.publishers / wiring.rate * 1e9)
        pause = (due - time.monotonic_ns()) / 1e9
        if pause > 0:
            time.sleep(pause)


def publish_postgres(wiring: Wiring, publisher: int) -> None:
    size = SIZES[wiring.case.size]
    with psycopg.connect(wiring.where, autocommit=True) as conn:
        wiring.ready.put("publisher")
        wiring.start.wait()
        started = wiring.started_ns.value
        stop = started + int(wiring.seconds * 1e9)
        number = 0
        while time.monotonic_ns() < stop:
            _due(wiring, number, started)
            text = payload(publisher, number, size)
            if wiring.case.contender == "notify":
                conn.execute("SELECT pg_notify(%s, %s)", (wiring.channel, text))
            else:
                with conn.transaction():
                    conn.execute(
                        f"INSERT INTO {wiring.table} (stream, seq, data) VALUES (%s, %s, %s)",
                        (
                            f"{wiring.channel}/p{publisher}/t{number % 50}",
                            number,
                            _event_row(publisher, number),
                        ),
                    )
                    conn.execute("SELECT pg_notify(%s, %s)", (wiring.channel, text))
            number += 1
        wiring.results.put(("sent", publisher, number, time.monotonic_ns() - started))


def listen_postgres(wiring: Wiring, listener: int) -> None:
    got: list[tuple[int, int]] = []
    latencies: list[int] = []
    last = 0
    with psycopg.connect(wiring.where, autocommit=True) as conn:
        conn.execute(f"LISTEN {wiring.channel}")
        wiring.ready.put("listener")
        deadline = None
        while True:
            for note in conn.notifies(timeout=0.1):
                last = time.monotonic_ns()
                publisher, number, sent_ns = parse(note.payload)
                got.append((publisher, number))
                latencies.append(last - sent_ns)
            expected = wiring.expected.value
            if expected >= 0:
                deadline = deadline or time.monotonic() + DRAIN_S
                if len(got) >= expected or time.monotonic() > deadline:
                    break
    wiring.results.put(("received", listener, got, latencies, last - wiring.started_ns.value))


def publish_nats(wiring: Wiring, publisher: int) -> None:
    asyncio.run(_publish_nats(wiring, publisher))


async def _publish_nats(wiring: Wiring, publisher: int) -> None:
    import nats

    size = SIZES[wiring.case.size]
    nc = await nats.connect(wiring.where)
    wiring.ready.put("publisher")
    while not wiring.start.is_set():
        await asyncio.sleep(0.001)
    started = wiring.started_ns.value
    stop = started + int(wiring.seconds * 1e9)
    number = 0
    paced = wiring.case.load == "paced"
    while time.monotonic_ns() < stop:
        if paced:
            due = started + int(number * wiring.case.publishers / wiring.rate * 1e9)
            pause = (due - time.monotonic_ns()) / 1e9
            if pause > 0:
                await asyncio.sleep(pause)
        text = payload(publisher, number, size)
        await nc.publish(f"{NATS_SUBJECT}.t{number % 50:03d}", text.encode())
        if paced:
            await nc.flush()  # sent now, as a table's wake-up would be
        number += 1
    await nc.flush()
    elapsed = time.monotonic_ns() - started
    await nc.close()
    wiring.results.put(("sent", publisher, number, elapsed))


def listen_nats(wiring: Wiring, listener: int) -> None:
    asyncio.run(_listen_nats(wiring, listener))


async def _listen_nats(wiring: Wiring, listener: int) -> None:
    import nats

    got: list[tuple[int, int]] = []
    latencies: list[int] = []
    last = [0]

    async def received(msg: Any) -> None:
        last[0] = time.monotonic_ns()
        publisher, number, sent_ns = parse(msg.data.decode())
        got.append((publisher, number))
        latencies.append(last[0] - sent_ns)

    nc = await nats.connect(wiring.where)
    await nc.subscribe(
        f"{NATS_SUBJECT}.>", cb=received, pending_msgs_limit=-1, pending_bytes_limit=-1
    )
    await nc.flush()  # the subscription is on the server before publishing starts
    wiring.ready.put("listener")
    deadline = None
    while True:
        await asyncio.sleep(0.05)
        expected = wiring.expected.value
        if expected >= 0:
            deadline = deadline or time.monotonic() + DRAIN_S
            if len(got) >= expected or time.monotonic() > deadline:
                break
    await nc.close()
    wiring.results.put(("received", listener, got, latencies, last[0] - wiring.started_ns.value))


# --- one case ---------------------------------------------------------------------------------


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _get(results: Any, timeout: float, processes: list[Any]) -> Any:
    """The next report from the processes; an error at once if one of them died."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            return results.get(timeout=0.2)
        except queue.Empty:
            dead = [p for p in processes if p.exitcode not in (None, 0)]
            if dead:
                raise RuntimeError(f"{dead[0].name} exited {dead[0].exitcode}") from None
            if time.monotonic() > deadline:
                raise


def run_case(case: Case, where: str, *, table: str, seconds: float, rate: float) -> Figures:
    """Start the listeners, then the publishers; publish for ``seconds``; collect and check."""
    ctx = mp.get_context("spawn")
    wiring = Wiring(
        case=case,
        where=where,
        channel=f"pitboss_msgbench_{secrets.token_hex(4)}",
        table=table,
        seconds=seconds,
        rate=rate,
        ready=ctx.Queue(),
        start=ctx.Event(),
        expected=ctx.Value("q", -1),
        started_ns=ctx.Value("q", 0),
        results=ctx.Queue(),
    )
    nats = case.contender == "nats"
    listen, publish = (listen_nats, publish_nats) if nats else (listen_postgres, publish_postgres)
    processes = [ctx.Process(target=listen, args=(wiring, i)) for i in range(case.listeners)]
    processes += [ctx.Process(target=publish, args=(wiring, i)) for i in range(case.publishers)]
    for process in processes[: case.listeners]:
        process.start()
    try:
        for _ in range(case.listeners):
            _get(wiring.ready, READY_S, processes)
        for process in processes[case.listeners :]:
            process.start()
        for _ in range(case.publishers):
            _get(wiring.ready, READY_S, processes)
        wiring.started_ns.value = time.monotonic_ns()
        wiring.start.set()
        sent: dict[int, int] = {}
        publish_ns = 0
        for _ in range(case.publishers):
            _, publisher, count, elapsed = _get(wiring.results, seconds + READY_S, processes)
            sent[publisher] = count
            publish_ns = max(publish_ns, elapsed)
        total = sum(sent.values())
        wiring.expected.value = total
        tallies: list[Tally] = []
        latencies: list[int] = []
        rates: list[float] = []
        for _ in range(case.listeners):
            _, _, got, times, span_ns = _get(wiring.results, DRAIN_S + READY_S, processes)
            tallies.append(tally(got, sent))
            latencies.extend(times)
            rates.append(len(got) / (span_ns / 1e9) if span_ns > 0 else 0.0)
    finally:
        for process in processes:
            process.join(timeout=10)
            if process.is_alive():
                process.kill()
    return Figures(
        case=case,
        sent=total,
        per_s=min(rates),
        sent_per_s=total / (publish_ns / 1e9),
        p50_ms=_percentile([t / 1e6 for t in latencies], 0.50) if latencies else float("nan"),
        p99_ms=_percentile([t / 1e6 for t in latencies], 0.99) if latencies else float("nan"),
        tallies=tallies,
    )


# --- the servers ------------------------------------------------------------------------------


def postgres_base(explicit: str | None) -> tuple[str | None, str]:
    """The server's libpq URL, or ``None`` and why not."""
    url = explicit or os.environ.get("PITBOSS_TEST_DATABASE_URL")
    if not url and any(os.environ.get(v) for v in ("PGHOST", "PGPORT", "PGDATABASE")):
        url = "postgresql://"
    if not url:
        return None, "no server: pass --postgres URL or run under `pg_virtualenv -t`"
    url = sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as error:
        return None, f"{url} unreachable: {str(error).strip().splitlines()[0]}"
    return url, ""


@contextlib.contextmanager
def event_table(url: str) -> Iterator[tuple[str, str]]:
    """A schema of the run's own with an event table as the store's, dropped afterwards; and
    the server's settings that decide a commit's cost."""
    schema = f"pitboss_msgbench_{secrets.token_hex(4)}"
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
        conn.execute(
            f'CREATE TABLE "{schema}".events (stream text NOT NULL, seq bigint NOT NULL, '
            "data jsonb NOT NULL, PRIMARY KEY (stream, seq))"
        )
        row = conn.execute(
            "SELECT current_setting('server_version'), current_setting('fsync'), "
            "current_setting('synchronous_commit')"
        ).fetchone()
    settings = f"PostgreSQL {row[0]}, fsync={row[1]}, synchronous_commit={row[2]}" if row else ""
    try:
        yield f'"{schema}".events', settings
    finally:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def nats_server() -> Iterator[tuple[str | None, str]]:
    """A ``nats-server`` of this run's own on a free loopback port, stopped afterwards."""
    exe = shutil.which("nats-server")
    try:
        import nats  # noqa: F401
    except ImportError:
        yield None, "nats-py is not installed (pip install -e '.[bench]')"
        return
    if exe is None:
        yield None, "no nats-server on PATH (Debian: apt-get install nats-server)"
        return
    port = _free_port()
    server = subprocess.Popen(
        [exe, "-a", "127.0.0.1", "-p", str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    yield None, f"nats-server did not start on port {port}"
                    return
                time.sleep(0.05)
        version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
        yield f"nats://127.0.0.1:{port}", version.strip()
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()


# --- the report -------------------------------------------------------------------------------


def table(rows: list[Figures]) -> str:
    lines = [
        "| contender | payload | load | publishers | listeners | sent | msgs/s received "
        "| msgs/s sent | p50 ms | p99 ms | lost / twice / disorder |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    for f in rows:
        c = f.case
        lost = sum(t.lost for t in f.tallies)
        twice = sum(t.twice for t in f.tallies)
        disorder = sum(t.out_of_order for t in f.tallies)
        lines.append(
            f"| {c.contender} | {c.size} | {c.load} | {c.publishers} | {c.listeners} "
            f"| {f.sent:,} | {f.per_s:,.0f} | {f.sent_per_s:,.0f} | {f.p50_ms:.2f} "
            f"| {f.p99_ms:.2f} | {lost} / {twice} / {disorder} |"
        )
    return "\n".join(lines)


def ratios(rows: list[Figures]) -> list[str]:
    """NATS against each NOTIFY contender, like for like (received msgs/s, and p99)."""
    found = {
        (f.case.contender, f.case.size, f.case.load, f.case.publishers, f.case.listeners): f
        for f in rows
    }
    out = []
    for key, nats in found.items():
        if key[0] != "nats":
            continue
        for contender in ("notify", "notify-tx"):
            other = found.get((contender, *key[1:]))
            if other is None or other.per_s <= 0:
                continue
            out.append(
                f"{key[1]}, {key[2]}, {key[3]} publisher(s), {key[4]} listener(s): "
                f"nats / {contender} = {nats.per_s / other.per_s:.1f}x msgs/s, "
                f"p99 {nats.p99_ms:.2f} against {other.p99_ms:.2f} ms"
            )
    return out


def _list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="publishing time per case")
    parser.add_argument("--rate", type=float, default=1000.0, help="paced: messages/s in all")
    parser.add_argument("--publishers", default="1,4")
    parser.add_argument("--listeners", default="1,3")
    parser.add_argument("--contenders", default=",".join(CONTENDERS))
    parser.add_argument("--sizes", default=",".join(SIZES))
    parser.add_argument("--loads", default="flat,paced")
    parser.add_argument("--postgres", help="a postgresql:// URL (default: PG* variables)")
    args = parser.parse_args(argv)
    contenders = _list(args.contenders)
    if unknown := set(contenders) - set(CONTENDERS):
        parser.error(f"unknown contender(s) {sorted(unknown)}; known: {', '.join(CONTENDERS)}")

    print(
        f"{time.strftime('%Y-%m-%d %H:%M')}, load average {os.getloadavg()[0]:.2f}, "
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )
    rows: list[Figures] = []
    with contextlib.ExitStack() as stack:
        where: dict[str, tuple[str, str]] = {}
        if {"notify", "notify-tx"} & set(contenders):
            url, why = postgres_base(args.postgres)
            if url is None:
                print(f"skipped notify, notify-tx: {why}")
            else:
                events, settings = stack.enter_context(event_table(url))
                print(settings)
                where["notify"] = where["notify-tx"] = (url, events)
        if "nats" in contenders:
            address, about = stack.enter_context(nats_server())
            if address is None:
                print(f"skipped nats: {about}")
            else:
                print(f"nats-server {about} at {address}")
                where["nats"] = (address, "")
        for load in _list(args.loads):
            for size in _list(args.sizes):
                for publishers in (int(p) for p in _list(args.publishers)):
                    for listeners in (int(n) for n in _list(args.listeners)):
                        for contender in contenders:
                            if contender not in where:
                                continue
                            case = Case(
                                contender=contender,
                                size=size,
                                publishers=publishers,
                                listeners=listeners,
                                load=load,
                            )
                            address, events = where[contender]
                            figures = run_case(
                                case, address, table=events, seconds=args.seconds, rate=args.rate
                            )
                            rows.append(figures)
                            print(table([figures]).splitlines()[-1], flush=True)
    print()
    print(table(rows))
    print()
    for line in ratios(rows):
        print(line)
    print(f"load average at the end {os.getloadavg()[0]:.2f}")
    if not all(f.clean for f in rows):
        print("A MESSAGE WAS LOST, RECEIVED TWICE OR OUT OF ORDER")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
