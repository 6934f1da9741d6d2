"""The director overrides automatic rulings with a reason, each an event (issue 6; TDA 1):
THC 3's card draw, THC 6's forfeit, THC 7's no-show removal; replay-safe."""

from __future__ import annotations

import pytest

from pitboss.errors import ConductError
from pitboss.ids import PlayerId
from pitboss.tournament import commands as c
from pitboss.tournament.features.absence_and_clock import RulingOverridden
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.reading.views import standings_view

from .director_helpers import thc_details
from .floor_helpers import Floor


def _thc(n: int = 6, seed: int = 3, *, absent: str | None = None) -> Floor:
    floor = Floor("thc", seed=seed)
    floor.register(*[f"p{i}" for i in range(n)], details=thc_details())
    if absent is not None:
        floor.do(c.MarkAbsent(player_id=PlayerId(absent)))
    floor.do(c.StartTournament())
    return floor


def _override(floor: Floor, ruling: str, pid: PlayerId, reason: str = "TD ruling") -> list[object]:
    return list(floor.do(c.OverrideRuling(ruling=ruling, player_id=pid, reason=reason)))


def test_thc_3_the_director_overrides_the_card_draw_and_the_players_share() -> None:
    floor = _thc(4)
    losers = [str(p) for p in floor.state.tables[1].players()[:2]]
    events = floor.bust(1, losers)
    busted = next(e for e in events if isinstance(e, PlayersBusted))
    assert len(busted.draw) >= 2  # THC 3: the draw placed them 3rd and 4th
    assert sorted((p.first, p.last) for p in standings_view(floor.state).places) == [(3, 3), (4, 4)]
    with pytest.raises(ConductError, match="no card draw"):
        _override(floor, "card_draw", PlayerId(str(floor.state.tables[1].players()[0])))
    (event,) = _override(floor, "card_draw", PlayerId(losers[1]), "the deck was not shuffled")
    assert isinstance(event, RulingOverridden)
    assert (event.ruling, event.reason) == ("card_draw", "the deck was not shuffled")
    places = standings_view(floor.state).places
    assert {(p.first, p.last) for p in places} == {(3, 4)}
    assert all(p.is_shared for p in places)
    with pytest.raises(ConductError, match="no card draw"):
        _override(floor, "card_draw", PlayerId(losers[0]))  # already shared: nothing to undo
    assert floor.replayed() == floor.state


def test_thc_7_the_director_overrides_a_no_show_removal() -> None:
    floor = _thc(absent="p0", seed=4)
    pid = PlayerId("p0")
    table = floor.table_of("p0")
    floor.do(c.Tick(), at=floor.minutes(20))  # level 2 ...
    floor.quiet_hand(table)  # ... its first hand: THC 7 removes p0's chips first
    assert floor.state.is_out(pid)
    with pytest.raises(ConductError, match="forfeited for absence"):
        _override(floor, "absent_forfeit", pid)  # the wrong ruling: it was a no-show
    events = _override(floor, "no_show", pid, "was at the cage buying in")
    assert any(isinstance(e, RulingOverridden) and e.chips_restored == 16_000 for e in events)
    assert not floor.state.is_out(pid)
    assert floor.state.table_of(pid) is not None
    floor.do(c.Tick(), at=floor.minutes(25))  # reinstated and present: not removed again
    floor.quiet_hand(floor.state.table_of(pid).number)  # type: ignore[union-attr]
    assert floor.state.players[pid].chips == 16_000
    with pytest.raises(ConductError, match="already given back"):
        _override(floor, "no_show", pid)  # the chips come back once
    assert floor.replayed() == floor.state


def test_thc_6_the_director_overrides_a_20_minute_forfeit() -> None:
    floor = _thc(seed=5)
    pid = floor.state.tables[1].players()[0]
    floor.do(c.MarkAbsent(player_id=pid), at=floor.minutes(1))
    floor.do(c.Tick(), at=floor.minutes(22))  # THC 6: away more than 20 minutes
    assert floor.state.is_out(pid)
    with pytest.raises(ConductError, match="no-show"):
        _override(floor, "no_show", pid)
    events = _override(floor, "absent_forfeit", pid, "told the floor before leaving")
    assert any(isinstance(e, RulingOverridden) and e.chips_restored == 16_000 for e in events)
    floor.do(c.Tick(), at=floor.minutes(60))  # present again: THC 6 does not forfeit again
    assert not floor.state.is_out(pid)
    assert floor.state.conduct_of(pid).absent_since is None
    assert floor.replayed() == floor.state


def test_tda_1_an_unknown_ruling_lists_the_rulings_that_can_be_overridden() -> None:
    floor = _thc()
    with pytest.raises(ConductError, match=r"'card_draw'.*'no_show'|'no_show'.*'card_draw'") as err:
        _override(floor, "seat_draw", PlayerId("p1"))
    assert "absent_forfeit" in err.value.params["allowed"]
