"""The store keeps opaque envelopes: it imports nothing of the director or the layers above,
and it has no statement that changes a row in place."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

STORE = Path(__file__).resolve().parents[2] / "src" / "pitboss" / "store"
FORBIDDEN = ("pitboss.tournament", "pitboss.play", "pitboss.server", "pitboss.cli")
SOURCES = sorted(STORE.glob("*.py"))


def _imported(tree: ast.Module) -> list[tuple[int, str]]:
    names: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: inside pitboss.store, or ".." to a sibling
                base = "pitboss.store" if node.level == 1 else "pitboss"
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            names += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return names


@pytest.mark.parametrize("path", SOURCES, ids=[p.name for p in SOURCES])
def test_the_store_imports_nothing_of_the_director_or_above(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    offenders = [
        f"{path.name}:{line}: {name}"
        for line, name in _imported(tree)
        if any(name == f or name.startswith(f"{f}.") for f in FORBIDDEN)
    ]
    assert not offenders


def test_the_scan_sees_relative_and_lazy_imports() -> None:
    source = "def f():\n    from ..tournament import state\nimport pitboss.play.runtime\n"
    names = sorted(name for _, name in _imported(ast.parse(source)))
    assert names == ["pitboss.play.runtime", "pitboss.tournament.state"]


_CHANGES = re.compile(
    r"\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b|\bsa\.(update|delete)\(|"
    r"\b(update|delete)\(\s*schema\.|\bINSERT\s+OR\s+REPLACE\b|\bON\s+CONFLICT\b[^\n]*\bUPDATE\b|"
    r"on_conflict_do_update",
    re.IGNORECASE,
)


LOG_SOURCES = [p for p in SOURCES if p.name not in ("private.py", "leases.py")]


@pytest.mark.parametrize("path", LOG_SOURCES, ids=[p.name for p in LOG_SOURCES])
def test_the_store_never_updates_or_deletes_a_row(path: Path) -> None:
    """Rows of the log are only inserted (the database's triggers refuse the rest, tested
    elsewhere); only the private store (private.py, THC 1: erasable) and the table hosts'
    leases (leases.py, issue 32) change rows."""
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if _CHANGES.search(line)
    ]
    assert not found


def test_the_private_store_changes_only_its_own_table() -> None:
    source = next(p for p in SOURCES if p.name == "private.py").read_text(encoding="utf-8")
    imported = re.findall(r"from pitboss\.store\.schema import (.*)", source)
    assert imported == ["SUBJECT_LENGTH, private_details"]
    assert "schema." not in source


def test_the_leases_change_only_their_own_tables() -> None:
    source = next(p for p in SOURCES if p.name == "leases.py").read_text(encoding="utf-8")
    imported = re.findall(r"from pitboss\.store\.schema import (.*)", source)
    assert imported == ["HOST_ID_LENGTH, dealt_tournaments, table_hosts, table_leases"]
    assert "schema." not in source


def test_the_change_scan_finds_what_it_looks_for() -> None:
    for line in (
        'conn.exec_driver_sql("UPDATE events SET v = 2")',
        "conn.execute(sa.delete(schema.events))",
        '"INSERT OR REPLACE INTO snapshots"',
        "postgres_insert(t).on_conflict_do_update(index_elements=[])",
    ):
        assert _CHANGES.search(line), line
    assert not _CHANGES.search("BEFORE UPDATE OR DELETE ON events")
