"""``pitboss --help`` loads the command line only: not NumPy, plots, the simulator or the engine.

Typer reads every command's signature to print the help, so each command module is imported;
what a command runs (the core, NumPy, matplotlib) is imported inside its body. The check runs
``python -m pitboss --help`` in a fresh interpreter and looks at ``sys.modules`` afterwards; when
a heavy module did load, ``-X importtime`` names the chain of imports that brought it in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("numpy", "matplotlib", "pitboss.play", "pitboss.engine")
"""Modules ``pitboss --help`` must not import (nor any of their submodules)."""

_PROBE = """
import json, runpy, sys
out = sys.argv[1]
sys.argv = ["pitboss", *sys.argv[2:]]
try:
    runpy.run_module("pitboss", run_name="__main__", alter_sys=True)
except SystemExit as stop:
    code = stop.code
else:
    code = 0
with open(out, "w", encoding="utf-8") as handle:
    json.dump({"code": code, "modules": sorted(sys.modules)}, handle)
"""


def import_chains(importtime: str, wanted: set[str]) -> dict[str, list[str]]:
    """For each module of ``wanted`` that ``-X importtime`` output shows, the chain of modules
    whose import brought it in, outermost first.

    Each line is ``import time: self | cumulative | name``, the name indented two spaces per
    level, and a module's line comes after the lines of the modules it imported: the importer
    of a line is the next line one level out.
    """
    rows: list[tuple[int, str]] = []
    for line in importtime.splitlines():
        if not line.startswith("import time:") or line.count("|") != 2:
            continue
        field = line.rsplit("|", 1)[1]
        name = field.strip()
        if name == "package":  # the header line
            continue
        rows.append(((len(field) - len(field.lstrip(" ")) - 1) // 2, name))
    chains: dict[str, list[str]] = {}
    for at, (level, name) in enumerate(rows):
        if name not in wanted or name in chains:
            continue
        chain = [name]
        for outer, outer_name in rows[at + 1 :]:
            if outer < level:
                chain.append(outer_name)
                level = outer
        chains[name] = chain[::-1]
    return chains


def _run_help(tmp_path: Path) -> tuple[dict[str, object], str, str]:
    out = tmp_path / "modules.json"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", _PROBE, str(out), "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.exists(), done.stderr
    return json.loads(out.read_text(encoding="utf-8")), done.stdout, done.stderr


def test_pitboss_help_imports_no_numpy_plots_simulator_or_engine(tmp_path: Path) -> None:
    result, stdout, importtime = _run_help(tmp_path)
    modules = result["modules"]
    assert isinstance(modules, list)
    # The help was printed, with every command registered (so every command module loaded).
    assert result["code"] == 0, stdout
    for command in ("chop", "equity", "presets", "preset", "replay", "simulate"):
        assert f" {command} " in stdout, stdout
    assert "pitboss.cli.simulate" in modules
    heavy = [m for m in HEAVY if m in modules]  # a submodule loads its package first
    if heavy:
        chains = import_chains(importtime, set(heavy))
        pytest.fail(
            "pitboss --help imported "
            + ", ".join(heavy)
            + ", by:\n"
            + "\n".join("  " + " -> ".join(chains.get(m, [m])) for m in heavy),
            pytrace=False,
        )


def test_import_chains_follow_the_nesting_of_importtime() -> None:
    importtime = "\n".join(
        [
            "import time: self [us] | cumulative | imported package",
            "import time:        10 |         10 |       numpy._core",
            "import time:        20 |         30 |     numpy",
            "import time:         5 |         35 |   pitboss.tournament.model.chop",
            "import time:         5 |          5 |   pitboss.money",
            "import time:         5 |         45 | pitboss.cli.chop",
        ]
    )
    assert import_chains(importtime, {"numpy", "pitboss.money"}) == {
        "numpy": ["pitboss.cli.chop", "pitboss.tournament.model.chop", "numpy"],
        "pitboss.money": ["pitboss.cli.chop", "pitboss.money"],
    }
