"""Planning the next hand from who is seated: pure functions the `Table` and its queries share.

`plan_positions` decides the button, the blinds and which newcomers wait; `hands_until_big_blind`
replays that decision hand after hand to see when a seat would post the big blind, which is what
"worst position" means for a player moved in (TDA 11A).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from pitboss.errors import TableError
from pitboss.rules.table_rules import MissedBlindPolicy
from pitboss.table.positions import (
    Positions,
    clockwise_from,
    first_positions,
    is_clockwise_between,
    next_clockwise,
    next_positions,
    waiting_seats,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Layout:
    """What the button and blinds depend on: occupied seats and last hand's positions.

    ``seats`` maps each occupied seat to whether its player is new (not yet dealt in here).
    Before the first hand ``last`` is None and ``button`` is where the first button was placed.
    """

    seats: Mapping[int, bool]
    last: Positions | None
    button: int | None
    missed_blinds: MissedBlindPolicy


def plan_positions(layout: Layout) -> tuple[Positions, frozenset[int]]:
    """This hand's positions and the newcomers' seats that sit it out (TDA 32, 34B, 10A).

    A newcomer between the button and the small blind waits for the button to pass (TDA 10A)
    unless the house deals them in at once (KY 7). If waiting would leave fewer than two
    players, the newcomers are dealt in: a table cannot deal a hand to one player.

    Raises:
        TableError: no button has been placed yet, or fewer than two players are seated.
    """
    occupied = frozenset(layout.seats)
    last = layout.last
    if last is None:
        if layout.button is None:
            raise TableError(
                "the table has no button yet: place it by the house's method first "
                "(a high-card draw, KY 6, or seat 1, THC 9)",
                code="button_not_placed",
                params={"seats": sorted(occupied)},
            )
        return first_positions(layout.button, occupied), frozenset()
    newcomers = [seat for seat, is_new in layout.seats.items() if is_new]
    gap = waiting_seats(last, newcomers)
    waiting = gap if layout.missed_blinds is MissedBlindPolicy.WAIT_FOR_BUTTON else frozenset()
    if len(occupied - waiting) < 2:
        # Nobody can wait when that leaves a single player: the big blind still goes to the
        # next player after last hand's, and the small blind and button are placed on the
        # players right behind it, so nobody is dealt between the small blind and the button.
        return restart_positions(last.big_blind, occupied), frozenset()
    positions = next_positions(last, occupied - waiting)
    if not _is_in_order(positions) and gap and not waiting:
        # Dealing a newcomer in at once between the button and the small blind would put the
        # big blind on the button; they wait one hand instead.
        waiting = gap
        if len(occupied - waiting) < 2:
            return restart_positions(last.big_blind, occupied), frozenset()
        positions = next_positions(last, occupied - waiting)
    assert _is_in_order(positions), positions
    return positions, waiting


def restart_positions(last_big_blind: int, eligible: Collection[int]) -> Positions:
    """Positions for players who mostly just sat down: the big blind to the first player after
    last hand's big blind (TDA 32), the small blind and button on the players before it."""
    big = next_clockwise(last_big_blind, eligible)
    if big is None or len(eligible) < 2:
        raise TableError(
            f"a hand needs at least two players with chips; this table has {len(eligible)}",
            code="too_few_players",
            params={"players": len(eligible)},
        )
    behind = clockwise_from(big, eligible)  # ends with the big blind itself
    small = behind[-2]
    if len(behind) == 2:
        return Positions(button=small, small_blind=small, small_blind_position=small, big_blind=big)
    return Positions(
        button=behind[-3], small_blind=small, small_blind_position=small, big_blind=big
    )


def _is_in_order(positions: Positions) -> bool:
    """Button, small blind and big blind in clockwise order on distinct seats (or heads-up)."""
    if positions.is_heads_up:
        return positions.big_blind != positions.button
    return (
        is_clockwise_between(positions.button, positions.small_blind_position, positions.big_blind)
        and positions.big_blind != positions.button
    )


def advance(layout: Layout, positions: Positions, waiting: frozenset[int]) -> Layout:
    """The layout after a hand with these positions was dealt: players dealt in are not new."""
    return Layout(
        seats={seat: is_new and seat in waiting for seat, is_new in layout.seats.items()},
        last=positions,
        button=positions.button,
        missed_blinds=layout.missed_blinds,
    )


def hands_until_big_blind(layout: Layout, seat: int) -> int | None:
    """In how many hands a player moved into empty ``seat`` now would post the big blind.

    1 means the next hand. None when the seat is excluded for a player moved in (TDA 11A): it
    would post the small blind next hand, or it lies between the small blind and the button so
    the player would sit out (RULES.md §3.6). Assumes nobody else arrives or leaves meanwhile.

    Raises:
        TableError: the seat is taken.
    """
    if seat in layout.seats:
        raise TableError(
            f"seat {seat} is taken: only an empty seat can receive a player",
            code="seat_occupied",
            params={"seat": seat},
        )
    if layout.last is not None and waiting_seats(layout.last, [seat]):
        return None
    current = Layout(
        seats={**layout.seats, seat: layout.last is not None},
        last=layout.last,
        button=layout.button,
        missed_blinds=layout.missed_blinds,
    )
    for hands in range(1, 2 * len(current.seats) + 3):
        positions, waiting = plan_positions(current)
        if hands == 1 and positions.small_blind == seat:
            return None
        if positions.big_blind == seat:
            return hands
        current = advance(current, positions, waiting)
    raise AssertionError(f"seat {seat} never reached the big blind")  # pragma: no cover


def worst_positions(layout: Layout, empty: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Empty seats with their hands until the big blind, worst (soonest) first (TDA 11A).

    Seats that would post the small blind or sit between the small blind and the button are
    left out; ties are listed by seat number.
    """
    ranked: list[tuple[int, int]] = []
    for seat in empty:
        hands = hands_until_big_blind(layout, seat)
        if hands is not None:
            ranked.append((hands, seat))
    return tuple((seat, hands) for hands, seat in sorted(ranked))
