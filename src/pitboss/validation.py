"""Run-time checks of values that arrive from outside: every field against its annotation.

A command typed by a director, sent by a web page or read from a file is a frozen dataclass
whose fields may hold anything Python allows. `checked` walks the fields by their annotated
types and refuses what does not fit with a `FieldError` naming the field, what was expected
and what came, before any rule is looked at or any card drawn:

- ``int`` is a real integer: not ``bool``, not ``float`` (so never ``NaN`` or ``inf``), and
  within ``[-MAX_INT, MAX_INT]`` unless an ``Annotated[int, Range(...)]`` narrows it;
- ``str`` is text of at most ``MAX_TEXT`` characters, not blank, unless the field's default is
  ``""`` (free text such as a note) or it is annotated ``Annotated[str, MAY_BE_BLANK]``;
- an enum is one of its members, or one of their values (coerced to the member);
- ``X | None``, ``tuple[T, ...]`` (a list is taken as a tuple), ``frozenset[T]``, ``Literal``,
  ``NewType`` and nested dataclasses are checked element by element.

The checker of each type is built once and kept, so a check costs a few attribute reads per
field. The value returned is the input itself when nothing needed coercing.

`check_json` is the other half of what is read back: the JSON form of a value (a command, a
stored event, a house's rule set) within `MAX_DEPTH` levels of nesting and a size in bytes,
its integers within ±`MAX_INT`, its text whole Unicode. Each bound is defined here once; the
codec enforces them when it reads, and every door (a preset's TOML, a command, an event about
to be written) checks the same ones, so nothing is accepted that cannot be read back.
"""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from pitboss.errors import FieldError

T = TypeVar("T")

MAX_INT = 10**15
"""The largest magnitude any integer field accepts: far above any chip count or amount in
cents, far below what would slow arithmetic or overflow a database column."""

MAX_TEXT = 500
"""The longest text a field accepts (names, ids, reasons, notes)."""

MAX_ITEMS = 10_000
"""The most items a tuple field accepts (a hand's stacks, a deal's players, a draw)."""

MAX_DEPTH = 20
"""The deepest nesting of objects and lists accepted (a command's rule set reaches 8 levels,
an envelope 9)."""

MAX_COMMAND_BYTES = 1 << 20
"""The largest command accepted, in bytes of JSON (1 MiB: a `CreateTournament` with a whole
rule set is about 5 KB; a hand's stacks for 13 seats well under 1 KB). A house's rule set is
held to it too: it travels in the command that creates the tournament."""

MAX_EVENT_BYTES = 16 << 20
"""The largest stored event accepted, in bytes of JSON (16 MiB: the seat draw of a 10,000-player
field is about 1 MB)."""


@dataclass(frozen=True, slots=True)
class Range:
    """``Annotated`` metadata: the inclusive bounds of an integer field."""

    low: int = -MAX_INT
    high: int = MAX_INT


@dataclass(frozen=True, slots=True)
class _MayBeBlank:
    """``Annotated`` metadata: a text field that may be empty."""


MAY_BE_BLANK = _MayBeBlank()


_Checker = Callable[[Any, str], Any]
_CHECKERS: dict[Any, _Checker] = {}


def checked(value: T, *, where: str | None = None) -> T:
    """``value`` (a dataclass instance) with every field checked; enum values coerced.

    Raises:
        FieldError: a field of the wrong type, out of range, blank, or too long; or ``value``
            is not a dataclass instance.
    """
    cls = type(value)
    if not dataclasses.is_dataclass(cls):
        raise FieldError(
            f"expected a command or record, got {_show(value)}",
            code="bad_field",
            params={"field": where or "", "expected": "a dataclass", "got": _show(value)},
        )
    result: T = checker_for(cls)(value, where if where is not None else cls.__name__)
    return result


def checker_for(tp: Any) -> _Checker:
    """The checker of annotated type ``tp``: ``check(value, where) -> value``."""
    found = _CHECKERS.get(tp)
    if found is None:
        found = _CHECKERS[tp] = _build(tp)
    return found


def _fail(where: str, expected: str, value: Any, **extra: Any) -> FieldError:
    return FieldError(
        f"{where} must be {expected}, got {_show(value)}",
        code="bad_field",
        params={"field": where, "expected": expected, "got": _show(value), **extra},
    )


def _show(value: Any) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


