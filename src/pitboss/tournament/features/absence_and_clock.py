"""Absence, clock calls, and the director's reversal of an automatic ruling.

- Absence: TDA 30/71A deals the absent player in and kills the hand, with no forfeiture; THC 6
  forfeits every chip after 20 minutes away and THC 7 removes the chips of a player not present
  by the first hand of level 2.
- Clock calls (TDA 29; KY 16, THC 15, SLPT 2): who may call, how long, what expiry does.
- Every automatic ruling can be reversed by the director with a reason (TDA 1): a removal from
  play, a penalty being served, a called clock, THC 3's card draw.

Penalties and chips taken out of play for conduct are `pitboss.tournament.features.penalties`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace

from pitboss.cards import RandomSource
from pitboss.errors import ConductError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import PlayerId, TableNo
from pitboss.rules.hand_rules import TimeoutPolicy
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.tournament import ClockCaller
from pitboss.tournament.features.busts import back_in, eliminate
from pitboss.tournament.features.penalties import player_in
from pitboss.tournament.features.tables import SeatReason, seat_newcomer
from pitboss.tournament.model.eliminations import BustRecord, RemovalReason
from pitboss.tournament.model.fields import Reason, TableNumber
from pitboss.tournament.model.words import duration, name_of
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    ClockCall,
    Phase,
    TournamentState,
    active_player,
    fold,
    with_conduct,
    with_player,
)
from pitboss.units import MS_PER_MINUTE

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkAbsent(Command):
    """A player is away from the table (TDA 30; THC 6). ``sitting_out``: the player's own
    choice at their page ("Sit out next hand", issue 31): dealt exactly as an absent player by
    the house's ``table.absent_policy``, but a page that reconnects does not bring them back;
    only their "I'm back" (``MarkReturned``) or the director does."""

    player_id: PlayerId
    sitting_out: bool = field(default=False, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkReturned(Command):
    """An absent player is back."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class CallClock(Command):
    """Call the clock on a player (TDA 29; THC 15): ``called_by`` None is the director."""

    table: TableNumber
    player_id: PlayerId
    called_by: PlayerId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpireClock(Command):
    """The called clock ran out; ``facing_bet`` decides check or fold under TDA 29."""

    table: TableNumber
    facing_bet: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideRuling(Command):
    """The director reverses an automatic ruling, with a reason (TDA 1; RULES §4 row 1).

    ``ruling`` is an `OverridableRuling` value: ``chips_removed`` (give back the removed chips
    and reinstate the player), ``absent_forfeit`` (THC 6) or ``no_show`` (THC 7) (the same for
    that removal, and the player is present), ``penalty`` (end the penalty being served),
    ``clock`` (cancel a clock called on the player), ``card_draw`` (THC 3: the equal stacks the
    draw placed share the places). A move is taken back with `UndoMove`. The ruling is checked
    here, not by the field's type, so an unknown one gets the list of those there are.
    """

    ruling: str
    player_id: PlayerId
    reason: Reason
    table: TableNumber | None = None


# --- events -----------------------------------------------------------------------------------


class OverridableRuling(enum.StrEnum):
    """The automatic rulings the director can reverse with a reason (TDA 1; issue 6).

    ``chips_removed``: any removal from play (the chips come back, the player is in again);
    ``absent_forfeit`` (THC 6) and ``no_show`` (THC 7): the same, for that removal only, and the
    player is marked present; ``penalty``: the penalty being served ends; ``clock``: a called
    clock is cancelled; ``card_draw`` (THC 3): the players whose equal starting stacks a card
    draw placed share those places instead.
    """

    CHIPS_REMOVED = "chips_removed"
    ABSENT_FORFEIT = "absent_forfeit"
    NO_SHOW = "no_show"
    PENALTY = "penalty"
    CLOCK = "clock"
    CARD_DRAW = "card_draw"


