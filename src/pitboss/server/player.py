"""What a software-dealt table shows, built for one recipient (issue 14).

`hand_view` builds a table's hand from the engine's record as ``seat`` may see it
(`pitboss.engine.events.visible_to`: other players' hole cards and every burned card blanked,
cards tabled at showdown public), so no hole card of anyone else and no undealt or burned card
can reach a player or a spectator (TDA 28, THC 18, SLPT 15: no rabbit hunting). A spectator's
view is the same builder with ``seat=None``. `player_view` adds the player's own seat and, in
turn, the legal actions with their exact amounts (the engine's ``legal_actions``), and the
chips for sale to that player now (`offers_of`: the director's own checks, never a second copy).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from pitboss.cards import Card
from pitboss.engine.events import (
    Acted,
    BetReturned,
    BoardDealt,
    HandEvent,
    HandKilled,
    HandMucked,
    HandTabled,
    HoleCardsDealt,
    Posted,
    PotAwarded,
    visible_to,
)
from pitboss.engine.hand import Hand
from pitboss.engine.pots import build_pots
from pitboss.errors import PitbossError
from pitboss.evaluator import best_five, describe, evaluate
from pitboss.ids import PlayerId, TableNo
from pitboss.money import format_money
from pitboss.play.offers import OfferKind, rebuy_window
from pitboss.server import views
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.conduct import CallClock, call_clock
from pitboss.tournament.features.registration import AddOn, DeclareRebuy
from pitboss.tournament.model import windows
from pitboss.tournament.reading import screens
from pitboss.tournament.registry import Command
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.table import TableRunner

LAST_ACTIONS = 12
"""How many of the hand's last actions a view lists."""


def card_text(card: Card) -> str:
    """A card as the pages draw it: ``As``, ``Td``."""
    return str(card)


def _cards(cards: tuple[Card, ...] | None) -> list[str] | None:
    return None if cards is None else [card_text(c) for c in cards]


def _pots_in_play(hand: Hand, events: list[HandEvent]) -> list[dict[str, Any]]:
    """The main pot and each side pot as they stand (KY 14, TDA 21), from the public record."""
    seats = [s.seat for s in hand.setup.seats]
    committed = dict.fromkeys(seats, 0)
    for event in events:
        if (isinstance(event, Posted) and not event.is_dead) or isinstance(event, Acted):
            committed[event.seat] += event.amount
        elif isinstance(event, BetReturned):
            committed[event.seat] -= event.amount
    dead = max(hand.pot - sum(committed.values()), 0)
    out = [hand.is_folded(s) for s in seats]
    all_in = [hand.is_all_in(s) for s in seats]
    if not any(all_in):
        live = [s for s, o in zip(seats, out, strict=True) if not o]
        return [{"amount": hand.pot, "eligible": live}] if hand.pot else []
    pots = build_pots([committed[s] for s in seats], out, all_in, dead=dead)
    return [
        {"amount": amount, "eligible": [seats[i] for i in eligible]}
        for amount, eligible in pots
        if amount
    ]


def _action_line(event: HandEvent, names: dict[int, str]) -> str | None:
    """One public line of the hand: ``Ann raises to 600``."""
    if isinstance(event, Posted):
        kind = str(event.kind).replace("_", " ")
        return f"{names[event.seat]} posts {kind} {event.amount:,}"
    if isinstance(event, Acted):
        verb = {"fold": "folds", "check": "checks", "call": f"calls {event.amount:,}"}.get(
            str(event.kind), f"{event.kind}s to {event.to:,}"
        )
        tail = " (all-in)" if event.is_all_in else ""
        clock = " (time)" if event.timed_out else ""
        return f"{names[event.seat]} {verb}{tail}{clock}"
    if isinstance(event, BoardDealt):
        return f"{event.street}: {' '.join(card_text(c) for c in event.cards)}"
    if isinstance(event, HandKilled):
        return f"{names[event.seat]}'s hand is killed ({event.reason})"
    if isinstance(event, HandTabled):
        return f"{names[event.seat]} shows {' '.join(card_text(c) for c in event.cards)}"
    if isinstance(event, HandMucked):
        return f"{names[event.seat]} mucks"
    if isinstance(event, PotAwarded):
        who = ", ".join(
            f"{names[w]} {share:,}" for w, share in zip(event.winners, event.shares, strict=True)
        )
        return f"pot {event.pot + 1} ({event.amount:,}): {who}"
    return None


