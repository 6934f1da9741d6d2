"""Lookup tables of the Omaha evaluators (`pitboss.omaha`), built with NumPy on first use.

An Omaha hand is the best five of exactly two hole cards and exactly three board cards: six
pairs of hole cards times up to ten triples of board cards, sixty five-card hands on the river.
The tables fold the board triples in ahead of time, so a hand costs six lookups, not sixty:

* **Without a flush** the strength of five cards depends on their ranks only. `Tables.high`
  holds, for every multiset of board ranks (3, 4 or 5 ranks, at most four of a rank) and every
  ordered pair of hole ranks (13 x 13), the best strength of the pair with any three of the
  board's ranks. A board's row is read from the sum of its cards' rank keys (`RANK_KEYS`, whose
  sums name a multiset of 3, 4 or 5 ranks for a given count) in a dense table per board size
  (the deuce's key is 0, so sums of different counts collide): 361,000 entries for five cards,
  one read where a search or a dict reads several places.
* **A flush** needs both hole cards and three board cards of one suit, so a board with three or
  more cards of a suit (at most one suit, with five cards) is the only place to look. A card
  key carries a small suit key (`SUIT_KEYS`) under its rank key; the sum of a board's suit keys
  names the suit with three or more cards, if any (`flush_suits`, per board size). `Tables.flush`
  holds, for every 13-bit rank mask of 3 to 5 board cards of that suit and every pair of hole
  ranks, the best flush or straight flush of the pair with three of those ranks.
  The best hand is the better of the best flush and the best hand without one: five suited
  cards rank higher as a flush than as their ranks alone, so taking the rank-only strength of
  every pair and triple never overstates a hand.
* **The eight-or-better low** (Omaha high-low) uses the ranks ace (low) to eight only, five
  different ones, two from the hand and three from the board; straights and flushes do not
  count. A hand's low ranks and a board's are each an 8-bit mask (ace is bit 0, eight bit 7),
  and `Tables.low[hand_mask << 8 | board_mask]` is the best low, or 0 when none qualifies.
  Lows are numbered 1 (8-7-6-5-4) to 56 (5-4-3-2-A, the wheel), higher is better: read as an
  8-bit number, a five-card low's mask orders lows exactly as poker does (highest card first,
  then the next: Robert's Rules, "Low poker"), so the numbering is the masks' order reversed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final

import numpy as np
import numpy.typing as npt

from pitboss import _evaltables as _t

RANK_KEYS: Final = (0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415)
"""Deuce to ace: the sums of 3, 4 or 5 of them (at most four of a rank) are distinct for each
count (found by a greedy search; `_high_tables` checks it). Smaller than the Hold'em evaluator's
seven-card keys, so the tables indexed by their sums stay small."""
SUIT_KEYS: Final = (0, 1, 16, 22)
"""Clubs to spades: for 3, 4 or 5 cards, the sum of their suit keys (at most 110) names the suit
holding three or more, if any (found by a search; `flush_suits` checks it)."""
SUIT_BITS: Final = 7
"""The suit-key sum fills the low 7 bits of a board's key sum."""
PAIRS: Final = 169
"""Ordered pairs of hole ranks, ``13 * first + second``: the width of a table row."""
LOW_RANKS: Final = (12, 0, 1, 2, 3, 4, 5, 6)
"""The ranks of a low's bits: ace (playing low), deuce ... eight."""
PAIR_INDEX: Final = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
"""The six pairs of four hole cards, as positions."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tables:
    """Everything the scalar and batch Omaha evaluators read."""

    card_keys: tuple[int, ...]
    """The board key of each card code: ``rank_key << SUIT_BITS | suit_key``."""
    board_rows: dict[int, tuple[int, ...]]
    """Board size -> (rank-key sum -> offset of the board's row in `high`, a multiple of 169;
    -1 for a sum no board has)."""
    flush_suits: dict[int, tuple[int, ...]]
    """Board size -> (suit-key sum -> the suit with three or more cards, or -1)."""
    high: npt.NDArray[np.int16]
    """Row per board rank multiset, column per ordered pair of hole ranks: best non-flush."""
    flush_rows: tuple[int, ...]
    """13-bit rank mask of 3 to 5 board cards of one suit -> offset of its row in `flush`
    (-1 for a mask of fewer than 3 or more than 5 ranks)."""
    flush: npt.NDArray[np.int16]
    """Row per board suit mask, column per ordered pair of hole ranks: best flush (0: none)."""
    low_bits: tuple[int, ...]
    """Card code -> its bit among the low ranks (ace bit 0, eight bit 7), or 0 above eight."""
    low: tuple[int, ...]
    """``hand_mask << 8 | board_mask`` -> the best eight-or-better low (1..56) or 0."""
    low_masks: tuple[int, ...]
    """Low 1..56 -> its five ranks' mask (index 0 unused)."""


