"""Does the forecast use every core? Is the instant estimate close to it?

``python benchmarks/bench_forecast.py --estimate``: the instant estimate
(`pitboss.play.estimate`) against the simulated median finish over the shipped presets and
fields of 10 to 1,000 players (``--runs`` tournaments a field, fewer for 1,000: ``--big-runs``;
the sit & go only at its 10), with the estimate's own time, the error of each row and the
rows within 10% (the target, issue 26). Exit status 1 when a row misses by more than
``--tolerance`` percent (default 10).

The same seeds in one process, on every core, on a cluster (without ``--estimate``):

Run: ``python benchmarks/bench_forecast.py`` (K = 4 x the usable cores runs of a 30-player
ky-charity field, seeds 1 to K). It plays them with `pitboss.play.parallel.play_runs` three
ways: ``jobs=1`` (in this process), ``jobs=cores`` (local processes, what ``pitboss simulate
--runs`` does by default) and on a Dask `distributed.LocalCluster` of ``cores`` single-thread
worker processes (what ``--cluster`` does; skipped without ``pitboss[cluster]``), checks that
the summaries are identical, and prints the wall time, the CPU time (this process plus its
pool's processes, or the cluster's workers), CPU / wall (the cores kept busy), the speed-up
over one process and the parallel efficiency (speed-up / cores). ``--players``, ``--preset``,
``--runs-per-core`` and ``--cores`` change the field and the size. The cluster's start-up
(about two seconds) is not timed: a designer's cluster is already running. A last line gives
the speed-up a plain CPU-bound loop gets on as many processes at that moment: on a shared
machine busy with other work that, not ``cores``, is the ceiling.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from pitboss.play.forecast import RunSummary, run_seeds
from pitboss.play.parallel import play_runs, usable_cores
from pitboss.play.runtime import SimulationSettings
from pitboss.rules import RuleSet


@dataclass(frozen=True, slots=True, kw_only=True)
class Timing:
    """One way of playing the seeds: what it took and what it gave."""

    label: str
    wall_s: float
    cpu_s: float
    summaries: list[RunSummary]


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _timed(
    label: str, play: Callable[[], list[RunSummary]], other_cpu: Callable[[], float]
) -> Timing:
    """Time ``play()``: wall clock, and CPU of this process plus ``other_cpu()``'s growth."""
    cpu0, other0, wall0 = time.process_time(), other_cpu(), time.perf_counter()
    summaries = play()
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0 + other_cpu() - other0
    return Timing(label=label, wall_s=wall, cpu_s=cpu, summaries=summaries)


def _spin(n: int) -> int:
    """A CPU-bound loop with no pitboss in it (the machine's reference)."""
    total = 0
    for i in range(n):
        total += i
    return total


def machine_speedup(cores: int, *, n: int = 5_000_000) -> float:
    """The speed-up the machine gives right now to ``cores`` processes of a plain loop: on a
    shared, busy machine it is well under ``cores``, and no forecast can beat it."""
    wall = time.perf_counter()
    for _ in range(cores):
        _spin(n)
    serial = time.perf_counter() - wall
    with ProcessPoolExecutor(max_workers=cores) as pool:
        list(pool.map(_spin, [1] * cores))  # start the processes before timing
        wall = time.perf_counter()
        list(pool.map(_spin, [n] * cores))
        parallel = time.perf_counter() - wall
    return serial / parallel


def _worker_cpu() -> float:
    """Seconds of CPU this Dask worker process has used (run on each worker)."""
    import psutil

    times = psutil.Process().cpu_times()
    return float(times.user + times.system)


def _on_cluster(cores: int, play: Callable[[str], list[RunSummary]]) -> Timing | None:
    """The runs on a fresh LocalCluster of ``cores`` workers, or None without the extra."""
    try:
        import distributed
    except ImportError:
        print("Dask distributed is not installed (pip install 'pitboss[cluster]'): no cluster row")
        return None
    with (
        distributed.LocalCluster(
            n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster, set_as_default=False) as client,
    ):

        def workers_cpu() -> float:
            return float(sum(client.run(_worker_cpu).values()))

        address = cluster.scheduler_address
        label = f"Dask LocalCluster, {cores} workers"
        return _timed(label, lambda: play(address), workers_cpu)


ESTIMATE_FIELDS = (10, 30, 100, 300, 1000)


