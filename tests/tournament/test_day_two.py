"""Day 2 of a multi-flight event (issue 29): made from the flights' bags.

A two-flight event merged into Day 2 with a player in both flights, under both of the house's
settings (best bag, first bag); the seat draw recorded and replayed; the pools carried in to
the cent; the payout table of the whole event's entries over Day 2's players; refusals in a
person's words.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.rules.flights import KeptBag
from pitboss.tournament import commands as c
from pitboss.tournament.features.day_two import FlightsMerged, PlayerCarriedIn
from pitboss.tournament.features.registration import PlayerRegistered
from pitboss.tournament.features.tables import SeatsDrawn
from pitboss.tournament.features.timekeeping import LevelStarted
from pitboss.tournament.model.awards import awards
from pitboss.tournament.model.entries import PersonalDetails
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.state import Phase, TournamentState

from .flight_helpers import EVENT, Flight, day_two, event_rules, flights_played
from .floor_helpers import Floor


def _ann(d: Floor) -> PlayerCarriedIn:
    return next(e for e in d.log if isinstance(e, PlayerCarriedIn) and e.bag.name == "Ann Lee")


def test_a_player_in_both_flights_keeps_the_best_bag_the_other_leaves_play() -> None:
    """Ann Lee bagged 40,000 in Day 1A and 60,000 in Day 1B: she plays Day 2 with 60,000; her
    Day 1A bag's chips leave play with the reason recorded (Stake: Best Stack Forward)."""
    a, b = flights_played(kept=KeptBag.BEST)
    d = day_two([a, b], event_rules(kept=KeptBag.BEST))
    ann = _ann(d)
    assert (ann.flight, ann.bag.chips, ann.stream) == ("Day 1B", 60_000, b.stream)
    assert d.state.players[ann.player_id].chips == 60_000
    record = d.state.day_two
    assert record is not None
    assert len(record.left_out) == 1
    left = record.left_out[0]
    assert (left.flight, left.bag.chips, left.kept_flight, left.kept_chips) == (
        "Day 1A",
        40_000,
        "Day 1B",
        60_000,
    )
    merged = next(e for e in d.log if isinstance(e, FlightsMerged))
    line = describe(merged, TournamentState.new(d.rules))
    assert "Ann Lee's Day 1A bag of 40,000 (keeps Day 1B's 60,000, the best)" in line
    assert d.state.entries == 11 + 3 - 1  # every bag but her second


def test_a_player_in_both_flights_keeps_the_first_bag_by_the_other_setting() -> None:
    """First Stack Forward (Stake; 888poker, partypoker qualify a player once): her Day 1A bag
    of 40,000 goes on, Day 1B's 60,000 leaves play."""
    a, b = flights_played(kept=KeptBag.FIRST)
    d = day_two([a, b], event_rules(kept=KeptBag.FIRST))
    ann = _ann(d)
    assert (ann.flight, ann.bag.chips) == ("Day 1A", 40_000)
    record = d.state.day_two
    assert record is not None
    assert [(x.flight, x.bag.chips) for x in record.left_out] == [("Day 1B", 60_000)]


def test_day_2_s_stacks_are_the_bags_and_every_chip_of_every_bag_is_accounted_for() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    bagged = sum(bag.chips for f in (a, b) for bag in f.bags().bags)
    record = d.state.day_two
    assert record is not None
    left = sum(x.bag.chips for x in record.left_out)
    assert d.state.chips_in_play() + left == bagged
    for e in d.log:
        if isinstance(e, PlayerCarriedIn):
            assert d.state.players[e.player_id].chips == e.bag.chips
            assert record.bag_of[e.player_id].bag == e.bag  # each player names their bag
    assert not any(isinstance(e, PlayerRegistered) for e in d.log)  # nobody paid in Day 2


