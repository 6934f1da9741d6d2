"""The club's players over HTTP (issue 28): the door's type-ahead, registering by club id
copies the record's name, a new name at the door gets a record, the player's page, and
private details never reach anyone but the signed-in director."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import Director

from pitboss.club.log import PLAYERS_STREAM
from pitboss.store import EventStore


def _add(director: Director, name: str, **more: str) -> dict[str, object]:
    made = director.post("/api/club/players", json={"name": name, **more})
    assert made.status_code == 201, made.text
    answer: dict[str, object] = made.json()
    return answer


def test_the_type_ahead_finds_a_returning_player_by_part_of_a_name(director: Director) -> None:
    _add(director, "José Núñez", membership="M7")
    _add(director, "Ann Smith")
    found = director.client.get("/api/club/players", params={"q": "nun"}).json()
    assert [p["name"] for p in found] == ["José Núñez"]
    assert director.client.get("/api/club/players", params={"q": "m7"}).json()[0]["name"] == (
        "José Núñez"
    )


def test_registering_by_club_id_copies_the_name_and_a_new_name_gets_a_record(
    director: Director,
) -> None:
    ann = _add(director, "Ann Smith")
    stream = director.create()
    director.command(
        stream,
        {"type": "register_player", "player_id": "p1", "name": "typo", "club_player_id": ann["id"]},
    )
    director.command(stream, {"type": "register_player", "player_id": "p2", "name": "Bob Newman"})
    state = director.client.get(f"/api/tournaments/{stream}/director").json()
    names = sorted(p["name"] for p in state["players"])
    assert names == ["Ann Smith", "Bob Newman"]
    bob = director.client.get("/api/club/players", params={"q": "newm"}).json()
    assert [p["name"] for p in bob] == ["Bob Newman"]  # found next week
    page = director.client.get(f"/api/club/players/{ann['id']}").json()
    assert [(n["tournament"], n["played_as"]) for n in page["nights"]] == [(stream, "Ann Smith")]
    assert page["points_by_season"] == []  # no league counts her nights yet
    listed = [t["id"] for t in director.client.get("/api/tournaments").json()]
    assert PLAYERS_STREAM not in listed


def test_an_unknown_club_id_is_refused_and_nothing_is_registered(director: Director) -> None:
    stream = director.create()
    refused = director.post(
        f"/api/tournaments/{stream}/commands",
        json={"type": "register_player", "player_id": "p1", "name": "X", "club_player_id": "nope"},
    )
    assert refused.status_code == 404 or refused.status_code == 422, refused.text
    assert refused.json()["code"] == "unknown_club_player"


def test_rename_merge_and_public_profile(director: Director) -> None:
    ann, dup = _add(director, "Ann Smith"), _add(director, "Ann S")
    renamed = director.post(f"/api/club/players/{ann['id']}/rename", json={"name": "Ann Jones"})
    assert renamed.json()["name"] == "Ann Jones"
    merged = director.post("/api/club/merges", json={"from_id": dup["id"], "into_id": ann["id"]})
    assert merged.json()["id"] == ann["id"]
    itself = director.post("/api/club/merges", json={"from_id": ann["id"], "into_id": ann["id"]})
    assert itself.json()["code"] == "merge_into_itself"
    opted = director.post(f"/api/club/players/{ann['id']}/public-profile", json={"public": True})
    assert opted.json()["public_profile"] is True


def test_private_details_reach_the_director_only(
    director: Director, app: FastAPI, store: EventStore
) -> None:
    ann = _add(director, "Ann Smith")
    put = director.client.put(
        f"/api/club/players/{ann['id']}/private",
        json={"phone": "555-0199"},
        headers={"X-CSRF-Token": director.csrf},
    )
    assert put.json()["phone"] == "555-0199"
    page = director.client.get(f"/api/club/players/{ann['id']}")
    assert "555-0199" not in page.text
    with TestClient(app) as stranger:
        for url in (
            "/api/club/players?q=ann",
            f"/api/club/players/{ann['id']}",
            f"/api/club/players/{ann['id']}/private",
        ):
            answer = stranger.get(url)
            assert answer.status_code == 401
            assert "555-0199" not in answer.text
        assert stranger.get(f"/club/players/{ann['id']}", follow_redirects=False).status_code == 303
    assert "555-0199" not in str([e.data for e in store.load(PLAYERS_STREAM)])


def test_the_player_page_lists_the_nights(director: Director) -> None:
    ann = _add(director, "Ann Smith", display_name="Annie")
    stream = director.create(name="Week 1")
    director.command(
        stream,
        {"type": "register_player", "player_id": "p1", "name": "", "club_player_id": ann["id"]},
    )
    page = director.client.get(f"/club/players/{ann['id']}")
    assert page.status_code == 200
    assert "Ann Smith" in page.text
    assert "Week 1" in page.text
    assert "Annie" in page.text
