"""Facing an all-in before the flop: the equity a hand has, by depth, position and players in.

A player facing a pre-flop all-in reads the shover's range from the push-or-fold game's
equilibrium (Chen & Ankenman, *The Mathematics of Poker*, 2006, ch. 12; the game behind the
HoldemResources Calculator's Nash charts, holdemresources.net) at the stack really at stake,
the smaller of the shove and the caller's own stack, and from the shover's position (players
left to act behind the shove): `pitboss.play.pushfold`'s chart up to 25 big blinds; deeper, as
many of the strongest hands as the equilibrium pushes there (its deep push frequencies, 30 to
100 big blinds) widened as a live field is (`FIELD_LOOSENESS`: people shove deep with more
than the equilibrium's aces, kings, queens, jacks and ace-king). The bot then calls when this
equity beats the pot odds, as the game's callers do (`pitboss.play.bots`), so:

- **Depth.** Short, the range is wide and many hands call: heads-up at 10 big blinds the big
  blind calls 37 % (the Nash figure). At 100 big blinds under the gun nine-handed the
  equilibrium pushes under 3 % (aces to queens, ace-king suited, half the jacks and ace-king
  offsuit, a little more), read as the top 3 %, and only aces to jacks call, about 2 % of
  hands (the issue names queens or better and ace-king, 2.6 %); a short stack facing a deep
  shove risks only its own chips, and calls as wide as its depth says.
- **Players already in (an over-call).** The first caller holds the hands that call the shove
  heads-up, each further one the hands that over-call; the heads-up equities against the
  shover and against each caller are combined as Bradley-Terry strengths (R. A. Bradley and
  M. E. Terry, "Rank analysis of incomplete block designs: I. The method of paired
  comparisons", *Biometrika* 39, 1952: each
  heads-up equity ``e`` read as the ratio ``e / (1 - e)`` of two strengths), which is close to
  the exact three-way equity for the hand ahead and below it for the hands behind (aces
  against kings and queens: 0.69, exactly 0.67; ace-king against queens and jacks: 0.28,
  exactly 0.36; queens against aces and kings: 0.10, exactly 0.15; `pitboss.equity`), so only
  the strongest hands over-call.
- **Players still to act.** Each may wake up with a hand that over-calls (the over-calling
  range's share of hands); the equity is the mix of heads-up and three-way by that chance.

Everything a decision needs is a table per (shover's position, depth) computed once with
numpy (169 equities against the shover, the caller's and the over-caller's ranges) and kept.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np
import numpy.typing as npt

from pitboss.play.pushfold import CHART_MAX_BB, DEEP_GRID_BB, MAX_BEHIND, deep_push_range
from pitboss.play.pushfold import push_range as chart_push_range
from pitboss.play.ranges import HANDS, combos, equity_matrix, top_range
from pitboss.play.ranges import _weight_rows as weight_rows

Floats = npt.NDArray[np.float64]

_DEAD = 1.5
"""The chart's dead money in big blinds (the blinds): its stacks are counted against it."""
_LOW, _HIGH = 0.001, 0.999
FIELD_LOOSENESS = 1.25
"""How much wider than the equilibrium (or a regular) the field is read to shove and raise:
a range's share ``s`` is read as ``1 - (1 - s) ** 1.25`` (`pitboss.play.bots` reads a raise
so too)."""


def depth_key(stack_bb: float) -> int:
    """The depth in half big blinds of the chart's units, at the step the ranges exist at:
    each half big blind up to 25 big blinds, then the nearest point of `DEEP_GRID_BB`."""
    if stack_bb <= CHART_MAX_BB:
        return max(2, int(stack_bb * 2))
    return 2 * min(DEEP_GRID_BB, key=lambda grid: abs(grid - stack_bb))


