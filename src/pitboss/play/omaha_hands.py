"""Cheap Omaha hand values for bots: a pre-flop point count, and a strength after the flop.

**Before the flop** a bot ranks its four cards by Edward Hutchison's point counts, the best
known simple rule for Omaha starting hands (a regression on simulated win rates, Mike Caro's
Poker Probe, ten players seeing every card; checked since in *Winning Secrets of Online Poker*,
ch. 8, by simulation: A-A-K-K double-suited counts 27 there and wins 26.7 % of such pots):

- **Omaha high** (`hutchison_high`, as hutchisonpoker.com/Omaha.htm gives it: twice the
  book's scale, whose straight step differs in detail): each suit held twice or more scores
  by its highest card (ace 8, king 6, queen 5, jack 4, ten or nine 3, eight 2, lower 1), 2
  less when three or four cards share it; each pair scores by rank (aces 18, kings 16, queens
  14, jacks 13, tens 12, nines 10, eights 8, lower 7), none in a hand holding three of a
  rank; the most distinct cards that fit in one straight (four 25, three 18, two 8) less 2 a
  gap, at most 6, and less 4 when an ace is one of them (it makes fewer straights).
- **Omaha high-low** (`hutchison_hi_lo`, "Hutchison point count system for Omaha high-low",
  *Canadian Poker Monthly*, December 1997): the two lowest cards of different ranks (A-2 20,
  A-3 17, A-4 13, A-5 10, 2-3 15, 2-4 12, 3-4 11, 4-5 8, others 0); each other card of a rank
  not counted yet (3: 9, 4: 6, 5: 4, J/Q/K: 2, 6/T: 1); each pair (A 8, K 6, Q 5, J 2, 2 3,
  3, 4 or T 1; none with three of a rank, as in the high count). The article's further steps
  were not at hand: its suit points here are the Omaha-high count's, halved (a suited ace,
  the nut flush draw, 4). A "high-only" hand it plays without a low (all four cards ten or
  better, no three of a rank, with two pairs, a pair and a suit, or two suits) scores at
  least `HIGH_ONLY_POINTS`.

`top_share` turns a count into the share of all 270,725 four-card hands that count as much or
more (half the hands tied with it counted as better), from exact tables computed once over
every hand (`_HIGH_SHARES`, `_HI_LO_SHARES`; tests/play/test_omaha_hands.py checks them), so
a bot enters "the best 20 % of hands" in Omaha as in Hold'em.

**After the flop** `postflop` gives the made hand's `Tier` (`pitboss.play.strength`) read as
an Omaha player reads it, where everyone holds six two-card hands: one pair is weak, top two
pair good only on a quiet board, a straight or flush good, the best possible one (the nuts) or
a full house a monster, any straight or flush only weak on a paired board; and a draw's
chance from its outs (every unseen card that makes a straight or better, less when it pairs
the board or makes a flush that is not the best), so a wrap or the nut flush draw plays as a
strong hand on the flop. In high-low the low half counts too (`pitboss.omaha.evaluate_low`):
the best low possible on the board (`nut_low`) wins most of the low half (it is often split),
a lesser one less.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import NamedTuple

from pitboss.engine import Street
from pitboss.evaluator import HandCategory, category, display_ranks
from pitboss.omaha import evaluate, evaluate_low
from pitboss.play.strength import TIER_EQUITY, Tier

_ACE = 12
_TEN = 8
_SUIT_POINTS = (1, 1, 1, 1, 1, 1, 2, 3, 3, 4, 5, 6, 8)  # by the suit's highest rank, 2 .. A
_PAIR_POINTS = (7, 7, 7, 7, 7, 7, 8, 10, 12, 13, 14, 16, 18)
_STRAIGHT_POINTS = {2: 8, 3: 18, 4: 25}

# Hi-lo: the two lowest of different ranks (low ranks 1 = ace .. 8), kickers, pairs (ranks 0..12)
_LOW_PAIR_POINTS = {(1, 2): 20, (1, 3): 17, (1, 4): 13, (1, 5): 10, (2, 3): 15, (2, 4): 12,
                    (3, 4): 11, (4, 5): 8}  # fmt: skip
_KICKER_POINTS = (0, 9, 6, 4, 1, 0, 0, 0, 1, 2, 2, 2, 0)  # 2 .. A (a deuce or ace never kicks)
_HI_LO_PAIR_POINTS = (3, 1, 1, 0, 0, 0, 0, 0, 1, 2, 5, 6, 8)
HIGH_ONLY_POINTS = 20
"""The least a high-only hand counts in high-low: the article plays them, ranked here with
two-way hands of about an ace-four with a good kicker."""


def _low_rank(rank: int) -> int:
    """A rank 0 (deuce) .. 12 (ace) as a low card: ace 1, deuce 2 .. eight 8, higher 9+."""
    return 1 if rank == _ACE else rank + 2


def hutchison_high(hole: Sequence[int]) -> int:
    """Hutchison's Omaha-high count of four hole cards (card codes), twice the book's scale:
    A-A-K-K double-suited 54 (see the module)."""
    ranks = [c >> 2 for c in hole]
    points = 0
    for suit in range(4):
        held = [r for c, r in zip(hole, ranks, strict=True) if c & 3 == suit]
        if len(held) >= 2:
            points += _SUIT_POINTS[max(held)] - (2 if len(held) > 2 else 0)
    counts = {r: ranks.count(r) for r in ranks}
    if max(counts.values()) < 3:
        points += sum(_PAIR_POINTS[r] for r, n in counts.items() if n == 2)
    return points + _straight_points(set(ranks))


def _straight_points(distinct: set[int]) -> int:
    """The straight step: the most distinct ranks inside one five-rank window (the ace high or
    low), less 2 a gap (at most 6) and 4 when the ace is one of them; the best such set."""
    best = 0
    for low in range(-1, 9):  # windows A-5 (the ace as -1) .. T-A
        window = range(low, low + 5)
        inside = [r for r in distinct if r in window or (low == -1 and r == _ACE)]
        n = len(inside)
        if n < 2:
            continue
        ranks = sorted(-1 if (low == -1 and r == _ACE) else r for r in inside)
        gaps = ranks[-1] - ranks[0] + 1 - n
        points = _STRAIGHT_POINTS[n] - min(2 * gaps, 6) - (4 if _ACE in inside else 0)
        best = max(best, points)
    return best


def is_high_only(hole: Sequence[int]) -> bool:
    """A hand Hutchison's high-low count plays for high alone: four cards ten or better, no
    three of a rank, and two pairs, a pair and two suited cards, or two suits."""
    ranks = [c >> 2 for c in hole]
    if min(ranks) < _TEN:
        return False
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    if counts[0] >= 3:
        return False
    suits = sorted((sum(1 for c in hole if c & 3 == s) for s in range(4)), reverse=True)
    pairs = counts.count(2)
    return pairs == 2 or (pairs == 1 and suits[0] >= 2) or suits[:2] == [2, 2]


def hutchison_hi_lo(hole: Sequence[int]) -> int:
    """Hutchison's Omaha high-low count of four hole cards (see the module)."""
    ranks = [c >> 2 for c in hole]
    lows = sorted({_low_rank(r) for r in ranks})
    points = _LOW_PAIR_POINTS.get((lows[0], lows[1]), 0) if len(lows) >= 2 else 0
    counted = {lows[0], lows[1]} if len(lows) >= 2 else set(lows)
    for low in lows[2:]:
        if low not in counted:
            counted.add(low)
            points += _KICKER_POINTS[low - 2]
    counts = {r: ranks.count(r) for r in ranks}
    if max(counts.values()) < 3:
        points += sum(_HI_LO_PAIR_POINTS[r] for r, n in counts.items() if n == 2)
    for suit in range(4):
        held = [r for c, r in zip(hole, ranks, strict=True) if c & 3 == suit]
        if len(held) >= 2:
            points += (_SUIT_POINTS[max(held)] - (2 if len(held) > 2 else 0)) // 2
    if is_high_only(hole):
        points = max(points, HIGH_ONLY_POINTS)
    return points


