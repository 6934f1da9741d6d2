"""Cards and the deck."""

from __future__ import annotations

import random

import numpy as np
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


def test_a_shuffled_deck_of_card_objects_deals_in_its_order_and_is_its_own_copy() -> None:
    cards = list(FULL_DECK)
    random.Random(4).shuffle(cards)
    deck = Deck.stacked(cards)
    first = cards[0]
    cards.reverse()  # the caller's list changing later does not change the deck
    assert deck.deal() == first
    assert len(deck) == 51
    with pytest.raises(CardError, match="given twice") as refused:
        Deck.stacked([*cards[:51], cards[7]])  # 52 Card objects, one of them twice
    assert refused.value.code == "duplicate_card"
    assert refused.value.params == {"card": str(cards[7])}


def test_deal_many_and_burn_and_deal_give_the_cards_deal_and_burn_give_one_at_a_time() -> None:
    cards = list(FULL_DECK)
    random.Random(5).shuffle(cards)
    one, many = Deck.stacked(cards), Deck.stacked(cards)
    assert many.deal_many(12) == [one.deal() for _ in range(12)]
    assert many.burn_and_deal(3) == (one.burn(), (one.deal(), one.deal(), one.deal()))
    assert many.burn_and_deal(1) == (one.burn(), (one.deal(),))
    assert many.burned == one.burned
    assert many.remaining() == one.remaining()


def test_a_deck_running_out_in_deal_many_refuses_as_deal_does_at_the_missing_card() -> None:
    many, one = Deck.stacked(parse_cards("AsKsQs")), Deck.stacked(parse_cards("AsKsQs"))
    with pytest.raises(CardError) as refused:
        many.deal_many(4)
    assert [one.deal() for _ in range(3)] == parse_cards("AsKsQs")
    with pytest.raises(CardError) as card_by_card:
        one.deal()
    assert (refused.value.code, refused.value.params) == ("deck_empty", {"dealt": 3})
    assert card_by_card.value.params == refused.value.params
    with pytest.raises(CardError, match="deck is empty"):
        Deck.stacked(parse_cards("AsKs")).burn_and_deal(3)


def test_a_deck_that_deals_its_own_way_is_dealt_through_its_deal_and_burn() -> None:
    class Announcing(Deck):
        __slots__ = ("said",)

        def deal(self) -> Card:
            card = super().deal()
            self.said.append(str(card))
            return card

    deck = Announcing.stacked(parse_cards("AsKsQsJsTs"))
    deck.said = []
    assert deck.deal_many(2) == parse_cards("AsKs")
    assert deck.burn_and_deal(1) == (Card.parse("Qs"), (Card.parse("Js"),))
    assert deck.said == ["As", "Ks", "Qs", "Js"]
    assert deck.burned == [Card.parse("Qs")]


# --- refusals: what comes from a person, a file or the network (issue 10) ----------------------

NOT_CODES = [True, False, 1.0, float("nan"), "5", "As", None, -1, 52, 10**30, [3], b"\x05"]


@pytest.mark.parametrize("value", NOT_CODES, ids=repr)
def test_card_refuses_anything_but_a_code_0_to_51(value: object) -> None:
    with pytest.raises(CardError, match="0 to 51") as raised:
        Card(value)
    assert raised.value.code == "bad_card_code"
    assert raised.value.params == {"code": repr(value)}


def test_card_takes_numpy_integers_as_codes() -> None:
    assert Card(np.int64(51)) is Card.parse("As")
    assert Card(np.uint8(0)) is Card.parse("2c")
    with pytest.raises(CardError):
        Card(np.True_)


@pytest.mark.parametrize("value", [5, None, 1.5, b"As", ["As"]], ids=repr)
def test_parse_refuses_what_is_not_text_with_a_card_error(value: object) -> None:
    with pytest.raises(CardError, match="not card text") as raised:
        Card.parse(value)
    assert raised.value.params == {"text": repr(value)}


@pytest.mark.parametrize("value", [5, None, 1.5], ids=repr)
def test_parse_cards_refuses_what_is_not_text_or_a_list_of_texts(value: object) -> None:
    with pytest.raises(CardError, match="not a list of cards"):
        parse_cards(value)
    with pytest.raises(CardError, match="not card text"):
        parse_cards(["As", value])


@pytest.mark.parametrize(
    ("rank", "suit", "code"),
    [
        (13, 0, "bad_rank"),
        (-1, 0, "bad_rank"),
        (True, 0, "bad_rank"),
        (12.0, 0, "bad_rank"),
        (Suit.SPADES, Rank.ACE, "bad_rank"),  # the arguments swapped
        (12, 4, "bad_suit"),
        (12, "s", "bad_suit"),
        (Rank.ACE, Rank.TWO, "bad_suit"),
    ],
)
def test_card_of_refuses_a_rank_or_suit_out_of_range(rank: object, suit: object, code: str) -> None:
    with pytest.raises(CardError) as raised:
        Card.of(rank, suit)
    assert raised.value.code == code
    assert raised.value.params


def test_card_of_takes_ranks_and_suits_or_their_numbers() -> None:
    assert Card.of(Rank.ACE, Suit.SPADES) == Card.of(12, 3) == Card.parse("As")


def test_decks_read_cards_as_codes_cards_or_text() -> None:
    assert Deck.stacked("AsKd").remaining() == parse_cards("AsKd")
    assert Deck.stacked([51, "Kd", Card.parse("Qh")]).remaining() == parse_cards("AsKdQh")
    assert len(Deck(random.Random(1), dead="AsKd")) == 50


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda: Deck.stacked(None), "bad_cards"),
        (lambda: Deck.stacked(5), "bad_cards"),
        (lambda: Deck.stacked(b"\x01\x02"), "bad_cards"),  # bytes are not card codes
        (lambda: Deck.stacked([1, True]), "bad_card_code"),
        (lambda: Deck.stacked([1, 1.0]), "bad_card_code"),
        (lambda: Deck.stacked([1, "Xx"]), "bad_card"),
        (lambda: Deck(random.Random(1), dead=7), "bad_cards"),
        (lambda: Deck(random.Random(1), dead=[-1]), "bad_card_code"),
        (lambda: Deck(object()), "bad_random_source"),
        (lambda: Deck(random.Random(1), shuffle="no"), "bad_shuffle"),
    ],
)
def test_decks_refuse_what_is_not_a_card_or_a_random_source(make: object, code: str) -> None:
    with pytest.raises(CardError) as raised:
        make()
    assert raised.value.code == code
    assert raised.value.params
