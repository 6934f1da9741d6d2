"""Betting: whose turn it is, what they may do, and when a betting round is over.

- Action order: preflop from the player left of the big blind (left of the largest live post),
  afterwards from the first player left of the button; heads-up the button posts the small
  blind, acts first preflop and last afterwards (TDA 34B, SLPT 20). All-in players are
  skipped; a round ends when every player able to act has acted and matched the bet, or only
  one player is able to act and has matched.
- The minimum bet is the big blind (THC 22/33); a raise is at least the largest prior full bet
  or raise increment of the street (TDA 43A; preflop the big blind is the opening bet);
  amounts are raise-to totals (TDA 43B).
- An all-in for less than a full raise, alone or several added together, does not reopen the
  betting to a player who has already acted and now faces less than a full raise: they may
  only call or fold (TDA 47A). The minimum raise stays the last full raise. A player who has
  not acted yet keeps every option.
- Folding is allowed in turn even when a check is free (THC 48).
- Uncalled bets go back to the bettor before the pots are formed.

The minimum raise-to, its rounding up to whole chips of the chip unit and the TDA 47A
reopening test are settled in one place, ``_advance``, when the turn passes to a player (once
per decision, in ``_full``): ``legal_actions()`` reports it, ``verify_raise_to`` explains a
refusal from it and ``raise_to`` checks against it. A ``raise_closed`` refusal names its reason
as text (``all_in_to_call``, ``not_reopened``, ``nobody_to_call``, ``capped``).

Pot-limit and fixed-limit (`pitboss.engine.betting_limits`) settle the same ``_full`` and
their largest raise-to ``_most`` there too, in ``LimitStep._settle_limit``: a no-limit decision
pays a test of ``_limited`` there and in ``legal_actions()`` (and a raise one more), about 1%
of a hand's CPU instructions (benchmarks/bench_engine.py).
"""

from __future__ import annotations

from pitboss.engine.actions import ActionKind
from pitboss.engine.betting_limits import (
    ALL_IN_TO_CALL,
    CAPPED,
    FIXED_LIMIT,
    NOBODY_TO_CALL,
    NOT_REOPENED,
    LimitStep,
)
from pitboss.engine.hand_events import STREETS, Acted
from pitboss.engine.hand_state import HandPhase
from pitboss.engine.record_builders import _ActedTwin, acted, bet_returned
from pitboss.engine.showdown import ShowdownStep
from pitboss.errors import IllegalAction

# Enum members under module names: reading a member through its class (``HandPhase.BETTING``)
# costs about 0.2 us in CPython 3.11 (the enum metaclass's attribute lookup), a module name
# about 15 ns, and the hot path reads them on every decision.
_BET = ActionKind.BET
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_FOLD = ActionKind.FOLD
_RAISE = ActionKind.RAISE
_BETTING = HandPhase.BETTING
_OVER = HandPhase.OVER

_ALL_IN_TO_CALL = ALL_IN_TO_CALL
_NOT_REOPENED = NOT_REOPENED
_NOBODY_TO_CALL = NOBODY_TO_CALL
_CLOSED_REASONS = {
    ALL_IN_TO_CALL: "all_in_to_call",
    NOT_REOPENED: "not_reopened",
    NOBODY_TO_CALL: "nobody_to_call",
    CAPPED: "capped",
}


