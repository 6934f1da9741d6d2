"""The engine benchmark's plainest harness (benchmarks/bench_engine.py --plain, issue 30) plays
the same hands in pitboss and PokerKit: the same shuffled cards, the same uniformly drawn
decisions, the same final stacks; and its check catches two engines playing different hands.
No timing here: a timing is never a unit test."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_engine.py"
    spec = importlib.util.spec_from_file_location("bench_engine", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_engine"] = module
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("players", [6, 9])
def test_the_plain_harness_plays_the_same_hands_in_pitboss_and_pokerkit(
    bench: ModuleType, players: int
) -> None:
    tally = bench.check_plain(players, 25, seed=3)
    assert tally["hands"] == 25
    assert tally["decisions"] > 25
    assert tally["showdowns"] > 0


def test_the_plain_check_refuses_hands_that_differ(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = bench.plain_pokerkit_player

    def other_cards(players: int, rng: random.Random, game: str = "nl") -> Any:
        return original(players, random.Random(99), game)  # another shuffle, other decisions

    monkeypatch.setattr(bench, "plain_pokerkit_player", other_cards)
    with pytest.raises(AssertionError, match="6-max nl hand 0"):
        bench.check_plain(6, 5, seed=3)


@pytest.mark.parametrize(("game", "players"), [("fl", 6), ("fl", 9), ("plo", 6), ("plo", 9)])
def test_fixed_limit_and_pot_limit_omaha_play_the_same_hands_in_pitboss_and_pokerkit(
    bench: ModuleType, game: str, players: int
) -> None:
    """The same four (Omaha) or two hole cards, board, decisions and final stacks; fixed-limit
    reaches its cap (one bet and four raises) in both engines alike."""
    tally = bench.check_plain(players, 20, seed=3, game=game)
    assert tally["hands"] == 20
    assert tally["raises"] > 20
    assert tally["showdowns"] > 0
    if game == "fl":
        assert tally["capped_streets"] > 0


def test_the_fixed_limit_check_catches_pokerkits_own_count_of_the_opening_bet(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stock PokerKit counts the opening bet in its cap of four (one bet and three raises after
    the flop, where TDA 48 allows one bet and four raises): the harness sets PokerKit's count to
    the TDA's, and without it the check finds the hands differ."""
    monkeypatch.setattr(bench, "tda_counted_streets", lambda game, cap: game.streets)
    with pytest.raises(AssertionError, match="6-max fl hand"):
        bench.check_plain(6, 30, seed=1, game="fl")
