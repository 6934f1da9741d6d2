"""What a player's page and a spectator's screen at a software-dealt table show (issue 14), as
typed values built below the server, which only serialises them (issue 27).

The hand comes from `pitboss.live.hand_views` (`dealt_hand`: built from what that recipient may
see, never filtered after; TDA 28, THC 18, SLPT 15). `player_screen` adds the player's own seat
and, in turn, the legal actions with their exact amounts, the chips for sale to that player now
(`offers_of`) and the called clock at their table (`clock_call_of`): whether each is allowed is
the director's own check (`check_declare_rebuy`, `check_add_on`, `check_call_clock`), asked
without deciding or recording anything: no view runs a decider or a handler. In a bounty event
it adds their bounty (`bounty_of`, issue 29). Nothing private of anyone (THC 1) is in either
view: names, chips, seats, places and bounties.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_views import DealtHand, Legal, dealt_hand, legal_of
from pitboss.money import format_money
from pitboss.play.offers import OfferKind, rebuy_window
from pitboss.tournament.features.absence_and_clock import CallClock, check_call_clock
from pitboss.tournament.features.registration import check_add_on, check_declare_rebuy
from pitboss.tournament.model import windows
from pitboss.tournament.reading import screens
from pitboss.tournament.reading.views import (
    ClockScreen,
    PlayerBounty,
    as_of,
    clock_screen,
    player_bounty,
    shown_at,
)
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.dealt_table import TableRunner


@dataclass(frozen=True, slots=True, kw_only=True)
class Offer:
    """Chips for sale to the player now: the exact price (buy-in part and fee together), the
    chips, whether it is declared at the page (``declares``) or bought at the desk
    (``at_desk``), and a re-buy's window and eligibility (KY 4, 5; THC 1)."""

    kind: OfferKind
    price_cents: int
    chips: int
    label: str
    declares: bool
    at_desk: bool
    minutes_left: int | None
    window_minutes: int | None
    eligible_below_chips: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Place:
    """A finishing place, ``first < last`` when shared (TDA RP-8A)."""

    first: int
    last: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Finish:
    """An out player's finishing place and the prize it is owed."""

    place: Place
    prize_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Standing:
    """The registered player's own standing: name, status, chips, re-buys and add-ons, a
    declared re-buy, and whether they are in the hand in play."""

    name: str
    status: str
    out: bool
    chips: int
    rebuys: int
    add_ons: int
    rebuy_declared: bool
    in_hand: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class You:
    """The player the page is for: table and seat (None away from one), their ``standing``
    (None for an id nobody registered) and, once out with a place, their ``finish``."""

    player_id: str
    table: int | None
    seat: int | None
    standing: Standing | None
    finish: Finish | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCallScreen:
    """The called clock at the player's table (on whom, until when) and whether this player may
    call it now on the player to act (TDA 29, KY 16, THC 15, SLPT 2)."""

    can_call: bool
    on: str | None
    called_on: str | None
    expires_at: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerScreen:
    """What one player sees (``kind`` ``"player"``)."""

    kind: str
    stream: str
    server_now: int
    dealing: bool
    you: You
    hand: DealtHand | None
    legal: Legal | None
    offers: tuple[Offer, ...]
    clock_call: ClockCallScreen | None
    clock: ClockScreen
    bounty: PlayerBounty | None = None  # in a bounty event, theirs (issue 29)


@dataclass(frozen=True, slots=True, kw_only=True)
class SpectatorScreen:
    """A public screen at a dealt table (``kind`` ``"spectator"``): no hole card until shown."""

    kind: str
    stream: str
    server_now: int
    dealing: bool
    table: int
    hand: DealtHand | None
    clock: ClockScreen


def _allowed(check: Callable[[], object]) -> bool:
    """The director's own check (`check_declare_rebuy`, `check_add_on`, `check_call_clock`:
    TDA 29, KY 16, THC 15, SLPT 2) passes; nothing decided, nothing recorded."""
    try:
        check()
    except PitbossError:
        return False
    return True


def offers_of(state: TournamentState, player_id: PlayerId, now: int) -> tuple[Offer, ...]:
    """The chips ``player_id`` may buy now, with the exact price and chips: a re-buy while its
    window is open and the house lets this player re-buy (KY 4; THC 1: below 16,000 chips; a
    busted player too, while re-buys are open), the add-on at its break (KY 5, THC 1).

    Whether each is allowed is the director's own check (`check_declare_rebuy`,
    `check_add_on`) on the clock at ``now`` (`as_of`): the window
    (`pitboss.tournament.model.windows`), the eligibility and the limits are never written a
    second time here.

    A player declares a re-buy at their page (``declares``): binding (THC 1, TDA 27).
    Declared during their hand, it is made when that hand ends, its chips added after the
    result (the software dealt the cards as the hand started: they could not play in it);
    between hands, it plays behind in the next hand dealt and is made when that hand ends, or
    by the director at the desk before (``Rebuy``); the money is the director's to collect.
    The add-on is bought at the director's desk (``at_desk``): money is taken by the
    director, and the house's rules give no declared add-on.
    """
    if player_id not in state.players:
        return ()
    terms = state.rules.tournament
    shown = as_of(state, now)  # the clock at now, as the director would decide there
    out: list[Offer] = []
    rebuys_open = windows.rebuy_closed_reason(state, now) is None  # the window, then the rest
    if rebuys_open and _allowed(lambda: check_declare_rebuy(shown, player_id, now)):
        price = terms.rebuy.price_cents + terms.rebuy.fee_cents
        window = rebuy_window(state, now)
        out.append(
            Offer(
                kind=OfferKind.REBUY,
                price_cents=price,
                chips=terms.rebuy.chips,
                label=f"Re-buy {format_money(price, whole=True)} for {terms.rebuy.chips:,} chips",
                declares=True,
                at_desk=False,
                minutes_left=None if window is None else window[0],
                window_minutes=None if window is None else window[1],
                eligible_below_chips=terms.rebuy.eligible_below_chips,
            )
        )
    if windows.add_on_pending(state) and _allowed(lambda: check_add_on(shown, player_id)):
        price = terms.add_on.price_cents + terms.add_on.fee_cents
        out.append(
            Offer(
                kind=OfferKind.ADD_ON,
                price_cents=price,
                chips=terms.add_on.chips,
                label=f"Add-on {format_money(price, whole=True)} for {terms.add_on.chips:,} chips",
                declares=False,
                at_desk=True,
                minutes_left=None,
                window_minutes=None,
                eligible_below_chips=None,
            )
        )
    return tuple(out)


