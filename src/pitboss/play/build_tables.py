"""Write ``pitboss/data/preflop.json``: preflop equities and the push-or-fold chart.

Run offline (about two minutes on one core), never by the simulator:

    python -m pitboss.play.build_tables [--boards 40000] [--seed 15]

1. 40,000 random five-card boards (a fixed seed); every one of the 1,326 hole-card combos is
   evaluated on every board it does not collide with, by pitboss's batch evaluator
   (`pitboss.evaluator.evaluate_batch`, the engine behind `pitboss.equity`).
2. For every pair of classes, every compatible pair of combos (at most 48, drawn with the
   seed) is compared on the boards neither touches: wins plus half the ties. The error of one
   entry is about 0.3 % of a pot.
3. The combos of each class left given a combo of another (card removal), exactly.
4. The ranking (equity against a random hand) and the Nash chart (`pitboss.play.pushfold`),
   with its deep push frequencies (30 to 100 big blinds).

``--deep-only`` solves the deep push frequencies again from the equities already in the file
(about half a minute) and leaves everything else as it is.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path

import numpy as np

from pitboss.evaluator import evaluate_batch
from pitboss.play import pushfold
from pitboss.play.ranges import HANDS, combos, hand_class

EQUITY_SCALE = 10_000
WEIGHTS_SCALE = 12


def _class_combos() -> list[list[tuple[int, int]]]:
    members: list[list[tuple[int, int]]] = [[] for _ in range(HANDS)]
    for a, b in combinations(range(52), 2):
        members[hand_class(a, b)].append((a, b))
    return members


def build(*, boards: int, seed: int) -> dict[str, object]:
    rng = np.random.default_rng(seed)
    deck_order = np.argsort(rng.random((boards, 52)), axis=1)[:, :5].astype(np.uint8)
    touches = np.zeros((52, boards), dtype=bool)
    for col in range(5):
        touches[deck_order[:, col], np.arange(boards)] = True
    members = _class_combos()
    strength: dict[tuple[int, int], np.ndarray] = {}
    for cls in members:
        for a, b in cls:
            ok = ~(touches[a] | touches[b])
            rows = np.empty((int(ok.sum()), 7), dtype=np.uint8)
            rows[:, :5] = deck_order[ok]
            rows[:, 5] = a
            rows[:, 6] = b
            full = np.full(boards, -1, dtype=np.int16)
            full[ok] = evaluate_batch(rows)
            strength[(a, b)] = full
    equity = np.full((HANDS, HANDS), 0.5)
    weights = np.zeros((HANDS, HANDS))
    for x in range(HANDS):
        for y in range(HANDS):
            counts = [sum(1 for c in members[y] if not set(c) & set(m)) for m in members[x]]
            weights[x, y] = sum(counts) / len(members[x])
    for x in range(HANDS):
        for y in range(x, HANDS):
            pairs = [(m, c) for m in members[x] for c in members[y] if not set(m) & set(c)]
            if len(pairs) > 48:
                picks = rng.choice(len(pairs), size=48, replace=False)
                pairs = [pairs[i] for i in sorted(picks)]
            won = 0.0
            seen = 0
            for m, c in pairs:
                ok = ~(touches[m[0]] | touches[m[1]] | touches[c[0]] | touches[c[1]])
                sm = strength[m][ok]
                sc = strength[c][ok]
                won += float(np.count_nonzero(sm > sc)) + 0.5 * float(np.count_nonzero(sm == sc))
                seen += len(sm)
            equity[x, y] = won / seen
            equity[y, x] = 1.0 - equity[x, y]
        sys.stderr.write(f"class {x + 1}/{HANDS}\r")
    vs_random = (weights * equity).sum(axis=1) / weights.sum(axis=1)
    ranking = [int(i) for i in np.argsort(-vs_random, kind="stable")]
    chart = pushfold.build_chart(equity, weights)
    chart.update(pushfold.build_deep_chart(equity, weights))
    return {
        "source": (
            f"python -m pitboss.play.build_tables --boards {boards} --seed {seed} "
            "(pitboss batch evaluator; Nash push/fold by fictitious play)"
        ),
        "equity_scale": EQUITY_SCALE,
        "equity": [[round(float(v) * EQUITY_SCALE) for v in row] for row in equity],
        "weights_scale": WEIGHTS_SCALE,
        "weights": [[round(float(v) * WEIGHTS_SCALE) for v in row] for row in weights],
        "combos": [combos(i) for i in range(HANDS)],
        "ranking": ranking,
        **chart,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=40_000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parents[1] / "data" / "preflop.json"
    )
    parser.add_argument("--deep-only", action="store_true")
    args = parser.parse_args(argv)
    if args.deep_only:
        data = json.loads(args.out.read_text("utf-8"))
        equity = np.array(data["equity"], dtype=np.float64) / data["equity_scale"]
        weights = np.array(data["weights"], dtype=np.float64) / data["weights_scale"]
        data.update(pushfold.build_deep_chart(equity, weights))
    else:
        data = build(boards=args.boards, seed=args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
