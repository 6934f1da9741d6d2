"""The JSON API: every command through the one codec, tournaments from a preset or a house
TOML, the views, the log with undo and redo, the CSV exports, the OpenAPI documents, and one
error shape ``{code, params, message}`` with a 4xx status."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from tests.server.conftest import SETUP_CODE, Director, TestClock

from pitboss.rules import RuleSet
from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore

PRESETS = Path(__file__).resolve().parents[2] / "src" / "pitboss" / "rules" / "presets"


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    """conftest's app without following other writers (its listener's poll makes every
    shutdown wait up to 0.5 s; nothing here writes from outside)."""
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    """The response is the one error shape with ``status`` (and ``code``); its body."""
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    assert set(body) == {"code", "params", "message"}, body
    assert isinstance(body["code"], str)
    assert body["code"]
    assert isinstance(body["params"], dict)
    assert isinstance(body["message"], str)
    assert body["message"]
    if code is not None:
        assert body["code"] == code, body
    return body


def register(director: Director, stream: str, n: int) -> list[str]:
    """Register players p01..pNN; their ids."""
    ids = [f"p{i:02d}" for i in range(1, n + 1)]
    for pid in ids:
        director.command(stream, {"type": "register_player", "player_id": pid, "name": f"N {pid}"})
    return ids


def running(director: Director, players: int = 12) -> str:
    """A tournament with ``players`` drawn and started."""
    stream = director.create()
    register(director, stream, players)
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    return stream


# --- commands through the codec ---------------------------------------------------------------

REFUSED_BODIES: list[tuple[str, Any, str]] = [
    ("unknown type", {"type": "deal_me_in"}, "unknown_command"),
    ("no type", {"player_id": "p01"}, "unknown_command"),
    ("unknown field", {"type": "pause_clock", "minutes": 5}, "unknown_field"),
    (
        "wrong type",
        {"type": "register_player", "player_id": 7, "name": "Ann"},
        "bad_field",
    ),
    ("integer as text", {"type": "adjust_clock", "seconds": "60"}, "bad_field"),
    ("missing field", {"type": "register_player", "name": "Ann"}, "missing_field"),
    ("not an object", ["pause_clock"], "bad_command"),
    ("not JSON", b"{'type': 'pause_clock'}", "bad_json"),
    ("key twice", b'{"type": "pause_clock", "type": "resume_clock"}', "bad_json"),
    ("NaN", b'{"type": "adjust_clock", "seconds": NaN}', "bad_json"),
]


def test_a_command_that_does_not_fit_the_codec_is_refused_with_422_and_nothing_recorded(
    director: Director, store: EventStore
) -> None:
    stream = director.create()
    head = store.head(stream)
    url = f"/api/tournaments/{stream}/commands"
    for what, body, code in REFUSED_BODIES:
        if isinstance(body, bytes):
            sent = {"content": body, "headers": {"content-type": "application/json"}}
        else:
            sent = {"json": body}
        response = director.post(url, **sent)
        assert response.status_code == 422, (what, response.text)
        error = assert_error(response, 422, code)
        if code in {"unknown_field", "bad_field", "missing_field"}:
            assert "field" in error["params"], what
        assert store.head(stream) == head, what


def test_an_unknown_command_lists_the_known_ones(director: Director) -> None:
    stream = director.create()
    error = assert_error(
        director.post(f"/api/tournaments/{stream}/commands", json={"type": "shuffle"}), 422
    )
    assert "register_player" in error["params"]["known"]


def test_a_command_the_rules_refuse_is_422_and_nothing_recorded(
    director: Director, store: EventStore
) -> None:
    stream = director.create()
    head = store.head(stream)
    response = director.post(f"/api/tournaments/{stream}/commands", json={"type": "pause_clock"})
    assert_error(response, 422, "clock_not_started")
    assert store.head(stream) == head


def test_an_accepted_command_answers_its_batch_seq_and_events_in_words(
    director: Director, store: EventStore
) -> None:
    stream = director.create()
    answer = director.command(
        stream, {"type": "register_player", "player_id": "p01", "name": "Ann Lee"}
    )
    assert answer["seq"] == store.head(stream)
    assert isinstance(answer["batch"], int)
    assert answer["events"][0]["type"] == "player_registered"
    assert "Ann Lee" in answer["events"][0]["text"]


# --- creating a tournament --------------------------------------------------------------------


def test_a_tournament_is_created_from_a_preset_and_listed(director: Director) -> None:
    stream = director.create("Tuesday", preset="tda")
    listed = director.client.get("/api/tournaments").json()
    assert {"id": stream, "name": "Tuesday"}.items() <= next(
        t for t in listed if t["id"] == stream
    ).items()
    presets = director.client.get("/api/presets").json()
    assert {p["name"] for p in presets} >= {"tda", "ky-charity"}


def test_a_tournament_is_created_from_an_uploaded_house_toml(director: Director) -> None:
    text = (PRESETS / "thc.toml").read_text()
    response = director.post("/api/tournaments", json={"name": "House night", "rules_toml": text})
    assert response.status_code == 201, response.text
    stream = response.json()["id"]
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert public["name"] == "House night"
    assert public["clock"]["levels"] > 0


@pytest.mark.parametrize(
    "text",
    ["this is [not toml", "[tournament]\nstarting_chips = -5\n"],
    ids=["not TOML", "out of range"],
)
def test_a_broken_house_toml_is_refused_with_a_clear_message(
    director: Director, store: EventStore, text: str
) -> None:
    before = len(store.tournaments())
    error = assert_error(
        director.post("/api/tournaments", json={"name": "House", "rules_toml": text}), 422
    )
    assert error["code"] in {"bad_toml", "unknown_setting"}
    assert error["params"]["family"] == "bad_rule_set"  # the code a client matched before
    assert "uploaded" in error["message"] or "where" in error["params"]
    assert len(store.tournaments()) == before


def test_an_unknown_preset_names_the_available_ones(director: Director) -> None:
    error = assert_error(
        director.post("/api/tournaments", json={"name": "X", "preset": "vegas"}), 422
    )
    assert "tda" in error["message"]


def test_neither_or_both_of_preset_and_toml_is_refused(director: Director) -> None:
    text = (PRESETS / "tda.toml").read_text()
    for body in ({"name": "X"}, {"name": "X", "preset": "tda", "rules_toml": text}):
        assert_error(director.post("/api/tournaments", json=body), 422, "bad_rules_choice")


# --- views ------------------------------------------------------------------------------------


def test_the_public_view_shows_the_clock_board_and_seating(director: Director) -> None:
    stream = running(director)
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert public["kind"] == "public"
    assert public["entries"] == 12
    assert public["players_left"] == 12
    assert public["clock"]["running"] is True
    assert len(public["seating"]) == 12
    assert public["tables"] == sorted({line["table"] for line in public["seating"]})


def test_the_director_view_has_every_player_and_the_ledger(director: Director) -> None:
    stream = running(director)
    view = director.client.get(f"/api/tournaments/{stream}/director").json()
    assert view["kind"] == "director"
    assert len(view["players"]) == 12
    assert "ledger" in view
    assert "proposal" in view
    assert view["next_player_id"] == "p013"


def test_find_my_seat_matches_part_of_a_name_and_ignores_case(director: Director) -> None:
    stream = running(director)
    found = director.client.get(f"/api/tournaments/{stream}/seat", params={"name": "n P07"})
    assert found.status_code == 200, found.text
    seats = found.json()["seats"]
    assert [s["name"] for s in seats] == ["N p07"]
    assert seats[0]["table"] >= 1
    assert seats[0]["seat"] >= 1
    none = director.client.get(f"/api/tournaments/{stream}/seat", params={"name": "zz"})
    assert none.json()["seats"] == []
    assert_error(
        director.client.get(f"/api/tournaments/{stream}/seat", params={"name": "  "}),
        422,
        "blank_name",
    )


def test_a_table_view_shows_its_own_players_only(director: Director) -> None:
    stream = running(director)
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    view = director.client.get(f"/api/tournaments/{stream}/tables/1").json()
    assert view["kind"] == "table"
    assert view["table"] == 1
    assert view["exists"] is True
    expected = {line["player_id"] for line in public["seating"] if line["table"] == 1}
    assert {p["player_id"] for p in view["players"]} == expected


def test_a_cached_view_counts_down_from_the_instant_it_is_read(
    director: Director, clock: TestClock
) -> None:
    """Regression: a view built once per change was served later with a fresh ``server_now``
    but the time left as it stood when built (90 s too much after 90 s)."""
    stream = running(director)
    first = director.client.get(f"/api/tournaments/{stream}/public").json()["clock"]
    clock.advance(90_000)
    for url in (f"/api/tournaments/{stream}/public", f"/api/tournaments/{stream}/tables/1"):
        later = director.client.get(url).json()
        assert later["server_now"] == clock()
        assert later["clock"]["remaining_ms"] == first["remaining_ms"] - 90_000
        assert later["clock"]["ends_at"] == first["ends_at"]
        assert later["clock"]["time_limit_in_ms"] == first["time_limit_in_ms"] - 90_000


# --- the log, undo and redo -------------------------------------------------------------------


def bust(director: Director, stream: str, table: int = 1) -> dict[str, Any]:
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    seated = [line["player_id"] for line in public["seating"] if line["table"] == table]
    return director.command(
        stream,
        {"type": "record_bust", "table": table, "busted": [seated[0]], "eliminated_by": seated[1]},
    )


def test_the_log_tells_every_event_in_words(director: Director, store: EventStore) -> None:
    stream = running(director)
    log = director.client.get(f"/api/tournaments/{stream}/log").json()
    assert [line["seq"] for line in log] == list(range(1, store.head(stream) + 1))
    assert any(line["type"] == "seats_drawn" for line in log)
    assert all(line["text"] and line["in_effect"] for line in log)


def test_undo_takes_out_the_planned_batch_then_redo_puts_it_back(
    director: Director, store: EventStore
) -> None:
    stream = running(director)
    busted = bust(director, stream)
    base = f"/api/tournaments/{stream}"
    plan = director.client.get(f"{base}/undo").json()
    assert plan["kind"] == "undo"
    assert [b["batch"] for b in plan["batches"]] == [busted["batch"]]
    assert plan["batches"][0]["command"] == "record_bust"

    undone = director.post(f"{base}/undo", json={"expect": [busted["batch"]]})
    assert undone.status_code == 200, undone.text
    assert undone.json()["seq"] == store.head(stream)
    assert director.client.get(f"{base}/public").json()["players_left"] == 12
    log = director.client.get(f"{base}/log").json()
    assert not any(line["in_effect"] for line in log if line["batch"] == busted["batch"])

    redo = director.client.get(f"{base}/redo").json()
    assert [b["batch"] for b in redo["batches"]] == [busted["batch"]]
    redone = director.post(f"{base}/redo", json={"expect": [busted["batch"]]})
    assert redone.status_code == 200, redone.text
    assert director.client.get(f"{base}/public").json()["players_left"] == 11


def test_the_undo_plan_says_what_each_batch_did_in_words_not_event_names(
    director: Director,
) -> None:
    """Issue 24: the director confirms an undo reading what it takes out, as the log tells
    it ("Ann Lee registered ..."), not ``register_player (player_registered)``."""
    stream = director.create()
    director.command(stream, {"type": "register_player", "player_id": "p01", "name": "Ann Lee"})
    plan = director.client.get(f"/api/tournaments/{stream}/undo").json()
    (batch,) = plan["batches"]
    assert batch["lines"][0].startswith("Ann Lee registered (paid ")
    assert batch["events"] == ["player_registered"]  # the types stay, for programs


def test_an_undo_with_a_stale_expect_is_refused_409_and_nothing_recorded(
    director: Director, store: EventStore
) -> None:
    stream = running(director)
    first = bust(director, stream, table=1)
    bust(director, stream, table=2)  # the log moved on since the director saw the plan
    head = store.head(stream)
    response = director.post(f"/api/tournaments/{stream}/undo", json={"expect": [first["batch"]]})
    assert_error(response, 409, "undo_changed")
    assert store.head(stream) == head


def test_nothing_to_undo_or_redo_is_409(director: Director) -> None:
    stream = director.create()
    assert_error(director.client.get(f"/api/tournaments/{stream}/undo"), 409, "nothing_to_undo")
    assert_error(
        director.post(f"/api/tournaments/{stream}/redo", json={"expect": []}),
        409,
        "nothing_to_redo",
    )


def test_an_undo_without_its_expect_is_a_malformed_request(director: Director) -> None:
    stream = running(director)
    bust(director, stream)
    assert_error(director.post(f"/api/tournaments/{stream}/undo", json={}), 422, "bad_request")


# --- exports ----------------------------------------------------------------------------------


def test_every_report_exports_as_csv(director: Director) -> None:
    stream = running(director)
    bust(director, stream)
    for report in ("entries", "results", "chips_removed", "ledger", "log"):
        response = director.client.get(f"/api/tournaments/{stream}/export/{report}.csv")
        assert response.status_code == 200, response.text
        assert response.headers["content-type"].startswith("text/csv")
        assert f'filename="{report}.csv"' in response.headers["content-disposition"]
        rows = list(csv.reader(io.StringIO(response.text)))
        assert len(rows) >= 2, report
        assert all(rows[0]), report


def test_the_consoles_books_carry_the_head_hash_that_verify_checks(
    director: Director, store: EventStore
) -> None:
    """Issue 25: the treasurer's export carries the log's head hash, the console's downloads
    as the command line's, so the books can be checked against the stored night later."""
    from pitboss.store.chain import verify

    stream = running(director)
    bust(director, stream)
    text = director.client.get(f"/api/tournaments/{stream}/export/log.csv").text
    rows = dict(csv.reader(io.StringIO(text)))
    assert rows["id"] == stream
    assert int(rows["events"]) == store.head(stream)
    check = verify(store, stream, expect=rows["sha256"])
    assert check.is_intact
    assert check.expected is not None


