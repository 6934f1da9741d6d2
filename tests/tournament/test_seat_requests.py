"""Seats asked for from the lobby (issue 31): one request at a time, refused when registration
is closed or the tournament full (THC add. 2, TDA 8A), approved (registered, paid, with the
club record) or held for the door, declined with a reason; each a logged event that replays."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.errors import RegistrationError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.features.registration import PlayerRegistered
from pitboss.tournament.features.seat_requests import (
    SeatRequestApproved,
    SeatRequestDeclined,
    SeatRequested,
)
from pitboss.tournament.model.requested_seats import SeatRequestStatus
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.state import TournamentState, fold

from .director_helpers import Director

ANN = ClubPlayerId("cpann")
BOB = ClubPlayerId("cpbob")


def _rules(**entry: object) -> RuleSet:
    base = RuleSet()
    return dataclasses.replace(
        base,
        tournament=dataclasses.replace(
            base.tournament, entry=dataclasses.replace(base.tournament.entry, **entry)
        ),
    )


def _ask(d: Director, who: ClubPlayerId = ANN, name: str = "Ann Lee") -> str:
    (event,) = d.do(c.RequestSeat(club_player_id=who, name=name))
    assert isinstance(event, SeatRequested)
    return event.request_id


def test_a_request_is_an_event_the_director_sees_pending() -> None:
    d = Director()
    rid = _ask(d)
    request = d.state.seat_requests[rid]
    assert (request.name, request.club_player_id, request.status) == (
        "Ann Lee",
        ANN,
        SeatRequestStatus.PENDING,
    )
    assert d.state.players == {}  # nobody registered, no money taken
    assert d.state.ledger.taken_in == 0


def test_a_second_request_from_the_same_person_is_refused() -> None:
    d = Director()
    _ask(d)
    with pytest.raises(RegistrationError, match="Ann Lee has asked for a seat already") as info:
        _ask(d)
    assert info.value.code == "seat_requested_already"
    assert len(d.state.seat_requests) == 1


def test_a_registered_player_cannot_ask_again() -> None:
    d = Director()
    d.do(c.RegisterPlayer(player_id=PlayerId("p001"), name="Ann Lee", club_player_id=ANN))
    with pytest.raises(RegistrationError, match="registered in this tournament already"):
        _ask(d)


def test_approval_paid_registers_the_player_with_their_club_record_and_takes_the_money() -> None:
    d = Director()
    rid = _ask(d)
    events = d.do(c.ApproveSeatRequest(request_id=rid, paid=True))
    assert isinstance(events[0], SeatRequestApproved)
    registered = [e for e in events if isinstance(e, PlayerRegistered)]
    assert len(registered) == 1
    entry = d.state.players[PlayerId("p001")]
    assert (entry.name, entry.club_player_id) == ("Ann Lee", ANN)
    assert (
        entry.paid_cents
        == d.rules.tournament.entry.buy_in_cents + d.rules.tournament.entry.fee_cents
    )
    assert d.state.ledger.taken_in == entry.paid_cents
    assert d.state.seat_requests[rid].status is SeatRequestStatus.REGISTERED
    assert d.state.seat_requests[rid].player_id == PlayerId("p001")


def test_approval_at_the_door_holds_the_seat_and_takes_no_money_yet() -> None:
    d = Director(_rules(max_entries=2))
    rid = _ask(d)
    d.do(c.ApproveSeatRequest(request_id=rid, paid=False))
    assert d.state.seat_requests[rid].status is SeatRequestStatus.AT_THE_DOOR
    assert d.state.players == {}
    assert d.state.ledger.taken_in == 0
    d.register("x")
    # one entry and one seat held for Ann at the door: the cap of 2 is reached
    with pytest.raises(RegistrationError, match=r"full.*held for players paying at the door"):
        _ask(d, BOB, "Bob")
    # the money taken at the door later: Ann is registered, her held seat used
    d.do(c.ApproveSeatRequest(request_id=rid, paid=True))
    assert d.state.seat_requests[rid].status is SeatRequestStatus.REGISTERED
    assert d.state.entries == 2


def test_a_full_tournament_refuses_a_request_in_a_persons_words() -> None:
    d = Director(_rules(max_entries=1))
    d.register("a")
    with pytest.raises(RegistrationError, match="the tournament is full") as info:
        _ask(d)
    assert info.value.code == "entries_full"
    assert d.state.seat_requests == {}


def test_closed_registration_refuses_a_request() -> None:
    d = Director("ky-charity")  # no late registration (KY 3)
    d.start("a", "b")
    with pytest.raises(RegistrationError, match="registration is closed: it closed at the start"):
        _ask(d)


def test_approval_refused_once_registration_closed_changes_nothing() -> None:
    d = Director("ky-charity")
    rid = _ask(d)
    d.start("a", "b")
    before = d.state
    with pytest.raises(RegistrationError, match="registration is closed"):
        d.do(c.ApproveSeatRequest(request_id=rid))
    assert d.state is before


def test_a_decline_gives_the_player_the_reason_and_they_may_ask_again() -> None:
    d = Director()
    rid = _ask(d)
    (event,) = d.do(c.DeclineSeatRequest(request_id=rid, reason="  members   only tonight "))
    assert isinstance(event, SeatRequestDeclined)
    assert d.state.seat_requests[rid].status is SeatRequestStatus.DECLINED
    assert d.state.seat_requests[rid].reason == "members only tonight"
    with pytest.raises(RegistrationError, match="was declined: there is nothing to approve"):
        d.do(c.ApproveSeatRequest(request_id=rid))
    again = _ask(d)
    assert again != rid


def test_a_house_requiring_private_details_sends_the_player_to_the_door_thc_1() -> None:
    d = Director("thc")
    rid = _ask(d)
    with pytest.raises(RegistrationError, match="cannot be registered from the lobby") as info:
        d.do(c.ApproveSeatRequest(request_id=rid, paid=True))
    assert info.value.code == "details_required"
    d.do(c.ApproveSeatRequest(request_id=rid, paid=False))
    assert d.state.seat_requests[rid].status is SeatRequestStatus.AT_THE_DOOR


def test_only_the_player_who_asked_may_withdraw_their_request() -> None:
    d = Director()
    rid = _ask(d)
    with pytest.raises(RegistrationError, match="only the player who asked"):
        d.do(c.WithdrawSeatRequest(request_id=rid, club_player_id=BOB))
    d.do(c.WithdrawSeatRequest(request_id=rid, club_player_id=ANN))
    assert d.state.seat_requests[rid].status is SeatRequestStatus.WITHDRAWN


def test_an_unknown_request_is_refused() -> None:
    d = Director()
    with pytest.raises(RegistrationError, match="no request for a seat"):
        d.do(c.DeclineSeatRequest(request_id="r9"))


def test_replaying_the_log_gives_the_live_state_and_every_event_has_a_log_line() -> None:
    d = Director()
    first = _ask(d)
    second = _ask(d, BOB, "Bob")
    d.do(c.ApproveSeatRequest(request_id=first))
    d.do(c.DeclineSeatRequest(request_id=second, reason="full at the door"))
    replayed = fold(TournamentState.new(d.rules), d.log)
    assert replayed == d.state
    state, lines = TournamentState.new(d.rules), []
    for event in d.log:
        lines.append(describe(event, state))
        state = fold(state, [event])
    assert "Ann Lee asked for a seat from the lobby" in lines
    assert "Ann Lee's request for a seat approved, paid" in lines
    assert "Bob's request for a seat declined (full at the door)" in lines
