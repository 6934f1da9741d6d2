"""All-in equity in Omaha and Omaha high-low: every possible rest of the board, counted exactly.

Given 2 to 10 four-card hands, the known board (0 to 5 cards) and dead cards, every completion
of the board is dealt from the remaining cards (heads-up before the flop, C(44, 5) = 1,086,008
boards) and every hand is evaluated on it with the NumPy Omaha evaluator
(`pitboss._omahabatch`: the best five of exactly two hole cards and three board cards; the
eight-or-better low). Counts are integers, as in `pitboss.equity`:

* `omaha_equity`: Omaha high. The result is `pitboss.equity.EquityResult`: wins, ties and pot
  shares in units of ``1 / SHARE_UNIT`` (2,520) of a pot per board.
* `omaha_hi_lo_equity`: Omaha high-low. On a board where some hand makes a low, half the pot
  goes to the best high hands and half to the best lows; without a low the high takes it all
  (TDA 20, SLPT 1; the odd chip of a real pot is left out of equity). Shares are in units of
  ``1 / HI_LO_SHARE_UNIT`` (5,040) of a pot, so a half split ten ways is still a whole number;
  `HiLoHandEquity` also counts scoops (the whole pot alone) and each half won alone or tied.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from pitboss import _omahabatch as _ob
from pitboss._combos import combinations_array
from pitboss.cards import Card, check_distinct, format_cards
from pitboss.equity import MAX_HANDS, MIN_HANDS, SHARE_UNIT, EquityResult, HandEquity
from pitboss.errors import EquityError

HI_LO_SHARE_UNIT: Final = 2 * SHARE_UNIT
"""Pot shares per board in high-low: each half (2,520) splits evenly between 1 to 10 hands."""
CHUNK: Final = 1 << 15
"""Boards per chunk (the arrays of a chunk stay in the CPU cache)."""

Hole = tuple[Card, Card, Card, Card]


@dataclass(frozen=True, slots=True, kw_only=True)
class HiLoHandEquity:
    """One hand's result in high-low over ``boards`` boards."""

    cards: tuple[Card, ...]
    scoops: int
    """Boards where this hand wins the whole pot alone: the best high alone, and the best low
    alone or no low at all."""
    high_wins: int
    """Boards where this hand has the best high hand alone."""
    high_ties: int
    low_wins: int
    """Boards where this hand has the best qualifying low alone."""
    low_ties: int
    share: int
    """Pot shares won, in ``1 / HI_LO_SHARE_UNIT`` of a pot per board."""
    boards: int

    @property
    def equity_fraction(self) -> Fraction:
        """The exact share of the pot this hand wins on average."""
        return Fraction(self.share, HI_LO_SHARE_UNIT * self.boards)

    @property
    def equity(self) -> float:
        """``equity_fraction`` as a float, for reports."""
        return self.share / (HI_LO_SHARE_UNIT * self.boards)