def test_the_prize_pool_is_the_flights_pools_carried_in_to_the_cent() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    out = [f.state.ledger.carried_out_cents for f in (a, b)]
    assert out == [12 * 10_000, 5 * 10_000]
    balance = d.state.ledger.balance(d.rules.tournament.prize_pool)
    assert balance.carried_in == sum(out) == d.state.prize_pool_cents
    assert balance.taken_in == 0
    assert balance.is_balanced


def test_the_draw_is_recorded_and_replay_never_draws_again() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    drawn = [e for e in d.log if isinstance(e, SeatsDrawn)]
    assert len(drawn) == 1
    seated = {a.player_id for t in drawn[0].tables for a in t.seats}
    assert seated == set(d.state.players)
    assert d.replayed() == d.state  # from the log's JSON form, no random source
    other = day_two([a, b], event_rules(), seed=99)
    assert other.state.tables != d.state.tables  # the draw is random, and it is the log's


def test_day_2_pays_the_whole_events_table_over_its_own_players_and_resumes_at_its_level() -> None:
    """17 entries over two flights: the standard table for 17 pays 4 places; Day 2 starts at
    the level the flights reached, the chips coloured up before it out of play."""
    a, b = flights_played()
    d = day_two([a, b], event_rules(), resume_level=4)
    d.do(c.StartTournament())
    s = d.state
    assert (s.payout_entrants, len(s.prizes_cents)) == (17, 4)
    assert sum(s.prizes_cents) == s.prize_pool_cents
    assert s.level == 4
    started = next(e for e in d.log if isinstance(e, LevelStarted))
    assert started.level == 4
    assert started.period == s.clock.period


def test_day_2_pays_no_more_places_than_it_has_players() -> None:
    """A small event: 17 entries pay 4 places, but only 3 players bagged; Day 2 awards places
    1-3, the fourth place's share spread over them, and the flights' players out hold none."""
    rules = event_rules(dealt=True)
    a = Flight("Day 1A", [f"A{i}" for i in range(12)], rules)
    while a.state.players_left > 2:
        a.busts(1)
    a.bag(early=True)
    b = Flight("Day 1B", [f"B{i}" for i in range(5)], rules, seed=3, at=a.now + 1)
    while b.state.players_left > 1:
        b.busts(1)
    b.bag(early=True)
    d = day_two([a, b], rules)
    d.do(c.StartTournament())
    s = d.state
    assert (s.payout_entrants, len(s.prizes_cents)) == (17, 3)
    assert sum(s.prizes_cents) == s.prize_pool_cents == 17 * 10_000
    assert s.prizes_cents[0] > s.prizes_cents[1] > s.prizes_cents[2]


def test_day_2_played_to_its_winner_awards_places_1_to_n_and_its_books_balance() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules(dealt=True))
    d.do(c.StartTournament())
    while d.state.phase is not Phase.FINISHED:
        table = max(d.state.tables.values(), key=lambda t: t.size).number
        d.bust_dealt(table)
    placed = awards(d.state)
    assert sorted(x.first for x in placed) == list(range(1, d.state.entries + 1))
    for award in placed:
        if award.due_cents:
            d.do(c.PayPrize(player_id=award.player_id))
    d.do(c.CloseBooks())
    balance = d.state.ledger.balance(d.rules.tournament.prize_pool)
    assert balance.prizes_paid == balance.carried_in == 17 * 10_000
    assert balance.is_balanced


def _merge_refused(d: Floor, command: c.MergeFlights, code: str) -> PitbossError:
    before = d.state
    with pytest.raises(PitbossError) as refused:
        d.do(command)
    assert refused.value.code == code
    assert d.state == before
    return refused.value


