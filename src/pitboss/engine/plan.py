"""The start of a hand: the setup checked, the seats in position order, the forced bets taken.

``PostingStep._seat_and_post`` checks the setup (``HandSetup.checked_seats``, the checks of
``HandSetup.validate``) and fills the hand's state in one pass. A table builds a new setup for
every hand, so this pass is part of the cost of every hand, and the benchmark counts it
(``benchmarks/bench_engine.py`` builds a new setup per hand). Nothing is memoised: an earlier
version kept a plan per setup object (the last 256), which only helped a caller dealing many
hands from one setup object.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NoReturn

from pitboss.engine.betting_limits import start_limits
from pitboss.engine.hand_events import HandEvent, Posted
from pitboss.engine.hand_state import CLOCKWISE, OTHERS, HandState
from pitboss.engine.record_builders import _PostedTwin, posted
from pitboss.engine.setup import HandSetup, PostKind, SeatSpec, normalised_posts
from pitboss.errors import HandSetupError
from pitboss.rules.games import BettingStructure
from pitboss.rules.hand_rules import OddChipRule, ShowdownPolicy, TimeoutPolicy
from pitboss.rules.stakes import AnteMode

# Enum members under module names (reading one through its class costs ~0.2 us in CPython 3.11).
_ANTE = PostKind.ANTE
_NO_LIMIT = BettingStructure.NO_LIMIT
_BIG_BLIND_ANTE = AnteMode.BIG_BLIND
_KILL_HAND = TimeoutPolicy.KILL_HAND
_ALL_HANDS_TABLED = ShowdownPolicy.ALL_HANDS_TABLED
_ODD_CHIP_RULES = {r.value: r for r in OddChipRule}


class PostingStep(HandState):
    """Seating and posting, on top of the hand's state."""

    __slots__ = ()

    def _seat_and_post(
        self, setup: HandSetup
    ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
        """Fill the state from ``setup`` up to the deal; return who is dealt dead, who is not
        dealt, who is dealt (in deal order, from the left of the button) and who acts first.

        Sets the seats, positions, stacks, bets, what each player committed, the dead money, the
        ``Posted`` events, the live count, the current bet and the opening bet, the chip unit, the
        betting structure's own state (`pitboss.engine.betting_limits.start_limits`) and the two
        hand policies (timeouts: TDA 29 / KY 16; showdown: TDA 17A / THC 10). The forced
        bets are ``HandSetup.posting_order``: a short stack posts what it has (KY 10); the
        big-blind ante is dead money in the main pot (RP-11); ``dead_posts`` are dead money (THC
        21/35). The first betting round opens left of the largest live post.

        Raises:
            HandSetupError: the setup cannot be dealt.
        """
        if setup.__class__ is not HandSetup:
            _refuse(setup)
        ordered, numbers, stack, everyone_live, mode, posting = setup._checked()
        # The fields read below, in one step (a NamedTuple unpacks in C; a field read costs more).
        (_, button, _, _, _, big_blind, _, _, unit, rules, _, min_bet, dead_posts, game,
         structure, _, _) = setup  # fmt: skip
        n = len(ordered)
        seats = tuple(numbers)
        start = bisect_right(numbers, button) % n  # `first_left_of` (numbers ascend)
        bet = [0] * n
        committed = [0] * n
        events: list[HandEvent] = []
        big_blind_ante = mode is _BIG_BLIND_ANTE
        dead = 0
        largest = 0
        opener = -1
        emptied = 0  # stacks the posts took all of (every stack dealt in has chips)
        position = numbers.index  # (the hand's seat-to-position map is made on first use)
        for seat, kind, due in posting:
            if due <= 0:
                continue
            p = position(seat)
            live = kind is not _ANTE
            if live and due >= largest:
                largest = due
                opener = p
            left = stack[p]
            paid = due if due < left else left
            if paid <= 0:
                continue
            left -= paid
            stack[p] = left
            if not left:
                emptied += 1
            if big_blind_ante and not live:
                dead += paid  # RP-11: the big-blind ante is dead money in the main pot
            else:
                committed[p] += paid
            if live:
                bet[p] += paid
            o = _PostedTwin()  # `record_builders.posted`, in line (a call less a post)
            o.seat = seat
            o.kind = kind
            o.amount = paid
            o.is_all_in = not left
            o.is_dead = False
            o.__class__ = Posted
            events.append(o)
        if dead_posts:
            for post in normalised_posts(dead_posts):  # THC 21/35: missed blinds, dead
                p = position(post.seat)
                paid = post.amount if post.amount < stack[p] else stack[p]
                if paid <= 0:
                    continue
                stack[p] -= paid
                if not stack[p]:
                    emptied += 1
                dead += paid
                events.append(posted(post.seat, post.kind, paid, not stack[p], True))
        self._seats = seats
        self._pos = None
        self._start = start
        self._stack = stack
        self._bet = bet
        self._committed = committed
        self._events = events
        self._dead = dead
        self._current = largest
        self._opening_bet = self._min_raise = big_blind if min_bet is None else min_bet
        self._unit = unit
        self._game = game
        if structure is _NO_LIMIT:
            self._limited = 0
        else:
            start_limits(self, setup)  # pot-limit, fixed-limit (TDA 48, 54)
        hand_rules = rules.hand
        self._kill_on_timeout = hand_rules.timeout_policy is _KILL_HAND
        self._table_all = hand_rules.showdown_policy is _ALL_HANDS_TABLED
        odd_chip_rule = hand_rules.odd_chip_rule
        if odd_chip_rule.__class__ is not OddChipRule:
            odd_chip_rule = _odd_chip_rule(odd_chip_rule)
        self._odd_chip_rule = odd_chip_rule
        first = (opener + 1) % n if opener >= 0 else start
        self._clockwise = CLOCKWISE[n]
        self._others = OTHERS[n]
        clockwise = CLOCKWISE[n][start]
        if everyone_live:  # the common case
            self._n_live = n - emptied
            return (), (), clockwise, first
        _check_someone_is_live(ordered)
        self._n_live = sum(
            1 for i in range(n) if stack[i] and not ordered[i].killed and ordered[i].dealt
        )
        return (
            tuple([p for p in clockwise if ordered[p].killed and ordered[p].dealt]),
            tuple([p for p in clockwise if not ordered[p].dealt]),
            tuple([p for p in clockwise if ordered[p].dealt]),
            first,
        )


def check_deal(setup: HandSetup) -> tuple[SeatSpec, ...]:
    """``setup``'s seats in seat order, after every check the deal makes.

    Raises:
        HandSetupError: ``setup`` is not a `HandSetup`, a field is wrong (`HandSetup.validate`),
            or every player is dealt dead or not dealt cards.
    """
    if setup.__class__ is not HandSetup:
        _refuse(setup)
    ordered = setup.checked_seats()
    _check_someone_is_live(ordered)
    return ordered


def _refuse(setup: object) -> NoReturn:
    raise HandSetupError(
        f"a hand is dealt from a HandSetup, not {setup!r}",
        code="bad_setup",
        params={"setup": repr(setup)},
    )


def _check_someone_is_live(ordered: tuple[SeatSpec, ...]) -> None:
    if all(s.killed or not s.dealt for s in ordered):
        raise HandSetupError(
            "every player is dealt dead or not dealt cards: a hand needs at least one live player",
            code="no_live_player",
            params={"seats": [s.seat for s in ordered]},
        )


def _odd_chip_rule(value: object) -> OddChipRule:
    """``value`` as an `OddChipRule`: a rule given as its value (``"first_left_of_button"``)
    is that rule.

    Raises:
        HandSetupError: anything else (``bad_rules``).
    """
    rule = _ODD_CHIP_RULES.get(value) if isinstance(value, str) else None
    if rule is None:
        raise HandSetupError(
            f"the odd-chip rule {value!r} is not one of {sorted(_ODD_CHIP_RULES)}",
            code="bad_rules",
            params={"odd_chip_rule": repr(value), "allowed": sorted(_ODD_CHIP_RULES)},
        )
    return rule
