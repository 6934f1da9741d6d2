"""Issue 27: a module a newcomer can read. No module over about 800 lines, and a class over
about 300 says in its docstring why it is one class ("It is long (about N lines) because ...")."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "pitboss"
MODULE_LINES = 850  # "about 800"
CLASS_LINES = 300


def _modules() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_no_module_is_much_over_800_lines() -> None:
    long = {
        str(p.relative_to(SRC)): n
        for p in _modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert long == {}


def test_a_class_over_300_lines_says_why_it_is_one_class() -> None:
    unexplained = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or node.end_lineno is None:
                continue
            if node.end_lineno - node.lineno + 1 <= CLASS_LINES:
                continue
            if "It is long" not in (ast.get_docstring(node) or ""):
                unexplained.append(f"{path.relative_to(SRC)}: {node.name}")
    assert unexplained == []
