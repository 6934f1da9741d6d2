"""Hand evaluation speed: pitboss (scalar and batch) against its peers, side by side in one run.

Every evaluator ranks the same seeded random 7-card hands (card codes ``rank * 4 + suit``,
converted to each peer's own card objects before any clock starts). The run checks that each
peer orders the hands exactly as pitboss does, ties included, and prints evals/s and ratios.

The machine is shared, so the contenders take turns: the hands are cut into rounds, and in each
round every contender evaluates its slice, in a rotating order. A load spike then hits everyone
alike. Rates use the process's CPU time (time spent waiting for a core is not counted); wall
time is printed beside it.

    python benchmarks/bench_evaluator.py                  # the recorded run: 1,000,000 hands
    python benchmarks/bench_evaluator.py --hands 100000   # a quicker look

Targets (issue 2): scalar >= 1.5x phevaluator's public ``evaluate_cards`` and >= 15x treys;
batch >= 20,000,000 evals/s and >= 5x the fastest per-call compiled peer.
"""

from __future__ import annotations

import argparse
import ctypes
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from pitboss.cards import Card
from pitboss.evaluator import evaluate, evaluate_batch

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]

Run = Callable[[int, int], Any]
"""Evaluate hands ``lo`` to ``hi`` and return the results (a list or a NumPy array)."""


@dataclass
class Contender:
    name: str
    kind: str  # "scalar", "batch" or "per-call C"
    higher_is_better: bool | None  # None: compared by ``<`` and ``==`` (pokerkit hands)
    run: Run
    total: int
    cpu: float = 0.0
    wall: float = 0.0
    results: list[Any] = field(default_factory=list)
    agrees: bool | None = None

    @property
    def rate(self) -> float:
        return self.total / self.cpu


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


# --- contenders: each prepares its inputs (untimed) and returns a Run ---------------------------


def pitboss_batch(codes: npt.NDArray[np.uint8]) -> Run:
    evaluate_batch(codes[:1000])  # build the dense table before any timing
    return lambda lo, hi: evaluate_batch(codes[lo:hi])


def pitboss_scalar(lists: list[list[int]]) -> Run:
    return lambda lo, hi: [evaluate(h) for h in lists[lo:hi]]


def pitboss_scalar_cards(lists: list[list[int]]) -> Run:
    hands = [[Card(c) for c in h] for h in lists]
    return lambda lo, hi: [evaluate(h) for h in hands[lo:hi]]


def treys_run(lists: list[list[int]]) -> Run:
    import treys

    cards = [treys.Card.new(n) for n in NAMES]
    hands = [([cards[c] for c in h[:2]], [cards[c] for c in h[2:]]) for h in lists]
    peer = treys.Evaluator()
    return lambda lo, hi: [peer.evaluate(a, b) for a, b in hands[lo:hi]]


def phevaluator_public(lists: list[list[int]]) -> Run:
    from phevaluator import evaluate_cards

    return lambda lo, hi: [evaluate_cards(*h) for h in lists[lo:hi]]


def phevaluator_compiled(lists: list[list[int]]) -> Run:
    from phevaluator import _pheval  # the compiled module behind evaluate_7cards

    e7 = _pheval.evaluate_7cards
    return lambda lo, hi: [e7(*h) for h in lists[lo:hi]]


def eval7_run(lists: list[list[int]]) -> Run:
    import eval7

    cards = [eval7.Card(n) for n in NAMES]
    hands = [[cards[c] for c in h] for h in lists]
    peer = eval7.evaluate
    return lambda lo, hi: [peer(h) for h in hands[lo:hi]]


def pkrbot_run(lists: list[list[int]]) -> Run:
    import pkrbot

    cards = [pkrbot.Card(n) for n in NAMES]
    hands = [[cards[c] for c in h] for h in lists]
    peer = pkrbot.evaluate
    return lambda lo, hi: [peer(h) for h in hands[lo:hi]]


def ompeval_run(codes: npt.NDArray[np.uint8]) -> Run:
    from pokerfast import equity as pf_equity

    lib = pf_equity._load()
    out = np.empty(len(codes), dtype=np.uint16)

    def run(lo: int, hi: int) -> npt.NDArray[np.uint16]:
        buffer = codes[lo:hi].tobytes()  # OMPEval takes the same codes, one byte per card
        pointer = out[lo:hi].ctypes.data_as(ctypes.POINTER(ctypes.c_uint16))
        lib.pf_evaluate(buffer, hi - lo, 7, pointer)
        return out[lo:hi]

    return run


