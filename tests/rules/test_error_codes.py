"""Every refusal has its own stable code (issue 27: "every raise with a code").

A program (the console, a client of the API, the CLI's ``error [code]``) matches on ``code``; a
refusal that fell back to its class's generic code (``bad_rule_set``) told it nothing. These
tests read the source: every `PitbossError` built in ``src/pitboss`` passes ``code=``. The
generic code stays in ``params["family"]`` for the clients that matched it before.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

from pitboss.errors import RuleSetError, StructureError
from pitboss.rules import RuleSet
from pitboss.rules.ruleset import parse_preset
from pitboss.rules.structure import Level, Structure
from pitboss.rules.tournament import (
    ConductRules,
    EntryRules,
    PenaltyKind,
    PenaltyMode,
    PenaltyStep,
    RebuyRules,
)

SRC = Path(__file__).resolve().parents[2] / "src" / "pitboss"


@cache
def _trees() -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text("utf-8")) for path in sorted(SRC.rglob("*.py"))}


def _name(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else ""


@cache
def _error_classes() -> frozenset[str]:
    """Every class in src that derives from `PitbossError`, read from the source."""
    bases: dict[str, set[str]] = {}
    for tree in _trees().values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases.setdefault(node.name, set()).update(_name(b) for b in node.bases)
    found = {"PitbossError"}
    grew = True
    while grew:
        more = {name for name, of in bases.items() if of & found} - found
        found |= more
        grew = bool(more)
    return frozenset(found)


def _without_code(under: Path) -> list[str]:
    """``file:line Class`` of every error built under ``under`` without ``code=`` (a raise or a
    factory's ``return``; ``**params`` passes a code along)."""
    errors = _error_classes()
    missing = []
    for path, tree in _trees().items():
        if not path.is_relative_to(under):
            continue
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or _name(node.func) not in errors:
                continue
            if not any(k.arg in {"code", None} for k in node.keywords):
                missing.append(f"{path.relative_to(SRC)}:{node.lineno} {_name(node.func)}")
    return missing


def test_the_source_scan_finds_the_error_classes() -> None:
    assert {"RuleSetError", "StructureError", "HistoryError", "DesignerError"} <= _error_classes()


def test_every_error_the_rules_raise_names_its_own_code() -> None:
    assert _without_code(SRC / "rules") == []


def test_every_error_pitboss_raises_names_its_own_code() -> None:
    assert _without_code(SRC) == []


# --- typical refusals --------------------------------------------------------------------------


def _refusal(build: object) -> RuleSetError | StructureError:
    assert callable(build)
    with pytest.raises((RuleSetError, StructureError)) as caught:
        build()
    assert isinstance(caught.value, RuleSetError | StructureError)
    return caught.value


def test_a_blind_not_payable_in_chips_is_not_payable_in_chips_and_still_bad_structure() -> None:
    err = _refusal(
        lambda: Structure(
            levels=(Level(small_blind=150, big_blind=300),), breaks=(), chips=(100, 500)
        )
    )
    assert err.code == "not_payable_in_chips"
    assert err.params["family"] == "bad_structure"
    assert (err.params["level"], err.params["kind"], err.params["amount"]) == (
        1,
        "small_blind",
        150,
    )


def test_blinds_that_go_down_are_blinds_decrease_ky_10() -> None:
    levels = (Level(small_blind=200, big_blind=400), Level(small_blind=100, big_blind=200))
    err = _refusal(lambda: Structure(levels=levels, breaks=()))
    assert err.code == "blinds_decrease"
    assert err.params["level"] == 2


def test_a_break_after_a_level_the_structure_lacks_is_break_beyond_levels() -> None:
    brk = RuleSet().tournament.structure.breaks[0]
    err = _refusal(
        lambda: Structure(levels=(Level(small_blind=100, big_blind=200),), breaks=(brk,))
    )
    assert err.code == "break_beyond_levels"
    assert err.params == {
        "after_level": brk.after_level,
        "levels": 1,
        "family": "bad_structure",
    }


def test_a_negative_buy_in_is_below_zero_naming_the_setting_and_the_value() -> None:
    err = _refusal(lambda: EntryRules(buy_in_cents=-100))
    assert err.code == "below_zero"
    assert err.params == {
        "setting": "tournament.entry.buy_in_cents",
        "value": -100,
        "family": "bad_rule_set",
    }


def test_re_buys_without_a_window_are_rebuy_window_not_set_ky_4() -> None:
    err = _refusal(lambda: RebuyRules(allowed=True, price_cents=2000, chips=2000))
    assert err.code == "rebuy_window_not_set"
    assert err.params["setting"] == "tournament.rebuy"


def test_a_penalty_of_15_minutes_is_not_allowed_thc_25() -> None:
    step = PenaltyStep(kind=PenaltyKind.MINUTES, amount=15)
    err = _refusal(lambda: ConductRules(penalty_mode=PenaltyMode.MINUTES, escalation=(step,)))
    assert err.code == "penalty_minutes_not_allowed"
    assert err.params["value"] == 15
    assert err.params["allowed"] == [10, 20, 30, 40]


def test_a_preset_with_an_unknown_setting_is_unknown_setting_and_still_bad_rule_set() -> None:
    err = _refusal(lambda: parse_preset("[tournament]\nstarting_chips = 5\n", name="house"))
    assert err.code == "unknown_setting"
    assert err.params["family"] == "bad_rule_set"
    assert err.params["setting"] == "tournament.starting_chips"
