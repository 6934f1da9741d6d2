"""What screens show: the big clock and the public board, computed for a given ``now``.

Public views carry no private registration detail (THC 1's address, e-mail, phone, date of
birth, SSN, licence): they are built from `PublicPlayer`, which has no field for them.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.rules.tournament import AnteMode, BalanceMover, TableOrder
from pitboss.tournament.features import seat_changes
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.balancing import (
    BreakTable,
    Move,
    OpenTable,
    Redraw,
    halted_tables,
    next_decision,
)
from pitboss.tournament.model.eliminations import Standings, standings
from pitboss.tournament.model.entries import PlayerStatus, PublicPlayer
from pitboss.tournament.model.seating import ChartLine, find_seat, seating_chart
from pitboss.tournament.model.structure import PeriodKind
from pitboss.tournament.model.windows import can_come_back
from pitboss.tournament.state import Phase, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockView:
    """The tournament clock as the big screen shows it at ``now``.

    ``remaining_ms`` counts down the current level or break (the break countdown);
    ``next_break_in_ms`` is clock time to the next break (None when no break is left);
    ``time_limit_in_ms`` is wall time to the legal limit (KY 11), None without one.
    """

    phase: Phase
    label: str
    level: int
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_mode: AnteMode
    remaining_ms: int
    running: bool
    hand_for_hand: bool
    next_label: str | None
    next_small_blind: int | None
    next_big_blind: int | None
    next_break_in_ms: int | None
    time_limit_in_ms: int | None
    chips_in_play: tuple[int, ...]


def clock_view(state: TournamentState, now: int) -> ClockView:
    """The clock at ``now``; pass a state brought up to ``now`` (``aggregate.catch_up``)."""
    periods = state.timeline
    period = state.period
    structure = state.rules.tournament.structure
    level = structure.level(period.level)
    remaining = (
        clk.display_remaining(state.clock, now) if state.clock.is_started else (period.duration_ms)
    )
    nxt = periods[period.index + 1] if period.index + 1 < len(periods) else None
    next_level = next((p for p in periods[period.index + 1 :] if not p.is_break), None)
    next_break_in: int | None = None
    if not period.is_break:
        upto = remaining
        for p in periods[period.index + 1 :]:
            if p.kind is PeriodKind.BREAK:
                next_break_in = upto
                break
            upto += p.duration_ms
    limit_at = clk.time_limit_at(state.clock, state.rules.tournament.clock.time_limit_minutes)
    on_level = not period.is_break
    return ClockView(
        phase=state.phase,
        label=period.label(),
        level=period.level,
        on_break=period.is_break,
        small_blind=level.small_blind if on_level else 0,
        big_blind=level.big_blind if on_level else 0,
        ante=level.ante if on_level else 0,
        ante_mode=structure.ante_mode_of(period.level) if on_level else AnteMode.NONE,
        remaining_ms=remaining,
        running=state.clock.is_ticking,
        hand_for_hand=state.clock.hand_for_hand,
        next_label=None if nxt is None else nxt.label(),
        next_small_blind=None
        if next_level is None
        else structure.level(next_level.level).small_blind,
        next_big_blind=None if next_level is None else structure.level(next_level.level).big_blind,
        next_break_in_ms=next_break_in,
        time_limit_in_ms=None if limit_at is None else max(0, limit_at - now),
        chips_in_play=period.chips_in_play,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicBoard:
    """The public tournament board: players, prize pool and prizes; nothing private."""

    players: tuple[PublicPlayer, ...]
    entries: int
    remaining: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]
    rebuys: int
    add_ons: int


def public_board(state: TournamentState) -> PublicBoard:
    """What a public display may show."""
    players = state.public_players()
    return PublicBoard(
        players=players,
        entries=state.entries,
        remaining=len(state.remaining_players()),
        prize_pool_cents=state.prize_pool_cents,
        prizes_cents=state.prizes_cents,
        rebuys=sum(p.rebuys for p in players),
        add_ons=sum(p.add_ons for p in players),
    )


def standings_view(state: TournamentState, now: int | None = None) -> Standings:
    """The standings at ``now`` (default: the last event): places so far, players left,
    chips, average, leader, and the winner once nobody can come back in (KY 3)."""
    stacks = {
        pid: p.chips
        for pid, p in state.players.items()
        if p.status is PlayerStatus.ACTIVE and not state.is_out(pid)
    }
    return standings(
        stacks,
        state.busts,
        h4h_shares_same_table=state.rules.tournament.seating.hand_for_hand_shares_same_table,
        can_rejoin=can_come_back(state, state.last_at or 0 if now is None else now),
    )


def seating_chart_view(state: TournamentState) -> tuple[ChartLine, ...]:
    """The seating chart: every seated player by table and seat, with chips (public)."""
    names = {pid: p.name for pid, p in state.players.items()}
    chips = {pid: p.chips for pid, p in state.players.items()}
    return seating_chart(state.tables, names, chips)


def find_my_seat(state: TournamentState, name: str) -> tuple[ChartLine, ...]:
    """ "Find my seat" by name (case and spacing ignored; part of a name finds every match)."""
    return find_seat(seating_chart_view(state), name)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChangeView:
    """The seat change due next, as the floor announces it, and the tables that must wait;
    for a break drawn in advance, the table, each of its players' moves and the draw."""

    kind: str
    lines: tuple[str, ...]
    halted_tables: tuple[int, ...]
    table: int | None = None
    moves: tuple[Move, ...] = ()
    draw: tuple[str, ...] = ()


