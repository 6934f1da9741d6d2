"""All-in equity: how often each hand wins, ties and what share of the pot it takes on average.

Given 2 to 10 hold'em hands, the known board (0 to 5 cards) and dead cards, every possible
completion of the board is dealt from the remaining cards. Exact enumeration is the default:
thanks to the batch evaluator even the largest question, heads-up preflop (1,712,304 boards),
takes a fraction of a second, and more hands leave fewer boards. Monte Carlo (``exact=False``)
samples boards uniformly, with replacement, from a random source the caller passes in.

Counts are integers: ``wins`` and ``ties`` count boards, ``share`` counts pot shares in units of
``1 / SHARE_UNIT`` of a pot per board (2,520 = lcm(1..10) splits every tie of up to ten hands
exactly). Fractions (`HandEquity.equity` ...) are for reports only.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any, Final, Protocol

import numpy as np
import numpy.typing as npt

from pitboss import _evalbatch as _b
from pitboss._combos import combinations_array
from pitboss.cards import Card, check_distinct, format_cards
from pitboss.errors import EquityError

SHARE_UNIT: Final = 2520
"""Pot shares per board: divisible by every number of tied hands from 1 to 10."""
MIN_HANDS: Final = 2
MAX_HANDS: Final = 10
DEFAULT_SAMPLES: Final = 200_000
"""Monte Carlo boards when ``samples`` is not given (standard error of equity < 0.12 %)."""
EXACT_LIMIT: Final = 50_000_000
"""Most hand evaluations (boards x hands) that ``exact=None`` still enumerates."""
CHUNK: Final = 1 << 16


class BitSource(Protocol):
    """What Monte Carlo needs from a random source: ``random.Random`` and ``SystemRandom`` fit."""

    def getrandbits(self, k: int, /) -> int: ...


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEquity:
    """One hand's result over ``boards`` boards."""

    cards: tuple[Card, ...]
    wins: int
    """Boards this hand wins alone."""
    ties: int
    """Boards this hand splits with one or more others."""
    share: int
    """Pot shares won, in ``1 / SHARE_UNIT`` of a pot per board (a 3-way tie earns 840)."""
    boards: int

    @property
    def losses(self) -> int:
        return self.boards - self.wins - self.ties

    @property
    def equity_fraction(self) -> Fraction:
        """The exact share of the pot this hand wins on average."""
        return Fraction(self.share, SHARE_UNIT * self.boards)

    @property
    def equity(self) -> float:
        """``equity_fraction`` as a float, for reports."""
        return self.share / (SHARE_UNIT * self.boards)

    @property
    def win_rate(self) -> float:
        return self.wins / self.boards

    @property
    def tie_rate(self) -> float:
        return self.ties / self.boards


