"""Hand evaluation speed: pitboss (scalar and batch) against its peers, side by side in one run.

Every evaluator ranks the same seeded random 7-card hands (card codes ``rank * 4 + suit``,
converted to each peer's own card objects before the clock starts). The run checks that each
peer orders the hands exactly as pitboss does, ties included, and prints evals/s and ratios.

    python benchmarks/bench_evaluator.py                  # the recorded run: 1,000,000 hands
    python benchmarks/bench_evaluator.py --hands 100000   # a quicker look

Targets (issue 2): scalar >= 1.5x phevaluator's public ``evaluate_cards`` and >= 15x treys;
batch >= 20,000,000 evals/s and >= 5x the fastest per-call compiled peer.
"""

from __future__ import annotations

import argparse
import ctypes
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from pitboss.cards import Card
from pitboss.evaluator import evaluate, evaluate_batch

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]


@dataclass
class Timing:
    name: str
    kind: str  # "scalar", "batch" or "per-call C"
    hands: int
    seconds: float
    agrees: bool | None

    @property
    def rate(self) -> float:
        return self.hands / self.seconds


def make_hands(count: int, seed: int) -> npt.NDArray[np.uint8]:
    """``count`` random 7-card hands, distinct cards in each (a partial Fisher-Yates shuffle)."""
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (count, 1))
    rows = np.arange(count)
    for j in range(7):
        pick = j + rng.integers(0, 52 - j, size=count)
        chosen = deck[rows, pick]
        deck[rows, pick] = deck[:, j]
        deck[:, j] = chosen
    return np.ascontiguousarray(deck[:, :7])


