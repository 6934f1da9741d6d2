"""Frozen dataclasses and `typing.NamedTuple`s to JSON/TOML-ready mappings and back, by type.

The converter is generic: it walks a class's fields and converts each value by the field's
annotated type (int, bool, str, StrEnum, ``X | None``, ``tuple[T, ...]``, nested dataclasses).
Unknown keys and values of the wrong type are refused with a `RuleSetError` naming the dotted
field and what is allowed; an integer beyond ±`MAX_INT` (what the event codec reads back) is
refused here too, before any setting's own check does arithmetic with it. Presets
(`pitboss.rules.ruleset`), events and commands use it.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

from pitboss.errors import PitbossError, RuleSetError
from pitboss.validation import MAX_INT

T = TypeVar("T")

_HINTS_CACHE: dict[type[Any], dict[str, Any]] = {}

Problem = Literal["unknown", "missing", "wrong_type", "not_one_of", "out_of_bounds"]
"""What was wrong with a mapping: a key the class does not have, a required key absent, a value
of the wrong type (a list of the wrong length too), a value outside a ``Literal`` or an enum, or
a whole number beyond what a log records (±`MAX_INT`)."""

Refusal = Callable[[Problem, str, dict[str, Any]], PitbossError]
"""``(problem, message, params) -> error``: how a caller reports a mapping that does not fit.
``params`` always has ``setting``, the dotted name of the key or value (``rules.table.seats``,
``stacks[2].chips``); ``allowed`` (the keys allowed there) for ``unknown``, ``missing`` (every
required key absent) for ``missing``, and ``expected``/``got`` or ``allowed``/``got`` for
``wrong_type``."""


class _MisfitError(Exception):
    """A key or value that does not fit, on its way to the caller's `Refusal` (internal)."""

    def __init__(self, problem: Problem, message: str, params: dict[str, Any]) -> None:
        super().__init__(message)
        self.problem: Problem = problem
        self.message = message
        self.params = params


def _rule_set_error(problem: Problem, message: str, params: dict[str, Any]) -> PitbossError:
    """The default `Refusal`: a `RuleSetError` with the loader's message (presets), its code
    ``unknown_setting``, ``missing_setting``, ``wrong_type``, ``not_one_of`` or
    ``out_of_bounds`` (the same code `check_rule_set` gives a value beyond a log's bounds)."""
    return RuleSetError(message, code=_CODES[problem], params=params)


_CODES: dict[Problem, str] = {
    "unknown": "unknown_setting",
    "missing": "missing_setting",
    "wrong_type": "wrong_type",
    "not_one_of": "not_one_of",
    "out_of_bounds": "out_of_bounds",
}


def _hints(cls: type[Any]) -> dict[str, Any]:
    hints = _HINTS_CACHE.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS_CACHE[cls] = hints
    return hints


def from_mapping(
    cls: type[T], data: Mapping[str, Any], *, where: str = "", refuse: Refusal | None = None
) -> T:
    """Build dataclass ``cls`` from a mapping, converting each value by its field type.

    ``refuse`` builds the error for a mapping that does not fit (an unknown key, a missing
    required key, a value of the wrong type); by default it is a `RuleSetError`.

    Raises:
        RuleSetError: (or what ``refuse`` builds) an unknown key, a missing required key, or a
            value of the wrong type.
        PitbossError: whatever the dataclass's own validation raises, with ``where`` prefixed.
    """
    try:
        return _from_mapping(cls, data, where)
    except _MisfitError as misfit:
        make = refuse or _rule_set_error
        raise make(misfit.problem, misfit.message, misfit.params) from None


