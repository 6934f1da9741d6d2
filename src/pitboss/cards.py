"""Cards and the deck.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, with ranks ``2``..``A`` as 0..12 and
suits in bridge order clubs, diamonds, hearts, spades as 0..3. ``Card`` subclasses ``int`` so
the same value indexes the evaluator's tables and NumPy arrays without conversion; comparing two
cards by value orders them by rank, then suit, which is the order a high-card draw uses (the
button draw and the chip race: TDA 24, RP-10; suit order as in Robert's Rules).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, MutableSequence, Sequence
from enum import IntEnum
from typing import Any, Protocol

from pitboss.errors import CardError

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"


class Rank(IntEnum):
    """Card ranks, deuce lowest; the ace also plays low in the wheel (A-2-3-4-5)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        return RANK_CHARS[self]

    @property
    def singular(self) -> str:
        return _RANK_NAMES[self]

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else _RANK_NAMES[self] + "s"


_RANK_NAMES = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip


class Suit(IntEnum):
    """Suits in bridge order, lowest first: the tie-break order of a high-card draw."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]


class Card(int):
    """One playing card; its integer value is its compact code ``rank * 4 + suit``."""

    __slots__ = ()

    def __new__(cls, code: int) -> Card:
        if isinstance(code, Card):
            return code
        if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 52:
            raise CardError(
                f"{code!r} is not a card code: codes are the integers 0 to 51",
                code="bad_card_code",
                params={"code": repr(code)},
            )
        return _CARDS[code]

    @classmethod
    def _make(cls, code: int) -> Card:
        return int.__new__(cls, code)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit."""
        return _CARDS[int(rank) * 4 + int(suit)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``As``, ``Td``, ``7c`` or ``10d`` (rank case-insensitive, suit lowercase or not).

        Raises:
            CardError: the text is not a card.
        """
        cleaned = text.strip()
        if len(cleaned) == 3 and cleaned[:2] == "10":
            cleaned = "T" + cleaned[2]
        if len(cleaned) == 2:
            rank = RANK_CHARS.find(cleaned[0].upper())
            suit = SUIT_CHARS.find(cleaned[1].lower())
            if rank >= 0 and suit >= 0:
                return _CARDS[rank * 4 + suit]
        raise CardError(
            f"{text!r} is not a card: rank must be one of {RANK_CHARS}, suit one of {SUIT_CHARS}",
            params={"text": text},
        )

    @property
    def code(self) -> int:
        return int(self)

    @property
    def rank(self) -> Rank:
        return Rank(int(self) >> 2)

    @property
    def suit(self) -> Suit:
        return Suit(int(self) & 3)

    def __str__(self) -> str:
        return RANK_CHARS[int(self) >> 2] + SUIT_CHARS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


_CARDS: tuple[Card, ...] = tuple(Card._make(code) for code in range(52))
FULL_DECK: tuple[Card, ...] = _CARDS


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from ``"AhKd"``, ``"Ah Kd"``, ``"Ah,Kd"``, ``"10d9c"`` or a list of card texts.

    Raises:
        CardError: some text is not a card.
    """
    if not isinstance(text, str):
        return [Card.parse(item) for item in text]
    cards: list[Card] = []
    compact = text.replace(",", " ").replace("-", " ")
    for token in compact.split():
        i = 0
        while i < len(token):
            width = 3 if token.startswith("10", i) else 2
            piece = token[i : i + width]
            if len(piece) < 2:
                raise CardError(
                    f"{token!r} is not a list of cards: each card is a rank "
                    f"({RANK_CHARS}) followed by a suit ({SUIT_CHARS})",
                    params={"text": token},
                )
            cards.append(Card.parse(piece))
            i += width
    return cards


def format_cards(cards: Iterable[int], *, sep: str = "") -> str:
    """Write cards as ``AhKd`` (or with a separator)."""
    return sep.join(str(Card(c)) for c in cards)


def check_distinct(cards: Sequence[int]) -> None:
    """Raise a clear error if a card appears twice.

    Raises:
        CardError: the same card is given more than once.
    """
    seen: set[int] = set()
    for card in cards:
        if card in seen:
            raise CardError(
                f"{Card(card)} is given twice: each card exists once in the deck",
                code="duplicate_card",
                params={"card": str(Card(card))},
            )
        seen.add(card)


class RandomSource(Protocol):
    """What a deck needs from a random source: ``random.Random`` and ``SystemRandom`` fit."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...

    def randrange(self, start: int, stop: int | None = ..., step: int = ...) -> int: ...


class Deck:
    """A deck of 52 cards, shuffled by an injected random source.

    The default source is the operating system's CSPRNG (``secrets.SystemRandom``); tests and
    simulations pass a seeded ``random.Random`` so a run can be reproduced.
    """

    __slots__ = ("_cards", "_next", "burned")

    def __init__(
        self,
        rng: RandomSource | None = None,
        *,
        dead: Iterable[int] = (),
        shuffle: bool = True,
    ) -> None:
        dead_set = {int(Card(c)) for c in dead}
        self._cards: list[Card] = [c for c in _CARDS if c not in dead_set]
        if shuffle:
            (rng if rng is not None else secrets.SystemRandom()).shuffle(self._cards)
        self._next = 0
        self.burned: list[Card] = []

    @classmethod
    def stacked(cls, cards: Iterable[int]) -> Deck:
        """A deck that deals exactly these cards in this order (tests and replays).

        Raises:
            CardError: a card is repeated.
        """
        order = [Card(c) for c in cards]
        check_distinct(order)
        deck = cls(shuffle=False)
        deck._cards = order
        return deck

    def __len__(self) -> int:
        return len(self._cards) - self._next

    def deal(self) -> Card:
        """The next card.

        Raises:
            CardError: the deck is empty.
        """
        if self._next >= len(self._cards):
            raise CardError("the deck is empty: no card left to deal", code="deck_empty")
        card = self._cards[self._next]
        self._next += 1
        return card

    def burn(self) -> Card:
        """Take the next card face down out of play (TDA 38) and return it."""
        card = self.deal()
        self.burned.append(card)
        return card

    def remaining(self) -> list[Card]:
        """The cards not yet dealt, in deal order."""
        return self._cards[self._next :]