def hand_view(
    state: TournamentState,
    runner: TableRunner | None,
    table: TableNo,
    *,
    seat: int | None,
    player: PlayerId | None = None,
) -> dict[str, Any] | None:
    """The hand in play at ``table`` (or the last one, finished) as the player dealt in
    ``seat`` sees it (``None``: a spectator); None before the table's first hand.

    With ``player``, the seat is that player's in this hand, whatever seat they hold now: a
    player moved in (TDA 11A) or seated after the hand into the seat another held sees that
    hand as a spectator does, never the cards dealt to the seat's last holder.
    """
    if runner is None:
        return None
    hand = runner.hand if runner.hand is not None else runner.last_hand
    hand_id = runner.hand_id if runner.hand is not None else runner.last_hand_id
    if hand is None:
        return None
    setup = hand.setup
    if player is not None:
        own = next((s.seat for s in setup.seats if s.player == player), None)
    else:
        own = seat if seat is not None and any(s.seat == seat for s in setup.seats) else None
    events = visible_to(hand.events, own)
    names = {
        s.seat: (state.players[PlayerId(s.player)].name if s.player in state.players else s.player)
        for s in setup.seats
    }
    tabled = {e.seat: e.cards for e in events if isinstance(e, HandTabled)}
    hole = next((e.cards for e in events if isinstance(e, HoleCardsDealt) and e.seat == own), None)
    board = tuple(c for e in events if isinstance(e, BoardDealt) for c in e.cards)
    stacks, bets = hand.stacks, hand.bets
    turn = runner.turn if runner.hand is not None else None
    over = hand.is_over
    seats = []
    for spec in setup.seats:
        shown = tabled.get(spec.seat)
        cards = hole if spec.seat == own else shown
        entry: dict[str, Any] = {
            "seat": spec.seat,
            "player_id": spec.player,
            "name": names[spec.seat],
            "stack": stacks[spec.seat],
            "bet": 0 if over else bets[spec.seat],
            "folded": hand.is_folded(spec.seat),
            "all_in": hand.is_all_in(spec.seat),
            "cards": _cards(cards),
            "has_cards": spec.dealt and not hand.is_folded(spec.seat),
        }
        if shown is not None and len(board) == 5:
            strength = evaluate([int(c) for c in (*shown, *board)])
            entry["hand_name"] = describe(strength)
            entry["best_five"] = _cards(best_five([int(c) for c in (*shown, *board)]))
        seats.append(entry)
    awarded = [e for e in events if isinstance(e, PotAwarded)]
    lines = [line for e in events if (line := _action_line(e, names)) is not None]
    return {
        "hand_id": hand_id,
        "table": table,
        "street": str(hand.street),
        "over": over,
        "recorded": runner.hand is None,
        "button": setup.button,
        "small_blind": setup.small_blind,
        "big_blind": setup.big_blind,
        "ante": setup.ante,
        "board": _cards(board),
        "seats": seats,
        "pot": sum(p.amount for p in awarded) if over else hand.pot,
        "pots": (
            [
                {
                    "amount": p.amount,
                    "eligible": list(p.eligible),
                    "winners": [
                        {"seat": w, "name": names[w], "share": share}
                        for w, share in zip(p.winners, p.shares, strict=True)
                    ],
                }
                for p in awarded
            ]
            if over
            else _pots_in_play(hand, events)
        ),
        "actor": None if turn is None else turn.view.seat,
        "turn": None if turn is None else turn.number,
        "deadline": None if turn is None else turn.deadline,
        "last_actions": lines[-LAST_ACTIONS:],
    }


def legal_payload(hand: Hand) -> dict[str, Any]:
    """What the player to act may do, with the exact amounts (the engine's ``legal_actions``)."""
    legal = hand.legal_actions()
    return {
        "can_fold": legal.can_fold,
        "can_check": legal.can_check,
        "call_amount": legal.call_amount,
        "min_raise_to": legal.min_raise_to,
        "max_raise_to": legal.max_raise_to,
        "raise_kind": "raise" if hand.current_bet > 0 else "bet",
        "can_show": legal.can_show,
        "can_muck": legal.can_muck,
        "chip_unit": legal.chip_unit,
        "bet": hand.bets[legal.seat],
        "pot": hand.pot,
    }


C = TypeVar("C", bound=Command)


def _allowed(
    rule: Callable[[TournamentState, C, int], object],
    state: TournamentState,
    command: C,
    now: int,
) -> bool:
    """The director would take ``command`` at ``now``: ``rule`` (the director's own ``decide``,
    or one rule of it where a frame asks often: `call_clock`, TDA 29, KY 16, THC 15, SLPT 2)
    run on the state, nothing recorded."""
    try:
        rule(state, command, now)
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
    out: list[dict[str, Any]] = []
    rebuys_open = windows.rebuy_closed_reason(state, now) is None  # the window, then the rest
    if rebuys_open and _allowed(decide, state, DeclareRebuy(player_id=player_id), now):
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
    if windows.add_on_pending(state) and _allowed(decide, state, AddOn(player_id=player_id), now):
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
            call_clock,
            state,
            CallClock(table=table, player_id=actor, called_by=player_id),
            now,
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
    now = views.shown_at(state, now)
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
    legal = None
    if (
        runner is not None
        and runner.hand is not None
        and runner.turn is not None
        and runner.turn.view.player == player_id
        and hand is not None
    ):
        legal = legal_payload(runner.hand)
        legal["turn"] = runner.turn.number
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
        "clock": views.clock_payload(state, now),
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
    now = views.shown_at(state, now)
    return {
        "kind": "spectator",
        "stream": stream,
        "server_now": now,
        "dealing": dealing,
        "table": table,
        "hand": hand_view(state, runners.get(table), table, seat=None),
        "clock": views.clock_payload(state, now),
    }


__all__ = [
    "clock_call_of",
    "hand_view",
    "legal_payload",
    "offers_of",
    "player_view",
    "spectator_view",
]