@dataclass(frozen=True, slots=True)
class ShoveTable:
    """Every class's all-in equity against one shove: heads-up against the shover, against
    the first caller's range and against an over-caller's; ``over_share`` is the share of
    hands that over-call."""

    vs_shover: tuple[float, ...]
    vs_caller: tuple[float, ...]
    vs_over: tuple[float, ...]
    over_share: float


@cache
def _matrices() -> tuple[Floats, Floats]:
    weights = np.array(weight_rows(), dtype=np.float64)
    return weights * np.array(equity_matrix(), dtype=np.float64), weights


def _vs(weights: Floats) -> Floats:
    """Every class's equity against ``weights`` (card removal included; 0.5 if empty)."""
    weighted_equity, combos_left = _matrices()
    num = weighted_equity @ weights
    den = combos_left @ weights
    return np.where(den > 0, num / np.maximum(den, 1e-12), 0.5)


def _odds(equity: Floats) -> Floats:
    """``(1 - e) / e``: the opponent's strength over ours, in Bradley-Terry terms."""
    e = np.clip(equity, _LOW, _HIGH)
    return (1.0 - e) / e


_COMBOS = np.array([combos(i) for i in range(HANDS)], dtype=np.float64)


@cache
def shove_table(behind: int, key: int) -> ShoveTable:
    """The table for a shove made with ``behind`` players to act at depth ``key``
    (`depth_key`); the callers' ranges are the hands whose equity beats the price a first
    caller (``S / (2S + 1.5)``) and an over-caller (``S / (3S + 1.5)``) get."""
    behind = min(max(behind, 1), MAX_BEHIND)
    stack = key / 2
    if key <= 2 * CHART_MAX_BB:
        shove = chart_push_range(behind, key)
    else:
        share = float(np.array(deep_push_range(behind, stack)) @ _COMBOS) / 1326
        widened = 1.0 - (1.0 - share) ** FIELD_LOOSENESS
        shove = top_range(max(1, round(100 * widened)))
    vs_shover = _vs(np.array(shove, dtype=np.float64))
    calling = (vs_shover >= stack / (2 * stack + _DEAD)).astype(np.float64)
    vs_caller = _vs(calling)
    three_way = 1.0 / (1.0 + _odds(vs_shover) + _odds(vs_caller))
    over = (three_way >= stack / (3 * stack + _DEAD)).astype(np.float64)
    vs_over = _vs(over)
    return ShoveTable(
        vs_shover=tuple(float(v) for v in vs_shover),
        vs_caller=tuple(float(v) for v in vs_caller),
        vs_over=tuple(float(v) for v in vs_over),
        over_share=float(over @ _COMBOS) / 1326,
    )


def combined(*equities: float) -> float:
    """A multiway all-in equity from the heads-up equities against each opponent
    (Bradley-Terry, see the module)."""
    return 1.0 / (1.0 + sum(_one_odds(e) for e in equities))


def equity_facing_shove(
    index: int, *, behind: int, stack_bb: float, callers: int = 0, to_act: int = 0
) -> float:
    """Class ``index``'s equity facing a shove made with ``behind`` players to act, ``stack_bb``
    big blinds at stake (the chart's units), ``callers`` players in already and ``to_act``
    players still to act after it (see the module)."""
    table = shove_table(min(max(behind, 1), MAX_BEHIND), depth_key(stack_bb))
    odds = _one_odds(table.vs_shover[index])
    if callers:
        odds += _one_odds(table.vs_caller[index])
        odds += (callers - 1) * _one_odds(table.vs_over[index])
    now = 1.0 / (1.0 + odds)
    if not to_act or not table.over_share:
        return now
    woken = 1.0 - (1.0 - table.over_share) ** to_act
    after = 1.0 / (1.0 + odds + _one_odds(table.vs_over[index]))
    return now + woken * (after - now)


def _one_odds(equity: float) -> float:
    """``(1 - e) / e`` of one heads-up equity (kept off 0 and 1)."""
    e = min(max(equity, _LOW), _HIGH)
    return (1.0 - e) / e
