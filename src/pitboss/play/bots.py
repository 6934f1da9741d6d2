"""Bots: one model of a live player, its styles as parameters, and random play for stress tests.

`Bot` plays every hand the same way, its `Style` (how wide it enters, how often it raises
rather than calls, how readily it calls) making it tight or loose, aggressive or passive:

- **Preflop, deep.** First in, it enters with the strongest share of hands for its position
  (players left to act) and the table size, the share a solid regular opens (about 12 % under
  the gun at nine-handed, 40 % on the button, 85 % heads-up), widened or narrowed by the style;
  the style's aggression decides which of those are raised and which limped. Facing a raise it
  re-raises its best hands and calls with the equity (`pitboss.play.ranges`, pitboss's own
  preflop equities) against the raiser's likely range that the pot odds ask for; facing a
  re-raise it goes on with premium hands only.
- **Push or fold when short** (at most `Style.short_stack_bb` big blinds, scaled by the dead
  money so antes count): first in by the Nash push-or-fold chart (`pitboss.play.pushfold`;
  Chen & Ankenman, *The Mathematics of Poker*, ch. 12; cf. the HoldemResources Nash charts);
  facing an all-in, a call when its equity against the pusher's chart range beats the pot odds.
  Heads-up is the same model with one player behind (the chart's exact heads-up game).
- **Facing an all-in that commits its stack, at any depth** (issue 31): the equity of
  `pitboss.play.allin`: against the shover's equilibrium range at the chips really at stake
  (the smaller stack) and the shover's position, combined with each player already in (an
  over-call needs more) and discounted for the players still to act; called when it beats the
  pot odds. A 100-big-blind shove under the gun at a full table is called with about the top
  2 % (aces to jacks), a 10-big-blind one far wider.
- **Postflop.** The made hand's tier (`pitboss.play.strength.postflop_tier`) gives an estimate
  of its equity against a betting range by street (less against a bet, less again against a
  raise, less multiway); it calls when that beats the pot odds, bets and raises for value,
  continuation-bets the flop as the preflop raiser, and bluffs now and then by aggression.

**Every game and betting structure** (issue 30; the view says which, `PlayerView.game` and
``.structure``):

- **Omaha and Omaha high-low.** Before the flop the hand's share of all four-card hands by
  Hutchison's point count (`pitboss.play.omaha_hands`) stands where Hold'em's class does:
  entered from a seat's share, widened (`_OMAHA_WIDER`: the hands run close), raised pot-sized
  now and then (a short stack raises or folds); facing a raise, `_omaha_equity` against the
  raiser's range beats the pot odds. After the flop the made hand and draws are read as Omaha
  hands (`omaha_hands.postflop`, the low half too in high-low) and played as in Hold'em, a
  big draw raising a bet now and then (`_OMAHA_SEMI_BLUFF`). At showdown the Omaha evaluator
  decides, by half in high-low.
- **Fixed-limit.** Every bet and raise is the one size the rules allow (`_bet_to`), calls
  take `_LIMIT_SLACK` more (the pot odds are bigger), and nobody plays push-or-fold: a
  short stack cannot move in.
- **Pot-limit.** Sizes are fractions of the pot capped at the pot-limit maximum, and a
  decision to move in becomes a pot-sized raise (the most the rules allow).

Re-buys and add-ons are answered by the player's money habits (`pitboss.play.habits`).

`RandomLegal` plays any legal action; it is for stress tests and is not in the default field.

Every bot draws its randomness from its own seeded ``random.Random`` (no module-level
randomness), so the same seed gives the same play. Bots never read other players' cards: they
see a `PlayerView` only. At showdown they table a hand unless a hand already tabled beats it.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from pitboss import omaha
from pitboss.engine import Acted, Action, ActionKind, HandTabled, Posted, Street
from pitboss.evaluator import evaluate
from pitboss.play import omaha_hands
from pitboss.play.agents import Agent, PlayerView
from pitboss.play.allin import FIELD_LOOSENESS, combined, equity_facing_shove
from pitboss.play.habits import MoneyHabits, Spender
from pitboss.play.offers import ChipOffer
from pitboss.play.pushfold import equity_vs_push, is_push
from pitboss.play.ranges import equity_vs_top, hand_class, top_share
from pitboss.play.strength import TIER_EQUITY, Tier, postflop_tier
from pitboss.rules.games import BettingStructure, Game


class BotKind(enum.StrEnum):
    """The bots shipped with pitboss: `RANDOM_LEGAL`, and the styles of the one `Bot` model."""

    RANDOM_LEGAL = "random_legal"
    TIGHT_AGGRESSIVE = "tight_aggressive"
    LOOSE_PASSIVE = "loose_passive"
    PUSH_FOLD = "push_fold"
    LOOSE_AGGRESSIVE = "loose_aggressive"
    TIGHT_PASSIVE = "tight_passive"
    REGULAR = "regular"


@dataclass(frozen=True, slots=True, kw_only=True)
class Style:
    """How one player deviates from a solid regular (whole-number percentages).

    ``looseness``: width of the entering range (100: the regular's; 180: wider, as by
    ``1 - (1 - share) ** 1.8``). ``aggression``: share of entering hands raised rather than
    limped, and how often it bets without being forced to (continuation bets, bluffs).
    ``stickiness``: equity points of slack when calling (a caller who "wants to see it").
    ``short_stack_bb``: at or below this stack (big blinds of dead money scaled to 1.5) it
    plays push-or-fold before the flop.
    """

    looseness: int = 100
    aggression: int = 60
    stickiness: int = 0
    short_stack_bb: int = 13


STYLES: dict[BotKind, Style] = {
    BotKind.REGULAR: Style(),
    BotKind.TIGHT_AGGRESSIVE: Style(looseness=85, aggression=85, stickiness=0),
    BotKind.LOOSE_PASSIVE: Style(looseness=150, aggression=25, stickiness=8, short_stack_bb=8),
    BotKind.LOOSE_AGGRESSIVE: Style(looseness=140, aggression=85, stickiness=3),
    BotKind.TIGHT_PASSIVE: Style(looseness=75, aggression=35, stickiness=2, short_stack_bb=10),
    BotKind.PUSH_FOLD: Style(looseness=90, aggression=70, short_stack_bb=25),
}
"""The styles of the default field's players."""

