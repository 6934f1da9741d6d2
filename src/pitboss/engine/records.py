"""Fast builders for the records the engine makes on every decision.

A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__`` to get past its
own guard, about a microsecond per record. These builders set the slots directly through their
member descriptors instead. The result is the same frozen value the normal constructor builds
(equal, hashable, immutable); ``tests/engine/test_records.py`` checks every builder against it.
"""

from __future__ import annotations

from collections.abc import Callable
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

_new = object.__new__
Setter = Callable[[object, object], None]


def _slot(cls: type, name: str) -> Setter:
    return cast(Setter, cast(Any, cls.__dict__[name]).__set__)


_la = [
    _slot(LegalActions, name)
    for name in (
        "seat",
        "can_fold",
        "can_check",
        "call_amount",
        "min_raise_to",
        "max_raise_to",
        "can_show",
        "can_muck",
        "chip_unit",
    )
]
_la_seat, _la_fold, _la_check, _la_call, _la_min, _la_max, _la_show, _la_muck, _la_unit = _la


def legal_betting(
    seat: int, can_check: bool, call_amount: int, low: int | None, high: int | None, unit: int = 1
) -> LegalActions:
    """``LegalActions`` of a betting decision (folding is always allowed: THC 48)."""
    o = _new(LegalActions)
    _la_seat(o, seat)
    _la_fold(o, True)
    _la_check(o, can_check)
    _la_call(o, call_amount)
    _la_min(o, low)
    _la_max(o, high)
    _la_show(o, False)
    _la_muck(o, False)
    _la_unit(o, unit)
    return o


def legal_showdown(seat: int, unit: int = 1) -> LegalActions:
    """``LegalActions`` of a show-or-muck decision."""
    o = _new(LegalActions)
    _la_seat(o, seat)
    _la_fold(o, False)
    _la_check(o, False)
    _la_call(o, 0)
    _la_min(o, None)
    _la_max(o, None)
    _la_show(o, True)
    _la_muck(o, True)
    _la_unit(o, unit)
    return o


_ac = [
    _slot(Acted, name)
    for name in ("seat", "street", "kind", "amount", "to", "is_all_in", "timed_out")
]
_ac_seat, _ac_street, _ac_kind, _ac_amount, _ac_to, _ac_all_in, _ac_timed_out = _ac


def acted(
    seat: int,
    street: Street,
    kind: ActionKind,
    amount: int,
    to: int,
    is_all_in: bool,
    timed_out: bool,
) -> Acted:
    o = _new(Acted)
    _ac_seat(o, seat)
    _ac_street(o, street)
    _ac_kind(o, kind)
    _ac_amount(o, amount)
    _ac_to(o, to)
    _ac_all_in(o, is_all_in)
    _ac_timed_out(o, timed_out)
    return o


_hd_seat, _hd_cards = _slot(HoleCardsDealt, "seat"), _slot(HoleCardsDealt, "cards")


def hole_cards_dealt(seat: int, cards: tuple[Card, Card]) -> HoleCardsDealt:
    o = _new(HoleCardsDealt)
    _hd_seat(o, seat)
    _hd_cards(o, cards)
    return o


_ht_seat, _ht_cards = _slot(HandTabled, "seat"), _slot(HandTabled, "cards")


def hand_tabled(seat: int, cards: tuple[Card, Card]) -> HandTabled:
    o = _new(HandTabled)
    _ht_seat(o, seat)
    _ht_cards(o, cards)
    return o


_cb_street, _cb_card = _slot(CardBurned, "street"), _slot(CardBurned, "card")


def card_burned(street: Street, card: Card) -> CardBurned:
    o = _new(CardBurned)
    _cb_street(o, street)
    _cb_card(o, card)
    return o


_bd_street, _bd_cards = _slot(BoardDealt, "street"), _slot(BoardDealt, "cards")


def board_dealt(street: Street, cards: tuple[Card, ...]) -> BoardDealt:
    o = _new(BoardDealt)
    _bd_street(o, street)
    _bd_cards(o, cards)
    return o


_pa = [
    _slot(PotAwarded, name)
    for name in ("pot", "amount", "eligible", "winners", "shares", "is_uncontested")
]
_pa_pot, _pa_amount, _pa_eligible, _pa_winners, _pa_shares, _pa_uncontested = _pa


def pot_awarded(
    pot: int,
    amount: int,
    eligible: tuple[int, ...],
    winners: tuple[int, ...],
    shares: tuple[int, ...],
    is_uncontested: bool,
) -> PotAwarded:
    o = _new(PotAwarded)
    _pa_pot(o, pot)
    _pa_amount(o, amount)
    _pa_eligible(o, eligible)
    _pa_winners(o, winners)
    _pa_shares(o, shares)
    _pa_uncontested(o, is_uncontested)
    return o


_he_stacks = _slot(HandEnded, "stacks")


def hand_ended(stacks: tuple[tuple[int, int], ...]) -> HandEnded:
    o = _new(HandEnded)
    _he_stacks(o, stacks)
    return o


_br_seat, _br_amount = _slot(BetReturned, "seat"), _slot(BetReturned, "amount")


def bet_returned(seat: int, amount: int) -> BetReturned:
    o = _new(BetReturned)
    _br_seat(o, seat)
    _br_amount(o, amount)
    return o
