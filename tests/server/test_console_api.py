"""The console's server side (issue 24): a table break shown seat by seat before it is
confirmed and its move slips printed, the director's guide served read-only."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from tests.server.conftest import Director

from pitboss.server import pages


def _view(director: Director, stream: str) -> dict[str, Any]:
    view: dict[str, Any] = director.client.get(f"/api/tournaments/{stream}/director").json()
    return view


def break_due(director: Director) -> tuple[str, dict[str, Any]]:
    """21 players at three tables, busted one by one until a table is to break; the
    tournament and the break's proposal."""
    stream = director.create()
    for i in range(1, 22):
        director.command(
            stream, {"type": "register_player", "player_id": f"p{i:03d}", "name": f"Player {i}"}
        )
    director.command(stream, {"type": "draw_seats"})
    director.command(stream, {"type": "start_tournament"})
    while True:
        proposal = _view(director, stream)["proposal"]
        if proposal is not None and proposal["kind"] == "break":
            return stream, proposal
        if proposal is not None:
            director.command(stream, {"type": "confirm_seat_change"})
            continue
        seating = _view(director, stream)["seating"]
        tables: dict[int, list[str]] = {}
        for line in seating:
            tables.setdefault(line["table"], []).append(line["player_id"])
        table = max(tables, key=lambda t: len(tables[t]))
        busted, winner = tables[table][:2]
        director.command(
            stream,
            {"type": "record_bust", "table": table, "busted": [busted], "eliminated_by": winner},
        )


def test_a_break_shows_who_goes_where_before_it_is_confirmed(director: Director) -> None:
    stream, proposal = break_due(director)
    seated = [
        line for line in _view(director, stream)["seating"] if line["table"] == proposal["table"]
    ]
    assert sorted(m["player_id"] for m in proposal["moves"]) == sorted(
        s["player_id"] for s in seated
    )
    for move in proposal["moves"]:
        assert move["from_table"] == proposal["table"]
        assert move["to_table"] != proposal["table"]
        line = f"Table {move['from_table']} seat {move['from_seat']}, {move['name']}, to Table"
        assert any(text.startswith(line) for text in proposal["lines"])
    assert _view(director, stream)["proposal"] == proposal  # one draw, however often it is read


def test_the_move_slips_print_each_player_from_and_to_and_the_confirm_keeps_those_seats(
    director: Director,
) -> None:
    stream, proposal = break_due(director)
    slips = director.client.get(f"/t/{stream}/print/moves")
    assert slips.status_code == 200
    for move in proposal["moves"]:
        assert move["name"] in slips.text
        assert (
            f"from Table {move['from_table']} seat {move['from_seat']} → <b>Table "
            f"{move['to_table']} seat {move['to_seat']}</b>"
        ) in slips.text
    assert "before the break is confirmed" in slips.text

    seats = [
        {"player_id": m["player_id"], "table": m["to_table"], "seat": m["to_seat"]}
        for m in proposal["moves"]
    ]
    director.command(
        stream, {"type": "confirm_seat_change", "seats": seats, "draw": proposal["draw"]}
    )
    where = {
        line["player_id"]: (line["table"], line["seat"])
        for line in _view(director, stream)["seating"]
    }
    for move in proposal["moves"]:
        assert where[move["player_id"]] == (move["to_table"], move["to_seat"])
    after = director.client.get(f"/t/{stream}/print/moves").text
    assert f"Table {proposal['table']} was broken" in after
    assert proposal["moves"][0]["name"] in after


def test_the_move_slips_need_the_director(director: Director) -> None:
    stream, _ = break_due(director)
    director.client.cookies.clear()
    answer = director.client.get(f"/t/{stream}/print/moves", follow_redirects=False)
    assert answer.status_code == 303
    assert "/login" in answer.headers["location"]


def test_the_guide_is_served_read_only_from_its_markdown(
    director: Director, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    guide = tmp_path / "director-guide.md"
    guide.write_text(
        "# The director's guide\n\nRecord a **bust** on the Tables tab.\n\n"
        "<script>alert(1)</script>\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(pages, "GUIDE", guide)
    page = director.client.get("/guide")
    assert page.status_code == 200
    assert "<h1>The director's guide</h1>" in page.text
    assert "<strong>bust</strong>" in page.text
    assert "<script>alert(1)</script>" not in page.text  # raw HTML shown as text, never run
    text = director.client.get("/guide.md")
    assert text.headers["content-type"].startswith("text/markdown")
    assert text.text.startswith("# The director's guide")


def test_the_guide_says_where_it_is_when_it_is_not_on_the_machine(
    director: Director, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "GUIDE", tmp_path / "missing.md")
    page = director.client.get("/guide")
    assert page.status_code == 200
    assert "docs/director-guide.md" in page.text
    assert director.client.get("/guide.md").status_code == 404


def test_the_real_guide_shows_its_pictures_and_covers_the_night(director: Director) -> None:
    """docs/director-guide.md (issue 24): every picture it shows is in docs/img and served at
    /guide/img; it walks the night from the door to closing the books and a dead laptop."""
    text = pages.GUIDE.read_text(encoding="utf-8")
    pictures = re.findall(r"!\[[^\]]*\]\(img/([^)]+)\)", text)
    assert len(pictures) >= 6
    for name in pictures:
        assert (pages.GUIDE.parent / "img" / name).is_file(), name
    page = director.client.get("/guide")
    for name in pictures:
        assert f'src="/guide/img/{name}"' in page.text
        shown = director.client.get(f"/guide/img/{name}")
        assert shown.status_code == 200
        assert shown.headers["content-type"] == "image/png"
    for topic in (
        "Registration",
        "draw",
        "Busts",
        "Re-buys and add-ons",
        "colour-up",
        "Counting chips",
        "time limit",
        "Payouts",
        "Close the books",
        "laptop dies",
    ):
        assert topic in text, topic
    assert director.client.get("/guide/img/..%2Fdirector-guide.md").status_code == 404
    assert director.client.get("/guide/img/nothing.png").status_code == 404
    readme = (pages.GUIDE.parents[1] / "README.md").read_text(encoding="utf-8")
    assert "docs/director-guide.md" in readme