# Share of hands (percent) a solid regular enters first in, by players left to act (9-max
# reads 8 under the gun .. 1 small blind; 0: the big blind raising limpers); heads-up the
# button enters `_HEADS_UP_OPEN`.
_OPEN_BY_BEHIND = (30, 28, 35, 25, 19, 16, 14, 12, 11, 10)
_HEADS_UP_OPEN = 85
_POPULATION_LOOSENESS = FIELD_LOOSENESS
"""How much wider than a regular the field is assumed to raise (reading a raiser's range)."""
_LIMIT_SLACK = 0.03
"""Fixed-limit: equity points of slack on every call. A bet is small against the pot, so the
pot odds are better and limit players call more ("limit is a calling game")."""
_OMAHA_SEMI_BLUFF = 0.4
"""Omaha, facing a bet before the river with a good hand or a big draw (a wrap, the nut flush
draw): raised this often at an aggression of 100 (the draw wins often enough when called and
the raise wins the pot when not)."""
_OMAHA_WIDER = 1.25
"""Omaha players enter about 1.4 times as many pots as Hold'em players at the same seat: the
hands run closer (a VPIP of 25-35 % at six-handed pot-limit Omaha against 20-25 % in
no-limit Hold'em, as tracking sites report regulars)."""


def showdown_action(view: PlayerView) -> Action:
    """Table the hand, unless a hand already tabled beats it (then muck: TDA 17A allows it).

    In Omaha the hands are read by `pitboss.omaha` (two hole cards and three of the board);
    in Omaha high-low a hand is mucked only when it can win neither half: a tabled hand has a
    better high, and it has no low or a tabled hand has a better one."""
    board = view.board
    if len(board) != 5:
        return Action.show()
    if view.game is Game.HOLDEM:
        mine = evaluate((*view.hole, *board))
        for event in view.history:
            if isinstance(event, HandTabled) and evaluate((*event.cards, *board)) > mine:
                return Action.muck() if view.legal.can_muck else Action.show()
        return Action.show()
    high = omaha.evaluate(view.hole, board)
    low = omaha.evaluate_low(view.hole, board) if view.game is Game.OMAHA_HI_LO else None
    beaten_high = False
    beaten_low = low is None
    for event in view.history:
        if isinstance(event, HandTabled):
            beaten_high = beaten_high or omaha.evaluate(event.cards, board) > high
            if low is not None:
                theirs = omaha.evaluate_low(event.cards, board)
                beaten_low = beaten_low or (theirs is not None and theirs > low)
    if beaten_high and beaten_low and view.legal.can_muck:
        return Action.muck()
    return Action.show()


