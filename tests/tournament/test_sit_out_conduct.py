"""Issue 31: sitting out by the player's own choice is the house's absence (TDA 30, 71A/C:
dealt in and killed; THC 6: not dealt; blinds posted either way) from the next hand, and the
hand they chose it in they still play: the clock may be called on them in it (TDA 29)."""

from __future__ import annotations

import pytest

from pitboss.errors import ConductError
from pitboss.ids import PlayerId
from pitboss.table.values import SeatStatus
from pitboss.tournament import commands as c
from pitboss.tournament.features.absence_and_clock import MarkAbsent
from pitboss.tournament.features.tables import hand_plan

from .director_helpers import thc_details
from .floor_helpers import Floor

HOUSES = {
    "tda": SeatStatus.KILLED,
    "ky-charity": SeatStatus.KILLED,
    "slpt": SeatStatus.KILLED,
    "thc": SeatStatus.NOT_DEALT,
}


def _first(floor: Floor) -> PlayerId:
    return floor.state.tables[1].players()[0]


@pytest.mark.parametrize(("preset", "status"), HOUSES.items())
def test_a_player_sitting_out_is_planned_as_the_house_plans_an_absent_seat(
    preset: str, status: SeatStatus
) -> None:
    floor = Floor(preset, seed=3)
    floor.register(*[f"p{i}" for i in range(4)], details=thc_details())  # THC 1 asks them
    floor.do(c.StartTournament())
    pid = _first(floor)
    floor.do(MarkAbsent(player_id=pid, sitting_out=True))
    plan = hand_plan(floor.state, 1, floor.now)
    assert next(s for s in plan.seats if s.player == pid).status is status
    assert floor.state.conduct_of(pid).sitting_out
    with pytest.raises(ConductError) as err:
        floor.do(MarkAbsent(player_id=pid, sitting_out=True))
    assert err.value.code == "already_absent"
    assert err.value.params["sitting_out"] is True
    floor.do(c.MarkReturned(player_id=pid))
    plan = hand_plan(floor.state, 1, floor.now)
    assert next(s for s in plan.seats if s.player == pid).status is SeatStatus.LIVE
    assert not floor.state.conduct_of(pid).sitting_out


def test_tda_29_the_clock_is_called_on_a_player_who_sits_out_during_their_hand() -> None:
    floor = Floor("tda", seed=5)
    floor.seat(4)
    pid = _first(floor)
    hand = floor.start(1)
    floor.do(MarkAbsent(player_id=pid, sitting_out=True), at=floor.now + 1_000)
    floor.do(c.CallClock(table=1, player_id=pid))  # they still play this hand
    floor.finish(hand, {p: floor.state.players[p].chips for p in floor.state.hands[hand].players})
    floor.start(1)
    with pytest.raises(ConductError) as err:
        floor.do(c.CallClock(table=1, player_id=pid))
    assert err.value.code == "not_in_hand"
