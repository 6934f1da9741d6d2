"""`TableSeats`: one table between hands, the one model the director and play both use.

Who sits where, who is new there (TDA 10A), the button and last hand's positions (the dead
button, TDA 32), the seat count (THC 5: 11 in the first round, then 10); stacks, absence and
penalties belong to the players and come in when a hand is planned (`plan_hand`). The planner
(`pitboss.table.planning`) places the button and blinds; the same functions give the worst
seat for a player moved in (TDA 11A) and the order of the next big blinds. `missed_hands` is the
one missed-hand penalty (TDA 71A, SLPT 5).

A `TableSeats` is immutable (a `typing.NamedTuple`: copying one with a change is cheap, and the
director copies tables on every seat change); ``seats`` maps seat -> player (a `FrozenDict`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from pitboss.errors import TableError
from pitboss.frozen_map import EMPTY_DICT, frozen_dict
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules.table_rules import AbsentPolicy, MissedBlindPolicy
from pitboss.table.planning import Layout, advance, plan_positions, worst_positions
from pitboss.table.positions import Positions, clockwise_from, next_clockwise, waiting_seats
from pitboss.table.values import HandPlan, PlannedSeat, SeatStatus


class TableSeats(NamedTuple):
    """One table between hands (folded from the director's events).

    ``new`` are players seated since the table's last hand began and not yet dealt in here
    (TDA 10A); ``last`` are the positions of the last hand started here; ``button`` the first
    button before any hand (KY 6 draw, THC 9 seat 1), then last hand's.
    """

    number: TableNo
    seat_count: int
    seats: Mapping[SeatNo, PlayerId] = EMPTY_DICT
    new: frozenset[PlayerId] = frozenset()
    button: SeatNo | None = None
    last: Positions | None = None
    hands_played: int = 0

    @property
    def size(self) -> int:
        """Players seated."""
        return len(self.seats)

    def players(self) -> tuple[PlayerId, ...]:
        """Players by seat number."""
        seats = self.seats
        return tuple(seats[s] for s in sorted(seats))

    def seat_of(self, pid: PlayerId) -> SeatNo | None:
        """The seat ``pid`` sits in here, or None."""
        for seat, who in self.seats.items():
            if who == pid:
                return seat
        return None

    def empty_seats(self, capacity: int | None = None) -> list[SeatNo]:
        """Empty seats, up to ``capacity`` when the table is being shrunk (THC 5)."""
        top = self.seat_count if capacity is None else min(capacity, self.seat_count)
        return [SeatNo(s) for s in range(1, top + 1) if s not in self.seats]

    def layout(self, missed: MissedBlindPolicy) -> Layout:
        """What `pitboss.table.planning` needs to place the button and blinds."""
        button: int | None = self.button
        if self.last is None and button is not None and button not in self.seats and self.seats:
            # the first button's player left before the first hand: the next player has it
            button = next_clockwise(button, self.seats)
        return Layout(
            seats={seat: pid in self.new for seat, pid in self.seats.items()},
            last=self.last,
            button=button,
            missed_blinds=missed,
        )

    def plan(self, missed: MissedBlindPolicy) -> tuple[Positions, frozenset[int]]:
        """The next hand's positions and waiting newcomers (TDA 32, 34B, 10A).

        Raises:
            TableError: no button yet, or fewer than two players.
        """
        return plan_positions(self.layout(missed))

    def big_blind_order(self, missed: MissedBlindPolicy) -> list[PlayerId]:
        """Players in the order they will post the big blind from the next hand (TDA 11A)."""
        layout = self.layout(missed)
        order: list[PlayerId] = []
        try:
            for _ in range(2 * len(self.seats) + 2):
                positions, waiting = plan_positions(layout)
                who = self.seats[SeatNo(positions.big_blind)]
                if who not in order:
                    order.append(who)
                if len(order) == len(self.seats):
                    break
                layout = advance(layout, positions, waiting)
        except TableError:
            return list(self.players())
        order.extend(p for p in self.players() if p not in order)
        return order

    def worst_seats(self, missed: MissedBlindPolicy, capacity: int | None = None) -> list[SeatNo]:
        """Empty seats a player moved in to balance may take, worst first (TDA 11A).

        First the seats by how soon they post the big blind; then the seats between the button
        and the small blind, where the player waits for the button to pass before being dealt
        in (TDA 10A). Never the seat that posts the next small blind (TDA 11A: "never the small
        blind"): when that is the only empty seat the list is empty and the move waits for the
        table's next hand. Before the table has a button every empty seat is listed by number.
        """
        empty = self.empty_seats(capacity)
        if self.button is None and self.last is None:
            return empty
        try:
            ranked = [SeatNo(seat) for seat, _ in worst_positions(self.layout(missed), empty)]
        except TableError:
            return empty
        last = self.last
        if last is None:
            return ranked
        return ranked + [s for s in empty if s not in ranked and waiting_seats(last, [s])]

    # ----------------------------------------------------------------- folding helpers

    def with_player(self, seat: SeatNo, pid: PlayerId) -> TableSeats:
        """The table with ``pid`` seated in ``seat``: new here once the table has dealt."""
        new = self.new | {pid} if self.last is not None else self.new
        count = max(self.seat_count, seat)
        seats = frozen_dict(self.seats).updated({seat: pid})
        return self._replace(seats=seats, new=new, seat_count=count)

    def without(self, pid: PlayerId) -> TableSeats:
        """The table with ``pid``'s seat emptied (the dead-button rule keeps working, TDA 32)."""
        seat = self.seat_of(pid)
        if seat is None:
            return self
        return self._replace(seats=frozen_dict(self.seats).without(seat), new=self.new - {pid})

    def hand_started(self, positions: Positions, waiting: Iterable[int]) -> TableSeats:
        """The table once a hand with these positions began: those dealt in are not new."""
        seats = self.seats
        still_new = frozenset(seats[SeatNo(s)] for s in waiting if s in seats)
        return self._replace(
            new=self.new & still_new,
            last=positions,
            button=SeatNo(positions.button),
            hands_played=self.hands_played + 1,
        )


def plan_hand(
    table: TableSeats,
    positions: Positions,
    waiting: Iterable[int],
    *,
    stack: Callable[[PlayerId], int],
    is_away: Callable[[PlayerId], bool],
    is_penalised: Callable[[PlayerId], bool],
    absent_policy: AbsentPolicy,
) -> HandPlan:
    """The next hand at ``table``: each seat's part, clockwise from the first seat after the
    button: live, or away or serving a penalty (TDA 30, 71A/C: dealt and killed; THC 6, 14: not
    dealt, blinds posted), and whether the hand counts toward a missed-hand penalty."""
    waiting_set = frozenset(waiting)
    planned: list[PlannedSeat] = []
    for seat in clockwise_from(positions.button, set(table.seats) - waiting_set):
        pid = table.seats[SeatNo(seat)]
        penalised = is_penalised(pid)
        status = SeatStatus.LIVE
        if is_away(pid) or penalised:
            killed = absent_policy is AbsentPolicy.DEALT_AND_KILLED
            status = SeatStatus.KILLED if killed else SeatStatus.NOT_DEALT
        planned.append(
            PlannedSeat(
                seat=seat, player=pid, stack=stack(pid), status=status, is_penalised=penalised
            )
        )
    return HandPlan(
        table=table.number,
        hand_no=table.hands_played + 1,
        positions=positions,
        seats=tuple(planned),
        waiting=tuple(sorted(waiting_set)),
    )


def missed_hands(rounds: object, players: int, *, max_rounds: int) -> int:
    """A missed-round penalty in hands: one hand for every player at the table when it is
    given, the offender included, times the rounds (TDA 71A, SLPT 5: 1 to ``max_rounds``).

    Raises:
        TableError: rounds that are not a whole number from 1 to ``max_rounds``.
    """
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= max_rounds:
        raise TableError(
            f"a missed-round penalty is 1 to {max_rounds} rounds (SLPT 5), not {rounds!r}",
            code="bad_penalty",
            params={"rounds": repr(rounds), "max_rounds": max_rounds},
        )
    return players * rounds


__all__ = ["TableSeats", "missed_hands", "plan_hand"]