class ClockRuling(enum.StrEnum):
    """What the clock's expiry did (TDA 29; KY 16, THC 15, SLPT 2)."""

    DEAD = "dead"
    CHECKED = "checked"
    FOLDED = "folded"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAbsent(Event):
    """A player is away from the table (TDA 30; THC 6); ``sitting_out``: by their own choice
    at their page (issue 31), dealt as any absent player is."""

    at: int
    player_id: PlayerId
    sitting_out: bool = field(default=False, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerReturned(Event):
    """An absent player is back at the table."""

    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCalled(Event):
    """The clock was called on a player (TDA 29; KY 16, THC 15, SLPT 2)."""

    at: int
    table: TableNo
    player_id: PlayerId
    called_by: PlayerId | None
    expires_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockExpired(Event):
    """The clock ran out: the hand is dead, or checked/folded (TDA 29)."""

    at: int
    table: TableNo
    player_id: PlayerId
    ruling: ClockRuling


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingOverridden(Event):
    """The director reversed an automatic ruling, with a reason (RULES §4 row 1; TDA 1)."""

    at: int
    ruling: OverridableRuling
    player_id: PlayerId
    reason: str
    chips_restored: int = 0


# --- folds ------------------------------------------------------------------------------------


@folds(PlayerAbsent)
def _absent(state: TournamentState, event: PlayerAbsent) -> TournamentState:
    return with_conduct(
        state, event.player_id, absent_since=event.at, sitting_out=event.sitting_out
    )


@folds(PlayerReturned)
def _returned(state: TournamentState, event: PlayerReturned) -> TournamentState:
    return with_conduct(state, event.player_id, absent_since=None, sitting_out=False)


@folds(ClockCalled)
def _called(state: TournamentState, event: ClockCalled) -> TournamentState:
    call = ClockCall(player_id=event.player_id, expires_at=event.expires_at, called_at=event.at)
    return state._replace(clock_calls=frozen_dict(state.clock_calls).updated({event.table: call}))


@folds(ClockExpired)
def _expired(state: TournamentState, event: ClockExpired) -> TournamentState:
    return state._replace(clock_calls=frozen_dict(state.clock_calls).without(event.table))


@folds(RulingOverridden)
def _overridden(state: TournamentState, event: RulingOverridden) -> TournamentState:
    state = state._replace(overrides=(*state.overrides, event.ruling.value))
    if event.ruling is OverridableRuling.PENALTY:
        state = with_conduct(state, event.player_id, penalty_hands=0, away_until=None)
    if event.ruling is OverridableRuling.CLOCK:
        calls = frozen_dict(
            {t: c for t, c in state.clock_calls.items() if c.player_id != event.player_id}
        )
        state = state._replace(clock_calls=calls)
    if event.ruling is OverridableRuling.CARD_DRAW:
        state = state._replace(busts=draw_shared(state.busts, event.player_id))
    if event.chips_restored:
        index = restorable_forfeit(state, event.player_id, event.ruling)
        if index is not None:
            state = state._replace(restored_forfeits=state.restored_forfeits | {index})
        chips = state.players[event.player_id].chips + event.chips_restored
        state = back_in(with_player(state, event.player_id, chips=chips), event.player_id)
        # reinstated by the director: present, so THC 6/7 do not remove them again
        state = with_conduct(state, event.player_id, absent_since=None, sitting_out=False)
    return state


_RULING_REASONS: dict[OverridableRuling, tuple[RemovalReason, ...]] = {
    OverridableRuling.ABSENT_FORFEIT: (RemovalReason.ABSENT,),
    OverridableRuling.NO_SHOW: (RemovalReason.NO_SHOW,),
}


def restorable_forfeit(
    state: TournamentState, pid: PlayerId, ruling: OverridableRuling
) -> int | None:
    """The index in ``state.forfeits`` of the player's latest removal from play not yet
    reversed that ``ruling`` can reverse (any removal for ``chips_removed``; THC 6's for
    ``absent_forfeit``, THC 7's for ``no_show``); None if there is none."""
    reasons = _RULING_REASONS.get(ruling)
    for index in range(len(state.forfeits) - 1, -1, -1):
        forfeit = state.forfeits[index]
        if forfeit.player_id != pid or index in state.restored_forfeits:
            continue
        if reasons is None or forfeit.reason in reasons:
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
        replace(r, bust=replace(r.bust, rank=top))
        if r.seq == group[0].seq and r.bust.player_id in ids
        else r
        for r in busts
    )


