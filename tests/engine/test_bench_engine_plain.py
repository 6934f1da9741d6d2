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

    def other_cards(players: int, rng: random.Random) -> Any:
        return original(players, random.Random(99))  # another shuffle, other decisions

    monkeypatch.setattr(bench, "plain_pokerkit_player", other_cards)
    with pytest.raises(AssertionError, match="6-max hand 0"):
        bench.check_plain(6, 5, seed=3)
