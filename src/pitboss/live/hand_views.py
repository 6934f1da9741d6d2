"""A software-dealt hand as a screen shows it, built for one recipient from the engine's record
(issue 14): the hand below the server, which only serialises it (issue 27).

`hand_view` builds a table's hand as ``seat`` may see it (`pitboss.engine.hand_events.visible_to`:
other players' hole cards and every burned card blanked, cards tabled at showdown public), so no
hole card of anyone else and no undealt or burned card can reach a player or a spectator (TDA
28, THC 18, SLPT 15: no rabbit hunting); a spectator's view is the same builder with
``seat=None``. The view is typed values (`DealtHand`); `hand_data` is its JSON form, a pot's
winners and a seat's shown hand only once there. A player's page answers with an `Action`
(re-exported here: what a screen sends, checked again by the table). `legal_of` is what the
player to act may do, with the exact amounts (the engine's ``legal_actions``).

The hand's game and betting structure (issue 30) are in the view: a shown hand is named by the
game's own evaluator (Omaha: exactly two hole cards with three of the board; Omaha high-low adds
the eight-or-better low, and a split pot is awarded in a high half and a low half), and the
legal actions carry the pot-limit maximum, told to the player in pot-limit only (SLPT 19, TDA
54).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from pitboss import omaha
from pitboss.cards import Card
from pitboss.engine import Action, ActionKind
from pitboss.engine.hand import Hand
from pitboss.engine.hand_events import (
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
from pitboss.engine.pots import build_pots
from pitboss.evaluator import best_five, describe, evaluate
from pitboss.ids import PlayerId, TableNo
from pitboss.rules.games import BettingStructure, Game
from pitboss.rulings.structure_rulings import pot_limit_to
from pitboss.tournament.state import TournamentState

if TYPE_CHECKING:
    from pitboss.live.dealt_table import TableRunner

LAST_ACTIONS = 12
"""How many of the hand's last actions a view lists."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Winner:
    """A pot's winner and share."""

    seat: int
    name: str
    share: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandPot:
    """A pot: its chips, the seats eligible, and once awarded its ``winners`` (None in play).

    ``index`` is 0 for the main pot, then each side pot's number (TDA 21). In Omaha high-low
    a pot split high and low is awarded as two: ``half`` ``"high"`` and ``"low"``, each with
    its own chips and winners, under the same ``index`` (None: the whole pot)."""

    amount: int
    eligible: tuple[int, ...]
    winners: tuple[Winner, ...] | None = None
    index: int = 0
    half: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSeat:
    """A seat in the hand; ``cards`` only the viewer's own or shown (TDA 28, THC 18);
    ``hand_name`` and ``best_five`` once shown with the whole board (None before)."""

    seat: int
    player_id: str
    name: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards: tuple[str, ...] | None
    has_cards: bool
    hand_name: str | None = None
    best_five: tuple[str, ...] | None = None
    bounty_cents: int = 0  # the bounty on the player's head (issue 29; 0 without bounties)
    low_name: str | None = None  # Omaha high-low: the shown hand's eight-or-better low, if any


@dataclass(frozen=True, slots=True, kw_only=True)
class DealtHand:
    """The hand in play at a dealt table (or the last one, over), as one recipient sees it."""

    hand_id: str
    table: int
    street: str
    over: bool
    recorded: bool
    button: int
    small_blind: int
    big_blind: int
    ante: int
    board: tuple[str, ...] | None
    seats: tuple[HandSeat, ...]
    pot: int
    pots: tuple[HandPot, ...]
    actor: int | None
    turn: int | None
    deadline: int | None
    last_actions: tuple[str, ...]
    game: str = Game.HOLDEM.value
    structure: str = BettingStructure.NO_LIMIT.value


@dataclass(frozen=True, slots=True, kw_only=True)
class Legal:
    """What the player to act may do, with the exact amounts (the engine's ``legal_actions``),
    and the turn's number their action answers.

    ``max_raise_to`` is the largest bet or raise-to the structure allows: the whole stack in
    no-limit (``all_in_to``), the pot in pot-limit, the one bet in fixed-limit (then equal to
    ``min_raise_to``). ``pot_limit_to``, in pot-limit only, is the most the pot allows (the
    call, then the pot: TDA 54), the count a pot-limit player is told (SLPT 19), which may be
    more than the player has; None in no-limit and fixed-limit, where the pot is not counted
    for the player, and when raising is closed."""

    can_fold: bool
    can_check: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    raise_kind: str
    can_show: bool
    can_muck: bool
    chip_unit: int
    bet: int
    pot: int
    turn: int
    structure: str = BettingStructure.NO_LIMIT.value
    all_in_to: int = 0
    pot_limit_to: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownHand:
    """A hand tabled with the whole board: its name and the five cards that play, and in
    Omaha high-low its eight-or-better low (``low``, None when no low qualifies)."""

    name: str
    best_five: tuple[Card, ...]
    low: str | None = None


