"""The server only serialises views (issue 27): no module of `pitboss.server` imports the
engine or the director's deciders, or calls ``decide`` or any of the director's handlers
(``HANDLERS``, ``call_clock``); what a screen shows is built below it
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


def _handlers() -> frozenset[tuple[str, str]]:
    """Every registered handler of the director (``HANDLERS``: module and name) and
    ``call_clock``, the logic of `CallClock`'s handler."""
    import pitboss.tournament  # noqa: F401  (every feature registers its handlers)
    from pitboss.tournament.registry import HANDLERS

    found = {(fn.__module__, fn.__name__) for fn in HANDLERS.values()}
    return frozenset(found | {("pitboss.tournament.features.absence_and_clock", "call_clock")})


HANDLER_NAMES = frozenset({"HANDLERS", "call_clock"})
"""Names no server module imports or calls, from wherever they come: the registry of handlers
and `CallClock`'s logic (a page asks `check_call_clock`, which decides nothing)."""


def test_the_handlers_are_known_to_this_test() -> None:
    handlers = _handlers()
    assert len(handlers) > 50
    assert ("pitboss.tournament.features.absence_and_clock", "_call") in handlers


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.name)
def test_no_server_module_calls_a_handler_of_the_director(path: Path) -> None:
    """A view asks the director's checks (`check_declare_rebuy`, `check_add_on`,
    `check_call_clock`), never a handler run to see whether it would refuse (issue 27)."""
    handlers = _handlers()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported: dict[str, tuple[str, str]] = {}  # a local name -> (module, name) it came from
    modules: dict[str, str] = {}  # a local name -> the module it names
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                local = alias.asname or alias.name
                imported[local] = (node.module, alias.name)
                modules[local] = f"{node.module}.{alias.name}"
                if (node.module, alias.name) in handlers or alias.name in HANDLER_NAMES:
                    found.append(f"line {node.lineno}: imports {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                modules[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name):
            origin = imported.get(func.id)
            if func.id in HANDLER_NAMES or origin in handlers:
                found.append(f"line {node.lineno}: calls {func.id}")
        elif isinstance(func, ast.Attribute):
            owner = modules.get(func.value.id) if isinstance(func.value, ast.Name) else None
            if func.attr in HANDLER_NAMES or (owner, func.attr) in handlers:
                found.append(f"line {node.lineno}: calls {func.attr}")
    assert not found, f"{path.name}: " + "; ".join(found)
