"""The engine's fast record builders make exactly the values the normal constructors make."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.cards import parse_cards
from pitboss.engine import (
    Acted,
    ActionKind,
    BetReturned,
    BoardDealt,
    CardBurned,
    HandEnded,
    HandTabled,
    HoleCardsDealt,
    LegalActions,
    PotAwarded,
    Street,
    records,
)

A, B, C = parse_cards("AsKdQh")


@pytest.mark.parametrize(
    ("fast", "normal"),
    [
        (
            records.legal_betting(3, False, 200, 400, 1000),
            LegalActions(
                seat=3,
                can_fold=True,
                can_check=False,
                call_amount=200,
                min_raise_to=400,
                max_raise_to=1000,
            ),
        ),
        (
            records.legal_betting(3, True, 0, None, None),
            LegalActions(seat=3, can_fold=True, can_check=True),
        ),
        (records.legal_showdown(5), LegalActions(seat=5, can_show=True, can_muck=True)),
        (
            records.acted(2, Street.TURN, ActionKind.RAISE, 300, 400, True, False),
            Acted(
                seat=2,
                street=Street.TURN,
                kind=ActionKind.RAISE,
                amount=300,
                to=400,
                is_all_in=True,
            ),
        ),
        (records.hole_cards_dealt(1, (A, B)), HoleCardsDealt(seat=1, cards=(A, B))),
        (records.hand_tabled(1, (A, B)), HandTabled(seat=1, cards=(A, B))),
        (records.card_burned(Street.FLOP, C), CardBurned(street=Street.FLOP, card=C)),
        (
            records.board_dealt(Street.FLOP, (A, B, C)),
            BoardDealt(street=Street.FLOP, cards=(A, B, C)),
        ),
        (records.bet_returned(4, 250), BetReturned(seat=4, amount=250)),
        (records.hand_ended(((1, 100), (2, 0))), HandEnded(stacks=((1, 100), (2, 0)))),
        (
            records.pot_awarded(1, 900, (1, 2, 3), (2, 3), (450, 450), False),
            PotAwarded(pot=1, amount=900, eligible=(1, 2, 3), winners=(2, 3), shares=(450, 450)),
        ),
        (
            records.legal_betting(3, True, 0, 50, 1000, 25),
            LegalActions(
                seat=3,
                can_fold=True,
                can_check=True,
                min_raise_to=50,
                max_raise_to=1000,
                chip_unit=25,
            ),
        ),
    ],
)
def test_fast_records_equal_the_normal_ones(fast: object, normal: object) -> None:
    assert fast == normal
    assert hash(fast) == hash(normal)
    assert repr(fast) == repr(normal)
    assert type(fast) is type(normal)
    first = dataclasses.fields(fast)[0].name  # type: ignore[arg-type]
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(fast, first, 9)