def shown_hand(game: Game | str, hole: Sequence[Card], board: Sequence[Card]) -> ShownHand:
    """What ``hole`` makes with a whole ``board`` in ``game``: in Hold'em the best five of the
    seven; in Omaha exactly two hole cards with exactly three of the board, and in Omaha
    high-low also the best low of five different ranks eight or lower (`pitboss.omaha`).

    Raises:
        CardError: cards the game cannot read (a hand the engine dealt always reads).
    """
    hole_codes = [int(c) for c in hole]
    board_codes = [int(c) for c in board]
    kind = Game(game)
    if kind is Game.HOLDEM:
        cards = [*hole_codes, *board_codes]
        return ShownHand(name=describe(evaluate(cards)), best_five=best_five(cards))
    low = None
    if kind is Game.OMAHA_HI_LO:
        found = omaha.evaluate_low(hole_codes, board_codes)
        low = None if found is None else omaha.describe_low(found)
    return ShownHand(
        name=describe(omaha.evaluate(hole_codes, board_codes)),
        best_five=omaha.best_five(hole_codes, board_codes),
        low=low,
    )


def half_name(event: PotAwarded) -> str | None:
    """``"high"`` or ``"low"`` for half of a pot split in Omaha high-low, None for a whole
    pot (`PotAwarded.half`)."""
    return None if event.half is None else str(event.half)


def card_text(card: Card) -> str:
    """A card as the pages draw it: ``As``, ``Td``."""
    return str(card)


def _cards(cards: tuple[Card, ...] | None) -> tuple[str, ...] | None:
    return None if cards is None else tuple(card_text(c) for c in cards)


def _pots_in_play(hand: Hand, events: list[HandEvent]) -> tuple[HandPot, ...]:
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
        return (HandPot(amount=hand.pot, eligible=tuple(live)),) if hand.pot else ()
    pots = build_pots([committed[s] for s in seats], out, all_in, dead=dead)
    shown = [(amount, eligible) for amount, eligible in pots if amount]
    return tuple(
        HandPot(amount=amount, eligible=tuple(seats[i] for i in eligible), index=n)
        for n, (amount, eligible) in enumerate(shown)
    )


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
        return f"{names[event.seat]}'s hand is killed as dealt (away or penalised: TDA 30, 71C)"
    if isinstance(event, HandTabled):
        return f"{names[event.seat]} shows {' '.join(card_text(c) for c in event.cards)}"
    if isinstance(event, HandMucked):
        return f"{names[event.seat]} mucks"
    if isinstance(event, PotAwarded):
        who = ", ".join(
            f"{names[w]} {share:,}" for w, share in zip(event.winners, event.shares, strict=True)
        )
        half = half_name(event)
        part = "" if half is None else f", {half} half"
        return f"pot {event.pot + 1}{part} ({event.amount:,}): {who}"
    return None


def dealt_hand(
    state: TournamentState,
    runner: TableRunner | None,
    table: TableNo,
    *,
    seat: int | None,
    player: PlayerId | None = None,
) -> DealtHand | None:
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
    if hand is None or hand_id is None:
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
    if any(isinstance(e, HandKilled) and e.seat == own for e in events):
        hole = None  # killed as dealt (away or sitting out, TDA 30): mucked unseen, issue 31
    board = tuple(c for e in events if isinstance(e, BoardDealt) for c in e.cards)
    stacks, bets = hand.stacks, hand.bets
    turn = runner.turn if runner.hand is not None else None
    over = hand.is_over
    book = state.bounty if state.rules.tournament.bounty.is_on else None
    seats = []
    for spec in setup.seats:
        shown = tabled.get(spec.seat)
        cards = hole if spec.seat == own else shown
        made = None
        if shown is not None and len(board) == 5:
            made = shown_hand(setup.game, shown, board)
        seats.append(
            HandSeat(
                seat=spec.seat,
                player_id=spec.player,
                name=names[spec.seat],
                stack=stacks[spec.seat],
                bet=0 if over else bets[spec.seat],
                folded=hand.is_folded(spec.seat),
                all_in=hand.is_all_in(spec.seat),
                cards=_cards(cards),
                has_cards=spec.dealt and not hand.is_folded(spec.seat),
                hand_name=None if made is None else made.name,
                best_five=None if made is None else _cards(made.best_five),
                bounty_cents=book.head(PlayerId(spec.player)) if book is not None else 0,
                low_name=None if made is None else made.low,
            )
        )
    awarded = [e for e in events if isinstance(e, PotAwarded)]
    lines = [line for e in events if (line := _action_line(e, names)) is not None]
    return DealtHand(
        hand_id=hand_id,
        table=table,
        street=str(hand.street),
        over=over,
        recorded=runner.hand is None,
        button=setup.button,
        small_blind=setup.small_blind,
        big_blind=setup.big_blind,
        ante=setup.ante,
        board=_cards(board),
        seats=tuple(seats),
        pot=sum(p.amount for p in awarded) if over else hand.pot,
        pots=(
            tuple(
                HandPot(
                    amount=p.amount,
                    eligible=tuple(p.eligible),
                    winners=tuple(
                        Winner(seat=w, name=names[w], share=share)
                        for w, share in zip(p.winners, p.shares, strict=True)
                    ),
                    index=p.pot,
                    half=half_name(p),
                )
                for p in awarded
            )
            if over
            else _pots_in_play(hand, events)
        ),
        actor=None if turn is None else turn.view.seat,
        turn=None if turn is None else turn.number,
        deadline=None if turn is None else turn.deadline,
        last_actions=tuple(lines[-LAST_ACTIONS:]),
        game=Game(setup.game).value,
        structure=setup.betting.value,
    )


