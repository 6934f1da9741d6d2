"""The clock's one catch-up (`pitboss.tournament.model.clock.due`): what the director records
as time runs (THC 4, KY 11) is what every screen shows before it is recorded (issue 27: no
view runs a decider)."""

from __future__ import annotations

import pytest

from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import catch_up
from pitboss.tournament.model import clock as clk
from pitboss.tournament.reading.views import as_of, clock_screen, clock_view
from pitboss.tournament.state import Phase, fold

from .director_helpers import MIN, Director


def test_a_clock_past_two_levels_shows_the_level_the_director_would_start_thc_4() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    now = d.minutes(47)  # 20-minute levels: level 3 started at 40, 7 minutes ago
    recorded = fold(d.state, catch_up(d.state, now))
    shown = as_of(d.state, now)
    assert d.state.period.label() == "Level 1"  # nothing recorded yet
    assert shown.clock == recorded.clock
    assert shown.period == recorded.period
    assert shown.period.label() == "Level 3"
    assert clock_view(shown, now) == clock_view(recorded, now)
    assert clock_screen(d.state, now).label == "Level 3"
    assert clock_screen(d.state, now).remaining_ms == 13 * MIN


@pytest.mark.parametrize("minutes", [0, 19, 20, 21, 99, 100, 101, 359, 360, 361, 500])
def test_the_view_and_the_decider_agree_at_every_instant_ky_11(minutes: int) -> None:
    d = Director("ky-charity")  # a six-hour limit that chops (KY 11)
    d.start("a", "b")
    d.do(c.AdjustClock(seconds=-300), at=d.minutes(3))
    now = d.minutes(minutes)
    recorded = fold(d.state, catch_up(d.state, now))
    shown = as_of(d.state, now)
    assert (shown.clock, shown.phase, shown.time_limit_at) == (
        recorded.clock,
        recorded.phase,
        recorded.time_limit_at,
    )
    assert clock_screen(d.state, now) == clock_screen(recorded, now)


def test_a_time_limit_that_chops_stops_the_clock_and_play_at_it_ky_11() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    limit = d.minutes(360)
    steps, clock = clk.due(
        d.state.clock, d.state.timeline, limit, limit_at=limit, stops_at_limit=True
    )
    assert isinstance(steps[-1], clk.LimitReached)
    assert not clock.running
    assert as_of(d.state, limit).phase is Phase.STOPPED
