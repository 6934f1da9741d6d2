"""`pitboss.validation.checked`: every field of a value from outside against its annotation."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import Annotated

import pytest

from pitboss.errors import FieldError
from pitboss.validation import MAX_INT, MAX_TEXT, MAY_BE_BLANK, Range, checked


class Colour(enum.StrEnum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True, slots=True, kw_only=True)
class Inner:
    chips: Annotated[int, Range(0, 100)]


@dataclass(frozen=True, slots=True, kw_only=True)
class Sample:
    name: str
    note: str = ""
    label: Annotated[str, MAY_BE_BLANK] = "x"
    count: int = 0
    colour: Colour = Colour.RED
    maybe: int | None = None
    items: tuple[Inner, ...] = ()
    flags: frozenset[str] = field(default_factory=frozenset)
    on: bool = False


def test_a_valid_value_comes_back_as_it_was() -> None:
    value = Sample(name="a", items=(Inner(chips=3),))
    assert checked(value) is value


@pytest.mark.parametrize(
    ("changes", "where"),
    [
        ({"name": ""}, "Sample.name"),
        ({"name": "   "}, "Sample.name"),
        ({"name": "x" * (MAX_TEXT + 1)}, "Sample.name"),
        ({"name": 5}, "Sample.name"),
        ({"count": True}, "Sample.count"),
        ({"count": 1.5}, "Sample.count"),
        ({"count": math.nan}, "Sample.count"),
        ({"count": MAX_INT + 1}, "Sample.count"),
        ({"colour": "green"}, "Sample.colour"),
        ({"colour": None}, "Sample.colour"),
        ({"maybe": "3"}, "Sample.maybe"),
        ({"items": (Inner(chips=101),)}, "Sample.items[0].chips"),
        ({"items": ({"chips": 1},)}, "Sample.items[0]"),
        ({"items": "abc"}, "Sample.items"),
        ({"on": 1}, "Sample.on"),
        ({"flags": frozenset({3})}, "Sample.flags[0]"),
    ],
)
def test_a_field_that_does_not_fit_is_refused_naming_it(
    changes: dict[str, object], where: str
) -> None:
    value = Sample(**{"name": "a", **changes})  # type: ignore[arg-type]
    with pytest.raises(FieldError) as info:
        checked(value)
    assert info.value.code == "bad_field"
    assert info.value.params["field"] == where
    assert info.value.params["expected"]


def test_free_text_may_be_blank_and_values_of_members_become_members() -> None:
    value = checked(Sample(name="a", note="", label="", colour="blue", items=[Inner(chips=0)]))  # type: ignore[arg-type]
    assert value.colour is Colour.BLUE
    assert value.items == (Inner(chips=0),)
    assert value.label == ""


def test_what_is_not_a_dataclass_is_refused() -> None:
    with pytest.raises(FieldError, match="expected a command"):
        checked({"name": "a"})
