"""A flight of a multi-flight event (issue 29): named, bagged at its end, carried to one Day 2.

The bag is the chip count of "A live night by the book": a table a person deals is counted as
it is bagged, a table whose hands pitboss dealt knows its stacks from its last hand. Survivors
have no place; the flight's pool is carried out (a ledger line) and its books balance. Every
refusal changes nothing and says in words what was wrong.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.flights import FlightEnd, FlightRules
from pitboss.tournament import commands as c
from pitboss.tournament.features.bagging import FlightBagged, TableStacks
from pitboss.tournament.features.busts import TournamentWon
from pitboss.tournament.features.counts import ChipsCounted
from pitboss.tournament.model.awards import award_of, awards
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.state import Phase

from .flight_helpers import NIGHT_1A, Flight, event_rules, flights_played


def _refused(f: Flight, command: c.Command, code: str) -> PitbossError:
    before, log = f.state, list(f.log)
    with pytest.raises(PitbossError) as refused:
        f.do(command)
    assert refused.value.code == code
    assert (f.state, f.log) == (before, log)  # a refusal changes nothing
    return refused.value


def test_a_flight_bags_every_survivor_with_its_table_seat_club_record_and_the_source() -> None:
    a, _ = flights_played()
    record = a.state.flight
    assert record is not None
    assert record.is_bagged
    bags = {b.name: b for b in record.bags}
    assert len(bags) == 11
    assert sum(b.chips for b in bags.values()) == 12 * 20_000
    ann = bags["Ann Lee"]
    assert (ann.chips, ann.club_player_id) == (40_000, "c-ann")
    assert ann.table == a.table_of("annlee")
    assert ann.hand_id == "h1"
    assert not ann.counted_by
    counted = [b for b in bags.values() if b.table != ann.table]
    assert counted
    assert all(b.counted_by == "Dana" and b.hand_id is None for b in counted)
    assert all(b.seat is not None for b in bags.values())
    # the counts are recorded as counts (issue 24), at the instant of the bag
    count = next(e for e in a.log if isinstance(e, ChipsCounted))
    bagged = next(e for e in a.log if isinstance(e, FlightBagged))
    assert count.at == bagged.at
    assert count.counted_by == "Dana"


def test_bagging_ends_play_the_clock_stops_and_survivors_have_no_place() -> None:
    a, _ = flights_played()
    s = a.state
    assert s.phase is Phase.FINISHED
    assert s.winner is None
    assert not s.clock.running
    assert [x.player_id for x in awards(s)] == [PlayerId("playera")]  # only the player out
    assert award_of(s, PlayerId("annlee")) is None
    error = _refused(a, c.StartHand(hand_id="h9", table=1), "tournament_over")
    assert "Day 1A was bagged for Day 2" in error.message


def test_a_flight_that_pays_nothing_carries_its_whole_pool_and_its_books_close_balanced() -> None:
    a, _ = flights_played()
    s = a.state
    assert s.prizes_cents == ()  # a flight pays no places (partypoker, 888poker)
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    assert balance.carried_out == s.prize_pool_cents == 12 * 10_000
    assert balance.prizes_unpaid == 0
    assert balance.is_balanced
    a.do(c.CloseBooks())
    assert a.state.books_closed
    line = describe(next(e for e in a.log if isinstance(e, FlightBagged)), s)
    assert f"{format_money(120_000)} of the pool carried to Day 2" in line


def test_a_flight_that_pays_its_own_places_pays_those_out_in_the_money_and_carries_the_rest() -> (
    None
):
    """flights_pay: 12 entries pay 4 places by the standard table; bagged with 3 left, the
    player out 4th is owed the 4th prize out of the flight's pool, and places 1-3's prizes go
    to Day 2 with their players."""
    f = Flight("Day 1A", NIGHT_1A, event_rules(pay=True, dealt=True), seed=5)
    prizes = f.state.prizes_cents
    assert len(prizes) == 4
    assert sum(prizes) == f.state.prize_pool_cents
    while f.state.players_left > 3:
        f.busts(1)
    fourth = f.state.busts[-1].bust.player_id
    f.bag(early=True)
    s = f.state
    assert s.flight is not None
    assert s.flight.carried_out_cents == sum(prizes[:3])
    award = award_of(s, fourth)
    assert award is not None
    assert (award.first, award.owed_cents) == (4, prizes[3])
    f.do(c.PayPrize(player_id=fourth))
    f.do(c.CloseBooks())
    balance = f.state.ledger.balance(s.rules.tournament.prize_pool)
    assert (balance.prizes_paid, balance.carried_out) == (prizes[3], sum(prizes[:3]))
    assert balance.is_balanced
    assert balance.prizes_unpaid == 0


def test_a_flights_last_player_is_its_last_survivor_not_its_winner() -> None:
    f = Flight("Day 1A", ("Ann", "Bob", "Cy"), event_rules())
    f.bust(1, ["bob", "cy"], winner="ann")
    assert not any(isinstance(e, TournamentWon) for e in f.log)
    assert f.state.phase is Phase.RUNNING
    assert f.state.winner is None
    f.bag()
    assert [b.name for b in f.state.flight.bags] == ["Ann"]  # type: ignore[union-attr]


def test_a_flight_ending_after_a_level_is_bagged_once_that_level_has_run_out() -> None:
    ends = FlightRules(end=FlightEnd.END_OF_LEVEL, end_after_level=1)
    rules = event_rules()
    rules = replace(rules, tournament=replace(rules.tournament, flights=ends))
    f = Flight("Day 1A", ("Ann", "Bob", "Cy", "Di"), rules)
    error = _refused(f, c.BagFlight(counts=f.counts()), "flight_not_over")
    assert "level 1 has run out" in error.message
    assert "bag it early" in error.message
    f.do(c.Tick(), at=f.now + 20 * 60_000)  # level 1's 20 minutes
    f.bag()
    assert f.state.flight is not None
    assert f.state.flight.resume_level == 2
    assert not f.state.flight.early


def test_a_flight_ending_at_a_share_of_its_field_is_bagged_once_that_share_is_left() -> None:
    ends = FlightRules(end=FlightEnd.SHARE_LEFT, percent_left=50)
    rules = event_rules()
    rules = replace(rules, tournament=replace(rules.tournament, flights=ends))
    f = Flight("Day 1A", ("Ann", "Bob", "Cy", "Di"), rules)
    f.bust(1, ["bob"], winner="ann")
    error = _refused(f, c.BagFlight(), "flight_not_over")
    assert "50% of its 4 entries or fewer are left (2); 3 are left" in error.message
    f.bag(early=True)  # the director's word
    assert f.state.flight is not None
    assert f.state.flight.early


def test_a_table_dealt_by_a_person_is_counted_as_it_is_bagged() -> None:
    f = Flight("Day 1A", NIGHT_1A, event_rules(), seed=5)
    error = _refused(f, c.BagFlight(early=True), "bag_uncounted")
    assert "tables 1 and 2 are dealt by a person: count the chips there" in error.message
    counts = f.counts()
    twice = (*counts, counts[0])
    _refused(f, c.BagFlight(counts=twice, early=True), "table_counted_twice")
    short = (replace(counts[0], stacks=counts[0].stacks[1:]), *counts[1:])
    _refused(f, c.BagFlight(counts=short, early=True), "count_incomplete")


def test_a_count_at_the_bag_that_finds_chips_bags_what_was_counted() -> None:
    f = Flight("Day 1A", ("Ann", "Bob", "Cy"), event_rules())
    stacks = (
        PlayerChips(player_id=PlayerId("ann"), chips=21_000),
        PlayerChips(player_id=PlayerId("bob"), chips=19_000),
        PlayerChips(player_id=PlayerId("cy"), chips=20_500),
    )
    f.do(c.BagFlight(counts=(TableStacks(table=1, stacks=stacks),), early=True))
    record = f.state.flight
    assert record is not None
    assert {b.name: b.chips for b in record.bags} == {"Ann": 21_000, "Bob": 19_000, "Cy": 20_500}
    assert all(b.counted_by == "the director" for b in record.bags)
    assert f.state.chips_found == 500


def test_refusals_of_a_flight_say_what_was_wrong() -> None:
    f = Flight("Day 1A", ("Ann", "Bob", "Cy"), event_rules())
    hand = f.start(1)
    error = _refused(f, c.BagFlight(counts=f.counts(), early=True), "hand_in_play")
    assert "bag between hands" in error.message
    f.finish(hand, {"ann": 20_000})
    _refused(f, c.OpenFlight(event="Spring Classic", flight="Day 1B"), "already_a_flight")
    _refused(f, c.CarryFlight(day_two="d2", day_two_name="Day 2"), "flight_in_play")
    f.bag(early=True)
    error = _refused(f, c.BagFlight(early=True), "tournament_over")
    assert "Day 1A was bagged for Day 2" in error.message
    f.do(c.CarryFlight(day_two="d2", day_two_name="Day 2"))
    assert f.do(c.CarryFlight(day_two="d2", day_two_name="Day 2")) == []  # said again: nothing
    error = _refused(f, c.CarryFlight(day_two="d3", day_two_name="Day 2 again"), "flight_used")
    assert "Day 1A's bags went to Day 2 (d2) already" in error.message


def test_a_tournament_is_named_a_flight_before_it_starts_and_only_a_flight_is_bagged() -> None:
    f = Flight("Day 1A", ("Ann", "Bob"), event_rules())
    f.state = f.state._replace(flight=None)  # as a tournament that was never named a flight
    error = _refused(f, c.BagFlight(), "not_a_flight")
    assert "is not a flight of an event" in error.message
    _refused(f, c.OpenFlight(event="Spring Classic", flight="Day 1A"), "already_started")


def test_a_flight_whose_books_are_closed_can_still_send_its_bags_to_day_2() -> None:
    f = Flight("Day 1A", ("Ann", "Bob"), event_rules())
    f.bag(early=True)
    f.do(c.CloseBooks())
    f.do(c.CarryFlight(day_two="d2", day_two_name="Day 2"))
    assert f.state.flight is not None
    assert f.state.flight.day_two == "d2"
    _refused(f, c.PayPrize(player_id=PlayerId("ann")), "books_closed")
