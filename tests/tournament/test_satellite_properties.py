"""Money is conserved to the cent across a satellite and its tickets (issue 29), whatever the
field, the seat's value, the house's settings and the tickets used; replay equals live."""

from __future__ import annotations

from hypothesis import event, given, settings
from hypothesis import strategies as st

from pitboss.ids import PlayerId
from pitboss.rules.satellite import SatelliteRemainder, SeatsReached
from pitboss.tournament import commands as c
from pitboss.tournament.model.awards import awards
from pitboss.tournament.reading.ticket_books import reconcile
from pitboss.tournament.state import Phase, TournamentState

from .floor_helpers import Floor
from .satellite_helpers import bust_the_fullest, ref, register_with, satellite_rules, target_rules


def _balanced(s: TournamentState) -> bool:
    return s.ledger.balance(s.rules.tournament.prize_pool).is_balanced


@settings(deadline=None, max_examples=40)
@given(
    entrants=st.integers(2, 18),
    buy_in=st.integers(100, 5_000),
    fee=st.integers(0, 500),
    seat=st.integers(1_000, 30_000),
    guarantee=st.sampled_from([0, 0, 20_000, 60_000]),
    remainder=st.sampled_from(list(SatelliteRemainder)),
    play_on=st.booleans(),
    seed=st.integers(0, 10_000),
    two_out=st.lists(st.booleans(), max_size=20),
    used=st.lists(st.booleans(), max_size=20),
    give_back=st.booleans(),
)
def test_money_is_conserved_to_the_cent_across_a_satellite_and_its_tickets(
    entrants: int,
    buy_in: int,
    fee: int,
    seat: int,
    guarantee: int,
    remainder: SatelliteRemainder,
    play_on: bool,
    seed: int,
    two_out: list[bool],
    used: list[bool],
    give_back: bool,
) -> None:
    rules = satellite_rules(
        seat=seat,
        buy_in=buy_in,
        fee=fee,
        guarantee=guarantee,
        remainder=SatelliteRemainder.PAYOUT_TABLE if play_on else remainder,
        end=SeatsReached.PLAY_ON if play_on else SeatsReached.END,
    )
    sat = Floor(rules, seed=seed)
    sat.seat(entrants)
    sat.do(c.LinkSatellite(target="main", target_name="Main Event"))
    hands = iter(two_out)
    while sat.state.phase is Phase.RUNNING:
        table = max(sat.state.tables.values(), key=lambda t: t.size)
        bust_the_fullest(sat, 2 if next(hands, False) and table.size > 2 else 1)
    s = sat.state
    assert sum(s.prizes_cents) == s.prize_pool_cents
    tickets = s.satellite.tickets
    event(f"{min(len(tickets), 3)} tickets, play on {play_on}, winner {s.winner is not None}")
    assert s.ledger.prizes_in_tickets_cents == seat * len(tickets)
    owed = sum(a.owed_cents for a in awards(s))
    assert owed == s.prize_pool_cents  # every cent of the pool is a seat or cash to a place
    assert sum(a.ticket_cents for a in awards(s)) == seat * len(tickets)
    for a in awards(s):
        if a.due_cents > 0:
            sat.do(c.PayPrize(player_id=a.player_id))
    sat.do(c.CloseBooks())
    assert _balanced(sat.state)
    assert sat.replayed() == sat.state

    door = Floor(target_rules(buy_in=seat - min(fee, seat), fee=min(fee, seat)), seed=seed)
    chosen = [t for t, use in zip(tickets, used, strict=False) if use]
    for n, t in enumerate(chosen):
        register_with(door, f"m{n:02d}", ref(t.ticket_id))
    register_with(door, "cash", None)
    if give_back and chosen:
        door.do(c.WithdrawPlayer(player_id=PlayerId("m00")))
    books = reconcile(sat.state, door.state, stream="sat")
    assert books.agrees, books.problems
    redeemed = len(chosen) - int(give_back and bool(chosen))
    assert books.redeemed_cents == seat * redeemed
    assert books.awarded_cents == books.redeemed_cents + books.outstanding_cents
    assert books.awarded_cents == sat.state.ledger.prizes_in_tickets_cents
    assert _balanced(door.state)
    assert door.replayed() == door.state
