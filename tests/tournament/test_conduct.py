"""Penalties, absence, chips out of play, clock calls and overrides (TDA 29, 71; SLPT 5;
THC 6, 7, 15, 19, 25, 37, 38; KY 16)."""

from __future__ import annotations

import pytest

from pitboss.errors import ClockError, ConductError
from pitboss.ids import PlayerId
from pitboss.rules.tournament import PenaltyKind
from pitboss.table.values import SeatStatus
from pitboss.tournament import commands as c
from pitboss.tournament.features.absence_and_clock import (
    ClockCalled,
    ClockExpired,
    ClockRuling,
    RulingOverridden,
)
from pitboss.tournament.features.busts import ChipsRemoved, PlayersBusted
from pitboss.tournament.features.penalties import PenaltyGiven
from pitboss.tournament.features.tables import hand_plan
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.reading.views import standings_view

from .director_helpers import thc_details
from .floor_helpers import Floor

MIN = 60_000


def _first(floor: Floor, table: int = 1) -> PlayerId:
    return floor.state.tables[table].players()[0]


def _removed(floor: Floor) -> int:
    return sum(e.chips for e in floor.log if isinstance(e, ChipsRemoved))


def test_slpt_5_missed_rounds_are_players_at_the_table_times_rounds() -> None:
    floor = Floor("slpt", seed=1)
    floor.seat(9)
    pid = _first(floor)
    events = floor.do(
        c.GivePenalty(player_id=pid, reason="abuse", kind=PenaltyKind.MISSED_ROUNDS, amount=2)
    )
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert given.hands == 18  # 9 players x 2 rounds (TDA 71A example)
    assert floor.state.conduct_of(pid).penalty_hands == 18


def test_tda_68_the_penalty_starts_after_the_current_hand_and_hands_are_killed() -> None:
    floor = Floor("tda", seed=1)
    floor.seat(4)
    pid = _first(floor)
    hand = floor.start(1)
    floor.do(
        c.GivePenalty(
            player_id=pid, reason="cards exposed", kind=PenaltyKind.MISSED_ROUNDS, amount=1
        )
    )
    floor.finish(hand, {str(pid): floor.state.players[pid].chips})
    assert floor.state.conduct_of(pid).penalty_hands == 4  # the current hand did not count
    plan = hand_plan(floor.state, 1, floor.now)
    seat = next(s for s in plan.seats if s.player == pid)
    assert seat.status is SeatStatus.KILLED  # TDA 71C: dealt and killed, blinds posted
    floor.quiet_hand(1)
    assert floor.state.conduct_of(pid).penalty_hands == 3


def test_slpt_5_rounds_are_1_to_4() -> None:
    floor = Floor("slpt", seed=1)
    floor.seat(4)
    with pytest.raises(ConductError):
        floor.do(
            c.GivePenalty(
                player_id=_first(floor), reason="x", kind=PenaltyKind.MISSED_ROUNDS, amount=5
            )
        )


def test_tda_71a_repeat_offences_escalate_along_the_ladder() -> None:
    floor = Floor("tda", seed=1)
    floor.seat(4)
    pid = _first(floor)
    kinds = []
    for _ in range(3):
        events = floor.do(c.GivePenalty(player_id=pid, reason="etiquette"))
        kinds.append(next(e for e in events if isinstance(e, PenaltyGiven)))
    assert [(g.kind, g.rounds, g.offence) for g in kinds] == [
        (PenaltyKind.WARNING, 0, 1),
        (PenaltyKind.MISSED_ROUNDS, 1, 2),
        (PenaltyKind.MISSED_ROUNDS, 2, 3),
    ]


def test_thc_25_minutes_away_and_disqualification_removes_the_chips() -> None:
    floor = Floor("thc", seed=1)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.StartTournament())
    pid = _first(floor)
    floor.do(c.GivePenalty(player_id=pid, reason="abuse"))  # warning
    events = floor.do(c.GivePenalty(player_id=pid, reason="abuse again"))
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert (given.kind, given.minutes) == (PenaltyKind.MINUTES, 10)
    assert given.until == floor.now + 10 * MIN
    plan = hand_plan(floor.state, 1, floor.now)
    assert next(s for s in plan.seats if s.player == pid).status is SeatStatus.NOT_DEALT
    chips = floor.state.players[pid].chips
    floor.do(c.GivePenalty(player_id=pid, reason="cheating", kind=PenaltyKind.DISQUALIFICATION))
    assert floor.state.players[pid].chips == 0
    assert floor.state.is_out(pid)
    assert floor.state.table_of(pid) is None
    assert _removed(floor) == chips


