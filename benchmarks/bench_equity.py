"""All-in equity speed: exact heads-up preflop (AhKd vs QcQs, 1,712,304 boards) and friends.

pitboss runs side by side with its peers in one process: pokerfast's OMPEval (C++, exact),
eval7's compiled Monte Carlo over the same number of boards, and a brute-force loop calling
phevaluator's compiled 7-card evaluator once per hand and board. Exact results are checked
against each other.

    python benchmarks/bench_equity.py            # the recorded run
    python benchmarks/bench_equity.py --no-brute # skip the 5-second brute-force loop

Target (issue 2): exact heads-up preflop equity in <= 0.5 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from itertools import combinations
from typing import Any

import numpy as np

from pitboss.cards import parse_cards
from pitboss.equity import equity

HANDS = ["AhKd", "QcQs"]
THREE_WAY = ["AhKd", "QcQs", "JsTs"]
TEN_WAY = ["AhKd", "QcQs", "JsTs", "9c9d", "As2s", "KcQh", "7h6h", "5c5s", "AdJc", "8s8h"]
TARGET_SECONDS = 0.5


CPU: dict[str, float] = {}
"""CPU seconds of the last `timed` run (the wall-clock figure is what a user waits)."""


def timed(run: Callable[[], Any], repeats: int = 1) -> tuple[float, Any]:
    """Best wall-clock time of ``repeats`` runs (and its CPU time in ``CPU["last"]``)."""
    best, out = float("inf"), None
    for _ in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        out = run()
        elapsed = time.perf_counter() - start
        if elapsed < best:
            best, CPU["last"] = elapsed, time.process_time() - cpu
    return best, out


def row(name: str, seconds: float, boards: int, equities: list[float]) -> None:
    shown = " / ".join(f"{e:.4%}" for e in equities)
    print(
        f"{name:<52}{seconds * 1000:>9.1f} ms{CPU['last'] * 1000:>9.1f} ms"
        f"{boards / seconds:>14,.0f} boards/s   {shown}"
    )


def pitboss_equities(hands: list[str], **kwargs: Any) -> tuple[list[float], int]:
    result = equity([parse_cards(h) for h in hands], **kwargs)
    return [h.equity for h in result.hands], result.boards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-brute", action="store_true", help="skip the brute-force loop")
    args = parser.parse_args(argv)
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}")
    print(f"{'run':<52}{'wall':>12}{'CPU':>12}{'rate (wall)':>24}   equities\n")

    cold, (exact, boards) = timed(lambda: pitboss_equities(HANDS))
    row("pitboss exact, AhKd vs QcQs (first call, cold)", cold, boards, exact)
    warm, (exact, boards) = timed(lambda: pitboss_equities(HANDS), args.repeats)
    row("pitboss exact, AhKd vs QcQs (warm, best of N)", warm, boards, exact)
    seconds, (mc, samples) = timed(
        lambda: pitboss_equities(HANDS, exact=False, samples=boards, rng=random.Random(1))
    )
    row("pitboss Monte Carlo, same number of boards", seconds, samples, mc)
    failures = 0

    try:
        from pokerfast import equity as omp

        omp.equity(HANDS, exact=True)  # load the library and its tables
        seconds, theirs = timed(lambda: omp.equity(HANDS, exact=True), args.repeats)
        row("pokerfast OMPEval exact (C++)", seconds, boards, theirs)
        if max(abs(a - b) for a, b in zip(exact, theirs, strict=True)) > 1e-9:
            print("  !! OMPEval disagrees with pitboss")
            failures += 1
    except (ImportError, OSError, RuntimeError) as error:
        print(f"pokerfast OMPEval skipped: {error}")

    try:
        import eval7

        hero = [eval7.Card(c) for c in ("Ah", "Kd")]
        villain = eval7.HandRange("QcQs")
        seconds, hero_eq = timed(
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], boards)
        )
        row("eval7 Monte Carlo, same number of boards (C)", seconds, boards, [hero_eq, 1 - hero_eq])
    except ImportError as error:
        print(f"eval7 skipped: {error}")

    if not args.no_brute:
        try:
            from phevaluator import _pheval

            e7 = _pheval.evaluate_7cards
            h1, h2 = ([int(c) for c in parse_cards(h)] for h in HANDS)
            rest = [c for c in range(52) if c not in (*h1, *h2)]

            def brute() -> list[float]:
                won = tied = 0
                for b in combinations(rest, 5):
                    x, y = e7(*h1, *b), e7(*h2, *b)
                    won += x < y
                    tied += x == y
                total = boards
                return [(won + tied / 2) / total, (total - won - tied / 2) / total]

            seconds, theirs = timed(brute)
            row("brute force, phevaluator evaluate_7cards per call", seconds, boards, theirs)
            if max(abs(a - b) for a, b in zip(exact, theirs, strict=True)) > 1e-9:
                print("  !! brute force disagrees with pitboss")
                failures += 1
        except ImportError as error:
            print(f"phevaluator skipped: {error}")

    print()
    seconds, (three, count) = timed(lambda: pitboss_equities(THREE_WAY), args.repeats)
    row("pitboss exact, 3-way preflop " + " ".join(THREE_WAY), seconds, count, three)
    try:
        from pokerfast import equity as omp

        seconds, theirs = timed(lambda: omp.equity(THREE_WAY, exact=True), args.repeats)
        row("pokerfast OMPEval exact, 3-way", seconds, count, theirs)
    except (ImportError, OSError, RuntimeError):
        pass
    seconds, (ten, count) = timed(lambda: pitboss_equities(TEN_WAY), args.repeats)
    row("pitboss exact, 10-way preflop", seconds, count, ten[:3])
    seconds, (flop, count) = timed(
        lambda: pitboss_equities(HANDS, board=parse_cards("7c8d2h")), args.repeats
    )
    row("pitboss exact, AhKd vs QcQs on 7c8d2h", seconds, count, flop)

    status = "met" if warm <= TARGET_SECONDS and cold <= TARGET_SECONDS else "MISSED"
    print(
        f"\nTarget: exact heads-up preflop <= {TARGET_SECONDS} s: "
        f"warm {warm:.3f} s, cold {cold:.3f} s -> {status}"
    )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