# How many of the 270,725 four-card hands count each number of points, from the lowest count
# up (every hand counted once: tests/play/test_omaha_hands.py recounts them).
_HIGH_LOWEST = 0
_HIGH_COUNTS = (
    301, 24, 224, 264, 1648, 1476, 3540, 5164, 6760, 9260, 10784, 8728, 14536, 8716, 16434,
    13020, 16750, 18340, 17878, 18268, 16152, 11772, 13660, 8694, 10218, 6742, 7358, 4668,
    4852, 2572, 3174, 1206, 1320, 1068, 1356, 540, 1212, 258, 810, 120, 294, 66, 180, 18, 144,
    12, 90, 12, 24, 0, 12, 0, 0, 0, 6,
)  # fmt: skip
_HI_LO_LOWEST = -1
_HI_LO_COUNTS = (
    300, 7999, 14666, 20408, 20322, 27590, 22384, 22942, 11164, 6606, 7118, 4068, 6132, 5268,
    6020, 7228, 6786, 8032, 7392, 6318, 5776, 7808, 5146, 4912, 4240, 3660, 3772, 3228, 2708,
    2096, 1872, 1602, 1242, 840, 936, 834, 540, 172, 228, 148, 126, 24, 48, 12, 0, 0, 12,
)  # fmt: skip
ALL_HANDS = 270_725


