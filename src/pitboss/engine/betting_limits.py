"""Pot-limit and fixed-limit betting: the largest raise of each decision and the limit's count.

No-limit Hold'em never comes here: a no-limit hand has ``_limited == 0`` and ``BettingStep``
settles its raises inline, so its decisions pay a test of that flag in ``_advance`` and in
``legal_actions()`` (about 5 k CPU instructions in a 6-max hand of 570 k; TDA 43A/47A are
``BettingStep._advance``'s). A pot-limit or fixed-limit hand settles each decision here, once,
as the turn passes (``_settle_limit``): ``_full`` (the smallest raise-to, or why raising is
closed) and ``_most`` (the largest), which ``legal_actions()``, ``verify_raise_to`` and
``raise_to`` read as in no-limit.

Pot-limit (TDA 54, SLPT 19): the smallest raise is no-limit's (TDA 43A: the last full bet or
raise; 47A reopening). The largest raise-to is the call first, then the whole pot after it:
the bet to match plus every chip in the pots and in front of the players plus the call
(blinds 50/100: the first to act may raise to 350). Pre-flop a short all-in blind or a dead
small blind does not change the count: the pot is sized as if the blinds were posted in full
(TDA 54B, new in 2024: "pre-flop Pot-Limit bet calculations should always assume full blinds",
in a summary of the 2024 changes; RULES.md "Short blind"), and the bet to match is the full big
blind already (TDA 43A). In chips in play the pot is rounded down to the chip unit.

Fixed-limit: every bet and raise is one size, the small bet (the opening bet, the big blind)
pre-flop and on the flop and the big bet (``HandSetup.big_bet``, twice the small bet by
default) on the turn and river; ``_level`` is the bet the next raise is counted from and a
raise is to ``_level`` plus the size. One bet and ``HandSetup.raise_cap`` raises a street
(pre-flop the big blind is the bet): TDA 48's house cap, SLPT 16 "one bet and four raises even
when heads up", WSOP 100.b; ``raise_cap=None`` is no cap (the tournament heads-up, SLPT 16).
TDA 47B: "In limit, at least 50% of a full bet or raise is required to re-open betting for
players who have already acted. See Illustration Addendum." (rule 47 as a league quotes it,
misfitspokerleague.com "Rules Clarification-TDA Rule 47"; the 2024 rulebook itself and its
addendum's limit example were not found, so what the rule leaves open follows Robert's Rules
of Poker, section 3 rule 6, which says the same): an all-in of at least half a bet (alone, or
with the short all-ins before it since the last full bet) is treated as a full bet: it counts
toward the cap and the next raise is a full bet on top of it (Robert's: "raising a $15
all-in bet to $35" on a $20 round); an all-in of less than half a bet reopens nothing, counts
nothing, and a player who has not acted yet may call it or complete it to a full bet
(``_level`` plus the size: the bet or raise the all-in fell short of).
"""

from __future__ import annotations

from pitboss.engine.hand_state import HandState
from pitboss.engine.setup import HandSetup, PostKind
from pitboss.errors import IllegalAction
from pitboss.rules.games import BettingStructure

POT_LIMIT = 1
FIXED_LIMIT = 2
"""The values of ``HandState._limited`` (0: no-limit)."""

ALL_IN_TO_CALL = -1
NOT_REOPENED = -2
NOBODY_TO_CALL = -3
CAPPED = -4
"""The values of ``HandState._full`` when the player to act may not raise, and why."""

_NO_CAP = 1 << 62
"""``_bet_cap`` without a raise cap: more bets than a street can hold."""
_BLINDS = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)


def start_limits(state: HandState, setup: HandSetup) -> None:
    """Set up ``state`` (posted, its current bet and opening bet set) for ``setup``'s betting
    structure: the pre-flop pot-limit count of short and dead blinds (TDA 54B), or the
    fixed-limit level, count and cap (the big blind is the street's one bet)."""
    structure = setup.betting
    if structure is BettingStructure.NO_LIMIT:
        state._limited = 0
        return
    state._most = 0
    if structure is BettingStructure.POT_LIMIT:
        state._limited = POT_LIMIT
        state._pot_gap = _blind_gap(setup)
        return
    state._limited = FIXED_LIMIT
    state._level = state._current
    state._bets_made = 1 if state._current else 0
    cap = setup.raise_cap
    state._bet_cap = _NO_CAP if cap is None else 1 + cap


def _blind_gap(setup: HandSetup) -> int:
    """The chips the blinds fell short of their full amounts: a short stack posting all it had
    (KY 10), and a dead small blind (TDA 32); the pre-flop pot-limit count adds them (TDA 54B)."""
    left = {s.seat: s.stack for s in setup.seats}
    gap = 0
    for seat, kind, due in setup.posting_order():
        if due <= 0:
            continue
        paid = min(due, left[seat])
        left[seat] -= paid
        if kind in _BLINDS:
            gap += due - paid
    if setup.posts is None and setup.small_blind_seat is None:
        gap += setup.small_blind
    return gap


