"""Public screens cite no rules (issue 24): the clock, the seating chart, results and the
printables show no rule numbers and no preset seeds ("(seed 000)", "(KY 4, 5)") unless the
director opens them with ``?rules=1``; a level's note is the structure designer's and never
reaches them (KY level 7's "759"). The add-on break says what is on sale; the legal time limit's
stop and the chop are said in words.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi import FastAPI
from tests.server.conftest import DETAILS, SETUP_CODE, Director, TestClock

from pitboss.rules import RuleSet
from pitboss.rules.presets import preset_names
from pitboss.server.app import create_app
from pitboss.service import seeded_random
from pitboss.store import EventStore
from pitboss.tournament.model.timeline import Period, timeline
from pitboss.tournament.reading.public_text import public_text, without_citations

CITATION = re.compile(
    r"\(seed|\b(?:KY|TDA|THC|SLPT|WSOP)\s+(?:add\.\s*)?(?:RP-)?\d{1,3}[A-Za-z]?\b"
    r"|\bSLPT\b|RULES(?:\.md)?\s*§|§\s*\d"
)
"""A rule number or a preset seed as the presets cite them (``TDA 2024``, the rules' edition in
the default house's name, is not a rule)."""

PUBLIC_PAGES = ("/clock", "/seating", "/results", "/print/payouts", "/print/results")


@pytest.fixture
def app(store: EventStore, clock: TestClock) -> FastAPI:
    """conftest's app without following other writers (nothing writes from outside)."""
    return create_app(
        store, clock, seeded_random("tests"), setup_code=SETUP_CODE, tick_every=None, listen=False
    )


@pytest.mark.parametrize(
    ("written", "public"),
    [
        ("Kentucky charity tournament (seed 000)", "Kentucky charity tournament"),
        ("Intermission (KY 4, 5); prizes announced (KY 18)", "Intermission; prizes announced"),
        ("Break before the final table (KY 10)", "Break before the final table"),
        ("2 hours (THC 1)", "2 hours"),
        (
            "Texas Hold'em Consultants sit & go (seed 001, THC 1)",
            "Texas Hold'em Consultants sit & go",
        ),
        ("Salt Lake Poker Tour house rules (seed 004)", "Salt Lake Poker Tour house rules"),
        ("Colour-up (TDA 24-25, KY 10) at every table", "Colour-up at every table"),
        ("big-blind antes (TDA RP-11)", "big-blind antes"),
        ("a typo (RULES §6); 750 is meant", "a typo; 750 is meant"),
        ('(seed 000, "KY")', ""),
        ("prizes (announced, KY 18) at the break", "prizes (announced) at the break"),
        ("Poker TDA 2024 rules (default)", "Poker TDA 2024 rules (default)"),
        ("Add-on: $50 (one per player)", "Add-on: $50 (one per player)"),
        ("no brackets, KY", "no brackets, KY"),
    ],
)
def test_public_text_drops_the_rule_numbers_and_seeds_in_brackets(
    written: str, public: str
) -> None:
    assert without_citations(written) == public
    assert public_text(written, rules=False) == public
    assert public_text(written, rules=True) == written


def _create(director: Director, preset: str, players: int) -> str:
    response = director.post("/api/tournaments", json={"name": "Friday charity", "preset": preset})
    assert response.status_code == 201, response.text
    stream: str = response.json()["id"]
    for i in range(1, players + 1):
        director.command(
            stream,
            {
                "type": "register_player",
                "player_id": f"p{i:02d}",
                "name": f"Player {i}",
                "details": DETAILS,
            },
        )
    if director.client.get(f"/api/tournaments/{stream}/public").json()["phase"] == "registration":
        director.command(stream, {"type": "draw_seats"})
        director.command(stream, {"type": "start_tournament"})
    return stream


def _go_to(director: Director, clock: TestClock, stream: str, period: Period) -> None:
    """The clock at ``period``: a level jumped to, a break reached by running out its level
    (the public view shows the clock as it stands, recorded or not)."""
    director.command(stream, {"type": "jump_to_level", "level": period.level})
    if period.is_break:
        public = director.client.get(f"/api/tournaments/{stream}/public").json()
        clock.advance(public["clock"]["remaining_ms"] + 1)


def _strings(value: Any) -> list[str]:
    """Every text in a payload."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def _cited(text: str) -> list[str]:
    return [m[0] for m in CITATION.finditer(text)]


@pytest.mark.parametrize("preset", preset_names())
def test_no_public_payload_or_page_cites_a_rule_at_any_level_or_break(
    director: Director, clock: TestClock, preset: str
) -> None:
    stream = _create(director, preset, 10)
    periods = timeline(RuleSet.from_preset(preset).tournament.structure)
    for period in periods:
        _go_to(director, clock, stream, period)
        public = director.client.get(f"/api/tournaments/{stream}/public").json()
        assert public["clock"]["period"] == period.index
        cited = [(s, _cited(s)) for s in _strings(public) if _cited(s)]
        assert not cited, f"{preset} {period.label()}: {cited}"
        assert public["clock"]["note"] == "" or period.is_break, "a level's note is not public"
        if period.is_break or period.index in (0, len(periods) - 1):
            for page in PUBLIC_PAGES:
                html = director.client.get(f"/t/{stream}{page}").text
                assert not _cited(html), f"{preset} {period.label()} {page}: {_cited(html)}"
    with director.client.websocket_connect(f"/ws/tournaments/{stream}?role=public") as ws:
        frame = ws.receive_text()
    assert not _cited(frame)


def test_rules_1_keeps_the_citations_on_the_pages_their_links_and_live_frames(
    director: Director, clock: TestClock
) -> None:
    stream = _create(director, "ky-charity", 10)
    intermission = next(
        p for p in timeline(RuleSet.from_preset("ky-charity").tournament.structure) if p.is_break
    )
    _go_to(director, clock, stream, intermission)
    plain = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert plain["house"] == "Kentucky charity tournament"
    assert plain["clock"]["announcement"] == "Intermission; prizes announced"
    cited = director.client.get(f"/api/tournaments/{stream}/public?rules=1").json()
    assert cited["house"] == "Kentucky charity tournament (seed 000)"
    assert cited["clock"]["announcement"] == "Intermission (KY 4, 5); prizes announced (KY 18)"
    page = director.client.get(f"/t/{stream}/clock?rules=1").text
    assert "Kentucky charity tournament (seed 000)" in page
    assert "(KY 4, 5)" in page
    seating = director.client.get(f"/t/{stream}/seating?rules=1").text
    assert f'href="/t/{stream}/clock?rules=1"' in seating
    assert f'href="/t/{stream}/clock"' in director.client.get(f"/t/{stream}/seating").text
    with director.client.websocket_connect(f"/ws/tournaments/{stream}?role=public&rules=1") as ws:
        frame = json.loads(ws.receive_text())
    assert frame["house"] == "Kentucky charity tournament (seed 000)"
    console = director.client.get(f"/t/{stream}").text
    assert f'href="/t/{stream}/clock?rules=1"' in console
    assert "Big-screen clock with rule numbers" in console


def test_a_levels_designer_note_is_never_on_a_public_screen(director: Director) -> None:
    """KY level 7's note (the seed's typo "759") is for the structure's designer."""
    rules = RuleSet.from_preset("ky-charity")
    assert "759" in rules.tournament.structure.levels[6].note  # the preset keeps it
    stream = _create(director, "ky-charity", 10)
    director.command(stream, {"type": "jump_to_level", "level": 7})
    for rules_shown in ("", "?rules=1"):
        public = director.client.get(f"/api/tournaments/{stream}/public{rules_shown}").json()
        assert public["clock"]["label"] == "Level 7"
        assert not any("759" in s for s in _strings(public))
        assert "759" not in director.client.get(f"/t/{stream}/clock{rules_shown}").text


