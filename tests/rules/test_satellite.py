"""Satellite settings (issue 29): a seat's value, the cash remainder, the end at the seats."""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.preset_toml import format_preset_toml
from pitboss.rules.ruleset import parse_preset, preset_names
from pitboss.rules.satellite import SatelliteRemainder, SatelliteRules, SeatsReached
from pitboss.rules.tournament import PrizePoolRules


@pytest.mark.parametrize("name", preset_names())
def test_no_shipped_house_is_a_satellite_so_nothing_changes(name: str) -> None:
    assert not RuleSet.from_preset(name).tournament.satellite.is_satellite


def test_playing_on_for_the_remainder_needs_the_payout_table_to_pay_it() -> None:
    with pytest.raises(RuleSetError) as refused:
        SatelliteRules(seat_value_cents=11_000, players_left_equal_seats=SeatsReached.PLAY_ON)
    assert refused.value.code == "play_on_needs_payout_table"
    assert "remainder = payout_table" in refused.value.message
    SatelliteRules(
        seat_value_cents=11_000,
        players_left_equal_seats=SeatsReached.PLAY_ON,
        remainder=SatelliteRemainder.PAYOUT_TABLE,
    )


def test_a_seat_cannot_be_worth_less_than_nothing() -> None:
    with pytest.raises(RuleSetError) as refused:
        SatelliteRules(seat_value_cents=-1)
    assert refused.value.code == "below_zero"


def test_a_satellite_whose_pool_takes_nothing_could_never_award_a_seat() -> None:
    t = RuleSet().tournament
    with pytest.raises(RuleSetError) as refused:
        replace(
            t,
            prize_pool=PrizePoolRules(percent=0),
            satellite=SatelliteRules(seat_value_cents=11_000),
        )
    assert refused.value.code == "satellite_without_pool"
    replace(  # a guarantee alone can pay the seats
        t,
        prize_pool=PrizePoolRules(percent=0, guarantee_cents=110_000),
        satellite=SatelliteRules(seat_value_cents=11_000),
    )


def test_a_satellite_house_is_written_and_read_back_as_toml() -> None:
    base = RuleSet()
    rules = replace(
        base,
        tournament=replace(
            base.tournament,
            satellite=SatelliteRules(seat_value_cents=11_000, remainder=SatelliteRemainder.SHARED),
        ),
    )
    text = format_preset_toml(rules)
    assert "[tournament.satellite]" in text
    assert parse_preset(text) == rules
