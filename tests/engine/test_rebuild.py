"""Replaying a hand's events rebuilds the same state; a record that disagrees is rejected."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.helpers import act, deal, table
from pitboss.cards import Deck
from pitboss.engine import Acted, AnteMode, CardBurned, Hand, recorded_deck, replay, visible_to
from pitboss.errors import HandSetupError


def played() -> Hand:
    setup = table([1000, 400, 1000, 60], ante=10, ante_mode=AnteMode.PER_PLAYER)
    hand = Hand(setup, Deck(random.Random(7)))
    act(hand, "3:r300 4:c 1:c 2:c")
    act(hand, "1:b200 2:c 3:t")
    while not hand.is_over:
        legal = hand.legal_actions()
        act(hand, "s" if legal.is_showdown else ("x" if legal.can_check else "c"))
    return hand


def test_replaying_the_events_gives_the_same_final_state() -> None:
    hand = played()
    again = replay(hand.setup, hand.events)
    assert again.events == hand.events
    assert again.final_stacks == hand.final_stacks
    assert again.board == hand.board


def test_replaying_part_of_a_hand_gives_the_state_at_that_point() -> None:
    hand = deal(table([1000] * 3))
    act(hand, "3:r300 1:c")
    again = replay(hand.setup, hand.events)
    assert again.actor == hand.actor == 2
    assert again.legal_actions() == hand.legal_actions()
    assert again.stacks == hand.stacks


def test_replay_rejects_a_record_that_breaks_the_rules() -> None:
    hand = played()
    events = list(hand.events)
    i = next(k for k, e in enumerate(events) if isinstance(e, Acted) and e.to == 300)
    events[i] = dataclasses.replace(events[i], to=150, amount=150)  # type: ignore[type-var]
    with pytest.raises(HandSetupError) as info:
        replay(hand.setup, events)
    assert info.value.code == "replay_mismatch"


def test_replay_rejects_a_record_with_hidden_cards() -> None:
    hand = played()
    with pytest.raises(HandSetupError, match="hides"):
        replay(hand.setup, visible_to(hand.events, 1))


def test_recorded_deck_deals_the_same_cards() -> None:
    """The recorded deck is the live deal's order: both hole-card rounds from the left of the
    button (seat 1 here: the button is seat 4), then each burn before its board cards (TDA 38).
    """
    hand = played()
    dealt = Deck(random.Random(7))  # the same shuffle as the live hand's deck
    expected = [dealt.deal() for _ in range(2 * 4 + 3 + 5)]
    deck = recorded_deck(hand.events)
    assert deck == expected
    holes = [hand.hole_cards(seat) for seat in (1, 2, 3, 4)]
    assert deck[:8] == [c for c, _ in holes] + [c for _, c in holes]
    assert (deck[9:12], deck[13], deck[15]) == (list(hand.board[:3]), *hand.board[3:])
    assert [deck[8], deck[12], deck[14]] == [
        e.card for e in hand.events if isinstance(e, CardBurned)
    ]
    again = Hand(hand.setup, Deck.stacked(deck))
    assert [again.hole_cards(s) for s in (1, 2, 3, 4)] == holes
