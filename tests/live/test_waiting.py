"""What a player waiting in the hand would have to call now (issue 31): the page offers
pre-actions from it and drops a "Check" or a "Call N" once the bet changed before the turn."""

from __future__ import annotations

from tests.engine.helpers import act, deal, table

from pitboss.engine import SeatSpec
from pitboss.live.waiting import Waiting, waiting_of


def test_a_waiting_player_sees_what_they_would_call_and_it_follows_the_bet() -> None:
    """Three seats, blinds 50/100, the button (seat 3) to act first: the big blind would
    call nothing (a check is free), the small blind 50; a raise to 300 makes it 200 and 250."""
    hand = deal(table([5000, 5000, 5000]))
    assert hand.actor == 3
    assert waiting_of(hand, "p2") == Waiting(to_call=0, all_in=False)
    assert waiting_of(hand, "p1") == Waiting(to_call=50, all_in=False)
    act(hand, "3:r300")
    assert waiting_of(hand, "p2") == Waiting(to_call=200, all_in=False)
    assert waiting_of(hand, "p3") == Waiting(to_call=0, all_in=False)  # the raiser waits


def test_no_pre_action_figure_in_turn_folded_all_in_or_for_someone_not_dealt_in() -> None:
    """In turn the page has the exact legal actions; a folded or all-in seat has no decision
    to come; a stranger to the hand has nothing."""
    hand = deal(table([5000, 5000, 5000]))
    assert waiting_of(hand, "p3") is None  # in turn
    act(hand, "3:f")
    assert waiting_of(hand, "p3") is None  # folded
    assert waiting_of(hand, "p9") is None  # not in this hand
    assert waiting_of(None, "p1") is None  # no hand


def test_a_call_that_takes_the_whole_stack_says_all_in() -> None:
    """The button shoves 5,000 over a short big blind of 800 chips: the big blind would call
    700 more, all of it."""
    hand = deal(table([5000, 800, 5000]))
    act(hand, "3:r5000")
    assert waiting_of(hand, "p2") == Waiting(to_call=700, all_in=True)


def test_a_short_all_in_big_blind_still_sets_a_full_big_blind_to_call() -> None:
    """TDA 43: the big blind all-in for 60 of a 100 big blind; the small blind, waiting, still
    owes the full big blind less its 50 (the bets in front, 50 and 60, would say 10)."""
    setup = table([5000, 5000, 5000])
    seats = tuple(
        s if s.seat != 2 else SeatSpec(seat=2, player="p2", stack=60) for s in setup.seats
    )
    hand = deal(setup._replace(seats=seats))
    assert hand.actor == 3
    assert waiting_of(hand, "p1") == Waiting(to_call=50, all_in=False)
