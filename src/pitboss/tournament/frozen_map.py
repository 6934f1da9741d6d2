"""`FrozenMap`: an immutable mapping whose copy with a few changes costs little.

The director's state is folded event by event, and its players and hands were plain dicts
copied whole by every event that touched one entry: a cost that grows with the field and, for
the hands (every hand ever played), with the tournament, so quadratic over a long event. A
`FrozenMap` keeps its entries in a fixed number of small buckets (by hash) and the keys in
insertion order beside them; `FrozenMap.updated` copies only the buckets it changes (and the
key order only when a key is new). Iteration is in insertion order, like a dict, whatever the
hashes; equality is mapping equality, so a `FrozenMap` equals a dict with the same items.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")

_BUCKETS = 64
_MASK = _BUCKETS - 1


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable mapping; ``updated`` returns a new one sharing the untouched buckets."""

    __slots__ = ("_buckets", "_order")

    _buckets: tuple[dict[K, V], ...]
    _order: tuple[K, ...]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        buckets: list[dict[K, V]] = [{} for _ in range(_BUCKETS)]
        order: list[K] = []
        pairs = items.items() if isinstance(items, Mapping) else items
        for key, value in pairs:
            bucket = buckets[hash(key) & _MASK]
            if key not in bucket:
                order.append(key)
            bucket[key] = value
        self._buckets = tuple(buckets)
        self._order = tuple(order)

    @classmethod
    def _made(cls, buckets: tuple[dict[K, V], ...], order: tuple[K, ...]) -> FrozenMap[K, V]:
        new: FrozenMap[K, V] = cls.__new__(cls)
        new._buckets = buckets
        new._order = order
        return new

    def __getitem__(self, key: K) -> V:
        return self._buckets[hash(key) & _MASK][key]

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, /, default: V | D) -> V | D: ...

    def get(self, key: K, /, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        return self._buckets[hash(key) & _MASK].get(key, default)

    def __contains__(self, key: object) -> bool:
        try:
            return key in self._buckets[hash(key) & _MASK]
        except TypeError:  # unhashable: not a key
            return False

    def __iter__(self) -> Iterator[K]:
        return iter(self._order)

    def __len__(self) -> int:
        return len(self._order)

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self.items())!r})"

    def updated(self, changes: Mapping[K, V]) -> FrozenMap[K, V]:
        """A copy with ``changes`` set (new keys go last, in the order given)."""
        buckets = list(self._buckets)
        copied: set[int] = set()
        new_keys: list[K] = []
        for key, value in changes.items():
            index = hash(key) & _MASK
            if index not in copied:
                buckets[index] = dict(buckets[index])
                copied.add(index)
            bucket = buckets[index]
            if key not in bucket:
                new_keys.append(key)
            bucket[key] = value
        order = (*self._order, *new_keys) if new_keys else self._order
        return FrozenMap._made(tuple(buckets), order)


def frozen(mapping: Mapping[K, V]) -> FrozenMap[K, V]:
    """``mapping`` as a `FrozenMap` (itself if it already is one)."""
    return mapping if isinstance(mapping, FrozenMap) else FrozenMap(mapping)


__all__ = ["FrozenMap", "frozen"]
