"""The pure fold of the people events: seats, moves, bust-outs, penalties, rulings.

Called by `pitboss.tournament.state.apply`; like it, these functions never validate (``decide``
did) and read nothing but the state and the event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitboss.rules.table import AbsentPolicy
from pitboss.table.positions import Positions, clockwise_from
from pitboss.table.values import HandPlan, PlannedSeat, SeatStatus
from pitboss.tournament import clock as clk
from pitboss.tournament.balancing import Move, MoveReason
from pitboss.tournament.eliminations import BustRecord
from pitboss.tournament.entries import PersonalDetails, Player, PlayerId, PlayerStatus
from pitboss.tournament.evolve import evolve
from pitboss.tournament.frozen_map import frozen
from pitboss.tournament.people_events import (
    ButtonPlaced,
    ChipsRemoved,
    ClockCalled,
    ClockExpired,
    DrawReason,
    OverridableRuling,
    PenaltyGiven,
    PeopleEvent,
    PlayerAbsent,
    PlayerMoved,
    PlayerReturned,
    PlayersBusted,
    PlayerSeated,
    RemovalReason,
    RulingOverridden,
    SeatsDrawn,
    SideGameAlternateSeated,
    SideGameChipsCounted,
    SideGameEntered,
    SideGameOptionDeclined,
    SideGameRegistered,
    SideGameStack,
    SideGameWon,
    TableBroken,
    TableOpened,
    TableResized,
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
    last_minutes: int = 0  # the longest minutes-away penalty given so far (THC 25 escalation)
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


def _counts(p: Player | None) -> tuple[int, int]:
    if p is None or p.status is not PlayerStatus.ACTIVE:
        return 0, 0
    return 1, int(p.chips > 0)


def with_players(state: TournamentState, changed: Mapping[PlayerId, Player]) -> TournamentState:
    """The state with these players replaced (or added), its entry and live counts kept.

    Every change to ``state.players`` goes through here so ``entries`` and ``players_left``
    stay O(1) and always equal a count over the players.
    """
    players = state.players
    entries = state.entry_count
    live = state.live_count
    for pid, player in changed.items():
        old_entry, old_live = _counts(players.get(pid))
        new_entry, new_live = _counts(player)
        entries += new_entry - old_entry
        live += new_live - old_live
    return evolve(
        state,
        players=frozen(players).updated(changed),
        entry_count=entries,
        live_count=live,
    )


def planned_seats(
    state: TournamentState,
    table: TableSeats,
    positions: Positions,
    waiting: Iterable[int],
    now: int,
) -> tuple[PlannedSeat, ...]:
    """Each seat's part in a hand at ``table`` with these positions, clockwise from the first
    seat after the button: live, or away (TDA 30: dealt and killed; THC 6: not dealt), and
    whether the hand counts toward a missed-hand penalty (TDA 71A)."""
    policy = state.rules.table.absent_policy
    rebuy_chips = state.rules.tournament.rebuy.chips  # a declared re-buy plays behind (THC 1)
    seats: list[PlannedSeat] = []
    for seat in clockwise_from(positions.button, set(table.seats) - set(waiting)):
        pid = table.seats[seat]
        c = state.conduct_of(pid)
        penalised = c.is_penalised(now)
        status = SeatStatus.LIVE
        if c.absent_since is not None or penalised:
            is_killed = policy is AbsentPolicy.DEALT_AND_KILLED
            status = SeatStatus.KILLED if is_killed else SeatStatus.NOT_DEALT
        player = state.players[pid]
        seats.append(
            PlannedSeat(
                seat=seat,
                player=pid,
                stack=player.chips + (rebuy_chips if player.rebuy_declared else 0),
                status=status,
                is_penalised=penalised,
            )
        )
    return tuple(seats)


def _table_from_draw(drawn: DrawnTable) -> TableSeats:
    return TableSeats(
        number=drawn.table,
        seat_count=drawn.seat_count,
        seats={a.seat: a.player_id for a in drawn.seats},
        button=drawn.button,
    )


def _conduct(state: TournamentState, pid: PlayerId, **changes: object) -> TournamentState:
    conduct = dict(state.conduct)
    conduct[pid] = evolve(state.conduct_of(pid), **changes)
    return evolve(state, conduct=conduct)


def _move(tables: dict[int, TableSeats], move: Move) -> None:
    source = tables.get(move.from_table)
    if source is not None:
        tables[move.from_table] = source.without(move.player_id)
    target = tables[move.to_table]
    if move.to_seat > target.seat_count:
        target = evolve(target, seat_count=move.to_seat)
    tables[move.to_table] = target.with_player(move.to_seat, move.player_id)


def _unseat(tables: dict[int, TableSeats], pid: PlayerId) -> None:
    for number, table in tables.items():
        if table.seat_of(pid) is not None:
            tables[number] = table.without(pid)
            return


def hand_started(state: TournamentState, event: HandStarted) -> TournamentState:
    """Record the hand; at a seated table advance its positions (TDA 32) and note who is
    serving a penalty, so the hand counts toward it (TDA 71A, from the next hand: TDA 68).

    At a seated table the record keeps the hand's plan (positions and each seat's part) while
    the hand is in play, so a runtime reads it back with `plan_of_started_hand`."""
    from pitboss.tournament.state import HandRecord

    table = state.tables.get(event.table)
    players: tuple[PlayerId, ...] = ()
    penalised: tuple[PlayerId, ...] = ()
    behind: tuple[PlayerId, ...]
    tables = state.tables
    plan: HandPlan | None = None
    if table is not None and event.positions is not None:
        waiting = set(event.waiting)
        players = tuple(p for s, p in sorted(table.seats.items()) if s not in waiting)
        penalised = tuple(p for p in players if state.conduct_of(p).penalty_hands > 0)
        behind = tuple(p for p in players if state.players[p].rebuy_declared)
        tables = {**state.tables, event.table: table.hand_started(event.positions, waiting)}
        plan = HandPlan(
            table=event.table,
            hand_no=table.hands_played + 1,
            positions=event.positions,
            seats=planned_seats(state, table, event.positions, waiting, event.at),
            waiting=tuple(sorted(waiting)),
        )
    else:
        # unseated: who sits at the table is the floor's; every declared re-buy plays behind
        behind = tuple(pid for pid, p in state.players.items() if p.rebuy_declared)
    record = HandRecord(
        hand_id=event.hand_id,
        table=event.table,
        level=event.level,
        started_at=event.at,
        players=players,
        penalised=penalised,
        behind=behind,
        hand_for_hand_hand=state.hand_for_hand_hand if state.clock.hand_for_hand else None,
        plan=plan,
    )
    return evolve(
        state,
        hands=frozen(state.hands).updated({event.hand_id: record}),
        tables=tables,
        open_at={**state.open_at, event.hand_id: event.table},
        busy=state.busy | {event.table},
    )


def hand_finished(state: TournamentState, record: HandRecord) -> TournamentState:
    """Penalised players served a hand (TDA 71A); a new balancing pass begins; hand-for-hand
    notes the table as done with this hand-for-hand hand (RP-8)."""
    conduct = dict(state.conduct)
    for pid in record.penalised:
        c = conduct.get(pid, Conduct())
        conduct[pid] = evolve(c, penalty_hands=max(0, c.penalty_hands - 1))
    done = state.hand_for_hand_done
    if record.hand_for_hand_hand is not None and state.clock.hand_for_hand:
        done = done | {record.table}
    return evolve(
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
    return evolve(
        state,
        busts=tuple(r for r in state.busts if r.bust.player_id != pid),
        out_ids=state.out_ids - {pid},
        winner=None,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameRecord:
    """A registered side game (SLPT 29): its players by name, seats, winner, who entered."""

    players: tuple[str, ...]
    seats: int
    winner: str | None = None
    entered: tuple[str, ...] = ()
    stacks: tuple[SideGameStack, ...] = ()  # the latest count (SLPT 29.2-29.3)
    hands_played: int = 0  # the side game's hands at the latest count (SLPT 29.4)
    counted: bool = False  # a count has been recorded
    declined: tuple[str, ...] = ()  # stayed in the side game (SLPT 29.2.2)
    option_taken: str | None = None  # killed the side-game stack to enter (SLPT 29.2.1)
    alternate: str | None = None  # the one alternate (SLPT 29.6.4), not in ``players``
    alternate_chips: int = 0  # the alternate's stack, blinds passed deducted (SLPT 29.6.3)

    @property
    def everyone(self) -> tuple[str, ...]:
        """The players at the start, then the alternate if one was seated."""
        return self.players if self.alternate is None else (*self.players, self.alternate)


_RULING_REASONS: dict[str, tuple[RemovalReason, ...]] = {
    OverridableRuling.ABSENT_FORFEIT: (RemovalReason.ABSENT,),
    OverridableRuling.NO_SHOW: (RemovalReason.NO_SHOW,),
}


def restorable_forfeit(state: TournamentState, pid: PlayerId, ruling: str) -> int | None:
    """The index in ``state.forfeits`` of the player's latest removal from play not yet
    reversed that ``ruling`` can reverse (any removal for ``chips_removed``; THC 6's for
    ``absent_forfeit``, THC 7's for ``no_show``); None if there is none."""
    reasons = _RULING_REASONS.get(ruling)
    for index in range(len(state.forfeits) - 1, -1, -1):
        who, _chips, reason = state.forfeits[index]
        if who != pid or index in state.restored_forfeits:
            continue
        if reasons is None or reason in reasons:
            return index
    return None


def drawn_group(busts: Iterable[BustRecord], pid: PlayerId) -> tuple[BustRecord, ...]:
    """THC 3: the busts of ``pid``'s event with ``pid``'s starting stack, when a card draw
    placed them (their ranks differ); empty when no draw decided ``pid``'s place."""
    records = tuple(busts)
    mine = next((r for r in records if r.bust.player_id == pid), None)
    if mine is None:
        return ()
    group = tuple(
        r
        for r in records
        if r.seq == mine.seq and r.bust.stack_at_start == mine.bust.stack_at_start
    )
    return group if len({r.bust.rank for r in group}) > 1 else ()


def draw_shared(busts: tuple[BustRecord, ...], pid: PlayerId) -> tuple[BustRecord, ...]:
    """The busts with the card draw that placed ``pid`` undone: that group shares the places
    (RULES §5.15's default) by taking one rank."""
    group = drawn_group(busts, pid)
    if not group:
        return busts
    top = min(r.bust.rank for r in group)
    ids = {r.bust.player_id for r in group}
    return tuple(
        evolve(r, bust=evolve(r.bust, rank=top))
        if r.seq == group[0].seq and r.bust.player_id in ids
        else r
        for r in busts
    )


def apply_people(state: TournamentState, event: PeopleEvent) -> TournamentState:
    """The state after one of the people events."""
    match event:
        case SeatsDrawn():
            tables = {d.table: _table_from_draw(d) for d in event.tables}
            state = evolve(state, tables=tables, is_seated=True)
            if event.reason is DrawReason.FINAL_TABLE:
                state = evolve(state, final_table_started=True)
            if event.reason is DrawReason.REDRAW:
                state = evolve(state, redrawn_at=state.redrawn_at | {len(tables)})
            # the tables that had played this hand-for-hand hand are gone: it starts afresh
            return evolve(state, hand_for_hand_done=frozenset())
        case TableOpened():
            tables = dict(state.tables)
            tables[event.table] = TableSeats(number=event.table, seat_count=event.seat_count)
            return evolve(state, tables=tables)
        case TableResized():
            tables = dict(state.tables)
            tables[event.table] = evolve(tables[event.table], seat_count=event.seat_count)
            return evolve(state, tables=tables)
        case ButtonPlaced():
            tables = dict(state.tables)
            tables[event.table.table] = evolve(
                _table_from_draw(event.table), seat_count=tables[event.table.table].seat_count
            )
            return evolve(state, tables=tables)
        case PlayerSeated():
            tables = dict(state.tables)
            target = tables[event.table]
            if event.seat > target.seat_count:
                target = evolve(target, seat_count=event.seat)
            tables[event.table] = target.with_player(event.seat, event.player_id)
            # a newcomer is a new seat change: the director checks the tables afresh
            return evolve(state, tables=tables, moved_this_pass=frozenset(), pass_moves=())
        case PlayerMoved():
            tables = dict(state.tables)
            _move(tables, event.move)
            if event.move.reason is MoveReason.UNDO:
                return evolve(
                    state,
                    tables=tables,
                    moved_this_pass=state.moved_this_pass - {event.move.player_id},
                    pass_moves=state.pass_moves[:-1],
                )
            return evolve(
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
            return evolve(
                state,
                tables=tables,
                moved_this_pass=state.moved_this_pass | moved,
                pass_moves=(),
                hand_for_hand_done=state.hand_for_hand_done - {event.table},
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
            return evolve(
                state,
                tables=tables,
                busts=tuple(records),
                out_ids=state.out_ids | {b.player_id for b in event.busts},
                bust_seq=seq,
                moved_this_pass=frozenset(),
                pass_moves=(),
            )
        case TournamentWon():
            from pitboss.tournament.state import Phase

            return evolve(
                state,
                winner=event.player_id,
                phase=Phase.FINISHED,
                clock=clk.paused(state.clock, event.at),
            )
        case PenaltyGiven():
            c = state.conduct_of(event.player_id)
            return _conduct(
                state,
                event.player_id,
                offences=event.offence,
                penalty_hands=c.penalty_hands + event.hands,
                last_minutes=max(c.last_minutes, event.minutes),
                away_until=event.until if event.until is not None else c.away_until,
            )
        case PlayerAbsent():
            return _conduct(state, event.player_id, absent_since=event.at)
        case PlayerReturned():
            return _conduct(state, event.player_id, absent_since=None)
        case ChipsRemoved():
            p = state.players[event.player_id]
            state = with_players(state, {event.player_id: evolve(p, chips=p.chips - event.chips)})
            forfeits = (*state.forfeits, (event.player_id, event.chips, event.reason))
            return evolve(state, forfeits=forfeits)
        case ClockCalled():
            calls = dict(state.clock_calls)
            calls[event.table] = ClockCall(player_id=event.player_id, expires_at=event.expires_at)
            return evolve(state, clock_calls=calls)
        case ClockExpired():
            calls = {t: c for t, c in state.clock_calls.items() if t != event.table}
            return evolve(state, clock_calls=calls)
        case RulingOverridden():
            state = evolve(state, overrides=(*state.overrides, event.ruling))
            if event.ruling == "penalty":
                state = _conduct(state, event.player_id, penalty_hands=0, away_until=None)
            if event.ruling == "clock":
                calls = {
                    t: call
                    for t, call in state.clock_calls.items()
                    if call.player_id != event.player_id
                }
                state = evolve(state, clock_calls=calls)
            if event.ruling == OverridableRuling.CARD_DRAW:
                state = evolve(state, busts=draw_shared(state.busts, event.player_id))
            if event.chips_restored:
                index = restorable_forfeit(state, event.player_id, event.ruling)
                if index is not None:
                    state = evolve(state, restored_forfeits=state.restored_forfeits | {index})
                p = state.players[event.player_id]
                restored = evolve(p, chips=p.chips + event.chips_restored)
                state = back_in(with_players(state, {event.player_id: restored}), event.player_id)
                # reinstated by the director: present, so THC 6/7 do not remove them again
                state = _conduct(state, event.player_id, absent_since=None)
            return state
        case SideGameEntered():
            player = Player(
                player_id=event.player_id,
                name=event.name,
                details=PersonalDetails(),
                chips=event.chips,
            )
            state = with_players(state, {event.player_id: player})
            if event.side_game_id is not None:
                games = dict(state.side_games)
                game = games[event.side_game_id]
                game = evolve(game, entered=(*game.entered, event.name))
                if event.killed_side_stack:
                    stacks = tuple(st for st in game.stacks if st.name != event.name)
                    game = evolve(game, option_taken=event.name, stacks=stacks)
                games[event.side_game_id] = game
                state = evolve(state, side_games=games)
            return evolve(state, chips_created=state.chips_created + event.chips)
        case SideGameRegistered():
            games = dict(state.side_games)
            games[event.side_game_id] = SideGameRecord(players=event.players, seats=event.seats)
            return evolve(state, side_games=games)
        case SideGameWon():
            games = dict(state.side_games)
            games[event.side_game_id] = evolve(games[event.side_game_id], winner=event.winner)
            return evolve(state, side_games=games)
        case SideGameChipsCounted():
            games = dict(state.side_games)
            games[event.side_game_id] = evolve(
                games[event.side_game_id],
                stacks=event.stacks,
                hands_played=event.hands_played,
                counted=True,
            )
            return evolve(state, side_games=games)
        case SideGameAlternateSeated():
            games = dict(state.side_games)
            game = games[event.side_game_id]
            stacks = game.stacks
            if game.counted:
                mine = SideGameStack(name=event.name, chips=event.chips)
                stacks = tuple(sorted((*stacks, mine), key=lambda st: st.name))
            games[event.side_game_id] = evolve(
                game, alternate=event.name, alternate_chips=event.chips, stacks=stacks
            )
            return evolve(state, side_games=games)
        case SideGameOptionDeclined():
            games = dict(state.side_games)
            game = games[event.side_game_id]
            games[event.side_game_id] = evolve(game, declined=(*game.declined, event.name))
            return evolve(state, side_games=games)
    raise AssertionError(f"unhandled event {event!r}")  # pragma: no cover


__all__ = [
    "ClockCall",
    "Conduct",
    "SideGameRecord",
    "apply_people",
    "back_in",
    "draw_shared",
    "drawn_group",
    "hand_finished",
    "hand_started",
    "planned_seats",
    "restorable_forfeit",
    "with_players",
]
