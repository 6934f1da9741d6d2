"""House presets: TOML files mapped onto the `RuleSet` dataclasses by field name and type.

The loader is generic: it walks the dataclass fields of `RuleSet` and its sections (``hand``,
``table``, ``tournament``) and converts each TOML value by the field's annotated type (int, bool,
str, StrEnum, ``X | None``, ``tuple[T, ...]``, nested dataclasses). Adding a setting to any
section needs no change here. Unknown keys and values of the wrong type are rejected with a
`RuleSetError` naming the preset, the dotted setting and what is allowed.

The same converter (`from_mapping` / `to_mapping`) turns events and other frozen dataclasses into
JSON-ready dictionaries and back.
"""

from __future__ import annotations

import dataclasses
import enum
import tomllib
import types
import typing
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pitboss.errors import PitbossError, RuleSetError

if typing.TYPE_CHECKING:
    from pitboss.rules import RuleSet

T = TypeVar("T")

PRESET_PACKAGE = "pitboss.rules"
PRESET_DIR = "presets"

_HINTS_CACHE: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS_CACHE.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS_CACHE[cls] = hints
    return hints


def from_mapping(cls: type[T], data: Mapping[str, Any], *, where: str = "") -> T:
    """Build dataclass ``cls`` from a mapping, converting each value by its field type.

    Raises:
        RuleSetError: an unknown key, a missing required key, or a value of the wrong type.
        PitbossError: whatever the dataclass's own validation raises, with ``where`` prefixed.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    if not isinstance(data, Mapping):
        raise RuleSetError(
            f"{where or cls.__name__} must be a table of settings, got {_describe(data)}",
            params={"setting": where, "expected": "a table", "got": _describe(data)},
        )
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    hints = _hints(cls)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        name = _join(where, unknown[0])
        raise RuleSetError(
            f"unknown setting '{name}'; allowed here: {', '.join(sorted(fields)) or 'none'}",
            params={"setting": name, "allowed": sorted(fields)},
        )
    missing = sorted(
        name
        for name, f in fields.items()
        if name not in data
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    )
    if missing:
        name = _join(where, missing[0])
        raise RuleSetError(
            f"missing setting '{name}' (required: {', '.join(missing)})",
            params={"setting": name, "missing": missing},
        )
    kwargs = {key: _convert(hints[key], value, _join(where, key)) for key, value in data.items()}
    try:
        return cls(**kwargs)
    except PitbossError as err:
        prefix = f"{where}: " if where and not err.message.startswith(where) else ""
        raise type(err)(
            f"{prefix}{err.message}", code=err.code, params={**err.params, "where": where}
        ) from err


def _convert(tp: Any, value: Any, where: str) -> Any:
    while isinstance(tp, typing.NewType):
        tp = tp.__supertype__
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return value
    if origin in (types.UnionType, typing.Union):
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        errors: list[RuleSetError] = []
        for option in options:
            try:
                return _convert(option, value, where)
            except RuleSetError as err:
                errors.append(err)
        if len(errors) == 1:
            raise errors[0]
        raise RuleSetError(
            f"'{where}' must be {' or '.join(_type_name(o) for o in options)}, "
            f"got {_describe(value)}",
            params={
                "setting": where,
                "expected": [_type_name(o) for o in options],
                "got": _describe(value),
            },
        )
    if origin is typing.Literal:
        if value in args:
            return value
        raise RuleSetError(
            f"'{where}' must be one of {', '.join(map(repr, args))}, got {value!r}",
            params={"setting": where, "allowed": list(args), "got": repr(value)},
        )
    if origin in (tuple, list, frozenset):
        if not isinstance(value, (list, tuple)):
            raise RuleSetError(
                f"'{where}' must be a list, got {_describe(value)}",
                params={"setting": where, "expected": "a list", "got": _describe(value)},
            )
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                raise RuleSetError(
                    f"'{where}' must have {len(args)} items, got {len(value)}",
                    params={"setting": where, "expected_items": len(args), "items": len(value)},
                )
            return tuple(
                _convert(a, v, f"{where}[{i}]")
                for i, (a, v) in enumerate(zip(args, value, strict=True))
            )
        items = [_convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value)]
        if origin is list:
            return items
        if origin is frozenset:
            return frozenset(items)
        return tuple(items)
    if origin is dict:
        if not isinstance(value, Mapping):
            raise RuleSetError(
                f"'{where}' must be a table, got {_describe(value)}",
                params={"setting": where, "expected": "a table", "got": _describe(value)},
            )
        return {
            _convert(args[0], k, f"{where}.{k}"): _convert(args[1], v, f"{where}.{k}")
            for k, v in value.items()
        }
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return from_mapping(tp, value, where=where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        allowed = [m.value for m in tp]
        if value in allowed and not isinstance(value, bool):
            return tp(value)
        raise RuleSetError(
            f"'{where}' must be one of {', '.join(map(repr, allowed))}, got {value!r}",
            params={"setting": where, "allowed": allowed, "got": repr(value)},
        )
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif tp is float:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    elif tp is str:
        if isinstance(value, str):
            return value
    elif isinstance(tp, type):
        if isinstance(value, tp):
            return value
    else:
        raise RuleSetError(
            f"'{where}' has a type the loader cannot read: {tp!r}",
            params={"setting": where, "type": repr(tp)},
        )
    raise RuleSetError(
        f"'{where}' must be {_type_name(tp)}, got {_describe(value)}",
        params={"setting": where, "expected": _type_name(tp), "got": _describe(value)},
    )


def to_mapping(obj: Any) -> Any:
    """A JSON/TOML-ready form of a dataclass value: dicts, lists, str, int, bool, None."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: to_mapping(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, (list, tuple, frozenset)):
        items = sorted(obj) if isinstance(obj, frozenset) else obj
        return [to_mapping(v) for v in items]
    if isinstance(obj, Mapping):
        return {str(k): to_mapping(v) for k, v in obj.items()}
    return obj


