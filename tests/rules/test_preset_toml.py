"""The commented preset TOML a director edits: every setting, explained, read back exactly."""

from __future__ import annotations

import tomllib
from dataclasses import replace

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.catalogue import setting_paths
from pitboss.rules.payout_tables import PayoutBracket, PayoutFormula, PayoutTable
from pitboss.rules.preset_toml import (
    file_preset_toml,
    format_preset_toml,
    preset_notes,
    shipped_preset_toml,
    split_comment,
)
from pitboss.rules.ruleset import load_preset, parse_preset, preset_names
from pitboss.rules.structure import Level, Structure
from pitboss.rules.tournament import PayoutRules, PayoutTableName


@pytest.mark.parametrize("name", preset_names())
def test_an_exported_preset_parses_back_to_the_same_rule_set(name: str) -> None:
    assert parse_preset(shipped_preset_toml(name), name=name) == load_preset(name)


@pytest.mark.parametrize("name", preset_names())
def test_exporting_an_export_changes_nothing_so_house_notes_survive_edits(name: str) -> None:
    text = shipped_preset_toml(name)
    assert file_preset_toml(text, parse_preset(text)) == text


def test_every_setting_is_written_with_its_meaning_unit_allowed_values_and_rule() -> None:
    text = shipped_preset_toml("ky-charity")
    lines = text.splitlines()
    for path, _, _ in setting_paths():
        if path.startswith("tournament.payouts.custom."):
            continue  # ky-charity pays the standard table: custom is unset
        key = path.rsplit(".", 1)[-1]
        if "[]" in path:
            assert f"#   {key}: " in text, path  # an item's field, under "Each item:"
            continue
        written = [n for n, line in enumerate(lines) if line.startswith((f"{key} =", f"# {key} ="))]
        if written:
            assert lines[written[0] - 1].startswith("#"), path  # its comment right above
    assert "# late_registration_until_level =" in lines  # unset, and says so
    assert "Unit: cents (10000 = $100.00)" in text
    assert "Allowed: check_or_fold" in text
    assert "Rulebooks: TDA 24" in text


def test_the_house_note_of_the_ky_time_limit_is_kept_as_this_preset_ky_11() -> None:
    text = shipped_preset_toml("ky-charity")
    above = text.split("\ntime_limit_minutes = 360")[0].splitlines()[-2:]
    assert any("This preset: KY 11" in line for line in above), above
    assert "# level 4, starts 1:00; $25 green out" in text
    assert "# break after level 5, starts 1:40" in text


def test_values_toml_cannot_hold_raw_are_escaped_and_read_back() -> None:
    level = Level(
        small_blind=100, big_blind=200, note='a "quoted" note\nwith\ttabs \\ # not a comment'
    )
    structure = Structure(levels=(level,), breaks=())
    rules = RuleSet(
        title="Friday's game # 2",
        tournament=replace(RuleSet().tournament, structure=structure),
    )
    assert parse_preset(format_preset_toml(rules)) == rules


def test_a_custom_payout_table_with_a_formula_beyond_round_trips() -> None:
    custom = PayoutTable(
        brackets=(PayoutBracket(min_entrants=2, max_entrants=9, shares_bp=(6000, 4000)),),
        beyond=PayoutFormula(paid_bp=1200, max_places=30, offset=1),
    )
    payouts = PayoutRules(table=PayoutTableName.CUSTOM, custom=custom)
    rules = RuleSet(tournament=replace(RuleSet().tournament, payouts=payouts))
    text = format_preset_toml(rules)
    assert "[tournament.payouts.custom.beyond]" in text
    assert parse_preset(text) == rules
    assert "# [tournament.payouts.custom] is unset" in format_preset_toml(RuleSet())


def test_an_open_ended_payout_bracket_is_refused_as_not_writable() -> None:
    custom = PayoutTable(
        brackets=(PayoutBracket(min_entrants=2, max_entrants=None, shares_bp=(10000,)),)
    )
    payouts = PayoutRules(table=PayoutTableName.CUSTOM, custom=custom)
    rules = RuleSet(tournament=replace(RuleSet().tournament, payouts=payouts))
    with pytest.raises(RuleSetError) as refused:
        format_preset_toml(rules)
    assert refused.value.code == "not_writable"
    assert "max_entrants" in refused.value.message


def test_notes_are_read_from_trailing_comments_not_from_inside_strings() -> None:
    text = (
        "# opening\n\n[hand]\n"
        'timeout_policy = "kill_hand"   # KY 16\n'
        'x = "a # b"\n'
        "levels = [\n  # above\n  { small_blind = 1 },  # level 1: first\n  { b = 2 },\n]\n"
    )
    notes = preset_notes(text)
    assert notes == {
        "": "opening",
        "hand.timeout_policy": "KY 16",
        "hand.levels[0]": "above first",
    }
    assert split_comment('note = "x # y"  # z') == ('note = "x # y"', "z")


def test_the_output_is_plain_toml_with_every_table_of_the_rule_set() -> None:
    data = tomllib.loads(shipped_preset_toml("thc-sit-and-go"))
    assert set(data) == {"name", "title", "hand", "table", "tournament", "game"}
    assert data["tournament"]["payouts"]["custom"]["brackets"][0]["shares_bp"] == [10000]
