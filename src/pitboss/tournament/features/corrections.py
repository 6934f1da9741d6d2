"""The corrections a live night needs, each a command with its own event saying what changed.

- `RecordBust`: "Ann Lee busted at table 3, eliminated by Bo Chen": the director records the
  bust-out without typing every stack; the chips go to the eliminator (split equally with the
  winners of a split pot named in ``shared_with``, the odd chips to the first of them left of
  the button, TDA 20), and several players out on one hand are placed by their stacks when it
  began (KY 8d, THC 3). Who eliminated them is who collects their bounty (issue 29).
- `CorrectHand`: the stacks typed in for a finished hand were wrong: corrected, while it is the
  last hand at its table; a player it left with chips is back in, one it leaves with none out.
- `CorrectButton`: the button is in the wrong place (TDA 34A: fix it before substantial
  action; after that the hand stands and the button is not backed up): the next hand deals
  from the right button.
- `ResyncTable`: a table whose hands were not all entered: its stacks and button as counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pitboss.errors import SeatingError, TournamentError
from pitboss.frozen_map import frozen
from pitboss.ids import HandId, PlayerId, SeatNo, TableNo
from pitboss.money import split_amount
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.tournament import EqualStackBusts
from pitboss.table.seats import TableSeats
from pitboss.tournament.features.busts import PlayersBusted, back_in
from pitboss.tournament.features.tables import PlayerSeated, SeatReason, known_table, seat_newcomer
from pitboss.tournament.model.bounties import clockwise_from_button
from pitboss.tournament.model.eliminations import rank_busts, winners_of_hand
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.fields import SeatNumber, TableNumber
from pitboss.tournament.model.words import joined, name_of, stack_changes
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import (
    HandRecord,
    Phase,
    TournamentState,
    fold,
    names,
    player_in_play,
    with_players,
    with_table,
)

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBust(Command):
    """Players went out on one hand at ``table``, their chips won by ``eliminated_by``; with the
    winners of a split pot in ``shared_with``, who share the chips (and the bounty, issue 29)."""

    table: TableNumber
    busted: tuple[PlayerId, ...]
    eliminated_by: PlayerId
    shared_with: tuple[PlayerId, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectHand(Command):
    """Replace the stacks recorded for a finished hand with the right ones."""

    hand_id: HandId
    stacks: tuple[PlayerChips, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectButton(Command):
    """Put the button right at ``table``: the next hand is dealt with it in ``seat`` (TDA 34A)."""

    table: TableNumber
    seat: SeatNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class ResyncTable(Command):
    """A table whose hands were not all entered: every player's stack as counted, and where
    the button is now (None: leave it)."""

    table: TableNumber
    stacks: tuple[PlayerChips, ...]
    button: SeatNumber | None = None


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BustRecorded(Event):
    """Players out at ``table`` (their stacks before in ``busted``); ``eliminated_by`` won the
    ``chips``, or, a split pot, shared them with ``shared_with``: ``won`` is then each winner's
    part, clockwise from the button."""

    at: int
    table: TableNo
    busted: tuple[PlayerChips, ...]
    eliminated_by: PlayerId
    chips: int
    shared_with: tuple[PlayerId, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)
    won: tuple[PlayerChips, ...] = field(default=(), metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCorrected(Event):
    """A finished hand's stacks were corrected: ``before`` as they were recorded, ``stacks``
    as they are now."""

    at: int
    hand_id: HandId
    table: TableNo
    before: tuple[PlayerChips, ...]
    stacks: tuple[PlayerChips, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonCorrected(Event):
    """The button was put right at a table (TDA 34A): from ``was`` to ``seat``."""

    at: int
    table: TableNo
    seat: SeatNo
    was: SeatNo | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResynced(Event):
    """A table's stacks (``before`` -> ``stacks``) and button set as counted."""

    at: int
    table: TableNo
    before: tuple[PlayerChips, ...]
    stacks: tuple[PlayerChips, ...]
    button: SeatNo | None = None


# --- folds ------------------------------------------------------------------------------------


def _set_stacks(state: TournamentState, stacks: tuple[PlayerChips, ...]) -> TournamentState:
    players = state.players
    return with_players(
        state, {st.player_id: players[st.player_id]._replace(chips=st.chips) for st in stacks}
    )


@folds(BustRecorded)
def _bust_recorded(state: TournamentState, event: BustRecorded) -> TournamentState:
    zeros = tuple(PlayerChips(player_id=b.player_id, chips=0) for b in event.busted)
    state = _set_stacks(state, zeros)
    players = state.players
    won = event.won or (PlayerChips(player_id=event.eliminated_by, chips=event.chips),)
    return with_players(
        state,
        {
            w.player_id: players[w.player_id]._replace(chips=players[w.player_id].chips + w.chips)
            for w in won
        },
    )


