"""The agent interface: what a player sees, and the rules' timeout for a failing agent."""

from __future__ import annotations

import pytest

from pitboss.engine import Acted, Action, ActionKind, HandSetup, HoleCardsDealt, SeatSpec, Street
from pitboss.play import FaultKind, PlayerView, Scripted, action_seconds, take_turn
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import HandRules, TimeoutPolicy

from .helpers import hand_at, setup_for, view_of

KY_LIKE = RuleSet(hand=HandRules(timeout_policy=TimeoutPolicy.KILL_HAND))


class Raises:
    def act(self, view: PlayerView, /) -> Action:
        raise RuntimeError("lost connection")


class Says:
    def __init__(self, action: object) -> None:
        self.action = action

    def act(self, view: PlayerView, /) -> object:
        return self.action


def test_view_shows_own_hole_cards_and_hides_everyone_elses() -> None:
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={1: "AhKd", 2: "QsQc", 3: "7c2d"})
    view = view_of(hand)
    assert view.seat == 3  # three-handed the button acts first preflop
    assert [str(c) for c in view.hole] == ["7c", "2d"]
    dealt = [e for e in view.history if isinstance(e, HoleCardsDealt)]
    assert len(dealt) == 3
    assert all(e.cards is None for e in dealt)
    assert "AhKd" not in repr(view)
    assert "Qs" not in repr(view)


def test_view_gives_stacks_bets_pot_and_exact_legal_actions() -> None:
    hand = hand_at(setup_for([1000, 800, 1200]), hole={}, actions=[Action.raise_to(300)])
    view = view_of(hand)
    assert view.seat == 1  # the small blind, facing a raise to 300
    assert view.seats == (1, 2, 3)  # clockwise from left of the button (seat 3)
    assert view.stacks == (950, 700, 900)
    assert view.bets == (50, 100, 300)
    assert (view.stack, view.bet) == (950, 50)
    assert view.stack_of(3) == 900
    assert view.pot == 450
    assert view.to_call == 250
    assert view.legal == hand.legal_actions()
    assert view.legal.min_raise_to == 500  # TDA 43A: a raise of at least the last raise (200)
    assert view.in_hand == (1, 2, 3)
    assert view.players_behind == 2  # the big blind and the button act after the small blind
    assert view.time_to_act == 30  # TDA 29: 25 s and a 5 s countdown (the default rules)


def test_folded_players_leave_the_view_of_who_is_in_the_hand() -> None:
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={}, actions=[Action.fold()])
    view = view_of(hand)
    assert view.in_hand == (1, 2)
    assert view.stack == 950


@pytest.mark.parametrize(
    ("agent", "fault"),
    [
        (Raises(), FaultKind.RAISED),
        (Says(None), FaultKind.NO_ACTION),
        (Says(Action.raise_to(150)), FaultKind.ILLEGAL),  # below the minimum raise (TDA 43A)
        (Says(Action.check()), FaultKind.ILLEGAL),  # facing a bet: no check
        (Says("fold"), FaultKind.ILLEGAL),  # not an Action at all
        (Says(Action(kind=ActionKind.FOLD, seat=1)), FaultKind.ILLEGAL),  # out of turn
    ],
)
def test_tda_29_a_failing_agent_facing_a_bet_is_folded(agent: object, fault: FaultKind) -> None:
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={})
    view = view_of(hand)
    event, recorded = take_turn(hand, agent, view)  # type: ignore[arg-type]
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.FOLD
    assert event.timed_out
    assert recorded is not None
    assert recorded.kind is fault
    assert recorded.seat == 3
    assert recorded.street is Street.PREFLOP


def test_tda_29_a_failing_agent_not_facing_a_bet_is_checked() -> None:
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={}, actions=[Action.call(), Action.call()])
    view = view_of(hand)  # the big blind's option
    event, fault = take_turn(hand, Raises(), view)
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.CHECK
    assert event.timed_out
    assert fault is not None


def test_ky_16_a_failing_agent_loses_the_hand_even_when_it_could_check() -> None:
    setup = setup_for([1000, 1000, 1000], rules=KY_LIKE)
    hand = hand_at(setup, hole={}, actions=[Action.call(), Action.call()])
    event, _ = take_turn(hand, Says(None), view_of(hand))
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.FOLD
    assert event.timed_out


def test_an_answer_after_the_time_to_act_gets_the_timeout() -> None:
    ticks = iter([0.0, 31.0])
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={})
    event, fault = take_turn(hand, Says(Action.call()), view_of(hand), clock=lambda: next(ticks))
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.FOLD
    assert fault is not None
    assert fault.kind is FaultKind.TOO_SLOW


def test_an_answer_in_time_is_carried_out() -> None:
    ticks = iter([0.0, 29.0])
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={})
    event, fault = take_turn(hand, Says(Action.call()), view_of(hand), clock=lambda: next(ticks))
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.CALL
    assert fault is None


def test_a_failing_agent_at_showdown_tables_under_tda_and_mucks_under_ky() -> None:
    def to_showdown(rules: RuleSet | None) -> str:
        setup = setup_for([1000, 1000], rules=rules)
        hand = hand_at(setup, hole={1: "AhAd", 2: "KhKd"}, board="2c7d9sTc3h")
        while not hand.legal_actions().is_showdown:
            legal = hand.legal_actions()
            hand.apply(Action.check() if legal.can_check else Action.call())
        event, _ = take_turn(hand, Raises(), view_of(hand))
        return type(event).__name__

    assert to_showdown(None) == "HandTabled"  # TDA 29 at showdown: cards speak
    assert to_showdown(KY_LIKE) == "HandMucked"  # KY 16: the hand is dead


def test_a_scripted_agent_plays_its_script_then_lets_the_clock_run() -> None:
    agent = Scripted([Action.raise_to(300), None])
    hand = hand_at(setup_for([1000, 1000, 1000]), hole={})
    event, fault = take_turn(hand, agent, view_of(hand))
    assert isinstance(event, Acted)
    assert (event.kind, event.to, fault) == (ActionKind.RAISE, 300, None)
    hand.apply(Action.raise_to(900))  # small blind re-raises
    hand.apply(Action.fold())  # big blind folds
    event, fault = take_turn(hand, agent, view_of(hand))  # None: the clock runs out
    assert isinstance(event, Acted)
    assert event.kind is ActionKind.FOLD
    assert fault is not None
    assert fault.kind is FaultKind.NO_ACTION


def test_view_lists_seats_clockwise_from_left_of_the_button() -> None:
    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=1000 + s) for s in (2, 4, 7, 9)),
        button=4,
        small_blind_seat=7,
        big_blind_seat=9,
        small_blind=50,
        big_blind=100,
    )
    hand = hand_at(setup, hole={})
    view = view_of(hand)
    assert view.seat == 2  # first to act preflop: left of the big blind
    assert view.seats == (7, 9, 2, 4)
    assert view.stacks == (957, 909, 1002, 1004)
    assert view.bets == (50, 100, 0, 0)
    assert view.players_behind == 1  # the button is dealt in after seat 2


def test_ky_16_the_time_to_act_is_a_minute_and_a_ten_second_countdown() -> None:
    ky = RuleSet.from_preset("ky-charity")
    assert action_seconds(ky) == 70
    assert action_seconds(RuleSet()) == 30  # TDA 29
    hand = hand_at(setup_for([1000, 1000, 1000], rules=ky), hole={})
    assert view_of(hand).time_to_act == 70
