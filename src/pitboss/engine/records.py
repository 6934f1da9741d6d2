"""Fast builders for the records the engine makes on every decision.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` to get past its
own guard, about a microsecond per record. Each builder here fills a *twin*: a plain class with
exactly the record's slots (same names, same order, so the same memory layout), whose fields
are set by ordinary attribute stores; then it gives the object the record's class
(``__class__`` assignment, which CPython allows between classes of identical layout). From then
on it is the frozen record: equal, hashable and immutable like one built by the constructor,
in a fraction of the time. ``tests/engine/test_records.py`` checks every builder against the
constructor.
"""

from __future__ import annotations

from typing import Any, cast

from pitboss.cards import Card
from pitboss.engine.actions import ActionKind, LegalActions
from pitboss.engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    CardBurned,
    HandEnded,
    HandTabled,
    HoleCardsDealt,
    PotAwarded,
    Street,
)


def _twin(cls: type) -> type:
    """A mutable class with ``cls``'s slots, so an instance may become a ``cls``."""
    slots = cast(tuple[str, ...], cast(Any, cls).__slots__)
    return type(f"_{cls.__name__}Twin", (), {"__slots__": slots})


_LegalTwin: Any = _twin(LegalActions)
_ActedTwin: Any = _twin(Acted)
_HoleTwin: Any = _twin(HoleCardsDealt)
_TabledTwin: Any = _twin(HandTabled)
_BurnedTwin: Any = _twin(CardBurned)
_BoardTwin: Any = _twin(BoardDealt)
_PotTwin: Any = _twin(PotAwarded)
_EndedTwin: Any = _twin(HandEnded)
_ReturnedTwin: Any = _twin(BetReturned)


new_legal_actions: Any = _LegalTwin
"""Make an unfilled ``LegalActions`` twin: set all nine fields, then assign ``__class__``."""


def legal_betting(
    seat: int, can_check: bool, call_amount: int, low: int | None, high: int | None, unit: int = 1
) -> LegalActions:
    """``LegalActions`` of a betting decision (folding is always allowed: THC 48)."""
    o = _LegalTwin()
    o.seat = seat
    o.can_fold = True
    o.can_check = can_check
    o.call_amount = call_amount
    o.min_raise_to = low
    o.max_raise_to = high
    o.can_show = False
    o.can_muck = False
    o.chip_unit = unit
    o.__class__ = LegalActions
    return o  # type: ignore[no-any-return]


def legal_showdown(seat: int, unit: int = 1) -> LegalActions:
    """``LegalActions`` of a show-or-muck decision."""
    o = _LegalTwin()
    o.seat = seat
    o.can_fold = False
    o.can_check = False
    o.call_amount = 0
    o.min_raise_to = None
    o.max_raise_to = None
    o.can_show = True
    o.can_muck = True
    o.chip_unit = unit
    o.__class__ = LegalActions
    return o  # type: ignore[no-any-return]


def acted(
    seat: int,
    street: Street,
    kind: ActionKind,
    amount: int,
    to: int,
    is_all_in: bool,
    timed_out: bool,
) -> Acted:
    o = _ActedTwin()
    o.seat = seat
    o.street = street
    o.kind = kind
    o.amount = amount
    o.to = to
    o.is_all_in = is_all_in
    o.timed_out = timed_out
    o.__class__ = Acted
    return o  # type: ignore[no-any-return]


def hole_cards_dealt(seat: int, cards: tuple[Card, Card]) -> HoleCardsDealt:
    o = _HoleTwin()
    o.seat = seat
    o.cards = cards
    o.__class__ = HoleCardsDealt
    return o  # type: ignore[no-any-return]


def hand_tabled(seat: int, cards: tuple[Card, Card]) -> HandTabled:
    o = _TabledTwin()
    o.seat = seat
    o.cards = cards
    o.__class__ = HandTabled
    return o  # type: ignore[no-any-return]


def card_burned(street: Street, card: Card) -> CardBurned:
    o = _BurnedTwin()
    o.street = street
    o.card = card
    o.__class__ = CardBurned
    return o  # type: ignore[no-any-return]


def board_dealt(street: Street, cards: tuple[Card, ...]) -> BoardDealt:
    o = _BoardTwin()
    o.street = street
    o.cards = cards
    o.__class__ = BoardDealt
    return o  # type: ignore[no-any-return]


def pot_awarded(
    pot: int,
    amount: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: tuple[int, ...],
    is_uncontested: bool,
) -> PotAwarded:
    o = _PotTwin()
    o.pot = pot
    o.amount = amount
    o.eligible = eligible
    o.winners = winners
    o.shares = shares
    o.is_uncontested = is_uncontested
    o.__class__ = PotAwarded
    return o  # type: ignore[no-any-return]


def hand_ended(stacks: tuple[tuple[int, int], ...]) -> HandEnded:
    o = _EndedTwin()
    o.stacks = stacks
    o.__class__ = HandEnded
    return o  # type: ignore[no-any-return]


def bet_returned(seat: int, amount: int) -> BetReturned:
    o = _ReturnedTwin()
    o.seat = seat
    o.amount = amount
    o.__class__ = BetReturned
    return o  # type: ignore[no-any-return]
