"""The values a hand recorded by a live dealer is made of, and the words its log lines share.

A recorded hand (`pitboss.tournament.features.recorded_hands`) is kept in the state as a
`RecordedLog`: its engine setup and its step events, each carrying the ``effects`` it had on
the hand (`Effect`: an action, dead chips, a kill, the board, an award, a showdown, a misdeal),
the ruling as a `RulingNote` (its message, rules, chips and infraction) and, when the player
must choose, the `Option`s. `note_of` and `act_effects` turn a `pitboss.rulings.Ruling` into
them. The words (`who`, `hand_at`, `ruling_words`, `cited`) are those of the log's lines of
every recorded step: players named for their seats, the rulings' rules cited once.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from pitboss.engine import Action, ActionKind, HandSetup
from pitboss.ids import HandId, PlayerId, SeatNo
from pitboss.rulings import InfractionKind, Outcome, Ruling, Sanction
from pitboss.tournament.model.fields import Chips, SeatNumber
from pitboss.tournament.model.words import name_of
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

# --- values -----------------------------------------------------------------------------------


class EffectKind(enum.StrEnum):
    """What a step did to the recorded hand (`RecordedHand`'s operations)."""

    ACT = "act"
    DEAD_CHIPS = "dead_chips"
    KILL = "kill"
    BOARD = "board"
    AWARD = "award"
    SHOWDOWN = "showdown"
    MISDEAL = "misdeal"


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownHand:
    """Two cards a player tabled at showdown (``"AsKd"``)."""

    seat: SeatNumber
    cards: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Effect:
    """One operation on the recorded hand: an ``act`` (``action``, ``amount`` for a bet or
    raise-to), ``dead_chips`` (``amount``, THC 52), a ``kill`` (``cause``), the ``board``
    (``cards``), an ``award`` (``winners``, one tuple per pot), a ``showdown`` (``shown`` and
    the board ``cards``) or a ``misdeal`` (``cause``)."""

    kind: EffectKind
    seat: SeatNumber | None = None
    action: ActionKind | None = None
    amount: Chips | None = None
    cause: str = ""
    cards: str = ""
    winners: tuple[tuple[SeatNumber, ...], ...] = ()
    shown: tuple[ShownHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingNote:
    """What the rulings said: the dealer's line and the rules, the chips returned, owed and
    forfeited (THC 52, 53), and any infraction with what it earns."""

    outcome: Outcome
    message: str
    rules: tuple[str, ...] = ()
    returned: Chips = 0
    owed: Chips = 0
    forfeited: Chips = 0
    infraction: InfractionKind | None = None
    sanction: Sanction | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Option:
    """One choice a ruling leaves the player (TDA 51B, 55; THC 52): its note and effects."""

    ruling: RulingNote
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Replacement:
    """A card exposed on the deal, to replace once the deal is complete (KY 19): its place in
    the deal (1 = the first card), the seat it was dealt to, and the rules of the ruling."""

    place: int
    seat: int
    rules: tuple[str, ...] = ()


class RecordedLog(NamedTuple):
    """A recorded hand in the state: its engine setup and its steps since the last misdeal."""

    setup: HandSetup
    steps: tuple[Event, ...] = ()
    misdeals: int = 0


# --- rulings to effects -----------------------------------------------------------------------


def note_of(ruling: Ruling) -> RulingNote:
    infraction = ruling.infraction
    return RulingNote(
        outcome=ruling.outcome,
        message=ruling.message,
        rules=ruling.rules,
        returned=ruling.returned,
        owed=ruling.owed,
        forfeited=ruling.forfeited,
        infraction=infraction.kind if infraction is not None else None,
        sanction=infraction.sanction if infraction is not None else None,
    )


def act_effects(seat: int, action: Action | None, forfeited: int) -> tuple[Effect, ...]:
    effects: list[Effect] = []
    if forfeited:
        effects.append(Effect(kind=EffectKind.DEAD_CHIPS, seat=SeatNo(seat), amount=forfeited))
    if action is not None:
        effects.append(
            Effect(kind=EffectKind.ACT, seat=SeatNo(seat), action=action.kind, amount=action.amount)
        )
    return tuple(effects)


# --- words ------------------------------------------------------------------------------------

_SEAT_WORDS = re.compile(r"\bseat (\d+)('s)?")
_SANCTIONS: Mapping[Sanction, str] = {
    Sanction.PENALTY_POSSIBLE: "the director may give a penalty (TDA 1)",
    Sanction.WARNING: "a warning",
    Sanction.PENALTY: "a penalty",
    Sanction.DISQUALIFICATION: "disqualification",
}


def player_in_hand(s: TournamentState, hand_id: HandId, seat: int) -> PlayerId | None:
    record = s.hands.get(hand_id)
    if record is None:
        return None
    return next((p for at, p in zip(record.seats, record.players, strict=True) if at == seat), None)


def who(s: TournamentState, hand_id: HandId, seat: int) -> str:
    """``Ann Lee (seat 3)``: the player dealt in at that seat, or ``seat 3``."""
    pid = player_in_hand(s, hand_id, seat)
    return f"seat {seat}" if pid is None else f"{name_of(s, pid)} (seat {seat})"


def _named(s: TournamentState, hand_id: HandId, text: str) -> str:
    """A ruling's words with each seat's player named: ``seat 3's turn`` -> ``Ann Lee's
    turn``, ``back to seat 3`` -> ``back to Ann Lee (seat 3)``."""

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        pid = player_in_hand(s, hand_id, seat)
        if pid is None:
            return match[0]
        return f"{name_of(s, pid)}'s" if match[2] else f"{name_of(s, pid)} (seat {seat})"

    return _SEAT_WORDS.sub(name, text)


def _cites(text: str, rule: str) -> bool:
    """``TDA 35`` is cited in ``(TDA 35)``, not in ``(TDA 35C)``."""
    return re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w.])", text) is not None


