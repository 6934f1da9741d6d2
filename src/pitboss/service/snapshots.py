"""Snapshots: the folded state and the undo cursor at a ``seq``, as bytes, so opening a long
night is quick (DESIGN "The live side": a snapshot is a cache, checked against a full replay
in tests).

The bytes are a pickle read back by an unpickler that builds nothing but pitboss's own value
types (named tuples, frozen dataclasses, enums, frozen maps) and frozensets: a damaged or forged
snapshot row can fail to load, never run code (the restriction the ``pickle`` documentation
gives, "Restricting Globals"). A snapshot that fails to load is ignored and the events are
replayed. `FORMAT` changes whenever the shape of the state or pitboss's version changes, so a
snapshot of another shape is never found (`pitboss.store.EventStore.latest_snapshot` asks for
its format).
"""

from __future__ import annotations

import dataclasses
import enum
import io
import pickle
import sys
import typing
import zlib
from functools import cache
from typing import Any, NamedTuple

import pitboss
from pitboss.errors import StoreError
from pitboss.frozen_map import FrozenDict, FrozenMap
from pitboss.service.cursor import Cursor
from pitboss.tournament.state import TournamentState


class Snapshotted(NamedTuple):
    """What a snapshot holds: the state and the cursor it was folded under."""

    state: TournamentState
    cursor: Cursor


_BUILTINS = {("builtins", "frozenset"): frozenset, ("builtins", "set"): set}


def _is_value_type(obj: object) -> bool:
    if not isinstance(obj, type):
        return False
    if issubclass(obj, enum.Enum | FrozenMap | FrozenDict) or dataclasses.is_dataclass(obj):
        return True
    return issubclass(obj, tuple) and hasattr(obj, "_fields")  # a NamedTuple


class _Unpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        allowed = _BUILTINS.get((module, name))
        if allowed is not None:
            return allowed
        if module == "pitboss" or module.startswith("pitboss."):
            found = getattr(sys.modules.get(module), name, None)
            if found is None:
                __import__(module)
                found = getattr(sys.modules[module], name, None)
            if _is_value_type(found):
                return found
        raise pickle.UnpicklingError(f"a snapshot holds only pitboss values, not {module}.{name}")


def encode(state: TournamentState, cursor: Cursor) -> bytes:
    """The snapshot's bytes."""
    return pickle.dumps(Snapshotted(state=state, cursor=cursor), protocol=5)


def decode(data: bytes) -> Snapshotted:
    """A snapshot read back.

    Raises:
        StoreError: ``bad_snapshot``: the bytes are not a snapshot of this format.
    """
    try:
        loaded = _Unpickler(io.BytesIO(data)).load()
    except Exception as exc:
        raise StoreError(
            f"the snapshot cannot be read ({type(exc).__name__}: {exc}); the log is replayed",
            code="bad_snapshot",
            params={"error": type(exc).__name__},
        ) from exc
    if not isinstance(loaded, Snapshotted) or not isinstance(loaded.state, TournamentState):
        raise StoreError(
            "the snapshot does not hold a tournament's state; the log is replayed",
            code="bad_snapshot",
            params={"error": type(loaded).__name__},
        )
    return loaded


def _shape(cls: type, seen: set[type], out: list[str]) -> None:
    """The names and types of ``cls``'s fields and of every value type they hold."""
    if cls in seen:
        return
    seen.add(cls)
    if issubclass(cls, enum.Enum):
        out.append(f"{cls.__module__}.{cls.__qualname__}={[m.value for m in cls]}")
        return
    if not (_is_value_type(cls) and not issubclass(cls, FrozenMap | FrozenDict)):
        return
    hints = typing.get_type_hints(cls)
    out.append(f"{cls.__module__}.{cls.__qualname__}({sorted(hints.items(), key=str)})")
    for hint in hints.values():
        for inner in _types_in(hint):
            _shape(inner, seen, out)


def _types_in(hint: object) -> list[type]:
    found: list[type] = []
    stack = [hint]
    while stack:
        item = stack.pop()
        if isinstance(item, type):
            found.append(item)
        stack.extend(typing.get_args(item))
        origin = typing.get_origin(item)
        if isinstance(origin, type):
            found.append(origin)
    return found


PICKLING = "2: a FrozenMap as its items, rebuilt on loading"
"""How the values are pickled: a snapshot pickled another way is of another format. Before
"2", a FrozenMap's buckets (placed by this process's string hashes) were in the pickle and
another process found no key of a large map in them."""


@cache
def snapshot_format() -> int:
    """The format number: a checksum of pitboss's version, how values are pickled
    (`PICKLING`) and the shape of the state."""
    out: list[str] = [pitboss.__version__, PICKLING]
    _shape(Snapshotted, set(), out)
    return zlib.crc32("\n".join(out).encode()) & 0x7FFF_FFFF


__all__ = ["Snapshotted", "decode", "encode", "snapshot_format"]
