"""`pitboss.rules.mapping`: values to JSON-ready mappings and back, by their field types."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass
from typing import NamedTuple

import pytest

from pitboss.errors import RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.mapping import from_mapping, to_mapping


class Pair(NamedTuple):
    left: int
    right: tuple[str, ...]


def test_a_rule_set_round_trips_through_json() -> None:
    rules = RuleSet.from_preset("ky-charity")
    data = json.loads(json.dumps(to_mapping(rules)))
    assert from_mapping(RuleSet, data) == rules


def test_a_named_tuple_becomes_a_mapping_of_its_fields() -> None:
    assert to_mapping(Pair(left=1, right=("a", "b"))) == {"left": 1, "right": ["a", "b"]}


class Suit(enum.Enum):
    HEARTS = "h"


@dataclass(frozen=True)
class Holder:
    pair: Pair
    suits: frozenset[str]
    by_seat: dict[int, Suit]
    items: list[Pair]


def test_each_kind_of_value_is_written_by_its_own_form_nested_and_repeated() -> None:
    value = Holder(
        pair=Pair(1, ()),
        suits=frozenset({"s", "c", "h"}),
        by_seat={3: Suit.HEARTS},
        items=[Pair(2, ("x",)), Pair(3, ("y", "z"))],
    )
    expected = {
        "pair": {"left": 1, "right": []},
        "suits": ["c", "h", "s"],
        "by_seat": {"3": "h"},
        "items": [{"left": 2, "right": ["x"]}, {"left": 3, "right": ["y", "z"]}],
    }
    assert to_mapping(value) == expected
    assert to_mapping(value) == expected  # the second time from the forms worked out once
    assert to_mapping(Holder) is Holder  # a class is not a value of its own


def test_an_unknown_or_ill_typed_setting_is_refused_by_name() -> None:
    with pytest.raises(RuleSetError, match="unknown setting 'nonsense'"):
        from_mapping(RuleSet, {"nonsense": 1})
    with pytest.raises(RuleSetError, match="'name' must be a string"):
        from_mapping(RuleSet, {"name": 5})
