"""Tickets redeemed at the target's door through the service (issue 29): the satellite's log is
read to check each ticket, every refusal says why in a person's words and writes nothing, and
the satellite's and the target's books agree to the cent."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.rules import RuleSet
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.service.ticket_checks import tickets
from pitboss.store import EventStore
from pitboss.tournament import commands as c
from pitboss.tournament.model.tickets import TicketRef
from pitboss.tournament.state import replay_log

from .satellite_nights import play_to_the_seats, register, satellite_and_target

T0 = 1_767_225_600_000


@pytest.fixture
def svc(store: EventStore) -> DirectorService:
    return DirectorService(store, clock=lambda: T0, randomness=seeded_random("sat"))


def _ticket(ticket_id: str = "T1", satellite: str = "sat") -> TicketRef:
    return TicketRef(satellite=satellite, ticket_id=ticket_id)


def _redeem(live: LiveTournament, pid: str, ticket: TicketRef, **kw: object) -> None:
    live.execute(c.RegisterPlayer(player_id=PlayerId(pid), name="Someone", ticket=ticket, **kw))  # type: ignore[arg-type]


def _refused(live: LiveTournament, pid: str, ticket: TicketRef, **kw: object) -> PitbossError:
    head, state = live.head, live.state
    with pytest.raises(PitbossError) as refused:
        _redeem(live, pid, ticket, **kw)
    assert (live.head, live.state) == (head, state)  # nothing written
    return refused.value


def test_linking_a_satellite_reads_the_targets_name_from_its_log(svc: DirectorService) -> None:
    sat, _ = satellite_and_target(svc, play=False)
    target = sat.state.satellite.target
    assert target is not None
    assert (target.stream, target.name) == ("main", "Main Event")


def test_a_target_that_is_not_there_itself_or_of_another_price_is_refused(
    svc: DirectorService,
) -> None:
    sat, _ = satellite_and_target(svc, play=False)
    for target, code in (("nowhere", "unknown_target"), ("sat", "target_is_itself")):
        with pytest.raises(PitbossError) as refused:
            sat.execute(c.LinkSatellite(target=target))
        assert refused.value.code == code
    svc.create("High Roller", RuleSet.from_preset("tda"), stream="roller")  # $100, no fee
    with pytest.raises(PitbossError) as refused:
        sat.execute(c.LinkSatellite(target="roller"))
    assert refused.value.code == "seat_value_mismatch"
    assert "worth $110.00, but an entry to High Roller costs $100.00" in refused.value.message


def test_a_ticket_registers_its_winner_at_the_target_with_no_money_taken(
    svc: DirectorService,
) -> None:
    sat, target = satellite_and_target(svc)
    (won,) = sat.state.satellite.tickets
    winner = sat.state.players[won.player_id]
    _redeem(target, "m01", _ticket())
    entry = target.state.players[PlayerId("m01")]
    assert (entry.name, entry.club_player_id) == (winner.name, winner.club_player_id)
    ticket = target.state.satellite.redeemed[PlayerId("m01")]
    assert ticket.satellite_name == "Monday Satellite"
    led = target.state.ledger
    assert led.taken_in == led.tickets_in_cents == 11_000  # no cash: the ticket paid it
    assert target.state.prize_pool_cents == 10_000
    opened = DirectorService(svc.store).open("main")
    assert opened.state == target.state == replay_log(e for _, e in target.events())


def test_every_ticket_refusal_says_why_and_writes_nothing(svc: DirectorService) -> None:
    sat, target = satellite_and_target(svc)
    svc.create("Tuesday Deepstack", target.state.rules, stream="other")
    other = svc.open("other")
    unlinked = svc.create("Unlinked Satellite", sat.state.rules, stream="unlinked")
    in_play = svc.create("Friday Satellite", sat.state.rules, stream="friday")
    in_play.execute(c.LinkSatellite(target="main"))
    register(in_play)
    in_play.execute(c.StartTournament())
    cases = [
        (target, _ticket(satellite="nowhere"), "unknown_satellite", "no tournament 'nowhere'"),
        (target, _ticket(satellite="other"), "not_a_satellite", "Tuesday Deepstack is not"),
        (target, _ticket(satellite="unlinked"), "satellite_has_no_target", "link it to Main"),
        (other, _ticket(), "ticket_for_another_tournament", "a seat in Main Event, not in Tues"),
        (target, _ticket(satellite="friday"), "satellite_not_finished", "7 players left for 1"),
        (target, _ticket("T9"), "unknown_ticket", "has no ticket 'T9'; its tickets are T1"),
        (sat, _ticket(), "ticket_for_another_tournament", "not to the satellite itself"),
    ]
    assert unlinked.state.satellite.target is None
    for live, ticket, code, words in cases:
        refused = _refused(live, "m09", ticket)
        assert (refused.code, words in refused.message) == (code, True), refused.message
    _redeem(target, "m01", _ticket())
    refused = _refused(target, "m02", _ticket())
    assert refused.code == "ticket_used"
    assert "ticket T1 of Monday Satellite has been used already" in refused.message


def test_a_ticket_is_its_winners_own(svc: DirectorService) -> None:
    _, target = satellite_and_target(svc)
    refused = _refused(target, "m01", _ticket(), club_player_id=ClubPlayerId("cp-someone"))
    assert refused.code == "ticket_not_theirs"
    assert "cannot be passed on" in refused.message


def test_the_tickets_are_listed_with_their_use_and_both_books_agree(
    svc: DirectorService, store: EventStore
) -> None:
    sat, target = satellite_and_target(svc, names=tuple(f"Player {n}" for n in range(15)))
    assert len(sat.state.satellite.tickets) == 3  # $450: 3 seats, $120 left over
    _redeem(target, "m01", _ticket("T2"))
    _redeem(target, "m02", _ticket("T3"))
    target.execute(c.WithdrawPlayer(player_id=PlayerId("m02")))  # T3 given back
    target.execute(c.RegisterPlayer(player_id=PlayerId("m03"), name="Cash Carl"))
    listed = tickets(sat.state, stream="sat", read=sat.read_other)
    assert [(t.ticket_id, t.used) for t in listed.awarded] == [
        ("T1", False),
        ("T2", True),
        ("T3", False),
    ]
    assert listed.target_name == "Main Event"
    books = listed.reconciliation
    assert books is not None
    assert books.agrees, books.problems
    assert (books.awarded_cents, books.redeemed_cents, books.outstanding_cents) == (
        33_000,
        11_000,
        22_000,
    )
    assert books.awarded_cents == books.redeemed_cents + books.outstanding_cents
    assert books.satellite_tickets_cents == sat.state.ledger.prizes_in_tickets_cents
    assert books.target_tickets_cents == 11_000
    taken = tickets(target.state, stream="main", read=target.read_other).taken
    assert [(t.ticket_id, t.standing) for t in taken] == [("T2", True)]


def test_a_ticket_of_a_satellite_that_plays_on_is_good_once_the_seats_are_awarded(
    svc: DirectorService,
) -> None:
    sat, target = satellite_and_target(svc, play=False)
    assert _refused(target, "m01", _ticket()).code == "satellite_not_finished"
    play_to_the_seats(sat)
    _redeem(target, "m01", _ticket())
    assert PlayerId("m01") in target.state.satellite.redeemed