def test_the_entries_export_has_a_row_per_player(director: Director) -> None:
    stream = running(director)
    text = director.client.get(f"/api/tournaments/{stream}/export/entries.csv").text
    rows = list(csv.DictReader(io.StringIO(text)))
    assert {row["player_id"] for row in rows} >= {f"p{i:02d}" for i in range(1, 13)}


def test_an_unknown_report_is_404_listing_the_reports(director: Director) -> None:
    stream = director.create()
    error = assert_error(
        director.client.get(f"/api/tournaments/{stream}/export/taxes.csv"), 404, "not_found"
    )
    assert "ledger" in error["params"]["allowed"]


# --- OpenAPI ----------------------------------------------------------------------------------


def test_the_openapi_document_lists_the_command_endpoint(app: FastAPI) -> None:
    with TestClient(app) as client:
        schema = client.get("/openapi.json")
        assert schema.status_code == 200
        paths = schema.json()["paths"]
        command = paths["/api/tournaments/{stream}/commands"]["post"]
        assert "requestBody" in command
        assert "/api/tournaments/{stream}/public" in paths
        docs = client.get("/docs")
        assert docs.status_code == 200
        assert "openapi.json" in docs.text


# --- one error shape --------------------------------------------------------------------------


def test_an_unknown_tournament_is_404_in_the_error_shape(director: Director) -> None:
    for url in ("/api/tournaments/nope/public", "/api/tournaments/nope/director"):
        assert_error(director.client.get(url), 404, "unknown_stream")
    response = director.post("/api/tournaments/nope/commands", json={"type": "pause_clock"})
    assert_error(response, 404)


