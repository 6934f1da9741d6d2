"""Bots: a few dozen lines of clear strategy each, so simulated tournaments behave like real ones.

- `RandomLegal`: any legal action, uniformly by kind, any legal amount (stress tests).
- `TightAggressive`: plays few hands and plays them hard. Preflop by Chen-score tiers and
  position; with 10 big blinds or less it pushes or folds by the chart; after the flop it bets
  made hands, calls with good ones at a fair price, continues with draws when cheap, and gives
  up with nothing (one continuation bet as the preflop raiser).
- `LoosePassive`: the charity-night regular: limps and calls a lot, raises only premium hands,
  pays off with any pair or draw at a fair price.
- `PushFold`: the short-stack player: before the flop it moves all-in with the chart's range for
  its stack in big blinds, or folds (never a small raise, never a flat call of a raise); after
  the flop (reached only by checking its big blind) it moves in with a good hand, else
  checks or folds.

Between hands bots answer re-buy and add-on offers (`pitboss.play.offers`) by their style.

Every bot draws its randomness from its own seeded ``random.Random`` (no module-level
randomness), so the same seed gives the same play. Bots never read other players' cards: they
see a `PlayerView` only. At showdown they table a hand unless a hand already tabled beats it.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Callable, Sequence

from pitboss.engine import Acted, Action, ActionKind, HandTabled, Street
from pitboss.evaluator import evaluate
from pitboss.play.agents import Agent, PlayerView
from pitboss.play.offers import ChipOffer, OfferKind
from pitboss.play.strength import (
    Tier,
    call_threshold,
    postflop_tier,
    preflop_score,
    push_threshold,
)


class BotKind(enum.StrEnum):
    """The bots shipped with pitboss."""

    RANDOM_LEGAL = "random_legal"
    TIGHT_AGGRESSIVE = "tight_aggressive"
    LOOSE_PASSIVE = "loose_passive"
    PUSH_FOLD = "push_fold"


def showdown_action(view: PlayerView) -> Action:
    """Table the hand, unless a hand already tabled beats it (then muck: TDA 17A allows it)."""
    board = view.board
    if len(board) == 5:
        mine = evaluate((*view.hole, *board))
        for event in view.history:
            if isinstance(event, HandTabled) and evaluate((*event.cards, *board)) > mine:
                return Action.muck() if view.legal.can_muck else Action.show()
    return Action.show()


def _bet_to(view: PlayerView, target: int) -> Action:
    """A bet or raise to about ``target`` in whole chips of the smallest denomination, kept
    legal; all-in when it would commit most of the stack."""
    legal = view.legal
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return Action.call() if legal.can_call else Action.check()
    if target * 5 >= high * 2:  # 40 % of everything: commit all of it
        target = high
    unit = view.chip_unit
    target = min(max(target // unit * unit, low), high)
    return _raise(view, target)


def _raise(view: PlayerView, amount: int) -> Action:
    """``bet`` when nobody has bet on this street, else ``raise`` (both to ``amount``)."""
    return Action.raise_to(amount) if view.current_bet else Action.bet_to(amount)


def _all_in(view: PlayerView) -> Action:
    legal = view.legal
    if legal.max_raise_to is not None:
        return _raise(view, legal.max_raise_to)
    return Action.call() if legal.can_call else Action.check()


def _check_or_fold(view: PlayerView) -> Action:
    return Action.check() if view.legal.can_check else Action.fold()


def _big_blinds(view: PlayerView) -> int:
    """The player's stack (with what it has bet on this street) in whole big blinds."""
    return (view.stack + view.bet) // max(view.big_blind, 1)


