"""The machine's clock set back during a night (issue 25: the TV showed 3,900 s left in a
20-minute level, and a pause then a resume rewound the level). The screens and the director's
clock use the time the server measured: never a negative elapsed time, never more time left
than the level had, and a pause and a resume never give time back."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock

from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore

HOUR_MS = 3_600_000
MINUTE_MS = 60_000


def running(director: Director) -> str:
    stream = director.create()
    for i in range(1, 10):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:02d}", "name": f"N{i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def clocks(director: Director, stream: str) -> list[dict[str, Any]]:
    """The clock as the TV, a table's device and the console each show it."""
    client = director.client
    token = client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    return [
        client.get(f"/api/tournaments/{stream}/public").json(),
        client.get(f"/api/tournaments/{stream}/tables/1", headers={"X-Table-Token": token}).json(),
        client.get(f"/api/tournaments/{stream}/director").json(),
    ]


def assert_left(payloads: list[dict[str, Any]], left_ms: int) -> None:
    for payload in payloads:
        clock = payload["clock"]
        assert clock["remaining_ms"] == left_ms, payload["kind"]
        if clock["running"]:
            assert clock["ends_at"] == payload["server_now"] + left_ms


def test_the_clock_set_back_an_hour_neither_adds_time_nor_rewinds_on_pause_and_resume(
    director: Director, clock: TestClock
) -> None:
    stream = running(director)
    level_ms = clocks(director, stream)[0]["clock"]["remaining_ms"]
    clock.advance(15 * MINUTE_MS)
    assert_left(clocks(director, stream), level_ms - 15 * MINUTE_MS)
    clock.advance(-HOUR_MS)  # the machine's clock set back an hour
    assert_left(clocks(director, stream), level_ms - 15 * MINUTE_MS)
    director.command(stream, {"type": "pause_clock"})
    assert_left(clocks(director, stream), level_ms - 15 * MINUTE_MS)
    director.command(stream, {"type": "resume_clock"})
    assert_left(clocks(director, stream), level_ms - 15 * MINUTE_MS)
    clock.advance(HOUR_MS + MINUTE_MS)  # the hour back, and one minute played on
    assert_left(clocks(director, stream), level_ms - 16 * MINUTE_MS)


def test_a_server_started_with_its_clock_behind_the_log_shows_no_negative_elapsed_time(
    store: EventStore, director: Director, clock: TestClock
) -> None:
    stream = running(director)
    level_ms = clocks(director, stream)[0]["clock"]["remaining_ms"]
    started = clock()
    behind = TestClock(started - HOUR_MS)  # restarted on a machine an hour behind
    again: FastAPI = create_app(
        store, behind, seeded_random("again"), setup_code=SETUP_CODE, tick_every=None
    )
    with TestClient(again) as tv:
        public = tv.get(f"/api/tournaments/{stream}/public").json()
    assert public["server_now"] == started
    assert public["clock"]["remaining_ms"] == level_ms
    assert public["clock"]["ends_at"] == started + level_ms
