"""``pitboss serve``: it starts, prints the console's address and how to sign in, keeps the
password and the night across a restart."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import uvicorn
from tests.server.conftest import PASSWORD, SETUP_CODE, TestClock, free_port

from pitboss.cli.serve import banner, credentials_path, server_config
from pitboss.server.app import create_app
from pitboss.server.auth import MAX_FAILURES
from pitboss.service import seeded_random
from pitboss.store import open_store


@contextmanager
def running(db: Path) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "pitboss", "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    try:
        while True:
            try:
                httpx.get(url + "/api/session", timeout=1)
                break
            except httpx.TransportError:
                if process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(process.communicate()[0]) from None
                time.sleep(0.1)
        yield url, process
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_first_start_prints_the_setup_address_and_a_restart_keeps_the_night(
    tmp_path: Path,
) -> None:
    db = tmp_path / "friday.db"
    with running(db) as (url, process):
        assert process.stdout is not None
        first = [process.stdout.readline() for _ in range(2)]
        assert first[0].strip() == f"pitboss is serving the director's console at {url}/"
        found = re.search(r"/setup\?code=(\S+)", first[1])
        assert found, first
        client = httpx.Client(base_url=url)
        assert client.get(f"/setup?code={found.group(1)}").status_code == 200
        refused = client.post("/api/setup", json={"password": "long-enough", "setup_code": "x"})
        assert refused.status_code == 403
        chosen = client.post(
            "/api/setup", json={"password": "long-enough", "setup_code": found.group(1)}
        )
        assert chosen.status_code == 200, chosen.text
        csrf = chosen.json()["csrf"]
        made = client.post(
            "/api/tournaments",
            json={"name": "Friday charity", "preset": "ky-charity"},
            headers={"X-CSRF-Token": csrf},
        )
        assert made.status_code == 201, made.text
        stream = made.json()["id"]
        registered = client.post(
            f"/api/tournaments/{stream}/commands",
            json={"type": "register_player", "player_id": "p001", "name": "Ann Lee"},
            headers={"X-CSRF-Token": csrf},
        )
        assert registered.status_code == 200, registered.text
    assert credentials_path(str(db), None).exists()

    with running(db) as (url, process):
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        assert "sign in there with the director's password" in lines[1]
        client = httpx.Client(base_url=url)
        assert client.post("/api/session", json={"password": "wrong-one"}).status_code == 401
        assert client.post("/api/session", json={"password": "long-enough"}).status_code == 200
        board = client.get(f"/api/tournaments/{stream}/public").json()
        assert board["name"] == "Friday charity"
        assert board["entries"] == 1


def test_banner_says_how_to_let_phones_in() -> None:
    lines = banner("http://127.0.0.1:8000", has_password=False, setup_code="abc", host="127.0.0.1")
    assert "http://127.0.0.1:8000/setup?code=abc" in lines[1]
    assert any("--host 0.0.0.0" in line for line in lines)
    lines = banner("http://127.0.0.1:8000", has_password=True, setup_code="abc", host="0.0.0.0")
    assert not any("--host 0.0.0.0" in line for line in lines)


def test_an_unopenable_database_is_one_line_and_status_2(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pitboss", "serve", "--db", str(tmp_path / "no" / "such" / "x.db")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith("error [")
    assert "Traceback" not in result.stderr


# --- who a client is: its own address, or the proxy's word for it ----------------------------


@contextmanager
def served(tmp_path: Path, *, forwarded_allow_ips: str | None) -> Iterator[str]:
    """The app on loopback as ``pitboss serve`` configures uvicorn, a password chosen."""
    port = free_port()
    with open_store(tmp_path / f"night-{port}.db") as store:
        application = create_app(
            store,
            TestClock(),
            seeded_random("proxy"),
            setup_code=SETUP_CODE,
            tick_every=None,
            listen=False,
        )
        config = server_config(
            application, host="127.0.0.1", port=port, forwarded_allow_ips=forwarded_allow_ips
        )
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 15
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise AssertionError("uvicorn did not start")
            time.sleep(0.02)
        url = f"http://127.0.0.1:{port}"
        try:
            body = {"password": PASSWORD, "setup_code": SETUP_CODE}
            assert httpx.post(url + "/api/setup", json=body, trust_env=False).status_code == 200
            yield url
        finally:
            server.should_exit = True
            thread.join(timeout=10)


def guess(url: str, forwarded_for: str) -> int:
    """A wrong password from loopback claiming to be ``forwarded_for``; the status."""
    answer = httpx.post(
        url + "/api/session",
        json={"password": "not-the-password"},
        headers={"X-Forwarded-For": forwarded_for},
        trust_env=False,
    )
    return answer.status_code


def test_a_new_x_forwarded_for_on_each_guess_does_not_escape_the_wrong_password_limit(
    tmp_path: Path,
) -> None:
    with served(tmp_path, forwarded_allow_ips=None) as url:
        statuses = [guess(url, f"203.0.113.{i}") for i in range(MAX_FAILURES + 1)]
    assert statuses == [401] * MAX_FAILURES + [429]


def test_behind_the_proxy_the_director_names_each_forwarded_client_is_counted_apart(
    tmp_path: Path,
) -> None:
    with served(tmp_path, forwarded_allow_ips="127.0.0.1") as url:
        ann = [guess(url, "203.0.113.7") for _ in range(MAX_FAILURES + 1)]
        bob = guess(url, "198.51.100.9")
    assert ann == [401] * MAX_FAILURES + [429]
    assert bob == 401
