"""Poker hand strength: rank any 5, 6 or 7 cards as one integer, describe it, show its best five.

A hand's *strength* is an ``int`` from 1 (7-5-4-3-2 of mixed suits) to 7,462 (a royal flush):
higher is better and equal strengths tie, so a showdown compares integers (RP-3: the best five
cards play, suits never break a tie). Categories, weakest first, follow Robert's Rules "Ranking
of hands"; the ace plays high or low in a straight (A-2-3-4-5, the wheel, is the lowest).

Two interfaces share one set of tables (see `pitboss._evaltables`):

* `evaluate(cards)`: pure-Python scalar call for the engine (about half a microsecond for 7).
* `evaluate_batch(codes)`: NumPy over an ``(N, 5|6|7)`` array of card codes, for simulations and
  equity (tens of millions of hands a second).

Cards are card codes ``rank * 4 + suit`` (`pitboss.cards.Card` instances are such ints). Both
check what they are given, as anything from a person, a file or the network must be: the count,
that every card is a code 0 to 51 (not a bool, a float or text) and that no card repeats, and
refuse it with a `CardError`. The scalar check rides along the key sums (one bit per card,
summed in the same expression, counted once: see `_make_evaluate`); the batch compares the columns
of each chunk. `_evaluate_unchecked` is internal: the engine's showdown uses it for the cards it
dealt itself (no checks: the deal guarantees them).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING

from pitboss import _evaltables as _t
from pitboss.cards import Card, Rank, format_cards
from pitboss.errors import CardError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MIN_STRENGTH = 1
MAX_STRENGTH = 7462
"""The royal flush."""


class HandCategory(IntEnum):
    """Hand categories, weakest first (a royal flush is the best straight flush)."""

    HIGH_CARD = _t.HIGH_CARD
    ONE_PAIR = _t.ONE_PAIR
    TWO_PAIR = _t.TWO_PAIR
    THREE_OF_A_KIND = _t.THREE_OF_A_KIND
    STRAIGHT = _t.STRAIGHT
    FLUSH = _t.FLUSH_CATEGORY
    FULL_HOUSE = _t.FULL_HOUSE
    FOUR_OF_A_KIND = _t.FOUR_OF_A_KIND
    STRAIGHT_FLUSH = _t.STRAIGHT_FLUSH

    @property
    def label(self) -> str:
        """The category as a player says it: ``"Full house"``."""
        return self.name.replace("_", " ").capitalize()


_TABLES = _t.tables()
_CLASSES = _TABLES.classes
_NONFLUSH7 = _t.nonflush_dense(7)
"""Internal: rank-key sum of seven cards -> best strength without a flush (int16, 15 MB; the
batch kernels get the same array from `pitboss._evaltables`, and index it by the same sums)."""
_CATEGORY_OF: tuple[HandCategory, ...] = (
    HandCategory.HIGH_CARD,  # index 0 is not a strength
    *(HandCategory(c.category) for c in _CLASSES[1:]),
)


def _make_evaluate() -> tuple[Callable[[Sequence[int]], int], Callable[[Sequence[int]], int]]:
    """Build `evaluate` and `_evaluate_unchecked` as closures over the tables (closure cells
    read fastest).

    Seven cards, the engine's and the benchmark's case, take one pass over two families of
    tables, two cards per lookup:

    * ``pair_keys[x][y]``, the sum of the two cards' keys (52 by 52): ``key`` stays one CPython
      digit (see `pitboss._evaltables`). Its strength is read from `_NONFLUSH7`, a dense array
      indexed by the rank-key sum: one memory access, where a dict took three or four (the
      lookup was most of the time of a call), which pays for most of the checks.
    * ``pair_bits[x][y]``, the sum of the two cards' bits (one bit per card code; 104 by 104,
      with no bit at 52 to 103). Seven distinct codes 0 to 51 set seven bits; a repeated code
      carries into fewer, and so does a code the key tables would read wrongly: -52 to -1 land
      on 52 to 103 here, while -104 to -53, 52 and up are outside the key tables (IndexError).
      A bool indexes like 0 or 1, so only a hand holding code 0 or 1 compares identities.
    """
    keys = _TABLES.card_keys
    nonflush5, nonflush6 = _TABLES.nonflush[5], _TABLES.nonflush[6]
    suits5, suits6, suits7 = (_TABLES.flush_suits[n] for n in (5, 6, 7))
    flush = _TABLES.flush
    bits = (*(1 << code for code in range(52)), *(0,) * 52)
    pair_keys = tuple(tuple(keys[x] + keys[y] for y in range(52)) for x in range(52))
    no_bits = (0,) * 104
    pair_bits = (
        *(tuple(bits[x] + bits[y] for y in range(104)) for x in range(52)),
        *(no_bits,) * 52,
    )
    nonflush7 = _NONFLUSH7.data  # a memoryview of the int16s, by rank-key sum
    rank_offset = 7 * (_t.KEY_OFFSET >> _t.SUIT_BITS)  # rank-key sum - (key >> 8)
    # A memoryview makes a new int per read; the call returns this table's shared one, so a
    # caller keeping millions of strengths keeps no new objects (a third faster in a benchmark
    # that keeps them all).
    strengths = tuple(range(MAX_STRENGTH + 1))

    rank_bits = tuple(1 << (code >> 2) for code in range(52))
    suits = tuple(code & 3 for code in range(52))

    def flush_strength(cards: Sequence[int], suit: int) -> int:
        # Through tables: a NumPy uint8 card shifted in place overflows its type (a flush of
        # uint8 codes read as strength 0 when it was ``1 << (card >> 2)``).
        mask = 0
        for card in cards:
            if suits[card] == suit:
                mask |= rank_bits[card]
        return flush[mask]

    def evaluate_other(cards: Sequence[int]) -> int:
        try:
            count = len(cards)
        except TypeError:
            raise _hand_error(cards) from None
        if count == 6:
            nonflush, suits = nonflush6, suits6
        elif count == 5:
            nonflush, suits = nonflush5, suits5
        else:
            raise _hand_error(cards)
        key = 0
        mask = 0
        try:
            for card in cards:  # the key sum and the card bits in one loop (52 and 104 long)
                key += keys[card]
                mask += bits[card]
        except (IndexError, TypeError):
            raise _hand_error(cards) from None
        if mask.bit_count() != count or (mask & 3 and _has_bool(cards)):
            raise _hand_error(cards)
        suit = suits[key & 255]
        if suit:
            return flush_strength(cards, suit - 1)
        return nonflush[key >> 8]

    def evaluate(cards: Sequence[int]) -> int:
        """The strength (1..7462, higher is better, equal ties) of the best five of these cards.

        Takes 5, 6 or 7 distinct card codes 0 to 51 (`Card` instances and NumPy integers are
        card codes). RP-3: only the best five cards play.

        Raises:
            CardError: not 5 to 7 cards (``bad_hand_size``), not a sequence (``bad_hand``), an
                item that is not a card code 0 to 51, e.g. a bool, a float or text
                (``bad_card_code``), or a card given twice (``duplicate_card``).
        """
        try:
            a, b, c, d, e, f, g = cards
            key = pair_keys[a][b] + pair_keys[c][d] + pair_keys[e][f] + keys[g]
            mask = pair_bits[a][b] + pair_bits[c][d] + pair_bits[e][f] + bits[g]
        except (ValueError, TypeError, IndexError):
            return evaluate_other(cards)
        if mask.bit_count() != 7 or (
            mask & 3
            and (
                a is True or b is True or c is True or d is True or e is True or f is True
                or g is True or a is False or b is False or c is False or d is False
                or e is False or f is False or g is False
            )
        ):  # fmt: skip
            raise _hand_error(cards)
        suit = suits7[key & 255]
        if suit:
            return flush_strength((a, b, c, d, e, f, g), suit - 1)
        return strengths[nonflush7[(key >> 8) + rank_offset]]

    def evaluate_unchecked(cards: Sequence[int]) -> int:
        """Internal: `evaluate` without the checks, for cards the engine dealt itself.

        The caller guarantees 7 distinct card codes 0 to 51 (a dealt hand and board); other
        sizes go through `evaluate`. Bad input may raise a `CardError` or give a wrong strength
        (a repeated card is not detected): never pass it anything from outside.
        """
        try:
            a, b, c, d, e, f, g = cards
            key = pair_keys[a][b] + pair_keys[c][d] + pair_keys[e][f] + keys[g]
        except (ValueError, TypeError, IndexError):
            return evaluate(cards)
        suit = suits7[key & 255]
        if suit:
            return flush_strength((a, b, c, d, e, f, g), suit - 1)
        return strengths[nonflush7[(key >> 8) + rank_offset]]

    evaluate.__qualname__ = "evaluate"
    evaluate_unchecked.__qualname__ = "_evaluate_unchecked"
    return evaluate, evaluate_unchecked


def _has_bool(cards: Sequence[int]) -> bool:
    return any(card.__class__ is bool for card in cards)


def _hand_error(cards: object) -> CardError:
    """The first reason ``cards`` is not a hand of 5 to 7 distinct card codes.

    Called only once the fast path has found something wrong; the checks run in the order a
    person would fix them: the container, the count, each card, then repeats.
    """
    if isinstance(cards, str | bytes):
        return CardError(
            f"{cards!r} is text, not a hand: a hand is 5, 6 or 7 card codes or Card objects;"
            " read text with parse_cards",
            code="bad_hand",
            params={"type": type(cards).__name__},
        )
    try:
        items = list(cards)  # type: ignore[call-overload]  # anything may come from outside
        count = len(cards)  # type: ignore[arg-type]
    except TypeError:
        return CardError(
            f"a hand is a sequence (list, tuple or array) of 5, 6 or 7 card codes, not"
            f" {type(cards).__name__}",
            code="bad_hand",
            params={"type": type(cards).__name__},
        )
    if count not in (5, 6, 7):
        return CardError(
            f"a hand is 5, 6 or 7 cards, not {count}",
            code="bad_hand_size",
            params={"count": count, "allowed": [5, 6, 7]},
        )
    codes: list[Card] = []
    for index, item in enumerate(items):
        try:
            codes.append(Card(item))
        except CardError as error:
            return CardError(
                f"card {index + 1} of the hand: {error.message}",
                code=error.code,
                params={**error.params, "index": index},
            )
    seen: set[Card] = set()
    for card in codes:
        if card in seen:
            return CardError(
                f"{format_cards(codes, sep=' ')} is not a hand: {card} is given twice; each"
                " card exists once in the deck",
                code="duplicate_card",
                params={"card": str(card), "cards": [str(c) for c in codes]},
            )
        seen.add(card)
    return CardError(  # not reached: the fast path refuses only hands with one of the above
        f"{items!r} is not a hand: cards must be distinct card codes 0 to 51",
        code="bad_hand",
        params={"cards": [repr(c) for c in items]},
    )


evaluate, _evaluate_unchecked = _make_evaluate()


def evaluate_batch(codes: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of many hands at once: ``(N, 7)`` (or ``(N, 5)``, ``(N, 6)``) card codes.

    Returns an ``int16`` array of N strengths, equal to `evaluate` on each row. Rows must hold
    distinct cards; any integer dtype works, ``uint8`` is fastest.

    Raises:
        CardError: not a 2-D array of 5 to 7 columns of card codes 0 to 51.
    """
    from pitboss._evalbatch import evaluate_array

    return evaluate_array(codes)


