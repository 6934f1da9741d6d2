"""`RecordedHand`: a hand dealt at a live table, through the engine's own betting code.

Four seats, blinds 50/100 unless said otherwise (`helpers.table`): the button is seat 4, the
small blind seat 1, the big blind seat 2; seat 3 acts first before the flop.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.engine import Action, BetReturned, Hand, HoleCardsDealt, PotAwarded
from pitboss.engine.recorded import (
    DeadChipsAdded,
    HandDeclaredDead,
    HandVoided,
    Pot,
    RecordedHand,
)
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import OddChipRule

from .helpers import act, deal, table

PRESETS = ["tda", "ky-charity", "thc", "slpt"]


def recorded(stacks: list[int], script: str = "", **kwargs: object) -> RecordedHand:
    hand = RecordedHand(table(stacks, **kwargs))  # type: ignore[arg-type]
    act(hand, script)
    return hand


def conserved(hand: RecordedHand) -> bool:
    start = sum(s.stack for s in hand.setup.seats)
    return sum(hand.stacks.values()) + hand.pot == start


# -- one betting code ----------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(
    stacks=st.lists(st.integers(1, 3000), min_size=2, max_size=6),
    choices=st.lists(st.integers(0, 1000), max_size=40),
)
def test_betting_is_the_engines_same_legal_actions_and_chips_tda_43a_47a(
    stacks: list[int], choices: list[int]
) -> None:
    """Driven by the same decisions, a recorded hand and a dealt hand offer the same actions and
    move the same chips, street by street (TDA 43A minimum raises, TDA 47A reopening)."""
    setup = table(stacks)
    dealt = Hand.from_cards(setup, hole={})
    live = RecordedHand(setup)
    for choice in choices:
        if dealt.phase.value != "betting":
            break
        legal = dealt.legal_actions()
        assert live.legal_actions() == legal
        options = [Action.fold()]
        options.append(Action.check() if legal.can_check else Action.call())
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            span = legal.max_raise_to - legal.min_raise_to
            options.append(Action.raise_to(legal.min_raise_to + (choice * 7919) % (span + 1)))
        action = options[choice % len(options)]
        assert live.apply(action) == dealt.apply(action)
        if dealt.phase.value != "betting":  # dealt: shown and pushed; recorded: the award waits
            assert live.is_over == dealt.is_over or live.is_awaiting_award
            break
        assert (live.stacks, live.bets, live.pot, live.street) == (
            dealt.stacks,
            dealt.bets,
            dealt.pot,
            dealt.street,
        )
    assert conserved(live)


def test_hole_cards_are_unknown_and_no_deck_is_used() -> None:
    hand = recorded([1000, 1000, 1000])
    dealt = [e for e in hand.events if isinstance(e, HoleCardsDealt)]
    assert [e.seat for e in dealt] == [1, 2, 3]
    assert all(e.cards is None for e in dealt)
    with pytest.raises(HandSetupError) as err:
        hand.hole_cards(1)
    assert err.value.code == "cards_not_shown"
    with pytest.raises(IllegalAction) as refused:
        RecordedHand.from_cards(hand.setup, hole={1: "AsKs"})
    assert refused.value.code == "cards_at_table"


def test_a_refused_action_is_the_engines_refusal_and_changes_nothing_tda_43a() -> None:
    hand = recorded([1000, 1000, 1000, 1000], "3:r300")
    before = (hand.record, hand.stacks, hand.bets, hand.actor)
    with pytest.raises(IllegalAction) as err:
        hand.apply(Action.raise_to(400))  # the last raise was 200: at least 500
    assert err.value.code == "raise_below_minimum"
    assert err.value.params["min"] == 500
    assert (hand.record, hand.stacks, hand.bets, hand.actor) == before


def test_the_streets_advance_and_the_board_is_entered_where_the_street_began() -> None:
    hand = recorded([1000, 1000, 1000], "c c x x x x")  # preflop closed; the flop checked through
    assert hand.street.value == "turn"
    hand.enter_board("Ah Kd 7c 2s")
    kinds = [type(e).__name__ for e in hand.events]
    flop = kinds.index("BoardDealt")
    assert kinds[flop - 1] == "Acted"  # the big blind's check closed the preflop
    assert hand.events[flop + 1].street.value == "flop"  # type: ignore[union-attr]
    assert kinds.count("BoardDealt") == 2
    assert hand.board_streets == 2
    with pytest.raises(IllegalAction) as ahead:
        hand.enter_board("Ah Kd 7c 2s 9h")
    assert ahead.value.code == "board_ahead"
    with pytest.raises(IllegalAction) as changed:
        hand.enter_board("Ah Kd 8c 2s")
    assert changed.value.code == "board_changed"
    fresh = recorded([1000, 1000, 1000], "c c x")
    with pytest.raises(IllegalAction) as twice:
        fresh.enter_board("Ah Kd Ah")
    assert twice.value.code == "bad_board"


# -- dead hands ----------------------------------------------------------------------------------
def test_a_dead_hand_out_of_turn_returns_its_uncalled_raise_thc_36_slpt_17_tda_65a() -> None:
    hand = recorded([5000, 5000, 5000, 5000], "3:r300 4:r900")
    assert hand.uncalled_raise(4) == 600
    hand.kill(4, "touched_other_cards")
    assert hand.stacks[4] == 5000 - 300
    assert hand.current_bet == 300
    assert hand.min_raise == 200  # the last full raise before the returned one (TDA 43A)
    assert hand.actor == 1
    assert hand.legal_actions().min_raise_to == 500
    dead = [e for e in hand.record if isinstance(e, HandDeclaredDead)]
    assert dead == [HandDeclaredDead(seat=4, street=dead[0].street, cause="touched_other_cards")]
    assert BetReturned(seat=4, amount=600) in hand.events
    assert conserved(hand)


def test_a_dead_hand_in_turn_is_a_fold_and_its_chips_stay_thc_36() -> None:
    hand = recorded([5000, 5000, 5000, 5000], "3:r300")
    hand.kill(4, "mucked")
    assert hand.is_folded(4)
    assert hand.actor == 1
    assert hand.stacks[4] == 5000
    assert not [e for e in hand.events if isinstance(e, BetReturned)]


def test_a_dead_big_blind_keeps_its_blind_in_the_pot_a_blind_is_no_raise() -> None:
    hand = recorded([5000, 5000, 5000, 5000], "3:f 4:f")
    assert hand.uncalled_raise(2) == 0
    hand.kill(2, "not_at_seat")  # seat 1 to act; the small blind wins the 150 (TDA 17B)
    assert hand.is_over
    assert hand.final_stacks == {1: 5100, 2: 4900, 3: 5000, 4: 5000}


def test_a_killed_hand_is_refused_twice_and_a_refusal_changes_nothing() -> None:
    hand = recorded([1000, 1000, 1000], "f")
    before = hand.record
    for seat, code in ((3, "hand_not_live"), (9, "unknown_seat")):
        with pytest.raises(IllegalAction) as err:
            hand.kill(seat, "mucked")
        assert err.value.code == code
    with pytest.raises(IllegalAction) as blank:
        hand.kill(1, " ")
    assert blank.value.code == "bad_cause"
    assert hand.record == before


# -- dead money ----------------------------------------------------------------------------------
def test_forfeited_chips_are_dead_money_in_the_main_pot_thc_52() -> None:
    hand = recorded([5000, 5000, 5000, 5000], "3:r600")
    hand.add_dead_chips(4, 400)  # an undercall of 400, folded: the chips are forfeited
    hand.apply(Action.fold())
    assert hand.stacks[4] == 4600
    assert hand.pot == 50 + 100 + 600 + 400
    assert DeadChipsAdded(seat=4, street=hand.street, amount=400) in hand.record
    assert conserved(hand)
    act(hand, "f f")
    assert hand.final_stacks[3] == 5000 + 50 + 100 + 400


def test_dead_chips_cannot_be_a_live_players_last_chips_tda_45() -> None:
    hand = recorded([300, 5000, 5000])  # the small blind has 250 behind
    before = hand.record
    with pytest.raises(IllegalAction) as err:
        hand.add_dead_chips(1, 250)
    assert err.value.code == "dead_chips_all_in"
    with pytest.raises(IllegalAction) as more:
        hand.add_dead_chips(1, 251)
    assert more.value.code == "more_than_stack"
    assert hand.record == before


# -- the award -----------------------------------------------------------------------------------
def _all_in_three_ways() -> RecordedHand:
    """Seat 1 all-in for 300, seat 2 for 800, seat 3 calls: a main pot and one side pot."""
    hand = recorded([300, 800, 2000], "3:r2000 1:c 2:c")
    assert hand.is_awaiting_award
    return hand


def test_the_pots_list_their_eligible_seats_tda_21() -> None:
    hand = _all_in_three_ways()
    assert hand.pots() == (
        Pot(index=0, amount=900, eligible=(1, 2, 3)),
        Pot(index=1, amount=1000, eligible=(2, 3)),
    )
    assert hand.stacks[3] == 2000 - 800  # the uncalled 1,200 went back
    with pytest.raises(IllegalAction) as err:
        hand.apply(Action.check())
    assert err.value.code == "awaiting_award"


@pytest.mark.parametrize("house", PRESETS)
def test_named_winners_take_each_pot_and_ties_split_by_the_odd_chip_rule_tda_20(
    house: str,
) -> None:
    rules = RuleSet.from_preset(house)
    hand = recorded([300, 800, 2000], "3:r2000 1:c 2:c", small_blind=25, big_blind=50, rules=rules)
    hand.award([[1], [2, 3]])
    assert hand.final_stacks == {1: 900, 2: 500, 3: 1700}  # the side pot of 1,000 halved
    odd = recorded([1000, 1000, 1000], "3:c 1:c", small_blind=25, big_blind=50, rules=rules)
    odd.add_dead_chips(3, 1)  # an odd chip in the pot
    act(odd, "2:x" + " x x x" * 3)
    odd.award([[3, 2, 1]])
    (pot,) = [e for e in odd.events if isinstance(e, PotAwarded)]
    assert pot.winners == (1, 2, 3)  # clockwise from the button
    assert pot.shares == (51, 50, 50)  # the odd chip to the first left of the button


def test_odd_chips_one_each_from_the_button_under_roberts_rules() -> None:
    base = RuleSet.from_preset("tda")
    rules = dataclasses.replace(
        base,
        hand=dataclasses.replace(base.hand, odd_chip_rule=OddChipRule.ONE_EACH_FROM_LEFT_OF_BUTTON),
    )
    hand = recorded([1000, 1000, 1000, 1000], "c c c", rules=rules)
    hand.add_dead_chips(3, 1)
    act(hand, "x")
    for _ in range(3):  # flop, turn, river checked through
        act(hand, "x x x x")
    hand.award([[1, 2, 3]])
    (pot,) = [e for e in hand.events if isinstance(e, PotAwarded)]
    assert pot.amount == 401
    assert pot.winners == (1, 2, 3)
    assert pot.shares == (134, 134, 133)  # TDA 20 would give (135, 133, 133)


def test_an_award_to_a_seat_not_eligible_is_refused_and_changes_nothing() -> None:
    hand = _all_in_three_ways()
    before = hand.record
    for winners, code in (
        ([[1], [1]], "not_eligible"),
        ([[1]], "bad_award"),
        ([[], [2]], "bad_award"),
    ):
        with pytest.raises(IllegalAction) as err:
            hand.award(winners)
        assert err.value.code == code
    assert hand.record == before
    assert hand.is_awaiting_award


def test_cards_speak_the_shown_hands_are_read_with_the_board_ky_15_thc_49() -> None:
    hand = _all_in_three_ways()
    pushed = hand.read_hands(
        {1: "AsAd", 2: "KsKd", 3: "2c7d"},  # seat 3 "thinks" it lost; the cards say otherwise
        board="7h 7s 2d 9c 4h",
    )
    assert [(e.pot, e.winners) for e in pushed] == [(1, (3,)), (0, (3,))]
    assert hand.final_stacks == {1: 0, 2: 0, 3: 3100}
    assert hand.hole_cards(1) == tuple(hand.hole_cards(1))


def test_a_hand_not_shown_concedes_and_the_board_must_be_whole() -> None:
    hand = _all_in_three_ways()
    with pytest.raises(IllegalAction) as err:
        hand.read_hands({1: "AsAd"}, board="7h 7s 2d")
    assert err.value.code == "board_incomplete"
    hand.read_hands({1: "AsAd", 3: "KsKd"}, board="7h 7s 2d 9c 4h")  # seat 2 mucks
    assert hand.final_stacks == {1: 900, 2: 0, 3: 1200 + 1000}


# -- misdeal -------------------------------------------------------------------------------------
def test_a_misdeal_returns_every_chip_tda_35() -> None:
    hand = recorded([1000, 1000, 1000, 1000], "3:r300 4:c")
    hand.misdeal()
    assert hand.is_over
    assert hand.is_voided
    assert hand.final_stacks == {1: 1000, 2: 1000, 3: 1000, 4: 1000}
    assert isinstance(hand.record[-2], HandVoided)
    with pytest.raises(IllegalAction) as err:
        hand.misdeal()
    assert err.value.code == "hand_over"


# -- any sequence --------------------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(stacks=st.lists(st.integers(1, 2000), min_size=2, max_size=6), ops=st.data())
def test_any_sequence_of_table_operations_conserves_chips(
    stacks: list[int], ops: st.DataObject
) -> None:
    """Actions, kills, dead chips and the award in any order: stacks + pot stay the chips the
    players sat down with, the pots add up to the pot, and every refusal changes nothing."""
    hand = recorded(stacks)
    seats = list(hand.stacks)
    for _ in range(30):
        if hand.is_over:
            break
        before = (hand.record, hand.stacks, hand.pot)
        op = ops.draw(st.sampled_from(["act", "act", "act", "kill", "dead", "award"]))
        try:
            if op == "act":
                legal = hand.legal_actions()
                choices = [Action.fold(), Action.check() if legal.can_check else Action.call()]
                if legal.min_raise_to is not None:
                    choices.append(Action.raise_to(legal.min_raise_to))
                hand.apply(ops.draw(st.sampled_from(choices)))
            elif op == "kill":
                hand.kill(ops.draw(st.sampled_from(seats)), "mucked")
            elif op == "dead":
                hand.add_dead_chips(ops.draw(st.sampled_from(seats)), ops.draw(st.integers(1, 50)))
            else:
                winners = [[ops.draw(st.sampled_from(p.eligible))] for p in hand.pots()]
                hand.award(winners)
        except IllegalAction:
            assert (hand.record, hand.stacks, hand.pot) == before
        assert conserved(hand)
        assert sum(p.amount for p in hand.pots()) == (0 if hand.is_over else hand.pot)
    if hand.is_over:
        assert sum(hand.final_stacks.values()) == sum(stacks)


def test_a_dealt_hand_and_a_recorded_one_differ_only_in_the_cards() -> None:
    setup = table([1000, 1000])
    dealt = deal(setup, {1: "AsKs", 2: "QhQd"}, "2c3d4h5s6c")
    live = RecordedHand(setup)
    for hand in (dealt, live):
        act(hand, "c x x x x x x x")
    assert dealt.phase.value == live.phase.value == "showdown"
    assert live.is_awaiting_award
    assert dealt.actor == 2  # the dealt hand asks who shows; the recorded one waits for the award
    assert live.actor is None
    assert live.pots() == (Pot(index=0, amount=200, eligible=(1, 2)),)