def test_thc_37_chip_passing_eliminates_giver_and_receiver() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(6)
    a, b = floor.state.tables[1].players()[:2]
    floor.do(c.ChipPassing(giver=a, receiver=b, note="seen by the dealer"))
    assert floor.state.is_out(a)
    assert floor.state.is_out(b)
    assert _removed(floor) == 40_000
    reasons = {e.reason for e in floor.log if isinstance(e, ChipsRemoved)}
    assert reasons == {RemovalReason.CHIP_PASSING}


def test_thc_38_a_withdrawing_player_returns_the_chips_to_the_bank() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(6)
    pid = _first(floor)
    floor.do(c.WithdrawFromPlay(player_id=pid))
    assert floor.state.is_out(pid)
    assert floor.state.chips_in_play() == 5 * 20_000
    assert any(
        isinstance(e, ChipsRemoved) and e.reason is RemovalReason.WITHDREW for e in floor.log
    )


def test_thc_19_chips_in_a_pocket_are_forfeited_and_recorded() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(4)
    pid = _first(floor)
    floor.do(c.RemoveChips(player_id=pid, reason=RemovalReason.POCKETED, chips=5_000))
    assert floor.state.players[pid].chips == 15_000
    assert floor.state.forfeits == ((pid, 5_000, RemovalReason.POCKETED),)
    assert not floor.state.is_out(pid)


def test_thc_6_absent_more_than_20_minutes_forfeits_every_chip_tda_does_not() -> None:
    thc = Floor("thc", seed=3)
    thc.register(*[f"p{i}" for i in range(6)], details=thc_details())
    thc.do(c.StartTournament())
    pid = _first(thc)
    thc.do(c.MarkAbsent(player_id=pid), at=thc.minutes(1))
    plan = hand_plan(thc.state, 1, thc.now)
    assert next(s for s in plan.seats if s.player == pid).status is SeatStatus.NOT_DEALT
    thc.do(c.Tick(), at=thc.minutes(20))
    assert not thc.state.is_out(pid)
    thc.do(c.Tick(), at=thc.minutes(21.5))
    assert thc.state.is_out(pid)
    assert any(isinstance(e, ChipsRemoved) and e.reason is RemovalReason.ABSENT for e in thc.log)
    tda = Floor("tda", seed=3)
    tda.seat(6)
    other = _first(tda)
    tda.do(c.MarkAbsent(player_id=other), at=tda.minutes(1))
    tda.do(c.Tick(), at=tda.minutes(40))
    assert not tda.state.is_out(other)  # TDA 71A: blinded off, never forfeited
    plan = hand_plan(tda.state, 1, tda.now)
    assert next(s for s in plan.seats if s.player == other).status is SeatStatus.KILLED


def test_thc_7_a_late_arrival_not_present_by_the_first_hand_of_level_2_is_removed() -> None:
    floor = Floor("thc", seed=4)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.MarkAbsent(player_id=PlayerId("p0")))
    floor.do(c.StartTournament())
    floor.quiet_hand(1)
    assert not floor.state.is_out(PlayerId("p0"))
    floor.do(c.Tick(), at=floor.minutes(20))  # level 2 begins: p0 may still arrive ...
    assert not floor.state.is_out(PlayerId("p0"))
    hand = floor.start(1)  # ... until its first hand is dealt
    assert floor.state.is_out(PlayerId("p0"))
    assert PlayerId("p0") not in floor.state.hands[hand].players
    reasons = [e.reason for e in floor.log if isinstance(e, ChipsRemoved)]
    assert reasons == [RemovalReason.NO_SHOW]
    assert floor.replayed() == floor.state


def test_thc_7_a_no_show_is_never_removed_during_a_hand_and_posted_blinds_stay_in_the_pot() -> None:
    """Regression: the removal fired mid-hand and the hand's result could not be recorded."""
    floor = Floor("thc", seed=4)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.MarkAbsent(player_id=PlayerId("p0")))
    floor.do(c.StartTournament())
    hand = floor.start(1)
    assert PlayerId("p0") in floor.state.hands[hand].players  # THC 6: posts, is not dealt
    floor.do(c.Tick(), at=floor.minutes(21))  # level 2 starts while the hand is in play
    assert not floor.state.is_out(PlayerId("p0"))
    players = floor.state.hands[hand].players
    stacks = {str(p): floor.state.players[p].chips for p in players}
    stacks["p0"] -= 200  # a blind posted for p0 went to the pot ...
    winner = next(str(p) for p in players if p != PlayerId("p0"))
    stacks[winner] += 200  # ... and to the winner of the hand
    floor.finish(hand, stacks)
    chips_left = floor.state.players[PlayerId("p0")].chips
    floor.start(1)  # the first hand of level 2: now the rest of p0's chips leave play
    removed = [e for e in floor.log if isinstance(e, ChipsRemoved)]
    assert [(e.player_id, e.chips) for e in removed] == [(PlayerId("p0"), chips_left)]
    assert chips_left == 16_000 - 200


