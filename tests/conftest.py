"""Fixtures shared across the test folders."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

DAYS_AHEAD = "PITBOSS_TEST_DAYS_AHEAD"
"""Run the tests with the computer's clock this many days ahead (it keeps ticking): no test
may depend on today's date or the time of day (tests/test_date_independence.py sets it)."""


RUN_SLOW = "PITBOSS_RUN_SLOW"
"""Set to 1 to run the tests marked ``slow`` and ``soak`` too (`.ci/run` does): the default run
leaves them out so a person waits minutes, not a quarter of an hour (issue 27)."""

LEFT_OUT = ("slow", "soak")


def pytest_report_header(config: pytest.Config) -> str:
    if _runs_everything(config):
        return "slow and soak tests: included"
    return f"slow and soak tests: left out (set {RUN_SLOW}=1 to run them, as CI does)"


def _runs_everything(config: pytest.Config) -> bool:
    """An explicit ``-m`` chooses for itself; otherwise `RUN_SLOW` decides."""
    return bool(config.option.markexpr) or os.environ.get(RUN_SLOW) == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if _runs_everything(config):
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        (left if any(item.get_closest_marker(m) for m in LEFT_OUT) else kept).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


def pytest_configure(config: pytest.Config) -> None:
    days = os.environ.get(DAYS_AHEAD)
    if days:
        import time

        import time_machine

        traveller = time_machine.travel(time.time() + int(days) * 86_400, tick=True)
        traveller.start()
        config.add_cleanup(traveller.stop)


@pytest.fixture(scope="module")
def local() -> Iterator[Any]:
    """A two-worker Dask cluster of separate processes, one thread each, for the module that
    asks (the ``--cluster`` tests, issue 15); skipped without the ``cluster`` extra."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        yield cluster


def runs_finished_on(local: Any) -> int:
    """The runs a cluster's scheduler has seen finish (its transition log): a run that was
    played on this machine instead never shows up there."""
    return sum(
        1
        for t in local.scheduler.transition_log
        if t.finish == "memory" and str(t.key).startswith("summary_of_seed-")
    )
