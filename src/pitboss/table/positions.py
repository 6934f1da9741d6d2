"""Where the button and the blinds go from one hand to the next: the dead-button rule.

Seats are numbered clockwise and compared on a circle, so "clockwise after seat 7" on a table of
nine is 8, 9, 1, 2, ... These functions are pure: they take who is seated and where last hand's
blinds were, and return where this hand's are.

The rule (TDA 32, SLPT 3, THC 46; RULES.md §3.1):

- The big blind always advances to the next live player clockwise from last hand's big blind,
  so nobody skips the big blind.
- The small blind is posted from last hand's big-blind seat; if that seat is empty now, no small
  blind is posted (a dead small blind).
- The button goes to last hand's small-blind seat; if that seat is empty, the button is dead
  (it sits in front of an empty seat, and the player before it acts last again).
- Heads-up the small blind is on the button and the player due the big blind takes it, so going
  from three players to two nobody posts the big blind twice in a row (TDA 34B, KY 8e, SLPT 20).
- A player who sat down since the last hand (a new player, or one moved in) is not dealt in while
  seated between the small blind and the button (TDA 10A, THC 21): strictly clockwise after the
  button and before the small blind.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from pitboss.errors import TableError


@dataclass(frozen=True, slots=True, kw_only=True)
class Positions:
    """Button and blind seats of one hand.

    ``small_blind_position`` is the seat the small blind belongs to even when nobody posts it
    (``small_blind is None``: a dead small blind); the next hand's button goes there.
    Heads-up, ``button == small_blind == small_blind_position``.
    """

    button: int
    small_blind: int | None
    small_blind_position: int
    big_blind: int

    @property
    def is_heads_up(self) -> bool:
        """True when the small blind is on the button (TDA 34B)."""
        return self.small_blind == self.button


def is_clockwise_between(start: int, seat: int, end: int) -> bool:
    """Whether ``seat`` lies strictly clockwise after ``start`` and strictly before ``end``.

    With ``start == end`` the whole circle but that seat is between.
    """
    if start < end:
        return start < seat < end
    if start > end:
        return seat > start or seat < end
    return seat != start


def next_clockwise(after: int, seats: Iterable[int]) -> int | None:
    """The first of ``seats`` strictly clockwise after seat ``after`` (None if there is none)."""
    ordered = sorted(set(seats))
    for seat in ordered:
        if seat > after:
            return seat
    for seat in ordered:
        if seat != after:
            return seat
    return None


def clockwise_from(start: int, seats: Iterable[int]) -> list[int]:
    """``seats`` in clockwise order, beginning with the first seat strictly after ``start``."""
    ordered = sorted(set(seats))
    return [s for s in ordered if s > start] + [s for s in ordered if s <= start]


def first_positions(button: int, eligible: Collection[int]) -> Positions:
    """The blinds of a table's first hand: the button where it was placed, then SB and BB.

    Heads-up the button posts the small blind (TDA 34B).

    Raises:
        TableError: fewer than two players, or the button is not one of them.
    """
    _need_two(eligible)
    if button not in eligible:
        raise TableError(
            f"the first button must be in front of a player: seat {button} is empty",
            code="button_seat_empty",
            params={"seat": button},
        )
    if len(eligible) == 2:
        other = next_clockwise(button, eligible)
        assert other is not None
        return Positions(
            button=button, small_blind=button, small_blind_position=button, big_blind=other
        )
    small = next_clockwise(button, eligible)
    assert small is not None
    big = next_clockwise(small, eligible)
    assert big is not None
    return Positions(button=button, small_blind=small, small_blind_position=small, big_blind=big)


def next_positions(last: Positions, eligible: Collection[int]) -> Positions:
    """This hand's button and blinds from last hand's, by the dead-button rule (TDA 32, THC 46).

    ``eligible`` are the seats that take part in the blinds this hand: every seated player with
    chips except newcomers who wait between the small blind and the button (see
    `waiting_seats`). Heads-up: TDA 34B.

    Raises:
        TableError: fewer than two eligible players.
    """
    _need_two(eligible)
    big = next_clockwise(last.big_blind, eligible)
    assert big is not None
    if len(eligible) == 2:
        other = next(s for s in eligible if s != big)
        return Positions(button=other, small_blind=other, small_blind_position=other, big_blind=big)
    small_position = last.big_blind
    return Positions(
        button=last.small_blind_position,
        small_blind=small_position if small_position in eligible else None,
        small_blind_position=small_position,
        big_blind=big,
    )


def waiting_seats(last: Positions, newcomers: Iterable[int]) -> frozenset[int]:
    """The newcomers' seats between this hand's button and small blind: they sit out (TDA 10A).

    This hand's button is last hand's small-blind position and its small blind last hand's big
    blind, so the seats strictly between those two wait for the button to pass.
    """
    return frozenset(
        s for s in newcomers if is_clockwise_between(last.small_blind_position, s, last.big_blind)
    )


def _need_two(eligible: Collection[int]) -> None:
    if len(eligible) < 2:
        raise TableError(
            f"a hand needs at least two players with chips; this table has {len(eligible)}",
            code="too_few_players",
            params={"players": len(eligible)},
        )
