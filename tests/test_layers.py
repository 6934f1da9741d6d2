"""Imports go downward only (DESIGN.md "Layers"): each layer is usable without those above it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pitboss"

# Each layer and the pitboss packages it must never import (everything above it).
ABOVE = {
    "cards": {"evaluator", "equity", "rules", "engine", "table", "tournament", "play", "cli"},
    "evaluator": {"equity", "rules", "engine", "table", "tournament", "play", "cli"},
    "rules": {"engine", "table", "tournament", "play", "history", "cli"},
    "engine": {"table", "tournament", "play", "history", "cli"},
    "table": {"tournament", "play", "history", "cli"},
    "tournament": {"play", "history", "cli"},
    "history": {"tournament", "play", "cli"},
    "play": {"cli"},
}


def _layer_files(layer: str) -> list[Path]:
    package = SRC / layer
    return sorted(package.rglob("*.py")) if package.is_dir() else [SRC / f"{layer}.py"]


def _imported_packages(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            parts = name.split(".")
            if parts[0] == "pitboss" and len(parts) > 1:
                found.add(parts[1])
    return found


@pytest.mark.parametrize("layer", sorted(ABOVE))
def test_layer_imports_nothing_above_it(layer: str) -> None:
    offenders = {
        f"{path.relative_to(SRC)} imports pitboss.{package}"
        for path in _layer_files(layer)
        for package in _imported_packages(path) & ABOVE[layer]
    }
    assert not offenders, sorted(offenders)