def test_clock_calls_ky_16_sixty_plus_ten_dead_hand_tda_29_twenty_five_plus_five() -> None:
    ky = Floor("ky-charity", seed=5)
    ky.seat(4)
    ky.start(1)
    pid = _first(ky)
    ky.do(c.CallClock(table=1, player_id=pid))
    call = ky.state.clock_calls[1]
    assert call.expires_at == ky.now + 70_000
    with pytest.raises(ConductError):
        ky.do(c.ExpireClock(table=1, facing_bet=False), at=ky.now + 69_000)
    events = ky.do(c.ExpireClock(table=1, facing_bet=False), at=ky.now + 1_000)
    assert next(e for e in events if isinstance(e, ClockExpired)).ruling is ClockRuling.DEAD
    tda = Floor("tda", seed=5)
    tda.seat(4)
    tda.start(1)
    pid = _first(tda)
    tda.do(c.CallClock(table=1, player_id=pid, called_by=tda.state.tables[1].players()[1]))
    assert tda.state.clock_calls[1].expires_at == tda.now + 30_000
    events = tda.do(c.ExpireClock(table=1, facing_bet=False), at=tda.now + 30_000)
    assert next(e for e in events if isinstance(e, ClockExpired)).ruling is ClockRuling.CHECKED


def test_tda_29_a_clock_answered_by_acting_lets_the_clock_be_called_on_the_next_player() -> None:
    """Issue 31: the called player acted in time and the turn moved on; the next player's
    decision may have the clock at once, not only once the earlier call's time has run out."""
    floor = Floor("tda", seed=5)
    floor.seat(4)
    floor.start(1)
    first, second = floor.state.tables[1].players()[:2]
    floor.do(c.CallClock(table=1, player_id=first))
    floor.do(c.CallClock(table=1, player_id=second), at=floor.now + 5_000)
    assert floor.state.clock_calls[1].player_id == second
    assert floor.state.clock_calls[1].expires_at == floor.now + 30_000  # its own 30 s


def test_tda_29_a_clock_answered_in_time_ends_and_the_next_hand_may_call_it_again() -> None:
    floor = Floor("tda", seed=5)
    floor.seat(4)
    hand = floor.start(1)
    pid = _first(floor)
    floor.do(c.CallClock(table=1, player_id=pid))
    with pytest.raises(ConductError) as err:
        floor.do(c.CallClock(table=1, player_id=pid), at=floor.now + 10_000)
    assert err.value.code == "clock_already_called"
    # the player acted in time: a later decision in the same hand may have the clock again
    floor.do(c.CallClock(table=1, player_id=pid), at=floor.now + 31_000)
    floor.finish(hand, {str(pid): floor.state.players[pid].chips})
    assert 1 not in floor.state.clock_calls  # the call ended with its hand
    floor.start(1)
    floor.do(c.CallClock(table=1, player_id=pid))
    assert floor.state.clock_calls[1].player_id == pid


def test_tda_29_the_clock_is_called_on_a_player_with_cards() -> None:
    floor = Floor("tda", seed=5)
    floor.seat(4)
    pid = _first(floor)
    floor.do(c.MarkAbsent(player_id=pid))
    floor.start(1)
    with pytest.raises(ConductError) as err:
        floor.do(c.CallClock(table=1, player_id=pid))
    assert err.value.code == "not_in_hand"


def test_thc_15_only_a_player_at_the_table_or_the_director_may_call_the_clock() -> None:
    floor = Floor("slpt", seed=6)
    floor.seat(12)
    floor.start(1)
    target = _first(floor, 1)
    stranger = _first(floor, 2)
    with pytest.raises(ConductError) as err:
        floor.do(c.CallClock(table=1, player_id=target, called_by=stranger))
    assert err.value.code == "caller_not_at_table"
    floor.do(c.CallClock(table=1, player_id=target))  # the director


