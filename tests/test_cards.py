"""Cards and the deck."""

from __future__ import annotations

import random

import pytest

from pitboss.cards import FULL_DECK, Card, Deck, Rank, Suit, format_cards, parse_cards
from pitboss.errors import CardError


def test_card_code_is_rank_times_four_plus_suit() -> None:
    assert Card.parse("2c") == 0
    assert Card.parse("As") == 51
    assert Card.parse("Td").code == Rank.TEN * 4 + Suit.DIAMONDS
    assert Card.of(Rank.ACE, Suit.HEARTS) == Card.parse("Ah")


@pytest.mark.parametrize("text", ["As", "Td", "7c", "2h", "Ks"])
def test_parse_and_format_round_trip(text: str) -> None:
    assert str(Card.parse(text)) == text


def test_ten_written_as_10_is_read() -> None:
    assert Card.parse("10d") == Card.parse("Td")
    assert parse_cards("10dJc") == [Card.parse("Td"), Card.parse("Jc")]


def test_rank_is_case_insensitive() -> None:
    assert Card.parse("ah") == Card.parse("Ah")


@pytest.mark.parametrize("text", ["1x", "", "A", "Ax", "Zs", "10", "100d", "AsK"])
def test_bad_text_is_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_error_message_names_what_is_allowed() -> None:
    with pytest.raises(CardError) as info:
        Card.parse("1x")
    assert str(info.value) == (
        "'1x' is not a card: rank must be one of 23456789TJQKA, suit one of cdhs"
    )
    assert info.value.code == "bad_card"


def test_card_codes_outside_the_deck_are_rejected() -> None:
    with pytest.raises(CardError, match="0 to 51"):
        Card(52)


def test_repr_can_be_pasted_back() -> None:
    card = Card.parse("Qh")
    assert eval(repr(card)) == card


def test_cards_order_by_rank_then_suit() -> None:
    assert Card.parse("As") > Card.parse("Ah") > Card.parse("Ks") > Card.parse("2s")


def test_parse_cards_reads_lists_in_several_spellings() -> None:
    expected = [Card.parse("Ah"), Card.parse("Kd")]
    assert parse_cards("AhKd") == expected
    assert parse_cards("Ah Kd") == expected
    assert parse_cards("Ah,Kd") == expected
    assert parse_cards(["Ah", "Kd"]) == expected
    assert format_cards(expected) == "AhKd"


def test_deck_has_52_distinct_cards() -> None:
    deck = Deck(random.Random(1))
    dealt = [deck.deal() for _ in range(52)]
    assert sorted(dealt) == list(FULL_DECK)
    with pytest.raises(CardError, match="empty"):
        deck.deal()


def test_seeded_decks_shuffle_the_same_way_and_differently_by_seed() -> None:
    a = Deck(random.Random(7)).remaining()
    b = Deck(random.Random(7)).remaining()
    c = Deck(random.Random(8)).remaining()
    assert a == b
    assert a != c


def test_default_deck_is_shuffled_by_the_os_csprng() -> None:
    orders = {tuple(Deck().remaining()) for _ in range(3)}
    assert len(orders) == 3


def test_burn_takes_the_next_card_out_of_play() -> None:
    deck = Deck.stacked(parse_cards("AsKsQs"))
    assert deck.burn() == Card.parse("As")
    assert deck.deal() == Card.parse("Ks")
    assert deck.burned == [Card.parse("As")]
    assert len(deck) == 1


def test_dead_cards_are_removed() -> None:
    dead = parse_cards("AsKd")
    deck = Deck(random.Random(3), dead=dead)
    assert len(deck) == 50
    assert not set(dead) & set(deck.remaining())


def test_stacked_deck_rejects_duplicates() -> None:
    with pytest.raises(CardError, match="given twice"):
        Deck.stacked(parse_cards("AsAs"))
