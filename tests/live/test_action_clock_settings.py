"""The action clock's settings (``table.action_seconds``, ``table.time_bank_seconds``): TDA 29
by default, each house's figure in its preset, and nonsense refused."""

from __future__ import annotations

from typing import Any

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.presets import preset_names
from pitboss.rules.table_rules import TableRules


def test_the_tda_default_is_25_seconds_and_a_5_second_countdown_without_a_time_bank() -> None:
    assert TableRules().action_seconds == 25 + 5
    assert TableRules().time_bank_seconds == 0
    assert RuleSet.from_preset("tda").table == RuleSet().table


@pytest.mark.parametrize("preset", ["ky-charity", "thc", "thc-sit-and-go", "slpt"])
def test_the_seed_houses_give_one_minute_and_a_10_second_countdown(preset: str) -> None:
    """KY 16, THC 15, SLPT 2; no seed gives a time bank (the TDA default, none)."""
    rules = RuleSet.from_preset(preset)
    conduct = rules.tournament.conduct
    assert rules.table.action_seconds == 70
    assert rules.table.action_seconds == conduct.clock_seconds + conduct.clock_countdown_seconds
    assert rules.table.time_bank_seconds == 0


def test_every_preset_names_its_action_clock() -> None:
    assert {RuleSet.from_preset(n).table.action_seconds for n in preset_names()} == {30, 70}


@pytest.mark.parametrize(
    ("setting", "value"),
    [
        ("action_seconds", 0),
        ("action_seconds", 3601),
        ("action_seconds", True),
        ("action_seconds", 2.5),
        ("time_bank_seconds", -1),
        ("time_bank_seconds", "30"),
    ],
)
def test_an_action_clock_that_cannot_be_run_is_refused(setting: str, value: Any) -> None:
    with pytest.raises(RuleSetError) as refused:
        TableRules(**{setting: value})
    assert refused.value.params["setting"] == f"table.{setting}"
