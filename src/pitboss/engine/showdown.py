"""Showdown and the push: who tables first, who may muck, and how each pot is awarded.

- All-in exposure (TDA 16, SLPT 7/10): once a player is all-in and no further betting is
  possible, every hand still in is tabled at once, before the rest of the board is dealt.
- Otherwise the last aggressor of the final street tables first, else the first player left of
  the button, then clockwise (TDA 17A, SLPT 21); a later player may muck instead, unless the
  house tables every hand (THC 10). The last live hand wins without showing (TDA 17B).
- Cards speak (KY 15, TDA 12): the best five of the seven cards count, whatever the player
  says; one, both or neither hole card may play. In Omaha the best five of exactly two hole
  cards and three board cards (`pitboss.omaha`).
- Each pot is awarded separately, side pots first (TDA 16 addendum, TDA 21); split pots give
  the odd chips to the first tied winners left of the button (TDA 20).
- Omaha high-low: each contested pot is split in half between the best high hand and the best
  eight-or-better low; the odd chip of the pot goes to the high half (TDA 20: "the odd chip in
  the total pot goes to the high side"; SLPT 1: "the odd chip(s) will go to the high hand"), and
  ties within a half split it by the odd-chip rule. One hand may win both halves (a scoop);
  without a qualifying low the high hand takes the whole pot.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from operator import not_ as _not
from operator import or_ as _or
from typing import cast

from pitboss.engine.hand_events import HandEnded, HandMucked, HandTabled, PotHalf
from pitboss.engine.hand_state import HandPhase, HandState
from pitboss.engine.pots import build_pots, split_pot
from pitboss.engine.record_builders import _EndedTwin, _TabledTwin, hand_tabled, pot_awarded
from pitboss.errors import IllegalAction
from pitboss.rules.games import Game

# Enum members under module names: reading a member through its class (``HandPhase.BETTING``)
# costs about 0.2 us in CPython 3.11 (the enum metaclass's attribute lookup), a module name
# about 15 ns, and the hot path reads them on every decision.
_OVER = HandPhase.OVER
_SHOWDOWN = HandPhase.SHOWDOWN
_HOLDEM = Game.HOLDEM
_HI_LO = Game.OMAHA_HI_LO
_HIGH = PotHalf.HIGH
_LOW = PotHalf.LOW

Evaluate = Callable[[Sequence[int]], int]
_evaluate: list[Evaluate] = []
EvaluateOmaha = Callable[[Sequence[int], Sequence[int]], int]
_omaha: list[tuple[EvaluateOmaha, EvaluateOmaha]] = []


def evaluator() -> Evaluate:
    """The hand evaluator's unchecked scalar path (higher is better, equal is a tie).

    Internal: `pitboss.evaluator._evaluate_unchecked` skips the checks of the public
    ``evaluate``; the showdown passes it only the two hole cards and five board cards the hand
    dealt from one deck (distinct card codes 0 to 51), and `omaha_evaluators` the four.
    """
    if not _evaluate:
        module = importlib.import_module("pitboss.evaluator")
        _evaluate.append(cast(Evaluate, module._evaluate_unchecked))
    return _evaluate[0]


def omaha_evaluators() -> tuple[EvaluateOmaha, EvaluateOmaha]:
    """The Omaha evaluators' unchecked paths: the high strength (the Hold'em scale) and the
    eight-or-better low (1..56, 0 when none qualifies) of four hole cards and the board.

    Internal, as `evaluator`: `pitboss.omaha` builds its tables when first imported, so a
    process that deals only Hold'em never loads it.
    """
    if not _omaha:
        module = importlib.import_module("pitboss.omaha")
        high = cast(EvaluateOmaha, module._evaluate_unchecked)
        _omaha.append((high, cast(EvaluateOmaha, module._evaluate_low_unchecked)))
    return _omaha[0]


class ShowdownStep(HandState):
    """The showdown and the push, on top of the hand's state."""

    __slots__ = ()

    # -- decisions at showdown -------------------------------------------------------------
    def verify_show(self) -> None:
        """Raise unless the player to act at showdown may table their hand.

        Raises:
            IllegalAction: the hand is not at a show-or-muck decision.
        """
        if self._phase is not _SHOWDOWN:
            raise self._not_showdown("show")

    def can_show(self) -> bool:
        return self._phase is _SHOWDOWN

    def show(self) -> HandTabled:
        """Table the hand of the player whose turn it is at showdown (TDA 17A)."""
        if self._phase is not _SHOWDOWN:
            raise self._not_showdown("show")
        event = self._table(self._actor)
        self._next_shower()
        return event

    def verify_muck(self) -> None:
        """Raise unless the player to act at showdown may muck (TDA 17A).

        Under THC 10 (``all_hands_tabled``) and after all-in exposure (TDA 16) every hand is
        tabled by the dealer, so there is never a muck decision.

        Raises:
            IllegalAction: the hand is not at a show-or-muck decision.
        """
        if self._phase is not _SHOWDOWN:
            raise self._not_showdown("muck")

    def can_muck(self) -> bool:
        return self._phase is _SHOWDOWN

    def muck(self) -> HandMucked:
        """Throw the hand away face down, conceding every pot it could win (TDA 17A)."""
        self.verify_muck()
        p = self._actor
        self._mucked[p] = True
        self._n_in -= 1
        if self._stack[p]:
            self._n_live -= 1
        event = HandMucked(seat=self._seats[p])
        self._events.append(event)
        self._next_shower()
        return event

    def _not_showdown(self, verb: str) -> IllegalAction:
        if self._phase is _OVER:
            return IllegalAction(
                f"cannot {verb}: the hand is over",
                code="hand_over",
                params={"action": verb, "phase": HandPhase.OVER.value},
            )
        return IllegalAction(
            f"cannot {verb} now: the hand is not at showdown; seat"
            f" {self._seats[self._actor]} is to bet, call, check or fold",
            code="not_showdown",
            params={"seat": self._seats[self._actor]},
        )

    # -- flow ------------------------------------------------------------------------------
    def _table(self, p: int) -> HandTabled:
        event = hand_tabled(self._seats[p], self._hole[p])
        self._events.append(event)
        return event

    def _expose_all(self) -> None:
        """Table every hand still in at once, clockwise from the button (TDA 16)."""
        if self._exposed:
            return
        self._exposed = True
        folded = self._folded
        seats = self._seats
        hole = self._hole
        events = self._events
        for p in self._clockwise[self._start]:
            if not folded[p]:  # `_table`, in line (two calls less a hand tabled)
                o = _TabledTwin()
                o.seat = seats[p]
                o.cards = hole[p]
                o.__class__ = HandTabled
                events.append(o)

    def _start_showdown(self) -> None:
        """Every betting round is over with two or more hands left: table or ask, then push."""
        folded = self._folded
        if self._n_live < self._n_in or self._table_all:  # somebody in the hand is all-in
            self._expose_all()
            self._award()
            return
        first = self._aggressor
        if first < 0:
            first = self._start
        # The players in the hand clockwise from ``first``, last first: ``pop()`` gives them
        # in order (a folded ``first`` left of the button is skipped like anyone folded).
        self._show_queue = [p for p in self._clockwise[first][::-1] if not folded[p]]
        self._phase = _SHOWDOWN
        self._next_shower()

    def _next_shower(self) -> None:
        """Ask the next player in showdown order, or push when nothing is left to decide."""
        queue = self._show_queue
        if queue and self._n_in > 1:
            self._actor = queue.pop()
            return
        self._actor = -1
        self._award()

    def _award(self) -> None:
        """Push every pot, side pots first (TDA 16 addendum, TDA 21), then end the hand."""
        n = self._n
        folded = self._folded
        mucked = self._mucked
        stack = self._stack
        committed = self._committed
        live: list[int] = []  # (a loop: a list comprehension is a function call in CPython 3.11)
        for i in range(n):
            if not folded[i] and not mucked[i]:
                live.append(i)
        seats = self._seats
        events = self._events
        if len(live) == 1:  # uncontested (TDA 17B): one pot, nothing shown or evaluated
            w = live[0]
            amount = sum(committed) + self._dead
            stack[w] += amount
            events.append(pot_awarded(0, amount, (seats[w],), (seats[w],), (amount,), True))
            self._end()
            return
        for i in live:
            if not stack[i]:
                out = [*map(_or, folded, mucked)]  # folded or mucked: cannot win
                pots = build_pots(committed, out, [*map(_not, stack)], dead=self._dead)
                break
        else:  # no all-in: one pot, whatever antes and folded bets are in it
            pots = [(sum(committed) + self._dead, tuple(live))]
        board = self._board
        hole = self._hole
        strength = [0] * n
        low: list[int] | None = None
        game = self._game
        if game is _HOLDEM or game == _HOLDEM:
            evaluate = evaluator()
            for i in live:
                strength[i] = evaluate((*hole[i], *board))
        else:
            high_of, low_of = omaha_evaluators()
            for i in live:
                strength[i] = high_of(hole[i], board)
            if game == _HI_LO:
                low = [0] * n
                for i in live:
                    low[i] = low_of(hole[i], board)
        start = self._start
        unit = self._unit
        for index in range(len(pots) - 1, -1, -1):
            amount, eligible = pots[index]
            contenders = eligible or live
            if low is not None and len(contenders) > 1:
                self._push_high_low(index, amount, eligible, contenders, strength, low)
                continue
            if len(contenders) > 1:  # the best hands, in the contenders' order (one pass)
                best = 0
                winners = []
                for i in contenders:
                    if strength[i] > best:
                        best = strength[i]
                        winners = [i]
                    elif strength[i] == best:
                        winners.append(i)
            else:
                winners = list(contenders)
            if len(winners) == 1:
                w = winners[0]
                stack[w] += amount
                events.append(
                    pot_awarded(
                        index,
                        amount,
                        tuple([seats[i] for i in eligible]),
                        (seats[w],),
                        (amount,),
                        False,
                    )
                )
                continue
            winners.sort(key=lambda i: (i - start) % n)
            shares = split_pot(amount, len(winners), unit, rule=self._odd_chip_rule)
            for w, share in zip(winners, shares, strict=True):
                stack[w] += share
            events.append(
                pot_awarded(
                    index,
                    amount,
                    tuple([seats[i] for i in eligible]),
                    tuple([seats[w] for w in winners]),
                    tuple(shares),
                    False,
                )
            )
        self._end()

    def _push_high_low(
        self,
        index: int,
        amount: int,
        eligible: tuple[int, ...],
        contenders: Sequence[int],
        strength: list[int],
        low: list[int],
    ) -> None:
        """Push one pot of a high-low game: half to the best high hands, half to the best
        lows, the odd chip of the pot to the high half (TDA 20, SLPT 1); the whole pot to the
        best high hands when no low qualifies. A pot of one chip (in the smallest unit) goes
        to the high half alone."""
        best = max([strength[i] for i in contenders])
        highs = [i for i in contenders if strength[i] == best]
        best_low = max([low[i] for i in contenders])
        unit = self._unit
        low_half = amount // unit // 2 * unit
        if not best_low:
            self._push(index, amount, eligible, highs, None)
            return
        self._push(index, amount - low_half, eligible, highs, _HIGH)
        if low_half:
            self._push(
                index, low_half, eligible, [i for i in contenders if low[i] == best_low], _LOW
            )

    def _push(
        self,
        index: int,
        amount: int,
        eligible: tuple[int, ...],
        winners: list[int],
        half: PotHalf | None,
    ) -> None:
        """Give ``amount`` of pot ``index`` to ``winners``, split by the odd-chip rule from the
        button (TDA 20), and record it."""
        n, start, seats = self._n, self._start, self._seats
        winners.sort(key=lambda i: (i - start) % n)
        shares = split_pot(amount, len(winners), self._unit, rule=self._odd_chip_rule)
        for w, share in zip(winners, shares, strict=True):
            self._stack[w] += share
        self._events.append(
            pot_awarded(
                index,
                amount,
                tuple([seats[i] for i in eligible]),
                tuple([seats[w] for w in winners]),
                tuple(shares),
                False,
                half,
            )
        )

    def _end(self) -> None:
        self._committed = [0] * self._n
        self._bet = [0] * self._n
        self._dead = 0
        self._phase = _OVER
        self._over = True
        self._actor = -1
        o = _EndedTwin()  # `record_builders.hand_ended`, in line
        o.stacks = tuple(zip(self._seats, self._stack, strict=True))
        o.__class__ = HandEnded
        self._events.append(o)
