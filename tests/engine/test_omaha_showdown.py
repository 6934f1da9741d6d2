"""Omaha and Omaha high-low in the engine: four hole cards dealt one at a time, the best five of
exactly two with three board cards, and each pot of high-low split between the best high and
the best eight-or-better low, the odd chip to the high (TDA 20, SLPT 1)."""

from __future__ import annotations

import random

import pytest

from engine.helpers import act, deal, of_type, table
from pitboss.cards import FULL_DECK, Deck, parse_cards
from pitboss.engine import (
    Action,
    DrawDeck,
    Hand,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    PotAwarded,
    PotHalf,
    RecordedHand,
    SeatSpec,
    deal_order,
    replay,
    visible_to,
)
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules.games import Game
from pitboss.rules.mapping import to_mapping

HIGH, LOW = PotHalf.HIGH, PotHalf.LOW


def omaha(stacks: list[int], game: Game = Game.OMAHA, **kwargs: object) -> HandSetup:
    return table(stacks, **kwargs)._replace(game=game)  # type: ignore[arg-type]


def awards(hand: Hand) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...], object]]:
    return [
        (a.pot, a.amount, a.winners, a.shares, a.half) for a in of_type(hand.events, PotAwarded)
    ]


def chips(hand: Hand) -> int:
    return sum(hand.stacks.values()) + hand.pot


# -- the deal ---------------------------------------------------------------------------------


def test_omaha_deals_four_hole_cards_one_at_a_time_from_the_left_of_the_button() -> None:
    setup = omaha([1000, 1000, 1000])  # button seat 3: seat 1 gets the first card
    first = parse_cards("2c3c4c5c6c7c8c9cTcJcQcKc")
    hand = Hand(setup, Deck.stacked([*first, *(c for c in FULL_DECK if c not in first)]))
    dealt = {e.seat: e.cards for e in of_type(hand.events, HoleCardsDealt)}
    assert dealt == {
        1: tuple(parse_cards("2c5c8cJc")),
        2: tuple(parse_cards("3c6c9cQc")),
        3: tuple(parse_cards("4c7cTcKc")),
    }
    assert hand.hole_cards(2) == tuple(parse_cards("3c6c9cQc"))


