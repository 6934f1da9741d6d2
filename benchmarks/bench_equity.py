"""All-in equity speed: exact heads-up preflop (AhKd vs QcQs, 1,712,304 boards) and friends.

pitboss runs side by side with its peers in one process, each question asked of every contender
the same way: the same hands and board, exact enumeration of every board or Monte Carlo over
the same number of boards, one untimed call first (warm), the same timer (wall and CPU time of
the call), and interleaved: in each round every contender of a question runs once, in a
rotating order, so a load spike on the shared machine hits them alike. Times are medians over
the rounds, with the slowest and fastest round beside them.

Contenders: pitboss (exact and Monte Carlo), pokerfast's OMPEval (C++, exact; its Monte Carlo
stops at a standard error, not after a number of boards, so it is not run), eval7's compiled
Monte Carlo (heads-up: it takes one hand against a range; its exact call,
``py_hand_vs_range_exact``, answers 0.0 for every hand tried in eval7 0.1.11, so it is left out)
and, heads-up, a brute-force loop calling phevaluator's compiled 7-card evaluator once per hand
and board. A call shorter than ``--round-seconds`` is repeated within its round (the flop
question takes a tenth of a millisecond) and timed per call.

Every answer is checked before the figures are printed, and the run exits 1 when one is wrong:
an exact answer must equal pitboss's exact one (which the brute force checks independently) to
1e-9; a Monte Carlo answer over N boards must lie within 4 standard errors of the exact
equity ``e``, bounding the standard error by ``sqrt(e * (1 - e) / N)`` (a pot share is between 0
and 1, so its variance is at most ``e * (1 - e)``).

    python benchmarks/bench_equity.py            # the recorded run
    python benchmarks/bench_equity.py --no-brute # skip the brute-force loop (~1.5 s a round)

Target (issue 2): exact heads-up preflop equity in <= 0.5 s.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from math import comb

import numpy as np

from pitboss.cards import parse_cards
from pitboss.equity import equity

HANDS = ["AhKd", "QcQs"]
THREE_WAY = ["AhKd", "QcQs", "JsTs"]
TEN_WAY = ["AhKd", "QcQs", "JsTs", "9c9d", "As2s", "KcQh", "7h6h", "5c5s", "AdJc", "8s8h"]
FLOP = "7c8d2h"
TARGET_SECONDS = 0.5
EXACT_TOLERANCE = 1e-9
SIGMAS = 4.0
"""How many (bounded) standard errors a Monte Carlo answer may be off before the run fails."""

Run = Callable[[], list[float]]
"""One call of a contender: the equity of each hand."""


@dataclass
class Contender:
    name: str
    run: Run
    boards: int
    samples: int | None = None
    """Monte Carlo boards, or None for an exact answer."""
    calls: int = 1
    """Calls per round (short calls are repeated so a round is long enough to time)."""
    wall: list[float] = field(default_factory=list)
    """Wall seconds per call, one figure per round."""
    cpu: list[float] = field(default_factory=list)
    equities: list[float] = field(default_factory=list)

    def warm(self, round_seconds: float) -> None:
        """One untimed call (its answer is kept), which also sets `calls`."""
        start = time.perf_counter()
        self.equities = self.run()
        one = max(time.perf_counter() - start, 1e-7)
        self.calls = max(1, math.ceil(round_seconds / one))

    def time_round(self) -> None:
        start, cpu = time.perf_counter(), time.process_time()
        for _ in range(self.calls):
            self.equities = self.run()
        self.cpu.append((time.process_time() - cpu) / self.calls)
        self.wall.append((time.perf_counter() - start) / self.calls)


@dataclass
class Question:
    title: str
    hands: list[str]
    board: str
    boards: int
    """Every possible completion of the board."""
    contenders: list[Contender]


def pitboss_exact(hands: list[str], board: str = "") -> Run:
    parsed = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    return lambda: [h.equity for h in equity(parsed, board=known, exact=True).hands]


def pitboss_monte_carlo(hands: list[str], samples: int, board: str = "") -> Run:
    parsed = [parse_cards(h) for h in hands]
    known = parse_cards(board)
    seeds = iter(range(1, 1_000_000))

    def run() -> list[float]:  # a new seed each call: the rounds are independent samples
        rng = random.Random(next(seeds))
        result = equity(parsed, board=known, exact=False, samples=samples, rng=rng)
        return [h.equity for h in result.hands]

    return run


def ompeval_exact(hands: list[str], board: str = "") -> Run:
    from pokerfast import equity as omp

    return lambda: list(omp.equity(hands, board=board, exact=True))


def eval7_monte_carlo(hands: list[str], samples: int, board: str = "") -> Run:
    import eval7

    hero, villain, known = _eval7_args(eval7, hands, board)

    def run() -> list[float]:
        won = eval7.py_hand_vs_range_monte_carlo(hero, villain, known, samples)
        return [won, 1 - won]

    return run


def _eval7_args(eval7: object, hands: list[str], board: str) -> tuple[object, object, object]:
    first, second = hands
    card = eval7.Card  # type: ignore[attr-defined]
    hero = [card(first[i : i + 2]) for i in (0, 2)]
    villain = eval7.HandRange(second)  # type: ignore[attr-defined]
    known = [card(board[i : i + 2]) for i in range(0, len(board), 2)]
    return hero, villain, known


def brute_force(hands: list[str]) -> Run:
    from phevaluator import _pheval

    e7 = _pheval.evaluate_7cards
    h1, h2 = ([int(c) for c in parse_cards(h)] for h in hands)
    rest = [c for c in range(52) if c not in (*h1, *h2)]

    def run() -> list[float]:
        won = tied = total = 0
        for b in combinations(rest, 5):
            x, y = e7(*h1, *b), e7(*h2, *b)  # lower is better in phevaluator
            won += x < y
            tied += x == y
            total += 1
        return [(won + tied / 2) / total, (total - won - tied / 2) / total]

    return run


def _optional(contenders: list[Contender], name: str, make: Callable[[], Contender]) -> None:
    try:
        contenders.append(make())
    except (ImportError, OSError, RuntimeError) as error:
        print(f"skipped {name}: {error}")


def questions(*, brute: bool) -> list[Question]:
    heads_up = comb(48, 5)
    three_way = comb(46, 5)
    ten_way = comb(32, 5)
    flop = comb(45, 2)
    out: list[Question] = []

    hu: list[Contender] = [
        Contender("pitboss exact", pitboss_exact(HANDS), heads_up),
        Contender("pitboss Monte Carlo", pitboss_monte_carlo(HANDS, heads_up), heads_up, heads_up),
    ]
    _optional(
        hu,
        "pokerfast OMPEval",
        lambda: Contender("pokerfast OMPEval exact (C++)", ompeval_exact(HANDS), heads_up),
    )
    _optional(
        hu,
        "eval7",
        lambda: Contender(
            "eval7 Monte Carlo (compiled)", eval7_monte_carlo(HANDS, heads_up), heads_up, heads_up
        ),
    )
    if brute:
        _optional(
            hu,
            "phevaluator",
            lambda: Contender(
                "brute force, phevaluator evaluate_7cards per call", brute_force(HANDS), heads_up
            ),
        )
    out.append(Question(f"heads-up preflop {' vs '.join(HANDS)}", HANDS, "", heads_up, hu))

    three: list[Contender] = [
        Contender("pitboss exact", pitboss_exact(THREE_WAY), three_way),
        Contender(
            "pitboss Monte Carlo",
            pitboss_monte_carlo(THREE_WAY, three_way),
            three_way,
            three_way,
        ),
    ]
    _optional(
        three,
        "pokerfast OMPEval",
        lambda: Contender("pokerfast OMPEval exact (C++)", ompeval_exact(THREE_WAY), three_way),
    )
    out.append(Question(f"3-way preflop {' '.join(THREE_WAY)}", THREE_WAY, "", three_way, three))

    ten = [  # OMPEval takes at most 6 players, eval7 two
        Contender("pitboss exact", pitboss_exact(TEN_WAY), ten_way),
        Contender("pitboss Monte Carlo", pitboss_monte_carlo(TEN_WAY, ten_way), ten_way, ten_way),
    ]
    out.append(Question("10-way preflop", TEN_WAY, "", ten_way, ten))

    on_flop: list[Contender] = [Contender("pitboss exact", pitboss_exact(HANDS, FLOP), flop)]
    _optional(
        on_flop,
        "pokerfast OMPEval",
        lambda: Contender("pokerfast OMPEval exact (C++)", ompeval_exact(HANDS, FLOP), flop),
    )
    out.append(Question(f"{' vs '.join(HANDS)} on {FLOP}", HANDS, FLOP, flop, on_flop))
    return out


def check(question: Question) -> list[str]:
    """What is wrong with the answers to ``question``, checked against pitboss's exact one
    (the first contender): an empty list when every answer is right."""
    truth = question.contenders[0].equities  # pitboss exact
    problems = []
    for c in question.contenders[1:]:
        if c.samples is None:
            off = max(abs(a - b) for a, b in zip(truth, c.equities, strict=True))
            if off > EXACT_TOLERANCE:
                problems.append(f"{c.name} disagrees with pitboss exact by {off:.3g}")
        else:
            worst = max(_sigmas(e, m, c.samples) for e, m in zip(truth, c.equities, strict=True))
            if worst > SIGMAS:
                problems.append(
                    f"{c.name} is {worst:.1f} standard errors from the exact equity"
                    f" (allowed: {SIGMAS:.0f})"
                )
    return problems


def _sigmas(exact: float, estimate: float, samples: int) -> float:
    bound = math.sqrt(max(exact * (1 - exact), 1e-12) / samples)
    return abs(estimate - exact) / bound


def report(question: Question, *, cold: float | None = None) -> None:
    print(f"\n{question.title} ({question.boards:,} boards)")
    print(
        f"  {'contender':<50}{'wall ms':>10}{'spread':>13}{'CPU ms':>9}{'boards/s':>14}"
        f"  equities, then error (Monte Carlo: largest in standard errors)"
    )
    truth = question.contenders[0].equities
    for c in question.contenders:
        wall = statistics.median(c.wall)
        spread = f"{min(c.wall) / wall - 1:+.0%}/{max(c.wall) / wall - 1:+.0%}"
        boards = c.samples if c.samples is not None else question.boards
        shown = " / ".join(f"{e:.4%}" for e in c.equities[:3])
        if c.samples is None:
            off = max(abs(a - b) for a, b in zip(truth, c.equities, strict=True))
            error = "exact" if off <= EXACT_TOLERANCE else f"OFF by {off:.2g}"
        else:
            worst = max(_sigmas(e, m, c.samples) for e, m in zip(truth, c.equities, strict=True))
            points = max(abs(a - b) for a, b in zip(truth, c.equities, strict=True))
            error = f"{points:.3%} ({worst:.1f} SE)"
        print(
            f"  {c.name:<50}{wall * 1000:>10.2f}{spread:>13}"
            f"{statistics.median(c.cpu) * 1000:>9.2f}{boards / wall:>14,.0f}  {shown}  {error}"
        )
    if cold is not None:
        print(f"  (pitboss exact, first call in the process: {cold * 1000:.1f} ms wall)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="timed calls per contender")
    parser.add_argument("--no-brute", action="store_true", help="skip the brute-force loop")
    parser.add_argument(
        "--round-seconds",
        type=float,
        default=0.05,
        help="a contender's calls are repeated within a round until it lasts this long",
    )
    args = parser.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, load {load}")
    print(f"{args.rounds} interleaved rounds; times are medians, spread: slowest/fastest round")

    start = time.perf_counter()
    pitboss_exact(HANDS)()  # the first call in the process: builds the tables it needs
    cold = time.perf_counter() - start

    failures: list[str] = []
    warm_heads_up = math.inf
    for number, question in enumerate(questions(brute=not args.no_brute)):
        for contender in question.contenders:
            contender.warm(args.round_seconds)
        for round_no in range(args.rounds):
            turn = round_no % len(question.contenders)
            for contender in question.contenders[turn:] + question.contenders[:turn]:
                contender.time_round()
        report(question, cold=cold if number == 0 else None)
        problems = check(question)
        for problem in problems:
            print(f"  !! {problem}")
        failures += problems
        if number == 0:
            warm_heads_up = statistics.median(question.contenders[0].wall)

    status = "met" if warm_heads_up <= TARGET_SECONDS and cold <= TARGET_SECONDS else "MISSED"
    print(
        f"\nTarget: exact heads-up preflop <= {TARGET_SECONDS} s: "
        f"warm {warm_heads_up:.3f} s, first call {cold:.3f} s -> {status}"
    )
    if failures:
        print(f"\n!! {len(failures)} wrong answer(s): the figures above are not to be trusted")
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
