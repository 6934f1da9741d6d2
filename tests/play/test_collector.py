"""The collector's policy while a simulated night is played (issue 27): full passes rarer
during the night, Python's thresholds back afterwards, whatever else the process does."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from pitboss.play.collector import FULL_EVERY, night_collector
from pitboss.play.runtime import play_tournament
from pitboss.play.simulation import Progress
from pitboss.rules import RuleSet


@pytest.fixture(autouse=True)
def default_thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*before)


def test_a_simulated_night_makes_full_collections_rarer_and_puts_the_thresholds_back() -> None:
    seen: set[tuple[int, ...]] = set()

    def watch(progress: Progress) -> None:
        seen.add(gc.get_threshold())

    play_tournament(RuleSet.from_preset("slpt"), players=6, seed=1, on_progress=watch)
    assert seen == {(700, 10, FULL_EVERY)}
    assert gc.get_threshold() == (700, 10, 10)


def test_nights_played_at_once_keep_the_policy_until_the_last_one_ends() -> None:
    with night_collector():
        with night_collector():
            assert gc.get_threshold() == (700, 10, FULL_EVERY)
        assert gc.get_threshold() == (700, 10, FULL_EVERY)
    assert gc.get_threshold() == (700, 10, 10)


def test_thresholds_changed_by_something_else_during_the_night_are_left_alone() -> None:
    with night_collector():
        gc.set_threshold(1000, 20, 50)  # e.g. the live room tuning the interpreter
    assert gc.get_threshold() == (1000, 20, 50)


def test_a_failed_night_puts_the_thresholds_back() -> None:
    with pytest.raises(RuntimeError), night_collector():
        raise RuntimeError("the simulation failed")
    assert gc.get_threshold() == (700, 10, 10)
