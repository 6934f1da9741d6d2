"""Chops and deals: dividing the remaining prizes among the remaining players, in exact cents.

The 2024 TDA has no rule on deals (RULES §3.9); these are the methods houses use:

- ``chip`` — KY 11: "the remaining cash prizes shall be added together and divided among the
  surviving players, based on their total chip count" (KY's mandatory chop at the 6-hour legal
  limit, RULES §4 row 50).
- ``floor`` — chip chop with a floor: everyone first gets the lowest remaining prize, the rest
  is divided by chip count.
- ``icm`` — Malmuth-Harville ICM (:mod:`pitboss.tournament.model.icm`): in exact fractions up to 10
  players (a final table), so the odd cent follows the tie-break below and never float noise;
  exact in floats up to 20 (equal stacks made exactly equal); Monte Carlo to a stated error
  beyond.
- ``equal`` — the remaining prizes split evenly.
- ``custom`` — amounts the players agree, with an optional amount left to play for.

Every method can leave an amount to play for: it is taken off first prize before the split and
goes to the winner of the play that follows (MSPT practice leaves at least 10%).

Rounding (RULES §2): shares are computed from the chip counts, never from rounded percentages,
and turned into cents by largest remainder (:func:`pitboss.money.split_amount`), or into the
house's payout unit (``unit``, ``tournament.payouts.rounding_unit_cents``: whole dollars for KY)
when the money chopped is a whole number of units, cents otherwise. Equal remainders go to the
larger stack first, then to the player listed first (list the players in seat order clockwise
from the button); :class:`ChopTieBreak` makes this a setting. The shares always add up exactly
to the money chopped.

A proposal carries warnings when a player would get more than first prize or less than the
lowest remaining prize (Natural8's caution, RULES §2); it does not refuse them. Consent of every
remaining player and the director's approval are recorded by the tournament aggregate.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import pairwise
from math import ceil
from typing import Any

import numpy as np

from pitboss.errors import PayoutError
from pitboss.money import Weight, format_money, split_amount
from pitboss.rules.payout_tables import ChopTieBreak
from pitboss.rules.tournament import ChopMethod
from pitboss.tournament.model.icm import (
    MAX_EXACT_PLAYERS,
    MAX_FRACTION_PLAYERS,
    Z_SCORE,
    icm,
    icm_fractions,
)


class ChopWarningKind(StrEnum):
    """What is odd about a proposed split."""

    ABOVE_FIRST_PRIZE = "above_first_prize"
    BELOW_LOWEST_PRIZE = "below_lowest_prize"


@dataclass(frozen=True, slots=True, kw_only=True)
class ChopWarning:
    """A player whose share is above first prize or below the lowest remaining prize."""

    kind: ChopWarningKind
    player: int
    share: int
    limit: int
    message: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChopProposal:
    """A proposed split of the remaining prizes; amounts in integer cents.

    ``shares[i]`` is what player ``i + 1`` (in the order given) takes now; ``left_to_play_for``
    is still to be won. ``sum(shares) + left_to_play_for == sum(prizes)``, always.
    ``estimate_error`` is 0 for exact methods; for ICM estimated by Monte Carlo it bounds, in
    cents, how far each share may be from the exact ICM value before rounding. ``unit`` is the
    step the shares were rounded to (1 cent, or the house's payout unit).
    """

    method: ChopMethod
    prizes: tuple[int, ...]
    stacks: tuple[int, ...]
    shares: tuple[int, ...]
    left_to_play_for: int = 0
    tie_break: ChopTieBreak = ChopTieBreak.LARGER_STACK
    warnings: tuple[ChopWarning, ...] = ()
    notes: tuple[str, ...] = ()
    estimate_error: int = 0
    unit: int = 1

    @property
    def pool(self) -> int:
        """The remaining prize money: every prize still to be paid."""
        return sum(self.prizes)

    @property
    def chopped(self) -> int:
        """The money divided now (the pool less what is left to play for)."""
        return self.pool - self.left_to_play_for

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready description (amounts in cents)."""
        return {
            "method": str(self.method),
            "prizes": list(self.prizes),
            "stacks": list(self.stacks),
            "shares": list(self.shares),
            "pool": self.pool,
            "left_to_play_for": self.left_to_play_for,
            "tie_break": str(self.tie_break),
            "estimate_error": self.estimate_error,
            "unit": self.unit,
            "warnings": [
                {
                    "kind": str(w.kind),
                    "player": w.player,
                    "share": w.share,
                    "limit": w.limit,
                    "message": w.message,
                }
                for w in self.warnings
            ],
            "notes": list(self.notes),
        }


def propose_chop(
    method: ChopMethod,
    *,
    prizes: Sequence[int],
    stacks: Sequence[int],
    left_to_play_for: int = 0,
    amounts: Sequence[int] | None = None,
    tie_break: ChopTieBreak = ChopTieBreak.LARGER_STACK,
    unit: int = 1,
    rng: np.random.Generator | None = None,
) -> ChopProposal:
    """Propose a split of ``prizes`` (place 1 first, cents) among players with ``stacks``.

    ``prizes`` are the prizes for the places the remaining players can still finish in: no more
    prizes than players (missing ones are 0, e.g. a deal on the bubble). ``amounts`` is the
    agreed share of each player for ``custom`` (and only then). ``rng`` is needed only for ICM
    with more than 20 players. ``unit`` is the house's payout unit in cents (100: whole dollars,
    ``tournament.payouts.rounding_unit_cents``): shares are whole units when the money divided
    is a whole number of units, cents otherwise.

    Raises:
        PayoutError: the inputs do not describe a chop (see the messages), a unit below 1 cent,
            or a custom deal whose amounts do not add up to the money chopped.
    """
    prize_list, stack_list = _check_inputs(prizes, stacks, left_to_play_for)
    n = len(stack_list)
    if (amounts is not None) != (method is ChopMethod.CUSTOM):
        raise PayoutError(
            "amounts are given for a custom deal and only for it",
            code="custom_amounts_mismatch",
            params={"method": str(method)},
        )
    if isinstance(unit, bool) or not isinstance(unit, int) or unit < 1:
        raise PayoutError(
            f"the rounding unit must be a whole number of cents, 1 or more; got {unit!r}",
            code="bad_chop_unit",
            params={"unit": repr(unit)},
        )
    order = _tie_order(stack_list, tie_break)
    chopped = sum(prize_list) - left_to_play_for
    step = unit if chopped % unit == 0 else 1
    # The prizes the chop divides: what is left to play for comes off first prize.
    dealt = [prize_list[0] - left_to_play_for, *prize_list[1:]]
    notes: list[str] = []
    error = 0
    if method is ChopMethod.CHIP:
        shares = split_amount(chopped, stack_list, unit=step, tie_order=order)
        notes.append(
            f"Chip chop (KY 11): the remaining prizes, {format_money(chopped)}, are divided by "
            f"chip count: each player gets {format_money(chopped)} x chips / "
            f"{sum(stack_list):,} chips."
        )
        notes.extend(_chip_share_lines(stack_list, chopped))
        notes.append(
            "Shares come from the chip counts, never from rounded percentages: rounding the "
            "percentages (to 0.1%, as KY 11's printed example does) moves money between players."
        )
    elif method is ChopMethod.FLOOR:
        floor = min(dealt)
        rest = chopped - floor * n
        if rest % step:
            step = 1
        by_chips = split_amount(rest, stack_list, unit=step, tie_order=order)
        shares = tuple(floor + x for x in by_chips)
        notes.append(
            f"Chip chop with a floor: everyone first gets the lowest remaining prize, "
            f"{format_money(floor)}; the other {format_money(rest)} is divided by chip count."
        )
    elif method is ChopMethod.ICM:
        weights, note, error = _icm_weights(stack_list, dealt, rng)
        # all equities are 0 only when everything is left to play for
        shares = (
            split_amount(chopped, weights, unit=step, tie_order=order) if any(weights) else (0,) * n
        )
        notes.append(note)
    elif method is ChopMethod.EQUAL:
        shares = split_amount(chopped, [1] * n, unit=step, tie_order=order)
        notes.append(f"Equal split of {format_money(chopped)} among {n} players.")
    else:
        shares = _custom_shares(amounts or (), n, chopped)
        notes.append("Custom deal: the amounts the players agreed.")
    if method is not ChopMethod.CUSTOM:
        what = "cents" if step == 1 else f"units of {format_money(step)} (the house's unit)"
        notes.append(
            f"Rounding: shares are exact, rounded down to whole {what} with the {what} left "
            "over given by largest remainder; equal remainders go to "
            + (
                "the larger stack, then the player listed first."
                if tie_break is ChopTieBreak.LARGER_STACK
                else "the player listed first."
            )
        )
    if left_to_play_for:
        notes.append(
            f"{format_money(left_to_play_for)} is left to play for (taken off first prize) "
            "and goes to the winner of the play that follows."
        )
    proposal = ChopProposal(
        method=method,
        prizes=tuple(prize_list),
        stacks=tuple(stack_list),
        shares=shares,
        left_to_play_for=left_to_play_for,
        tie_break=tie_break,
        warnings=_warnings(shares, prize_list),
        notes=tuple(notes),
        estimate_error=error,
        unit=step,
    )
    assert sum(proposal.shares) + proposal.left_to_play_for == proposal.pool
    return proposal


def explain_printed_shares(proposal: ChopProposal, printed: Sequence[int]) -> tuple[str, ...]:
    """Explain printed amounts (cents) that differ from a chip chop's exact shares (RULES §2).

    KY 11's example prints $8,528 / $5,328 / $2,144 for stacks 400,000 / 250,000 / 100,000
    and $16,000: those are $16,000 times 53.3% / 33.3% / 13.4%, percentages rounded to 0.1%
    (13.333...% pushed up to 13.4% so they add to 100%), not the chip shares. This finds the
    rounded percentages behind printed amounts and says what each player gains or loses.

    Raises:
        PayoutError: the number of printed amounts is not the number of players.
    """
    n = len(proposal.stacks)
    if len(printed) != n:
        raise PayoutError(
            f"{len(printed)} printed amounts for {n} players: give one per player",
            code="printed_count_mismatch",
            params={"printed": len(printed), "players": n},
        )
    pool = proposal.chopped
    total_chips = sum(proposal.stacks)
    lines: list[str] = []
    decimals = _percent_decimals(printed, pool)
    for i, (amount, share, chips) in enumerate(
        zip(printed, proposal.shares, proposal.stacks, strict=True), start=1
    ):
        diff = amount - share
        exact_pct = Fraction(100 * chips, total_chips)
        text = f"Player {i}: printed {format_money(amount)}"
        if decimals is not None:
            pct = Fraction(100 * amount, pool)
            text += f" = {_pct(pct, decimals)} x {format_money(pool)}"
            if _round_half_up(exact_pct, decimals) != pct:
                text += (
                    f", but {_pct(exact_pct, 4)} rounds to "
                    f"{_pct(_round_half_up(exact_pct, decimals), decimals)}"
                )
        text += f"; chip share {_pct(exact_pct, 4)} = {format_money(share)}"
        if diff:
            text += f" (printed is {format_money(abs(diff))} {'more' if diff > 0 else 'less'})"
        lines.append(text + ".")
    if decimals is not None:
        wrong_way = any(
            _round_half_up(Fraction(100 * chips, total_chips), decimals)
            != Fraction(100 * amount, pool)
            for amount, chips in zip(printed, proposal.stacks, strict=True)
        )
        lines.append(
            f"The printed amounts come from percentages rounded to {decimals} decimal"
            f"{'' if decimals == 1 else 's'}, not from the chip counts"
            + ("; to make them add up to 100% one was rounded the wrong way" if wrong_way else "")
            + ". Rounding the percentages moves money between players; pitboss divides by the "
            "chip counts themselves, in exact cents."
        )
    elif sum(printed) != pool:
        lines.append(
            f"The printed amounts add up to {format_money(sum(printed))}, not the "
            f"{format_money(pool)} being divided."
        )
    return tuple(lines)


def _check_inputs(
    prizes: Sequence[int], stacks: Sequence[int], left_to_play_for: int
) -> tuple[list[int], list[int]]:
    n = len(stacks)
    if n < 2:
        raise PayoutError(
            f"a chop needs at least 2 remaining players; got {n}",
            code="too_few_players",
            params={"players": n, "min_players": 2},
        )
    if any(isinstance(c, bool) or not isinstance(c, int) or c <= 0 for c in stacks):
        raise PayoutError(
            f"stacks {list(stacks)}: every remaining player has a whole number of chips, 1 or more",
            code="bad_stack",
            params={"stacks": list(stacks)},
        )
    if not prizes or len(prizes) > n:
        raise PayoutError(
            f"{len(prizes)} prizes for {n} players: give the prizes for places 1 to {n} "
            "(at least first prize; missing places pay 0)",
            code="prizes_players_mismatch",
            params={"prizes": len(prizes), "players": n},
        )
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 0 for p in prizes):
        raise PayoutError(
            f"prizes {list(prizes)}: each prize is a whole number of cents, 0 or more",
            code="bad_prize",
            params={"prizes": list(prizes)},
        )
    if any(a < b for a, b in pairwise(prizes)):
        raise PayoutError(
            f"prizes {list(prizes)} must be listed from first place down, never increasing",
            code="prizes_not_descending",
            params={"prizes": list(prizes)},
        )
    if sum(prizes) == 0:
        raise PayoutError(
            "there is no prize money left to chop",
            code="nothing_to_chop",
            params={"prizes": list(prizes)},
        )
    if not 0 <= left_to_play_for <= prizes[0]:
        raise PayoutError(
            f"the amount left to play for ({left_to_play_for} cents) must be between 0 and "
            f"first prize ({prizes[0]} cents)",
            code="bad_left_to_play_for",
            params={"left_to_play_for": left_to_play_for, "first_prize": prizes[0]},
        )
    return [*prizes, *([0] * (n - len(prizes)))], list(stacks)


