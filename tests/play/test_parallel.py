"""The runs of a forecast give the same summaries in this process, on local processes and on a
Dask cluster (a real `distributed.LocalCluster` the tests start and stop), and local processes
really are used; a cluster that cannot be used is refused with a code and the address."""

from __future__ import annotations

import os
import socket
import sys
import time

import pytest
from tests.conftest import runs_finished_on

from pitboss.play import parallel
from pitboss.play.forecast import RunSummary, run_seeds
from pitboss.play.parallel import (
    ClusterError,
    check_worker_versions,
    map_ordered,
    parse_cluster_address,
    play_runs,
    usable_cores,
)
from pitboss.play.runtime import SimulationSettings
from pitboss.rules import RuleSet

distributed = pytest.importorskip("distributed")


def _closed_port() -> int:
    """A local port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _pid_after(delay: float, item: int) -> tuple[int, int]:
    """The item and the process that computed it, after ``delay`` seconds (so that every
    process of a pool gets an item before the first is done)."""
    time.sleep(delay)
    return item, os.getpid()


def _summaries(jobs: int, cluster: str | None = None) -> list[RunSummary]:
    done: list[int] = []
    summaries = play_runs(
        RuleSet.from_preset("ky-charity"),
        players=20,
        seeds=run_seeds(11, 4),
        settings=SimulationSettings(),
        jobs=jobs,
        cluster=cluster,
        on_run=done.append,
    )
    assert done == [1, 2, 3, 4]
    return summaries


def test_a_forecast_on_a_dask_cluster_equals_the_forecast_on_this_machine(
    local: distributed.LocalCluster,
) -> None:
    here = _summaries(jobs=1)
    assert [s.seed for s in here] == [11, 12, 13, 14]
    assert len({s.hands_dealt for s in here}) > 1  # the seeds really play different nights
    assert _summaries(jobs=2) == here
    before = runs_finished_on(local)
    assert _summaries(jobs=1, cluster=local.scheduler_address) == here
    assert runs_finished_on(local) == before + 4


def test_jobs_2_plays_on_two_child_processes_and_keeps_the_items_order() -> None:
    results = map_ordered(_pid_after, 0.5, [5, 3, 8, 1], jobs=2)
    assert [item for item, _ in results] == [5, 3, 8, 1]
    pids = {pid for _, pid in results}
    assert len(pids) == 2
    assert os.getpid() not in pids


def test_jobs_1_plays_in_this_process() -> None:
    results = map_ordered(_pid_after, 0.0, [2, 1], jobs=1)
    assert results == [(2, os.getpid()), (1, os.getpid())]


def test_usable_cores_are_the_cores_this_process_may_run_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if hasattr(os, "sched_getaffinity"):
        assert usable_cores() == len(os.sched_getaffinity(0))
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {3}, raising=False)
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert usable_cores() == 1  # a container or taskset allows one core of 64
    monkeypatch.delattr(os, "sched_getaffinity")
    assert usable_cores() == 64  # no affinity on this system (macOS): the CPU count


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("tcp://10.0.0.5:8786", "tcp://10.0.0.5:8786"),
        ("scheduler.lan:8786", "tcp://scheduler.lan:8786"),
        (" localhost:08786 ", "tcp://localhost:8786"),
        ("tcp://[::1]:8786", "tcp://[::1]:8786"),
    ],
)
def test_a_cluster_address_is_host_and_port_with_or_without_tcp(text: str, address: str) -> None:
    assert parse_cluster_address(text) == address


@pytest.mark.parametrize(
    "text", ["", "scheduler", "http://scheduler:8786", "tcp://:8786", "host:0", "host:65536"]
)
def test_any_other_cluster_address_is_refused(text: str) -> None:
    with pytest.raises(ClusterError) as caught:
        parse_cluster_address(text)
    assert caught.value.code == "bad_cluster_address"
    assert caught.value.params == {"address": text}
    assert "tcp://host:port" in caught.value.message


def test_an_unreachable_cluster_is_refused_within_the_connect_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 0.5)
    address = f"tcp://127.0.0.1:{_closed_port()}"
    started = time.monotonic()
    with pytest.raises(ClusterError) as caught:
        _summaries(jobs=1, cluster=address)
    assert time.monotonic() - started < 10
    assert caught.value.code == "cluster_unreachable"
    assert caught.value.params == {"address": address, "timeout_s": 0.5}
    assert address in caught.value.message


def test_a_cluster_without_workers_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 0.5)
    with (
        distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=":0") as empty,
        pytest.raises(ClusterError) as caught,
    ):
        _summaries(jobs=1, cluster=empty.scheduler_address)
    assert caught.value.code == "cluster_has_no_workers"
    assert caught.value.params["address"] == empty.scheduler_address


def test_without_the_extra_a_cluster_is_refused_with_the_install_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(ClusterError) as caught:
        _summaries(jobs=1, cluster="tcp://127.0.0.1:8786")
    assert caught.value.code == "cluster_extra_missing"
    assert caught.value.params["address"] == "tcp://127.0.0.1:8786"
    assert "pip install 'pitboss[cluster]'" in caught.value.message


def test_workers_on_another_pitboss_are_refused() -> None:
    from pitboss import __version__

    check_worker_versions({"tcp://a:1": __version__}, address="tcp://s:8786")
    with pytest.raises(ClusterError) as caught:
        check_worker_versions(
            {"tcp://a:1": __version__, "tcp://b:1": "0.0.1"}, address="tcp://s:8786"
        )
    assert caught.value.code == "cluster_version_mismatch"
    assert caught.value.params["workers"] == {"tcp://b:1": "0.0.1"}
    assert "tcp://b:1 has 0.0.1" in caught.value.message
