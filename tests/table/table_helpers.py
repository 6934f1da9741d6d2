"""Helpers for the table tests: seat players, play a hand with chosen busts."""

from __future__ import annotations

from collections.abc import Iterable

from pitboss.rules import RuleSet
from pitboss.table import HandReport, Table


def seated(
    occupied: Iterable[int],
    *,
    seats: int = 9,
    button: int | None = None,
    rules: RuleSet | None = None,
    stack: int = 1000,
) -> Table:
    """A table with player ``p<n>`` in each seat ``n`` of ``occupied`` and the button placed."""
    table = Table(seats=seats, rules=rules)
    for seat in occupied:
        table.seat_player(f"p{seat}", seat, stack)
    if button is not None:
        table.place_button(button)
    return table


def play(table: Table, *, bust: Iterable[str] = (), winner: str | None = None) -> HandReport:
    """Deal the next hand: the players in ``bust`` lose every chip to ``winner``.

    Without busts the stacks do not change; ``winner`` defaults to the first live player who
    does not bust.
    """
    plan = table.start_hand()
    stacks = {s.player: s.stack for s in plan.seats}
    losers = list(bust)
    if losers:
        target = winner or next(p for p in stacks if p not in losers)
        for loser in losers:
            stacks[target] += stacks[loser]
            stacks[loser] = 0
    return table.finish_hand(stacks)


def blinds(table: Table) -> tuple[int, int | None, int]:
    """(button, small blind, big blind) seats of the next hand."""
    plan = table.plan_next_hand()
    return plan.button, plan.small_blind, plan.big_blind