def best_time(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        out = run()
        best = min(best, time.perf_counter() - start)
    return best, out


def same_order(ours: Sequence[int], theirs: Sequence[Any], *, higher_is_better: bool) -> bool:
    """True when both rankings order the hands identically, ties included."""
    pairs = sorted(set(zip(ours, theirs, strict=True)))
    for (a1, b1), (a2, b2) in pairwise(pairs):
        if a1 == a2 or not ((b1 < b2) if higher_is_better else (b1 > b2)):
            return False
    return True


def same_order_by_comparison(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """Like `same_order` for peers whose results compare but are not numbers (pokerkit)."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for i, j in pairwise(order):
        if ours[i] == ours[j]:
            if theirs[i] != theirs[j]:
                return False
        elif not theirs[i] < theirs[j]:
            return False
    return True


Result = tuple[str, str, bool, float, list[Any]]
"""(name, kind, higher is better, seconds, results) of one peer run."""


def run_treys(lists: list[list[int]]) -> Result:
    import treys

    cards = [treys.Card.new(n) for n in NAMES]
    hands = [([cards[c] for c in h[:2]], [cards[c] for c in h[2:]]) for h in lists]
    peer = treys.Evaluator()
    seconds, out = best_time(lambda: [peer.evaluate(a, b) for a, b in hands], 1)
    return "treys Evaluator.evaluate", "scalar", False, seconds, out


def run_phevaluator_public(lists: list[list[int]]) -> Result:
    from phevaluator import evaluate_cards

    seconds, out = best_time(lambda: [evaluate_cards(*h) for h in lists], 1)
    return "phevaluator evaluate_cards (public)", "scalar", False, seconds, out


def run_phevaluator_compiled(lists: list[list[int]]) -> Result:
    from phevaluator import _pheval  # the compiled module behind evaluate_7cards

    e7 = _pheval.evaluate_7cards
    seconds, out = best_time(lambda: [e7(*h) for h in lists], 1)
    return "phevaluator _pheval.evaluate_7cards", "per-call C", False, seconds, out


def run_eval7(lists: list[list[int]]) -> Result:
    import eval7

    cards = [eval7.Card(n) for n in NAMES]
    hands = [[cards[c] for c in h] for h in lists]
    peer = eval7.evaluate
    seconds, out = best_time(lambda: [peer(h) for h in hands], 1)
    return "eval7 evaluate", "per-call C", True, seconds, out


def run_pkrbot(lists: list[list[int]]) -> Result:
    import pkrbot

    cards = [pkrbot.Card(n) for n in NAMES]
    hands = [[cards[c] for c in h] for h in lists]
    peer = pkrbot.evaluate
    seconds, out = best_time(lambda: [peer(h) for h in hands], 1)
    return "pkrbot evaluate", "per-call C", True, seconds, out


def run_ompeval(codes: npt.NDArray[np.uint8], repeats: int) -> Result:
    from pokerfast import equity as pf_equity

    lib = pf_equity._load()
    buffer = codes.tobytes()  # OMPEval takes the same card codes, one byte each
    out = np.empty(len(codes), dtype=np.uint16)
    pointer = out.ctypes.data_as(ctypes.POINTER(ctypes.c_uint16))
    seconds, _ = best_time(lambda: lib.pf_evaluate(buffer, len(codes), 7, pointer), repeats)
    return "pokerfast OMPEval pf_evaluate (C++ batch)", "batch", True, seconds, out.tolist()


def run_pokerkit(lists: list[list[int]]) -> tuple[float, list[Any]]:
    from pokerkit import StandardHighHand

    sample = [(NAMES[h[0]] + NAMES[h[1]], "".join(NAMES[c] for c in h[2:])) for h in lists]
    return best_time(lambda: [StandardHighHand.from_game(a, b) for a, b in sample], 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands for every evaluator")
    parser.add_argument("--pokerkit-hands", type=int, default=10_000, help="pokerkit's sample")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeats", type=int, default=3, help="best of N for the batch calls")
    args = parser.parse_args(argv)

    codes = make_hands(args.hands, args.seed)
    lists = codes.tolist()
    print(f"{args.hands:,} seeded random 7-card hands (seed {args.seed})")
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, {platform.machine()}\n")

    timings: list[Timing] = []
    evaluate_batch(codes[:1000])  # build the dense batch table before timing
    seconds, batch = best_time(lambda: evaluate_batch(codes), args.repeats)
    reference: list[int] = batch.tolist()
    timings.append(Timing("pitboss evaluate_batch (NumPy)", "batch", args.hands, seconds, None))

    seconds, scalar = best_time(lambda: [evaluate(h) for h in lists], 1)
    agrees = scalar == reference
    timings.append(Timing("pitboss evaluate (pure Python)", "scalar", args.hands, seconds, agrees))
    card_lists = [[Card(c) for c in h] for h in lists]
    seconds, scalar = best_time(lambda: [evaluate(h) for h in card_lists], 1)
    agrees = scalar == reference
    timings.append(Timing("pitboss evaluate, Card objects", "scalar", args.hands, seconds, agrees))
    card_lists.clear()

    runners: list[Callable[[], Result]] = [
        lambda: run_treys(lists),
        lambda: run_phevaluator_public(lists),
        lambda: run_phevaluator_compiled(lists),
        lambda: run_eval7(lists),
        lambda: run_pkrbot(lists),
        lambda: run_ompeval(codes, args.repeats),
    ]
    for runner in runners:
        try:
            name, kind, higher, seconds, theirs = runner()
        except (ImportError, OSError, RuntimeError) as error:
            print(f"peer skipped: {error}")
            continue
        agrees = same_order(reference[: len(theirs)], theirs, higher_is_better=higher)
        timings.append(Timing(name, kind, len(theirs), seconds, agrees))
    try:
        seconds, hands = run_pokerkit(lists[: args.pokerkit_hands])
        agrees = same_order_by_comparison(reference[: len(hands)], hands)
        name = "pokerkit StandardHighHand.from_game"
        timings.append(Timing(name, "scalar", len(hands), seconds, agrees))
    except ImportError as error:
        print(f"peer skipped: {error}")

    report(timings)
    return 0 if all(t.agrees is not False for t in timings) else 1


def report(timings: list[Timing]) -> None:
    batch = next(t for t in timings if t.name.startswith("pitboss evaluate_batch"))
    scalar = next(t for t in timings if t.name.startswith("pitboss evaluate (pure"))
    print(
        f"{'evaluator':<44}{'kind':<12}{'hands':>10}{'evals/s':>14}"
        f"{'scalar/it':>11}{'batch/it':>10}  same order"
    )
    for t in timings:
        agree = "reference" if t.agrees is None else ("yes" if t.agrees else "NO")
        print(
            f"{t.name:<44}{t.kind:<12}{t.hands:>10,}{t.rate:>14,.0f}"
            f"{scalar.rate / t.rate:>10.2f}x{batch.rate / t.rate:>9.2f}x  {agree}"
        )

    def rate_of(prefix: str) -> float | None:
        return next((t.rate for t in timings if t.name.startswith(prefix)), None)

    print("\nTargets:")
    checks: list[tuple[str, float | None, float]] = []
    phe = rate_of("phevaluator evaluate_cards")
    treys_rate = rate_of("treys")
    compiled = [t for t in timings if t.kind == "per-call C"]
    checks.append(
        ("scalar >= 1.5x phevaluator evaluate_cards", scalar.rate / phe if phe else None, 1.5)
    )
    checks.append(("scalar >= 15x treys", scalar.rate / treys_rate if treys_rate else None, 15.0))
    checks.append(("batch >= 20,000,000 evals/s", batch.rate / 20e6, 1.0))
    if compiled:
        fastest = max(compiled, key=lambda t: t.rate)
        checks.append(
            (
                f"batch >= 5x fastest per-call compiled peer ({fastest.name})",
                batch.rate / fastest.rate,
                5.0,
            )
        )
    for label, value, goal in checks:
        if value is None:
            print(f"  {label}: peer missing")
        else:
            status = "met" if value >= goal else "MISSED"
            shown = f"{value * 20e6:,.0f} evals/s" if goal == 1.0 else f"{value:.2f}x"
            print(f"  {label}: {shown} -> {status}")


if __name__ == "__main__":
    raise SystemExit(main())
