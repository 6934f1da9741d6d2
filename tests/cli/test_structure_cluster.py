"""``pitboss structure suggest --cluster ADDRESS``: the runs on a Dask cluster propose the same
structure, byte for byte, as on this machine; the runs use every core by default; a bad or
unreachable address is refused with one line and exit status 2."""

from __future__ import annotations

import socket

import pytest
from tests.conftest import runs_finished_on
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import structure as _structure  # noqa: F401  (registers the command)
from pitboss.play import parallel

distributed = pytest.importorskip("distributed")

runner = CliRunner()
SUGGEST = ("structure", "suggest", "--players", "20", "--hours", "3", "--chips", "10000")


def _refused(*args: str) -> str:
    result = runner.invoke(app, [*SUGGEST, *args])
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def test_a_suggestion_from_runs_on_a_cluster_is_the_same_byte_for_byte(
    local: distributed.LocalCluster,
) -> None:
    here = runner.invoke(app, [*SUGGEST, "--runs", "2", "--jobs", "1"])
    assert here.exit_code == 0, here.output
    assert "# Designed by pitboss structure suggest" in here.output
    before = runs_finished_on(local)
    there = runner.invoke(app, [*SUGGEST, "--runs", "2", "--cluster", local.scheduler_address])
    assert there.exit_code == 0, there.output
    assert there.output == here.output
    assert runs_finished_on(local) >= before + 4  # two runs of each candidate tried


def test_the_runs_use_every_core_this_process_may_use_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[int] = []
    real = parallel.play_runs

    def spy(*args: object, jobs: int, **kwargs: object) -> object:
        seen.append(jobs)
        return real(*args, jobs=1, **kwargs)

    monkeypatch.setattr(parallel, "usable_cores", lambda: 3)
    monkeypatch.setattr(parallel, "play_runs", spy)
    result = runner.invoke(app, [*SUGGEST, "--runs", "1"])
    assert result.exit_code == 0, result.output
    assert seen
    assert set(seen) == {3}


def test_a_bad_cluster_address_is_refused() -> None:
    line = _refused("--cluster", "tcp://scheduler")
    assert line.startswith("error: --cluster takes a Dask scheduler's address")


def test_an_unreachable_cluster_is_refused_with_its_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 0.5)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    line = _refused("--runs", "1", "--cluster", f"127.0.0.1:{port}")
    assert f"error: no Dask scheduler answered at tcp://127.0.0.1:{port}" in line
