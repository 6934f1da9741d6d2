"""`verify_action` refuses exactly what `Hand.apply` refuses, and changes nothing: a browser's
action is checked by the engine's own rules before it is taken (no rule written twice)."""

from __future__ import annotations

import random

import pytest

from pitboss.cards import Deck
from pitboss.engine import Action, ActionKind, Hand, HandSetup, SeatSpec
from pitboss.errors import IllegalAction
from pitboss.live import verify_action


def _candidates(hand: Hand) -> list[Action]:
    legal = hand.legal_actions()
    amounts = {0, 1, 19, 20, 40, 55, 500, 2500, 10_000}
    for value in (legal.min_raise_to, legal.max_raise_to):
        if value is not None:
            amounts |= {value - 1, value, value + 1}
    actions = [Action(kind=kind) for kind in ActionKind]
    actions += [Action(kind=kind, amount=a) for kind in ActionKind for a in sorted(amounts)]
    actions += [
        Action(kind=ActionKind.RAISE, amount=100.0),  # type: ignore[arg-type]
        Action(kind="bogus"),  # type: ignore[arg-type]
        Action(kind="call"),  # type: ignore[arg-type]
    ]
    return actions


@pytest.mark.parametrize("seed", range(12))
def test_verify_refuses_what_apply_refuses_and_changes_nothing(seed: int) -> None:
    rng = random.Random(seed)
    setup = HandSetup(
        seats=(
            SeatSpec(seat=1, player="a", stack=rng.choice((300, 1000, 5000))),
            SeatSpec(seat=4, player="b", stack=rng.choice((40, 1000, 2500))),
            SeatSpec(seat=7, player="c", stack=rng.choice((1000, 10_000))),
        ),
        button=7,
        small_blind_seat=1,
        big_blind_seat=4,
        small_blind=10,
        big_blind=20,
    )
    deck = Deck(rng)
    order = [deck.deal() for _ in range(52)]
    hand = Hand(setup, Deck.stacked(order))
    taken: list[Action] = []
    compared = 0
    while not hand.is_over:
        allowed = []
        for action in _candidates(hand):
            events = len(hand.events)
            try:
                verify_action(hand, action)
                verified = True
            except IllegalAction:
                verified = False
            assert len(hand.events) == events
            copy = Hand(setup, Deck.stacked(order))
            for earlier in taken:
                copy.apply(earlier)
            try:
                copy.apply(action)
                applied = True
            except IllegalAction:
                applied = False
            assert verified == applied, action
            compared += 1
            if applied:
                allowed.append(action)
        choice = rng.choice(allowed)
        hand.apply(choice)
        taken.append(choice)
    assert compared > 30
