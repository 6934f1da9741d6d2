"""The ids of the trade's things, as distinct types (STYLE 6): a table number is not a seat.

Seats and tables are numbered from 1, as players say them ("table 3, seat 7"). Each is a
`typing.NewType`: free at run time, checked by mypy, so a seat number cannot be passed where a
table number is wanted.
"""

from __future__ import annotations

from typing import NewType

PlayerId = NewType("PlayerId", str)
"""A registered entry's id (a re-entry is a new id, TDA 8A)."""

TableNo = NewType("TableNo", int)
"""A table's number, 1 or more."""

SeatNo = NewType("SeatNo", int)
"""A seat's number at its table, 1-based (TDA 7: "table 3, seat 7")."""

HandId = NewType("HandId", str)
"""A hand's id, unique in its tournament."""

ClubPlayerId = NewType("ClubPlayerId", str)
"""A person's record in the club (issue 28): the same id every night they play, so their
entries, places, prizes and league points follow them; tonight's entry is a `PlayerId`."""

LeagueId = NewType("LeagueId", str)
"""A league of the club (its seasons share its points rules)."""

SeasonId = NewType("SeasonId", str)
"""A season of a league: the events that count toward one table of standings."""

__all__ = ["ClubPlayerId", "HandId", "LeagueId", "PlayerId", "SeasonId", "SeatNo", "TableNo"]
