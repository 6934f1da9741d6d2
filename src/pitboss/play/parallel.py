"""Play many seeded tournaments at once: in this process, on local processes or on a cluster.

A forecast (``simulate --runs``, ``--compare``, ``structure suggest``) is thousands of
independent runs, one seed each, every run boiled down to a small `RunSummary`. `play_runs`
plays them on ``jobs`` local processes (by default every core this process may use,
`usable_cores`), in this process when ``jobs`` is 1, or on an existing Dask distributed
cluster when a scheduler address is given. Whatever runs them, the summaries come back in seed
order and each depends only on its seed, so the forecast is byte-identical everywhere.

Why Dask distributed and not Ray: it is pure-Python wheels (a few MB, against Ray's large
binary install), a `distributed.LocalCluster` starts in a second or two (so the tests start and
stop a real one), and a cluster is two commands (``dask scheduler``, ``dask worker ADDRESS``)
reached at ``tcp://host:8786``. It is an optional extra (``pip install 'pitboss[cluster]'``),
imported only when a cluster address is given. The workers must run the same pitboss (the
tasks name its functions, they do not carry its code); `play_runs` checks the version.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from pitboss.errors import PitbossError

if TYPE_CHECKING:
    from pitboss.play.forecast import RunSummary
    from pitboss.play.runtime import SimulationSettings
    from pitboss.rules import RuleSet

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

CONNECT_TIMEOUT_S = 5.0
"""Seconds to reach a cluster's scheduler, and then to find a worker on it, before refusing."""

INSTALL_HINT = "pip install 'pitboss[cluster]'"

_ADDRESS = re.compile(
    r"(?:tcp://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*))"
    r":(?P<port>[0-9]{1,5})"
)


class ClusterError(PitbossError):
    """A cluster that cannot run the forecast: a bad address, the extra not installed, a
    scheduler that cannot be reached or has no workers, or workers on another pitboss."""

    default_code = "cluster_error"


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity where the system has one (a
    container or ``taskset`` may allow fewer than the machine has), else the CPU count."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(len(affinity(0)), 1)
    return os.cpu_count() or 1


def parse_cluster_address(text: str) -> str:
    """``host:port`` or ``tcp://host:port`` (a name, IPv4 or bracketed IPv6 address) as
    ``tcp://host:port``, the form a Dask scheduler listens on.

    Raises:
        ClusterError: ``bad_cluster_address`` for any other text or a port outside 1-65535.
    """
    match = _ADDRESS.fullmatch(text.strip())
    if match is None or not 1 <= int(match.group("port")) <= 65535:
        raise ClusterError(
            f"--cluster takes a Dask scheduler's address, tcp://host:port or host:port "
            f"(like tcp://10.0.0.5:8786), with a port from 1 to 65535; got {text!r}",
            code="bad_cluster_address",
            params={"address": text},
        )
    return f"tcp://{match.group('host')}:{int(match.group('port'))}"


@dataclass(frozen=True, slots=True, kw_only=True)
class RunSpec:
    """What every run of a forecast shares: the house's rules, the field and the settings.
    Sent to each process or worker once; the runs differ only by seed."""

    rules: RuleSet
    players: int
    settings: SimulationSettings


def summary_of_seed(spec: RunSpec, seed: int) -> RunSummary:
    """Play one tournament of ``spec`` with ``seed`` and boil it down to its summary."""
    from pitboss.play.forecast import summarize
    from pitboss.play.runtime import play_tournament

    result = play_tournament(
        spec.rules,
        players=spec.players,
        seed=seed,
        settings=spec.settings,
        keep_events=False,
    )
    return summarize(result)


def play_runs(
    rules: RuleSet,
    *,
    players: int,
    seeds: Sequence[int],
    settings: SimulationSettings,
    jobs: int,
    cluster: str | None = None,
    on_run: Callable[[int], None] | None = None,
) -> list[RunSummary]:
    """One tournament per seed, summaries in seed order; ``on_run(done)`` after each run ends.

    On the Dask cluster at ``cluster`` (see `parse_cluster_address`; ``jobs`` is then not
    used: the cluster's workers are), else on ``jobs`` local processes, in this process when 1.

    Raises:
        ClusterError: the cluster cannot be used (see `map_ordered`).
    """
    spec = RunSpec(rules=rules, players=players, settings=settings)
    return map_ordered(
        summary_of_seed, spec, list(seeds), jobs=jobs, cluster=cluster, on_done=on_run
    )


