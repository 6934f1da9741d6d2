"""Who may do what (issue 13, Security): no state-changing request without the director's
session and its CSRF token, a table's token good for that table's own records only, wrong
passwords rate-limited, the setup code for the first password, sessions ended by a new
password, the cookie's flags, and no private field (THC 1) on any public page or payload.

The routes are read from the app itself, so a route added later is covered without editing
this file."""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import iter_route_contexts
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import PASSWORD, SETUP_CODE, Director, TestClock

from pitboss.server.api import TABLE_COMMANDS
from pitboss.server.app import create_app
from pitboss.server.auth import (
    FAILURE_WINDOW_MS,
    MAX_CLIENTS,
    MAX_FAILURES,
    SESSION_COOKIE,
    AuthError,
)
from pitboss.service import seeded_random
from pitboss.store import EventStore

DOCS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"

SIGN_IN_ROUTES = {("POST", "/api/session"), ("POST", "/api/setup")}
"""State-changing routes open without a session by design: signing in, the first password."""
TABLE_ROUTES = {("POST", "/api/tournaments/{stream}/tables/{table}/commands")}
"""State-changing routes a table's token opens instead of the session."""
PLAYER_SIGN_IN_ROUTES = {
    ("POST", "/api/player/link"),
    ("POST", "/api/player/password"),
    ("POST", "/api/player/session"),
    ("POST", "/api/player/passkey/options"),
    ("POST", "/api/player/passkey/session"),
}
"""A club player's sign-in (issue 31): open without a session by design, limited like the
director's (tests/server/test_player_signin.py)."""
PLAYER_ROUTES = {
    ("DELETE", "/api/player/session"),
    ("POST", "/api/lobby/{stream}/requests"),
    ("POST", "/api/lobby/{stream}/requests/{request_id}/withdraw"),
    ("POST", "/api/player/passkeys/options"),
    ("POST", "/api/player/passkeys"),
}
"""A signed-in club player's own routes: their session and its CSRF token, never the
director's (tests/server/test_player_signin.py)."""


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    """conftest's app without following other writers (its listener's poll makes every
    shutdown wait up to 0.5 s; nothing here writes from outside)."""
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def routes(app: FastAPI) -> list[tuple[str, str]]:
    """Every (method, path) the app answers, included routers flattened."""
    found = []
    for context in iter_route_contexts(app.routes):
        for method in sorted(getattr(context, "methods", None) or ()):
            path = context.path
            assert path is not None
            found.append((method, path))
    return found


def state_changing(app: FastAPI) -> list[tuple[str, str]]:
    return [(m, p) for m, p in routes(app) if m in {"POST", "PUT", "PATCH", "DELETE"}]


def fill(path: str, stream: str, *, table: int = 1) -> str:
    """A route's path with its parameters filled in."""
    values = {"stream": stream, "table": str(table), "kind": "undo", "report": "entries"}
    return re.sub(r"\{(\w+)(?::\w+)?\}", lambda m: values.get(m.group(1), "x"), path)


def running(director: Director, players: int = 24, *, details: bool = False) -> str:
    """A tournament drawn and started (24 players: three tables of eight)."""
    stream = director.create()
    for i in range(1, players + 1):
        body: dict[str, Any] = {"type": "register_player", "player_id": f"p{i:02d}"}
        body["name"] = f"Player {i:02d}"
        if details:
            body["details"] = private_details(i)
        director.command(stream, body)
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


def seated(client: TestClient, stream: str, table: int) -> list[str]:
    public = client.get(f"/api/tournaments/{stream}/public").json()
    return [line["player_id"] for line in public["seating"] if line["table"] == table]


def bust_at(client: TestClient, stream: str, table: int) -> dict[str, Any]:
    players = seated(client, stream, table)
    return {
        "type": "record_bust",
        "table": table,
        "busted": [players[0]],
        "eliminated_by": players[1],
    }


def example_bodies() -> dict[str, dict[str, Any]]:
    """Each command's JSON example of docs/commands.md, by its type."""
    commands = DOCS.read_text().split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    found = {}
    for section in re.split(r"^### ", commands, flags=re.M)[1:]:
        name = section.split("`")[1]
        example = re.search(r"```json\n(.*?)\n```", section, re.S)
        if example is not None:
            found[name] = json.loads(example.group(1))
    return found


