"""The Nash push-or-fold chart: which hands move all-in first in, by stack and position.

The chart is the equilibrium of the push-or-fold game (Chen & Ankenman, *The Mathematics of
Poker*, 2006, ch. 12; the same game as the HoldemResources Calculator's "Nash push/fold" charts,
holdemresources.net): the first player in may only fold or move all-in, each player behind
may only fold or call; blinds 0.5 and 1, every stack ``S`` big blinds. pitboss computes it
itself (`solve`), from its own all-in equities (`pitboss.play.ranges`), by fictitious play
(every player's best response to the others' average strategy, averaged again, 400 rounds).

Heads-up the game is exact (small blind against big blind). With ``k`` players behind the
pusher (3 to 9 players) it is the usual approximation: players behind act in turn, the first
caller ends the hand (no over-calls), each calls by its own equity and pot odds.

`push_upto` is the chart as players print it: the deepest stack (in big blinds, up to
`CHART_MAX_BB`) at which a hand is still a push with ``behind`` players left to act. At run
time `pitboss.play.bots` scales the stack by the dead money (blinds and antes in the pot,
against the 1.5 big blinds of the chart), so antes widen the ranges as they should.

Deeper than the chart, `deep_push_range` is the same game solved at `DEEP_GRID_BB` (30 to 100
big blinds): the equilibrium's push frequencies (fictitious play's average strategy, in whole
percent), what a player facing a deep all-in reads the shover's range from
(`pitboss.play.allin`). At 100 big blinds under the gun nine-handed it pushes under 3 % of
hands: aces to queens and ace-king suited always, jacks and ace-king offsuit about half the
time, a little of tens to sevens and ace-queen.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from pitboss.play.ranges import HANDS, Range, _data, equity_vs

CHART_MAX_BB = 25.0
"""The deepest stack the chart covers; a hand pushing at 25 big blinds pushes deeper too."""
CHART_STEP_BB = 0.5
MAX_BEHIND = 8
DEEP_GRID_BB: tuple[int, ...] = (30, 35, 40, 50, 60, 70, 80, 100)
"""The deep stacks (big blinds) the push frequencies are solved at."""
DEEP_ROUNDS = 1000

Floats = npt.NDArray[np.float64]


def solve(
    equity: Floats, weights: Floats, *, stack_bb: float, behind: int, rounds: int = 400
) -> tuple[Floats, list[Floats]]:
    """The push range and the callers' ranges (first behind the pusher first) at equilibrium.

    ``equity[a, b]`` is class ``a``'s all-in equity against ``b``; ``weights[a, b]`` the combos
    of ``b`` compatible with a combo of ``a``. Stacks are ``stack_bb`` big blinds for everyone,
    blinds 0.5 and 1: the last player behind is the big blind, the one before it the small
    blind; heads-up (``behind == 1``) the pusher is the small blind.
    """
    wq = weights * equity
    total = weights.sum(axis=1)
    posted = [0.0] * behind
    posted[-1] = 1.0
    if behind >= 2:
        posted[-2] = 0.5
    pusher_posted = 0.5 if behind == 1 else 0.0
    dead = 1.5
    s = stack_bb
    push = np.ones(HANDS)
    calls = [np.full(HANDS, 0.2) for _ in range(behind)]
    for round_no in range(1, rounds + 1):
        # the pusher's best response to the callers' average ranges
        alive = np.ones(HANDS)  # probability nobody before has called, by the pusher's hand
        ev_push = np.zeros(HANDS)
        for j, call in enumerate(calls):
            called = (weights @ call) / total
            eq = (wq @ call) / np.maximum(weights @ call, 1e-12)
            pot = 2 * s + dead - pusher_posted - posted[j]
            ev_push += alive * called * (eq * pot - s)
            alive = alive * (1 - called)
        ev_push += alive * (dead - pusher_posted)
        best_push = (ev_push > -pusher_posted).astype(np.float64)
        # each caller's best response to the pusher's average range
        eq_vs_push = (wq @ push) / np.maximum(weights @ push, 1e-12)
        step = 1.0 / (round_no + 1)
        for j in range(behind):
            pot = 2 * s + dead - pusher_posted - posted[j]
            best_call = (eq_vs_push * pot - s > -posted[j]).astype(np.float64)
            calls[j] = calls[j] + step * (best_call - calls[j])
        push = push + step * (best_push - push)
    return push, calls


def build_chart(equity: Floats, weights: Floats) -> dict[str, Any]:
    """``push_upto[behind - 1][class]`` and the heads-up big blind's ``call_upto[class]``."""
    grid = np.arange(1.0, CHART_MAX_BB + CHART_STEP_BB / 2, CHART_STEP_BB)
    push_upto = np.zeros((MAX_BEHIND, HANDS))
    call_upto = np.zeros(HANDS)
    for behind in range(1, MAX_BEHIND + 1):
        for s in grid:
            push, calls = solve(equity, weights, stack_bb=float(s), behind=behind)
            pushing = push >= 0.5
            push_upto[behind - 1][pushing] = s
            if behind == 1:
                call_upto[calls[0] >= 0.5] = s
    return {
        "push_upto": [[float(v) for v in row] for row in push_upto],
        "call_upto": [float(v) for v in call_upto],
    }


