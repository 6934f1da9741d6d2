"""The director service: tournaments kept in an event store, run at the real time (DESIGN
"Service"). `DirectorService` creates and opens them; a `LiveTournament` executes commands,
ticks the clock, and undoes and redoes as a cursor over its log."""

from __future__ import annotations

from pitboss.service.clocks import NeverBack, SteadyClock
from pitboss.service.cursor import Cursor, UndoError
from pitboss.service.director import (
    SNAPSHOT_EVERY,
    Batch,
    Clock,
    CursorPlan,
    DirectorService,
    LiveTournament,
    Outcome,
    RandomFactory,
    seeded_random,
    system_clock,
    system_random,
)

__all__ = [
    "SNAPSHOT_EVERY",
    "Batch",
    "Clock",
    "Cursor",
    "CursorPlan",
    "DirectorService",
    "LiveTournament",
    "NeverBack",
    "Outcome",
    "RandomFactory",
    "SteadyClock",
    "UndoError",
    "seeded_random",
    "system_clock",
    "system_random",
]
