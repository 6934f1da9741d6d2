"""Hand evaluation speed: pitboss (scalar and batch) against its peers, side by side in one run.

Every evaluator ranks the same seeded random 7-card hands (card codes ``rank * 4 + suit``,
converted to each peer's own card objects before any clock starts). The run checks that each
peer orders the hands exactly as pitboss does, ties included, and prints evals/s and ratios.

The machine is shared, so the contenders take turns: the run is cut into rounds, and in each
round every contender takes its turn, in a rotating order, so a load spike hits everyone alike.
A per-call contender evaluates one slice of the hands per round (each hand once in the run); a
batch contender evaluates all the hands, as many times as fill ``--batch-round-seconds`` (a
single pass over a million hands is a few tens of milliseconds, too short to time steadily).
Rates use the process's CPU time (time spent waiting for a core is not counted); wall time is
printed beside it. Each rate is the median over the rounds, with the spread (lowest and highest
round) beside it; the target ratios are taken round by round (both rates from the same round)
and their median and spread printed.

    python benchmarks/bench_evaluator.py                  # the recorded run: 1,000,000 hands
    python benchmarks/bench_evaluator.py --hands 100000   # a quicker look

OMPEval's own batch loop, compiled here, is a contender when its library has been built (else
it is skipped with a note): from a checkout of zekyll/OMPEval (nothing of it is kept in this
repository),

    python benchmarks/bench_evaluator.py --build-ompeval /path/to/OMPEval

writes a 15-line C shim beside the library and runs ``g++ -O3 -march=native -std=c++11 -shared
-fPIC`` on it and OMPEval's ``omp/HandEvaluator.cpp``, into ``--ompeval-lib`` (default
``$OMPEVAL_BATCH_LIB`` or ``/tmp/pitboss-ompeval/libompeval_batch.so``). pokerfast's OMPEval
(prebuilt, from its wheel) is the batch peer installed with the bench extras.

Targets (issue 2): scalar >= 1.5x phevaluator's public ``evaluate_cards`` and >= 15x treys;
batch >= 20,000,000 evals/s and >= 5x the fastest per-call compiled peer.
"""

from __future__ import annotations

import argparse
import ctypes
import math
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from pitboss.cards import Card
from pitboss.evaluator import _evaluate_unchecked, evaluate, evaluate_batch

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]

Run = Callable[[int, int], Any]
"""Evaluate hands ``lo`` to ``hi`` and return the results (a list or a NumPy array)."""


DEFAULT_OMPEVAL_LIB = Path(
    os.environ.get("OMPEVAL_BATCH_LIB", "/tmp/pitboss-ompeval/libompeval_batch.so")
)

OMPEVAL_SHIM = """\
// pitboss bench_evaluator.py: OMPEval's HandEvaluator over an array of hands, one call.
#include <cstddef>
#include <cstdint>
#include "omp/HandEvaluator.h"

extern "C" int omp_batch_evaluate(const std::uint8_t* codes, std::size_t hands,
                                  std::size_t cards, std::uint16_t* out) {
    static const omp::HandEvaluator evaluator;  // builds its tables on the first call
    for (std::size_t i = 0; i < hands; ++i) {
        omp::Hand hand = omp::Hand::empty();
        const std::uint8_t* row = codes + i * cards;  // card index 4 * rank + suit, as pitboss
        for (std::size_t j = 0; j < cards; ++j) hand += omp::Hand(row[j]);
        out[i] = evaluator.evaluate(hand);
    }
    return 0;
}
"""


@dataclass
class Contender:
    name: str
    kind: str  # "scalar", "batch" or "per-call C"
    higher_is_better: bool | None  # None: compared by ``<`` and ``==`` (pokerkit hands)
    run: Run
    total: int
    passes: int = 1
    """Batch contenders: passes over all the hands per round."""
    rounds: list[tuple[int, float, float]] = field(default_factory=list)
    """(hands, CPU seconds, wall seconds) of each round."""
    results: list[Any] = field(default_factory=list)
    agrees: bool | None = None

    @property
    def is_batch(self) -> bool:
        return self.kind == "batch"

    @property
    def round_rates(self) -> list[float]:
        return [hands / cpu for hands, cpu, _ in self.rounds if hands and cpu > 0]

    @property
    def rate(self) -> float:
        """Median over the rounds of hands per CPU second."""
        return statistics.median(self.round_rates)

    @property
    def spread(self) -> tuple[float, float]:
        """The slowest and the fastest round, as fractions of the median."""
        rates = self.round_rates
        return min(rates) / self.rate, max(rates) / self.rate

    @property
    def hands_timed(self) -> int:
        return sum(hands for hands, _, _ in self.rounds)

    @property
    def wall(self) -> float:
        return sum(wall for _, _, wall in self.rounds)


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


