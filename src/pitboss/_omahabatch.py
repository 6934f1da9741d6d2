"""NumPy kernels of the Omaha evaluators: many hands per call, equal to `pitboss.omaha`'s.

The scalar evaluator's tables (`pitboss._omahatables`) as arrays. What depends on the board
alone (its row in the non-flush table, the suit holding three of its cards and that suit's rank
mask, its low ranks) is worked out once per board in `board_info`, so the equity counter, which
deals every board to several hands, pays for it once; `high` and `low` then cost six gathers and
one gather per hand and board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from pitboss import _omahatables as _ot
from pitboss._evalbatch import CHUNK, check_distinct_rows
from pitboss.errors import CardError

_TABLES: Final = _ot.tables()
CARD_KEYS: Final = np.array(_TABLES.card_keys, dtype=np.int64)
HIGH: Final = _TABLES.high
FLUSH: Final = _TABLES.flush
FLUSH_ROWS: Final = np.array(_TABLES.flush_rows, dtype=np.int64)
FLUSH_SUITS: Final = {n: np.array(s, dtype=np.int8) for n, s in _TABLES.flush_suits.items()}
BOARD_ROWS: Final = {n: np.array(r, dtype=np.int64) for n, r in _TABLES.board_rows.items()}
LOW_BITS: Final = np.array(_TABLES.low_bits, dtype=np.int64)
LOW: Final = np.array(_TABLES.low, dtype=np.int8)
RANK_BITS: Final = np.array([1 << (c >> 2) for c in range(52)], dtype=np.int64)


@dataclass(frozen=True, slots=True)
class BoardInfo:
    """What the evaluators need of each board, one entry per board."""

    rows: npt.NDArray[np.int64]
    """Offset of the board's row in the non-flush table."""
    suit: npt.NDArray[np.int8]
    """The suit holding three or more of its cards, or -1."""
    flush_rows: npt.NDArray[np.int64]
    """Offset of that suit's rank mask's row in the flush table (-1: no such suit)."""
    low: npt.NDArray[np.int64]
    """Mask of its low ranks (ace bit 0 ... eight bit 7)."""


def board_info(boards: npt.NDArray[np.uint8]) -> BoardInfo:
    """`BoardInfo` of a C-contiguous ``(N, 3..5)`` array of distinct card codes."""
    size = boards.shape[1]
    columns = [np.ascontiguousarray(boards[:, k]) for k in range(size)]  # gathers by column
    keys = CARD_KEYS.take(columns[0])
    low = LOW_BITS.take(columns[0])
    for column in columns[1:]:
        keys += CARD_KEYS.take(column)
        low |= LOW_BITS.take(column)
    rows = BOARD_ROWS[size].take(keys >> _ot.SUIT_BITS)
    suit = FLUSH_SUITS[size].take(keys & ((1 << _ot.SUIT_BITS) - 1))
    masks = np.zeros(len(boards), dtype=np.int64)
    flushed = np.flatnonzero(suit >= 0)
    if len(flushed):
        cards = boards[flushed]
        same = (cards & 3) == suit[flushed, None]
        masks[flushed] = np.where(same, RANK_BITS.take(cards), 0).sum(axis=1)
    flush_rows = np.where(suit >= 0, FLUSH_ROWS.take(masks), -1)
    return BoardInfo(rows, suit, flush_rows, low)


def high(holes: npt.NDArray[np.uint8], info: BoardInfo) -> npt.NDArray[np.int16]:
    """High strengths of hands ``holes`` (``(N, 4)``) on the boards of ``info``, row by row."""
    ranks = [(holes[:, k] >> 2).astype(np.int64) for k in range(4)]
    rows = [info.rows + 13 * ranks[k] for k in range(3)]
    best = HIGH.take(rows[0] + ranks[1])
    for i, j in _ot.PAIR_INDEX[1:]:
        np.maximum(best, HIGH.take(rows[i] + ranks[j]), out=best)
    # Flushes: boards with three cards of a suit, hands with two or more of it (about 9 %).
    flushed = np.flatnonzero(info.suit >= 0)
    suit = info.suit.take(flushed)
    suited = [(holes[:, k].take(flushed) & 3) == suit for k in range(4)]
    keep = (suited[0].view(np.int8) + suited[1] + suited[2] + suited[3]) >= 2
    flushed = flushed[keep]
    if len(flushed):
        suited = [s[keep] for s in suited]
        row = info.flush_rows.take(flushed)
        made = np.zeros(len(flushed), dtype=np.int16)
        for i, j in _ot.PAIR_INDEX:
            both = suited[i] & suited[j]
            at = np.where(both, row + 13 * ranks[i].take(flushed) + ranks[j].take(flushed), 0)
            np.maximum(made, np.where(both, FLUSH.take(at), 0), out=made)
        best[flushed] = np.maximum(best.take(flushed), made)
    return best


