"""What lasts between hands at one table: seats, the button, the blinds, away seats.

`Table` plans each next hand by the dead-button rule (TDA 32, THC 46), heads-up rules
(TDA 34B), the newcomer rule (TDA 10A) and the house's absent-player policy (TDA 30/71C or
THC 6), and applies each finished hand's result. See `pitboss.table.table`.
"""

from pitboss.table.draw import ButtonDraw, CardSource, DrawCard
from pitboss.table.positions import Positions
from pitboss.table.table import Table
from pitboss.table.values import (
    BustOut,
    HandPlan,
    HandReport,
    PlannedSeat,
    SeatedPlayer,
    SeatStatus,
)

__all__ = [
    "BustOut",
    "ButtonDraw",
    "CardSource",
    "DrawCard",
    "HandPlan",
    "HandReport",
    "PlannedSeat",
    "Positions",
    "SeatStatus",
    "SeatedPlayer",
    "Table",
]
