"""The seats: the draw, newcomers' seats, the first buttons and each table's next hand.

The seat draw (TDA 7; KY 3, 6; THC 5, 9, 12): every player to a random seat, evenly over as few
tables as possible, then each table's first button; newcomers' seats from the pool (TDA 8A),
a table opened when none is free; the seats per table by phase (THC 5); the next hand a seated
table deals (`hand_plan`: absence and penalties, TDA 30, 71; THC 6). The seat changes the
planner proposes (balancing, breaking, redraws) are `pitboss.tournament.features.seat_changes`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass

from pitboss.cards import RandomSource
from pitboss.errors import SeatingError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules.table_rules import TablePhase
from pitboss.table.positions import Positions
from pitboss.table.seats import TableSeats, plan_hand
from pitboss.table.values import HandPlan
from pitboss.tournament.model.entries import PlayerStatus
from pitboss.tournament.model.seating import DrawnTable, draw_newcomer_seat, draw_tables
from pitboss.tournament.model.seatmap import Tables
from pitboss.tournament.model.words import name_of, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    known_table,
    player_in_play,
    with_table,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawSeats(Command):
    """Draw every registered player to a seat and each table's first button (TDA 7, KY 6)."""


# --- events -----------------------------------------------------------------------------------


class DrawReason(enum.StrEnum):
    """Why every seat was drawn."""

    INITIAL = "initial"  # TDA 7; KY 3; THC 12
    FINAL_TABLE = "final_table"  # KY 8b
    REDRAW = "redraw"  # WSOP 67c: at 3 and 2 tables


class SeatReason(enum.StrEnum):
    """Why a player was given a seat from the pool (TDA 8A)."""

    LATE = "late"
    RE_ENTRY = "re_entry"
    REBUY = "rebuy"
    ALTERNATE = "alternate"
    SIDE_GAME = "side_game"
    CORRECTION = "correction"  # a corrected hand result put a player back in


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsDrawn(Event):
    """Every player was drawn to a seat and each table's first button placed (TDA 7, KY 6)."""

    v = 2  # v2: each table's draw names who drew each card (v1: the seat dealt to; codec upcasts)
    at: int
    tables: tuple[DrawnTable, ...]
    reason: DrawReason = DrawReason.INITIAL


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(Event):
    """A new, empty table was opened (more players than seats)."""

    at: int
    table: TableNo
    seat_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonPlaced(Event):
    """The first button of a table that opened during play (KY 6 draw, THC 9 seat 1)."""

    v = 2  # v2: the draw names who drew each card (v1: the seat dealt to; codec upcasts)
    at: int
    table: DrawnTable


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated(Event):
    """A late registrant, re-entry or alternate drew a seat from the pool (TDA 8A)."""

    at: int
    player_id: PlayerId
    table: TableNo
    seat: SeatNo
    reason: SeatReason = SeatReason.LATE


# --- folds ------------------------------------------------------------------------------------


def _table_from_draw(drawn: DrawnTable) -> TableSeats:
    return TableSeats(
        number=drawn.table,
        seat_count=drawn.seat_count,
        seats=frozen_dict({a.seat: a.player_id for a in drawn.seats}),
        button=drawn.button,
    )


@folds(SeatsDrawn)
def _drawn(state: TournamentState, event: SeatsDrawn) -> TournamentState:
    tables = Tables((d.table, _table_from_draw(d)) for d in event.tables)
    state = state._replace(tables=tables, is_seated=True)
    if event.reason is DrawReason.FINAL_TABLE:
        state = state._replace(final_table_started=True)
    if event.reason is DrawReason.REDRAW:
        state = state._replace(redrawn_at=state.redrawn_at | {len(tables)})
    # the tables that had played this hand-for-hand hand are gone: it starts afresh
    return state._replace(hand_for_hand_done=frozenset())


@folds(TableOpened)
def _opened(state: TournamentState, event: TableOpened) -> TournamentState:
    return with_table(state, TableSeats(number=event.table, seat_count=event.seat_count))


@folds(ButtonPlaced)
def _button(state: TournamentState, event: ButtonPlaced) -> TournamentState:
    seat_count = state.tables[event.table.table].seat_count
    return with_table(state, _table_from_draw(event.table)._replace(seat_count=seat_count))