def _shares(counts: tuple[int, ...]) -> tuple[float, ...]:
    """For each count, the share of hands counting more plus half of those counting as much."""
    shares = [0.0] * len(counts)
    above = 0
    for i in range(len(counts) - 1, -1, -1):
        shares[i] = (above + counts[i] / 2) / ALL_HANDS
        above += counts[i]
    return tuple(shares)


_HIGH_SHARES = _shares(_HIGH_COUNTS)
_HI_LO_SHARES = _shares(_HI_LO_COUNTS)


def top_share(hole: Sequence[int], *, hi_lo: bool = False) -> float:
    """The share of all four-card hands at least as good as ``hole`` by Hutchison's count
    (A-A-K-K double-suited 0.00001, the median hand 0.5; see the module)."""
    if hi_lo:
        points, lowest, shares = hutchison_hi_lo(hole), _HI_LO_LOWEST, _HI_LO_SHARES
    else:
        points, lowest, shares = hutchison_high(hole), _HIGH_LOWEST, _HIGH_SHARES
    return shares[min(max(points - lowest, 0), len(shares) - 1)]


# ------------------------------------------------------------------------ after the flop

_STRAIGHT = HandCategory.STRAIGHT
_FLUSH = HandCategory.FLUSH
_OUT_WIN = 0.85
"""A made out wins this often: someone may hold a better one (Omaha's many two-card hands)."""


class BoardTexture(NamedTuple):
    """What the board lets the others hold: a full house (a paired board), a flush (three of a
    suit: ``flush_suit``, else -1), a straight (three ranks within five: ``nut_straight`` is
    the highest straight's top rank, else -1)."""

    paired: bool
    flush_suit: int
    nut_straight: int
    top: int

    @property
    def quiet(self) -> bool:
        """No pair, no three of a suit, no three ranks within a straight."""
        return not self.paired and self.flush_suit < 0 and self.nut_straight < 0


@cache
def texture(board: tuple[int, ...]) -> BoardTexture:
    """The `BoardTexture` of a flop, turn or river (card codes)."""
    ranks = [c >> 2 for c in board]
    suits = [c & 3 for c in board]
    flush_suit = next((s for s in range(4) if suits.count(s) >= 3), -1)
    distinct = set(ranks)
    if _ACE in distinct:
        distinct.add(-1)
    nut = -1
    for low in range(8, -2, -1):  # tops A (window T-A) down to 5 (window A-5)
        if sum(1 for r in range(low, low + 5) if r in distinct) >= 3:
            nut = low + 4
            break
    return BoardTexture(len(set(ranks)) < len(ranks), flush_suit, nut, max(ranks))


def _nut_flush(hole: Sequence[int], board: Sequence[int], suit: int) -> bool:
    """``hole`` holds the highest card of ``suit`` that is not on the board."""
    on_board = {c >> 2 for c in board if c & 3 == suit}
    best = next(r for r in range(_ACE, -1, -1) if r not in on_board)
    return any(c & 3 == suit and c >> 2 == best for c in hole)


