"""Calibration you can see: the default field's figures beside the ranges they target.

    .venv/bin/python benchmarks/bench_realism.py [--hands 3000] [--matches 200] [--seed 1]
        [--shoves 1000]

Plays ``--hands`` hands at each table size (2, 3, 6 and 9 players) with the default bot mix
(`pitboss.play.realism.table_figures`) and ``--matches`` heads-up matches at 10, 20 and 40 big
blinds, and prints VPIP, PFR, big-blind walks, showdowns, all-ins called by stack depth and
heads-up match length, each with its target range (sources: BENCHMARKS.md, "Realism").

Then bots facing a shove (issue 31): at 2, 6, 9 and 10 seats, every stack 100, 50, 20 or 10
big blinds, the first to act moves all-in ``--shoves`` times (`pitboss.play.realism.
shove_figures`); it prints the share of the players answering who call, how often the shove is
called and the most callers of one hand, beside the push-or-fold equilibrium's figures
(`equilibrium_shove`) and the target band for the share who call. Not a timing: the CPU
seconds are printed only as a guide.
"""

from __future__ import annotations

import argparse
import time

from pitboss.play.realism import (
    CALLED_TARGET,
    DEPTHS,
    HEADS_UP_SHOVE_CALL_TARGET,
    HEADS_UP_TARGET,
    PFR_TARGET,
    SHOVE_CALL_TARGET,
    SHOVE_DEPTHS,
    SHOVE_TABLES,
    SHOWDOWN_TARGET,
    VPIP_TARGET,
    WALK_TARGET,
    Band,
    equilibrium_shove,
    heads_up_lengths,
    median,
    shove_figures,
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
    parser.add_argument("--shoves", type=int, default=1000)
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
    _shoves(args.shoves, args.seed)
    print(f"CPU {time.process_time() - started:.1f} s")


def _shoves(hands: int, seed: int) -> None:
    """Issue 31: who calls a first-in all-in, by table size and depth."""
    print(f"facing a shove from the first to act, {hands} shoves each, seed {seed}:")
    print(
        f"{'players':>7} {'depth':>6} {'call':>6} {'target':>9} {'called':>7} {'most':>5}"
        f"   equilibrium: call / called"
    )
    for players in SHOVE_TABLES:
        for depth in SHOVE_DEPTHS:
            f = shove_figures(players, depth, hands=hands, seed=seed)
            band = (HEADS_UP_SHOVE_CALL_TARGET if players == 2 else SHOVE_CALL_TARGET)[depth]
            nash_call, nash_called = equilibrium_shove(players, depth)
            print(
                f"{players:>7} {depth:>3} bb {f.call_rate:>6.1%} {_pct(band):>9}"
                f" {_mark(f.call_rate, band):>3} {f.called_rate:>4.0%} {f.most_callers:>5}"
                f"   {nash_call:>5.1%} / {nash_called:.0%}"
            )


if __name__ == "__main__":
    main()
