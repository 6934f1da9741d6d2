"""The table's rulings on a hand recorded by a live dealer, and what the dealer's device shows.

- `KillHand`: a dead hand (`rule_dead_hand`: THC 36, SLPT 17; a tabled winner stays live).
- `RecordMisdeal`: a fault in the deal (TDA 35, THC 23, 51, SLPT 28, KY 19). A misdeal voids
  the hand but keeps it open with the same plan: the button and blinds stay (TDA 35C).
- `ConfirmReplacementCard`: a card exposed on the deal replaced once the deal is complete
  (KY 19); until then the betting and the board wait (registered with
  `pitboss.tournament.features.recorded_hands.checks_the_deal`).
- `OverrideTableRuling`: the director replaces the last ruling (TDA 1, with a reason); every
  rebuild puts the override in place (`overrides_steps`).

`dealer_view` is what the dealer's device shows (seats, stacks, bets, pots, whose turn and the
call, a choice or an award awaited, the last ruling, the exposed cards to replace), with the
hand's game and betting structure and, in pot-limit only, the pot-limit maximum the dealer
tells the player (SLPT 19: "Dealers will not count the pot in limit and no-limit games").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pitboss.engine import Action, ActionKind, HandPhase, HandSetup, Street
from pitboss.engine.hand_events import Acted, HoleCardsDealt
from pitboss.engine.recorded import Pot, RecordedHand
from pitboss.errors import TournamentError
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game
from pitboss.rulings import (
    DeadHandCause,
    DealIrregularity,
    Outcome,
    Ruling,
    rule_dead_hand,
    rule_deal_irregularity,
    rule_exposed_on_deal,
)
from pitboss.rulings.structure_rulings import pot_limit_to
from pitboss.tournament.features.recorded_hands import (
    ChoiceRecorded,
    DealerInputRecorded,
    HeldDeclarationRuled,
    checks_the_deal,
    conclude,
    fold_step,
    held_declarations,
    no_choice_pending,
    open_at,
    overrides_steps,
    pending_options,
    rebuild,
    recorded_log,
)
from pitboss.tournament.model.fields import Chips, Reason, SeatNumber, TableNumber
from pitboss.tournament.model.recorded_steps import (
    Effect,
    EffectKind,
    RecordedLog,
    Replacement,
    RulingNote,
    act_effects,
    cited,
    hand_at,
    note_of,
    player_in_hand,
    ruling_words,
    who,
)
from pitboss.tournament.model.words import joined, name_of, ordinal
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState
from pitboss.validation import MAX_INT, Range

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class KillHand(Command):
    """The dealer says a seat's hand is dead (THC 6, 17, 36; SLPT 6, 17); ``tabled_winner``: it
    was tabled face up and is the obvious winner (THC 36, SLPT 18: it cannot be killed)."""

    table: TableNumber
    seat: SeatNumber
    cause: DeadHandCause
    tabled_winner: bool = False


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


# --- the deal ---------------------------------------------------------------------------------


def deal_order(setup: HandSetup) -> tuple[int, ...]:
    """The seats dealt cards, in the order of the deal: one card each from the left of the
    button, then the next round; the button is dealt last (heads-up too: TDA 34B)."""
    hand = RecordedHand(setup)
    return tuple(e.seat for e in hand.events if isinstance(e, HoleCardsDealt))


def rounds_of(setup: HandSetup) -> int:
    """The rounds of the deal: one for each hole card of the game (two in Hold'em, four in
    Omaha: issue 30)."""
    return HOLE_CARDS[Game(setup.game)]


def seat_of_place(order: tuple[int, ...], place: int, rounds: int = 2) -> int | None:
    """The seat the card at ``place`` of the deal went to, or None past the deal's ``rounds``
    rounds."""
    if not 1 <= place <= rounds * len(order):
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
    rounds = rounds_of(log.setup)
    return tuple(
        Replacement(place=place, seat=seat_of_place(order, place, rounds) or 0, rules=rules)
        for place, rules in sorted(waiting.items())
    )


def _replacing(waiting: tuple[Replacement, ...]) -> str:
    return ", ".join(f"seat {r.seat}'s (card {r.place} of the deal)" for r in waiting)


def no_replacement_pending(log: RecordedLog, doing: str) -> None:
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


def is_substantial_action(hand: RecordedHand) -> bool:
    """TDA 35B: two actions in turn, one of them putting chips in, or any three."""
    acts = [e for e in hand.events if isinstance(e, Acted)]
    return len(acts) >= 3 or (len(acts) >= 2 and any(a.amount for a in acts))


# --- deciding ---------------------------------------------------------------------------------


@handles(KillHand)
def _kill_hand(s: TournamentState, c: KillHand, ctx: Context) -> list[Event]:
    """A dead hand (`rule_dead_hand`: THC 6, 17, 36; SLPT 6, 17, 18, 26; TDA 65A).

    Raises:
        TournamentError: no hand in play, or another player's choice pending (the hand of
            the player choosing may be killed: the choice is then moot).
        RulingError: the seat is not in the hand or already out, the hand over.
    """
    opened = open_at(s, c.table)
    if pending_options(opened.log) and getattr(opened.log.steps[-1], "seat", None) != c.seat:
        no_choice_pending(opened.log, f"rule on seat {c.seat}'s hand")
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
        ruling=note_of(ruling),
        effects=effects,
    )
    return conclude(s, ctx, opened, [event], hand)


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
    opened = open_at(s, c.table)
    hand = rebuild(opened.log)
    substantial = is_substantial_action(hand)
    if c.exposed and c.irregularity is not None:
        raise TournamentError(
            "a misdeal is recorded for exposed cards or for a deal irregularity, not both",
            code="bad_misdeal",
            params={"exposed": list(c.exposed), "irregularity": c.irregularity.value},
        )
    rounds = rounds_of(opened.log.setup)
    dealt = rounds * len(deal_order(opened.log.setup))
    beyond = [p for p in c.exposed if p > dealt]
    if beyond:
        raise TournamentError(
            f"the deal had {dealt} cards ({rounds} to each seat dealt in): place {beyond[0]}"
            " is not in it",
            code="not_in_the_deal",
            params={"exposed": list(c.exposed), "cards_dealt": dealt},
        )
    if c.exposed:
        ruling = rule_exposed_on_deal(s.rules, positions=c.exposed)
    elif c.irregularity is not None:
        ruling = rule_deal_irregularity(s.rules, c.irregularity, substantial_action=substantial)
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
        ruling=note_of(ruling),
        effects=effects,
        replace=c.exposed if ruling.outcome is Outcome.REPLACE_CARD else (),
    )
    return conclude(s, ctx, opened, [event], hand)


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
    opened = open_at(s, c.table)
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
    opened = open_at(s, c.table)
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
    effects = act_effects(seat, action, c.dead_chips)
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
    return conclude(s, ctx, opened, [event], hand)


# --- folds ------------------------------------------------------------------------------------


for _step in (DeadHandRuled, MisdealRecorded, ReplacementCardDealt, TableRulingOverridden):
    folds(_step)(fold_step)
overrides_steps(TableRulingOverridden)
checks_the_deal(no_replacement_pending)


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
    game: Game = Game.HOLDEM
    structure: BettingStructure = BettingStructure.NO_LIMIT
    pot_limit_to: int | None = None
    """In pot-limit, the most the player to act may bet or raise to by the pot (the call,
    then the pot: TDA 54), which the dealer tells (SLPT 19); None in no-limit and fixed-limit,
    where the dealer does not count the pot."""


def dealer_view(s: TournamentState, table: TableNo) -> DealerView:
    """What the dealer's device shows for the hand in play at ``table`` (nothing hidden is in
    it: the hole cards are at the table).

    Raises:
        TournamentError: no hand in play there, or it has no plan.
    """
    opened = open_at(s, table)
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
        game=Game(log.setup.game),
        structure=log.setup.betting,
        pot_limit_to=pot_limit_to(hand),
    )


# --- the log's lines --------------------------------------------------------------------------


@describes(DeadHandRuled)
def _dead_hand(e: DeadHandRuled, s: TournamentState) -> str:
    return (
        f"{hand_at(e.hand_id, e.table)}: a dead hand called on {who(s, e.hand_id, e.seat)}: "
        f"{ruling_words(s, e.hand_id, e.ruling, seat=e.seat, chips_in=False)}"
    )


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
    return f"{hand_at(e.hand_id, e.table)}: {fault}: {cited(message, e.ruling.rules)}"


@describes(ReplacementCardDealt)
def _replacement(e: ReplacementCardDealt, s: TournamentState) -> str:
    """Each exposed card replaced, for whom; the exposed card is the burn card (KY 19)."""
    given = joined(
        [
            f"{who(s, e.hand_id, seat)} for the {ordinal(place)} card of the deal"
            for place, seat in zip(e.places, e.seats, strict=True)
        ]
    )
    burn = "card is the burn card" if len(e.places) == 1 else "cards are the burn cards"
    rules = f" ({', '.join(e.rules)})" if e.rules else ""
    return (
        f"{hand_at(e.hand_id, e.table)}: the deal complete, a new card to {given}; the"
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
    pid = None if seat is None else player_in_hand(s, e.hand_id, seat)
    whose = f"seat {seat}" if pid is None else name_of(s, pid)
    on = "" if seat is None else f" on {whose}'s action"
    instead = ", ".join(_effect_words(effect) for effect in e.effects) or "nothing"
    return (
        f"{hand_at(e.hand_id, e.table)}: the director overrides the ruling{on} (TDA 1): "
        f"{e.reason}; ruled instead: {instead}"
    )


__all__ = [
    "ConfirmReplacementCard",
    "DeadHandRuled",
    "DealerView",
    "KillHand",
    "MisdealRecorded",
    "OverrideTableRuling",
    "RecordMisdeal",
    "ReplacementCardDealt",
    "SeatLine",
    "TableRulingOverridden",
    "deal_order",
    "dealer_view",
    "is_substantial_action",
    "no_replacement_pending",
    "pending_replacements",
    "rounds_of",
    "seat_of_place",
]