@dataclass(frozen=True, slots=True, kw_only=True)
class HiLoEquityResult:
    """Every hand's high-low result, and on how many boards some hand made a low."""

    hands: tuple[HiLoHandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    boards: int
    low_boards: int
    """Boards on which at least one hand made a qualifying low (the pot was split)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready report (fractions as floats, counts as ints)."""
        return {
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "exact": True,
            "boards": self.boards,
            "low_boards": self.low_boards,
            "share_unit": HI_LO_SHARE_UNIT,
            "hands": [
                {
                    "cards": format_cards(h.cards),
                    "scoops": h.scoops,
                    "high_wins": h.high_wins,
                    "high_ties": h.high_ties,
                    "low_wins": h.low_wins,
                    "low_ties": h.low_ties,
                    "share": h.share,
                    "equity": h.equity,
                }
                for h in self.hands
            ],
        }


def omaha_equity(
    hands: Sequence[Sequence[int]], *, board: Sequence[int] = (), dead: Sequence[int] = ()
) -> EquityResult:
    """Win, tie and equity of 2 to 10 Omaha hands (four hole cards each), all in, counted over
    every rest of the board.

    Raises:
        EquityError: wrong number of hands or cards, too few cards left.
        CardError: a card code is invalid or a card is given twice.
    """
    holes, known, dead_cards, remaining = _checked(hands, board, dead)
    count = len(holes)
    wins = np.zeros(count, dtype=np.int64)
    ties = np.zeros(count, dtype=np.int64)
    share = np.zeros(count, dtype=np.int64)
    boards = 0
    for info, size in _boards(known, remaining):
        strengths = np.stack([_ob.hand_high(hole, info) for hole in holes])
        best = strengths.max(axis=0)
        winners = strengths == best
        winner_count = winners.sum(axis=0)
        alone = winner_count == 1
        wins += np.count_nonzero(winners & alone, axis=1)
        ties += np.count_nonzero(winners & ~alone, axis=1)
        share += winners @ (SHARE_UNIT // winner_count)
        boards += size
    return EquityResult(
        hands=tuple(
            HandEquity(
                cards=hole,
                wins=int(wins[i]),
                ties=int(ties[i]),
                share=int(share[i]),
                boards=boards,
            )
            for i, hole in enumerate(holes)
        ),
        board=known,
        dead=dead_cards,
        boards=boards,
        exact=True,
    )


def omaha_hi_lo_equity(
    hands: Sequence[Sequence[int]], *, board: Sequence[int] = (), dead: Sequence[int] = ()
) -> HiLoEquityResult:
    """Scoops, halves and equity of 2 to 10 Omaha high-low hands, all in, counted over every
    rest of the board: half the pot to the best high hands and half to the best eight-or-better
    lows, or all of it to the high when no hand makes a low.

    Raises:
        EquityError: wrong number of hands or cards, too few cards left.
        CardError: a card code is invalid or a card is given twice.
    """
    holes, known, dead_cards, remaining = _checked(hands, board, dead)
    count = len(holes)
    tallies = {
        name: np.zeros(count, dtype=np.int64)
        for name in ("scoops", "high_wins", "high_ties", "low_wins", "low_ties", "share")
    }
    boards = 0
    low_boards = 0
    half = HI_LO_SHARE_UNIT // 2
    for info, size in _boards(known, remaining):
        highs = np.stack([_ob.hand_high(hole, info) for hole in holes])
        lows = np.stack([_ob.hand_low(hole, info) for hole in holes])
        high_winners = highs == highs.max(axis=0)
        high_count = high_winners.sum(axis=0)
        best_low = lows.max(axis=0)
        split = best_low > 0
        low_winners = (lows == best_low) & split
        low_count = np.maximum(low_winners.sum(axis=0), 1)
        high_alone = high_winners & (high_count == 1)
        low_alone = low_winners & (low_count == 1)
        tallies["high_wins"] += np.count_nonzero(high_alone, axis=1)
        tallies["high_ties"] += np.count_nonzero(high_winners & ~high_alone, axis=1)
        tallies["low_wins"] += np.count_nonzero(low_alone, axis=1)
        tallies["low_ties"] += np.count_nonzero(low_winners & ~low_alone, axis=1)
        tallies["scoops"] += np.count_nonzero(high_alone & (low_alone | ~split), axis=1)
        high_part = np.where(split, half, HI_LO_SHARE_UNIT) // high_count
        tallies["share"] += high_winners @ high_part + low_winners @ (half // low_count)
        boards += size
        low_boards += int(np.count_nonzero(split))
    return HiLoEquityResult(
        hands=tuple(
            HiLoHandEquity(
                cards=hole,
                boards=boards,
                **{name: int(values[i]) for name, values in tallies.items()},
            )
            for i, hole in enumerate(holes)
        ),
        board=known,
        dead=dead_cards,
        boards=boards,
        low_boards=low_boards,
    )


def _checked(
    hands: Sequence[Sequence[int]], board: Sequence[int], dead: Sequence[int]
) -> tuple[tuple[Hole, ...], tuple[Card, ...], tuple[Card, ...], npt.NDArray[np.uint8]]:
    """The hands, board and dead cards as `Card` tuples, and the cards left to deal.

    Raises:
        EquityError: wrong number of hands or cards, too few cards left.
        CardError: a card code is invalid or a card is given twice.
    """
    given = [tuple(Card(c) for c in hand) for hand in hands]
    known = tuple(Card(c) for c in board)
    dead_cards = tuple(Card(c) for c in dead)
    if not MIN_HANDS <= len(given) <= MAX_HANDS:
        raise EquityError(
            f"equity compares {MIN_HANDS} to {MAX_HANDS} hands, not {len(given)}",
            code="bad_hand_count",
            params={"hands": len(given), "min_hands": MIN_HANDS, "max_hands": MAX_HANDS},
        )
    holes: list[Hole] = []
    for hand in given:
        if len(hand) != 4:
            raise EquityError(
                f"an Omaha hand is 4 hole cards, not {len(hand)} ({format_cards(hand) or '-'})",
                code="bad_hole_cards",
                params={"hand": format_cards(hand), "count": len(hand)},
            )
        holes.append((hand[0], hand[1], hand[2], hand[3]))
    if len(known) > 5:
        raise EquityError(
            f"a board has at most 5 cards, not {len(known)}",
            code="bad_board",
            params={"board": format_cards(known), "count": len(known), "max_cards": 5},
        )
    check_distinct([c for hand in holes for c in hand] + list(known) + list(dead_cards))
    used = {int(c) for hand in holes for c in hand} | set(known) | set(dead_cards)
    remaining = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    missing = 5 - len(known)
    if len(remaining) < missing:
        raise EquityError(
            f"only {len(remaining)} cards are left to complete the board, which needs {missing}",
            code="too_few_cards",
            params={"left": len(remaining), "needed": missing},
        )
    return tuple(holes), known, dead_cards, remaining


def _boards(
    known: tuple[Card, ...], remaining: npt.NDArray[np.uint8]
) -> Iterator[tuple[_ob.BoardInfo, int]]:
    """Every completion of the board, chunk by chunk: (what the evaluators need, boards)."""
    missing = 5 - len(known)
    table = combinations_array(len(remaining), missing)
    assert len(table) == comb(len(remaining), missing)
    fixed = np.array(known, dtype=np.uint8)
    for start in range(0, len(table), CHUNK):
        picks = table[start : start + CHUNK]
        cards = np.empty((len(picks), 5), dtype=np.uint8)
        cards[:, : len(known)] = fixed
        cards[:, len(known) :] = remaining.take(picks)
        yield _ob.board_info(cards), len(picks)