def _build(tp: Any, *, blank_ok: bool = False, bounds: Range | None = None) -> _Checker:
    while isinstance(tp, typing.NewType):
        tp = tp.__supertype__
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is typing.Annotated:
        base, *meta = args
        blank = blank_ok or any(isinstance(m, _MayBeBlank) for m in meta)
        limit = next((m for m in meta if isinstance(m, Range)), bounds)
        return _build(base, blank_ok=blank, bounds=limit)
    if tp is Any:
        return lambda value, where: value
    if origin in (types.UnionType, typing.Union):
        return _union(tp, args, blank_ok=blank_ok, bounds=bounds)
    if origin is typing.Literal:
        return _literal(args)
    if origin in (tuple, frozenset):
        return _collection(origin, args, blank_ok=blank_ok, bounds=bounds)
    if tp is bool:
        return _bool
    if tp is int:
        return _int(bounds or Range())
    if tp is str:
        return _text(blank_ok=blank_ok)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum(tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass(tp)
    raise TypeError(f"no run-time check for the type {tp!r}")  # a developer's error


def _bool(value: Any, where: str) -> Any:
    if type(value) is bool:
        return value
    raise _fail(where, "true or false", value)


def _int(bounds: Range) -> _Checker:
    low, high = bounds.low, bounds.high

    def check(value: Any, where: str) -> Any:
        if type(value) is not int:
            raise _fail(where, "a whole number", value)
        if not low <= value <= high:
            raise _fail(
                where, f"a whole number from {low:,} to {high:,}", value, low=low, high=high
            )
        return value

    return check


def _text(*, blank_ok: bool) -> _Checker:
    def check(value: Any, where: str) -> Any:
        if type(value) is not str:
            raise _fail(where, "text", value)
        if len(value) > MAX_TEXT:
            raise _fail(where, f"text of at most {MAX_TEXT} characters", value, limit=MAX_TEXT)
        if not blank_ok and not value.strip():
            raise _fail(where, "non-empty text", value)
        return value

    return check


def _enum(tp: type[enum.Enum]) -> _Checker:
    allowed = [m.value for m in tp]
    values = {m.value: m for m in tp}

    def check(value: Any, where: str) -> Any:
        if type(value) is tp:
            return value
        if type(value) in (str, int) and value in values:
            return values[value]
        listed = ", ".join(repr(v) for v in allowed)
        raise _fail(where, f"one of {listed}", value, allowed=allowed)

    return check


def _literal(args: tuple[Any, ...]) -> _Checker:
    def check(value: Any, where: str) -> Any:
        if type(value) in (str, int, bool) and value in args:
            return value
        listed = ", ".join(repr(a) for a in args)
        raise _fail(where, f"one of {listed}", value, allowed=list(args))

    return check


def _union(tp: Any, args: tuple[Any, ...], *, blank_ok: bool, bounds: Range | None) -> _Checker:
    nullable = type(None) in args
    options = [_build(a, blank_ok=blank_ok, bounds=bounds) for a in args if a is not type(None)]
    described = " or ".join(_describe(a) for a in args)

    def check(value: Any, where: str) -> Any:
        if value is None:
            if nullable:
                return None
            raise _fail(where, described, value)
        errors: list[FieldError] = []
        for option in options:
            try:
                return option(value, where)
            except FieldError as err:
                errors.append(err)
        if len(errors) == 1:
            raise errors[0]
        raise _fail(where, described, value)

    return check


def _collection(
    origin: Any, args: tuple[Any, ...], *, blank_ok: bool, bounds: Range | None
) -> _Checker:
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        items = [_build(a, blank_ok=blank_ok, bounds=bounds) for a in args]

        def fixed(value: Any, where: str) -> Any:
            if type(value) not in (tuple, list) or len(value) != len(items):
                raise _fail(where, f"a list of {len(items)} items", value)
            out = tuple(
                c(v, f"{where}[{i}]") for i, (c, v) in enumerate(zip(items, value, strict=True))
            )
            return value if type(value) is tuple and out == value else out

        return fixed
    item = _build(args[0], blank_ok=blank_ok, bounds=bounds)
    accepted = (tuple, list) if origin is tuple else (frozenset, set, tuple, list)

    def check(value: Any, where: str) -> Any:
        if type(value) not in accepted:
            raise _fail(where, "a list", value)
        if len(value) > MAX_ITEMS:
            raise _fail(where, f"a list of at most {MAX_ITEMS:,} items", value, limit=MAX_ITEMS)
        out = [item(v, f"{where}[{i}]") for i, v in enumerate(value)]
        if origin is frozenset:
            return value if type(value) is frozenset else frozenset(out)
        if type(value) is tuple and all(a is b for a, b in zip(out, value, strict=True)):
            return value
        return tuple(out)

    return check


def _dataclass(cls: type[Any]) -> _Checker:
    hints = typing.get_type_hints(cls, include_extras=True)
    plan: list[tuple[str, _Checker]] = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        plan.append((f.name, _build(hints[f.name], blank_ok=f.default == "")))
    name = cls.__name__

    def check(value: Any, where: str) -> Any:
        if type(value) is not cls:
            raise _fail(where, f"a {name}", value)
        changes: dict[str, Any] = {}
        for field_name, field_check in plan:
            old = getattr(value, field_name)
            new = field_check(old, f"{where}.{field_name}")
            if new is not old:
                changes[field_name] = new
        return dataclasses.replace(value, **changes) if changes else value

    return check


def check_json(value: object, *, limit: int, what: str, leaves: bool = True) -> None:
    """Refuse a value that JSON text could not give, or that is too large or too deep.

    JSON values only (objects with text keys, lists, text of whole Unicode characters, finite
    numbers, true, false, null), integers within ±`MAX_INT`, nesting to `MAX_DEPTH`, and about
    ``limit`` bytes in all (each value counts one, text and keys their length). Walked without
    recursion, so a deep value cannot exhaust the stack before it is refused. With
    ``leaves=False`` only the nesting and the size are checked (a parsed TOML file, whose
    values are checked by type after).

    Raises:
        FieldError: ``too_deep``, ``too_large``, or ``bad_field`` naming the value's path
            (``params``: ``what``, ``field``, ``expected``, ``got``; ``limit``).
    """
    budget = limit
    stack: list[tuple[object, int, _Path]] = [(value, 1, None)]
    while stack:
        node, depth, path = stack.pop()
        budget -= 1
        if node is None or type(node) is bool:
            pass
        elif isinstance(node, str) and type(node) is str:
            budget -= len(node)
            if leaves and not (node.isascii() or _is_unicode(node)):
                _not_json(what, path, "text of whole Unicode characters", node)
        elif isinstance(node, int) and type(node) is int:
            if leaves and not -MAX_INT <= node <= MAX_INT:
                _not_json(what, path, f"a whole number from {-MAX_INT:,} to {MAX_INT:,}", node)
        elif isinstance(node, float) and type(node) is float:
            if leaves and not math.isfinite(node):
                _not_json(what, path, "a finite number", node)
        elif isinstance(node, Mapping | list | tuple):
            if depth > MAX_DEPTH:
                too_deep(what, render_path(path))
            if budget - len(node) < 0:
                too_large(what, limit, None)
            if isinstance(node, Mapping):
                for key, child in node.items():
                    if type(key) is not str:
                        _not_json(what, path, "an object with text keys", key)
                    budget -= len(key)
                    stack.append((child, depth + 1, (path, key)))
            else:
                stack.extend((child, depth + 1, (path, i)) for i, child in enumerate(node))
        elif leaves:
            _not_json(what, path, "a JSON value", node)
        if budget < 0:
            too_large(what, limit, None)


def too_large(what: str, limit: int, size: int | None) -> NoReturn:
    """Raise ``too_large``: ``what`` is over ``limit`` bytes (``size`` when known)."""
    raise FieldError(
        f"the {what} is larger than the {limit:,} bytes accepted"
        + ("" if size is None else f" ({size:,} bytes)"),
        code="too_large",
        params={"what": what, "limit": limit, "size": size},
    )


def too_deep(what: str, field: str) -> NoReturn:
    """Raise ``too_deep``: ``what`` nests deeper than `MAX_DEPTH` (at ``field``, if known)."""
    raise FieldError(
        f"the {what} nests objects and lists deeper than {MAX_DEPTH} levels"
        + (f" (at '{field}')" if field else ""),
        code="too_deep",
        params={"what": what, "field": field, "limit": MAX_DEPTH},
    )


def _is_unicode(text: str) -> bool:
    """No lone surrogate (``"\\ud800"`` in JSON): text UTF-8 and the databases can carry."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_Path = tuple["_Path", str | int] | None
"""Where a value sits, as (parent, key or index), rendered only for an error."""


def render_path(path: _Path) -> str:
    """``((None, "rules"), "levels"), 3)`` -> ``rules.levels[3]``."""
    parts: list[str] = []
    while path is not None:
        path, key = path
        parts.append(f"[{key}]" if isinstance(key, int) else f".{key}")
    return "".join(reversed(parts)).removeprefix(".")


def _not_json(what: str, path: _Path, expected: str, got: object) -> NoReturn:
    field = render_path(path)
    raise FieldError(
        f"the {what}'s '{field}' must be {expected}, got {_show(got)}",
        code="bad_field",
        params={"what": what, "field": field, "expected": expected, "got": _show(got)},
    )


def _describe(tp: Any) -> str:
    if tp is type(None):
        return "nothing (null)"
    while isinstance(tp, typing.NewType):
        tp = tp.__supertype__
    if typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    return {int: "a whole number", str: "text", bool: "true or false"}.get(
        tp, getattr(tp, "__name__", repr(tp))
    )


__all__ = [
    "MAX_COMMAND_BYTES",
    "MAX_DEPTH",
    "MAX_EVENT_BYTES",
    "MAX_INT",
    "MAX_ITEMS",
    "MAX_TEXT",
    "MAY_BE_BLANK",
    "Range",
    "check_json",
    "checked",
    "checker_for",
    "render_path",
    "too_deep",
    "too_large",
]
