"""Betting: action order (TDA 34B), minimum bet (THC 22/33) and raise (TDA 43A/B), short
all-ins (TDA 47A and its addendum), what a rejected action says and that it changes nothing."""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, of_type, table
from pitboss.engine import Acted, Action, BetReturned, Hand, HandTabled
from pitboss.errors import IllegalAction


def snapshot(hand: Hand) -> tuple[object, ...]:
    return (hand.events, hand.stacks, hand.bets, hand.actor, hand.legal_actions(), hand.pot)


def to_flop(stacks: list[int], **kw: object) -> Hand:
    """Everyone calls the big blind preflop (button = last seat), then the flop is dealt."""
    hand = deal(table(stacks, **kw))  # type: ignore[arg-type]
    while hand.street == "preflop":
        legal = hand.legal_actions()
        hand.apply(Action.call() if legal.call_amount else Action.check())
    return hand


# -- action order ---------------------------------------------------------------------------
def test_preflop_action_starts_left_of_the_big_blind_and_postflop_left_of_the_button() -> None:
    hand = deal(table([1000] * 5))  # button 5, blinds 1 and 2
    assert hand.actor == 3
    act(hand, "3:c 4:f 5:c 1:c 2:x")
    assert hand.street == "flop"
    assert hand.actor == 1


def test_tda_34b_heads_up_the_button_acts_first_preflop_and_last_afterwards() -> None:
    hand = deal(table([1000, 1000]))  # seat 1 is the button and the small blind
    assert hand.actor == 1
    act(hand, "1:c 2:x")
    assert hand.actor == 2
    act(hand, "2:x 1:x")
    assert hand.street == "turn"
    assert hand.actor == 2


def test_big_blind_keeps_the_option_when_everyone_limps() -> None:
    hand = deal(table([1000] * 3))
    act(hand, "3:c 1:c")
    legal = hand.legal_actions()
    assert hand.actor == 2
    assert legal.can_check
    assert legal.min_raise_to == 200


def test_all_in_players_are_skipped() -> None:
    hand = to_flop([1000, 1000, 100, 1000])  # seat 3 is all-in after calling 100
    assert hand.is_all_in(3)
    act(hand, "1:x 2:x")
    assert hand.actor == 4


def test_betting_ends_when_only_one_player_able_to_act_has_matched() -> None:
    hand = deal(table([1000, 1000, 300]))
    act(hand, "3:r300 1:f")  # the button is all-in for 300
    act(hand, "2:c")  # the big blind calls and is the only one with chips: no more betting
    assert hand.is_over
    assert len(hand.board) == 5


def test_a_player_facing_an_all_in_must_still_call_or_fold() -> None:
    hand = deal(table([1000, 1000, 300]))
    act(hand, "3:r300 1:f")
    legal = hand.legal_actions()
    assert hand.actor == 2
    assert legal.call_amount == 200
    assert legal.min_raise_to is None  # nobody left who could call a raise


# -- minimum bet and raise ------------------------------------------------------------------
def test_thc_22_minimum_bet_is_the_big_blind() -> None:
    hand = to_flop([1000] * 3)
    assert hand.legal_actions().min_raise_to == 100
    with pytest.raises(IllegalAction, match=r"bet of 50 is below the minimum bet of 100"):
        hand.bet_to(50)


def test_tda_43a_preflop_the_big_blind_is_the_opening_bet() -> None:
    hand = deal(table([10_000] * 3, small_blind=100, big_blind=200))
    assert hand.legal_actions().min_raise_to == 400


def test_tda_43a_minimum_raise_is_the_largest_prior_increment_of_the_street() -> None:
    """RULES.md §3.2: 100-200 blinds; bet 600, raise to 1600, re-raise to 3600 -> 5600."""
    hand = to_flop([20_000] * 4, small_blind=100, big_blind=200)
    act(hand, "1:b600 2:r1600 3:r3600")
    assert hand.legal_actions().min_raise_to == 5600
    assert hand.min_raise == 2000


def test_tda_43b_amounts_are_raise_to_totals() -> None:
    hand = deal(table([10_000] * 3))
    act(hand, "3:r300")
    (event,) = act(hand, "1:r900")
    assert event.to == 900  # type: ignore[union-attr]
    assert event.amount == 850  # type: ignore[union-attr] # the small blind already had 50 in
    assert hand.bets[1] == 900


