"""The worked example in docs/CONTRIBUTING.md works as written: one class and one function each
add a command and an event to the director, and one more function its log line (then one line
each names them in the typed façades, which `test_facade.py` checks)."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "CONTRIBUTING.md"

_PRELUDE = """
from dataclasses import dataclass

from pitboss.ids import PlayerId
from pitboss.tournament.model.words import name_of
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState, known_player, with_player
"""

_CHECK = """
from pitboss.rules import RuleSet
from pitboss.tournament import commands, events
from pitboss.tournament.aggregate import decide
from pitboss.tournament.registry import event_from_dict
from pitboss.tournament.state import fold

s = TournamentState.new(RuleSet())
s = fold(s, decide(s, commands.RegisterPlayer(player_id=PlayerId("a"), name="Ann Le"), 1))
(renamed,) = decide(s, RenamePlayer(player_id=PlayerId("a"), name=" Ann Lee "), 2)
assert renamed.type == "player_renamed", renamed.type
assert event_from_dict(renamed.to_dict()) == renamed
assert fold(s, [renamed]).players["a"].name == "Ann Lee"
assert type(renamed) is PlayerRenamed
assert not hasattr(events, "PlayerRenamed")  # until it is named in the typed façade
from pitboss.tournament.reading.narration import describe

assert describe(renamed, s) == "Ann Le is now called Ann Lee", describe(renamed, s)
print("ok")
"""


def test_the_worked_example_adds_a_command_and_an_event_in_one_place() -> None:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## Adding a command or an event", 1)[1].split("\n## ", 1)[0]
    command, line = re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)
    program = _PRELUDE + textwrap.dedent(command) + textwrap.dedent(line) + _CHECK
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