class LimitStep(HandState):
    """Pot-limit and fixed-limit decisions, on top of the hand's state (see the module)."""

    __slots__ = ()

    def _settle_limit(self, i: int) -> None:
        """Settle ``_full`` and ``_most`` for player ``i``, whose turn it now is."""
        stack = self._stack
        bet = self._bet
        cur = self._current
        acted = self._acted_at[i]
        if stack[i] <= cur - bet[i]:
            self._full = ALL_IN_TO_CALL
            return
        fixed = self._limited == FIXED_LIMIT
        size = self._min_raise
        if fixed:
            if acted >= 0 and 2 * (cur - acted) < size:  # TDA 47B: less than half a bet
                self._full = NOT_REOPENED
                return
            if self._bets_made >= self._bet_cap:  # TDA 48, SLPT 16
                self._full = CAPPED
                return
        elif acted >= 0 and cur - acted < size:  # TDA 47A
            self._full = NOT_REOPENED
            return
        folded = self._folded
        for j in self._others[i]:  # someone else in the hand has chips to call a raise
            if stack[j] + bet[j] > cur and not folded[j]:
                break
        else:
            self._full = NOBODY_TO_CALL
            return
        if fixed:
            self._full = self._most = self._level + size
            return
        unit = self._unit
        full = cur + size
        if unit != 1 and full % unit:  # in chips in play: round up (TDA 43A)
            full += unit - full % unit
        pot = sum(self._committed) + self._dead  # `pot_limit_count`, in line
        if self._street == 0:
            pot += self._pot_gap
        most = cur + pot + cur - bet[i]  # the call, then the pot (TDA 54)
        if unit != 1:
            most -= most % unit
        self._full = full
        self._most = most if most > full else full

    def pot_limit_count(self) -> int:
        """The pot as pot-limit counts it: every chip in the pots and in front of the players,
        and pre-flop the part of the blinds short or dead (TDA 54B: as if posted in full)."""
        pot = sum(self._committed) + self._dead
        return pot + self._pot_gap if self._street == 0 else pot

    def _limit_raised(self, amount: int) -> None:
        """Fixed-limit: count a bet or raise to ``amount`` (TDA 47B: an all-in of at least half
        a bet over the level counts as a full bet; less counts nothing)."""
        if 2 * (amount - self._level) >= self._min_raise:
            self._level = amount
            self._bets_made += 1

    def _limit_street(self, street: int) -> None:
        """Fixed-limit: a new street opens with no bet, at the small or the big bet."""
        small, big = self._setup.limit_bets
        self._min_raise = small if street < 2 else big
        self._level = 0
        self._bets_made = 0

    def _limit_refusal(self, p: int, amount: int, top: int) -> IllegalAction:
        """The refusal of a bet or raise to ``amount`` above ``top``, the pot-limit or
        fixed-limit maximum (below the player's all-in)."""
        seat = self._seats[p]
        cur = self._current
        word = "raise to" if cur else "bet of"
        verb = "raise to" if cur else "bet"
        params: dict[str, object] = {"seat": seat, "amount": amount, "max": top}
        if self._limited == POT_LIMIT:
            pot = top - cur
            owe = cur - self._bet[p]
            how = f"the call of {owe:,}, then the pot of {pot:,} after it" if owe else "the pot"
            return IllegalAction(
                f"{word} {amount:,} is more than the pot: this is pot-limit, so seat {seat} may"
                f" {verb} at most {top:,} ({how}; SLPT 19, TDA 54)",
                code="raise_above_pot",
                params={**params, "structure": "pot_limit", "pot": pot},
            )
        size = self._min_raise
        which = "small" if self._street < 2 else "big"
        return IllegalAction(
            f"{word} {amount:,} is more than the limit: this is fixed-limit, every bet and"
            f" raise is one {which} bet of {size:,}, so seat {seat} may {verb} {top:,} only",
            code="raise_above_limit",
            params={**params, "structure": "fixed_limit", "bet_size": size},
        )

    def _fixed_below(self, p: int, amount: int, full: int) -> IllegalAction:
        """Fixed-limit: the refusal of a bet or raise to ``amount`` below ``full``, the one
        size allowed (the player has at least that much)."""
        seat = self._seats[p]
        cur = self._current
        size = self._min_raise
        which = "small" if self._street < 2 else "big"
        word, verb = ("raise to", "raise to") if cur else ("bet of", "bet")
        return IllegalAction(
            f"{word} {amount:,} is less than the limit: this is fixed-limit, every bet and"
            f" raise is one {which} bet of {size:,}, so seat {seat} may {verb} {full:,} only",
            code="raise_below_minimum" if cur else "bet_below_minimum",
            params={
                "seat": seat,
                "amount": amount,
                "min": full,
                "max": full,
                "structure": "fixed_limit",
                "bet_size": size,
            },
        )
