"""The server under test: an app over a fresh SQLite file with a test clock, a signed-in
director client, a real uvicorn server on a free loopback port, and a real Chromium.

Browser tests use Debian's Chromium (``apt-get install -y chromium``) driven by Playwright
(launched with ``executable_path`` at the system Chromium: Playwright's own browser download
cannot work here). Without Chromium or Playwright they skip, saying so, unless
``PITBOSS_REQUIRE_BROWSER=1`` (CI), when they fail. Screenshots go to ``SCREENSHOTS``
(``test-artifacts/screenshots``, or ``$PITBOSS_SCREENSHOTS``).
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pitboss.server.app import create_app
from pitboss.server.hub import Hub, Role
from pitboss.server.models import VIEW_MODELS
from pitboss.service import seeded_random
from pitboss.store import EventStore, open_store

PASSWORD = "director-secret"
SETUP_CODE = "setup-code-for-tests"
START = 1_796_000_400_000  # 2026-12-01T19:00:00Z, a Tuesday evening
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("PITBOSS_SCREENSHOTS", ROOT / "test-artifacts" / "screenshots"))


class TestClock:
    """A clock the test moves: ms UTC, starting at `START`; thread-safe."""

    __test__ = False

    def __init__(self, start: int = START) -> None:
        self._now = start
        self._lock = threading.Lock()

    def __call__(self) -> int:
        with self._lock:
            return self._now

    def advance(self, ms: int) -> int:
        """Move the clock on by ``ms``; the new instant."""
        with self._lock:
            self._now += ms
            return self._now

    def set(self, at: int) -> None:
        """Put the clock at ``at``."""
        with self._lock:
            self._now = at


def checked_payload(payload: dict[str, Any], role: Role) -> None:
    """``payload`` is exactly what its model (`pitboss.server.models.VIEW_MODELS`) declares:
    no key undeclared (``extra="forbid"``), none missing, and dumped back to the same JSON."""
    model = VIEW_MODELS[role[0]].model_validate(payload)
    assert model.model_dump(mode="json", exclude_unset=True) == payload


@pytest.fixture(autouse=True)
def payloads_fit_their_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every payload the hub builds in a server test (the public, director and table views
    its routes send as built, without validating them at each read) fits its model (issue 27)."""
    built = Hub.payload

    def payload(self: Hub, stream: str, role: Role) -> dict[str, Any]:
        answer = built(self, stream, role)
        checked_payload(answer, role)
        return answer

    monkeypatch.setattr(Hub, "payload", payload)


@pytest.fixture
def clock() -> TestClock:
    return TestClock()


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with open_store(tmp_path / "night.db") as opened:
        yield opened


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None)


@dataclass
class Director:
    """A signed-in director's HTTP client: ``post`` sends the CSRF token."""

    client: TestClient
    csrf: str

    def post(self, url: str, **kwargs: Any) -> Any:
        headers = {"X-CSRF-Token": self.csrf, **kwargs.pop("headers", {})}
        return self.client.post(url, headers=headers, **kwargs)

    def command(self, stream: str, command: dict[str, Any]) -> dict[str, Any]:
        """Run a command; assert it was accepted; its answer."""
        response = self.post(f"/api/tournaments/{stream}/commands", json=command)
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def create(self, name: str = "Friday charity", preset: str = "ky-charity") -> str:
        response = self.post("/api/tournaments", json={"name": name, "preset": preset})
        assert response.status_code == 201, response.text
        stream: str = response.json()["id"]
        return stream


@pytest.fixture
def director(app: FastAPI) -> Iterator[Director]:
    with TestClient(app) as client:
        answer = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert answer.status_code == 200, answer.text
        yield Director(client, answer.json()["csrf"])


# --- a real server and a real browser --------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A uvicorn server on loopback: its base URL and clock."""

    url: str
    clock: TestClock
    app: FastAPI


@pytest.fixture
def live_server(store: EventStore, clock: TestClock) -> Iterator[LiveServer]:
    """The app served by uvicorn in a thread (the clock ticks every 0.2 s of real time)."""
    with serving(store, clock) as server:
        yield server