def _icm_weights(
    stacks: Sequence[int], dealt: Sequence[int], rng: np.random.Generator | None
) -> tuple[list[Weight], str, int]:
    """ICM equities as exact weights, the note that says how they were computed, the error.

    Up to `MAX_FRACTION_PLAYERS` the equities are exact fractions, so the units left over go
    by exact remainders and the tie-break (RULES §2), never by float noise.
    """
    if len(stacks) <= MAX_FRACTION_PLAYERS:
        note = (
            "ICM (Malmuth-Harville), computed exactly in fractions over every finishing order "
            f"(up to {MAX_FRACTION_PLAYERS} players): the cents left over go by exact remainders."
        )
        return list(icm_fractions(stacks, dealt)), note, 0
    result = icm(stacks, dealt, rng=rng)
    weights = _equal_for_equal_stacks(result.equities, stacks)
    if result.exact:
        note = (
            "ICM (Malmuth-Harville), computed exactly over every finishing order "
            f"(up to {MAX_EXACT_PLAYERS} players) in floating point; equal stacks get exactly "
            "equal equities."
        )
        return weights, note, 0
    error = ceil(result.error_bound)
    note = (
        f"ICM (Malmuth-Harville) estimated by Monte Carlo over {result.samples:,} "
        f"finishing orders: each share is within {format_money(error)} of the exact "
        f"ICM value ({Z_SCORE:g} standard errors) before rounding to cents."
    )
    return weights, note, error


