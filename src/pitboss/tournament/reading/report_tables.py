"""The tables a report is made of: typed cells under named columns, and the same as CSV text,
money as exact decimals, never through a float (`pitboss.tournament.reading.reports` builds
each report of the night from them)."""

from __future__ import annotations

import abc
from dataclasses import dataclass
from typing import ClassVar

from pitboss.errors import TournamentError

Cell = str | int
"""A report cell: text, a count, chips, or money in integer cents (the column says which)."""


def csv_money(cents: int) -> str:
    """Integer cents as an exact decimal for a spreadsheet: ``10000`` -> ``"100.00"``,
    ``-533`` -> ``"-5.33"`` (no currency sign, no thousands separator)."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    return f"{sign}{dollars}.{rest:02d}"


@dataclass(frozen=True, slots=True)
class Column:
    """A report column: its name and whether its cells are money (cents, written as dollars)."""

    name: str
    is_money: bool = False


class Report(abc.ABC):
    """A table of rows under named columns, typed or as CSV text."""

    __slots__ = ()
    COLUMNS: ClassVar[tuple[Column, ...]]

    def columns(self) -> tuple[Column, ...]:
        """The columns of this report."""
        return self.COLUMNS

    def header(self) -> tuple[str, ...]:
        """The column names."""
        return tuple(column.name for column in self.columns())

    @abc.abstractmethod
    def rows(self) -> list[tuple[Cell, ...]]:
        """The rows, one cell per column, money in integer cents."""

    def csv_rows(self) -> list[list[str]]:
        """The header, then every row as text, money as decimals (``"100.00"``)."""
        out = [list(self.header())]
        for row in self.rows():
            out.append(
                [
                    csv_money(cell) if column.is_money and isinstance(cell, int) else str(cell)
                    for column, cell in zip(self.columns(), row, strict=True)
                ]
            )
        return out


def mismatch(what: str, params: dict[str, object]) -> TournamentError:
    """The refusal of a report given events that are not the log of its state."""
    return TournamentError(
        f"the events given do not match the state: {what}; pass the tournament's whole log "
        "and the state it replays to",
        code="report_log_mismatch",
        params=params,
    )


__all__ = ["Cell", "Column", "Report", "csv_money", "mismatch"]
