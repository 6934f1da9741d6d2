"""Points rules from TOML (issue 28): the shipped presets read and cite their sources; a bad
file or a bad custom formula is refused with its own code, in a person's words."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from pitboss.club.points import VARIABLES, compiled_formula
from pitboss.club.points_toml import load_points_preset, parse_points_rules, points_preset_names
from pitboss.errors import ClubError

ROOT = Path(__file__).resolve().parents[2]

CUSTOM = """
name = "house"
title = "house"
[place]
kind = "custom"
formula = "{formula}"
"""


def _refused(text: str) -> ClubError:
    with pytest.raises(ClubError) as caught:
        parse_points_rules(text, name="house")
    return caught.value


def test_the_shipped_presets_are_the_published_formulas() -> None:
    assert points_preset_names() == [
        "custom",
        "fixed-table",
        "neau",
        "nuts",
        "pokerstars",
        "reverse-finish",
    ]
    for name in points_preset_names():
        rules = load_points_preset(name)
        assert rules.name == name
        assert rules.title


def test_every_shipped_preset_opens_with_its_source() -> None:
    folder = ROOT / "src" / "pitboss" / "club" / "presets"
    for path in folder.glob("*.toml"):
        opening = path.read_text("utf-8").split("\nname", 1)[0]
        assert "Source" in opening or "pokerstars.com" in opening, path.name


def test_the_presets_are_installed_as_package_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert "club/presets/*.toml" in config["tool"]["setuptools"]["package-data"]["pitboss"]
    assert any(d.startswith("simpleeval") for d in config["project"]["dependencies"])


def test_an_unknown_preset_lists_the_ones_there_are() -> None:
    with pytest.raises(ClubError) as caught:
        load_points_preset("pokerstar")
    assert caught.value.code == "unknown_points_preset"
    assert "pokerstars" in caught.value.message


def test_text_that_is_not_toml_is_bad_points_toml() -> None:
    err = _refused("name = \n")
    assert err.code == "bad_points_toml"
    assert "house" in err.message


def test_an_unknown_setting_is_named_with_the_ones_allowed() -> None:
    err = _refused('title = "t"\nbest_off = 3\n[place]\nkind = "neau"\n')
    assert err.code == "unknown_points_setting"
    assert "best_off" in err.message
    assert "best_of" in err.message


def test_an_unknown_formula_kind_lists_the_kinds() -> None:
    err = _refused('title = "t"\n[place]\nkind = "fibonacci"\n')
    assert err.code == "points_not_one_of"
    assert "pokerstars" in err.message


def test_a_setting_the_formula_does_not_read_is_refused() -> None:
    err = _refused('title = "t"\n[place]\nkind = "pokerstars"\ntable = [10.0]\n')
    assert err.code == "points_setting_not_used"
    assert "place.table" in err.message


def test_a_pool_paying_over_100_percent_is_refused() -> None:
    err = _refused(
        'title = "t"\n[place]\nkind = "pool"\npool_per_entrant = 200\npercent = [60, 50]\n'
    )
    assert err.code == "points_pool_over_100"


def test_negative_points_and_a_top_fraction_over_1_are_refused() -> None:
    assert _refused('title = "t"\nparticipation = -1\n[place]\nkind = "neau"\n').code == (
        "points_below_zero"
    )
    assert _refused('title = "t"\ntop_fraction = 1.5\n[place]\nkind = "neau"\n').code == (
        "points_top_fraction_out_of_range"
    )
    assert _refused('title = "t"\nbest_of = 0\n[place]\nkind = "neau"\n').code == (
        "points_count_out_of_range"
    )


def test_a_tie_break_named_twice_is_refused() -> None:
    err = _refused('title = "t"\ntie_breaks = ["most_wins", "most_wins"]\n[place]\nkind = "neau"\n')
    assert err.code == "points_tie_break_repeated"


@pytest.mark.parametrize(
    ("formula", "says"),
    [
        ("10 * sqrt(entrant / place)", "'entrant', which is not a variable"),
        ("10 * (entrants", "cannot be read"),
        ("__import__('os').system('true')", "which is not a function"),
        ("place.real", "'place.real', which a formula may not"),
        ("open('/etc/passwd')", "'open', which is not a function"),
        ("1 / rebuys", "divides by zero"),
        ("sqrt(-place)", "square root or logarithm of a number below zero"),
        ("9 ** 9 ** 9 ** 9", "fails on a trial night"),
        ("", "is empty"),
        ("place " * 200, "at most 500"),
    ],
)
def test_a_bad_custom_formula_is_refused_naming_the_problem_and_the_variables(
    formula: str, says: str
) -> None:
    err = _refused(CUSTOM.format(formula=formula.replace('"', '\\"')))
    assert err.code == "bad_points_formula"
    assert says in err.message
    assert all(name in err.message for name in VARIABLES)
    assert err.params["variables"] == list(VARIABLES)


def test_a_custom_formula_failing_for_one_night_is_refused_naming_the_player() -> None:
    from pitboss.club.points import event_points
    from pitboss.club.results import EventResult, Finish
    from pitboss.ids import ClubPlayerId

    rules = parse_points_rules(CUSTOM.format(formula="100 / (entrants - place)"), name="house")
    last = Finish(player=ClubPlayerId("z"), name="Zoe", place=10)
    result = EventResult(
        event="e",
        name="Night 3",
        at=0,
        date="2026-01-01",
        entrants=10,
        buy_in_cents=0,
        finishes=(last,),
    )
    with pytest.raises(ClubError) as caught:
        event_points(rules, result)
    assert caught.value.code == "points_formula_failed"
    assert "Zoe" in caught.value.message
    assert "divides by zero" in caught.value.message


def test_a_formula_is_never_run_by_python_eval(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    def refuse(*_: object, **__: object) -> object:
        raise AssertionError("eval called")

    monkeypatch.setattr(builtins, "eval", refuse)
    compiled_formula.cache_clear()
    formula = compiled_formula("max(1, 10 - place) + knockouts * 2")
    assert formula({**dict.fromkeys(VARIABLES, 0.0), "place": 3.0, "knockouts": 1.0}) == 9.0
