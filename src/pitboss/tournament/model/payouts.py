"""Payouts: how many places are paid and how much each gets, in integer cents.

THC add. 13: "Prize structures depend upon number of entrants at the start of the tournament",
so the places paid and their shares are looked up by the number of entrants when play starts,
either in a table of brackets (shares per place in basis points, integers) or from a formula.
KY 18 says the prize pool is paid "approximately based on the following distribution" but the
table is missing from the seed (RULES §6, §7); :data:`STANDARD_PAYOUTS` is pitboss's own
sensible default, not any rulebook's.

Invariants: the prizes always add up exactly to the prize pool; prizes never increase from one
place to the next; every paid place gets more than nothing. All splitting goes through
:func:`pitboss.money.split_amount`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pitboss.errors import PayoutError
from pitboss.money import split_amount
from pitboss.rules.payout_tables import (
    BASIS_POINTS,
    STANDARD_PAYOUTS,
    PayoutBracket,
    PayoutFormula,
    PayoutRounding,
    PayoutScheme,
    PayoutTable,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class Payouts:
    """The prizes for a tournament: ``prizes[0]`` is first place, in integer cents."""

    prize_pool: int
    entrants: int
    unit: int
    rounding: PayoutRounding
    prizes: tuple[int, ...]

    @property
    def places_paid(self) -> int:
        return len(self.prizes)

    def prize_for(self, place: int) -> int:
        """The prize for finishing ``place`` (1-based); 0 outside the money."""
        if place < 1:
            raise PayoutError(
                f"places start at 1; got {place}", code="bad_place", params={"place": place}
            )
        return self.prizes[place - 1] if place <= len(self.prizes) else 0


def compute_payouts(
    prize_pool: int,
    entrants: int,
    scheme: PayoutScheme = STANDARD_PAYOUTS,
    *,
    unit: int = 1,
    rounding: PayoutRounding = PayoutRounding.LARGEST_REMAINDER,
    places: int | None = None,
) -> Payouts:
    """The prizes for a field of ``entrants`` at the start (THC add. 13) sharing ``prize_pool``.

    ``unit`` is the rounding step in cents (100 = whole dollars, 500 = $5 steps); how the
    remainder is placed is ``rounding`` (see :class:`PayoutRounding`). The prizes add up exactly
    to ``prize_pool``. ``places``: at most this many places paid, the table's shares of the
    places below them spread over the places kept by the same shares (a Day 2 whose event's
    table pays more places than it has players, issue 29).

    Raises:
        PayoutError: a negative pool, fewer than one entrant, no bracket for the field, or a
            unit so large that some paid place would get nothing.
    """
    if prize_pool < 0:
        raise PayoutError(
            f"the prize pool must be 0 cents or more; got {prize_pool}",
            code="negative_prize_pool",
            params={"prize_pool": prize_pool},
        )
    if entrants < 1:
        raise PayoutError(
            f"payouts need at least one entrant; got {entrants}",
            code="no_entrants",
            params={"entrants": entrants},
        )
    if unit < 1:
        raise PayoutError(
            f"the payout unit must be 1 cent or more; got {unit}",
            code="bad_payout_unit",
            params={"unit": unit},
        )
    weights = scheme.weights(entrants)
    if places is not None:
        weights = weights[: max(1, places)]
    whole = prize_pool - prize_pool % unit
    if rounding is PayoutRounding.LARGEST_REMAINDER:
        prizes = list(split_amount(whole, weights, unit=unit))
        prizes[0] += prize_pool - whole
    else:
        total = sum(Fraction(w) for w in weights)
        prizes = [0] + [int(prize_pool * Fraction(w) / total) // unit * unit for w in weights[1:]]
        prizes[0] = prize_pool - sum(prizes)
    if prize_pool > 0 and prizes[-1] <= 0:
        raise PayoutError(
            f"a prize pool of {prize_pool} cents cannot pay {len(prizes)} places at least one "
            f"unit of {unit} cents each: place {len(prizes)} would get nothing; use a smaller "
            "unit or pay fewer places",
            code="payout_unit_too_large",
            params={"unit": unit, "prize_pool": prize_pool, "places": len(prizes)},
        )
    return Payouts(
        prize_pool=prize_pool,
        entrants=entrants,
        unit=unit,
        rounding=rounding,
        prizes=tuple(prizes),
    )


def share_tied_places(
    prizes: Sequence[int], *, place: int, count: int, tie_order: Sequence[int] | None = None
) -> tuple[int, ...]:
    """What each of ``count`` players tied for places ``place``..``place + count - 1`` gets.

    Tied players share the prizes of every place they cover, equally and exactly in cents
    (TDA RP-8A: players busted on the same hand-for-hand hand tie; KY 8d and THC 3 order
    same-table busts by starting stack first, so only true ties come here). Places beyond the
    money add nothing. The odd cents go to the tied players in ``tie_order`` (indexes into the
    returned tuple; by default the order the caller lists the players, e.g. seat order).

    Raises:
        PayoutError: a place below 1 or a count below 1.
    """
    if place < 1 or count < 1:
        raise PayoutError(
            f"tied places start at place 1 or lower down and cover 1 or more players; got "
            f"place={place}, count={count}",
            code="bad_tied_places",
            params={"place": place, "count": count},
        )
    pooled = sum(prizes[place - 1 : place - 1 + count])
    return split_amount(pooled, [1] * count, tie_order=tie_order)


__all__ = [
    "BASIS_POINTS",
    "STANDARD_PAYOUTS",
    "PayoutBracket",
    "PayoutFormula",
    "PayoutRounding",
    "PayoutScheme",
    "PayoutTable",
    "Payouts",
    "compute_payouts",
    "share_tied_places",
]
