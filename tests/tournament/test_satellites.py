"""Satellites (issue 29): seats in a target tournament as prizes, the cash remainder by the
house's setting, the end when the players left equal the seats, and tickets at the door."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.errors import PayoutError, RegistrationError, TournamentError
from pitboss.ids import PlayerId
from pitboss.money import split_amount
from pitboss.rules.satellite import SatelliteRemainder, SeatsReached
from pitboss.tournament import commands as c
from pitboss.tournament.features.prizes import payout_table
from pitboss.tournament.features.satellites import SeatsAwarded
from pitboss.tournament.model.awards import award_of, awards
from pitboss.tournament.model.satellite_seats import seats_of
from pitboss.tournament.reading.sheet import blind_sheet
from pitboss.tournament.reading.ticket_books import reconcile
from pitboss.tournament.state import Phase, TournamentState

from .floor_helpers import Floor
from .satellite_helpers import (
    SEAT,
    bust_the_fullest,
    play_to_the_end,
    ref,
    register_with,
    satellite_night,
    satellite_rules,
    target_rules,
)

ENTRY = 2_750  # a quarter of a seat: 4 entrants a seat


def _balanced(s: TournamentState) -> bool:
    return s.ledger.balance(s.rules.tournament.prize_pool).is_balanced


def _pay_every_cash_prize(f: Floor) -> None:
    for a in awards(f.state):
        if a.due_cents > 0:
            f.do(c.PayPrize(player_id=a.player_id))


@pytest.mark.parametrize("seats", [1, 2, 3, 5])
def test_a_satellite_to_a_bubble_of_n_seats_ends_when_the_players_left_equal_the_seats(
    seats: int,
) -> None:
    entrants = 4 * seats + 3  # N seats and $82.50 left over
    f = satellite_night(entrants)
    s = f.state
    assert seats_of(s) == seats
    assert s.prizes_cents == (*(SEAT,) * seats, entrants * ENTRY - seats * SEAT)
    assert s.phase is Phase.FINISHED
    won = s.satellite.tickets
    assert [t.ticket_id for t in won] == [f"T{n}" for n in range(1, seats + 1)]
    assert {t.player_id for t in won} == set(s.remaining_players())  # everyone left, no one out
    assert all(t.value_cents == SEAT for t in won)
    for t in won:
        award = award_of(s, t.player_id)
        assert award is not None
        assert award.ticket_cents == SEAT
        assert award.due_cents == 0
    bubble = next(a for a in awards(s) if a.first == seats + 1)
    assert bubble.due_cents == 8_250  # next_place: the remainder to the bubble
    assert s.ledger.prizes_in_tickets_cents == seats * SEAT
    assert _balanced(s)
    _pay_every_cash_prize(f)
    f.do(c.CloseBooks())
    assert f.state.books_closed
    assert f.replayed() == f.state


def test_no_seat_is_awarded_while_more_players_are_left_than_seats() -> None:
    f = Floor(satellite_rules(), seed=4)
    f.seat(11)  # 2 seats, $82.50 over
    while f.state.players_left > 3:
        bust_the_fullest(f)
        assert not f.state.satellite.tickets
        assert f.state.phase is Phase.RUNNING
    bust_the_fullest(f)
    assert len(f.state.satellite.tickets) == 2
    assert f.state.phase is Phase.FINISHED


def test_a_seat_winner_is_owed_no_cash_and_a_payment_says_the_seat_is_a_ticket() -> None:
    f = satellite_night(7)
    winner = f.state.satellite.tickets[0].player_id
    with pytest.raises(PayoutError) as refused:
        f.do(c.PayPrize(player_id=winner))
    assert refused.value.code == "prize_is_a_seat"
    assert "a seat in Main Event, paid as a ticket" in refused.value.message


def test_the_remainder_shared_by_the_seat_winners_is_paid_to_them_in_cash() -> None:
    f = satellite_night(11, remainder=SatelliteRemainder.SHARED)  # 2 seats, $82.50 over
    s = f.state
    assert s.prizes_cents == (SEAT + 4_125, SEAT + 4_125)
    for t in s.satellite.tickets:
        award = award_of(s, t.player_id)
        assert award is not None
        assert (award.ticket_cents, award.due_cents) == (SEAT, 4_125)
    assert not [a for a in awards(s) if a.first > 2 and a.owed_cents]
    _pay_every_cash_prize(f)
    f.do(c.CloseBooks())
    assert f.state.ledger.prizes_paid_cents == 8_250


def test_the_remainder_by_the_payout_table_pays_the_places_below_the_seats() -> None:
    f = satellite_night(23, remainder=SatelliteRemainder.PAYOUT_TABLE)  # 5 seats, $82.50
    s = f.state
    below = payout_table(s)(8_250, 23 - 5)
    assert s.prizes_cents == (*(SEAT,) * 5, *below)
    assert sum(s.prizes_cents) == s.prize_pool_cents
    paid = {a.first: a.due_cents for a in awards(s) if a.due_cents}
    assert paid == {6 + n: cents for n, cents in enumerate(below)}


def test_the_ggpoker_example_two_300_dollar_tickets_and_150_left_over() -> None:
    """GGPoker's help: 25 players at $30 to a $300 seat: 2 tickets, $150 left over (here to
    the next place, the bubble)."""
    f = satellite_night(25, seat=30_000, buy_in=3_000, fee=0)
    assert f.state.prize_pool_cents == 75_000
    assert f.state.prizes_cents == (30_000, 30_000, 15_000)
    assert len(f.state.satellite.tickets) == 2


def test_playing_on_awards_the_seats_then_the_survivors_play_for_the_cash() -> None:
    f = Floor(
        satellite_rules(remainder=SatelliteRemainder.PAYOUT_TABLE, end=SeatsReached.PLAY_ON),
        seed=8,
    )
    f.seat(15)  # 3 seats, $82.50 to play on for
    f.do(c.LinkSatellite(target="main", target_name="Main Event"))
    play_to_the_end(f)
    s = f.state
    assert s.phase is Phase.RUNNING
    assert len(s.satellite.tickets) == 3
    awarded = next(e for e in f.log if isinstance(e, SeatsAwarded))
    assert not awarded.ended
    cash = payout_table(s)(8_250, 3)
    assert s.prizes_cents[:3] == tuple(SEAT + cents for cents in (*cash, *(0,) * (3 - len(cash))))
    while s.phase is Phase.RUNNING:
        bust_the_fullest(f)
        s = f.state
    assert s.winner in {t.player_id for t in s.satellite.tickets}
    for t in s.satellite.tickets:
        award = award_of(s, t.player_id)
        assert award is not None
        assert award.ticket_cents == SEAT
    _pay_every_cash_prize(f)
    f.do(c.CloseBooks())
    assert f.state.ledger.prizes_paid_cents == 8_250
    assert f.replayed() == f.state


def test_players_tied_across_the_last_seat_share_its_value_in_cash() -> None:
    """TDA RP-8A: tied players share the prizes of the places they cover; a ticket cannot be
    shared, so the seat they cover is shared as money with the bubble's cash."""
    f = Floor(satellite_rules(buy_in=9_000, fee=0), seed=2)
    f.seat(4)  # $360: 3 seats, $30 over
    table = next(iter(f.state.tables))
    hand = f.start(table)
    dealt = [str(p) for p in f.state.hands[hand].players]
    everyone = sum(f.state.players[PlayerId(p)].chips for p in dealt[:3])
    f.finish(hand, {dealt[0]: 0, dealt[1]: 0, dealt[2]: everyone})  # equal stacks: a tie
    s = f.state
    assert s.phase is Phase.FINISHED
    assert len(s.satellite.tickets) == 2
    for pid in dealt[:2]:
        award = award_of(s, PlayerId(pid))
        assert award is not None
        assert (award.first, award.last) == (3, 4)
        assert (award.ticket_cents, award.due_cents) == (0, (SEAT + 3_000) // 2)
    assert _balanced(s)


def test_a_guarantee_counts_and_more_seats_than_players_gives_everyone_a_seat_at_the_start() -> (
    None
):
    f = Floor(satellite_rules(guarantee=5 * SEAT), seed=1)
    f.seat(3)  # a pool of five seats guaranteed, three players
    s = f.state
    assert seats_of(s) == 3
    assert s.phase is Phase.FINISHED
    assert len(s.satellite.tickets) == 3
    assert s.prizes_cents == tuple(SEAT + share for share in split_amount(2 * SEAT, [1] * 3))
    assert s.ledger.overlay(s.rules.tournament.prize_pool) == 5 * SEAT - 3 * ENTRY
    assert _balanced(s)


def test_a_pool_short_of_one_seat_pays_money_by_the_payout_table() -> None:
    f = Floor(satellite_rules(), seed=5)
    f.seat(3)  # $82.50: not a seat
    assert seats_of(f.state) == 0
    assert f.state.prizes_cents == payout_table(f.state)(8_250, 3)
    while f.state.phase is Phase.RUNNING:
        bust_the_fullest(f)
    assert f.state.winner is not None
    assert not f.state.satellite.tickets


def test_the_seats_wait_for_late_registration_to_close() -> None:
    rules = satellite_rules()
    t = rules.tournament
    late = t.entry.__class__(buy_in_cents=ENTRY, fee_cents=250, late_registration_until_level=1)
    import dataclasses

    f = Floor(dataclasses.replace(rules, tournament=dataclasses.replace(t, entry=late)), seed=6)
    f.seat(7)  # 1 seat
    while f.state.players_left > 1:
        bust_the_fullest(f)
    assert not f.state.satellite.tickets  # late registration is open: someone may still come
    f.do(c.Tick(), at=f.minutes(21))  # level 2: registration closed
    assert [t.player_id for t in f.state.satellite.tickets] == [f.state.remaining_players()[0]]
    assert f.state.winner == f.state.remaining_players()[0]


def test_only_a_satellite_names_a_target_and_not_once_its_seats_are_won_for_another() -> None:
    plain = Floor("tda")
    plain.register("a", "b")
    with pytest.raises(TournamentError) as refused:
        plain.do(c.LinkSatellite(target="main"))
    assert refused.value.code == "not_a_satellite"
    f = satellite_night(7)
    with pytest.raises(TournamentError) as refused:
        f.do(c.LinkSatellite(target="other"))
    assert refused.value.code == "seats_already_awarded"
    assert "Main Event" in refused.value.message
    f.do(c.LinkSatellite(target="main", target_name="The Main Event"))  # renamed: the same id
    assert f.state.satellite.target is not None
    assert f.state.satellite.target.label == "The Main Event"


def test_a_target_takes_a_ticket_for_an_entry_paid_by_ticket_not_money() -> None:
    f = Floor(target_rules(), seed=9)
    register_with(f, "ann", ref("T1"))
    register_with(f, "bob", None)
    s = f.state
    led = s.ledger
    assert (led.entry_cents, led.fee_cents, led.tickets_in_cents) == (20_000, 2_000, 11_000)
    assert s.prize_pool_cents == 20_000  # the ticket's buy-in is in the pool like any entry
    assert s.satellite.redeemed[PlayerId("ann")] == ref("T1")
    assert _balanced(s)


def test_a_ticket_pays_one_entry_a_second_use_is_refused() -> None:
    f = Floor(target_rules(), seed=9)
    register_with(f, "ann", ref("T1"))
    with pytest.raises(RegistrationError) as refused:
        register_with(f, "ann2", ref("T1"))
    assert refused.value.code == "ticket_used"
    assert "ticket T1 of Monday Satellite has been used already: it paid Ann's entry" in (
        refused.value.message
    )


def test_a_ticket_entry_withdrawn_before_the_start_gets_its_ticket_back_not_money() -> None:
    f = Floor(target_rules(), seed=9)
    register_with(f, "ann", ref("T1"))
    f.do(c.WithdrawPlayer(player_id=PlayerId("ann")))
    led = f.state.ledger
    assert (led.refunds, led.tickets_returned_cents) == (11_000, 11_000)
    assert not f.state.satellite.redeemed
    register_with(f, "ann2", ref("T1"))  # the ticket is free again
    assert _balanced(f.state)
    assert f.replayed() == f.state


def test_the_blind_sheet_of_a_satellite_shows_its_seats_and_the_money_left() -> None:
    sheet = blind_sheet(satellite_rules(), entrants=11)  # $302.50: 2 seats, $82.50 over
    assert [(p.place, p.seat, p.cents) for p in sheet.prizes] == [
        ("1st", "Seat", 0),
        ("2nd", "Seat", 0),
        ("3rd", "", 8_250),
    ]


def test_hand_for_hand_on_the_bubble_starts_one_off_the_last_seat() -> None:
    """RP-8's bubble in a satellite is the seat bubble: hand-for-hand starts when one player is
    left more than the seats (not one more than the places that pay money)."""
    rules = satellite_rules()
    t = rules.tournament
    seating = dataclasses.replace(t.seating, hand_for_hand_on_bubble=True)
    f = Floor(dataclasses.replace(rules, tournament=dataclasses.replace(t, seating=seating)))
    f.seat(43)  # 10 seats and $82.50 for 11th: two tables at the seat bubble
    assert seats_of(f.state) == 10
    while f.state.players_left > 12:
        bust_the_fullest(f)
    assert not f.state.clock.hand_for_hand  # 12 left: the money bubble, not the seats'
    bust_the_fullest(f)
    assert f.state.players_left == 11
    assert f.state.clock.hand_for_hand


def test_the_books_say_so_when_the_target_took_a_ticket_the_satellite_did_not_award() -> None:
    """A seat undone in the satellite (its last bust-out taken back) after its ticket was
    used at the target: the reconciliation names the entry, it does not agree."""
    sat = satellite_night(7)
    door = Floor(target_rules(), seed=9)
    register_with(door, "m01", ref("T2"))  # the satellite awarded T1 only
    books = reconcile(sat.state, door.state, stream="sat")
    assert not books.agrees
    assert books.problems == (
        "M01 entered the target with ticket T2, which the satellite did not award",
    )
