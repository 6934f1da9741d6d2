"""The flight settings (issue 29): the default changes nothing, and a setting that cannot work
is refused when the rule set is built, naming the setting."""

from __future__ import annotations

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.flights import FlightEnd, FlightRules, KeptBag
from pitboss.rules.preset_toml import format_preset_toml
from pitboss.rules.ruleset import parse_preset


def test_the_default_keeps_the_best_bag_pays_no_flight_and_ends_on_the_directors_word() -> None:
    rules = RuleSet().tournament.flights
    assert rules == FlightRules()
    assert (rules.kept_bag, rules.flights_pay, rules.end) == (
        KeptBag.BEST,
        False,
        FlightEnd.DIRECTOR,
    )


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"end": FlightEnd.END_OF_LEVEL}, "flight_end_mismatch"),
        ({"end": FlightEnd.SHARE_LEFT}, "flight_end_mismatch"),
        ({"percent_left": 15}, "flight_end_mismatch"),
        ({"end": FlightEnd.SHARE_LEFT, "percent_left": 100}, "percent_out_of_range"),
        ({"end": FlightEnd.END_OF_LEVEL, "end_after_level": 0}, "not_positive"),
    ],
)
def test_a_flight_end_that_cannot_work_is_refused(settings: dict[str, object], code: str) -> None:
    with pytest.raises(RuleSetError) as refused:
        FlightRules(**settings)  # type: ignore[arg-type]
    assert refused.value.code == code
    assert "tournament.flights." in refused.value.message


def test_a_flight_ending_after_a_level_the_structure_does_not_have_is_refused() -> None:
    text = """
name = "house"
[tournament.flights]
end = "end_of_level"
end_after_level = 99
"""
    with pytest.raises(RuleSetError) as refused:
        parse_preset(text, name="house")
    assert refused.value.code == "level_beyond_structure"


def test_the_flight_settings_travel_in_a_preset_and_back() -> None:
    text = """
name = "series"
[tournament.flights]
kept_bag = "first"
flights_pay = true
end = "share_left"
percent_left = 15
"""
    rules = parse_preset(text, name="series")
    assert rules.tournament.flights == FlightRules(
        kept_bag=KeptBag.FIRST, flights_pay=True, end=FlightEnd.SHARE_LEFT, percent_left=15
    )
    assert parse_preset(format_preset_toml(rules), name="series") == rules
