"""The blind sheet's data: levels and breaks on the clock, the windows, the limit, the payouts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.errors import RegistrationError
from pitboss.rules.games import BettingStructure, Game
from pitboss.rules.ruleset import load_preset
from pitboss.tournament.reading.sheet import blind_sheet, format_clock, projected_pool


def test_ky_levels_and_breaks_run_on_the_clock_from_six_pm_ky_3_and_10() -> None:
    sheet = blind_sheet(load_preset("ky-charity"), start_minute_of_day=18 * 60, entrants=100)
    first, fourth = sheet.rows[0], sheet.rows[3]
    assert (first.clock, first.after, first.blinds, first.ante) == ("18:00", "0:00", "25/50", "-")
    assert fourth.notes[0] == "colour up the 25"  # KY 10: the green chips leave at level 4
    intermission = sheet.rows[5]
    assert intermission.is_break
    assert intermission.clock == "19:40"
    assert "add-on: 5,000 chips for $50" in intermission.notes  # KY 5: at intermission
    assert "last level for re-buys" in sheet.rows[4].notes  # KY 4: "until intermission"
    assert "legal limit at 00:00 (+1)" in sheet.rows[-1].notes  # KY 11: six hours


def test_ky_terms_name_the_rebuy_window_and_the_forced_chop_ky_4_and_11() -> None:
    sheet = blind_sheet(load_preset("ky-charity"), start_minute_of_day=18 * 60, entrants=100)
    terms = {t.label: t.text for t in sheet.terms}
    assert terms["Re-buys"] == ("2,000 chips for $50, until the end of level 5 (19:40), unlimited")
    assert terms["Time limit"].startswith("6 h 00 min from the start, at 00:00 (+1): play stops")
    assert "by chip count (KY 11)" in terms["Time limit"]
    assert terms["Late registration"] == "none: registration closes when play starts"


def test_ky_payouts_for_a_hundred_entries_are_85_percent_of_entries_ky_18() -> None:
    sheet = blind_sheet(load_preset("ky-charity"), entrants=100)
    assert sheet.prize_pool_cents == 850_000
    assert sum(p.cents for p in sheet.prizes) == 850_000
    assert sheet.prizes[0].place == "1st"
    # KY 18: re-buy and add-on money goes to the charity, so it never raises this pool
    assert (
        sheet.payouts_note == "For 100 entries, re-buys and add-ons go to the house, not the pool."
    )
    assert sheet.start is None
    assert sheet.rows[0].clock is None


def test_the_fee_counts_toward_the_pool_only_when_the_house_includes_it() -> None:
    thc = load_preset("thc").tournament
    assert projected_pool(thc, 10) == 10 * 10_000 * 70 // 100  # THC: the $10 fee is the house's


def test_without_a_field_the_sheet_says_payouts_wait_for_the_entries() -> None:
    sheet = blind_sheet(load_preset("tda"))
    assert sheet.prizes == ()
    assert "number of entries" in sheet.payouts_note


def test_the_tournaments_own_prizes_are_shown_as_they_are() -> None:
    sheet = blind_sheet(
        load_preset("tda"), entrants=3, prize_pool_cents=30_000, prizes_cents=(30_000,)
    )
    assert [(p.place, p.cents) for p in sheet.prizes] == [("1st", 30_000)]
    assert sheet.payouts_note == "For 3 entries."


def test_late_registration_closes_on_the_clock_slpt() -> None:
    sheet = blind_sheet(load_preset("slpt"), start_minute_of_day=19 * 60)
    terms = {t.label: t.text for t in sheet.terms}
    assert terms["Late registration"] == "until the end of level 4 (20:00)"
    assert "last level to register" in sheet.rows[3].notes


def test_a_sit_and_go_refuses_a_field_larger_than_its_table_thc_1() -> None:
    with pytest.raises(RegistrationError) as refused:
        blind_sheet(load_preset("thc-sit-and-go"), entrants=11)
    assert refused.value.code == "too_many_entries"


def test_clock_times_past_midnight_say_the_next_day() -> None:
    assert format_clock(23 * 60 + 50) == "23:50"
    assert format_clock(24 * 60 + 10) == "00:10 (+1)"


def test_a_pool_that_takes_the_rebuys_says_its_prizes_are_before_them_thc() -> None:
    sheet = blind_sheet(load_preset("thc"), entrants=100)
    assert sheet.payouts_note == "For 100 entries, before re-buys and add-ons."


def test_the_sheet_names_the_game_where_it_starts_and_where_a_mixed_event_changes_it() -> None:
    plo = blind_sheet(load_preset("plo"))
    assert plo.rows[0].notes[0] == "Pot-Limit Omaha"
    assert not any("Omaha" in n for row in plo.rows[1:] for n in row.notes)
    assert not any(
        "Hold'em" in n for row in blind_sheet(load_preset("tda")).rows for n in row.notes
    )
    tda = load_preset("tda")
    levels = list(tda.tournament.structure.levels)
    levels[1] = replace(levels[1], game=Game.OMAHA, structure=BettingStructure.POT_LIMIT)
    structure = replace(tda.tournament.structure, levels=tuple(levels))
    mixed = blind_sheet(replace(tda, tournament=replace(tda.tournament, structure=structure)))
    games = [
        (r.level, r.notes[0])
        for r in mixed.rows
        if r.notes and r.notes[0].endswith(("Omaha", "Hold'em"))
    ]
    assert games == [(1, "No-Limit Hold'em"), (2, "Pot-Limit Omaha"), (3, "No-Limit Hold'em")]