def made_tier(hole: Sequence[int], board: Sequence[int]) -> Tier:
    """The Omaha high hand's `Tier` on this board, read against six two-card hands a player
    (see the module): the nuts or a full house a monster, a straight or flush good (weak on
    a paired board), a set good (top set on a quiet board a monster), top two pair good on a
    quiet board, one pair weak at best."""
    strength = evaluate(hole, board)
    cat = category(strength)
    board_t = tuple(board)
    tex = texture(board_t)
    if cat >= HandCategory.FULL_HOUSE:
        return Tier.MONSTER
    if cat == _FLUSH:
        if tex.paired:
            return Tier.WEAK
        return Tier.MONSTER if _nut_flush(hole, board, tex.flush_suit) else Tier.GOOD
    if cat == _STRAIGHT:
        if tex.paired or tex.flush_suit >= 0:
            return Tier.WEAK
        return Tier.MONSTER if int(display_ranks(strength)[0]) >= tex.nut_straight else Tier.GOOD
    ranks = display_ranks(strength)
    board_ranks = sorted({c >> 2 for c in board}, reverse=True)
    if cat == HandCategory.THREE_OF_A_KIND:
        trips = int(ranks[0])
        pocket = sum(1 for c in hole if c >> 2 == trips) == 2
        if pocket and tex.quiet and trips == board_ranks[0]:
            return Tier.MONSTER
        if tex.flush_suit >= 0 or tex.nut_straight >= 0:
            return Tier.WEAK
        return Tier.GOOD if pocket or trips == board_ranks[0] else Tier.WEAK
    if cat == HandCategory.TWO_PAIR:
        if tex.paired:  # one of the pairs is the board's: one pair of ours
            return Tier.WEAK if int(ranks[0]) == tex.top or int(ranks[2]) >= tex.top else (
                Tier.NOTHING)  # fmt: skip
        top_two = [int(ranks[0]), int(ranks[2])] == board_ranks[:2]
        return Tier.GOOD if top_two and tex.quiet else Tier.WEAK
    if cat == HandCategory.ONE_PAIR and not tex.paired and int(ranks[0]) >= tex.top:
        return Tier.WEAK  # top pair or an overpair
    return Tier.NOTHING


def draw_chance(hole: Sequence[int], board: Sequence[int]) -> float:
    """The chance (0..1) that the cards to come give ``hole`` a straight or better that wins,
    from its outs: every unseen card that makes a better category of straight or better,
    a third of one when it pairs the board (a full house beats it), half of one when it makes
    a flush that is not the best or a straight beside a flush draw; a made out wins 85 %.
    None on the river (0.0)."""
    to_come = 5 - len(board)
    if to_come <= 0:
        return 0.0
    seen = {*hole, *board}
    now = category(evaluate(hole, board))
    board_ranks = {c >> 2 for c in board}
    board_suits = [c & 3 for c in board]
    flush_board = max(board_suits.count(s) for s in range(4)) >= 3
    outs = 0.0
    unseen = 0
    for card in range(52):
        if card in seen:
            continue
        unseen += 1
        after = (*board, card)
        cat = category(evaluate(hole, after))
        if cat < _STRAIGHT or cat <= now:
            continue
        weight = 1.0
        if cat <= _FLUSH:
            if card >> 2 in board_ranks:
                weight = 1 / 3
            elif cat == _FLUSH:
                weight = 1.0 if _nut_flush(hole, after, card & 3) else 0.5
            elif flush_board or board_suits.count(card & 3) >= 2:  # a flush possible after
                weight = 0.5
        outs += weight
    miss = 1.0 - outs / unseen
    if to_come == 2:
        miss *= 1.0 - outs / (unseen - 1)
    return _OUT_WIN * (1.0 - miss)


