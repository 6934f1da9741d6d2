"""Write a hand the engine dealt (its setup and events) as a PHH hand history.

The written hand replays to the same finishing stacks in pitboss (``replay_hand``) and in
PokerKit. Mapping (the inverse of ``pitboss.history.phh_replay``):
- Players are listed clockwise from the first seat left of the button (``p1``, the small blind
  when there is one) to the button; heads-up that is the big blind, then the button.
- ``antes`` are the antes each player actually paid; ``blinds_or_straddles`` the blinds and
  straddles each player owed (a short stack posts what it has, KY 10). Heads-up both lists are
  written reversed, as the PHH standard reads them.
- ``ante_trimming_status`` is true for per-player antes (they count like bets when side pots
  are formed) and false for a big-blind ante (dead money in the main pot, TDA RP-11).
- A hand killed at the deal (TDA 30/71C) is written as a fold when its turn comes, which is
  the same hand unless that turn would come when nobody else is left to act.
- Hole cards are written in full (the record is the dealer's, not a player's view); burned
  cards are not written (PHH does not list them); every table and muck at showdown is
  written as ``sm`` in the order it happened.
- The variant is the setup's game and betting structure (`pitboss.history.phh.variant_for`):
  ``NT`` and ``PO`` with ``min_bet``, ``FT`` and ``FO/8`` with ``small_bet`` and ``big_bet``.
  A fixed-limit raise cap other than the house default (one bet and four raises, SLPT 16) is
  written as the user field ``_raise_cap`` (``false`` once the tournament is heads-up and
  the cap is lifted), so pitboss replays the hand by the cap it was dealt under; PHH itself
  has no cap field, and PokerKit caps at one bet and three raises. A game and structure PHH
  has no variant for (pot-limit hold'em, no-limit Omaha, fixed-limit Omaha high, pot-limit
  Omaha high/low ...) is not written: `HistoryError` ``no_phh_variant`` says so. pitboss
  writes no variant code of its own and no ``_structure`` field beside ``NT``: a reader that
  does not know the field would read every bet of the hand under the wrong limits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pitboss.engine import (
    Acted,
    Action,
    ActionKind,
    BoardDealt,
    CardBurned,
    Hand,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandPhase,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    Posted,
    PostKind,
    decision_of,
)
from pitboss.engine.recorded import DeadChipsAdded, HandDeclaredDead, HandVoided, RecordedHand
from pitboss.engine.setup import first_left_of
from pitboss.errors import CardError, HistoryError, IllegalAction
from pitboss.history.phh import (
    RAISE_CAP_FIELD,
    MetaValue,
    PhhAction,
    PhhActionKind,
    PhhHand,
    variant_for,
)
from pitboss.history.phh_replay import DEFAULT_RAISE_CAP
from pitboss.rules.games import HOLE_CARDS, BettingStructure, Game


def phh_seat_order(setup: HandSetup) -> tuple[int, ...]:
    """The seats as PHH lists the players: clockwise from left of the button, button last."""
    seats = tuple(s.seat for s in setup.ordered_seats())
    start = first_left_of(seats, setup.button)
    return seats[start:] + seats[:start]


def _action(event: HandEvent, player: Mapping[int, int]) -> PhhAction | None:
    if isinstance(event, HoleCardsDealt):
        if event.cards is None:
            raise HistoryError(
                f"seat {event.seat}'s hole cards are hidden in this record: write the dealer's "
                "full record, not a player's view",
                code="hidden_card",
                params={"seat": event.seat},
            )
        return PhhAction(kind=PhhActionKind.DEAL_HOLE, player=player[event.seat], cards=event.cards)
    if isinstance(event, BoardDealt):
        return PhhAction(kind=PhhActionKind.DEAL_BOARD, cards=event.cards)
    if isinstance(event, Acted):
        p = player[event.seat]
        if event.kind is ActionKind.FOLD:
            return PhhAction(kind=PhhActionKind.FOLD, player=p)
        if event.kind in (ActionKind.CHECK, ActionKind.CALL):
            return PhhAction(kind=PhhActionKind.CHECK_OR_CALL, player=p)
        if event.kind in (ActionKind.BET, ActionKind.RAISE):
            return PhhAction(kind=PhhActionKind.BET_OR_RAISE_TO, player=p, amount=event.to)
        raise HistoryError(
            f"a {event.kind} in turn has no PHH form",
            code="bad_event",
            params={"kind": event.kind.value},
        )
    if isinstance(event, HandTabled):
        return PhhAction(
            kind=PhhActionKind.SHOW_OR_MUCK, player=player[event.seat], cards=event.cards
        )
    if isinstance(event, HandMucked):
        return PhhAction(kind=PhhActionKind.SHOW_OR_MUCK, player=player[event.seat], mucked=True)
    return None


def _not_expressible(seats: set[int], why: str) -> HistoryError:
    listed = ", ".join(str(s) for s in sorted(seats))
    return HistoryError(
        f"seat {listed} was dealt dead (TDA 30/71C) and PHH has no dead hands: written as a "
        f"fold in turn, {why}, so this hand cannot be written as PHH",
        code="not_expressible",
        params={"seats": sorted(seats), "reason": why},
    )


def _with_killed_hands_folding(setup: HandSetup, events: Sequence[HandEvent]) -> list[HandEvent]:
    """The record with each hand killed at the deal (TDA 30/71C) folded in turn instead.

    PHH has no dead hands, so a killed hand is written as a fold when its turn comes. That is
    the same hand unless the killed player's turn would come when nobody else is left to act
    (e.g. everyone else folds to a killed big blind): then the hand cannot be written.

    Raises:
        HistoryError: folding in turn does not give the recorded hand.
    """
    killed = {e.seat for e in events if isinstance(e, HandKilled)}
    if not killed:
        return list(events)
    live = setup._replace(seats=tuple(s._replace(killed=False) for s in setup.seats))
    hole = {e.seat: e.cards for e in events if isinstance(e, HoleCardsDealt) and e.cards}
    board = [c for e in events if isinstance(e, BoardDealt) for c in e.cards]
    burns = [e.card for e in events if isinstance(e, CardBurned) and e.card is not None]
    try:
        sim = Hand.from_cards(live, hole=hole, board=board, burns=burns)
        for event in events:
            decision = decision_of(event)
            if decision is None and isinstance(event, Acted):
                decision = Action(kind=event.kind, seat=event.seat)  # a timeout: fold or check
            if decision is None:
                continue
            _fold_killed(sim, killed)
            if not isinstance(event, Acted) and sim.phase is not HandPhase.SHOWDOWN:
                continue  # tabled by the dealer (all-in exposure, TDA 16), not a decision
            if sim.is_over:
                raise _not_expressible(killed, "the hand would end before the recorded actions")
            sim.apply(decision)
        _fold_killed(sim, killed)
    except (IllegalAction, CardError) as error:
        raise _not_expressible(killed, f"the recorded actions no longer fit ({error})") from error
    ended = [e for e in events if isinstance(e, HandEnded)]
    if not sim.is_over or dict(ended[-1].stacks) != sim.final_stacks:
        raise _not_expressible(killed, "the hand would end differently")
    return list(sim.events)


def _fold_killed(sim: Hand, killed: set[int]) -> None:
    while sim.phase is HandPhase.BETTING and sim.actor in killed:
        sim.fold()


def phh_from_hand(
    setup: HandSetup,
    events: Sequence[HandEvent],
    *,
    names: Mapping[int, str] | None = None,
    metadata: Mapping[str, MetaValue] | None = None,
) -> PhhHand:
    """The PHH hand history of a finished engine hand.

    ``names`` maps seats to the names written in ``players`` (default: each seat's player id);
    ``metadata`` adds other PHH fields (``event``, ``hand``, ``day`` ...). The seat numbers are
    written in ``seats``.

    Raises:
        HistoryError: the record is not a finished hand, hides cards, or holds something PHH
            cannot express (a game and structure PHH has no variant for, a hand killed at the
            deal whose fold in turn would change it, or a seat that posted without being dealt
            cards, THC 6).
    """
    variant_fields(setup)  # refused at once when PHH has no variant for the game
    undealt = sorted(s.seat for s in setup.seats if not s.dealt)
    if undealt:
        listed = ", ".join(str(s) for s in undealt)
        raise HistoryError(
            f"seat {listed} posted without being dealt cards (THC 6) and PHH deals every player "
            "it lists: this hand cannot be written as PHH",
            code="not_expressible",
            params={"seats": undealt},
        )
    events = list(events)
    ended = _ended(events)
    player = _players(setup)
    rest = _with_killed_hands_folding(setup, events)
    actions = [a for a in (_action(e, player) for e in rest) if a is not None]
    return _phh(setup, events, ended, actions, names=names, metadata=metadata)


def variant_fields(setup: HandSetup) -> tuple[str, dict[str, int], dict[str, MetaValue]]:
    """The PHH variant of the setup's game and structure, its bet sizes (``min_bet``, or
    ``small_bet`` and ``big_bet`` in fixed-limit) and the ``_raise_cap`` user field when the
    fixed-limit cap is not the house default.

    Raises:
        HistoryError: ``no_phh_variant``.
    """
    structure = setup.betting
    variant = variant_for(Game(setup.game), structure)
    if structure is not BettingStructure.FIXED_LIMIT:
        return variant, {"min_bet": setup.opening_bet}, {}
    small, big = setup.limit_bets
    cap = setup.raise_cap
    extra: dict[str, MetaValue] = {}
    if cap != DEFAULT_RAISE_CAP:
        extra[RAISE_CAP_FIELD] = False if cap is None else cap
    return variant, {"small_bet": small, "big_bet": big}, extra


def _players(setup: HandSetup) -> dict[int, int]:
    return {seat: i + 1 for i, seat in enumerate(phh_seat_order(setup))}


def _ended(events: Sequence[object]) -> HandEnded:
    ended = [e for e in events if isinstance(e, HandEnded)]
    if not ended:
        raise HistoryError(
            "the hand is not over: only a finished hand is written as PHH",
            code="hand_not_over",
            params={"events": len(events)},
        )
    return ended[-1]


def _phh(
    setup: HandSetup,
    events: Sequence[object],
    ended: HandEnded,
    actions: list[PhhAction],
    *,
    names: Mapping[int, str] | None,
    metadata: Mapping[str, MetaValue] | None,
) -> PhhHand:
    """The PHH hand of ``setup`` with these ``actions``: forced bets, stacks, players."""
    order = phh_seat_order(setup)
    n = len(order)
    player = _players(setup)
    antes = [0] * n
    blinds = [0] * n
    for post in setup.posting_plan():
        if post.kind is not PostKind.ANTE and post.amount > 0:
            blinds[player[post.seat] - 1] += post.amount
    anters = set()
    for event in events:
        if isinstance(event, Posted) and event.kind is PostKind.ANTE:
            antes[player[event.seat] - 1] += event.amount
            anters.add(event.seat)
    final = dict(ended.stacks)
    start = {s.seat: s.stack for s in setup.seats}
    names = names or {s.seat: s.player for s in setup.seats}
    if n == 2:
        antes.reverse()
        blinds.reverse()
    variant, bets, extra = variant_fields(setup)
    fields: dict[str, MetaValue] = {"seats": list(order), **extra}
    fields.update(metadata or {})
    return PhhHand(
        variant=variant,
        ante_trimming_status=len(anters) > 1,
        antes=tuple(antes),
        blinds_or_straddles=tuple(blinds),
        min_bet=bets.get("min_bet"),
        small_bet=bets.get("small_bet"),
        big_bet=bets.get("big_bet"),
        starting_stacks=tuple(start[s] for s in order),
        actions=tuple(actions),
        players=tuple(names[s] for s in order),
        finishing_stacks=tuple(final[s] for s in order),
        metadata=fields,
    )


def phh_from_recorded(
    hand: RecordedHand,
    *,
    names: Mapping[int, str] | None = None,
    metadata: Mapping[str, MetaValue] | None = None,
) -> PhhHand:
    """The PHH hand history of a finished hand a live dealer recorded (`RecordedHand`).

    Hole cards nobody showed are ``????``; the board is what the dealer entered; shown hands
    are ``sm``. PHH has no dead hands or dead money, so a dead hand (THC 36) is written as a
    fold with a comment where it happened (a fold out of turn, which a strict replay of the
    file does not take), and forfeited chips (THC 52) as a comment line; the finishing stacks
    are the hand's. A pot the dealer awarded without cards shown has no ``sm`` line.

    Raises:
        HistoryError: the hand is not over, was a misdeal (``voided``: no hand was played), a
            seat posted without being dealt cards (THC 6), or PHH has no variant for the game
            and structure (``no_phh_variant``).
    """
    setup = hand.setup
    variant_fields(setup)
    if not hand.is_over:
        raise HistoryError(
            "the hand is not over: only a finished hand is written as PHH",
            code="hand_not_over",
            params={"events": len(hand.record)},
        )
    if hand.is_voided:
        raise HistoryError(
            "the hand was a misdeal (TDA 35): every chip went back and no hand was played",
            code="voided",
            params={"events": len(hand.record)},
        )
    undealt = sorted(s.seat for s in setup.seats if not s.dealt)
    if undealt:
        raise HistoryError(
            f"seat {', '.join(map(str, undealt))} posted without being dealt cards (THC 6) and"
            " PHH deals every player it lists: this hand cannot be written as PHH",
            code="not_expressible",
            params={"seats": undealt},
        )
    record = hand.record
    player = _players(setup)
    actions: list[PhhAction] = []
    for event in record:
        if isinstance(event, HoleCardsDealt) and event.cards is None:
            actions.append(
                PhhAction(
                    kind=PhhActionKind.DEAL_HOLE,
                    player=player[event.seat],
                    cards=(None,) * HOLE_CARDS[Game(setup.game)],
                )
            )
        elif isinstance(event, HandDeclaredDead):
            actions.append(
                PhhAction(
                    kind=PhhActionKind.FOLD,
                    player=player[event.seat],
                    comment=f"dead hand: {event.cause.replace('_', ' ')}",
                )
            )
        elif isinstance(event, HandKilled):
            actions.append(
                PhhAction(kind=PhhActionKind.FOLD, player=player[event.seat], comment="dealt dead")
            )
        elif isinstance(event, DeadChipsAdded):
            actions.append(
                PhhAction(
                    kind=PhhActionKind.COMMENT,
                    comment=f"p{player[event.seat]} forfeits {event.amount} to the pot (THC 52)",
                )
            )
        elif isinstance(event, HandVoided):
            continue  # (refused above)
        else:
            action = _action(event, player)
            if action is not None:
                actions.append(action)
    return _phh(setup, record, _ended(record), actions, names=names, metadata=metadata)
