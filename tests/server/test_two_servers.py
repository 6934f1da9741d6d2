"""Two ``pitboss serve`` processes on one store (a SQLite file; a PostgreSQL database) and the
command line (``pitboss event do`` and ``event run``) selling re-buys at once (issue 25): after
every burst each server's director view is the replay of the log, chip for chip, not only at
the log's head. A server that marked a batch read without folding it went on showing (and
deciding on) a night without the other writers' re-buys.

On PostgreSQL the old follower missed 6 to 12 re-buys a server in the first burst; on SQLite,
whose commits wait for the disk, a miss is rare in a burst this short (the race is shown
deterministically in tests/service/test_director_service.py)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
from tests.server.conftest import PASSWORD, free_port
from tests.store.conftest import postgres_server, postgres_url, target

from pitboss.rules import RuleSet
from pitboss.server.auth import CredentialFile, hash_password
from pitboss.server.view_json import director_view
from pitboss.service import DirectorService
from pitboss.store import open_store
from pitboss.tournament import commands as cmd
from pitboss.tournament.model.entries import PersonalDetails

__all__ = ["postgres_server", "postgres_url", "target"]

PLAYERS = 6
BURSTS = 2
SERVER_REBUYS = 10
"""Re-buys each server sells in one burst (at once: the director's console in several tabs)."""
SCRIPT_REBUYS = 40
"""Re-buys ``pitboss event run`` sells in one burst, one after the other as fast as it can."""
SHOWN = ("seq", "entries", "rebuys", "chips_in_play_total", "prize_pool_cents", "players", "ledger")
"""What of the director's view is compared with the replay (the rest is the clock's)."""


def _store_option(where: str) -> list[str]:
    return ["--database-url", where] if where.startswith("postgresql") else ["--db", where]


@dataclass
class Served:
    """A ``pitboss serve`` process: its address and what it wrote to its standard error."""

    url: str
    process: subprocess.Popen[bytes]
    errors: Path


@contextmanager
def _serving(where: str, credentials: Path, errors: Path) -> Iterator[Served]:
    """``pitboss serve`` on ``where`` on a free port (started, not yet answering)."""
    port = free_port()
    with errors.open("wb") as sink:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "pitboss", "serve", *_store_option(where)),
                *("--port", str(port), "--credentials", str(credentials)),
            ],
            stdout=subprocess.DEVNULL,
            stderr=sink,
        )
    try:
        yield Served(f"http://127.0.0.1:{port}", process, errors)
    finally:
        process.terminate()
        process.wait(timeout=10)


def _signed_in(served: Served, stack: ExitStack) -> tuple[httpx.Client, str]:
    """A director's client of the server, once it answers (30 s at most to start)."""
    client = stack.enter_context(httpx.Client(base_url=served.url, timeout=20))
    deadline = time.monotonic() + 30
    while True:
        try:
            answer = client.post("/api/session", json={"password": PASSWORD})
            break
        except httpx.TransportError:
            if served.process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(served.errors.read_text()) from None
            time.sleep(0.05)
    assert answer.status_code == 200, answer.text
    return client, str(answer.json()["csrf"])


def _night(where: str) -> str:
    """A KY charity night under way (unlimited re-buys, KY 4): its id."""
    with open_store(where) as store:
        live = DirectorService(store).create("Two servers", RuleSet.from_preset("ky-charity"))
        for i in range(1, PLAYERS + 1):
            live.execute(
                cmd.RegisterPlayer(player_id=f"p{i}", name=f"Player {i}", details=PersonalDetails())
            )
        live.execute(cmd.StartTournament())
        return live.stream


def _rebuy(n: int) -> dict[str, Any]:
    return {"type": "rebuy", "player_id": f"p{n % PLAYERS + 1}"}


def _replayed(where: str, stream: str) -> dict[str, Any]:
    """The director's view of the log replayed from its first event, as a new process sees it."""
    with open_store(where) as store:
        state, head = DirectorService(store).open(stream).current()
    view = director_view(state, state.last_at or 0, stream=stream, seq=head)
    return {key: view[key] for key in SHOWN}


def _shown_when_caught_up(client: httpx.Client, stream: str, head: int) -> dict[str, Any]:
    """The server's director view once it has read the log up to ``head``."""
    deadline = time.monotonic() + 15
    while True:
        view = client.get(f"/api/tournaments/{stream}/director").json()
        if view["seq"] >= head or time.monotonic() > deadline:
            return {key: view[key] for key in SHOWN}
        time.sleep(0.05)


def _sell(client: httpx.Client, csrf: str, stream: str, n: int) -> None:
    """A re-buy at a server: made, or refused as a lost race (nothing written)."""
    answer = client.post(
        f"/api/tournaments/{stream}/commands", json=_rebuy(n), headers={"X-CSRF-Token": csrf}
    )
    assert answer.status_code == 200 or answer.json()["code"] == "conflict", answer.text


def _typed(*args: str) -> None:
    """``pitboss event ...``: done, or refused as a lost race (what ran before it stays)."""
    done = subprocess.run(
        [sys.executable, "-m", "pitboss", "event", *args], capture_output=True, text=True
    )
    assert done.returncode == 0 or "error [conflict]" in done.stderr, done.stderr


@pytest.mark.slow  # two servers started (a few s each on a busy machine), two bursts: ~15 s
def test_two_servers_and_the_command_line_selling_rebuys_at_once_each_show_the_replay(
    target: str, tmp_path: Path
) -> None:
    credentials = tmp_path / "credentials.json"
    keeper = CredentialFile(credentials)
    keeper.credentials.password_hash = hash_password(PASSWORD)
    keeper.save()
    stream = _night(target)
    script = tmp_path / "rebuys.jsonl"
    script.write_text("".join(json.dumps(_rebuy(n)) + "\n" for n in range(SCRIPT_REBUYS)))
    sold = 0
    with ExitStack() as stack, ThreadPoolExecutor(2 * SERVER_REBUYS + 2) as pool:
        servers = [
            stack.enter_context(_serving(target, credentials, tmp_path / f"server-{n}.log"))
            for n in range(2)
        ]
        clients = [_signed_in(served, stack) for served in servers]
        for burst in range(BURSTS):
            writers = [
                pool.submit(_typed, "do", target, stream, json.dumps(_rebuy(burst))),
                pool.submit(_typed, "run", "-q", target, stream, str(script)),
                *(
                    pool.submit(_sell, client, csrf, stream, n)
                    for n in range(SERVER_REBUYS)
                    for client, csrf in clients
                ),
            ]
            for writer in writers:
                writer.result()
            with open_store(target) as store:
                head = store.head(stream)
            expected = _replayed(target, stream)
            assert expected["rebuys"] > sold
            sold = expected["rebuys"]
            for client, _ in clients:
                assert _shown_when_caught_up(client, stream, head) == expected, f"burst {burst}"