@cache
def _possible_lows(board_lows: tuple[int, ...]) -> tuple[int, ...]:
    """Every low two hole cards can make with a board holding these distinct low ranks (1 =
    ace .. 8), best first (`pitboss.omaha.evaluate_low`'s scale); none below three."""
    if len(board_lows) < 3:
        return ()
    code = {low: (_ACE if low == 1 else low - 2) * 4 for low in range(1, 9)}
    board = [code[low] for low in board_lows]  # suit 0
    pad = [11 * 4 + 3, 10 * 4 + 3]  # a king and a queen: never low
    found: set[int] = set()
    for a, b in combinations(range(1, 9), 2):
        value = evaluate_low([code[a] + 1, code[b] + 2, *pad], board)
        if value is not None:
            found.add(value)
    return tuple(sorted(found, reverse=True))


def _board_lows(board: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted({_low_rank(c >> 2) for c in board} & set(range(1, 9))))


def nut_low(board: Sequence[int]) -> int | None:
    """The best eight-or-better low possible on ``board`` (None when none is)."""
    lows = _possible_lows(_board_lows(board))
    return lows[0] if lows else None


_LOW_SHARE = (0.85, 0.55, 0.35)
"""The share of the low half the best, second and third low possible win, on average (the best
low is often split: "quartered"); a lower low 0.15."""


def low_share(hole: Sequence[int], board: Sequence[int]) -> tuple[float, float]:
    """``(chance a low qualifies by the river, share of the low half this hand expects when
    one does)`` in Omaha high-low (see the module)."""
    board_lows = _board_lows(board)
    to_come = 5 - len(board)
    need = 3 - len(board_lows)
    mine = {_low_rank(c >> 2) for c in hole} & set(range(1, 9))
    if need <= 0:
        chance = 1.0
    elif need > to_come:
        return 0.0, 0.0
    else:
        fresh = 4 * (8 - len(board_lows)) - sum(1 for c in hole if _low_rank(c >> 2) <= 8)
        unseen = 52 - len(hole) - len(board)
        share = fresh / unseen
        chance = 1.0 - (1.0 - share) ** to_come if need == 1 else share * share * 0.8
    low = evaluate_low(hole, board) if need <= 0 else None
    if low is not None:
        order = _possible_lows(board_lows).index(low)
        expect = _LOW_SHARE[order] if order < len(_LOW_SHARE) else 0.15
        return chance, expect * (0.85 if to_come else 1.0)  # counterfeited now and then
    free = sorted(mine - set(board_lows))
    if len(free) < 2 or not to_come:
        return chance, 0.0
    nut_draw = free[0] <= 2 and free[1] <= 3
    return chance, (0.5 if nut_draw else 0.25) * (0.7 if need > 0 else 0.6)


class OmahaRead(NamedTuple):
    """A bot's read of its Omaha hand after the flop: the `Tier` it bets by and its estimated
    equity against a betting range (before the bot's own adjustments for the bet faced and
    the players in)."""

    tier: Tier
    equity: float


def _tier_of(equity: float, street: Street) -> Tier:
    """The tier whose equity on ``street`` (`TIER_EQUITY`) is nearest ``equity``."""
    table = TIER_EQUITY[street]
    return next(
        (Tier(i) for i in range(3, 0, -1) if equity >= (table[i] + table[i - 1]) / 2),
        Tier.NOTHING,
    )


def postflop(hole: Sequence[int], board: Sequence[int], *, hi_lo: bool) -> OmahaRead:
    """The tier and equity of an Omaha (``hi_lo``: Omaha high-low) hand on a board of three to
    five cards (see the module)."""
    return _postflop(tuple(hole), tuple(board), hi_lo)


@lru_cache(maxsize=4096)
def _postflop(hole: tuple[int, ...], board: tuple[int, ...], hi_lo: bool) -> OmahaRead:
    street = _STREETS[len(board)]
    tier = made_tier(hole, board)
    made = TIER_EQUITY[street][tier]
    draw = draw_chance(hole, board) if tier is not Tier.MONSTER else 0.0
    high = made + (1.0 - made) * draw
    if not hi_lo:
        return OmahaRead(max(tier, _tier_of(high, street)), high)
    chance, low = low_share(hole, board)
    equity = (1.0 - chance) * high + chance * (high + low) / 2
    return OmahaRead(_tier_of(equity, street), equity)


_STREETS = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