@folds(PlayerSeated)
def _seated(state: TournamentState, event: PlayerSeated) -> TournamentState:
    state = with_table(state, state.tables[event.table].with_player(event.seat, event.player_id))
    # a newcomer is a new seat change: the director checks the tables afresh
    return state._replace(moved_this_pass=frozenset(), pass_moves=())


# --- seats and who sits in them ---------------------------------------------------------------


def capacity(s: TournamentState) -> int:
    """Seats per table now (THC 5: 11 in the first round, then 10; KY 3: 10)."""
    rules = s.rules
    return rules.table.seats_for(rules.tournament.seating.phase_at(s.level))


def holding_capacity(s: TournamentState) -> int:
    """The seats a table keeps from now on, in this phase and every later one (THC 5: 10 even
    during the first round's 11): breaks and moves are planned with these, so a table is never
    broken in the first round only to be opened again when the tables shrink."""
    rules = s.rules
    now = capacity(s)
    if rules.tournament.seating.phase_at(s.level) is TablePhase.FIRST_ROUND:
        return min(now, rules.table.seats_for(TablePhase.MAIN))
    return now


def need_rng(rng: RandomSource | None, what: str) -> RandomSource:
    if rng is None:
        raise SeatingError(f"{what} needs a random source", code="no_random_source", params={})
    return rng


def seated_players(s: TournamentState) -> list[PlayerId]:
    """Players still in, in registration order (the draw's input)."""
    return [
        pid
        for pid, p in s.players.items()
        if p.status is PlayerStatus.ACTIVE and p.chips > 0 and not s.is_out(pid)
    ]


def require_seated(s: TournamentState) -> None:
    """Raises SeatingError when the seats have not been drawn."""
    if not s.is_seated:
        raise SeatingError(
            "seats have not been drawn yet", code="not_seated", params={"phase": s.phase.value}
        )


def seated_table(s: TournamentState, pid: PlayerId) -> TableSeats:
    """The table ``pid`` sits at.

    Raises:
        RegistrationError: nobody registered with that id, or the player withdrew.
        TournamentError: ``player_out``: the player has gone out.
        SeatingError: ``not_seated``: the seats have not been drawn, or the player has no seat.
    """
    player = player_in_play(s, pid)
    if not s.is_seated:
        raise SeatingError(
            f"{player.name} has no seat: the seats have not been drawn yet (they are drawn when "
            "the tournament starts with a random source, or by DrawSeats)",
            code="not_seated",
            params={"player_id": pid},
        )
    table = s.table_of(pid)
    if table is None:
        raise SeatingError(
            f"{player.name} has no seat yet", code="not_seated", params={"player_id": pid}
        )
    return table


def planned_hand(
    s: TournamentState, table: TableSeats, positions: Positions, waiting: frozenset[int], now: int
) -> HandPlan:
    """The hand at ``table`` with these positions: each seat's part, by the players' stacks
    (a declared re-buy plays behind, THC 1), absence and penalties (TDA 30, 71A/C; THC 6)."""
    rebuy_chips = s.rules.tournament.rebuy.chips
    players = s.players

    def stack(pid: PlayerId) -> int:
        player = players[pid]
        return player.chips + (rebuy_chips if player.rebuy_declared else 0)

    return plan_hand(
        table,
        positions,
        waiting,
        stack=stack,
        is_away=lambda pid: s.conduct_of(pid).absent_since is not None,
        is_penalised=lambda pid: s.conduct_of(pid).is_penalised(now),
        absent_policy=s.rules.table.absent_policy,
    )


def hand_plan(s: TournamentState, table: int, now: int) -> HandPlan:
    """The next hand at a seated table: positions and each seat's part (TDA 30, 71C; THC 6).

    Raises:
        SeatingError: no such table.
        TableError: the table cannot deal (no button, fewer than two players).
    """
    t = known_table(s, table)
    positions, waiting = t.plan(s.rules.table.missed_blinds)
    return planned_hand(s, t, positions, waiting, now)


# --- the seat draw, seats for newcomers -------------------------------------------------------