# --- rulings ----------------------------------------------------------------------------------


MS_PER_SECOND = 1000


def mark_absent(s: TournamentState, c: MarkAbsent, now: int) -> list[Event]:
    """A player is away (TDA 30, THC 6), or sits out by their own choice (issue 31): the
    next hand deals them by the house's absence rule; a hand they are in plays on."""
    player = player_in(s, c.player_id)
    conduct = s.conduct_of(c.player_id)
    if conduct.absent_since is not None:
        already = "sitting out" if conduct.sitting_out else "marked absent"
        raise ConductError(
            f"{player.name} is already {already}",
            code="already_absent",
            params={"player_id": c.player_id, "sitting_out": conduct.sitting_out},
        )
    return [PlayerAbsent(at=now, player_id=c.player_id, sitting_out=c.sitting_out)]


def mark_returned(s: TournamentState, c: MarkReturned, now: int) -> list[Event]:
    """An absent player is back."""
    player = player_in(s, c.player_id)
    if s.conduct_of(c.player_id).absent_since is None:
        raise ConductError(
            f"{player.name} is not marked absent",
            code="not_absent",
            params={"player_id": c.player_id},
        )
    return [PlayerReturned(at=now, player_id=c.player_id)]


def check_call_clock(s: TournamentState, c: CallClock, now: int) -> None:
    """``c`` may be called at ``now`` (TDA 29: any player, with the TD; THC 15 / SLPT 6: a
    player at the table, or the TD): `CallClock`'s checks, which a player's page asks too
    (may they call the clock on the player to act) without deciding anything.

    Raises:
        ConductError: no hand in play at the table, the clock already called there, the
            player is not at that table, or the caller may not call it.
    """
    rules = s.rules.tournament.conduct
    player_in(s, c.player_id)
    if not s.open_hands(c.table):
        raise ConductError(
            f"no hand is in play at table {c.table}", code="no_hand", params={"table": c.table}
        )
    running = s.clock_calls.get(c.table)
    if running is not None and now < running.expires_at and running.player_id == c.player_id:
        # a call whose time has passed unexpired was answered in time, and a call on another
        # player means the called one acted (the clock is called on the player to act, TDA 29):
        # a new one may be made (issue 31: a stale call refused the next one)
        raise ConductError(
            f"the clock is already running at table {c.table}, on "
            f"{s.players[running.player_id].name}, for {(running.expires_at - now) // 1000} s more",
            code="clock_already_called",
            params={"table": c.table, "remaining_ms": running.expires_at - now},
        )
    name = s.players[c.player_id].name
    table = s.table_of(c.player_id)
    if s.is_seated and (table is None or table.number != c.table):
        raise ConductError(
            f"{name} is not seated at table {c.table}",
            code="not_at_table",
            params={"player_id": c.player_id, "table": c.table},
        )
    hand = s.open_hands(c.table)[0]
    conduct = s.conduct_of(c.player_id)
    # sitting out from the next hand (issue 31): the hand they chose it in they still play
    playing_on = conduct.sitting_out and (conduct.absent_since or 0) > hand.started_at
    away = (conduct.absent_since is not None and not playing_on) or conduct.is_penalised(now)
    if (s.is_seated and c.player_id not in hand.players) or away:
        raise ConductError(
            f"{name} has no cards in the hand at table {c.table} (away, sitting out or not "
            "dealt in): the clock is called on a player who must act (TDA 29)",
            code="not_in_hand",
            params={"player_id": c.player_id, "table": c.table},
        )
    if c.called_by is not None:
        _check_caller(s, c.called_by, c.table, rules.clock_callers)


def call_clock(s: TournamentState, c: CallClock, now: int) -> list[Event]:
    """The clock called on a player (TDA 29, THC 15, SLPT 6) once `check_call_clock` passes.

    Raises:
        ConductError: as `check_call_clock`.
    """
    check_call_clock(s, c, now)
    rules = s.rules.tournament.conduct
    seconds = rules.clock_seconds + rules.clock_countdown_seconds
    return [
        ClockCalled(
            at=now,
            table=c.table,
            player_id=c.player_id,
            called_by=c.called_by,
            expires_at=now + seconds * MS_PER_SECOND,
        )
    ]


