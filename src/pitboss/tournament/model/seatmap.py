"""`Tables`: the tables in play, with the summary the director asks for on every hand.

Between two hands at any table the director asks the same questions of the whole room: how
many players are seated, which tables are the shortest and the fullest (TDA 10B, 11A, 11D),
which tables still have seats above the phase's count (THC 5), and where a player sits. Asked
of a plain mapping each question visits every table, so a field of 10,000 players (a thousand
tables) paid for every table on every hand. A `Tables` keeps the answers with the tables: its
copy with a few tables changed updates only their entries, so the director's work per hand
does not grow with the field.

It is a `FrozenDict` of table number -> `TableSeats` (equal to any mapping with the same items,
read with the dict's own speed), with four indexes folded beside it and never compared:

* the players seated in all,
* the table numbers by players seated (each sorted),
* the table numbers by seat count (each sorted),
* the table each seated player sits at.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from pitboss.frozen_map import FrozenDict, FrozenMap
from pitboss.ids import PlayerId, TableNo
from pitboss.table.seats import TableSeats

_Index = dict[int, tuple[TableNo, ...]]


def _add(index: _Index, key: int, number: TableNo) -> None:
    numbers = index.get(key, ())
    i = bisect_left(numbers, number)
    index[key] = (*numbers[:i], number, *numbers[i:])


def _remove(index: _Index, key: int, number: TableNo) -> None:
    numbers = index[key]
    i = bisect_left(numbers, number)
    rest = numbers[:i] + numbers[i + 1 :]
    if rest:
        index[key] = rest
    else:
        del index[key]


class Tables(FrozenDict[TableNo, TableSeats]):
    """The tables in play (an immutable mapping) and their summary; see the module."""

    __slots__ = ("_by_count", "_by_size", "_players", "_where")

    _by_size: _Index
    _by_count: _Index
    _players: int
    _where: FrozenMap[PlayerId, TableNo | None]

    def __init__(
        self, tables: Mapping[TableNo, TableSeats] | Iterable[tuple[TableNo, TableSeats]] = ()
    ) -> None:
        dict.__init__(self, tables)
        self._by_size = {}
        self._by_count = {}
        players = 0
        where: dict[PlayerId, TableNo | None] = {}
        for number in sorted(self):
            table = dict.__getitem__(self, number)
            _add(self._by_size, len(table.seats), number)
            _add(self._by_count, table.seat_count, number)
            players += len(table.seats)
            for pid in table.seats.values():
                where[pid] = number
        self._players = players
        self._where = FrozenMap(where)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tables, (dict(self),))

    def __repr__(self) -> str:
        return f"Tables({dict.__repr__(self)})"

    def updated(self, changes: Mapping[TableNo, TableSeats]) -> Tables:
        """A copy with these tables set (new numbers go last); only their entries are indexed
        again."""
        if not changes:
            return self
        new: Tables = Tables.__new__(Tables)
        dict.update(new, self)
        dict.update(new, changes)
        by_size, by_count = dict(self._by_size), dict(self._by_count)
        players = self._players
        moves: dict[PlayerId, TableNo | None] = {}
        where = self._where
        for number, table in changes.items():
            old = dict.get(self, number)
            if old is not None:
                if old.seats is table.seats and old.seat_count == table.seat_count:
                    continue
                _remove(by_size, len(old.seats), number)
                _remove(by_count, old.seat_count, number)
                players -= len(old.seats)
                for pid in old.seats.values():
                    if moves.get(pid, where.get(pid)) == number:
                        moves[pid] = None
            _add(by_size, len(table.seats), number)
            _add(by_count, table.seat_count, number)
            players += len(table.seats)
            for pid in table.seats.values():
                moves[pid] = number
        new._by_size, new._by_count, new._players = by_size, by_count, players
        new._where = where.updated({p: n for p, n in moves.items() if where.get(p) != n})
        return new

    def without(self, key: TableNo) -> Tables:
        """A copy without table ``key`` (the same tables if it is not there)."""
        old = dict.get(self, key)
        if old is None:
            return self
        new: Tables = Tables.__new__(Tables)
        dict.update(new, self)
        dict.__delitem__(new, key)
        new._by_size, new._by_count = dict(self._by_size), dict(self._by_count)
        _remove(new._by_size, len(old.seats), key)
        _remove(new._by_count, old.seat_count, key)
        new._players = self._players - len(old.seats)
        where = self._where
        new._where = where.updated({p: None for p in old.seats.values() if where.get(p) == key})
        return new

    @property
    def players(self) -> int:
        """Players seated at all the tables."""
        return self._players

    def sizes(self) -> tuple[int, ...]:
        """The numbers of players the tables have, smallest first (each at least one table)."""
        return tuple(sorted(self._by_size))

    def smallest(self) -> int:
        """Players at the shortest table (0 when there is no table)."""
        return min(self._by_size, default=0)

    def largest(self) -> int:
        """Players at the fullest table (0 when there is no table)."""
        return max(self._by_size, default=0)

    def numbers_with(self, size: int) -> tuple[TableNo, ...]:
        """The tables with exactly ``size`` players, by number."""
        return self._by_size.get(size, ())

    def shortest_first(self) -> Iterator[TableNo]:
        """Every table from the shortest, by number on a tie (lazily: stop when found)."""
        for size in sorted(self._by_size):
            yield from self._by_size[size]

    def lowest_number(self) -> TableNo:
        """The lowest table number (the tables are kept sorted by seat count)."""
        return min(numbers[0] for numbers in self._by_count.values())

    def highest_number(self) -> TableNo:
        """The highest table number."""
        return max(numbers[-1] for numbers in self._by_count.values())

    def numbers_above(self, seat_count: int) -> tuple[TableNo, ...]:
        """The tables with more than ``seat_count`` seats (THC 5), by number."""
        found = [n for count, ns in self._by_count.items() if count > seat_count for n in ns]
        return tuple(sorted(found))

    def table_of(self, pid: PlayerId) -> TableNo | None:
        """The table ``pid`` sits at, or None."""
        return self._where.get(pid)


def as_tables(tables: Mapping[TableNo, TableSeats]) -> Tables:
    """``tables`` as `Tables` (itself if it already is; a plain mapping is indexed once)."""
    return tables if isinstance(tables, Tables) else Tables(tables)


EMPTY_TABLES = Tables()
"""No table."""

__all__ = ["EMPTY_TABLES", "Tables", "as_tables"]
