"""``pitboss simulate --cluster ADDRESS``: a forecast on a Dask cluster prints byte for byte what
it prints on this machine, the forecast uses every core by default, and a cluster that cannot
be used is refused with one line and exit status 2, never a traceback."""

from __future__ import annotations

import socket
import sys

import pytest
from tests.conftest import runs_finished_on
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import simulate as simulate_cli
from pitboss.cli import subcommands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.play import parallel

distributed = pytest.importorskip("distributed")

runner = CliRunner()
FORECAST = ("--preset", "ky-charity", "--players", "20", "--seed", "3", "--runs", "3", "--json")


def _run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", *args])
    return result.exit_code, result.output


def _refused(*args: str) -> str:
    """The one error line of a refused command (exit status 2, no traceback)."""
    code, out = _run(*args)
    assert code == 2, out
    assert "Traceback" not in out
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    assert lines[0].startswith("error: ")
    return lines[0]


def test_a_forecast_on_a_cluster_prints_the_same_json_byte_for_byte(
    local: distributed.LocalCluster,
) -> None:
    code, here = _run(*FORECAST, "--jobs", "1")
    assert code == 0, here
    assert '"runs": 3' in here
    before = runs_finished_on(local)
    assert _run(*FORECAST, "--cluster", local.scheduler_address) == (0, here)
    assert runs_finished_on(local) == before + 3
    address = local.scheduler_address.removeprefix("tcp://")  # host:port is taken too
    assert _run(*FORECAST, "--cluster", address) == (0, here)
    assert runs_finished_on(local) == before + 6


def test_a_comparison_on_a_cluster_prints_the_same_json_byte_for_byte(
    local: distributed.LocalCluster,
) -> None:
    args = ("--compare", "slpt", "tda", "--players", "12", "--runs", "2", "--json")
    code, here = _run(*args, "--jobs", "2")
    assert code == 0, here
    before = runs_finished_on(local)
    assert _run(*args, "--cluster", local.scheduler_address) == (0, here)
    assert runs_finished_on(local) == before + 4  # two runs of each preset


def test_the_forecast_uses_every_core_this_process_may_use_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[int, str | None]] = []
    real = simulate_cli.run_many

    def spy(*args: object, jobs: int, cluster: str | None, **kwargs: object) -> object:
        seen.append((jobs, cluster))
        return real(*args, jobs=1, cluster=cluster, **kwargs)

    monkeypatch.setattr(parallel, "usable_cores", lambda: 3)
    monkeypatch.setattr(simulate_cli, "run_many", spy)
    code, out = _run("--preset", "slpt", "--players", "8", "--runs", "2", "--json")
    assert code == 0, out
    assert seen == [(3, None)]
    code, out = _run("--preset", "slpt", "--players", "8", "--runs", "2", "--jobs", "2")
    assert code == 0, out
    assert seen[-1] == (2, None)


@pytest.mark.parametrize("address", ["scheduler", "http://scheduler:8786", "host:99999"])
def test_a_bad_cluster_address_is_refused_before_anything_is_played(
    monkeypatch: pytest.MonkeyPatch, address: str
) -> None:
    monkeypatch.setattr(simulate_cli, "run_many", _never_played)
    line = _refused(*FORECAST, "--cluster", address)
    assert "--cluster takes a Dask scheduler's address, tcp://host:port or host:port" in line
    assert repr(address) in line


def test_an_unreachable_cluster_is_refused_with_its_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT_S", 0.5)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    line = _refused(*FORECAST, "--cluster", f"127.0.0.1:{port}")
    assert f"no Dask scheduler answered at tcp://127.0.0.1:{port} within 0.5 s" in line


def test_without_the_extra_the_cluster_option_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    line = _refused(*FORECAST, "--cluster", "tcp://127.0.0.1:8786")
    assert "pip install 'pitboss[cluster]'" in line


def test_the_cluster_option_needs_a_forecast() -> None:
    line = _refused("--preset", "slpt", "--players", "8", "--cluster", "tcp://127.0.0.1:8786")
    assert "use it with --runs N or --compare" in line


def _never_played(*args: object, **kwargs: object) -> None:
    raise AssertionError("the runs started before the address was checked")