def _equal_for_equal_stacks(equities: Sequence[float], stacks: Sequence[int]) -> list[Weight]:
    """Float equities as exact weights, players with equal stacks given exactly their mean.

    Harville's model gives equal stacks equal equity; float noise (or Monte Carlo noise) would
    otherwise decide the odd cent between them instead of the house's tie-break.
    """
    groups: dict[int, list[int]] = {}
    for i, chips in enumerate(stacks):
        groups.setdefault(chips, []).append(i)
    weights: list[Weight] = [Fraction(0)] * len(stacks)
    for members in groups.values():
        mean = sum((Fraction(max(equities[i], 0.0)) for i in members), Fraction(0)) / len(members)
        for i in members:
            weights[i] = mean
    return weights


def _tie_order(stacks: Sequence[int], tie_break: ChopTieBreak) -> list[int]:
    if tie_break is ChopTieBreak.LARGER_STACK:
        return sorted(range(len(stacks)), key=lambda i: (-stacks[i], i))
    return list(range(len(stacks)))


def _custom_shares(amounts: Sequence[int], n: int, chopped: int) -> tuple[int, ...]:
    if len(amounts) != n or any(
        isinstance(a, bool) or not isinstance(a, int) or a < 0 for a in amounts
    ):
        raise PayoutError(
            f"a custom deal gives each of the {n} players a whole number of cents, 0 or more; "
            f"got {list(amounts)}",
            code="bad_custom_amounts",
            params={"amounts": list(amounts), "players": n},
        )
    if sum(amounts) != chopped:
        raise PayoutError(
            f"the agreed amounts add up to {format_money(sum(amounts))} but "
            f"{format_money(chopped)} is being divided (the prizes less what is left to play "
            "for): every cent must be accounted for",
            code="custom_amounts_do_not_add_up",
            params={"total": sum(amounts), "chopped": chopped},
        )
    return tuple(amounts)


