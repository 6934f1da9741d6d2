"""What the dealer's device shows at a live table (issue 16), as typed values the server only
serialises (issue 27).

`dealer_screen` is the whole view: the hand in play as
`pitboss.tournament.features.table_rulings.dealer_view` has it (the seats with their players'
names, stacks and bets, the pots and side pots with the seats in each, whose turn and the call,
the last ruling with its rules and the director's override of it (TDA 1), the options a ruling
leaves, the exposed cards to replace: KY 19), or, with no hand in play, the table's players and
the hand id the device proposes for the next one; and the level's blinds and ante; the hand's
game and betting structure, and in pot-limit only the pot-limit maximum the dealer tells the
player to act (SLPT 19, TDA 54; issue 30). Nothing
hidden is in it (the hole cards are at the table) and nothing private (THC 1): names and chips.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pitboss.errors import TournamentError
from pitboss.ids import HandId, TableNo
from pitboss.rules.games import BettingStructure, Game, game_name
from pitboss.tournament.features.recorded_hands import recorded_log
from pitboss.tournament.features.table_rulings import (
    DealerView,
    TableRulingOverridden,
    deal_order,
    dealer_view,
    rounds_of,
)
from pitboss.tournament.model.recorded_steps import EffectKind, RecordedLog, RulingNote
from pitboss.tournament.reading.screens import TableColourUp, TablePlayer, table_colour_up
from pitboss.tournament.reading.views import clock_screen, shown_at
from pitboss.tournament.state import Phase, TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerSeat:
    """A seat as the device draws it: its player, stack and bet, in or all-in, to act, and
    its position (``D``, ``SB``, ``BB``, ``DSB`` heads-up)."""

    seat: int
    player_id: str
    name: str
    stack: int
    bet: int
    is_in: bool
    is_all_in: bool
    is_actor: bool
    position: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerPot:
    """A pot, numbered (0 the main pot, then the side pots: TDA 21), and the seats in it."""

    index: int
    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Overridden:
    """The director's override of the ruling shown (TDA 1): the reason and what was done."""

    reason: str
    instead: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LastRuling:
    """The last ruling, with its rules, the chips it moved (THC 52, 53) and any override."""

    outcome: str
    message: str
    rules: tuple[str, ...]
    returned: int
    owed: int
    forfeited: int
    infraction: str | None
    sanction: str | None
    overridden: Overridden | None
    seat: int | None = None
    """The seat the ruling was on, so the table knows who owes or gets back the chips."""
    name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplacementLine:
    """A card exposed on the deal to replace (KY 19, TDA 35A): its place, seat and player."""

    place: int
    seat: int
    name: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordedHandScreen:
    """The hand in play as the device draws it."""

    hand_id: str
    street: str
    board: str
    seats: tuple[DealerSeat, ...]
    pots: tuple[DealerPot, ...]
    actor: int | None
    actor_name: str | None
    to_call: int
    min_raise_to: int | None
    max_raise_to: int | None
    awaiting_award: bool
    options: tuple[str, ...]
    held: tuple[int, ...]
    last_ruling: LastRuling | None
    replacements: tuple[ReplacementLine, ...]
    deal_order: tuple[int, ...]
    button: int
    small_blind: int
    big_blind: int
    ante: int
    chip_unit: int
    game: str = "holdem"
    structure: str = "no_limit"
    pot_limit_to: int | None = None
    """Pot-limit only: the most the player to act may bet or raise to by the pot (SLPT 19)."""
    hole_cards: int = 2
    """The cards dealt to each seat (four in Omaha): the rounds of the deal, the cards shown."""
    game_name: str = ""
    """The game as a player says it ("Pot-Limit Omaha"); "" for No-Limit Hold'em, so a
    No-Limit Hold'em night's device is as it was."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerLevel:
    """The level's blinds and ante as the device shows them."""

    label: str
    on_break: bool
    small_blind: int
    big_blind: int
    ante: int
    ante_label: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HandError:
    """Why the hand in play cannot be recorded on the device (a hand without a plan)."""

    code: str
    params: Mapping[str, Any]
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealerScreen:
    """What the dealer's device shows at a table (``kind`` ``"recorded"``)."""

    kind: str
    stream: str
    seq: int
    server_now: int
    name: str
    house: str
    phase: str
    table: int
    exists: bool
    button: int | None
    players: tuple[TablePlayer, ...]
    level: DealerLevel
    players_left: int
    hand: RecordedHandScreen | None
    hand_error: HandError | None
    next_hand_id: str
    colour_up: TableColourUp | None
    counting: bool


def next_hand_id(state: TournamentState, table: int) -> HandId:
    """The id the device proposes for the table's next hand: ``t1-h4`` for the fourth hand
    started at table 1, past any id already taken (the director refuses a duplicate)."""
    number = 1 + sum(1 for h in state.hands.values() if h.table == table)
    while HandId(f"t{table}-h{number}") in state.hands:
        number += 1
    return HandId(f"t{table}-h{number}")


def _players(state: TournamentState, table: int) -> tuple[TablePlayer, ...]:
    seats = state.tables.get(TableNo(table))
    if seats is None:
        return ()
    return tuple(
        TablePlayer(
            seat=seat, player_id=pid, name=state.players[pid].name, chips=state.players[pid].chips
        )
        for seat, pid in sorted(seats.seats.items())
    )