@folds(HandCorrected)
def _hand_corrected(state: TournamentState, event: HandCorrected) -> TournamentState:
    state = _set_stacks(state, event.stacks)
    for st in event.stacks:
        if st.chips > 0:
            state = back_in(state, st.player_id)  # the hand did not put them out after all
    record = state.hands[event.hand_id]
    now = {st.player_id: st.chips for st in event.before}
    after = {st.player_id: st.chips for st in record.after}
    for st in event.stacks:
        was = now[st.player_id]
        after[st.player_id] = after.get(st.player_id, was) + st.chips - was
    record = record._replace(
        after=tuple(PlayerChips(player_id=p, chips=n) for p, n in after.items())
    )
    return state._replace(hands=frozen(state.hands).updated({event.hand_id: record}))


@folds(ButtonCorrected)
def _button_corrected(state: TournamentState, event: ButtonCorrected) -> TournamentState:
    table = state.tables[event.table]
    # dealt from this button as a first hand is: small and big blind the next two players
    return with_table(state, table._replace(button=event.seat, last=None, new=frozenset()))


@folds(TableResynced)
def _resynced(state: TournamentState, event: TableResynced) -> TournamentState:
    state = _set_stacks(state, event.stacks)
    if event.button is None:
        return state
    table = state.tables[event.table]
    return with_table(state, table._replace(button=event.button, last=None, new=frozenset()))


# --- checks -----------------------------------------------------------------------------------


def _running(s: TournamentState, what: str) -> None:
    if s.phase is not Phase.RUNNING:
        raise TournamentError(
            f"{what} is recorded while play is on; the tournament is {s.phase.value}",
            code="not_running",
            params={"phase": s.phase.value},
        )


def _idle_table(s: TournamentState, number: TableNo) -> TableSeats:
    table = known_table(s, number)
    if s.open_hands(number):
        raise SeatingError(
            f"table {number} has a hand in play: finish it first (FinishHand)",
            code="hand_in_play",
            params={"table": number},
        )
    return table


def _at_table(s: TournamentState, number: TableNo, players: tuple[PlayerId, ...]) -> None:
    if not s.is_seated:
        return
    table = known_table(s, number)
    strangers = [p for p in players if table.seat_of(p) is None]
    if strangers:
        raise SeatingError(
            f"{names(s, strangers)} not seated at table {number}; there: "
            f"{names(s, table.players())}",
            code="not_at_table",
            params={"table": number, "players": strangers},
        )


def _distinct(ids: list[PlayerId], what: str) -> None:
    if not ids or len(set(ids)) != len(ids):
        raise TournamentError(
            f"{what} lists each player once", code="bad_players", params={"players": ids}
        )


# --- handlers ---------------------------------------------------------------------------------


@handles(RecordBust)
def _record_bust(s: TournamentState, c: RecordBust, ctx: Context) -> list[Event]:
    _running(s, "a bust-out")
    _distinct(list(c.busted), "a bust-out")
    winners = (c.eliminated_by, *c.shared_with)
    if len(set(winners)) != len(winners) or set(winners) & set(c.busted):
        raise TournamentError(
            f"{names(s, winners)} cannot both go out and win the chips, and each winner is "
            "named once",
            code="bad_players",
            params={"players": list(c.busted), "eliminated_by": list(winners)},
        )
    busted = tuple(
        PlayerChips(player_id=pid, chips=player_in_play(s, pid).chips) for pid in c.busted
    )
    for pid in winners:
        player_in_play(s, pid)
    _at_table(s, c.table, (*c.busted, *winners))
    if s.is_seated:
        _idle_table(s, c.table)
    chips = sum(b.chips for b in busted)
    recorded = BustRecorded(
        at=ctx.now,
        table=c.table,
        busted=busted,
        eliminated_by=c.eliminated_by,
        chips=chips,
        shared_with=c.shared_with,
        won=_split_chips(s, c.table, winners, chips) if c.shared_with else (),
    )
    draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
    ranked = rank_busts(
        [(b.player_id, b.chips) for b in busted],
        draw_ties=draw_ties,
        rng=ctx.rng,
        eliminated_by=winners,
    )
    out = PlayersBusted(
        at=ctx.now,
        busts=ranked.busts,
        table=c.table,
        draw=ranked.draw,
        hand_for_hand_hand=s.hand_for_hand_hand if s.clock.hand_for_hand else None,
    )
    return ctx.settle(s, [recorded, out])


def _split_chips(
    s: TournamentState, table: TableNo, winners: tuple[PlayerId, ...], chips: int
) -> tuple[PlayerChips, ...]:
    """A split pot's chips shared equally, in the smallest chip in play, the odd chips to the
    first winners clockwise from the button (TDA 20)."""
    order = clockwise_from_button(s.tables.get(table), winners)
    unit = min(s.period.chips_in_play, default=1)
    parts = split_amount(chips, [1] * len(order), unit=unit if chips % unit == 0 else 1)
    return tuple(PlayerChips(player_id=p, chips=n) for p, n in zip(order, parts, strict=True))