def test_tda_1_the_director_overrides_an_automatic_ruling_with_a_reason() -> None:
    floor = Floor("thc", seed=3)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.StartTournament())
    pid = _first(floor)
    floor.do(c.MarkAbsent(player_id=pid), at=floor.minutes(1))
    floor.do(c.Tick(), at=floor.minutes(22))
    assert floor.state.is_out(pid)
    with pytest.raises(ConductError):
        floor.do(c.OverrideRuling(ruling="chips_removed", player_id=pid, reason=" "))
    events = floor.do(
        c.OverrideRuling(ruling="chips_removed", player_id=pid, reason="was in the restroom queue")
    )
    assert any(isinstance(e, RulingOverridden) and e.chips_restored == 16_000 for e in events)
    assert not floor.state.is_out(pid)
    assert floor.state.players[pid].chips == 16_000
    assert floor.state.table_of(pid) is not None
    assert standings_view(floor.state).players_left == 6
    assert floor.replayed() == floor.state


def test_a_ruling_on_a_player_in_a_hand_waits_for_the_hand_to_end() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(4)
    floor.start(1)
    with pytest.raises(ConductError) as err:
        floor.do(c.WithdrawFromPlay(player_id=_first(floor)))
    assert err.value.code == "hand_in_play"
    assert not any(isinstance(e, PlayersBusted) for e in floor.log)


def test_tda_1_the_director_cancels_a_called_clock_and_ends_a_penalty() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(4)
    floor.start(1)
    pid = _first(floor)
    floor.do(c.CallClock(table=1, player_id=pid))
    floor.do(c.OverrideRuling(ruling="clock", player_id=pid, reason="player had acted"))
    assert floor.state.clock_calls == {}
    other = floor.state.tables[1].players()[1]
    floor.do(c.GivePenalty(player_id=other, reason="x", kind=PenaltyKind.MISSED_ROUNDS, amount=1))
    floor.do(c.OverrideRuling(ruling="penalty", player_id=other, reason="wrong player"))
    assert floor.state.conduct_of(other).penalty_hands == 0
    assert floor.state.overrides == ("clock", "penalty")


def test_tda_27_no_rebuy_in_the_middle_of_a_hand() -> None:
    from pitboss.errors import RegistrationError

    floor = Floor("ky-charity", seed=2)
    floor.seat(4)
    hand = floor.start(1)
    pid = floor.state.hands[hand].players[0]
    with pytest.raises(RegistrationError) as err:
        floor.do(c.Rebuy(player_id=pid))
    assert err.value.code == "rebuy_in_hand"


def _thc_floor() -> tuple[Floor, PlayerId]:
    floor = Floor("thc", seed=1)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.StartTournament())
    return floor, _first(floor)


def _minutes_given(
    floor: Floor, pid: PlayerId, kind: PenaltyKind | None = None, amount: int = 0
) -> int:
    events = floor.do(c.GivePenalty(player_id=pid, reason="abuse", kind=kind, amount=amount))
    return next(e for e in events if isinstance(e, PenaltyGiven)).minutes


def test_thc_25_only_10_20_30_or_40_minutes_away() -> None:
    floor, pid = _thc_floor()
    before = floor.state
    for bad in (5, 15, 45, -10):
        with pytest.raises(ConductError, match=r"10, 20, 30, 40 minutes .*THC 25.*not") as err:
            floor.do(
                c.GivePenalty(player_id=pid, reason="abuse", kind=PenaltyKind.MINUTES, amount=bad)
            )
        assert err.value.params["allowed"] == [10, 20, 30, 40]
    assert floor.state == before  # a rejected penalty changes nothing
    assert _minutes_given(floor, pid, kind=PenaltyKind.MINUTES, amount=30) == 30


def test_thc_25_repeat_time_penalties_escalate() -> None:
    floor, pid = _thc_floor()
    # the director skips the warning and goes straight to 20 minutes
    assert _minutes_given(floor, pid, kind=PenaltyKind.MINUTES, amount=20) == 20
    # the ladder's second rung is 10 minutes, but a repeat offence is never shorter: 30
    assert _minutes_given(floor, pid, kind=PenaltyKind.MINUTES) == 30
    assert _minutes_given(floor, pid) == 40  # the ladder's rung 3 (30) is not longer: next, 40
    assert _minutes_given(floor, pid, kind=PenaltyKind.MINUTES) == 40  # the longest allowed
    events = floor.do(c.GivePenalty(player_id=pid, reason="abuse"))  # rung 5 is 40: the top
    assert next(e for e in events if isinstance(e, PenaltyGiven)).minutes == 40


