"""The message benchmark's own checks (benchmarks/bench_messages.py, issue 32; a timing is never
a unit test): a short NOTIFY run between processes, bare and inside an append-like transaction,
delivers every message published to every listener exactly once and in each publisher's
order; and the check does catch a message lost, received twice or out of order."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from .conftest import libpq_url

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    path = ROOT / "benchmarks" / "bench_messages.py"
    spec = importlib.util.spec_from_file_location("bench_messages", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_messages"] = module
    if str(path.parent) not in sys.path:  # the spawned processes import it by its name
        sys.path.append(str(path.parent))
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("contender", ["notify", "notify-tx"])
def test_every_notification_reaches_every_listener_once_in_order(
    bench: ModuleType, postgres_server: str, contender: str
) -> None:
    url = libpq_url(postgres_server)
    with bench.event_table(url) as (events, _settings):
        case = bench.Case(
            contender=contender, size="wake-up", publishers=2, listeners=2, load="paced"
        )
        figures = bench.run_case(case, url, table=events, seconds=0.3, rate=400.0)
    assert figures.sent > 20
    assert len(figures.tallies) == 2
    for heard in figures.tallies:
        assert heard == bench.Tally(received=figures.sent, lost=0, twice=0, out_of_order=0)
    assert figures.clean
    assert f"| {contender} | wake-up | paced | 2 | 2 |" in bench.table([figures])


def test_the_check_catches_a_message_lost_twice_or_out_of_order(bench: ModuleType) -> None:
    sent = {0: 3, 1: 2}
    assert bench.tally([(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)], sent).lost == 0
    lost = bench.tally([(0, 0), (0, 2), (1, 0), (1, 1)], sent)
    assert (lost.lost, lost.twice, lost.out_of_order) == (1, 0, 0)
    twice = bench.tally([(0, 0), (0, 1), (0, 1), (0, 2), (1, 0), (1, 1)], sent)
    assert (twice.lost, twice.twice) == (0, 1)
    swapped = bench.tally([(0, 1), (0, 0), (0, 2), (1, 0), (1, 1)], sent)
    assert (swapped.lost, swapped.twice, swapped.out_of_order) == (0, 0, 1)
    unasked = bench.tally([(0, 0), (0, 1), (0, 2), (0, 7), (1, 0), (1, 1)], sent)
    assert unasked.twice == 1


def test_a_payload_is_the_size_asked_and_reads_back(bench: ModuleType) -> None:
    text = bench.payload(3, 41, bench.SIZES["wake-up"])
    assert len(text.encode()) == 80
    publisher, number, sent_ns = bench.parse(text)
    assert (publisher, number) == (3, 41)
    assert sent_ns > 0
    assert len(bench.payload(0, 0, bench.SIZES["view"]).encode()) == 1500
