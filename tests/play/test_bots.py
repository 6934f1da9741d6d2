"""Bots behave as a user expects: legal actions only, tight-aggressive preflop, push-or-fold."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pitboss.engine import Acted, Action, ActionKind, Street
from pitboss.play import (
    BotKind,
    PushFold,
    RandomLegal,
    TightAggressive,
    default_bot_mix,
    make_bot,
)

from .helpers import folds, hand_at, refilled_run, setup_for, view_of

NINE = [10_000] * 9


def _tag() -> TightAggressive:
    return TightAggressive(random.Random(1))


@pytest.mark.parametrize("kind", list(BotKind))
def test_every_bot_only_submits_legal_actions(kind: BotKind) -> None:
    """Over hundreds of hands, no decision of any bot goes to the clock as illegal (TDA 29)."""
    hands = refilled_run(lambda rng: make_bot(kind, rng), hands=200, seed=11)
    assert sum(h.decisions for h in hands) > 600
    assert [f for h in hands for f in h.faults] == []


def test_tight_aggressive_folds_junk_under_the_gun() -> None:
    hand = hand_at(setup_for(NINE), hole={3: "7c2d"})
    assert _tag().act(view_of(hand)) == Action.fold()


def test_tight_aggressive_raises_aces_under_the_gun_to_three_big_blinds() -> None:
    hand = hand_at(setup_for(NINE), hole={3: "AhAs"})
    assert _tag().act(view_of(hand)) == Action.raise_to(300)


def test_tight_aggressive_opens_wider_on_the_button() -> None:
    """King-nine suited is a fold under the gun and a raise when folded to the button."""
    under_the_gun = hand_at(setup_for(NINE), hole={3: "Kh9h"})
    assert _tag().act(view_of(under_the_gun)) == Action.fold()
    button = hand_at(setup_for(NINE), hole={9: "Kh9h"}, actions=folds(6))
    assert _tag().act(view_of(button)).kind is ActionKind.RAISE


def test_tight_aggressive_re_raises_premium_and_folds_junk_facing_a_raise() -> None:
    raised = [Action.raise_to(300)]
    aces = hand_at(setup_for(NINE), hole={4: "AdAc"}, actions=raised)
    assert _tag().act(view_of(aces)) == Action.raise_to(900)
    junk = hand_at(setup_for(NINE), hole={4: "9d4c"}, actions=raised)
    assert _tag().act(view_of(junk)) == Action.fold()


def test_tight_aggressive_checks_its_big_blind_rather_than_folding() -> None:
    hand = hand_at(setup_for(NINE), hole={2: "7c2d"}, actions=[*folds(7), Action.call()])
    assert _tag().act(view_of(hand)) == Action.check()


def test_tight_aggressive_bets_a_set_and_folds_nothing_to_a_bet_after_the_flop() -> None:
    heads_up = setup_for([10_000, 10_000])
    limped = [Action.call(), Action.check()]  # the button completes, the big blind checks
    big_blind_set = hand_at(heads_up, hole={1: "7c7d"}, board="7hKd2s", actions=limped)
    assert _tag().act(view_of(big_blind_set)).kind is ActionKind.BET
    bet = [*limped, Action.bet_to(200)]
    air = hand_at(heads_up, hole={2: "Jc9d"}, board="Kh5d2s", actions=bet)
    assert _tag().act(view_of(air)) == Action.fold()
    top_pair = hand_at(heads_up, hole={2: "Kc9d"}, board="Kh5d2s", actions=bet)
    assert _tag().act(view_of(top_pair)) == Action.call()


def test_tight_aggressive_pushes_or_folds_with_ten_big_blinds_or_less() -> None:
    short = [10_000, 10_000, 900, *([10_000] * 6)]
    strong = hand_at(setup_for(short), hole={3: "AsKd"})
    assert _tag().act(view_of(strong)) == Action.raise_to(900)
    weak = hand_at(setup_for(short), hole={3: "8c3d"})
    assert _tag().act(view_of(weak)) == Action.fold()


@pytest.mark.parametrize(
    ("hole", "shoves"),
    [("AsKd", True), ("8h8c", True), ("Qh9h", True), ("7c2d", False), ("Jc3d", False)],
)
def test_push_fold_shoves_six_big_blinds_on_the_button_with_a_strong_range(
    hole: str, shoves: bool
) -> None:
    hand = hand_at(setup_for([600, 600, 600]), hole={3: hole})
    action = PushFold(random.Random(1)).act(view_of(hand))
    assert action == (Action.raise_to(600) if shoves else Action.fold())


@pytest.mark.parametrize(("hole", "calls"), [("QdQc", True), ("AhJd", True), ("8c3d", False)])
def test_push_fold_calls_an_all_in_only_with_a_strong_hand(hole: str, calls: bool) -> None:
    shove = [Action.raise_to(600), Action.fold()]  # the button shoves, the small blind folds
    hand = hand_at(setup_for([600, 600, 600]), hole={2: hole}, actions=shove)
    action = PushFold(random.Random(1)).act(view_of(hand))
    assert action == (Action.call() if calls else Action.fold())


def test_push_fold_never_makes_a_small_raise_or_a_flat_call() -> None:
    hands = refilled_run(PushFold, hands=150, seed=5, players=6, stack=1500)
    shoves = 0
    for played in hands:
        all_in_raised = False
        for e in played.events:
            if not isinstance(e, Acted) or e.street is not Street.PREFLOP or e.timed_out:
                continue
            if e.kind is ActionKind.RAISE:
                assert e.is_all_in
                all_in_raised = True
                shoves += 1
            elif e.kind is ActionKind.CALL:
                assert all_in_raised or e.is_all_in  # only ever calling an all-in
    assert shoves > 20


def test_random_legal_uses_every_kind_of_action() -> None:
    hands = refilled_run(RandomLegal, hands=60, seed=3, players=6)
    kinds = Counter(e.kind for h in hands for e in h.events if isinstance(e, Acted))
    for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.RAISE):
        assert kinds[kind] > 0


def test_default_bot_mix_is_mostly_tight_aggressive_and_reproducible() -> None:
    def field(seed: int) -> list[str]:
        make = default_bot_mix(random.Random(seed))
        return [type(make(f"p{i}")).__name__ for i in range(300)]

    first = field(4)
    assert first == field(4)
    counts = Counter(first)
    assert set(counts) == {"TightAggressive", "LoosePassive", "PushFold", "RandomLegal"}
    assert counts["TightAggressive"] > counts["LoosePassive"] > counts["PushFold"]
