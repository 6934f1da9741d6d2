"""Lookup tables of the hand evaluator, built in pure Python when `pitboss.evaluator` loads.

Every five-card poker hand falls in one of 7,462 equivalence classes. They are numbered 1 (seven
high: 7-5-4-3-2 off-suit) to 7,462 (a royal flush) in the order poker ranks them, so a higher
number is a better hand and equal numbers tie (RP-3, Robert's Rules "Ranking of hands").

How a 5, 6 or 7 card hand is looked up:

* Each rank has a *rank key* (`RANK_KEYS`); the sums of the keys of any multiset of up to seven
  ranks, with at most four of a rank, are all different (the key set of SKPokerEval by Kenneth
  Shackleton, checked again by `build_tables`). The sum therefore names the multiset of ranks,
  and `Tables.nonflush[n]` maps it to the best hand those n ranks make when there is no flush.
* Each suit has a *suit key* (`SUIT_KEYS`, 0, 1, 25, 32, found by a search): the sum of the suit
  keys of 5, 6 or 7 cards is below 256 and tells which suit, if any, holds five cards. With at
  most seven cards only one suit can, and a flush then beats anything the other cards could make
  (four of a kind or a full house would need cards of the other suits that are not there), so the
  hand is `Tables.flush[mask]`: the best flush or straight flush of that suit's 13-bit rank mask.
* A card's key packs both, ``rank_key << 8 | suit_key``, minus `KEY_OFFSET`. The offset (a
  multiple of 256, so it never touches the suit byte) keeps every partial sum of up to seven card
  keys strictly between -2**30 and 2**30: CPython adds such one-digit integers on a fast path,
  which makes the scalar evaluator about a third faster than with wider keys. Correctness does not
  depend on it (Python integers are unbounded), only speed.

The non-flush table is filled for five-card rank multisets from the class list, then extended to
six and seven ranks by "the best of n cards is the best of its (n-1)-card subsets", one card at a
time; it takes a few tens of milliseconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
"""Additive rank keys, deuce to ace: sums identify multisets of up to 7 ranks (<= 4 of each)."""

SUIT_KEYS: Final = (0, 1, 25, 32)
"""Clubs to spades: a sum of 5, 6 or 7 of them names the suit holding five or more, if any."""
SUIT_BITS: Final = 8
"""The suit-key sum (at most 7 * 32 = 224) fills the low byte of a key sum."""
KEY_OFFSET: Final = 546_875 << SUIT_BITS
"""Taken off every card key so sums of up to seven keys stay one CPython digit (|sum| < 2**30)."""

# Category numbers, weakest first (the values of `pitboss.evaluator.HandCategory`).
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT = 1, 2, 3, 4, 5
FLUSH_CATEGORY, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = 6, 7, 8, 9

WHEEL_TOP: Final = 3
"""The five is the top card of the wheel, A-2-3-4-5 (the ace plays low)."""
ACE: Final = 12


class HandClass(NamedTuple):
    """One of the 7,462 five-card hand classes: its category and ranks in display order.

    A named tuple, not a dataclass: 7,462 of them are built at import, and tuples build fastest.
    """

    category: int
    ranks: tuple[int, int, int, int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class Tables:
    """Everything the scalar evaluator and the describers need."""

    classes: tuple[HandClass, ...]
    """Index 0 is unused; ``classes[s]`` describes strength ``s`` (1..7462)."""
    category_starts: tuple[int, ...]
    """``category_starts[c]`` is the weakest strength of category ``c`` (index 0 unused)."""
    card_keys: tuple[int, ...]
    """The additive key of each card code 0..51: ``rank_key << 8 | suit_key``, minus the offset."""
    nonflush: dict[int, dict[int, int]]
    """Card count n -> (``key_sum >> 8`` -> strength) for n ranks with no flush."""
    flush_suits: dict[int, tuple[int, ...]]
    """Card count n -> (``key_sum & 255`` -> 1 + the suit holding five or more, else 0)."""
    nonflush_arrays: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]]
    """Card count -> (rank key sums, strengths), the same data as arrays for the batch tables."""
    flush: tuple[int, ...]
    """13-bit rank mask of the flush suit -> best flush or straight flush (0: fewer than 5)."""


def straight_top(mask: int) -> int:
    """The top rank of the best straight among the ranks of ``mask``, or -1 if there is none."""
    for top in range(ACE, WHEEL_TOP, -1):
        if mask >> (top - 4) & 0b11111 == 0b11111:
            return top
    wheel = (1 << ACE) | 0b1111
    return WHEEL_TOP if mask & wheel == wheel else -1


def straight_ranks(top: int) -> tuple[int, int, int, int, int]:
    """The five ranks of the straight with this top card, high to low (the wheel ends in A)."""
    if top == WHEEL_TOP:
        return (3, 2, 1, 0, ACE)
    return (top, top - 1, top - 2, top - 3, top - 4)


def _descending_sets(size: int, exclude: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """All sets of ``size`` distinct ranks not in ``exclude``, high to low, weakest first."""
    pool = [r for r in range(13) if r not in exclude]
    return sorted(tuple(sorted(c, reverse=True)) for c in combinations(pool, size))


def hand_classes() -> list[HandClass]:
    """The 7,462 hand classes, weakest first (7-5-4-3-2 off-suit up to the royal flush)."""
    no_straight = [
        ranks for ranks in _descending_sets(5) if straight_top(sum(1 << r for r in ranks)) < 0
    ]
    out: list[HandClass] = []

    def add(category: int, ranks: tuple[int, ...]) -> None:
        out.append(HandClass(category, ranks))  # type: ignore[arg-type]  # always five ranks

    for ranks in no_straight:
        add(HIGH_CARD, ranks)
    for pair in range(13):
        for kickers in _descending_sets(3, (pair,)):
            add(ONE_PAIR, (pair, pair, *kickers))
    for high, low in sorted((h, lo) for h in range(13) for lo in range(h)):
        for (kicker,) in _descending_sets(1, (high, low)):
            add(TWO_PAIR, (high, high, low, low, kicker))
    for trips in range(13):
        for kickers in _descending_sets(2, (trips,)):
            add(THREE_OF_A_KIND, (trips, trips, trips, *kickers))
    for top in range(WHEEL_TOP, ACE + 1):
        add(STRAIGHT, straight_ranks(top))
    for ranks in no_straight:
        add(FLUSH_CATEGORY, ranks)
    for trips in range(13):
        for pair in (r for r in range(13) if r != trips):
            add(FULL_HOUSE, (trips, trips, trips, pair, pair))
    for quads in range(13):
        for kicker in (r for r in range(13) if r != quads):
            add(FOUR_OF_A_KIND, (quads, quads, quads, quads, kicker))
    for top in range(WHEEL_TOP, ACE + 1):
        add(STRAIGHT_FLUSH, straight_ranks(top))
    return out


def card_key(code: int) -> int:
    """The additive key of one card: its rank key above its suit key, minus `KEY_OFFSET`."""
    return ((RANK_KEYS[code >> 2] << SUIT_BITS) | SUIT_KEYS[code & 3]) - KEY_OFFSET


def flush_suit_table(size: int) -> tuple[int, ...]:
    """Sum of ``size`` suit keys -> 1 + the suit with five or more cards, or 0; checks the keys."""
    table = [0] * (1 << SUIT_BITS)
    seen: dict[int, int] = {}
    for suits in combinations_with_replacement(range(4), size):
        total = sum(SUIT_KEYS[s] for s in suits)
        flush_suit = next((s + 1 for s in range(4) if suits.count(s) >= 5), 0)
        assert seen.setdefault(total, flush_suit) == flush_suit, "suit keys collide"
        table[total] = flush_suit
    return tuple(table)


_POWERS5: Final = tuple(5**r for r in range(13))


def _extend(
    keys: npt.NDArray[np.int64], strengths: npt.NDArray[np.int64], codes: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """From every n-rank multiset to every (n+1)-rank one, keeping the best hand inside it.

    ``codes`` holds each multiset's rank counts in base 5 (count of rank r is digit r).
    """
    parts_k, parts_s, parts_c = [], [], []
    for rank in range(13):
        ok = codes // _POWERS5[rank] % 5 < 4
        parts_k.append(keys[ok] + RANK_KEYS[rank])
        parts_s.append(strengths[ok])
        parts_c.append(codes[ok] + _POWERS5[rank])
    all_k = np.concatenate(parts_k)
    all_s = np.concatenate(parts_s)
    all_c = np.concatenate(parts_c)
    order = np.argsort(all_k * 8192 - all_s)  # by key, best hand first
    all_k, all_s, all_c = all_k[order], all_s[order], all_c[order]
    first = np.ones(len(all_k), dtype=bool)
    first[1:] = all_k[1:] != all_k[:-1]
    # A key must name one multiset: every row sharing a key has the same rank counts.
    group = np.cumsum(first) - 1
    assert (all_c == all_c[first][group]).all(), "rank keys collide"
    return all_k[first], all_s[first], all_c[first]


def build_tables() -> Tables:
    """Build every table from the class list; asserts the rank keys are collision-free."""
    classes = hand_classes()
    assert len(classes) == 7462

    # Five ranks -> best non-flush hand (each multiset of five ranks is exactly one class).
    nonflush5 = [
        (strength, cls.ranks)
        for strength, cls in enumerate(classes, start=1)
        if cls.category not in (FLUSH_CATEGORY, STRAIGHT_FLUSH)
    ]
    strengths = np.array([s for s, _ in nonflush5], dtype=np.int64)
    ranks = np.array([r for _, r in nonflush5], dtype=np.intp)
    keys = np.array(RANK_KEYS, dtype=np.int64)[ranks].sum(axis=1)
    counts = np.array(_POWERS5, dtype=np.int64)[ranks].sum(axis=1)
    assert len(np.unique(keys)) == len(keys) == 6175, "rank keys collide on five cards"

    arrays = {5: (keys, strengths)}
    for size in (6, 7):
        keys, strengths, counts = _extend(keys, strengths, counts)
        arrays[size] = (keys, strengths)
    assert len(arrays[7][0]) == 49205

    # A sum of n card keys, shifted right by 8, is the rank-key sum minus n times the offset.
    nonflush = {
        size: dict(zip((k - size * (KEY_OFFSET >> SUIT_BITS)).tolist(), s.tolist(), strict=True))
        for size, (k, s) in arrays.items()
    }

    return Tables(
        classes=(HandClass(category=0, ranks=(0, 0, 0, 0, 0)), *classes),
        category_starts=_category_starts(classes),
        card_keys=tuple(card_key(code) for code in range(52)),
        nonflush=nonflush,
        flush_suits={size: flush_suit_table(size) for size in (5, 6, 7)},
        nonflush_arrays=arrays,
        flush=tuple(_flush_table(classes).tolist()),  # a tuple indexes faster than an array
    )


def dense_nonflush(
    keys: npt.NDArray[np.int64], strengths: npt.NDArray[np.int64]
) -> npt.NDArray[np.int16]:
    """Dense table: rank-key sum -> best strength without a flush (0 where no hand has it).

    About 15 MB for seven cards, but a lookup reads one place in memory, where a dict of the
    49,205 sums reads three or four.
    """
    table = np.zeros(int(keys.max()) + 1, dtype=np.int16)
    table[keys] = strengths
    return table


@cache
def tables() -> Tables:
    """The tables, built on first use and shared by `pitboss.evaluator` and `pitboss._evalbatch`.

    Both evaluators import them from here (neither imports the other's module), so the tables
    are built once per process whichever interface loads first.
    """
    return build_tables()


@cache
def nonflush_dense(size: int) -> npt.NDArray[np.int16]:
    """`dense_nonflush` of ``size`` cards, built once and shared (15 MB for seven cards)."""
    return dense_nonflush(*tables().nonflush_arrays[size])


def _category_starts(classes: list[HandClass]) -> tuple[int, ...]:
    starts = [0] * 10
    for strength in range(len(classes), 0, -1):
        starts[classes[strength - 1].category] = strength
    return tuple(starts)


def _flush_table(classes: list[HandClass]) -> npt.NDArray[np.int16]:
    """13-bit rank mask of one suit -> its best flush or straight flush (0: under five cards)."""
    masks = np.arange(8192, dtype=np.int64)
    popcount = np.zeros(8192, dtype=np.int64)
    for r in range(13):
        popcount += masks >> r & 1
    best5 = np.zeros(8192, dtype=np.int16)
    for strength, cls in enumerate(classes, start=1):
        if cls.category == FLUSH_CATEGORY:
            best5[sum(1 << r for r in cls.ranks)] = strength
    # Keep the five highest ranks: drop the lowest set bit while more than five remain.
    top5 = masks.copy()
    for extra in (7, 6):
        top5 = np.where(popcount >= extra, top5 & (top5 - 1), top5)
    table = np.where(popcount >= 5, best5[top5], 0).astype(np.int16)
    sf_wheel = len(classes) - (ACE - WHEEL_TOP)  # the steel wheel, weakest straight flush
    for top in range(WHEEL_TOP, ACE + 1):  # ascending, so the best straight wins
        pattern = sum(1 << r for r in straight_ranks(top))
        table[(masks & pattern) == pattern] = sf_wheel + top - WHEEL_TOP
    return table
