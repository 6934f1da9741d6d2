"""Cheap hand strength for bots: a preflop table, a postflop tier, a push-or-fold chart.

Everything here is a lookup or a handful of integer operations, so a bot decides in a few
microseconds (a tournament of 1,000 players deals tens of thousands of hands):

- `preflop_score`: Bill Chen's formula for the 169 starting hands (AA 20, AKs 12, 72o 0),
  precomputed once into a table indexed by the two cards' ranks and suitedness.
- `postflop_tier`: what the hole cards make with the board, from the evaluator's strength:
  a monster (two pair or better that the board does not give everyone), a good made hand (top
  pair or an overpair), a weak pair or a draw, or nothing.
- `push_threshold` / `call_threshold`: a rough push-or-fold chart by Chen score, the least
  `preflop_score` worth moving all-in (first in) or calling an all-in with a stack of so many
  big blinds. The bots now use the Nash chart of `pitboss.play.pushfold` instead; these stay
  for anyone wanting a one-line rule of thumb.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from pitboss.engine import Street
from pitboss.evaluator import category, display_ranks, evaluate

_ACE = 12
_QUEEN = 10


def _chen_doubled(high: int, low: int, *, suited: bool) -> int:
    """Twice Bill Chen's score (halves become whole numbers); ``high >= low`` are ranks 0..12."""
    top = {12: 20, 11: 16, 10: 14, 9: 12}.get(high, high + 2)  # A 10, K 8, Q 7, J 6, T..2 r/2
    if high == low:
        return max(2 * top, 10)  # pairs double, at least 5 (22)
    score = top + (4 if suited else 0)
    gap = high - low - 1
    score -= (0, 2, 4, 8)[gap] if gap < 4 else 10
    if gap <= 1 and high < _QUEEN:  # connected or one-gap below a queen: straight bonus
        score += 2
    return score


def _chen_table() -> tuple[int, ...]:
    table = [0] * (13 * 13 * 2)
    for high in range(13):
        for low in range(high + 1):
            for suited in (False, True):
                doubled = _chen_doubled(high, low, suited=suited)
                table[(high * 13 + low) * 2 + suited] = max(0, -(-doubled // 2))  # round up
    return tuple(table)


_CHEN = _chen_table()


def preflop_score(first: int, second: int) -> int:
    """Bill Chen's score of two hole cards (card codes), rounded up: AA 20, KK 16, AKs 12,
    AKo 10, 22 5, 72o 0 (negative scores count as 0)."""
    r1 = first >> 2
    r2 = second >> 2
    if r1 < r2:
        r1, r2 = r2, r1
    return _CHEN[(r1 * 13 + r2) * 2 + ((first & 3) == (second & 3))]


class Tier(enum.IntEnum):
    """How good a made hand is after the flop, weakest first."""

    NOTHING = 0
    WEAK = 1
    """A pair below top pair, or a flush or open-ended straight draw."""
    GOOD = 2
    """Top pair or an overpair (also two pair when the board's pair is the lower one)."""
    MONSTER = 3
    """Two pair or better made with the hole cards, trips with one hole card on a paired board,
    a straight or better the board does not give everyone."""


TIER_EQUITY: dict[Street, tuple[float, float, float, float]] = {
    Street.FLOP: (0.20, 0.40, 0.68, 0.88),
    Street.TURN: (0.12, 0.32, 0.68, 0.90),
    Street.RIVER: (0.05, 0.28, 0.63, 0.90),
}
"""Estimated equity of each `Tier` (weakest first) against a betting range, by street."""


def _board_category(board: Sequence[int]) -> int:
    """The category the board alone makes (pairs and trips only for 3 or 4 cards)."""
    if len(board) >= 5:
        return int(category(evaluate(board)))
    counts = sorted(sum(1 for c in board if c >> 2 == r) for r in {c >> 2 for c in board})
    most = counts[-1]
    if most >= 4:
        return 8
    if most == 3:
        return 4
    if most == 2:
        return 3 if len(counts) >= 2 and counts[-2] == 2 else 2
    return 1


def postflop_tier(hole: Sequence[int], board: Sequence[int]) -> Tier:
    """The tier of ``hole`` on a flop, turn or river ``board`` (3 to 5 cards)."""
    cards = (*hole, *board)
    strength = evaluate(cards)
    if len(board) == 5 and evaluate(board) == strength:
        return Tier.NOTHING  # playing the board
    cat = int(category(strength))
    gain = cat - _board_category(board)
    top = max(c >> 2 for c in board)
    if gain >= 2 or (gain >= 1 and cat >= 5):
        return Tier.MONSTER
    if gain == 1:
        ranks = display_ranks(strength)
        board_ranks = [c >> 2 for c in board]
        mine = int(ranks[0])
        if cat == 3 and board_ranks.count(mine) >= 2:  # the board's pair is the top pair
            mine = int(ranks[2])
        return Tier.GOOD if mine >= top else Tier.WEAK
    if len(board) < 5 and _has_draw(hole, cards):
        return Tier.WEAK
    return Tier.NOTHING


def _has_draw(hole: Sequence[int], cards: Sequence[int]) -> bool:
    """Four to a flush, or four ranks in a row, using at least one hole card."""
    for suit in {c & 3 for c in hole}:
        if sum(1 for c in cards if c & 3 == suit) == 4:
            return True
    mask = 0
    for c in cards:
        mask |= 1 << ((c >> 2) + 1)
    if mask & (1 << (_ACE + 1)):
        mask |= 1  # the ace plays low too
    mine = 0
    for c in hole:
        mine |= 1 << ((c >> 2) + 1)
    for low in range(11):
        window = 0b1111 << low
        if mask & window == window and mine & window:
            return True
    return False


# The push-or-fold chart: least Chen score to move all-in first in, by stack (in big blinds) and
# by how many players still act behind (late: 2 or fewer). Shorter stacks shove wider.
_PUSH_CHART: tuple[tuple[int, int, int], ...] = (
    # (at most this many big blinds, early position, late position)
    (3, 3, 1),
    (6, 6, 4),
    (10, 8, 6),
    (15, 9, 7),
    (25, 11, 10),
)
_DEEP_PUSH = 12  # deeper than the chart: only the premium hands


def push_threshold(big_blinds: int, *, behind: int) -> int:
    """The least `preflop_score` worth moving all-in first in with ``big_blinds`` big blinds."""
    for most, early, late in _PUSH_CHART:
        if big_blinds <= most:
            return late if behind <= 2 else early
    return _DEEP_PUSH


def call_threshold(big_blinds: int, *, pot_odds_good: bool) -> int:
    """The least `preflop_score` worth calling an all-in (or a raise that commits the stack)."""
    if big_blinds <= 3:
        return 3 if pot_odds_good else 5
    if big_blinds <= 8:
        return 6 if pot_odds_good else 7
    if big_blinds <= 15:
        return 8 if pot_odds_good else 9
    return 10 if pot_odds_good else 11
