"""The dealer's device: the phone page on which a live table's dealer records each hand (issue 16).

``GET /t/{stream}/table/{table}/dealer`` is the page and
``GET /api/tournaments/{stream}/tables/{table}/recorded`` what it shows, both for the table's
token or the director's session: built below the server
(`pitboss.tournament.reading.dealer_screen`, typed values this module only serialises) from the
hand in play as `pitboss.tournament.features.table_rulings.dealer_view` has it (the seats with
their players' names, stacks and bets, the pots and side pots with the seats in each, whose turn
and the call, the last ruling with its rules, the options a ruling leaves, the exposed cards to
replace: KY 19), or, with no hand in play, the table's players and the hand id the device
proposes for the next one; and the level's blinds and ante.

The page sends what the dealer sees through the table's own command address
(``api.TABLE_COMMANDS``: the hand's start and its records, at its own table only); the
director's override of a ruling (``override_table_ruling``, TDA 1) goes through the director's
address with the session's CSRF token. Nothing here decides a rule.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pitboss.rulings import DeadHandCause, DealIrregularity
from pitboss.server import view_json
from pitboss.server.deps import AuthDep, HubDep, OptionalSessionDep, table_token
from pitboss.server.hub import Hub
from pitboss.server.pages import device_refused, render
from pitboss.server.play_models import RecordedView
from pitboss.tournament.reading.dealer_screen import dealer_screen
from pitboss.tournament.state import TournamentState

router = APIRouter()

DEAD_HAND_CAUSES = [(c.value, c.value.replace("_", " ")) for c in DeadHandCause]
"""The causes of a dead hand the page offers (THC 6, 17, 36; SLPT 6, 17)."""
IRREGULARITIES = [(i.value, i.value.replace("_", " ")) for i in DealIrregularity]
"""The deal irregularities the page offers (TDA 35A, THC 51)."""


def recorded_view(
    state: TournamentState, now: int, table: int, *, stream: str, seq: int
) -> dict[str, Any]:
    """What the dealer's device shows at ``table`` (`dealer_screen.dealer_screen`), as JSON."""
    out: dict[str, Any] = view_json.plain(dealer_screen(state, now, table, stream=stream, seq=seq))
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
