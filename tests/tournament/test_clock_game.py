"""The clock says what is dealt (issue 30): nothing in a No-Limit Hold'em event, the game's
name in any other, a fixed-limit level's bets (the big blind and twice it), and in a mixed event
the next level's game when it changes."""

from __future__ import annotations

from dataclasses import replace

from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game
from pitboss.tournament.reading.views import clock_screen

from .director_helpers import Director


def _clock_at(rules: RuleSet | str, minutes: float) -> tuple[str, str | None, str]:
    d = Director(rules)
    d.start("a", "b", "c")
    screen = clock_screen(d.state, d.minutes(minutes))
    return screen.game_label, screen.next_game_label, screen.label


def test_a_no_limit_holdem_event_says_nothing_of_the_game() -> None:
    assert _clock_at("tda", 1)[:2] == ("", None)


def test_the_pot_limit_omaha_example_says_pot_limit_omaha_on_the_clock() -> None:
    assert _clock_at("plo", 1)[:2] == ("Pot-Limit Omaha", None)


def test_a_limit_level_says_its_bets_slpt_16() -> None:
    rules = RuleSet.from_preset("slpt-limit")
    big = rules.tournament.structure.levels[0].big_blind
    assert _clock_at(rules, 1)[0] == f"Limit Hold'em · bets {big:,} / {2 * big:,}"


def test_a_mixed_event_names_each_levels_game_and_the_next_one_when_it_changes() -> None:
    tda = RuleSet.from_preset("tda")
    structure = tda.tournament.structure
    levels = list(structure.levels)
    levels[1] = replace(levels[1], game=Game.OMAHA, structure=BettingStructure.POT_LIMIT)
    rules = replace(
        tda,
        tournament=replace(tda.tournament, structure=replace(structure, levels=tuple(levels))),
    )
    minutes = structure.level_minutes
    assert _clock_at(rules, 1)[:2] == ("No-Limit Hold'em", "Pot-Limit Omaha")
    game, coming, label = _clock_at(rules, minutes + 1)
    assert (game, coming, label) == ("Pot-Limit Omaha", "No-Limit Hold'em", "Level 2")