def _check_caller(s: TournamentState, caller: PlayerId, table: TableNo, who: ClockCaller) -> None:
    """A player calling the clock is in the tournament and not out (TDA 29: any player in the
    event); under ``player_at_table`` (KY 16 as this pitboss reads it, THC 15, SLPT 2 and 6)
    they are also seated at that table. Unseated, the table's players are those in its hand.

    Raises:
        ConductError: the caller is out, or not at the table where the rule asks it.
    """
    player = active_player(s, caller)
    if s.is_out(caller) or player.chips <= 0:
        raise ConductError(
            f"{player.name} is out of the tournament and cannot call the clock; a player still "
            "in (or the director) may call it",
            code="caller_out",
            params={"called_by": caller, "table": table},
        )
    if who is not ClockCaller.PLAYER_AT_TABLE:
        return
    if s.is_seated:
        seated = s.table_of(caller)
        at_table = seated is not None and seated.number == table
        where = "not seated" if seated is None else f"seated at table {seated.number}"
    else:
        at_table = any(caller in h.players for h in s.open_hands(table))
        where = "not in the hand there"
    if not at_table:
        raise ConductError(
            f"{player.name} cannot call the clock at table {table}: they are {where}; only a "
            "player seated at that table or the director may call it (KY 16, THC 15, SLPT 2)",
            code="caller_not_at_table",
            params={"called_by": caller, "table": table, "where": where},
        )


def expire_clock(s: TournamentState, c: ExpireClock, now: int) -> list[Event]:
    """The clock ran out: dead hand (KY 16, THC 15, SLPT 2) or TDA 29 fold/check."""
    call = s.clock_calls.get(c.table)
    if call is None:
        raise ConductError(
            f"no clock is running at table {c.table}", code="no_clock", params={"table": c.table}
        )
    if now < call.expires_at:
        raise ConductError(
            f"the clock at table {c.table} has {(call.expires_at - now) // 1000} s left",
            code="clock_not_expired",
            params={"table": c.table, "remaining_ms": call.expires_at - now},
        )
    if s.rules.hand.timeout_policy is TimeoutPolicy.KILL_HAND:
        ruling = ClockRuling.DEAD
    else:
        ruling = ClockRuling.FOLDED if c.facing_bet else ClockRuling.CHECKED
    return [ClockExpired(at=now, table=c.table, player_id=call.player_id, ruling=ruling)]