def flush_suits(size: int) -> tuple[int, ...]:
    """Sum of ``size`` suit keys -> the suit with three or more cards, or -1; checks the keys."""
    table = [-1] * (1 << SUIT_BITS)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), size):
        total = sum(SUIT_KEYS[s] for s in suits)
        suit = next((s for s in range(4) if suits.count(s) >= 3), -1)
        assert seen.setdefault(total, suit) == suit, "suit keys collide"
        table[total] = suit
    return tuple(table)


def _rank_multisets(size: int) -> npt.NDArray[np.intp]:
    """Every multiset of ``size`` (3 to 5) ranks with at most four of a rank, one ascending
    row each (of five ranks only five of a kind has more than four)."""
    rows = np.array(list(combinations_with_replacement(range(13), size)), dtype=np.intp)
    return rows[rows[:, 0] != rows[:, -1]] if size == 5 else rows


def _high_tables() -> tuple[dict[int, tuple[int, ...]], npt.NDArray[np.int16]]:
    """The non-flush table: one row per board rank multiset of 3, 4 and 5 ranks."""
    rank_keys = np.array(_t.RANK_KEYS, dtype=np.int64)  # the 7-card table's keys
    five_keys, five_strengths = _t.tables().nonflush_arrays[5]
    order = np.argsort(five_keys)
    five_keys, five_strengths = five_keys[order], five_strengths[order]
    triples = _rank_multisets(3)
    triple_id = np.zeros(13**3, dtype=np.intp)  # ascending ranks a <= b <= c -> row
    triple_id[triples @ np.array([169, 13, 1])] = np.arange(len(triples))
    pair_ranks = np.array([(a, b) for a in range(13) for b in range(13)], dtype=np.intp)
    # pair_triple[p, t]: the strength of hole ranks p with board ranks t (0: five of a rank).
    keys = rank_keys[pair_ranks].sum(axis=1)[:, None] + rank_keys[triples].sum(axis=1)
    at = np.minimum(np.searchsorted(five_keys, keys), len(five_keys) - 1)
    pair_triple = np.where(five_keys[at] == keys, five_strengths[at], 0).astype(np.int16)
    by_triple = np.ascontiguousarray(pair_triple.T)  # (triples, 169)
    rows: dict[int, tuple[int, ...]] = {}
    board_rank_keys = np.array(RANK_KEYS, dtype=np.int64)
    parts: list[npt.NDArray[np.int16]] = []
    offset = 0
    for size in (3, 4, 5):
        boards = _rank_multisets(size)
        ids = np.stack(  # the rows of every three of the board's ranks (still ascending)
            [triple_id[boards[:, list(pick)] @ np.array([169, 13, 1])]
             for pick in combinations(range(size), 3)],
            axis=1,
        )  # fmt: skip
        parts.append(by_triple[ids].max(axis=1))  # (boards, 169): whole rows gathered
        board_keys = board_rank_keys[boards].sum(axis=1)
        assert len(np.unique(board_keys)) == len(boards), "rank keys collide"
        dense = np.full(int(board_keys.max()) + 1, -1, dtype=np.int64)
        dense[board_keys] = offset + PAIRS * np.arange(len(boards), dtype=np.int64)
        rows[size] = tuple(dense.tolist())
        offset += PAIRS * len(boards)
    return rows, np.concatenate([p.ravel() for p in parts])