class BettingStep(LimitStep, ShowdownStep):
    """The betting rounds, on top of the showdown and the hand's state.

    It is long (about 400 lines) because each action is a ``verify_``/``can_``/do triple: one
    check of the rule (TDA 40-47, the 50% rule) that the legal-action list, the dealer's input
    and the move itself all share; the posting and showdown steps are their own mixins.
    """

    __slots__ = ()

    # -- fold ------------------------------------------------------------------------------
    def verify_fold(self) -> None:
        """Raise unless a player is to act in a betting round (folding is always allowed then).

        Raises:
            IllegalAction: the hand is over or at showdown.
        """
        self._betting_actor("fold")

    def can_fold(self) -> bool:
        return self._phase is _BETTING

    def fold(self) -> Acted:
        """Fold the hand of the player to act (THC 48: also when a check is free)."""
        if self._phase is not _BETTING:
            self.verify_fold()
        p = self._actor  # `_fold`, in line (two calls less on every fold)
        self._folded[p] = True
        self._n_in -= 1
        self._n_live -= 1  # the player to act always has chips behind
        self._acted_at[p] = self._current
        o = _ActedTwin()
        o.seat = self._seats[p]
        o.street = STREETS[self._street]
        o.kind = _FOLD
        o.amount = 0
        o.to = self._bet[p]
        o.is_all_in = False
        o.timed_out = False
        o.__class__ = Acted
        event: Acted = o
        self._events.append(event)
        if self._n_in == 1:
            self._return_uncalled()
            self._award()
        else:
            self._advance(p)
        return event

    # -- check -----------------------------------------------------------------------------
    def verify_check(self) -> None:
        """Raise unless the player to act faces no bet.

        Raises:
            IllegalAction: there is a bet to call (TDA 55: a check facing a bet is not allowed).
        """
        p = self._betting_actor("check")
        owe = self._current - self._bet[p]
        if owe > 0:
            raise IllegalAction(
                f"seat {self._seats[p]} cannot check: there is a bet of {self._current:,} to"
                f" call; call {min(owe, self._stack[p]):,}, raise or fold",
                code="cannot_check",
                params={"seat": self._seats[p], "to_call": min(owe, self._stack[p])},
            )

    def can_check(self) -> bool:
        return self._phase is _BETTING and self._bet[self._actor] >= self._current

    def check(self) -> Acted:
        """Check: pass the action without betting."""
        p = self._actor
        if self._phase is not _BETTING or self._bet[p] < self._current:
            self.verify_check()
        self._acted_at[p] = self._current
        event = acted(self._seats[p], STREETS[self._street], _CHECK, 0, self._bet[p], False, False)
        self._events.append(event)
        self._advance(p)
        return event

    # -- call ------------------------------------------------------------------------------
    def verify_call(self) -> None:
        """Raise unless the player to act faces a bet.

        Raises:
            IllegalAction: nothing to call (TDA 55 treats a spoken "call" as a check: check).
        """
        p = self._betting_actor("call")
        if self._bet[p] >= self._current:
            raise IllegalAction(
                f"seat {self._seats[p]} has nothing to call: check, bet or fold",
                code="nothing_to_call",
                params={"seat": self._seats[p]},
            )

    def can_call(self) -> bool:
        return self._phase is _BETTING and self._bet[self._actor] < self._current

    def call(self) -> Acted:
        """Call the bet, or as much of it as the stack allows (all-in)."""
        p = self._actor
        cur = self._current
        bet = self._bet
        if self._phase is not _BETTING or bet[p] >= cur:
            self.verify_call()
        stack = self._stack
        amount = cur - bet[p]
        if amount > stack[p]:
            amount = stack[p]
        stack[p] -= amount
        bet[p] += amount
        self._committed[p] += amount
        self._acted_at[p] = cur
        all_in = stack[p] == 0
        if all_in:
            self._n_live -= 1
        o = _ActedTwin()  # `record_builders.acted`, in line (a call less on every call)
        o.seat = self._seats[p]
        o.street = STREETS[self._street]
        o.kind = _CALL
        o.amount = amount
        o.to = bet[p]
        o.is_all_in = all_in
        o.timed_out = False
        o.__class__ = Acted
        event: Acted = o
        self._events.append(event)
        self._advance(p)
        return event

    # -- bet / raise -----------------------------------------------------------------------
    def verify_raise_to(self, amount: int) -> None:
        """Raise unless the player to act may bet or raise to ``amount`` (a street total).

        Raises:
            IllegalAction: raising is closed (TDA 47A/47B, all-in to call, nobody left to
                call, the fixed-limit cap: TDA 48, SLPT 16) or the amount is below the minimum
                (TDA 43A, THC 22/33), above the pot in pot-limit (``raise_above_pot``: TDA 54,
                SLPT 19), not the one bet of fixed-limit (``raise_above_limit``,
                ``raise_below_minimum``) or above the stack.
        """
        p = self._betting_actor("raise")
        seat = self._seats[p]
        if amount.__class__ is not int:
            raise IllegalAction(
                f"a raise needs a whole number of chips, not {amount!r}",
                code="bad_amount",
                params={"seat": seat, "amount": repr(amount)},
            )
        full = self._full
        if full < 0:
            raise self._raise_closed_error(p, full)
        cur = self._current
        most = self._bet[p] + self._stack[p]
        word = "raise to" if cur else "bet of"
        if self._limited and amount > self._most and self._most < most:
            raise self._limit_refusal(p, amount, self._most)  # the pot or the fixed bet
        if amount > most:
            raise IllegalAction(
                f"{word} {amount:,} is more than seat {seat} has: at most {most:,} (all-in)",
                code="raise_above_stack",
                params={"seat": seat, "amount": amount, "max": most},
            )
        unit = self._unit
        if unit != 1 and amount != most and amount != full and amount % unit:
            raise IllegalAction(
                f"{word} {amount:,} cannot be made: a bet must be made in chips in play: the"
                f" smallest chip is {unit:,}, so a bet or raise-to is a multiple of {unit:,}"
                f" (at least {min(full, most):,}), or all-in for {most:,}",
                code="not_whole_chips",
                params={"seat": seat, "amount": amount, "unit": unit, "max": most},
            )
        if amount < full and amount != most:
            params = {"seat": seat, "amount": amount, "min": min(full, most)}
            if self._limited == FIXED_LIMIT and full <= most:
                raise self._fixed_below(p, amount, full)
            if full > most:
                raise IllegalAction(
                    f"{word} {amount:,} is not allowed: seat {seat} has less than a full raise"
                    f" (to {full:,}) and may only go all-in, to {most:,} (TDA 43A)",
                    code="raise_below_minimum",
                    params={**params, "max": most},
                )
            if cur == 0:
                raise IllegalAction(
                    f"a bet of {amount:,} is below the minimum bet of {full:,}, the big blind"
                    " (THC 22/33, TDA 43A)",
                    code="bet_below_minimum",
                    params=params,
                )
            if amount <= cur:
                raise IllegalAction(
                    f"raise to {amount:,} is not a raise: the bet is already {cur:,}; the"
                    f" minimum raise is to {full:,} (TDA 43A)",
                    code="raise_below_minimum",
                    params={**params, "current_bet": cur},
                )
            raise IllegalAction(
                f"raise to {amount:,} is below the minimum raise to {full:,}: the last full"
                f" raise was {self._min_raise:,} (TDA 43A)",
                code="raise_below_minimum",
                params={**params, "last_raise": self._min_raise},
            )

    def can_raise_to(self, amount: int) -> bool:
        try:
            self.verify_raise_to(amount)
        except IllegalAction:
            return False
        return True

    def raise_to(self, amount: int) -> Acted:
        """Bet or raise so that the player's bet on this street totals ``amount`` (TDA 43B)."""
        p = self._actor
        if self._phase is not _BETTING or amount.__class__ is not int:
            self.verify_raise_to(amount)
        bet = self._bet
        stack = self._stack
        cur = self._current
        before = bet[p]
        most = before + stack[p]
        full = self._full
        limited = self._limited
        if (
            full < 0
            or amount > most
            or (amount < full and amount != most)
            or (self._unit != 1 and amount != most and amount != full and amount % self._unit)
            or (limited and amount > self._most)
        ):
            self.verify_raise_to(amount)  # raises, saying why
        put = amount - before
        stack[p] -= put
        bet[p] = amount
        self._committed[p] += put
        if amount - cur >= self._min_raise:
            self._min_raise = amount - cur
        if limited and limited == FIXED_LIMIT:
            self._limit_raised(amount)
        self._current = amount
        self._acted_at[p] = amount
        self._aggressor = p
        all_in = stack[p] == 0
        if all_in:
            self._n_live -= 1
        o = _ActedTwin()  # `record_builders.acted`, in line (a call less on every raise)
        o.seat = self._seats[p]
        o.street = STREETS[self._street]
        o.kind = _RAISE if cur else _BET
        o.amount = put
        o.to = amount
        o.is_all_in = all_in
        o.timed_out = False
        o.__class__ = Acted
        event: Acted = o
        self._events.append(event)
        self._advance(p)
        return event

    verify_bet_to = verify_raise_to
    can_bet_to = can_raise_to
    bet_to = raise_to

    # -- internals -------------------------------------------------------------------------
    def _betting_actor(self, verb: str) -> int:
        if self._phase is _BETTING:
            return self._actor
        if self._phase is _OVER:
            raise IllegalAction(
                f"cannot {verb}: the hand is over",
                code="hand_over",
                params={"action": verb, "phase": HandPhase.OVER.value},
            )
        raise IllegalAction(
            f"cannot {verb} at showdown: seat {self._seats[self._actor]} may only show or muck",
            code="at_showdown",
            params={"seat": self._seats[self._actor]},
        )

    def _raise_closed_error(self, p: int, why: int) -> IllegalAction:
        seat = self._seats[p]
        owe = min(self._current - self._bet[p], self._stack[p])
        options = f"call {owe:,} or fold" if owe else "check or fold"
        params: dict[str, object] = {"seat": seat, "reason": _CLOSED_REASONS[why], "to_call": owe}
        if why == _ALL_IN_TO_CALL:
            reason = f"calling {owe:,} already puts seat {seat} all-in"
        elif why == _NOT_REOPENED and self._limited == FIXED_LIMIT:
            rise = self._current - self._acted_at[p]
            reason = (
                f"the betting was not reopened: since seat {seat} acted the bet rose by"
                f" {rise:,}, less than half a bet of {self._min_raise:,} (fixed-limit, TDA 47B)"
            )
            params.update(rise=rise, bet_size=self._min_raise)
        elif why == _NOT_REOPENED:
            rise = self._current - self._acted_at[p]
            reason = (
                f"the betting was not reopened: since seat {seat} acted the bet rose by"
                f" {rise:,}, less than a full raise of {self._min_raise:,} (TDA 47A)"
            )
            params.update(rise=rise, last_raise=self._min_raise)
        elif why == CAPPED:
            raises = self._bet_cap - 1
            reason = (
                f"the betting is capped: in fixed-limit a street allows one bet and {raises:,}"
                f" raise{'s' if raises != 1 else ''}, all made (SLPT 16, TDA 48)"
            )
            params.update(raise_cap=raises, structure="fixed_limit")
        else:
            reason = "every other player is all-in or folded, so nobody could call a raise"
        return IllegalAction(
            f"seat {seat} cannot raise: {reason}; {options}",
            code="raise_closed",
            params=params,
        )

    def _fold(self, p: int, timed_out: bool) -> Acted:
        self._folded[p] = True
        self._n_in -= 1
        self._n_live -= 1  # the player to act always has chips behind
        self._acted_at[p] = self._current
        event = acted(
            self._seats[p],
            STREETS[self._street],
            _FOLD,
            0,
            self._bet[p],
            False,
            timed_out,
        )
        self._events.append(event)
        if self._n_in == 1:
            self._return_uncalled()
            self._award()
        else:
            self._advance(p)
        return event

    def _check(self, p: int, timed_out: bool) -> Acted:
        self._acted_at[p] = self._current
        event = acted(
            self._seats[p],
            STREETS[self._street],
            _CHECK,
            0,
            self._bet[p],
            False,
            timed_out,
        )
        self._events.append(event)
        self._advance(p)
        return event

    def _advance(self, p: int) -> None:
        """Give the turn to the next player clockwise after ``p`` who must act, or end the round.

        A player must act who has chips behind and has not acted on this street or faces more
        than their bet; when only one player has chips behind, only if they face more than
        their bet and more than any other player in the hand has put in. So a player whose
        bet already covers every all-in (e.g. heads-up, a big blind all-in for less than the
        small blind posted) has no decision: nobody can call anything, the excess is an
        uncalled bet returned, and the hands are tabled (TDA 16, KY 14).

        The one owner of raise legality: when the turn passes, what the player may raise to is
        settled in ``_full``, read by ``legal_actions()``, ``verify_raise_to`` and ``raise_to``.
        TDA 43A: at least the current bet plus the last full bet or raise of the street (the
        opening bet, the big blind, until then), rounded up to whole chips of the chip unit.
        The result may exceed what the player has: a stack short of a full raise may only go
        all-in (``LegalActions.min_raise_to`` is then the all-in total). The most is always the
        all-in total, the bet plus the stack. Closed (TDA 47A) when calling already takes the
        whole stack (``_ALL_IN_TO_CALL``), when the player acted and the bet has risen by less
        than a full raise since (``_NOT_REOPENED``: a short all-in does not reopen), or when
        every other player is all-in or out (``_NOBODY_TO_CALL``). Pot-limit and fixed-limit
        hands settle it in ``_settle_limit`` instead (the pot, the one bet, TDA 47B, the cap).
        """
        stack = self._stack
        folded = self._folded
        bet = self._bet
        acted = self._acted_at
        cur = self._current
        for i in self._clockwise[p + 1 - self._n]:  # p + 1 onwards, round to p (-1: from 0)
            if stack[i] and not folded[i] and (acted[i] < 0 or bet[i] < cur):
                if self._n_live <= 1 and not self._faces_a_bet(i):
                    break  # the one player with chips, and nothing to call
                self._actor = i
                if self._limited:  # pot-limit, fixed-limit: `pitboss.engine.betting_limits`
                    self._settle_limit(i)
                    return
                # What the player may raise to, settled here, once per decision (TDA 43A/47A):
                if stack[i] <= cur - bet[i]:
                    self._full = _ALL_IN_TO_CALL
                elif acted[i] >= 0 and cur - acted[i] < self._min_raise:
                    self._full = _NOT_REOPENED
                else:
                    for j in self._others[i]:
                        if not folded[j] and stack[j] + bet[j] > cur:  # (no bet is above cur)
                            full = cur + self._min_raise
                            unit = self._unit
                            if unit != 1 and full % unit:  # in chips in play: round up
                                full += unit - full % unit
                            self._full = full
                            break
                    else:
                        self._full = _NOBODY_TO_CALL
                return
        self._end_round()

    def _faces_a_bet(self, i: int) -> bool:
        """Whether player ``i`` faces more than their bet from another player in the hand."""
        bet = self._bet
        mine = bet[i]
        if mine >= self._current:
            return False
        folded = self._folded
        for j in self._others[i]:  # noqa: SIM110 (no generator frame: the hot path)
            if bet[j] > mine and not folded[j]:
                return True
        return False

    def _return_uncalled(self) -> None:
        """Give the uncalled part of the street's highest bet back to its bettor."""
        bet = self._bet
        high = max(bet)
        if not high:
            return
        top = bet.index(high)
        bet[top] = 0
        second = max(bet)  # the most anyone else put in: the called part
        bet[top] = high
        if high > second and not self._folded[top]:
            back = high - second
            bet[top] = second
            if not self._stack[top]:
                self._n_live += 1
            self._stack[top] += back
            self._committed[top] -= back
            self._events.append(bet_returned(self._seats[top], back))

    def _end_round(self) -> None:
        """Close the betting round: return the uncalled bet, then the next street or showdown."""
        self._return_uncalled()
        if self._n_in == 1:
            self._award()
            return
        street = self._street
        if street == 3:
            self._start_showdown()
            return
        if self._n_live <= 1:
            self._expose_all()
            for s in range(street + 1, 4):
                self._deal_street(s)
            self._start_showdown()
            return
        n = self._n
        self._bet = [0] * n
        self._acted_at = [-1] * n
        self._current = 0
        self._min_raise = self._opening_bet
        if self._limited and self._limited == FIXED_LIMIT:
            self._limit_street(street + 1)
        self._aggressor = -1
        self._deal_street(street + 1)
        self._advance(self._start - 1)  # the round opens left of the button
