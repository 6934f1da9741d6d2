"""Who sits where: the tables the director holds, the random seat draw and "find my seat".

The director keeps each table as a `pitboss.table.seats.TableSeats` (occupied seats, who is
new there, the button and last hand's positions), folded from events; stacks live with the
players. Every draw here takes a random source and returns its
outcome so the event can record it and replay never draws again (STYLE 2).

Rules: random seating spread as evenly as possible over as few tables as the seats allow
(TDA 7; KY 3: 10 a table; THC 5: 11 in the first round, then 10); the first button per table by
the house's method (KY 6 high-card draw, THC 9/12 seat 1); late registrants, re-entries and
alternates drawn from the same seat pool (TDA 8A), which is the empty seats of the shortest
tables so the draw keeps the tables balanced.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from pitboss.cards import Deck, RandomSource
from pitboss.errors import SeatingError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import InitialButton
from pitboss.table.draw import draw_for_button
from pitboss.table.seats import TableSeats
from pitboss.tournament.model.seatmap import as_tables


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAssignment:
    """A player in a seat at a table (seats 1-based, as players say them)."""

    table: TableNo
    seat: SeatNo
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawnTable:
    """One table as a draw left it: seats, the first button and the button draw's cards.

    ``draw`` lists the button draw's cards as ``"player_id:card"`` (``"p07:As"``), who drew
    which card, in the order dealt from seat 1; empty when the button went to seat 1 (THC 9).
    Seats are after any KY 6 reseat, so a card is never shown against a seat its new occupant
    did not draw from.
    """

    table: TableNo
    seat_count: int
    seats: tuple[SeatAssignment, ...]
    button: SeatNo
    draw: tuple[str, ...] = ()


def tables_needed(players: int, seats: int) -> int:
    """As few tables as the seats allow (TDA 7; KY 3; THC 5)."""
    return max(1, -(-players // seats))


def even_sizes(players: int, tables: int) -> list[int]:
    """Players per table, as even as possible, fuller tables first."""
    base, extra = divmod(players, tables)
    return [base + 1 if i < extra else base for i in range(tables)]


def draw_initial_seats(
    player_ids: Sequence[PlayerId], seats: int, rng: RandomSource
) -> tuple[SeatAssignment, ...]:
    """A random draw of every player to a seat over as few, as even tables as possible (TDA 7).

    The seat pool is seats 1..k at a table that gets k players; the players are shuffled onto
    it. Sorted by table and seat.
    """
    if not player_ids:
        raise SeatingError(
            "nobody to seat: register players first",
            code="nobody_to_seat",
            params={"players": 0, "seats": seats},
        )
    count = tables_needed(len(player_ids), seats)
    pool = [
        (table, seat)
        for table, size in enumerate(even_sizes(len(player_ids), count), start=1)
        for seat in range(1, size + 1)
    ]
    order = list(player_ids)
    rng.shuffle(order)
    return tuple(
        sorted(
            (
                SeatAssignment(table=TableNo(t), seat=SeatNo(s), player_id=p)
                for (t, s), p in zip(pool, order, strict=True)
            ),
            key=lambda a: (a.table, a.seat),
        )
    )


def draw_button(
    table: TableNo,
    seats: Mapping[SeatNo, PlayerId],
    seat_count: int,
    rules: RuleSet,
    rng: RandomSource | None,
) -> DrawnTable:
    """The first button at a table by the house's method (KY 6 high card; THC 9/12 seat 1).

    Raises:
        SeatingError: a high-card draw is needed and no random source was given.
    """
    if rules.table.initial_button is InitialButton.SEAT_ONE or len(seats) < 2:
        assignments = tuple(
            SeatAssignment(table=TableNo(table), seat=SeatNo(s), player_id=p)
            for s, p in sorted(seats.items())
        )
        return DrawnTable(table=table, seat_count=seat_count, seats=assignments, button=min(seats))
    if rng is None:
        raise SeatingError(
            "the first button is drawn by high card (KY 6): a random source is needed",
            code="no_random_source",
            params={"table": table, "initial_button": rules.table.initial_button.value},
        )
    draw = draw_for_button(
        {s: str(p) for s, p in seats.items()},
        Deck(rng),
        rules.table.draw_tie_break,
        reseat=rules.table.reseat_by_draw,
    )
    placed: dict[SeatNo, PlayerId] = dict(seats)
    if draw.reseats:
        placed = {SeatNo(seat): PlayerId(player) for player, seat in draw.reseats}
    return DrawnTable(
        table=table,
        seat_count=seat_count,
        seats=tuple(
            SeatAssignment(table=table, seat=s, player_id=p) for s, p in sorted(placed.items())
        ),
        button=SeatNo(draw.button),
        draw=tuple(f"{c.player}:{c.card}" for c in draw.cards),
    )


def draw_tables(
    player_ids: Sequence[PlayerId],
    seats: int,
    rules: RuleSet,
    rng: RandomSource,
    *,
    numbers: Sequence[int] | None = None,
) -> tuple[DrawnTable, ...]:
    """A full draw: seats for everyone, then each table's first button (TDA 7; KY 6, 8b).

    ``numbers`` renames the drawn tables 1, 2, ... (a redraw keeps the surviving numbers).
    """
    assignments = draw_initial_seats(player_ids, seats, rng)
    by_table: dict[TableNo, dict[SeatNo, PlayerId]] = {}
    for a in assignments:
        by_table.setdefault(a.table, {})[a.seat] = a.player_id
    drawn = []
    for index, table in enumerate(sorted(by_table)):
        number = table if numbers is None else TableNo(numbers[index])
        drawn.append(draw_button(number, by_table[table], seats, rules, rng))
    return tuple(drawn)


def seat_pool(tables: Mapping[TableNo, TableSeats], capacity: int) -> list[tuple[TableNo, SeatNo]]:
    """The seats a newcomer may draw (TDA 8A): the empty seats of the shortest tables with an
    empty seat (from the shortest up, so a large field's full tables are never visited)."""
    tables = as_tables(tables)
    for size in tables.sizes():
        pool = [
            (number, seat)
            for number in tables.numbers_with(size)
            for seat in tables[number].empty_seats(capacity)
        ]
        if pool:
            return pool
    return []


def draw_newcomer_seat(
    tables: Mapping[TableNo, TableSeats], capacity: int, rng: RandomSource
) -> tuple[TableNo, SeatNo] | None:
    """A random seat from the pool for a late registrant, re-entry or alternate (TDA 8A).

    None when every table is full: the director opens a new table.
    """
    pool = seat_pool(tables, capacity)
    if not pool:
        return None
    return pool[rng.randrange(len(pool))]


@dataclass(frozen=True, slots=True, kw_only=True)
class ChartLine:
    """One line of the seating chart: table, seat, player's name and chips."""

    table: TableNo
    seat: SeatNo
    player_id: PlayerId
    name: str
    chips: int


def seating_chart(
    tables: Mapping[TableNo, TableSeats],
    names: Mapping[PlayerId, str],
    chips: Mapping[PlayerId, int],
) -> tuple[ChartLine, ...]:
    """Everyone seated, by table then seat (the seating chart screen)."""
    return tuple(
        ChartLine(table=t.number, seat=s, player_id=p, name=names[p], chips=chips.get(p, 0))
        for t in sorted(tables.values(), key=lambda t: t.number)
        for s, p in sorted(t.seats.items())
    )


def _fold(text: str) -> str:
    return " ".join(text.casefold().split())


def find_seat(chart: Iterable[ChartLine], name: str) -> tuple[ChartLine, ...]:
    """ "Find my seat": chart lines whose name matches ``name``.

    Case and spacing are ignored; an exact full-name match wins, otherwise every name that
    contains the text (a first or last name) is returned.
    """
    wanted = _fold(name)
    if not wanted:
        return ()
    lines = tuple(chart)
    exact = tuple(line for line in lines if _fold(line.name) == wanted)
    if exact:
        return exact
    return tuple(line for line in lines if wanted in _fold(line.name))


def locate(tables: Mapping[TableNo, TableSeats], pid: PlayerId) -> tuple[TableNo, SeatNo] | None:
    """The (table, seat) of ``pid``, or None if not seated."""
    for t in tables.values():
        seat = t.seat_of(pid)
        if seat is not None:
            return t.number, seat
    return None


__all__ = [
    "ChartLine",
    "DrawnTable",
    "SeatAssignment",
    "draw_button",
    "draw_initial_seats",
    "draw_newcomer_seat",
    "draw_tables",
    "even_sizes",
    "find_seat",
    "locate",
    "seat_pool",
    "seating_chart",
    "tables_needed",
]