def bodies(director: Director, stream: str) -> dict[tuple[str, str], dict[str, Any] | None]:
    """A body each state-changing route would accept from the signed-in director."""
    plan = director.client.get(f"/api/tournaments/{stream}/undo").json()
    return {
        ("POST", "/api/tournaments"): {"name": "Another", "preset": "tda"},
        ("POST", "/api/tournaments/{stream}/commands"): {"type": "pause_clock"},
        ("POST", "/api/tournaments/{stream}/{kind}"): {
            "expect": [b["batch"] for b in plan["batches"]]
        },
        ("POST", "/api/password"): {"current_password": PASSWORD, "password": "a-new-password"},
        ("POST", "/api/session"): {"password": PASSWORD},
        ("DELETE", "/api/session"): None,
    }


def send(client: TestClient, method: str, url: str, body: Any, **headers: str) -> Any:
    if body is None:
        return client.request(method, url, headers=headers)
    return client.request(method, url, json=body, headers=headers)


def assert_refused(response: Any, status: int, code: str | None = None) -> None:
    assert response.status_code == status, response.text
    error = response.json()
    assert set(error) == {"code", "params", "message"}
    if code is not None:
        assert error["code"] == code, error


def snapshot(store: EventStore, stream: str, app: FastAPI) -> tuple[int, int, str | None]:
    """What a refused request must leave as it was: the log's head, the tournaments, the
    password."""
    auth = app.state.auth
    return store.head(stream), len(store.tournaments()), auth.file.credentials.password_hash


# --- the director's session and CSRF ----------------------------------------------------------


def test_the_routes_exempt_from_the_session_exist(app: FastAPI) -> None:
    """The exemptions below name real routes (a renamed route must not slip out of the test)."""
    changing = set(state_changing(app))
    assert changing >= SIGN_IN_ROUTES | TABLE_ROUTES | PLAYER_SIGN_IN_ROUTES | PLAYER_ROUTES
    assert len(changing) > len(SIGN_IN_ROUTES | TABLE_ROUTES)


def test_no_state_changing_request_without_the_directors_session(
    app: FastAPI, director: Director, store: EventStore
) -> None:
    stream = running(director)
    director.command(stream, bust_at(director.client, stream, 1))
    known = bodies(director, stream)
    before = snapshot(store, stream, app)
    checked = 0
    with TestClient(app) as stranger:
        for method, path in state_changing(app):
            if (method, path) in SIGN_IN_ROUTES | PLAYER_SIGN_IN_ROUTES:
                continue
            response = send(stranger, method, fill(path, stream), known.get((method, path), {}))
            if (method, path) in TABLE_ROUTES:  # no table token either
                assert_refused(response, 403, "bad_table_token")
            else:
                assert_refused(response, 401, "not_signed_in")
            checked += 1
    assert checked >= 6
    assert snapshot(store, stream, app) == before


@pytest.mark.parametrize("csrf", [None, "wrong-token"], ids=["without CSRF", "wrong CSRF"])
def test_no_state_changing_request_without_the_sessions_csrf_token(
    app: FastAPI, director: Director, store: EventStore, csrf: str | None
) -> None:
    stream = running(director)
    director.command(stream, bust_at(director.client, stream, 1))
    known = bodies(director, stream)
    before = snapshot(store, stream, app)
    headers = {} if csrf is None else {"X-CSRF-Token": csrf}
    for method, path in state_changing(app):
        if (method, path) in SIGN_IN_ROUTES | TABLE_ROUTES | PLAYER_SIGN_IN_ROUTES | PLAYER_ROUTES:
            continue
        body = known.get((method, path), {})
        response = send(director.client, method, fill(path, stream), body, **headers)
        assert_refused(response, 403, "bad_csrf")
    assert snapshot(store, stream, app) == before
    # the session itself still works: the refusals were about the token only
    assert director.client.get(f"/api/tournaments/{stream}/director").status_code == 200


