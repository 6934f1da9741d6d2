"""A multi-flight event's numbers traced to their source (issue 29): a flight's pool split
into what it paid its own places and what it carried out, and a Day 2's provenance checked
against its flights' states, saying in words what does not add up."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.money import format_money
from pitboss.tournament.reading.provenance import day_two_provenance, flight_view

from .flight_helpers import NIGHT_1A, Flight, day_two, event_rules, flights_played


def test_a_flight_that_pays_shows_what_it_paid_and_what_it_carried() -> None:
    f = Flight("Day 1A", NIGHT_1A, event_rules(pay=True, dealt=True), seed=5)
    while f.state.players_left > 2:
        f.busts(1)
    f.bag(early=True)
    view = flight_view(f.state)
    prizes = f.state.prizes_cents
    assert view.paid_here_cents == sum(prizes[2:])
    assert view.carried_out_cents == sum(prizes[:2])
    assert view.paid_here_cents + view.carried_out_cents == view.prize_pool_cents
    assert [b.chips for b in view.bags] == sorted((b.chips for b in view.bags), reverse=True)


def test_day_2_traced_to_its_flights_adds_up() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    for f in (a, b):
        f.state = f.state._replace(flight=f.state.flight._replace(day_two="d2"))  # type: ignore[union-attr]
    seen = day_two_provenance(d.state, "d2", {a.stream: a.state, b.stream: b.state})
    assert seen.problems == ()
    assert seen.carried_cents == seen.carried_in_cents == 17 * 10_000
    assert {p.flight for p in seen.players} == {"Day 1A", "Day 1B"}
    assert [(x.flight, x.kept_flight) for x in seen.left_out] == [("Day 1A", "Day 1B")]


def test_what_does_not_add_up_is_said_in_words() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    changed = b.state.flight._replace(carried_out_cents=1, day_two="d2")  # type: ignore[union-attr]
    seen = day_two_provenance(
        d.state, "d2", {a.stream: None, b.stream: b.state._replace(flight=changed)}
    )
    assert seen.problems == (
        f"Day 1A's own log ({a.stream}) was not read as a bagged flight",
        f"Day 1B carried out {format_money(1)} by its own log, Day 2 took in "
        f"{format_money(5 * 10_000)}",
    )
    assert not seen.adds_up


def test_only_a_flight_has_bags_and_only_a_day_2_a_provenance() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    with pytest.raises(PitbossError) as refused:
        flight_view(d.state)
    assert refused.value.code == "not_a_flight"
    with pytest.raises(PitbossError) as refused:
        day_two_provenance(a.state, a.stream, {})
    assert refused.value.code == "not_day_two"
