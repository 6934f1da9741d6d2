"""The dealer's device: the phone page on which a live table's dealer records each hand (issue 16).

``GET /t/{stream}/table/{table}/dealer`` is the page and
``GET /api/tournaments/{stream}/tables/{table}/recorded`` what it shows, both for the table's
token or the director's session: the hand in play as
`pitboss.tournament.features.table_rulings.dealer_view` has it (the seats with their players' names,
stacks and bets, the pots and side pots with the seats in each, whose turn and the call, the last
ruling with its rules, the options a ruling
leaves, the exposed cards to replace: KY 19), or, with no hand in play, the table's players and
the hand id the device proposes for the next one; and the level's blinds and ante.

The page sends what the dealer sees through the table's own command address
(``api.TABLE_COMMANDS``: the hand's start and its records, at its own table only); the
director's override of a ruling (``override_table_ruling``, TDA 1) goes through the director's
address with the session's CSRF token. Nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pitboss.errors import TournamentError
from pitboss.ids import HandId, TableNo
from pitboss.rulings import DeadHandCause, DealIrregularity
from pitboss.server import view_json
from pitboss.server.deps import AuthDep, HubDep, OptionalSessionDep, table_token
from pitboss.server.hub import Hub
from pitboss.server.pages import device_refused, render
from pitboss.server.play_models import RecordedView
from pitboss.tournament.features.recorded_hands import recorded_log
from pitboss.tournament.features.table_rulings import (
    DealerView,
    TableRulingOverridden,
    deal_order,
    dealer_view,
)
from pitboss.tournament.model.recorded_steps import EffectKind, RecordedLog, RulingNote
from pitboss.tournament.state import Phase, TournamentState

router = APIRouter()

DEAD_HAND_CAUSES = [(c.value, c.value.replace("_", " ")) for c in DeadHandCause]
"""The causes of a dead hand the page offers (THC 6, 17, 36; SLPT 6, 17)."""
IRREGULARITIES = [(i.value, i.value.replace("_", " ")) for i in DealIrregularity]
"""The deal irregularities the page offers (TDA 35A, THC 51)."""


def next_hand_id(state: TournamentState, table: int) -> HandId:
    """The id the device proposes for the table's next hand: ``t1-h4`` for the fourth hand
    started at table 1, past any id already taken (the server refuses a duplicate)."""
    number = 1 + sum(1 for h in state.hands.values() if h.table == table)
    while HandId(f"t{table}-h{number}") in state.hands:
        number += 1
    return HandId(f"t{table}-h{number}")


def _players(state: TournamentState, table: int) -> list[dict[str, Any]]:
    seats = state.tables.get(TableNo(table))
    if seats is None:
        return []
    return [
        {
            "seat": seat,
            "player_id": pid,
            "name": state.players[pid].name,
            "chips": state.players[pid].chips,
        }
        for seat, pid in sorted(seats.seats.items())
    ]


def _overridden(log: RecordedLog) -> dict[str, Any] | None:
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
    return {"reason": last.reason, "instead": ", ".join(instead) or "nothing"}


def _hand(state: TournamentState, view: DealerView) -> dict[str, Any]:
    """The hand in play as the page draws it (names from the state, positions from the
    hand's setup)."""
    log = recorded_log(state, view.hand_id)
    setup = log.setup
    positions = {setup.button: "D"}
    if setup.small_blind_seat is not None:
        positions[setup.small_blind_seat] = positions.get(setup.small_blind_seat, "") + "SB"
    positions[setup.big_blind_seat] = "BB"
    names = {line.seat: state.players[line.player_id].name for line in view.seats}
    note = view.last_ruling
    return {
        "hand_id": view.hand_id,
        "street": view.street.value,
        "board": view.board,
        "seats": [
            {
                "seat": line.seat,
                "player_id": line.player_id,
                "name": names[line.seat],
                "stack": line.stack,
                "bet": line.bet,
                "is_in": line.is_in,
                "is_all_in": line.is_all_in,
                "is_actor": line.seat == view.actor,
                "position": positions.get(line.seat, ""),
            }
            for line in sorted(view.seats, key=lambda line: line.seat)
        ],
        "pots": [
            {"index": pot.index, "amount": pot.amount, "eligible": list(pot.eligible)}
            for pot in view.pots
        ],
        "actor": view.actor,
        "actor_name": None if view.actor is None else names.get(view.actor),
        "to_call": view.to_call,
        "min_raise_to": view.min_raise_to,
        "max_raise_to": view.max_raise_to,
        "awaiting_award": view.awaiting_award,
        "options": list(view.options),
        "held": list(view.held),
        "last_ruling": None
        if note is None
        else {
            "outcome": note.outcome.value,
            "message": note.message,
            "rules": list(note.rules),
            "returned": note.returned,
            "owed": note.owed,
            "forfeited": note.forfeited,
            "infraction": None if note.infraction is None else note.infraction.value,
            "sanction": None if note.sanction is None else note.sanction.value,
            "overridden": _overridden(log),
        },
        "replacements": [
            {
                "place": r.place,
                "seat": r.seat,
                "name": names.get(r.seat, ""),
                "rules": list(r.rules),
            }
            for r in view.replacements
        ],
        "deal_order": list(deal_order(setup)),
        "button": setup.button,
        "small_blind": setup.small_blind,
        "big_blind": setup.big_blind,
        "ante": setup.ante,
        "chip_unit": setup.chip_unit,
    }


def recorded_view(
    state: TournamentState, now: int, table: int, *, stream: str, seq: int
) -> dict[str, Any]:
    """What the dealer's device shows at ``table``: the hand in play (``hand``; None with no
    hand in play, ``hand_error`` when the hand cannot be recorded), the table's players, the
    level's blinds and ante, and ``next_hand_id``."""
    now = view_json.shown_at(state, now)
    clock = view_json.clock_payload(state, now)
    seats = state.tables.get(TableNo(table))
    out: dict[str, Any] = {
        "kind": "recorded",
        "stream": stream,
        "seq": seq,
        "server_now": now,
        "name": state.name,
        "house": state.rules.title,
        "phase": str(state.phase),
        "table": table,
        "exists": seats is not None,
        "button": None if seats is None else seats.button,
        "players": _players(state, table),
        "level": {
            key: clock[key]
            for key in ("label", "on_break", "small_blind", "big_blind", "ante", "ante_label")
        },
        "players_left": state.players_left,
        "hand": None,
        "hand_error": None,
        "next_hand_id": next_hand_id(state, table),
        "colour_up": view_json.table_colour_up(state, TableNo(table)),
        "counting": state.phase in (Phase.RUNNING, Phase.STOPPED),
    }
    if state.open_hands(TableNo(table)):
        try:
            out["hand"] = _hand(state, dealer_view(state, TableNo(table)))
        except TournamentError as error:  # a hand without a plan: nothing to record on
            out["hand_error"] = error.to_dict()
    return out


def _current(hub: Hub, stream: str, table: int) -> dict[str, Any]:
    state, seq = hub.tournament(stream).current()
    return recorded_view(state, hub.clock(), table, stream=stream, seq=seq)


@router.get("/api/tournaments/{stream}/tables/{table}/recorded", tags=["tables"])
def recorded(
    stream: str,
    table: int,
    request: Request,
    hub: HubDep,
    auth: AuthDep,
    session: OptionalSessionDep,
) -> RecordedView:
    """The hand in play at a table as its dealer's device shows it (its token or the
    director): seats, stacks, bets, pots and side pots, whose turn and the call, the last
    ruling with its rules; with no hand in play the players and the next hand's id."""
    if session is None:
        auth.check_table_token(stream, table, table_token(request))
    return RecordedView.model_validate(_current(hub, stream, table))


@router.get(
    "/t/{stream}/table/{table}/dealer",
    response_class=HTMLResponse,
    include_in_schema=False,
    name="dealer_page",
)
def dealer_page(
    request: Request,
    stream: str,
    table: int,
    hub: HubDep,
    auth: AuthDep,
    session: OptionalSessionDep,
) -> Response:
    """The dealer's device at a table (its token, or the director, who also sees the
    override form)."""
    token = table_token(request)
    refused = device_refused(request, auth, stream, table, token, signed_in=session is not None)
    if refused is not None:
        return refused
    return render(
        request,
        "dealer.html",
        stream=stream,
        table=table,
        token=token or auth.table_token(stream, table),
        csrf=None if session is None else session.csrf,
        is_director=session is not None,
        view=_current(hub, stream, table),
        causes=DEAD_HAND_CAUSES,
        irregularities=IRREGULARITIES,
    )
