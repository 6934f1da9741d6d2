"""``evolve(value, **changes)``: `dataclasses.replace` for the director's own frozen values, fast.

The fold copies the state (some forty fields) and players several times per event; the
standard ``replace`` walks ``fields()`` in Python and rebuilds the keyword arguments of
``__init__`` each time, a fifth of a simulated tournament. ``evolve`` builds, once per class, a
straight-line copier that sets each slot from the changes or the old value. It is only for
dataclasses without ``__post_init__`` or ``init=False`` fields (checked when the copier is
built), so the result is exactly what ``replace`` would give.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

T = TypeVar("T")

_Copier = Callable[[Any, Mapping[str, object]], Any]
_COPIERS: dict[type, _Copier] = {}


def _copier(cls: type) -> _Copier:
    if not dataclasses.is_dataclass(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"evolve needs a dataclass without __post_init__, not {cls.__name__}")
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"evolve cannot copy {cls.__name__}: it has init=False fields")
    names = [f.name for f in fields]
    known = frozenset(names)
    body = ["def copy(obj, changes):", "    new = new_object(cls)"]
    body.extend(f"    set_slot(new, {n!r}, obj.{n})" for n in names)
    body += [
        "    for name, value in changes.items():",
        "        if name not in known:",
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')",
        "        set_slot(new, name, value)",
        "    return new",
    ]
    namespace: dict[str, Any] = {
        "cls": cls,
        "known": known,
        "new_object": object.__new__,
        "set_slot": object.__setattr__,
    }
    exec("\n".join(body), namespace)
    copier: _Copier = namespace["copy"]
    return copier


def evolve(obj: T, **changes: object) -> T:
    """A copy of the frozen dataclass ``obj`` with ``changes``, like `dataclasses.replace`.

    Raises:
        TypeError: a change names no field, or the class cannot be copied this way.
    """
    cls = type(obj)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    result: T = copier(obj, changes)
    return result


__all__ = ["evolve"]