def _warnings(shares: Sequence[int], prizes: Sequence[int]) -> tuple[ChopWarning, ...]:
    first, lowest = prizes[0], prizes[-1]
    out: list[ChopWarning] = []
    for i, share in enumerate(shares, start=1):
        if share > first:
            out.append(
                ChopWarning(
                    kind=ChopWarningKind.ABOVE_FIRST_PRIZE,
                    player=i,
                    share=share,
                    limit=first,
                    message=f"player {i} would get {format_money(share)}, more than first "
                    f"prize ({format_money(first)})",
                )
            )
        if share < lowest:
            out.append(
                ChopWarning(
                    kind=ChopWarningKind.BELOW_LOWEST_PRIZE,
                    player=i,
                    share=share,
                    limit=lowest,
                    message=f"player {i} would get {format_money(share)}, less than the "
                    f"lowest remaining prize ({format_money(lowest)})",
                )
            )
    return tuple(out)


def _chip_share_lines(stacks: Sequence[int], pool: int) -> list[str]:
    total = sum(stacks)
    return [
        f"Player {i}: {chips:,} chips = {_pct(Fraction(100 * chips, total), 4)} of the chips "
        f"-> exactly {_exact_dollars(Fraction(pool * chips, total))}"
        for i, chips in enumerate(stacks, start=1)
    ]


