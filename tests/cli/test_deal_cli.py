"""``pitboss deal``: the table hosts told through the store to deal a tournament, to pause a
table or every table, to deal again, and to stop (issue 32)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pitboss.cli import _register, app
from pitboss.cli.presets import load_house
from pitboss.service import DirectorService, seeded_random
from pitboss.store import open_store
from pitboss.store.leases import LeaseBook
from pitboss.tournament.features.registration import RegisterPlayer
from pitboss.tournament.features.timekeeping import StartTournament

runner = CliRunner()
_register()


@pytest.fixture
def db(tmp_path: Path) -> str:
    """A store with "Friday" (14 players at tables 1 and 2, started) and "Saturday" (not)."""
    path = str(tmp_path / "night.db")
    with open_store(path) as store:
        service = DirectorService(store, randomness=seeded_random(1))
        friday = service.create("Friday", load_house("tda"), stream="friday")
        for i in range(14):
            friday.execute(RegisterPlayer(player_id=f"p{i}", name=f"Player {i}"))
        friday.execute(StartTournament())
        service.create("Saturday", load_house("tda"), stream="saturday")
    return path


def _settings(db: str) -> dict[str, dict[str, object]]:
    with open_store(db) as store:
        return {d.stream: d.settings for d in LeaseBook(store).dealt()}


def test_start_pause_resume_and_stop_are_kept_for_the_hosts(db: str) -> None:
    started = runner.invoke(app, ["deal", "start", db, "friday", "--think", "0.5"])
    assert started.exit_code == 0, started.output
    assert "the table hosts deal Friday (2 tables)" in started.output
    assert _settings(db)["friday"] == {"think_seconds": 0.5, "pause_seconds": 3.0}

    paused = runner.invoke(app, ["deal", "pause", db, "friday", "--table", "2"])
    assert paused.exit_code == 0, paused.output
    assert "table 2: paused after the hand in play" in paused.output
    assert _settings(db)["friday"]["paused_tables"] == [2]
    runner.invoke(app, ["deal", "pause", db, "friday"])
    assert _settings(db)["friday"]["paused"] is True

    resumed = runner.invoke(app, ["deal", "resume", db, "friday"])
    assert resumed.exit_code == 0, resumed.output
    assert (_settings(db)["friday"]["paused"], _settings(db)["friday"]["paused_tables"]) == (
        False,
        [],
    )
    stopped = runner.invoke(app, ["deal", "stop", db, "friday"])
    assert stopped.exit_code == 0, stopped.output
    assert _settings(db) == {}


def test_a_tournament_not_started_or_not_dealt_is_refused_saying_what_to_do(db: str) -> None:
    early = runner.invoke(app, ["deal", "start", db, "saturday"])
    assert early.exit_code == 2
    assert "draw the seats and start the tournament first" in early.output
    not_dealt = runner.invoke(app, ["deal", "pause", db, "friday"])
    assert not_dealt.exit_code == 2
    assert "`pitboss deal start` it first" in not_dealt.output
    assert _settings(db) == {}