def test_an_unknown_address_and_a_wrong_method_are_in_the_error_shape(app: FastAPI) -> None:
    with TestClient(app) as client:
        assert_error(client.get("/api/nothing-here"), 404, "not_found")
        assert_error(client.put("/api/tournaments"), 405, "method_not_allowed")
        assert_error(client.delete("/api/presets"), 405, "method_not_allowed")


def test_a_malformed_body_is_422_in_the_error_shape(director: Director) -> None:
    not_json = director.post(
        "/api/tournaments", content=b"{name", headers={"content-type": "application/json"}
    )
    assert_error(not_json, 422)
    missing = assert_error(director.post("/api/tournaments", json={"preset": "tda"}), 422)
    assert missing["code"] == "bad_request"
    assert any(p["field"] == "name" for p in missing["params"]["problems"])
    too_long = director.post("/api/tournaments", json={"name": "x" * 201, "preset": "tda"})
    assert_error(too_long, 422, "bad_request")


def test_a_wrong_path_parameter_type_is_422(director: Director) -> None:
    stream = director.create()
    assert_error(director.client.get(f"/api/tournaments/{stream}/tables/one"), 422, "bad_request")


def test_every_page_has_an_icon_and_a_browser_asking_for_favicon_ico_gets_it(app: FastAPI) -> None:
    """Issue 31: every page asked for a missing favicon (a 404 in every browser's console and
    the server's log). The pages name /static/favicon.svg, and /favicon.ico answers too."""
    with TestClient(app) as client:
        page = client.get("/guide")
        assert '<link rel="icon" href="/static/favicon.svg"' in page.text
        for path in ("/favicon.ico", "/static/favicon.svg"):
            answer = client.get(path)
            assert answer.status_code == 200, path
            assert answer.headers["content-type"].startswith("image/svg+xml")
            assert answer.text.startswith("<svg")


def test_the_door_form_marks_the_details_the_house_requires_thc_1(
    app: FastAPI, director: Director
) -> None:
    """Issue 31: THC 1 requires seven private details, yet the door form called them all
    optional. Under THC each is marked required (and the section opens); under TDA, which
    requires none, they stay optional."""
    thc = app.state.hub.create("THC night", RuleSet.from_preset("thc"))
    page = director.client.get(f"/t/{thc}").text
    assert "Private details (the house requires 7; never shown in public)" in page
    assert page.count('<small class="req">(required)</small>') == 14  # the door and the edit
    assert 'name="details.national_id" type="text" data-required' in page
    tda = app.state.hub.create("TDA night", RuleSet.from_preset("tda"))
    page = director.client.get(f"/t/{tda}").text
    assert "Private details (optional; never shown in public)" in page
    assert "(required)</small>" not in page
