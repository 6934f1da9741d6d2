"""The checked field types of the director's commands (`pitboss.validation`).

A command's fields are checked when it reaches ``decide``: these ``Annotated`` types carry the
ranges, so a chip count is never negative, a seat is 1 to 13 and a table 1 or more.
"""

from __future__ import annotations

from typing import Annotated

from pitboss.ids import SeatNo, TableNo
from pitboss.rules.table_rules import MAX_SEATS
from pitboss.validation import MAX_INT, MAY_BE_BLANK, Range

Chips = Annotated[int, Range(0, MAX_INT)]
"""A chip count: 0 or more."""

Cents = Annotated[int, Range(0, MAX_INT)]
"""An amount of money in cents: 0 or more."""

PositiveCents = Annotated[int, Range(1, MAX_INT)]
"""An amount of money in cents: 1 or more."""

TableNumber = Annotated[TableNo, Range(1, 10_000)]
"""A table number, 1 or more."""

SeatNumber = Annotated[SeatNo, Range(1, MAX_SEATS)]
"""A seat number, 1-based as players say them (at most 13 seats, SLPT 29.5)."""

LevelNumber = Annotated[int, Range(1, 10_000)]
"""A level of the structure, 1 or more."""

Reason = Annotated[str, MAY_BE_BLANK]
"""A ruling's reason: a blank one is refused by the ruling itself, with its own code."""

__all__ = ["Cents", "Chips", "LevelNumber", "PositiveCents", "Reason", "SeatNumber", "TableNumber"]
