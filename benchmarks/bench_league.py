"""League standings speed: a season of 50 events with 5,000 distinct players (issue 28).

Each event's field is 100 to 300 players drawn (seeded) from the 5,000, with places, spend,
re-buys and knockouts; the season's standings are computed from the 50 results by every
shipped points preset, the median of several repeats timed with `time.perf_counter`. There is
no peer library that scores poker leagues, so the figure is printed beside the target.

    python benchmarks/bench_league.py            # the recorded run
    python benchmarks/bench_league.py --quick    # fewer repeats

Target (issue 28): standings of the season computed in under 1 s.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from pitboss.club.points_toml import load_points_preset, points_preset_names
from pitboss.club.results import EventResult, Finish
from pitboss.club.standings import standings
from pitboss.ids import ClubPlayerId

EVENTS = 50
PLAYERS = 5_000
TARGET_SECONDS = 1.0


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def season(seed: int = 20_261_127) -> list[EventResult]:
    """50 events, fields of 100-300 from 5,000 players, seeded; every player plays at least
    once (each event's field is its own 100 of the 5,000, then others drawn at random)."""
    rng = random.Random(seed)
    people = [ClubPlayerId(f"club-player-{i:05d}") for i in range(PLAYERS)]
    rng.shuffle(people)
    share = PLAYERS // EVENTS
    results = []
    for number in range(EVENTS):
        own = people[number * share : (number + 1) * share]
        others = rng.sample(people[: number * share] + people[(number + 1) * share :], 200)
        field = own + others[: rng.randint(100, 300) - share]
        rng.shuffle(field)
        buy_in = rng.choice([1000, 2000, 5500, 10000])
        finishes = []
        for place, player in enumerate(field, start=1):
            rebuys = rng.choice([0, 0, 0, 1, 2])
            kos = rng.choice([0, 0, 1, 1, 2, 3])
            finishes.append(
                Finish(
                    player=player,
                    name=f"Player {player[-5:]}",
                    place=place,
                    prize_cents=buy_in * 10 if place <= 3 else 0,
                    rebuys=rebuys,
                    spend_cents=buy_in * (1 + rebuys) + 500,
                    knockouts=float(kos),
                    knockout_hands=(kos,) if kos else (),
                )
            )
        results.append(
            EventResult(
                event=f"night-{number:02d}",
                name=f"Night {number + 1}",
                at=1_790_000_000_000 + number * 604_800_000,
                date=f"2026-{1 + number // 5:02d}-{1 + number % 5:02d}",
                entrants=len(field) + sum(f.rebuys for f in finishes) // 4,
                buy_in_cents=buy_in,
                finishes=tuple(finishes),
            )
        )
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    results = season()
    finishes = sum(len(r.finishes) for r in results)
    people = len({f.player for r in results for f in r.finishes})
    print(f"Python {platform.python_version()}, {platform.machine()}")
    print(f"season: {len(results)} events, {finishes:,} finishes, {people:,} distinct players")
    ok = True
    for name in points_preset_names():
        rules = load_points_preset(name)
        table = standings(rules, results)  # warm (and check) once
        seconds = timed(lambda rules=rules: standings(rules, results), repeat)
        met = seconds < TARGET_SECONDS
        ok &= met
        print(
            f"standings, {name:<15}: {seconds * 1e3:8.1f} ms (median of {repeat}), "
            f"{len(table.rows):,} rows   target < {TARGET_SECONDS:g} s: "
            f"{'ok' if met else 'MISSED'}"
        )
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