def hand_high(hole: tuple[int, int, int, int], info: BoardInfo) -> npt.NDArray[np.int16]:
    """High strengths of one hand on every board of ``info`` (the equity counter's case)."""
    ranks = [card >> 2 for card in hole]
    best = HIGH.take(info.rows + (13 * ranks[0] + ranks[1]))
    for i, j in _ot.PAIR_INDEX[1:]:
        np.maximum(best, HIGH.take(info.rows + (13 * ranks[i] + ranks[j])), out=best)
    for suit in range(4):
        mine = [card >> 2 for card in hole if card & 3 == suit]
        if len(mine) < 2:
            continue
        boards = np.flatnonzero(info.suit == suit)
        if not len(boards):
            continue
        row = info.flush_rows[boards]
        made = np.zeros(len(boards), dtype=np.int16)
        for a in range(len(mine)):
            for b in range(a + 1, len(mine)):
                np.maximum(made, FLUSH.take(row + (13 * mine[a] + mine[b])), out=made)
        best[boards] = np.maximum(best[boards], made)
    return best


def low(holes: npt.NDArray[np.uint8], info: BoardInfo) -> npt.NDArray[np.int8]:
    """Eight-or-better lows (1..56, 0: none) of hands ``holes`` on the boards of ``info``."""
    hand = LOW_BITS.take(holes[:, 0])
    for k in range(1, 4):
        hand |= LOW_BITS.take(holes[:, k])
    lows: npt.NDArray[np.int8] = LOW.take(hand << 8 | info.low)
    return lows


def hand_low(hole: tuple[int, int, int, int], info: BoardInfo) -> npt.NDArray[np.int8]:
    """Lows of one hand on every board of ``info`` (0: none)."""
    hand = 0
    for card in hole:
        hand |= int(LOW_BITS[card])
    return LOW.take(hand << 8 | info.low)


def checked(
    holes: npt.ArrayLike, boards: npt.ArrayLike
) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8]]:
    """``holes`` and ``boards`` as C-contiguous ``uint8`` arrays, after every check.

    Raises:
        CardError: not arrays (``bad_hand_batch``), not ``(N, 4)`` and ``(N, 3..5)`` of one
            N, not integers 0 to 51, or a row that repeats a card (``duplicate_card``).
    """
    arrays = []
    for what, given, columns in (("holes", holes, (4,)), ("boards", boards, (3, 4, 5))):
        try:
            array = np.asarray(given)
        except (TypeError, ValueError) as error:
            raise _bad(
                f"{what} must be an array of card codes: {error}", reason=str(error)
            ) from None
        if array.ndim != 2 or array.shape[1] not in columns:
            wanted = " or ".join(f"(N, {c})" for c in columns)
            raise _bad(
                f"{what} must be an array of shape {wanted}, not {array.shape}",
                shape=list(array.shape),
                columns=list(columns),
            )
        if not np.issubdtype(array.dtype, np.integer):
            raise _bad(
                f"card codes are integers 0 to 51, not {array.dtype}", dtype=str(array.dtype)
            )
        if array.size and (array.min() < 0 or array.max() > 51):
            row = int(np.flatnonzero(((array < 0) | (array > 51)).any(axis=1))[0])
            raise _bad(
                f"card codes are integers 0 to 51: row {row} of the {what} holds"
                f" {array[row].tolist()}",
                row=row,
                cards=array[row].tolist(),
            )
        arrays.append(np.ascontiguousarray(array, dtype=np.uint8))
    hole_rows, board_rows = arrays
    if len(hole_rows) != len(board_rows):
        raise _bad(
            f"one board per hand: {len(hole_rows)} hands, {len(board_rows)} boards",
            hands=len(hole_rows),
            boards=len(board_rows),
        )
    for start in range(0, len(hole_rows), CHUNK):
        both = np.concatenate(
            [hole_rows[start : start + CHUNK], board_rows[start : start + CHUNK]], axis=1
        )
        check_distinct_rows(both, start)
    return hole_rows, board_rows


def _bad(message: str, **params: object) -> CardError:
    return CardError(message, code="bad_hand_batch", params=params)
