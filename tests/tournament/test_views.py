"""Public views: the big clock with its break countdown, and a board with nothing private."""

from __future__ import annotations

import dataclasses
import json

from pitboss.rules.presets import to_mapping
from pitboss.rules.stakes import AnteMode
from pitboss.tournament import commands as c
from pitboss.tournament.model.entries import PRIVATE_FIELDS
from pitboss.tournament.reading.views import clock_view, public_board

from .director_helpers import MIN, Director, thc_details


def test_clock_view_counts_down_to_the_break_ky_10() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.Tick(), at=d.minutes(65))
    view = clock_view(d.state, d.now)
    assert view.label == "Level 4"
    assert (view.small_blind, view.big_blind, view.ante) == (200, 400, 0)
    assert view.remaining_ms == 15 * MIN
    assert view.next_break_in_ms == 35 * MIN  # the intermission after level 5
    assert view.next_label == "Level 5"
    assert view.time_limit_in_ms == (360 - 65) * MIN
    assert view.chips_in_play == (50, 100, 500, 1000, 5000)


def test_clock_view_on_a_break_shows_the_break_countdown_and_next_blinds() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.Tick(), at=d.minutes(103))
    view = clock_view(d.state, d.now)
    assert view.on_break
    assert view.remaining_ms == 7 * MIN
    assert (view.next_small_blind, view.next_big_blind) == (500, 1000)
    assert view.next_break_in_ms is None
    assert view.ante_mode is AnteMode.NONE


def test_clock_view_while_paused_does_not_move() -> None:
    d = Director()
    d.start("a", "b")
    d.do(c.PauseClock(), at=d.minutes(5))
    assert clock_view(d.state, d.minutes(50)).remaining_ms == 15 * MIN
    assert not clock_view(d.state, d.minutes(50)).running


def test_public_board_carries_no_private_detail_thc_1() -> None:
    d = Director("thc")
    d.register("ann", "bob", details=thc_details())
    d.do(c.StartTournament())
    board = public_board(d.state)
    text = json.dumps(to_mapping(board))
    for value in dataclasses.astuple(thc_details()):
        if isinstance(value, str):
            assert value not in text
    assert not PRIVATE_FIELDS & set(to_mapping(board.players[0]))
    assert board.entries == 2
    assert board.prize_pool_cents == 14000
