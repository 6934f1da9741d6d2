"""Omaha hand evaluation speed: pitboss against a plain enumeration and PokerKit, side by side.

Every contender ranks the same seeded random Omaha hands (four hole cards and a five-card board,
card codes ``rank * 4 + suit``, converted to each contender's own inputs before any clock
starts):

* pitboss ``omaha.evaluate`` (checked), ``omaha._evaluate_unchecked`` (the engine's showdown),
  ``omaha.evaluate_batch`` (NumPy), and the low: ``omaha.evaluate_low``;
* the plain enumeration a reviewer would write: the sixty hands of two hole cards and three board
  cards, each through pitboss's own ``evaluator.evaluate``, the best one kept;
* PokerKit's ``OmahaHoldemHand.from_game`` and ``OmahaEightOrBetterLowHand.from_game_or_none``
  (its cards parsed before the clock starts).

Before any timing the results are checked on the same hands: pitboss's scalar, unchecked and
batch strengths equal the plain enumeration's, and sorted by pitboss's strength PokerKit's hands
rise and tie exactly where pitboss's do (lows: none exactly where PokerKit finds none). The run
stops otherwise.

The machine is shared, so the contenders take turns: the run is cut into rounds, in each round
every contender takes its turn in a rotating order, a per-call contender evaluating its slice of
the hands (each hand once in the run), the batch all of its hands as many times as fill
``--batch-round-seconds``. Rates are hands per CPU second of the process; each ratio is taken
round by round (both rates from the same round), then the median over the rounds.

    python benchmarks/bench_omaha.py                # the recorded run
    python benchmarks/bench_omaha.py --hands 20000  # a quicker look

Then exact all-in equity (`pitboss.omaha_equity`), heads-up and three-handed before the flop,
high and high-low, timed; heads-up high is also counted by a brute-force loop of the scalar
evaluator over every board, which must agree (``--no-brute`` skips it, ``--no-equity`` all).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise
from typing import Any

import numpy as np
import numpy.typing as npt

from pitboss import omaha
from pitboss.evaluator import evaluate

NAMES = [r + s for r in "23456789TJQKA" for s in "cdhs"]

Run = Callable[[int, int], Any]
"""Evaluate hands ``lo`` to ``hi`` and return the results."""


@dataclass
class Contender:
    name: str
    kind: str  # "scalar" or "batch"
    run: Run
    total: int
    """Hands this contender evaluates over the run (per-call), or in one pass (batch)."""
    passes: int = 1
    rounds: list[tuple[int, float]] = field(default_factory=list)
    """(hands, CPU seconds) of each round."""

    @property
    def rates(self) -> list[float]:
        return [hands / cpu for hands, cpu in self.rounds if cpu > 0]

    @property
    def rate(self) -> float:
        return statistics.median(self.rates)


def make_hands(count: int, seed: int) -> npt.NDArray[np.uint8]:
    """``count`` random deals of nine distinct cards: four hole cards, then a five-card board."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :9].astype(np.uint8)


def plain(hole: Sequence[int], board: Sequence[int]) -> int:
    """Every two hole cards with every three board cards through ``evaluate``: the best."""
    return max(evaluate((*p, *t)) for p in combinations(hole, 2) for t in combinations(board, 3))


