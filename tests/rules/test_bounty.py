"""The bounty settings (issue 29): none by default, checked against the prices, named by every
shipped house, and left out of a log without them."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from importlib import resources

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.rules.mapping import from_mapping, to_mapping
from pitboss.rules.ruleset import preset_names
from pitboss.rules.tournament import EntryRules, RebuyRules, TournamentRules


def test_by_default_an_event_has_no_bounties_and_its_rules_encode_as_before() -> None:
    rules = RuleSet()
    assert not rules.tournament.bounty.is_on
    assert "bounty" not in to_mapping(rules)["tournament"]  # old logs encode byte for byte


def test_a_bounty_rule_set_round_trips_through_its_mapping() -> None:
    rules = RuleSet.from_preset("pko")
    data = to_mapping(rules)
    assert data["tournament"]["bounty"]["policy"] == "bwin_covered"
    assert from_mapping(RuleSet, data) == rules


def test_every_shipped_house_names_its_bounty_policy_explicitly() -> None:
    for name in preset_names():
        text = (resources.files("pitboss.rules") / "presets" / f"{name}.toml").read_text("utf-8")
        bounty = tomllib.loads(text)["tournament"]["bounty"]
        assert BountyPolicy(bounty["policy"]), name
        assert OddCent(bounty["odd_cent"]), name
        assert set(bounty) == set(BountyRules.__dataclass_fields__), name


def test_the_bar_league_pko_splits_its_buy_in_half_bounty_half_prize_pool() -> None:
    rules = RuleSet.from_preset("pko").tournament
    assert rules.entry.buy_in_cents == 3000
    assert rules.entry.fee_cents == 500
    assert rules.bounty.bounty_cents == 1500
    assert rules.bounty.progressive_percent == 50  # bwin, GGPoker: half onto the head


def test_a_bounty_is_a_part_of_the_buy_in_and_cannot_exceed_it() -> None:
    with pytest.raises(RuleSetError) as err:
        TournamentRules(entry=EntryRules(buy_in_cents=1000), bounty=BountyRules(bounty_cents=1001))
    assert err.value.code == "bounty_over_price"
    assert err.value.params["setting"] == "tournament.bounty.bounty_cents"


def test_a_re_buy_bounty_needs_re_buys_and_fits_in_their_price() -> None:
    bounty = BountyRules(bounty_cents=500, rebuy_bounty_cents=600)
    with pytest.raises(RuleSetError) as err:
        TournamentRules(bounty=bounty)
    assert err.value.code == "rebuy_bounty_without_rebuys"
    rebuy = RebuyRules(allowed=True, price_cents=500, chips=10000, until_level=3)
    with pytest.raises(RuleSetError) as err:
        TournamentRules(rebuy=rebuy, bounty=bounty)
    assert err.value.code == "bounty_over_price"
    assert TournamentRules(rebuy=replace(rebuy, price_cents=600), bounty=bounty)


@pytest.mark.parametrize(
    ("settings", "code"),
    [
        ({"bounty_cents": -1}, "below_zero"),
        ({"bounty_cents": 100, "progressive_percent": 101}, "percent_out_of_range"),
        ({"rebuy_bounty_cents": 100}, "rebuy_bounty_without_bounty"),
    ],
)
def test_a_bounty_setting_out_of_range_is_refused_naming_it(
    settings: dict[str, int], code: str
) -> None:
    with pytest.raises(RuleSetError) as err:
        BountyRules(**settings)
    assert err.value.code == code
    assert err.value.params["setting"].startswith("tournament.bounty.")
