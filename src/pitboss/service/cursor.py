"""Undo and redo as a cursor over the log's batches (DESIGN "The live side": undone commands
stay in the log, marked, so the audit trail is complete).

A batch is one command's events. The cursor says which batches are in effect: the state is the
fold of their events in log order. Undo takes the last command out of effect with the clock's
batches after it (a tick records only what the clock did; the next tick records it again);
redo puts the last undone group back and takes out the ticks recorded since the undo, which
decided on a state without it. A new command after an undo ends the redo: its decision was
made without the undone commands. The creation of the tournament cannot be undone.

Pure: the cursor is a value folded from the batches and the two marking events,
``commands_undone`` and ``commands_redone``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from pitboss.errors import UndoError

UNDONE = "commands_undone"
"""The type of the event that marks batches undone; its data: ``{"batches": [...]}``."""

REDONE = "commands_redone"
"""The type of the event that puts batches back; its data: ``{"batches": [...], "dropped":
[...]}`` (the clock's batches taken out of effect)."""

TICK = "tick"
"""The command type of the clock's batches."""


class Redo(NamedTuple):
    """An undone group: its batches, and how many batches were in effect before it."""

    batches: tuple[int, ...]
    at: int


class Cursor(NamedTuple):
    """Which batches are in effect (``applied``, in log order), which of them are the clock's
    (``ticks``), what redo would put back (``redo``, the latest undo last), and the last batch
    of the log folded into this cursor (``last_batch``)."""

    applied: tuple[int, ...] = ()
    ticks: frozenset[int] = frozenset()
    redo: tuple[Redo, ...] = ()
    last_batch: int = 0

    def appended(self, batch: int, *, tick: bool) -> Cursor:
        """A command's (or the clock's) batch was appended: it is in effect; a command's ends
        the redo."""
        return Cursor(
            applied=(*self.applied, batch),
            ticks=self.ticks | {batch} if tick else self.ticks,
            redo=self.redo if tick else (),
            last_batch=batch,
        )

    def extended(self, batches: Sequence[tuple[int, bool]]) -> Cursor:
        """`appended` for several batches, ``(number, tick)`` each, at once (opening a log)."""
        if not batches:
            return self
        ticks = [number for number, tick in batches if tick]
        commands = len(ticks) < len(batches)
        return Cursor(
            applied=(*self.applied, *(number for number, _ in batches)),
            ticks=self.ticks.union(ticks) if ticks else self.ticks,
            redo=() if commands else self.redo,
            last_batch=batches[-1][0],
        )

    def undo_group(self) -> tuple[int, ...]:
        """The batches an undo takes out of effect: the last command's and the clock's after it.

        Raises:
            UndoError: ``nothing_to_undo``: only the tournament's creation is in effect.
        """
        for index in range(len(self.applied) - 1, 0, -1):  # index 0: the creation
            if self.applied[index] not in self.ticks:
                return self.applied[index:]
        raise UndoError(
            "there is nothing to undo: no command since the tournament was created is in effect",
            code="nothing_to_undo",
            params={},
        )

    def undone(self, batches: tuple[int, ...], marked_in: int) -> Cursor:
        """``batches`` (the `undo_group`) were marked undone by batch ``marked_in``.

        Raises:
            UndoError: ``bad_undo``: they are not the group an undo takes now.
        """
        if not batches or batches != self.undo_group():
            raise UndoError(
                f"batches {list(batches)} are not the last command in effect and the clock's "
                "batches after it",
                code="bad_undo",
                params={"batches": list(batches), "expected": list(self._group_or_none())},
            )
        keep = len(self.applied) - len(batches)
        return self._replace(
            applied=self.applied[:keep],
            redo=(*self.redo, Redo(batches=batches, at=keep)),
            last_batch=marked_in,
        )

    def redo_plan(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """What a redo puts back, and the clock's batches since the undo it takes out.

        Raises:
            UndoError: ``nothing_to_redo``: nothing was undone, or a command came since.
        """
        if not self.redo:
            raise UndoError(
                "there is nothing to redo: nothing was undone since the last command",
                code="nothing_to_redo",
                params={},
            )
        last = self.redo[-1]
        return last.batches, self.applied[last.at :]

    def redone(self, batches: tuple[int, ...], dropped: tuple[int, ...], marked_in: int) -> Cursor:
        """``batches`` were put back and the clock's ``dropped`` taken out by batch
        ``marked_in``.

        Raises:
            UndoError: ``bad_redo``: that is not what a redo does now.
        """
        if not self.redo or (batches, dropped) != self.redo_plan():
            raise UndoError(
                f"batches {list(batches)} are not the last undone group",
                code="bad_redo",
                params={"batches": list(batches), "dropped": list(dropped)},
            )
        last = self.redo[-1]
        return self._replace(
            applied=(*self.applied[: last.at], *batches),
            redo=self.redo[:-1],
            last_batch=marked_in,
        )

    def _group_or_none(self) -> tuple[int, ...]:
        try:
            return self.undo_group()
        except UndoError:
            return ()


__all__ = ["REDONE", "TICK", "UNDONE", "Cursor", "Redo", "UndoError"]
