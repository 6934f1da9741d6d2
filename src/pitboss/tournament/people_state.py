"""The pure fold of the people events: seats, moves, bust-outs, penalties, rulings.

Called by `pitboss.tournament.state.apply`; like it, these functions never validate (``decide``
did) and read nothing but the state and the event.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from pitboss.tournament.balancing import Move, MoveReason
from pitboss.tournament.eliminations import BustRecord
from pitboss.tournament.entries import PersonalDetails, Player, PlayerId
from pitboss.tournament.people_events import (
    ButtonPlaced,
    ChipsRemoved,
    ClockCalled,
    ClockExpired,
    DrawReason,
    PenaltyGiven,
    PeopleEvent,
    PlayerAbsent,
    PlayerMoved,
    PlayerReturned,
    PlayersBusted,
    PlayerSeated,
    RulingOverridden,
    SeatsDrawn,
    SideGameEntered,
    TableBroken,
    TableOpened,
    TournamentWon,
)
from pitboss.tournament.seating import DrawnTable, TableSeats

if TYPE_CHECKING:
    from pitboss.tournament.events import HandStarted
    from pitboss.tournament.state import HandRecord, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Conduct:
    """A player's record with the floor: offences, a penalty being served, absence.

    ``penalty_hands`` are missed hands still to serve (TDA 71A); ``away_until`` ends a THC 25
    minutes penalty; ``absent_since`` is when the player was marked away (TDA 30, THC 6).
    """

    offences: int = 0
    penalty_hands: int = 0
    away_until: int | None = None
    absent_since: int | None = None

    def is_penalised(self, now: int) -> bool:
        """Serving a penalty at ``now``: hands to miss, or minutes not yet run out."""
        return self.penalty_hands > 0 or (self.away_until is not None and now < self.away_until)


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCall:
    """A clock called on a player (TDA 29): who, when it runs out."""

    player_id: PlayerId
    expires_at: int


def _table_from_draw(drawn: DrawnTable) -> TableSeats:
    return TableSeats(
        number=drawn.table,
        seat_count=drawn.seat_count,
        seats={a.seat: a.player_id for a in drawn.seats},
        button=drawn.button,
    )


def _conduct(state: TournamentState, pid: PlayerId, **changes: object) -> TournamentState:
    conduct = dict(state.conduct)
    conduct[pid] = replace(state.conduct_of(pid), **changes)  # type: ignore[arg-type]
    return replace(state, conduct=conduct)


def _move(tables: dict[int, TableSeats], move: Move) -> None:
    source = tables.get(move.from_table)
    if source is not None:
        tables[move.from_table] = source.without(move.player_id)
    target = tables[move.to_table]
    if move.to_seat > target.seat_count:
        target = replace(target, seat_count=move.to_seat)
    tables[move.to_table] = target.with_player(move.to_seat, move.player_id)


def _unseat(tables: dict[int, TableSeats], pid: PlayerId) -> None:
    for number, table in tables.items():
        if table.seat_of(pid) is not None:
            tables[number] = table.without(pid)
            return


def hand_started(state: TournamentState, event: HandStarted) -> TournamentState:
    """Record the hand; at a seated table advance its positions (TDA 32) and note who is
    serving a penalty, so the hand counts toward it (TDA 71A, from the next hand: TDA 68)."""
    from pitboss.tournament.state import HandRecord

    table = state.tables.get(event.table)
    players: tuple[PlayerId, ...] = ()
    penalised: tuple[PlayerId, ...] = ()
    tables = state.tables
    if table is not None and event.positions is not None:
        waiting = set(event.waiting)
        players = tuple(p for s, p in sorted(table.seats.items()) if s not in waiting)
        penalised = tuple(p for p in players if state.conduct_of(p).penalty_hands > 0)
        tables = {**state.tables, event.table: table.hand_started(event.positions, waiting)}
    record = HandRecord(
        hand_id=event.hand_id,
        table=event.table,
        level=event.level,
        started_at=event.at,
        players=players,
        penalised=penalised,
        hand_for_hand_hand=state.hand_for_hand_hand if state.clock.hand_for_hand else None,
    )
    hands = dict(state.hands)
    hands[event.hand_id] = record
    return replace(state, hands=hands, tables=tables)


def hand_finished(state: TournamentState, record: HandRecord) -> TournamentState:
    """Penalised players served a hand (TDA 71A); a new balancing pass begins; hand-for-hand
    notes the table as done with this hand-for-hand hand (RP-8)."""
    conduct = dict(state.conduct)
    for pid in record.penalised:
        c = conduct.get(pid, Conduct())
        conduct[pid] = replace(c, penalty_hands=max(0, c.penalty_hands - 1))
    done = state.hand_for_hand_done
    if record.hand_for_hand_hand is not None and state.clock.hand_for_hand:
        done = done | {record.table}
    return replace(
        state,
        conduct=conduct,
        moved_this_pass=frozenset(),
        pass_moves=(),
        hand_for_hand_done=done,
    )


def back_in(state: TournamentState, pid: PlayerId) -> TournamentState:
    """A busted player re-buys: the bust is taken back (KY 4, THC 1)."""
    if not state.is_out(pid):
        return state
    return replace(
        state,
        busts=tuple(r for r in state.busts if r.bust.player_id != pid),
        winner=None,
    )


def apply_people(state: TournamentState, event: PeopleEvent) -> TournamentState:
    """The state after one of the people events."""
    match event:
        case SeatsDrawn():
            tables = {d.table: _table_from_draw(d) for d in event.tables}
            state = replace(state, tables=tables, is_seated=True)
            if event.reason is DrawReason.FINAL_TABLE:
                state = replace(state, final_table_started=True)
            if event.reason is DrawReason.REDRAW:
                state = replace(state, redrawn_at=state.redrawn_at | {len(tables)})
            return state
        case TableOpened():
            tables = dict(state.tables)
            tables[event.table] = TableSeats(number=event.table, seat_count=event.seat_count)
            return replace(state, tables=tables)
        case ButtonPlaced():
            tables = dict(state.tables)
            tables[event.table.table] = replace(
                _table_from_draw(event.table), seat_count=tables[event.table.table].seat_count
            )
            return replace(state, tables=tables)
        case PlayerSeated():
            tables = dict(state.tables)
            target = tables[event.table]
            if event.seat > target.seat_count:
                target = replace(target, seat_count=event.seat)
            tables[event.table] = target.with_player(event.seat, event.player_id)
            # a newcomer is a new seat change: the director checks the tables afresh
            return replace(state, tables=tables, moved_this_pass=frozenset(), pass_moves=())
        case PlayerMoved():
            tables = dict(state.tables)
            _move(tables, event.move)
            if event.move.reason is MoveReason.UNDO:
                return replace(
                    state,
                    tables=tables,
                    moved_this_pass=state.moved_this_pass - {event.move.player_id},
                    pass_moves=state.pass_moves[:-1],
                )
            return replace(
                state,
                tables=tables,
                moved_this_pass=state.moved_this_pass | {event.move.player_id},
                pass_moves=(*state.pass_moves, event.move),
            )
        case TableBroken():
            tables = dict(state.tables)
            for move in event.moves:
                _move(tables, move)
            del tables[event.table]
            moved = frozenset(m.player_id for m in event.moves)
            return replace(
                state, tables=tables, moved_this_pass=state.moved_this_pass | moved, pass_moves=()
            )
        case PlayersBusted():
            tables = dict(state.tables)
            records = list(state.busts)
            seq = state.bust_seq + 1
            for bust in event.busts:
                _unseat(tables, bust.player_id)
                records.append(
                    BustRecord(
                        seq=seq,
                        bust=bust,
                        hand_id=event.hand_id,
                        table=event.table,
                        hand_for_hand_hand=event.hand_for_hand_hand,
                    )
                )
            return replace(
                state,
                tables=tables,
                busts=tuple(records),
                bust_seq=seq,
                moved_this_pass=frozenset(),
                pass_moves=(),
            )
        case TournamentWon():
            return replace(state, winner=event.player_id)
        case PenaltyGiven():
            c = state.conduct_of(event.player_id)
            return _conduct(
                state,
                event.player_id,
                offences=event.offence,
                penalty_hands=c.penalty_hands + event.hands,
                away_until=event.until if event.until is not None else c.away_until,
            )
        case PlayerAbsent():
            return _conduct(state, event.player_id, absent_since=event.at)
        case PlayerReturned():
            return _conduct(state, event.player_id, absent_since=None)
        case ChipsRemoved():
            players = dict(state.players)
            p = players[event.player_id]
            players[event.player_id] = replace(p, chips=p.chips - event.chips)
            forfeits = (*state.forfeits, (event.player_id, event.chips, event.reason))
            return replace(state, players=players, forfeits=forfeits)
        case ClockCalled():
            calls = dict(state.clock_calls)
            calls[event.table] = ClockCall(player_id=event.player_id, expires_at=event.expires_at)
            return replace(state, clock_calls=calls)
        case ClockExpired():
            calls = {t: c for t, c in state.clock_calls.items() if t != event.table}
            return replace(state, clock_calls=calls)
        case RulingOverridden():
            state = replace(state, overrides=(*state.overrides, event.ruling))
            if event.ruling == "penalty":
                state = _conduct(state, event.player_id, penalty_hands=0, away_until=None)
            if event.ruling == "clock":
                calls = {
                    t: call
                    for t, call in state.clock_calls.items()
                    if call.player_id != event.player_id
                }
                state = replace(state, clock_calls=calls)
            if event.chips_restored:
                players = dict(state.players)
                p = players[event.player_id]
                players[event.player_id] = replace(p, chips=p.chips + event.chips_restored)
                state = back_in(replace(state, players=players), event.player_id)
            return state
        case SideGameEntered():
            players = dict(state.players)
            players[event.player_id] = Player(
                player_id=event.player_id,
                name=event.name,
                details=PersonalDetails(),
                chips=event.chips,
            )
            return replace(state, players=players, chips_created=state.chips_created + event.chips)
    raise AssertionError(f"unhandled event {event!r}")  # pragma: no cover


__all__ = ["ClockCall", "Conduct", "apply_people", "back_in", "hand_finished", "hand_started"]