def estimate_rows(
    *, runs: int, big_runs: int, jobs: int, tolerance: float, fields: tuple[int, ...]
) -> int:
    """Print the estimate against the simulated median for each shipped preset and field;
    1 when a row misses by more than ``tolerance`` (a fraction), else 0."""
    from pitboss.play.estimate import estimate
    from pitboss.play.forecast import percentile
    from pitboss.rules.presets import preset_names

    print(
        f"{'preset':<15} {'players':>7} {'runs':>4} {'simulated':>9} {'10%-90%':>11} "
        f"{'estimate':>8} {'error':>7} {'est. ms':>7}  {'re-buys sim/est':>15}"
    )
    errors: list[float] = []
    for name in preset_names():
        rules = RuleSet.from_preset(name)
        most = rules.tournament.entry.max_entries
        for players in fields:
            if most is not None and players > most:
                continue
            n = big_runs if players >= 1000 else runs
            summaries = play_runs(
                rules,
                players=players,
                seeds=run_seeds(1, n),
                settings=SimulationSettings(),
                jobs=jobs,
            )
            finishes = [s.elapsed_minutes for s in summaries]
            simulated = percentile(finishes, 50)
            wall = time.perf_counter()
            est = estimate(rules, players=players)
            ms = (time.perf_counter() - wall) * 1000
            error = (est.finish_minutes - simulated) / simulated
            errors.append(error)
            band = f"{percentile(finishes, 10)}-{percentile(finishes, 90)}"
            rebuys = f"{percentile([s.rebuys for s in summaries], 50)}/{est.rebuys}"
            print(
                f"{name:<15} {players:>7,} {n:>4} {simulated:>9} {band:>11} "
                f"{est.finish_minutes:>8} {error:>+7.1%} {ms:>7.1f}  {rebuys:>15}",
                flush=True,
            )
    within = sum(1 for e in errors if abs(e) <= tolerance)
    mean = sum(abs(e) for e in errors) / len(errors)
    print(
        f"{within} of {len(errors)} rows within {tolerance:.0%}; mean absolute error "
        f"{mean:.1%}, largest {max(abs(e) for e in errors):.1%} (minutes from the start)"
    )
    return 0 if within == len(errors) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--estimate", action="store_true", help="the instant estimate's error")
    parser.add_argument("--runs", type=int, default=12, help="with --estimate: runs a field")
    parser.add_argument("--big-runs", type=int, default=6, help="with --estimate: at 1,000")
    parser.add_argument("--tolerance", type=float, default=10, help="with --estimate: percent")
    parser.add_argument("--jobs", type=int, default=usable_cores())
    parser.add_argument("--preset", default="ky-charity")
    parser.add_argument("--players", type=int, default=30)
    parser.add_argument("--runs-per-core", type=int, default=4)
    parser.add_argument("--cores", type=int, default=usable_cores())
    args = parser.parse_args()
    if args.estimate:
        return estimate_rows(
            runs=args.runs,
            big_runs=args.big_runs,
            jobs=args.jobs,
            tolerance=args.tolerance / 100,
            fields=ESTIMATE_FIELDS,
        )
    cores: int = args.cores
    rules = RuleSet.from_preset(args.preset)
    seeds = run_seeds(1, args.runs_per_core * cores)
    settings = SimulationSettings()

    def play(jobs: int, cluster: str | None = None) -> list[RunSummary]:
        return play_runs(
            rules, players=args.players, seeds=seeds, settings=settings, jobs=jobs, cluster=cluster
        )

    def none() -> float:
        return 0.0

    print(
        f"Forecast of {len(seeds)} runs ({args.preset}, {args.players} players, seeds "
        f"{seeds[0]} to {seeds[-1]}); usable cores {usable_cores()} (os.cpu_count "
        f"{os.cpu_count()}), load average before {os.getloadavg()[0]:.2f}; Python "
        f"{sys.version.split()[0]}"
    )
    timings = [
        _timed("one process (jobs=1)", lambda: play(1), none),
        _timed(f"{cores} processes (jobs={cores})", lambda: play(cores), _children_cpu),
    ]
    clustered = _on_cluster(cores, lambda address: play(1, address))
    if clustered is not None:
        timings.append(clustered)
    base = timings[0]
    print(
        f"{'how':<34} {'wall s':>7} {'CPU s':>7} {'CPU/wall':>9} {'speed-up':>9} {'efficiency':>11}"
    )
    for t in timings:
        speedup = base.wall_s / t.wall_s
        workers = 1 if t is base else cores
        print(
            f"{t.label:<34} {t.wall_s:>7.2f} {t.cpu_s:>7.2f} {t.cpu_s / t.wall_s:>9.2f} "
            f"{speedup:>8.2f}x {speedup / workers:>10.0%}"
        )
    print(
        f"machine reference: a plain CPU-bound loop on {cores} processes, speed-up "
        f"{machine_speedup(cores):.2f}x (load average now {os.getloadavg()[0]:.2f})"
    )
    same = all(t.summaries == base.summaries for t in timings)
    print(f"summaries identical in every row: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
