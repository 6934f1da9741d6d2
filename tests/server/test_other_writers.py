"""A command typed at the command line (another writer of the same log) shows on the screens
the server keeps live, without anyone reloading."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient
from tests.server.conftest import PASSWORD, SETUP_CODE, TestClock

from pitboss.server.app import create_app
from pitboss.service import DirectorService, seeded_random
from pitboss.store import open_store
from pitboss.tournament import commands as cmd
from pitboss.tournament.entries import PersonalDetails


def test_a_second_writer_reaches_the_screens(tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    clock = TestClock()
    with open_store(db) as store:
        app = create_app(store, clock, seeded_random(1), setup_code=SETUP_CODE, tick_every=None)
        with TestClient(app) as client:
            csrf = client.post(
                "/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE}
            ).json()["csrf"]
            made = client.post(
                "/api/tournaments",
                json={"name": "Friday", "preset": "ky-charity"},
                headers={"X-CSRF-Token": csrf},
            )
            stream = made.json()["id"]
            with client.websocket_connect(f"/ws/tournaments/{stream}?role=public") as screen:
                assert screen.receive_json()["entries"] == 0
                with open_store(db) as other_store:
                    other = DirectorService(other_store, clock=clock).open(stream)
                    other.execute(
                        cmd.RegisterPlayer(
                            player_id="p001", name="Ann Lee", details=PersonalDetails()
                        )
                    )
                pushed = screen.receive_json()
                assert pushed["entries"] == 1
                assert pushed["seq"] == other.head
            answer = client.post(
                f"/api/tournaments/{stream}/commands",
                json={"type": "register_player", "player_id": "p002", "name": "Bo Chen"},
                headers={"X-CSRF-Token": csrf},
            )
            assert answer.status_code == 200, answer.text
            assert client.get(f"/api/tournaments/{stream}/public").json()["entries"] == 2
