"""``RecordedHand``: a hand whose cards are at a live table, not in the software.

A dealer deals real cards; pitboss keeps the chips. A ``RecordedHand`` is a `Hand` with no
deck: it posts, bets and closes its rounds with the engine's own code (``PostingStep``,
``BettingStep``: TDA 43A minimum raises, TDA 47A short all-ins, side pots, odd chips), but the
hole cards are unknown (``HoleCardsDealt.cards`` is ``None``: ``????`` in PHH) and the board is
what the dealer enters (`enter_board`), if anything. Beyond the decisions of `Hand`:

- `kill` ends any seat's hand at any time (THC 36, SLPT 17: a dead hand; in turn it is a fold,
  out of turn its uncalled raise goes back, TDA 65A; a blind is no raise and stays);
- `add_dead_chips` puts chips from a stack into the pot as dead money (THC 52 forfeits);
- once the betting is over with two or more hands in, the hand waits for the award
  (``is_awaiting_award``): `award` pushes each of `pots` (main pot first, with its eligible
  seats) to the winners the dealer names, or `read_hands` reads the shown cards and the board
  (cards speak: KY 15, THC 49) through the showdown's evaluator; ties split by the house's
  ``odd_chip_rule`` (TDA 20);
- `misdeal` voids the hand and returns every chip (TDA 35; the table keeps the button and
  blinds where they were).

``events`` holds the engine's `HandEvent`s (for the history writers); ``record`` the full
record, with `HandDeclaredDead`, `DeadChipsAdded` and `HandVoided` in their places. Every
refusal raises `IllegalAction` (or `HandSetupError` for a bad setup) and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pitboss.cards import Card, cards_of, check_distinct
from pitboss.engine.actions import Action, LegalActions
from pitboss.engine.betting_limits import FIXED_LIMIT
from pitboss.engine.hand import Hand
from pitboss.engine.hand_events import (
    STREETS,
    Acted,
    BoardDealt,
    HandEvent,
    HandKilled,
    HandMucked,
    HandTabled,
    HoleCardsDealt,
    KillReason,
    Posted,
    PotAwarded,
    Street,
)
from pitboss.engine.hand_state import HandPhase
from pitboss.engine.pots import build_pots, split_pot
from pitboss.engine.record_builders import bet_returned, pot_awarded
from pitboss.engine.setup import HandSetup, PostKind
from pitboss.errors import CardError, HandSetupError, IllegalAction
from pitboss.rules.games import HOLE_CARDS

_BETTING = HandPhase.BETTING
_SHOWDOWN = HandPhase.SHOWDOWN
_OVER = HandPhase.OVER
_ANTE = PostKind.ANTE
_UNKNOWN: tuple[Card, ...] = (Card(0), Card(0))
"""The (identity-checked) hole cards of a seat whose cards are at the table, not shown."""
_BOARD_SIZES = (0, 3, 4, 5)
"""Board cards on the table once each street is dealt (preflop, flop, turn, river)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDeclaredDead:
    """A seat's hand was declared dead at the table (THC 36, SLPT 17; THC 6/17 not at the seat).

    ``cause`` is the dealer's reason as text (`pitboss.rulings.DeadHandCause` values); an
    uncalled raise that goes back follows as a `BetReturned` (TDA 65A).
    """

    seat: int
    street: Street
    cause: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadChipsAdded:
    """Chips from a seat's stack went into the main pot as dead money (THC 52 forfeits)."""

    seat: int
    street: Street
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandVoided:
    """The hand was a misdeal: every chip went back (TDA 35); a `HandEnded` follows."""

    reason: str = "misdeal"


