"""The director's rulings on conduct: penalties, absence, chips out of play, clock calls.

- Penalties (TDA 71A; SLPT 5; THC 25): a warning; missed rounds = players at the table when
  given x rounds (1 to 4, SLPT 5), served from the next hand (TDA 68) with the hands dealt and
  killed and the blinds posted (TDA 71C); or THC's 10/20/30/40 minutes away; repeat offences
  climb the house's ladder; disqualification removes the chips from play (TDA 71D).
- Chip passing eliminates giver and receiver (THC 37); a player leaving during play returns
  their chips to the bank (THC 38); chips out of view are forfeited (THC 19, TDA 25A).
- Absence: TDA 30/71A deals the absent player in and kills the hand, with no forfeiture; THC 6
  forfeits every chip after 20 minutes away and THC 7 removes the chips of a player not present
  by the first hand of level 2.
- Clock calls (TDA 29; KY 16, THC 15, SLPT 2): who may call, how long, what expiry does.
- Every automatic ruling can be reversed by the director with a reason (TDA 1).
"""

from __future__ import annotations

from pitboss.cards import RandomSource
from pitboss.errors import ConductError
from pitboss.rules.hand import TimeoutPolicy
from pitboss.rules.tournament import ClockCaller, PenaltyKind, PenaltyStep
from pitboss.tournament import commands as cmd
from pitboss.tournament.director import eliminate, seat_newcomer
from pitboss.tournament.entries import Player, PlayerId
from pitboss.tournament.events import Event
from pitboss.tournament.evolve import evolve
from pitboss.tournament.people_events import (
    ChipsRemoved,
    ClockCalled,
    ClockExpired,
    ClockRuling,
    OverridableRuling,
    PenaltyGiven,
    PlayerAbsent,
    PlayerReturned,
    RemovalReason,
    RulingOverridden,
    SeatReason,
)
from pitboss.tournament.people_state import drawn_group, restorable_forfeit
from pitboss.tournament.state import Phase, TournamentState, active_player, fold, player_in_play

MS_PER_MINUTE = 60_000
MS_PER_SECOND = 1000


def player_in(s: TournamentState, pid: PlayerId) -> Player:
    """An active player who has not gone out (`player_in_play`), with chips once play is on.

    Raises:
        RegistrationError: unknown or withdrawn. TournamentError: ``player_out``.
    """
    player = player_in_play(s, pid)
    if s.phase is not Phase.REGISTRATION and player.chips <= 0:
        raise ConductError(
            f"{player.name} has no chips: they are out of play",
            code="player_out",
            params={"player_id": pid},
        )
    return player


def _between_hands(s: TournamentState, pid: PlayerId, doing: str) -> None:
    table = s.table_of(pid)
    if table is not None and s.open_hands(table.number):
        raise ConductError(
            f"cannot {doing} during a hand at table {table.number}; do it between hands",
            code="hand_in_play",
            params={"player_id": pid, "table": table.number, "operation": doing},
        )


def give_penalty(s: TournamentState, c: cmd.GivePenalty, now: int) -> list[Event]:
    """A penalty; without a kind, the next rung of the house's ladder (TDA 71A escalation).

    Raises:
        ConductError: no reason, a bad amount, or missed rounds for an unseated player.
    """
    rules = s.rules.tournament.conduct
    player_in(s, c.player_id)
    if not c.reason.strip():
        raise ConductError(
            "a penalty needs a reason", code="no_reason", params={"player_id": c.player_id}
        )
    offence = s.conduct_of(c.player_id).offences + 1
    step = rules.escalation[min(offence, len(rules.escalation)) - 1]
    kind = c.kind or step.kind
    amount = c.amount or (step.amount if kind is step.kind else 0)
    given = PenaltyGiven(
        at=now, player_id=c.player_id, kind=kind, offence=offence, reason=c.reason.strip()
    )
    if kind is PenaltyKind.WARNING:
        return [given]
    if kind is PenaltyKind.DISQUALIFICATION:
        _between_hands(s, c.player_id, "disqualify a player")
        return [given, *eliminate(s, c.player_id, now, RemovalReason.DISQUALIFIED, c.reason)]
    if kind is PenaltyKind.MISSED_ROUNDS:
        if not 1 <= amount <= rules.max_rounds:
            raise ConductError(
                f"a missed-round penalty is 1 to {rules.max_rounds} rounds (SLPT 5), not {amount}",
                code="bad_penalty",
                params={
                    "player_id": c.player_id,
                    "rounds": amount,
                    "min_rounds": 1,
                    "max_rounds": rules.max_rounds,
                },
            )
        table = s.table_of(c.player_id)
        if table is None:
            raise ConductError(
                "a missed-round penalty counts the players at the offender's table (TDA 71A); "
                "the player is not seated",
                code="not_seated",
                params={"player_id": c.player_id},
            )
        hands = table.size * amount
        return [
            PenaltyGiven(
                at=now,
                player_id=c.player_id,
                kind=kind,
                offence=offence,
                reason=c.reason.strip(),
                rounds=amount,
                hands=hands,
            )
        ]
    amount = _penalty_minutes(s, c.player_id, c.amount, step)
    return [
        PenaltyGiven(
            at=now,
            player_id=c.player_id,
            kind=kind,
            offence=offence,
            reason=c.reason.strip(),
            minutes=amount,
            until=now + amount * MS_PER_MINUTE,
        )
    ]