def map_ordered(
    task: Callable[[S, T], R],
    shared: S,
    items: Sequence[T],
    *,
    jobs: int,
    cluster: str | None = None,
    on_done: Callable[[int], None] | None = None,
) -> list[R]:
    """``[task(shared, item) for item in items]``, computed in parallel, in the items' order.

    ``task`` must be a module-level function (it is sent by name). ``on_done(n)`` is called in
    this process each time another item is finished, ``n`` counting up to ``len(items)``.

    Raises:
        ClusterError: ``cluster_extra_missing`` (Dask distributed is not installed),
            ``cluster_unreachable`` (no scheduler answered within `CONNECT_TIMEOUT_S`),
            ``cluster_has_no_workers``, ``cluster_workers_lack_pitboss``,
            ``cluster_version_mismatch`` (workers on another pitboss) or ``cluster_lost``
            (the connection broke during the runs).
    """
    if cluster is not None:
        return _on_cluster(task, shared, items, address=cluster, on_done=on_done)
    if jobs <= 1 or len(items) <= 1:
        results: list[R] = []
        for item in items:
            results.append(task(shared, item))
            if on_done is not None:
                on_done(len(results))
        return results
    return _on_processes(task, shared, items, jobs=jobs, on_done=on_done)


def _on_processes(
    task: Callable[[S, T], R],
    shared: S,
    items: Sequence[T],
    *,
    jobs: int,
    on_done: Callable[[int], None] | None,
) -> list[R]:
    """`map_ordered` on a pool of ``jobs`` local processes; pending runs are cancelled when
    this process is interrupted or a run fails."""
    work = partial(task, shared)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(items)))
    try:
        futures = [pool.submit(work, item) for item in items]
        for done, _ in enumerate(as_completed(futures), start=1):
            if on_done is not None:
                on_done(done)
        results = [future.result() for future in futures]
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results


def _on_cluster(
    task: Callable[[S, T], R],
    shared: S,
    items: Sequence[T],
    *,
    address: str,
    on_done: Callable[[int], None] | None,
) -> list[R]:
    """`map_ordered` on the Dask cluster at ``address``: ``shared`` is sent to every worker
    once, then one task per item; the client disconnects after (the cluster keeps running)."""
    try:  # typed as Any: distributed ships no type hints
        distributed: Any = importlib.import_module("distributed")
    except ImportError as err:
        raise ClusterError(
            f"running on a cluster needs Dask distributed, which is not installed: {INSTALL_HINT}",
            code="cluster_extra_missing",
            params={"address": address, "install": INSTALL_HINT},
        ) from err
    try:
        client = distributed.Client(address, timeout=CONNECT_TIMEOUT_S, set_as_default=False)
    except (OSError, TimeoutError) as err:
        raise ClusterError(
            f"no Dask scheduler answered at {address} within {CONNECT_TIMEOUT_S:g} s: start "
            "one (dask scheduler, then dask worker ADDRESS) or check the address",
            code="cluster_unreachable",
            params={"address": address, "timeout_s": CONNECT_TIMEOUT_S},
        ) from err
    with client:
        try:
            client.wait_for_workers(1, timeout=CONNECT_TIMEOUT_S)
        except (OSError, TimeoutError) as err:
            raise ClusterError(
                f"the Dask scheduler at {address} has no workers: start one with "
                f"dask worker {address}",
                code="cluster_has_no_workers",
                params={"address": address, "timeout_s": CONNECT_TIMEOUT_S},
            ) from err
        try:
            versions = client.run(_pitboss_version)
        except Exception as err:  # the worker could not load pitboss's code at all
            raise ClusterError(
                f"the workers of the Dask cluster at {address} cannot run pitboss: install "
                f"the same pitboss on them ({type(err).__name__}: {err})",
                code="cluster_workers_lack_pitboss",
                params={"address": address},
            ) from err
        check_worker_versions(versions, address=address)
        try:
            [remote] = client.scatter([shared], broadcast=True, hash=False)
            futures = client.map(task, [remote] * len(items), list(items), pure=False)
            for done, _ in enumerate(distributed.as_completed(futures, loop=client.loop), start=1):
                if on_done is not None:
                    on_done(done)
            results: list[R] = client.gather(futures)
        except OSError as err:
            raise ClusterError(
                f"the connection to the Dask cluster at {address} broke during the runs: {err}",
                code="cluster_lost",
                params={"address": address},
            ) from err
    return results


def _pitboss_version() -> str:
    """The pitboss a worker runs (a worker without pitboss fails to load this function)."""
    import pitboss

    return pitboss.__version__


def check_worker_versions(versions: dict[str, Any], *, address: str) -> None:
    """Refuse workers whose pitboss is not this one: the runs would not be the same.

    Raises:
        ClusterError: ``cluster_version_mismatch``, naming each worker that differs.
    """
    from pitboss import __version__

    other = {worker: str(v) for worker, v in sorted(versions.items()) if v != __version__}
    if other:
        listed = ", ".join(f"{worker} has {v}" for worker, v in other.items())
        raise ClusterError(
            f"the workers of the Dask cluster at {address} must run pitboss {__version__} "
            f"as this machine does: {listed}",
            code="cluster_version_mismatch",
            params={"address": address, "version": __version__, "workers": other},
        )


__all__ = [
    "CONNECT_TIMEOUT_S",
    "ClusterError",
    "RunSpec",
    "check_worker_versions",
    "map_ordered",
    "parse_cluster_address",
    "play_runs",
    "summary_of_seed",
    "usable_cores",
]