def _bet_to(view: PlayerView, target: int) -> Action:
    """A bet or raise to about ``target`` in whole chips of the smallest denomination, kept
    legal; all-in when it would commit most of the stack.

    Fixed-limit: the one size the rules allow, whatever ``target`` (TDA 48). Pot-limit: the
    target is capped at the pot (``max_raise_to``, TDA 54), and committing most of the stack
    means the largest raise allowed, the pot."""
    legal = view.legal
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return Action.call() if legal.can_call else Action.check()
    structure = view.structure
    if structure is BettingStructure.FIXED_LIMIT:
        return _raise(view, high)
    if structure is BettingStructure.POT_LIMIT:
        if target * 5 >= (view.stack + view.bet) * 2:
            target = high
    elif target * 5 >= high * 2:  # 40 % of everything: commit all of it
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


def _call_or_check(view: PlayerView) -> Action:
    return Action.call() if view.legal.call_amount else Action.check()


def _omaha_equity(share: float, width: float) -> float:
    """The pre-flop equity of an Omaha hand in the top ``share`` % against a range of the top
    ``width`` %: 0.5 for equal ranges, towards 0.67 or 0.33 far apart, on a log scale. Omaha
    hands run close (aces with a random hand: about 65 %; a median hand against the top 10 %:
    about 40 %), so this simple curve stands in for a table of four-card equities."""
    return 0.5 + 0.17 * math.tanh(math.log(max(width, 0.01) / max(share, 0.01)) / 2.0)


def _preflop_order(seats: tuple[int, ...]) -> tuple[int, ...]:
    """Seats in preflop order: under the gun first, the big blind last (heads-up: the
    button, who posts the small blind, first: TDA 34B)."""
    if len(seats) == 2:
        return (seats[1], seats[0])
    return seats[2:] + seats[:2]


@cache
def _entry_share(behind: int, players: int, looseness: float) -> float:
    """Percent of hands entered first in with ``behind`` players to act."""
    if players == 2:
        base = _HEADS_UP_OPEN
    else:
        base = _OPEN_BY_BEHIND[min(behind, len(_OPEN_BY_BEHIND) - 1)]
        # fewer players, weaker hands to beat: wider, and wider still at three or four
        looseness *= 1.0 + 0.07 * max(0, 9 - players) + 0.05 * max(0, 6 - players)
    return 100.0 * (1.0 - math.pow(1.0 - base / 100.0, looseness))


@dataclass(slots=True)
class _Preflop:
    """What a player reads from the preflop betting so far."""

    raises: int = 0
    last_raiser: int = -1
    last_raise_all_in: bool = False
    first_raiser: int = -1
    limpers: int = 0
    callers: int = 0
    dead: int = 0
    raiser_total: int = 0


def _read_preflop(view: PlayerView) -> _Preflop:
    p = _Preflop()
    for event in view.history:
        if isinstance(event, Posted):
            p.dead += event.amount
        elif isinstance(event, Acted) and event.street is Street.PREFLOP:
            kind = event.kind
            if kind is ActionKind.RAISE or kind is ActionKind.BET:
                p.raises += 1
                if p.first_raiser < 0:
                    p.first_raiser = event.seat
                p.last_raiser = event.seat
                p.last_raise_all_in = event.is_all_in
                p.raiser_total = event.to
                p.callers = 0
            elif kind is ActionKind.CALL:
                if p.raises:
                    p.callers += 1
                else:
                    p.limpers += 1
    return p


def _still_to_act(view: PlayerView, shover: int) -> int:
    """Players still holding cards and chips who have not answered ``shover``'s all-in yet,
    this player aside."""
    answered = {view.seat, shover}
    after = False
    for event in view.history:
        if isinstance(event, Acted) and event.street is Street.PREFLOP:
            if event.seat == shover and event.is_all_in:
                after = True
            elif after:
                answered.add(event.seat)
    return sum(
        1
        for seat, stack in zip(view.seats, view.stacks, strict=True)
        if stack and seat in view.in_hand and seat not in answered
    )


