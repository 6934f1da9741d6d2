"""``pitboss event export DB ID --hands DIR``: every hand the software dealt in a tournament,
as PHH files by table, that read back and replay to the stacks the director recorded (issue
14); asked for nothing, the command says what it can export."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.live.helpers import autopilot, open_night
from typer.testing import CliRunner

from pitboss.cli import app
from pitboss.cli import commands as _commands  # noqa: F401  (registers the subcommands)
from pitboss.history.phh import parse_phhs
from pitboss.history.replay import replay_hand
from pitboss.rules import RuleSet

runner = CliRunner()
HOURS = 3_600_000


def test_the_dealt_hands_are_exported_as_phh_by_table_and_replay(tmp_path: Path) -> None:
    rules = RuleSet.from_preset("tda")
    night = open_night(tmp_path / "night.db", rules, players=14, pause_seconds=60)
    asyncio.run(autopilot(night.clock, night.room.run(), limit_ms=48 * HOURS))
    state = night.live.state
    assert state.winner is not None
    night.store.close()

    out = tmp_path / "hands"
    result = runner.invoke(
        app, ["event", "export", str(tmp_path / "night.db"), "night", "--hands", str(out)]
    )
    assert result.exit_code == 0, result.output
    files = sorted(out.glob("table-*.phhs"))
    assert [f.name for f in files] == ["table-001.phhs", "table-002.phhs"]
    assert result.output.split() == [str(f) for f in files]

    replayed = 0
    for path in files:
        for hand in parse_phhs(path.read_text(encoding="utf-8")).values():
            outcome = replay_hand(hand, rules=state.rules)
            assert outcome.problem is None, outcome.problem
            assert hand.metadata["table"] == int(path.stem.split("-")[1])
            replayed += 1
    assert replayed == len(state.hands)  # every hand of the night, none twice


def test_export_with_nothing_asked_says_what_it_can_write(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=4, start=False)
    night.store.close()
    result = runner.invoke(app, ["event", "export", str(tmp_path / "n.db"), "night"])
    assert result.exit_code == 2
    assert "error [nothing_to_export]" in result.output
    assert "--csv" in result.output
    assert "--hands" in result.output
