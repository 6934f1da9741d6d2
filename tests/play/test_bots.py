"""Bots play like a live field: one model, styles as parameters, ranges by position and
table size, push-or-fold by the Nash chart when short, equity and pot odds after the flop."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pitboss.engine import Acted, Action, ActionKind, Street
from pitboss.play import BotKind, RandomLegal, default_bot_mix, make_bot
from pitboss.play.bots import DEFAULT_MIX, STYLES, Bot, Style, style_name
from pitboss.play.realism import table_figures

from .helpers import folds, hand_at, refilled_run, setup_for, view_of

NINE = [10_000] * 9


def _act(
    stacks: list[int],
    seat: int,
    hole: str,
    actions: list[Action] | None = None,
    *,
    board: str = "",
    kind: BotKind = BotKind.REGULAR,
) -> Action:
    hand = hand_at(setup_for(stacks), hole={seat: hole}, board=board, actions=actions or [])
    return Bot(random.Random(1), kind=kind).act(view_of(hand))


@pytest.mark.parametrize("kind", list(BotKind))
def test_every_bot_only_submits_legal_actions(kind: BotKind) -> None:
    """Over hundreds of hands, no decision of any bot goes to the clock as illegal (TDA 29)."""
    hands = refilled_run(lambda rng: make_bot(kind, rng), hands=200, seed=11)
    assert sum(h.decisions for h in hands) > 600
    assert [f for h in hands for f in h.faults] == []


def test_styles_are_parameters_of_one_model() -> None:
    bots = [make_bot(kind, random.Random(1)) for kind in STYLES]
    assert {type(bot) for bot in bots} == {Bot}
    assert {style_name(bot) for bot in bots} == {kind.value for kind in STYLES}
    assert Bot(random.Random(1), Style(looseness=300)).style.looseness == 300


def test_random_play_is_not_in_the_default_field() -> None:
    assert BotKind.RANDOM_LEGAL not in dict(DEFAULT_MIX)
    make = default_bot_mix(random.Random(4))
    assert not any(isinstance(make(f"p{i}"), RandomLegal) for i in range(300))


def test_default_field_is_reproducible_and_mixed() -> None:
    def field(seed: int) -> list[str]:
        make = default_bot_mix(random.Random(seed))
        return [style_name(make(f"p{i}")) for i in range(300)]

    first = field(4)
    assert first == field(4)
    assert set(first) == {kind.value for kind, _ in DEFAULT_MIX}


def test_folds_junk_and_raises_aces_to_two_and_a_half_big_blinds_under_the_gun() -> None:
    assert _act(NINE, 3, "7c2d") == Action.fold()
    assert _act(NINE, 3, "AhAs") == Action.raise_to(250)


@pytest.mark.parametrize("hole", ["Kh9h", "Ah5h"])
def test_opens_wider_on_the_button_than_under_the_gun(hole: str) -> None:
    assert _act(NINE, 3, hole) == Action.fold()
    assert _act(NINE, 9, hole, folds(6)).kind is ActionKind.RAISE


def test_opens_wider_short_handed() -> None:
    """Queen-eight offsuit: a fold on a nine-handed button, a raise on a three-handed one."""
    assert _act(NINE, 9, "Qc8d", folds(6)) == Action.fold()
    assert _act([10_000] * 3, 3, "Qc8d").kind is ActionKind.RAISE


def test_heads_up_the_button_plays_most_hands() -> None:
    assert _act([3000, 3000], 2, "Jc4d").kind is ActionKind.RAISE


def test_loose_styles_enter_more_pots_than_tight_ones() -> None:
    def vpip(kind: BotKind) -> float:
        return table_figures(6, hands=150, seed=3, mix=((kind, 1),)).vpip_rate

    assert vpip(BotKind.LOOSE_PASSIVE) > vpip(BotKind.REGULAR) > vpip(BotKind.TIGHT_PASSIVE)


def test_short_stack_pushes_or_folds_by_the_chart() -> None:
    """Eight big blinds under the gun: ace-king moves in, eight-three folds."""
    short = [10_000, 10_000, 800, *([10_000] * 6)]
    assert _act(short, 3, "AsKd") == Action.raise_to(800)
    assert _act(short, 3, "8c3d") == Action.fold()


@pytest.mark.parametrize(
    ("hole", "calls"), [("Kc8d", True), ("Ah2c", True), ("QdJd", True), ("7c2d", False)]
)
def test_heads_up_big_blind_calls_a_ten_big_blind_shove_by_the_nash_chart(
    hole: str, calls: bool
) -> None:
    action = _act([1000, 1000], 1, hole, [Action.raise_to(1000)])
    assert action == (Action.call() if calls else Action.fold())


def test_heads_up_all_ins_get_called() -> None:
    """Issue 15: heads-up all-ins were called 0 times in 13; short stacks call by the chart."""
    hands = refilled_run(
        lambda rng: make_bot(BotKind.REGULAR, rng), hands=300, seed=8, players=2, stack=1200
    )
    shoves = called = 0
    for played in hands:
        acted = [e for e in played.events if isinstance(e, Acted)]
        for i, e in enumerate(acted):
            if e.is_all_in and e.kind in (ActionKind.RAISE, ActionKind.BET):
                shoves += 1
                rest = acted[i + 1 :]
                called += any(a.kind is ActionKind.CALL and a.street is e.street for a in rest)
    assert shoves > 20
    assert 0.2 < called / shoves < 0.8


def test_bets_a_set_mostly_and_folds_nothing_to_a_bet_and_calls_top_pair() -> None:
    heads_up = [10_000, 10_000]
    limped = [Action.call(), Action.check()]  # the button completes, the big blind checks
    hand = hand_at(setup_for(heads_up), hole={1: "7c7d"}, board="7hKd2s", actions=limped)
    bets = sum(
        Bot(random.Random(seed)).act(view_of(hand)).kind is ActionKind.BET for seed in range(40)
    )
    assert 25 < bets < 40  # a set is bet for value, slow-played now and then
    bet = [*limped, Action.bet_to(100)]
    assert _act(heads_up, 2, "Jc9d", bet, board="Kh5d2s") == Action.fold()
    assert _act(heads_up, 2, "Kc9d", bet, board="Kh5d2s") == Action.call()


def test_checks_its_big_blind_rather_than_folding() -> None:
    assert _act(NINE, 2, "7c2d", [*folds(7), Action.call()]) == Action.check()


def test_continuation_bets_as_the_preflop_raiser_often() -> None:
    """Heads-up flop after a raise and a call: the raiser bets air most of the time."""
    raised = [Action.raise_to(250), Action.call(), Action.check()]
    bets = 0
    for seed in range(40):
        hand = hand_at(
            setup_for([10_000, 10_000]), hole={2: "Jc9d"}, board="Kh5d2s", actions=raised
        )
        bot = Bot(random.Random(seed), kind=BotKind.TIGHT_AGGRESSIVE)
        bets += bot.act(view_of(hand)).kind is ActionKind.BET
    assert 15 < bets < 40


def test_random_legal_uses_every_kind_of_action() -> None:
    hands = refilled_run(RandomLegal, hands=60, seed=3, players=6)
    kinds = Counter(e.kind for h in hands for e in h.events if isinstance(e, Acted))
    for kind in (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.RAISE):
        assert kinds[kind] > 0


def test_push_fold_style_never_makes_a_small_raise_when_short() -> None:
    hands = refilled_run(
        lambda rng: make_bot(BotKind.PUSH_FOLD, rng), hands=200, seed=5, players=6, stack=1000
    )
    shoves = 0
    for played in hands:
        stacks = sorted(s.stack for s in played.setup.seats)
        if stacks[-2] > 2500:  # two players deeper than 25 big blinds: not push-or-fold
            continue
        for e in played.events:
            if isinstance(e, Acted) and e.street is Street.PREFLOP and e.kind is ActionKind.RAISE:
                assert e.is_all_in
                shoves += 1
    assert shoves > 10