class RandomLegal:
    """Any legal action: a kind drawn uniformly among those allowed, then a legal amount
    (the minimum, the maximum or anything between, a third of the time each)."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: PlayerView, /) -> Action:
        legal = view.legal
        rng = self.rng
        if legal.is_showdown:
            return Action.show() if rng.random() < 0.5 else Action.muck()
        kinds: list[Callable[[], Action]] = [Action.fold]
        if legal.can_check:
            kinds.append(Action.check)
        if legal.can_call:
            kinds.append(Action.call)
        choice = rng.randrange(len(kinds) + (1 if legal.can_raise else 0))
        if choice < len(kinds):
            return kinds[choice]()
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None
        assert high is not None
        pick = rng.randrange(3)
        return _raise(view, low if pick == 0 else high if pick == 1 else rng.randint(low, high))

    def accepts(self, offer: ChipOffer, /) -> bool:
        """Buys half the time."""
        return self.rng.random() < 0.5


class TightAggressive:
    """Few hands, played hard: preflop tiers by position, push-or-fold when short, postflop by
    the made hand's tier and the price."""

    __slots__ = ("push_fold_big_blinds", "rng")

    def __init__(self, rng: random.Random, *, push_fold_big_blinds: int = 10) -> None:
        self.rng = rng
        self.push_fold_big_blinds = push_fold_big_blinds

    def accepts(self, offer: ChipOffer, /) -> bool:
        """Re-buys when below the starting stack; takes the add-on when below 30 big blinds."""
        if offer.kind is OfferKind.REBUY:
            return offer.stack < offer.starting_chips
        return offer.big_blinds < 30

    def act(self, view: PlayerView, /) -> Action:
        if view.legal.is_showdown:
            return showdown_action(view)
        if view.street is Street.PREFLOP:
            if _big_blinds(view) <= self.push_fold_big_blinds:
                return push_or_fold(view)
            return self._preflop(view)
        return self._postflop(view)

    def _preflop(self, view: PlayerView) -> Action:
        score = preflop_score(*view.hole)
        bb = view.big_blind
        legal = view.legal
        if view.current_bet <= bb:  # nobody has raised: open or give up
            behind = view.players_behind
            needed = (5, 6, 7)[behind] if behind < 3 else 8
            if score >= needed:
                return _bet_to(view, view.current_bet + 2 * bb)
            return _check_or_fold(view)
        if score >= 12:  # premium: re-raise
            return _bet_to(view, 3 * view.current_bet)
        stack = view.stack
        to_call = legal.call_amount
        if score >= 9 and to_call * 5 <= stack:
            return Action.call()
        if score >= 6 and to_call * 15 <= stack:  # pairs, suited connectors: cheap flops
            return Action.call()
        if to_call >= stack and score >= call_threshold(
            _big_blinds(view), pot_odds_good=to_call * 2 <= view.pot
        ):
            return Action.call()
        return _check_or_fold(view)

    def _postflop(self, view: PlayerView) -> Action:
        tier = postflop_tier(view.hole, view.board)
        legal = view.legal
        pot = view.pot
        to_call = legal.call_amount
        if tier is Tier.MONSTER:
            return _bet_to(view, view.current_bet + max(pot * 2 // 3, view.big_blind))
        if legal.can_check:
            if tier is Tier.GOOD or (self._was_raiser(view) and self.rng.random() < 0.5):
                return _bet_to(view, max(pot // 2, view.big_blind))
            return Action.check()
        if tier is Tier.GOOD and to_call * 4 <= pot * 3:
            return Action.call()
        if tier is Tier.WEAK and to_call * 3 <= pot:
            return Action.call()
        return Action.fold()

    def _was_raiser(self, view: PlayerView) -> bool:
        """Whether this player made the last preflop raise, and this is the flop."""
        if view.street is not Street.FLOP:
            return False
        last = None
        for event in view.history:
            if (
                isinstance(event, Acted)
                and event.street is Street.PREFLOP
                and event.kind in (ActionKind.RAISE, ActionKind.BET)
            ):
                last = event.seat
        return last == view.seat


class LoosePassive:
    """The charity-night regular: limps and calls a lot, raises only the best hands, pays off
    with any pair or draw at a fair price, and calls an all-in with a good hand."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def accepts(self, offer: ChipOffer, /) -> bool:
        """It's for charity: buys every re-buy and add-on it is offered."""
        return True

    def act(self, view: PlayerView, /) -> Action:
        legal = view.legal
        if legal.is_showdown:
            return showdown_action(view)
        to_call = legal.call_amount
        stack = view.stack
        if view.street is Street.PREFLOP:
            score = preflop_score(*view.hole)
            if score >= 12:
                return _bet_to(view, 3 * view.current_bet)
            if score >= 5 and (to_call * 10 <= stack or (score >= 9 and to_call * 3 <= stack)):
                return Action.call() if to_call else Action.check()
            if to_call >= stack and score >= 10:
                return Action.call()
            return _check_or_fold(view)
        tier = postflop_tier(view.hole, view.board)
        if tier is Tier.MONSTER and self.rng.random() < 0.5:
            return _bet_to(view, view.current_bet + max(view.pot // 2, view.big_blind))
        if not to_call:
            return Action.check()
        if tier >= Tier.GOOD or (tier is Tier.WEAK and to_call * 2 <= view.pot):
            return Action.call()
        return Action.fold()


def push_or_fold(view: PlayerView) -> Action:
    """The push-or-fold chart (see `pitboss.play.strength`): all-in or fold before the flop."""
    legal = view.legal
    score = preflop_score(*view.hole)
    stack_bb = _big_blinds(view)
    if view.current_bet <= view.big_blind:  # nobody has raised
        if score >= push_threshold(stack_bb, behind=view.players_behind):
            return _all_in(view)
        return _check_or_fold(view)
    odds = legal.call_amount * 2 <= view.pot
    if score >= call_threshold(stack_bb, pot_odds_good=odds):
        return _all_in(view)
    return _check_or_fold(view)


class PushFold:
    """Moves all-in or folds before the flop by the chart; after the flop shoves good hands."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def accepts(self, offer: ChipOffer, /) -> bool:
        """Re-buys only when busted; takes the add-on when short (15 big blinds or less)."""
        if offer.kind is OfferKind.REBUY:
            return offer.is_busted
        return offer.big_blinds <= 15

    def act(self, view: PlayerView, /) -> Action:
        if view.legal.is_showdown:
            return showdown_action(view)
        if view.street is Street.PREFLOP:
            return push_or_fold(view)
        if postflop_tier(view.hole, view.board) >= Tier.GOOD:
            return _all_in(view)
        return _check_or_fold(view)


BOT_TYPES: dict[BotKind, Callable[[random.Random], Agent]] = {
    BotKind.RANDOM_LEGAL: RandomLegal,
    BotKind.TIGHT_AGGRESSIVE: TightAggressive,
    BotKind.LOOSE_PASSIVE: LoosePassive,
    BotKind.PUSH_FOLD: PushFold,
}

DEFAULT_MIX: tuple[tuple[BotKind, int], ...] = (
    (BotKind.TIGHT_AGGRESSIVE, 5),
    (BotKind.LOOSE_PASSIVE, 3),
    (BotKind.PUSH_FOLD, 1),
    (BotKind.RANDOM_LEGAL, 1),
)
"""The default field, in tens: five tight-aggressive, three loose-passive, one push-or-fold,
one who plays at random."""


def make_bot(kind: BotKind, rng: random.Random) -> Agent:
    """A bot of ``kind`` with its own random source seeded from ``rng``."""
    return BOT_TYPES[kind](random.Random(rng.getrandbits(64)))


def bot_mix(
    rng: random.Random, weights: Sequence[tuple[BotKind, int]] = DEFAULT_MIX
) -> Callable[[str], Agent]:
    """A factory of bots for a field: each call draws a kind by ``weights`` and seeds it.

    The same ``rng`` state gives the same field in the same order of calls.
    """
    kinds = [kind for kind, _ in weights]
    cumulative: list[int] = []
    total = 0
    for _, weight in weights:
        total += weight
        cumulative.append(total)

    def make(player: str) -> Agent:
        roll = rng.randrange(total)
        kind = next(k for k, top in zip(kinds, cumulative, strict=True) if roll < top)
        return make_bot(kind, rng)

    return make


def default_bot_mix(rng: random.Random) -> Callable[[str], Agent]:
    """The default mixed field (`DEFAULT_MIX`): call it with a player's name to get a bot."""
    return bot_mix(rng, DEFAULT_MIX)
