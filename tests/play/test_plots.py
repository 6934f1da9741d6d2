"""Charts of a forecast: clock time, level and break marks, one line for one run, the chop."""

from __future__ import annotations

import pytest
from tests.play.test_forecast import _limited

from pitboss.play.forecast import Forecast, forecast, summarize
from pitboss.play.plots import (
    chop_chart,
    format_clock,
    period_marks,
    players_chart,
    players_figure,
)
from pitboss.play.runtime import play_tournament
from pitboss.rules import RuleSet

PNG = b"\x89PNG\r\n\x1a\n"


def test_the_marks_are_the_structures_levels_and_breaks_at_their_scheduled_minutes() -> None:
    from pitboss.rules.presets import load_preset

    marks = period_marks(load_preset("slpt").tournament.structure)
    levels = [m for m in marks if not m.is_break]
    breaks = [m for m in marks if m.is_break]
    assert [m.minute for m in levels[:5]] == [0, 15, 30, 45, 70]  # 10-minute break after 4
    assert (breaks[0].minute, breaks[0].minutes, breaks[0].level) == (60, 10, 4)


@pytest.mark.parametrize(
    ("minute", "start", "text"),
    [(0, 18 * 60, "18:00"), (370, 18 * 60, "00:10 +1"), (45, 19 * 60 + 30, "20:15")],
)
def test_clock_times_run_from_the_start_into_the_next_day(
    minute: int, start: int, text: str
) -> None:
    assert format_clock(minute, start_minute=start) == text


def _forecast(runs: int, rules: RuleSet | None = None, players: int = 8) -> Forecast:
    from pitboss.rules.presets import load_preset

    rules = rules or load_preset("slpt")
    results = [
        play_tournament(rules, players=players, seed=s, keep_events=False) for s in range(runs)
    ]
    return forecast([summarize(r) for r in results])


def test_one_run_shows_one_line_not_a_band() -> None:
    from pitboss.rules.presets import load_preset

    rules = load_preset("slpt")
    marks = period_marks(rules.tournament.structure)
    one = players_figure(_forecast(1), title="t", marks=marks)
    many = players_figure(_forecast(3), title="t", marks=marks)
    # fill_between draws the band as a collection; breaks are patches, levels lines
    assert len(one.axes[0].collections) == 0
    assert len(many.axes[0].collections) == 1
    labels = [t.get_text() for t in one.axes[0].get_xticklabels()]
    assert labels[0] == "18:00"
    assert any(t.get_text() == "L2" for t in one.axes[0].texts)


def test_players_at_the_chop_are_charted_where_the_limit_forces_chops_ky_11() -> None:
    fc = _forecast(2, _limited(40), players=20)
    assert fc.chopped_runs == 2
    data = chop_chart(fc, title="t")
    assert data.startswith(PNG)
    assert players_chart(fc, title="t").startswith(PNG)