class Bot:
    """One model of a live player; `Style` makes it tight or loose, aggressive or passive.

    It is long (about 300 lines) because one style plays every street of every game: the
    pre-flop decision (Hold'em's chart, Omaha's point count), the short-stack shove and the
    post-flop decision all read the same style, random source and reading of the hand so far.
    """

    __slots__ = ("kind", "rng", "spender", "style")

    def __init__(
        self,
        rng: random.Random,
        style: Style | None = None,
        *,
        kind: BotKind = BotKind.REGULAR,
        habits: MoneyHabits | None = None,
    ) -> None:
        self.rng = rng
        self.kind = kind
        self.style = style if style is not None else STYLES.get(kind, Style())
        # its own stream: changing the money habits never changes how the hands are played
        money_rng = random.Random(rng.getrandbits(64))
        self.spender = Spender(habits if habits is not None else MoneyHabits(), money_rng)

    def __repr__(self) -> str:
        return f"Bot(kind={self.kind.value!r}, style={self.style!r})"

    def accepts(self, offer: ChipOffer, /) -> bool:
        """Re-buy or add-on, by the player's money habits (`pitboss.play.habits`)."""
        return self.spender.accepts(offer)

    def act(self, view: PlayerView, /) -> Action:
        if view.legal.is_showdown:
            return showdown_action(view)
        if view.street is Street.PREFLOP:
            if view.game is not Game.HOLDEM:
                return self._omaha_preflop(view)
            return self._preflop(view)
        return self._postflop(view)

    # ------------------------------------------------------------------------ preflop

    def _preflop(self, view: PlayerView) -> Action:
        style = self.style
        legal = view.legal
        bb = max(view.big_blind, 1)
        order = _preflop_order(view.seats)
        n = len(order)
        me = order.index(view.seat)
        behind = n - 1 - me
        read = _read_preflop(view)
        hand = hand_class(*view.hole)
        share = top_share(hand) * 100.0
        mine = view.stack + view.bet
        in_hand = view.in_hand
        deepest = 0
        for seat, stack, bet in zip(view.seats, view.stacks, view.bets, strict=True):
            if seat != view.seat and seat in in_hand and stack + bet > deepest:
                deepest = stack + bet
        effective = min(mine, deepest) if deepest else mine
        dead = max(read.dead, bb)
        chart_bb = effective * 1.5 / dead  # stack in the chart's units (1.5 big blinds dead)
        to_call = legal.call_amount
        pot = view.pot
        stick = style.stickiness / 200.0  # half the postflop slack: the price is known
        limit = view.structure is BettingStructure.FIXED_LIMIT
        if limit:  # nobody can move in: no push-or-fold; the price of a call is smaller
            chart_bb = math.inf
            stick += _LIMIT_SLACK

        if read.raises == 0:
            if chart_bb <= style.short_stack_bb:
                if chart_bb <= 1.5 or is_push(
                    hand, stack_bb=chart_bb, behind=behind + read.limpers
                ):
                    return _all_in(view)
                return _check_or_fold(view)
            entry = _entry_share(behind, n, style.looseness / 100.0)
            # short-handed, players raise rather than limp (no one is behind to trap)
            raising = entry * min(1.0, style.aggression / 100.0 + 0.06 * max(0, 9 - n))
            if read.limpers:
                entry = min(100.0, entry * 1.2)
                raising *= 0.7
            if share <= raising:
                size = (5 + 2 * read.limpers) * bb // 2 if n > 2 else 5 * bb // 2
                return _bet_to(view, size)
            if share <= entry:
                return _call_or_check(view)
            return _check_or_fold(view)

        # facing a raise: read the last raiser's range
        raiser = read.last_raiser
        raiser_behind = n - 1 - order.index(raiser) if raiser in order else 1
        opened = _entry_share(raiser_behind, n, _POPULATION_LOOSENESS)
        price = to_call / (pot + to_call) if to_call else 0.0
        commits = to_call * 5 >= view.stack * 2 or chart_bb <= style.short_stack_bb
        shove = read.raises == 1 and read.last_raise_all_in and not limit

        if commits:
            if shove:  # by depth, position, players in and to act (`pitboss.play.allin`)
                at_stake = min(read.raiser_total, mine) * 1.5 / dead
                equity = equity_facing_shove(
                    hand,
                    behind=raiser_behind,
                    stack_bb=at_stake,
                    callers=read.callers,
                    to_act=_still_to_act(view, raiser),
                )
            else:
                width = opened if read.raises == 1 else max(3.0, opened * 0.3 / read.raises)
                if read.last_raise_all_in:
                    width = min(100.0, width * 1.3)
                equity = equity_vs_top(hand, max(1, round(width)))
                if read.callers:  # each caller holds the better half of that range
                    caller = equity_vs_top(hand, max(1, round(width / 2)))
                    equity = combined(equity, *([caller] * read.callers))
            if legal.can_raise and equity >= 0.5 + 0.05 * read.raises - stick:
                return _all_in(view)  # re-shove (fold equity on top of the equity)
            if equity + stick >= price:
                return _call_or_check(view)
            return _check_or_fold(view)
        raiser_chart_bb = read.raiser_total * 1.5 / dead
        if shove and raiser_chart_bb <= 25:  # a short all-in that does not commit this stack
            equity = equity_vs_push(hand, raiser_behind, max(2, int(raiser_chart_bb * 2)))
        else:
            width = opened if read.raises == 1 else max(3.0, opened * 0.3 / read.raises)
            if read.last_raise_all_in:
                width = min(100.0, width * 1.3)
            equity = equity_vs_top(hand, max(1, round(width)))
        # deep: value re-raise, else call by price, else fold
        in_position = raiser in order and me > order.index(raiser)
        if read.raises >= 2:
            value_share = 2.6
        else:
            value_share = max(2.6, 0.12 * opened * (1 + style.aggression / 100))
        bluff = read.raises == 1 and share <= 40 and self.rng.random() < style.aggression / 1500
        if legal.can_raise and (share <= value_share or bluff):
            if read.raises >= 2:
                target = view.current_bet * 23 // 10
            else:
                target = view.current_bet * (3 if in_position else 4)
            return _bet_to(view, target)
        in_position = in_position and read.raises == 1
        realise = (0.88 if in_position else 0.72) - 0.08 * (read.raises - 1)
        row, col = divmod(hand, 13)
        if row < col and col - row > 2:  # offsuit, not connected: hard to play after the flop
            realise -= 0.06
        if equity * realise + stick + 0.02 * read.callers >= price:
            return _call_or_check(view)
        return _check_or_fold(view)

    def _omaha_preflop(self, view: PlayerView) -> Action:
        """Omaha before the flop: the hand's share by Hutchison's count
        (`pitboss.play.omaha_hands`) against the share entered from this seat, wider than in
        Hold'em; raises are pot-sized; facing a raise, the equity of `_omaha_equity` against
        the raiser's range beats the pot odds (the hands run close, so more calls)."""
        style = self.style
        legal = view.legal
        order = _preflop_order(view.seats)
        n = len(order)
        me = order.index(view.seat)
        behind = n - 1 - me
        read = _read_preflop(view)
        hi_lo = view.game is Game.OMAHA_HI_LO
        share = omaha_hands.top_share(view.hole, hi_lo=hi_lo) * 100.0
        to_call = legal.call_amount
        pot = view.pot
        pot_raise = view.current_bet + pot + to_call  # call, then the whole pot (TDA 54)
        stick = style.stickiness / 200.0
        if view.structure is BettingStructure.FIXED_LIMIT:
            stick += _LIMIT_SLACK

        if read.raises == 0:
            entry = min(100.0, _entry_share(behind, n, style.looseness / 100.0) * _OMAHA_WIDER)
            raising = entry * min(1.0, style.aggression / 100.0 + 0.06 * max(0, 9 - n)) * 0.6
            if self._short(view, read) and view.structure is not BettingStructure.FIXED_LIMIT:
                raising = entry  # short: raise or fold, the rest goes in after the flop
            if read.limpers:
                entry = min(100.0, entry * 1.2)
                raising *= 0.7
            if share <= raising:
                return _bet_to(view, pot_raise)
            if share <= entry:
                return _call_or_check(view)
            return _check_or_fold(view)

        raiser = read.last_raiser
        raiser_behind = n - 1 - order.index(raiser) if raiser in order else 1
        entered = _entry_share(raiser_behind, n, _POPULATION_LOOSENESS) * _OMAHA_WIDER
        opened = min(100.0, entered) * 0.5  # most of an Omaha entering range limps
        width = opened if read.raises == 1 else max(2.0, opened * 0.3 / read.raises)
        if read.last_raise_all_in:
            width = min(100.0, width * 1.3)
        equity = _omaha_equity(share, width)
        if read.callers:
            equity = combined(equity, *([_omaha_equity(share, width / 2)] * read.callers))
        price = to_call / (pot + to_call) if to_call else 0.0
        value_share = 1.5 if read.raises >= 2 else max(1.5, 0.1 * width)
        bluff = read.raises == 1 and share <= 30 and self.rng.random() < style.aggression / 1500
        if legal.can_raise and (share <= value_share or bluff):
            return _bet_to(view, pot_raise)
        if to_call * 5 >= view.stack * 2:  # for the stack: no more to realise later
            return _call_or_check(view) if equity + stick >= price else _check_or_fold(view)
        in_position = raiser in order and me > order.index(raiser) and read.raises == 1
        realise = (0.85 if in_position else 0.72) - 0.08 * (read.raises - 1)
        if equity * realise + stick + 0.02 * read.callers >= price:
            return _call_or_check(view)
        return _check_or_fold(view)

    def _short(self, view: PlayerView, read: _Preflop) -> bool:
        """At most `Style.short_stack_bb` big blinds (of the chart's dead money) behind."""
        dead = max(read.dead, view.big_blind, 1)
        return (view.stack + view.bet) * 1.5 / dead <= self.style.short_stack_bb

    # ----------------------------------------------------------------------- postflop

    def _postflop(self, view: PlayerView) -> Action:
        style = self.style
        legal = view.legal
        rng = self.rng
        street = view.street
        if view.game is Game.HOLDEM:
            tier = postflop_tier(view.hole, view.board)
            equity = TIER_EQUITY[street][tier]
        else:
            tier, equity = omaha_hands.postflop(
                view.hole, view.board, hi_lo=view.game is Game.OMAHA_HI_LO
            )
        opponents = len(view.in_hand) - 1
        pot = view.pot
        to_call = legal.call_amount
        aggression = style.aggression / 100.0
        if tier is not Tier.MONSTER and opponents > 1:
            equity *= 1.0 - 0.12 * min(opponents - 1, 4)

        if to_call == 0:  # checked to, or first to act
            aggressor = self._last_aggressor(view)
            heads_up = opponents == 1
            if tier is Tier.MONSTER:
                chance = 0.6 + 0.4 * aggression
                size = pot * 2 // 3
            elif tier is Tier.GOOD:
                chance = (0.5 if street is Street.RIVER else 0.55) + 0.35 * aggression
                size = pot * 3 // 5
            elif aggressor == view.seat:  # continuation or follow-up bet, a semi-bluff
                base = {Street.FLOP: 0.75, Street.TURN: 0.35, Street.RIVER: 0.2}[street]
                chance = base * aggression * (1.0 if heads_up else 0.5)
                size = pot * 2 // 5 if street is Street.FLOP else pot // 2
            elif view.players_behind == 0 and heads_up:  # a stab when checked to
                chance = 0.25 * aggression
                size = pot // 2
            else:
                chance = 0.08 * aggression if tier is Tier.WEAK else 0.0
                size = pot // 2
            if chance and rng.random() < chance:
                return _bet_to(view, max(size, view.big_blind))
            return Action.check()

        # facing a bet
        before = max(pot - to_call, 1)
        ratio = min(to_call / before, 2.0)
        raised = self._raises_this_street(view) >= 2
        if tier is not Tier.MONSTER:
            equity -= 0.05 + 0.06 * ratio + (0.12 if raised else 0.0)
            if to_call * 2 >= view.stack:  # one pair rarely wants to play for the stack
                equity -= 0.08
        price = to_call / (pot + to_call)
        if legal.can_raise and tier is Tier.MONSTER and rng.random() < 0.25 + 0.5 * aggression:
            return _bet_to(view, view.current_bet * 3)
        if (
            view.game is not Game.HOLDEM
            and legal.can_raise
            and tier is Tier.GOOD
            and street is not Street.RIVER
            and not raised
            and rng.random() < _OMAHA_SEMI_BLUFF * aggression
        ):  # a big draw or a strong hand that may be outdrawn: raise, as Omaha players do
            return _bet_to(view, view.current_bet * 3)
        slack = style.stickiness / 100.0
        if view.structure is BettingStructure.FIXED_LIMIT:
            slack += _LIMIT_SLACK
        if equity + slack >= price:
            return Action.call()
        return Action.fold()

    def _last_aggressor(self, view: PlayerView) -> int:
        """The seat that made the last bet or raise of the previous street (-1: none)."""
        order = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
        previous = order[order.index(view.street) - 1]
        last = -1
        for event in view.history:
            if (
                isinstance(event, Acted)
                and event.street is previous
                and event.kind in (ActionKind.RAISE, ActionKind.BET)
            ):
                last = event.seat
        return last

    def _raises_this_street(self, view: PlayerView) -> int:
        street = view.street
        return sum(
            1
            for event in view.history
            if isinstance(event, Acted)
            and event.street is street
            and event.kind in (ActionKind.RAISE, ActionKind.BET)
        )


