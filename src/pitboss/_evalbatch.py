"""NumPy kernels of the hand evaluator: many hands per call, same strengths as `evaluate`.

Per card a 32-bit key ``rank_key << 8 | suit_key`` (the scalar evaluator's keys without their
offset; see `pitboss._evaltables`). Per hand, the keys are summed column by column; the low
byte indexes a tiny table that names the flush suit (or -1), the high bits index
a dense ``int16`` table of non-flush strengths by rank-key sum (about 15 MB for seven cards,
built on first use). The few flush hands (3 % of random 7-card hands) are redone from the rank
mask of the flush suit. Work goes in chunks that stay in the CPU cache.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pitboss import _evaltables as _t
from pitboss.errors import CardError
from pitboss.evaluator import _TABLES

SUIT_BITS: Final = _t.SUIT_BITS
CHUNK: Final = 1 << 15
"""Hands per chunk: the chunk's keys and indices stay in the L2 cache."""

CARD_KEYS: Final = np.array(
    [(_t.RANK_KEYS[c >> 2] << SUIT_BITS) | _t.SUIT_KEYS[c & 3] for c in range(52)], dtype=np.uint32
)
"""Key of each card code, as the batch kernels sum them."""

FLUSH: Final = np.array(_TABLES.flush, dtype=np.int16)
"""13-bit rank mask of the flush suit -> strength."""


@cache
def flush_suits(size: int) -> npt.NDArray[np.int8]:
    """Sum of ``size`` suit keys -> the suit with five or more cards, or -1."""
    return np.array(_TABLES.flush_suits[size], dtype=np.int8) - 1


@cache
def nonflush_table(size: int) -> npt.NDArray[np.int16]:
    """Dense table: rank-key sum of ``size`` cards -> best strength without a flush."""
    keys, strengths = _TABLES.nonflush_arrays[size]
    table = np.zeros(int(keys.max()) + 1, dtype=np.int16)
    table[keys] = strengths
    return table


def key_sums(
    columns: npt.NDArray[np.uint8], keys: npt.NDArray[np.uint32] = CARD_KEYS
) -> npt.NDArray[np.uint32]:
    """Sum of ``keys[i]`` over the rows of a ``(cards, hands)`` array of indices ``i``."""
    total: npt.NDArray[np.uint32] = keys.take(columns[0])
    for row in columns[1:]:
        total += keys.take(row)
    return total


def strengths_from_keys(
    total: npt.NDArray[np.uint32],
    size: int,
    flush_masks: FlushMasks,
) -> npt.NDArray[np.int16]:
    """Strengths of hands whose key sums are ``total``; ``flush_masks`` redoes flush hands."""
    suit = flush_suits(size).take(total & ((1 << SUIT_BITS) - 1))
    out = nonflush_table(size).take(total >> SUIT_BITS)
    flushed = np.flatnonzero(suit >= 0)
    if len(flushed):
        out[flushed] = FLUSH.take(flush_masks(flushed, suit[flushed]))
    return out


FlushMasks = Callable[[npt.NDArray[np.intp], npt.NDArray[np.int8]], npt.NDArray[np.intp]]
"""(hands with a flush, their flush suits) -> rank mask of the flush suit in each."""


class _FlushMasks:
    """Rank mask of the flush suit for chosen hands of a ``(cards, hands)`` code array."""

    __slots__ = ("columns",)

    def __init__(self, columns: npt.NDArray[np.uint8]) -> None:
        self.columns = columns

    def __call__(
        self, rows: npt.NDArray[np.intp], suit: npt.NDArray[np.int8]
    ) -> npt.NDArray[np.intp]:
        cards = self.columns[:, rows].astype(np.intp)
        in_suit = (cards & 3) == suit
        masks: npt.NDArray[np.intp] = np.bitwise_or.reduce(
            np.where(in_suit, 1 << (cards >> 2), 0), axis=0
        )
        return masks


def evaluate_array(codes: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """`pitboss.evaluator.evaluate_batch`: validate, then evaluate chunk by chunk."""
    array = np.asarray(codes)
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise CardError(
            f"a batch of hands is an (N, 5), (N, 6) or (N, 7) array, not shape {array.shape}",
            code="bad_hand_batch",
            params={"shape": list(array.shape)},
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise CardError(
            f"card codes are integers 0 to 51, not {array.dtype}",
            code="bad_hand_batch",
            params={"dtype": str(array.dtype)},
        )
    if array.size and (array.min() < 0 or array.max() > 51):
        raise CardError(
            "card codes are integers 0 to 51",
            code="bad_hand_batch",
            params={"min": int(array.min()), "max": int(array.max())},
        )
    size = array.shape[1]
    if array.dtype != np.uint8:
        array = array.astype(np.uint8)
    out = np.empty(array.shape[0], dtype=np.int16)
    for start in range(0, array.shape[0], CHUNK):
        columns = np.ascontiguousarray(array[start : start + CHUNK].T)
        total = key_sums(columns)
        out[start : start + CHUNK] = strengths_from_keys(total, size, _FlushMasks(columns))
    return out