def _join(where: str, key: str) -> str:
    return f"{where}.{key}" if where else key


def _type_name(tp: Any) -> str:
    if tp is int:
        return "an integer"
    if tp is bool:
        return "true or false"
    if tp is str:
        return "a string"
    if tp is float:
        return "a number"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "a table of settings"
    if typing.get_origin(tp) in (tuple, list, frozenset):
        return "a list"
    return getattr(tp, "__name__", repr(tp))


def _describe(value: Any) -> str:
    kind = {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(value))
    if kind is None:
        kind = "table" if isinstance(value, Mapping) else type(value).__name__
    return f"{value!r} ({kind})"


def parse_preset(text: str, *, name: str = "<text>") -> RuleSet:
    """Read a preset from TOML text.

    Raises:
        RuleSetError: the text is not TOML, or a setting is unknown or of the wrong type.
        StructureError: the structure breaks a rule (the message names the level).
    """
    from pitboss.rules import RuleSet

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RuleSetError(
            f"preset '{name}' is not valid TOML: {err}", params={"preset": name, "error": str(err)}
        ) from err
    try:
        return from_mapping(RuleSet, data)
    except PitbossError as err:
        raise type(err)(
            f"preset '{name}': {err.message}", code=err.code, params={**err.params, "preset": name}
        ) from err


def preset_names() -> list[str]:
    """The names of the presets shipped with pitboss, sorted (``tda`` is the default)."""
    folder = resources.files(PRESET_PACKAGE) / PRESET_DIR
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    )


def load_preset(name: str) -> RuleSet:
    """Load a shipped preset by name (``tda``, ``ky-charity``, ``thc``, ``slpt`` ...).

    Raises:
        RuleSetError: no preset has that name, or the preset is invalid.
    """
    names = preset_names()
    if name not in names:
        raise RuleSetError(
            f"no preset named '{name}'; available: {', '.join(names)}",
            code="unknown_preset",
            params={"preset": name, "available": names},
        )
    text = (resources.files(PRESET_PACKAGE) / PRESET_DIR / f"{name}.toml").read_text("utf-8")
    return parse_preset(text, name=name)


def load_preset_file(path: str | Path) -> RuleSet:
    """Load a house's own preset from a TOML file (adding a house is writing a preset)."""
    file = Path(path)
    return parse_preset(file.read_text("utf-8"), name=file.stem)


__all__ = [
    "from_mapping",
    "load_preset",
    "load_preset_file",
    "parse_preset",
    "preset_names",
    "to_mapping",
]
