"""Random multi-flight events (issue 29): money is conserved to the cent across the flights and
their Day 2, every bagged chip is in Day 2 or left out with its reason, and replay equals live.

One to three flights of 2-12 entries (some people in several, known by their club records,
some walk-ins), any buy-in, fee, prize-pool percentage and guarantee, flights that pay their
own places or not, the best or the first bag kept; each flight plays a few hands, is bagged,
and Day 2 is made from them and started.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.rules import RuleSet
from pitboss.rules.flights import KeptBag
from pitboss.rules.tournament import MoneyKind
from pitboss.tournament import commands as c
from pitboss.tournament.features.bagging import FlightBagged
from pitboss.tournament.model.ledger import LedgerBalance
from pitboss.tournament.state import TournamentState

from .flight_helpers import Flight, day_two, event_rules

PEOPLE = tuple(f"Regular {chr(65 + i)}@club-{i}" for i in range(8))


def _rules(data: st.DataObject) -> RuleSet:
    rules = event_rules(
        kept=data.draw(st.sampled_from(KeptBag)), pay=data.draw(st.booleans()), dealt=True
    )
    t = rules.tournament
    entry = replace(
        t.entry,
        buy_in_cents=data.draw(st.integers(100, 50_000)),
        fee_cents=data.draw(st.sampled_from((0, 1, 500, 1_999))),
    )
    pool = replace(
        t.prize_pool,
        percent=data.draw(st.integers(1, 100)),
        includes=(MoneyKind.ENTRY, MoneyKind.FEE)
        if data.draw(st.booleans())
        else (MoneyKind.ENTRY,),
        guarantee_cents=data.draw(st.sampled_from((0, 0, 123_457))),
    )
    return replace(rules, tournament=replace(t, entry=entry, prize_pool=pool))


def _balance(s: TournamentState) -> LedgerBalance:
    return s.ledger.balance(s.rules.tournament.prize_pool)


@settings(deadline=None, max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_money_and_chips_are_conserved_across_random_flights_and_replay_equals_live(
    data: st.DataObject,
) -> None:
    rules = _rules(data)
    flights: list[Flight] = []
    at = 1_767_225_600_000
    for n in range(data.draw(st.integers(1, 3))):
        regulars = data.draw(st.lists(st.sampled_from(PEOPLE), unique=True, max_size=6))
        walk_ins = [f"Walk In {n}{i}" for i in range(data.draw(st.integers(0, 6)))]
        players = [*regulars, *walk_ins]
        if len(players) < 2:
            players += [f"Late {n}{i}" for i in range(2 - len(players))]
        label = f"Day 1{chr(65 + n)}"
        f = Flight(label, players, rules, seed=data.draw(st.integers(0, 99)), at=at)
        for _ in range(data.draw(st.integers(0, len(players) - 2))):
            table = max(f.state.tables.values(), key=lambda t: t.size).number
            f.bust_dealt(table)
        f.bag(early=True)
        flights.append(f)
        at = f.now + 3_600_000

    for f in flights:
        s = f.state
        b = _balance(s)
        assert b.is_balanced, b
        bagged = next(e for e in f.log if isinstance(e, FlightBagged))
        paid_in_flight = sum(s.prizes_cents[len(bagged.bags) :])
        assert b.carried_out == s.prize_pool_cents - paid_in_flight
        assert b.carried_out + b.prizes_unpaid == b.prize_pool  # nothing paid yet
        assert sum(bag.chips for bag in bagged.bags) == s.chips_in_play()
        assert f.replayed() == s

    d = day_two(flights, rules, seed=data.draw(st.integers(0, 99)))
    record = d.state.day_two
    assert record is not None
    bagged_chips = sum(bag.chips for f in flights for bag in f.bags().bags)
    left_chips = sum(x.bag.chips for x in record.left_out)
    assert d.state.chips_in_play() + left_chips == bagged_chips
    assert len(d.state.players) + len(record.left_out) == sum(len(f.bags().bags) for f in flights)
    d2 = _balance(d.state)
    carried = [_balance(f.state).carried_out for f in flights]
    assert d2.carried_in == sum(carried)
    assert d2.is_balanced
    # the whole event, to the cent: what came in (money and overlays) is the house's, a
    # refund, a flight's prize, or Day 2's pool
    flight_balances = [_balance(f.state) for f in flights]
    came_in = sum(x.taken_in + x.overlay for x in flight_balances) + d2.overlay + d2.taken_in
    went = (
        sum(x.house_share + x.refunds + x.prizes_paid + x.prizes_unpaid for x in flight_balances)
        + d2.house_share
        + d2.refunds
        + d2.prize_pool
    )
    assert came_in == went

    d.do(c.StartTournament())
    s = d.state
    assert sum(s.prizes_cents) == s.prize_pool_cents
    assert len(s.prizes_cents) <= s.entries
    assert s.payout_entrants == sum(f.state.entries for f in flights)
    assert d.replayed() == s
