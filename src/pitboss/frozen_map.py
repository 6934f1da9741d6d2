"""`FrozenMap`: an immutable mapping whose copy with a few changes costs little, at any size.

The director's state is folded event by event; its players and hands (every hand ever played)
grow with the tournament, so copying them whole on every change would make a long event
quadratic. A `FrozenMap` keeps its entries in small buckets (by hash: one for a small map,
``_BUCKETS`` once it holds more than ``_SMALL``, four times as many each time it outgrows
``_LOAD`` keys a bucket, so a copy stays small for the players of a 10,000-player field and
the tens of thousands of hands of its night) and its keys, in insertion order, in chunks
of at most ``_CHUNK`` keys; `FrozenMap.updated` copies only the buckets it changes and, for a
new key, only the last chunk and the short list of chunks: about ``n / _BUCKETS + _CHUNK +
n / _CHUNK`` references, not ``n``. A small map (a table's seats) is one dict, copied whole.

Maps that stay small (a table's seats, the tables, the deals) are `FrozenDict`s instead: a
dict that refuses every change, with the dict's own fast reads.

Iteration is in insertion order, like a dict, whatever the hashes (so output never depends on
``PYTHONHASHSEED``); equality is mapping equality, so a `FrozenMap` equals a dict with the same
items. Nothing in a `FrozenMap` is ever changed after it is made.
"""

from __future__ import annotations

from collections.abc import (
    Hashable,
    ItemsView,
    Iterable,
    Iterator,
    KeysView,
    Mapping,
    ValuesView,
)
from typing import Any, Generic, NoReturn, TypeVar, overload

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
D = TypeVar("D")

_BUCKETS = 64
_SMALL = 256
_CHUNK = 512
_LOAD = 128  # keys per bucket at which the map spreads over four times the buckets


def _bucket_count(size: int) -> int:
    """One bucket for a small map; else `_BUCKETS`, times four for each fourfold growth past
    `_LOAD` keys a bucket (a copy costs about buckets + keys / buckets references)."""
    if size <= _SMALL:
        return 1
    count = _BUCKETS
    while size > _LOAD * count:
        count *= 4
    return count


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
        count = _bucket_count(len(order))
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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its items in order and rebuilt on loading: its buckets are by ``hash``,
        which for text differs from one process to the next (``PYTHONHASHSEED``), so a
        snapshot read by another process (a server restarted) must place each key again."""
        return (FrozenMap, (list(self.items()),))

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
        if self._mask == 0:  # one bucket: its dict keeps the insertion order itself
            return iter(self._buckets[0])
        return (key for chunk in self._chunks for key in chunk)

    def __len__(self) -> int:
        return self._len

    def keys(self) -> KeysView[K]:
        """The keys in insertion order."""
        if self._mask == 0:  # a read-only view of the one bucket, which keeps the order
            return self._buckets[0].keys()
        return KeysView(self)

    def items(self) -> ItemsView[K, V]:
        """The (key, value) pairs in insertion order (no lookup per key for a small map)."""
        if self._mask == 0:
            return self._buckets[0].items()
        return _Items(self)

    def values(self) -> ValuesView[V]:
        """The values in insertion order."""
        if self._mask == 0:
            return self._buckets[0].values()
        return _Values(self)

    def _pairs(self) -> Iterator[tuple[K, V]]:
        if self._mask == 0:
            return iter(self._buckets[0].items())
        buckets, mask = self._buckets, self._mask
        return ((key, buckets[hash(key) & mask][key]) for chunk in self._chunks for key in chunk)

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self.items())!r})"

    def updated(self, changes: Mapping[K, V]) -> FrozenMap[K, V]:
        """A copy with ``changes`` set (new keys go last, in the order given)."""
        if not changes:
            return self
        grown = self._len + sum(1 for key in changes if key not in self)
        if _bucket_count(grown) > self._mask + 1:
            return FrozenMap([*self.items(), *changes.items()])  # spreads over more buckets
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
        chunks = list(self._chunks)
        for i, chunk in enumerate(chunks):
            if key in chunk:  # the one chunk holding the key is cut, by slices (no loop in Python)
                at = chunk.index(key)
                rest = chunk[:at] + chunk[at + 1 :]
                if rest:
                    chunks[i] = rest
                else:
                    del chunks[i]
                break
        new: FrozenMap[K, V] = FrozenMap.__new__(FrozenMap)
        new._buckets = tuple(buckets)
        new._mask = self._mask
        new._chunks = tuple(chunks)
        new._len = self._len - 1
        return new


class _Items(ItemsView[K, V]):
    __slots__ = ()
    _mapping: FrozenMap[K, V]

    def __iter__(self) -> Iterator[tuple[K, V]]:
        return self._mapping._pairs()


class _Values(ValuesView[V]):
    __slots__ = ()
    _mapping: FrozenMap[Any, V]

    def __iter__(self) -> Iterator[V]:
        return (value for _, value in self._mapping._pairs())


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


class FrozenDict(dict[K, V]):
    """A small immutable mapping: a `dict` that refuses every change, copied whole by
    `updated`. Reads are the dict's own (fast at any size); a copy with a change costs the
    whole map, so it is for maps that stay small (a table's seats, the tables, the deals)."""

    __slots__ = ()

    def _refuse(self, *args: object, **kwargs: object) -> NoReturn:
        raise TypeError("a FrozenDict never changes: use updated() or without()")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse
    __ior__ = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __repr__(self) -> str:
        return f"FrozenDict({dict.__repr__(self)})"

    def updated(self, changes: Mapping[K, V]) -> FrozenDict[K, V]:
        """A copy with ``changes`` set (new keys go last, in the order given)."""
        return FrozenDict({**self, **changes}) if changes else self

    def without(self, key: K) -> FrozenDict[K, V]:
        """A copy without ``key`` (the same map if it is not there)."""
        if key not in self:
            return self
        new: FrozenDict[K, V] = FrozenDict(self)
        dict.__delitem__(new, key)  # the dict's own copy and delete: no loop in Python
        return new


def frozen_dict(mapping: Mapping[K, V]) -> FrozenDict[K, V]:
    """``mapping`` as a `FrozenDict` (itself if it already is one)."""
    return mapping if isinstance(mapping, FrozenDict) else FrozenDict(mapping)


EMPTY_DICT: FrozenDict[Any, Any] = FrozenDict()
"""The empty small map."""

EMPTY: FrozenMap[Any, Any] = FrozenMap()
"""The empty map (shared: a `FrozenMap` never changes)."""


def frozen(mapping: Mapping[K, V]) -> FrozenMap[K, V]:
    """``mapping`` as a `FrozenMap` (itself if it already is one)."""
    return mapping if isinstance(mapping, FrozenMap) else FrozenMap(mapping)


__all__ = ["EMPTY", "EMPTY_DICT", "FrozenDict", "FrozenMap", "frozen", "frozen_dict"]
