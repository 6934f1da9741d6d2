"""A hand recorded by a live dealer, ruled by the house rules, folded like any other fact.

A recorded hand starts with `StartHand` at a seated table: its plan gives the seats, stacks,
button and blinds, and the level's stakes the forced bets. The dealer's device then sends what
the dealer sees: `RecordDealerInput` (chips and words, `pitboss.rulings.rule_action`),
`RecordChoice` (the player's choice among a ruling's options), `RecordBoard`, `KillHand`
(`rule_dead_hand`: THC 36, SLPT 17), `AwardPots` or `RecordShowdown` (cards speak: KY 15, THC
49), `RecordMisdeal` (TDA 35, THC 23, 51, SLPT 28, KY 19), `ConfirmReplacementCard` (a card exposed
on the deal replaced once the deal is complete: KY 19); the director may replace the last
ruling with `OverrideTableRuling` (TDA 1, with a reason).

Every accepted command is one event (plus, for an out-of-turn declaration held under SLPT 27,
the ruling at its turn: `HeldDeclarationRuled`) that carries the input, the ruling (its
message, rule references and infraction) and the ``effects`` on the hand: what the engine's
`RecordedHand` did (an action, dead chips, a kill, the board, the award, a misdeal). The state
keeps each recorded hand's `RecordedLog` (its setup and its step events since the last
misdeal); `recorded_hand` rebuilds the `RecordedHand` from it, so replay gives exactly the live
hand. When the hand ends, the same step finishes it through `pitboss.tournament.features.hands`'s
``finish_hand`` (the stacks, then the busts, ranked): nothing is typed twice. A misdeal voids
the hand but keeps it open with the same plan: the button and blinds stay (TDA 35C).
`dealer_view` is what the dealer's device shows (seats, stacks, bets, pots, whose turn and the
call, a choice or an award awaited, the last ruling).

Infractions: a warning the rules give at once (SLPT 27's first out-of-turn action) is given
through the penalty system (`pitboss.tournament.features.conduct`'s ``give_penalty``); every other
infraction is recorded in the event for the director, who gives the penalty (TDA 1, 71).

The director's log in words: `pitboss.tournament.reading.narration` gives each of these events its
line, with every other event's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, NamedTuple

from pitboss.engine import Action, ActionKind, HandPhase, HandSetup, Street
from pitboss.engine.events import Acted, HoleCardsDealt
from pitboss.engine.recorded import Pot, RecordedHand
from pitboss.errors import TournamentError
from pitboss.frozen_map import frozen
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.rules.tournament import PenaltyKind
from pitboss.rulings import (
    DeadHandCause,
    DealerInput,
    DealIrregularity,
    Declaration,
    HeldDeclaration,
    InfractionKind,
    Outcome,
    Ruling,
    Sanction,
    rule_action,
    rule_dead_hand,
    rule_deal_irregularity,
    rule_exposed_on_deal,
    rule_held_at_turn,
)
from pitboss.table.engine_link import hand_setup
from pitboss.tournament.features.conduct import GivePenalty, give_penalty
from pitboss.tournament.features.hands import FinishHand, finish_hand
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.fields import Chips, Reason, SeatNumber, TableNumber
from pitboss.tournament.registry import Command, Context, Event, folds, handles
from pitboss.tournament.state import HandRecord, TournamentState, fold
from pitboss.validation import MAX_INT, MAY_BE_BLANK, Range

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


# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordDealerInput(Command):
    """What the dealer saw one player do (`pitboss.rulings.DealerInput`): ``chips`` put forward
    this time, one ``single_chip`` (TDA 44), a ``string_bet`` (TDA 56), a ``declaration`` and
    its ``amount`` (a bet or raise-to total, TDA 43B)."""

    table: TableNumber
    seat: SeatNumber
    chips: Chips = 0
    single_chip: bool = False
    string_bet: bool = False
    declaration: Declaration = Declaration.NONE
    amount: Annotated[int, Range(1, MAX_INT)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordChoice(Command):
    """The player's choice among the options of the last ruling (``option``: 0 is the first)."""

    table: TableNumber
    option: Annotated[int, Range(0, 9)]


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoard(Command):
    """The board cards on the table so far, in order (``"Ah Kd 7c"``, then ``"Ah Kd 7c 2s"``)."""

    table: TableNumber
    cards: str


