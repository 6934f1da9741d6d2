"""``Hand``: one deal of Hold'em from posting to the last chip pushed, no-limit, pot-limit or
fixed-limit (``HandSetup.structure``; `pitboss.engine.betting_limits`).

Creating a ``Hand`` posts the forced bets, deals the hole cards and kills the hands of seats
dealt dead; the hand then waits for the first decision. Every decision goes through
``legal_actions()`` and the ``verify_x()`` / ``can_x()`` / ``x()`` triads (or ``apply``);
a rejected decision raises ``IllegalAction`` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from operator import attrgetter

from pitboss.cards import FULL_DECK, Card, Deck, cards_of
from pitboss.engine.actions import ALLOWED_KINDS, Action, ActionKind, LegalActions, action_kind
from pitboss.engine.betting import BettingStep
from pitboss.engine.hand_events import (
    STREETS,
    Acted,
    HandEvent,
    HandKilled,
    HandMucked,
    HandTabled,
    KillReason,
    Street,
)
from pitboss.engine.hand_state import HandPhase
from pitboss.engine.plan import PostingStep, check_deal
from pitboss.engine.record_builders import _LegalTwin, hole_cards_dealt, legal_showdown
from pitboss.engine.setup import HandSetup, first_left_of
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules.games import HOLE_CARDS

# Enum members under module names: reading a member through its class (``HandPhase.BETTING``)
# costs about 0.2 us in CPython 3.11 (the enum metaclass's attribute lookup), a module name
# about 15 ns, and the hot path reads them on every decision.
_BET = ActionKind.BET
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_FOLD = ActionKind.FOLD
_MUCK = ActionKind.MUCK
_RAISE = ActionKind.RAISE
_SHOW = ActionKind.SHOW
_BETTING = HandPhase.BETTING
_OVER = HandPhase.OVER
_SHOWDOWN = HandPhase.SHOWDOWN

_NO_CARDS: tuple[Card, ...] = (Card(0), Card(0))
"""The (identity-checked) empty hand of a seat not dealt cards; never shown or evaluated."""
_GAME_NAMES = {"holdem": "Hold'em", "omaha": "Omaha", "omaha_hi_lo": "Omaha high-low"}


class Hand(BettingStep, PostingStep):
    """One hand in progress; see the module docstring and ``pitboss.engine`` for the rules.

    It is long (about 350 lines) because it is the engine's one aggregate: the queries a table,
    a bot and a screen read (stacks, pot, legal actions) and ``apply``/``timeout``; betting,
    posting and the showdown are already the mixins it is built from.

    Raises (on creation):
        HandSetupError: the setup cannot be dealt (see ``HandSetup.validate``).
        CardError: the deck runs out of cards.
    """

    __slots__ = ()

    def __init__(self, setup: HandSetup, deck: Deck) -> None:
        killed, undealt, deal_to, opener = self._seat_and_post(setup)
        if not isinstance(deck, Deck):
            raise HandSetupError(
                f"a hand is dealt from a Deck (or DrawDeck), not {deck!r}",
                code="bad_deck",
                params={"deck": repr(deck)},
            )
        seats = self._seats
        n = len(seats)
        self._setup = setup
        self._n = n
        self._folded = folded = [False] * n
        self._acted_at = [-1] * n
        self._board = []
        self._deck = deck
        self._street = 0
        self._phase = _BETTING
        self._over = False
        self._aggressor = -1
        self._actor = -1
        self._full = -3  # (no decision yet)
        self._mucked = [False] * n
        self._show_queue = []
        self._exposed = False
        self._deal_hole_cards(deck, deal_to)
        n_in = n
        if undealt:  # THC 6: posted, no cards, out of the hand (no event: nothing seen)
            for p in undealt:
                folded[p] = True
                n_in -= 1
        if killed:
            for p in killed:
                folded[p] = True
                n_in -= 1
                self._events.append(HandKilled(seat=seats[p], reason=KillReason.DEALT_DEAD))
        self._n_in = n_in
        if n_in == 1:
            self._return_uncalled()
            self._award()
        else:
            self._advance((opener - 1) % n)  # the round opens with ``opener``

    @classmethod
    def from_cards(
        cls,
        setup: HandSetup,
        *,
        hole: Mapping[int, Sequence[int | str] | str],
        board: Sequence[int | str] | str = (),
        burns: Sequence[int | str] | str = (),
    ) -> Hand:
        """A hand dealt with exactly these cards (tests and replays).

        ``hole`` maps seat numbers to their hole cards (two in Hold'em, four in Omaha: the
        setup's ``game``); a seat left out gets cards nobody named (lowest first), as do
        missing burns. ``board`` holds the flop, turn and river cards in
        order (at most five); board cards beyond those given are cards nobody named, lowest
        first. ``burns`` (at most one per street whose board cards are given) likewise. Cards
        are card codes, `Card` objects or texts: ``{1: "AsKd"}``, ``board="Qh Jh Th"``.

        Raises:
            HandSetupError: the setup cannot be dealt, a seat in ``hole`` is not dealt in or
                does not get the game's number of hole cards, or too many board or burn cards
                are given.
            CardError: something given is not a card, or a card is named twice.
        """
        order = deal_order(setup, hole=hole, board=board, burns=burns)
        return cls(setup, Deck.stacked(order))

    # -- what is going on ------------------------------------------------------------------
    @property
    def setup(self) -> HandSetup:
        return self._setup

    @property
    def phase(self) -> HandPhase:
        return self._phase

    is_over = property(
        attrgetter("_over"),
        doc="Whether the last chip was pushed (the phase is over). A property over a flag read"
        " in C: a caller asks it before every decision, and a property written in Python costs"
        " about 700 CPU instructions a read, this one about 450.",
    )

    @property
    def street(self) -> Street:
        return STREETS[self._street]

    @property
    def actor(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        return self._seats[self._actor] if self._actor >= 0 else None

    @property
    def board(self) -> tuple[Card, ...]:
        return tuple(self._board)

    @property
    def events(self) -> tuple[HandEvent, ...]:
        """Everything that happened so far, in order (the full record, hidden cards included)."""
        return tuple(self._record())

    @property
    def stacks(self) -> dict[int, int]:
        """Chips behind, by seat (after the push once the hand is over)."""
        return dict(zip(self._seats, self._stack, strict=True))

    @property
    def final_stacks(self) -> dict[int, int]:
        """The stacks by seat after the last chip was pushed.

        Raises:
            IllegalAction: the hand is not over yet.
        """
        if self._phase is not _OVER:
            raise IllegalAction(
                "the hand is not over yet: final stacks exist after the push",
                code="hand_not_over",
                params={"phase": self._phase.value},
            )
        return self.stacks

    @property
    def bets(self) -> dict[int, int]:
        """Each seat's bet on the current street."""
        return dict(zip(self._seats, self._bet, strict=True))

    @property
    def pot(self) -> int:
        """Every chip committed to the hand and not yet pushed (antes and bets)."""
        return sum(self._committed) + self._dead

    @property
    def current_bet(self) -> int:
        """The bet to match on this street (preflop at least the full big blind)."""
        return self._current

    @property
    def min_raise(self) -> int:
        """The last full bet or raise increment of the street (TDA 43A); in fixed-limit the
        street's one bet size."""
        return self._min_raise

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The hole cards dealt to ``seat``.

        Raises:
            HandSetupError: nobody at that seat is dealt in, or the seat is not dealt cards
                (THC 6).
        """
        cards = self._hole[self._position(seat)]
        if cards is _NO_CARDS:
            raise HandSetupError(
                f"seat {seat} is not dealt cards in this hand (THC 6): it has no hole cards",
                code="not_dealt",
                params={"seat": seat},
            )
        return cards

    def is_folded(self, seat: int) -> bool:
        """Whether the seat's hand is out: folded, killed or mucked."""
        p = self._position(seat)
        return self._folded[p] or self._mucked[p]

    def is_all_in(self, seat: int) -> bool:
        p = self._position(seat)
        return self._stack[p] == 0 and not self._folded[p]

    # -- decisions -------------------------------------------------------------------------
    def legal_actions(self) -> LegalActions:
        """Exactly what the player to act may do now.

        Raises:
            IllegalAction: the hand is over.
        """
        p = self._actor
        phase = self._phase
        if phase is _BETTING:
            bet = self._bet[p]
            stack = self._stack[p]
            owe = self._current - bet
            full = self._full  # TDA 43A/47A, settled when the turn passed (``_advance``)
            low: int | None
            high: int | None
            if full < 0:  # no raise
                low = high = None
                if owe >= stack:  # calling puts the player all-in
                    owe = stack
            else:  # (then calling does not put the player all-in: owe < stack)
                high = bet + stack
                if self._limited and self._most < high:  # the pot, or the fixed bet
                    high = self._most
                low = full if full < high else high  # short of a full raise: all-in only
            # `record_builders.legal_betting`, in line (a call less on every decision):
            o = _LegalTwin()
            o.seat = self._seats[p]
            o.can_fold = True
            if owe <= 0:
                o.can_check = True
                o.call_amount = 0
            else:
                o.can_check = False
                o.call_amount = owe
            o.min_raise_to = low
            o.max_raise_to = high
            o.can_show = False
            o.can_muck = False
            o.chip_unit = self._unit
            o.__class__ = LegalActions
            return o  # type: ignore[no-any-return]
        if phase is _SHOWDOWN:
            return legal_showdown(self._seats[p], self._unit)
        raise IllegalAction(
            "the hand is over: nobody is to act",
            code="hand_over",
            params={"phase": HandPhase.OVER.value},
        )

    def apply(self, action: Action) -> HandEvent:
        """Carry out ``action`` for the player to act and return what was recorded.

        The action may come from outside, so its fields are checked first (see `Action`): a
        kind given as its text (``"show"``) is that kind; an unknown kind, an amount that is
        not a whole number (or one given to an action that takes none) and a seat that is not
        a seat number are refused.

        Raises:
            IllegalAction: the action is not allowed now, or not an action (``bad_action``,
                ``unknown_action``, ``bad_amount``, ``unexpected_amount``, ``bad_seat``);
                nothing changed.
        """
        if action.__class__ is not Action and not isinstance(action, Action):
            raise IllegalAction(
                f"{action!r} is not an Action",
                code="bad_action",
                params={"action": repr(action), "allowed": list(ALLOWED_KINDS)},
            )
        kind = action.kind
        if kind.__class__ is not ActionKind:
            kind = action_kind(kind)
        amount = action.amount
        if amount is not None:
            if amount.__class__ is not int:
                raise IllegalAction(
                    f"a {kind} amount is a whole number of chips, not {amount!r}",
                    code="bad_amount",
                    params={"kind": kind.value, "amount": repr(amount)},
                )
            if kind is not _RAISE and kind is not _BET:
                raise IllegalAction(
                    f"a {kind} takes no amount, but {amount:,} was given: only a bet or a"
                    " raise names a total",
                    code="unexpected_amount",
                    params={"kind": kind.value, "amount": amount},
                )
        seat = action.seat
        if seat is not None:
            if seat.__class__ is not int or seat < 1:
                raise IllegalAction(
                    f"{seat!r} is not a seat number: seats are whole numbers from 1, or leave"
                    " the seat out for whoever is to act",
                    code="bad_seat",
                    params={"seat": repr(seat)},
                )
            if seat != self.actor:
                if self._actor < 0:
                    raise IllegalAction(
                        "the hand is over: nobody is to act",
                        code="hand_over",
                        params={"phase": HandPhase.OVER.value},
                    )
                raise IllegalAction(
                    f"it is seat {self._seats[self._actor]}'s turn, not seat {seat}'s:"
                    " act in turn (TDA 53A)",
                    code="out_of_turn",
                    params={"seat": seat, "actor": self._seats[self._actor]},
                )
        if kind is _CALL:
            return self.call()
        if kind is _CHECK:
            return self.check()
        if kind is _FOLD:
            return self.fold()
        if kind is _RAISE or kind is _BET:
            if amount is None:
                raise IllegalAction(
                    f"a {kind} needs an amount: the total to {kind} to (TDA 43B)",
                    code="bad_amount",
                    params={"kind": kind.value, "amount": None},
                )
            return self.raise_to(amount)
        if kind is _SHOW:
            return self.show()
        return self.muck()  # the kinds are exhausted: _MUCK

    def timeout(self) -> HandEvent:
        """The action clock ran out on the player to act.

        ``check_or_fold`` (TDA 29): folded facing a bet, checked otherwise; at showdown the
        hand is tabled (cards speak). ``kill_hand`` (KY 16, THC 15, SLPT 2): the hand is dead,
        bet or no bet, and mucked at showdown.

        Raises:
            IllegalAction: the hand is over.
        """
        p = self._actor
        kill = self._kill_on_timeout
        if self._phase is _BETTING:
            if not kill and self._bet[p] >= self._current:
                return self._check(p, True)
            return self._fold(p, True)
        if self._phase is _SHOWDOWN:
            return self.muck() if kill else self.show()
        raise IllegalAction(
            "the hand is over: there is no clock to run out",
            code="hand_over",
            params={"phase": HandPhase.OVER.value},
        )

    # -- start of the hand -----------------------------------------------------------------
    def _deal_hole_cards(self, deck: Deck, deal_to: tuple[int, ...]) -> None:
        """One card at a time, starting left of the button (TDA 34B, 38): two rounds in
        Hold'em, four in Omaha (the setup's ``game``, `pitboss.rules.games.HOLE_CARDS`).

        ``deal_to`` lists the positions that receive cards, in deal order; a seat not dealt
        cards (THC 6) is skipped and keeps an empty hand.
        """
        m = len(deal_to)
        rounds = HOLE_CARDS[self._game]
        dealt = deck.deal_many(rounds * m)
        hole: list[tuple[Card, ...]] = [_NO_CARDS] * self._n
        if rounds == 2:
            for k in range(m):
                hole[deal_to[k]] = (dealt[k], dealt[m + k])
        else:
            for k in range(m):
                hole[deal_to[k]] = tuple(dealt[k::m])
        self._hole = hole
        # The HoleCardsDealt records are made when the record is first read (``_record``):
        # most hands are played without anyone reading it.
        self._hole_at = len(self._events)
        self._deal_to = deal_to

    def _record(self) -> list[HandEvent]:
        """The event list, with the hole-card records in their place (made on first use)."""
        events = self._events
        at = self._hole_at
        if at >= 0:
            seats = self._seats
            hole = self._hole
            events[at:at] = [hole_cards_dealt(seats[p], hole[p]) for p in self._deal_to]
            self._hole_at = -1
        return events

    def _position(self, seat: int) -> int:
        if seat.__class__ is int:
            pos = self._pos
            if pos is None:  # made on first use: most hands are played without it
                pos = self._pos = dict(zip(self._seats, range(self._n), strict=True))
            p = pos.get(seat)
            if p is not None:
                return p
        raise HandSetupError(
            f"seat {seat!r} is not dealt in: seats in this hand are {list(self._seats)}",
            code="unknown_seat",
            params={"seat": repr(seat), "seats": list(self._seats)},
        )


def deal_order(
    setup: HandSetup,
    *,
    hole: Mapping[int, Sequence[int | str] | str],
    board: Sequence[int | str] | str = (),
    burns: Sequence[int | str] | str = (),
) -> list[Card]:
    """The deck order that deals ``hole``, ``burns`` and ``board`` (see ``Hand.from_cards``).

    Raises:
        HandSetupError: the setup cannot be dealt, a seat in ``hole`` is not dealt in or does
            not get the game's number of hole cards, or too many board or burn cards are given.
        CardError: something given is not a card (a card named twice is refused by the deck).
    """
    ordered = check_deal(setup)
    all_seats = tuple(s.seat for s in ordered)
    undealt = {s.seat for s in ordered if not s.dealt}
    rounds = HOLE_CARDS[setup.game]
    if not isinstance(hole, Mapping):
        raise HandSetupError(
            f"hole cards are given as a mapping of seat numbers to {rounds} cards, not {hole!r}",
            code="bad_hole_cards",
            params={"hole": repr(hole)},
        )
    given: dict[int, tuple[Card, ...]] = {}
    for seat, cards in hole.items():
        if seat.__class__ is not int or seat not in all_seats:
            raise HandSetupError(
                f"hole cards given for seat {seat!r}, which is not dealt in: seats in this hand"
                f" are {list(all_seats)}",
                code="unknown_seat",
                params={"seat": repr(seat), "seats": list(all_seats)},
            )
        if seat in undealt:
            raise HandSetupError(
                f"hole cards given for seat {seat}, which is not dealt cards (THC 6)",
                code="not_dealt",
                params={"seat": seat},
            )
        pair = cards_of(cards, what=f"seat {seat}'s hole cards")
        if len(pair) != rounds:
            raise HandSetupError(
                f"seat {seat} must get {rounds} hole cards in {_GAME_NAMES[setup.game]}, not"
                f" {len(pair)}",
                code="bad_hole_cards",
                params={"seat": seat, "count": len(pair), "allowed": rounds},
            )
        given[seat] = tuple(pair)
    board_cards = cards_of(board, what="the board")
    if len(board_cards) > 5:
        raise HandSetupError(
            f"the board is at most 5 cards (flop, turn, river), not {len(board_cards)}",
            code="bad_board",
            params={"count": len(board_cards), "max": 5},
        )
    burn_cards = cards_of(burns, what="the burn cards")
    streets = (0, 1, 1, 1, 2, 3)[len(board_cards)]  # streets whose board cards are given
    if len(burn_cards) > streets:
        raise HandSetupError(
            f"{len(burn_cards)} burn cards are given for {streets} streets of board cards:"
            " one burn card before each flop, turn and river given (TDA 38)",
            code="bad_burns",
            params={"count": len(burn_cards), "streets": streets},
        )
    named = {int(c) for pair in given.values() for c in pair}
    named.update(int(c) for c in board_cards)
    named.update(int(c) for c in burn_cards)
    spare = iter([c for c in FULL_DECK if int(c) not in named])
    n = len(all_seats)
    start = first_left_of(all_seats, setup.button)
    dealt: list[tuple[Card, ...]] = []
    for k in range(n):
        spec = ordered[(start + k) % n]
        if not spec.dealt:  # THC 6: skipped in the deal
            continue
        chosen = given.get(spec.seat)
        dealt.append(tuple(next(spare) for _ in range(rounds)) if chosen is None else chosen)
    order = [cards[r] for r in range(rounds) for cards in dealt]  # one card a round (TDA 38)
    sizes = (3, 1, 1)
    at = 0
    for street in range(3):
        if at >= len(board_cards):
            break
        order.append(burn_cards[street] if street < len(burn_cards) else next(spare))
        order.extend(board_cards[at : at + sizes[street]])
        at += sizes[street]
    order.extend(spare)
    return order


def decision_of(event: HandEvent) -> Action | None:
    """The decision that produced ``event`` (``None`` for automatic events or a timeout)."""
    if isinstance(event, Acted):
        if event.timed_out:
            return None
        if event.kind is _BET or event.kind is _RAISE:
            return Action(kind=event.kind, amount=event.to, seat=event.seat)
        return Action(kind=event.kind, seat=event.seat)
    if isinstance(event, HandTabled):
        return Action(kind=_SHOW, seat=event.seat)
    if isinstance(event, HandMucked):
        return Action(kind=_MUCK, seat=event.seat)
    return None