def pokerkit_run(lists: list[list[int]]) -> Run:
    from pokerkit import StandardHighHand

    sample = [(NAMES[h[0]] + NAMES[h[1]], "".join(NAMES[c] for c in h[2:])) for h in lists]
    return lambda lo, hi: [StandardHighHand.from_game(a, b) for a, b in sample[lo:hi]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands for every evaluator")
    parser.add_argument("--pokerkit-hands", type=int, default=10_000, help="pokerkit's sample")
    parser.add_argument("--rounds", type=int, default=10, help="turns the contenders take")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    codes = make_hands(args.hands, args.seed)
    lists = codes.tolist()
    n = args.hands
    print(f"{n:,} seeded random 7-card hands (seed {args.seed}), {args.rounds} rounds")
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}\n")

    plan: list[tuple[str, str, bool | None, Callable[[], Run], int]] = [
        ("pitboss evaluate_batch (NumPy)", "batch", True, lambda: pitboss_batch(codes), n),
        ("pitboss evaluate (pure Python)", "scalar", True, lambda: pitboss_scalar(lists), n),
        ("pitboss evaluate, Card objects", "scalar", True, lambda: pitboss_scalar_cards(lists), n),
        ("treys Evaluator.evaluate", "scalar", False, lambda: treys_run(lists), n),
        (
            "phevaluator evaluate_cards (public)",
            "scalar",
            False,
            lambda: phevaluator_public(lists),
            n,
        ),
        (
            "phevaluator evaluate_7cards (compiled)",
            "per-call C",
            False,
            lambda: phevaluator_compiled(lists),
            n,
        ),
        ("eval7 evaluate", "per-call C", True, lambda: eval7_run(lists), n),
        ("pkrbot evaluate", "per-call C", True, lambda: pkrbot_run(lists), n),
        ("pokerfast OMPEval pf_evaluate (C++ batch)", "batch", True, lambda: ompeval_run(codes), n),
        (
            "pokerkit StandardHighHand.from_game",
            "scalar",
            None,
            lambda: pokerkit_run(lists[: args.pokerkit_hands]),
            min(n, args.pokerkit_hands),
        ),
    ]
    contenders: list[Contender] = []
    for name, kind, higher, prepare, total in plan:
        try:
            contenders.append(Contender(name, kind, higher, prepare(), total))
        except (ImportError, OSError, RuntimeError) as error:
            print(f"skipped {name}: {error}")

    for round_no in range(args.rounds):
        turn = round_no % len(contenders)
        for contender in contenders[turn:] + contenders[:turn]:
            size = -(-contender.total // args.rounds)
            lo, hi = round_no * size, min((round_no + 1) * size, contender.total)
            if lo >= hi:
                continue
            wall, cpu = time.perf_counter(), time.process_time()
            out = contender.run(lo, hi)
            contender.cpu += time.process_time() - cpu
            contender.wall += time.perf_counter() - wall
            contender.results.extend(out.tolist() if isinstance(out, np.ndarray) else out)

    reference: list[int] = contenders[0].results
    for contender in contenders[1:]:
        theirs = contender.results
        if contender.higher_is_better is None:
            contender.agrees = same_order_by_comparison(reference[: len(theirs)], theirs)
        else:
            contender.agrees = same_order(
                reference[: len(theirs)], theirs, higher_is_better=contender.higher_is_better
            )
        contender.results = []
    report(contenders)
    return 0 if all(c.agrees is not False for c in contenders) else 1


def report(contenders: list[Contender]) -> None:
    batch, scalar = contenders[0], contenders[1]
    print(
        f"{'evaluator':<44}{'kind':<12}{'hands':>10}{'evals/s (CPU)':>15}{'wall s':>8}"
        f"{'scalar/it':>11}{'batch/it':>10}  same order"
    )
    for c in contenders:
        agree = "reference" if c is batch else ("yes" if c.agrees else "NO")
        print(
            f"{c.name:<44}{c.kind:<12}{c.total:>10,}{c.rate:>15,.0f}{c.wall:>8.2f}"
            f"{scalar.rate / c.rate:>10.2f}x{batch.rate / c.rate:>9.2f}x  {agree}"
        )
    print("(scalar/it, batch/it: how many times faster pitboss scalar, batch is than the row)")

    def rate_of(prefix: str) -> float | None:
        return next((c.rate for c in contenders if c.name.startswith(prefix)), None)

    print("\nTargets:")
    phe = rate_of("phevaluator evaluate_cards")
    treys_rate = rate_of("treys")
    compiled = [c for c in contenders if c.kind == "per-call C"]
    checks: list[tuple[str, float | None, float]] = [
        ("scalar >= 1.5x phevaluator evaluate_cards", scalar.rate / phe if phe else None, 1.5),
        ("scalar >= 15x treys", scalar.rate / treys_rate if treys_rate else None, 15.0),
    ]
    for label, value, goal in checks:
        shown = "peer missing" if value is None else f"{value:.2f}x"
        status = "" if value is None else (" -> met" if value >= goal else " -> MISSED")
        print(f"  {label}: {shown}{status}")
    status = "met" if batch.rate >= 20e6 else "MISSED"
    print(f"  batch >= 20,000,000 evals/s: {batch.rate:,.0f} -> {status}")
    if compiled:
        fastest = max(compiled, key=lambda c: c.rate)
        ratio = batch.rate / fastest.rate
        status = "met" if ratio >= 5 else "MISSED"
        label = f"batch >= 5x fastest per-call compiled peer ({fastest.name})"
        print(f"  {label}: {ratio:.2f}x -> {status}")


if __name__ == "__main__":
    raise SystemExit(main())
