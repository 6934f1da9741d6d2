"""The web edge of a vanished store (issue 25): a write after the store's file was deleted
answers 503 ``store_gone`` with what to do, and the console's health check says the night is
not being saved (the store's file named to the director only)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from pathlib import Path
from typing import Any, cast

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from pitboss.errors import StoreError
from pitboss.server.app import _ticker
from pitboss.server.hub import Hub

from .conftest import Director


def test_a_command_after_the_store_file_was_deleted_is_refused_with_a_503_saying_so(
    app: FastAPI, director: Director, tmp_path: Path
) -> None:
    stream = director.create()
    director.command(stream, {"type": "register_player", "player_id": "p001", "name": "Ann"})
    assert director.client.get("/api/health").json() == {"saving": True}
    for name in ("night.db", "night.db-wal", "night.db-shm"):
        (tmp_path / name).unlink(missing_ok=True)

    refused = director.post(
        f"/api/tournaments/{stream}/commands",
        json={"type": "register_player", "player_id": "p002", "name": "Bob"},
    )
    assert refused.status_code == 503
    body = refused.json()
    assert body["code"] == "store_gone"
    assert body["message"].startswith("The night is not being saved")
    assert "night.db was deleted" in body["message"]
    assert body["params"]["rescued"] is not None
    assert Path(body["params"]["rescued"]).exists()

    health = director.client.get("/api/health")
    assert health.status_code == 503
    assert health.json()["saving"] is False
    assert health.json()["code"] == "store_gone"
    assert "night.db" in health.json()["message"]
    # the console still shows the night as it stood: Bob was not registered
    players = director.client.get(f"/api/tournaments/{stream}/director").json()["players"]
    assert [p["name"] for p in players] == ["Ann"]

    public = TestClient(app).get("/api/health")  # nobody signed in
    assert public.status_code == 503
    assert public.json() == {
        "code": "store_gone",
        "params": {},
        "message": "the night is not being saved",
        "saving": False,
    }


def test_a_clock_tick_refused_by_a_vanished_store_is_logged_once_not_every_tick(
    caplog: pytest.LogCaptureFixture,
) -> None:
    class Refusing:
        ticks = 0

        def tick(self) -> Any:
            self.ticks += 1
            raise StoreError("The night is not being saved: ...", code="store_gone")

    refusing = Refusing()

    async def five_ticks() -> None:
        task = asyncio.create_task(_ticker(cast("Hub", refusing), 0.001))
        while refusing.ticks < 5:
            await asyncio.sleep(0.001)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    caplog.set_level(logging.WARNING)
    # In a thread of its own: a loop another test left running in this worker's main thread
    # makes asyncio.run refuse there.
    worker = threading.Thread(target=asyncio.run, args=(five_ticks(),))
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive()
    # (only the ticker's lines: a thread an earlier test left may log in this worker too)
    assert [r.getMessage() for r in caplog.records if r.name == "pitboss.server.app"] == [
        "clock tick failed: The night is not being saved: ..."
    ]