def test_a_form_post_needs_the_csrf_field_too(
    app: FastAPI, director: Director, store: EventStore
) -> None:
    stream = director.create()
    before = snapshot(store, stream, app)
    url = f"/api/tournaments/{stream}/commands"
    for form in ({"type": "pause_clock"}, {"type": "pause_clock", "csrf": "forged"}):
        assert_refused(director.client.post(url, data=form), 403, "bad_csrf")
    assert snapshot(store, stream, app) == before


def test_a_forged_session_cookie_is_not_a_session(app: FastAPI, director: Director) -> None:
    stream = director.create()
    with TestClient(app) as forger:
        forger.cookies.set(SESSION_COOKIE, '{"csrf": "mine"}')
        response = forger.post(
            f"/api/tournaments/{stream}/commands",
            json={"type": "pause_clock"},
            headers={"X-CSRF-Token": "mine"},
        )
        assert_refused(response, 401, "not_signed_in")


def test_the_session_cookie_is_httponly_and_samesite_strict(app: FastAPI) -> None:
    with TestClient(app) as client:
        answer = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        cookie = answer.headers["set-cookie"]
        assert cookie.startswith(f"{SESSION_COOKIE}=")
        flags = {part.strip().lower() for part in cookie.split(";")[1:]}
        assert "httponly" in flags
        assert "samesite=strict" in flags
        assert "path=/" in flags
        again = client.post("/api/session", json={"password": PASSWORD})
        assert "httponly" in again.headers["set-cookie"].lower()
        assert "samesite=strict" in again.headers["set-cookie"].lower()
        # the CSRF token is in the answer for the page, never readable from the cookie alone
        assert again.json()["csrf"] not in again.headers["set-cookie"]


# --- the first password and signing in --------------------------------------------------------


