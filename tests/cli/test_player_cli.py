"""``pitboss player`` (issue 28): add, find by any part of a name, rename, merge and show; every
refusal one line with its code; the club's stream is not listed as a tournament."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app

runner = CliRunner()
_register()


def _run(*args: str, code: int = 0) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    assert result.exit_code == code, result.output
    return result.output


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "club.db")


def test_add_find_rename_merge_and_show(db: str) -> None:
    ann = json.loads(_run("player", "add", db, "Ann Smith", "--membership", "M7", "--json"))
    dup = json.loads(_run("player", "add", db, "Ann Smyth", "--json"))
    assert "Ann Smith" in _run("player", "find", db, "smi")
    _run("player", "rename", db, ann["id"], "--name", "Ann Jones")
    merged = json.loads(_run("player", "merge", db, dup["id"], ann["id"], "--json"))
    assert merged["name"] == "Ann Jones"
    shown = json.loads(_run("player", "show", db, dup["id"], "--json"))
    assert (shown["id"], shown["nights"]) == (ann["id"], [])
    assert "no tournaments played" in _run("player", "show", db, ann["id"])
    assert json.loads(_run("event", "list", db, "--json")) == []


def test_a_refusal_is_one_line_with_its_code(db: str) -> None:
    ann = json.loads(_run("player", "add", db, "Ann Smith", "--json"))
    out = _run("player", "merge", db, ann["id"], ann["id"], code=2)
    assert out.strip().splitlines() == [
        "error [merge_into_itself]: a record cannot be merged into itself: choose Ann Smith's "
        "other record"
    ]
    assert "[blank_name]" in _run("player", "add", db, "   ", code=2)
