"""The director's seat-keeping inside ``decide``: draws, hands at seated tables, seat changes.

Live mode (the director types bust-outs and stacks) and dealt mode (a runtime drives the
tables) use the same functions: after a hand at table T the director records its result, takes
out the players who busted (ranked, KY 8d, THC 3), and proposes, or in dealt mode makes, the
seat changes due (`pitboss.tournament.balancing`). A table with a change pending does not deal
(TDA 11D: a short table halts; TDA 11A: the player due the big blind moves first); in
hand-for-hand a table that has played the current hand waits for the others (RP-8, WSOP 126a).
In dealt mode a table that owes the current colour-up races before players leave it (TDA 24),
and the plan each hand was dealt by is kept while it is in play (`plan_of_started_hand`).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from pitboss.cards import RandomSource
from pitboss.errors import SeatingError, TableError, TournamentError
from pitboss.rules.table import TablePhase
from pitboss.rules.tournament import EqualStackBusts, TableOrder
from pitboss.table.values import HandPlan
from pitboss.tournament import commands as cmd
from pitboss.tournament import hands
from pitboss.tournament.balancing import (
    BalanceContext,
    BreakTable,
    Decision,
    Move,
    MoveReason,
    OpenTable,
    Redraw,
    halted_tables,
    next_decision,
    tables_involved,
    tables_to_shrink,
)
from pitboss.tournament.eliminations import Bust, rank_busts
from pitboss.tournament.entries import PlayerId, PlayerStatus
from pitboss.tournament.events import (
    Event,
    HandForHandEnded,
    HandForHandStarted,
    HandStarted,
    RebuyBought,
)
from pitboss.tournament.evolve import evolve
from pitboss.tournament.people_events import (
    ButtonPlaced,
    ChipsRemoved,
    DrawReason,
    PlayerMoved,
    PlayersBusted,
    PlayerSeated,
    RemovalReason,
    SeatReason,
    SeatsDrawn,
    TableBroken,
    TableOpened,
    TableResized,
    TournamentWon,
)
from pitboss.tournament.people_state import planned_seats
from pitboss.tournament.seating import TableSeats, draw_button, draw_newcomer_seat, draw_tables
from pitboss.tournament.state import Phase, TournamentState, fold, player_in_play
from pitboss.tournament.windows import can_come_back


class _Peek:
    """A stand-in random source to see whether a change is pending (never recorded)."""

    def shuffle(self, x: MutableSequence[Any]) -> None:
        return None

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        return 0


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


def context(s: TournamentState) -> BalanceContext:
    """The balancing planner's view of the state and the house's settings."""
    seating = s.rules.tournament.seating
    return BalanceContext(
        capacity=capacity(s),
        hold=holding_capacity(s),
        threshold=seating.threshold_at(s.level),
        mover=seating.mover,
        source_order=seating.source_table,
        break_order=seating.break_order,
        break_list=seating.break_list,
        final_table_size=seating.final_table_size,
        redraw_final_table=seating.redraw_final_table,
        redraw_at_tables=seating.redraw_at_tables,
        missed=s.rules.table.missed_blinds,
        busy=s.busy_tables(),
        moved=s.moved_this_pass,
        redrawn=s.redrawn_at,
    )


def pending(s: TournamentState) -> Decision | None:
    """The next seat change due, as far as it can be known without drawing (views, checks)."""
    if not s.is_seated or s.phase is not Phase.RUNNING:
        return None
    return next_decision(s.tables, context(s), _Peek(), draw=False)


def _need_rng(rng: RandomSource | None, what: str) -> RandomSource:
    if rng is None:
        raise SeatingError(
            f"{what} needs a random source", code="no_random_source", params={"what": what}
        )
    return rng


def seated_players(s: TournamentState) -> list[PlayerId]:
    """Players still in, in registration order (the draw's input)."""
    return [
        pid
        for pid, p in s.players.items()
        if p.status is PlayerStatus.ACTIVE and p.chips > 0 and not s.is_out(pid)
    ]


def draw_seats(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """Every player to a random seat, evenly over as few tables as possible (TDA 7; KY 3;
    THC 5, 12), then each table's first button (KY 6; THC 9).

    Raises:
        SeatingError: seats were drawn already, nobody to seat, or no random source.
    """
    if s.is_seated:
        raise SeatingError(
            "seats have already been drawn", code="seats_drawn", params={"tables": sorted(s.tables)}
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
    tables = draw_tables(players, capacity(s), s.rules, _need_rng(rng, "the seat draw (TDA 7)"))
    return [SeatsDrawn(at=now, tables=tables)]


def seat_newcomer(
    s: TournamentState, pid: PlayerId, now: int, rng: RandomSource | None, reason: SeatReason
) -> list[Event]:
    """A random seat from the pool for a late registrant, re-entry, alternate (TDA 8A)."""
    if not s.is_seated:
        return []
    source = _need_rng(rng, "a seat for a newcomer (TDA 8A)")
    cap = capacity(s)
    events: list[Event] = []
    spot = draw_newcomer_seat(s.tables, cap, source)
    if spot is None:
        number = next(n for n in range(1, len(s.tables) + 2) if n not in s.tables)
        events.append(TableOpened(at=now, table=number, seat_count=cap))
        spot = (number, 1 + source.randrange(cap))
    events.append(PlayerSeated(at=now, player_id=pid, table=spot[0], seat=spot[1], reason=reason))
    return events


def decision_events(
    s: TournamentState, decision: Decision, now: int, rng: RandomSource | None
) -> list[Event]:
    """The events that carry out one seat change."""
    match decision:
        case OpenTable():
            return [TableOpened(at=now, table=decision.table, seat_count=decision.seat_count)]
        case BreakTable():
            return [
                TableBroken(at=now, table=decision.table, moves=decision.moves, draw=decision.draw)
            ]
        case Redraw():
            source = _need_rng(rng, "a redraw (KY 8b)")
            players = [p for t in sorted(s.tables) for p in s.tables[t].players()]
            numbers = sorted(s.tables)[: decision.tables]
            drawn = draw_tables(
                sorted(players), decision.seat_count, s.rules, source, numbers=numbers
            )
            reason = DrawReason.FINAL_TABLE if decision.final else DrawReason.REDRAW
            return [SeatsDrawn(at=now, tables=drawn, reason=reason)]
        case Move():
            return [PlayerMoved(at=now, move=decision)]
    raise AssertionError(decision)  # pragma: no cover


def races_before_moving(
    s: TournamentState, decision: Decision, now: int, rng: RandomSource | None
) -> list[Event]:
    """Dealt mode: the chip race of each table players are about to leave, if it is due and
    not yet run, so nobody carries chips that left play to another table (TDA 24; KY 10
    colours up as a level starts and each table races between its hands).

    Live mode leaves the colour-up to the floor at the table (``RecordColourUp``/
    ``RaceColourUp``); without a random source nothing is raced here.
    """
    period = s.period
    if not (period.colour_up and s.rules.tournament.seating.auto_apply_moves) or rng is None:
        return []
    match decision:
        case Move():
            sources: tuple[int, ...] = (decision.from_table,)
        case BreakTable():
            sources = (decision.table,)
        case Redraw():
            sources = tuple(sorted(s.tables))
        case _:
            return []
    events: list[Event] = []
    for number in sources:
        table = s.tables.get(number)
        if (
            table is None
            or not table.seats
            or (period.index, number) in s.colour_ups_raced
            or number in s.busy_tables()
        ):
            continue
        seated = tuple(
            cmd.SeatedPlayer(seat=seat, player_id=pid) for seat, pid in sorted(table.seats.items())
        )
        step = hands.race_colour_up(s, cmd.RaceColourUp(table=number, seats=seated), now, rng)
        events.extend(step)
        s = fold(s, step)
    return events


def seat_changes(
    s: TournamentState, now: int, rng: RandomSource | None, *, one: bool = False
) -> list[Event]:
    """Carry out the seat changes due, recomputing the plan after each (one pass).

    Raises:
        SeatingError: chance must decide and there is no random source.
    """
    events: list[Event] = []
    guard = 4 * (len(s.players) + len(s.tables)) + 8
    while guard > 0:
        guard -= 1
        if not s.is_seated or s.phase is not Phase.RUNNING:
            break
        decision = next_decision(s.tables, context(s), rng)
        if decision is None:
            break
        races = races_before_moving(s, decision, now, rng)
        if races:
            # the race may have put someone out (raced_out = "bust"): plan again
            events.extend(races)
            s = fold(s, races)
            continue
        step = decision_events(s, decision, now, rng)
        events.extend(step)
        s = fold(s, step)
        if one:
            break
    return events


def hand_plan(s: TournamentState, table: int, now: int) -> HandPlan:
    """The next hand at a seated table: positions and each seat's part (TDA 30, 71C; THC 6).

    Raises:
        SeatingError: no such table.
        TableError: the table cannot deal (no button, fewer than two players).
    """
    t = known_table(s, table)
    positions, waiting = t.plan(s.rules.table.missed_blinds)
    seats = planned_seats(s, t, positions, waiting, now)
    return HandPlan(
        table=table,
        hand_no=t.hands_played + 1,
        positions=positions,
        seats=seats,
        waiting=tuple(sorted(waiting)),
    )


def plan_of_started_hand(s: TournamentState, hand_id: str) -> HandPlan:
    """The plan the director dealt hand ``hand_id`` by, while it is in play: positions and each
    seat's part as `hand_plan` gave them when the hand started (TDA 30, 32, 71C; THC 6).

    Raises:
        TournamentError: no such hand in play, or it was not started at a seated table.
    """
    record = s.hands.get(hand_id)
    if record is None or record.finished:
        raise TournamentError(
            f"hand {hand_id!r} is not in play",
            code="hand_not_in_play",
            params={"hand_id": hand_id},
        )
    if record.plan is None:
        raise TournamentError(
            f"hand {hand_id!r} was not dealt at a table the director seats: it has no plan",
            code="no_hand_plan",
            params={"hand_id": hand_id},
        )
    return record.plan


def table_wait_reason(s: TournamentState, table: int) -> str | None:
    """Why ``table`` may not deal its next hand now, or None (TDA 10B, 11A, 11D; RP-8)."""
    return waiting_tables(s).get(table)


_WAITING: list[tuple[TournamentState, dict[int, str]]] = []


def waiting_tables(s: TournamentState) -> dict[int, str]:
    """Every table that may not deal its next hand now, with the reason (TDA 10B, 11A, 11D;
    RP-8).

    A seat change is made between hands at every table it involves (the table a player leaves,
    the table they join, a broken table and the tables receiving its players, every table for
    a redraw): those tables wait for it, even while another of them finishes its hand.

    The answer for the latest state asked about is kept (states never change): a runtime asks
    for each table it wakes, then the hand it starts asks again, and the question costs a look
    at every table.
    """
    if _WAITING and _WAITING[0][0] is s:
        return dict(_WAITING[0][1])
    out = _waiting_tables(s)
    _WAITING[:] = [(s, out)]
    return dict(out)


def _waiting_tables(s: TournamentState) -> dict[int, str]:
    out: dict[int, str] = {}
    if s.clock.hand_for_hand:
        for table in s.hand_for_hand_done & set(s.tables):
            out[table] = (
                f"table {table} has played this hand-for-hand hand and waits for the other "
                "tables (RP-8)"
            )
    ctx = context(s)  # once: the pending change and the halted tables share it
    decision = None
    if s.is_seated and s.phase is Phase.RUNNING:
        decision = next_decision(s.tables, evolve(ctx, busy=frozenset()), _Peek(), draw=False)
    involved = tables_involved(s.tables, decision, ctx) if decision is not None else frozenset()
    random_break = s.rules.tournament.seating.break_order is TableOrder.RANDOM
    match decision:
        case Redraw():
            why = "every seat is being redrawn (KY 8b): confirm the redraw first"
            involved = frozenset(s.tables)
        case BreakTable() if random_break:
            why = "a table drawn at random is to break (RP-19): confirm the break first"
            involved = frozenset(s.tables)
        case BreakTable():
            why = f"table {decision.table} is to break (TDA 10B): confirm the break first"
        case Move():
            why = (
                "a balancing move is due first (TDA 11A, 11D): "
                f"Table {decision.from_table} seat {decision.from_seat} to Table "
                f"{decision.to_table} seat {decision.to_seat}"
            )
        case _:
            why = ""
    for table in sorted(involved):
        if isinstance(decision, BreakTable) and not random_break and table != decision.table:
            out.setdefault(
                table,
                f"table {table} receives players from table {decision.table}, which is to "
                "break (TDA 10B): confirm the break first",
            )
        out.setdefault(table, why)
    for table in halted_tables(s.tables, ctx):
        out.setdefault(table, f"table {table} is short and waits for a player (TDA 11D)")
    return out


def start_hand(
    s: TournamentState, c: cmd.StartHand, now: int, rng: RandomSource | None
) -> list[Event]:
    """A hand at a table: at a seated table with its button and blinds (TDA 32, 34B, 10A).

    Raises:
        TournamentError: see `pitboss.tournament.hands.start_hand`.
        SeatingError: no such table, or the table must wait (a move, a break, hand-for-hand).
    """
    base = hands.start_hand(s, c, now)
    if not s.is_seated:
        return base
    events: list[Event] = []
    t = known_table(s, c.table)
    why = table_wait_reason(s, c.table)
    if why is not None:
        raise SeatingError(why, code="table_must_wait", params={"table": c.table, "reason": why})
    if t.size < 2:
        raise SeatingError(
            f"table {c.table} has {t.size} player(s); a hand needs two",
            code="too_few_players",
            params={"table": c.table, "players": t.size, "min_players": 2},
        )
    if t.button is None and t.last is None:
        drawn = draw_button(c.table, t.seats, t.seat_count, s.rules, rng)
        events.append(ButtonPlaced(at=now, table=drawn))
        s = fold(s, events[-1:])
        t = s.tables[c.table]
    try:
        positions, waiting = t.plan(s.rules.table.missed_blinds)
    except TableError as err:
        raise SeatingError(err.message, code=err.code, params=err.params) from err
    started = base[0]
    assert isinstance(started, HandStarted)
    events.append(
        HandStarted(
            at=now,
            hand_id=c.hand_id,
            table=c.table,
            level=started.level,
            positions=positions,
            waiting=tuple(sorted(waiting)),
        )
    )
    return events


def finish_hand(
    s: TournamentState, c: cmd.FinishHand, now: int, rng: RandomSource | None
) -> list[Event]:
    """The hand's stacks, then who went out, ranked (KY 8d, THC 3; RP-8A), then what follows.

    Raises:
        TournamentError: see `pitboss.tournament.hands.finish_hand`; a player not at the table.
    """
    record = s.hands.get(c.hand_id)
    if record is not None and record.players:
        strangers = [st.player_id for st in c.stacks if st.player_id not in record.players]
        if strangers:
            raise TournamentError(
                f"{', '.join(strangers)} did not take part in hand {c.hand_id!r} at table "
                f"{record.table}",
                code="not_in_hand",
                params={"players": strangers, "hand_id": c.hand_id, "table": record.table},
            )
    events = hands.finish_hand(s, c, now)
    behind = {e.player_id: e.chips for e in events if isinstance(e, RebuyBought)}
    outs = [
        (st.player_id, s.players[st.player_id].chips + behind.get(st.player_id, 0))
        for st in c.stacks
        if st.chips == 0
    ]
    if outs:
        assert record is not None
        draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
        ranked = rank_busts(outs, draw_ties=draw_ties, rng=rng)
        events.append(
            PlayersBusted(
                at=now,
                busts=ranked.busts,
                hand_id=c.hand_id,
                table=record.table,
                draw=ranked.draw,
                hand_for_hand_hand=record.hand_for_hand_hand,
            )
        )
    return events


def eliminate(
    s: TournamentState, pid: PlayerId, now: int, reason: RemovalReason, note: str = ""
) -> list[Event]:
    """Every chip of ``pid`` leaves play with a reason and the player is out (THC 25, 37, 38)."""
    chips = s.players[pid].chips
    events: list[Event] = []
    if chips > 0:
        events.append(ChipsRemoved(at=now, player_id=pid, chips=chips, reason=reason, note=note))
    events.append(
        PlayersBusted(
            at=now,
            busts=(Bust(player_id=pid, stack_at_start=chips, reason=reason.value),),
        )
    )
    return events


def after_change(s: TournamentState, now: int, rng: RandomSource | None) -> list[Event]:
    """What follows a bust-out or a seat change: the winner (KY 3, THC 3), hand-for-hand on
    the bubble (RP-8), and in dealt mode the seat changes due (TDA 10B, 11)."""
    events: list[Event] = []
    if s.phase is not Phase.RUNNING:
        return events
    left = s.players_left
    seating = s.rules.tournament.seating
    paid = len(s.prizes_cents)
    if s.winner is None and left == 1 and s.busts and not can_come_back(s, now):
        events.append(TournamentWon(at=now, player_id=s.remaining_players()[0]))
        return events
    if s.is_seated and len(s.tables) > 1 and not s.clock.hand_for_hand:
        bubble = seating.hand_for_hand_on_bubble and paid and left == paid + 1
        at = seating.hand_for_hand_at_players
        by_count = at is not None and left <= at and not s.hand_for_hand_was_on
        if bubble or by_count:
            events.append(HandForHandStarted(at=now))
    elif s.clock.hand_for_hand and (
        (s.is_seated and len(s.tables) == 1)  # one table left: nobody to wait for (RP-8)
        or (seating.hand_for_hand_on_bubble and paid and left <= paid)
    ):
        events.append(HandForHandEnded(at=now))
    s = fold(s, events)
    if s.is_seated and seating.auto_apply_moves:
        moves = seat_changes(s, now, rng)
        events.extend(moves)
        s = fold(s, moves)
    if s.is_seated:
        events.extend(
            TableResized(at=now, table=number, seat_count=seats)
            for number, seats in tables_to_shrink(s.tables, context(s))
        )
    return events


def require_seated(s: TournamentState) -> None:
    """Raises SeatingError when the seats have not been drawn."""
    if not s.is_seated:
        raise SeatingError(
            "seats have not been drawn yet", code="not_seated", params={"phase": s.phase.value}
        )


def undo_move(s: TournamentState, now: int) -> list[Event]:
    """Take back the last move of this pass (live mode), if both tables are between hands."""
    if not s.pass_moves:
        raise SeatingError("no move of this pass to undo", code="nothing_to_undo", params={})
    last = s.pass_moves[-1]
    if s.open_hands(last.to_table) or s.open_hands(last.from_table):
        raise SeatingError(
            "a hand has started at one of the tables; the move stands",
            code="move_dealt",
            params={
                "player_id": last.player_id,
                "from_table": last.from_table,
                "to_table": last.to_table,
            },
        )
    source = s.tables.get(last.from_table)
    if source is None or last.from_seat in source.seats:
        raise SeatingError(
            "the player's old seat is gone or taken",
            code="seat_gone",
            params={
                "player_id": last.player_id,
                "table": last.from_table,
                "seat": last.from_seat,
            },
        )
    back = Move(
        player_id=last.player_id,
        from_table=last.to_table,
        from_seat=last.to_seat,
        to_table=last.from_table,
        to_seat=last.from_seat,
        reason=MoveReason.UNDO,
    )
    return [PlayerMoved(at=now, move=back)]


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


def known_table(s: TournamentState, number: int) -> TableSeats:
    """Table ``number``.

    Raises:
        SeatingError: ``unknown_table``: there is no such table (the message lists them).
    """
    table = s.tables.get(number)
    if table is None:
        listed = ", ".join(map(str, sorted(s.tables))) or "none yet"
        raise SeatingError(
            f"there is no table {number}; the tables are {listed}",
            code="unknown_table",
            params={"table": number, "tables": sorted(s.tables)},
        )
    return table


def move_player(s: TournamentState, c: cmd.MovePlayer, now: int) -> list[Event]:
    """A director's move to an empty seat (TDA 7: wrong seat, the current stack moves), made
    between hands at both tables (a seat change never happens during a hand).

    Raises:
        TournamentError: the player is unknown, out, or not seated; no such table or seat; a
            hand is in play at either table.
    """
    table = seated_table(s, c.player_id)
    target = known_table(s, c.table)
    if c.seat in target.seats or not 1 <= c.seat <= target.seat_count:
        raise SeatingError(
            f"table {c.table} seat {c.seat} is not an empty seat; empty: {target.empty_seats()}",
            code="seat_occupied",
            params={"table": c.table, "seat": c.seat, "empty": target.empty_seats()},
        )
    for number in sorted({table.number, c.table}):
        if s.open_hands(number):
            raise SeatingError(
                f"table {number} has a hand in play: move players between hands",
                code="hand_in_play",
                params={"table": number},
            )
    seat = table.seat_of(c.player_id)
    assert seat is not None
    move = Move(
        player_id=c.player_id,
        from_table=table.number,
        from_seat=seat,
        to_table=c.table,
        to_seat=c.seat,
        reason=MoveReason.DIRECTOR,
    )
    return [PlayerMoved(at=now, move=move)]


def hand_for_hand_complete(s: TournamentState) -> bool:
    """Every table has played the current hand-for-hand hand (RP-8, WSOP 126a)."""
    if not (s.is_seated and s.clock.hand_for_hand) or s.open_hands():
        return False
    dealing = {n for n, t in s.tables.items() if t.size >= 2}
    return bool(s.hand_for_hand_done) and dealing <= s.hand_for_hand_done


__all__ = [
    "after_change",
    "capacity",
    "context",
    "decision_events",
    "draw_seats",
    "eliminate",
    "finish_hand",
    "hand_for_hand_complete",
    "hand_plan",
    "holding_capacity",
    "known_table",
    "move_player",
    "pending",
    "plan_of_started_hand",
    "races_before_moving",
    "require_seated",
    "seat_changes",
    "seat_newcomer",
    "seated_players",
    "seated_table",
    "start_hand",
    "table_wait_reason",
    "undo_move",
    "waiting_tables",
]
