"""docs/architecture.md answers "where is ...?" in one guess each (issue 27): the dead button,
the re-buy window, the KY 11 chop, the 50% rule, a misdeal, a penalty. These answers must stay
true as code moves."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "pitboss"

# (the question, the file the doc names first, a name defined there that does it)
ANSWERS = [
    ("**The dead button**", "src/pitboss/table/positions.py", "TDA 32"),
    ("**The dead button**", "tournament/features/hands.py", "def plan_of_started_hand"),
    ("**The re-buy window**", "src/pitboss/tournament/model/windows.py", "def rebuy_closed_reason"),
    ("**The KY 11 chop**", "src/pitboss/tournament/model/chop.py", "KY 11"),
    ("**The KY 11 chop**", "tournament/features/deals.py", "def propose_deal"),
    ("**The 50% rule**", "src/pitboss/rulings/chips_and_words.py", "def _chips_raise"),
    ("**A misdeal**", "src/pitboss/rulings/deal.py", "def rule_exposed_on_deal"),
    ("**A misdeal**", "tournament/features/table_rulings.py", "class RecordMisdeal"),
    ("**A penalty**", "src/pitboss/tournament/features/penalties.py", "def give_penalty"),
    ("**A penalty**", "tournament/features/hands.py", "penalty_hands"),
]


def _section() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text.split("## Where is it?", 1)[1].split("\n## ", 1)[0]


@pytest.mark.parametrize(("question", "path", "defined"), ANSWERS)
def test_each_one_guess_answer_names_a_file_that_does_it(
    question: str, path: str, defined: str
) -> None:
    bullet = next(b for b in _section().split("\n- ") if b.lstrip("- ").startswith(question))
    assert f"`{path}`" in bullet
    file = ROOT / path if path.startswith("src/") else SRC / path
    assert defined in file.read_text(encoding="utf-8")


def test_a_module_name_means_one_thing() -> None:
    """Issue 27: one name per concept. A file name appears once in src/, except a subcommand's
    module in cli/, named after the command it runs (docs/architecture.md, "Names")."""
    seen: dict[str, list[str]] = {}
    for path in sorted(SRC.rglob("*.py")):
        if path.name != "__init__.py":
            seen.setdefault(path.name, []).append(str(path.relative_to(SRC)))
    twice = {
        name: paths
        for name, paths in seen.items()
        if len([p for p in paths if not p.startswith("cli/")]) > 1
    }
    assert twice == {}
