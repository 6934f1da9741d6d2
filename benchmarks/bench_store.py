"""The event store's costs, SQLite and PostgreSQL side by side in one run.

* Append latency: one command's batch (3 events of a director's usual size, with its command)
  appended and committed, timed one at a time: p50, p99 and the mean. Each commit is durable
  (SQLite: WAL with synchronous=FULL; PostgreSQL: as the server is configured: run it with
  fsync on for figures that mean anything).
* Bulk: events written per second when 100-event batches are appended back to back.
* Load: events read per second when a stream of N stored events of realistic size (a mix of
  registrations, seatings, hand results with 9 stacks, bust-outs) is loaded whole, as opening
  a tournament without a snapshot does.

PostgreSQL is found as the tests find it: ``--postgres URL``, ``PITBOSS_TEST_DATABASE_URL``,
or libpq's ``PG*`` variables (``pg_virtualenv -t .venv/bin/python benchmarks/bench_store.py``);
without one its rows say why they are missing. Each run writes in a new SQLite file and a new
PostgreSQL schema, dropped afterwards.

    .venv/bin/python benchmarks/bench_store.py [--appends 500] [--bulk 20000] [--load 50000]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
import sqlalchemy as sa

from pitboss.store import EventStore, NewEvent, open_store

BATCH_EVENTS = 3
BULK_BATCH = 100


@dataclass(frozen=True, slots=True, kw_only=True)
class Figures:
    backend: str
    p50_ms: float
    p99_ms: float
    mean_ms: float
    bulk_per_s: float
    load_per_s: float
    load_s: float
    bytes_per_event: float


def _event(rng: random.Random, i: int) -> NewEvent:
    """One event of a director's usual kinds and sizes (150 to 450 bytes of JSON)."""
    kind = rng.choice(("registered", "seated", "hand", "hand", "hand", "busted"))
    player = f"p{rng.randrange(1, 1001):04d}"
    at = 1_790_000_000_000 + i * 1_000
    if kind == "registered":
        data: dict[str, Any] = {
            "at": at,
            "player_id": player,
            "name": f"Player {player[1:]} Ñúñez",
            "entry": {"kind": "buy_in", "number": 1},
            "buy_in_cents": 10_000,
            "fee_cents": 1_500,
            "stack": 20_000,
        }
        return NewEvent(type="player_registered", data=data)
    if kind == "seated":
        data = {"at": at, "player_id": player, "table": rng.randrange(1, 112), "seat": 4}
        return NewEvent(type="player_seated", data=data)
    if kind == "hand":
        data = {
            "at": at,
            "table": rng.randrange(1, 112),
            "hand": i,
            "stacks": {
                f"p{rng.randrange(1, 1001):04d}": rng.randrange(0, 200_000) for _ in range(9)
            },
        }
        return NewEvent(type="hand_finished", data=data)
    data = {"at": at, "player_id": player, "place": rng.randrange(1, 1001), "table": 7}
    return NewEvent(type="player_busted", data=data)


def _batch(rng: random.Random, first: int, size: int) -> list[NewEvent]:
    return [_event(rng, first + i) for i in range(size)]


def _percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def measure(store: EventStore, backend: str, *, appends: int, bulk: int, load: int) -> Figures:
    rng = random.Random(2026)
    now = 1_790_000_000_000

    # Append latency: one command's batch per transaction.
    stream = store.create_tournament("Latency", at=now)
    head = 0
    for _ in range(20):  # warm: connections made, statements cached
        head = store.append(stream, head, events=_batch(rng, head, BATCH_EVENTS), at=now)[-1].seq
    samples = []
    for _ in range(appends):
        events = _batch(rng, head, BATCH_EVENTS)
        command = {"type": "record_hand", "table": 7, "by": "dealer-7"}
        started = time.perf_counter_ns()
        head = store.append(stream, head, events=events, command=command, at=now)[-1].seq
        samples.append((time.perf_counter_ns() - started) / 1e6)

    # Bulk: 100-event batches back to back.
    stream = store.create_tournament("Bulk", at=now)
    head = 0
    batches = [_batch(rng, i, BULK_BATCH) for i in range(0, bulk, BULK_BATCH)]
    started = time.perf_counter_ns()
    for events in batches:
        head = store.append(stream, head, events=events, at=now)[-1].seq
    bulk_s = (time.perf_counter_ns() - started) / 1e9

    # Load: a stream of `load` events, read whole.
    stream = store.create_tournament("Load", at=now)
    head = 0
    size = 0
    for first in range(0, load, 500):
        events = _batch(rng, first, 500)
        size += sum(len(json.dumps(e.data, ensure_ascii=False).encode()) for e in events)
        head = store.append(stream, head, events=events, at=now)[-1].seq
    store.load(stream, through_seq=100)  # warm
    load_times = []
    for _ in range(3):
        started = time.perf_counter_ns()
        loaded = store.load(stream)
        load_times.append((time.perf_counter_ns() - started) / 1e9)
        assert len(loaded) == load
    load_s = statistics.median(load_times)
    # Hook: "open a 1,000-player simulated tournament" (replay through the director's codec
    # into a TournamentState) goes here once pitboss.tournament's codec lands; this loads the
    # stored envelopes only, which is the store's share of that figure.
    return Figures(
        backend=backend,
        p50_ms=_percentile(samples, 0.50),
        p99_ms=_percentile(samples, 0.99),
        mean_ms=statistics.fmean(samples),
        bulk_per_s=bulk / bulk_s,
        load_per_s=load / load_s,
        load_s=load_s,
        bytes_per_event=size / load,
    )


