"""Cards and the deck.

A card is an ``int`` from 0 to 51: ``rank * 4 + suit``, with ranks ``2``..``A`` as 0..12 and
suits in bridge order clubs, diamonds, hearts, spades as 0..3. ``Card`` subclasses ``int`` so
the same value indexes the evaluator's tables and NumPy arrays without conversion; comparing two
cards by value orders them by rank, then suit, which is the order a high-card draw uses (the
button draw and the chip race: TDA 24, RP-10; suit order as in Robert's Rules).
"""

from __future__ import annotations

import operator
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
        """The card of this code: an ``int`` 0 to 51 (a NumPy integer too), or a ``Card``.

        Raises:
            CardError: anything else, e.g. a bool, a float, text or 52 (``bad_card_code``).
        """
        if code.__class__ is int:
            if 0 <= code < 52:
                return _CARDS[code]
        elif isinstance(code, Card):
            return code
        elif not isinstance(code, bool):
            try:
                value = operator.index(code)  # NumPy integers; not floats, text or None
            except TypeError:
                pass
            else:
                if 0 <= value < 52:
                    return _CARDS[value]
        raise CardError(
            f"{code!r} is not a card code: codes are the integers 0 to 51",
            code="bad_card_code",
            params={"code": repr(code)},
        )

    @classmethod
    def _make(cls, code: int) -> Card:
        return int.__new__(cls, code)

    @classmethod
    def of(cls, rank: Rank, suit: Suit) -> Card:
        """The card of this rank and suit (a `Rank` and a `Suit`, or their plain numbers).

        Raises:
            CardError: a rank that is not 0 to 12 or a suit that is not 0 to 3 (a `Suit` given
                as the rank, a bool, a float...).
        """
        r = rank if rank.__class__ is Rank else _number(rank, "rank", 12)
        s = suit if suit.__class__ is Suit else _number(suit, "suit", 3)
        return _CARDS[r * 4 + s]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``As``, ``Td``, ``7c`` or ``10d`` (rank case-insensitive, suit lowercase or not).

        Raises:
            CardError: the text is not a card (or not text at all).
        """
        if not isinstance(text, str):
            raise CardError(
                f"{text!r} is not card text: a card is written as a rank ({RANK_CHARS}) and a"
                f" suit ({SUIT_CHARS}), e.g. 'As'",
                code="bad_card",
                params={"text": repr(text)},
            )
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
            code="bad_card",
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
"""The item types of a collection of nothing but `Card` objects (``{*map(type, cards)}``)."""


def _number(value: object, name: str, top: int) -> int:
    """``value`` as a rank or suit number 0 to ``top``: a plain ``int`` only."""
    if value.__class__ is not int or not 0 <= value <= top:
        raise CardError(
            f"{value!r} is not a {name}: a {name} is a {name.capitalize()} or its number,"
            f" 0 to {top}",
            code=f"bad_{name}",
            params={name: repr(value), "max": top},
        )
    return value


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from ``"AhKd"``, ``"Ah Kd"``, ``"Ah,Kd"``, ``"10d9c"`` or a list of card texts.

    Raises:
        CardError: some text is not a card, or ``text`` is neither text nor a list of texts.
    """
    if not isinstance(text, str):
        try:
            items = list(text)
        except TypeError:
            raise CardError(
                f"{text!r} is not a list of cards: give text such as 'AhKd' or a list of card"
                " texts",
                code="bad_cards",
                params={"text": repr(text)},
            ) from None
        return [Card.parse(item) for item in items]
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
                    code="bad_card",
                    params={"text": token},
                )
            cards.append(Card.parse(piece))
            i += width
    return cards


def format_cards(cards: Iterable[int], *, sep: str = "") -> str:
    """Write cards as ``AhKd`` (or with a separator)."""
    return sep.join(str(Card(c)) for c in cards)


