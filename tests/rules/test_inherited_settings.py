"""Issue 26: a first home-made structure file of 8 levels with no ``breaks`` line was refused
for "a break after level 12" its author never wrote (inherited silently from the default
rules), and an empty file ran as "Poker TDA 2024 rules (default)". A preset now says what it
took from the defaults and, when that does not fit, which line to add."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.rules.ruleset import parse_preset

EIGHT_LEVELS = """
[tournament.structure]
levels = [
  { small_blind = 100, big_blind = 200 }, { small_blind = 200, big_blind = 400 },
  { small_blind = 300, big_blind = 600 }, { small_blind = 400, big_blind = 800 },
  { small_blind = 500, big_blind = 1000 }, { small_blind = 600, big_blind = 1200 },
  { small_blind = 800, big_blind = 1600 }, { small_blind = 1000, big_blind = 2000 },
]
"""


def test_a_break_the_file_never_wrote_is_named_as_inherited_with_the_line_to_add() -> None:
    with pytest.raises(PitbossError) as refused:
        parse_preset(EIGHT_LEVELS, name="my-first")
    message = refused.value.message
    assert "a break after level 12 does not fit a structure of 8 levels" in message
    assert "does not set" in message
    assert "breaks = after levels 4, 8, 12, 16" in message  # what was inherited
    assert "breaks = []" in message  # the line to add
    assert "breaks" in refused.value.params["inherited"]


def test_the_line_it_names_fixes_the_file() -> None:
    fixed = EIGHT_LEVELS + "breaks = [{ after_level = 4, minutes = 10 }]\n"
    rules = parse_preset(fixed, name="my-first")
    assert [b.after_level for b in rules.tournament.structure.breaks] == [4]


def test_a_chip_the_file_never_chose_is_named_when_a_blind_cannot_be_paid() -> None:
    text = """
[tournament.structure]
levels = [{ small_blind = 25, big_blind = 50 }, { small_blind = 50, big_blind = 100 }]
breaks = []
"""
    with pytest.raises(PitbossError) as refused:
        parse_preset(text, name="small")
    assert "chips = [100, 500, 1000, 5000, 25000]" in refused.value.message
    assert "breaks" not in refused.value.params["inherited"]


def test_an_empty_file_says_it_runs_on_the_tda_defaults_not_that_it_is_them() -> None:
    rules = parse_preset("", name="empty")
    assert rules.title == "empty, with the TDA 2024 rules where it is silent"
    assert parse_preset('title = "Friday"', name="friday").title == "Friday"
