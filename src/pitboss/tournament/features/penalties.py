"""The director's penalties, and chips taken out of play for conduct.

- Penalties (TDA 71A; SLPT 5; THC 25): a warning; missed rounds = players at the table when
  given x rounds (1 to 4, SLPT 5), served from the next hand (TDA 68) with the hands dealt and
  killed and the blinds posted (TDA 71C); or THC's 10/20/30/40 minutes away; repeat offences
  climb the house's ladder; disqualification removes the chips from play (TDA 71D).
- Chip passing eliminates giver and receiver (THC 37); a player leaving during play returns
  their chips to the bank (THC 38); chips out of view are forfeited (THC 19, TDA 25A).

Absence, clock calls and the director's reversal of an automatic ruling are
`pitboss.tournament.features.absence_and_clock`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pitboss.errors import ConductError, TableError
from pitboss.ids import PlayerId
from pitboss.rules.tournament import PenaltyKind, PenaltyMode, PenaltyStep
from pitboss.table.seats import missed_hands
from pitboss.tournament.features.busts import ChipsRemoved, eliminate
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.model.entries import Player
from pitboss.tournament.model.fields import Reason
from pitboss.tournament.model.words import name_of, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    Phase,
    TournamentState,
    fold,
    player_in_play,
    with_conduct,
)
from pitboss.units import MS_PER_MINUTE
from pitboss.validation import MAX_INT, Range

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GivePenalty(Command):
    """A penalty (TDA 71A, SLPT 5, THC 25); ``kind`` None takes the next rung of the ladder.

    ``amount`` is rounds (missed rounds, 1-4) or minutes (THC 25: 10/20/30/40).
    """

    player_id: PlayerId
    reason: Reason
    kind: PenaltyKind | None = None
    amount: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveChips(Command):
    """Take chips out of play with a reason (THC 19 pocketed chips, TDA 64 lost and found).

    ``chips`` None takes every chip, which puts the player out.
    """

    player_id: PlayerId
    reason: RemovalReason
    chips: Annotated[int, Range(1, MAX_INT)] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipPassing(Command):
    """Chip passing: giver and receiver are both eliminated (THC 37)."""

    giver: PlayerId
    receiver: PlayerId
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawFromPlay(Command):
    """A player leaves during play; their chips go back to the bank (THC 38)."""

    player_id: PlayerId


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyGiven(Event):
    """A penalty (TDA 71A, SLPT 5, THC 25): ``hands`` to miss or away ``until`` (ms).

    ``offence`` counts the player's offences, this one included (escalation, TDA 71A).
    """

    at: int
    player_id: PlayerId
    kind: PenaltyKind
    offence: int
    reason: str
    rounds: int = 0
    hands: int = 0
    minutes: int = 0
    until: int | None = None


# --- folds ------------------------------------------------------------------------------------


@folds(PenaltyGiven)
def _penalty(state: TournamentState, event: PenaltyGiven) -> TournamentState:
    c = state.conduct_of(event.player_id)
    return with_conduct(
        state,
        event.player_id,
        offences=event.offence,
        penalty_hands=c.penalty_hands + event.hands,
        last_minutes=max(c.last_minutes, event.minutes),
        away_until=event.until if event.until is not None else c.away_until,
    )


# --- rulings ----------------------------------------------------------------------------------


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


def between_hands(s: TournamentState, pid: PlayerId, doing: str) -> None:
    table = s.table_of(pid)
    if table is not None and s.open_hands(table.number):
        raise ConductError(
            f"cannot {doing} during a hand at table {table.number}; do it between hands",
            code="hand_in_play",
            params={"player_id": pid, "table": table.number, "operation": doing},
        )


def give_penalty(s: TournamentState, c: GivePenalty, now: int) -> list[Event]:
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
    away = PenaltyKind(rules.penalty_mode.value)
    if kind in (PenaltyKind.MISSED_ROUNDS, PenaltyKind.MINUTES) and kind is not away:
        mode, asked = rules.penalty_mode.value.replace("_", " "), kind.value.replace("_", " ")
        raise ConductError(
            f"this house sends a player away as {mode} (TDA 71A, SLPT 5: missed rounds; "
            f"THC 25: minutes), not {asked}",
            code="wrong_penalty_kind",
            params={
                "player_id": c.player_id,
                "kind": kind.value,
                "penalty_mode": rules.penalty_mode.value,
            },
        )
    amount = c.amount or (step.amount if kind is step.kind else 0)
    given = PenaltyGiven(
        at=now, player_id=c.player_id, kind=kind, offence=offence, reason=c.reason.strip()
    )
    if kind is PenaltyKind.WARNING:
        return [given]
    if kind is PenaltyKind.DISQUALIFICATION:
        between_hands(s, c.player_id, "disqualify a player")
        return [given, *eliminate(s, c.player_id, now, RemovalReason.DISQUALIFIED, c.reason)]
    if kind is PenaltyKind.MISSED_ROUNDS:
        table = s.table_of(c.player_id)
        try:
            hands = missed_hands(amount, table.size if table else 0, max_rounds=rules.max_rounds)
        except TableError as err:
            raise ConductError(
                err.message, code=err.code, params={**err.params, "player_id": c.player_id}
            ) from err
        if table is None:
            raise ConductError(
                "a missed-round penalty counts the players at the offender's table (TDA 71A); "
                "the player is not seated",
                code="not_seated",
                params={"player_id": c.player_id},
            )
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


def remove_chips(s: TournamentState, c: RemoveChips, now: int) -> list[Event]:
    """Chips out of play with the reason (THC 19 pocketed, TDA 64); all of them puts the
    player out.

    Raises:
        ConductError: not 1..stack chips, or a hand is in play at the player's table.
    """
    player = player_in(s, c.player_id)
    between_hands(s, c.player_id, "remove chips")
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


def chip_passing(s: TournamentState, c: ChipPassing, now: int) -> list[Event]:
    """THC 37: both the giver and the receiver are eliminated."""
    if c.giver == c.receiver:
        raise ConductError(
            "chip passing needs two different players",
            code="same_player",
            params={"giver": c.giver, "receiver": c.receiver},
        )
    for pid in (c.giver, c.receiver):
        player_in(s, pid)
        between_hands(s, pid, "rule on chip passing")
    events: list[Event] = []
    for pid in (c.giver, c.receiver):
        step = eliminate(s, pid, now, RemovalReason.CHIP_PASSING, c.note)
        events.extend(step)
        s = fold(s, step)
    return events


def withdraw_from_play(s: TournamentState, c: WithdrawFromPlay, now: int) -> list[Event]:
    """THC 38: a player who withdraws returns their chips to the bank; they are out."""
    if s.phase is not Phase.RUNNING:
        raise ConductError(
            "withdrawing from play is only possible while play is on; before the start "
            "use a withdrawal with refund",
            code="not_running",
            params={"player_id": c.player_id, "phase": s.phase.value},
        )
    player_in(s, c.player_id)
    between_hands(s, c.player_id, "withdraw a player")
    return eliminate(s, c.player_id, now, RemovalReason.WITHDREW)


# --- handlers ---------------------------------------------------------------------------------


@handles(GivePenalty)
def _give(s: TournamentState, c: GivePenalty, ctx: Context) -> list[Event]:
    return ctx.settle(s, give_penalty(s, c, ctx.now))


@handles(RemoveChips)
def _remove(s: TournamentState, c: RemoveChips, ctx: Context) -> list[Event]:
    return ctx.settle(s, remove_chips(s, c, ctx.now))


@handles(ChipPassing)
def _passing(s: TournamentState, c: ChipPassing, ctx: Context) -> list[Event]:
    return ctx.settle(s, chip_passing(s, c, ctx.now))


@handles(WithdrawFromPlay)
def _withdraw(s: TournamentState, c: WithdrawFromPlay, ctx: Context) -> list[Event]:
    return ctx.settle(s, withdraw_from_play(s, c, ctx.now))


# --- the log's lines --------------------------------------------------------------------------


@describes(PenaltyGiven)
def _penalty_line(e: PenaltyGiven, s: TournamentState) -> str:
    """The penalty with the rule of the house's ladder (TDA 71A; THC 25 under minutes)."""
    name = name_of(s, e.player_id)
    ladder = "THC 25" if s.rules.tournament.conduct.penalty_mode is PenaltyMode.MINUTES else ""
    match e.kind:
        case PenaltyKind.WARNING:
            what, rule = f"{name} warned", ladder or "TDA 71A"
        case PenaltyKind.MISSED_ROUNDS:
            what = (
                f"{name} penalised {plural(e.rounds, 'round')}, {plural(e.hands, 'hand')} to miss"
            )
            rule = "TDA 71A"
        case PenaltyKind.MINUTES:
            what, rule = f"{name} penalised {e.minutes} minutes away from the table", "THC 25"
        case PenaltyKind.DISQUALIFICATION:
            what, rule = f"{name} disqualified", ladder or "TDA 71D"
    return f"{what} (offence {e.offence}, {rule}): {e.reason}"


__all__ = [
    "ChipPassing",
    "GivePenalty",
    "PenaltyGiven",
    "RemoveChips",
    "WithdrawFromPlay",
    "between_hands",
    "chip_passing",
    "give_penalty",
    "player_in",
    "remove_chips",
    "withdraw_from_play",
]