def _finish(state: TournamentState, player_id: PlayerId) -> Finish | None:
    """An out player's finishing place (shared places, TDA RP-8A) and the prize it is owed,
    from the results report; None while it has no place yet."""
    line = next((r for r in screens.results(state) if r.player_id == player_id), None)
    if line is None:
        return None
    return Finish(place=Place(first=line.first, last=line.last), prize_cents=line.prize_cents)


def clock_call_of(
    state: TournamentState,
    runner: TableRunner | None,
    table: TableNo | None,
    player_id: PlayerId,
    now: int,
) -> ClockCallScreen | None:
    """The called clock at the player's table (on whom, until when) and whether this player
    may call it now on the player to act: the director's own check (`check_call_clock`: TDA
    29 any player in the event; KY 16, THC 15, SLPT 2 a player at the table), asked without
    deciding anything. None away from a table.

    The countdown is the runner's, never the call's own end: ``expires_at`` is the instant the
    table acts for the player (the turn's deadline: the called clock, or the action clock when
    it runs out first), and it shows only while the called decision is in play (issue 31: a
    notice said 1:09 while the table folded the player at 48 s, and stayed after the fold).
    """
    if table is None:
        return None
    call = state.clock_calls.get(table)
    running = call is not None and now < call.expires_at
    turn = None if runner is None or runner.hand is None else runner.turn
    on_turn = None if turn is None or runner is None else runner.called_clock()
    actor = None if turn is None else PlayerId(turn.view.player)
    can_call = (
        not running
        and actor is not None
        and actor != player_id
        and _allowed(
            lambda: check_call_clock(
                state, CallClock(table=table, player_id=actor, called_by=player_id), now
            )
        )
    )
    return ClockCallScreen(
        can_call=can_call,
        on=None if actor is None else state.players[actor].name,
        called_on=None if on_turn is None else state.players[on_turn.player_id].name,
        expires_at=None if on_turn is None or turn is None else turn.deadline,
    )


def _you(state: TournamentState, player_id: PlayerId, table: int | None, seat: int | None) -> You:
    player = state.players.get(player_id)
    standing = (
        None
        if player is None
        else Standing(
            name=player.name,
            status=str(player.status),
            out=state.is_out(player_id),
            chips=player.chips,
            rebuys=player.rebuys,
            add_ons=player.add_ons,
            rebuy_declared=player.rebuy_declared,
            in_hand=state.hand_of(player_id) is not None,
        )
    )
    finish = _finish(state, player_id) if player is not None and state.is_out(player_id) else None
    return You(player_id=player_id, table=table, seat=seat, standing=standing, finish=finish)


def player_screen(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    player_id: PlayerId,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> PlayerScreen:
    """What ``player_id`` sees: their table (wherever balancing put them), own hole cards, and
    in turn the legal actions; at `shown_at`, never before the log's last event."""
    now = shown_at(state, now)
    seated = state.table_of(player_id)
    table = None if seated is None else seated.number
    seat = None if seated is None else seated.seat_of(player_id)
    runner = None if table is None else runners.get(table)
    hand = (
        dealt_hand(state, runner, table, seat=None, player=player_id) if table is not None else None
    )
    return PlayerScreen(
        kind="player",
        stream=stream,
        server_now=now,
        dealing=dealing,
        you=_you(state, player_id, table, seat),
        hand=hand,
        legal=None if hand is None else legal_of(runner, player_id),
        offers=offers_of(state, player_id, now),
        clock_call=clock_call_of(state, runner, table, player_id, now),
        clock=clock_screen(state, now),
        bounty=bounty_of(state, player_id),
    )


def bounty_of(state: TournamentState, player_id: PlayerId) -> PlayerBounty | None:
    """In a bounty event (issue 29), the bounty on the player's head (what a progressive
    knockout has grown it to), the bounty money they won and their knockouts; None in an event
    without bounties or for an id nobody registered."""
    if not state.rules.tournament.bounty.is_on or player_id not in state.players:
        return None
    return player_bounty(state, player_id)


def spectator_screen(
    state: TournamentState,
    runners: dict[TableNo, TableRunner],
    table: TableNo,
    now: int,
    *,
    stream: str,
    dealing: bool,
) -> SpectatorScreen:
    """A public screen at ``table``: no hole card until it is shown."""
    now = shown_at(state, now)
    return SpectatorScreen(
        kind="spectator",
        stream=stream,
        server_now=now,
        dealing=dealing,
        table=table,
        hand=dealt_hand(state, runners.get(table), table, seat=None),
        clock=clock_screen(state, now),
    )


__all__ = [
    "ClockCallScreen",
    "Finish",
    "Offer",
    "Place",
    "PlayerScreen",
    "SpectatorScreen",
    "Standing",
    "You",
    "bounty_of",
    "clock_call_of",
    "offers_of",
    "player_screen",
    "spectator_screen",
]
