"""The server only serialises views (issue 27): no module of `pitboss.server` imports the
engine or the director's deciders, or calls ``decide``; what a screen shows is built below it
(`pitboss.tournament.reading`, `pitboss.live`)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SERVER = Path(__file__).resolve().parents[2] / "src" / "pitboss" / "server"
FORBIDDEN = ("pitboss.engine", "pitboss.tournament.aggregate")
DECIDERS = frozenset({"decide", "caught_up"})
"""The director's deciders: ``decide`` and the clock's catch-up (``aggregate.catch_up``, a
bare function; `Hub.catch_up` reads the log and is a method)."""


def _modules() -> list[Path]:
    return sorted(SERVER.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_server_module_reaches_into_the_engine_or_runs_a_decider(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith(FORBIDDEN):
                found.append(f"line {node.lineno}: from {node.module} import ...")
            found.extend(
                f"line {node.lineno}: imports {alias.name}"
                for alias in node.names
                if alias.name in DECIDERS
            )
        elif isinstance(node, ast.Import):
            found.extend(
                f"line {node.lineno}: import {alias.name}"
                for alias in node.names
                if alias.name.startswith(FORBIDDEN)
            )
        elif isinstance(node, ast.Call):
            func = node.func
            bare = func.id if isinstance(func, ast.Name) else None
            name = bare if bare is not None else getattr(func, "attr", None)
            if name == "decide" or bare in DECIDERS or bare == "catch_up":
                found.append(f"line {node.lineno}: calls {name}")
    assert not found, f"{path.name}: " + "; ".join(found)