def cited(message: str, rules: Sequence[str]) -> str:
    """``message`` with the rules it does not cite yet: in its closing brackets, in the
    ruling's order, if it ends with a citation (``call 200 (THC 53, TDA 40)``), else after it
    (``... binding (TDA 53A): fold (SLPT 27)``)."""
    missing = [r for r in rules if not _cites(message, r)]
    if not missing:
        return message
    closing = re.search(r"\(([^()]*)\)$", message)
    if closing is not None and set(closing[1].split(", ")) <= set(rules):
        cited = [r for r in rules if r in missing or _cites(closing[1], r)]
        return f"{message[: closing.start()]}({', '.join(cited)})"
    return f"{message} ({', '.join(missing)})"


def ruling_words(
    s: TournamentState, hand_id: HandId, note: RulingNote, *, seat: int, chips_in: bool
) -> str:
    """The ruling as the dealer read it, players named and its rules cited; then the chips
    that go back to the player at ``seat``, those still to add (when chips were put in: a
    declaration is supplied in full, THC 53) and those forfeited; then any infraction."""
    line = cited(_named(s, hand_id, note.message), note.rules)
    pid = player_in_hand(s, hand_id, seat)
    who = f"seat {seat}" if pid is None else name_of(s, pid)
    chips = [
        words
        for amount, words in (
            (note.returned, f"{note.returned:,} back to {who}"),
            (note.owed if chips_in else 0, f"{note.owed:,} more to put in"),
            (note.forfeited, f"{note.forfeited:,} forfeited to the pot"),
        )
        if amount
    ]
    if chips:
        line += f"; {', '.join(chips)}"
    if note.infraction is not None:
        sanction = "" if note.sanction is None else f", {_SANCTIONS[note.sanction]}"
        line += f"; infraction: {note.infraction.value.replace('_', ' ')}{sanction}"
    return line


def hand_at(hand_id: HandId, table: int) -> str:
    return f"Hand {hand_id} at table {table}"


__all__ = [
    "Effect",
    "EffectKind",
    "Option",
    "RecordedLog",
    "Replacement",
    "RulingNote",
    "ShownHand",
    "act_effects",
    "cited",
    "hand_at",
    "note_of",
    "player_in_hand",
    "ruling_words",
    "who",
]
