"""Imports go downward only (DESIGN.md "Layers") and no module imports itself back.

The import graph is read from the source of every module under ``src/pitboss`` (with `ast`, so
nothing is imported): absolute imports, relative ones (``from . import x``, ``from .x import
y``), and imports anywhere in a module: at its top, inside a function and under ``if
TYPE_CHECKING:``.

* The layer rule counts them all. An import inside a function still needs that module whenever
  the function runs, so a lower layer importing an upper one lazily is not usable without it;
  and a lower layer that names an upper layer's types, even only for the type checker, cannot
  be read, checked or changed without it.
* The cycle rule counts what runs: imports at the top and inside functions (the evaluator's old
  cycle was one of each: `pitboss.evaluator.evaluate_batch` imported `pitboss._evalbatch`, which
  imported the evaluator's tables at its top; the shared tables now live in
  `pitboss._evaltables`). An import under ``TYPE_CHECKING`` never runs: a helper module that
  annotates the aggregate importing it is a mutual reference of types, not a cycle, and the
  layer rule still keeps it inside one layer.

Each edge goes to the module named (``from pitboss.cli import subcommands`` names
``pitboss.cli.subcommands``; ``from pitboss.cli import app`` names the package ``pitboss.cli``);
the parent packages Python runs on the way are not edges of the module that imports.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "pitboss"
ROOT = "pitboss"

# Every top-level module or package of pitboss, and the ones it may import directly. What a
# unit may import is everything reachable from it in this table (engine may use rules, rules
# may use money, so engine may use money); a unit missing from it fails the test. Entries may
# name a layer not written yet (DESIGN.md: store, server).
LAYERS: Mapping[str, tuple[str, ...]] = {
    # Leaves: nothing from pitboss.
    "errors": (),
    "ids": (),
    "frozen_map": (),
    "_combos": (),
    "_evaltables": (),
    "units": (),  # units of time, once
    # Values.
    "cards": ("errors",),
    "money": ("errors",),
    "validation": ("errors",),
    # Hand strength (scalar and batch) and all-in equity.
    "_evalbatch": ("_evaltables", "cards"),
    "evaluator": ("_evalbatch",),
    "equity": ("_evalbatch", "_combos"),
    # Omaha (issue 30): exactly two hole cards with three board cards, and the eight-or-better low.
    "_omahatables": ("_evaltables",),
    "_omahabatch": ("_omahatables", "_evalbatch"),
    "omaha": ("_omahabatch", "evaluator"),
    "omaha_equity": ("_omahabatch", "equity"),
    # Rules as data, one hand, the table, the director.
    "rules": ("money", "validation"),
    "engine": ("rules", "evaluator", "omaha", "cards"),
    "table": ("engine", "ids", "frozen_map"),
    "history": ("engine",),
    "rulings": ("engine",),  # the live table: what a dealer saw, by the house rules
    "tournament": ("table", "ids", "frozen_map", "rulings", "units"),
    # The club (issue 28): players who come back, leagues, points from the stored results.
    "club": ("tournament",),
    # Edges.
    "store": ("errors",),  # the log knows nothing of tournaments: envelopes and bytes
    "service": ("club", "store"),
    "play": ("tournament", "history"),
    "live": ("play", "service"),  # the software deals: one task per table, in real time
    "server": ("play", "service", "live"),
    "cli": ("play", "history", "equity", "omaha_equity", "service", "server", "live"),
    "__main__": ("cli",),
}


# The director's bands (issue 27), lowest first: the band of a module of `pitboss.tournament`
# and the bands it may import. The model's calculators read the state (`state`, `registry`:
# the core's foundation, the state value and the type registry); the features build on both;
# the rest of the core (the aggregate, the codec, the façades, the package) gathers the
# features; the readers read anything, and nothing of the director reads them.
TOURNAMENT = "pitboss.tournament"
TOURNAMENT_BASE = frozenset({"registry", "state"})
TOURNAMENT_TOP = frozenset({"__init__", "aggregate", "codec", "commands", "events"})
BANDS: Mapping[str, frozenset[str]] = {
    "model": frozenset({"model", "base"}),
    "base": frozenset({"model", "base"}),
    "features": frozenset({"model", "base", "features"}),
    "core": frozenset({"model", "base", "features", "core"}),
    "reading": frozenset({"model", "base", "features", "core", "reading"}),
}


class EdgeKind(StrEnum):
    """Where an import statement sits in its module."""

    TOP = "at import"
    FUNCTION = "inside a function"
    TYPE_CHECKING = "under TYPE_CHECKING"


@dataclass(frozen=True, slots=True, kw_only=True)
class Edge:
    """One import statement of one pitboss module naming another."""

    source: str
    target: str
    line: int
    kind: EdgeKind

    def describe(self) -> str:
        return f"{self.source} -> {self.target} (line {self.line}, {self.kind})"


def module_name(path: Path, src: Path = SRC) -> str:
    """``src/pitboss/cli/chop.py`` -> ``pitboss.cli.chop``; a package is its ``__init__``."""
    parts = list(path.relative_to(src.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _statements(
    body: list[ast.stmt], kind: EdgeKind
) -> Iterator[tuple[ast.Import | ast.ImportFrom, EdgeKind]]:
    """Every import statement under ``body``, with where it sits (a function wins over a
    ``TYPE_CHECKING`` block around it: it would not run at import either way)."""
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, kind
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _statements(node.body, EdgeKind.FUNCTION)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            inner = EdgeKind.FUNCTION if kind is EdgeKind.FUNCTION else EdgeKind.TYPE_CHECKING
            yield from _statements(node.body, inner)
            yield from _statements(node.orelse, kind)
        else:
            for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                children = getattr(node, field, None)
                if isinstance(children, list):
                    stmts = [c for c in children if isinstance(c, ast.stmt)]
                    yield from _statements(stmts, kind)
                    for child in children:  # except handlers and match cases hold bodies
                        if isinstance(child, ast.ExceptHandler | ast.match_case):
                            yield from _statements(child.body, kind)


def imports_of(
    source: str, *, module: str, is_package: bool, modules: frozenset[str]
) -> list[Edge]:
    """The pitboss modules ``module`` imports (its source is ``source``), one edge per name.

    ``modules`` is every module there is: ``from pitboss.x import y`` names ``pitboss.x.y``
    when that is a module, else ``pitboss.x``.
    """
    package = module if is_package else module.rpartition(".")[0]
    edges: list[Edge] = []
    for node, kind in _statements(ast.parse(source).body, EdgeKind.TOP):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            for alias in node.names:
                sub = f"{origin}.{alias.name}"
                targets.append(sub if sub in modules else origin)
        for target in targets:
            if target.split(".")[0] == ROOT and target != module:
                edges.append(Edge(source=module, target=target, line=node.lineno, kind=kind))
    return edges


@cache
def _graph() -> tuple[Edge, ...]:
    paths = sorted(SRC.rglob("*.py"))
    modules = frozenset(module_name(p) for p in paths)
    return tuple(
        edge
        for path in paths
        for edge in imports_of(
            path.read_text(encoding="utf-8"),
            module=module_name(path),
            is_package=path.name == "__init__.py",
            modules=modules,
        )
    )


def unit_of(module: str) -> str:
    """The top-level module or package a module belongs to (``pitboss`` for the root)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ROOT


