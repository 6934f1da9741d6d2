"""Poker hand strength: rank any 5, 6 or 7 cards as one integer, describe it, show its best five.

A hand's *strength* is an ``int`` from 1 (7-5-4-3-2 of mixed suits) to 7,462 (a royal flush):
higher is better and equal strengths tie, so a showdown compares integers (RP-3: the best five
cards play, suits never break a tie). Categories, weakest first, follow Robert's Rules "Ranking
of hands"; the ace plays high or low in a straight (A-2-3-4-5, the wheel, is the lowest).

Two interfaces share one set of tables (see `pitboss._evaltables`):

* `evaluate(cards)`: pure-Python scalar call for the engine (about half a microsecond for 7).
* `evaluate_batch(codes)`: NumPy over an ``(N, 5|6|7)`` array of card codes, for simulations and
  equity (tens of millions of hands a second).

Cards are card codes ``rank * 4 + suit`` (`pitboss.cards.Card` instances are such ints). The
cards must be distinct; `evaluate` checks the count, not duplicates (a dealt hand has none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING

from pitboss import _evaltables as _t
from pitboss.cards import Card, Rank, check_distinct
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


_TABLES = _t.build_tables()
_CLASSES = _TABLES.classes
_CATEGORY_OF: tuple[HandCategory, ...] = (
    HandCategory.HIGH_CARD,  # index 0 is not a strength
    *(HandCategory(c.category) for c in _CLASSES[1:]),
)


def _make_evaluate() -> Callable[[Sequence[int]], int]:
    """Build `evaluate` as a closure over the tables (closure cells read fastest)."""
    keys = _TABLES.card_keys
    nonflush5, nonflush6, nonflush7 = (_TABLES.nonflush[n] for n in (5, 6, 7))
    suits5, suits6, suits7 = (_TABLES.flush_suits[n] for n in (5, 6, 7))
    flush = _TABLES.flush

    def bad_hand(cards: Sequence[int]) -> CardError:
        try:
            count = len(cards)
        except TypeError:
            count = -1
        if count not in (5, 6, 7):
            return CardError(
                f"a hand is 5, 6 or 7 cards, not {count}",
                code="bad_hand_size",
                params={"count": count},
            )
        return CardError(
            f"{list(cards)!r} is not a hand: cards must be distinct card codes 0 to 51",
            code="bad_hand",
            params={"cards": [repr(c) for c in cards]},
        )

    def flush_strength(cards: Sequence[int], suit: int) -> int:
        mask = 0
        for card in cards:
            if card & 3 == suit:
                mask |= 1 << (card >> 2)
        strength = flush[mask]
        if not strength:  # five "cards" of a suit that are not five cards: duplicates
            raise bad_hand(cards)
        return strength

    def evaluate_other(cards: Sequence[int]) -> int:
        count = len(cards)
        if count == 6:
            nonflush, suits = nonflush6, suits6
        elif count == 5:
            nonflush, suits = nonflush5, suits5
        else:
            raise bad_hand(cards)
        try:
            key = sum(map(keys.__getitem__, cards))
            suit = suits[key & 255]
            if suit:
                return flush_strength(cards, suit - 1)
            return nonflush[key >> 8]
        except (IndexError, KeyError, TypeError):
            raise bad_hand(cards) from None

    def evaluate(cards: Sequence[int]) -> int:
        """The strength (1..7462, higher is better, equal ties) of the best five of these cards.

        Takes 5, 6 or 7 distinct card codes (`Card` instances are card codes). RP-3: only the
        best five cards play.

        Raises:
            CardError: not 5 to 7 cards, or codes that are not distinct cards.
        """
        try:
            a, b, c, d, e, f, g = cards
            key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
        except (ValueError, TypeError, IndexError):
            return evaluate_other(cards)
        suit = suits7[key & 255]
        if suit:
            return flush_strength(cards, suit - 1)
        try:
            return nonflush7[key >> 8]
        except KeyError:
            raise bad_hand(cards) from None

    evaluate.__qualname__ = "evaluate"
    return evaluate


evaluate = _make_evaluate()


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
    """The category of a strength (``HandCategory.FULL_HOUSE`` for kings full of sevens)."""
    return _CATEGORY_OF[_check_strength(strength)]


def is_royal(strength: int) -> bool:
    """Whether this strength is a royal flush (A-K-Q-J-T of one suit)."""
    return strength == MAX_STRENGTH


def display_ranks(strength: int) -> tuple[Rank, Rank, Rank, Rank, Rank]:
    """The five ranks of the hand in display order (see `best_five`)."""
    r = _CLASSES[_check_strength(strength)].ranks
    return (Rank(r[0]), Rank(r[1]), Rank(r[2]), Rank(r[3]), Rank(r[4]))


def describe(strength: int) -> str:
    """A player's name for the hand: ``"Full house, kings full of sevens"``, ``"Royal flush"``.

    Straights and straight flushes are named by their top card (the wheel is "five high");
    pairs, trips and quads by their rank; flushes and high-card hands by their top card.
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
        CardError: as `evaluate`, and for duplicate cards.
    """
    strength = evaluate(cards)
    check_distinct(cards)
    cls = _CLASSES[strength]
    pool = sorted((Card(c) for c in cards), key=int, reverse=True)  # higher suit first
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
    if not MIN_STRENGTH <= strength <= MAX_STRENGTH:
        raise CardError(
            f"{strength!r} is not a hand strength: strengths run from 1 to 7462",
            code="bad_strength",
            params={"strength": strength},
        )
    return int(strength)


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