def test_the_first_password_needs_the_setup_code(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert_refused(client.post("/api/session", json={"password": PASSWORD}), 409, "no_password")
        for code in (None, "guessed-code"):
            body = {"password": PASSWORD, "setup_code": code}
            assert_refused(client.post("/api/setup", json=body), 403, "bad_setup_code")
        assert client.get("/api/session").json()["has_password"] is False
        assert app.state.auth.has_password is False

        chosen = client.post("/api/setup", json={"password": PASSWORD, "setup_code": SETUP_CODE})
        assert chosen.status_code == 200, chosen.text
        assert client.get("/api/session").json()["signed_in"] is True
    with TestClient(app) as latecomer:  # the code is good once only
        body = {"password": "someone-else", "setup_code": SETUP_CODE}
        assert_refused(latecomer.post("/api/setup", json=body), 409, "password_already_set")


def test_a_short_password_is_refused(app: FastAPI) -> None:
    with TestClient(app) as client:
        body = {"password": "short", "setup_code": SETUP_CODE}
        assert_refused(client.post("/api/setup", json=body), 422, "bad_password")
        assert app.state.auth.has_password is False


def test_wrong_passwords_are_rate_limited_until_the_window_passes(
    app: FastAPI, director: Director, clock: TestClock
) -> None:
    with TestClient(app) as client:
        for _ in range(MAX_FAILURES):
            wrong = client.post("/api/session", json={"password": "not-the-password"})
            assert_refused(wrong, 401, "wrong_password")
        # locked out: even the right password is refused, saying how long to wait
        locked = client.post("/api/session", json={"password": PASSWORD})
        assert_refused(locked, 429, "too_many_attempts")
        assert locked.json()["params"]["retry_after_s"] > 0
        clock.advance(FAILURE_WINDOW_MS // 2)
        assert_refused(client.post("/api/session", json={"password": PASSWORD}), 429)
        clock.advance(FAILURE_WINDOW_MS // 2 + 1)
        again = client.post("/api/session", json={"password": PASSWORD})
        assert again.status_code == 200, again.text


def test_wrong_setup_codes_are_rate_limited_too(app: FastAPI, clock: TestClock) -> None:
    """Regression: wrong setup codes were counted but never checked, so the setup code could
    be guessed at any speed."""
    with TestClient(app) as client:
        for _ in range(MAX_FAILURES):
            body = {"password": PASSWORD, "setup_code": "guess"}
            assert_refused(client.post("/api/setup", json=body), 403, "bad_setup_code")
        right = {"password": PASSWORD, "setup_code": SETUP_CODE}
        assert_refused(client.post("/api/setup", json=right), 429, "too_many_attempts")
        assert app.state.auth.has_password is False
        clock.advance(FAILURE_WINDOW_MS + 1)
        assert client.post("/api/setup", json=right).status_code == 200


@pytest.mark.parametrize(
    "target", ["//evil.example", "/\\evil.example", "/\\/evil.example", "https://evil.example"]
)
def test_signing_in_never_sends_the_director_to_another_site(
    app: FastAPI, director: Director, target: str
) -> None:
    """Regression (issue 25 audit): ``/login?next=/\\evil.example`` was kept, and browsers
    read ``/\\host`` as ``//host``: signed in, the director landed on another site."""
    with TestClient(app) as client:
        page = client.get("/login", params={"next": target}).text
        assert "evil.example" not in page
        kept = client.get("/login", params={"next": "/t/abc/clock"}).text
        assert "/t/abc/clock" in kept


def test_guesses_from_ever_new_addresses_do_not_grow_the_memory_without_end(
    app: FastAPI, director: Director
) -> None:
    auth = app.state.auth
    for n in range(MAX_CLIENTS + 50):
        auth.record_failure(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
    assert len(auth._failures) == MAX_CLIENTS
    auth.record_failure("192.0.2.1")
    for _ in range(MAX_FAILURES - 1):
        auth.record_failure("192.0.2.1")
    with pytest.raises(AuthError) as locked:  # the newest guesser is still locked out
        auth.check_rate("192.0.2.1")
    assert locked.value.code == "too_many_attempts"


def test_an_unknown_5000_character_tournament_id_is_not_echoed_back_whole(
    app: FastAPI, director: Director
) -> None:
    with TestClient(app) as client:
        answer = client.get(f"/api/tournaments/{'x' * 5000}/public")
        assert answer.status_code in (404, 422)
        assert len(answer.text) < 1000


def test_a_changed_password_ends_the_other_sessions(app: FastAPI, director: Director) -> None:
    stream = director.create()
    view = f"/api/tournaments/{stream}/director"
    with TestClient(app) as phone:
        signed = phone.post("/api/session", json={"password": PASSWORD})
        assert signed.status_code == 200
        assert phone.get(view).status_code == 200

        body = {"current_password": PASSWORD, "password": "a-brand-new-one"}
        changed = director.post("/api/password", json=body)
        assert changed.status_code == 200, changed.text
        director.csrf = changed.json()["csrf"]

        assert_refused(phone.get(view), 401, "not_signed_in")
        assert director.client.get(view).status_code == 200  # the changer's new cookie
        assert_refused(phone.post("/api/session", json={"password": PASSWORD}), 401)
        assert phone.post("/api/session", json={"password": "a-brand-new-one"}).status_code == 200


def test_changing_the_password_needs_the_current_one_counted_with_wrong_passwords(
    app: FastAPI, director: Director, clock: TestClock
) -> None:
    """Regression (issue 25): anyone at a console left signed in could set a new password
    and lock the director out."""
    stream = director.create()
    before = snapshot(app.state.hub.store, stream, app)
    missing = director.post("/api/password", json={"password": "taken-over-now"})
    assert_refused(missing, 401, "wrong_password")
    assert missing.json()["params"] == {"field": "current_password"}
    for _ in range(MAX_FAILURES - 1):
        body = {"current_password": "a-guess-at-it", "password": "taken-over-now"}
        assert_refused(director.post("/api/password", json=body), 401, "wrong_password")
    # counted with the wrong sign-ins: now even the right one waits, and so does signing in
    right = {"current_password": PASSWORD, "password": "a-brand-new-one"}
    assert_refused(director.post("/api/password", json=right), 429, "too_many_attempts")
    assert_refused(director.client.post("/api/session", json={"password": PASSWORD}), 429)
    assert snapshot(app.state.hub.store, stream, app) == before  # the password unchanged
    assert director.client.get(f"/api/tournaments/{stream}/director").status_code == 200
    clock.advance(FAILURE_WINDOW_MS + 1)
    changed = director.post("/api/password", json=right)
    assert changed.status_code == 200, changed.text
    assert snapshot(app.state.hub.store, stream, app) != before


def test_signing_out_drops_the_cookie_and_a_kept_copy_no_longer_signs_in(
    director: Director,
) -> None:
    kept = director.client.cookies.get(SESSION_COOKIE)
    assert kept
    response = director.client.request(
        "DELETE", "/api/session", headers={"X-CSRF-Token": director.csrf}
    )
    assert response.status_code == 200, response.text
    assert director.client.get("/api/session").json()["signed_in"] is False
    director.client.cookies.set(SESSION_COOKIE, kept)
    assert director.client.get("/api/session").json()["signed_in"] is False
    assert_refused(director.client.get("/api/tournaments/x/director"), 401, "not_signed_in")


# --- table tokens -----------------------------------------------------------------------------


@pytest.fixture
def night(director: Director) -> Iterator[tuple[Director, str, str]]:
    """A started night of three tables, and table 2's token."""
    stream = running(director)
    link = director.client.get(f"/api/tournaments/{stream}/tables/2/link").json()
    return director, stream, link["token"]


def test_a_table_records_a_bust_at_its_own_table_with_its_token(
    app: FastAPI, night: tuple[Director, str, str], store: EventStore
) -> None:
    director, stream, token = night
    body = bust_at(director.client, stream, 2)
    with TestClient(app) as device:
        answer = device.post(
            f"/api/tournaments/{stream}/tables/2/commands",
            json=body,
            headers={"X-Table-Token": token},
        )
        assert answer.status_code == 200, answer.text
        assert answer.json()["seq"] == store.head(stream)
        view = device.get(f"/api/tournaments/{stream}/tables/2", headers={"X-Table-Token": token})
        assert view.status_code == 200


def test_the_token_of_table_2_cannot_record_at_table_3(
    app: FastAPI, night: tuple[Director, str, str], store: EventStore
) -> None:
    director, stream, token = night
    body = bust_at(director.client, stream, 3)
    before = snapshot(store, stream, app)
    with TestClient(app) as device:
        headers = {"X-Table-Token": token}
        at_3 = device.post(
            f"/api/tournaments/{stream}/tables/3/commands", json=body, headers=headers
        )
        assert_refused(at_3, 403, "bad_table_token")
        # nor by naming table 3 in a command sent to its own address
        via_2 = device.post(
            f"/api/tournaments/{stream}/tables/2/commands", json=body, headers=headers
        )
        assert_refused(via_2, 403, "not_this_table")
        # nor at the director's address
        assert_refused(
            device.post(f"/api/tournaments/{stream}/commands", json=body, headers=headers),
            401,
            "not_signed_in",
        )
        # and the token of another tournament's table 2 is not this one's
        other = director.create("Elsewhere")
        foreign = director.client.get(f"/api/tournaments/{other}/tables/2/link").json()["token"]
        mine = bust_at(director.client, stream, 2)
        wrong = device.post(
            f"/api/tournaments/{stream}/tables/2/commands",
            json=mine,
            headers={"X-Table-Token": foreign},
        )
        assert_refused(wrong, 403, "bad_table_token")
    assert snapshot(store, stream, app)[0] == before[0]


def test_a_table_token_runs_no_other_command_type(
    app: FastAPI, night: tuple[Director, str, str], store: EventStore
) -> None:
    _, stream, token = night
    examples = example_bodies()
    assert len(examples) > 40
    head = store.head(stream)
    with TestClient(app) as device:
        for kind, body in sorted(examples.items()):
            if kind in TABLE_COMMANDS:
                continue
            if "table" in body:
                body = {**body, "table": 2}
            response = device.post(
                f"/api/tournaments/{stream}/tables/2/commands",
                json=body,
                headers={"X-Table-Token": token},
            )
            assert response.status_code == 403, (kind, response.text)
            assert response.json()["code"] == "not_this_table", kind
    assert store.head(stream) == head


def test_a_table_token_cannot_read_the_director_or_another_table(
    app: FastAPI, night: tuple[Director, str, str]
) -> None:
    _, stream, token = night
    headers = {"X-Table-Token": token}
    with TestClient(app) as device:
        for url in (
            f"/api/tournaments/{stream}/director",
            f"/api/tournaments/{stream}/log",
            f"/api/tournaments/{stream}/undo",
            f"/api/tournaments/{stream}/export/entries.csv",
            f"/api/tournaments/{stream}/tables/2/link",
        ):
            assert_refused(device.get(url, headers=headers), 401, "not_signed_in")
        assert_refused(
            device.get(f"/api/tournaments/{stream}/tables/3", headers=headers),
            403,
            "bad_table_token",
        )
        page = device.get(f"/t/{stream}", headers=headers, follow_redirects=False)
        assert page.status_code == 303  # the console sends a table device to sign in


# --- the WebSocket ----------------------------------------------------------------------------


def refused_screen(client: TestClient, url: str, **kwargs: Any) -> tuple[dict[str, Any], int]:
    """The error a refused screen is sent, and the close code."""
    with client.websocket_connect(url, **kwargs) as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code


def test_the_directors_screen_needs_the_session(app: FastAPI, director: Director) -> None:
    stream = director.create()
    with TestClient(app) as stranger:
        error, code = refused_screen(stranger, f"/ws/tournaments/{stream}?role=director")
    assert error["kind"] == "error"
    assert error["code"] == "not_signed_in"
    assert code == 4403


def test_the_directors_screen_refuses_a_foreign_origin(director: Director) -> None:
    stream = director.create()
    url = f"/ws/tournaments/{stream}?role=director"
    error, code = refused_screen(director.client, url, headers={"origin": "http://evil.example"})
    assert error["code"] == "foreign_origin"
    assert code == 4403
    with director.client.websocket_connect(url, headers={"origin": "http://testserver"}) as ws:
        assert ws.receive_json()["kind"] == "director"


def test_a_table_screen_needs_its_own_tables_token(
    app: FastAPI, night: tuple[Director, str, str]
) -> None:
    _, stream, token = night
    with TestClient(app) as device:
        url = f"/ws/tournaments/{stream}?role=table&table=3&token={token}"
        error, code = refused_screen(device, url)
        assert (error["code"], code) == ("bad_table_token", 4403)
        with device.websocket_connect(
            f"/ws/tournaments/{stream}?role=table&table=2&token={token}"
        ) as ws:
            assert ws.receive_json()["table"] == 2


# --- private fields never public --------------------------------------------------------------


def private_details(i: int) -> dict[str, Any]:
    """Every private field of player ``i``, filled with a marker found nowhere else."""
    return {
        "address": f"{i} Qzxv Secretlane, Louisville KY",
        "email": f"qzxv.mail{i:02d}@private.example",
        "phone": f"+1-502-555-{i:04d} qzxvphone",
        "date_of_birth": f"1931-07-{i:02d}",
        "national_id": f"QZXVNID{i:02d}",
        "driver_licence": f"QZXVDL{i:02d}",
        "age_verified": True,
    }


def markers(players: int) -> list[str]:
    found = []
    for i in range(1, players + 1):
        details = private_details(i)
        found += [v for k, v in details.items() if isinstance(v, str)]
        found += [f"07/{i:02d}/1931", f"{i:02d}/07/1931", f"July {i}, 1931"]
    return [*found, "qzxv", "Qzxv", "QZXV", "Secretlane", "private.example"]


PRIVATE_KEYS = ["address", "email", "phone", "date_of_birth", "national_id", "driver_licence"]
PRIVATE_KEYS += ["age_verified", "details"]

EXPECTED_PUBLIC = {
    "/api/tournaments/{stream}/public",
    "/api/tournaments/{stream}/seat",
    "/t/{stream}/clock",
    "/t/{stream}/seating",
    "/t/{stream}/results",
    "/t/{stream}/print/payouts",
    "/t/{stream}/print/results",
}


def leaks(text: str, *, players: int) -> list[str]:
    """The private markers found in ``text``."""
    lowered = text.lower()
    return [m for m in markers(players) if m.lower() in lowered]


def json_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in json_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in json_keys(v)}
    return set()


def test_no_private_field_reaches_a_public_page_or_payload(
    app: FastAPI, director: Director
) -> None:
    players = 24
    stream = running(director, players, details=True)
    director.command(stream, bust_at(director.client, stream, 1))
    director.command(stream, bust_at(director.client, stream, 3))

    # the director sees them, one player at a time: the markers are real
    details = f"/api/tournaments/{stream}/players/p01/details"
    assert "QZXVNID01" in director.client.get(details).text
    assert "qzxv.mail02@private.example" in director.client.get(details.replace("p01", "p02")).text
    assert not leaks(director.client.get(f"/api/tournaments/{stream}/director").text, players=24)

    token = director.client.get(f"/api/tournaments/{stream}/tables/1/link").json()["token"]
    answered: dict[str, int] = {}
    with TestClient(app) as public:
        for method, path in routes(app):
            if method != "GET" or path.startswith("/static"):
                continue
            url = fill(path, stream)
            params = {"name": "player"} if path.endswith("/seat") else {}
            for who, headers in (("public", {}), ("table 1", {"X-Table-Token": token})):
                response = public.get(url, params=params, headers=headers, follow_redirects=False)
                if response.status_code >= 300:
                    continue
                answered[f"{who} {path}"] = response.status_code
                found = leaks(response.text, players=players)
                assert not found, f"{who} GET {url} shows private fields: {found}"
                # a tournament's data carries no private key either (a schema such as
                # /api/commands may name the fields: it holds no one's details)
                is_json = response.headers.get("content-type", "").startswith("application/json")
                if is_json and path.startswith("/api/tournaments/{stream}"):
                    keys = json_keys(response.json()) & set(PRIVATE_KEYS)
                    assert not keys, f"{who} GET {url} has private keys {keys}"

        table_page = public.get(f"/t/{stream}/table/1", params={"token": token})
        assert table_page.status_code == 200
        assert not leaks(table_page.text, players=players)

        for query in ("role=public", f"role=table&table=1&token={token}"):
            with public.websocket_connect(f"/ws/tournaments/{stream}?{query}") as ws:
                payload = ws.receive_json()
            assert payload["kind"] in {"public", "table"}
            assert not leaks(json.dumps(payload), players=players), query
            assert not json_keys(payload) & set(PRIVATE_KEYS), query

    public_paths = {name.split(" ", 1)[1] for name in answered if name.startswith("public ")}
    assert public_paths >= EXPECTED_PUBLIC
    # and the director's own pages were refused, not scanned as public
    assert "/api/tournaments/{stream}/director" not in public_paths
    assert "/api/tournaments/{stream}/export/{report}.csv" not in public_paths
    assert "/t/{stream}" not in public_paths


# --- private details on the director's console (THC 1, issue 24) -----------------------------


def _frames_until(ws: Any, seq: int, frames: list[str]) -> None:
    """Read the director's frames until one is at ``seq``, keeping each."""
    while True:
        text = ws.receive_text()
        frames.append(text)
        if json.loads(text)["seq"] >= seq:
            return


def test_no_frame_of_the_directors_console_carries_a_private_detail_over_a_night(
    app: FastAPI, director: Director, store: EventStore, caplog: pytest.LogCaptureFixture
) -> None:
    """Every WebSocket frame the console receives, from the registrations with every detail
    filled to the books closed, decoded: no detail's value anywhere in it, only which details
    are filled; nor in any log line (Python's logging, the event log in words, the undo plan)
    nor in any export but the treasurer's record asked for with its details."""
    caplog.set_level(logging.DEBUG)
    players = 12
    stream = director.create(preset="tda")  # no re-buys: the last one standing wins at once
    frames: list[str] = []
    with director.client.websocket_connect(f"/ws/tournaments/{stream}?role=director") as ws:
        frames.append(ws.receive_text())

        def run(command: dict[str, Any]) -> None:
            director.command(stream, command)
            _frames_until(ws, store.head(stream), frames)

        for i in range(1, players + 1):
            body = {"type": "register_player", "player_id": f"p{i:02d}", "name": f"Player {i:02d}"}
            run({**body, "details": private_details(i)})
        details = {**private_details(3), "phone": "+1-502-555-0303 qzxvphone"}
        run({"type": "edit_registration", "player_id": "p03", "details": details})
        run({"type": "withdraw_player", "player_id": "p12"})
        run({"type": "draw_seats"})
        run({"type": "start_tournament"})
        while len(seated_all(director.client, stream)) > 1:
            table = min(t for t, _ in seated_all(director.client, stream))
            players_at = [p for t, p in seated_all(director.client, stream) if t == table]
            if len(players_at) < 2:
                table = max(t for t, _ in seated_all(director.client, stream))
            run(bust_at(director.client, stream, table))
            while director.client.get(f"/api/tournaments/{stream}/director").json()["proposal"]:
                run({"type": "confirm_seat_change"})
        view = director.client.get(f"/api/tournaments/{stream}/director").json()
        for result in view["results"]:
            if result["prize_cents"] > result["paid_cents"]:
                run({"type": "pay_prize", "player_id": result["player_id"]})
        run({"type": "close_books"})

    assert len(frames) > players + 10
    for frame in frames:
        payload = json.loads(frame)
        assert payload["kind"] == "director"
        assert not leaks(frame, players=players), leaks(frame, players=players)
        assert not json_keys(payload) & set(PRIVATE_KEYS)
    last = {p["player_id"]: p for p in json.loads(frames[-1])["players"]}
    assert last["p01"]["details_filled"] == [*PRIVATE_KEYS[:-1]]  # which, never what

    told = director.client.get(f"/api/tournaments/{stream}/log").text
    assert "private details replaced (given:" in told
    assert not leaks(told, players=players)
    assert not leaks(director.client.get(f"/api/tournaments/{stream}/undo").text, players=players)
    assert not leaks(caplog.text, players=players)
    for report in ("entries", "results", "chips_removed", "ledger"):
        text = director.client.get(f"/api/tournaments/{stream}/export/{report}.csv").text
        assert not leaks(text, players=players), report


def seated_all(client: TestClient, stream: str) -> list[tuple[int, str]]:
    public = client.get(f"/api/tournaments/{stream}/public").json()
    return [(line["table"], line["player_id"]) for line in public["seating"]]


def test_the_treasurers_entries_export_alone_carries_the_private_details(
    director: Director,
) -> None:
    """THC add. 10: the entries are the record a charitable-gaming office keeps; asked for
    with its details, the entries export is the treasurer's record (THC 1); no other report
    carries them, even when asked."""
    stream = running(director, 24, details=True)
    base = f"/api/tournaments/{stream}/export"
    record = director.client.get(f"{base}/entries.csv", params={"details": "true"})
    assert record.status_code == 200, record.text
    assert record.headers["cache-control"] == "no-store"
    assert 'filename="entries-with-details.csv"' in record.headers["content-disposition"]
    rows = list(csv.DictReader(io.StringIO(record.text)))
    first = next(row for row in rows if row["player_id"] == "p01")
    assert first["national_id"] == "QZXVNID01"
    assert first["age_verified"] == "yes"
    refused = director.client.get(f"{base}/results.csv", params={"details": "true"})
    assert_refused(refused, 422, "details_not_in_report")
    assert "treasurer" in refused.json()["message"]


def test_one_players_details_answer_the_director_and_nobody_else(
    app: FastAPI, director: Director
) -> None:
    stream = running(director, 8, details=True)
    url = f"/api/tournaments/{stream}/players/p03/details"
    answer = director.client.get(url)
    assert answer.status_code == 200, answer.text
    assert answer.headers["cache-control"] == "no-store"
    body = answer.json()
    assert body["name"] == "Player 03"
    assert body["details"]["national_id"] == "QZXVNID03"
    assert body["details"]["date_of_birth"] == "1931-07-03"
    assert "national_id" in body["filled"]

    auth = app.state.auth
    table = auth.table_token(stream, 1)
    player = auth.player_token(stream, "p03")
    with TestClient(app) as other:
        for headers, params in (
            ({}, {}),
            ({"X-Table-Token": table}, {"token": table}),
            ({}, {"token": player}),
            ({"X-Player-Token": player}, {}),
        ):
            refused = other.get(url, headers=headers, params=params)
            assert_refused(refused, 401, "not_signed_in")
            assert "QZXV" not in refused.text
    unknown = director.client.get(f"/api/tournaments/{stream}/players/p99/details")
    assert_refused(unknown, 422, "unknown_player")
