"""NumPy kernels of the hand evaluator: many hands per call, same strengths as `evaluate`.

Per card a 32-bit key ``rank_key << 8 | suit_key`` (the scalar evaluator's keys without their
offset; see `pitboss._evaltables`). A hand's key sum is read two cards at a time: two adjacent
``uint8`` card codes, viewed as one little-endian ``uint16`` (``first + 256 * second``), index a
65,536-entry table of the sums of two card keys, so seven cards take four lookups, not seven.
The low byte of the sum indexes a tiny table naming the flush suit (or -1); the high bits index a
dense ``int16`` table of non-flush strengths by rank-key sum (about 15 MB for seven cards, built
on first use). The few flush hands (3 % of random 7-card hands) are redone from the rank mask of
the flush suit. Work goes in chunks that stay in the CPU cache.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from pitboss import _evaltables as _t
from pitboss.cards import Card, format_cards
from pitboss.errors import CardError

_TABLES: Final = _t.tables()
SUIT_BITS: Final = _t.SUIT_BITS
CHUNK: Final = 1 << 16
"""Hands per chunk: the chunk's keys and indices stay in the L2 cache."""

CARD_KEYS: Final = np.array(
    [(_t.RANK_KEYS[c >> 2] << SUIT_BITS) | _t.SUIT_KEYS[c & 3] for c in range(52)], dtype=np.uint32
)
"""Key of each card code, as the batch kernels sum them."""

FLUSH: Final = np.array(_TABLES.flush, dtype=np.int16)
"""13-bit rank mask of the flush suit -> strength."""

FlushMasks = Callable[[npt.NDArray[np.intp], npt.NDArray[np.int8]], npt.NDArray[np.intp]]
"""(hands with a flush, their flush suits) -> rank mask of the flush suit in each."""


def pair_table(keys: npt.NDArray[np.uint32]) -> npt.NDArray[np.uint32]:
    """``table[i + 256 * j] = keys[i] + keys[j]``: two keys per lookup (up to 256 keys)."""
    index = np.arange(len(keys))
    table = np.zeros(1 << 16, dtype=np.uint32)
    table[(index[:, None] + 256 * index[None, :]).ravel()] = (keys[:, None] + keys[None, :]).ravel()
    return table


CARD_PAIRS: Final = pair_table(CARD_KEYS)


@cache
def flush_suits(size: int) -> npt.NDArray[np.int8]:
    """Sum of ``size`` suit keys -> the suit with five or more cards, or -1."""
    return np.array(_TABLES.flush_suits[size], dtype=np.int8) - 1


def nonflush_table(size: int) -> npt.NDArray[np.int16]:
    """Dense table: rank-key sum of ``size`` cards -> best strength without a flush (for seven
    cards the scalar evaluator's own, `pitboss._evaltables.nonflush_dense`)."""
    return _t.nonflush_dense(size)


