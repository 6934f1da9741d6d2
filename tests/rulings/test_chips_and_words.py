"""What chips and words mean (RULES.md §3.2), under every house preset they differ in.

Four seats, blinds 50/100: the button is seat 4, the small blind seat 1, the big blind seat 2;
seat 3 acts first before the flop and seat 1 first after it.
"""

from __future__ import annotations

import pytest

from pitboss.engine import Action, ActionKind
from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import OutOfTurnRule, ShortRaiseRule, UndercallRule
from pitboss.rulings import (
    DealerInput,
    Declaration,
    InfractionKind,
    Outcome,
    Sanction,
    rule_action,
    rule_held_at_turn,
)

from .helpers import HOUSES, hand_for, houses_where, own_rule

STACKS = [10000, 10000, 10000, 10000]
CALL_HOUSES = houses_where(lambda r: r.hand.short_raise is ShortRaiseRule.CALL)
FORFEIT_HOUSES = houses_where(lambda r: r.hand.short_raise is ShortRaiseRule.COMPLETE_OR_FORFEIT)
FULL_CALL_HOUSES = houses_where(lambda r: r.hand.undercall is UndercallRule.FULL_CALL)
CALL_OR_FOLD_HOUSES = houses_where(lambda r: r.hand.undercall is UndercallRule.CALL_OR_FOLD)
TWO_MOTION = houses_where(lambda r: r.hand.two_motion_raise)
ONE_MOTION = houses_where(lambda r: not r.hand.two_motion_raise)
OOT_BINDING = houses_where(
    lambda r: r.hand.out_of_turn is OutOfTurnRule.BINDING_IF_ACTION_UNCHANGED
)


def _apply(house: str, ruling_action: Action | None, script: str = "3:r300") -> None:
    """The action is one the engine takes (a ruling never produces an illegal action)."""
    assert ruling_action is not None
    hand_for(house, STACKS, script).apply(ruling_action)


def test_the_presets_split_the_houses_as_the_seeds_say() -> None:
    assert FORFEIT_HOUSES == ["thc", "thc-sit-and-go"]
    assert CALL_OR_FOLD_HOUSES == ["thc", "thc-sit-and-go"]
    assert TWO_MOTION == ["thc", "thc-sit-and-go", "slpt"]
    assert OOT_BINDING == ["tda", "ky-charity", "slpt"]


# -- the 50% rule ------------------------------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_fifty_percent_rule_completes_raise_tda_43a_thc_52_slpt_8(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")  # a raise of 200 to 300
    ruling = rule_action(hand, DealerInput(seat=4, chips=400))  # 100 more: half a raise
    assert ruling.outcome is Outcome.ACT
    assert ruling.action == Action.raise_to(500)
    assert ruling.owed == 100
    assert ruling.returned == 0
    assert own_rule(house, "TDA 43A", thc="THC 52", slpt="SLPT 8") in ruling.rules
    assert "completed to 500" in ruling.message
    _apply(house, ruling.action)


@pytest.mark.parametrize("house", CALL_HOUSES)
def test_under_half_a_raise_is_a_call_the_rest_back_tda_43a_slpt_8(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=350))  # 50 over the call: a quarter
    assert ruling.action == Action.call()
    assert (ruling.returned, ruling.owed, ruling.forfeited) == (50, 0, 0)
    assert own_rule(house, "TDA 43A", slpt="SLPT 8") in ruling.rules


@pytest.mark.parametrize("house", FORFEIT_HOUSES)
def test_under_half_a_raise_complete_or_forfeit_thc_52(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=350))
    assert ruling.outcome is Outcome.CHOOSE
    assert ruling.action is None
    complete, call = ruling.options
    assert complete.action == Action.raise_to(500)
    assert complete.owed == 150
    assert call.action == Action.call()
    assert (call.forfeited, call.returned) == (50, 0)
    assert ruling.rules == ("THC 52",)
    for option in ruling.options:
        _apply(house, option.action)


# -- insufficient call -------------------------------------------------------------------------
@pytest.mark.parametrize("house", FULL_CALL_HOUSES)
def test_undercall_is_made_a_full_call_tda_51b(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=200))
    assert ruling.action == Action.call()
    assert ruling.owed == 100
    assert ruling.rules == ("TDA 51B",)


