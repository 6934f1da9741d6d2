"""The mutable state of one hand, shared by the betting and showdown steps, and the dealing.

Players are addressed internally by position: the index of their seat in ascending seat order
(clockwise). Everything public speaks in seat numbers. Turn order walks ``CLOCKWISE``, a table
of the positions clockwise from each position, so the hot path does no modular arithmetic.
"""

from __future__ import annotations

import enum

from pitboss.cards import Card, Deck
from pitboss.engine.hand_events import STREETS, BoardDealt, CardBurned, HandEvent, Street
from pitboss.engine.record_builders import _BoardTwin, _BurnedTwin
from pitboss.engine.setup import HandSetup
from pitboss.rules.games import Game
from pitboss.rules.hand_rules import OddChipRule

CLOCKWISE: list[list[tuple[int, ...]]] = [
    [tuple((start + k) % n for k in range(n)) for start in range(n)] for n in range(24)
]
"""``CLOCKWISE[n][start]``: the positions of an ``n``-player hand clockwise from ``start``
(a precomputed table, 23 players at most): turn order without modular arithmetic."""

OTHERS: list[list[tuple[int, ...]]] = [[order[1:] for order in orders] for orders in CLOCKWISE]
"""``OTHERS[n][p]``: the other positions of an ``n``-player hand, clockwise from left of ``p``."""


class HandPhase(enum.StrEnum):
    """Where the hand is: players betting, players showing or mucking, or over."""

    BETTING = "betting"
    SHOWDOWN = "showdown"
    OVER = "over"


class HandState:
    """Fields of a hand in progress; see ``pitboss.engine.Hand`` for the public face.

    Invariants: ``sum(stack) + sum(committed) + dead`` equals the chips the players started with
    until the pots are pushed (afterwards ``committed`` is all zero and ``dead`` is 0; ``dead``
    is the big-blind ante, dead money in the main pot: RP-11); ``_n_in`` counts the hands not
    folded, killed or mucked, ``_n_live`` those of them with chips behind (able to act).
    ``_over`` is ``_phase is HandPhase.OVER`` (set with it, read by ``Hand.is_over``).
    ``_events`` lacks the hole-card records until ``_hole_at`` is -1: they belong at index
    ``_hole_at`` and are made when the record is first read. In pot-limit and fixed-limit
    (``_limited`` 1 or 2) ``_most`` is the largest raise-to of the decision in progress (the
    pot, or the one fixed bet), settled with ``_full`` as the turn passes.
    """

    __slots__ = (
        "_acted_at",
        "_actor",
        "_aggressor",
        "_bet",
        "_bet_cap",
        "_bets_made",
        "_board",
        "_clockwise",
        "_committed",
        "_current",
        "_dead",
        "_deal_to",
        "_deck",
        "_events",
        "_exposed",
        "_folded",
        "_full",
        "_game",
        "_hole",
        "_hole_at",
        "_kill_on_timeout",
        "_level",
        "_limited",
        "_min_raise",
        "_most",
        "_mucked",
        "_n",
        "_n_in",
        "_n_live",
        "_odd_chip_rule",
        "_opening_bet",
        "_others",
        "_over",
        "_phase",
        "_pos",
        "_pot_gap",
        "_seats",
        "_setup",
        "_show_queue",
        "_stack",
        "_start",
        "_street",
        "_table_all",
        "_unit",
    )

    _setup: HandSetup
    _n: int
    _seats: tuple[int, ...]
    _pos: dict[int, int] | None
    _start: int
    _clockwise: list[tuple[int, ...]]
    _others: list[tuple[int, ...]]
    _stack: list[int]
    _bet: list[int]
    _committed: list[int]
    _dead: int
    _folded: list[bool]
    _acted_at: list[int]
    _hole: list[tuple[Card, ...]]
    _hole_at: int
    _deal_to: tuple[int, ...]
    _board: list[Card]
    _deck: Deck
    _events: list[HandEvent]
    _street: int
    _phase: HandPhase
    _over: bool
    _current: int
    _min_raise: int
    _opening_bet: int
    _actor: int
    _full: int
    _aggressor: int
    _n_in: int
    _n_live: int
    _kill_on_timeout: bool
    _table_all: bool
    _mucked: list[bool]
    _show_queue: list[int]
    _exposed: bool
    _unit: int
    _game: Game
    _odd_chip_rule: OddChipRule
    # Betting structures other than no-limit (`pitboss.engine.betting_limits`): ``_limited`` is 0 in
    # no-limit (nothing below is read), 1 in pot-limit, 2 in fixed-limit.
    _limited: int
    _most: int
    _pot_gap: int
    _level: int
    _bets_made: int
    _bet_cap: int

    def _deal_street(self, street: int) -> None:
        """Burn one card and deal the flop, turn or river (TDA 38)."""
        burn, cards = self._deck.burn_and_deal(3 if street == 1 else 1)
        name: Street = STREETS[street]
        # `record_builders.card_burned` and `board_dealt`, in line (two calls less a street):
        burned = _BurnedTwin()
        burned.street = name
        burned.card = burn
        burned.__class__ = CardBurned
        dealt = _BoardTwin()
        dealt.street = name
        dealt.cards = cards
        dealt.__class__ = BoardDealt
        self._events += (burned, dealt)
        self._board.extend(cards)
        self._street = street
