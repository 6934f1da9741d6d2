"""Omaha hand strength: exactly two of four hole cards with exactly three board cards.

Omaha deals every player four hole cards; a hand is the best five cards made of exactly two of
them and exactly three of the board (Robert's Rules of Poker, Omaha). So two hearts in the hand
and three on the board is a flush, but four hearts in the hand with two on the board is not, nor
one heart in the hand with four on the board; a straight or a full house the board makes with
four or five of its own cards does not play.

* `evaluate(hole, board)`: the **high** strength, on the Hold'em evaluator's scale (1..7462,
  higher is better, equal ties: `pitboss.evaluator`), so `pitboss.evaluator.describe` names it
  and showdowns compare integers as in Hold'em; `best_five` shows the five cards that play.
* `evaluate_low(hole, board)`: the **eight-or-better low** of Omaha high-low: five cards of
  different ranks eight or lower, aces low, two from the hand and three from the board;
  straights and flushes do not count against it (Robert's Rules, "Omaha high-low"). A low is an
  ``int`` 1 (8-7-6-5-4) to 56 (5-4-3-2-A, the wheel), higher is better, or ``None`` when no
  low qualifies; `describe_low` and `best_low_five` show it.
* `evaluate_batch` / `evaluate_low_batch`: NumPy over many hands at once (for equity).

What a person or a file gives is checked (four hole cards, a board of 3 to 5 cards, card codes 0
to 51, no card twice) and refused with a `CardError`. `_evaluate_unchecked` and
`_evaluate_low_unchecked` are internal: the engine's showdown passes them the cards it dealt.
How the tables fold the board's triples in ahead of time: `pitboss._omahatables`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from pitboss import _omahatables as _ot
from pitboss.cards import Card, Rank, format_cards
from pitboss.errors import CardError
from pitboss.evaluator import MAX_STRENGTH
from pitboss.evaluator import best_five as _best_five_of
from pitboss.evaluator import evaluate as _evaluate5

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

HOLE_CARDS = 4
MIN_LOW = 1
"""8-7-6-5-4, the worst qualifying low."""
MAX_LOW = 56
"""5-4-3-2-A, the wheel."""

Hole = Sequence[int]
Board = Sequence[int]


def _make() -> tuple[
    Callable[[Hole, Board], int],
    Callable[[Hole, Board], int | None],
    Callable[[Hole, Board], int],
    Callable[[Hole, Board], int],
    Callable[[Hole, Board], None],
]:
    """Build the unchecked high and low evaluators and the check, as closures over the tables.

    The high strength of a river hand: the board's key sum (five additions) names its row of
    the non-flush table and, in its low bits, any suit holding three board cards; six lookups
    (one per pair of hole cards) give the best hand without a flush. Only when the board has
    three cards of a suit and the hand two of it is the flush table read.
    """
    tables = _ot.tables()
    keys = tables.card_keys
    rows3, rows4, rows5 = (tables.board_rows[n] for n in (3, 4, 5))
    suits3, suits4, suits5 = (tables.flush_suits[n] for n in (3, 4, 5))
    high = tables.high.data  # memoryview of int16
    flush = tables.flush.data
    flush_rows = tables.flush_rows
    low_bits = tables.low_bits
    low = tables.low
    rank = tuple(code >> 2 for code in range(52))
    rank13 = tuple(13 * (code >> 2) for code in range(52))
    strengths = tuple(range(MAX_STRENGTH + 1))  # shared ints (see `pitboss.evaluator`)
    shift = _ot.SUIT_BITS
    suit_mask = (1 << shift) - 1
    bits = (*(1 << code for code in range(52)), *(0,) * 52)  # as `pitboss.evaluator`

    suit_counts = tuple(1 << 3 * (code & 3) for code in range(52))  # three bits a suit
    pair_keys = tuple(tuple(keys[x] + keys[y] for y in range(52)) for x in range(52))

    suit_of = tuple(code & 3 for code in range(52))
    rank_bit = tuple(1 << (code >> 2) for code in range(52))

    def best_flush(hole: Hole, board: Board, suit: int) -> int:
        """The best flush of two of ``hole``'s cards of ``suit`` and three of the board's.

        Card arithmetic goes through tables: a NumPy ``uint8`` card shifted in place would
        overflow its type."""
        ranks = [rank[card] for card in hole if suit_of[card] == suit]
        mask = 0
        for card in board:
            if suit_of[card] == suit:
                mask |= rank_bit[card]
        row = flush_rows[mask]
        return max([flush[row + 13 * x + y] for x, y in combinations(ranks, 2)])

    def evaluate_unchecked(hole: Hole, board: Board) -> int:
        a, b, c, d = hole
        n = len(board)
        if n == 5:
            e, f, g, h, i = board
            key = pair_keys[e][f] + pair_keys[g][h] + keys[i]
            base = rows5[key >> shift]
            suit = suits5[key & suit_mask]
        elif n == 4:
            e, f, g, h = board
            key = pair_keys[e][f] + pair_keys[g][h]
            base = rows4[key >> shift]
            suit = suits4[key & suit_mask]
        else:
            e, f, g = board
            key = pair_keys[e][f] + keys[g]
            base = rows3[key >> shift]
            suit = suits3[key & suit_mask]
        rb, rc, rd = rank[b], rank[c], rank[d]
        x = base + rank13[a]
        y = base + rank13[b]
        best = high[x + rb]  # the six pairs of hole cards; compares are cheaper than max()
        v = high[x + rc]
        if v > best:
            best = v
        v = high[x + rd]
        if v > best:
            best = v
        v = high[y + rc]
        if v > best:
            best = v
        v = high[y + rd]
        if v > best:
            best = v
        v = high[base + rank13[c] + rd]
        if v > best:
            best = v
        if (
            suit >= 0
            and (suit_counts[a] + suit_counts[b] + suit_counts[c] + suit_counts[d]) >> 3 * suit & 7
            >= 2
        ):  # three board cards of a suit, two hole cards of it
            v = best_flush(hole, board, suit)
            if v > best:
                best = v
        return strengths[best]

    def evaluate_low_unchecked(hole: Hole, board: Board) -> int:
        a, b, c, d = hole
        hand = low_bits[a] | low_bits[b] | low_bits[c] | low_bits[d]
        if not hand & (hand - 1):  # fewer than two low ranks in the hand: no low
            return 0
        mask = 0
        for card in board:
            mask |= low_bits[card]
        return low[hand << 8 | mask]

    no_bits = (0,) * 104
    pair_bits = (
        *(tuple(bits[x] + bits[y] for y in range(104)) for x in range(52)),
        *(no_bits,) * 52,
    )

    def check(hole: Hole, board: Board) -> None:
        """Raise unless ``hole`` is four and ``board`` three to five distinct card codes.

        As `pitboss.evaluator.evaluate` checks: one bit per card code, summed two cards a
        lookup; a repeated code, or one outside 0 to 51, sets fewer bits than there are cards
        (or raises IndexError), and only a hand holding code 0 or 1 is tested for bools.
        """
        try:
            a, b, c, d = hole
            n = len(board)
            if n == 5:
                e, f, g, h, i = board
                mask = pair_bits[a][b] + pair_bits[c][d] + pair_bits[e][f] + pair_bits[g][h]
                mask += bits[i]
            elif n == 4:
                e, f, g, h = board
                mask = pair_bits[a][b] + pair_bits[c][d] + pair_bits[e][f] + pair_bits[g][h]
            elif n == 3:
                e, f, g = board
                mask = pair_bits[a][b] + pair_bits[c][d] + pair_bits[e][f] + bits[g]
            else:
                raise _hand_error(hole, board)
        except (ValueError, TypeError, IndexError):
            raise _hand_error(hole, board) from None
        if mask.bit_count() != 4 + n or (mask & 3 and _has_bool(hole, board)):
            raise _hand_error(hole, board)

    def evaluate(hole: Hole, board: Board) -> int:
        """The Omaha high strength (1..7462, higher is better, equal ties) of four hole
        cards with a board of three to five cards: the best five of exactly two hole cards and
        three board cards. On the scale of `pitboss.evaluator.evaluate`, whose ``describe``
        names it.

        Raises:
            CardError: not four hole cards (``bad_hole_cards``), not three to five board
                cards (``bad_board``), an item that is not a card code 0 to 51
                (``bad_card_code``), or a card given twice (``duplicate_card``).
        """
        check(hole, board)
        return evaluate_unchecked(hole, board)

    def evaluate_low(hole: Hole, board: Board) -> int | None:
        """The eight-or-better low (1..56, higher is better; 56 is the wheel 5-4-3-2-A) of
        four hole cards with a board of three to five cards, or ``None`` when no low qualifies.

        A low is five cards of different ranks, eight or lower, aces low, exactly two from the
        hand and three from the board; straights and flushes do not count (Robert's Rules,
        "Omaha high-low").

        Raises:
            CardError: as `evaluate`.
        """
        check(hole, board)
        return evaluate_low_unchecked(hole, board) or None

    evaluate_unchecked.__qualname__ = "_evaluate_unchecked"
    evaluate_low_unchecked.__qualname__ = "_evaluate_low_unchecked"
    evaluate.__qualname__ = "evaluate"
    evaluate_low.__qualname__ = "evaluate_low"
    return evaluate, evaluate_low, evaluate_unchecked, evaluate_low_unchecked, check


evaluate, evaluate_low, _evaluate_unchecked, _evaluate_low_unchecked, _check = _make()


def best_five(hole: Sequence[int], board: Sequence[int]) -> tuple[Card, ...]:
    """The five cards that make the high hand (two hole cards, three board cards), in the
    display order of `pitboss.evaluator.best_five` (the made part first, then kickers).

    Raises:
        CardError: as `evaluate`.
    """
    hand, cards = _cards(hole, board)
    target = _evaluate_unchecked(hand, cards)
    for pair in combinations(hand, 2):
        for triple in combinations(cards, 3):
            if _evaluate5((*pair, *triple)) == target:
                return _best_five_of((*pair, *triple))
    raise AssertionError("the best hand is one of the sixty")  # pragma: no cover


def best_low_five(hole: Sequence[int], board: Sequence[int]) -> tuple[Card, ...] | None:
    """The five cards of the best eight-or-better low, highest first and the ace last
    (8-6-4-2-A), or ``None`` when no low qualifies. Where two cards of a rank could play, the
    higher suit is shown (spades first), as `pitboss.evaluator.best_five` does.

    Raises:
        CardError: as `evaluate`.
    """
    hand, cards = _cards(hole, board)
    low = _evaluate_low_unchecked(hand, cards)
    if not low:
        return None
    wanted = _TABLES.low_masks[low]
    bits = _TABLES.low_bits
    by_suit = sorted(hand, key=int, reverse=True), sorted(cards, key=int, reverse=True)
    for pair in combinations(by_suit[0], 2):
        pair_mask = bits[pair[0]] | bits[pair[1]]
        if pair_mask & (pair_mask - 1) == 0 or pair_mask & ~wanted:
            continue
        rest = wanted & ~pair_mask
        triple: list[Card] = []
        for card in by_suit[1]:
            bit = bits[card]
            if bit & rest:
                triple.append(card)
                rest &= ~bit
        if not rest:
            picked = [*pair, *triple]
            return tuple(sorted(picked, key=lambda c: _LOW_ORDER[bits[c]], reverse=True))
    raise AssertionError("the best low is made of a pair and a triple")  # pragma: no cover


def low_ranks(low: int) -> tuple[Rank, Rank, Rank, Rank, Rank]:
    """The five ranks of a low, highest first and the ace last: 8-6-4-2-A.

    Raises:
        CardError: not a low 1 to 56 (``bad_low``).
    """
    mask = _TABLES.low_masks[_check_low(low)]
    ranks = [Rank(_ot.LOW_RANKS[i]) for i in range(7, -1, -1) if mask >> i & 1]
    return (ranks[0], ranks[1], ranks[2], ranks[3], ranks[4])


def describe_low(low: int) -> str:
    """A player's name for a low: ``"Eight-six low: 8-6-4-2-A"``, ``"Wheel: 5-4-3-2-A"``.

    Raises:
        CardError: not a low 1 to 56 (``bad_low``).
    """
    ranks = low_ranks(low)
    shown = "-".join(r.char for r in ranks)
    if low == MAX_LOW:
        return f"Wheel: {shown}"
    return f"{ranks[0].singular.capitalize()}-{ranks[1].singular} low: {shown}"


def evaluate_batch(holes: npt.ArrayLike, boards: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Omaha high strengths of many hands: ``holes`` ``(N, 4)`` and ``boards`` ``(N, 3..5)``
    card codes; equal to `evaluate` row by row.

    Raises:
        CardError: not such arrays of card codes 0 to 51, or a row repeats a card.
    """
    from pitboss import _omahabatch

    hole_rows, board_rows = _omahabatch.checked(holes, boards)
    return _omahabatch.high(hole_rows, _omahabatch.board_info(board_rows))


