"""The scale-out benchmark's own checks (benchmarks/bench_scale_out.py, issue 32; a timing is
never a unit test): a tiny run over table-host processes deals, survives a kill and is found
correct; the check does catch a hand dealt twice, finished twice or with chips created or lost;
and without PostgreSQL the benchmark says how to run it and exits 2."""

from __future__ import annotations

import importlib.util
import sys
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


def test_without_postgresql_it_says_how_to_run_it_and_exits_2(
    bench: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("PGHOST", "PGPORT", "PGDATABASE", "PGUSER", "PGSERVICE"):
        monkeypatch.delenv(name, raising=False)
    assert bench.main([]) == 2
    assert "pg_virtualenv" in capsys.readouterr().err


@pytest.mark.slow
def test_a_tiny_run_deals_over_two_hosts_survives_a_kill_and_is_correct(
    bench: ModuleType, postgres_server: str
) -> None:
    """Hosts drained all at once, as a deployment is stopped: no hand is left in play (the
    benchmark found hands cut short when a room had stopped its runners to recover from a lost
    race on the director's log while its host drained)."""
    tiny = ["--tables", "4", "--hosts", "1,2", "--seconds", "2", "--warmup", "1", "--kills", "1"]
    args = bench.parser().parse_args([*tiny, "--takeover-tables", "4", "--drain", "together"])
    report = bench.run_all(postgres_server, args)
    assert [r.hosts for r in report.throughput] == [1, 2]
    for row in report.throughput:
        assert row.hands > 0, f"{row.hosts} hosts dealt no hand in the window"
        assert row.check.hands >= row.hands
        assert row.check.faults == ()
        assert all(bench.stopped_cleanly(c) for c in row.exit_codes.values()), row.exit_codes
        assert sum(row.held) == 4
        assert row.events > row.hands
        assert row.write_xacts > 0
    assert report.throughput[1].held == [2, 2], "two hosts share four tables"
    takeover = report.takeover
    assert takeover is not None
    assert len(takeover.kills) == 1
    assert takeover.kills[0].tables, "the killed host held tables"
    assert takeover.kills[0].all_back_s is not None, "its tables were dealt again"
    assert takeover.check.faults == ()
    assert report.faults == []
    lines = "\n".join(report.lines())
    assert "| 2 | 2 / 2 |" in lines
    assert "takeover after SIGKILL (2 hosts, 4 tables, 1 kills" in lines
    assert "| people, 60 hands/h a table | 10,000 |" in lines
