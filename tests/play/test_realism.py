"""The default field's figures stay inside the published ranges (benchmarks/bench_realism.py
prints them in full; sources in BENCHMARKS.md, "Realism"). Seeded and bounded: not a timing."""

from __future__ import annotations

from functools import cache

import pytest

from pitboss.play.realism import (
    CALLED_TARGET,
    HEADS_UP_TARGET,
    PFR_TARGET,
    SHOWDOWN_TARGET,
    VPIP_TARGET,
    WALK_TARGET,
    TableFigures,
    heads_up_lengths,
    median,
    table_figures,
)

HANDS = {2: 1500, 3: 1000, 6: 700, 9: 600}
SIZES = sorted(HANDS)


@cache
def _figures(players: int) -> TableFigures:
    return table_figures(players, hands=HANDS[players], seed=15)


def _inside(value: float, band: tuple[float, float]) -> bool:
    return band[0] <= value <= band[1]


@pytest.mark.parametrize("players", SIZES)
def test_vpip_and_pfr_by_table_size(players: int) -> None:
    f = _figures(players)
    assert _inside(f.vpip_rate, VPIP_TARGET[players]), f.vpip_rate
    assert _inside(f.pfr_rate, PFR_TARGET[players]), f.pfr_rate


def test_short_handed_tables_play_more_hands() -> None:
    vpip = [_figures(n).vpip_rate for n in SIZES]
    assert vpip == sorted(vpip, reverse=True)


@pytest.mark.parametrize("players", SIZES)
def test_big_blind_walks(players: int) -> None:
    """Issue 15: walks were 58-75 % heads-up and 45-50 % at 3-6 players."""
    assert _inside(_figures(players).walk_rate, WALK_TARGET[players])


@pytest.mark.parametrize("players", SIZES)
def test_showdown_rate(players: int) -> None:
    assert _inside(_figures(players).showdown_rate, SHOWDOWN_TARGET)


def test_all_ins_are_called_at_every_stack_depth() -> None:
    """Pooled over the table sizes (a few dozen all-ins per depth)."""
    for depth, band in CALLED_TARGET.items():
        shoves = sum(_figures(n).all_ins.get(depth, 0) for n in SIZES)
        called = sum(_figures(n).all_ins_called.get(depth, 0) for n in SIZES)
        assert shoves >= 10, depth
        assert _inside(called / shoves, band), (depth, called, shoves)


@pytest.mark.parametrize("stack_bb", sorted(HEADS_UP_TARGET))
def test_heads_up_match_length(stack_bb: int) -> None:
    """Issue 15: a heads-up match from 30 big blinds lasted 144 hands."""
    lengths = heads_up_lengths(stack_bb, matches=30, seed=15)
    assert _inside(median(lengths), HEADS_UP_TARGET[stack_bb])
