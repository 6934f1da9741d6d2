"""Fast builders for the records the engine makes on every decision.

The records are frozen dataclasses with slots (`pitboss.engine.hand_events`, ``LegalActions``):
every user gets them as they are, equal and hashable by value and type, with
``dataclasses.replace``/``fields`` and keyword construction. Their generated ``__init__`` sets
each field through ``object.__setattr__`` (the frozen class's own ``__setattr__`` refuses),
about 14,500 machine instructions for a 7-field ``Acted``. A builder here fills a *twin*, a
subclass of the record that adds no slots and stores attributes as a plain class does, by
ordinary attribute stores, then gives the object the record's class (``__class__``
assignment, which CPython allows between classes of identical layout): about 2,200
instructions. From then on it is the frozen record, equal, hashable and immutable like one the
constructor makes (``tests/engine/test_records.py`` checks every builder against the
constructor, field by field, and that each is frozen).

Kept because the benchmark shows it is needed (``benchmarks/bench_engine.py --records``, which
swaps in the plain alternatives and times them in the same run): a hand makes about 52 records
(17.8 ``LegalActions``, 16 ``Acted``, the deal, the push). The plainest fast construct that
keeps the records frozen dataclasses, ``object.__new__`` and each slot's member descriptor
``__set__`` (6,200 instructions an ``Acted``), costs the engine about 18 % of its hands per
second, and the dataclass constructor far more (see BENCHMARKS.md). ``typing.NamedTuple``
records (3,400 instructions) were not taken: they compare equal to plain tuples and to one
another across types (a ``HoleCardsDealt`` equal to a ``HandTabled`` of the same seat and
cards, which ``replay`` would not catch), iterate as their fields, take positional
arguments, and ``dataclasses.replace``/``fields`` no longer work on them
(``events.visible_to``, the history tests).
"""

from __future__ import annotations

from typing import Any

from pitboss.cards import Card
from pitboss.engine.actions import ActionKind, LegalActions
from pitboss.engine.hand_events import (
    Acted,
    BetReturned,
    BoardDealt,
    CardBurned,
    HandEnded,
    HandTabled,
    HoleCardsDealt,
    Posted,
    PotAwarded,
    PotHalf,
    Street,
)
from pitboss.engine.setup import PostKind


def _twin(cls: type) -> Any:
    """A subclass of ``cls`` that adds nothing and stores attributes as a plain class does.

    Its ``__setattr__``, ``__delattr__`` and ``__init__`` are `object`'s own (both of the
    first two, so CPython gives the class the generic attribute store, which the interpreter
    specialises for slots, instead of the frozen class's refusal). Giving a twin the record's
    class passes CPython's layout check in one step, a subclass with no slots of its own:
    about 260 CPU instructions a record less than a separate class with the same slots, whose
    slot names CPython compares one by one.
    """
    namespace = {
        "__slots__": (),
        "__setattr__": object.__setattr__,
        "__delattr__": object.__delattr__,
        "__init__": object.__init__,
    }
    return type(f"_{cls.__name__}Twin", (cls,), namespace)


_LegalTwin = _twin(LegalActions)
_ActedTwin = _twin(Acted)
_PostedTwin = _twin(Posted)
_HoleTwin = _twin(HoleCardsDealt)
_TabledTwin = _twin(HandTabled)
_BurnedTwin = _twin(CardBurned)
_BoardTwin = _twin(BoardDealt)
_PotTwin = _twin(PotAwarded)
_EndedTwin = _twin(HandEnded)
_ReturnedTwin = _twin(BetReturned)


def legal_betting(
    seat: int, can_check: bool, call_amount: int, low: int | None, high: int | None, unit: int
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


def legal_showdown(seat: int, unit: int) -> LegalActions:
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


def posted(seat: int, kind: PostKind, amount: int, is_all_in: bool, is_dead: bool) -> Posted:
    o = _PostedTwin()
    o.seat = seat
    o.kind = kind
    o.amount = amount
    o.is_all_in = is_all_in
    o.is_dead = is_dead
    o.__class__ = Posted
    return o  # type: ignore[no-any-return]


def hole_cards_dealt(seat: int, cards: tuple[Card, ...]) -> HoleCardsDealt:
    o = _HoleTwin()
    o.seat = seat
    o.cards = cards
    o.__class__ = HoleCardsDealt
    return o  # type: ignore[no-any-return]


def hand_tabled(seat: int, cards: tuple[Card, ...]) -> HandTabled:
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
    half: PotHalf | None = None,
) -> PotAwarded:
    o = _PotTwin()
    o.pot = pot
    o.amount = amount
    o.eligible = eligible
    o.winners = winners
    o.shares = shares
    o.is_uncontested = is_uncontested
    o.half = half
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
