"""The JSON the screens read: each role's view (`pitboss.tournament.reading.screens`, typed
values built below the server) turned into plain data, and nothing else.

`plain` is the one conversion: a dataclass to an object of its fields in order, a tuple to a
list, an enum to its value. The builders here keep the names the routes, the hub and the tests
use; what they return is checked against `pitboss.server.models` in every server test.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from pitboss.cards import RandomSource
from pitboss.ids import PlayerId, TableNo
from pitboss.tournament.model.balancing import Move
from pitboss.tournament.model.entries import PersonalDetails
from pitboss.tournament.reading import console, screens
from pitboss.tournament.reading.views import clock_screen, shown_at
from pitboss.tournament.state import TournamentState

_FIELDS: dict[type, tuple[str, ...]] = {}


_AS_IS = frozenset({str, int, bool, float, type(None)})
"""Types written as they are (checked before a call: most fields of a view are these, and a
player's frame is built for every change at a dealt table, `bench_live.py`)."""


def plain(value: Any) -> Any:
    """``value`` as JSON data: a dataclass an object of its fields (in their order), a tuple or
    list a list, a mapping an object, an enum its value; anything else as it is."""
    kind = type(value)
    if kind in _AS_IS:
        return value
    names = _FIELDS.get(kind)
    if names is None and is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[kind] = tuple(f.name for f in fields(value))
    if names is not None:
        out = {}
        for name in names:
            item = getattr(value, name)
            out[name] = item if type(item) in _AS_IS else plain(item)
        return out
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list | frozenset | set):
        return [plain(item) for item in value]
    if isinstance(value, Mapping):
        return {key: plain(item) for key, item in value.items()}
    return value


def clock_payload(state: TournamentState, now: int, *, rules: bool = False) -> dict[str, Any]:
    """The clock at ``now`` (`clock_screen`); with ``rules`` the texts keep their citations."""
    out: dict[str, Any] = plain(clock_screen(state, now, rules=rules))
    return out


def public_view(
    state: TournamentState, now: int, *, stream: str, seq: int, rules: bool = False
) -> dict[str, Any]:
    """Everything a public screen shows (`screens.public_view`)."""
    out: dict[str, Any] = plain(
        screens.public_view(state, now, stream=stream, seq=seq, rules=rules)
    )
    return out


def table_view(
    state: TournamentState, now: int, table: TableNo, *, stream: str, seq: int
) -> dict[str, Any]:
    """One table for its device (`screens.table_view`)."""
    out: dict[str, Any] = plain(screens.table_view(state, now, table, stream=stream, seq=seq))
    return out


def director_view(
    state: TournamentState,
    now: int,
    *,
    stream: str,
    seq: int,
    break_rng: RandomSource | None = None,
) -> dict[str, Any]:
    """The console's data (`console.director_view`)."""
    view = console.director_view(state, now, stream=stream, seq=seq, break_rng=break_rng)
    out: dict[str, Any] = plain(view)
    return out


def table_colour_up(state: TournamentState, table: TableNo) -> dict[str, Any] | None:
    """The colour-up due at ``table`` and not yet run there (`screens.table_colour_up`)."""
    out: dict[str, Any] | None = plain(screens.table_colour_up(state, table))
    return out


def move_payload(state: TournamentState, move: Move) -> dict[str, Any]:
    """A move for a screen or a move slip (`console.move_line`)."""
    out: dict[str, Any] = plain(console.move_line(state, move))
    return out


def player_details(
    state: TournamentState, pid: PlayerId, details: PersonalDetails | None
) -> dict[str, Any]:
    """One player's private details (from the private store), for the director who asked
    (THC 1).

    Raises:
        RegistrationError: nobody registered with that id.
    """
    out: dict[str, Any] = plain(console.player_details(state, pid, details))
    return out


__all__ = [
    "clock_payload",
    "director_view",
    "move_payload",
    "plain",
    "player_details",
    "public_view",
    "shown_at",
    "table_colour_up",
    "table_view",
]
