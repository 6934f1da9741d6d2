"""The blind sheet served: a tournament's (its name, field, start and prizes) and any shipped
preset's (public, its query checked), linked from the console's print links."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import START, Director


def test_a_presets_sheet_is_public_with_payouts_for_the_field_and_the_clock(
    director: Director,
) -> None:
    with TestClient(director.client.app) as stranger:
        page = stranger.get("/presets/ky-charity/sheet?players=100&start=18:00")
    assert page.status_code == 200, page.text
    html = page.text
    assert "Kentucky charity tournament" in html
    assert '<td class="num">18:00</td>' in html
    assert "25/50" in html
    assert "colour up the 25" in html  # KY 10
    assert "Prize pool <b>$8,500</b>" in html  # KY 18: 85% of 100 x $100
    assert "legal limit at 00:00 (+1)" in html  # KY 11
    assert "KY 11" not in html
    assert "seed 000" not in html
    cited = director.client.get("/presets/ky-charity/sheet?players=100&rules=1").text
    assert "(KY 11)" in cited


def test_a_sit_and_go_sheet_is_drawn_for_its_table_by_default_thc_1(director: Director) -> None:
    html = director.client.get("/presets/thc-sit-and-go/sheet").text
    assert "Entries <b>10</b>" in html
    assert "3 paid" in html


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ("/presets/ky-charity/sheet?players=lots", 422, "bad_players"),
        ("/presets/ky-charity/sheet?players=0", 422, "bad_players"),
        ("/presets/ky-charity/sheet?players=1000000", 422, "bad_players"),
        ("/presets/ky-charity/sheet?start=25:00", 422, "bad_start"),
        ("/presets/ky-charity/sheet?start=6pm", 422, "bad_start"),
        ("/presets/nowhere/sheet", 404, "not_found"),
        ("/presets/thc-sit-and-go/sheet?players=11", 422, "too_many_entries"),
        ("/t/no-such-night/print/structure", 404, None),
    ],
)
def test_a_sheet_asked_for_wrongly_is_refused_with_its_code(
    director: Director, query: str, status: int, code: str | None
) -> None:
    answer = director.client.get(query)
    assert answer.status_code == status, answer.text
    if code is not None:
        assert answer.json()["code"] == code
        assert answer.json()["message"]


def test_a_tournaments_sheet_has_its_name_field_start_and_prizes(director: Director) -> None:
    stream = director.create("Friday charity", preset="ky-charity")
    before = director.client.get(f"/t/{stream}/print/structure?start=17:30")
    assert before.status_code == 200
    assert '<td class="num">17:30</td>' in before.text
    assert "Payouts depend on the number of entries" in before.text
    for n in range(1, 13):
        director.command(stream, {"type": "register_player", "player_id": f"p{n}", "name": f"P{n}"})
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    html = director.client.get(f"/t/{stream}/print/structure").text
    assert "<h1>Friday charity</h1>" in html
    assert "Entries <b>12</b>" in html
    started = datetime.fromtimestamp(START / 1000, tz=UTC).astimezone()
    assert f"Starts <b>{started:%H:%M}</b>" in html  # play's start, on this server's clock
    prizes = director.client.get(f"/api/tournaments/{stream}/public").json()["payouts"]
    assert prizes
    assert f"${prizes[0]['cents'] // 100:,}" in html
    projected = director.client.get(f"/t/{stream}/print/structure?players=50").text
    assert "Entries <b>50</b>" in projected


def test_the_console_links_to_the_blind_sheet(director: Director) -> None:
    stream = director.create()
    console = director.client.get(f"/t/{stream}").text
    assert f'href="/t/{stream}/print/structure"' in console
