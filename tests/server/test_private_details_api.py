"""Erasing a player's private details on request (THC 1, issue 28): the director's route, the
accounting kept, and nobody else may erase; retention by the server's clock."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import Director, TestClock
from tests.server.test_security import assert_refused, leaks, running

from pitboss.server.hub import Hub
from pitboss.service import seeded_random
from pitboss.store import EventStore

DAY = 86_400_000


def test_the_director_erases_a_players_details_and_the_money_stays(
    app: FastAPI, director: Director
) -> None:
    stream = running(director, 8, details=True)
    url = f"/api/tournaments/{stream}/players/p03/details"
    with TestClient(app) as other:
        assert_refused(other.delete(url), 401, "not_signed_in")
    csrf = {"X-CSRF-Token": director.csrf}
    erased = director.client.delete(url, headers=csrf)
    assert erased.status_code == 200, erased.text
    assert erased.json() == {"player_id": "p03", "erased": True}
    body = director.client.get(url).json()
    assert "QZXVNID03" not in str(body)
    assert body["filled"] == []
    assert director.client.delete(url, headers=csrf).json()["erased"] is False
    record = director.client.get(
        f"/api/tournaments/{stream}/export/entries.csv", params={"details": "true"}
    ).text
    row = next(line for line in record.splitlines() if "Player 03" in line)
    assert "QZXVNID03" not in row
    assert "QZXVNID04" in record  # the others' stay in the treasurer's record
    assert row.startswith("p03,Player 03,in play,100.00,")  # the entry and its money kept
    assert row.endswith(",,,,,,,no")  # no detail left
    plain = director.client.get(f"/api/tournaments/{stream}/export/entries.csv").text
    assert not leaks(plain, players=8)


def test_retention_purges_at_start_and_daily_by_the_clock(
    store: EventStore, clock: TestClock
) -> None:
    store.put_private("old", {"email": "old@example.org"}, at=clock() - 40 * DAY)
    store.put_private("new", {"email": "new@example.org"}, at=clock() - 10 * DAY)
    hub = Hub(store, clock, seeded_random("t"), retain_details_days=30)
    assert hub.purge_details() == 1
    assert store.private("old") is None
    clock.advance(15 * DAY)
    hub.tick()  # a new day: "new" is now 25 days old, kept
    assert store.private("new") is not None
    clock.advance(6 * DAY)
    hub.tick()
    assert store.private("new") is None