def test_thc_25_a_ladder_with_a_length_not_allowed_is_rejected() -> None:
    import dataclasses

    from pitboss.errors import RuleSetError
    from pitboss.rules.tournament import ConductRules, PenaltyStep

    with pytest.raises(RuleSetError, match="15-minute step"):
        ConductRules(escalation=(PenaltyStep(kind=PenaltyKind.MINUTES, amount=15),))
    with pytest.raises(RuleSetError, match="increasing"):
        dataclasses.replace(ConductRules(), penalty_minutes=(20, 10))


@pytest.mark.parametrize("preset", ["ky-charity", "thc", "slpt"])
def test_ky_16_thc_15_slpt_2_the_caller_is_seated_at_that_table_and_not_out(preset: str) -> None:
    floor = Floor(preset, seed=6)
    if preset == "thc":
        floor.register(*[f"p{i}" for i in range(14)], details=thc_details())
        floor.do(c.StartTournament())
    else:
        floor.seat(14)
    assert len(floor.state.tables) == 2
    target, neighbour, *_ = floor.state.tables[1].players()
    stranger = _first(floor, 2)
    out = floor.state.tables[2].players()[1]
    floor.do(c.WithdrawFromPlay(player_id=out))  # THC 38: out of the tournament
    floor.start(1)
    before = floor.state
    with pytest.raises(ConductError, match=r"seated at table 2.*KY 16, THC 15, SLPT 2") as err:
        floor.do(c.CallClock(table=1, player_id=target, called_by=stranger))
    assert err.value.code == "caller_not_at_table"
    with pytest.raises(ConductError, match="out of the tournament") as err:
        floor.do(c.CallClock(table=1, player_id=target, called_by=out))
    assert err.value.code == "caller_out"
    assert floor.state == before  # rejected calls change nothing
    (called,) = floor.do(c.CallClock(table=1, player_id=target, called_by=neighbour))
    assert isinstance(called, ClockCalled)
    assert called.called_by == neighbour
    floor.do(c.OverrideRuling(ruling="clock", player_id=target, reason="had acted"))
    (called,) = floor.do(c.CallClock(table=1, player_id=target))  # the director, any time
    assert isinstance(called, ClockCalled)
    assert called.called_by is None


def test_tda_29_any_player_still_in_the_event_may_ask_for_the_clock() -> None:
    floor = Floor("tda", seed=6)
    floor.seat(14)
    target = _first(floor, 1)
    other_table, out = floor.state.tables[2].players()[:2]
    floor.do(c.WithdrawFromPlay(player_id=out))
    floor.start(1)
    with pytest.raises(ConductError, match="out of the tournament"):
        floor.do(c.CallClock(table=1, player_id=target, called_by=out))
    (called,) = floor.do(c.CallClock(table=1, player_id=target, called_by=other_table))
    assert isinstance(called, ClockCalled)
    assert called.called_by == other_table


@pytest.mark.parametrize(
    ("house", "kind", "amount"),
    [("tda", PenaltyKind.MINUTES, 10), ("thc", PenaltyKind.MISSED_ROUNDS, 1)],
)
def test_rules_5_7_a_house_sends_players_away_only_its_own_way(
    house: str, kind: PenaltyKind, amount: int
) -> None:
    """TDA 71A / SLPT 5 count missed rounds, THC 25 minutes (``conduct.penalty_mode``)."""
    floor = Floor(house, seed=2)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.StartTournament())
    pid = _first(floor)
    before = floor.state
    with pytest.raises(ConductError) as info:
        floor.do(c.GivePenalty(player_id=pid, reason="abuse", kind=kind, amount=amount))
    assert info.value.code == "wrong_penalty_kind"
    assert floor.state == before


def test_rp_8c_a_seated_hand_for_hand_hand_is_recorded_by_itself_not_typed_twice() -> None:
    floor = Floor("tda", seed=5)
    floor.seat(20)
    floor.do(c.StartHandForHand())
    remaining = floor.state.clock.remaining_ms
    with pytest.raises(ClockError) as err:
        floor.do(c.RecordHandForHandHand())
    assert err.value.code == "hand_for_hand_recorded_by_itself"
    assert floor.state.clock.remaining_ms == remaining
    for table in sorted(floor.state.tables):
        floor.quiet_hand(table)
    assert floor.state.hand_for_hand_hand == 1  # every table played it: recorded once
