"""The scale-out benchmark's own checks (benchmarks/bench_scale_out.py, issue 32; a timing is
never a unit test): a tiny run over table-host processes deals, survives a kill and is found
correct; the check does catch a hand dealt twice, finished twice or with chips created or lost;
and without PostgreSQL the benchmark says how to run it and exits 2."""

from __future__ import annotations

import importlib.util
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_scale_out.py"
    spec = importlib.util.spec_from_file_location("bench_scale_out", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_scale_out"] = module
    spec.loader.exec_module(module)
    return module


def _dealt(hand: str, *stacks: int) -> tuple[str, dict[str, Any]]:
    seats = [{"seat": i + 1, "player": f"p{i}", "stack": s} for i, s in enumerate(stacks)]
    return "hand_dealt", {"hand_id": hand, "setup": {"seats": seats}}


def _finished(hand: str, *chips: int) -> tuple[str, dict[str, Any]]:
    return "hand_finished", {"hand_id": hand, "stacks": [{"chips": c} for c in chips]}


def test_the_check_catches_a_hand_dealt_twice_finished_twice_or_chips_not_conserved(
    bench: ModuleType,
) -> None:
    clean = [_dealt("h1", 100, 200), _finished("h1", 250, 50), _dealt("h2", 250, 50)]
    assert bench.table_faults(3, clean) == []
    twice = [_dealt("h1", 100, 200), _dealt("h1", 100, 200), _finished("h1", 300, 0)]
    assert bench.table_faults(3, twice) == ["table 3: hand h1 dealt 2 times"]
    ended_twice = [_dealt("h1", 100, 200), _finished("h1", 300, 0), _finished("h1", 300, 0)]
    assert bench.table_faults(3, ended_twice) == ["table 3: hand h1 finished 2 times"]
    created = [_dealt("h1", 100, 200), _finished("h1", 301, 0)]
    assert bench.table_faults(3, created) == [
        "table 3: hand h1 ended with 301 chips, dealt with 300"
    ]
    unasked = [_finished("h9", 300)]
    assert bench.table_faults(3, unasked) == ["table 3: hand h9 finished, never dealt"]


@dataclass
class _Client:
    player: str
    sent: int
    accepted: set[str]
    answers: dict[str, list[str]]
    latencies: list[float] = field(default_factory=lambda: [12.0, 30.0])
    replays: int = 0
    refused: Counter[str] = field(default_factory=Counter)


@dataclass
class _Players:
    clients: list[_Client]
    unshown: int = 0
    cpu: float = 0.1


def test_the_players_check_catches_an_action_lost_applied_twice_unasked_or_at_another_seat(
    bench: ModuleType,
) -> None:
    answered = {"p00001-1": ["accepted"], "p00001-2": ["accepted"], "p00001-3": ["accepted"]}
    players = _Players([_Client("p00001", 4, set(answered), answered)])
    clean = bench.Check(9, (), {"p00001-1": 1, "p00001-2": 1, "p00001-3": 1, "p00001-4": 1})
    latency = bench.latency_of(players, clean, "a gateway")
    assert latency.faults == []
    assert (latency.timed, latency.p50_ms, latency.max_ms) == (2, 21.0, 30.0)
    assert latency.unanswered == 1, "p00001-4 applied, its answer never came"
    bad = bench.Check(
        9, (), {"p00001-1": 2, "p00001-3": 1, "p00002-1": 1}, wrong_seat=("p00001-3",)
    )
    assert bench.latency_of(players, bad, "a gateway").faults == [
        "action p00001-2 accepted, never applied",
        "action p00001-1 applied more than once",
        "action p00002-1 applied, never sent",
        "action p00001-3 applied at another player's seat",
    ]


def test_without_postgresql_it_says_how_to_run_it_and_exits_2(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE"):
        monkeypatch.delenv(name, raising=False)
    assert bench.main([]) == 2
    assert "pg_virtualenv" in capsys.readouterr().err


@pytest.mark.slow
def test_a_tiny_run_deals_over_two_hosts_with_players_through_a_gateway_and_is_correct(
    bench: ModuleType, postgres_server: str
) -> None:
    """Two players at browsers act through a web gateway at 1 and 2 hosts, and directly at one
    `pitboss serve` dealing alone (the baseline): their actions are timed and each accepted one
    is applied exactly once. Hosts drained one after the other: no hand is left in play (drained
    all at once with players through a gateway, the benchmark still reports hands left open
    under load: open on issue 32, BENCHMARKS.md "After the fixes")."""
    tiny = ["--tables", "4", "--hosts", "1,2", "--seconds", "2", "--warmup", "1", "--kills", "1"]
    tiny += ["--clients", "2"]
    args = bench.parser().parse_args([*tiny, "--takeover-tables", "4", "--drain", "in-turn"])
    report = bench.run_all(postgres_server, args)
    assert [(r.hosts, r.alone) for r in report.throughput] == [(1, True), (1, False), (2, False)]
    for row in report.throughput:
        assert row.hands > 0, f"{row.name} dealt no hand in the window"
        assert row.check.hands >= row.hands
        assert row.faults == [], row.faults
        assert all(bench.stopped_cleanly(c) for c in row.exit_codes.values()), row.exit_codes
        assert sum(row.held) == 4
        assert row.events > row.hands
        assert row.write_xacts > 0
        latency = row.latency
        assert latency is not None
        assert latency.clients == 2
        assert latency.via == ("the server alone" if row.alone else "a gateway")
        assert latency.timed > 0, f"{row.name}: no action timed"
        assert latency.p50_ms is not None
        assert latency.p99_ms is not None
        assert latency.p50_ms <= latency.p99_ms <= (latency.max_ms or 0)
        assert latency.accepted > 0
        assert len(row.check.applied) >= latency.accepted
        assert latency.lost == latency.twice == latency.unasked == latency.wrong_seat == []
    assert report.throughput[0].gateway_cpu is None
    assert report.throughput[1].gateway_cpu is not None
    assert report.throughput[2].held == [2, 2], "two hosts share four tables"
    takeover = report.takeover
    assert takeover is not None
    assert len(takeover.kills) == 1
    assert takeover.kills[0].tables, "the killed host held tables"
    assert takeover.kills[0].all_back_s is not None, "its tables were dealt again"
    assert takeover.check.faults == ()
    assert report.faults == []
    lines = "\n".join(report.lines())
    assert "| 2 hosts | 2 / 2 |" in lines
    assert "| serve alone | the server alone |" in lines
    assert "| 2 hosts | a gateway |" in lines
    assert "p99 with the split, worst of 2 host counts:" in lines
    assert "takeover after SIGKILL (2 hosts, 4 tables, 1 kills" in lines
    assert "| people, 60 hands/h a table | 10,000 |" in lines
