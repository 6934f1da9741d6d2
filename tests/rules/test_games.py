"""The game and betting-structure settings (issue 30): No-Limit Hold'em by default and left out
of a log then, a preset's [game] table, a mixed event's levels, and a hand's effective game,
structure and fixed-limit raise cap (TDA 48, SLPT 16)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game, GameRules, LevelGame, level_game
from pitboss.rules.mapping import from_mapping, to_mapping
from pitboss.rules.ruleset import parse_preset, preset_names
from pitboss.rules.structure import Level
from pitboss.tournament.codec import decode_event, encode_event
from pitboss.tournament.features.creation import TournamentCreated

FL = BettingStructure.FIXED_LIMIT
PL = BettingStructure.POT_LIMIT
NL = BettingStructure.NO_LIMIT


def test_by_default_no_limit_holdem_and_a_rule_set_encodes_as_before() -> None:
    rules = RuleSet()
    assert rules.game == GameRules(game=Game.HOLDEM, structure=NL, limit_raises=4)
    data = to_mapping(rules)
    assert "game" not in data  # a log written before the setting encodes byte for byte
    assert all("game" not in level and "structure" not in level
               for level in data["tournament"]["structure"]["levels"])  # fmt: skip
    assert from_mapping(RuleSet, data) == rules  # and an old log reads the default back


EXAMPLES = {
    "plo": GameRules(game=Game.OMAHA, structure=PL),
    "slpt-limit": GameRules(structure=BettingStructure.FIXED_LIMIT, limit_raises=4),
}
"""The example events shipped beside the house presets (issue 30: "Presets stay no-limit; a
shipped example preset runs a pot-limit Omaha event and a limit event")."""


def test_every_house_preset_stays_no_limit_holdem() -> None:
    for name in preset_names():
        if name in EXAMPLES:
            continue
        rules = RuleSet.from_preset(name)
        assert rules.game == GameRules(), name
        assert "game" not in to_mapping(rules), name


def test_the_example_presets_run_a_pot_limit_omaha_event_and_a_limit_event() -> None:
    assert set(EXAMPLES) <= set(preset_names())
    for name, game in EXAMPLES.items():
        assert RuleSet.from_preset(name).game == game, name
    # the limit example is SLPT's rules (SLPT 16 covers limit play), the PLO example the TDA's
    assert RuleSet.from_preset("slpt-limit").hand == RuleSet.from_preset("slpt").hand
    assert RuleSet.from_preset("plo").hand == RuleSet.from_preset("tda").hand


def test_a_preset_s_game_table_sets_the_game_the_structure_and_the_cap() -> None:
    rules = parse_preset('[game]\ngame = "omaha"\nstructure = "pot_limit"\n', name="plo")
    assert (rules.game.game, rules.game.structure) == (Game.OMAHA, PL)
    limit = parse_preset(
        '[game]\nstructure = "fixed_limit"\nlimit_raises = 3\nlimit_cap_lifted_heads_up = false\n',
        name="limit",
    )
    assert limit.game == GameRules(structure=FL, limit_raises=3, limit_cap_lifted_heads_up=False)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('[game]\nstructure = "limit"\n', "not_one_of"),
        ('[game]\ngame = "stud"\n', "not_one_of"),
        ("[game]\nlimit_raises = -1\n", "out_of_bounds"),
        ("[game]\nlimit_raises = 1001\n", "out_of_bounds"),
        ("[game]\ncap = 4\n", "unknown_setting"),
    ],
)
def test_a_wrong_game_setting_is_refused_naming_it(text: str, code: str) -> None:
    with pytest.raises(RuleSetError) as refusal:
        parse_preset(text, name="house")
    assert refusal.value.code == code
    assert "game." in refusal.value.message


def test_a_fixed_limit_rule_set_round_trips_through_the_tournament_s_first_event() -> None:
    levels = (
        Level(small_blind=100, big_blind=200),
        Level(small_blind=200, big_blind=400, structure=PL, game=Game.OMAHA),
    )
    base = RuleSet()
    structure = replace(base.tournament.structure, levels=levels, breaks=())
    rules = replace(
        base,
        game=GameRules(structure=FL, limit_raises=3),
        tournament=replace(base.tournament, structure=structure),
    )
    event = TournamentCreated(at=0, name="Mixed Tuesday", rules=rules)
    envelope = encode_event(event, 1)
    assert envelope["data"]["rules"]["game"]["structure"] == "fixed_limit"
    assert envelope["data"]["rules"]["tournament"]["structure"]["levels"][1]["game"] == "omaha"
    assert decode_event(envelope) == event


def test_a_level_may_name_its_own_game_and_structure() -> None:
    level = Level(small_blind=100, big_blind=200, structure=PL, game=Game.OMAHA)
    assert level_game(GameRules(), level, players_left=9) == LevelGame(Game.OMAHA, PL, None)


def test_level_game_the_tournament_s_game_where_the_level_names_none() -> None:
    level = Level(small_blind=100, big_blind=200)
    assert level_game(GameRules(), level, players_left=9) == LevelGame(Game.HOLDEM, NL, None)
    rules = GameRules(structure=FL)
    assert level_game(rules, level, players_left=9) == LevelGame(Game.HOLDEM, FL, 4)


def test_slpt_16_the_cap_holds_until_the_tournament_is_down_to_two_players() -> None:
    rules = GameRules(structure=FL)
    level = Level(small_blind=100, big_blind=200)
    assert level_game(rules, level, players_left=3).raise_cap == 4
    assert level_game(rules, level, players_left=2).raise_cap is None  # "the rule does not apply"
    kept = GameRules(structure=FL, limit_cap_lifted_heads_up=False)
    assert level_game(kept, level, players_left=2).raise_cap == 4


def test_tda_48_no_cap_in_no_limit_or_pot_limit() -> None:
    level = Level(small_blind=100, big_blind=200, structure=PL)
    assert level_game(GameRules(structure=FL), level, players_left=50).raise_cap is None


def test_level_game_fills_a_hand_setup_by_its_field_names() -> None:
    from pitboss.engine import HandSetup

    assert set(LevelGame._fields) <= set(HandSetup._fields)