def evaluate_low_batch(holes: npt.ArrayLike, boards: npt.ArrayLike) -> npt.NDArray[np.int8]:
    """Eight-or-better lows of many hands (as `evaluate_batch`): 1..56, and 0 where no low
    qualifies (`evaluate_low` says ``None``).

    Raises:
        CardError: as `evaluate_batch`.
    """
    from pitboss import _omahabatch

    hole_rows, board_rows = _omahabatch.checked(holes, boards)
    return _omahabatch.low(hole_rows, _omahabatch.board_info(board_rows))


_TABLES = _ot.tables()
_LOW_ORDER = {1 << i: i for i in range(8)}
"""A card's low bit -> its place in a low, ace lowest (the ace is shown last)."""


def _cards(hole: Sequence[int], board: Sequence[int]) -> tuple[list[Card], list[Card]]:
    """``hole`` and ``board`` checked, as `Card` lists (an iterator is read once)."""
    if isinstance(hole, str | bytes) or isinstance(board, str | bytes):
        raise _hand_error(hole, board)
    try:
        hand, cards = list(hole), list(board)
    except TypeError:
        raise _hand_error(hole, board) from None
    _check(hand, cards)
    return [Card(c) for c in hand], [Card(c) for c in cards]


def _has_bool(hole: Sequence[int], board: Sequence[int]) -> bool:
    return any(c.__class__ is bool for c in (*hole, *board))