def category(strength: int) -> HandCategory:
    """The category of a strength (``HandCategory.FULL_HOUSE`` for kings full of sevens).

    Raises:
        CardError: not a strength 1 to 7462.
    """
    return _CATEGORY_OF[_check_strength(strength)]


def is_royal(strength: int) -> bool:
    """Whether this strength is a royal flush (A-K-Q-J-T of one suit).

    Raises:
        CardError: not a strength 1 to 7462.
    """
    return _check_strength(strength) == MAX_STRENGTH


def display_ranks(strength: int) -> tuple[Rank, Rank, Rank, Rank, Rank]:
    """The five ranks of the hand in display order (see `best_five`).

    Raises:
        CardError: not a strength 1 to 7462.
    """
    r = _CLASSES[_check_strength(strength)].ranks
    return (Rank(r[0]), Rank(r[1]), Rank(r[2]), Rank(r[3]), Rank(r[4]))


def describe(strength: int) -> str:
    """A player's name for the hand: ``"Full house, kings full of sevens"``, ``"Royal flush"``.

    Straights and straight flushes are named by their top card (the wheel is "five high");
    pairs, trips and quads by their rank; flushes and high-card hands by their top card.

    Raises:
        CardError: not a strength 1 to 7462 (``bad_strength``).
    """
    cls = _CLASSES[_check_strength(strength)]
    cat = HandCategory(cls.category)
    ranks = [Rank(r) for r in cls.ranks]
    top = ranks[0]
    if cat is HandCategory.STRAIGHT_FLUSH and top is Rank.ACE:
        return "Royal flush"
    if cat in (HandCategory.STRAIGHT_FLUSH, HandCategory.STRAIGHT, HandCategory.FLUSH):
        detail = f"{top.singular} high"
    elif cat is HandCategory.FULL_HOUSE:
        detail = f"{top.plural} full of {ranks[3].plural}"
    elif cat is HandCategory.TWO_PAIR:
        detail = f"{top.plural} and {ranks[2].plural}"
    elif cat is HandCategory.HIGH_CARD:
        detail = top.singular
    else:
        detail = top.plural
    return f"{cat.label}, {detail}"