@pytest.mark.parametrize(
    ("preset", "level", "sale"),
    [
        ("ky-charity", 5, "Add-on on sale now: $50 for 5,000 chips, one per player"),
        ("thc", 6, "Add-on on sale now: $100 for 16,000 chips, one per player"),
    ],
)
def test_the_add_on_break_says_the_add_on_is_on_sale(
    director: Director, clock: TestClock, preset: str, level: int, sale: str
) -> None:
    """KY 5, THC 1: the add-on is sold at one break only, and the clock says so there."""
    stream = _create(director, preset, 10)
    periods = timeline(RuleSet.from_preset(preset).tournament.structure)
    for period in periods:
        _go_to(director, clock, stream, period)
        public = director.client.get(f"/api/tournaments/{stream}/public").json()
        expected = sale if period.is_break and period.level == level else None
        assert public["clock"]["on_sale"] == expected, period.label()


def test_the_time_limits_stop_and_its_chop_are_said_in_words_citing_the_rule_only_if_asked(
    director: Director, clock: TestClock
) -> None:
    """KY 11: six hours after the start play stops; the remaining prizes are chopped by chips."""
    stream = _create(director, "ky-charity", 10)
    clock.advance(360 * 60_000 + 1)
    director.command(stream, {"type": "tick"})
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert public["phase"] == "stopped"
    assert public["notice"] == (
        "Play has stopped: the legal time limit is reached. The hands in play are finished, "
        "then the remaining prizes are divided by chip count."
    )
    cited = director.client.get(f"/api/tournaments/{stream}/public?rules=1").json()
    assert cited["notice"].startswith("Play has stopped: the legal time limit is reached (KY 11).")

    players = [line["player_id"] for line in public["seating"]]
    director.command(
        stream, {"type": "propose_deal", "deal_id": "chop", "players": players, "method": "chip"}
    )
    for table in sorted({line["table"] for line in public["seating"]}):  # KY 11: count first
        stacks = [
            {"player_id": line["player_id"], "chips": line["chips"]}
            for line in public["seating"]
            if line["table"] == table
        ]
        director.command(stream, {"type": "count_chips", "table": table, "stacks": stacks})
    director.command(stream, {"type": "approve_deal", "deal_id": "chop"})
    public = director.client.get(f"/api/tournaments/{stream}/public").json()
    assert public["phase"] == "finished"
    assert public["notice"] is None
    deal = public["deal"]
    assert deal["how"] == "The legal time limit forced the chop: the prizes divided by chip count"
    shares = [share["cents"] for share in deal["shares"]]
    assert shares == sorted(shares, reverse=True), "the largest share first"
    cited = director.client.get(f"/api/tournaments/{stream}/public?rules=1").json()
    assert cited["deal"]["how"].startswith("The legal time limit forced the chop (KY 11):")
    for page in ("/clock", "/results", "/print/results"):
        html = director.client.get(f"/t/{stream}{page}").text
        assert "The legal time limit forced the chop: the prizes divided by chip count." in html
        assert not _cited(html), page
    clock_html = director.client.get(f"/t/{stream}/clock").text
    assert 'id="final-title">Finished by a deal<' in clock_html
    for share in deal["shares"]:
        assert share["name"] in clock_html
