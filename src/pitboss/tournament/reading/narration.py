"""The director's event log in words: one English line per event (``pitboss event log``).

`describe` takes the event and the state *before* it is folded, so every player is named (a
``player_registered`` or ``side_game_entered`` event names its own newcomer), and a bust-out
or a prize is told with the place and the money it comes to. Each event type has its own
function, registered by type with `_describes` (no line is ever made by dumping an event's
fields), so a new event without a description fails its test rather than printing badly.

A line names players by name and never prints a private registration detail (THC 1: address,
e-mail, phone, date of birth, national id, licence); ids appear only where nothing else is
known. Money is written with `pitboss.money.format_money`, chips with thousands separators.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType

from pitboss.errors import TournamentError
from pitboss.ids import HandId, PlayerId
from pitboss.rules.tournament import (
    PenaltyKind,
    PenaltyMode,
)
from pitboss.rulings import Declaration, Sanction
from pitboss.tournament.features.conduct import (
    ClockCalled,
    ClockExpired,
    ClockRuling,
    OverridableRuling,
    PenaltyGiven,
    PlayerAbsent,
    PlayerReturned,
    RulingOverridden,
)
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.recorded import (
    BoardRecorded,
    ChoiceRecorded,
    DeadHandRuled,
    DealerInputRecorded,
    Effect,
    EffectKind,
    HeldDeclarationRuled,
    MisdealRecorded,
    PotsAwardedAtTable,
    ReplacementCardDealt,
    RulingNote,
    ShowdownRecorded,
    TableRulingOverridden,
    pots_of,
    recorded_log,
)
from pitboss.tournament.model.words import (
    duration,
    joined,
    name_of,
    ordinal,
    place_words,
    plural,
    removal_words,
)
from pitboss.tournament.registry import LINES, Event, Line, describes
from pitboss.tournament.state import TournamentState, apply

DESCRIPTIONS: Mapping[type[Event], Line] = MappingProxyType(LINES)
"""The line-maker of each event type (read-only): ``(event, state before it) -> str``."""


def describe(event: Event, state: TournamentState) -> str:
    """One line for the director's log: ``event`` as it happened to ``state`` (before it).

    Raises:
        TournamentError: an event type with no description (a programming error).
    """
    line = LINES.get(type(event))
    if line is None:
        raise TournamentError(
            f"no description for {type(event).__name__}: "
            "add one next to the event, with pitboss.tournament.registry.describes",
            code="no_description",
            params={"type": event.type},
        )
    return line(event, state)


def narrate(
    events: Iterable[Event], *, state: TournamentState | None = None
) -> Iterator[tuple[Event, str]]:
    """Each event with its line, folding as it goes.

    From a stored log's first event, ``tournament_created`` (as
    `pitboss.tournament.state.replay_log`); or, given ``state``, from there (a snapshot and
    the events after it).

    Raises:
        TournamentError: without ``state``, a log that does not start with
            ``tournament_created``.
    """
    stream = iter(events)
    if state is None:
        first = next(stream, None)
        if first is None or not isinstance(first, TournamentCreated):
            raise TournamentError(
                "a tournament's log starts with tournament_created (its name and rule set); "
                f"this one starts with {None if first is None else first.type}",
                code="no_tournament_created",
                params={"first": None if first is None else first.type},
            )
        state = TournamentState.new()
        yield first, describe(first, state)
        state = apply(state, first)
    for event in stream:
        yield event, describe(event, state)
        state = apply(state, event)


# --- hands recorded by a dealer (`pitboss.tournament.features.recorded`) ----------------------

_SEAT_WORDS = re.compile(r"\bseat (\d+)('s)?")
_STREETS = {3: "the flop", 4: "the turn", 5: "the river"}
_SANCTIONS: Mapping[Sanction, str] = {
    Sanction.PENALTY_POSSIBLE: "the director may give a penalty (TDA 1)",
    Sanction.WARNING: "a warning",
    Sanction.PENALTY: "a penalty",
    Sanction.DISQUALIFICATION: "disqualification",
}


def _player_in_hand(s: TournamentState, hand_id: HandId, seat: int) -> PlayerId | None:
    record = s.hands.get(hand_id)
    if record is None:
        return None
    return next((p for at, p in zip(record.seats, record.players, strict=True) if at == seat), None)


def _who(s: TournamentState, hand_id: HandId, seat: int) -> str:
    """``Ann Lee (seat 3)``: the player dealt in at that seat, or ``seat 3``."""
    pid = _player_in_hand(s, hand_id, seat)
    return f"seat {seat}" if pid is None else f"{name_of(s, pid)} (seat {seat})"


def _named(s: TournamentState, hand_id: HandId, text: str) -> str:
    """A ruling's words with each seat's player named: ``seat 3's turn`` -> ``Ann Lee's
    turn``, ``back to seat 3`` -> ``back to Ann Lee (seat 3)``."""

    def name(match: re.Match[str]) -> str:
        seat = int(match[1])
        pid = _player_in_hand(s, hand_id, seat)
        if pid is None:
            return match[0]
        return f"{name_of(s, pid)}'s" if match[2] else f"{name_of(s, pid)} (seat {seat})"

    return _SEAT_WORDS.sub(name, text)


def _cites(text: str, rule: str) -> bool:
    """``TDA 35`` is cited in ``(TDA 35)``, not in ``(TDA 35C)``."""
    return re.search(rf"(?<![\w.]){re.escape(rule)}(?![\w.])", text) is not None


def _cited(message: str, rules: Sequence[str]) -> str:
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


def _ruling_words(
    s: TournamentState, hand_id: HandId, note: RulingNote, *, seat: int, chips_in: bool
) -> str:
    """The ruling as the dealer read it, players named and its rules cited; then the chips
    that go back to the player at ``seat``, those still to add (when chips were put in: a
    declaration is supplied in full, THC 53) and those forfeited; then any infraction."""
    line = _cited(_named(s, hand_id, note.message), note.rules)
    pid = _player_in_hand(s, hand_id, seat)
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


def _hand_at(hand_id: HandId, table: int) -> str:
    return f"Hand {hand_id} at table {table}"


def _input_words(e: DealerInputRecorded) -> str:
    """What the dealer saw: ``put in 1,000 in one chip``, ``said raise to 1,200``."""
    chips = f"{e.chips:,}" + (
        " in one chip" if e.single_chip else " in more than one motion" if e.string_bet else ""
    )
    if e.declaration is Declaration.NONE:
        return f"put in {chips}"
    said = "all-in" if e.declaration is Declaration.ALL_IN else e.declaration.value
    if e.amount is not None:
        said += f" to {e.amount:,}"
    return f"said {said}" + (f" and put in {chips}" if e.chips else "")


@describes(DealerInputRecorded)
def _dealer_input(e: DealerInputRecorded, s: TournamentState) -> str:
    return (
        f"{_hand_at(e.hand_id, e.table)}: {_who(s, e.hand_id, e.seat)} {_input_words(e)}: "
        f"{_ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=e.chips > 0)}"
    )


@describes(HeldDeclarationRuled)
def _held_ruled(e: HeldDeclarationRuled, s: TournamentState) -> str:
    return (
        f"{_hand_at(e.hand_id, e.table)}: {_who(s, e.hand_id, e.seat)} at their turn: "
        f"{_ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


@describes(ChoiceRecorded)
def _choice(e: ChoiceRecorded, s: TournamentState) -> str:
    return (
        f"{_hand_at(e.hand_id, e.table)}: {_who(s, e.hand_id, e.seat)} chose "
        f"{_ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


@describes(BoardRecorded)
def _board(e: BoardRecorded, s: TournamentState) -> str:
    street = _STREETS.get(len(e.cards.replace(" ", "")) // 2)
    return f"{_hand_at(e.hand_id, e.table)}: the board is {e.cards}" + (
        f" ({street})" if street else ""
    )


@describes(DeadHandRuled)
def _dead_hand(e: DeadHandRuled, s: TournamentState) -> str:
    return (
        f"{_hand_at(e.hand_id, e.table)}: a dead hand called on {_who(s, e.hand_id, e.seat)}: "
        f"{_ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


@describes(PotsAwardedAtTable)
def _pots_awarded(e: PotsAwardedAtTable, s: TournamentState) -> str:
    """Each pot with its amount and winners, main pot first (TDA 21)."""
    amounts = {pot.index: pot.amount for pot in pots_of(s, e.hand_id)}
    parts = []
    for effect in e.effects:
        for index, seats in enumerate(effect.winners):
            pot = "the main pot" if index == 0 else f"side pot {index}"
            if index in amounts:
                pot += f" of {amounts[index]:,}"
            names = joined([_who(s, e.hand_id, seat) for seat in seats])
            parts.append(f"{pot}, split between {names}" if len(seats) > 1 else f"{pot} to {names}")
    return f"{_hand_at(e.hand_id, e.table)}: the dealer awards {'; '.join(parts)} (TDA 21)"


@describes(ShowdownRecorded)
def _showdown(e: ShowdownRecorded, s: TournamentState) -> str:
    shown = "; ".join(f"{_who(s, e.hand_id, h.seat)} shows {h.cards}" for h in e.shown)
    board = f" on {e.board}" if e.board else ""
    return f"{_hand_at(e.hand_id, e.table)}: {shown}{board} (cards speak: KY 15, THC 49)"


@describes(MisdealRecorded)
def _misdeal(e: MisdealRecorded, s: TournamentState) -> str:
    """The fault (the places of the cards exposed in the deal, an irregularity, or a misdeal
    the dealer called before substantial action, TDA 35B) and its ruling."""
    message = e.ruling.message
    if e.exposed:
        places = joined([ordinal(p) for p in e.exposed])
        fault = f"the {places} {'card' if len(e.exposed) == 1 else 'cards'} of the deal exposed"
    elif e.irregularity is not None:
        fault = e.irregularity.value.replace("_", " ")
    else:
        fault = "the dealer calls a misdeal before substantial action (TDA 35B)"
        message = message.removeprefix("misdeal: ")
    return f"{_hand_at(e.hand_id, e.table)}: {fault}: {_cited(message, e.ruling.rules)}"


@describes(ReplacementCardDealt)
def _replacement(e: ReplacementCardDealt, s: TournamentState) -> str:
    """Each exposed card replaced, for whom; the exposed card is the burn card (KY 19)."""
    given = joined(
        [
            f"{_who(s, e.hand_id, seat)} for the {ordinal(place)} card of the deal"
            for place, seat in zip(e.places, e.seats, strict=True)
        ]
    )
    burn = "card is the burn card" if len(e.places) == 1 else "cards are the burn cards"
    rules = f" ({', '.join(e.rules)})" if e.rules else ""
    return (
        f"{_hand_at(e.hand_id, e.table)}: the deal complete, a new card to {given}; the"
        f" exposed {burn}{rules}"
    )


def _effect_words(effect: Effect) -> str:
    """``raise to 1,000``, ``call``, ``100 forfeited to the pot (THC 52)``."""
    if effect.kind is EffectKind.DEAD_CHIPS:
        return f"{effect.amount or 0:,} forfeited to the pot (THC 52)"
    if effect.kind is EffectKind.ACT and effect.action is not None:
        to = "" if effect.amount is None else f" to {effect.amount:,}"
        return f"{effect.action.value}{to}"
    return effect.kind.value.replace("_", " ")


@describes(TableRulingOverridden)
def _table_overridden(e: TableRulingOverridden, s: TournamentState) -> str:
    """Whose ruling, the director's reason and what is done instead (TDA 1)."""
    steps = recorded_log(s, e.hand_id).steps
    seat = getattr(steps[e.step], "seat", None) if e.step < len(steps) else None
    pid = None if seat is None else _player_in_hand(s, e.hand_id, seat)
    whose = f"seat {seat}" if pid is None else name_of(s, pid)
    on = "" if seat is None else f" on {whose}'s action"
    instead = ", ".join(_effect_words(effect) for effect in e.effects) or "nothing"
    return (
        f"{_hand_at(e.hand_id, e.table)}: the director overrides the ruling{on} (TDA 1): "
        f"{e.reason}; ruled instead: {instead}"
    )


# --- conduct ----------------------------------------------------------------------------------


@describes(PenaltyGiven)
def _penalty(e: PenaltyGiven, s: TournamentState) -> str:
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


@describes(PlayerAbsent)
def _absent(e: PlayerAbsent, s: TournamentState) -> str:
    return f"{name_of(s, e.player_id)} is away from the table (TDA 30, THC 6)"


@describes(PlayerReturned)
def _returned(e: PlayerReturned, s: TournamentState) -> str:
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
def _overridden(e: RulingOverridden, s: TournamentState) -> str:
    restored = f"; {e.chips_restored:,} chips restored" if e.chips_restored else ""
    return (
        f"Director reversed {_RULINGS[e.ruling]} for {name_of(s, e.player_id)} (TDA 1): "
        f"{e.reason}{restored}"
    )


__all__ = [
    "DESCRIPTIONS",
    "describe",
    "duration",
    "joined",
    "name_of",
    "narrate",
    "ordinal",
    "place_words",
    "plural",
    "removal_words",
]