def test_tda_43a_rejected_raise_says_what_the_minimum_is_and_why() -> None:
    hand = to_flop([5000, 500, 650, 800, 5000], small_blind=50, big_blind=100)
    # The flop pot is 500; seats 2-4 have 400, 550, 700 behind.
    act(hand, "1:b300 2:r400 3:r550 4:r700 5:c")
    with pytest.raises(IllegalAction) as info:
        hand.raise_to(900)
    assert info.value.message == (
        "raise to 900 is below the minimum raise to 1,000: the last full raise was 300 (TDA 43A)"
    )
    assert info.value.code == "raise_below_minimum"


def test_rejected_action_changes_nothing() -> None:
    hand = to_flop([1000] * 3)
    act(hand, "1:b200")
    before = snapshot(hand)
    for bad in (Action.check(), Action.raise_to(250), Action.raise_to(5000), Action.show()):
        with pytest.raises(IllegalAction):
            hand.apply(bad)
        assert snapshot(hand) == before


def test_tda_53a_an_action_for_the_wrong_seat_is_rejected() -> None:
    hand = deal(table([1000] * 3))
    with pytest.raises(IllegalAction, match="seat 3's turn, not seat 1's"):
        hand.apply(Action(kind=Action.call().kind, seat=1))


def test_tda_55_check_facing_a_bet_is_rejected() -> None:
    hand = deal(table([1000] * 3))
    with pytest.raises(IllegalAction, match="cannot check: there is a bet of 100 to call"):
        hand.check()
    assert not hand.can_check()


def test_call_with_nothing_to_call_is_rejected() -> None:
    hand = to_flop([1000] * 3)
    assert not hand.can_call()
    with pytest.raises(IllegalAction, match="nothing to call: check, bet or fold"):
        hand.call()


def test_thc_48_folding_is_allowed_when_a_check_is_free() -> None:
    hand = to_flop([1000] * 3)
    legal = hand.legal_actions()
    assert legal.can_check
    assert legal.can_fold
    act(hand, "1:f")
    assert hand.is_folded(1)


def test_call_amount_is_capped_at_the_stack() -> None:
    hand = deal(table([1000, 1000, 250]))
    act(hand, "3:c 1:c 2:x 1:b600 2:f")
    legal = hand.legal_actions()
    assert legal.call_amount == 150  # all-in call
    assert legal.min_raise_to is None


def test_all_in_for_less_than_a_minimum_raise_is_allowed() -> None:
    hand = deal(table([1000, 1000, 250]))
    legal = hand.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (200, 250)
    hand2 = deal(table([1000, 1000, 150]))
    legal = hand2.legal_actions()
    assert (legal.min_raise_to, legal.max_raise_to) == (150, 150)
    act(hand2, "3:r150")
    assert hand2.is_all_in(3)


def test_raise_above_the_stack_is_rejected() -> None:
    hand = deal(table([1000] * 3))
    with pytest.raises(IllegalAction, match="at most 1,000 \\(all-in\\)"):
        hand.raise_to(1001)


# -- short all-ins (TDA 47A) ----------------------------------------------------------------
def test_tda_47a_short_all_in_does_not_reopen_for_a_player_who_acted() -> None:
    hand = to_flop([5000, 225, 5000])
    act(hand, "1:b100 2:r125 3:c")
    legal = hand.legal_actions()
    assert hand.actor == 1
    assert legal.call_amount == 25
    assert legal.can_fold
    assert legal.min_raise_to is None
    with pytest.raises(IllegalAction, match=r"not reopened.*rose by 25.*full raise of 100"):
        hand.raise_to(400)


def test_tda_47a_a_player_who_has_not_acted_keeps_every_option() -> None:
    hand = to_flop([5000, 225, 5000])
    act(hand, "1:b100 2:r125")
    legal = hand.legal_actions()
    assert hand.actor == 3
    assert legal.min_raise_to == 225  # 125 + the last full bet of 100


def test_tda_47a_addendum_example_1_short_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    """Addendum 47 ex. 1: 50-100; A bets 100, B all-in 125, C calls, D all-in 200, E calls:
    A faces a total raise of 100, a full raise, and may fold, call or raise."""
    hand = to_flop([5000, 225, 5000, 300, 5000])
    act(hand, "1:b100 2:r125 3:c 4:r200 5:c")
    legal = hand.legal_actions()
    assert hand.actor == 1
    assert legal.call_amount == 100
    assert legal.min_raise_to == 300  # the minimum raise stays the last full bet: 100


def test_tda_47a_addendum_example_1a_a_caller_facing_less_than_a_full_raise_may_only_call() -> None:
    """Example 1 continued (reconstructed; RULES.md names it without its text): C called 125
    and now faces only D's 75 more, less than a full raise: call or fold."""
    hand = to_flop([5000, 225, 5000, 300, 5000])
    act(hand, "1:b100 2:r125 3:c 4:r200 5:c 1:c")
    legal = hand.legal_actions()
    assert hand.actor == 3
    assert legal.call_amount == 75
    assert legal.min_raise_to is None