def _flush_tables() -> tuple[tuple[int, ...], npt.NDArray[np.int16]]:
    """The flush table: one row per rank mask of 3 to 5 board cards of the flush suit."""
    flush = np.array(_t.tables().flush, dtype=np.int16)
    masks = [m for m in range(8192) if 3 <= m.bit_count() <= 5]
    triples = np.array([_padded_triples(m) for m in masks], dtype=np.int32)  # (masks, 10)
    pair_bits = np.array(
        [(1 << a) | (1 << b) if a != b else 0 for a in range(13) for b in range(13)],
        dtype=np.int32,
    )
    hands = triples[:, :, None] | pair_bits[None, None, :]
    five = (triples[:, :, None] & pair_bits[None, None, :] == 0) & (pair_bits != 0)
    best = np.where(five, flush[hands], 0).max(axis=1).astype(np.int16)  # (masks, 169)
    rows = [-1] * 8192
    for i, m in enumerate(masks):
        rows[m] = PAIRS * i
    return tuple(rows), best.ravel()


def _ranks_of(mask: int) -> list[int]:
    return [r for r in range(13) if mask >> r & 1]


def _padded_triples(mask: int) -> list[int]:
    """The rank masks of every three of ``mask``'s ranks, padded to ten with the first."""
    found = [sum(1 << r for r in t) for t in combinations(_ranks_of(mask), 3)]
    return found + [found[0]] * (10 - len(found))


def _low_tables() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Card code -> low bit; ``hand << 8 | board`` masks -> best low; low -> its mask."""
    bit_of_rank = {rank: 1 << i for i, rank in enumerate(LOW_RANKS)}
    low_bits = tuple(bit_of_rank.get(code >> 2, 0) for code in range(52))
    fives = sorted(sum(1 << i for i in c) for c in combinations(range(8), 5))
    strength_of = {mask: len(fives) - k for k, mask in enumerate(fives)}  # lower mask: better
    masks = np.arange(256, dtype=np.int64)
    table = np.zeros((256, 256), dtype=np.int64)
    for pair in (sum(1 << i for i in p) for p in combinations(range(8), 2)):
        # For this pair from the hand: the best low each board mask completes it to.
        completes = np.zeros(256, dtype=np.int64)
        for triple in (sum(1 << i for i in t) for t in combinations(range(8), 3)):
            if not triple & pair:
                has = (masks & triple) == triple
                np.maximum(completes, np.where(has, strength_of[pair | triple], 0), out=completes)
        holds = (masks & pair) == pair
        np.maximum(table, np.where(holds[:, None], completes[None, :], 0), out=table)
    low_masks = (0, *sorted(fives, reverse=True))
    return low_bits, tuple(table.ravel().tolist()), low_masks


@cache
def tables() -> Tables:
    """The tables, built once per process when `pitboss.omaha` is first imported (0.1 to 0.2 s)."""
    rows, high = _high_tables()
    flush_rows, flush = _flush_tables()
    low_bits, low, low_masks = _low_tables()
    card_keys = tuple(RANK_KEYS[code >> 2] << SUIT_BITS | SUIT_KEYS[code & 3] for code in range(52))
    high.setflags(write=False)
    flush.setflags(write=False)
    return Tables(
        card_keys=card_keys,
        board_rows=rows,
        flush_suits={size: flush_suits(size) for size in (3, 4, 5)},
        high=high,
        flush_rows=flush_rows,
        flush=flush,
        low_bits=low_bits,
        low=low,
        low_masks=low_masks,
    )