def _hand_error(hole: object, board: object) -> CardError:
    """The first reason ``hole`` and ``board`` are not an Omaha hand, in the order a person
    would fix them: the containers, the counts, each card, then repeats."""
    items: list[list[object]] = []
    for what, given, allowed in (("hand", hole, "4 hole cards"), ("board", board, "3 to 5")):
        if isinstance(given, str | bytes):
            return CardError(
                f"{given!r} is text, not an Omaha {what}: give card codes or Card objects; read"
                " text with parse_cards",
                code="bad_hole_cards" if what == "hand" else "bad_board",
                params={"type": type(given).__name__},
            )
        try:
            items.append(list(given))  # type: ignore[call-overload]  # anything from outside
        except TypeError:
            return CardError(
                f"an Omaha {what} is a sequence of card codes ({allowed}), not"
                f" {type(given).__name__}",
                code="bad_hole_cards" if what == "hand" else "bad_board",
                params={"type": type(given).__name__},
            )
    hand, cards = items
    if len(hand) != HOLE_CARDS:
        return CardError(
            f"an Omaha hand is 4 hole cards, not {len(hand)}",
            code="bad_hole_cards",
            params={"count": len(hand), "allowed": [HOLE_CARDS]},
        )
    if not 3 <= len(cards) <= 5:
        return CardError(
            f"an Omaha board is 3 to 5 cards (the flop, the turn, the river), not {len(cards)}",
            code="bad_board",
            params={"count": len(cards), "allowed": [3, 4, 5]},
        )
    codes: list[Card] = []
    for index, item in enumerate([*hand, *cards]):
        try:
            codes.append(Card(item))  # type: ignore[arg-type]  # checked by Card
        except CardError as error:
            where = f"hole card {index + 1}" if index < 4 else f"board card {index - 3}"
            return CardError(
                f"{where}: {error.message}",
                code=error.code,
                params={**error.params, "index": index},
            )
    seen: set[Card] = set()
    for card in codes:
        if card in seen:
            return CardError(
                f"{format_cards(codes[:4], sep=' ')} on {format_cards(codes[4:], sep=' ')} is"
                f" not a hand: {card} is given twice; each card exists once in the deck",
                code="duplicate_card",
                params={"card": str(card), "cards": [str(c) for c in codes]},
            )
        seen.add(card)
    return CardError(  # not reached: the check refuses only hands with one of the above
        f"{hand!r} on {cards!r} is not an Omaha hand",
        code="bad_hole_cards",
        params={"hole": repr(hand), "board": repr(cards)},
    )


def _check_low(low: object) -> int:
    """``low`` as an ``int`` 1 to 56 (a NumPy integer too).

    Raises:
        CardError: anything else (``bad_low``).
    """
    if not isinstance(low, bool):
        try:
            value = int(low.__index__())  # type: ignore[attr-defined]
        except (AttributeError, TypeError):
            pass
        else:
            if MIN_LOW <= value <= MAX_LOW:
                return value
    raise CardError(
        f"{low!r} is not a low: lows are whole numbers {MIN_LOW} (8-7-6-5-4) to {MAX_LOW}"
        " (5-4-3-2-A)",
        code="bad_low",
        params={"low": repr(low), "min": MIN_LOW, "max": MAX_LOW},
    )
