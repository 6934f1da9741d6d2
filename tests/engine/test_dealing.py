"""Dealing: one card at a time from the left of the button, burns (TDA 38), heads-up dealing
(TDA 34B), no rabbit hunting (TDA 28, THC 18, SLPT 15), hidden cards per viewer."""

from __future__ import annotations

from engine.helpers import act, deal, of_type, table
from pitboss.cards import Card, Deck, parse_cards
from pitboss.engine import (
    BoardDealt,
    CardBurned,
    Hand,
    HoleCardsDealt,
    visible_to,
)


def stacked(n_cards: str) -> Deck:
    return Deck.stacked(parse_cards(n_cards))


DECK = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d"


def test_tda_38_hole_cards_one_at_a_time_starting_left_of_the_button() -> None:
    setup = table([1000] * 3)  # button 3: the deal starts at seat 1
    hand = Hand(setup, stacked(DECK))
    holes = {e.seat: e.cards for e in of_type(hand.events, HoleCardsDealt)}
    assert holes[1] == tuple(parse_cards("2c 5c"))
    assert holes[2] == tuple(parse_cards("3c 6c"))
    assert holes[3] == tuple(parse_cards("4c 7c"))
    assert [e.seat for e in of_type(hand.events, HoleCardsDealt)] == [1, 2, 3]


def test_tda_34b_heads_up_the_button_gets_the_last_card() -> None:
    setup = table([1000] * 2)  # button and small blind: seat 1
    hand = Hand(setup, stacked(DECK))
    holes = {e.seat: e.cards for e in of_type(hand.events, HoleCardsDealt)}
    assert holes[2] == tuple(parse_cards("2c 4c"))  # the big blind is dealt first
    assert holes[1] == tuple(parse_cards("3c 5c"))


def test_tda_38_one_burn_before_the_flop_the_turn_and_the_river() -> None:
    hand = Hand(table([1000] * 2), stacked(DECK))
    act(hand, "c x x x x x x x")
    burns = of_type(hand.events, CardBurned)
    boards = of_type(hand.events, BoardDealt)
    assert [b.card for b in burns] == parse_cards("6c Tc Qc")
    assert [b.cards for b in boards] == [
        tuple(parse_cards("7c 8c 9c")),
        tuple(parse_cards("Jc")),
        tuple(parse_cards("Kc")),
    ]
    kinds = [type(e).__name__ for e in hand.events if isinstance(e, CardBurned | BoardDealt)]
    assert kinds == ["CardBurned", "BoardDealt"] * 3


def test_tda_28_no_rabbit_hunting_undealt_cards_never_appear() -> None:
    hand = Hand(table([1000] * 3), stacked(DECK))
    act(hand, "3:r300 1:f 2:c")  # to the flop
    act(hand, "2:b200 3:f")  # the hand ends on the flop
    assert hand.is_over
    seen = set()
    for event in hand.events:
        for name in ("cards", "card"):
            value = getattr(event, name, None)
            if isinstance(value, tuple):
                seen.update(value)
            elif value is not None:
                seen.add(value)
    undealt = set(parse_cards(DECK)[6 + 4 :])  # past the flop and its burn
    assert not seen & undealt
    assert len(hand.board) == 3


def test_tda_28_a_hand_won_preflop_deals_no_board_at_all() -> None:
    hand = deal(table([1000] * 3))
    act(hand, "3:f 1:f")
    assert hand.is_over
    assert not of_type(hand.events, BoardDealt)
    assert not of_type(hand.events, CardBurned)


def test_hole_cards_are_hidden_from_everyone_but_their_owner() -> None:
    hand = deal(table([1000] * 3), {1: "AhKh", 2: "QsQd", 3: "7c2d"})
    mine = {e.seat: e.cards for e in of_type(visible_to(hand.events, 2), HoleCardsDealt)}
    assert mine == {1: None, 2: tuple(parse_cards("QsQd")), 3: None}
    public = of_type(visible_to(hand.events, None), HoleCardsDealt)
    assert all(e.cards is None for e in public)


def test_burned_cards_are_hidden_from_every_viewer() -> None:
    hand = deal(table([1000] * 2))
    act(hand, "c x")
    for viewer in (None, 1, 2):
        assert all(e.card is None for e in of_type(visible_to(hand.events, viewer), CardBurned))
    assert all(e.card is not None for e in of_type(hand.events, CardBurned))


def test_a_deck_of_its_own_kind_deals_the_hand_through_its_own_deal_and_burn() -> None:
    """The engine takes its cards in a few calls (`Deck.deal_many`, `Deck.burn_and_deal`); a
    deck class with its own ``deal`` or ``burn`` still deals every card through them."""

    class Counting(Deck):
        __slots__ = ("burns", "deals")

        def deal(self) -> Card:
            self.deals += 1
            return super().deal()

        def burn(self) -> Card:
            self.burns += 1
            return super().burn()

    deck = Counting.stacked(parse_cards(DECK))
    deck.deals = deck.burns = 0
    hand = Hand(table([1000] * 3), deck)
    act(hand, "c c x x x x x x x x x")
    plain = Hand(table([1000] * 3), stacked(DECK))
    act(plain, "c c x x x x x x x x x")
    assert hand.events == plain.events
    assert (deck.deals, deck.burns) == (6 + 3 + 5, 3)  # burn() deals its card through deal()
