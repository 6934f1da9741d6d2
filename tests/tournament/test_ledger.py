"""The ledger: every cent is in the prize pool, the house's share or a refund (KY 18, THC 1)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from pitboss.rules.tournament import MoneyKind, PrizePoolRules
from pitboss.tournament.model import ledger as ldg


def test_ky_18_pool_is_85_percent_of_initial_entry_fees_only() -> None:
    rules = PrizePoolRules(percent=85, includes=(MoneyKind.ENTRY,))
    led = ldg.taken_in(ldg.Ledger(), MoneyKind.ENTRY, 120 * 10000)
    led = ldg.taken_in(led, MoneyKind.REBUY, 30 * 5000)
    led = ldg.taken_in(led, MoneyKind.ADD_ON, 90 * 5000)
    assert led.prize_pool(rules) == 1_020_000  # $10,200 of $12,000 in entries
    assert led.house_share(rules) == 180_000 + 150_000 + 450_000


def test_thc_pool_is_70_percent_of_money_taken_in_fee_kept_by_house() -> None:
    rules = PrizePoolRules(
        percent=70, includes=(MoneyKind.ENTRY, MoneyKind.REBUY, MoneyKind.ADD_ON)
    )
    led = ldg.taken_in(ldg.Ledger(), MoneyKind.ENTRY, 10 * 10000)
    led = ldg.taken_in(led, MoneyKind.FEE, 10 * 1000)
    assert led.prize_pool(rules) == 70_000
    assert led.house_share(rules) == 30_000 + 10_000


def test_odd_cent_of_the_percentage_goes_to_the_house() -> None:
    rules = PrizePoolRules(percent=85, includes=(MoneyKind.ENTRY,))
    led = ldg.taken_in(ldg.Ledger(), MoneyKind.ENTRY, 333)
    assert led.prize_pool(rules) == 283  # 283.05 floored
    assert led.house_share(rules) == 50


def test_guarantee_is_met_by_an_overlay() -> None:
    rules = PrizePoolRules(percent=100, guarantee_cents=100_000)
    led = ldg.taken_in(ldg.Ledger(), MoneyKind.ENTRY, 60_000)
    assert led.prize_pool(rules) == 100_000
    assert led.overlay(rules) == 40_000
    assert led.balance(rules).is_balanced


def test_refunds_leave_the_pool() -> None:
    rules = PrizePoolRules()
    led = ldg.taken_in(ldg.Ledger(), MoneyKind.ENTRY, 20_000)
    led = ldg.taken_in(led, MoneyKind.FEE, 2_000)
    led = ldg.refunded(led, entry_cents=10_000, fee_cents=1_000)
    assert led.prize_pool(rules) == 10_000
    assert led.refunds == 11_000
    assert led.balance(rules).is_balanced


def test_an_unbalanced_statement_is_detected() -> None:
    bad = ldg.LedgerBalance(
        taken_in=100,
        refunds=0,
        prize_pool=90,
        house_share=9,
        overlay=0,
        prizes_paid=0,
        prizes_forfeited=0,
        prizes_unpaid=90,
    )
    assert not bad.is_balanced


kinds = st.sampled_from(list(MoneyKind))


@given(
    st.lists(st.tuples(kinds, st.integers(0, 10**7)), max_size=40),
    st.integers(0, 100),
    st.lists(kinds, unique=True),
    st.integers(0, 10**8),
)
def test_every_cent_is_accounted_for(
    takings: list[tuple[MoneyKind, int]], percent: int, includes: list[MoneyKind], guarantee: int
) -> None:
    rules = PrizePoolRules(percent=percent, includes=tuple(includes), guarantee_cents=guarantee)
    led = ldg.Ledger()
    for kind, cents in takings:
        led = ldg.taken_in(led, kind, cents)
    bal = led.balance(rules)
    assert bal.is_balanced
    assert bal.taken_in == sum(c for _, c in takings)
    assert bal.house_share >= 0
    assert bal.prize_pool >= guarantee
