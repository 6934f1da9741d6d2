"""The agent interface: what a player may see when it is their turn, and how they answer.

An agent (a bot now, a browser player later, a scripted test) gets a `PlayerView` and returns
an `Action` (or ``None``: no answer before the clock ran out). Whatever an agent does wrong
costs it only its hand, never the table: an agent that raises, answers with an action the
rules do not allow now, answers with nothing, or answers too late gets the rules' timeout
(TDA 29: checked when not facing a bet, otherwise folded; KY 16, THC 15, SLPT 2: the hand is
dead) through the engine's ``Hand.timeout()``. The fault is recorded, so a runner can report
it.

The view holds values only (no reference to the hand): the player's own hole cards, the board,
stacks, bets and the pot, who is still in, the public record of the hand so far (other
players' hole cards and every burned card blanked, as ``visible_to`` does for a spectator),
the exact `LegalActions`, and the seconds the player has to act.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from pitboss.cards import Card
from pitboss.engine import (
    Acted,
    Action,
    ActionKind,
    CardBurned,
    Hand,
    HandEvent,
    HandKilled,
    HandMucked,
    HoleCardsDealt,
    LegalActions,
    Street,
)
from pitboss.errors import IllegalAction
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game


def action_seconds(rules: RuleSet) -> int:
    """The house's time to act once the clock is called: TDA 29 25 s + 5 s; KY 16, THC 15,
    SLPT 2 one minute + a 10-second countdown (``tournament.conduct`` settings)."""
    conduct = rules.tournament.conduct
    return conduct.clock_seconds + conduct.clock_countdown_seconds


class PlayerView(NamedTuple):
    """Everything the player to act may see, and nothing more (DESIGN: no information leaks).

    ``seats`` lists every seat dealt in, clockwise from the first seat left of the button (the
    button last); ``stacks`` (chips behind) and ``bets`` (chips bet on this street) line up
    with it. ``stack`` and ``bet`` are the player's own. ``in_hand`` lists the seats still
    holding cards (not folded, killed or mucked), in the same order. ``pot`` counts every chip
    committed this hand, the current street's bets included. ``history`` is the public record
    of the hand so far (every hole card and burned card blanked). ``time_to_act`` is in
    seconds; ``chip_unit`` is the smallest chip in play (bets are made in whole chips of it).
    ``game`` and ``structure`` are the hand's game and betting structure (the setup's: a
    player knows what is dealt and how much may be bet; issue 30).

    A named tuple, not a dataclass (STYLE 7), on purpose: a view is built for every decision,
    tens of thousands of times in a simulated tournament, is never stored or serialised, and a
    named tuple is immutable and several times cheaper to build.
    """

    seat: int
    player: str
    hole: tuple[Card, ...]
    board: tuple[Card, ...]
    street: Street
    button: int
    small_blind: int
    big_blind: int
    ante: int
    chip_unit: int
    seats: tuple[int, ...]
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    stack: int
    bet: int
    in_hand: tuple[int, ...]
    pot: int
    current_bet: int
    min_raise: int
    legal: LegalActions
    history: tuple[HandEvent, ...]
    time_to_act: int
    game: Game = Game.HOLDEM
    structure: BettingStructure = BettingStructure.NO_LIMIT

    @property
    def to_call(self) -> int:
        """Chips a call adds (0 when checking is free)."""
        return self.legal.call_amount

    @property
    def players_behind(self) -> int:
        """Players dealt in after this seat up to the button: 0 on the button (position)."""
        return len(self.seats) - 1 - self.seats.index(self.seat)

    def stack_of(self, seat: int) -> int:
        """Chips behind of the player in ``seat``."""
        return self.stacks[self.seats.index(seat)]


class Agent(Protocol):
    """Anything that decides for one player: ``act`` gets the view and returns a decision.

    Return ``None`` to let the clock run out. Raising, or returning an action the rules do not
    allow now, is treated exactly like running out of time (TDA 29 / KY 16).
    """

    def act(self, view: PlayerView, /) -> Action | None: ...


class Scripted:
    """An agent that plays a fixed list of decisions in order (tests, replays, demos).

    ``None`` in the script lets the clock run out on that turn; once the script is used up
    every further turn runs out too (the rules' timeout applies: TDA 29 / KY 16).
    """

    __slots__ = ("_next",)

    def __init__(self, actions: Iterable[Action | None]) -> None:
        self._next = iter(actions)

    def act(self, view: PlayerView, /) -> Action | None:
        return next(self._next, None)


class FaultKind(enum.StrEnum):
    """Why an agent's turn ended with the rules' timeout instead of its own decision."""

    RAISED = "raised"
    """The agent raised an exception."""

    ILLEGAL = "illegal"
    """The agent answered with an action the rules do not allow now."""

    NO_ACTION = "no_action"
    """The agent let the clock run out (answered ``None``)."""

    TOO_SLOW = "too_slow"
    """The agent answered after its time to act had run out."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AgentFault:
    """One turn an agent lost to the clock, with what went wrong."""

    seat: int
    player: str
    street: Street
    kind: FaultKind
    message: str


class ViewBuilder:
    """Follows one hand and builds the view of each player to act.

    ``time_to_act`` defaults to the house's clock (`action_seconds` of the hand's rules).

    It keeps the public record (``visible_to(events, None)``) and the seats still in the hand
    as the hand goes, so a view costs a few microseconds however long the hand gets.
    """

    __slots__ = (
        "_blinds",
        "_game",
        "_hand",
        "_in_hand",
        "_names",
        "_order",
        "_out",
        "_public",
        "_seen",
        "time_to_act",
    )

    def __init__(self, hand: Hand, *, time_to_act: int | None = None) -> None:
        self._hand = hand
        setup = hand.setup
        self._names = {s.seat: s.player for s in setup.seats}
        self._order = _clockwise_after(tuple(sorted(self._names)), setup.button)
        self._in_hand = self._order
        self._blinds = (
            setup.button,
            setup.small_blind,
            setup.big_blind,
            setup.ante,
            setup.chip_unit,
        )
        self._game = (Game(setup.game), setup.betting)
        self._public: list[HandEvent] = []
        self._out: set[int] = set()
        self._seen = 0
        self.time_to_act = action_seconds(setup.rules) if time_to_act is None else time_to_act

    @property
    def public(self) -> tuple[HandEvent, ...]:
        """The public record of the hand so far (what a spectator sees)."""
        self._catch_up()
        return tuple(self._public)

    def view(self) -> PlayerView:
        """The view of the player to act now.

        Raises:
            IllegalAction: the hand is over (nobody is to act).
        """
        hand = self._hand
        legal = hand.legal_actions()
        self._catch_up()
        seat = legal.seat
        button, small_blind, big_blind, ante, chip_unit = self._blinds
        order = self._order
        stacks = hand.stacks
        bets = hand.bets
        game, structure = self._game
        return PlayerView(
            seat=seat,
            player=self._names[seat],
            hole=hand.hole_cards(seat),
            board=hand.board,
            street=hand.street,
            button=button,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            chip_unit=chip_unit,
            seats=order,
            stacks=tuple(map(stacks.__getitem__, order)),
            bets=tuple(map(bets.__getitem__, order)),
            stack=stacks[seat],
            bet=bets[seat],
            in_hand=self._in_hand,
            pot=hand.pot,
            current_bet=hand.current_bet,
            min_raise=hand.min_raise,
            legal=legal,
            history=tuple(self._public),
            time_to_act=self.time_to_act,
            game=game,
            structure=structure,
        )

    def _catch_up(self) -> None:
        events = self._hand.events
        if len(events) == self._seen:
            return
        public = self._public
        out = self._out
        folded = len(out)
        for event in events[self._seen :]:
            if isinstance(event, HoleCardsDealt):
                public.append(_hidden_hole(event.seat))
                continue
            if isinstance(event, CardBurned):
                public.append(_HIDDEN_BURN[event.street])
                continue
            public.append(event)
            if isinstance(event, Acted):
                if event.kind is ActionKind.FOLD:
                    out.add(event.seat)
            elif isinstance(event, HandKilled | HandMucked):
                out.add(event.seat)
        self._seen = len(events)
        if len(out) != folded:
            self._in_hand = tuple(s for s in self._order if s not in out)


_HIDDEN_HOLES: dict[int, HoleCardsDealt] = {}
_HIDDEN_BURN = {street: CardBurned(street=street, card=None) for street in Street}


def _hidden_hole(seat: int) -> HoleCardsDealt:
    """``seat``'s hole cards as others see them (shared: the value is immutable)."""
    hidden = _HIDDEN_HOLES.get(seat)
    if hidden is None:
        hidden = _HIDDEN_HOLES[seat] = HoleCardsDealt(seat=seat, cards=None)
    return hidden


def view_for(hand: Hand, *, time_to_act: int | None = None) -> PlayerView:
    """The view of the player to act in ``hand`` (one-off; a runner keeps a `ViewBuilder`).

    Raises:
        IllegalAction: the hand is over (nobody is to act).
    """
    return ViewBuilder(hand, time_to_act=time_to_act).view()


def _clockwise_after(seats: tuple[int, ...], button: int) -> tuple[int, ...]:
    """``seats`` (ascending) in clockwise order starting left of the button."""
    for i, seat in enumerate(seats):
        if seat > button:
            return seats[i:] + seats[:i]
    return seats


def take_turn(
    hand: Hand,
    agent: Agent,
    view: PlayerView,
    *,
    clock: Callable[[], float] | None = None,
) -> tuple[HandEvent, AgentFault | None]:
    """Ask ``agent`` to act on ``view`` and carry out its decision, or the rules' timeout.

    With ``clock`` (seconds, e.g. ``time.monotonic``) an answer that took longer than
    ``view.time_to_act`` is too late and the timeout applies (TDA 29; KY 16). Without it the
    agent is never timed, so a run is reproducible on any machine.

    Returns the recorded event and the fault, if the agent's turn went to the clock.
    """
    started = clock() if clock is not None else 0.0
    try:
        action = agent.act(view)
    except Exception as error:  # any failure of an agent costs its hand, never the table
        return hand.timeout(), _fault(view, FaultKind.RAISED, f"{type(error).__name__}: {error}")
    if clock is not None and clock() - started > view.time_to_act:
        return hand.timeout(), _fault(
            view, FaultKind.TOO_SLOW, f"answered after the {view.time_to_act} s to act"
        )
    if action is None:
        return hand.timeout(), _fault(view, FaultKind.NO_ACTION, "no action before the clock")
    if not isinstance(action, Action):
        return hand.timeout(), _fault(view, FaultKind.ILLEGAL, f"{action!r} is not an Action")
    try:
        return hand.apply(action), None
    except IllegalAction as error:
        return hand.timeout(), _fault(view, FaultKind.ILLEGAL, error.message)


def _fault(view: PlayerView, kind: FaultKind, message: str) -> AgentFault:
    return AgentFault(
        seat=view.seat, player=view.player, street=view.street, kind=kind, message=message
    )