def key_sums(
    rows: npt.NDArray[np.uint8],
    keys: npt.NDArray[np.uint32] = CARD_KEYS,
    pairs: npt.NDArray[np.uint32] = CARD_PAIRS,
) -> npt.NDArray[np.uint32]:
    """Sum of ``keys[i]`` over each row of a C-contiguous ``(hands, cards)`` array of ``i``.

    ``pairs`` must be ``pair_table(keys)``.
    """
    count = rows.shape[1]
    if count % 2:
        total: npt.NDArray[np.uint32] = keys.take(rows[:, count - 1])
    else:
        total = np.zeros(rows.shape[0], dtype=np.uint32)
    if count >= 2:
        both = rows[:, : count - count % 2].view(np.uint16)  # little-endian: first + 256 * second
        for column in range(count // 2):
            total += pairs.take(both[:, column])
    return total


def nonflush_strengths(
    total: npt.NDArray[np.uint32],
    size: int,
    out: npt.NDArray[np.int16],
    suits: npt.NDArray[np.int8],
) -> None:
    """Write each hand's strength as if it had no flush to ``out``, its flush suit (or -1) to
    ``suits``; `fix_flushes` then corrects the hands with a flush."""
    low_byte = total.view(np.uint8)[:: total.itemsize]  # the suit-key sum (little-endian)
    np.take(flush_suits(size), low_byte, out=suits)
    np.take(nonflush_table(size), total >> SUIT_BITS, out=out)


def fix_flushes(
    out: npt.NDArray[np.int16], suits: npt.NDArray[np.int8], flush_masks: FlushMasks
) -> None:
    """Replace the strengths of the hands with a flush suit by their flush's strength."""
    flushed = np.flatnonzero(suits >= 0)
    if len(flushed):
        out[flushed] = FLUSH.take(flush_masks(flushed, suits[flushed]))


def strengths_from_keys(
    total: npt.NDArray[np.uint32], size: int, flush_masks: FlushMasks
) -> npt.NDArray[np.int16]:
    """Strengths of hands whose key sums are ``total``; ``flush_masks`` redoes flush hands."""
    out = np.empty(len(total), dtype=np.int16)
    suits = np.empty(len(total), dtype=np.int8)
    nonflush_strengths(total, size, out, suits)
    fix_flushes(out, suits, flush_masks)
    return out


SUIT_RANK_BITS: Final = np.array(
    [1 << (16 * (c & 3) + (c >> 2)) for c in range(52)], dtype=np.uint64
)
"""Each card as one bit: 16 bits per suit, the rank within them (sums never carry)."""


def bit_sums(rows: npt.NDArray[np.uint8], bits: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """Sum (here: the union) of ``bits[i]`` over each row of an array of indices ``i``."""
    total = np.zeros(rows.shape[0], dtype=np.uint64)
    for column in range(rows.shape[1]):
        total += bits.take(rows[:, column])
    return total


def suit_masks(bits: npt.NDArray[np.uint64], suit: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
    """The 13-bit rank mask of suit ``suit[i]`` in each union of card bits ``bits[i]``."""
    shift = suit.astype(np.uint64) * np.uint64(16)
    return ((bits >> shift) & np.uint64(0x1FFF)).astype(np.intp)


def evaluate_array(codes: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """`pitboss.evaluator.evaluate_batch`: validate, then evaluate chunk by chunk.

    Raises:
        CardError: not an array (``bad_hand_batch``), not 2-D with 5 to 7 columns, not of an
            integer dtype (a bool, float, text or object array), a code outside 0 to 51, or a
            row that repeats a card (``duplicate_card``, naming the first such row).
    """
    try:
        array = np.asarray(codes)
    except (TypeError, ValueError) as error:  # ragged rows, objects NumPy cannot convert
        raise CardError(
            f"a batch of hands is an (N, 5), (N, 6) or (N, 7) array of card codes: {error}",
            code="bad_hand_batch",
            params={"reason": str(error)},
        ) from None
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise CardError(
            f"a batch of hands is an (N, 5), (N, 6) or (N, 7) array, not shape {array.shape}",
            code="bad_hand_batch",
            params={"shape": list(array.shape), "columns": [5, 6, 7]},
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise CardError(
            f"card codes are integers 0 to 51, not {array.dtype}",
            code="bad_hand_batch",
            params={"dtype": str(array.dtype)},
        )
    if array.size and (array.min() < 0 or array.max() > 51):
        low, high = int(array.min()), int(array.max())
        row = int(np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))[0])
        raise CardError(
            f"card codes are integers 0 to 51: row {row} holds {array[row].tolist()}",
            code="bad_hand_batch",
            params={"min": low, "max": high, "row": row, "cards": array[row].tolist()},
        )
    size = array.shape[1]
    count = array.shape[0]
    out = np.empty(count, dtype=np.int16)
    suits = np.empty(count, dtype=np.int8)
    for start in range(0, count, CHUNK):
        chunk = np.ascontiguousarray(array[start : start + CHUNK], dtype=np.uint8)
        check_distinct_rows(chunk, start)
        stop = start + len(chunk)
        nonflush_strengths(key_sums(chunk), size, out[start:stop], suits[start:stop])

    def masks(rows: npt.NDArray[np.intp], suit: npt.NDArray[np.int8]) -> npt.NDArray[np.intp]:
        cards = np.ascontiguousarray(array[rows], dtype=np.uint8)
        return suit_masks(bit_sums(cards, SUIT_RANK_BITS), suit)

    fix_flushes(out, suits, masks)  # once for the whole batch: few hands, few NumPy calls
    return out


def check_distinct_rows(chunk: npt.NDArray[np.uint8], start: int = 0) -> None:
    """Raise unless every row of ``chunk`` holds distinct codes (row numbers from ``start``).

    Column against column, on the transposed chunk (contiguous columns): 21 comparisons for
    seven cards, each over the whole chunk at once.

    Raises:
        CardError: a row repeats a card (``duplicate_card``).
    """
    columns = np.ascontiguousarray(chunk.T)
    size = len(columns)
    repeated = np.zeros(chunk.shape[0], dtype=bool)
    same = np.empty(chunk.shape[0], dtype=bool)
    for i in range(size - 1):
        for j in range(i + 1, size):
            np.equal(columns[i], columns[j], out=same)
            repeated |= same
    if repeated.any():
        at = int(np.flatnonzero(repeated)[0])
        row = chunk[at].tolist()
        card = next(c for k, c in enumerate(row) if c in row[k + 1 :])
        raise CardError(
            f"row {start + at} of the batch, {format_cards(row, sep=' ')}, is not a hand:"
            f" {Card(card)} is given twice; each card exists once in the deck",
            code="duplicate_card",
            params={"row": start + at, "card": str(Card(card)), "cards": row},
        )