def _last_hand_of(s: TournamentState, record: HandRecord) -> bool:
    """No hand since ``record`` has been dealt to any of its players (their stacks were not
    played on), and none is in play at its table."""
    if s.open_hands(record.table):
        return False
    players = set(record.players) | {st.player_id for st in record.after}
    seen = False
    for other in s.hands.values():
        if seen and (other.table == record.table or players.intersection(other.players)):
            return False
        seen = seen or other.hand_id == record.hand_id
    return True


@handles(CorrectHand)
def _correct_hand(s: TournamentState, c: CorrectHand, ctx: Context) -> list[Event]:
    _running(s, "a hand's correction")
    record = s.hands.get(c.hand_id)
    if record is None or not record.finished:
        raise TournamentError(
            f"hand {c.hand_id!r} is not a finished hand; only a finished hand's result can be "
            "corrected",
            code="hand_not_finished",
            params={"hand_id": c.hand_id},
        )
    if not _last_hand_of(s, record):
        raise TournamentError(
            f"hand {c.hand_id!r} has been played on: a later hand was dealt at table "
            f"{record.table} or to one of its players; count the table instead (ResyncTable)",
            code="hand_played_on",
            params={"hand_id": c.hand_id, "table": record.table},
        )
    given = [st.player_id for st in c.stacks]
    _distinct(given, "a hand's correction")
    in_hand = [
        *record.players,
        *(st.player_id for st in record.after if st.player_id not in record.players),
    ]
    strangers = [p for p in given if p not in in_hand]
    if strangers:
        raise TournamentError(
            f"{names(s, strangers)} did not play hand {c.hand_id!r}; its players: "
            f"{names(s, in_hand)}",
            code="bad_hand_result",
            params={"hand_id": c.hand_id, "players": in_hand},
        )
    # a stack the hand's result left out was not changed by it
    recorded = {p: s.players[p].chips for p in given}
    recorded.update((st.player_id, st.chips) for st in record.after if st.player_id in recorded)
    total = sum(recorded.values())
    if sum(st.chips for st in c.stacks) != total:
        raise TournamentError(
            f"chips are not conserved: hand {c.hand_id!r} left these players {total:,} chips, "
            f"the corrected stacks hold {sum(st.chips for st in c.stacks):,}",
            code="chips_not_conserved",
            params={"hand_id": c.hand_id, "before": total},
        )
    # what happened since (an add-on, a colour-up) stays: the correction moves the difference
    current = tuple(PlayerChips(player_id=p, chips=s.players[p].chips) for p in given)
    now_stacks = tuple(
        PlayerChips(
            player_id=st.player_id,
            chips=s.players[st.player_id].chips + st.chips - recorded[st.player_id],
        )
        for st in c.stacks
    )
    short = [st.player_id for st in now_stacks if st.chips < 0]
    if short:
        raise TournamentError(
            f"{names(s, short)} no longer hold the chips this correction takes from them; "
            "count the table instead (ResyncTable)",
            code="hand_played_on",
            params={"hand_id": c.hand_id, "players": short},
        )
    if now_stacks == current:
        raise TournamentError(
            f"hand {c.hand_id!r} already ended with these stacks: nothing to correct",
            code="nothing_to_correct",
            params={"hand_id": c.hand_id},
        )
    events: list[Event] = [
        HandCorrected(
            at=ctx.now, hand_id=c.hand_id, table=record.table, before=current, stacks=now_stacks
        )
    ]
    start = {st.player_id: st.chips for st in record.before}
    outs = [
        (st.player_id, start.get(st.player_id, recorded[st.player_id]))
        for st in now_stacks
        if st.chips == 0 and not s.is_out(st.player_id)
    ]
    if outs:
        draw_ties = s.rules.tournament.seating.equal_stack_busts is EqualStackBusts.CARD_DRAW
        # who won their chips: the players the corrected result leaves above their start
        won = winners_of_hand(
            {p: start.get(p, recorded[p]) for p in given},
            ((st.player_id, st.chips) for st in c.stacks),
        )
        ranked = rank_busts(outs, draw_ties=draw_ties, rng=ctx.rng, eliminated_by=won)
        events.append(
            PlayersBusted(
                at=ctx.now,
                busts=ranked.busts,
                hand_id=c.hand_id,
                table=record.table,
                draw=ranked.draw,
                hand_for_hand_hand=record.hand_for_hand_hand,
            )
        )
    back = [st.player_id for st in now_stacks if st.chips > 0 and s.is_out(st.player_id)]
    if back and s.is_seated:
        after = fold(s, events)
        seat_in_hand = dict(zip(record.players, record.seats, strict=True))
        for pid in back:
            table = after.tables.get(record.table)
            seat = seat_in_hand.get(pid)
            if table is not None and seat is not None and seat not in table.seats:
                # back in the seat the hand put them out of
                taken: list[Event] = [
                    PlayerSeated(
                        at=ctx.now,
                        player_id=pid,
                        table=record.table,
                        seat=seat,
                        reason=SeatReason.CORRECTION,
                    )
                ]
            else:
                taken = seat_newcomer(after, pid, ctx.now, ctx.rng, SeatReason.CORRECTION)
            events.extend(taken)
            after = fold(after, taken)
    return ctx.settle(s, events)


