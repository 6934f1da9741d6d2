"""The live load benchmark's own checks (benchmarks/bench_live.py; a timing is never a unit
test): a short run of 2 tables and 2 browser players reports hands and timed actions with no
action lost or applied twice, and the check against the hand streams does catch an action
lost, applied twice, applied unasked or at another player's seat."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from pitboss.live.hand_log import HAND_ACTED, HAND_DEALT, HAND_FINISHED
from pitboss.store import NewEvent, open_store

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_live.py"
    spec = importlib.util.spec_from_file_location("bench_live", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_live"] = module
    spec.loader.exec_module(module)
    return module


def test_a_short_run_deals_hands_and_loses_no_action(bench: ModuleType) -> None:
    args = argparse.Namespace(
        seconds=3.0,
        warmup=1.0,
        replay=0.5,
        preset="tda",
        seats=10,
        deep=10,
        seed=3,
        profile=None,
    )
    figures = bench.run(bench.Contender("check", 2, 2), args)
    assert figures.clean, (figures.lost, figures.twice, figures.unasked, figures.wrong_seat)
    assert figures.hands > 0
    assert figures.decisions > figures.hands
    assert figures.accepted > 0
    assert figures.timed > 0
    assert figures.p50_ms is not None
    assert figures.p50_ms > 0
    assert figures.replays > 0
    assert figures.repeated > 0  # a frame sent twice was answered "repeated", applied once
    assert "| check | 2 | 2 |" in bench.table([figures])


@dataclass
class Seen:
    """What a client saw, as `bench_live.check` reads it."""

    player: str
    sent: int
    accepted: set[str]
    latencies: list[float] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    answers: dict[str, list[str]] = field(default_factory=dict)
    replays: int = 0


def test_the_check_catches_actions_lost_doubled_unasked_or_at_another_seat(
    bench: ModuleType, tmp_path: Path
) -> None:
    target = tmp_path / "s.db"
    with open_store(target) as store:
        store.create_tournament("night", at=1, stream="night")
        hands = store.create_tournament("hands", at=1, stream="night-table-1")
        seats = [{"seat": n, "player": f"p{n}"} for n in (1, 2, 9)]
        events: list[tuple[str, dict[str, Any]]] = [
            (HAND_DEALT, {"hand_id": "h1", "setup": {"seats": seats}}),
            (HAND_ACTED, {"hand_id": "h1", "seat": 1, "action_id": "p1-1"}),
            (HAND_ACTED, {"hand_id": "h1", "seat": 2, "action_id": "p2-1"}),
            (HAND_ACTED, {"hand_id": "h1", "seat": 1, "action_id": "p1-1"}),  # twice
            (HAND_ACTED, {"hand_id": "h1", "seat": 9, "action_id": "p9-1"}),  # unasked
            (HAND_ACTED, {"hand_id": "h1", "seat": 2, "action_id": "p1-3"}),  # p2's seat
            # sent as the run ended: applied after its page stopped listening for "accepted"
            (HAND_ACTED, {"hand_id": "h1", "seat": 2, "action_id": "p2-2"}),
            (HAND_FINISHED, {"hand_id": "h1"}),
        ]
        head = 0
        for kind, data in events:
            head = store.append(hands, head, events=[NewEvent(type=kind, data=data)], at=10)[-1].seq
    clients = [Seen("p1", 3, {"p1-1", "p1-2", "p1-3"}), Seen("p2", 2, {"p2-1"})]
    seen = {
        "stream": "night",
        "t0": 0,
        "t1": 100,
        "seconds": 0.1,
        "clients": clients,
        "unshown": 0,
        "frames_per_s": 0.0,
        "server_cpu": None,
        "client_cpu": 0.0,
        "in_play": 0,
    }
    figures = bench.check(str(target), seen, bench.Contender("check", 1, 2))
    assert figures.lost == ["p1-2"]
    assert figures.twice == ["p1-1"]
    assert figures.unasked == ["p9-1"]
    assert figures.wrong_seat == ["p1-3"]
    assert figures.hands == 1
    assert figures.decisions == 6
    assert not figures.clean