def seat_change_view(
    state: TournamentState, rng: RandomSource | None = None
) -> SeatChangeView | None:
    """The next proposal ("Table 3 seat 7, Ann Lee, to Table 1 seat 4"), if one is due.

    A proposal decided by chance (a random mover, a break draw) is shown as what will be
    drawn, and drawn when the director confirms; given ``rng``, a break's two-step draw (TDA
    10B) is made now, so every player of the broken table is shown from their seat to the one
    they drew before it is confirmed (with those seats, `seat_changes.ConfirmSeatChange`).
    """
    decision = seat_changes.pending(state)
    if decision is None:
        return None
    halted = halted_tables(state.tables, seat_changes.context(state))
    names = {pid: p.name for pid, p in state.players.items()}
    match decision:
        case Move():
            mover = state.rules.tournament.seating.mover
            if mover is BalanceMover.RANDOM:
                line = (
                    f"A player drawn at random from Table {decision.from_table} to Table "
                    f"{decision.to_table} seat {decision.to_seat} (THC 12, 20)"
                )
            else:
                line = decision.describe(names[decision.player_id])
            return SeatChangeView(kind="move", lines=(line,), halted_tables=halted)
        case BreakTable() if rng is not None:
            drawn = next_decision(state.tables, seat_changes.context(state), rng)
            assert isinstance(drawn, BreakTable), drawn  # the same planner, with its draw
            head = f"Break Table {drawn.table}: its players to the seats drawn (TDA 10B)"
            return SeatChangeView(
                kind="break",
                lines=(head, *(m.describe(names[m.player_id]) for m in drawn.moves)),
                halted_tables=halted,
                table=drawn.table,
                moves=drawn.moves,
                draw=drawn.draw,
            )
        case BreakTable():
            random_break = state.rules.tournament.seating.break_order is TableOrder.RANDOM
            which = "a table drawn at random (RP-19)" if random_break else f"Table {decision.table}"
            return SeatChangeView(
                kind="break",
                lines=(f"Break {which}: seats by a two-step draw (TDA 10B)",),
                halted_tables=halted,
            )
        case Redraw():
            what = "the final table" if decision.final else f"{decision.tables} tables"
            return SeatChangeView(
                kind="redraw",
                lines=(f"Redraw every seat and the button for {what} (KY 8b)",),
                halted_tables=halted,
            )
        case OpenTable():
            return SeatChangeView(
                kind="open",
                lines=(f"Open Table {decision.table} with {decision.seat_count} seats",),
                halted_tables=halted,
            )
    raise AssertionError(decision)  # pragma: no cover


__all__ = [
    "ClockView",
    "PublicBoard",
    "SeatChangeView",
    "clock_view",
    "find_my_seat",
    "public_board",
    "seat_change_view",
    "seating_chart_view",
    "standings_view",
]
