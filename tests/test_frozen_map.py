"""`FrozenMap` and `FrozenDict`: immutable maps that keep their insertion order at any size."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys

import pytest

from pitboss.frozen_map import FrozenDict, FrozenMap, frozen, frozen_dict


def test_frozen_map_copies_keep_the_original_and_the_insertion_order() -> None:
    base = FrozenMap([("b", 1), ("a", 2)])
    later = base.updated({"a": 3, "c": 4})
    assert list(base.items()) == [("b", 1), ("a", 2)]
    assert list(later.items()) == [("b", 1), ("a", 3), ("c", 4)]
    assert later == {"c": 4, "a": 3, "b": 1}
    assert base != later
    assert "c" in later
    assert "c" not in base
    assert later.get("z", 0) == 0
    assert len(later) == 3
    with pytest.raises(KeyError):
        base["c"]


@pytest.mark.parametrize("size", [3, 513, 2_000])
def test_a_large_or_small_map_iterates_in_insertion_order_and_removes_keys(size: int) -> None:
    """Past 256 keys the map spreads over buckets; its order never depends on the hashes (513:
    the last chunk of keys holds one, and removing it drops the chunk)."""
    keys = [f"p{(i * 7919) % size:05d}" for i in range(size)]
    m = FrozenMap((k, i) for i, k in enumerate(keys))
    assert list(m) == keys
    assert list(m.values()) == list(range(size))
    grown = m.updated({"new": -1})
    assert list(grown)[-1] == "new"
    assert len(grown) == size + 1
    assert list(m)[-1] == keys[-1]  # the original is untouched
    gone = grown.without(keys[1])
    assert keys[1] not in gone
    assert list(gone) == [k for k in [*keys, "new"] if k != keys[1]]
    assert gone.without("absent") is gone
    assert list(m.without(keys[-1])) == keys[:-1]
    assert pickle.loads(pickle.dumps(gone)) == gone
    assert frozen(gone) is gone


def test_a_frozen_dict_refuses_every_change_and_copies_with_one() -> None:
    d = frozen_dict({1: "a", 2: "b"})
    assert isinstance(d, FrozenDict)
    for change in (
        lambda: d.__setitem__(3, "c"),
        lambda: d.__delitem__(1),
        lambda: d.update({3: "c"}),
        lambda: d.pop(1),
        d.clear,
        d.popitem,
    ):
        with pytest.raises(TypeError, match="never changes"):
            change()
    assert d == {1: "a", 2: "b"}
    assert list(d.updated({3: "c", 1: "z"}).items()) == [(1, "z"), (2, "b"), (3, "c")]
    assert d.without(1) == {2: "b"}
    assert pickle.loads(pickle.dumps(d)) == d
    assert isinstance(pickle.loads(pickle.dumps(d)), FrozenDict)


def test_a_growing_map_spreads_over_more_buckets_and_keeps_order_and_values() -> None:
    """Grown one key at a time past every bucket threshold, the map keeps insertion order and
    every value, and changing existing keys at a threshold does not rebuild it each time."""
    m: FrozenMap[str, int] = FrozenMap()
    keys = [f"k{(i * 7919) % 40_000:05d}" for i in range(40_000)]
    for i, key in enumerate(keys):
        m = m.updated({key: i})
    assert list(m) == keys
    assert all(m[k] == i for i, k in enumerate(keys))
    assert len(m._buckets) > 64  # spread wider than a small field's map
    again = m.updated({keys[0]: -1})
    shared = sum(a is b for a, b in zip(again._buckets, m._buckets, strict=True))
    assert shared == len(m._buckets) - 1  # one bucket copied, the rest shared: no rebuild
    assert again[keys[0]] == -1
    assert list(again) == keys


@pytest.mark.parametrize("size", [10, 300, 5_000])
def test_a_map_pickled_by_one_process_reads_in_another_with_other_hashes(size: int) -> None:
    """Regression: a FrozenMap of more than 256 text keys kept its buckets, placed by this
    process's string hashes, in its pickle; a snapshot read after a server restart (another
    ``PYTHONHASHSEED``) then lost players and hands: ``KeyError`` on a key it held."""
    original = FrozenMap((f"p{i}", i) for i in range(size))
    data = pickle.dumps(original, protocol=5).hex()
    check = (
        "import pickle, sys\n"
        f"m = pickle.loads(bytes.fromhex({data!r}))\n"
        f"missing = [i for i in range({size}) if f'p{{i}}' not in m or m[f'p{{i}}'] != i]\n"
        "assert not missing, missing[:5]\n"
        f"assert list(m) == [f'p{{i}}' for i in range({size})]\n"
    )
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", check], env=env, capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, done.stderr
