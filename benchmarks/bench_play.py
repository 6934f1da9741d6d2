"""Hands per second at one 9-handed table with the default bot mix, and where the time goes.

Run: ``python benchmarks/bench_play.py [--hands 3000] [--seed 7]``. A player who busts is
replaced at once (same seat, starting stack), so the table stays 9-handed; the blinds rise
every 100 hands through a KY-like ladder so play covers deep and short stacks. The first run
is untimed inside; a second run times the bots' decisions and the player views they get (the
timing wrappers cost a little themselves, so that run is a bit slower).
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from pitboss.cards import Deck
from pitboss.engine import Action, AnteMode
from pitboss.play import PlayerView, Stakes, ViewBuilder, default_bot_mix, play_hand
from pitboss.play.agents import Agent
from pitboss.table import Table

LADDER = [(25, 50, 0), (50, 100, 0), (100, 200, 0), (200, 400, 0), (500, 1000, 50)]


class Timed:
    """Wraps an agent and adds the time it spends deciding to a shared counter."""

    __slots__ = ("agent", "kind", "totals")

    def __init__(self, agent: Agent, totals: Counter[str]) -> None:
        self.agent = agent
        self.kind = type(agent).__name__
        self.totals = totals

    def act(self, view: PlayerView, /) -> Action | None:
        start = time.perf_counter()
        try:
            return self.agent.act(view)
        finally:
            self.totals[self.kind] += time.perf_counter() - start
            self.totals[self.kind + ".n"] += 1


def run(hands: int, seed: int, *, timed: bool) -> tuple[float, Counter[str], int]:
    rng = random.Random(seed)
    make = default_bot_mix(random.Random(seed + 1))
    totals: Counter[str] = Counter()
    table = Table(seats=9)
    agents: dict[str, Agent] = {}
    for seat in range(1, 10):
        name = f"p{seat}"
        bot = make(name)
        agents[name] = Timed(bot, totals) if timed else bot
        table.seat_player(name, seat, 4000)
    table.place_initial_button(Deck(rng))
    fresh = 10
    decisions = 0
    view = ViewBuilder.view
    if timed:

        def timed_view(builder: ViewBuilder) -> PlayerView:
            start = time.perf_counter()
            try:
                return view(builder)
            finally:
                totals["views"] += time.perf_counter() - start

        ViewBuilder.view = timed_view  # type: ignore[method-assign]
    start = time.perf_counter()
    try:
        for i in range(hands):
            sb, bb, ante = LADDER[(i // 100) % len(LADDER)]
            stakes = Stakes(
                small_blind=sb,
                big_blind=bb,
                ante=ante,
                ante_mode=AnteMode.PER_PLAYER if ante else AnteMode.NONE,
            )
            played = play_hand(table, agents, stakes, rng)
            decisions += played.decisions
            for bust in played.busted:  # keep nine players: a new one takes the empty seat
                name = f"p{fresh}"
                fresh += 1
                bot = make(name)
                agents[name] = Timed(bot, totals) if timed else bot
                table.seat_player(name, bust.seat, 4000)
    finally:
        ViewBuilder.view = view  # type: ignore[method-assign]
    return time.perf_counter() - start, totals, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    elapsed, _, decisions = run(args.hands, args.seed, timed=False)
    print(
        f"{args.hands} hands, 9-handed, default bot mix: {args.hands / elapsed:,.0f} hands/s "
        f"({decisions / args.hands:.1f} decisions/hand, "
        f"{elapsed / args.hands * 1e3:.2f} ms/hand)"
    )
    elapsed_t, totals, _ = run(args.hands, args.seed, timed=True)
    kinds = sorted(k for k in totals if not k.endswith(".n") and k != "views")
    bots = sum(totals[k] for k in kinds)
    print(
        f"timed run {args.hands / elapsed_t:,.0f} hands/s: bots {bots / elapsed_t:.0%}, "
        f"player views {totals['views'] / elapsed_t:.0%}, "
        f"engine + table + runner {1 - (bots + totals['views']) / elapsed_t:.0%}"
    )
    for kind in kinds:
        n = totals[kind + ".n"]
        print(f"  {kind:16s} {n:7d} decisions  {totals[kind] / n * 1e6:6.1f} us/decision")


if __name__ == "__main__":
    main()