def build_deep_chart(equity: Floats, weights: Floats) -> dict[str, Any]:
    """``deep_push[behind - 1][grid][class]``: the push frequency (whole percent) at each of
    `DEEP_GRID_BB` with ``behind`` players to act."""
    deep = [
        [
            [
                round(float(v) * 100)
                for v in solve(
                    equity, weights, stack_bb=float(s), behind=behind, rounds=DEEP_ROUNDS
                )[0]
            ]
            for s in DEEP_GRID_BB
        ]
        for behind in range(1, MAX_BEHIND + 1)
    ]
    return {"deep_push": deep}


@cache
def _push_upto() -> tuple[tuple[float, ...], ...]:
    rows: list[list[float]] = _data()["push_upto"]
    return tuple(tuple(row) for row in rows)


def push_upto(index: int, *, behind: int) -> float:
    """The deepest stack (big blinds) at which class ``index`` moves in first with ``behind``
    players to act (0: never, even at one big blind)."""
    return _push_upto()[min(max(behind, 1), MAX_BEHIND) - 1][index]


def call_upto(index: int) -> float:
    """Heads-up: the deepest stack at which the big blind calls the small blind's push."""
    values: list[float] = _data()["call_upto"]
    return values[index]


def is_push(index: int, *, stack_bb: float, behind: int) -> bool:
    """Whether the chart moves class ``index`` all-in first in at ``stack_bb`` big blinds."""
    return stack_bb <= push_upto(index, behind=behind)


@cache
def push_range(behind: int, stack_half_bb: int) -> Range:
    """The chart's push range with ``behind`` players to act at ``stack_half_bb / 2`` big
    blinds (deeper than the chart: its 25-big-blind range)."""
    stack = min(stack_half_bb / 2, CHART_MAX_BB)
    rows = _push_upto()[min(max(behind, 1), MAX_BEHIND) - 1]
    return tuple(1.0 if stack <= upto else 0.0 for upto in rows)


@cache
def equity_vs_push(index: int, behind: int, stack_half_bb: int) -> float:
    """Class ``index``'s equity against the chart's push range (cached)."""
    return equity_vs(index, push_range(behind, stack_half_bb))


@cache
def _deep_push() -> tuple[tuple[Range, ...], ...]:
    rows: list[list[list[int]]] = _data()["deep_push"]
    return tuple(tuple(tuple(v / 100 for v in grid) for grid in by_depth) for by_depth in rows)


def deep_push_range(behind: int, stack_bb: float) -> Range:
    """The equilibrium's push frequencies with ``behind`` players to act at the point of
    `DEEP_GRID_BB` nearest ``stack_bb`` (30 big blinds or less: the 30's; deeper than 100:
    the 100's)."""
    grid = min(range(len(DEEP_GRID_BB)), key=lambda i: abs(DEEP_GRID_BB[i] - stack_bb))
    return _deep_push()[min(max(behind, 1), MAX_BEHIND) - 1][grid]
