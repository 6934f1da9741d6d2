"""``DrawDeck``: the shuffle drawn card by card as the hand deals (still uniform, reproducible)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.helpers import table
from pitboss.cards import FULL_DECK, Card, Deck
from pitboss.engine import DrawDeck, Hand
from pitboss.errors import CardError


def test_the_same_seed_deals_the_same_cards() -> None:
    a = DrawDeck(random.Random(5))
    b = DrawDeck(random.Random(5))
    assert [a.deal() for _ in range(9)] + a.deal_many(7) == [b.deal() for _ in range(9)] + (
        b.deal_many(7)
    )
    assert a.remaining() == b.remaining()


def test_every_card_is_dealt_once_and_remaining_completes_the_deck() -> None:
    deck = DrawDeck(random.Random(1))
    dealt = [*deck.deal_many(12), deck.deal(), deck.burn(), *deck.deal_many(3)]
    rest = deck.remaining()
    assert len(deck) == 52 - 17
    assert sorted([*dealt, *rest]) == list(FULL_DECK)
    assert deck.burned == [dealt[13]]
    assert [deck.deal() for _ in range(len(rest))] == rest  # remaining() fixed the order
    with pytest.raises(CardError, match="empty"):
        deck.deal()


def test_dead_cards_are_left_out() -> None:
    dead = [Card(0), Card(51)]
    deck = DrawDeck(random.Random(2), dead=dead)
    cards = deck.deal_many(50)
    assert set(cards) == set(FULL_DECK) - set(dead)
    with pytest.raises(CardError, match="1 cannot be dealt"):
        deck.deal_many(1)


@pytest.mark.parametrize("bulk", [False, True])
def test_the_deal_is_uniform(bulk: bool) -> None:
    """Each card lands in each of the first three dealt positions about equally often (a chi-
    square test at a 1-in-a-million false alarm rate: 51 degrees of freedom, bound 110)."""
    rng = random.Random(20_261_129)
    draws = 15_600
    counts = [Counter[int]() for _ in range(3)]
    for _ in range(draws):
        deck = DrawDeck(rng)
        cards = deck.deal_many(3) if bulk else [deck.deal() for _ in range(3)]
        for position, card in enumerate(cards):
            counts[position][card] += 1
    expected = draws / 52
    for counter in counts:
        assert len(counter) == 52
        chi2 = sum((counter[c] - expected) ** 2 / expected for c in range(52))
        assert chi2 < 110, chi2


def test_a_hand_dealt_from_a_draw_deck_is_reproducible_by_seed() -> None:
    setup = table([1000] * 6)
    one = Hand(setup, DrawDeck(random.Random(7)))
    two = Hand(setup, DrawDeck(random.Random(7)))
    other = Hand(setup, Deck(random.Random(7)))
    assert one.events == two.events
    assert len({one.hole_cards(s) for s in range(1, 7)}) == 6
    assert [one.hole_cards(s) for s in range(1, 7)] != [other.hole_cards(s) for s in range(1, 7)]
