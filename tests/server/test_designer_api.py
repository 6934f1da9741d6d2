"""The structure designer's server side (issue 26): the edited structure answered with the
instant estimate, refused at the door naming the level, kept as a preset's TOML; nothing is
stored; the director alone."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.server.conftest import Director

from pitboss.rules.ruleset import load_preset, parse_preset

ESTIMATE = "/api/designer/estimate"


def _base(director: Director, preset: str = "ky-charity") -> dict[str, Any]:
    answer = director.client.get(f"/api/designer/base?preset={preset}")
    assert answer.status_code == 200, answer.text
    structure: dict[str, Any] = answer.json()["structure"]
    return structure


def _design(structure: dict[str, Any], **more: Any) -> dict[str, Any]:
    return {"preset": "ky-charity", "structure": structure, "players": 120, **more}


def test_the_base_is_the_presets_structure_and_its_estimate_is_the_cli_s(
    director: Director,
) -> None:
    structure = _base(director)
    rules = load_preset("ky-charity")
    assert len(structure["levels"]) == len(rules.tournament.structure.levels)
    answer = director.post(ESTIMATE, json=_design(structure, start="18:00"))
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["estimate"]["entrants"] == 120
    assert data["estimate"]["time_limit_minutes"] == 360  # KY 11: six hours
    assert 200 < data["estimate"]["finish_minutes"] < 360
    assert len(data["levels"]) == len(structure["levels"])
    assert data["levels"][0]["players"] == 120
    assert data["curve"][0] == {"minute": 0, "players": 120}
    assert data["curve"][-1] == {"minute": data["estimate"]["finish_minutes"], "players": 1}
    assert data["start_minute"] == 18 * 60


def test_a_slower_structure_finishes_later_and_a_limit_it_passes_is_a_chop(
    director: Director,
) -> None:
    structure = _base(director)
    before = director.post(ESTIMATE, json=_design(structure)).json()["estimate"]
    slower = copy.deepcopy(structure)
    slower["level_minutes"] = 40
    after = director.post(ESTIMATE, json=_design(slower)).json()["estimate"]
    assert after["finish_minutes"] > before["finish_minutes"]
    assert after["is_chopped"]  # KY 11: stopped at the six-hour limit
    assert after["finish_minutes"] == 360
    assert after["players_at_limit"] >= 2


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (("levels", 2, "big_blind", "abc"), "level 3: the big blind must be a whole number"),
        (("levels", 2, "big_blind", 130), "level 3: the big blind 130 is not a multiple of 25"),
        (("levels", 3, "small_blind", 50), "level 4 has blinds 50/400, lower than level 3"),
        (("levels", 4, "minutes", 0), "level 5 must last a positive number of minutes"),
        (("breaks", 0, "minutes", "ten"), "the break after level 5: the minutes must be"),
        (("levels", 3, "colour", 1), "unknown setting 'colour' of level 4"),
    ],
)
def test_a_bad_edit_is_refused_naming_the_level_and_nothing_is_stored(
    director: Director, edit: tuple[str, int, str, Any], words: str
) -> None:
    structure = _base(director)
    kind, index, key, value = edit
    structure[kind][index][key] = value
    answer = director.post(ESTIMATE, json=_design(structure))
    assert answer.status_code == 422
    assert words in answer.json()["message"], answer.json()["message"]
    assert director.post("/api/designer/preset.toml", json=_design(structure)).status_code == 422
    assert director.client.get("/api/tournaments").json() == []


def test_the_field_and_the_start_are_checked_too(director: Director) -> None:
    structure = _base(director)
    late = director.post(ESTIMATE, json=_design(structure, start="25:00"))
    assert late.status_code == 422
    assert "HH:MM" in late.json()["message"]
    alone = director.post(ESTIMATE, json=_design(structure, players=1))
    assert alone.status_code == 422
    assert "players" in alone.json()["message"]
    nowhere = director.post(ESTIMATE, json={**_design(structure), "preset": "nowhere"})
    assert nowhere.status_code == 422
    assert "no preset named 'nowhere'" in nowhere.json()["message"]


def test_the_saved_toml_reads_back_to_the_edited_structure(director: Director) -> None:
    structure = _base(director)
    structure["levels"][0]["big_blind"] = 75
    structure["levels"].append({"small_blind": 20000, "big_blind": 40000, "ante": 5000})
    answer = director.post("/api/designer/preset.toml", json=_design(structure, title="Our night"))
    assert answer.status_code == 200, answer.text
    assert "attachment" in answer.headers["content-disposition"]
    rules = parse_preset(answer.text, name="saved")
    assert rules.title == "Our night"
    levels = rules.tournament.structure.levels
    assert levels[0].big_blind == 75
    assert len(levels) == len(structure["levels"])
    assert (levels[-1].small_blind, levels[-1].big_blind, levels[-1].ante) == (20000, 40000, 5000)
    assert rules.tournament.entry == load_preset("ky-charity").tournament.entry
    made = director.post("/api/tournaments", json={"name": "Our night", "rules_toml": answer.text})
    assert made.status_code == 201, made.text


def test_a_tournament_s_own_rules_are_a_base(director: Director) -> None:
    stream = director.create(preset="thc")
    answer = director.client.get(f"/api/designer/base?tournament={stream}")
    assert answer.status_code == 200, answer.text
    structure = answer.json()["structure"]
    estimated = director.post(
        ESTIMATE, json={"tournament": stream, "structure": structure, "players": 40}
    )
    assert estimated.status_code == 200, estimated.text


def test_the_designer_is_the_director_s_alone(app: Any, director: Director) -> None:
    structure = _base(director)
    with TestClient(app) as stranger:
        assert stranger.get("/api/designer/base?preset=tda").status_code == 401
        assert stranger.post(ESTIMATE, json=_design(structure)).status_code == 401
        assert (
            stranger.post("/api/designer/preset.toml", json=_design(structure)).status_code == 401
        )
        page = stranger.get("/designer", follow_redirects=False)
        assert page.status_code == 303
        assert page.headers["location"].startswith("/login")
    no_csrf = director.client.post(ESTIMATE, json=_design(structure))
    assert no_csrf.status_code == 403


def test_the_home_page_and_the_console_link_to_the_designer(director: Director) -> None:
    stream = director.create()
    assert 'href="/designer"' in director.client.get("/").text
    assert f'href="/designer?tournament={stream}"' in director.client.get(f"/t/{stream}").text
    page = director.client.get(f"/designer?tournament={stream}")
    assert page.status_code == 200
    assert f'value="tournament:{stream}" selected' in page.text
