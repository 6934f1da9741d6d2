"""Club players who sign in (issue 31): the director's one-time link (works once, expires,
a wrong one refused), the password rules, the limit on wrong passwords, and a player's
session that opens no director route."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock
from tests.server.test_security import fill, routes, send

from pitboss.server.app import create_app
from pitboss.server.auth import MAX_FAILURES, CredentialFile
from pitboss.server.player_accounts import LINK_TTL_MS, PLAYER_COOKIE
from pitboss.service import seeded_random
from pitboss.store import EventStore

PLAYER_PASSWORD = "river-card-7"


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def club_player(director: Director, name: str = "Ann Lee") -> str:
    made = director.post("/api/club/players", json={"name": name})
    assert made.status_code == 201, made.text
    found: str = made.json()["id"]
    return found


def link_secret(director: Director, club_player_id: str) -> str:
    answer = director.post(f"/api/club/players/{club_player_id}/signin-link")
    assert answer.status_code == 200, answer.text
    url: str = answer.json()["url"]
    assert "/signin#" in url  # the secret in the fragment: never in a request line or a log
    return url.split("#", 1)[1]


@pytest.fixture
def phone(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def claim(
    phone: TestClient, secret: str, login: str = "ann", password: str = PLAYER_PASSWORD
) -> Any:
    return phone.post(
        "/api/player/password", json={"secret": secret, "login": login, "password": password}
    )


def test_the_link_lets_the_person_choose_a_password_once(
    director: Director, phone: TestClient
) -> None:
    cp = club_player(director)
    page = director.client.get(f"/club/players/{cp}").text  # where the director makes it
    assert "Make a sign-in link" in page
    assert "/static/club_signin.js" in page
    secret = link_secret(director, cp)
    owner = phone.post("/api/player/link", json={"secret": secret})
    assert owner.json() == {"name": "Ann Lee", "suggested_login": "ann.lee", "login": None}
    chosen = claim(phone, secret)
    assert chosen.status_code == 200, chosen.text
    assert chosen.json()["name"] == "Ann Lee"
    assert phone.get("/api/player/session").json()["signed_in"] is True
    again = claim(phone, secret, password="another-password")
    assert again.status_code == 403
    assert again.json()["code"] == "bad_signin_link"
    assert "used already" in again.json()["message"]
    account = director.client.get(f"/api/club/players/{cp}/signin").json()
    assert account == {"login": "ann"}  # the director sees the name, never the password


def test_the_link_expires_after_seven_days(
    director: Director, phone: TestClient, clock: TestClock
) -> None:
    secret = link_secret(director, club_player(director))
    clock.advance(LINK_TTL_MS)
    answer = claim(phone, secret)
    assert answer.status_code == 403
    assert answer.json()["code"] == "bad_signin_link"
    assert "expired" in answer.json()["message"]


def test_a_wrong_link_is_refused_and_a_newer_link_replaces_the_older(
    director: Director, phone: TestClient
) -> None:
    cp = club_player(director)
    old = link_secret(director, cp)
    new = link_secret(director, cp)
    for wrong in ("x" * 43, old, "not a secret"):
        answer = claim(phone, wrong)
        assert answer.status_code == 403, answer.text
        assert answer.json()["code"] == "bad_signin_link"
    assert claim(phone, new).status_code == 200


@pytest.mark.parametrize(
    ("login", "password", "code"),
    [
        ("ann", "short", "bad_password"),
        ("a b", PLAYER_PASSWORD, "bad_login"),
        ("x", "long-enough", "bad_login"),
    ],
)
def test_password_and_sign_in_name_rules(
    director: Director, phone: TestClient, login: str, password: str, code: str
) -> None:
    secret = link_secret(director, club_player(director))
    answer = claim(phone, secret, login=login, password=password)
    assert answer.status_code == 422
    assert answer.json()["code"] == code
    assert claim(phone, secret).status_code == 200  # a refusal did not use the link up


def test_a_sign_in_name_belongs_to_one_person(director: Director, phone: TestClient) -> None:
    assert claim(phone, link_secret(director, club_player(director))).status_code == 200
    other = claim(phone, link_secret(director, club_player(director, "Ann Other")))
    assert other.status_code == 409
    assert other.json()["code"] == "login_taken"


def test_sign_in_and_out(director: Director, app: FastAPI) -> None:
    with TestClient(app) as first:
        claim(first, link_secret(director, club_player(director)))
    with TestClient(app) as phone:
        wrong = phone.post("/api/player/session", json={"login": "ann", "password": "nope-nope"})
        assert wrong.status_code == 401
        assert wrong.json()["message"] == "wrong sign-in name or password"
        unknown = phone.post("/api/player/session", json={"login": "bob", "password": "x" * 9})
        assert unknown.json()["message"] == wrong.json()["message"]  # names are not revealed
        good = phone.post("/api/player/session", json={"login": "ANN", "password": PLAYER_PASSWORD})
        assert good.status_code == 200, good.text
        kept = phone.cookies.get(PLAYER_COOKIE)
        csrf = good.json()["csrf"]
        assert phone.delete("/api/player/session").status_code == 403  # no CSRF token
        assert (
            phone.delete("/api/player/session", headers={"X-CSRF-Token": csrf}).status_code == 200
        )
    with TestClient(app) as thief:  # the cookie kept after signing out opens nothing
        thief.cookies.set(PLAYER_COOKIE, kept or "")
        assert thief.get("/api/player/session").json()["signed_in"] is False


def test_wrong_passwords_are_limited_like_the_directors(
    director: Director, app: FastAPI, clock: TestClock
) -> None:
    with TestClient(app) as first:
        claim(first, link_secret(director, club_player(director)))
    with TestClient(app) as phone:
        for _ in range(MAX_FAILURES):
            answer = phone.post(
                "/api/player/session", json={"login": "ann", "password": "guess-guess"}
            )
            assert answer.status_code == 401
        locked = phone.post(
            "/api/player/session", json={"login": "ann", "password": PLAYER_PASSWORD}
        )
        assert locked.status_code == 429
        assert locked.json()["code"] == "too_many_attempts"
        # the director, behind the same address, is not locked out by a player's guesses
        assert (
            director.client.post("/api/session", json={"password": "director-secret"}).status_code
            == 200
        )
        clock.advance(5 * 60_000 + 1)
        again = phone.post(
            "/api/player/session", json={"login": "ann", "password": PLAYER_PASSWORD}
        )
        assert again.status_code == 200


def test_a_new_password_ends_the_persons_other_sessions(director: Director, app: FastAPI) -> None:
    cp = club_player(director)
    with TestClient(app) as old_phone, TestClient(app) as new_phone:
        claim(old_phone, link_secret(director, cp))
        assert (
            claim(new_phone, link_secret(director, cp), password="a-new-password").status_code
            == 200
        )
        assert old_phone.get("/api/player/session").json()["signed_in"] is False
        assert new_phone.get("/api/player/session").json()["signed_in"] is True


def test_a_player_session_opens_no_director_route(
    director: Director, app: FastAPI, phone: TestClient
) -> None:
    """Every route answers a signed-in player exactly as it answers a stranger, except the
    players' own routes: the player's cookie adds nothing on the director's side."""
    stream = director.create()
    director.command(stream, {"type": "register_player", "player_id": "p001", "name": "Ann"})
    answer = claim(phone, link_secret(director, club_player(director)))
    csrf = answer.json()["csrf"]
    players_own = ("/api/player/", "/api/lobby/", "/lobby", "/signin")
    checked = 0
    with TestClient(app) as stranger:
        for method, path in routes(app):
            if path.startswith(players_own) or method not in {"GET", "POST", "PUT", "DELETE"}:
                continue
            if "{path" in path or path.startswith(("/static", "/docs", "/openapi", "/redoc")):
                continue
            url = fill(path, stream)
            as_player = send(phone, method, url, {}, **{"X-CSRF-Token": csrf})
            as_stranger = send(stranger, method, url, {}, **{"X-CSRF-Token": csrf})
            assert as_player.status_code == as_stranger.status_code, (method, path)
            if as_player.headers.get("content-type", "").startswith("application/json"):
                assert as_player.json() == as_stranger.json(), (method, path)
            checked += 1
    assert checked >= 60
    # and the console itself sends a player to the director's sign-in
    console = phone.get(f"/t/{stream}", follow_redirects=False)
    assert console.status_code == 303
    assert console.headers["location"].startswith("/login")


def test_player_passwords_live_beside_the_directors_file_never_in_a_log(
    store: EventStore, clock: TestClock, tmp_path: Path
) -> None:
    keeper = CredentialFile(tmp_path / "night.db.credentials.json")
    app = create_app(
        store,
        clock,
        seeded_random("tests"),
        setup_code=SETUP_CODE,
        tick_every=None,
        listen=False,
        credentials=keeper,
    )
    with TestClient(app) as client:
        answer = client.post(
            "/api/setup", json={"password": "director-secret", "setup_code": SETUP_CODE}
        )
        director = Director(client, answer.json()["csrf"])
        secret = link_secret(director, club_player(director))
        with TestClient(app) as phone:
            assert claim(phone, secret).status_code == 200
    kept = tmp_path / "night.db.credentials.players.json"
    assert kept.exists()
    assert kept.stat().st_mode & 0o777 == 0o600
    text = kept.read_text()
    assert PLAYER_PASSWORD not in text
    assert secret not in text
    for t in store.tournaments():
        for stored in store.load(t.stream):
            assert "scrypt$" not in str(stored)
            assert PLAYER_PASSWORD not in str(stored)
