"""Real engine hands dealt through the table: setup built from the plan, result applied."""

from __future__ import annotations

import random

import pytest
from table_helpers import seated
from table_world import World

from pitboss.cards import Deck
from pitboss.engine import Action, AnteMode, Hand, HandKilled, Posted, PostKind
from pitboss.errors import TableError
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy, MissedBlindPolicy, TableRules
from pitboss.table import HandPlan, HandReport, Table


def _random_action(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    if legal.is_showdown:
        return Action.show() if legal.can_show else Action.muck()
    roll = rng.random()
    if legal.can_raise and roll < 0.25:
        assert legal.min_raise_to is not None
        assert legal.max_raise_to is not None
        top = legal.max_raise_to if rng.random() < 0.3 else legal.min_raise_to
        return Action.raise_to(rng.randint(legal.min_raise_to, top))
    if legal.can_check:
        return Action.check()
    if legal.can_call and roll < 0.8:
        return Action.call()
    return Action.fold()


def deal_one(
    table: Table,
    rng: random.Random,
    *,
    small_blind: int = 50,
    big_blind: int = 100,
    ante: int = 0,
    ante_mode: AnteMode = AnteMode.NONE,
) -> tuple[HandReport, Hand]:
    table.start_hand()
    setup = table.hand_setup(
        small_blind=small_blind, big_blind=big_blind, ante=ante, ante_mode=ante_mode
    )
    hand = Hand(setup, Deck(rng))
    while not hand.is_over:
        hand.apply(_random_action(hand, rng))
    return table.finish_dealt_hand(hand), hand


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_engine_hands_played_through_the_table_to_a_winner(seed: int) -> None:
    rng = random.Random(seed)
    table = seated(range(1, 8), seats=9, stack=2000)
    table.place_initial_button(Deck(rng))
    total = table.chips
    places: list[str] = []
    previous_big_blind: str | None = None
    hands = 0
    while len(table.players) > 1 and hands < 3000:
        level = 1 + hands // 40
        report, hand = deal_one(
            table,
            rng,
            small_blind=25 * level,
            big_blind=50 * level,
            ante=50 * level if level >= 3 else 0,
            ante_mode=AnteMode.BIG_BLIND if level >= 3 else AnteMode.NONE,
        )
        hands += 1
        assert table.chips == total
        assert report.plan.big_blind_player != previous_big_blind
        previous_big_blind = report.plan.big_blind_player
        posts = [e for e in hand.events if isinstance(e, Posted)]
        assert posts[0].seat in (report.plan.small_blind, report.plan.big_blind)
        if report.plan.small_blind is None:
            assert all(p.kind is not PostKind.SMALL_BLIND for p in posts)
        places.extend(b.player for b in reversed(report.busted))
    assert len(table.players) == 1
    assert sorted([*places, table.players[0].player]) == [f"p{s}" for s in range(1, 8)]


def test_tda_71c_penalised_seat_is_killed_by_the_engine_and_still_posts() -> None:
    rng = random.Random(5)
    table = seated(range(1, 6), button=5)  # p1 small blind, p2 big blind
    table.penalise_hands("p2", hands=1)
    report, hand = deal_one(table, rng)
    assert [e.seat for e in hand.events if isinstance(e, HandKilled)] == [2]
    assert any(isinstance(e, Posted) and e.seat == 2 for e in hand.events)
    assert report.penalties_served == ("p2",)
    assert report.stack_of("p2") == 900


def test_thc_6_absent_seat_posts_and_cannot_win_through_the_engine() -> None:
    rules = RuleSet(table=TableRules(absent_policy=AbsentPolicy.NOT_DEALT_BLINDS_POSTED))
    rng = random.Random(8)
    table = seated(range(1, 4), button=3, rules=rules)  # p1 small blind, p2 big blind
    table.set_absent("p1", absent=True)
    report, _ = deal_one(table, rng)
    assert report.stack_of("p1") == 950


def test_tda_32_dead_small_blind_hand_posts_only_the_big_blind_in_the_engine() -> None:
    rng = random.Random(3)
    table = seated(range(1, 7), button=1)
    plan = table.start_hand()  # button 1, SB 2, BB 3; the big blind busts
    stacks = {s.player: s.stack for s in plan.seats}
    stacks["p4"] += stacks.pop("p3")
    table.finish_hand({**stacks, "p3": 0})
    _, hand = deal_one(table, rng)
    posts = [e for e in hand.events if isinstance(e, Posted)]
    assert [(p.seat, p.kind) for p in posts] == [(4, PostKind.BIG_BLIND)]
    assert hand.setup.button == 2


def test_engine_hand_from_another_plan_is_rejected() -> None:
    rng = random.Random(4)
    table = seated(range(1, 5), button=1)
    other = seated(range(5, 9), button=5)
    other.start_hand()
    hand = Hand(other.hand_setup(small_blind=5, big_blind=10), Deck(rng))
    while not hand.is_over:
        hand.apply(_random_action(hand, rng))
    table.start_hand()
    with pytest.raises(TableError, match="was planned for"):
        table.finish_dealt_hand(hand)
    assert table.hand_in_progress is not None
    assert table.hands_played == 0


class EngineWorld(World):
    """The long-run world with every hand dealt and played by the engine (random actions)."""

    def deal(self, table: Table, plan: HandPlan) -> HandReport:
        setup = table.hand_setup(small_blind=5, big_blind=10, ante=10, ante_mode=AnteMode.BIG_BLIND)
        hand = Hand(setup, Deck(self.rng))
        while not hand.is_over:
            hand.apply(_random_action(hand, self.rng))
        assert hand.setup.small_blind_seat == plan.small_blind
        return table.finish_dealt_hand(hand)


@pytest.mark.parametrize("absent", list(AbsentPolicy))
def test_engine_hands_keep_table_invariants_with_moves_busts_and_absences(
    absent: AbsentPolicy,
) -> None:
    world = EngineWorld.create(
        21, [3, 9], absent_policy=absent, missed_blinds=MissedBlindPolicy.WAIT_FOR_BUTTON
    )
    for _ in range(250):
        world.random_step()
    assert world.hands >= 250
