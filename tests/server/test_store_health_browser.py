"""The console tells the director, at the top and until it is put right, that the night is
not being saved when the store's file was deleted under the running server (issue 25)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.server.conftest import LiveServer
from tests.server.test_console import open_console, register


def test_the_console_shows_the_night_is_not_being_saved_when_the_store_file_is_deleted(
    chromium: Any, live_server: LiveServer, tmp_path: Path, screenshots: Path
) -> None:
    page = open_console(chromium, live_server, viewport={"width": 1280, "height": 800})
    register(page, "Ann Lee")
    banner = page.locator("#not-saved")
    assert banner.is_hidden()
    for name in ("night.db", "night.db-wal", "night.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)

    page.fill("#register-form input[name=name]", "Bo Diddley")
    page.click("#register-form button[type=submit]")
    banner.wait_for(state="visible", timeout=10_000)
    text = banner.inner_text()
    assert "THE NIGHT IS NOT BEING SAVED" in text.upper()
    assert "night.db was deleted" in text
    assert "copied to" in text
    assert page.locator("#register-form .error").inner_text().startswith("The night is not")
    page.screenshot(path=str(screenshots / "console-not-saved.png"))

    page.reload()  # a console opened afterwards says so at once, before any command
    page.locator("#not-saved").wait_for(state="visible", timeout=10_000)
    assert page.locator("body[data-saving=no]").count() == 1
    assert not page.js_errors
    page.context.close()