def best_five(cards: Sequence[int]) -> tuple[Card, ...]:
    """The five cards that play, in display order.

    Display order: the made part first, then kickers high to low (full house: trips then pair;
    two pair: high pair, low pair, kicker); straights high to low, the wheel as 5-4-3-2-A.
    Where several cards of a rank could play, the higher suit is shown (spades first).

    Raises:
        CardError: as `evaluate`.
    """
    if isinstance(cards, str | bytes):
        raise _hand_error(cards)
    try:
        hand = list(cards)  # once: ``cards`` may be an iterator
    except TypeError:
        raise _hand_error(cards) from None
    strength = evaluate(hand)
    cls = _CLASSES[strength]
    pool = sorted((Card(c) for c in hand), key=int, reverse=True)  # higher suit first
    if cls.category in (_t.FLUSH_CATEGORY, _t.STRAIGHT_FLUSH):
        counts = [0, 0, 0, 0]
        for c in pool:
            counts[c & 3] += 1
        suit = counts.index(max(counts))
        pool = [c for c in pool if c & 3 == suit]
    picked: list[Card] = []
    for rank in cls.ranks:
        for i, card in enumerate(pool):
            if card >> 2 == rank:
                picked.append(pool.pop(i))
                break
    assert len(picked) == 5
    return tuple(picked)


def _check_strength(strength: int) -> int:
    """``strength`` as an ``int`` 1 to 7462 (a NumPy integer from `evaluate_batch` too).

    Raises:
        CardError: anything else: out of range, a bool, a float, text (``bad_strength``).
    """
    if strength.__class__ is int:
        if MIN_STRENGTH <= strength <= MAX_STRENGTH:
            return strength
    elif not isinstance(strength, bool):
        try:
            value = operator.index(strength)
        except TypeError:
            pass
        else:
            if MIN_STRENGTH <= value <= MAX_STRENGTH:
                return value
    raise CardError(
        f"{strength!r} is not a hand strength: strengths are the integers 1 to 7462",
        code="bad_strength",
        params={"strength": repr(strength), "min": MIN_STRENGTH, "max": MAX_STRENGTH},
    )


__all__ = [
    "MAX_STRENGTH",
    "MIN_STRENGTH",
    "HandCategory",
    "best_five",
    "category",
    "describe",
    "display_ranks",
    "evaluate",
    "evaluate_batch",
    "is_royal",
]
