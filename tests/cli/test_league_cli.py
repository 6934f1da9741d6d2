"""``pitboss league`` (issue 28): a league, a season, a night counted, the standings and the
pub league's file from the command line; a refusal is one line with its code."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tests.club.nights import club_rules, played_night
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.service import DirectorService, seeded_random
from pitboss.store import open_store

runner = CliRunner()
_register()
T0 = 1_767_225_600_000  # 2026-01-01 00:00 UTC


def _ok(*args: str) -> str:
    result = runner.invoke(app, ["league", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    return result.stdout


def _refused(*args: str) -> str:
    result = runner.invoke(app, ["league", *args], env={"COLUMNS": "200"})
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def _stored_night(db: str) -> str:
    with open_store(db) as store:
        svc = DirectorService(store, clock=lambda: T0, randomness=seeded_random("cli"))
        live = svc.create("Friday #1", club_rules(), at=T0)
        played_night(live.execute, lambda: live.state, T0)
        return live.stream


def test_a_season_from_the_command_line_with_its_standings_and_pub_file(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    stream = _stored_night(db)
    assert _ok("create", db, "Friday League", "--points", "reverse-finish").startswith(
        "friday-league  Friday League (reverse-finish)"
    )
    assert "friday-league-cup" in _ok("season", db, "friday-league", "Cup", "--event", stream)
    refused = _refused("count", db, "friday-league-cup", stream)
    assert refused == "error [event_already_counted]: Friday #1 already counts toward Cup"
    table = _ok("standings", db, "friday-league-cup")
    assert table.splitlines()[1].split() == ["1", "Ann", "6.00", "1", "played,", "1", "won"]
    data = json.loads(_ok("standings", db, "friday-league-cup", "--json"))
    assert [r["name"] for r in data["rows"]] == ["Ann", "Di", "Cy", "Bo"]
    out = tmp_path / "pub.csv"
    _ok("export", db, "friday-league-cup", "--as", "pub-csv", "--out", str(out))
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[:2] == [
        ["Event", "Date", "Player", "Place", "Points"],
        ["Friday #1", "2026-01-01", "Ann", "1", "6.00"],
    ]
    assert "Friday #1 no longer counts toward Cup" in _ok(
        "uncount", db, "friday-league-cup", stream
    )


def test_refusals_are_one_line_with_their_code(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    _ok("create", db, "Friday League", "--points", "neau")
    assert _refused(
        "season", db, "friday-league", "Spring", "--starts", "2026-04-01", "--ends", "2026-03-01"
    ).startswith("error [season_ends_before_start]")
    assert _refused(
        "season", db, "nope", "Spring", "--starts", "2026-04-01", "--ends", "2026-05-01"
    ).startswith("error [unknown_league]")
    assert _refused("standings", db, "x", "--time-zone", "Mars/Base").startswith(
        "error [unknown_time_zone]"
    )
    assert _refused("export", db, "x", "--as", "xls").startswith("error [unknown_export]")
    assert _refused("standings", db, "x").startswith("error [unknown_season]")
