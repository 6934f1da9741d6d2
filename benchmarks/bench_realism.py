"""Calibration you can see: the default field's figures beside the ranges they target.

    .venv/bin/python benchmarks/bench_realism.py [--hands 3000] [--matches 200] [--seed 1]

Plays ``--hands`` hands at each table size (2, 3, 6 and 9 players) with the default bot mix
(`pitboss.play.realism.table_figures`) and ``--matches`` heads-up matches at 10, 20 and 40 big
blinds, and prints VPIP, PFR, big-blind walks, showdowns, all-ins called by stack depth and
heads-up match length, each with its target range (sources: BENCHMARKS.md, "Realism").
Not a timing: the CPU seconds are printed only as a guide.
"""

from __future__ import annotations

import argparse
import time

from pitboss.play.realism import (
    CALLED_TARGET,
    DEPTHS,
    HEADS_UP_TARGET,
    PFR_TARGET,
    SHOWDOWN_TARGET,
    VPIP_TARGET,
    WALK_TARGET,
    Band,
    heads_up_lengths,
    median,
    table_figures,
)


def _mark(value: float, band: Band) -> str:
    return "ok" if band[0] <= value <= band[1] else "OUT"


def _pct(band: Band) -> str:
    return f"{band[0]:.0%}-{band[1]:.0%}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    print(f"default field, {args.hands} hands per table size, seed {args.seed}")
    header = f"{'players':>7} {'VPIP':>10} {'PFR':>10} {'BB walk':>10} {'showdown':>10}"
    print(header + "   all-ins called (<=10 / 10-20 / 20-40 / >40 bb)")
    for players in (2, 3, 6, 9):
        f = table_figures(players, hands=args.hands, seed=args.seed)
        cells = []
        for value, band in (
            (f.vpip_rate, VPIP_TARGET[players]),
            (f.pfr_rate, PFR_TARGET[players]),
            (f.walk_rate, WALK_TARGET[players]),
            (f.showdown_rate, SHOWDOWN_TARGET),
        ):
            cells.append(f"{value:>6.1%} {_mark(value, band):>3}")
        calls = []
        for depth, _, _ in DEPTHS:
            rate = f.called_rate(depth)
            shoves = f.all_ins.get(depth, 0)
            text = "-" if rate is None else f"{rate:.0%} of {shoves}"
            if rate is not None:
                text += f" {_mark(rate, CALLED_TARGET[depth])}"
            calls.append(text)
        print(f"{players:>7} " + " ".join(cells) + "   " + " / ".join(calls))
    print("targets: VPIP " + ", ".join(f"{n}: {_pct(b)}" for n, b in VPIP_TARGET.items()))
    print("         PFR  " + ", ".join(f"{n}: {_pct(b)}" for n, b in PFR_TARGET.items()))
    print("         walk " + ", ".join(f"{n}: {_pct(b)}" for n, b in WALK_TARGET.items()))
    print(
        f"         showdown {_pct(SHOWDOWN_TARGET)}; all-ins called "
        + ", ".join(f"{d}: {_pct(b)}" for d, b in CALLED_TARGET.items())
    )
    print(f"heads-up matches ({args.matches} each, fixed blinds):")
    for stack_bb, band in HEADS_UP_TARGET.items():
        lengths = sorted(heads_up_lengths(stack_bb, matches=args.matches, seed=args.seed))
        mid = median(lengths)
        low = lengths[len(lengths) // 10]
        high = lengths[len(lengths) * 9 // 10]
        print(
            f"  {stack_bb:>2} bb: median {mid:>5.1f} hands (10%-90%: {low}-{high})"
            f"  target {band[0]:.0f}-{band[1]:.0f} {_mark(mid, band)}"
        )
    print(f"CPU {time.process_time() - started:.1f} s")


if __name__ == "__main__":
    main()