def test_tda_47a_addendum_example_1b_short_all_ins_below_a_full_raise_do_not_reopen() -> None:
    """Example 1 with D all-in for 175 (reconstructed): A faces 75 in all, less than a full
    raise, so A may only call or fold."""
    hand = to_flop([5000, 225, 5000, 275, 5000])
    act(hand, "1:b100 2:r125 3:c 4:r175 5:c")
    legal = hand.legal_actions()
    assert hand.actor == 1
    assert legal.call_amount == 75
    assert legal.min_raise_to is None


def test_tda_47a_addendum_example_2_minimum_raise_stays_the_last_full_raise() -> None:
    """RULES.md §3.2: bet 300, then all-ins to 500, 650 and 800: the minimum raise is still
    300, so a raise must go to at least 1100."""
    hand = to_flop([5000, 600, 750, 900, 5000], small_blind=50, big_blind=100)
    act(hand, "1:b300 2:r500 3:r650 4:r800")
    assert hand.legal_actions().min_raise_to == 1100
    act(hand, "5:c")
    legal = hand.legal_actions()
    assert hand.actor == 1  # faces 500 more: the short all-ins add up to a full raise
    assert legal.min_raise_to == 1100


def test_tda_47a_addendum_example_3a_preflop_short_all_in_does_not_reopen_for_the_raiser() -> None:
    """Reconstructed: 50-100; the button raises to 300, the small blind is all-in for 400 (a
    short raise of 100): the big blind, yet to act, may re-raise; the button may not."""
    hand = deal(table([400, 5000, 5000, 5000], button=4))
    act(hand, "3:f 4:r300 1:r400")
    legal = hand.legal_actions()
    assert hand.actor == 2
    assert legal.min_raise_to == 600
    act(hand, "2:c")
    legal = hand.legal_actions()
    assert hand.actor == 4
    assert (legal.call_amount, legal.min_raise_to) == (100, None)
    act(hand, "4:c")
    assert hand.street == "flop"


def test_tda_47a_addendum_example_3b_a_full_all_in_raise_reopens_for_the_raiser() -> None:
    """Reconstructed: as 3A but the small blind is all-in for 500, a full raise of 200."""
    hand = deal(table([500, 5000, 5000, 5000], button=4))
    act(hand, "3:f 4:r300 1:r500 2:c")
    legal = hand.legal_actions()
    assert hand.actor == 4
    assert legal.call_amount == 200
    assert legal.min_raise_to == 700


def test_tda_43a_message_for_a_raise_below_the_minimum_after_short_all_ins() -> None:
    hand = to_flop([5000, 600, 750, 900, 5000], small_blind=50, big_blind=100)
    act(hand, "1:b300 2:r500 3:r650 4:r800")
    with pytest.raises(IllegalAction) as info:
        hand.raise_to(1000)
    assert info.value.message == (
        "raise to 1,000 is below the minimum raise to 1,100: the last full raise was 300 (TDA 43A)"
    )
    assert info.value.params == {"seat": 5, "amount": 1000, "min": 1100, "last_raise": 300}


def test_tda_16_heads_up_big_blind_all_in_below_the_small_blind_gives_no_decision() -> None:
    """Heads-up, the big blind is all-in for 5 against a posted small blind of 25: nobody can
    call anything, so the small blind gets no decision (no phantom full big blind to call),
    its excess 20 comes back as an uncalled bet and the hands are tabled (TDA 16, KY 14)."""
    hand = deal(table([1000, 5], small_blind=25, big_blind=50), {1: "AhAd", 2: "KcKd"})
    assert hand.is_over
    returned = of_type(hand.events, BetReturned)
    assert [(e.seat, e.amount) for e in returned] == [(1, 20)]
    assert not of_type(hand.events, Acted)
    assert {e.seat for e in of_type(hand.events, HandTabled)} == {1, 2}
    assert hand.final_stacks == {1: 1005, 2: 0}


def test_the_lone_player_with_chips_still_decides_when_an_all_in_exceeds_their_bet() -> None:
    hand = deal(table([1000, 40], small_blind=25, big_blind=50))  # BB all-in for 40 > 25
    assert hand.actor == 1
    legal = hand.legal_actions()
    assert legal.call_amount == 25  # the full blind (KY 10)
    assert legal.min_raise_to is None
