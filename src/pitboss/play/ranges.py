"""Starting-hand classes, ranges and preflop equity, from a table pitboss computed itself.

The 169 starting hands ("AKs", "AKo", "77") are numbered on the 13 x 13 grid: a pair of rank
``r`` is ``r * 13 + r``, a suited hand ``high * 13 + low``, an offsuit one ``low * 13 + high``
(ranks 0 = deuce .. 12 = ace, as in `pitboss.cards`).

``pitboss/data/preflop.json`` (written by ``python -m pitboss.play.build_tables``, which uses
pitboss's own batch evaluator, see `pitboss.equity`) holds, for every pair of classes, the
all-in equity of one against the other over 40,000 random boards (every compatible pair of
combos, card removal included) and how many combos of the second are left given the first;
and the Nash push-or-fold chart of `pitboss.play.pushfold`.

A range is a tuple of 169 weights in 0..1 (the share of each class's combos played). Equity
against a range weighs each class by its combos left after card removal. Everything at run
time is a table lookup or a cached sum over 169 entries, so a bot decides in microseconds.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Final

HANDS: Final = 169
RANKS: Final = "23456789TJQKA"

Range = tuple[float, ...]
"""169 weights in 0..1, indexed by hand class."""


def hand_class(first: int, second: int) -> int:
    """The class (0..168) of two hole cards given as card codes."""
    r1 = first >> 2
    r2 = second >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    if r1 == r2:
        return r1 * 14
    if (first & 3) == (second & 3):
        return r1 * 13 + r2
    return r2 * 13 + r1


def class_name(index: int) -> str:
    """``"AKs"``, ``"AKo"`` or ``"77"`` for a class index."""
    row, col = divmod(index, 13)
    if row == col:
        return RANKS[row] * 2
    if row > col:
        return f"{RANKS[row]}{RANKS[col]}s"
    return f"{RANKS[col]}{RANKS[row]}o"


def parse_class(name: str) -> int:
    """The class index of ``"AKs"``, ``"AKo"`` or ``"77"`` (inverse of `class_name`)."""
    high, low = RANKS.index(name[0]), RANKS.index(name[1])
    if high == low:
        return high * 14
    if high < low:
        high, low = low, high
    return high * 13 + low if name[2:] == "s" else low * 13 + high


def combos(index: int) -> int:
    """Combos of a class: 6 for a pair, 4 suited, 12 offsuit."""
    row, col = divmod(index, 13)
    return 6 if row == col else 4 if row > col else 12


@cache
def _data() -> dict[str, Any]:
    text = resources.files("pitboss").joinpath("data/preflop.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def _equity_rows() -> tuple[tuple[float, ...], ...]:
    scale = _data()["equity_scale"]
    return tuple(tuple(v / scale for v in row) for row in _data()["equity"])


@cache
def _weight_rows() -> tuple[tuple[float, ...], ...]:
    """Combos of each class left given one combo of the row's class (card removal)."""
    scale = _data()["weights_scale"]
    return tuple(tuple(v / scale for v in row) for row in _data()["weights"])


def equity_matrix() -> tuple[tuple[float, ...], ...]:
    """All-in equity of class ``a`` against class ``b`` as ``matrix[a][b]`` (0..1)."""
    return _equity_rows()


@cache
def ranking() -> tuple[int, ...]:
    """The 169 classes strongest first, by all-in equity against a random hand."""
    order: list[int] = _data()["ranking"]
    return tuple(order)


@cache
def _cumulative_share() -> tuple[float, ...]:
    """Share of all 1,326 combos in the classes ranked at or above each class."""
    share = [0.0] * HANDS
    total = 0
    for index in ranking():
        total += combos(index)
        share[index] = total / 1326
    return tuple(share)


def top_share(index: int) -> float:
    """The share of all hands at least as strong as class ``index`` (AA 0.5 %, 72o 100 %)."""
    return _cumulative_share()[index]


@cache
def top_range(percent: int) -> Range:
    """The strongest ``percent`` % of hands (by `ranking`), the boundary class partly."""
    want = 1326 * max(0, min(percent, 100)) / 100
    weights = [0.0] * HANDS
    taken = 0.0
    for index in ranking():
        if taken >= want:
            break
        n = combos(index)
        part = min(1.0, (want - taken) / n)
        weights[index] = part
        taken += n * part
    return tuple(weights)


def equity_vs(index: int, weights: Range) -> float:
    """All-in equity of class ``index`` against ``weights`` (card removal included); 0.5
    against an empty range."""
    eq_row = _equity_rows()[index]
    w_row = _weight_rows()[index]
    num = 0.0
    den = 0.0
    for b in range(HANDS):
        w = weights[b]
        if w:
            ww = w * w_row[b]
            num += ww * eq_row[b]
            den += ww
    return num / den if den else 0.5


@cache
def equity_vs_top(index: int, percent: int) -> float:
    """`equity_vs` the top ``percent`` % of hands (cached: 169 x 101 values at most)."""
    return equity_vs(index, top_range(percent))
