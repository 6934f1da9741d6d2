"""The mutable state of one hand, shared by the betting and showdown steps, and the dealing.

Players are addressed internally by position: the index of their seat in ascending seat order
(clockwise). Everything public speaks in seat numbers.
"""

from __future__ import annotations

import enum

from pitboss.cards import Card, Deck
from pitboss.engine.events import STREETS, BoardDealt, CardBurned, HandEvent, Street
from pitboss.engine.setup import HandSetup
from pitboss.rules.hand import HandRules


class HandPhase(enum.StrEnum):
    """Where the hand is: players betting, players showing or mucking, or over."""

    BETTING = "betting"
    SHOWDOWN = "showdown"
    OVER = "over"


BOARD_SIZES = (0, 3, 1, 1)


class HandState:
    """Fields of a hand in progress; see ``pitboss.engine.Hand`` for the public face.

    Invariant: ``sum(stack) + sum(committed)`` equals the chips the players started with until
    the pots are pushed; afterwards ``committed`` is all zero.
    """

    __slots__ = (
        "_acted_at",
        "_actor",
        "_aggressor",
        "_bet",
        "_board",
        "_committed",
        "_current",
        "_deck",
        "_events",
        "_exposed",
        "_folded",
        "_hole",
        "_min_raise",
        "_mucked",
        "_n",
        "_n_in",
        "_opening_bet",
        "_phase",
        "_pos",
        "_rules",
        "_seats",
        "_setup",
        "_show_queue",
        "_stack",
        "_start",
        "_street",
        "_tabled",
        "_unit",
    )

    _setup: HandSetup
    _rules: HandRules
    _n: int
    _seats: tuple[int, ...]
    _pos: dict[int, int]
    _start: int
    _stack: list[int]
    _bet: list[int]
    _committed: list[int]
    _folded: list[bool]
    _acted_at: list[int]
    _hole: list[tuple[Card, Card]]
    _board: list[Card]
    _deck: Deck
    _events: list[HandEvent]
    _street: int
    _phase: HandPhase
    _current: int
    _min_raise: int
    _opening_bet: int
    _actor: int
    _aggressor: int
    _n_in: int
    _tabled: list[bool]
    _mucked: list[bool]
    _show_queue: list[int]
    _exposed: bool
    _unit: int

    def _live_count(self) -> int:
        """Players still in the hand with chips behind (able to act)."""
        stack = self._stack
        folded = self._folded
        return sum(1 for i in range(self._n) if stack[i] and not folded[i])

    def _deal_street(self, street: int) -> None:
        """Burn one card and deal the flop, turn or river (TDA 38)."""
        deck = self._deck
        name: Street = STREETS[street]
        self._events.append(CardBurned(street=name, card=deck.burn()))
        cards = tuple(deck.deal() for _ in range(BOARD_SIZES[street]))
        self._board.extend(cards)
        self._events.append(BoardDealt(street=name, cards=cards))
        self._street = street