class RandomLegal:
    """Any legal action: a kind drawn uniformly among those allowed, then a legal amount
    (the minimum, the maximum or anything between, a third of the time each). Stress tests
    only: not part of the default field."""

    __slots__ = ("rng",)

    kind = BotKind.RANDOM_LEGAL

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


def TightAggressive(rng: random.Random, *, habits: MoneyHabits | None = None) -> Bot:  # noqa: N802
    """A `Bot` in the tight-aggressive style."""
    return Bot(rng, kind=BotKind.TIGHT_AGGRESSIVE, habits=habits)


def LoosePassive(rng: random.Random, *, habits: MoneyHabits | None = None) -> Bot:  # noqa: N802
    """A `Bot` in the loose-passive style (the charity-night regular)."""
    return Bot(rng, kind=BotKind.LOOSE_PASSIVE, habits=habits)


def PushFold(rng: random.Random, *, habits: MoneyHabits | None = None) -> Bot:  # noqa: N802
    """A `Bot` that plays push-or-fold before the flop up to 25 big blinds."""
    return Bot(rng, kind=BotKind.PUSH_FOLD, habits=habits)


DEFAULT_MIX: tuple[tuple[BotKind, int], ...] = (
    (BotKind.LOOSE_PASSIVE, 3),
    (BotKind.REGULAR, 2),
    (BotKind.TIGHT_AGGRESSIVE, 2),
    (BotKind.TIGHT_PASSIVE, 1),
    (BotKind.LOOSE_AGGRESSIVE, 1),
    (BotKind.PUSH_FOLD, 1),
)
"""The default field, in tens: a live field's mix of styles, with no random player."""