def rises_with(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """Sorted by ``ours``, ``theirs`` rises and ties exactly where ``ours`` does."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    for i, j in pairwise(order):
        if (ours[i] == ours[j]) != (theirs[i] == theirs[j]):
            return False
        if ours[i] < ours[j] and not theirs[i] < theirs[j]:
            return False
    return True


def check(codes: npt.NDArray[np.uint8], count: int) -> list[str]:
    """Every contender's answers on the first ``count`` hands; the problems found."""
    import pokerkit

    rows = codes[:count].tolist()
    holes, boards = [r[:4] for r in rows], [r[4:] for r in rows]
    ours = [omaha.evaluate(h, b) for h, b in zip(holes, boards, strict=True)]
    problems = []
    if ours != [plain(h, b) for h, b in zip(holes, boards, strict=True)]:
        problems.append("omaha.evaluate differs from the plain enumeration")
    if ours != [omaha._evaluate_unchecked(h, b) for h, b in zip(holes, boards, strict=True)]:
        problems.append("omaha._evaluate_unchecked differs from omaha.evaluate")
    if ours != omaha.evaluate_batch(codes[:count, :4], codes[:count, 4:]).tolist():
        problems.append("omaha.evaluate_batch differs from omaha.evaluate")
    text = [
        ("".join(NAMES[c] for c in h), "".join(NAMES[c] for c in b))
        for h, b in zip(holes, boards, strict=True)
    ]
    theirs = [pokerkit.OmahaHoldemHand.from_game(h, b) for h, b in text]
    if not rises_with(ours, theirs):
        problems.append("PokerKit's OmahaHoldemHand orders the hands differently")
    lows = [omaha.evaluate_low(h, b) for h, b in zip(holes, boards, strict=True)]
    their_lows = [pokerkit.OmahaEightOrBetterLowHand.from_game_or_none(h, b) for h, b in text]
    if [x is None for x in lows] != [x is None for x in their_lows]:
        problems.append("PokerKit finds a low where pitboss does not, or the reverse")
    with_low = [i for i, x in enumerate(lows) if x is not None]
    if not rises_with([lows[i] or 0 for i in with_low], [their_lows[i] for i in with_low]):
        problems.append("PokerKit's OmahaEightOrBetterLowHand orders the lows differently")
    return problems


def contenders(codes: npt.NDArray[np.uint8], args: argparse.Namespace) -> list[Contender]:
    import pokerkit

    rows = codes.tolist()
    pairs = [(r[:4], r[4:]) for r in rows]
    sevens = [r[2:] for r in rows]
    holes, boards = codes[:, :4].copy(), codes[:, 4:].copy()
    cards = [
        (
            tuple(pokerkit.Card.parse("".join(NAMES[c] for c in h))),
            tuple(pokerkit.Card.parse("".join(NAMES[c] for c in b))),
        )
        for h, b in pairs[: args.pokerkit_hands]
    ]
    high, low = pokerkit.OmahaHoldemHand, pokerkit.OmahaEightOrBetterLowHand
    checked, unchecked = omaha.evaluate, omaha._evaluate_unchecked
    checked_low = omaha.evaluate_low
    n = len(rows)
    return [
        Contender("pitboss omaha.evaluate (checked)", "scalar",
                  lambda lo, hi: [checked(h, b) for h, b in pairs[lo:hi]], n),
        Contender("pitboss omaha._evaluate_unchecked (the engine's)", "scalar",
                  lambda lo, hi: [unchecked(h, b) for h, b in pairs[lo:hi]], n),
        Contender("pitboss omaha.evaluate_batch (NumPy)", "batch",
                  lambda lo, hi: omaha.evaluate_batch(holes[lo:hi], boards[lo:hi]), n),
        Contender("reference: one Hold'em hand, evaluator.evaluate of 7 cards", "scalar",
                  lambda lo, hi: [evaluate(h) for h in sevens[lo:hi]], n),
        Contender("plain: 60 hands through evaluator.evaluate", "scalar",
                  lambda lo, hi: [plain(h, b) for h, b in pairs[lo:hi]], args.plain_hands),
        Contender("pokerkit OmahaHoldemHand.from_game", "scalar",
                  lambda lo, hi: [high.from_game(h, b) for h, b in cards[lo:hi]],
                  args.pokerkit_hands),
        Contender("pitboss omaha.evaluate_low (checked)", "scalar",
                  lambda lo, hi: [checked_low(h, b) for h, b in pairs[lo:hi]], n),
        Contender("pokerkit OmahaEightOrBetterLowHand.from_game_or_none", "scalar",
                  lambda lo, hi: [low.from_game_or_none(h, b) for h, b in cards[lo:hi]],
                  args.pokerkit_hands),
    ]  # fmt: skip


def time_round(contender: Contender, round_no: int, rounds: int, seconds: float) -> None:
    if contender.kind == "batch":
        hands = 0
        start = time.process_time()
        while True:
            contender.run(0, contender.total)
            hands += contender.total
            spent = time.process_time() - start
            if spent >= seconds:
                break
        contender.rounds.append((hands, spent))
        return
    lo = contender.total * round_no // rounds
    hi = contender.total * (round_no + 1) // rounds
    start = time.process_time()
    contender.run(lo, hi)
    contender.rounds.append((hi - lo, time.process_time() - start))


def ratio(a: Contender, b: Contender) -> tuple[float, float, float]:
    """Median, lowest and highest over the rounds of ``a``'s rate over ``b``'s."""
    each = [ra / rb for ra, rb in zip(a.rates, b.rates, strict=True)]
    return statistics.median(each), min(each), max(each)


EQUITY_QUESTIONS = [
    ("AsAdKsKd vs JhTh9c8c preflop", ["AsAdKsKd", "JhTh9c8c"]),
    ("AsAdKsKd vs JhTh9c8c vs Ah2h3c4d preflop", ["AsAdKsKd", "JhTh9c8c", "Ah2h3c4d"]),
]


def equity_report(*, brute: bool, rounds: int = 3) -> None:
    """Exact all-in equity (`pitboss.omaha_equity`): wall time of each question, high and
    high-low, the median of ``rounds`` calls after one untimed; heads-up high is also counted
    by a brute force (the scalar evaluator on every board) and must agree."""
    from pitboss.cards import parse_cards
    from pitboss.omaha_equity import omaha_equity, omaha_hi_lo_equity

    print("\nexact all-in equity, wall ms (median of 3 calls)")
    for title, texts in EQUITY_QUESTIONS:
        hands = [parse_cards(t) for t in texts]
        for name, function in (("high", omaha_equity), ("high-low", omaha_hi_lo_equity)):
            result = function(hands)
            walls = []
            for _ in range(rounds):
                start = time.perf_counter()
                function(hands)
                walls.append(time.perf_counter() - start)
            shares = " / ".join(f"{h.equity:.4%}" for h in result.hands)
            print(f"  {title}, {name}: {result.boards:,} boards, "
                  f"{statistics.median(walls) * 1e3:,.0f} ms: {shares}")  # fmt: skip
    if brute:
        hands = [parse_cards(t) for t in EQUITY_QUESTIONS[0][1]]
        start = time.perf_counter()
        wins = [0, 0]
        ties = 0
        rest = [c for c in range(52) if c not in {int(c) for h in hands for c in h}]
        for board in combinations(rest, 5):
            first = omaha._evaluate_unchecked(hands[0], board)
            second = omaha._evaluate_unchecked(hands[1], board)
            if first == second:
                ties += 1
            else:
                wins[first < second] += 1
        wall = time.perf_counter() - start
        exact = omaha_equity(hands)
        agrees = [h.wins for h in exact.hands] == wins and exact.hands[0].ties == ties
        print(f"  brute force, scalar _evaluate_unchecked on every board: {wall * 1e3:,.0f} ms,"
              f" {'the same' if agrees else 'DIFFERENT'} wins and ties")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="hands for pitboss")
    parser.add_argument("--plain-hands", type=int, default=10_000)
    parser.add_argument("--pokerkit-hands", type=int, default=5_000)
    parser.add_argument("--check", type=int, default=3_000, help="hands checked before timing")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--batch-round-seconds", type=float, default=0.25)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-equity", dest="equity", action="store_false", help="skip equity")
    parser.add_argument("--no-brute", action="store_true", help="skip the equity brute force")
    args = parser.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Python {sys.version.split()[0]}, numpy {np.__version__}, load {load}")
    codes = make_hands(args.hands, args.seed)
    problems = check(codes, min(args.check, args.hands))
    if problems:
        for problem in problems:
            print(f"!! {problem}")
        return 1
    print(f"checked on {min(args.check, args.hands):,} hands: pitboss = plain enumeration,"
          " same order as PokerKit (high and low)")  # fmt: skip
    field = contenders(codes, args)
    for contender in field:  # warm: every table built, every path run once
        contender.run(0, min(1000, contender.total))
    for round_no in range(args.rounds):
        turn = round_no % len(field)
        for contender in field[turn:] + field[:turn]:
            time_round(contender, round_no, args.rounds, args.batch_round_seconds)
    print(f"\n{args.rounds} interleaved rounds; hands per CPU second, median (slowest-fastest);")
    print("ratios: the contender's rate over the peer's, round by round, median (low-high)")
    plain_ = next(c for c in field if c.name.startswith("plain"))
    kit_high = next(c for c in field if c.name.startswith("pokerkit OmahaHoldemHand"))
    kit_low = next(c for c in field if c.name.startswith("pokerkit OmahaEightOrBetter"))
    print(f"{'contender':62} {'hands/s':>11}  {'/ plain':>26}  {'/ PokerKit':>26}")
    for contender in field:
        is_low = "low" in contender.name.lower()
        versus_plain = (
            "" if is_low else "{:,.2f}x ({:,.2f}-{:,.2f})".format(*ratio(contender, plain_))
        )
        versus_kit = "{:,.1f}x ({:,.1f}-{:,.1f})".format(
            *ratio(contender, kit_low if is_low else kit_high)
        )
        rate = f"{contender.rate / 1e3:,.1f} k"
        print(f"{contender.name:62} {rate:>11}  {versus_plain:>26}  {versus_kit:>26}")
    if args.equity:
        equity_report(brute=not args.no_brute)
    return 0


if __name__ == "__main__":
    sys.exit(main())
