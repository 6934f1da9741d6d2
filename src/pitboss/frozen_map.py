"""`FrozenMap`: an immutable mapping whose copy with a few changes costs little, at any size.

The director's state is folded event by event; its players and hands (every hand ever played)
grow with the tournament, so copying them whole on every change would make a long event
quadratic. A `FrozenMap` keeps its entries in small buckets (by hash: one for a small map,
``_BUCKETS`` once it holds more than ``_SMALL``) and its keys, in insertion order, in chunks
of at most ``_CHUNK`` keys; `FrozenMap.updated` copies only the buckets it changes and, for a
new key, only the last chunk and the short list of chunks: about ``n / _BUCKETS + _CHUNK +
n / _CHUNK`` references, not ``n``. A small map (a table's seats) is one dict, copied whole.

Iteration is in insertion order, like a dict, whatever the hashes (so output never depends on
``PYTHONHASHSEED``); equality is mapping equality, so a `FrozenMap` equals a dict with the same
items. Nothing in a `FrozenMap` is ever changed after it is made.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping
from typing import Any, Generic, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")

_BUCKETS = 64
_SMALL = 64
_CHUNK = 512


class FrozenMap(Mapping[K, V], Generic[K, V]):
    """An immutable mapping; ``updated`` returns a new one sharing what it did not change."""

    __slots__ = ("_buckets", "_chunks", "_len", "_mask")

    _buckets: tuple[dict[K, V], ...]
    _chunks: tuple[tuple[K, ...], ...]
    _len: int
    _mask: int

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = ()) -> None:
        pairs = dict(items.items() if isinstance(items, Mapping) else items)
        order = list(pairs)
        count = _BUCKETS if len(order) > _SMALL else 1
        buckets: list[dict[K, V]] = [{} for _ in range(count)]
        mask = count - 1
        for key in order:
            buckets[hash(key) & mask][key] = pairs[key]
        self._buckets = tuple(buckets)
        self._mask = mask
        self._chunks = tuple(tuple(order[i : i + _CHUNK]) for i in range(0, len(order), _CHUNK))
        self._len = len(order)

    def __getitem__(self, key: K) -> V:
        return self._buckets[hash(key) & self._mask][key]

    @overload
    def get(self, key: K, /) -> V | None: ...

    @overload
    def get(self, key: K, /, default: V | D) -> V | D: ...

    def get(self, key: K, /, default: Any = None) -> Any:
        """The value of ``key``, or ``default``."""
        return self._buckets[hash(key) & self._mask].get(key, default)

    def __contains__(self, key: object) -> bool:
        try:
            return key in self._buckets[hash(key) & self._mask]
        except TypeError:  # unhashable: not a key
            return False

    def __iter__(self) -> Iterator[K]:
        for chunk in self._chunks:
            yield from chunk

    def __len__(self) -> int:
        return self._len

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self.items())!r})"

    def updated(self, changes: Mapping[K, V]) -> FrozenMap[K, V]:
        """A copy with ``changes`` set (new keys go last, in the order given)."""
        if not changes:
            return self
        if self._mask == 0 and self._len + len(changes) > _SMALL:
            return FrozenMap([*self.items(), *changes.items()])  # grows into buckets
        mask = self._mask
        buckets = list(self._buckets)
        copied: set[int] = set()
        new_keys: list[K] = []
        for key, value in changes.items():
            index = hash(key) & mask
            if index not in copied:
                buckets[index] = dict(buckets[index])
                copied.add(index)
            bucket = buckets[index]
            if key not in bucket:
                new_keys.append(key)
            bucket[key] = value
        chunks = self._chunks
        if new_keys:
            chunks = _appended(chunks, new_keys)
        new: FrozenMap[K, V] = FrozenMap.__new__(FrozenMap)
        new._buckets = tuple(buckets)
        new._mask = mask
        new._chunks = chunks
        new._len = self._len + len(new_keys)
        return new

    def without(self, key: K) -> FrozenMap[K, V]:
        """A copy without ``key`` (the same map if it is not there)."""
        index = hash(key) & self._mask
        if key not in self._buckets[index]:
            return self
        buckets = list(self._buckets)
        bucket = dict(buckets[index])
        del bucket[key]
        buckets[index] = bucket
        chunks = tuple(
            tuple(k for k in chunk if k != key) if key in chunk else chunk for chunk in self._chunks
        )
        new: FrozenMap[K, V] = FrozenMap.__new__(FrozenMap)
        new._buckets = tuple(buckets)
        new._mask = self._mask
        new._chunks = tuple(chunk for chunk in chunks if chunk)
        new._len = self._len - 1
        return new


def _appended(chunks: tuple[tuple[K, ...], ...], keys: list[K]) -> tuple[tuple[K, ...], ...]:
    """``chunks`` with ``keys`` added at the end: only the last chunk is copied."""
    out = list(chunks)
    last = list(out.pop()) if out and len(out[-1]) < _CHUNK else []
    for key in keys:
        last.append(key)
        if len(last) == _CHUNK:
            out.append(tuple(last))
            last = []
    if last:
        out.append(tuple(last))
    return tuple(out)


EMPTY: FrozenMap[Any, Any] = FrozenMap()
"""The empty map (shared: a `FrozenMap` never changes)."""


def frozen(mapping: Mapping[K, V]) -> FrozenMap[K, V]:
    """``mapping`` as a `FrozenMap` (itself if it already is one)."""
    return mapping if isinstance(mapping, FrozenMap) else FrozenMap(mapping)


__all__ = ["EMPTY", "FrozenMap", "frozen"]