@pytest.mark.parametrize("house", CALL_OR_FOLD_HOUSES)
def test_undercall_completed_or_folded_forfeiting_the_chips_thc_52(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=200))
    assert ruling.outcome is Outcome.CHOOSE
    call, fold = ruling.options
    assert (call.action, call.owed) == (Action.call(), 100)
    assert (fold.action, fold.forfeited) == (Action.fold(), 200)
    # the player's fold, recorded with the chips, forfeits them (THC 52)
    folded = rule_action(hand, DealerInput(seat=4, chips=200, declaration=Declaration.FOLD))
    assert (folded.action, folded.forfeited, folded.returned) == (Action.fold(), 200, 0)


@pytest.mark.parametrize("house", FULL_CALL_HOUSES)
def test_a_fold_with_chips_is_refused_where_undercalls_are_calls_tda_51b(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    before = hand.events
    with pytest.raises(Exception, match="fold puts in no chips") as info:
        rule_action(hand, DealerInput(seat=4, chips=200, declaration=Declaration.FOLD))
    assert getattr(info.value, "code", None) == "fold_with_chips"
    assert hand.events == before


# -- the oversized chip ------------------------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_single_oversized_chip_facing_a_bet_is_a_call_tda_44_thc_22_slpt_8(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=1000, single_chip=True))
    assert ruling.action == Action.call()
    assert ruling.returned == 700
    assert ruling.rules == (own_rule(house, "TDA 44", thc="THC 22", slpt="SLPT 8"),)


@pytest.mark.parametrize("house", HOUSES)
def test_oversized_chip_with_raise_declared_is_the_max_raise_up_to_the_chip_thc_22(
    house: str,
) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    given = DealerInput(seat=4, chips=1000, single_chip=True, declaration=Declaration.RAISE)
    ruling = rule_action(hand, given)
    assert ruling.action == Action.raise_to(1000)
    assert (ruling.returned, ruling.owed) == (0, 0)
    _apply(house, ruling.action)


@pytest.mark.parametrize("house", HOUSES)
def test_after_the_flop_an_opening_oversized_chip_is_a_bet_of_its_size_thc_22_slpt_8(
    house: str,
) -> None:
    hand = hand_for(house, STACKS, "3:c 4:c 1:c 2:x")
    assert hand.actor == 1
    assert hand.current_bet == 0
    ruling = rule_action(hand, DealerInput(seat=1, chips=500, single_chip=True))
    assert ruling.action == Action.bet_to(500)
    hand.apply(ruling.action)
    assert hand.current_bet == 500


@pytest.mark.parametrize(
    ("house", "expected", "returned"),
    [
        ("tda", Action.raise_to(1100), 0),  # TDA 44: not facing a bet, a bet of the chip
        ("ky-charity", Action.raise_to(1100), 0),  # KY silent: TDA 44
        ("thc", Action.check(), 1000),  # THC 22: before the flop a call, here a check
        ("thc-sit-and-go", Action.check(), 1000),
        ("slpt", Action.check(), 1000),  # SLPT 8: a call unless a raise is announced
    ],
)
def test_oversized_chip_on_the_big_blinds_option_tda_44_vs_thc_22_slpt_8(
    house: str, expected: Action, returned: int
) -> None:
    hand = hand_for(house, STACKS, "3:c 4:c 1:c")
    assert hand.actor == 2
    ruling = rule_action(hand, DealerInput(seat=2, chips=1000, single_chip=True))
    assert ruling.action == expected
    assert ruling.returned == returned
    hand.apply(ruling.action)


# -- one motion, string bets -------------------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_string_bet_is_a_call_the_rest_back_penalty_only_thc_29(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=900, string_bet=True))
    assert ruling.action == Action.call()
    assert ruling.returned == 600
    if RuleSet.from_preset(house).hand.string_bet_penalty:
        assert ruling.infraction is not None
        assert ruling.infraction.kind is InfractionKind.STRING_BET
        assert ruling.infraction.rules == ("THC 29",)
    else:
        assert ruling.infraction is None


@pytest.mark.parametrize("house", HOUSES)
def test_string_bet_opening_the_betting_is_refused_tda_56(house: str) -> None:
    hand = hand_for(house, STACKS, "3:c 4:c 1:c 2:x")
    ruling = rule_action(hand, DealerInput(seat=1, chips=400, string_bet=True))
    assert ruling.outcome is Outcome.REFUSED
    assert ruling.action is None
    assert ruling.returned == 400


@pytest.mark.parametrize("house", TWO_MOTION)
def test_raise_declared_then_one_more_motion_is_a_raise_thc_28_slpt_9(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    given = DealerInput(seat=4, chips=900, string_bet=True, declaration=Declaration.RAISE)
    ruling = rule_action(hand, given)
    assert ruling.action == Action.raise_to(900)
    assert ruling.rules == (own_rule(house, "TDA 42", thc="THC 28", slpt="SLPT 9"),)


@pytest.mark.parametrize("house", ONE_MOTION)
def test_raise_then_two_motions_is_only_a_minimum_raise_tda_42_ky_13(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    given = DealerInput(seat=4, chips=900, string_bet=True, declaration=Declaration.RAISE)
    ruling = rule_action(hand, given)
    assert ruling.action == Action.raise_to(500)
    assert ruling.returned == 400
    assert own_rule(house, "TDA 42", ky="KY 13") in ruling.rules


# -- declarations in turn ----------------------------------------------------------------------
@pytest.mark.parametrize("house", HOUSES)
def test_declaration_in_turn_is_binding_the_chips_supplied_ky_13_thc_53(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    call = rule_action(hand, DealerInput(seat=4, declaration=Declaration.CALL))
    assert (call.action, call.owed) == (Action.call(), 300)
    raised = rule_action(hand, DealerInput(seat=4, declaration=Declaration.RAISE, amount=800))
    assert (raised.action, raised.owed) == (Action.raise_to(800), 800)
    assert own_rule(house, "TDA 40", ky="KY 13", thc="THC 53") in raised.rules


@pytest.mark.parametrize("house", HOUSES)
def test_all_in_means_all_in_thc_56(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, chips=2000, declaration=Declaration.ALL_IN))
    assert ruling.action == Action.raise_to(10000)
    assert ruling.owed == 8000
    assert ruling.rules == (own_rule(house, "TDA 40", thc="THC 56"),)


@pytest.mark.parametrize("house", HOUSES)
def test_raise_with_no_bet_to_face_is_a_minimum_bet_tda_55(house: str) -> None:
    hand = hand_for(house, STACKS, "3:c 4:c 1:c 2:x")
    ruling = rule_action(hand, DealerInput(seat=1, declaration=Declaration.RAISE))
    assert ruling.action == Action.bet_to(100)
    assert ruling.rules == ("TDA 55",)


@pytest.mark.parametrize("house", HOUSES)
def test_call_with_no_bet_is_a_check_tda_55(house: str) -> None:
    hand = hand_for(house, STACKS, "3:c 4:c 1:c 2:x")
    ruling = rule_action(hand, DealerInput(seat=1, chips=100, declaration=Declaration.CALL))
    assert ruling.action == Action.check()
    assert ruling.returned == 100


@pytest.mark.parametrize("house", HOUSES)
def test_check_facing_a_bet_allows_call_or_fold_only_tda_55(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, declaration=Declaration.CHECK))
    assert ruling.outcome is Outcome.CHOOSE
    assert [o.action.kind for o in ruling.options if o.action] == [
        ActionKind.CALL,
        ActionKind.FOLD,
    ]


@pytest.mark.parametrize("house", HOUSES)
def test_declared_total_below_the_minimum_is_corrected_tda_52(house: str) -> None:
    hand = hand_for(house, STACKS, "3:r300")
    ruling = rule_action(hand, DealerInput(seat=4, declaration=Declaration.RAISE, amount=400))
    assert ruling.action == Action.raise_to(500)
    assert "TDA 52" in ruling.rules


@pytest.mark.parametrize("house", HOUSES)
def test_short_all_in_does_not_reopen_chips_beyond_the_call_go_back_tda_47a(house: str) -> None:
    hand = hand_for(house, [10000, 10000, 10000, 400], "3:r300 4:r400 1:f 2:f")
    assert hand.actor == 3
    assert hand.legal_actions().min_raise_to is None
    ruling = rule_action(hand, DealerInput(seat=3, chips=1000))
    assert ruling.action == Action.call()
    assert ruling.returned == 900
    assert own_rule(house, "TDA 47A", thc="THC 52", slpt="SLPT 8") in ruling.rules
    hand.apply(ruling.action)


# -- out of turn -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "house", houses_where(lambda r: not r.hand.out_of_turn.value.startswith("binding"))
)
def test_out_of_turn_declaration_is_not_binding_thc_54(house: str) -> None:
    hand = hand_for(house, STACKS, "")
    ruling = rule_action(hand, DealerInput(seat=1, chips=300))  # seat 3 is to act
    assert ruling.outcome is Outcome.IGNORED
    assert ruling.returned == 300
    assert ruling.rules == ("THC 54",)
    assert ruling.infraction is not None
    assert ruling.infraction.kind is InfractionKind.ACTING_OUT_OF_TURN


@pytest.mark.parametrize("house", OOT_BINDING)
def test_out_of_turn_binding_if_the_action_is_unchanged_tda_53a_slpt_27(house: str) -> None:
    hand = hand_for(house, STACKS, "")
    held = rule_action(hand, DealerInput(seat=1, chips=300))
    assert held.outcome is Outcome.HELD
    assert held.held is not None
    hand.apply(Action.call())  # seat 3 calls, seat 4 folds: the action did not change
    hand.apply(Action.fold())
    ruling = rule_held_at_turn(hand, held.held)
    assert ruling.action == Action.raise_to(350)  # 300 more than the small blind's 50
    assert own_rule(house, "TDA 53A", ky="KY 13", slpt="SLPT 27") in ruling.rules
    hand.apply(ruling.action)


@pytest.mark.parametrize("house", HOUSES)
@pytest.mark.parametrize(
    ("given", "code"),
    [
        (DealerInput(seat=1), "nothing_recorded"),
        (DealerInput(seat=1, chips=50, declaration=Declaration.FOLD), "fold_with_chips"),
        # a total no higher than the bet to face (found by the property test, 2026-12-04)
        (DealerInput(seat=1, declaration=Declaration.BET, amount=1), "declared_total_too_small"),
        (
            DealerInput(seat=1, declaration=Declaration.RAISE, amount=100),
            "declared_total_too_small",
        ),
    ],
)
def test_an_out_of_turn_record_that_could_never_be_ruled_is_refused_when_recorded_tda_53a(
    house: str, given: DealerInput, code: str
) -> None:
    """Nothing recorded, or a fold with chips, out of turn: refused at once, not held to fail
    at the player's turn (found by the property test: a held record its turn refused)."""
    hand = hand_for(house, STACKS, "")  # seat 3 is to act
    with pytest.raises(RulingError) as refused:
        rule_action(hand, given)
    assert refused.value.code == code


@pytest.mark.parametrize("house", OOT_BINDING)
def test_out_of_turn_action_changed_player_may_change_it_chips_back_slpt_27(house: str) -> None:
    hand = hand_for(house, STACKS, "")
    held = rule_action(hand, DealerInput(seat=1, chips=300))
    assert held.held is not None
    hand.apply(Action.raise_to(400))  # seat 3 raises: the action changed
    hand.apply(Action.fold())
    ruling = rule_held_at_turn(hand, held.held)
    assert ruling.outcome is Outcome.RELEASED
    assert ruling.returned == 300
    assert ruling.action is None


@pytest.mark.parametrize("house", OOT_BINDING)
def test_out_of_turn_fold_is_binding_even_if_the_action_changed_tda_53a(house: str) -> None:
    hand = hand_for(house, STACKS, "")
    held = rule_action(hand, DealerInput(seat=1, declaration=Declaration.FOLD))
    assert held.held is not None
    hand.apply(Action.raise_to(400))
    hand.apply(Action.fold())
    assert rule_held_at_turn(hand, held.held).action == Action.fold()


@pytest.mark.parametrize(
    ("house", "first", "second"),
    [
        ("tda", Sanction.PENALTY_POSSIBLE, Sanction.PENALTY_POSSIBLE),
        ("thc", Sanction.PENALTY_POSSIBLE, Sanction.PENALTY_POSSIBLE),
        ("slpt", Sanction.WARNING, Sanction.PENALTY),
    ],
)
def test_out_of_turn_warning_first_then_penalty_slpt_27(
    house: str, first: Sanction, second: Sanction
) -> None:
    hand = hand_for(house, STACKS, "")
    once = rule_action(hand, DealerInput(seat=1, chips=300))
    again = rule_action(hand, DealerInput(seat=1, chips=300), offences_before=1)
    assert once.infraction is not None
    assert again.infraction is not None
    assert (once.infraction.sanction, again.infraction.sanction) == (first, second)