def test_a_shuffled_omaha_deal_gives_distinct_cards_and_replays() -> None:
    rng = random.Random(30)
    for _ in range(50):
        setup = omaha([1000] * 9, Game.OMAHA_HI_LO)
        hand = Hand(setup, DrawDeck(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.can_show:
                hand.apply(Action.show())
            else:
                hand.apply(Action.check() if legal.can_check else Action.call())
        hole = [c for e in of_type(hand.events, HoleCardsDealt) for c in e.cards or ()]
        assert len(hole) == 36
        assert len(set(hole) | set(hand.board)) == 41
        assert replay(setup, hand.events).events == hand.events


def test_from_cards_takes_the_games_number_of_hole_cards() -> None:
    setup = omaha([1000, 1000])
    with pytest.raises(HandSetupError) as caught:
        deal_order(setup, hole={1: parse_cards("AsKs")})
    assert caught.value.code == "bad_hole_cards"
    assert "4 hole cards in Omaha" in caught.value.message
    hand = deal(setup, {1: "AsKsQsJs"}, "2c3d4h")
    assert hand.hole_cards(1) == tuple(parse_cards("AsKsQsJs"))
    assert len(hand.hole_cards(2)) == 4


def test_the_game_may_be_given_as_its_value_and_anything_else_is_refused() -> None:
    hand = deal(table([1000, 1000])._replace(game="omaha"), {1: "AsKsQsJs"})  # type: ignore[arg-type]
    assert len(hand.hole_cards(2)) == 4
    with pytest.raises(HandSetupError) as caught:
        Hand(table([1000, 1000])._replace(game="stud"), DrawDeck(random.Random(1)))  # type: ignore[arg-type]
    assert caught.value.code == "bad_game"


def test_more_omaha_players_than_one_deck_deals_are_refused() -> None:
    """Eleven players take 44 hole cards, three burns and five board cards: the whole deck."""
    Hand(omaha([1000] * 11), DrawDeck(random.Random(1)))
    with pytest.raises(HandSetupError) as caught:
        Hand(omaha([1000] * 12), DrawDeck(random.Random(1)))
    assert caught.value.code == "too_many_players"
    assert caught.value.params["max_players"] == 11


def test_a_players_view_hides_the_other_four_card_hands() -> None:
    hand = deal(omaha([1000, 1000]), {1: "AsKsQsJs", 2: "2c3c4c5c"})
    seen = {e.seat: e.cards for e in of_type(visible_to(hand.events, 1), HoleCardsDealt)}
    assert seen == {1: tuple(parse_cards("AsKsQsJs")), 2: None}


# -- Omaha high: exactly two hole cards ------------------------------------------------------


def test_omaha_showdown_plays_exactly_two_hole_cards() -> None:
    """Seat 1's one heart with the board's four is no flush in Omaha (Hold'em would read an
    ace-high flush); seat 2's 5-4 with the board's 8-7-6 is a straight and wins."""
    hand = deal(
        omaha([1000, 1000, 1000]), {1: "AhKcKd3s", 2: "Td5c4d4s", 3: "QcQdJs2s"}, "9h8h7h6h2c"
    )
    act(hand, "3:c 1:c 2:x " + "1:x 2:x 3:x " * 3)
    act(hand, "s s s")
    assert [len(t.cards) for t in of_type(hand.events, HandTabled)] == [4, 4, 4]
    assert awards(hand) == [(0, 300, (2,), (300,), None)]
    assert hand.final_stacks == {1: 900, 2: 1200, 3: 900}


def test_omaha_ties_split_by_the_odd_chip_rule() -> None:
    hand = deal(
        omaha([1000, 1000, 1000], small_blind=25, big_blind=50),
        {1: "AsKd4c5c", 2: "AcKh6d7d", 3: "2h3h8s8c"},
        "QsJdTh2c3d",
    )
    act(hand, "3:c 1:c 2:x 1:b75 2:c 3:f 1:x 2:x 1:x 2:x s s")
    assert awards(hand) == [(0, 300, (1, 2), (150, 150), None)]
    hand = deal(
        omaha([1000, 1000, 1000], small_blind=25, big_blind=50),
        {1: "AsKd4c5c", 2: "AcKh6d7d", 3: "2h3h8s8c"},
        "QsJdTh2c3d",
    )
    act(hand, "3:c 1:c 2:x 1:b75 2:f 3:c 1:x 3:x 1:x 3:x s s")  # one hand: no split
    assert awards(hand) == [(0, 300, (1,), (300,), None)]


# -- Omaha high-low: the pot split in half ----------------------------------------------------

HI_LO_HOLES = {1: "KhQdJdTd", 2: "Ah2h9s9c", 3: "8s6sJcJh"}
"""On 3c 4d 7h Kc Ks: seat 1 three kings and no low; seat 2 7-4-3-2-A (the best low); seat 3
kings and jacks, and 8-7-6-4-3."""
HI_LO_BOARD = "3c4d7hKcKs"


def test_hi_lo_splits_the_pot_between_the_best_high_and_the_best_low() -> None:
    """375 chips: 188 to the high half, 187 to the low (TDA 20: the odd chip to the high)."""
    setup = omaha([1000, 1000, 1000], Game.OMAHA_HI_LO, small_blind=25, big_blind=50)
    hand = deal(setup, HI_LO_HOLES, HI_LO_BOARD)
    act(hand, "3:c 1:c 2:x 1:b75 2:c 3:c " + "1:x 2:x 3:x " * 2 + "s s s")
    assert awards(hand) == [(0, 188, (1,), (188,), HIGH), (0, 187, (2,), (187,), LOW)]
    assert hand.final_stacks == {1: 1063, 2: 1062, 3: 875}
    assert chips(hand) == 3000
    assert replay(setup, hand.events).events == hand.events


def test_hi_lo_without_a_qualifying_low_the_high_takes_the_whole_pot() -> None:
    setup = omaha([1000, 1000], Game.OMAHA_HI_LO)
    hand = deal(setup, {1: "KhQdJdTd", 2: "9s9cJcJh"}, "3c4d7hKcKs")  # no low in either hand
    act(hand, "1:c 2:x " + "2:x 1:x " * 3 + "s s")
    assert awards(hand) == [(0, 200, (1,), (200,), None)]
    hand = deal(setup, {1: "KhQdJdTd", 2: "Ah2h5s6c"}, "3c9d7hKcKs")  # two low board cards
    act(hand, "1:c 2:x " + "2:x 1:x " * 3 + "s s")
    assert awards(hand) == [(0, 200, (1,), (200,), None)]


def test_hi_lo_one_hand_may_scoop_both_halves() -> None:
    setup = omaha([1000, 1000], Game.OMAHA_HI_LO)
    hand = deal(setup, {1: "As2sKdKh", 2: "QcQdJcJh"}, "3s4s5sKcTd")  # a steel wheel: both
    act(hand, "1:c 2:x " + "2:x 1:x " * 3 + "s s")
    assert awards(hand) == [(0, 100, (1,), (100,), HIGH), (0, 100, (1,), (100,), LOW)]
    assert hand.final_stacks == {1: 1100, 2: 900}


def test_hi_lo_tied_lows_quarter_the_pot_and_the_odd_chip_goes_left_of_the_button() -> None:
    """375 chips: the high half 188 to seat 1; the low half 187 between seats 2 and 3, who tie
    with 7-4-3-2-A: 94 to seat 2, the first left of the button (seat 3), 93 to seat 3."""
    setup = omaha([1000, 1000, 1000], Game.OMAHA_HI_LO, small_blind=25, big_blind=50)
    hand = deal(setup, {1: "KhQdJdTd", 2: "Ah2h9s9c", 3: "Ad2dJcJh"}, HI_LO_BOARD)
    act(hand, "3:c 1:c 2:x 1:b75 2:c 3:c " + "1:x 2:x 3:x " * 2 + "s s s")
    assert awards(hand) == [(0, 188, (1,), (188,), HIGH), (0, 187, (2, 3), (94, 93), LOW)]
    assert chips(hand) == 3000


def test_hi_lo_tied_highs_split_the_high_half() -> None:
    """615 chips: the low half 307 to seat 3 (7-6-3-2-A); the high half 308 between seats 1 and
    2, whose ten-high straights tie."""
    setup = omaha([1000, 1000, 1000], Game.OMAHA_HI_LO)
    hand = deal(setup, {1: "9sThAdAc", 2: "9dTcQhQd", 3: "Ah3sJcJh"}, "6c7d8hKs2c")
    act(hand, "3:c 1:c 2:x 1:b105 2:c 3:c " + "1:x 2:x 3:x " * 2 + "s s s")
    assert awards(hand) == [(0, 308, (1, 2), (154, 154), HIGH), (0, 307, (3,), (307,), LOW)]
    hand = deal(setup, {1: "AsKd9c9d", 2: "AcKhTsTd", 3: "2h3h8s8c"}, "QsJdTh4c5d")
    act(hand, "3:c 1:c 2:x " + "1:x 2:x 3:x " * 3 + "s s s")
    assert awards(hand) == [(0, 300, (1, 2), (150, 150), None)]  # two low board cards: no low


def test_hi_lo_side_pots_are_each_split_in_half() -> None:
    """Seat 2 all-in for 300 with the best low wins the main pot's low half; seat 3's worse
    low still takes the side pot's low half, where seat 2 is not eligible (TDA 21)."""
    setup = omaha([1000, 300, 1000], Game.OMAHA_HI_LO)
    hand = deal(setup, HI_LO_HOLES, HI_LO_BOARD)
    act(hand, "3:r300 1:c 2:c 1:b200 3:c 1:x 3:x 1:x 3:x")
    assert awards(hand) == [
        (1, 200, (1,), (200,), HIGH),
        (1, 200, (3,), (200,), LOW),
        (0, 450, (1,), (450,), HIGH),
        (0, 450, (2,), (450,), LOW),
    ]
    assert hand.final_stacks == {1: 1150, 2: 450, 3: 700}
    assert sum(hand.final_stacks.values()) == 2300


def test_a_pot_too_small_to_halve_in_the_smallest_chip_goes_to_the_high_hand() -> None:
    """A side pot of 20 with 25 the smallest chip: it cannot be halved (TDA 20: break down to
    the smallest chip; the odd chip to the high), so the high hand takes it."""
    setup = omaha([1000, 1010, 1050], Game.OMAHA_HI_LO, chip_unit=25)
    hand = deal(setup, {1: "8s6sJcJh", 2: "Ah2h9s9c", 3: "KhQdJdTd"}, HI_LO_BOARD)
    act(hand, "3:r1050 1:c 2:c")
    assert awards(hand) == [
        (1, 20, (3,), (20,), HIGH),
        (0, 1500, (3,), (1500,), HIGH),
        (0, 1500, (2,), (1500,), LOW),
    ]


# -- the record -------------------------------------------------------------------------------


def test_a_whole_pot_award_is_written_as_before_and_a_half_says_which() -> None:
    """Logs written before high-low read the same: ``half`` is left out while it is None."""
    whole = PotAwarded(pot=0, amount=100, eligible=(1, 2), winners=(1,), shares=(100,))
    assert "half" not in to_mapping(whole)
    low = PotAwarded(pot=0, amount=50, eligible=(1, 2), winners=(2,), shares=(50,), half=LOW)
    assert to_mapping(low)["half"] == "low"


def test_a_recorded_hi_lo_hand_reads_four_card_hands_and_splits_the_pot() -> None:
    setup = omaha([1000, 1000, 1000], Game.OMAHA_HI_LO)
    hand = RecordedHand(setup)
    act(hand, "3:c 1:c 2:x " + "1:x 2:x 3:x " * 3)
    assert hand.is_awaiting_award
    with pytest.raises(IllegalAction) as caught:
        hand.read_hands({1: "KhQd"}, board=HI_LO_BOARD)
    assert caught.value.code == "bad_hole_cards"
    pushed = hand.read_hands(
        {s: parse_cards(c) for s, c in HI_LO_HOLES.items()}, board=parse_cards(HI_LO_BOARD)
    )
    assert [(a.amount, a.winners, a.half) for a in pushed] == [(150, (1,), HIGH), (150, (2,), LOW)]
    assert hand.final_stacks == {1: 1050, 2: 1050, 3: 900}


def test_holdem_is_unchanged_two_cards_and_whole_pots() -> None:
    setup = table([1000, 1000])
    assert setup.game is Game.HOLDEM
    hand = Hand(setup, DrawDeck(random.Random(5)))
    assert all(len(e.cards or ()) == 2 for e in of_type(hand.events, HoleCardsDealt))
    seats = tuple(SeatSpec(seat=s, player=f"p{s}", stack=1000) for s in (1, 2))
    assert HandSetup(seats, 1, 1, 2, 50, 100).game is Game.HOLDEM
