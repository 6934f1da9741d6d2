"""Hands: a table deals, the hand ends, players go out (TDA 23, 32; KY 8d, THC 3; RP-8).

Each hand records the level in force when it started (TDA 23, THC 4, SLPT 12). At a table the
director seats, the hand is dealt by the dead-button rule (TDA 32) with newcomers waiting
between the small blind and the button (TDA 10A), only when no seat change, break or
hand-for-hand hold is due (`pitboss.tournament.features.seat_changes.table_wait_reason`); THC 7's
no-shows there are removed first. A finished hand reports the stacks of everyone in it, which must
conserve chips; a declared re-buy is binding and is made when the player's hand ends, its chips
played
behind in the hand or added after it (THC 1, TDA 27: `_finish_hand`); those left with nothing
are out, ranked by their stacks at the start of the hand (KY 8d, THC 3; RP-8A on hand-for-hand
hands).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pitboss.cards import RandomSource
from pitboss.errors import SeatingError, TableError, TournamentError
from pitboss.frozen_map import frozen, frozen_dict
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.tournament import EqualStackBusts
from pitboss.table.positions import Positions
from pitboss.table.seats import TableSeats
from pitboss.table.values import HandPlan, SeatStatus
from pitboss.tournament.features.absence_and_clock import no_show_removals
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.registration import RebuyBought
from pitboss.tournament.features.seat_changes import table_wait_reason
from pitboss.tournament.features.tables import ButtonPlaced, known_table, planned_hand
from pitboss.tournament.model.bounties import HandPot, bounty_takers, without_pots
from pitboss.tournament.model.eliminations import rank_busts, winners_of_hand
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.fields import TableNumber
from pitboss.tournament.model.seating import draw_button
from pitboss.tournament.model.timeline import PeriodKind
from pitboss.tournament.model.words import joined, seat_words, stacks_words
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    HandRecord,
    Phase,
    TournamentState,
    fold,
    names,
    player_in_play,
    with_conduct,
    with_players,
    with_table,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHand(Command):
    """A table starts a hand (first riffle / shuffle; THC 4, SLPT 12)."""

    hand_id: HandId
    table: TableNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishHand(Command):
    """A hand ended; the stacks of everyone who was in it.

    ``dealt``: the hand was played from the stacks at the deal (the software dealt it, or a
    dealer's device recorded it). A re-buy declared during such a hand did not play in it (it
    came after the first card, THC 1): it is made after the result, its chips added to the
    stack the hand left. A result the director types leaves it false: a re-buy declared during
    the hand played behind in it, so the stacks include its chips (THC 1, TDA 27).

    ``pots``: the hand's pots, main first (`pitboss.tournament.model.bounties.HandPot`), when
    someone went out in a bounty event (issue 29): who collects a bounty, and who knocked the
    player out, follow them. Empty when unknown (a result typed without them).
    """

    hand_id: HandId
    stacks: tuple[PlayerChips, ...]
    dealt: bool = False
    pots: tuple[HandPot, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(Event):
    """A hand started at a table, at the level then in force (TDA 23, THC 4, SLPT 12).

    At a table the director seats, ``positions`` are the button and blinds by the dead-button
    rule (TDA 32) and ``waiting`` the newcomers' seats that sit the hand out (TDA 10A).
    """

    at: int
    hand_id: HandId
    table: TableNo
    level: int
    positions: Positions | None = None
    waiting: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFinished(Event):
    """A hand ended; ``stacks`` are the chips of every player who was in it; ``pots`` the
    hand's pots when it put someone out in a bounty event (issue 29; empty otherwise)."""

    at: int
    hand_id: HandId
    stacks: tuple[PlayerChips, ...]
    pots: tuple[HandPot, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


# --- folds ------------------------------------------------------------------------------------


@folds(HandStarted)
def _started(state: TournamentState, event: HandStarted) -> TournamentState:
    """Record the hand; at a seated table advance its positions (TDA 32) and note who is
    serving a penalty, so the hand counts toward it (TDA 71A, from the next hand: TDA 68), and
    whose declared re-buy plays behind (THC 1). The record keeps the hand's plan while it is in
    play, so a runtime reads it back with `plan_of_started_hand`."""
    table = state.tables.get(event.table)
    players: tuple[PlayerId, ...] = ()
    seats: tuple[SeatNo, ...] = ()
    penalised: tuple[PlayerId, ...] = ()
    plan: HandPlan | None = None
    if table is not None and event.positions is not None:
        waiting = frozenset(event.waiting)
        dealt = [(s, p) for s, p in sorted(table.seats.items()) if s not in waiting]
        players = tuple(p for _, p in dealt)
        seats = tuple(s for s, _ in dealt)
        penalised = tuple(p for p in players if state.conduct_of(p).penalty_hands > 0)
        behind = tuple(p for p in players if state.players[p].rebuy_declared)
        plan = planned_hand(state, table, event.positions, waiting, event.at)
        state = with_table(state, table.hand_started(event.positions, waiting))
    else:
        # unseated: who sits at the table is the floor's; every declared re-buy plays behind
        behind = tuple(pid for pid, p in state.players.items() if p.rebuy_declared)
    record = HandRecord(
        hand_id=event.hand_id,
        table=event.table,
        level=event.level,
        started_at=event.at,
        players=players,
        seats=seats,
        penalised=penalised,
        behind=behind,
        hand_for_hand_hand=state.hand_for_hand_hand if state.clock.hand_for_hand else None,
        plan=plan,
        seat_count=0 if table is None else table.seat_count,
        players_left=state.players_left,
    )
    changed = {event.hand_id: record}
    previous = state.last_hand_at.get(event.table)
    if previous is not None:
        # the table's last hand has been played on: its result can no longer be corrected
        done = state.hands[previous]
        if done.before or done.after:
            changed[previous] = done._replace(before=(), after=())
    return state._replace(
        hands=frozen(state.hands).updated(changed),
        open_at=frozen(state.open_at).updated({event.hand_id: event.table}),
        in_hand=frozen(state.in_hand).updated(dict.fromkeys(players, event.hand_id)),
        last_hand_at=frozen(state.last_hand_at).updated({event.table: event.hand_id}),
        busy=state.busy | {event.table},
    )


@folds(HandFinished)
def _finished(state: TournamentState, event: HandFinished) -> TournamentState:
    """The stacks after the hand; penalised players served a hand (TDA 71A); a new balancing
    pass begins; hand-for-hand notes the table as done with this hand-for-hand hand (RP-8)."""
    record = state.hands[event.hand_id]
    players = state.players
    before = tuple(
        PlayerChips(player_id=st.player_id, chips=players[st.player_id].chips)
        for st in event.stacks
    )
    state = with_players(
        state, {st.player_id: players[st.player_id]._replace(chips=st.chips) for st in event.stacks}
    )
    open_at = frozen(state.open_at).without(event.hand_id)
    busy = state.busy - {record.table}  # one hand at a time at a table (`check_hand_can_start`)
    # the plan is kept while the hand is in play; a finished hand drops it
    finished = record._replace(finished=True, plan=None, before=before, after=event.stacks)
    hands = frozen(state.hands).updated({event.hand_id: finished})
    in_hand = state.in_hand
    dealt = {p: None for p in record.players if in_hand.get(p) == event.hand_id}
    state = state._replace(
        hands=hands, open_at=open_at, busy=busy, in_hand=frozen(in_hand).updated(dealt)
    )
    if record.table in state.clock_calls:
        # a clock called in the hand ends with it (TDA 29: the call is on a decision in it)
        state = state._replace(clock_calls=frozen_dict(state.clock_calls).without(record.table))
    for pid in record.penalised:
        served = max(0, state.conduct_of(pid).penalty_hands - 1)
        state = with_conduct(state, pid, penalty_hands=served)
    done = state.hand_for_hand_done
    if record.hand_for_hand_hand is not None and state.clock.hand_for_hand:
        done = done | {record.table}
    return state._replace(moved_this_pass=frozenset(), pass_moves=(), hand_for_hand_done=done)


# --- hands ------------------------------------------------------------------------------------


def check_hand_can_start(s: TournamentState, c: StartHand) -> None:
    """A hand may start now: play is on, not on a break, a new id, no hand in play there.

    Raises:
        TournamentError: not started, stopped at the limit, on a break, a hand id used, or a
            hand already in play at the table.
    """
    if s.phase is Phase.REGISTRATION:
        raise TournamentError(
            "play has not started",
            code="not_started",
            params={"table": c.table, "phase": s.phase.value},
        )
    if s.phase is Phase.STOPPED:
        raise TournamentError(
            "no new hand: play stopped at the legal time limit (KY 11); the remaining prizes "
            "are chopped",
            code="time_limit_stopped",
            params={"table": c.table},
        )
    if s.period.kind is PeriodKind.BREAK:
        raise TournamentError(
            f"no new hand: the tables are on the {s.period.label().lower()}",
            code="on_break",
            params={"table": c.table, "period": s.period.label()},
        )
    if c.hand_id in s.hands:
        raise TournamentError(
            f"hand {c.hand_id!r} was already started",
            code="duplicate_hand",
            params={"hand_id": c.hand_id},
        )
    if s.open_hands(c.table):
        raise TournamentError(
            f"table {c.table} already has hand {s.open_hands(c.table)[0].hand_id!r} in play",
            code="hand_in_play",
            params={"table": c.table, "hand_id": s.open_hands(c.table)[0].hand_id},
        )


def start_hand(s: TournamentState, c: StartHand, now: int, rng: RandomSource | None) -> list[Event]:
    """A hand at a table: at a seated table with its button and blinds (TDA 32, 34B, 10A).

    Raises:
        TournamentError: see `check_hand_can_start`.
        SeatingError: no such table, or the table must wait (a move, a break, hand-for-hand).
    """
    check_hand_can_start(s, c)
    level = s.level
    if not s.is_seated:
        return [HandStarted(at=now, hand_id=c.hand_id, table=c.table, level=level)]
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
    check_someone_plays(s, t, positions, frozenset(waiting), now)
    events.append(
        HandStarted(
            at=now,
            hand_id=c.hand_id,
            table=c.table,
            level=level,
            positions=positions,
            waiting=tuple(sorted(waiting)),
        )
    )
    return events


def check_someone_plays(
    s: TournamentState, t: TableSeats, positions: Positions, waiting: frozenset[int], now: int
) -> None:
    """A hand needs a player who plays it: when everyone at the table is away (absent, sitting
    out, or serving a penalty: TDA 30, 71A/C; THC 6), the table waits for one to come back
    rather than deal a hand nobody can win (issue 31: a table of phones whose pages had not
    opened yet stopped the dealing).

    Raises:
        SeatingError: ``table_must_wait``, naming who is away.
    """
    conduct = s.conduct
    if not conduct or any(pid not in conduct for pid in t.seats.values()):
        return  # someone at the table has no record with the floor: they play (the usual case)
    plan = planned_hand(s, t, positions, waiting, now)
    if any(seat.status is SeatStatus.LIVE for seat in plan.seats):
        return
    away = [s.players[PlayerId(seat.player)].name for seat in plan.seats]
    why = (
        f"everyone at table {t.number} is away ({joined(away)}): the table waits for a "
        "player to come back (TDA 30, THC 6)"
    )
    raise SeatingError(why, code="table_must_wait", params={"table": t.number, "reason": why})


def _finish_hand(s: TournamentState, c: FinishHand, now: int) -> list[Event]:
    """The stacks after a hand (chips conserved), and the declared re-buys it settles.

    A declared re-buy is binding (THC 1, TDA 27): it is made when the player's hand ends, even
    if the re-buy window closed meanwhile (a level or the two hours ended), whoever won.

    - Declared before the hand started (``HandRecord.behind``): its chips play behind in the
      hand (a dealt hand's plan gave them to the player, `planned_hand`). It is made first and
      the stacks after the hand include it.
    - Declared during the hand, at a table whose result the director records: ``StartHand`` is
      the shuffle, before the first card, so it plays behind in this hand the same way (THC 1:
      "announces the intent to re-buy before the first card is dealt, ... playing behind").
    - Declared during a hand played from the stacks at the deal (``c.dealt``: the software
      dealt it, or a dealer's device recorded it): the cards were out when it was declared and
      the pots hold only the chips that were in front of the player, so the hand is played
      with the stack at the deal and the re-buy is made after the result: its chips are added
      to the stack the hand left (a player who lost every chip has them and is not out).

    Raises:
        TournamentError: the hand is not in play, a player listed twice, out, or with a
            negative stack, or the chips after the hand differ from the chips before.
    """
    hand = s.hands.get(c.hand_id)
    if hand is None or hand.finished:
        raise TournamentError(
            f"hand {c.hand_id!r} is not in play",
            code="hand_not_in_play",
            params={"hand_id": c.hand_id},
        )
    ids = [st.player_id for st in c.stacks]
    if not ids or len(set(ids)) != len(ids):
        raise TournamentError(
            "a finished hand lists each player in it once",
            code="bad_hand_result",
            params={"hand_id": c.hand_id, "players": ids},
        )
    rules = s.rules.tournament.rebuy
    before = sum(player_in_play(s, pid).chips for pid in ids)
    # a re-buy made meanwhile (at the desk, at a table the floor seats) is no longer owed
    declared = [pid for pid in ids if s.players[pid].rebuy_declared]
    behind = [pid for pid in declared if pid in hand.behind or not c.dealt]
    later = [pid for pid in declared if pid not in behind]
    before += rules.chips * len(behind)
    after = sum(st.chips for st in c.stacks)
    if after != before:
        with_rebuys = (
            f" (with {rules.chips:,} chips of each declared re-buy playing behind: "
            f"{names(s, behind)})"
            if behind
            else ""
        )
        raise TournamentError(
            f"chips are not conserved: the players had {before:,} chips before the hand"
            f"{with_rebuys} and {after:,} after",
            code="chips_not_conserved",
            params={
                "hand_id": c.hand_id,
                "before": before,
                "after": after,
                "behind": behind,
                "rebuy_chips": rules.chips,
            },
        )

    def made(pid: PlayerId) -> RebuyBought:
        return RebuyBought(
            at=now,
            player_id=pid,
            price_cents=rules.price_cents,
            fee_cents=rules.fee_cents,
            chips=rules.chips,
            declared=True,
            bounty_cents=s.rules.tournament.bounty.rebuy_bounty_cents,
        )

    if c.pots:
        _check_pots(s, c)
    return [
        *(made(pid) for pid in behind),
        HandFinished(at=now, hand_id=c.hand_id, stacks=c.stacks, pots=c.pots),
        *(made(pid) for pid in later),
    ]


def _check_pots(s: TournamentState, c: FinishHand) -> None:
    """The pots of a result name only its players, each pot's winners among those eligible for
    it, one share each, adding up to the pot.

    Raises:
        TournamentError: ``bad_pots``, saying which pot and what is wrong.
    """
    players = {st.player_id for st in c.stacks}
    for index, pot in enumerate(c.pots):
        strangers = [p for p in (*pot.eligible, *pot.winners) if p not in players]
        wrong = (
            f"{names(s, strangers)} did not play this hand"
            if strangers
            else "its winners must be among the players eligible for it"
            if not set(pot.winners) <= set(pot.eligible)
            else "it needs one share for each winner"
            if len(pot.shares) != len(pot.winners)
            else "its shares must add up to its amount"
            if sum(pot.shares) != pot.amount
            else None
        )
        if wrong is not None:
            what = "the main pot" if index == 0 else f"side pot {index}"
            raise TournamentError(
                f"{what} of hand {c.hand_id!r} is wrong: {wrong}",
                code="bad_pots",
                params={"hand_id": c.hand_id, "pot": index},
            )


def finish_hand(
    s: TournamentState, c: FinishHand, now: int, rng: RandomSource | None
) -> list[Event]:
    """The hand's stacks, then who went out, ranked (KY 8d, THC 3; RP-8A), then what follows.

    Raises:
        TournamentError: see `_finish_hand`; a player not at the table.
    """
    record = s.hands.get(c.hand_id)
    if record is not None and record.players:
        strangers = [st.player_id for st in c.stacks if st.player_id not in record.players]
        if strangers:
            raise TournamentError(
                f"{names(s, strangers)} did not take part in hand {c.hand_id!r} at table "
                f"{record.table}",
                code="not_in_hand",
                params={"players": strangers, "hand_id": c.hand_id, "table": record.table},
            )
    events = _finish_hand(s, c, now)
    done = next(i for i, e in enumerate(events) if isinstance(e, HandFinished))
    behind = {e.player_id: e.chips for e in events[:done] if isinstance(e, RebuyBought)}
    # a re-buy made after the result gives chips: that player is not out
    later = {e.player_id for e in events[done:] if isinstance(e, RebuyBought)}
    outs = [
        (st.player_id, s.players[st.player_id].chips + behind.get(st.player_id, 0))
        for st in c.stacks
        if st.chips == 0 and st.player_id not in later
    ]
    if outs:
        assert record is not None
        draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
        start = {
            st.player_id: s.players[st.player_id].chips + behind.get(st.player_id, 0)
            for st in c.stacks
        }
        won = winners_of_hand(start, ((st.player_id, st.chips) for st in c.stacks))
        ranked = rank_busts(outs, draw_ties=draw_ties, rng=rng, eliminated_by=won)
        busts = ranked.busts
        if c.pots:  # issue 29: who knocked each one out is who collects their bounty
            bounty = s.rules.tournament.bounty
            busts = tuple(
                replace(
                    b,
                    eliminated_by=tuple(
                        sorted(bounty_takers(bounty, b.player_id, start, c.pots).players)
                    )
                    or b.eliminated_by,
                )
                for b in busts
            )
        elif s.rules.tournament.bounty.is_on:  # typed without pots: as the bounty goes
            ends = {st.player_id: st.chips for st in c.stacks}
            order = [st.player_id for st in c.stacks]
            busts = tuple(
                replace(
                    b,
                    eliminated_by=tuple(
                        sorted(without_pots(b.player_id, start, ends, order).players)
                    )
                    or b.eliminated_by,
                )
                for b in busts
            )
        events.append(
            PlayersBusted(
                at=now,
                busts=busts,
                hand_id=c.hand_id,
                table=record.table,
                draw=ranked.draw,
                hand_for_hand_hand=record.hand_for_hand_hand,
            )
        )
    return events


def plan_of_started_hand(s: TournamentState, hand_id: HandId) -> HandPlan:
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


@handles(StartHand)
def _start_hand(s: TournamentState, c: StartHand, ctx: Context) -> list[Event]:
    """A hand at a table (TDA 23, 32); THC 7's no-shows there are removed first. When that
    leaves the table unable to deal (a seat change is now due, or too few players), the
    removals stand and no hand starts: the table waits like any other."""
    check_hand_can_start(s, c)
    removals = no_show_removals(s, c.table, ctx.now)
    if not removals:
        return start_hand(s, c, ctx.now, ctx.rng)
    events = ctx.settle(s, removals)
    after = fold(s, events)
    if after.phase is not Phase.RUNNING:
        return events
    try:
        return [*events, *start_hand(after, c, ctx.now, ctx.rng)]
    except SeatingError as err:
        if err.code in {"table_must_wait", "too_few_players", "unknown_table"}:
            return events
        raise


@handles(FinishHand)
def _finish(s: TournamentState, c: FinishHand, ctx: Context) -> list[Event]:
    return ctx.settle(s, finish_hand(s, c, ctx.now, ctx.rng))


def hand_for_hand_complete(s: TournamentState) -> bool:
    """Every table has played the current hand-for-hand hand (RP-8, WSOP 126a)."""
    if not (s.is_seated and s.clock.hand_for_hand) or s.open_hands():
        return False
    dealing = {n for n, t in s.tables.items() if t.size >= 2}
    return bool(s.hand_for_hand_done) and dealing <= s.hand_for_hand_done


# --- the log's lines --------------------------------------------------------------------------


def _positions(s: TournamentState, table: TableNo, p: Positions) -> str:
    """The button and blinds by seat, each with its player (an empty button seat is the dead
    button, TDA 32)."""
    seats = s.tables.get(table)
    dead = seats is not None and SeatNo(p.button) not in seats.seats
    button = f"dead button seat {p.button}" if dead else f"button {seat_words(s, table, p.button)}"
    big = f"big blind {seat_words(s, table, p.big_blind)}"
    if p.is_heads_up:
        return f"button and small blind {seat_words(s, table, p.button)}, {big}"
    if p.small_blind is None:
        return f"{button}, dead small blind, {big}"
    return f"{button}, small blind {seat_words(s, table, p.small_blind)}, {big}"


@describes(HandStarted)
def _hand_started_line(e: HandStarted, s: TournamentState) -> str:
    line = f"Hand {e.hand_id} started at table {e.table} (level {e.level})"
    if e.positions is not None:
        line += f": {_positions(s, e.table, e.positions)}"
    if e.waiting:
        seats = joined([str(seat) for seat in e.waiting])
        line += f"; {'seats' if len(e.waiting) > 1 else 'seat'} {seats} wait for the button"
        line += " (TDA 10A)"
    return line


@describes(HandFinished)
def _hand_finished_line(e: HandFinished, s: TournamentState) -> str:
    record = s.hands.get(e.hand_id)
    where = "" if record is None else f" at table {record.table}"
    ordered = sorted(e.stacks, key=lambda st: -st.chips)
    return f"Hand {e.hand_id}{where} finished: {stacks_words(s, ordered)}"


__all__ = [
    "FinishHand",
    "HandFinished",
    "HandStarted",
    "StartHand",
    "check_hand_can_start",
    "finish_hand",
    "hand_for_hand_complete",
    "plan_of_started_hand",
    "start_hand",
]
