"""The director signs in from a real browser and reaches the console's start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from tests.server.conftest import PASSWORD, LiveServer, sign_in_page


def test_director_chooses_password_and_signs_in(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = sign_in_page(chromium, live_server)
    assert page.locator("h1").inner_text() == "Tournaments"
    page.fill("input[name=name]", "Friday charity")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.context.close()


def test_the_director_changes_the_password_giving_the_current_one(
    chromium: Any, live_server: LiveServer, screenshots: Path
) -> None:
    page = sign_in_page(chromium, live_server)
    form = page.locator("#password")
    form.locator("input[name=current_password]").fill("not-the-password")
    form.locator("input[name=password]").fill("a-brand-new-one")
    form.locator("button[type=submit]").click()
    error = form.locator(".error")
    error.wait_for(state="visible", timeout=10_000)
    assert error.get_attribute("data-code") == "wrong_password"
    assert "current password is wrong" in error.inner_text()
    form.locator("input[name=current_password]").fill(PASSWORD)
    form.locator("input[name=password]").fill("a-brand-new-one")
    form.locator("button[type=submit]").click()
    form.locator(".done").wait_for(state="visible", timeout=10_000)
    page.screenshot(path=str(screenshots / "password-changed.png"), full_page=True)
    # this page keeps its session (its new CSRF token): it still creates a tournament
    page.fill("input[name=name]", "After the change")
    page.click("#create button[type=submit]")
    page.wait_for_url(f"{live_server.url}/t/*")
    page.context.close()
    with httpx.Client(base_url=live_server.url, trust_env=False) as other:
        assert other.post("/api/session", json={"password": PASSWORD}).status_code == 401
        assert other.post("/api/session", json={"password": "a-brand-new-one"}).status_code == 200
