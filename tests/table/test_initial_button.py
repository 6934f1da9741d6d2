"""The first button: seat 1 (THC 9, 12) or a high-card draw (KY 6), and the KY 6 reseat."""

from __future__ import annotations

import random

import pytest
from table_helpers import seated

from pitboss.cards import Deck, parse_cards
from pitboss.errors import TableError
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import DrawTieBreak, InitialButton, TableRules

THC = RuleSet(table=TableRules(initial_button=InitialButton.SEAT_ONE))
KY = RuleSet(
    table=TableRules(
        initial_button=InitialButton.HIGH_CARD_DRAW,
        draw_tie_break=DrawTieBreak.FIRST_DEALT,
        reseat_by_draw=True,
    )
)


def test_thc_9_button_begins_at_seat_one() -> None:
    table = seated(range(1, 11), seats=11, rules=THC)
    assert table.place_initial_button() is None
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (1, 2, 3)


def test_thc_12_seat_one_empty_button_goes_to_first_player_after_it() -> None:
    table = seated([3, 5, 8], rules=THC)
    table.place_initial_button()
    assert table.plan_next_hand().button == 3


def test_ky_6_high_card_gets_the_button_and_the_cards_are_recorded() -> None:
    table = seated([1, 3, 5, 7])
    draw = table.place_initial_button(Deck.stacked(parse_cards("4c Kd 9h 2s")))
    assert draw is not None
    assert [(c.seat, str(c.card)) for c in draw.cards] == [
        (1, "4c"),
        (3, "Kd"),
        (5, "9h"),
        (7, "2s"),
    ]
    assert draw.button == 3
    plan = table.plan_next_hand()
    assert (plan.button, plan.small_blind, plan.big_blind) == (3, 5, 7)
    assert plan.button_draw == draw


def test_tda_draw_ties_broken_by_suit_by_default() -> None:
    """Robert's Rules suit order, the TDA-style default (RULES.md §5.3): spades beat hearts."""
    table = seated([1, 2, 3])
    draw = table.place_initial_button(Deck.stacked(parse_cards("Ah 5c As")))
    assert draw is not None
    assert draw.tie_break is DrawTieBreak.SUIT
    assert draw.button == 3


def test_ky_6_tie_first_card_dealt_gets_the_higher_value() -> None:
    """KY 6: "If two or more players draw the same card, the first card dealt gets the higher
    value"."""
    table = seated([1, 2, 3], rules=KY)
    draw = table.place_initial_button(Deck.stacked(parse_cards("Ah 5c As")))
    assert draw is not None
    assert draw.button == 1


def test_ky_6_others_reseat_to_the_dealers_left_high_card_to_low() -> None:
    """KY 6: "The remaining players will rearrange their positions at the table and sit to the
    left of the dealer in order, high card to lowest"."""
    table = seated([1, 2, 4, 6], rules=KY)
    draw = table.place_initial_button(Deck.stacked(parse_cards("3d Qs 7h Jc")))
    assert draw is not None
    assert draw.button == 2
    # Q (p2) deals; then J (p6), 7 (p4), 3 (p1) to the dealer's left: seats 4, 6, 1.
    assert dict(draw.reseats) == {"p2": 2, "p6": 4, "p4": 6, "p1": 1}
    assert [(p.seat, p.player) for p in table.players] == [
        (1, "p1"),
        (2, "p2"),
        (4, "p6"),
        (6, "p4"),
    ]
    plan = table.plan_next_hand()
    assert (plan.small_blind_player, plan.big_blind_player) == ("p6", "p4")


def test_ky_6_draw_with_a_shuffled_deck_is_reproducible_from_the_seed() -> None:
    first = seated(range(1, 11), seats=10, rules=KY)
    second = seated(range(1, 11), seats=10, rules=KY)
    a = first.place_initial_button(Deck(random.Random(11)))
    b = second.place_initial_button(Deck(random.Random(11)))
    assert a == b
    assert a is not None
    assert sorted(seat for _, seat in a.reseats) == list(range(1, 11))


def test_high_card_draw_needs_a_deck_and_changes_nothing_without_one() -> None:
    table = seated([1, 2, 3])
    with pytest.raises(TableError, match="pass a shuffled deck"):
        table.place_initial_button()
    assert table.next_big_blind() is None


def test_button_cannot_be_placed_again_once_the_button_moves() -> None:
    table = seated([1, 2, 3], button=1)
    plan = table.start_hand()
    table.finish_hand({s.player: s.stack for s in plan.seats})
    with pytest.raises(TableError, match="dead-button rule"):
        table.place_button(2)
    with pytest.raises(TableError, match="dead-button rule"):
        table.place_initial_button(Deck.stacked(parse_cards("2c 3c 4c")))


def test_recorded_button_draw_replays_without_drawing_again() -> None:
    """STYLE 2: a decision that involved chance records its outcome; replay never draws."""
    live = seated([1, 2, 4, 6], rules=KY)
    draw = live.place_initial_button(Deck.stacked(parse_cards("3d Qs 7h Jc")))
    assert draw is not None
    replayed = seated([1, 2, 4, 6], rules=KY)
    replayed.apply_button_draw(draw)
    assert replayed.players == live.players
    assert replayed.plan_next_hand() == live.plan_next_hand()


def test_recorded_button_draw_for_other_players_is_rejected() -> None:
    live = seated([1, 2, 4, 6], rules=KY)
    draw = live.place_initial_button(Deck.stacked(parse_cards("3d Qs 7h Jc")))
    assert draw is not None
    other = seated([1, 2, 4, 7], rules=KY)
    before = other.players
    with pytest.raises(TableError, match="this button draw was made for"):
        other.apply_button_draw(draw)
    assert other.players == before
    assert other.next_big_blind() is None