RecordedEvent = HandEvent | HandDeclaredDead | DeadChipsAdded | HandVoided
"""What a recorded hand's ``record`` holds: the engine's events and the table's own."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """One pot to award: index 0 is the main pot, then the side pots (TDA 21)."""

    index: int
    amount: int
    eligible: tuple[int, ...]


class RecordedHand(Hand):
    """A hand dealt by a live dealer; see the module docstring for what it adds to `Hand`.

    It is long (about 650 lines) because every correction a dealer records (a show, a muck, a
    killed hand, dead chips, an entered board, an award, a misdeal) changes the same hand
    state and must keep `Hand`'s invariants (chips conserved, cards distinct); each is a
    ``verify_``/do pair, so splitting it would split that one state.

    Raises (on creation):
        HandSetupError: the setup cannot be dealt (see ``HandSetup.validate``).
    """

    __slots__ = ("_log", "_raises", "_street_at", "_synced")

    _log: list[RecordedEvent]
    _synced: int
    _street_at: list[int]
    _raises: list[tuple[int, ...]]

    def __init__(self, setup: HandSetup) -> None:  # (no deck: the cards are at the table)
        killed, undealt, deal_to, opener = self._seat_and_post(setup)
        seats = self._seats
        n = len(seats)
        self._setup = setup
        self._n = n
        self._folded = folded = [False] * n
        self._acted_at = [-1] * n
        self._board = []
        self._street = 0
        self._phase = _BETTING
        self._over = False
        self._aggressor = -1
        self._actor = -1
        self._full = -3
        self._mucked = [False] * n
        self._show_queue = []
        self._exposed = False
        self._hole = [_UNKNOWN] * n
        self._hole_at = -1
        self._deal_to = deal_to
        self._log = []
        self._synced = 0
        self._street_at = [0, -1, -1, -1]
        self._raises = []
        self._events.extend(HoleCardsDealt(seat=seats[p], cards=None) for p in deal_to)
        n_in = n
        for p in undealt:  # THC 6: posted, no cards, out of the hand
            folded[p] = True
            n_in -= 1
        for p in killed:
            folded[p] = True
            n_in -= 1
            self._events.append(HandKilled(seat=seats[p], reason=KillReason.DEALT_DEAD))
        self._n_in = n_in
        if n_in == 1:
            self._return_uncalled()
            self._award()
        else:
            self._advance((opener - 1) % n)

    @classmethod
    def from_cards(
        cls,
        setup: HandSetup,
        *,
        hole: Mapping[int, Sequence[int | str] | str],
        board: Sequence[int | str] | str = (),
        burns: Sequence[int | str] | str = (),
    ) -> Hand:
        """Refused: a recorded hand's cards are at the table (create it from its setup).

        Raises:
            IllegalAction: always (``cards_at_table``).
        """
        raise IllegalAction(
            "a recorded hand is dealt at the table: create RecordedHand(setup) and enter the"
            " board and the shown cards as the dealer sees them",
            code="cards_at_table",
            params={"seats": sorted(hole)},
        )

    # -- the record ------------------------------------------------------------------------
    @property
    def record(self) -> tuple[RecordedEvent, ...]:
        """Everything that happened, the table's own events (kills, dead chips) included."""
        self._sync()
        return tuple(self._log)

    @property
    def events(self) -> tuple[HandEvent, ...]:
        """The engine's events only, in order (what the hand-history writers read)."""
        out: list[HandEvent] = []
        for event in self.record:
            if isinstance(event, HandDeclaredDead | DeadChipsAdded | HandVoided):
                continue
            out.append(event)
        return tuple(out)

    @property
    def is_awaiting_award(self) -> bool:
        """The betting is over with two or more hands in: the pots wait for their winners."""
        return self._phase is _SHOWDOWN

    @property
    def is_voided(self) -> bool:
        """The hand was a misdeal (TDA 35)."""
        return any(isinstance(e, HandVoided) for e in self._log)

    @property
    def board_streets(self) -> int:
        """How many streets of board cards the dealer has entered (0 to 3)."""
        return (0, 0, 0, 1, 2, 3)[len(self._board)]

    def hole_cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` showed (`read_hands`).

        Raises:
            HandSetupError: the seat is not in the hand (``unknown_seat``) or its cards were
                not shown (``cards_not_shown``).
        """
        cards = self._hole[self._position(seat)]
        if cards is _UNKNOWN:
            raise HandSetupError(
                f"seat {seat}'s cards are at the table: pitboss knows them once shown",
                code="cards_not_shown",
                params={"seat": seat},
            )
        return cards

    # -- decisions (the engine's, refused while the pots wait for an award) ----------------
    def legal_actions(self) -> LegalActions:
        """What the player to act may do (see `Hand.legal_actions`).

        Raises:
            IllegalAction: the hand is over, or the betting is over (``awaiting_award``).
        """
        if self._phase is _SHOWDOWN:
            raise self._awaiting("act")
        return super().legal_actions()

    def apply(self, action: Action) -> HandEvent:
        """Carry out ``action`` for the player to act (see `Hand.apply`).

        Raises:
            IllegalAction: as `Hand.apply`, or the betting is over (``awaiting_award``).
        """
        if self._phase is _SHOWDOWN:
            raise self._awaiting("act")
        return super().apply(action)

    def raise_to(self, amount: int) -> Acted:
        """Bet or raise to ``amount`` (`Hand.raise_to`), noting the raise so that a raise
        returned by a dead hand restores the last full raise before it (TDA 43A, 65A), and in
        fixed-limit the bet counted from and the bets made (TDA 48)."""
        before = (self._street, self._current, self._min_raise, *self._limit_count())
        event = super().raise_to(amount)
        self._raises.append((*before, self._current, self._min_raise, *self._limit_count()))
        return event

    def _limit_count(self) -> tuple[int, int]:
        """Fixed-limit: the bet raises are counted from and the bets made on the street."""
        if self._limited == FIXED_LIMIT:
            return self._level, self._bets_made
        return 0, 0

    bet_to = raise_to

    def verify_show(self) -> None:
        """Refused: at a live table the dealer names the winners (`award`, `read_hands`).

        Raises:
            IllegalAction: always (``awaiting_award``, ``not_showdown`` or ``hand_over``).
        """
        raise self._awaiting("show") if self._phase is _SHOWDOWN else self._not_showdown("show")

    def can_show(self) -> bool:
        return False

    def show(self) -> HandTabled:
        """Refused: see `verify_show`."""
        self.verify_show()
        raise AssertionError("unreachable")  # pragma: no cover

    def verify_muck(self) -> None:
        """Refused: a hand that concedes at a live table is killed (`kill`).

        Raises:
            IllegalAction: always (``awaiting_award``, ``not_showdown`` or ``hand_over``).
        """
        raise self._awaiting("muck") if self._phase is _SHOWDOWN else self._not_showdown("muck")

    def can_muck(self) -> bool:
        return False

    def muck(self) -> HandMucked:
        """Refused: see `verify_muck`."""
        self.verify_muck()
        raise AssertionError("unreachable")  # pragma: no cover

    # -- dead hands (THC 36, SLPT 17) ------------------------------------------------------
    def uncalled_raise(self, seat: int) -> int:
        """What goes back if ``seat``'s hand dies now (TDA 65A): `uncalled_raise`, out of turn in
        a betting round only (in turn a dead hand is a fold, and its bet stays)."""
        p = self._position(seat)
        if self._phase is not _BETTING or p == self._actor:
            return 0
        return uncalled_raise(self, seat)

    def verify_kill(self, seat: int) -> None:
        """Raise unless ``seat``'s hand can be killed now.

        Raises:
            IllegalAction: the hand is over (``hand_over``), the seat is not in it
                (``unknown_seat``) or its hand is already out (``hand_not_live``).
        """
        if self._phase is _OVER:
            raise IllegalAction(
                "the hand is over: there is no hand left to kill",
                code="hand_over",
                params={"phase": HandPhase.OVER.value},
            )
        p = self._known_position(seat)
        if self._folded[p] or self._mucked[p]:
            raise IllegalAction(
                f"seat {seat}'s hand is already out",
                code="hand_not_live",
                params={"seat": seat},
            )

    def can_kill(self, seat: int) -> bool:
        try:
            self.verify_kill(seat)
        except IllegalAction:
            return False
        return True

    def kill(self, seat: int, cause: str) -> HandDeclaredDead:
        """Declare ``seat``'s hand dead for ``cause`` (THC 36, SLPT 17, THC 6/17).

        In turn it is a fold; out of turn its uncalled raise goes back (TDA 65A) and the
        player to act is settled anew (TDA 43A: the last full raise before the returned one);
        while the pots wait for an award the hand simply concedes. When one hand is left it
        wins every pot (TDA 17B).

        Raises:
            IllegalAction: see `verify_kill`; ``cause`` not a non-blank text (``bad_cause``).
        """
        self.verify_kill(seat)
        if not isinstance(cause, str) or not cause.strip():
            raise IllegalAction(
                f"a dead hand's cause is a text (a DeadHandCause value), not {cause!r}",
                code="bad_cause",
                params={"cause": repr(cause)},
            )
        p = self._position(seat)
        back = self.uncalled_raise(seat)
        self._sync()
        event = HandDeclaredDead(seat=seat, street=STREETS[self._street], cause=cause)
        self._log.append(event)
        stack = self._stack
        was_live = stack[p] > 0
        in_turn = self._phase is _BETTING and p == self._actor
        if back:
            self._bet[p] -= back
            self._committed[p] -= back
            stack[p] += back
            self._events.append(bet_returned(seat, back))
            self._restore_bet()
        self._folded[p] = True
        self._n_in -= 1
        if was_live:
            self._n_live -= 1
        if in_turn:
            self._acted_at[p] = self._current
        if self._n_in == 1:
            if self._phase is _BETTING:
                self._return_uncalled()
            self._award()
        elif in_turn:
            self._advance(p)  # the turn passes as after a fold
        elif self._phase is _BETTING:
            self._advance(self._actor - 1)  # the player to act, settled anew (TDA 43A/47A)
        return event

    # -- dead money (THC 52) ---------------------------------------------------------------
    def verify_dead_chips(self, seat: int, amount: int) -> None:
        """Raise unless ``amount`` chips of ``seat``'s stack can go into the pot as dead money.

        Raises:
            IllegalAction: the hand is not in a betting round (``not_betting``), the seat is
                not in the hand (``unknown_seat``), the amount not a whole number from 1
                (``bad_amount``), more than the stack (``more_than_stack``) or all of a live
                player's stack (``dead_chips_all_in``: the last chips of a live hand are an
                all-in, TDA 45).
        """
        if self._phase is not _BETTING:
            raise IllegalAction(
                f"dead chips go into the pot during the betting, not at {self._phase.value}",
                code="not_betting",
                params={"phase": self._phase.value},
            )
        p = self._known_position(seat)
        if amount.__class__ is not int or amount < 1:
            raise IllegalAction(
                f"dead chips are a whole number of chips from 1, not {amount!r}",
                code="bad_amount",
                params={"seat": seat, "amount": repr(amount)},
            )
        stack = self._stack[p]
        if amount > stack:
            raise IllegalAction(
                f"seat {seat} has {stack:,} chips behind: {amount:,} cannot go into the pot",
                code="more_than_stack",
                params={"seat": seat, "amount": amount, "stack": stack},
            )
        if amount == stack and not (self._folded[p] or self._mucked[p]):
            raise IllegalAction(
                f"{amount:,} is all of seat {seat}'s chips: a live hand's last chips are an"
                " all-in (TDA 45), not dead money",
                code="dead_chips_all_in",
                params={"seat": seat, "amount": amount, "stack": stack},
            )

    def add_dead_chips(self, seat: int, amount: int) -> DeadChipsAdded:
        """Move ``amount`` chips from ``seat``'s stack into the main pot as dead money (THC 52:
        the chips of an undercall forfeited with the fold)."""
        self.verify_dead_chips(seat, amount)
        p = self._position(seat)
        self._sync()
        event = DeadChipsAdded(seat=seat, street=STREETS[self._street], amount=amount)
        self._log.append(event)
        self._stack[p] -= amount
        self._dead += amount
        return event

    # -- the board -------------------------------------------------------------------------
    def enter_board(self, cards: Sequence[int | str] | str) -> tuple[BoardDealt, ...]:
        """Enter the board as the dealer sees it: every board card so far, in order.

        The cards already entered must come first, unchanged; the new streets' cards are
        recorded where their streets began, so the record reads in the order of play.

        Raises:
            IllegalAction: the hand is over (``hand_over``), more cards than the streets dealt
                (``board_ahead``), not a whole street (``bad_board``), cards that differ from
                those entered (``board_changed``) or a card named twice (``bad_board``).
            CardError: something given is not a card.
        """
        if self._phase is _OVER:
            raise IllegalAction(
                "the hand is over: its board can no longer be entered",
                code="hand_over",
                params={"phase": HandPhase.OVER.value},
            )
        given = cards_of(cards, what="the board")
        dealt = _BOARD_SIZES[self._street]
        if len(given) > dealt:
            raise IllegalAction(
                f"{len(given)} board cards given, but only {dealt} are on the table on the"
                f" {STREETS[self._street]}",
                code="board_ahead",
                params={"count": len(given), "dealt": dealt},
            )
        if len(given) not in (0, 3, 4, 5):
            raise IllegalAction(
                f"the board is entered street by street: 3, 4 or 5 cards, not {len(given)}",
                code="bad_board",
                params={"count": len(given)},
            )
        known = self._board
        if [int(c) for c in given[: len(known)]] != [int(c) for c in known]:
            raise IllegalAction(
                f"the board was entered as {' '.join(map(str, known))}: the cards already"
                " entered cannot change (the director corrects a wrong entry)",
                code="board_changed",
                params={"board": [str(c) for c in known], "given": [str(c) for c in given]},
            )
        self._check_new_cards([*given, *self._shown_cards()], what="board")
        self._sync()
        out: list[BoardDealt] = []
        for street in range(1, 4):
            have, want = len(self._board), _BOARD_SIZES[street]
            if have >= want or len(given) < want:
                continue
            event = BoardDealt(street=STREETS[street], cards=tuple(given[have:want]))
            at = self._street_at[street]
            self._log.insert(at, event)
            for later in range(street + 1, 4):
                if self._street_at[later] >= at:
                    self._street_at[later] += 1
            self._board.extend(given[have:want])
            out.append(event)
        return tuple(out)

    # -- the award -------------------------------------------------------------------------
    def pots(self) -> tuple[Pot, ...]:
        """The main pot and the side pots as they stand, with the seats eligible for each
        (TDA 21; uncalled bets of closed rounds already returned)."""
        if self._phase is _OVER:
            return ()
        n = self._n
        folded, mucked, stack = self._folded, self._mucked, self._stack
        out = [folded[i] or mucked[i] for i in range(n)]
        all_in = [stack[i] == 0 for i in range(n)]
        pots = build_pots(self._committed, out, all_in, dead=self._dead)
        seats = self._seats
        return tuple(
            Pot(index=k, amount=amount, eligible=tuple(seats[i] for i in eligible))
            for k, (amount, eligible) in enumerate(pots)
        )

    def verify_award(self, winners: Sequence[Sequence[int]]) -> None:
        """Raise unless ``winners`` names one or more eligible seats for each of `pots`.

        Raises:
            IllegalAction: not awaiting an award (``not_awaiting_award``), a list per pot not
                given (``bad_award``), or a winner not a seat eligible for that pot
                (``not_eligible``) or named twice (``bad_award``).
        """
        if self._phase is not _SHOWDOWN:
            raise IllegalAction(
                f"the pots are awarded when the betting is over; the hand is at"
                f" {self._phase.value}",
                code="not_awaiting_award",
                params={"phase": self._phase.value},
            )
        pots = self.pots()
        if (
            isinstance(winners, str)
            or not isinstance(winners, Sequence)
            or len(winners) != len(pots)
        ):
            raise IllegalAction(
                f"name the winners of each of the {len(pots)} pot(s), main pot first",
                code="bad_award",
                params={"pots": len(pots), "winners": repr(winners)},
            )
        for pot, named in zip(pots, winners, strict=True):
            if isinstance(named, str) or not isinstance(named, Sequence) or not named:
                raise IllegalAction(
                    f"pot {pot.index} needs one winner or more among seats {list(pot.eligible)}",
                    code="bad_award",
                    params={"pot": pot.index, "winners": repr(named)},
                )
            if len(set(named)) != len(named):
                raise IllegalAction(
                    f"a winner of pot {pot.index} is named twice: {list(named)}",
                    code="bad_award",
                    params={"pot": pot.index, "winners": list(named)},
                )
            for seat in named:
                if seat not in pot.eligible:
                    raise IllegalAction(
                        f"seat {seat!r} cannot win pot {pot.index}: the seats eligible are"
                        f" {list(pot.eligible)} (TDA 21)",
                        code="not_eligible",
                        params={
                            "pot": pot.index,
                            "seat": repr(seat),
                            "eligible": list(pot.eligible),
                        },
                    )

    def award(self, winners: Sequence[Sequence[int]]) -> tuple[PotAwarded, ...]:
        """Push each pot to the winners the dealer named, side pots first (TDA 16 addendum,
        TDA 21); a split goes by the house's odd-chip rule from the button (TDA 20)."""
        self.verify_award(winners)
        pots = self.pots()
        n, start, seats = self._n, self._start, self._seats
        position = self._position
        stack = self._stack
        pushed: list[PotAwarded] = []
        for pot in reversed(pots):
            order = sorted((position(s) for s in winners[pot.index]), key=lambda i: (i - start) % n)
            shares = split_pot(pot.amount, len(order), self._unit, rule=self._odd_chip_rule)
            for i, share in zip(order, shares, strict=True):
                stack[i] += share
            event = pot_awarded(
                pot.index,
                pot.amount,
                pot.eligible,
                tuple(seats[i] for i in order),
                tuple(shares),
                False,
            )
            self._events.append(event)
            pushed.append(event)
        self._end()
        return tuple(pushed)

    def read_hands(
        self,
        shown: Mapping[int, Sequence[int | str] | str],
        *,
        board: Sequence[int | str] | str | None = None,
    ) -> tuple[PotAwarded, ...]:
        """Read the shown hands with the board and push the pots (cards speak: KY 15, THC 49).

        ``shown`` maps seats to the hole cards each tabled (two in Hold'em, four in Omaha); a
        hand still in that is not shown concedes (it is mucked). In Omaha high-low each pot is
        split between the best high hand and the best low, as the engine's showdown does.
        ``board`` completes the board (all five cards, those entered first); without it the
        five cards must have been entered.

        Raises:
            IllegalAction: not awaiting an award (``not_awaiting_award``), no hand shown, a
                seat not in the hand or out (``hand_not_live``), not the game's number of hole
                cards (``bad_hole_cards``), the board not complete (``board_incomplete``), a card
                named twice; see `enter_board`.
            CardError: something given is not a card.
        """
        if self._phase is not _SHOWDOWN:
            raise IllegalAction(
                f"hands are read when the betting is over; the hand is at {self._phase.value}",
                code="not_awaiting_award",
                params={"phase": self._phase.value},
            )
        if not isinstance(shown, Mapping) or not shown:
            raise IllegalAction(
                "name the cards of at least one hand shown (seat -> its hole cards)",
                code="nothing_shown",
                params={"shown": repr(shown)},
            )
        hands: dict[int, tuple[Card, ...]] = {}
        rounds = HOLE_CARDS[self._setup.game]
        for seat, cards in shown.items():
            p = self._known_position(seat)
            if self._folded[p] or self._mucked[p]:
                raise IllegalAction(
                    f"seat {seat}'s hand is out: only a hand still in can win",
                    code="hand_not_live",
                    params={"seat": seat},
                )
            pair = cards_of(cards, what=f"seat {seat}'s cards")
            if len(pair) != rounds:
                raise IllegalAction(
                    f"seat {seat} shows {rounds} hole cards, not {len(pair)}",
                    code="bad_hole_cards",
                    params={"seat": seat, "count": len(pair), "allowed": rounds},
                )
            hands[seat] = tuple(pair)
        final = list(self._board) if board is None else cards_of(board, what="the board")
        if len(final) != 5:
            raise IllegalAction(
                f"cards speak with the whole board: 5 cards, not {len(final)}",
                code="board_incomplete",
                params={"count": len(final)},
            )
        if [int(c) for c in final[: len(self._board)]] != [int(c) for c in self._board]:
            raise IllegalAction(
                "the board entered cannot change (the director corrects a wrong entry)",
                code="board_changed",
                params={"board": [str(c) for c in self._board], "given": [str(c) for c in final]},
            )
        self._check_new_cards([*final, *(c for pair in hands.values() for c in pair)], what="hands")
        if len(self._board) < 5:
            self.enter_board(final)
        self._sync()
        for p in self._clockwise[self._start]:
            if self._folded[p] or self._mucked[p]:
                continue
            seat = self._seats[p]
            if seat in hands:
                self._hole[p] = hands[seat]
                self._table(p)
            else:
                self._mucked[p] = True
                self._n_in -= 1
                self._events.append(HandMucked(seat=seat))
        before = len(self._events)
        self._award()
        return tuple(e for e in self._events[before:] if isinstance(e, PotAwarded))

    # -- misdeal (TDA 35) ------------------------------------------------------------------
    def misdeal(self, reason: str = "misdeal") -> HandVoided:
        """Void the hand: every chip goes back to where it was before the posts (TDA 35C).

        Raises:
            IllegalAction: the hand is over (``hand_over``).
        """
        if self._phase is _OVER:
            raise IllegalAction(
                "the hand is over: a finished hand is not a misdeal",
                code="hand_over",
                params={"phase": HandPhase.OVER.value},
            )
        self._sync()
        event = HandVoided(reason=reason)
        self._log.append(event)
        start = {spec.seat: spec.stack for spec in self._setup.seats}
        self._stack = [start[s] for s in self._seats]
        self._end()
        return event

    # -- internals -------------------------------------------------------------------------
    def _sync(self) -> None:
        """Bring the engine's new events into the full record."""
        events = self._events
        if self._synced < len(events):
            self._log.extend(events[self._synced :])
            self._synced = len(events)

    def _deal_street(self, street: int) -> None:
        """The next street begins: its board cards come when the dealer enters them."""
        self._street_at[street] = len(self._log) + len(self._events) - self._synced
        self._street = street

    def _start_showdown(self) -> None:
        """The betting is over with two or more hands in: wait for the award."""
        self._phase = _SHOWDOWN
        self._actor = -1

    def _expose_all(self) -> None:
        """At a live table the dealer tables the hands; pitboss learns them from the award."""

    def _restore_bet(self) -> None:
        """After a returned raise: the bet to match and the last full raise it stood on."""
        new = max(self._bet)
        street = self._street
        raises = [r for r in self._raises if r[0] == street]
        minimum = raises[0][2] if raises else self._min_raise
        count = raises[0][3:5] if raises else self._limit_count()
        kept = [r for r in self._raises if r[0] != street]
        for r in raises:
            if r[5] <= new:
                minimum = r[6]
                count = r[7:9]
                kept.append(r)
        self._raises = kept
        self._current = new
        self._min_raise = minimum
        if self._limited == FIXED_LIMIT:
            self._level, self._bets_made = count

    def _betting_actor(self, verb: str) -> int:
        if self._phase is _SHOWDOWN:
            raise self._awaiting(verb)
        return super()._betting_actor(verb)

    def _known_position(self, seat: int) -> int:
        if seat.__class__ is int and seat in self._seats:
            return self._position(seat)
        raise IllegalAction(
            f"seat {seat!r} is not in this hand: the seats are {list(self._seats)}",
            code="unknown_seat",
            params={"seat": repr(seat), "seats": list(self._seats)},
        )

    def _shown_cards(self) -> list[Card]:
        return [c for pair in self._hole if pair is not _UNKNOWN for c in pair]

    def _check_new_cards(self, cards: Sequence[Card], *, what: str) -> None:
        try:
            check_distinct([int(c) for c in cards])
        except CardError as err:
            raise IllegalAction(
                f"a card is named twice in the {what}: {err.message}",
                code="bad_board" if what == "board" else "card_named_twice",
                params={"cards": [str(c) for c in cards]},
            ) from err

    def _awaiting(self, verb: str) -> IllegalAction:
        return IllegalAction(
            f"cannot {verb}: the betting is over; the dealer names the winner of each pot or"
            " enters the cards shown",
            code="awaiting_award",
            params={"action": verb, "phase": HandPhase.SHOWDOWN.value},
        )


def uncalled_raise(hand: Hand, seat: int) -> int:
    """The part of ``seat``'s bet on this street that nobody matched (TDA 65A, THC 36, SLPT 26):
    above every other bet (a folded player's bet was matched too) and, before the flop, above
    its own live blind (a blind is a forced bet, not a raise).

    Raises:
        HandSetupError: the seat is not in the hand.
    """
    bets = hand.bets
    if seat not in bets:
        raise HandSetupError(
            f"seat {seat!r} is not dealt in: seats in this hand are {list(bets)}",
            code="unknown_seat",
            params={"seat": repr(seat), "seats": list(bets)},
        )
    floor = max((b for s, b in bets.items() if s != seat), default=0)
    if hand.street is Street.PREFLOP:
        blind = sum(
            e.amount
            for e in hand.events
            if isinstance(e, Posted) and e.seat == seat and not e.is_dead and e.kind != _ANTE
        )
        floor = max(floor, blind)
    return max(0, bets[seat] - floor)


__all__ = [
    "DeadChipsAdded",
    "HandDeclaredDead",
    "HandVoided",
    "Pot",
    "RecordedEvent",
    "RecordedHand",
    "uncalled_raise",
]