@dataclass(frozen=True, slots=True, kw_only=True)
class KillHand(Command):
    """The dealer says a seat's hand is dead (THC 6, 17, 36; SLPT 6, 17); ``tabled_winner``: it
    was tabled face up and is the obvious winner (THC 36, SLPT 18: it cannot be killed)."""

    table: TableNumber
    seat: SeatNumber
    cause: DeadHandCause
    tabled_winner: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AwardPots(Command):
    """The dealer names the winners of each pot, main pot first (TDA 21; see
    `RecordedHand.pots`)."""

    table: TableNumber
    winners: tuple[tuple[SeatNumber, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordShowdown(Command):
    """The cards shown at showdown and the whole board: pitboss reads the hands (cards speak:
    KY 15, THC 49); a hand still in and not shown concedes. ``board`` blank: the five cards
    were entered with `RecordBoard`."""

    table: TableNumber
    shown: tuple[ShownHand, ...]
    board: Annotated[str, MAY_BE_BLANK] = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordMisdeal(Command):
    """A fault in the deal: cards ``exposed`` during the deal by their places in it (1 = first
    card; TDA 35A, THC 23, SLPT 28, KY 19), a deal ``irregularity`` (THC 51, TDA 35A), or, with
    neither, a misdeal the dealer declares before substantial action (TDA 35B)."""

    table: TableNumber
    exposed: tuple[Annotated[int, Range(1, 52)], ...] = ()
    irregularity: DealIrregularity | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmReplacementCard(Command):
    """The dealer replaced a card exposed on the deal, once the deal was complete (KY 19; TDA
    35A and SLPT 28 for a card after the first two): ``place`` is its place in the deal, or,
    with none, every card waiting to be replaced."""

    table: TableNumber
    place: Annotated[int, Range(1, 52)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideTableRuling(Command):
    """The director replaces the last ruling at the table with a reason (TDA 1): the player's
    ``action`` (``amount`` for a bet or raise-to) and ``dead_chips`` forfeited (THC 52), or,
    with neither, no effect at all. Director only."""

    table: TableNumber
    reason: Reason
    action: ActionKind | None = None
    amount: Annotated[int, Range(1, MAX_INT)] | None = None
    dead_chips: Chips = 0


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerInputRecorded(Event):
    """A dealer's input and its ruling; ``options`` when the player must choose, ``held`` when
    an out-of-turn declaration waits for the player's turn (TDA 53A, SLPT 27)."""

    at: int
    hand_id: HandId
    table: int
    seat: int
    chips: int = 0
    single_chip: bool = False
    string_bet: bool = False
    declaration: Declaration = Declaration.NONE
    amount: int | None = None
    ruling: RulingNote
    effects: tuple[Effect, ...] = ()
    options: tuple[Option, ...] = ()
    held_on: Street | None = None
    bet_to_face: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HeldDeclarationRuled(Event):
    """A held out-of-turn declaration, ruled at the player's turn (TDA 53A, SLPT 27)."""

    at: int
    hand_id: HandId
    table: int
    seat: int
    ruling: RulingNote
    effects: tuple[Effect, ...] = ()
    options: tuple[Option, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceRecorded(Event):
    """The player chose ``option`` of the last ruling's options."""

    at: int
    hand_id: HandId
    table: int
    seat: int
    option: int
    ruling: RulingNote
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardRecorded(Event):
    """The dealer entered the board cards so far."""

    at: int
    hand_id: HandId
    table: int
    cards: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadHandRuled(Event):
    """A dead hand ruled (THC 36, SLPT 17, 18): killed, or live if a tabled winner."""

    at: int
    hand_id: HandId
    table: int
    seat: int
    cause: DeadHandCause
    ruling: RulingNote
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PotsAwardedAtTable(Event):
    """The dealer named the winners of each pot (TDA 21)."""

    at: int
    hand_id: HandId
    table: int
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownRecorded(Event):
    """The cards shown and the board, read by pitboss (cards speak: KY 15, THC 49)."""

    at: int
    hand_id: HandId
    table: int
    shown: tuple[ShownHand, ...]
    board: str = ""
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MisdealRecorded(Event):
    """A fault in the deal ruled: a misdeal (the hand is voided, every chip back, the same
    button and blinds: TDA 35C), a card to replace after the deal (KY 19: ``replace`` lists
    the exposed places; the exposed card is the burn card), or play on."""

    at: int
    hand_id: HandId
    table: int
    exposed: tuple[int, ...] = ()
    irregularity: DealIrregularity | None = None
    ruling: RulingNote
    effects: tuple[Effect, ...] = ()
    replace: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplacementCardDealt(Event):
    """The cards exposed at ``places`` of the deal were replaced, each for the seat in
    ``seats`` it was dealt to; the exposed cards are the burn cards (``rules``: KY 19)."""

    at: int
    hand_id: HandId
    table: int
    places: tuple[int, ...]
    seats: tuple[int, ...]
    rules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRulingOverridden(Event):
    """The director replaced the effects of step ``step`` (its index in the hand's steps)."""

    at: int
    hand_id: HandId
    table: int
    step: int
    reason: str
    effects: tuple[Effect, ...] = ()


_RULED = (DealerInputRecorded, HeldDeclarationRuled, ChoiceRecorded, DeadHandRuled)
"""The steps the director can override: those whose effects a ruling chose."""


# --- the recorded hand ------------------------------------------------------------------------


def setup_of(s: TournamentState, record: HandRecord) -> HandSetup:
    """The engine setup of an open hand at a seated table: its plan at its level's stakes.

    Raises:
        TournamentError: the hand has no plan (``no_hand_plan``: not dealt at a seated table).
    """
    if record.plan is None:
        raise TournamentError(
            f"hand {record.hand_id!r} was not dealt at a table the director seats: a recorded"
            " hand needs its plan (seats, stacks, button and blinds)",
            code="no_hand_plan",
            params={"hand_id": record.hand_id},
        )
    structure = s.rules.tournament.structure
    level = structure.level(record.level)
    return hand_setup(
        record.plan,
        small_blind=level.small_blind,
        big_blind=level.big_blind,
        ante=level.ante,
        ante_mode=structure.ante_mode_of(record.level),
        chip_unit=structure.smallest_chip_at_level(record.level),
        rules=s.rules,
    )


def _effects_of(steps: tuple[Event, ...]) -> list[tuple[Effect, ...]]:
    """Each step's effects, the director's overrides put in place."""
    out: list[tuple[Effect, ...]] = []
    for step in steps:
        if isinstance(step, TableRulingOverridden):
            out[step.step] = step.effects
            out.append(())
        else:
            out.append(getattr(step, "effects", ()))
    return out


def _do(hand: RecordedHand, effect: Effect) -> None:
    """Carry out one effect on the hand (the engine refuses what it cannot do)."""
    kind = effect.kind
    seat = effect.seat
    if kind is EffectKind.ACT:
        assert effect.action is not None
        hand.apply(Action(kind=effect.action, amount=effect.amount, seat=seat))
    elif kind is EffectKind.DEAD_CHIPS:
        assert seat is not None
        assert effect.amount is not None
        hand.add_dead_chips(seat, effect.amount)
    elif kind is EffectKind.KILL:
        assert seat is not None
        hand.kill(seat, effect.cause)
    elif kind is EffectKind.BOARD:
        hand.enter_board(effect.cards)
    elif kind is EffectKind.AWARD:
        hand.award(effect.winners)
    elif kind is EffectKind.SHOWDOWN:
        hand.read_hands({h.seat: h.cards for h in effect.shown}, board=effect.cards or None)
    else:
        hand.misdeal(effect.cause or "misdeal")


def rebuild(log: RecordedLog, *extra: Effect) -> RecordedHand:
    """The recorded hand from its setup and steps (and ``extra`` effects after them).

    Raises:
        IllegalAction: an extra effect the hand refuses (a step recorded never fails).
        CardError: an extra effect's cards are not cards.
    """
    hand = RecordedHand(log.setup)
    for effects in _effects_of(log.steps):
        for effect in effects:
            _do(hand, effect)
    for effect in extra:
        _do(hand, effect)
    return hand


def recorded_log(s: TournamentState, hand_id: HandId) -> RecordedLog:
    """The log of a recorded hand, or a new one for an open hand nothing was recorded in yet.

    Raises:
        TournamentError: no such hand (``unknown_hand``), or an open hand without a plan.
    """
    log = s.recorded_hands.get(hand_id)
    if log is not None:
        return log if isinstance(log, RecordedLog) else RecordedLog(*log)
    record = s.hands.get(hand_id)
    if record is None or record.finished:
        raise TournamentError(
            f"hand {hand_id!r} was not recorded at a live table",
            code="unknown_hand",
            params={"hand_id": hand_id},
        )
    return RecordedLog(setup=setup_of(s, record))


def recorded_hand(s: TournamentState, hand_id: HandId) -> RecordedHand:
    """The hand as the dealer recorded it, rebuilt from the state (the dealer's page and the
    director's console read it: seats, stacks, bets, pots, whose turn, the call, the record).

    Raises:
        TournamentError: see `recorded_log`.
    """
    return rebuild(recorded_log(s, hand_id))


def pending_options(log: RecordedLog) -> tuple[Option, ...]:
    """The options of the last ruling while the player has not chosen (empty otherwise)."""
    if not log.steps:
        return ()
    last = log.steps[-1]
    if isinstance(last, DealerInputRecorded | HeldDeclarationRuled):
        return last.options
    return ()


def held_declarations(log: RecordedLog) -> dict[int, HeldDeclaration]:
    """The out-of-turn declarations waiting for their players' turns, by seat (SLPT 27)."""
    held: dict[int, HeldDeclaration] = {}
    for step in log.steps:
        if isinstance(step, DealerInputRecorded) and step.held_on is not None:
            held[step.seat] = HeldDeclaration(
                given=_input_of(step), street=step.held_on, bet_to_face=step.bet_to_face
            )
        elif isinstance(step, HeldDeclarationRuled):
            held.pop(step.seat, None)
    return held


def deal_order(setup: HandSetup) -> tuple[int, ...]:
    """The seats dealt cards, in the order of the deal: one card each from the left of the
    button, then the second round; the button is dealt last (heads-up too: TDA 34B)."""
    hand = RecordedHand(setup)
    return tuple(e.seat for e in hand.events if isinstance(e, HoleCardsDealt))


def seat_of_place(order: tuple[int, ...], place: int) -> int | None:
    """The seat the card at ``place`` of the deal went to, or None past the two rounds."""
    if not 1 <= place <= 2 * len(order):
        return None
    return order[(place - 1) % len(order)]


def pending_replacements(log: RecordedLog) -> tuple[Replacement, ...]:
    """The cards exposed on the deal still to replace (KY 19), in the order of the deal."""
    waiting: dict[int, tuple[str, ...]] = {}
    for step in log.steps:
        if isinstance(step, MisdealRecorded):
            waiting.update(dict.fromkeys(step.replace, step.ruling.rules))
        elif isinstance(step, ReplacementCardDealt):
            for place in step.places:
                waiting.pop(place, None)
    if not waiting:
        return ()
    order = deal_order(log.setup)
    return tuple(
        Replacement(place=place, seat=seat_of_place(order, place) or 0, rules=rules)
        for place, rules in sorted(waiting.items())
    )


def _input_of(c: RecordDealerInput | DealerInputRecorded) -> DealerInput:
    return DealerInput(
        seat=c.seat,
        chips=c.chips,
        single_chip=c.single_chip,
        string_bet=c.string_bet,
        declaration=c.declaration,
        amount=c.amount,
    )


# --- rulings to effects -----------------------------------------------------------------------


def _note(ruling: Ruling) -> RulingNote:
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


def _act_effects(seat: int, action: Action | None, forfeited: int) -> tuple[Effect, ...]:
    effects: list[Effect] = []
    if forfeited:
        effects.append(Effect(kind=EffectKind.DEAD_CHIPS, seat=SeatNo(seat), amount=forfeited))
    if action is not None:
        effects.append(
            Effect(kind=EffectKind.ACT, seat=SeatNo(seat), action=action.kind, amount=action.amount)
        )
    return tuple(effects)


def _ruled(ruling: Ruling) -> tuple[tuple[Effect, ...], tuple[Option, ...]]:
    """The effects of a betting ruling, or the options it leaves the player."""
    seat = ruling.seat
    assert seat is not None
    if ruling.outcome is Outcome.ACT:
        return _act_effects(seat, ruling.action, ruling.forfeited), ()
    if ruling.outcome is Outcome.CHOOSE:
        return (), tuple(
            Option(ruling=_note(o), effects=_act_effects(seat, o.action, o.forfeited))
            for o in ruling.options
        )
    return (), ()


# --- deciding ---------------------------------------------------------------------------------


class _Open(NamedTuple):
    record: HandRecord
    log: RecordedLog


def _open_at(s: TournamentState, table: TableNo) -> _Open:
    """The hand in play at ``table`` and its log.

    Raises:
        TournamentError: no hand in play there (``no_hand_in_play``) or it has no plan.
    """
    hands = s.open_hands(table)
    if not hands:
        raise TournamentError(
            f"table {table} has no hand in play: start one first (StartHand)",
            code="no_hand_in_play",
            params={"table": table},
        )
    record = hands[0]
    return _Open(record=record, log=recorded_log(s, record.hand_id))


def _no_choice_pending(log: RecordedLog, doing: str) -> None:
    options = pending_options(log)
    if options:
        raise TournamentError(
            f"the player must first choose among {len(options)} options"
            f" ({'; '.join(o.ruling.message for o in options)}): record the choice, then"
            f" {doing}",
            code="choice_pending",
            params={"options": [o.ruling.message for o in options], "doing": doing},
        )


def _replacing(waiting: tuple[Replacement, ...]) -> str:
    return ", ".join(f"seat {r.seat}'s (card {r.place} of the deal)" for r in waiting)


def _no_replacement_pending(log: RecordedLog, doing: str) -> None:
    """KY 19: the exposed cards are replaced once the deal is complete, before the betting."""
    waiting = pending_replacements(log)
    if waiting:
        rules = ", ".join(dict.fromkeys(r for w in waiting for r in w.rules))
        raise TournamentError(
            f"the deal is not complete: replace the exposed card {_replacing(waiting)} first"
            f" ({rules}); confirm the replacement, then {doing}",
            code="replacement_pending",
            params={"places": [r.place for r in waiting], "doing": doing},
        )


def _player_at(record: HandRecord, seat: int) -> PlayerId | None:
    for s, p in zip(record.seats, record.players, strict=True):
        if s == seat:
            return p
    return None


def _conclude(
    s: TournamentState, ctx: Context, opened: _Open, events: list[Event], hand: RecordedHand
) -> list[Event]:
    """Rule held declarations whose turn came, give the warnings due, and finish the hand
    through ``finish_hand`` when it is over (the stacks, then the busts; played from the
    stacks at the deal, so a re-buy declared during it is made after the result: THC 1)."""
    record = opened.record
    now = ctx.now
    after = fold(s, events)
    log = recorded_log(after, record.hand_id)
    while hand.phase is HandPhase.BETTING and not pending_options(log):
        held = held_declarations(log).get(hand.actor or 0)
        if held is None or held.street != hand.street:
            break
        ruling = rule_held_at_turn(hand, held)
        effects, options = _ruled(ruling)
        for effect in effects:
            _do(hand, effect)
        step = HeldDeclarationRuled(
            at=now,
            hand_id=record.hand_id,
            table=record.table,
            seat=held.given.seat,
            ruling=_note(ruling),
            effects=effects,
            options=options,
        )
        events.append(step)
        after = fold(after, [step])
        log = recorded_log(after, record.hand_id)
    for event in list(events):
        note = getattr(event, "ruling", None)
        seat = getattr(event, "seat", None)
        if isinstance(note, RulingNote) and note.sanction is Sanction.WARNING and seat:
            pid = _player_at(record, seat)
            if pid is not None:
                reason = f"{note.infraction or 'infraction'}: {note.message}"
                given = give_penalty(
                    after, GivePenalty(player_id=pid, reason=reason, kind=PenaltyKind.WARNING), now
                )
                events.extend(given)
                after = fold(after, given)
    if hand.is_over and not hand.is_voided:
        by_seat = hand.final_stacks
        stacks = tuple(
            PlayerChips(player_id=pid, chips=by_seat[seat])
            for seat, pid in zip(record.seats, record.players, strict=True)
            if seat in by_seat
        )
        finish = FinishHand(hand_id=record.hand_id, stacks=stacks, dealt=True)
        events.extend(finish_hand(after, finish, now, ctx.rng))
    return ctx.settle(s, events)


@handles(RecordDealerInput)
def _record_input(s: TournamentState, c: RecordDealerInput, ctx: Context) -> list[Event]:
    """Rule what the dealer saw (`rule_action`: TDA 40-56, THC 22, 28, 29, 52-56, SLPT 8, 9,
    23, 27, KY 13) and carry it out on the hand. SLPT 27's "a warning first, a penalty after"
    counts the player's offences on the conduct record.

    Raises:
        TournamentError: no hand in play at the table, a choice pending, or an exposed card
            still to replace (``replacement_pending``, KY 19).
        RulingError: the input is refused by the rulings.
        IllegalAction: the engine refuses the action.
    """
    opened = _open_at(s, c.table)
    _no_choice_pending(opened.log, "record the next input")
    _no_replacement_pending(opened.log, "record the next input")
    hand = rebuild(opened.log)
    pid = _player_at(opened.record, c.seat)
    offences = s.conduct_of(pid).offences if pid is not None else 0
    ruling = rule_action(hand, _input_of(c), offences_before=offences)
    effects, options = _ruled(ruling)
    for effect in effects:
        _do(hand, effect)
    held = ruling.held
    event = DealerInputRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        seat=c.seat,
        chips=c.chips,
        single_chip=c.single_chip,
        string_bet=c.string_bet,
        declaration=c.declaration,
        amount=c.amount,
        ruling=_note(ruling),
        effects=effects,
        options=options,
        held_on=held.street if held is not None else None,
        bet_to_face=held.bet_to_face if held is not None else 0,
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(RecordChoice)
def _record_choice(s: TournamentState, c: RecordChoice, ctx: Context) -> list[Event]:
    """The player's choice among the last ruling's options (TDA 51B, 55; THC 52).

    Raises:
        TournamentError: no hand in play, nothing to choose (``no_choice``) or no such option
            (``unknown_option``).
    """
    opened = _open_at(s, c.table)
    options = pending_options(opened.log)
    if not options:
        raise TournamentError(
            f"table {c.table}'s last ruling leaves no choice to record",
            code="no_choice",
            params={"table": c.table},
        )
    if c.option >= len(options):
        raise TournamentError(
            f"option {c.option} is not one of the {len(options)} options (0 is the first):"
            f" {'; '.join(o.ruling.message for o in options)}",
            code="unknown_option",
            params={"option": c.option, "options": len(options)},
        )
    chosen = options[c.option]
    hand = rebuild(opened.log, *chosen.effects)
    last = opened.log.steps[-1]
    event = ChoiceRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        seat=getattr(last, "seat", 0),
        option=c.option,
        ruling=chosen.ruling,
        effects=chosen.effects,
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(RecordBoard)
def _record_board(s: TournamentState, c: RecordBoard, ctx: Context) -> list[Event]:
    """The board cards so far (`RecordedHand.enter_board`).

    Raises:
        TournamentError: no hand in play, a choice pending, or an exposed card still to
            replace (``replacement_pending``, KY 19).
        IllegalAction: cards that are not the board so far.
        CardError: text that is not cards.
    """
    opened = _open_at(s, c.table)
    _no_choice_pending(opened.log, "enter the board")
    _no_replacement_pending(opened.log, "enter the board")
    effect = Effect(kind=EffectKind.BOARD, cards=c.cards)
    hand = rebuild(opened.log, effect)
    event = BoardRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        cards=c.cards,
        effects=(effect,),
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(KillHand)
def _kill_hand(s: TournamentState, c: KillHand, ctx: Context) -> list[Event]:
    """A dead hand (`rule_dead_hand`: THC 6, 17, 36; SLPT 6, 17, 18, 26; TDA 65A).

    Raises:
        TournamentError: no hand in play, or another player's choice pending (the hand of
            the player choosing may be killed: the choice is then moot).
        RulingError: the seat is not in the hand or already out, the hand over.
    """
    opened = _open_at(s, c.table)
    if pending_options(opened.log) and getattr(opened.log.steps[-1], "seat", None) != c.seat:
        _no_choice_pending(opened.log, f"rule on seat {c.seat}'s hand")
    hand = rebuild(opened.log)
    ruling = rule_dead_hand(hand, c.seat, c.cause, tabled_winner=c.tabled_winner)
    effects: tuple[Effect, ...] = ()
    if ruling.outcome is Outcome.HAND_DEAD:
        effects = (Effect(kind=EffectKind.KILL, seat=c.seat, cause=c.cause.value),)
        hand.kill(c.seat, c.cause.value)
    event = DeadHandRuled(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        seat=c.seat,
        cause=c.cause,
        ruling=_note(ruling),
        effects=effects,
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(AwardPots)
def _award_pots(s: TournamentState, c: AwardPots, ctx: Context) -> list[Event]:
    """The winners of each pot as the dealer names them (TDA 20, 21), then the hand's end.

    Raises:
        TournamentError: no hand in play, or a choice pending.
        IllegalAction: not awaiting an award, or winners not eligible (see
            `RecordedHand.verify_award`).
    """
    opened = _open_at(s, c.table)
    _no_choice_pending(opened.log, "award the pots")
    effect = Effect(kind=EffectKind.AWARD, winners=c.winners)
    hand = rebuild(opened.log, effect)
    event = PotsAwardedAtTable(
        at=ctx.now, hand_id=opened.record.hand_id, table=opened.record.table, effects=(effect,)
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(RecordShowdown)
def _record_showdown(s: TournamentState, c: RecordShowdown, ctx: Context) -> list[Event]:
    """The cards shown and the board: pitboss reads the hands (cards speak: KY 15, THC 49).

    Raises:
        TournamentError: no hand in play, or a choice pending.
        IllegalAction: see `RecordedHand.read_hands`.
        CardError: text that is not cards.
    """
    opened = _open_at(s, c.table)
    _no_choice_pending(opened.log, "record the showdown")
    effect = Effect(kind=EffectKind.SHOWDOWN, shown=c.shown, cards=c.board)
    hand = rebuild(opened.log, effect)
    event = ShowdownRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        shown=c.shown,
        board=c.board,
        effects=(effect,),
    )
    return _conclude(s, ctx, opened, [event], hand)


def is_substantial_action(hand: RecordedHand) -> bool:
    """TDA 35B: two actions in turn, one of them putting chips in, or any three."""
    acts = [e for e in hand.events if isinstance(e, Acted)]
    return len(acts) >= 3 or (len(acts) >= 2 and any(a.amount for a in acts))


@handles(RecordMisdeal)
def _record_misdeal(s: TournamentState, c: RecordMisdeal, ctx: Context) -> list[Event]:
    """A fault in the deal (`rule_exposed_on_deal`, `rule_deal_irregularity`; TDA 35, THC 23,
    51, SLPT 28, KY 19): a misdeal voids the hand and keeps the button and blinds (TDA 35C).

    Raises:
        TournamentError: no hand in play; both exposed cards and an irregularity given
            (``bad_misdeal``); a place past the deal's two rounds (``not_in_the_deal``); a
            declared misdeal after substantial action (``substantial_action``, TDA 35B).
        RulingError: bad exposed places or irregularity.
        IllegalAction: the hand is over.
    """
    opened = _open_at(s, c.table)
    hand = rebuild(opened.log)
    substantial = is_substantial_action(hand)
    if c.exposed and c.irregularity is not None:
        raise TournamentError(
            "a misdeal is recorded for exposed cards or for a deal irregularity, not both",
            code="bad_misdeal",
            params={"exposed": list(c.exposed), "irregularity": c.irregularity.value},
        )
    dealt = 2 * len(deal_order(opened.log.setup))
    beyond = [p for p in c.exposed if p > dealt]
    if beyond:
        raise TournamentError(
            f"the deal had {dealt} cards (two to each seat dealt in): place {beyond[0]} is not"
            " in it",
            code="not_in_the_deal",
            params={"exposed": list(c.exposed), "cards_dealt": dealt},
        )
    if c.exposed:
        ruling = rule_exposed_on_deal(s.rules, positions=c.exposed)
    elif c.irregularity is not None:
        ruling = rule_deal_irregularity(c.irregularity, substantial_action=substantial)
    elif substantial:
        raise TournamentError(
            "no misdeal after substantial action (TDA 35B): the hand plays on; the director"
            " may rule otherwise (TDA 1)",
            code="substantial_action",
            params={"table": c.table},
        )
    else:
        ruling = Ruling(
            outcome=Outcome.MISDEAL,
            seat=None,
            message="misdeal: redeal with the button and blinds where they were (TDA 35C)",
            rules=("TDA 35", "TDA 35C"),
        )
    effects: tuple[Effect, ...] = ()
    if ruling.outcome in (Outcome.MISDEAL, Outcome.FOULED_DECK):
        effects = (Effect(kind=EffectKind.MISDEAL, cause=ruling.outcome.value),)
        hand.misdeal(ruling.outcome.value)
    event = MisdealRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        exposed=c.exposed,
        irregularity=c.irregularity,
        ruling=_note(ruling),
        effects=effects,
        replace=c.exposed if ruling.outcome is Outcome.REPLACE_CARD else (),
    )
    return _conclude(s, ctx, opened, [event], hand)


@handles(ConfirmReplacementCard)
def _confirm_replacement(
    s: TournamentState, c: ConfirmReplacementCard, ctx: Context
) -> list[Event]:
    """The exposed card (or every one waiting) replaced once the deal was complete; the
    exposed card is the burn card (KY 19). Until then the betting and the board wait.

    Raises:
        TournamentError: no hand in play; no card waiting to be replaced
            (``no_replacement_due``: the house made the exposure a misdeal, THC 23, or none
            was recorded); ``place`` not one of those waiting (``not_waiting``).
    """
    opened = _open_at(s, c.table)
    waiting = pending_replacements(opened.log)
    if not waiting:
        raise TournamentError(
            f"table {c.table}'s hand has no exposed card to replace: a card is replaced after"
            " the deal only when its ruling says so (KY 19; TDA 35A and SLPT 28 after the"
            " first two cards); elsewhere an exposed card is a misdeal (THC 23)",
            code="no_replacement_due",
            params={"table": c.table},
        )
    chosen = tuple(r for r in waiting if c.place is None or r.place == c.place)
    if not chosen:
        raise TournamentError(
            f"card {c.place} of the deal is not waiting to be replaced: the card waiting is"
            f" {_replacing(waiting)}",
            code="not_waiting",
            params={"place": c.place, "waiting": [r.place for r in waiting]},
        )
    return [
        ReplacementCardDealt(
            at=ctx.now,
            hand_id=opened.record.hand_id,
            table=opened.record.table,
            places=tuple(r.place for r in chosen),
            seats=tuple(r.seat for r in chosen),
            rules=tuple(dict.fromkeys(rule for r in chosen for rule in r.rules)),
        )
    ]


@handles(OverrideTableRuling)
def _override(s: TournamentState, c: OverrideTableRuling, ctx: Context) -> list[Event]:
    """The director replaces the last ruling's effects (TDA 1): the hand is rebuilt with
    them, and refused if the engine refuses them.

    Raises:
        TournamentError: no hand in play, no reason (``no_reason``), no ruling to override
            (``nothing_to_override``), an amount without a bet or raise.
        IllegalAction: the engine refuses the replacement.
    """
    opened = _open_at(s, c.table)
    if not c.reason.strip():
        raise TournamentError(
            "overriding a ruling needs a reason (TDA 1)",
            code="no_reason",
            params={"table": c.table},
        )
    steps = opened.log.steps
    index = next((i for i in range(len(steps) - 1, -1, -1) if isinstance(steps[i], _RULED)), -1)
    if index < 0:
        raise TournamentError(
            f"table {c.table}'s hand has no ruling to override yet",
            code="nothing_to_override",
            params={"table": c.table},
        )
    seat: int = getattr(steps[index], "seat", 0)
    action = None
    if c.action is not None:
        action = Action(kind=c.action, amount=c.amount, seat=seat)
    effects = _act_effects(seat, action, c.dead_chips)
    event = TableRulingOverridden(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        step=index,
        reason=c.reason.strip(),
        effects=effects,
    )
    log = opened.log._replace(steps=(*steps, event))
    hand = rebuild(log)
    return _conclude(s, ctx, opened, [event], hand)


# --- folds ------------------------------------------------------------------------------------


def _fold_step(state: TournamentState, event: Event) -> TournamentState:
    """Append the step to its hand's log; a misdeal starts the log afresh (same setup)."""
    hand_id: HandId = getattr(event, "hand_id")  # noqa: B009 - every step has one
    stored = state.recorded_hands.get(hand_id)
    if stored is None:
        log = RecordedLog(setup=setup_of(state, state.hands[hand_id]))
    else:
        log = stored if isinstance(stored, RecordedLog) else RecordedLog(*stored)
    effects = getattr(event, "effects", ())
    if any(e.kind is EffectKind.MISDEAL for e in effects):
        log = RecordedLog(setup=log.setup, misdeals=log.misdeals + 1)
    else:
        log = log._replace(steps=(*log.steps, event))
    return state._replace(recorded_hands=frozen(state.recorded_hands).updated({hand_id: log}))


for _step in (
    DealerInputRecorded,
    HeldDeclarationRuled,
    ChoiceRecorded,
    BoardRecorded,
    DeadHandRuled,
    PotsAwardedAtTable,
    ShowdownRecorded,
    MisdealRecorded,
    ReplacementCardDealt,
    TableRulingOverridden,
):
    folds(_step)(_fold_step)


# --- what the dealer's device shows --------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatLine:
    """One seat of the hand on the dealer's device."""

    seat: int
    player_id: PlayerId
    stack: int
    bet: int
    is_in: bool
    is_all_in: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerView:
    """The table's hand as the dealer's device shows it: seats, stacks, bets, pots and side
    pots, whose turn and what it costs, the choice or the award awaited, the last ruling, the
    exposed cards to replace."""

    table: int
    hand_id: HandId
    street: Street
    board: str
    seats: tuple[SeatLine, ...]
    pots: tuple[Pot, ...]
    actor: int | None
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    awaiting_award: bool
    options: tuple[str, ...]
    held: tuple[int, ...]
    last_ruling: RulingNote | None
    replacements: tuple[Replacement, ...] = ()
    """The cards exposed on the deal still to replace, for their seats (KY 19)."""


def dealer_view(s: TournamentState, table: TableNo) -> DealerView:
    """What the dealer's device shows for the hand in play at ``table`` (nothing hidden is in
    it: the hole cards are at the table).

    Raises:
        TournamentError: no hand in play there, or it has no plan.
    """
    opened = _open_at(s, table)
    log = opened.log
    hand = rebuild(log)
    record = opened.record
    player = dict(zip(record.seats, record.players, strict=True))
    stacks, bets = hand.stacks, hand.bets
    seats = tuple(
        SeatLine(
            seat=seat,
            player_id=player[SeatNo(seat)],
            stack=stacks[seat],
            bet=bets[seat],
            is_in=not hand.is_folded(seat),
            is_all_in=hand.is_all_in(seat),
        )
        for seat in stacks
        if SeatNo(seat) in player
    )
    legal = hand.legal_actions() if hand.phase is HandPhase.BETTING else None
    notes = [getattr(e, "ruling", None) for e in log.steps]
    last = next((n for n in reversed(notes) if isinstance(n, RulingNote)), None)
    held = held_declarations(log)
    return DealerView(
        table=record.table,
        hand_id=record.hand_id,
        street=hand.street,
        board=" ".join(str(c) for c in hand.board),
        seats=seats,
        pots=hand.pots(),
        actor=hand.actor,
        to_call=legal.call_amount if legal is not None else 0,
        min_raise_to=legal.min_raise_to if legal is not None else None,
        max_raise_to=legal.max_raise_to if legal is not None else None,
        awaiting_award=hand.is_awaiting_award,
        options=tuple(o.ruling.message for o in pending_options(log)),
        held=tuple(sorted(seat for seat, h in held.items() if h.street == hand.street)),
        last_ruling=last,
        replacements=pending_replacements(log),
    )


def pots_of(s: TournamentState, hand_id: HandId) -> tuple[Pot, ...]:
    """The pots of a recorded hand as they stand (main pot first, with the eligible seats)."""
    return recorded_hand(s, hand_id).pots()


__all__ = [
    "AwardPots",
    "BoardRecorded",
    "ChoiceRecorded",
    "ConfirmReplacementCard",
    "DeadHandRuled",
    "DealerInputRecorded",
    "DealerView",
    "Effect",
    "EffectKind",
    "HeldDeclarationRuled",
    "KillHand",
    "MisdealRecorded",
    "Option",
    "OverrideTableRuling",
    "PotsAwardedAtTable",
    "RecordBoard",
    "RecordChoice",
    "RecordDealerInput",
    "RecordMisdeal",
    "RecordShowdown",
    "RecordedLog",
    "Replacement",
    "ReplacementCardDealt",
    "RulingNote",
    "SeatLine",
    "ShowdownRecorded",
    "ShownHand",
    "TableRulingOverridden",
    "deal_order",
    "dealer_view",
    "held_declarations",
    "is_substantial_action",
    "pending_options",
    "pending_replacements",
    "pots_of",
    "rebuild",
    "recorded_hand",
    "recorded_log",
    "seat_of_place",
    "setup_of",
]
