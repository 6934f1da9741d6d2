"""Opening a long night: a 1,000-player tournament's log, with and without a snapshot.

The simulator plays a whole 1,000-player tournament (every hand dealt, the director's events
kept); its log, led by ``tournament_created``, is written to a store as the service writes it
(envelopes from the codec, a few events a batch). Then `DirectorService.open` is timed: once
reading and folding every event (no snapshot), once from a snapshot at the head (the service
saves one every 500 events, so at most 499 events follow it). Both must give the simulator's
final state: the figure is only kept if they do. SQLite and PostgreSQL side by side, as
`bench_store.py` finds them.

    .venv/bin/python benchmarks/bench_open.py [--players 1000] [--seed 7] [--preset tda]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from typing import Any

from bench_store import postgres_base, postgres_target, sqlite_target
from pitboss.rules import RuleSet
from pitboss.service import DirectorService, snapshots
from pitboss.store import NewEvent, open_store
from pitboss.tournament.codec import encode_event
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

BATCH = 3


def simulated_log(preset: str, players: int, seed: int) -> tuple[list[Event], TournamentState]:
    from pitboss.play.runtime import play_tournament

    rules = RuleSet.from_preset(preset)
    result = play_tournament(rules, players=players, seed=seed)
    events = list(result.events)
    # the rules the director ran under (the simulator deals: moves are applied by themselves)
    first = TournamentCreated(at=events[0].at, name="Simulated night", rules=result.state.rules)
    return [first, *events], result.state._replace(name="Simulated night")


def _write(store: Any, events: list[Event]) -> str:
    stream = store.create_tournament("Simulated night", at=events[0].at)
    head = 0
    for i in range(0, len(events), BATCH):
        batch = events[i : i + BATCH]
        news = []
        for event in batch:
            envelope = encode_event(event, 0)
            news.append(
                NewEvent(type=envelope["type"], data=envelope["data"], v=envelope["v"], at=event.at)
            )
        head = store.append(
            stream, head, events=news, command={"type": "simulated"}, at=batch[-1].at
        )[-1].seq
    return stream


def _time_open(store: Any, stream: str, expected: TournamentState, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        state = DirectorService(store, snapshot_every=0).open(stream).state
        times.append(time.perf_counter() - started)
        if state != expected:
            raise SystemExit("opened state differs from the simulator's: figure discarded")
    return statistics.median(times)


def measure(
    target: Callable[[], AbstractContextManager[str]],
    events: list[Event],
    expected: TournamentState,
    runs: int,
) -> tuple[float, float, int]:
    with target() as where, open_store(where) as store:
        stream = _write(store, events)
        cold = _time_open(store, stream, expected, runs)
        head = store.head(stream)
        live = DirectorService(store, snapshot_every=0).open(stream)
        store.save_snapshot(
            stream,
            head,
            data=snapshots.encode(live.state, live.cursor),
            at=events[-1].at,
            v=snapshots.snapshot_format(),
        )
        warm = _time_open(store, stream, expected, runs)
        size = len(store.latest_snapshot(stream, v=snapshots.snapshot_format()).data)  # type: ignore[union-attr]
    return cold, warm, size


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--preset", default="tda")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--postgres", help="a postgresql:// URL (default: PG* variables)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    events, expected = simulated_log(args.preset, args.players, args.seed)
    took = time.perf_counter() - started
    print(
        f"simulated {args.players} players ({args.preset}, seed {args.seed}): "
        f"{len(events):,} director events in {took:.1f} s"
    )
    targets: list[tuple[str, Callable[[], Iterator[str]]]] = [("SQLite", sqlite_target)]
    base, why = postgres_base(args.postgres)
    if base is None:
        print(f"skipped PostgreSQL: {why}")
    else:
        targets.append(("PostgreSQL", lambda: postgres_target(base)))
    print(
        f"\n{'backend':12} {'open, no snapshot':>18} {'open, snapshot':>15} {'ratio':>7} "
        f"{'snapshot':>10}"
    )
    for name, target in targets:
        cold, warm, size = measure(target, events, expected, args.runs)  # type: ignore[arg-type]
        print(f"{name:12} {cold:17.2f}s {warm:14.3f}s {cold / warm:6.1f}x {size / 1e6:9.1f}MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
