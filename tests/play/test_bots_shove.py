"""Bots facing an all-in call like people (issue 31): a deep shove is called by a few percent
of hands, not by the whole table; shorter shoves, later shovers and cheaper prices are called
wider; an over-call needs a stronger hand than a call (`pitboss.play.allin`)."""

from __future__ import annotations

import random

import pytest

from pitboss.cards import parse_cards
from pitboss.engine import Action
from pitboss.equity import equity as exact_equity
from pitboss.play.allin import combined, equity_facing_shove
from pitboss.play.bots import Bot, BotKind
from pitboss.play.ranges import HANDS, combos, equity_matrix, parse_class
from pitboss.play.realism import (
    HEADS_UP_SHOVE_CALL_TARGET,
    SHOVE_CALL_TARGET,
    SHOVE_DEPTHS,
    SHOVE_TABLES,
    shove_figures,
)

from .helpers import folds, hand_at, setup_for, view_of


def _calling_share(*, behind: int, stack_bb: float, callers: int = 0, to_act: int = 0) -> float:
    """Share of hands whose equity beats the price of a first call (or an over-call)."""
    price = stack_bb / ((2 + callers) * stack_bb + 1.5)
    calling = [
        i
        for i in range(HANDS)
        if equity_facing_shove(i, behind=behind, stack_bb=stack_bb, callers=callers, to_act=to_act)
        >= price
    ]
    return sum(combos(i) for i in calling) / 1326


def _answer(stacks: list[int], seat: int, hole: str, actions: list[Action]) -> Action:
    hand = hand_at(setup_for(stacks), hole={seat: hole}, actions=actions)
    return Bot(random.Random(1), kind=BotKind.REGULAR).act(view_of(hand))


def test_a_100_big_blind_shove_at_a_full_table_is_called_by_a_few_percent_not_by_nine() -> None:
    """Issue 31: one 100-big-blind all-in was called by nine bots. Under the gun at ten seats
    (seeded): each bot answering calls with a few percent of hands, most shoves are not
    called at all, and never more than two players call."""
    figures = shove_figures(10, 100, hands=300, seed=31)
    assert figures.call_rate <= 0.04, figures
    assert 0.03 <= figures.called_rate <= 0.30, figures
    assert figures.most_callers <= 2, figures


def test_a_short_shove_is_called_wider_than_a_deep_one_at_every_table_size() -> None:
    for players in (2, 6, 10):
        deep = shove_figures(players, 100, hands=150, seed=5)
        short = shove_figures(players, 10, hands=150, seed=5)
        assert short.call_rate > deep.call_rate * 1.5, (players, short, deep)
    heads_up = shove_figures(2, 10, hands=200, seed=5)
    assert 0.28 <= heads_up.called_rate <= 0.55  # the Nash big blind calls 37 %


@pytest.mark.parametrize("players", SHOVE_TABLES)
def test_the_share_who_call_a_shove_is_in_its_band_at_every_table_size_and_depth(
    players: int,
) -> None:
    """What bench_realism.py prints, on fewer shoves (seeded)."""
    targets = HEADS_UP_SHOVE_CALL_TARGET if players == 2 else SHOVE_CALL_TARGET
    for depth in SHOVE_DEPTHS:
        figures = shove_figures(players, depth, hands=400 if players == 2 else 100, seed=2)
        low, high = targets[depth]
        assert low <= figures.call_rate <= high, (players, depth, figures)


def test_the_calling_range_narrows_with_depth_and_widens_with_the_shovers_position() -> None:
    by_depth = [_calling_share(behind=8, stack_bb=s) for s in (8, 15, 40, 100)]
    assert by_depth == sorted(by_depth, reverse=True)
    assert 0.005 <= by_depth[-1] <= 0.04  # under the gun, 100 big blinds: aces to jacks
    assert _calling_share(behind=1, stack_bb=100) > by_depth[-1]  # a heads-up button shoves wider
    assert _calling_share(behind=1, stack_bb=10) > 0.30


def test_an_over_call_needs_a_stronger_hand_than_a_call() -> None:
    for behind, stack in ((8, 100), (5, 40), (2, 15)):
        alone = _calling_share(behind=behind, stack_bb=stack)
        over = _calling_share(behind=behind, stack_bb=stack, callers=1)
        assert over < alone, (behind, stack)
        with_players_behind = _calling_share(behind=behind, stack_bb=stack, to_act=behind - 1)
        assert with_players_behind <= alone


@pytest.mark.parametrize(
    ("hole", "calls"), [("AhAd", True), ("QcQd", True), ("9c9d", False), ("AcJd", False)]
)
def test_under_the_gun_100_big_blind_shove_is_called_by_a_premium_pair_only(
    hole: str, calls: bool
) -> None:
    """Nine-handed, everyone 100 big blinds: the shove from under the gun, folded to the
    button, who calls with queens or better and folds nines and ace-jack."""
    shove = [Action.raise_to(10_000), *folds(5)]
    action = _answer([10_000] * 9, 9, hole, shove)
    assert action == (Action.call() if calls else Action.fold())


def test_a_short_stack_facing_a_deep_shove_calls_by_its_own_depth() -> None:
    """Eight big blinds in the big blind against a 100-big-blind button shove: the chips at
    stake are the big blind's eight, so king-ten calls; with 100 big blinds it folds."""
    shove = [Action.raise_to(10_000), Action.fold()]  # the button shoves, the small blind folds
    assert _answer([10_000, 800, 10_000], 2, "KcTd", shove) == Action.call()
    assert _answer([10_000, 10_000, 10_000], 2, "KcTd", shove) == Action.fold()


def test_three_way_equity_combines_heads_up_equities_close_to_the_exact_figure() -> None:
    """Bradley-Terry: near the exact three-way equity for the hand ahead, below it behind."""
    matrix = equity_matrix()

    def heads_up(a: str, b: str) -> float:
        return matrix[parse_class(a)][parse_class(b)]

    exact = exact_equity([parse_cards(h) for h in ("AhAd", "KcKs", "QhQc")]).hands
    assert combined(heads_up("AA", "KK"), heads_up("AA", "QQ")) == pytest.approx(
        float(exact[0].equity), abs=0.03
    )
    behind = combined(heads_up("QQ", "AA"), heads_up("QQ", "KK"))
    assert 0.5 * float(exact[2].equity) < behind < float(exact[2].equity)
