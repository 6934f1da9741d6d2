"""Corrections a director makes on a live night (issue 12): a bust recorded without the hand,
a hand's stacks put right, the button put right (TDA 34A), a table counted down.

Every test checks the chips are conserved and that a refused correction changes nothing."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.corrections import (
    BustRecorded,
    ButtonCorrected,
    HandCorrected,
    TableResynced,
)
from pitboss.tournament.features.hands import HandStarted
from pitboss.tournament.features.tables import PlayerSeated, SeatReason
from pitboss.tournament.model.eliminations import finishing_places
from pitboss.tournament.model.entries import PlayerChips

from .floor_helpers import Floor

START = 20_000  # the TDA preset's starting stack is checked below


def _chips(pid: str, chips: int) -> PlayerChips:
    return PlayerChips(player_id=PlayerId(pid), chips=chips)


def _total(f: Floor) -> int:
    return sum(p.chips for p in f.state.players.values())


def _one_table(n: int = 6) -> Floor:
    f = Floor("tda")
    f.seat(n)
    assert len(f.state.tables) == 1
    return f


def _refused(f: Floor, command: c.Command, code: str) -> PitbossError:
    before, log, rng = f.state, list(f.log), f.rng.getstate()
    with pytest.raises(PitbossError) as err:
        f.do(command)
    assert err.value.code == code, err.value
    assert f.state is before
    assert f.log == log
    assert f.rng.getstate() == rng
    return err.value


# --- RecordBust ---------------------------------------------------------------------------


def test_a_bust_recorded_without_the_hand_gives_the_chips_to_the_eliminator() -> None:
    f = _one_table()
    total = _total(f)
    stack = f.state.players[PlayerId("p001")].chips
    events = f.do(
        c.RecordBust(table=TableNo(1), busted=(PlayerId("p001"),), eliminated_by=PlayerId("p002"))
    )
    recorded = next(e for e in events if isinstance(e, BustRecorded))
    assert recorded.chips == stack
    assert f.state.players[PlayerId("p002")].chips == 2 * stack
    assert f.state.players[PlayerId("p001")].chips == 0
    assert f.state.is_out(PlayerId("p001"))
    assert f.state.table_of(PlayerId("p001")) is None
    assert _total(f) == total
    assert f.replayed() == f.state


def test_two_players_out_on_one_recorded_bust_are_placed_by_their_starting_stacks() -> None:
    f = _one_table()
    # p001 doubles through p003 first, so the two busted players' stacks differ
    hand = f.start(1)
    f.finish(hand, {"p001": 30_000, "p003": 10_000})
    f.do(
        c.RecordBust(
            table=TableNo(1),
            busted=(PlayerId("p003"), PlayerId("p001")),
            eliminated_by=PlayerId("p004"),
        )
    )
    # the smaller stack finishes lower (KY 8d, THC 3): 6 players, p003 6th, p001 5th
    places = finishing_places(f.state.busts, 4, h4h_shares_same_table=False)
    assert {(p.player_id, p.first) for p in places} == {("p001", 5), ("p003", 6)}


def test_a_recorded_bust_is_refused_for_a_player_at_another_table_or_twice_listed() -> None:
    f = Floor("tda")
    f.seat(20)
    assert len(f.state.tables) == 2
    here = list(f.state.tables[TableNo(1)].players())
    there = list(f.state.tables[TableNo(2)].players())
    _refused(
        f, c.RecordBust(table=TableNo(1), busted=(there[0],), eliminated_by=here[0]), "not_at_table"
    )
    _refused(
        f,
        c.RecordBust(table=TableNo(1), busted=(here[1], here[1]), eliminated_by=here[0]),
        "bad_players",
    )
    _refused(
        f, c.RecordBust(table=TableNo(1), busted=(here[0],), eliminated_by=here[0]), "bad_players"
    )


def test_a_recorded_bust_waits_for_the_hand_in_play() -> None:
    f = _one_table()
    f.start(1)
    _refused(
        f,
        c.RecordBust(table=TableNo(1), busted=(PlayerId("p001"),), eliminated_by=PlayerId("p002")),
        "hand_in_play",
    )


def test_the_last_recorded_bust_names_the_winner() -> None:
    f = _one_table(3)
    f.do(
        c.RecordBust(
            table=TableNo(1),
            busted=(PlayerId("p000"), PlayerId("p001")),
            eliminated_by=PlayerId("p002"),
        )
    )
    assert f.state.winner == "p002"
    assert _total(f) == f.state.players[PlayerId("p002")].chips


# --- CorrectHand --------------------------------------------------------------------------


def test_a_mistyped_result_is_corrected_while_it_is_the_last_hand() -> None:
    f = _one_table()
    total = _total(f)
    hand = f.start(1)
    f.finish(hand, {"p001": 25_000, "p002": 15_000})
    events = f.do(
        c.CorrectHand(hand_id=HandId(hand), stacks=(_chips("p001", 15_000), _chips("p002", 25_000)))
    )
    corrected = next(e for e in events if isinstance(e, HandCorrected))
    assert corrected.before == (_chips("p001", 25_000), _chips("p002", 15_000))
    assert f.state.players[PlayerId("p001")].chips == 15_000
    assert f.state.players[PlayerId("p002")].chips == 25_000
    assert f.state.hands[HandId(hand)].after == (_chips("p001", 15_000), _chips("p002", 25_000))
    assert _total(f) == total
    assert f.replayed() == f.state


def test_a_correction_can_give_a_stack_the_result_left_out() -> None:
    f = _one_table()
    hand = f.start(1)
    f.finish(hand, {"p001": 25_000, "p002": 15_000})
    # it was p003, not p002, who lost the 5,000
    f.do(
        c.CorrectHand(
            hand_id=HandId(hand),
            stacks=(_chips("p001", 25_000), _chips("p002", START), _chips("p003", 15_000)),
        )
    )
    assert [f.state.players[PlayerId(p)].chips for p in ("p001", "p002", "p003")] == [
        25_000,
        START,
        15_000,
    ]


def test_a_player_wrongly_put_out_is_back_in_the_same_seat() -> None:
    f = _one_table()
    total = _total(f)
    seat = f.state.tables[TableNo(1)].seat_of(PlayerId("p003"))
    hand = f.start(1)
    f.finish(hand, {"p003": 0, "p004": 2 * START})
    assert f.state.is_out(PlayerId("p003"))
    events = f.do(
        c.CorrectHand(hand_id=HandId(hand), stacks=(_chips("p003", 5_000), _chips("p004", 35_000)))
    )
    assert not f.state.is_out(PlayerId("p003"))
    assert all(r.bust.player_id != "p003" for r in f.state.busts)
    seated = next(e for e in events if isinstance(e, PlayerSeated))
    assert seated.reason is SeatReason.CORRECTION
    assert seated.seat == seat
    assert f.state.tables[TableNo(1)].seat_of(PlayerId("p003")) == seat
    assert _total(f) == total
    assert f.replayed() == f.state


def test_a_correction_that_empties_a_stack_puts_the_player_out() -> None:
    f = _one_table()
    hand = f.start(1)
    f.finish(hand, {"p003": 1_000, "p004": 39_000})
    events = f.do(
        c.CorrectHand(hand_id=HandId(hand), stacks=(_chips("p003", 0), _chips("p004", 40_000)))
    )
    out = next(e for e in events if isinstance(e, PlayersBusted))
    assert out.busts[0].player_id == "p003"
    assert out.busts[0].stack_at_start == START
    assert f.state.is_out(PlayerId("p003"))


def test_a_hand_played_on_is_not_corrected_and_the_director_is_told_to_count() -> None:
    f = _one_table()
    first = f.start(1)
    f.finish(first, {"p001": 25_000, "p002": 15_000})
    f.quiet_hand(1)
    err = _refused(
        f,
        c.CorrectHand(
            hand_id=HandId(first), stacks=(_chips("p001", 15_000), _chips("p002", 25_000))
        ),
        "hand_played_on",
    )
    assert "ResyncTable" in str(err)


def test_a_correction_that_creates_chips_or_names_a_stranger_is_refused() -> None:
    f = _one_table()
    hand = f.start(1)
    f.finish(hand, {"p001": 25_000, "p002": 15_000})
    _refused(
        f,
        c.CorrectHand(
            hand_id=HandId(hand), stacks=(_chips("p001", 25_000), _chips("p002", 16_000))
        ),
        "chips_not_conserved",
    )
    _refused(
        f,
        c.CorrectHand(hand_id=HandId(hand), stacks=(_chips("nobody", 1), _chips("p002", 15_000))),
        "bad_hand_result",
    )
    _refused(
        f, c.CorrectHand(hand_id=HandId("h99"), stacks=(_chips("p001", 1),)), "hand_not_finished"
    )
    _refused(
        f,
        c.CorrectHand(
            hand_id=HandId(hand), stacks=(_chips("p001", 25_000), _chips("p002", 15_000))
        ),
        "nothing_to_correct",
    )


# --- CorrectButton ------------------------------------------------------------------------


def test_a_corrected_button_deals_the_next_hand_from_the_right_seat() -> None:
    f = _one_table()
    f.quiet_hand(1)
    table = f.state.tables[TableNo(1)]
    assert table.last is not None
    wrong = table.last.button
    right = next(s for s in sorted(table.seats) if s != wrong)
    events = f.do(c.CorrectButton(table=TableNo(1), seat=SeatNo(right)))
    fixed = next(e for e in events if isinstance(e, ButtonCorrected))
    assert fixed.was == wrong
    assert fixed.seat == right
    started = next(
        e for e in f.do(c.StartHand(hand_id="hx", table=TableNo(1))) if isinstance(e, HandStarted)
    )
    assert started.positions is not None
    assert started.positions.button == right
    assert f.replayed() == f.state


def test_the_button_goes_in_front_of_a_player() -> None:
    f = _one_table()
    empty = next(s for s in range(1, 11) if s not in f.state.tables[TableNo(1)].seats)
    _refused(f, c.CorrectButton(table=TableNo(1), seat=SeatNo(empty)), "button_seat_empty")
    _refused(f, c.CorrectButton(table=TableNo(9), seat=SeatNo(1)), "unknown_table")


# --- ResyncTable --------------------------------------------------------------------------


def test_a_table_counted_down_gets_its_stacks_and_button() -> None:
    f = _one_table(4)
    total = _total(f)
    players = list(f.state.tables[TableNo(1)].players())
    counted = (
        _chips(players[0], 50_000),
        _chips(players[1], 10_000),
        _chips(players[2], 15_000),
        _chips(players[3], 5_000),
    )
    seat = f.state.tables[TableNo(1)].seat_of(players[2])
    events = f.do(c.ResyncTable(table=TableNo(1), stacks=counted, button=seat))
    synced = next(e for e in events if isinstance(e, TableResynced))
    assert synced.stacks == counted
    assert [f.state.players[p].chips for p in players] == [50_000, 10_000, 15_000, 5_000]
    assert _total(f) == total
    started = next(
        e for e in f.do(c.StartHand(hand_id="hx", table=TableNo(1))) if isinstance(e, HandStarted)
    )
    assert started.positions is not None
    assert started.positions.button == seat


def test_a_count_must_name_everyone_and_conserve_the_chips() -> None:
    f = _one_table(4)
    players = list(f.state.tables[TableNo(1)].players())
    short = tuple(_chips(p, START) for p in players[:3])
    _refused(f, c.ResyncTable(table=TableNo(1), stacks=short), "bad_hand_result")
    more = tuple(_chips(p, START + 1) for p in players)
    _refused(f, c.ResyncTable(table=TableNo(1), stacks=more), "chips_not_conserved")
    zero = (
        _chips(players[0], 2 * START),
        _chips(players[1], 0),
        *(_chips(p, START) for p in players[2:]),
    )
    _refused(f, c.ResyncTable(table=TableNo(1), stacks=zero), "bad_hand_result")


def test_the_starting_stack_assumed_here_is_the_presets() -> None:
    f = _one_table(2)
    assert {p.chips for p in f.state.players.values()} == {START}