@handles(CorrectButton)
def _correct_button(s: TournamentState, c: CorrectButton, ctx: Context) -> list[Event]:
    _running(s, "a button correction")
    table = _idle_table(s, c.table)
    if c.seat not in table.seats:
        raise SeatingError(
            f"the button goes in front of a player: table {c.table} seat {c.seat} is empty; "
            f"occupied: {sorted(table.seats)}",
            code="button_seat_empty",
            params={"table": c.table, "seat": c.seat, "occupied": sorted(table.seats)},
        )
    was = table.last.button if table.last is not None else table.button
    return [
        ButtonCorrected(
            at=ctx.now, table=c.table, seat=c.seat, was=None if was is None else SeatNo(was)
        )
    ]


@handles(ResyncTable)
def _resync(s: TournamentState, c: ResyncTable, ctx: Context) -> list[Event]:
    _running(s, "a table's count")
    table = _idle_table(s, c.table)
    given = [st.player_id for st in c.stacks]
    _distinct(given, "a table's count")
    if sorted(given) != sorted(table.players()):
        raise TournamentError(
            f"a count of table {c.table} gives every player there: {names(s, table.players())}",
            code="bad_hand_result",
            params={"table": c.table, "players": list(table.players())},
        )
    if any(st.chips == 0 for st in c.stacks):
        raise TournamentError(
            "a count leaves every player with chips; record a player who went out with "
            "RecordBust first",
            code="bad_hand_result",
            params={"table": c.table},
        )
    before = tuple(PlayerChips(player_id=p, chips=s.players[p].chips) for p in given)
    total = sum(b.chips for b in before)
    if sum(st.chips for st in c.stacks) != total:
        raise TournamentError(
            f"chips are not conserved: table {c.table} holds {total:,} chips, the count "
            f"{sum(st.chips for st in c.stacks):,} (chips leave play only with a reason: "
            "RemoveChips)",
            code="chips_not_conserved",
            params={"table": c.table, "before": total},
        )
    if c.button is not None and c.button not in table.seats:
        raise SeatingError(
            f"the button goes in front of a player: table {c.table} seat {c.button} is empty",
            code="button_seat_empty",
            params={"table": c.table, "seat": c.button, "occupied": sorted(table.seats)},
        )
    return [
        TableResynced(at=ctx.now, table=c.table, before=before, stacks=c.stacks, button=c.button)
    ]


# --- the log's lines --------------------------------------------------------------------------


@describes(BustRecorded)
def _bust_recorded_line(e: BustRecorded, s: TournamentState) -> str:
    busted = joined([name_of(s, b.player_id) for b in e.busted])
    winner = name_of(s, e.eliminated_by)
    if e.won:
        names_ = joined([name_of(s, w.player_id) for w in e.won])
        parts = ", ".join(f"{w.chips:,} to {name_of(s, w.player_id)}" for w in e.won)
        return f"{busted} busted at table {e.table}, eliminated by {names_} (split pot: {parts})"
    return (
        f"{busted} busted at table {e.table}, eliminated by {winner} "
        f"({e.chips:,} chips to {winner})"
    )


@describes(HandCorrected)
def _hand_corrected_line(e: HandCorrected, s: TournamentState) -> str:
    return f"Hand {e.hand_id} at table {e.table} corrected: {stack_changes(s, e.before, e.stacks)}"


@describes(ButtonCorrected)
def _button_corrected_line(e: ButtonCorrected, s: TournamentState) -> str:
    if e.was is None:
        return f"Button at table {e.table} set to seat {e.seat} (TDA 34A)"
    return f"Button at table {e.table} corrected from seat {e.was} to seat {e.seat} (TDA 34A)"


@describes(TableResynced)
def _resynced_line(e: TableResynced, s: TournamentState) -> str:
    button = "" if e.button is None else f"; button at seat {e.button}"
    return f"Table {e.table} recounted: {stack_changes(s, e.before, e.stacks)}{button}"


__all__ = [
    "BustRecorded",
    "ButtonCorrected",
    "CorrectButton",
    "CorrectHand",
    "HandCorrected",
    "RecordBust",
    "ResyncTable",
    "TableResynced",
]
