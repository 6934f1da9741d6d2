"""Hands played at one table with bots: chips conserved, reproducible, bust-outs reported."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.engine import AnteMode, HandEnded, PotAwarded
from pitboss.errors import PlayError
from pitboss.play import (
    Agent,
    PlayedHand,
    RandomLegal,
    Stakes,
    TightAggressive,
    default_bot_mix,
    make_bot,
    play_hand,
    play_table,
)
from pitboss.play.bots import BotKind
from pitboss.rules import RuleSet
from pitboss.rules.structure import Structure
from pitboss.table import Table

from .helpers import refilled_run

LEVELS = [Stakes(small_blind=25 * 2**k, big_blind=50 * 2**k) for k in range(6)]


def _mixed(rng: random.Random) -> Agent:
    return default_bot_mix(rng)("x")


def _conserved(table: Table, played: PlayedHand) -> None:
    """Every chip the hand began with is in a stack afterwards (DESIGN: chips conserved)."""
    before = played.report.plan.chips
    after = sum(stack for _, stack in played.report.final_stacks)
    assert after == before
    ended = [e for e in played.events if isinstance(e, HandEnded)]
    assert sum(stack for _, stack in ended[-1].stacks) == before
    pushed = sum(e.amount for e in played.events if isinstance(e, PotAwarded))
    assert pushed > 0
    assert table.chips == sum(p.stack for p in table.players)


def test_chips_are_conserved_after_every_hand_of_thousands_with_the_mixed_field() -> None:
    hands = refilled_run(_mixed, hands=2000, seed=2024, check=_conserved)
    assert len(hands) == 2000
    assert sum(len(h.busted) for h in hands) > 20  # players do go broke and get replaced
    assert [f for h in hands for f in h.faults] == []


def test_the_same_seed_deals_and_plays_the_same_hands() -> None:
    def run(seed: int) -> list[tuple[object, ...]]:
        hands = refilled_run(_mixed, hands=150, seed=seed)
        return [h.events for h in hands]

    first = run(8)
    assert first == run(8)
    assert first != run(9)


def test_heads_up_play_ends_with_one_player_holding_every_chip() -> None:
    rng = random.Random(77)
    agents = [("ann", RandomLegal(random.Random(1))), ("bob", RandomLegal(random.Random(2)))]
    run = play_table(
        agents, stack=2000, stakes=Stakes(small_blind=50, big_blind=100), hands=2000, rng=rng
    )
    assert len(run.hands) < 2000
    (winner,) = run.table.players
    assert winner.stack == 4000
    loser = run.hands[-1].busted
    assert [b.player for b in loser] == [p for p, _ in agents if p != winner.player]


def test_bust_outs_are_reported_and_their_seats_emptied() -> None:
    rng = random.Random(5)
    bots = random.Random(6)
    agents = [(f"p{i}", make_bot(BotKind.RANDOM_LEGAL, bots)) for i in range(1, 7)]
    run = play_table(
        agents, stack=1000, stakes=Stakes(small_blind=50, big_blind=100), hands=500, rng=rng
    )
    busted = [b.player for h in run.hands for b in h.busted]
    assert len(busted) == 5
    assert {p.player for p in run.table.players} | set(busted) == {f"p{i}" for i in range(1, 7)}


def test_ring_game_with_per_player_antes_conserves_chips_under_the_ky_preset() -> None:
    rules = RuleSet.from_preset("ky-charity")
    structure = rules.tournament.structure
    stakes = Stakes.of_level(structure, 6)
    assert stakes == Stakes(
        small_blind=500, big_blind=1000, ante=50, ante_mode=AnteMode.PER_PLAYER, chip_unit=50
    )
    rng = random.Random(4)  # a seed whose table still has two players after 100 hands
    bots = random.Random(5)
    agents = [(f"p{i}", TightAggressive(random.Random(bots.getrandbits(32)))) for i in range(10)]
    totals: list[int] = []
    run = play_table(
        agents,
        stack=20_000,
        stakes=stakes,
        hands=100,
        rng=rng,
        rules=rules,
        on_hand=lambda h: totals.append(sum(s for _, s in h.report.final_stacks)),
    )
    assert run.table.button_draw is not None  # KY 6: the first button by high-card draw
    assert len(run.hands) == 100
    assert run.table.chips == 200_000
    assert set(totals) == {200_000}


def test_stakes_of_a_level_follow_the_structure() -> None:
    structure = Structure()
    assert Stakes.of_level(structure, 1) == Stakes(small_blind=100, big_blind=200, chip_unit=100)
    third = Stakes.of_level(structure, 3)
    assert third.ante == 400
    assert third.ante_mode is AnteMode.BIG_BLIND  # TDA RP-11


def test_a_player_without_an_agent_stops_the_hand_and_changes_nothing() -> None:
    table = Table(seats=9)
    for seat, name in enumerate(["ann", "bob", "cat"], start=1):
        table.seat_player(name, seat, 1000)
    table.place_button(1)
    agents = {"ann": RandomLegal(random.Random(1)), "bob": RandomLegal(random.Random(2))}
    with pytest.raises(PlayError, match="cat"):
        play_hand(table, agents, Stakes(small_blind=5, big_blind=10), random.Random(1))
    assert table.hand_in_progress is None
    assert table.hands_played == 0
    assert table.chips == 3000


def test_a_repeated_name_is_refused() -> None:
    bot = RandomLegal(random.Random(1))
    with pytest.raises(PlayError, match="repeat"):
        play_table(
            [("ann", bot), ("ann", bot)],
            stack=100,
            stakes=Stakes(small_blind=5, big_blind=10),
            hands=1,
            rng=random.Random(1),
        )


@pytest.mark.slow
def test_soak_twenty_thousand_hands_conserve_chips_with_rising_blinds() -> None:
    for level, stakes in enumerate(LEVELS):
        hands = refilled_run(
            _mixed,
            hands=3500,
            seed=100 + level,
            stakes=stakes,
            check=_conserved,
        )
        assert [f for h in hands for f in h.faults] == []


@given(
    seed=st.integers(min_value=0, max_value=2**32), players=st.integers(min_value=2, max_value=10)
)
@settings(max_examples=25, deadline=None)
def test_any_seed_and_table_size_conserves_chips_without_faults(seed: int, players: int) -> None:
    hands = refilled_run(_mixed, hands=30, seed=seed, players=players, check=_conserved)
    assert len(hands) == 30
    assert [f for h in hands for f in h.faults] == []
