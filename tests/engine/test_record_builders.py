"""The engine's record builders make exactly the values the normal constructors make."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

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
    Posted,
    PostKind,
    PotAwarded,
    Street,
)
from pitboss.engine import record_builders as records

A, B, C = parse_cards("AsKdQh")

CASES = [
    (
        "legal_betting",
        (3, False, 200, 400, 1000, 1),
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
        "legal_betting",
        (3, True, 0, None, None, 1),
        LegalActions(seat=3, can_fold=True, can_check=True),
    ),
    (
        "legal_betting",
        (3, True, 0, 50, 1000, 25),
        LegalActions(
            seat=3,
            can_fold=True,
            can_check=True,
            min_raise_to=50,
            max_raise_to=1000,
            chip_unit=25,
        ),
    ),
    ("legal_showdown", (5, 1), LegalActions(seat=5, can_show=True, can_muck=True)),
    (
        "legal_showdown",
        (5, 25),
        LegalActions(seat=5, can_show=True, can_muck=True, chip_unit=25),
    ),
    (
        "acted",
        (2, Street.TURN, ActionKind.RAISE, 300, 400, True, False),
        Acted(
            seat=2,
            street=Street.TURN,
            kind=ActionKind.RAISE,
            amount=300,
            to=400,
            is_all_in=True,
        ),
    ),
    (
        "acted",
        (4, Street.RIVER, ActionKind.FOLD, 0, 0, False, True),
        Acted(seat=4, street=Street.RIVER, kind=ActionKind.FOLD, timed_out=True),
    ),
    (
        "posted",
        (6, PostKind.BIG_BLIND, 70, True, False),
        Posted(seat=6, kind=PostKind.BIG_BLIND, amount=70, is_all_in=True),
    ),
    (
        "posted",
        (1, PostKind.SMALL_BLIND, 50, False, True),
        Posted(seat=1, kind=PostKind.SMALL_BLIND, amount=50, is_dead=True),
    ),
    ("hole_cards_dealt", (1, (A, B)), HoleCardsDealt(seat=1, cards=(A, B))),
    ("hand_tabled", (1, (A, B)), HandTabled(seat=1, cards=(A, B))),
    ("card_burned", (Street.FLOP, C), CardBurned(street=Street.FLOP, card=C)),
    (
        "board_dealt",
        (Street.FLOP, (A, B, C)),
        BoardDealt(street=Street.FLOP, cards=(A, B, C)),
    ),
    ("bet_returned", (4, 250), BetReturned(seat=4, amount=250)),
    ("hand_ended", (((1, 100), (2, 0)),), HandEnded(stacks=((1, 100), (2, 0)))),
    (
        "pot_awarded",
        (1, 900, (1, 2, 3), (2, 3), (450, 450), False),
        PotAwarded(pot=1, amount=900, eligible=(1, 2, 3), winners=(2, 3), shares=(450, 450)),
    ),
    (
        "pot_awarded",
        (0, 150, (3,), (3,), (150,), True),
        PotAwarded(
            pot=0, amount=150, eligible=(3,), winners=(3,), shares=(150,), is_uncontested=True
        ),
    ),
]


def build(name: str, args: tuple[object, ...]) -> object:
    builder: Any = getattr(records, name)
    return builder(*args)


@pytest.mark.parametrize(("name", "args", "constructed"), CASES)
def test_a_built_record_is_the_constructed_record(
    name: str, args: tuple[object, ...], constructed: object
) -> None:
    built = build(name, args)
    assert type(built) is type(constructed)
    assert built == constructed
    assert hash(built) == hash(constructed)
    assert repr(built) == repr(constructed)
    fields = dataclasses.fields(built)  # type: ignore[arg-type]
    assert [getattr(built, f.name) for f in fields] == [
        getattr(constructed, f.name) for f in fields
    ]
    assert dataclasses.replace(built) == constructed  # type: ignore[type-var]


@pytest.mark.parametrize(("name", "args", "constructed"), CASES)
def test_a_built_record_is_frozen(name: str, args: tuple[object, ...], constructed: object) -> None:
    built = build(name, args)
    for f in dataclasses.fields(built):  # type: ignore[arg-type]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(built, f.name, 9)
    assert built == constructed


def test_every_builder_is_checked_here() -> None:
    builders = {
        name
        for name, value in vars(records).items()
        if inspect.isfunction(value)
        and value.__module__ == records.__name__
        and not name.startswith("_")
    }
    assert builders == {name for name, _, _ in CASES}


def test_the_records_a_hand_builds_in_line_are_constructed_records_and_frozen() -> None:
    """``legal_actions()``, ``call``, ``raise_to`` and ``fold`` fill their records in line (a
    call less on the hot path): each is the record the constructor makes, and frozen."""
    from pitboss.cards import Deck
    from pitboss.engine import Hand, HandSetup, SeatSpec

    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=1_000) for s in (1, 2, 3)),
        button=3, small_blind_seat=1, big_blind_seat=2, small_blind=5, big_blind=10,
    )  # fmt: skip
    hand = Hand(setup, Deck.stacked(parse_cards("2c3c4c5c6c7c8c9cTcJcQcKcAc")))
    made = [hand.legal_actions(), hand.raise_to(30), hand.legal_actions(), hand.call()]
    made += [hand.legal_actions(), hand.fold(), hand.legal_actions()]
    assert [type(r) for r in made] == [LegalActions, Acted] * 3 + [LegalActions]
    for record in made:
        fields = dataclasses.fields(record)  # type: ignore[arg-type]
        constructed = type(record)(**{f.name: getattr(record, f.name) for f in fields})
        assert record == constructed
        assert hash(record) == hash(constructed)
        assert repr(record) == repr(constructed)
        for f in fields:
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(record, f.name, 9)
    assert made[1].kind is ActionKind.RAISE
    assert made[3].kind is ActionKind.CALL
    assert made[5].kind is ActionKind.FOLD