def test_refusals_of_a_day_2_say_what_was_wrong() -> None:
    a, b = flights_played()
    d = Floor(event_rules(), seed=3)
    one, two = a.bags(), b.bags()
    error = _merge_refused(d, c.MergeFlights(event=EVENT, flights=(one, one)), "flight_twice")
    assert "the flight flight-day1a is listed twice" in error.message
    error = _merge_refused(
        d,
        c.MergeFlights(event=EVENT, flights=(one, replace(two, event="Autumn Cup"))),
        "other_event",
    )
    assert "Day 1B is a flight of Autumn Cup, not of Spring Classic" in error.message
    _merge_refused(d, c.MergeFlights(event=EVENT, flights=()), "no_flights")
    error = _merge_refused(
        d, c.MergeFlights(event=EVENT, flights=(one, two), resume_level=99), "no_such_level"
    )
    d.do(c.MergeFlights(event=EVENT, flights=(one, two)))
    error = _merge_refused(d, c.MergeFlights(event=EVENT, flights=(one, two)), "day_two_made")
    assert "this Day 2 was made from Day 1A and Day 1B already" in error.message


def test_a_day_2_player_cannot_withdraw_for_a_refund_of_a_bag() -> None:
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    ann = _ann(d).player_id
    with pytest.raises(PitbossError) as refused:
        d.do(c.WithdrawPlayer(player_id=ann))
    assert refused.value.code == "bag_not_refunded"
    assert "Ann Lee came into Day 2 with a bag from Day 1B" in refused.value.message


def test_the_same_name_in_two_flights_without_club_records_waits_for_the_directors_word() -> None:
    rules = event_rules()
    a = Flight("Day 1A", ("Sam Wu", "Bob", "Cy"), rules)
    a.bag(early=True)
    b = Flight("Day 1B", ("Sam  wu", "Di", "Ed"), rules, seed=3, at=a.now + 1)
    b.bust(1, ["di"], winner="samwu")
    b.bag(early=True)
    d = Floor(rules, seed=3)
    flights = (a.bags(), b.bags())
    error = _merge_refused(d, c.MergeFlights(event=EVENT, flights=flights), "same_name_unconfirmed")
    assert "Sam Wu in Day 1A (20,000 chips), Day 1B (40,000 chips)" in error.message
    one = day_two([a, b], rules, same_person=("Sam Wu",))
    assert sorted(p.name for p in one.state.players.values()) == ["Bob", "Cy", "Ed", "Sam  wu"]
    two = day_two([a, b], rules, different_people=("sam wu",))
    assert len(two.state.players) == 5
    assert {p.chips for p in two.state.players.values() if p.name.startswith("Sam")} == {
        20_000,
        40_000,
    }
    _merge_refused(
        d,
        c.MergeFlights(
            event=EVENT, flights=flights, same_person=("Sam Wu",), different_people=("Sam Wu",)
        ),
        "name_confirmed_twice",
    )


def test_club_records_tell_the_same_name_apart_without_asking() -> None:
    rules = event_rules()
    a = Flight("Day 1A", ("Sam Wu@c1", "Bob"), rules)
    a.bag(early=True)
    b = Flight("Day 1B", ("Sam Wu@c2", "Di"), rules, seed=3, at=a.now + 1)
    b.bag(early=True)
    d = day_two([a, b], rules)
    assert len(d.state.players) == 4
    assert d.state.players[PlayerId("f1-samwu")].club_player_id == "c1"


def test_day_2_pays_by_the_minimum_age_checked_when_the_player_registered_for_the_flight() -> None:
    """THC add. 15: the winner must be 21; the age was checked at the flight's door, and Day 2
    pays by it without asking for a date of birth again."""
    rules = event_rules(dealt=True)
    rules = replace(
        rules,
        tournament=replace(rules.tournament, entry=replace(rules.tournament.entry, min_age=21)),
    )
    adult = PersonalDetails(date_of_birth="1980-05-17")
    a = Flight("Day 1A", ("Ann", "Bob", "Cy"), rules, details=adult)
    a.bag(early=True)
    d = day_two([a], rules)
    assert {p.of_age for p in d.state.players.values()} == {True}
    d.do(c.StartTournament())
    while d.state.phase is not Phase.FINISHED:
        d.bust_dealt(1)
    winner = d.state.winner
    assert winner is not None
    d.do(c.PayPrize(player_id=winner))
    assert d.state.players[winner].prize_cents == d.state.prizes_cents[0]