@contextmanager
def serving(store: EventStore, clock: TestClock) -> Iterator[LiveServer]:
    """The app over ``store`` served by uvicorn in a thread (the clock ticks every 0.2 s of
    real time), until the block ends: for a fixture of any scope (a module's tests may share
    one server, each on its own tournament)."""
    import uvicorn

    app = create_app(store, clock, seeded_random("browser"), setup_code=SETUP_CODE, tick_every=0.2)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield LiveServer(url=f"http://127.0.0.1:{port}", clock=clock, app=app)
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def _browser_missing() -> str | None:
    if shutil.which("chromium") is None:
        return "no chromium on PATH: `apt-get install -y chromium` (Debian)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "Playwright is not installed: `pip install -e '.[test]'`"
    return None


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright, or a skip (a failure under PITBOSS_REQUIRE_BROWSER)."""
    reason = _browser_missing()
    if reason is not None:
        if os.environ.get("PITBOSS_REQUIRE_BROWSER") == "1":
            pytest.fail(f"browser tests are required here (PITBOSS_REQUIRE_BROWSER=1): {reason}")
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=shutil.which("chromium"),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        try:
            yield browser
        finally:
            browser.close()


DETAILS = {
    "address": "1 Main St",
    "email": "player@example.org",
    "phone": "555-0100",
    "date_of_birth": "1970-01-01",
    "national_id": "X1",
    "driver_licence": "D1",
    "age_verified": True,
}
"""Every private detail a house may require at registration (THC 1)."""


@dataclass
class ApiDirector:
    """The director on a live server through its API (a signed-in HTTP client): the base of
    each browser test's night."""

    server: LiveServer
    http: Any  # httpx.Client
    csrf: str
    stream: str = ""

    def command(self, command: dict[str, Any]) -> dict[str, Any]:
        """Run a command; assert it was accepted; its answer."""
        response = self.http.post(
            f"/api/tournaments/{self.stream}/commands",
            json=command,
            headers={"X-CSRF-Token": self.csrf},
        )
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    def view(self, name: str) -> dict[str, Any]:
        """A view of the tournament: ``public``, ``director``, ``tables/1/recorded`` ..."""
        found: dict[str, Any] = self.http.get(f"/api/tournaments/{self.stream}/{name}").json()
        return found

    def public(self) -> dict[str, Any]:
        return self.view("public")

    def director(self) -> dict[str, Any]:
        return self.view("director")

    def create(self, name: str, **how: str) -> str:
        """A new tournament (``preset=`` or ``rules_toml=``); its id, kept as ``stream``."""
        made = self.http.post(
            "/api/tournaments", json={"name": name, **how}, headers={"X-CSRF-Token": self.csrf}
        )
        assert made.status_code == 201, made.text
        self.stream = made.json()["id"]
        return self.stream


@contextmanager
def signed_in_http(server: LiveServer, *, timeout: float = 10) -> Iterator[tuple[Any, str]]:
    """An HTTP client of ``server`` signed in as the director (choosing the password at first
    start), and its CSRF token; closed on leaving."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=timeout) as http:
        answer = http.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert answer.status_code == 200, answer.text
        yield http, str(answer.json()["csrf"])


DOCS_IMG = ROOT / "docs" / "img"


def for_the_guide(shot: Path) -> Path:
    """``shot`` (a screenshot already taken) also into docs/img, where the director's guide
    shows it, when ``PITBOSS_UPDATE_SCREENSHOTS=1``; a plain test run never writes there."""
    if os.environ.get("PITBOSS_UPDATE_SCREENSHOTS") == "1":
        DOCS_IMG.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(shot, DOCS_IMG / shot.name)
    return shot


@pytest.fixture
def screenshots() -> Path:
    """The folder screenshots are written to (kept as test artefacts)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def sign_in_page(browser: Any, server: LiveServer, **context_options: Any) -> Any:
    """A new browser context signed in as the director (choosing the password on first use);
    its page, at the console's start."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.goto(f"{server.url}/setup?code={SETUP_CODE}")
    if "/setup" in page.url:
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
    else:
        page.goto(f"{server.url}/login")
        page.fill("input[name=password]", PASSWORD)
        page.click("button[type=submit]")
    page.wait_for_url(f"{server.url}/")
    return page
