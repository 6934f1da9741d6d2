"""A hand recorded by a live dealer: its log, rebuilt into the engine's hand, and what the
dealer saw each player do, ruled by the house rules.

A recorded hand starts with `StartHand` at a seated table: its plan gives the seats, stacks,
button and blinds, and the level's stakes the forced bets. The dealer's device then sends what
the dealer sees: `RecordDealerInput` (chips and words, `pitboss.rulings.rule_action`) and
`RecordChoice` (the player's choice among a ruling's options); the board, the showdown and the
pots are `pitboss.tournament.features.board_and_pots`, the table's rulings (misdeals, cards
replaced, dead hands, the director's override) `pitboss.tournament.features.table_rulings`.

Every accepted command is one event (plus, for an out-of-turn declaration held under SLPT 27,
the ruling at its turn: `HeldDeclarationRuled`) that carries the input, the ruling (its
message, rule references and infraction) and the ``effects`` on the hand: what the engine's
`RecordedHand` did (an action, dead chips, a kill, the board, the award, a misdeal). The state
keeps each recorded hand's `RecordedLog` (its setup and its step events since the last
misdeal); `recorded_hand` rebuilds the `RecordedHand` from it, so replay gives exactly the live
hand. When the hand ends, the same step finishes it through `pitboss.tournament.features.hands`'s
``finish_hand`` (the stacks, then the busts, ranked): nothing is typed twice (`conclude`).

Infractions: a warning the rules give at once (SLPT 27's first out-of-turn action) is given
through the penalty system (`pitboss.tournament.features.penalties`'s ``give_penalty``); every
other infraction is recorded in the event for the director, who gives the penalty (TDA 1, 71).

Each event's line in the director's log is at the end, in the words every recorded step's
line shares (`pitboss.tournament.model.recorded_steps`: `who`, `hand_at`, `ruling_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, NamedTuple

from pitboss.engine import Action, HandPhase, HandSetup, Street
from pitboss.engine.recorded import Pot, RecordedHand
from pitboss.errors import TournamentError
from pitboss.frozen_map import frozen
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.rules.games import level_game
from pitboss.rules.tournament import PenaltyKind
from pitboss.rulings import (
    DealerInput,
    Declaration,
    HeldDeclaration,
    Outcome,
    Ruling,
    Sanction,
    rule_action,
    rule_held_at_turn,
)
from pitboss.table.engine_link import hand_setup
from pitboss.tournament.features.hands import FinishHand, finish_hand
from pitboss.tournament.features.penalties import GivePenalty, give_penalty
from pitboss.tournament.model.bounties import HandPot, engine_pots
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.fields import Chips, SeatNumber, TableNumber
from pitboss.tournament.model.recorded_steps import (
    Effect,
    EffectKind,
    Option,
    RecordedLog,
    RulingNote,
    act_effects,
    hand_at,
    note_of,
    ruling_words,
    who,
)
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import HandRecord, TournamentState, fold
from pitboss.validation import MAX_INT, Range

# --- what the table's rulings add to every step -----------------------------------------------


_OVERRIDES: list[type[Event]] = []
_DEAL_CHECKS: list[Callable[[RecordedLog, str], None]] = []


def overrides_steps(event: type[Event]) -> None:
    """Register ``event`` as a step that replaces the effects of an earlier step (its ``step``,
    that step's index, and its ``effects``): the director's override of a table ruling (TDA 1,
    `pitboss.tournament.features.table_rulings`), which every rebuild puts in place."""
    _OVERRIDES.append(event)


def checks_the_deal(check: Callable[[RecordedLog, str], None]) -> None:
    """Register a check that refuses the next input while the deal is not complete (KY 19: a
    card exposed on the deal still to replace, `pitboss.tournament.features.table_rulings`);
    ``check(log, doing)`` raises a `TournamentError` that says what to do first."""
    _DEAL_CHECKS.append(check)


def deal_complete(log: RecordedLog, doing: str) -> None:
    """Refuse ``doing`` while the deal is not complete (every check of `checks_the_deal`).

    Raises:
        TournamentError: the deal is not complete (``replacement_pending``, KY 19).
    """
    for check in _DEAL_CHECKS:
        check(log, doing)


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
        game=level_game(s.rules.game, level, players_left=record.players_left),
    )


def _effects_of(steps: tuple[Event, ...]) -> list[tuple[Effect, ...]]:
    """Each step's effects, the director's overrides put in place."""
    out: list[tuple[Effect, ...]] = []
    for step in steps:
        if type(step) in _OVERRIDES:
            out[getattr(step, "step")] = getattr(step, "effects")  # noqa: B009 - overrides_steps
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


def _input_of(c: RecordDealerInput | DealerInputRecorded) -> DealerInput:
    return DealerInput(
        seat=c.seat,
        chips=c.chips,
        single_chip=c.single_chip,
        string_bet=c.string_bet,
        declaration=c.declaration,
        amount=c.amount,
    )


def pots_of(s: TournamentState, hand_id: HandId) -> tuple[Pot, ...]:
    """The pots of a recorded hand as they stand (main pot first, with the eligible seats)."""
    return recorded_hand(s, hand_id).pots()


# --- rulings to effects -----------------------------------------------------------------------


def _ruled(ruling: Ruling) -> tuple[tuple[Effect, ...], tuple[Option, ...]]:
    """The effects of a betting ruling, or the options it leaves the player."""
    seat = ruling.seat
    assert seat is not None
    if ruling.outcome is Outcome.ACT:
        return act_effects(seat, ruling.action, ruling.forfeited), ()
    if ruling.outcome is Outcome.CHOOSE:
        return (), tuple(
            Option(ruling=note_of(o), effects=act_effects(seat, o.action, o.forfeited))
            for o in ruling.options
        )
    return (), ()


# --- deciding ---------------------------------------------------------------------------------


class OpenHand(NamedTuple):
    record: HandRecord
    log: RecordedLog


def open_at(s: TournamentState, table: TableNo) -> OpenHand:
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
    return OpenHand(record=record, log=recorded_log(s, record.hand_id))


def no_choice_pending(log: RecordedLog, doing: str) -> None:
    options = pending_options(log)
    if options:
        raise TournamentError(
            f"the player must first choose among {len(options)} options"
            f" ({'; '.join(o.ruling.message for o in options)}): record the choice, then"
            f" {doing}",
            code="choice_pending",
            params={"options": [o.ruling.message for o in options], "doing": doing},
        )


def _player_at(record: HandRecord, seat: int) -> PlayerId | None:
    for s, p in zip(record.seats, record.players, strict=True):
        if s == seat:
            return p
    return None


def conclude(
    s: TournamentState, ctx: Context, opened: OpenHand, events: list[Event], hand: RecordedHand
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
            ruling=note_of(ruling),
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
        pots: tuple[
            HandPot, ...
        ] = ()  # issue 29: in a bounty event, the pots say who collects a bounty
        if s.rules.tournament.bounty.bounty_cents and any(st.chips == 0 for st in stacks):
            seats = {int(seat): pid for seat, pid in zip(record.seats, record.players, strict=True)}
            pots = engine_pots(hand.events, seats)
        finish = FinishHand(hand_id=record.hand_id, stacks=stacks, dealt=True, pots=pots)
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
    opened = open_at(s, c.table)
    no_choice_pending(opened.log, "record the next input")
    deal_complete(opened.log, "record the next input")
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
        ruling=note_of(ruling),
        effects=effects,
        options=options,
        held_on=held.street if held is not None else None,
        bet_to_face=held.bet_to_face if held is not None else 0,
    )
    return conclude(s, ctx, opened, [event], hand)


@handles(RecordChoice)
def _record_choice(s: TournamentState, c: RecordChoice, ctx: Context) -> list[Event]:
    """The player's choice among the last ruling's options (TDA 51B, 55; THC 52).

    Raises:
        TournamentError: no hand in play, nothing to choose (``no_choice``) or no such option
            (``unknown_option``).
    """
    opened = open_at(s, c.table)
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
    return conclude(s, ctx, opened, [event], hand)


# --- folds ------------------------------------------------------------------------------------


def fold_step(state: TournamentState, event: Event) -> TournamentState:
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


for _step in (DealerInputRecorded, HeldDeclarationRuled, ChoiceRecorded):
    folds(_step)(fold_step)


# --- the log's lines --------------------------------------------------------------------------


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
        f"{hand_at(e.hand_id, e.table)}: {who(s, e.hand_id, e.seat)} {_input_words(e)}: "
        f"{ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=e.chips > 0)}"
    )


@describes(HeldDeclarationRuled)
def _held_ruled(e: HeldDeclarationRuled, s: TournamentState) -> str:
    return (
        f"{hand_at(e.hand_id, e.table)}: {who(s, e.hand_id, e.seat)} at their turn: "
        f"{ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


@describes(ChoiceRecorded)
def _choice(e: ChoiceRecorded, s: TournamentState) -> str:
    return (
        f"{hand_at(e.hand_id, e.table)}: {who(s, e.hand_id, e.seat)} chose "
        f"{ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


__all__ = [
    "ChoiceRecorded",
    "DealerInputRecorded",
    "HeldDeclarationRuled",
    "OpenHand",
    "RecordChoice",
    "RecordDealerInput",
    "checks_the_deal",
    "conclude",
    "deal_complete",
    "fold_step",
    "held_declarations",
    "no_choice_pending",
    "open_at",
    "overrides_steps",
    "pending_options",
    "pots_of",
    "rebuild",
    "recorded_hand",
    "recorded_log",
    "setup_of",
]