def _exact_dollars(cents: Fraction) -> str:
    """``Fraction(2560000, 3)`` cents -> ``"$8,533.333..."`` (exact amounts end without dots)."""
    whole = format_money(int(cents))
    if cents.denominator == 1:
        return whole
    thousandths = int((cents - int(cents)) * 10)
    return f"{whole}{thousandths}..."


def _percent_decimals(printed: Sequence[int], pool: int) -> int | None:
    """The fewest percentage decimals (0-2) for which every printed amount is pool x a percent."""
    if pool <= 0:
        return None
    for decimals in range(3):
        step = 100 * 10**decimals
        if all((amount * step) % pool == 0 for amount in printed):
            return decimals
    return None


def _round_half_up(value: Fraction, decimals: int) -> Fraction:
    scale = 10**decimals
    return Fraction(int(value * scale + Fraction(1, 2)), scale)


def _pct(value: Fraction, decimals: int) -> str:
    scale = 10**decimals
    scaled = _round_half_up(value, decimals) * scale
    whole, frac = divmod(int(scaled), scale)
    if decimals == 0:
        return f"{whole}%"
    approx = "" if value * scale == scaled else "~"
    return f"{approx}{whole}.{frac:0{decimals}d}%"


__all__ = [
    "ChopMethod",
    "ChopProposal",
    "ChopTieBreak",
    "ChopWarning",
    "ChopWarningKind",
    "explain_printed_shares",
    "propose_chop",
]
