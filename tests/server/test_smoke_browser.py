"""The director signs in from a real browser and reaches the console's start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer, sign_in_page


def test_director_chooses_password_and_signs_in(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = sign_in_page(chromium, live_server)
    assert page.locator("h1").inner_text() == "Tournaments"
    page.fill("input[name=name]", "Friday charity")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.context.close()
