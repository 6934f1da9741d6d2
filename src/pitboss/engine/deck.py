"""``DrawDeck``: a deck that shuffles only the cards a hand uses, as it deals them.

A hand of Hold'em uses at most ``2 * players + 8`` of the 52 cards (hole cards, three burns,
five board cards), and most hands end before the river. ``Deck(rng)`` shuffles all 52 cards
up front (51 random draws); ``DrawDeck(rng)`` runs the same Fisher-Yates shuffle one step per
card dealt: the next card is drawn uniformly from the cards not yet dealt. Every order of the
deck is equally likely either way, and the same seeded random source gives the same deal
every time. The order of the cards never dealt is drawn only if someone asks for it
(``remaining()``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

from pitboss.cards import FULL_DECK, Card, Deck, RandomSource, bad_random_source, cards_of
from pitboss.errors import CardError

_SPANS: list[list[tuple[int, int]]] = [
    [(span, span.bit_length()) for span in (math.perm(left, count) for count in range(left + 1))]
    for left in range(len(FULL_DECK) + 1)
]
"""``_SPANS[left][count]``: ``math.perm(left, count)``, the number of ways to deal ``count`` of
``left`` cards in order, and its bit length (a table of constants, made once)."""


class DrawDeck(Deck):
    """A ``Deck`` whose shuffle is drawn card by card from ``rng`` as the cards are dealt.

    ``rng`` is required (the core never picks its own random source): ``random.Random`` or
    ``random.SystemRandom``. ``dead`` cards are left out, as in ``Deck``.

    Raises (on creation):
        CardError: ``rng`` has no ``randrange`` (``bad_random_source``), or ``dead`` is not a
            collection of cards.
    """

    __slots__ = ("_below", "_bits", "_settled")

    def __init__(self, rng: RandomSource, *, dead: Iterable[int | str] | str = ()) -> None:
        dead_set = (
            set(cards_of(dead, what="dead cards")) if dead.__class__ is not tuple or dead else ()
        )
        self._cards = [c for c in FULL_DECK if c not in dead_set] if dead_set else [*FULL_DECK]
        self._next = 0
        self.burned = []
        below: Callable[[int], int] | None = getattr(rng, "_randbelow", None)
        if below is None:
            below = getattr(rng, "randrange", None)
            if not callable(below):
                raise bad_random_source(rng, "randrange")
        self._below = below
        bits = getattr(rng, "getrandbits", None)
        self._bits: Callable[[int], int] | None = bits if callable(bits) else None
        self._settled = False

    def deal(self) -> Card:
        """The next card: drawn uniformly from the cards not dealt yet (one Fisher-Yates step).

        Raises:
            CardError: the deck is empty.
        """
        i = self._next
        cards = self._cards
        left = len(cards) - i
        if left <= 0:
            raise CardError(
                "the deck is empty: no card left to deal", code="deck_empty", params={"left": 0}
            )
        if not self._settled:
            j = i + self._below(left)
            card = cards[j]
            cards[j] = cards[i]
            cards[i] = card
        else:
            card = cards[i]
        self._next = i + 1
        return card

    def deal_many(self, count: int) -> list[Card]:
        """The next ``count`` cards, in deal order (``count`` calls of ``deal`` in one).

        The ``count`` Fisher-Yates steps take their positions from one random number drawn
        uniformly below ``left * (left - 1) * ... * (left - count + 1)`` and read in mixed
        radix: every sequence of positions is equally likely, as with one draw per card, for
        one call to the random source.

        Raises:
            CardError: the deck has fewer than ``count`` cards left; nothing is dealt.
        """
        i = self._next
        cards = self._cards
        end = i + count
        left = len(cards) - i
        if count > left:
            raise CardError(
                f"the deck has {left} cards left: {count} cannot be dealt",
                code="deck_empty",
                params={"left": left, "count": count},
            )
        if not self._settled:
            span, size = _SPANS[left][count]
            bits = self._bits
            if bits is None:
                r = self._below(span)
            else:  # a uniform draw below span, as random.Random draws it, in line
                r = bits(size)
                while r >= span:
                    r = bits(size)
            for k in range(i, end):
                j = k + r % left  # the digits of r in mixed radix (as divmod gives them)
                r //= left
                left -= 1
                card = cards[j]
                cards[j] = cards[k]
                cards[k] = card
        self._next = end
        return cards[i:end]

    def burn(self) -> Card:
        """Take the next card face down out of play (TDA 38) and return it."""
        card = self.deal()
        self.burned.append(card)
        return card

    def burn_and_deal(self, count: int) -> tuple[Card, tuple[Card, ...]]:
        """Burn one card, then deal ``count`` (a street: TDA 38), in one draw (`deal_many`).

        Raises:
            CardError: the deck has fewer than ``count + 1`` cards left; nothing is dealt.
        """
        drawn = self.deal_many(count + 1)
        burn = drawn[0]
        self.burned.append(burn)
        return burn, tuple(drawn[1:])

    def remaining(self) -> list[Card]:
        """The cards not yet dealt, in deal order (drawing the rest of the shuffle now)."""
        if not self._settled:
            cards = self._cards
            below = self._below
            for i in range(self._next, len(cards) - 1):
                j = i + below(len(cards) - i)
                cards[i], cards[j] = cards[j], cards[i]
            self._settled = True
        return self._cards[self._next :]
