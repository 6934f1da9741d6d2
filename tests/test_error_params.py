"""Every error pitboss makes carries ``params`` (STYLE 12): the web page and tests read them.

An AST scan of ``src/pitboss``: each call of a `pitboss.errors.PitbossError` subclass (raised,
returned or kept for later) passes ``params=``. Re-raises like ``raise type(err)(...)`` are not
calls of a class by name and are not checked; they copy the original's params.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "pitboss"

Site = tuple[str, str, str, str]
"""(file under src/pitboss, enclosing function, error class, code): stable across line moves."""

# Sites allowed without params (none: every error says what it names). A NEW site without
# params fails the test, and so does an entry here once its site is fixed (remove it then).
ALLOWED_WITHOUT_PARAMS: Counter[Site] = Counter()


def error_classes(trees: list[ast.Module]) -> set[str]:
    """The names of `PitbossError` and every class defined below it, by name, in ``trees``."""
    names = {"PitbossError"}
    classes = [n for tree in trees for n in ast.walk(tree) if isinstance(n, ast.ClassDef)]
    grew = True
    while grew:
        grew = False
        for cls in classes:
            bases = {_name(b) for b in cls.bases}
            if cls.name not in names and bases & names:
                names.add(cls.name)
                grew = True
    return names


def sites_without_params(tree: ast.Module, path: str, classes: set[str]) -> list[Site]:
    """Each call of an error class in ``tree`` that passes no ``params=``."""
    found: list[Site] = []

    def visit(node: ast.AST, scope: list[str]) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            scope = [*scope, node.name]
        if isinstance(node, ast.Call) and _name(node.func) in classes:
            keywords = {k.arg for k in node.keywords}
            if "params" not in keywords:
                code = next(
                    (
                        k.value.value
                        for k in node.keywords
                        if k.arg == "code" and isinstance(k.value, ast.Constant)
                    ),
                    "",
                )
                found.append((path, ".".join(scope), _name(node.func), str(code)))
        for child in ast.iter_child_nodes(node):
            visit(child, scope)

    visit(tree, [])
    return found


def _name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _scan(root: Path) -> Counter[Site]:
    paths = sorted(root.rglob("*.py"))
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in paths}
    classes = error_classes(list(trees.values()))
    return Counter(
        site
        for path, tree in trees.items()
        for site in sites_without_params(tree, path.relative_to(root).as_posix(), classes)
    )


def test_every_error_pitboss_raises_has_params() -> None:
    found = _scan(SRC)
    new = found - ALLOWED_WITHOUT_PARAMS
    assert not new, (
        "errors without params= (give every value the message names, STYLE 12): "
        f"{sorted(new.elements())}"
    )


def test_the_allow_list_names_only_sites_still_without_params() -> None:
    fixed = ALLOWED_WITHOUT_PARAMS - _scan(SRC)
    assert not fixed, f"these now have params: remove them from the list: {sorted(fixed)}"


def test_the_scan_finds_a_subclass_error_without_params() -> None:
    source = """
class PitbossError(Exception): ...
class LayerError(PitbossError): ...
class DeepError(LayerError): ...

def f(x):
    if x:
        raise DeepError("no params", code="deep")
    raise errors.LayerError("fine", code="ok", params={"x": x})

def g():
    return ValueError("not ours")
"""
    tree = ast.parse(source)
    classes = error_classes([tree])
    assert {"LayerError", "DeepError"} <= classes
    assert sites_without_params(tree, "m.py", classes) == [("m.py", "f", "DeepError", "deep")]