@contextmanager
def sqlite_target() -> Iterator[str]:
    with tempfile.TemporaryDirectory(prefix="pitboss-bench-") as folder:
        yield str(Path(folder) / "bench.db")


def postgres_base(explicit: str | None) -> tuple[str | None, str]:
    """The server's URL, or ``None`` and why not."""
    url = explicit or os.environ.get("PITBOSS_TEST_DATABASE_URL")
    if not url and any(os.environ.get(v) for v in ("PGHOST", "PGPORT", "PGDATABASE")):
        url = "postgresql://"
    if not url:
        return None, "no server: pass --postgres URL or run under `pg_virtualenv -t`"
    try:
        psycopg.connect(_libpq(url), connect_timeout=5).close()
    except psycopg.Error as error:
        return None, f"{url} unreachable: {str(error).strip().splitlines()[0]}"
    return url, ""


def _libpq(url: str) -> str:
    return sa.make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


@contextmanager
def postgres_target(base: str) -> Iterator[str]:
    schema = f"pitboss_bench_{secrets.token_hex(4)}"
    with psycopg.connect(_libpq(base), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
        fsync = conn.execute("SHOW fsync").fetchone()
        sync = conn.execute("SHOW synchronous_commit").fetchone()
    settings = f"fsync={fsync[0] if fsync else '?'}, synchronous_commit={sync[0] if sync else '?'}"
    print(f"PostgreSQL: {settings}")
    try:
        url = sa.make_url(base).update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with psycopg.connect(_libpq(base), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def _run(name: str, target: Callable[[], Any], args: argparse.Namespace) -> Figures:
    with target() as where, open_store(where) as store:
        return measure(store, name, appends=args.appends, bulk=args.bulk, load=args.load)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=500, help="timed appends (3 events)")
    parser.add_argument("--bulk", type=int, default=20_000, help="events written in bulk")
    parser.add_argument("--load", type=int, default=50_000, help="events in the loaded stream")
    parser.add_argument("--postgres", help="a postgresql:// URL (default: PG* variables)")
    args = parser.parse_args(argv)

    rows = [_run("SQLite (WAL, synchronous=FULL)", sqlite_target, args)]
    base, why = postgres_base(args.postgres)
    if base is None:
        print(f"skipped PostgreSQL: {why}")
    else:
        rows.append(_run("PostgreSQL", lambda: postgres_target(base), args))

    print(
        f"\nappend: {args.appends} batches of {BATCH_EVENTS} events + command, one commit each; "
        f"bulk: {args.bulk} events in batches of {BULK_BATCH}; "
        f"load: {args.load} events, median of 3"
    )
    header = (
        f"{'backend':32} {'p50 ms':>8} {'p99 ms':>8} {'mean ms':>8} "
        f"{'bulk ev/s':>11} {'load ev/s':>11} {'load s':>7} {'B/event':>8}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r.backend:32} {r.p50_ms:8.2f} {r.p99_ms:8.2f} {r.mean_ms:8.2f} "
            f"{r.bulk_per_s:11,.0f} {r.load_per_s:11,.0f} {r.load_s:7.2f} {r.bytes_per_event:8.0f}"
        )
    if len(rows) == 2:
        sqlite, postgres = rows
        print(
            f"\nratios PostgreSQL / SQLite: append p50 {postgres.p50_ms / sqlite.p50_ms:.2f}x, "
            f"bulk {postgres.bulk_per_s / sqlite.bulk_per_s:.2f}x, "
            f"load {postgres.load_per_s / sqlite.load_per_s:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