def pitboss_unchecked(lists: list[list[int]]) -> Run:
    return lambda lo, hi: [_evaluate_unchecked(h) for h in lists[lo:hi]]


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


def build_ompeval(source: Path, library: Path) -> None:
    """Compile OMPEval's evaluator and `OMPEVAL_SHIM` into ``library`` (a shared library).

    Raises:
        subprocess.CalledProcessError: g++ failed.
    """
    library.parent.mkdir(parents=True, exist_ok=True)
    shim = library.with_name("omp_batch_shim.cpp")
    shim.write_text(OMPEVAL_SHIM, encoding="utf-8")
    command = [
        "g++",
        "-O3",
        "-march=native",
        "-std=c++11",
        "-shared",
        "-fPIC",
        "-I",
        str(source),
        "-o",
        str(library),
        str(shim),
        str(source / "omp" / "HandEvaluator.cpp"),
    ]
    print(" ".join(command))
    subprocess.run(command, check=True)


def ompeval_built_run(codes: npt.NDArray[np.uint8], library: Path) -> Run:
    if not library.is_file():
        raise OSError(
            f"no OMPEval batch library at {library}; build it with --build-ompeval OMPEVAL_DIR"
            " (see BENCHMARKS.md)"
        )
    lib = ctypes.CDLL(str(library))
    lib.omp_batch_evaluate.restype = ctypes.c_int
    lib.omp_batch_evaluate.argtypes = [
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.c_size_t,
        ctypes.c_void_p,
    ]
    out = np.empty(len(codes), dtype=np.uint16)
    lib.omp_batch_evaluate(codes.ctypes.data, 1, 7, out.ctypes.data)  # build its tables

    def run(lo: int, hi: int) -> npt.NDArray[np.uint16]:
        lib.omp_batch_evaluate(codes[lo:].ctypes.data, hi - lo, 7, out[lo:].ctypes.data)
        return out[lo:hi]

    return run


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
    parser.add_argument(
        "--batch-round-seconds",
        type=float,
        default=0.25,
        help="CPU seconds a batch contender's round lasts at least (whole passes over the hands)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--ompeval-lib", type=Path, default=DEFAULT_OMPEVAL_LIB, help="OMPEval batch library"
    )
    parser.add_argument(
        "--build-ompeval",
        type=Path,
        metavar="OMPEVAL_DIR",
        help="compile OMPEval from this checkout into --ompeval-lib, then run",
    )
    args = parser.parse_args(argv)
    if args.build_ompeval is not None:
        build_ompeval(args.build_ompeval, args.ompeval_lib)

    codes = make_hands(args.hands, args.seed)
    lists = codes.tolist()
    n = args.hands
    print(f"{n:,} seeded random 7-card hands (seed {args.seed}), {args.rounds} rounds")
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, load {_load()}\n")

    plan: list[tuple[str, str, bool | None, Callable[[], Run], int]] = [
        ("pitboss evaluate_batch (NumPy)", "batch", True, lambda: pitboss_batch(codes), n),
        ("pitboss evaluate (pure Python)", "scalar", True, lambda: pitboss_scalar(lists), n),
        ("pitboss evaluate, Card objects", "scalar", True, lambda: pitboss_scalar_cards(lists), n),
        (
            "pitboss _evaluate_unchecked (engine's)",
            "scalar",
            True,
            lambda: pitboss_unchecked(lists),
            n,
        ),
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
        (
            "OMPEval built here (C++ batch loop)",
            "batch",
            True,
            lambda: ompeval_built_run(codes, args.ompeval_lib),
            n,
        ),
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

    for contender in contenders:
        contender.run(0, min(1000, contender.total))  # warm: first calls, caches, allocations
        if contender.is_batch:  # one untimed pass: its results, and how long a pass takes
            cpu = time.process_time()
            out = contender.run(0, contender.total)
            one_pass = max(time.process_time() - cpu, 1e-6)
            contender.results = out.tolist() if isinstance(out, np.ndarray) else list(out)
            contender.passes = max(1, math.ceil(args.batch_round_seconds / one_pass))

    for round_no in range(args.rounds):
        turn = round_no % len(contenders)
        for contender in contenders[turn:] + contenders[:turn]:
            take_turn(contender, round_no, args.rounds)

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


def take_turn(contender: Contender, round_no: int, rounds: int) -> None:
    """One round of one contender: its slice of the hands, or (batch) all of them, timed."""
    if contender.is_batch:
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(contender.passes):
            contender.run(0, contender.total)
        cpu_spent = time.process_time() - cpu
        contender.rounds.append(
            (contender.total * contender.passes, cpu_spent, time.perf_counter() - wall)
        )
        return
    size = -(-contender.total // rounds)
    lo, hi = round_no * size, min((round_no + 1) * size, contender.total)
    if lo >= hi:
        return
    wall, cpu = time.perf_counter(), time.process_time()
    out = contender.run(lo, hi)
    cpu_spent = time.process_time() - cpu
    contender.rounds.append((hi - lo, cpu_spent, time.perf_counter() - wall))
    contender.results.extend(out.tolist() if isinstance(out, np.ndarray) else out)


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def per_round_ratio(ours: Contender, theirs: Contender) -> tuple[float, float, float] | None:
    """Median, lowest and highest over the rounds of ours' rate / theirs' (same round)."""
    pairs = [
        (h1 / c1) / (h2 / c2)
        for (h1, c1, _), (h2, c2, _) in zip(ours.rounds, theirs.rounds, strict=False)
        if c1 > 0 and c2 > 0 and h1 and h2
    ]
    if not pairs:
        return None
    return statistics.median(pairs), min(pairs), max(pairs)


def report(contenders: list[Contender]) -> None:
    batch, scalar = contenders[0], contenders[1]
    print(
        f"{'evaluator':<44}{'kind':<12}{'timed':>11}{'evals/s (CPU)':>15}{'spread':>13}"
        f"{'wall s':>8}{'scalar/it':>11}{'batch/it':>10}  same order"
    )
    for c in contenders:
        agree = "reference" if c is batch else ("yes" if c.agrees else "NO")
        low, high = c.spread
        print(
            f"{c.name:<44}{c.kind:<12}{c.hands_timed:>11,}{c.rate:>15,.0f}"
            f"{f'{low - 1:+.0%}/{high - 1:+.0%}':>13}{c.wall:>8.2f}"
            f"{scalar.rate / c.rate:>10.2f}x{batch.rate / c.rate:>9.2f}x  {agree}"
        )
    print(
        "(evals/s: median over the rounds; spread: its slowest and fastest round; timed: hands"
        " evaluated in the timed rounds;\n scalar/it, batch/it: how many times faster pitboss"
        " scalar, batch is than the row)"
    )

    def find(prefix: str) -> Contender | None:
        return next((c for c in contenders if c.name.startswith(prefix)), None)

    print("\nTargets (ratios: median over the rounds, lowest-highest round):")
    compiled = [c for c in contenders if c.kind == "per-call C"]
    checks: list[tuple[str, Contender, Contender | None, float]] = [
        (
            "scalar >= 1.5x phevaluator evaluate_cards",
            scalar,
            find("phevaluator evaluate_cards"),
            1.5,
        ),
        ("scalar >= 15x treys", scalar, find("treys"), 15.0),
    ]
    if compiled:
        fastest = max(compiled, key=lambda c: c.rate)
        checks.append(
            (f"batch >= 5x fastest per-call compiled peer ({fastest.name})", batch, fastest, 5.0)
        )
    for label, ours, theirs, goal in checks:
        ratio = None if theirs is None else per_round_ratio(ours, theirs)
        if ratio is None:
            print(f"  {label}: peer missing")
            continue
        median, low, high = ratio
        status = "met" if median >= goal else "MISSED"
        print(f"  {label}: {median:.2f}x ({low:.2f}-{high:.2f}) -> {status}")
    status = "met" if batch.rate >= 20e6 else "MISSED"
    print(f"  batch >= 20,000,000 evals/s: {batch.rate:,.0f} -> {status}")
    unchecked = find("pitboss _evaluate_unchecked")
    if unchecked is not None:
        ratio = per_round_ratio(unchecked, scalar)
        if ratio is not None:
            print(
                f"  (the checks in evaluate: _evaluate_unchecked is {ratio[0]:.2f}x evaluate,"
                f" {ratio[1]:.2f}-{ratio[2]:.2f})"
            )
    batches = [c for c in contenders if c.is_batch and c is not batch]
    for peer in batches:
        ratio = per_round_ratio(batch, peer)
        if ratio is not None:
            print(f"  batch vs {peer.name}: {ratio[0]:.2f}x ({ratio[1]:.2f}-{ratio[2]:.2f})")


if __name__ == "__main__":
    raise SystemExit(main())
