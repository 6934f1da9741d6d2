"""The values a table hands out: seated players, the plan of the next hand, a hand's report."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.errors import TableError
from pitboss.table.draw import ButtonDraw
from pitboss.table.positions import Positions, clockwise_from


class SeatStatus(enum.StrEnum):
    """How a seat takes part in a hand."""

    LIVE = "live"  # dealt in and plays
    KILLED = "killed"  # TDA 30, 71C: dealt in, hand killed at once; blinds and antes posted
    NOT_DEALT = "not_dealt"  # THC 6: no cards, but the player's blinds and antes are posted


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedPlayer:
    """A player in a seat between hands, with everything that travels with them on a move.

    ``is_new``: seated since the table's last hand and not dealt in here yet; such a player sits
    out while between the small blind and the button (TDA 10A, THC 21).
    ``penalty_hands``: hands still to miss under a missed-hand penalty (TDA 71A, SLPT 5).
    """

    player: str
    seat: int
    stack: int
    is_new: bool = False
    is_absent: bool = False
    penalty_hands: int = 0

    @property
    def is_away(self) -> bool:
        """Away from the table for the next hand: absent or serving a penalty (TDA 30, 71C)."""
        return self.is_absent or self.penalty_hands > 0


@dataclass(frozen=True, slots=True, kw_only=True)
class PlannedSeat:
    """One seat in a planned hand: who, with what stack, and how they take part."""

    seat: int
    player: str
    stack: int
    status: SeatStatus
    is_penalised: bool = False  # this hand counts toward a missed-hand penalty (TDA 71A)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPlan:
    """The next hand at a table: button, blinds, who is dealt in, who sits out.

    ``seats`` are the seats taking part (dealt in, or posting without cards under THC 6), in
    clockwise order from the first seat after the button. ``waiting`` are newcomers' seats
    between the small blind and the button, who sit this hand out (TDA 10A).
    """

    table: int
    hand_no: int
    positions: Positions
    seats: tuple[PlannedSeat, ...]
    waiting: tuple[int, ...] = ()
    button_draw: ButtonDraw | None = None  # the draw that placed the first button, if any

    @property
    def button(self) -> int:
        return self.positions.button

    @property
    def small_blind(self) -> int | None:
        """The seat that posts the small blind, or None for a dead small blind (TDA 32)."""
        return self.positions.small_blind

    @property
    def big_blind(self) -> int:
        return self.positions.big_blind

    @property
    def is_dead_button(self) -> bool:
        """The button sits in front of a seat that takes no part in the hand (TDA 32)."""
        return all(s.seat != self.positions.button for s in self.seats)

    @property
    def last_to_act(self) -> int:
        """The seat that acts last after the flop: the button, or the seat before a dead one."""
        return self.seats[-1].seat

    def seat(self, number: int) -> PlannedSeat | None:
        """The planned seat with this number, if it takes part."""
        for planned in self.seats:
            if planned.seat == number:
                return planned
        return None

    def player_at(self, number: int) -> str | None:
        planned = self.seat(number)
        return None if planned is None else planned.player

    @property
    def big_blind_player(self) -> str:
        player = self.player_at(self.positions.big_blind)
        assert player is not None
        return player

    @property
    def small_blind_player(self) -> str | None:
        sb = self.positions.small_blind
        return None if sb is None else self.player_at(sb)

    @property
    def chips(self) -> int:
        """Chips in front of the seats taking part, before the hand."""
        return sum(s.stack for s in self.seats)

    def in_deal_order(self) -> list[int]:
        """Seats receiving cards, in dealing order: from the first seat left of the button."""
        dealt = [s.seat for s in self.seats if s.status is not SeatStatus.NOT_DEALT]
        return clockwise_from(self.positions.button, dealt)


@dataclass(frozen=True, slots=True, kw_only=True)
class BustOut:
    """A player who lost their last chip in a hand, with their stack when it began.

    Two busts in one hand are placed by the stack at the start of the hand (KY 8d, THC 3).
    """

    player: str
    seat: int
    table: int
    hand_no: int
    stack_at_start: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandReport:
    """What a finished hand changed at the table, and what the director needs next.

    ``busted`` is sorted by stack at the start of the hand, largest first (KY 8d, THC 3), then
    seat. ``next_big_blind`` is the player due the next big blind here (the player TDA 11A moves
    when this table is the long one); ``worst_positions`` are the empty seats a player moved in
    should take (TDA 11A), best first by seat number.
    """

    table: int
    hand_no: int
    plan: HandPlan
    final_stacks: tuple[tuple[str, int], ...]
    busted: tuple[BustOut, ...]
    penalties_served: tuple[str, ...]
    next_big_blind: str | None
    worst_positions: tuple[int, ...]

    def stack_of(self, player: str) -> int:
        """The player's stack after the hand.

        Raises:
            TableError: the player took no part in the hand.
        """
        for name, stack in self.final_stacks:
            if name == player:
                return stack
        raise TableError(
            f"{player!r} took no part in hand {self.hand_no} at table {self.table}",
            code="unknown_player",
            params={"player": player, "table": self.table, "hand_no": self.hand_no},
        )
