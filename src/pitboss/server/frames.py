"""What a player's page may send beyond its actions, and what its view carries beyond the
table (issue 31): each feature of the phone table (sitting out, chat, ...) registers its
frame types and its part of the view here, in its own module, so the WebSocket's loop in
`pitboss.server.play_api` stays one loop.

A frame handler gets the room dealing for the player (None: not dealing) and the parsed frame,
and answers ``{"kind": "submitted" | "refused", "action_id": ..., ...}``; a refusal carries a
`PitbossError`'s ``code``, ``params`` and ``message``. A view part gets the same room and the
player and returns a JSON value shown under its name in the player's view (recomputed at every
change, so it must be cheap: the server builds hundreds of views a second). A table part is
the same for the public view of a table (a spectator's screen): it gets the room and the table.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from pitboss.ids import PlayerId, TableNo

if TYPE_CHECKING:
    from pitboss.server.live_rooms import DealtRoom

FrameHandler = Callable[["DealtRoom | None", PlayerId, dict[str, Any]], Awaitable[dict[str, Any]]]
"""Answers one frame of a player's page."""

ViewPart = Callable[["DealtRoom | None", PlayerId], object]
"""One named part of a player's view."""

FRAME_HANDLERS: dict[str, FrameHandler] = {}
"""The frame types the features registered, by ``type``."""

VIEW_PARTS: dict[str, ViewPart] = {}
"""The parts of a player's view the features registered, by their key in the view."""

TablePart = Callable[["DealtRoom | None", TableNo], object]
"""One named part of a table's public view."""

TABLE_PARTS: dict[str, TablePart] = {}
"""The parts of a table's public view the features registered, by their key in the view."""


def frame_handler(kind: str) -> Callable[[FrameHandler], FrameHandler]:
    """Registers the handler of the frames ``{"type": kind, ...}``."""

    def register(handler: FrameHandler) -> FrameHandler:
        if kind in FRAME_HANDLERS:
            raise ValueError(f"frame type {kind!r} is handled already")
        FRAME_HANDLERS[kind] = handler
        return handler

    return register


def view_part(key: str) -> Callable[[ViewPart], ViewPart]:
    """Registers the part of a player's view shown under ``key``."""

    def register(part: ViewPart) -> ViewPart:
        if key in VIEW_PARTS:
            raise ValueError(f"view part {key!r} is registered already")
        VIEW_PARTS[key] = part
        return part

    return register


def table_part(key: str) -> Callable[[TablePart], TablePart]:
    """Registers the part of a table's public view shown under ``key``."""

    def register(part: TablePart) -> TablePart:
        if key in TABLE_PARTS:
            raise ValueError(f"table part {key!r} is registered already")
        TABLE_PARTS[key] = part
        return part

    return register


__all__ = [
    "FRAME_HANDLERS",
    "TABLE_PARTS",
    "VIEW_PARTS",
    "FrameHandler",
    "TablePart",
    "ViewPart",
    "frame_handler",
    "table_part",
    "view_part",
]