def cards_of(cards: Iterable[int | str] | str, *, what: str) -> list[Card]:
    """``cards`` as a list of `Card`: card codes 0 to 51, `Card` objects or card texts
    (``"As"``), or one text of several cards (``"AsKd"``, as `parse_cards` reads it).

    Raises:
        CardError: ``cards`` is not a collection (``bad_cards``, naming ``what``), or an item
            is not a card (``bad_card_code``, ``bad_card``).
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        if isinstance(cards, bytes | bytearray | memoryview):
            raise TypeError  # bytes would read as codes: b"A" as 65
        items = list(cards)
    except TypeError:
        raise CardError(
            f"{what} must be a collection of cards (codes 0 to 51, Card objects or texts such"
            f" as 'As'), not {cards!r}",
            code="bad_cards",
            params={"what": what, "cards": repr(cards)},
        ) from None
    return [Card.parse(c) if isinstance(c, str) else Card(c) for c in items]


def bad_random_source(rng: object, method: str) -> CardError:
    """The error for a random source without the method a deck needs."""
    return CardError(
        f"{rng!r} is not a random source: a deck needs one with {method}(), such as"
        " random.Random(seed) or random.SystemRandom()",
        code="bad_random_source",
        params={"rng": repr(rng), "method": method},
    )


def check_distinct(cards: Sequence[int]) -> None:
    """Raise a clear error if a card appears twice.

    Raises:
        CardError: the same card is given more than once.
    """
    seen: set[int] = set()
    for item in cards:
        card = Card(item)
        if card in seen:
            raise CardError(
                f"{card} is given twice: each card exists once in the deck",
                code="duplicate_card",
                params={"card": str(card)},
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

    Raises (on creation):
        CardError: ``dead`` is not a collection of cards (see `cards_of`), ``rng`` cannot shuffle
            (``bad_random_source``) or ``shuffle`` is not a bool (``bad_shuffle``).
    """

    __slots__ = ("_cards", "_next", "burned")

    def __init__(
        self,
        rng: RandomSource | None = None,
        *,
        dead: Iterable[int | str] | str = (),
        shuffle: bool = True,
    ) -> None:
        if shuffle.__class__ is not bool:
            raise CardError(
                f"shuffle must be True or False, not {shuffle!r}",
                code="bad_shuffle",
                params={"shuffle": repr(shuffle)},
            )
        if shuffle and rng is not None and not callable(getattr(rng, "shuffle", None)):
            raise bad_random_source(rng, "shuffle")
        if dead.__class__ is tuple and not dead:  # the default: no dead cards
            self._cards: list[Card] = [*_CARDS]
        else:
            dead_set = set(cards_of(dead, what="dead cards"))
            self._cards = [c for c in _CARDS if c not in dead_set]
        if shuffle:
            (rng if rng is not None else secrets.SystemRandom()).shuffle(self._cards)
        self._next = 0
        self.burned: list[Card] = []

    @classmethod
    def stacked(cls, cards: Iterable[int | str] | str) -> Deck:
        """A deck that deals exactly these cards in this order (tests, replays, a deck shuffled
        by the caller).

        ``cards`` as `cards_of` reads them: codes, `Card` objects or texts. A list or tuple of
        nothing but `Card` objects (a shuffled ``FULL_DECK``) is checked in C, by counting its items
        of type `Card` and by the set of its cards: the same checks as item by item, about 2 us
        instead of 17.

        Raises:
            CardError: a card is repeated, or something given is not a card.
        """
        if (cards.__class__ is list or cards.__class__ is tuple) and (
            operator.countOf(map(type, cards), Card) == len(cards)
        ):
            order = [*cards]  # already `Card` objects (a shuffled deck): checked in C
            if len(set(order)) != len(order):
                check_distinct(order)  # raises, naming the card given twice
        else:
            order = cards_of(cards, what="a stacked deck")
            check_distinct(order)
        if cls is Deck:  # what ``Deck(shuffle=False)`` sets, without making its 52 cards
            deck = _new_deck(Deck)
            deck._next = 0
            deck.burned = []
        else:
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
        i = self._next
        cards = self._cards
        if i >= len(cards):
            raise CardError(
                "the deck is empty: no card left to deal",
                code="deck_empty",
                params={"dealt": i},
            )
        self._next = i + 1
        return cards[i]

    def burn(self) -> Card:
        """Take the next card face down out of play (TDA 38) and return it."""
        card = self.deal()
        self.burned.append(card)
        return card

    def deal_many(self, count: int) -> list[Card]:
        """The next ``count`` cards, in deal order: ``count`` calls of ``deal`` in one (the
        engine's hole-card deal).

        Raises:
            CardError: the deck runs out, as ``deal`` would (the cards before are dealt).
        """
        i = self._next
        cards = self._cards
        end = i + count
        if end > len(cards):
            return _deal_one_by_one(self, count)  # raises, as card by card
        self._next = end
        return cards[i:end]

    def burn_and_deal(self, count: int) -> tuple[Card, tuple[Card, ...]]:
        """Burn one card, then deal ``count`` (a street: TDA 38): ``burn`` and ``count`` calls
        of ``deal`` in one. Returns the burn card and the cards dealt.

        Raises:
            CardError: the deck runs out, as ``burn`` and ``deal`` would.
        """
        i = self._next
        cards = self._cards
        end = i + 1 + count
        if end > len(cards):
            return _burn_and_deal_one_by_one(self, count)  # raises, as card by card
        self._next = end
        burn = cards[i]
        self.burned.append(burn)
        return burn, (cards[end - 1],) if count == 1 else tuple(cards[i + 1 : end])

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A subclass that deals its own way (its own ``deal`` or ``burn``) and not its own
        ``deal_many``/``burn_and_deal`` is dealt through its ``deal`` and ``burn``, card by
        card, whichever way the engine asks for its cards."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__
        if "deal" in own and "deal_many" not in own:
            setattr(cls, "deal_many", _deal_one_by_one)  # noqa: B010
        if ("deal" in own or "burn" in own) and "burn_and_deal" not in own:
            setattr(cls, "burn_and_deal", _burn_and_deal_one_by_one)  # noqa: B010

    def remaining(self) -> list[Card]:
        """The cards not yet dealt, in deal order."""
        return self._cards[self._next :]


_new_deck = object.__new__


def _deal_one_by_one(deck: Deck, count: int) -> list[Card]:
    """`Deck.deal_many` through the deck's own ``deal``, one card at a time."""
    deal = deck.deal
    return [deal() for _ in range(count)]


def _burn_and_deal_one_by_one(deck: Deck, count: int) -> tuple[Card, tuple[Card, ...]]:
    """`Deck.burn_and_deal` through the deck's own ``burn`` and ``deal``, one card at a time."""
    burn = deck.burn()
    deal = deck.deal
    return burn, tuple([deal() for _ in range(count)])
