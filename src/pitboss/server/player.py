"""What a software-dealt table shows, built for one recipient (issue 14).

The hand comes from `pitboss.live.hand_views` (`hand_view`: built from what that recipient may
see, never filtered after; TDA 28, THC 18, SLPT 15), below the server, which reaches into no
engine and runs no decider (issue 27). `player_view` adds the player's own seat and, in
turn, the legal actions with their exact amounts (the engine's ``legal_actions``), and the
chips for sale to that player now (`offers_of`: the director's own checks, never a second copy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_views import hand_view, legal_of
from pitboss.money import format_money
from pitboss.play.offers import OfferKind, rebuy_window
from pitboss.server import view_json
from pitboss.tournament.features.absence_and_clock import CallClock, call_clock
from pitboss.tournament.features.registration import check_add_on, check_declare_rebuy
from pitboss.tournament.model import windows
from pitboss.tournament.reading import screens
from pitboss.tournament.reading.views import as_of
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.dealt_table import TableRunner


def _allowed(check: Callable[[], object]) -> bool:
    """The director's own check (`check_declare_rebuy`, `check_add_on`, `call_clock`: TDA 29,
    KY 16, THC 15, SLPT 2) passes; nothing decided, nothing recorded."""
    try:
        check()
    except PitbossError:
        return False
    return True


def offers_of(state: TournamentState, player_id: PlayerId, now: int) -> list[dict[str, Any]]:
    """The chips ``player_id`` may buy now, with the exact price (buy-in part and fee together)
    and chips: a re-buy while its window is open and the house lets this player re-buy (KY 4;
    THC 1: below 16,000 chips; a busted player too, while re-buys are open), the add-on at its
    break (KY 5, THC 1).

    Whether each is allowed is the director's own check, run on the state without recording
    anything (`DeclareRebuy`, `AddOn`): the window (`pitboss.tournament.model.windows`), the
    eligibility and the limits are never written a second time here.

    A player declares a re-buy at their page (``"declares": True``): binding (THC 1, TDA 27).
    Declared during their hand, it is made when that hand ends, its chips added after the
    result (the software dealt the cards as the hand started: they could not play in it);
    between hands, it plays behind in the next hand dealt and is made when that hand ends, or
    by the director at the desk before (``Rebuy``); the money is the director's to collect.
    The add-on is bought at the director's desk (``"at_desk": True``): money is taken by the
    director, and the house's rules give no declared add-on.
    """
    player = state.players.get(player_id)
    if player is None:
        return []
    terms = state.rules.tournament
    shown = as_of(state, now)  # the clock at now, as the director would decide there
    out: list[dict[str, Any]] = []
    rebuys_open = windows.rebuy_closed_reason(state, now) is None  # the window, then the rest
    if rebuys_open and _allowed(lambda: check_declare_rebuy(shown, player_id, now)):
        price = terms.rebuy.price_cents + terms.rebuy.fee_cents
        window = rebuy_window(state, now)
        out.append(
            {
                "kind": OfferKind.REBUY.value,
                "price_cents": price,
                "chips": terms.rebuy.chips,
                "label": (
                    f"Re-buy {format_money(price, whole=True)} for {terms.rebuy.chips:,} chips"
                ),
                "declares": True,
                "at_desk": False,
                "minutes_left": None if window is None else window[0],
                "window_minutes": None if window is None else window[1],
                "eligible_below_chips": terms.rebuy.eligible_below_chips,
            }
        )
    if windows.add_on_pending(state) and _allowed(lambda: check_add_on(shown, player_id)):
        price = terms.add_on.price_cents + terms.add_on.fee_cents
        out.append(
            {
                "kind": OfferKind.ADD_ON.value,
                "price_cents": price,
                "chips": terms.add_on.chips,
                "label": (
                    f"Add-on {format_money(price, whole=True)} for {terms.add_on.chips:,} chips"
                ),
                "declares": False,
                "at_desk": True,
                "minutes_left": None,
                "window_minutes": None,
                "eligible_below_chips": None,
            }
        )
    return out


def _finish(state: TournamentState, player_id: PlayerId) -> dict[str, Any]:
    """An out player's finishing place (``first``, ``last``: shared places, TDA RP-8A) and the
    prize it is owed, from the results report; nothing while it has no place yet."""
    line = next((r for r in screens.results(state) if r.player_id == player_id), None)
    if line is None:
        return {}
    return {"place": {"first": line.first, "last": line.last}, "prize_cents": line.prize_cents}


def clock_call_of(
    state: TournamentState,
    runner: TableRunner | None,
    table: TableNo | None,
    player_id: PlayerId,
    now: int,
) -> dict[str, Any] | None:
    """The called clock at the player's table (on whom, until when) and whether this player
    may call it now on the player to act: the director's own check (``CallClock``: TDA 29 any
    player in the event; KY 16, THC 15, SLPT 2 a player at the table), run without recording
    anything. None away from a table."""
    if table is None:
        return None
    call = state.clock_calls.get(table)
    running = call is not None and now < call.expires_at
    turn = None if runner is None or runner.hand is None else runner.turn
    actor = None if turn is None else PlayerId(turn.view.player)
    can_call = (
        not running
        and actor is not None
        and actor != player_id
        and _allowed(
            lambda: call_clock(
                state, CallClock(table=table, player_id=actor, called_by=player_id), now
            )
        )
    )
    called_on = None if call is None or not running else call.player_id
    return {
        "can_call": can_call,
        "on": None if actor is None else state.players[actor].name,
        "called_on": None if called_on is None else state.players[called_on].name,
        "expires_at": call.expires_at if call is not None and running else None,
    }


def player_view(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    player_id: PlayerId,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> dict[str, Any]:
    """What ``player_id`` sees: their table (wherever balancing put them), own hole cards, and
    in turn the legal actions."""
    now = view_json.shown_at(state, now)
    seated = state.table_of(player_id)
    table = None if seated is None else seated.number
    seat = None if seated is None else seated.seat_of(player_id)
    runner = None if table is None else runners.get(table)
    hand = (
        hand_view(state, runner, table, seat=None, player=player_id) if table is not None else None
    )
    you: dict[str, Any] = {"player_id": player_id, "table": table, "seat": seat}
    player = state.players.get(player_id)
    if player is not None:
        you |= {
            "name": player.name,
            "status": str(player.status),
            "out": state.is_out(player_id),
            "chips": player.chips,
            "rebuys": player.rebuys,
            "add_ons": player.add_ons,
            "rebuy_declared": player.rebuy_declared,
            "in_hand": state.hand_of(player_id) is not None,
        }
        if state.is_out(player_id):
            you |= _finish(state, player_id)
    legal = None if hand is None else legal_of(runner, player_id)
    return {
        "kind": "player",
        "stream": stream,
        "server_now": now,
        "dealing": dealing,
        "you": you,
        "hand": hand,
        "legal": legal,
        "offers": offers_of(state, player_id, now),
        "clock_call": clock_call_of(state, runner, table, player_id, now),
        "clock": view_json.clock_payload(state, now),
    }


def spectator_view(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    table: TableNo,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> dict[str, Any]:
    """A public screen at ``table``: no hole card until it is shown."""
    now = view_json.shown_at(state, now)
    return {
        "kind": "spectator",
        "stream": stream,
        "server_now": now,
        "dealing": dealing,
        "table": table,
        "hand": hand_view(state, runners.get(table), table, seat=None),
        "clock": view_json.clock_payload(state, now),
    }


__all__ = [
    "clock_call_of",
    "offers_of",
    "player_view",
    "spectator_view",
]