def _overridden(log: RecordedLog) -> Overridden | None:
    """The director's override of the ruling the device shows (TDA 1): the reason and what
    was done instead, or None."""
    shown = max(
        (i for i, s in enumerate(log.steps) if isinstance(getattr(s, "ruling", None), RulingNote)),
        default=-1,
    )
    found = [s for s in log.steps if isinstance(s, TableRulingOverridden) and s.step == shown]
    if not found:
        return None
    last = found[-1]
    instead = []
    for effect in last.effects:
        if effect.kind is EffectKind.DEAD_CHIPS:
            instead.append(f"{effect.amount or 0:,} forfeited to the pot")
        elif effect.action is not None:
            to = "" if effect.amount is None else f" to {effect.amount:,}"
            instead.append(f"{effect.action.value}{to}")
    return Overridden(reason=last.reason, instead=", ".join(instead) or "nothing")


def _last_ruling(
    note: RulingNote | None, log: RecordedLog, names: Mapping[int, str]
) -> LastRuling | None:
    if note is None:
        return None
    step = next((e for e in reversed(log.steps) if getattr(e, "ruling", None) is note), None)
    seat = getattr(step, "seat", None)
    seat = seat if isinstance(seat, int) else None
    return LastRuling(
        seat=seat,
        name=None if seat is None else names.get(seat),
        outcome=note.outcome.value,
        message=note.message,
        rules=note.rules,
        returned=note.returned,
        owed=note.owed,
        forfeited=note.forfeited,
        infraction=None if note.infraction is None else note.infraction.value,
        sanction=None if note.sanction is None else note.sanction.value,
        overridden=_overridden(log),
    )


def recorded_hand(state: TournamentState, view: DealerView) -> RecordedHandScreen:
    """The hand in play as the device draws it (names from the state, positions from the
    hand's setup)."""
    log = recorded_log(state, view.hand_id)
    setup = log.setup
    positions = {setup.button: "D"}
    if setup.small_blind_seat is not None:
        positions[setup.small_blind_seat] = positions.get(setup.small_blind_seat, "") + "SB"
    positions[setup.big_blind_seat] = "BB"
    names = {line.seat: state.players[line.player_id].name for line in view.seats}
    return RecordedHandScreen(
        hand_id=view.hand_id,
        street=view.street.value,
        board=view.board,
        seats=tuple(
            DealerSeat(
                seat=line.seat,
                player_id=line.player_id,
                name=names[line.seat],
                stack=line.stack,
                bet=line.bet,
                is_in=line.is_in,
                is_all_in=line.is_all_in,
                is_actor=line.seat == view.actor,
                position=positions.get(line.seat, ""),
            )
            for line in sorted(view.seats, key=lambda line: line.seat)
        ),
        pots=tuple(
            DealerPot(index=pot.index, amount=pot.amount, eligible=tuple(pot.eligible))
            for pot in view.pots
        ),
        actor=view.actor,
        actor_name=None if view.actor is None else names.get(view.actor),
        to_call=view.to_call,
        min_raise_to=view.min_raise_to,
        max_raise_to=view.max_raise_to,
        awaiting_award=view.awaiting_award,
        options=view.options,
        held=view.held,
        last_ruling=_last_ruling(view.last_ruling, log, names),
        replacements=tuple(
            ReplacementLine(place=r.place, seat=r.seat, name=names.get(r.seat, ""), rules=r.rules)
            for r in view.replacements
        ),
        deal_order=deal_order(setup),
        button=setup.button,
        small_blind=setup.small_blind,
        big_blind=setup.big_blind,
        ante=setup.ante,
        chip_unit=setup.chip_unit,
        game=view.game.value,
        structure=view.structure.value,
        pot_limit_to=view.pot_limit_to,
        hole_cards=rounds_of(setup),
        game_name=_game_name(view),
    )


def _game_name(view: DealerView) -> str:
    """The hand's game and structure in a player's words, "" for No-Limit Hold'em."""
    if view.game is Game.HOLDEM and view.structure is BettingStructure.NO_LIMIT:
        return ""
    return game_name(view.game, view.structure)


def dealer_screen(
    state: TournamentState, now: int, table: int, *, stream: str, seq: int
) -> DealerScreen:
    """What the dealer's device shows at ``table``: the hand in play (``hand``; None with no
    hand in play, ``hand_error`` when the hand cannot be recorded), the table's players, the
    level's blinds and ante, and ``next_hand_id``; shown at `shown_at`, never before the log's
    last event."""
    now = shown_at(state, now)
    clock = clock_screen(state, now)
    seats = state.tables.get(TableNo(table))
    hand: RecordedHandScreen | None = None
    hand_error: HandError | None = None
    if state.open_hands(TableNo(table)):
        try:
            hand = recorded_hand(state, dealer_view(state, TableNo(table)))
        except TournamentError as error:  # a hand without a plan: nothing to record on
            hand_error = HandError(
                code=error.code, params=dict(error.params), message=error.message
            )
    return DealerScreen(
        kind="recorded",
        stream=stream,
        seq=seq,
        server_now=now,
        name=state.name,
        house=state.rules.title,
        phase=str(state.phase),
        table=table,
        exists=seats is not None,
        button=None if seats is None else seats.button,
        players=_players(state, table),
        level=DealerLevel(
            label=clock.label,
            on_break=clock.on_break,
            small_blind=clock.small_blind,
            big_blind=clock.big_blind,
            ante=clock.ante,
            ante_label=clock.ante_label,
        ),
        players_left=state.players_left,
        hand=hand,
        hand_error=hand_error,
        next_hand_id=next_hand_id(state, table),
        colour_up=table_colour_up(state, TableNo(table)),
        counting=state.phase in (Phase.RUNNING, Phase.STOPPED),
    )


__all__ = [
    "DealerLevel",
    "DealerPot",
    "DealerScreen",
    "DealerSeat",
    "HandError",
    "LastRuling",
    "Overridden",
    "RecordedHandScreen",
    "ReplacementLine",
    "dealer_screen",
    "next_hand_id",
    "recorded_hand",
]
