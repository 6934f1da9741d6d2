"""A preset's own payout table or formula (THC add. 13) and its chop tie-break (RULES §2)."""

from __future__ import annotations

import dataclasses
from importlib import resources

import pytest

from pitboss.errors import PayoutError, RuleSetError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.presets import parse_preset
from pitboss.rules.tournament import ChopMethod, PayoutTableName
from pitboss.tournament import commands as c
from pitboss.tournament.model.chop import ChopTieBreak
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.payouts import PayoutFormula, compute_payouts

from .director_helpers import Director, thc_details

_FORMULA = """
[tournament.payouts.custom]
brackets = []
beyond = { paid_bp = 5000, min_places = 2, offset = 1 }
"""


def _tda_text() -> str:
    return (resources.files("pitboss.rules") / "presets" / "tda.toml").read_text(encoding="utf-8")


def test_thc_add_13_a_custom_formula_in_a_preset_is_what_gets_paid() -> None:
    text = _tda_text().replace('table = "standard"', 'table = "custom"') + _FORMULA
    rules = parse_preset(text, name="custom-formula")
    assert rules.tournament.payouts.table is PayoutTableName.CUSTOM
    d = Director(rules)
    d.start(*[f"p{i}" for i in range(7)])
    pool = d.state.prize_pool_cents
    formula = PayoutFormula(paid_bp=5000, min_places=2, offset=1)
    expected = compute_payouts(pool, 7, formula, unit=100)
    assert d.state.prizes_cents == expected.prizes
    assert len(d.state.prizes_cents) == 4  # half of 7, rounded up: not the standard table's 2
    assert sum(d.state.prizes_cents) == pool


def test_thc_1_sit_and_go_pays_its_own_single_table_payout_of_the_70_percent_pool() -> None:
    d = Director("thc-sit-and-go")
    d.register(*[f"p{i}" for i in range(6)], details=thc_details())
    d.do(c.StartTournament())
    pool = 6 * 10_000 * 70 // 100  # THC 1: 70% of the money taken in
    assert d.state.prize_pool_cents == pool
    assert d.state.prizes_cents == (27_300, 14_700)  # the preset's 65/35, not standard 70/30
    d10 = Director("thc-sit-and-go")
    d10.register(*[f"q{i}" for i in range(10)], details=thc_details())  # full: it starts
    assert d10.state.prizes_cents == (35_000, 21_000, 14_000)


def test_thc_add_13_custom_table_must_be_named_and_given_together() -> None:
    with pytest.raises(RuleSetError, match="only when"):
        parse_preset(_tda_text() + _FORMULA, name="custom-without-name")
    with pytest.raises(RuleSetError, match="only when"):
        parse_preset(_tda_text().replace('table = "standard"', 'table = "custom"'), name="x")
    bad = _FORMULA.replace("paid_bp = 5000", "paid_bp = 0")
    with pytest.raises(PayoutError, match="paid_bp"):
        parse_preset(_tda_text().replace('table = "standard"', 'table = "custom"') + bad)


def _three_left(tie_break: ChopTieBreak) -> Director:
    base = RuleSet.from_preset("ky-charity")
    t = base.tournament
    rules = dataclasses.replace(
        base,
        tournament=dataclasses.replace(
            t,
            entry=dataclasses.replace(t.entry, starting_chips=250_000),
            payouts=dataclasses.replace(t.payouts, chop_tie_break=tie_break),
            # three entries make $255.00; a guarantee one cent higher leaves an odd cent
            prize_pool=dataclasses.replace(t.prize_pool, guarantee_cents=25_501),
        ),
    )
    d = Director(rules)
    d.start("p1", "p2", "p3")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(30))
    stacks = {"p1": 400_000, "p2": 250_000, "p3": 100_000}
    d.do(
        c.FinishHand(
            hand_id="h",
            stacks=tuple(PlayerChips(player_id=PlayerId(p), chips=n) for p, n in stacks.items()),
        )
    )
    return d


@pytest.mark.parametrize(
    ("tie_break", "expected"),
    [
        (ChopTieBreak.LARGER_STACK, (8_500, 8_501, 8_500)),
        (ChopTieBreak.LISTED_ORDER, (8_501, 8_500, 8_500)),
    ],
)
def test_rules_2_the_chop_tie_break_is_the_presets_setting(
    tie_break: ChopTieBreak, expected: tuple[int, ...]
) -> None:
    d = _three_left(tie_break)
    players = (PlayerId("p3"), PlayerId("p1"), PlayerId("p2"))  # listed: the short stack first
    assert sum(d.state.prizes_cents) == 25_501
    d.do(c.ProposeDeal(deal_id="eq", players=players, method=ChopMethod.EQUAL))
    assert d.state.deals["eq"].amounts_cents == expected


def test_every_preset_names_its_chop_tie_break() -> None:
    for name in ("tda", "ky-charity", "thc", "thc-sit-and-go", "slpt"):
        text = (resources.files("pitboss.rules") / "presets" / f"{name}.toml").read_text("utf-8")
        assert "chop_tie_break" in text, name
