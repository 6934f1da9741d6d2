"""The board, the showdown and the pots of a hand recorded by a live dealer: the board cards
so far (`RecordBoard`), the cards shown at showdown, read by pitboss (`RecordShowdown`: cards
speak, KY 15, THC 49; a hand still in and not shown concedes), or the winners of each pot as
the dealer names them (`AwardPots`, TDA 21). The hand is rebuilt and concluded by
`pitboss.tournament.features.recorded_hands`; when it is over, it is finished there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pitboss.ids import HandId
from pitboss.tournament.features.recorded_hands import (
    conclude,
    fold_step,
    no_choice_pending,
    open_at,
    pots_of,
    rebuild,
)
from pitboss.tournament.features.table_rulings import no_replacement_pending
from pitboss.tournament.model.fields import SeatNumber, TableNumber
from pitboss.tournament.model.recorded_steps import Effect, EffectKind, ShownHand, hand_at, who
from pitboss.tournament.model.words import joined
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState
from pitboss.validation import MAY_BE_BLANK

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoard(Command):
    """The board cards on the table so far, in order (``"Ah Kd 7c"``, then ``"Ah Kd 7c 2s"``)."""

    table: TableNumber
    cards: str


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


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardRecorded(Event):
    """The dealer entered the board cards so far."""

    at: int
    hand_id: HandId
    table: int
    cards: str
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


# --- deciding ---------------------------------------------------------------------------------


@handles(RecordBoard)
def _record_board(s: TournamentState, c: RecordBoard, ctx: Context) -> list[Event]:
    """The board cards so far (`RecordedHand.enter_board`).

    Raises:
        TournamentError: no hand in play, a choice pending, or an exposed card still to
            replace (``replacement_pending``, KY 19).
        IllegalAction: cards that are not the board so far.
        CardError: text that is not cards.
    """
    opened = open_at(s, c.table)
    no_choice_pending(opened.log, "enter the board")
    no_replacement_pending(opened.log, "enter the board")
    effect = Effect(kind=EffectKind.BOARD, cards=c.cards)
    hand = rebuild(opened.log, effect)
    event = BoardRecorded(
        at=ctx.now,
        hand_id=opened.record.hand_id,
        table=opened.record.table,
        cards=c.cards,
        effects=(effect,),
    )
    return conclude(s, ctx, opened, [event], hand)


@handles(AwardPots)
def _award_pots(s: TournamentState, c: AwardPots, ctx: Context) -> list[Event]:
    """The winners of each pot as the dealer names them (TDA 20, 21), then the hand's end.

    Raises:
        TournamentError: no hand in play, or a choice pending.
        IllegalAction: not awaiting an award, or winners not eligible (see
            `RecordedHand.verify_award`).
    """
    opened = open_at(s, c.table)
    no_choice_pending(opened.log, "award the pots")
    effect = Effect(kind=EffectKind.AWARD, winners=c.winners)
    hand = rebuild(opened.log, effect)
    event = PotsAwardedAtTable(
        at=ctx.now, hand_id=opened.record.hand_id, table=opened.record.table, effects=(effect,)
    )
    return conclude(s, ctx, opened, [event], hand)


@handles(RecordShowdown)
def _record_showdown(s: TournamentState, c: RecordShowdown, ctx: Context) -> list[Event]:
    """The cards shown and the board: pitboss reads the hands (cards speak: KY 15, THC 49).

    Raises:
        TournamentError: no hand in play, or a choice pending.
        IllegalAction: see `RecordedHand.read_hands`.
        CardError: text that is not cards.
    """
    opened = open_at(s, c.table)
    no_choice_pending(opened.log, "record the showdown")
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
    return conclude(s, ctx, opened, [event], hand)


# --- folds ------------------------------------------------------------------------------------


for _step in (BoardRecorded, PotsAwardedAtTable, ShowdownRecorded):
    folds(_step)(fold_step)


# --- the log's lines --------------------------------------------------------------------------

_STREETS = {3: "the flop", 4: "the turn", 5: "the river"}


@describes(BoardRecorded)
def _board(e: BoardRecorded, s: TournamentState) -> str:
    street = _STREETS.get(len(e.cards.replace(" ", "")) // 2)
    return f"{hand_at(e.hand_id, e.table)}: the board is {e.cards}" + (
        f" ({street})" if street else ""
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
            names = joined([who(s, e.hand_id, seat) for seat in seats])
            parts.append(f"{pot}, split between {names}" if len(seats) > 1 else f"{pot} to {names}")
    return f"{hand_at(e.hand_id, e.table)}: the dealer awards {'; '.join(parts)} (TDA 21)"


@describes(ShowdownRecorded)
def _showdown(e: ShowdownRecorded, s: TournamentState) -> str:
    shown = "; ".join(f"{who(s, e.hand_id, h.seat)} shows {h.cards}" for h in e.shown)
    board = f" on {e.board}" if e.board else ""
    return f"{hand_at(e.hand_id, e.table)}: {shown}{board} (cards speak: KY 15, THC 49)"


__all__ = [
    "AwardPots",
    "BoardRecorded",
    "PotsAwardedAtTable",
    "RecordBoard",
    "RecordShowdown",
    "ShowdownRecorded",
]