def _penalty_minutes(s: TournamentState, pid: PlayerId, given: int, step: PenaltyStep) -> int:
    """THC 25: a minutes-away penalty is one of the house's lengths (10, 20, 30 or 40).

    With no length given, a repeat offence escalates: the ladder's minutes if they are longer
    than the player's longest time penalty so far, else the next allowed length above it (the
    longest allowed once it is reached). A length the director names is used as given.

    Raises:
        ConductError: a length that is not one of the allowed ones (the message lists them).
    """
    allowed = s.rules.tournament.conduct.penalty_minutes
    if given:
        if given not in allowed:
            listed = ", ".join(map(str, allowed))
            raise ConductError(
                f"a time penalty is {listed} minutes away from the table (THC 25), not {given}",
                code="bad_penalty",
                params={"player_id": pid, "minutes": given, "allowed": list(allowed)},
            )
        return given
    last = s.conduct_of(pid).last_minutes
    if step.kind is PenaltyKind.MINUTES and step.amount > last:
        return step.amount
    return next((m for m in allowed if m > last), allowed[-1])


def mark_absent(s: TournamentState, c: cmd.MarkAbsent, now: int) -> list[Event]:
    """A player is away (TDA 30, THC 6)."""
    player = player_in(s, c.player_id)
    if s.conduct_of(c.player_id).absent_since is not None:
        raise ConductError(
            f"{player.name} is already marked absent",
            code="already_absent",
            params={"player_id": c.player_id},
        )
    return [PlayerAbsent(at=now, player_id=c.player_id)]


def mark_returned(s: TournamentState, c: cmd.MarkReturned, now: int) -> list[Event]:
    """An absent player is back."""
    player = player_in(s, c.player_id)
    if s.conduct_of(c.player_id).absent_since is None:
        raise ConductError(
            f"{player.name} is not marked absent",
            code="not_absent",
            params={"player_id": c.player_id},
        )
    return [PlayerReturned(at=now, player_id=c.player_id)]


def remove_chips(s: TournamentState, c: cmd.RemoveChips, now: int) -> list[Event]:
    """Chips out of play with the reason (THC 19 pocketed, TDA 64); all of them puts the
    player out.

    Raises:
        ConductError: not 1..stack chips, or a hand is in play at the player's table.
    """
    player = player_in(s, c.player_id)
    _between_hands(s, c.player_id, "remove chips")
    chips = player.chips if c.chips is None else c.chips
    if not 1 <= chips <= player.chips:
        raise ConductError(
            f"{player.name} has {player.chips:,} chips; remove 1 to {player.chips:,}, not {chips}",
            code="bad_chip_count",
            params={"player_id": c.player_id, "chips": chips, "stack": player.chips},
        )
    if chips == player.chips:
        return eliminate(s, c.player_id, now, c.reason, c.note)
    return [ChipsRemoved(at=now, player_id=c.player_id, chips=chips, reason=c.reason, note=c.note)]


def chip_passing(s: TournamentState, c: cmd.ChipPassing, now: int) -> list[Event]:
    """THC 37: both the giver and the receiver are eliminated."""
    if c.giver == c.receiver:
        raise ConductError(
            "chip passing needs two different players",
            code="same_player",
            params={"giver": c.giver, "receiver": c.receiver},
        )
    for pid in (c.giver, c.receiver):
        player_in(s, pid)
        _between_hands(s, pid, "rule on chip passing")
    events: list[Event] = []
    for pid in (c.giver, c.receiver):
        step = eliminate(s, pid, now, RemovalReason.CHIP_PASSING, c.note)
        events.extend(step)
        s = fold(s, step)
    return events


def withdraw_from_play(s: TournamentState, c: cmd.WithdrawFromPlay, now: int) -> list[Event]:
    """THC 38: a player who withdraws returns their chips to the bank; they are out."""
    if s.phase is not Phase.RUNNING:
        raise ConductError(
            "withdrawing from play is only possible while play is on; before the start "
            "use a withdrawal with refund",
            code="not_running",
            params={"player_id": c.player_id, "phase": s.phase.value},
        )
    player_in(s, c.player_id)
    _between_hands(s, c.player_id, "withdraw a player")
    return eliminate(s, c.player_id, now, RemovalReason.WITHDREW)


def call_clock(s: TournamentState, c: cmd.CallClock, now: int) -> list[Event]:
    """TDA 29 (any player, with the TD), THC 15 / SLPT 6 (a player at the table, or the TD).

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
    if c.table in s.clock_calls:
        raise ConductError(
            f"the clock is already running at table {c.table}",
            code="clock_already_called",
            params={"table": c.table},
        )
    table = s.table_of(c.player_id)
    if s.is_seated and (table is None or table.number != c.table):
        raise ConductError(
            f"{c.player_id} is not seated at table {c.table}",
            code="not_at_table",
            params={"player_id": c.player_id, "table": c.table},
        )
    if c.called_by is not None:
        _check_caller(s, c.called_by, c.table, rules.clock_callers)
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


def _check_caller(s: TournamentState, caller: PlayerId, table: int, who: ClockCaller) -> None:
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


def expire_clock(s: TournamentState, c: cmd.ExpireClock, now: int) -> list[Event]:
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
    s: TournamentState, c: cmd.OverrideRuling, now: int, rng: RandomSource | None
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
    overridden = RulingOverridden(at=now, ruling=ruling.value, player_id=c.player_id, reason=reason)
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
            events: list[Event] = [evolve(overridden, chips_restored=s.forfeits[index][1])]
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


def no_show_removals(s: TournamentState, table: int, now: int) -> list[Event]:
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


__all__ = [
    "call_clock",
    "chip_passing",
    "due_forfeits",
    "expire_clock",
    "give_penalty",
    "mark_absent",
    "mark_returned",
    "no_show_removals",
    "override",
    "remove_chips",
    "withdraw_from_play",
]