def hand_data(hand: DealtHand) -> dict[str, Any]:
    """``hand`` as JSON data: lists for tuples, and a pot's ``winners``, a seat's ``hand_name``
    and ``best_five`` only once there, a seat's ``low_name`` and a pot's ``half`` only in Omaha
    high-low (the keys the screens and their models read as unset before:
    ``response_model_exclude_unset``). Built field by field (every screen of a table builds
    it at every change: `dataclasses.asdict`'s deep copy was a tenth of a table host's loop)."""
    pots = []
    for p in hand.pots:
        pot = _fields_of(p)
        pot["eligible"] = list(p.eligible)
        if p.winners is None:
            del pot["winners"]
        else:
            pot["winners"] = [_fields_of(w) for w in p.winners]
        if p.half is None:
            del pot["half"]
        pots.append(pot)
    seats = []
    for seat in hand.seats:
        entry = _fields_of(seat)
        if seat.cards is not None:
            entry["cards"] = list(seat.cards)
        if seat.hand_name is None:
            del entry["hand_name"], entry["best_five"]
        elif seat.best_five is not None:
            entry["best_five"] = list(seat.best_five)
        if seat.low_name is None:
            del entry["low_name"]
        seats.append(entry)
    out = _fields_of(hand)
    out["seats"], out["pots"], out["last_actions"] = seats, pots, list(hand.last_actions)
    if hand.board is not None:
        out["board"] = list(hand.board)
    return out


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _fields_of(item: Any) -> dict[str, Any]:
    """A dataclass's fields as a dict, one level deep (its values as they are)."""
    names = _FIELD_NAMES.get(type(item))
    if names is None:
        names = _FIELD_NAMES[type(item)] = tuple(f.name for f in fields(item))
    return {name: getattr(item, name) for name in names}


def hand_view(
    state: TournamentState,
    runner: TableRunner | None,
    table: TableNo,
    *,
    seat: int | None,
    player: PlayerId | None = None,
) -> dict[str, Any] | None:
    """`dealt_hand` as JSON data (`hand_data`), for the console's list of hands in play."""
    hand = dealt_hand(state, runner, table, seat=seat, player=player)
    return None if hand is None else hand_data(hand)


def legal_of(runner: TableRunner | None, player_id: PlayerId) -> Legal | None:
    """What ``player_id`` may do now at ``runner``'s table, with the exact amounts (the
    engine's ``legal_actions``) and the turn's number; None unless it is their turn in a hand
    in play."""
    if runner is None or runner.hand is None or runner.turn is None:
        return None
    if runner.turn.view.player != player_id:
        return None
    hand = runner.hand
    legal = hand.legal_actions()
    seat = legal.seat
    return Legal(
        can_fold=legal.can_fold,
        can_check=legal.can_check,
        call_amount=legal.call_amount,
        min_raise_to=legal.min_raise_to,
        max_raise_to=legal.max_raise_to,
        raise_kind="raise" if hand.current_bet > 0 else "bet",
        can_show=legal.can_show,
        can_muck=legal.can_muck,
        chip_unit=legal.chip_unit,
        bet=hand.bets[seat],
        pot=hand.pot,
        turn=runner.turn.number,
        structure=hand.setup.betting.value,
        all_in_to=hand.bets[seat] + hand.stacks[seat],
        pot_limit_to=pot_limit_to(hand),
    )


__all__ = [
    "LAST_ACTIONS",
    "Action",
    "ActionKind",
    "DealtHand",
    "HandPot",
    "HandSeat",
    "Legal",
    "ShownHand",
    "Winner",
    "card_text",
    "dealt_hand",
    "half_name",
    "hand_data",
    "hand_view",
    "legal_of",
    "shown_hand",
]