def _from_mapping(cls: type[T], data: Mapping[str, Any], where: str) -> T:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    if not isinstance(data, Mapping):
        raise _MisfitError(
            "wrong_type",
            f"{where or cls.__name__} must be a table of settings, got {_describe(data)}",
            {"setting": where, "expected": "a table", "got": _describe(data)},
        )
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
    hints = _hints(cls)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        name = _join(where, unknown[0])
        raise _MisfitError(
            "unknown",
            f"unknown setting '{name}'; allowed here: {', '.join(sorted(fields)) or 'none'}",
            {"setting": name, "allowed": sorted(fields)},
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
        raise _MisfitError(
            "missing",
            f"missing setting '{name}' (required: {', '.join(missing)})",
            {"setting": name, "missing": missing},
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
        errors: list[_MisfitError | RuleSetError] = []
        for option in options:
            try:
                return _convert(option, value, where)
            except (_MisfitError, RuleSetError) as err:
                errors.append(err)
        if len(errors) == 1:
            raise errors[0]
        raise _MisfitError(
            "wrong_type",
            f"'{where}' must be {' or '.join(_type_name(o) for o in options)}, "
            f"got {_describe(value)}",
            {
                "setting": where,
                "expected": [_type_name(o) for o in options],
                "got": _describe(value),
            },
        )
    if origin is typing.Literal:
        if value in args:
            return value
        raise _MisfitError(
            "not_one_of",
            f"'{where}' must be one of {', '.join(map(repr, args))}, got {value!r}",
            {"setting": where, "allowed": list(args), "got": repr(value)},
        )
    if origin in (tuple, list, frozenset):
        if not isinstance(value, (list, tuple)):
            raise _MisfitError(
                "wrong_type",
                f"'{where}' must be a list, got {_describe(value)}",
                {"setting": where, "expected": "a list", "got": _describe(value)},
            )
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            if len(args) != len(value):
                raise _MisfitError(
                    "wrong_type",
                    f"'{where}' must have {len(args)} items, got {len(value)}",
                    {"setting": where, "expected_items": len(args), "items": len(value)},
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
            raise _MisfitError(
                "wrong_type",
                f"'{where}' must be a table, got {_describe(value)}",
                {"setting": where, "expected": "a table", "got": _describe(value)},
            )
        return {
            _convert(args[0], k, f"{where}.{k}"): _convert(args[1], v, f"{where}.{k}")
            for k, v in value.items()
        }
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _from_mapping(tp, value, where)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        allowed = [m.value for m in tp]
        if value in allowed and not isinstance(value, bool):
            return tp(value)
        raise _MisfitError(
            "not_one_of",
            f"'{where}' must be one of {', '.join(map(repr, allowed))}, got {value!r}",
            {"setting": where, "allowed": allowed, "got": repr(value)},
        )
    if tp is bool:
        if isinstance(value, bool):
            return value
    elif tp is int:
        if isinstance(value, int) and not isinstance(value, bool):
            if -MAX_INT <= value <= MAX_INT:
                return value
            bound = f"at most {MAX_INT:,}" if value > 0 else f"at least {-MAX_INT:,}"
            raise _MisfitError(
                "out_of_bounds",
                f"{where} is {value:,}: it must be {bound} (pitboss records no larger amount, "
                "count or time)",
                {
                    "setting": where,
                    "expected": f"a whole number from {-MAX_INT:,} to {MAX_INT:,}",
                    "got": _describe(value),
                    "low": -MAX_INT,
                    "high": MAX_INT,
                },
            )
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
            code="unreadable_type",
            params={"setting": where, "type": repr(tp)},
        )
    raise _MisfitError(
        "wrong_type",
        f"'{where}' must be {_type_name(tp)}, got {_describe(value)}",
        {"setting": where, "expected": _type_name(tp), "got": _describe(value)},
    )


def to_mapping(obj: Any) -> Any:
    """A JSON/TOML-ready form of a dataclass or `typing.NamedTuple` value: dicts, lists, str,
    int, bool, None.

    Each class's form is worked out once (`_encoder_for`): every hand event the live tables
    store and every command the director logs goes through here."""
    cls = obj.__class__
    if cls in _LEAVES:
        return obj
    encode = _ENCODERS.get(cls)
    if encode is None:
        encode = _ENCODERS[cls] = _encoder_for(cls)
    return encode(obj)


_LEAVES = frozenset({int, str, bool, float, type(None)})
_ENCODERS: dict[type, Callable[[Any], Any]] = {}


_OMIT_KEY = "pitboss_omitted_when_default"

OMITTED_WHEN_DEFAULT: Mapping[str, bool] = types.MappingProxyType({_OMIT_KEY: True})
"""The metadata of a field added to an event, a command or a rule set after logs were written
(``field(default=(), metadata=OMITTED_WHEN_DEFAULT)``): `to_mapping` leaves it out while it holds
its default, so a log written without it encodes byte for byte as before (the golden logs),
and reading it back gives the default."""


def _encoder_for(cls: type) -> Callable[[Any], Any]:
    """How `to_mapping` writes a value of ``cls`` (a dataclass, an enum, a named tuple, a
    sequence, a frozenset in order, a mapping; anything else as it is)."""
    if dataclasses.is_dataclass(cls):
        fields = dataclasses.fields(cls)
        names = tuple(f.name for f in fields)
        optional = {
            f.name: f.default if f.default_factory is dataclasses.MISSING else f.default_factory()
            for f in fields
            if f.metadata.get(_OMIT_KEY)
        }
        if optional:
            return lambda obj: {
                name: to_mapping(getattr(obj, name))
                for name in names
                if name not in optional or getattr(obj, name) != optional[name]
            }
        return lambda obj: {name: to_mapping(getattr(obj, name)) for name in names}
    if issubclass(cls, enum.Enum):
        return lambda obj: obj.value
    if issubclass(cls, tuple) and hasattr(cls, "_asdict"):  # a NamedTuple record
        fields = tuple(cls._fields)  # type: ignore[attr-defined]
        return lambda obj: {
            name: to_mapping(value) for name, value in zip(fields, obj, strict=True)
        }
    if issubclass(cls, (list, tuple)):
        return lambda obj: [to_mapping(v) for v in obj]
    if issubclass(cls, frozenset):
        return lambda obj: [to_mapping(v) for v in sorted(obj)]
    if issubclass(cls, Mapping):
        return lambda obj: {str(k): to_mapping(v) for k, v in obj.items()}
    return _as_is


def _as_is(obj: Any) -> Any:
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


__all__ = [
    "OMITTED_WHEN_DEFAULT",
    "Problem",
    "Refusal",
    "from_mapping",
    "to_mapping",
]