def override(
    s: TournamentState, c: OverrideRuling, now: int, rng: RandomSource | None
) -> list[Event]:
    """The director reverses an automatic ruling (TDA 1); the override is recorded.

    The rulings are `OverridableRuling`'s: a removal from play (``chips_removed``, or THC 6's
    ``absent_forfeit`` and THC 7's ``no_show`` for that removal only; the chips come back and
    the player, reinstated and present, gets a seat again), a penalty being served, a called
    clock, and THC 3's ``card_draw`` (the equal stacks it placed share the places instead).
    Each is a `RulingOverridden` event with the reason; replay folds it, nothing is drawn again.

    Raises:
        ConductError: no reason, an unknown ruling (the message lists them), or nothing of
            that kind to reverse for the player.
    """
    reason = c.reason.strip()
    if not reason:
        raise ConductError(
            "an override needs the director's reason",
            code="no_reason",
            params={"player_id": c.player_id, "ruling": c.ruling},
        )
    try:
        ruling = OverridableRuling(c.ruling)
    except ValueError:
        allowed = ", ".join(f"'{r.value}'" for r in OverridableRuling)
        raise ConductError(
            f"unknown ruling {c.ruling!r}; the director can override {allowed}",
            code="unknown_ruling",
            params={"ruling": c.ruling, "allowed": [r.value for r in OverridableRuling]},
        ) from None
    overridden = RulingOverridden(at=now, ruling=ruling, player_id=c.player_id, reason=reason)
    match ruling:
        case (
            OverridableRuling.CHIPS_REMOVED
            | OverridableRuling.ABSENT_FORFEIT
            | OverridableRuling.NO_SHOW
        ):
            index = restorable_forfeit(s, c.player_id, ruling)
            if index is None:
                what = {
                    OverridableRuling.ABSENT_FORFEIT: "forfeited for absence (THC 6)",
                    OverridableRuling.NO_SHOW: "removed as a no-show (THC 7)",
                }.get(ruling, "removed from play")
                raise ConductError(
                    f"no chips of {c.player_id} were {what} that are not already given back",
                    code="nothing_to_override",
                    params={"player_id": c.player_id, "ruling": ruling.value},
                )
            events: list[Event] = [replace(overridden, chips_restored=s.forfeits[index].chips)]
            after = fold(s, events)
            if after.table_of(c.player_id) is None:
                events.extend(seat_newcomer(after, c.player_id, now, rng, SeatReason.LATE))
            return events
        case OverridableRuling.PENALTY:
            if not s.conduct_of(c.player_id).is_penalised(now):
                raise ConductError(
                    f"{c.player_id} is not serving a penalty",
                    code="nothing_to_override",
                    params={"player_id": c.player_id, "ruling": ruling.value},
                )
        case OverridableRuling.CLOCK:
            if not any(call.player_id == c.player_id for call in s.clock_calls.values()):
                raise ConductError(
                    f"no clock is running on {c.player_id}",
                    code="nothing_to_override",
                    params={"player_id": c.player_id, "ruling": ruling.value},
                )
        case OverridableRuling.CARD_DRAW:
            if not drawn_group(s.busts, c.player_id):
                raise ConductError(
                    f"no card draw decided {c.player_id}'s finishing place (THC 3 draws only "
                    "between players out on one hand with equal starting stacks)",
                    code="nothing_to_override",
                    params={"player_id": c.player_id, "ruling": ruling.value},
                )
    return [overridden]


def due_forfeits(s: TournamentState, now: int) -> list[Event]:
    """THC 6: players away longer than the house allows forfeit all their chips."""
    minutes = s.rules.tournament.conduct.absent_forfeit_minutes
    if minutes is None or s.phase is not Phase.RUNNING:
        return []
    events: list[Event] = []
    start = s.clock.started_at
    no_show_rule = s.rules.tournament.conduct.no_show_removal_level is not None
    for pid in sorted(s.conduct):
        since = s.conduct[pid].absent_since
        if since is None or now < since + minutes * MS_PER_MINUTE:
            continue
        if no_show_rule and start is not None and since <= start:
            continue  # never arrived: THC 7 decides, at the first hand of its level
        if s.players[pid].chips <= 0 or s.is_out(pid):
            continue
        table = s.table_of(pid)
        if table is not None and s.open_hands(table.number):
            continue  # between hands (the chips may be in a pot)
        step = eliminate(
            s, pid, now, RemovalReason.ABSENT, f"away more than {minutes} minutes (THC 6)"
        )
        events.extend(step)
        s = fold(s, step)
    return events


def no_show_removals(s: TournamentState, table: TableNo, now: int) -> list[Event]:
    """THC 7: "If the absent player has not arrived before the first hand is dealt under the
    second level, the absent player's chips are removed from play": as the first hand of the
    house's level is dealt at ``table``, its players absent since the start are removed (every
    no-show when the director does not seat the tables). Never during a hand: the blinds posted
    for them in earlier hands stay in those pots (THC 6)."""
    level = s.rules.tournament.conduct.no_show_removal_level
    start = s.clock.started_at
    if level is None or start is None or s.level < level or s.phase is not Phase.RUNNING:
        return []
    seated = s.tables.get(table)
    candidates = (
        sorted(seated.players()) if s.is_seated and seated is not None else sorted(s.conduct)
    )
    events: list[Event] = []
    for pid in candidates:
        since = s.conduct_of(pid).absent_since
        if since is None or since > start or s.is_out(pid) or s.players[pid].chips <= 0:
            continue
        step = eliminate(
            s, pid, now, RemovalReason.NO_SHOW, f"not present by the first hand of level {level}"
        )
        events.extend(step)
        s = fold(s, step)
    return events


