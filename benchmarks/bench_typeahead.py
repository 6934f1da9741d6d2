"""The door's type-ahead at 100,000 club players (issue 28): p50/p99 under 50 ms.

Records 100,000 players in a store (in batches of `BATCH`, one transaction each: a club's list
imported), then a fresh `ClubService` opens the store (reads and folds the stream, builds the
index on the first query) and answers many realistic queries: 1 to 4 letters of a first name or
a surname, a part inside a surname, two words, a membership number. Each query is timed as the
door sees it: the check of the stream's head (another writer?) and the search.

    .venv/bin/python benchmarks/bench_typeahead.py
    pg_virtualenv -t -o fsync=off .venv/bin/python benchmarks/bench_typeahead.py

PostgreSQL is found as benchmarks/bench_store.py finds it (``--postgres URL``,
``PITBOSS_TEST_DATABASE_URL`` or libpq's ``PG*`` variables), in a schema of its own.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from bench_store import postgres_base, postgres_target, sqlite_target
from pitboss.service.club import ClubService, NewPlayer
from pitboss.store import open_store

BATCH = 10_000
"""Records per appended batch."""

FIRST = [
    "Ann",
    "Bob",
    "Carl",
    "Dana",
    "Eve",
    "Frank",
    "Gina",
    "Hugo",
    "Ivan",
    "José",
    "Kate",
    "Liam",
    "Mia",
    "Noah",
    "Olga",
    "Paul",
    "Quinn",
    "Rosa",
    "Sam",
    "Tina",
    "Uma",
    "Victor",
    "Wendy",
    "Xavier",
    "Yara",
    "Zoe",
    "Ahmed",
    "Björn",
    "Chloé",
    "Dmitri",
    "Elena",
    "Fatima",
    "Grace",
    "Hannah",
    "Isabel",
    "Jack",
    "Kenji",
    "Lucia",
    "Marco",
    "Nina",
    "Oscar",
    "Priya",
    "Rafael",
    "Sofia",
    "Tomás",
    "Ursula",
]
LAST = [
    "Smith",
    "Jones",
    "O'Brien",
    "Núñez",
    "Müller",
    "García",
    "Kowalski",
    "Nguyen",
    "Patel",
    "Rossi",
    "Dubois",
    "Schmidt",
    "Larsen",
    "Silva",
    "Cohen",
    "Ivanov",
    "Tanaka",
    "Kim",
    "Brown",
    "Wilson",
    "Taylor",
    "Moore",
    "Clark",
    "Lewis",
    "Walker",
    "Hall",
    "Young",
    "King",
    "Wright",
    "Scott",
    "Andersson",
    "Novak",
    "Horvat",
    "Jensen",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Hoffmann",
    "Schulz",
    "Koch",
    "Richter",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hofmann",
    "Hartmann",
]


def people(n: int, rng: random.Random) -> list[NewPlayer]:
    """``n`` plausible players: a first name, a surname (some double-barrelled), a number on
    one in four and a membership number on a third."""
    made = []
    for i in range(n):
        last = rng.choice(LAST)
        if rng.random() < 0.1:
            last += "-" + rng.choice(LAST)
        name = f"{rng.choice(FIRST)} {last}"
        if rng.random() < 0.25:
            name += f" {rng.randint(2, 99)}"
        membership = f"M{100_000 + i}" if rng.random() < 0.33 else None
        made.append(NewPlayer(name=name, membership=membership))
    return made


def queries(n: int, rng: random.Random) -> list[str]:
    """``n`` queries as typed at the door, keystroke by keystroke."""
    out: list[str] = []
    while len(out) < n:
        kind = rng.random()
        word = rng.choice(LAST if kind < 0.6 else FIRST)
        if kind < 0.45:  # the start of a surname, 1-4 letters
            out.append(word[: rng.randint(1, 4)])
        elif kind < 0.6:  # a part inside a surname
            start = rng.randint(1, max(1, len(word) - 3))
            out.append(word[start : start + rng.randint(2, 4)].lower())
        elif kind < 0.85:  # the start of a first name
            out.append(word[: rng.randint(1, 4)].lower())
        elif kind < 0.95:  # first name and the start of a surname
            out.append(f"{word} {rng.choice(LAST)[: rng.randint(1, 3)]}")
        else:  # a membership number's digits
            out.append(f"M{rng.randint(100_000, 199_999)}"[: rng.randint(3, 7)])
    return out


@dataclass(frozen=True, slots=True)
class Figures:
    backend: str
    record_s: float
    open_s: float
    p50_ms: float
    p99_ms: float
    worst_ms: float


def measure(
    target: Callable[[], AbstractContextManager[str]], name: str, args: argparse.Namespace
) -> Figures:
    rng = random.Random(28)
    everyone = people(args.players, rng)
    asked = queries(args.queries, rng)
    with target() as where, open_store(where) as store:
        started = time.perf_counter()
        writer = ClubService(store)
        for at in range(0, len(everyone), BATCH):
            writer.add_many(everyone[at : at + BATCH])
        record_s = time.perf_counter() - started
        started = time.perf_counter()
        door = ClubService(store)
        door.search("a")  # reads the stream, folds it, builds the index
        open_s = time.perf_counter() - started
        times = []
        for query in asked:
            t0 = time.perf_counter()
            door.search(query, 8)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return Figures(
        backend=name,
        record_s=record_s,
        open_s=open_s,
        p50_ms=statistics.median(times),
        p99_ms=times[int(len(times) * 0.99) - 1],
        worst_ms=times[-1],
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=2_000)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: PG* variables)")
    args = parser.parse_args(argv)
    rows = [measure(sqlite_target, "SQLite", args)]
    base, why = postgres_base(args.postgres)
    if base is None:
        print(f"skipped PostgreSQL: {why}")
    else:
        rows.append(measure(lambda: postgres_target(base), "PostgreSQL", args))
    print(f"\n{args.players:,} players recorded in batches of {BATCH:,}; {args.queries:,} queries")
    header = (
        f"{'backend':12} {'record s':>9} {'open s':>7} {'p50 ms':>7} {'p99 ms':>7} {'worst ms':>9}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        print(
            f"{r.backend:12} {r.record_s:9.2f} {r.open_s:7.2f} {r.p50_ms:7.2f} {r.p99_ms:7.2f} "
            f"{r.worst_ms:9.2f}"
        )
    slow = [r.backend for r in rows if r.p99_ms >= 50]
    if slow:
        print(f"p99 at or over 50 ms on {', '.join(slow)}")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