def _units() -> list[str]:
    return sorted({unit_of(module_name(p)) for p in SRC.rglob("*.py")} - {ROOT})


def may_import(unit: str, layers: Mapping[str, tuple[str, ...]] = LAYERS) -> set[str]:
    """Every unit reachable from ``unit`` in the layer table (itself excluded)."""
    seen: set[str] = set()
    todo = list(layers[unit])
    while todo:
        below = todo.pop()
        if below not in seen:
            seen.add(below)
            todo.extend(layers.get(below, ()))
    return seen


def import_cycles(edges: tuple[Edge, ...] | list[Edge]) -> list[list[Edge]]:
    """One shortest cycle through each strongly connected group of modules, sorted.

    Tarjan's algorithm finds the groups (modules that all reach each other); each is shown as
    the shortest path from its first module back to itself.
    """
    out: dict[str, list[Edge]] = {}
    for edge in sorted(edges, key=lambda e: (e.source, e.target, e.line)):
        out.setdefault(edge.source, []).append(edge)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def visit(node: str) -> None:  # recursion depth is bounded by the number of modules
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for edge in out.get(node, []):
            if edge.target not in index:
                visit(edge.target)
                low[node] = min(low[node], low[edge.target])
            elif edge.target in on_stack:
                low[node] = min(low[node], index[edge.target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(out):
        if node not in index:
            visit(node)

    cycles = []
    for group in groups:
        start = min(group)
        paths: dict[str, list[Edge]] = {start: []}
        frontier = [start]
        found: list[Edge] | None = None
        while frontier and found is None:
            following = []
            for node in frontier:
                for edge in out.get(node, []):
                    if edge.target == start:
                        found = [*paths[node], edge]
                        break
                    if edge.target in group and edge.target not in paths:
                        paths[edge.target] = [*paths[node], edge]
                        following.append(edge.target)
                if found is not None:
                    break
            frontier = following
        assert found is not None
        cycles.append(found)
    return sorted(cycles, key=lambda c: c[0].source)


def runtime_edges(edges: tuple[Edge, ...] | list[Edge]) -> list[Edge]:
    """The edges the cycle rule counts: imports that run (at import or in a function)."""
    return [edge for edge in edges if edge.kind is not EdgeKind.TYPE_CHECKING]


def _format_cycle(cycle: list[Edge]) -> str:
    return "\n    ".join(["cycle:", *(edge.describe() for edge in cycle)])


# ---------------------------------------------------------------------------- the rules


def test_every_top_level_module_and_package_has_a_layer() -> None:
    unlisted = [unit for unit in _units() if unit not in LAYERS]
    assert not unlisted, f"add these to LAYERS in {Path(__file__).name}: {unlisted}"


def test_the_layer_table_has_no_cycle() -> None:
    assert not [unit for unit in LAYERS if unit in may_import(unit)]
    assert not {b for below in LAYERS.values() for b in below} - set(LAYERS)


@pytest.mark.parametrize("unit", _units())
def test_a_layer_imports_only_the_layers_below_it(unit: str) -> None:
    allowed = may_import(unit) | {unit, ROOT} if unit in LAYERS else {unit, ROOT}
    offenders = [
        edge.describe()
        for edge in _graph()
        if unit_of(edge.source) == unit and unit_of(edge.target) not in allowed
    ]
    if offenders:
        pytest.fail("\n".join(offenders), pytrace=False)


@pytest.mark.parametrize("unit", _units())
def test_no_import_cycle(unit: str) -> None:
    """Per top-level unit, so a cycle inside one package names that package's test."""
    cycles = [
        cycle
        for cycle in import_cycles(runtime_edges(_graph()))
        if any(unit_of(edge.source) == unit for edge in cycle)
    ]
    if cycles:
        pytest.fail("\n".join(_format_cycle(c) for c in cycles), pytrace=False)


def band_of(module: str) -> str | None:
    """The band of a module of the director (None outside it; "" for one in no band)."""
    if module != TOURNAMENT and not module.startswith(TOURNAMENT + "."):
        return None
    rest = module.removeprefix(TOURNAMENT).lstrip(".").split(".")
    if rest == [""]:
        return "core"
    if rest[0] in ("model", "features", "reading"):
        return rest[0]
    if rest[0] in TOURNAMENT_BASE:
        return "base"
    return "core" if rest[0] in TOURNAMENT_TOP else ""


def _tournament_modules() -> list[str]:
    return sorted(m for m in map(module_name, SRC.rglob("*.py")) if band_of(m) is not None)


def test_every_module_of_the_director_sits_in_a_band() -> None:
    """A new module goes into model/, features/ or reading/, not beside the core."""
    loose = [m for m in _tournament_modules() if band_of(m) == ""]
    assert not loose, f"put these in tournament/model, features or reading: {loose}"


@pytest.mark.parametrize("band", list(BANDS))
def test_a_band_of_the_director_imports_only_the_bands_below_it(band: str) -> None:
    """The model imports no feature and no reader; a feature imports the model, the state and
    the registry, never the aggregate, the codec, the façades or a reader; nothing of the
    director imports a reader (only the edges above it: play, service, live, server, cli)."""
    offenders = [
        edge.describe()
        for edge in _graph()
        if band_of(edge.source) == band and band_of(edge.target) not in {None, *BANDS[band]}
    ]
    if offenders:
        pytest.fail("\n".join(offenders), pytrace=False)


def test_the_bands_are_read_from_the_path() -> None:
    assert band_of("pitboss.tournament") == "core"
    assert band_of("pitboss.tournament.aggregate") == "core"
    assert band_of("pitboss.tournament.state") == "base"
    assert band_of("pitboss.tournament.model.chop") == "model"
    assert band_of("pitboss.tournament.features.counts") == "features"
    assert band_of("pitboss.tournament.reading") == "reading"
    assert band_of("pitboss.tournament.loose") == ""
    assert band_of("pitboss.tournamentx") is None
    assert "reading" not in BANDS["core"]
    assert "features" not in BANDS["model"]


# ---------------------------------------------------------------------------- the reader


def test_the_reader_sees_relative_lazy_and_type_checking_imports() -> None:
    source = """
from __future__ import annotations
import os
import pitboss.cards
from typing import TYPE_CHECKING
from . import evaluator
from .errors import CardError
from .. import money
from pitboss.cli import app, commands
if TYPE_CHECKING:
    from pitboss.table import Table
else:
    from pitboss import ids
try:
    from pitboss import rules
except ImportError:
    from pitboss import validation
class Holder:
    from pitboss import frozen_map
def later() -> None:
    import pitboss.engine
    if TYPE_CHECKING:
        from pitboss.play import runtime
"""
    modules = frozenset(
        {"pitboss.cli", "pitboss.cli.commands", "pitboss.evaluator", "pitboss.play.runtime"}
        | {f"pitboss.{name}" for name in ("ids", "money", "rules", "validation", "frozen_map")}
    )
    edges = imports_of(source, module="pitboss.sub.mod", is_package=False, modules=modules)
    got = {(e.target, e.kind) for e in edges}
    top, lazy, typing = EdgeKind.TOP, EdgeKind.FUNCTION, EdgeKind.TYPE_CHECKING
    assert got == {
        ("pitboss.cards", top),
        ("pitboss.sub", top),  # from . import evaluator: not a module, so the package
        ("pitboss.sub.errors", top),
        ("pitboss.money", top),
        ("pitboss.cli", top),
        ("pitboss.cli.commands", top),
        ("pitboss.table", typing),
        ("pitboss.ids", top),
        ("pitboss.rules", top),
        ("pitboss.validation", top),
        ("pitboss.frozen_map", top),
        ("pitboss.engine", lazy),
        ("pitboss.play.runtime", lazy),
    }, sorted(got)


def test_a_relative_import_from_a_package_resolves_inside_it() -> None:
    modules = frozenset({"pitboss.cli", "pitboss.cli.commands", "pitboss.money"})
    edges = imports_of(
        "from . import commands\nfrom .. import money\n",
        module="pitboss.cli",
        is_package=True,
        modules=modules,
    )
    assert [e.target for e in edges] == ["pitboss.cli.commands", "pitboss.money"]


def test_a_lazy_import_closes_a_cycle() -> None:
    """The evaluator's old cycle: evaluate_batch imported the batch kernels inside the function,
    and the kernels imported the evaluator's tables at the top."""
    edges = [
        Edge(
            source="pitboss.evaluator", target="pitboss._evalbatch", line=9, kind=EdgeKind.FUNCTION
        ),
        Edge(source="pitboss._evalbatch", target="pitboss.evaluator", line=2, kind=EdgeKind.TOP),
        Edge(source="pitboss._evalbatch", target="pitboss.cards", line=1, kind=EdgeKind.TOP),
        Edge(source="pitboss.evaluator", target="pitboss.cards", line=1, kind=EdgeKind.TOP),
    ]
    (cycle,) = import_cycles(edges)
    assert [(e.source, e.target) for e in cycle] == [
        ("pitboss._evalbatch", "pitboss.evaluator"),
        ("pitboss.evaluator", "pitboss._evalbatch"),
    ]
    assert import_cycles(edges[1:]) == []


def test_a_type_checking_import_back_is_no_cycle() -> None:
    edges = [
        Edge(source="pitboss.t.state", target="pitboss.t.registry", line=3, kind=EdgeKind.TOP),
        Edge(
            source="pitboss.t.registry",
            target="pitboss.t.state",
            line=5,
            kind=EdgeKind.TYPE_CHECKING,
        ),
    ]
    assert len(import_cycles(edges)) == 1
    assert import_cycles(runtime_edges(edges)) == []


def test_the_layer_rule_is_transitive_and_refuses_what_is_not_below() -> None:
    assert "errors" in may_import("engine")  # engine -> rules -> money -> errors
    assert "table" not in may_import("engine")
    assert "cli" not in may_import("play")
    assert "evaluator" not in may_import("cards")