def make_bot(kind: BotKind, rng: random.Random, *, habits: MoneyHabits | None = None) -> Agent:
    """A bot of ``kind`` with its own random source seeded from ``rng``."""
    seeded = random.Random(rng.getrandbits(64))
    if kind is BotKind.RANDOM_LEGAL:
        return RandomLegal(seeded)
    return Bot(seeded, kind=kind, habits=habits)


def _maker(kind: BotKind) -> Callable[[random.Random], Agent]:
    def make(rng: random.Random) -> Agent:
        return RandomLegal(rng) if kind is BotKind.RANDOM_LEGAL else Bot(rng, kind=kind)

    return make


BOT_TYPES: dict[BotKind, Callable[[random.Random], Agent]] = {k: _maker(k) for k in BotKind}
"""A maker of each kind of bot from a random source it uses as is."""


def style_name(agent: object) -> str:
    """The style a result reports for ``agent``: its `BotKind`, else its class name."""
    kind = getattr(agent, "kind", None)
    return kind.value if isinstance(kind, BotKind) else type(agent).__name__


def bot_mix(
    rng: random.Random,
    weights: Sequence[tuple[BotKind, int]] = DEFAULT_MIX,
    *,
    habits: MoneyHabits | None = None,
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
        return make_bot(kind, rng, habits=habits)

    return make


def default_bot_mix(
    rng: random.Random, *, habits: MoneyHabits | None = None
) -> Callable[[str], Agent]:
    """The default mixed field (`DEFAULT_MIX`): call it with a player's name to get a bot."""
    return bot_mix(rng, DEFAULT_MIX, habits=habits)