# --- handlers ---------------------------------------------------------------------------------


@handles(MarkAbsent)
def _mark_absent(s: TournamentState, c: MarkAbsent, ctx: Context) -> list[Event]:
    return mark_absent(s, c, ctx.now)


@handles(MarkReturned)
def _mark_returned(s: TournamentState, c: MarkReturned, ctx: Context) -> list[Event]:
    return mark_returned(s, c, ctx.now)


@handles(CallClock)
def _call(s: TournamentState, c: CallClock, ctx: Context) -> list[Event]:
    return call_clock(s, c, ctx.now)


@handles(ExpireClock)
def _expire(s: TournamentState, c: ExpireClock, ctx: Context) -> list[Event]:
    return expire_clock(s, c, ctx.now)


@handles(OverrideRuling)
def _override(s: TournamentState, c: OverrideRuling, ctx: Context) -> list[Event]:
    return ctx.settle(s, override(s, c, ctx.now, ctx.rng))


# --- the log's lines --------------------------------------------------------------------------


@describes(PlayerAbsent)
def _absent_line(e: PlayerAbsent, s: TournamentState) -> str:
    if e.sitting_out:
        return (
            f"{name_of(s, e.player_id)} sits out from the next hand (their choice): blinds "
            "and antes posted, dealt as an absent player (TDA 30, THC 6)"
        )
    return f"{name_of(s, e.player_id)} is away from the table (TDA 30, THC 6)"


@describes(PlayerReturned)
def _returned_line(e: PlayerReturned, s: TournamentState) -> str:
    since = s.conduct_of(e.player_id).absent_since
    away = "" if since is None else f" after {duration(e.at - since)} away"
    return f"{name_of(s, e.player_id)} is back at the table{away}"


@describes(ClockCalled)
def _clock_called(e: ClockCalled, s: TournamentState) -> str:
    by = "the director" if e.called_by is None else name_of(s, e.called_by)
    return (
        f"Clock called on {name_of(s, e.player_id)} at table {e.table} by {by}: "
        f"{duration(e.expires_at - e.at)} to act (TDA 29)"
    )


_EXPIRED: Mapping[ClockRuling, str] = {
    ClockRuling.DEAD: "dead",
    ClockRuling.CHECKED: "checked",
    ClockRuling.FOLDED: "folded",
}


@describes(ClockExpired)
def _clock_expired(e: ClockExpired, s: TournamentState) -> str:
    name = name_of(s, e.player_id)
    return (
        f"Time ran out on {name} at table {e.table}: {name}'s hand is {_EXPIRED[e.ruling]} (TDA 29)"
    )


_RULINGS: Mapping[OverridableRuling, str] = {
    OverridableRuling.CHIPS_REMOVED: "the removal of chips from play",
    OverridableRuling.ABSENT_FORFEIT: "the absent forfeit (THC 6)",
    OverridableRuling.NO_SHOW: "the no-show removal (THC 7)",
    OverridableRuling.PENALTY: "the penalty",
    OverridableRuling.CLOCK: "the clock call",
    OverridableRuling.CARD_DRAW: "the card draw for places (THC 3): the places are shared",
}


@describes(RulingOverridden)
def _overridden_line(e: RulingOverridden, s: TournamentState) -> str:
    restored = f"; {e.chips_restored:,} chips restored" if e.chips_restored else ""
    return (
        f"Director reversed {_RULINGS[e.ruling]} for {name_of(s, e.player_id)} (TDA 1): "
        f"{e.reason}{restored}"
    )


__all__ = [
    "CallClock",
    "ClockCalled",
    "ClockExpired",
    "ClockRuling",
    "ExpireClock",
    "MarkAbsent",
    "MarkReturned",
    "OverridableRuling",
    "OverrideRuling",
    "PlayerAbsent",
    "PlayerReturned",
    "RulingOverridden",
    "call_clock",
    "check_call_clock",
    "draw_shared",
    "drawn_group",
    "due_forfeits",
    "expire_clock",
    "mark_absent",
    "mark_returned",
    "no_show_removals",
    "override",
    "restorable_forfeit",
]
