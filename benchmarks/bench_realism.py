"""Calibration you can see: the default field's figures beside the ranges they target.

    .venv/bin/python benchmarks/bench_realism.py [--hands 3000] [--matches 200] [--seed 1]
        [--shoves 1000] [--game-hands 2000]

Plays ``--hands`` hands at each table size (2, 3, 6 and 9 players) with the default bot mix
(`pitboss.play.realism.table_figures`) and ``--matches`` heads-up matches at 10, 20 and 40 big
blinds, and prints VPIP, PFR, big-blind walks, showdowns, all-ins called by stack depth and
heads-up match length, each with its target range (sources: BENCHMARKS.md, "Realism").

Then bots facing a shove (issue 31): at 2, 6, 9 and 10 seats, every stack 100, 50, 20 or 10
big blinds, the first to act moves all-in ``--shoves`` times (`pitboss.play.realism.
shove_figures`); it prints the share of the players answering who call, how often the shove is
called and the most callers of one hand, beside the push-or-fold equilibrium's figures
(`equilibrium_shove`) and the target band for the share who call.

Then every game and betting structure the engine deals (issue 30): ``--game-hands`` hands of
Hold'em, Omaha and Omaha high-low at no-limit, pot-limit and fixed-limit, at 6 and 9 seats,
with VPIP, PFR, showdowns, the average pot in big blinds, the share of hands with a capped
round (fixed-limit) and the decisions the rules refused (faults: 0 expected). The bands the
tests hold them to are in tests/play/test_bots_structures.py. Not a timing: the CPU seconds
are printed only as a guide.
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
from pitboss.rules.games import BettingStructure, Game


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
    parser.add_argument("--game-hands", type=int, default=2000)
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
    _games(args.game_hands, args.seed)
    print(f"CPU {time.process_time() - started:.1f} s")


def _games(hands: int, seed: int) -> None:
    """Issue 30: the default field at every game and betting structure."""
    print(f"every game and structure, default field, {hands} hands each, seed {seed}:")
    print(
        f"{'game':<12} {'structure':<12} {'players':>7} {'VPIP':>6} {'PFR':>6} {'showdown':>8}"
        f" {'pot bb':>7} {'capped':>7} {'faults':>6}"
    )
    for game in Game:
        for structure in BettingStructure:
            for players in (6, 9):
                f = table_figures(players, hands=hands, seed=seed, game=game, structure=structure)
                print(
                    f"{game.value:<12} {structure.value:<12} {players:>7} {f.vpip_rate:>6.1%}"
                    f" {f.pfr_rate:>6.1%} {f.showdown_rate:>8.1%} {f.average_pot_bb:>7.1f}"
                    f" {f.cap_rate:>7.1%} {f.faults:>6}"
                )


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
