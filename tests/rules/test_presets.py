"""Presets: every shipped house loads, validates and encodes its seed's numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from pitboss.errors import RuleSetError, StructureError
from pitboss.rules import RuleSet
from pitboss.rules.presets import (
    from_mapping,
    load_preset,
    load_preset_file,
    parse_preset,
    preset_names,
    to_mapping,
)
from pitboss.rules.stakes import AnteMode
from pitboss.rules.tournament import (
    ChopMethod,
    MoneyKind,
    PersonalDetail,
    RefundPolicy,
    TimeLimitAction,
)
from pitboss.tournament.model.timeline import PeriodKind, timeline


def test_the_four_houses_are_shipped() -> None:
    assert {"tda", "ky-charity", "thc", "slpt"} <= set(preset_names())


@pytest.mark.parametrize("name", preset_names())
def test_every_preset_loads_and_validates(name: str) -> None:
    rules = load_preset(name)
    assert rules.name == name
    assert rules.title
    assert RuleSet.from_preset(name) == rules
    # round trip: the preset's settings rebuild the same rule set
    assert from_mapping(RuleSet, to_mapping(rules)) == rules


def test_tda_preset_restates_the_built_in_defaults() -> None:
    assert load_preset("tda") == RuleSet()


def test_ky_structure_is_sixteen_twenty_minute_levels_with_antes_from_level_6() -> None:
    s = load_preset("ky-charity").tournament.structure
    assert len(s.levels) == 16
    assert all(s.minutes_of(n) == 20 for n in range(1, 17))  # KY 10
    assert [(lv.small_blind, lv.big_blind) for lv in s.levels[:3]] == [
        (25, 50),
        (50, 100),
        (100, 200),
    ]
    assert all(s.ante_mode_of(n) is AnteMode.NONE for n in range(1, 6))
    assert all(s.ante_mode_of(n) is AnteMode.PER_PLAYER for n in range(6, 17))  # KY 10 "*"
    assert s.level(6).ante == 50
    assert s.level(16).small_blind == 15000
    assert s.level(16).big_blind == 30000


def test_ky_level_7_is_750_not_the_seeds_759() -> None:
    s = load_preset("ky-charity").tournament.structure
    assert (s.level(7).small_blind, s.level(7).big_blind, s.level(7).ante) == (750, 1500, 100)


def test_ky_breaks_after_levels_5_10_14_and_colour_ups_at_level_starts() -> None:
    s = load_preset("ky-charity").tournament.structure
    assert [b.after_level for b in s.breaks] == [5, 10, 14]
    ups = {p.level: p.colour_up for p in timeline(s) if p.colour_up}
    assert ups == {4: (25,), 8: (50,), 13: (100,), 15: (500,)}
    kinds = {p.level: p.kind for p in timeline(s) if p.colour_up}
    assert set(kinds.values()) == {PeriodKind.LEVEL}  # KY's colour-ups are not at breaks


def test_ky_money_terms() -> None:
    t = load_preset("ky-charity").tournament
    assert t.rebuy.allowed
    assert t.rebuy.chips == 2000
    assert t.rebuy.price_cents == 5000
    assert t.rebuy.until_level == 5
    assert t.rebuy.max_per_player is None
    assert t.add_on.allowed
    assert t.add_on.chips == 5000
    assert t.add_on.price_cents == 5000
    assert t.add_on.at_break_after_level == 5
    assert t.add_on.max_per_player == 1
    assert t.prize_pool.percent == 85
    assert t.prize_pool.includes == (MoneyKind.ENTRY,)
    assert t.clock.time_limit_minutes == 360  # KY 11
    assert t.clock.on_time_limit is TimeLimitAction.CHOP
    assert t.clock.time_limit_chop is ChopMethod.CHIP


def test_ky_plays_ten_per_table() -> None:
    assert load_preset("ky-charity").table.seats == 10  # KY 3


def test_thc_money_terms() -> None:
    t = load_preset("thc").tournament
    assert t.entry.buy_in_cents == 10000
    assert t.entry.fee_cents == 1000
    assert t.entry.entry_cents == 11000
    assert t.entry.starting_chips == 16000
    assert t.rebuy.chips == 8000
    assert t.rebuy.price_cents == 5000
    assert t.rebuy.until_minutes == 120
    assert t.rebuy.eligible_below_chips == 16000
    assert t.add_on.price_cents == 10000
    assert t.add_on.max_per_player == 1
    assert t.entry.min_age == 21  # THC add. 15
    assert t.entry.refund_on_withdrawal is RefundPolicy.NONE
    assert PersonalDetail.DATE_OF_BIRTH in t.entry.required_details
    assert t.prize_pool.percent == 70


def test_thc_add_on_falls_at_two_hours() -> None:
    s = load_preset("thc").tournament.structure
    brk = next(p for p in timeline(s) if p.kind is PeriodKind.BREAK)
    assert sum(p.minutes for p in timeline(s)[: brk.index]) == 120
    assert brk.level == load_preset("thc").tournament.add_on.at_break_after_level


def test_thc_tables_are_eleven_in_the_first_round_then_ten() -> None:
    rules = load_preset("thc")
    assert rules.table.seats_first_round == 11
    assert rules.table.seats == 10


def test_unknown_setting_is_rejected_with_the_allowed_names() -> None:
    with pytest.raises(
        RuleSetError, match=r"unknown setting 'tournament\.rebuy\.prce'.*price_cents"
    ):
        parse_preset("[tournament.rebuy]\nprce = 5000\n", name="typo")


def test_wrong_type_is_rejected_naming_the_setting() -> None:
    with pytest.raises(RuleSetError, match=r"tournament\.rebuy\.price_cents' must be an integer"):
        parse_preset('[tournament.rebuy]\nprice_cents = "50.00"\n')
    with pytest.raises(RuleSetError, match="must be true or false"):
        parse_preset("[tournament.rebuy]\nallowed = 1\n")


def test_bad_enum_value_lists_the_allowed_values() -> None:
    with pytest.raises(RuleSetError, match="'per_player'"):
        parse_preset('[tournament.structure]\nante_mode = "everyone"\n')


def test_missing_required_field_is_named() -> None:
    text = "[tournament.structure]\nlevels = [{ small_blind = 25 }]\n"
    with pytest.raises(RuleSetError, match=r"missing setting .*big_blind"):
        parse_preset(text)


def test_seed_typo_759_is_rejected_naming_level_7() -> None:
    text = load_preset_text("ky-charity").replace(
        "small_blind = 750, big_blind = 1500", "small_blind = 759, big_blind = 1500"
    )
    with pytest.raises(
        StructureError, match=r"level 7: the small blind 759 is not a multiple of 50"
    ) as info:
        parse_preset(text, name="ky-seed")
    assert info.value.params["level"] == 7
    assert "ky-seed" in info.value.message


def test_not_toml_is_a_rule_set_error() -> None:
    with pytest.raises(RuleSetError, match="not valid TOML"):
        parse_preset("[tournament\n")


def test_unknown_preset_lists_the_available_ones() -> None:
    with pytest.raises(RuleSetError, match=r"available: .*ky-charity") as info:
        load_preset("wsop")
    assert info.value.code == "unknown_preset"


def test_a_house_preset_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "my-house.toml"
    path.write_text('name = "my-house"\n[tournament.entry]\nbuy_in_cents = 5000\n')
    rules = load_preset_file(path)
    assert rules.name == "my-house"
    assert rules.tournament.entry.buy_in_cents == 5000


def test_hand_and_table_sections_load_by_field_name() -> None:
    rules = parse_preset('[table]\nseats = 9\n[hand]\ntimeout_policy = "kill_hand"\n')
    assert rules.table.seats == 9
    assert rules.hand.timeout_policy.value == "kill_hand"


def load_preset_text(name: str) -> str:
    from importlib import resources

    return (resources.files("pitboss.rules") / "presets" / f"{name}.toml").read_text("utf-8")


def test_ky_level_7_notes_the_seeds_759_as_data_and_only_there() -> None:
    s = load_preset("ky-charity").tournament.structure
    assert "759" in s.level(7).note
    assert "RULES §6" in s.level(7).note
    assert [n for n in range(1, len(s.levels) + 1) if s.level(n).note] == [7]


def test_the_time_limit_rule_is_cited_by_the_house_that_has_one() -> None:
    assert load_preset("ky-charity").tournament.clock.time_limit_rule == "KY 11"
    for name in preset_names():
        clock = load_preset(name).tournament.clock
        assert bool(clock.time_limit_rule) == (clock.time_limit_minutes is not None), name
