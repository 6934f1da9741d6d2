"""ICM speed and accuracy: exact subset DP and the large-field Monte Carlo, in one run.

There is no ICM library among the installed peers, so the baseline is the classic pure-Python
memoised recursion over subsets (what most ICM calculators do), timed on the same inputs and
checked to agree with pitboss's NumPy dynamic program.

    python benchmarks/bench_icm.py            # the recorded run
    python benchmarks/bench_icm.py --quick    # a shorter reference run for the large field

Targets (issue 5): exact ICM for a 10-player final table <= 1 ms and for 20 players <= 1 s; a
1,000-player field with 150 places paid <= 1 s with every estimate within 0.1% of first prize
of the exact value (20 players) or of a long Monte Carlo run (1,000 players).
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from pitboss.tournament.model.icm import icm_exact, icm_monte_carlo


def baseline_icm(stacks: Sequence[int], prizes: Sequence[int]) -> list[float]:
    """Pure-Python ICM: memoised recursion over the set of players still in (the usual way)."""
    n = len(stacks)
    paid = min(n, len(prizes))

    @cache
    def finish(mask: int) -> tuple[float, ...]:
        # equities of the players in `mask` for the places still open below the finished ones
        place = n - bin(mask).count("1")
        out = [0.0] * n
        if place >= paid:
            return tuple(out)
        left = sum(stacks[j] for j in range(n) if mask >> j & 1)
        for j in range(n):
            if mask >> j & 1:
                p = stacks[j] / left
                out[j] += p * prizes[place]
                rest = finish(mask & ~(1 << j))
                for k in range(n):
                    out[k] += p * rest[k]
        return tuple(out)

    return list(finish((1 << n) - 1))


def timed(fn: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def field(gen: np.random.Generator, players: int, paid: int) -> tuple[list[int], list[int]]:
    """Random stacks and a descending prize list in cents."""
    stacks = [int(x) for x in gen.integers(5_000, 200_000, players)]
    prizes = sorted((int(x) for x in gen.integers(50_000, 2_000_000, paid)), reverse=True)
    prizes[0] = 20_000_000
    return stacks, prizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="shorter long-run reference")
    args = parser.parse_args()
    gen = np.random.default_rng(20_261_129)
    print(f"Python {platform.python_version()}, NumPy {np.__version__}, {platform.machine()}")
    ok = True

    # 1. exact, 10-player final table
    stacks10, prizes10 = field(gen, 10, 10)
    icm_exact(stacks10, prizes10)  # warm NumPy up
    t_exact10 = timed(lambda: icm_exact(stacks10, prizes10), 200)
    t_base10 = timed(lambda: baseline_icm(stacks10, prizes10), 5)
    diff = max(
        abs(a - b)
        for a, b in zip(
            icm_exact(stacks10, prizes10), baseline_icm(stacks10, prizes10), strict=True
        )
    )
    ok &= t_exact10 <= 1e-3 and diff < 1e-6
    print(
        f"exact 10 players, 10 paid : pitboss {t_exact10 * 1e3:8.3f} ms   "
        f"pure-Python baseline {t_base10 * 1e3:8.2f} ms   ratio {t_base10 / t_exact10:6.1f}x   "
        f"max diff {diff:.1e} cents   target <= 1 ms: {'ok' if t_exact10 <= 1e-3 else 'MISSED'}"
    )

    # 2. exact, 20 players
    stacks20, prizes20 = field(gen, 20, 20)
    t_exact20 = timed(lambda: icm_exact(stacks20, prizes20), 3)
    ok &= t_exact20 <= 1.0
    base_note = "baseline skipped (2**20 states x 20 in pure Python: minutes)"
    print(
        f"exact 20 players, 20 paid : pitboss {t_exact20 * 1e3:8.1f} ms   {base_note}   "
        f"target <= 1 s: {'ok' if t_exact20 <= 1.0 else 'MISSED'}"
    )

    # 3. Monte Carlo against exact, 20 players, 0.1% of first prize
    exact20 = icm_exact(stacks20, prizes20)
    start = time.perf_counter()
    mc20 = icm_monte_carlo(stacks20, prizes20, rng=np.random.default_rng(1))
    t_mc20 = time.perf_counter() - start
    err20 = max(abs(a - b) for a, b in zip(mc20.equities, exact20, strict=True)) / prizes20[0]
    ok &= err20 <= 1e-3
    print(
        f"Monte Carlo 20 players    : {t_mc20 * 1e3:8.1f} ms, {mc20.samples:,} samples, "
        f"max error vs exact {err20 * 100:.4f}% of first prize "
        f"(stated bound {mc20.error_bound / prizes20[0] * 100:.4f}%)"
    )

    # 4. Monte Carlo, 1,000 players, 150 paid, against a long run
    stacks1k, prizes1k = field(gen, 1_000, 150)
    icm_monte_carlo(stacks1k, prizes1k, rng=np.random.default_rng(0), max_samples=256)  # warm
    runs = []
    for seed in (11, 12, 13):
        start = time.perf_counter()
        est = icm_monte_carlo(stacks1k, prizes1k, rng=np.random.default_rng(seed))
        runs.append((time.perf_counter() - start, est))
    long_samples = 4_000 if args.quick else 20_000
    start = time.perf_counter()
    ref = icm_monte_carlo(
        stacks1k,
        prizes1k,
        rng=np.random.default_rng(99),
        min_samples=long_samples,
        max_samples=long_samples,
    )
    t_ref = time.perf_counter() - start
    for seconds, est in runs:
        err = max(abs(a - b) for a, b in zip(est.equities, ref.equities, strict=True))
        err_pct = err / prizes1k[0] * 100
        ok &= seconds <= 1.0 and err_pct <= 0.1
        print(
            f"Monte Carlo 1,000 / 150   : {seconds * 1e3:8.1f} ms, {est.samples:,} samples, "
            f"max diff vs long run {err_pct:.4f}% of first prize "
            f"(stated bound {est.error_bound / prizes1k[0] * 100:.4f}%)   "
            f"target <= 1 s and <= 0.1%: {'ok' if seconds <= 1 and err_pct <= 0.1 else 'MISSED'}"
        )
    print(
        f"long reference run        : {t_ref:8.1f} s, {ref.samples:,} samples, "
        f"stated bound {ref.error_bound / prizes1k[0] * 100:.5f}% of first prize"
    )
    print("all targets met" if ok else "SOME TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
