"""A simulated bounty night reports its bounty money and biggest bounties (issue 29).

The figures come from the director's ledger and events, to the cent: the bounty money paid is
the ledger's money won, the biggest bounty collected is the largest `BountyCollected`, the
biggest head at the end is what the winner (or each player still in at a chop) kept as their
own; every bounty cent taken in is paid, the house's, or on a head, and the ledger balances. A
plain event reports none of it, and its forecast reads as before.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.cli.simulate_report import forecast_json
from pitboss.errors import PlayError
from pitboss.play.forecast import forecast, summarize
from pitboss.play.runtime import TournamentResult, play_tournament
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.rules.tournament import TimeLimitAction
from pitboss.tournament.features.bounty_awards import BountyCollected, OwnBountyKept


def _with_bounty(preset: str, bounty: BountyRules) -> RuleSet:
    rules = RuleSet.from_preset(preset)
    return replace(rules, tournament=replace(rules.tournament, bounty=bounty))


def _time_limited(rules: RuleSet, minutes: int) -> RuleSet:
    t = rules.tournament
    clock = replace(t.clock, time_limit_minutes=minutes, on_time_limit=TimeLimitAction.CHOP)
    return replace(rules, tournament=replace(t, clock=clock))


def _assert_bounty_money_adds_up(result: TournamentResult) -> None:
    """The result's bounty figures are the ledger's and the events', and no cent is lost."""
    state = result.state
    balance = state.ledger.balance(state.rules.tournament.prize_pool)
    totals = result.bounties
    assert totals is not None
    assert balance.is_balanced
    assert totals.adds_up
    assert totals.taken_in_cents == balance.bounties > 0
    assert totals.paid_cents == balance.bounties_won == sum(state.bounty.won.values())
    assert totals.forfeited_cents == balance.bounties_forfeited
    assert totals.on_heads_cents == balance.bounties_on_heads == 0  # play ended: all collected
    collected = [e for e in result.events if isinstance(e, BountyCollected) and e.shares]
    kept = [e for e in result.events if isinstance(e, OwnBountyKept)]
    assert totals.biggest_collected_cents == max((e.cents for e in collected), default=0)
    assert totals.biggest_head_cents == max((e.cents for e in kept), default=0)
    knockouts = Counter(share.player_id for e in collected for share in e.shares)
    top = max(knockouts.values(), default=0)
    assert totals.top_knockouts == top
    assert totals.top_knockers == tuple(sorted(p for p, n in knockouts.items() if n == top))


def test_a_simulated_pko_reports_the_bounty_money_paid_as_the_ledger_has_it() -> None:
    result = play_tournament(RuleSet.from_preset("pko"), players=12, seed=4)
    _assert_bounty_money_adds_up(result)
    totals = result.bounties
    assert totals is not None
    assert totals.taken_in_cents == 12 * 1500  # $15 on each of the 12 heads
    assert totals.paid_cents == totals.taken_in_cents  # nobody left with no pot won from them
    (own,) = [e for e in result.events if isinstance(e, OwnBountyKept)]
    assert own.player_id == result.winner  # the winner collects their own, the biggest head
    assert totals.biggest_head_cents == own.cents > 1500  # PKO: heads grow with knockouts
    # one knockout may pay more than the winner's own head at the end (the busted head was
    # bigger): it is bounded by the money paid to others, not by that head
    assert 1500 <= totals.biggest_collected_cents <= totals.paid_cents - own.cents
    assert totals.top_knockouts >= 2
    summary = summarize(result)
    assert summary.bounties == totals
    bounties = forecast([summary]).bounties
    assert bounties is not None
    assert bounties.paid_cents.median == totals.paid_cents
    assert bounties.biggest_collected_cents.p90 == totals.biggest_collected_cents


def test_a_pko_stopped_by_the_time_limit_reports_the_biggest_head_kept_at_the_chop() -> None:
    rules = _time_limited(RuleSet.from_preset("pko"), 60)
    result = play_tournament(rules, players=20, seed=2)
    assert result.chop is not None
    assert len(result.chop.players) >= 2
    _assert_bounty_money_adds_up(result)
    kept = [e for e in result.events if isinstance(e, OwnBountyKept)]
    assert {e.player_id for e in kept} == set(result.chop.players)  # a deal divides no bounty
    assert all(e.deal for e in kept)


def test_a_forecast_gives_the_spread_of_the_bounties_paid_and_the_biggest() -> None:
    rules = RuleSet.from_preset("pko")
    results = [play_tournament(rules, players=10, seed=s, keep_events=False) for s in (1, 2, 3)]
    fc = forecast([summarize(r) for r in results])
    assert fc.bounties is not None
    paid = sorted(r.bounties.paid_cents for r in results if r.bounties is not None)
    assert (fc.bounties.paid_cents.minimum, fc.bounties.paid_cents.maximum) == (paid[0], paid[-1])
    biggest = sorted(r.bounties.biggest_head_cents for r in results if r.bounties is not None)
    assert fc.bounties.biggest_head_cents.median == biggest[1]
    data = forecast_json(fc, preset="pko")
    assert data["bounties"]["paid_cents"]["median"] == fc.bounties.paid_cents.median


def test_a_freezeout_reports_no_bounties_and_its_forecast_reads_as_before() -> None:
    result = play_tournament(RuleSet.from_preset("tda"), players=8, seed=4, keep_events=False)
    assert result.bounties is None
    summary = summarize(result)
    assert summary.bounties is None
    fc = forecast([summary])
    assert fc.bounties is None
    assert "bounties" not in forecast_json(fc, preset="tda")


def test_a_forecast_refuses_to_mix_bounty_runs_with_plain_ones() -> None:
    plain = summarize(play_tournament(RuleSet.from_preset("tda"), players=6, seed=1))
    knockout = _with_bounty("tda", BountyRules(bounty_cents=5000))
    pko = summarize(play_tournament(knockout, players=6, seed=1))
    with pytest.raises(PlayError) as err:
        forecast([plain, pko])
    assert err.value.code == "mixed_runs"


@settings(deadline=None, max_examples=8)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(4, 9),
    policy=st.sampled_from(BountyPolicy),
    odd_cent=st.sampled_from(OddCent),
    need_a_chip=st.booleans(),
    progressive_percent=st.sampled_from((0, 50, 33, 100)),
    forfeits=st.booleans(),
)
def test_every_simulated_bounty_night_keeps_every_cent(
    seed: int,
    players: int,
    policy: BountyPolicy,
    odd_cent: OddCent,
    need_a_chip: bool,
    progressive_percent: int,
    forfeits: bool,
) -> None:
    """Kentucky's re-buys with a bounty on each entry and re-buy (forfeiting bounties won, or
    not) and its legal time limit cut short so it chops (KY 11): the money adds up."""
    bounty = BountyRules(
        bounty_cents=2501,
        rebuy_bounty_cents=1001,
        policy=policy,
        odd_cent=odd_cent,
        need_a_chip=need_a_chip,
        progressive_percent=progressive_percent,
        rebuy_forfeits_bounties=forfeits,
    )
    rules = _time_limited(_with_bounty("ky-charity", bounty), 90)
    result = play_tournament(rules, players=players, seed=seed)
    _assert_bounty_money_adds_up(result)
    assert result.bounties is not None
    assert result.bounties.taken_in_cents == players * 2501 + result.rebuys * 1001
