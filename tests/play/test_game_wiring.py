"""A tournament deals the game and betting structure its rules name, level by level (issue 30):
the tables fill the engine's setup from `level_game`, and a fixed-limit raise cap is lifted
only once the tournament is down to two players (SLPT 16, TDA 48)."""

from __future__ import annotations

import random
from dataclasses import replace

from pitboss.engine import HoleCardsDealt
from pitboss.play import BotKind, make_bot
from pitboss.play.runtime import DealtHand, play_tournament
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game, GameRules


def _rules(game: GameRules) -> RuleSet:
    return replace(RuleSet.from_preset("tda"), game=game)


def _hands(rules: RuleSet, *, players: int, seed: int) -> list[DealtHand]:
    hands: list[DealtHand] = []
    rng = random.Random(seed)
    play_tournament(
        rules,
        players=players,
        seed=seed,
        agents=lambda _: make_bot(BotKind.RANDOM_LEGAL, random.Random(rng.random())),
        on_hand=hands.append,
        keep_events=False,
    )
    return hands


def test_a_pot_limit_omaha_event_deals_every_hand_four_cards_under_pot_limit() -> None:
    hands = _hands(
        _rules(GameRules(game=Game.OMAHA, structure=BettingStructure.POT_LIMIT)),
        players=6,
        seed=3,
    )
    assert hands
    for hand in hands:
        assert hand.setup.game is Game.OMAHA
        assert hand.setup.structure is BettingStructure.POT_LIMIT
        dealt = [e for e in hand.events if isinstance(e, HoleCardsDealt)]
        assert dealt
        assert all(len(e.cards) == 4 for e in dealt)


def test_a_fixed_limit_cap_holds_until_the_tournament_is_heads_up_slpt_16() -> None:
    hands = _hands(
        _rules(GameRules(structure=BettingStructure.FIXED_LIMIT, limit_raises=3)),
        players=4,
        seed=5,
    )
    caps = [(len(h.setup.seats), h.setup.raise_cap) for h in hands]
    assert all(h.setup.structure is BettingStructure.FIXED_LIMIT for h in hands)
    # three or four players left: one bet and three raises, however few are in the hand
    assert {cap for seats, cap in caps if seats > 2} == {3}
    # the last two: the cap is lifted (the tournament, not the hand, is heads-up)
    assert caps[-1] == (2, None)


def test_a_house_that_keeps_the_cap_heads_up_deals_the_last_hand_capped() -> None:
    hands = _hands(
        _rules(
            GameRules(
                structure=BettingStructure.FIXED_LIMIT,
                limit_raises=4,
                limit_cap_lifted_heads_up=False,
            )
        ),
        players=3,
        seed=7,
    )
    assert {(h.setup.structure, h.setup.raise_cap) for h in hands} == {
        (BettingStructure.FIXED_LIMIT, 4)
    }


def test_a_mixed_events_level_deals_its_own_game() -> None:
    rules = _rules(GameRules())
    structure = rules.tournament.structure
    levels = list(structure.levels)
    levels[0] = replace(levels[0], game=Game.OMAHA, structure=BettingStructure.POT_LIMIT)
    rules = replace(
        rules,
        tournament=replace(rules.tournament, structure=replace(structure, levels=tuple(levels))),
    )
    hands = _hands(rules, players=6, seed=11)
    games = {(h.level, h.setup.game, h.setup.structure) for h in hands}
    assert (1, Game.OMAHA, BettingStructure.POT_LIMIT) in games
    assert any(level > 1 for level, _, _ in games)
    assert all(
        (g, s) == (Game.HOLDEM, BettingStructure.NO_LIMIT) for level, g, s in games if level > 1
    )