@dataclass(frozen=True, slots=True, kw_only=True)
class EquityResult:
    """Win, tie and equity of every hand, and how they were counted."""

    hands: tuple[HandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    boards: int
    """Boards dealt: every possible one when ``exact``, else the Monte Carlo samples."""
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready report (fractions as floats, counts as ints)."""
        return {
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "exact": self.exact,
            "boards": self.boards,
            "share_unit": SHARE_UNIT,
            "hands": [
                {
                    "cards": format_cards(h.cards),
                    "wins": h.wins,
                    "ties": h.ties,
                    "losses": h.losses,
                    "share": h.share,
                    "win": h.win_rate,
                    "tie": h.tie_rate,
                    "equity": h.equity,
                }
                for h in self.hands
            ],
        }


def equity(
    hands: Sequence[Sequence[int]],
    *,
    board: Sequence[int] = (),
    dead: Sequence[int] = (),
    exact: bool | None = None,
    samples: int = DEFAULT_SAMPLES,
    rng: BitSource | None = None,
) -> EquityResult:
    """Win, tie and equity of 2 to 10 two-card hands, all in, with the board still to come.

    ``exact=None`` enumerates every board when that is at most ``EXACT_LIMIT`` evaluations
    (always, for 2 to 10 hold'em hands), ``exact=True`` always does, ``exact=False`` deals
    ``samples`` random boards from ``rng`` (default: the operating system's CSPRNG; pass a seeded
    ``random.Random`` to reproduce a run).

    Raises:
        EquityError: wrong number of hands or cards, too few cards left, bad ``samples``.
        CardError: a card code is invalid or a card is given twice.
    """
    hand_cards = tuple(tuple(Card(c) for c in hand) for hand in hands)
    board_cards = tuple(Card(c) for c in board)
    dead_cards = tuple(Card(c) for c in dead)
    _validate(hand_cards, board_cards, dead_cards)
    check_distinct([c for hand in hand_cards for c in hand] + list(board_cards) + list(dead_cards))

    used = {int(c) for hand in hand_cards for c in hand} | set(board_cards) | set(dead_cards)
    remaining = np.array([c for c in range(52) if c not in used], dtype=np.uint8)
    missing = 5 - len(board_cards)
    if len(remaining) < missing:
        raise EquityError(
            f"only {len(remaining)} cards are left to complete the board, which needs {missing}",
            code="too_few_cards",
            params={"left": len(remaining), "needed": missing},
        )
    total_boards = comb(len(remaining), missing)
    if exact is None:
        exact = total_boards * len(hand_cards) <= EXACT_LIMIT
    if not exact and (isinstance(samples, bool) or not isinstance(samples, int) or samples < 1):
        raise EquityError(
            f"samples must be a positive whole number of boards, not {samples!r}",
            code="bad_samples",
            params={"samples": repr(samples)},
        )

    table = combinations_array(len(remaining), missing)
    counter = _Counter(hand_cards, board_cards, remaining)
    if exact:
        for start in range(0, len(table), CHUNK):
            counter.add(table[start : start + CHUNK])
        boards = total_boards
    else:
        source = rng if rng is not None else secrets.SystemRandom()
        generator = np.random.Generator(np.random.PCG64(source.getrandbits(128)))
        for start in range(0, samples, CHUNK):
            picks = generator.integers(0, len(table), size=min(CHUNK, samples - start))
            counter.add(table[picks])
        boards = samples
    return EquityResult(
        hands=tuple(
            HandEquity(
                cards=cards,
                wins=int(counter.wins[i]),
                ties=int(counter.ties[i]),
                share=int(counter.share[i]),
                boards=boards,
            )
            for i, cards in enumerate(hand_cards)
        ),
        board=board_cards,
        dead=dead_cards,
        boards=boards,
        exact=exact,
    )


def _validate(
    hands: tuple[tuple[Card, ...], ...], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> None:
    if not MIN_HANDS <= len(hands) <= MAX_HANDS:
        raise EquityError(
            f"equity compares {MIN_HANDS} to {MAX_HANDS} hands, not {len(hands)}",
            code="bad_hand_count",
            params={"hands": len(hands), "min_hands": MIN_HANDS, "max_hands": MAX_HANDS},
        )
    for hand in hands:
        if len(hand) != 2:
            raise EquityError(
                f"a hold'em hand is 2 hole cards, not {len(hand)} ({format_cards(hand) or '-'})",
                code="bad_hole_cards",
                params={"hand": format_cards(hand), "count": len(hand)},
            )
    if len(board) > 5:
        raise EquityError(
            f"a board has at most 5 cards, not {len(board)}",
            code="bad_board",
            params={"board": format_cards(board), "count": len(board), "max_cards": 5},
        )


class _Counter:
    """Evaluates every hand on chunks of boards and tallies wins, ties and pot shares."""

    def __init__(
        self,
        hands: tuple[tuple[Card, ...], ...],
        board: tuple[Card, ...],
        remaining: npt.NDArray[np.uint8],
    ) -> None:
        count = len(hands)
        self.wins = np.zeros(count, dtype=np.int64)
        self.ties = np.zeros(count, dtype=np.int64)
        self.share = np.zeros(count, dtype=np.int64)
        self.remaining = remaining
        self.remaining_keys = _b.CARD_KEYS[remaining]
        self.remaining_pairs = _b.pair_table(self.remaining_keys)
        board_key = int(_b.CARD_KEYS[list(board)].sum()) if board else 0
        self.hand_keys = [board_key + int(_b.CARD_KEYS[list(hand)].sum()) for hand in hands]
        # Card bits (see `_evalbatch.SUIT_RANK_BITS`), for the rare boards with a flush.
        self.remaining_bits = _b.SUIT_RANK_BITS[remaining]
        self.known_bits = [
            int(_b.SUIT_RANK_BITS[[*hand, *board]].sum(dtype=np.uint64)) for hand in hands
        ]

    def add(self, picks: npt.NDArray[np.uint8]) -> None:
        """Deal the boards whose missing cards are the rows of ``picks`` (indices into remaining).

        ``picks`` is C-contiguous, one board per row.
        """
        board_keys = _b.key_sums(picks, self.remaining_keys, self.remaining_pairs)
        strengths = np.empty((len(self.hand_keys), len(picks)), dtype=np.int16)
        for i, key in enumerate(self.hand_keys):

            def masks(
                rows: npt.NDArray[np.intp], suit: npt.NDArray[np.int8], hand: int = i
            ) -> npt.NDArray[np.intp]:
                bits = _b.bit_sums(picks[rows], self.remaining_bits)
                bits += np.uint64(self.known_bits[hand])
                return _b.suit_masks(bits, suit)

            strengths[i] = _b.strengths_from_keys(board_keys + np.uint32(key), 7, masks)
        if len(self.hand_keys) == 2:
            first, second = strengths
            won = int(np.count_nonzero(first > second))
            lost = int(np.count_nonzero(first < second))
            tied = len(picks) - won - lost
            self.wins[0] += won
            self.wins[1] += lost
            self.ties += tied
            self.share[0] += SHARE_UNIT * won + SHARE_UNIT // 2 * tied
            self.share[1] += SHARE_UNIT * lost + SHARE_UNIT // 2 * tied
            return
        best = strengths.max(axis=0)
        winners = strengths == best
        winner_count = winners.sum(axis=0)
        alone = winner_count == 1
        self.wins += np.count_nonzero(winners & alone, axis=1)
        self.ties += np.count_nonzero(winners & ~alone, axis=1)
        self.share += winners @ (SHARE_UNIT // winner_count)
