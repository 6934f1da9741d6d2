"""Splitting an integer amount (cents or chips) into shares: the one place that does it.

STYLE 9: chips are ``int``, money is integer cents, and every split in pitboss (a chop, a payout
table, tied finishing places, a split pot's odd chip) goes through :func:`split_amount`, so the
odd-cent / odd-chip rule is written down once.

The rule (largest remainder, also called the Hamilton method):

1. The amount is counted in whole *units* (1 cent, a $5 payout step, the smallest chip in play).
2. Each share first gets the whole units of its exact proportional share,
   ``floor(units * weight / total_weight)``.
3. The units still left over (always fewer than the number of shares with a fractional part)
   go one each to the shares with the largest fractional remainders.
4. Equal remainders are broken by ``tie_order``: the share listed earlier in ``tie_order`` gets
   the unit first. By default that is the order the shares are given in, so a caller that lists
   players in its house order (seat order clockwise from the button for a split pot, TDA 20;
   larger stack first for a chop, RULES §2) gets that order as the tie-break.

Invariants: the shares sum exactly to ``amount``; each share is a multiple of ``unit``; each
differs from its exact proportional value by less than one unit; a zero weight gets zero; a
larger weight never gets less than a smaller one.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from pitboss.errors import SplitError

_MONEY = re.compile(r"\$?(\d+)(?:\.(\d{1,2}))?")

Weight = int | Fraction


def split_amount(
    amount: int,
    weights: Sequence[Weight],
    *,
    unit: int = 1,
    tie_order: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """Split ``amount`` in proportion to ``weights`` by largest remainder (see the module doc).

    ``weights`` are non-negative integers or exact ``Fraction``s (a float equity converts
    exactly with ``Fraction(x)``); at least one must be positive. ``tie_order`` lists every share
    index once, earliest first in line for a unit when remainders are equal.

    Raises:
        SplitError: negative or all-zero weights, a negative amount, a unit below 1, an amount
            that is not a whole number of units, or a ``tie_order`` that is not a permutation.
    """
    if not weights:
        raise SplitError(
            "nothing to split into: give at least one share",
            code="no_shares",
            params={"count": 0},
        )
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise SplitError(
            f"the amount to split must be a whole number of cents or chips, 0 or more; "
            f"got {amount!r}",
            code="bad_amount",
            params={"amount": repr(amount)},
        )
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise SplitError(
            f"the unit must be a whole number 1 or more; got {unit!r}",
            code="bad_unit",
            params={"unit": repr(unit)},
        )
    if amount % unit:
        raise SplitError(
            f"{amount} is not a whole number of units of {unit}: only multiples of the unit "
            "can be split into units",
            code="amount_not_multiple_of_unit",
            params={"amount": amount, "unit": unit},
        )
    scaled = _integer_weights(weights)
    total_weight = sum(scaled)
    order = _check_tie_order(tie_order, len(scaled))
    units = amount // unit
    floors: list[int] = []
    remainders: list[int] = []
    for w in scaled:
        q, r = divmod(units * w, total_weight)
        floors.append(q)
        remainders.append(r)
    left = units - sum(floors)
    rank = {index: position for position, index in enumerate(order)}
    lucky = sorted(range(len(scaled)), key=lambda i: (-remainders[i], rank[i]))[:left]
    for i in lucky:
        floors[i] += 1
    return tuple(q * unit for q in floors)


def split_evenly(
    amount: int, count: int, *, unit: int = 1, tie_order: Sequence[int] | None = None
) -> tuple[int, ...]:
    """Split ``amount`` into ``count`` equal shares; odd units go in ``tie_order`` (TDA 20).

    Raises:
        SplitError: as :func:`split_amount`, or ``count`` below 1.
    """
    if count < 1:
        raise SplitError(
            f"cannot split among {count} shares: give at least one",
            code="no_shares",
            params={"count": count},
        )
    return split_amount(amount, [1] * count, unit=unit, tie_order=tie_order)


def parse_money(text: str) -> int:
    """Read a dollar amount (``"10000"``, ``"100.5"``, ``"$100.50"``) as integer cents, exactly.

    The text is parsed digit by digit, never through a float, so ``"100.10"`` is 10,010 cents.

    Raises:
        SplitError: the text is not a non-negative amount with at most two decimals.
    """
    match = _MONEY.fullmatch(text.strip())
    if match is None:
        raise SplitError(
            f"{text!r} is not an amount of money: write dollars with at most two decimals, "
            "like 10000, 100.5 or 100.50 (no thousands separators, no minus sign)",
            code="bad_money",
            params={"text": text},
        )
    dollars, cents = match.group(1), (match.group(2) or "").ljust(2, "0")
    return int(dollars) * 100 + int(cents)


def format_money(cents: int, *, whole: bool = False) -> str:
    """Write integer cents as dollars: ``853334`` -> ``"$8,533.34"``, ``-533`` -> ``"-$5.33"``;
    with ``whole``, whole dollars without cents (a price as a player reads it: ``"$50"``)."""
    sign = "-" if cents < 0 else ""
    dollars, rest = divmod(abs(cents), 100)
    if whole and rest == 0:
        return f"{sign}${dollars:,}"
    return f"{sign}${dollars:,}.{rest:02d}"


def _integer_weights(weights: Sequence[Weight]) -> list[int]:
    fractions: list[Fraction] = []
    for w in weights:
        if isinstance(w, bool) or not isinstance(w, int | Fraction):
            raise SplitError(
                f"a weight must be an int or a Fraction; got {w!r}",
                code="bad_weight",
                params={"weight": repr(w)},
            )
        if w < 0:
            raise SplitError(
                f"weights must be 0 or more; got {w}",
                code="negative_weight",
                params={"weight": str(w)},
            )
        fractions.append(Fraction(w))
    denominator = lcm(*(f.denominator for f in fractions))
    scaled = [f.numerator * (denominator // f.denominator) for f in fractions]
    if sum(scaled) == 0:
        raise SplitError(
            "every weight is zero: at least one share must have a positive weight",
            code="zero_weights",
            params={"count": len(scaled)},
        )
    return scaled


def _check_tie_order(tie_order: Sequence[int] | None, count: int) -> list[int]:
    if tie_order is None:
        return list(range(count))
    order = list(tie_order)
    if sorted(order) != list(range(count)):
        raise SplitError(
            f"tie_order must list each of the {count} share indexes 0..{count - 1} once; "
            f"got {order}",
            code="bad_tie_order",
            params={"tie_order": order},
        )
    return order


__all__ = ["Weight", "format_money", "parse_money", "split_amount", "split_evenly"]