def draw_seats(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """Every player to a random seat, evenly over as few tables as possible (TDA 7; KY 3;
    THC 5, 12), then each table's first button (KY 6; THC 9).

    Raises:
        SeatingError: seats were drawn already, nobody to seat, or no random source.
    """
    if s.is_seated:
        raise SeatingError(
            "seats have already been drawn", code="seats_drawn", params={"tables": len(s.tables)}
        )
    if s.phase is Phase.STOPPED:
        raise SeatingError(
            "no seat draw: play has stopped at the legal time limit (KY 11); the remaining "
            "prizes are chopped",
            code="time_limit_stopped",
            params={"phase": s.phase.value},
        )
    players = seated_players(s)
    if len(players) < 2:
        raise SeatingError(
            f"a seat draw needs at least two players; {len(players)} registered",
            code="too_few_players",
            params={"players": len(players), "min_players": 2},
        )
    tables = draw_tables(players, capacity(s), s.rules, need_rng(rng, "the seat draw (TDA 7)"))
    return [SeatsDrawn(at=now, tables=tables)]


def seat_newcomer(
    s: TournamentState, pid: PlayerId, now: int, rng: RandomSource | None, reason: SeatReason
) -> list[Event]:
    """A random seat from the pool for a late registrant, re-entry, alternate (TDA 8A)."""
    if not s.is_seated:
        return []
    source = need_rng(rng, "a seat for a newcomer (TDA 8A)")
    cap = capacity(s)
    events: list[Event] = []
    spot = draw_newcomer_seat(s.tables, cap, source)
    if spot is None:
        number = TableNo(next(n for n in range(1, len(s.tables) + 2) if n not in s.tables))
        events.append(TableOpened(at=now, table=number, seat_count=cap))
        spot = (number, SeatNo(1 + source.randrange(cap)))
    events.append(PlayerSeated(at=now, player_id=pid, table=spot[0], seat=spot[1], reason=reason))
    return events


# --- handlers ---------------------------------------------------------------------------------


@handles(DrawSeats)
def _draw(s: TournamentState, c: DrawSeats, ctx: Context) -> list[Event]:
    return draw_seats(s, ctx.now, ctx.rng)


# --- the log's lines --------------------------------------------------------------------------


@describes(SeatsDrawn)
def _drawn_line(e: SeatsDrawn, s: TournamentState) -> str:
    players = sum(len(t.seats) for t in e.tables)
    if len(e.tables) == 1:
        buttons = f"button seat {e.tables[0].button}"
    else:
        buttons = "buttons " + ", ".join(f"table {t.table} seat {t.button}" for t in e.tables)
    if e.reason is DrawReason.FINAL_TABLE:
        return f"Final table drawn: {plural(players, 'player')}; {buttons} (KY 8b)"
    counted = f"{plural(len(e.tables), 'table')}, {plural(players, 'player')}"
    if e.reason is DrawReason.REDRAW:
        return f"Seats redrawn: {counted}; {buttons} (WSOP 67c)"
    return f"Seats drawn: {counted}; {buttons}"


@describes(TableOpened)
def _opened_line(e: TableOpened, s: TournamentState) -> str:
    return f"Table {e.table} opened with {plural(e.seat_count, 'seat')}"


@describes(ButtonPlaced)
def _button_line(e: ButtonPlaced, s: TournamentState) -> str:
    drawn = e.table
    who = next((a.player_id for a in drawn.seats if a.seat == drawn.button), None)
    seat = f"seat {drawn.button}" + ("" if who is None else f" ({name_of(s, who)})")
    how = " by high-card draw" if drawn.draw else ", where the button starts (THC 9)"
    return f"First button at table {drawn.table}: {seat}{how}"


_SEATED: Mapping[SeatReason, str] = {
    SeatReason.LATE: "late registration, TDA 8A",
    SeatReason.RE_ENTRY: "re-entry, TDA 8A",
    SeatReason.REBUY: "back in by a re-buy",
    SeatReason.ALTERNATE: "alternate, TDA 8A",
    SeatReason.SIDE_GAME: "from a side game, SLPT 29",
    SeatReason.CORRECTION: "back in after a corrected hand",
}


@describes(PlayerSeated)
def _seated_line(e: PlayerSeated, s: TournamentState) -> str:
    return (
        f"{name_of(s, e.player_id)} seated at table {e.table} seat {e.seat} ({_SEATED[e.reason]})"
    )


__all__ = [
    "ButtonPlaced",
    "DrawReason",
    "DrawSeats",
    "PlayerSeated",
    "SeatReason",
    "SeatsDrawn",
    "TableOpened",
    "capacity",
    "draw_seats",
    "hand_plan",
    "holding_capacity",
    "known_table",
    "planned_hand",
    "require_seated",
    "seat_newcomer",
    "seated_players",
    "seated_table",
]
