"""The Independent Chip Model (Malmuth-Harville): each player's share of the remaining prizes.

The model: the chance that a player finishes first is their share of the chips; given who has
finished above, the chance of finishing next is their share of the chips still left. A player's
*equity* is the sum over places of the chance of finishing there times that place's prize.

Three ways to compute it:

- :func:`icm_fractions` — exact rational arithmetic (``fractions.Fraction``) over the same
  recursion, for up to :data:`MAX_FRACTION_PLAYERS` = 10 players (a final table): what a chop
  divides by, so the cents left over after rounding go by exact remainders and the house's
  tie-break, never by float noise (about 0.3 s for 10 players with 7-digit stacks).
- :func:`icm_exact` — exact, by a dynamic program over the subsets of players who have finished
  above a place (``2**n`` subsets, vectorised with NumPy by subset size). Up to
  :data:`MAX_EXACT_PLAYERS` = 20 players: about 0.3 ms for a 10-player final table and
  0.2 s for 20 (BENCHMARKS.md, "ICM").
- :func:`icm_monte_carlo` — for larger fields. Harville's model is the same as an exponential
  race: give player *i* an arrival time ``T_i ~ Exp(rate = chips_i)`` and finish the players in
  order of arrival. Each sample draws every player's time; then, instead of reading off each
  player's sampled place, it takes the player's *exact* expected prize given the others' times
  (Rao-Blackwell): with ``t_1 < t_2 < ...`` the others' sorted times,
  ``E[prize_i | others] = prize_1 + sum_k (prize_{k+1} - prize_k) * exp(-chips_i * t_k)``.
  A control variate (the sum of all equities is known: the prize money) removes the noise the
  players share. It samples until ``Z_SCORE`` (4) standard errors of every player's estimate are
  within ``tolerance_bp`` basis points of first prize (default 10 = 0.1%), so every estimate is
  within that distance of the exact value with probability about 1 - 6e-5 per player. A
  1,000-player field with 150 places paid takes about 260 samples, 0.15-0.35 s.

Floats are used inside this module only (:func:`icm_fractions` uses none); chop results turn
equities into integer cents with :func:`pitboss.money.split_amount`. The random source is a
NumPy ``Generator`` passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import gcd, lcm

import numpy as np
import numpy.typing as npt

from pitboss.errors import PayoutError

MAX_EXACT_PLAYERS = 20
"""The largest field :func:`icm_exact` accepts (2**20 subsets)."""

MAX_FRACTION_PLAYERS = 10
"""The largest field :func:`icm_fractions` accepts: exact fractions cost about 0.3 s at 10
players and grow about fivefold per player beyond (the denominators grow with the subsets)."""

_MATRIX_MAX_PLAYERS = 14
"""Up to this many players the exact DP gathers a whole subset size at once (fastest when small)."""

Z_SCORE = 4.0
"""Standard errors allowed inside the stated tolerance (about 6e-5 two-sided per player)."""

FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True, slots=True, kw_only=True)
class IcmResult:
    """Equities (in the prizes' units, e.g. cents) and how exact they are.

    ``error_bound`` is ``Z_SCORE`` times the largest standard error (0 when ``exact``): every
    equity is within it of the exact Malmuth-Harville value with probability about 1 - 6e-5.
    """

    equities: tuple[float, ...]
    standard_errors: tuple[float, ...]
    exact: bool
    samples: int
    error_bound: float


def _check(stacks: Sequence[int], prizes: Sequence[int | float]) -> tuple[FloatArray, FloatArray]:
    if not stacks:
        raise PayoutError(
            "ICM needs at least one player's stack", code="no_stacks", params={"players": 0}
        )
    for i, chips in enumerate(stacks):
        if isinstance(chips, bool) or not isinstance(chips, int | np.integer) or chips <= 0:
            raise PayoutError(
                f"stack {i + 1} is {chips!r}: every remaining player has a whole number of "
                "chips, 1 or more",
                code="bad_stack",
                params={"player": i + 1, "stack": repr(chips)},
            )
    if any(p < 0 for p in prizes):
        raise PayoutError(
            f"prizes must be 0 or more; got {list(prizes)}",
            code="negative_prize",
            params={"prizes": list(prizes)},
        )
    n = len(stacks)
    s = np.asarray([int(c) for c in stacks], dtype=np.float64)
    pr = np.zeros(n, dtype=np.float64)
    reachable = list(prizes)[:n]
    pr[: len(reachable)] = reachable
    return s, pr


def _paid_places(pr: FloatArray) -> int:
    nonzero = np.flatnonzero(pr)
    return int(nonzero[-1]) + 1 if nonzero.size else 0


def icm_fractions(stacks: Sequence[int], prizes: Sequence[int | Fraction]) -> tuple[Fraction, ...]:
    """Each player's Malmuth-Harville equity as an exact fraction, for up to 10 players.

    The recursion of :func:`icm_exact` in rational arithmetic: ``p(S)``, the chance that the
    players in ``S`` took the top ``|S|`` places, is ``sum over j in S of p(S - j) * chips_j /
    (total - chips(S - j))``; player ``j`` finishes at place ``|S| + 1`` with chance
    ``chips_j * sum over S without j of p(S) / (total - chips(S))``. The equities add up exactly
    to the reachable prizes; equal stacks get exactly equal equities.

    Raises:
        PayoutError: no players, a stack below 1 chip, a negative prize, or more than 10 players.
    """
    _check(stacks, [float(p) for p in prizes])
    n = len(stacks)
    if n > MAX_FRACTION_PLAYERS:
        raise PayoutError(
            f"ICM in exact fractions handles up to {MAX_FRACTION_PLAYERS} players; {n} given: "
            "use icm_exact (floats) or icm_monte_carlo for larger fields",
            code="too_many_players_for_fraction_icm",
            params={"players": n, "max": MAX_FRACTION_PLAYERS},
        )
    chips = [int(c) for c in stacks]
    reachable = [Fraction(p) for p in list(prizes)[:n]]
    paid = max((k + 1 for k, p in enumerate(reachable) if p), default=0)
    total = sum(chips)
    held = [0] * (1 << n)  # held[mask]: the chips of the players in mask
    for mask in range(1, 1 << n):
        low = mask & -mask
        held[mask] = held[mask ^ low] + chips[low.bit_length() - 1]
    equity = [Fraction(0)] * n
    # layer[mask] = p(mask) / (total - chips(mask)) for the subsets of size place - 1, as a
    # (numerator, denominator) pair of ints: reduced once per subset, not once per term.
    layer: dict[int, tuple[int, int]] = {0: (1, total)}
    for place in range(1, paid + 1):
        prize = reachable[place - 1]
        if prize:  # over the layer's common denominator, each player's sum is of ints
            common = lcm(*(den for _, den in layer.values()))
            scaled = [(mask, num * (common // den)) for mask, (num, den) in layer.items()]
            for j in range(n):
                bit = 1 << j
                reach = sum(num for mask, num in scaled if not mask & bit)
                equity[j] += prize * Fraction(reach * chips[j], common)
        if place == paid:
            break
        terms: dict[int, list[tuple[int, int]]] = {}
        for mask, (num, den) in layer.items():
            for j in range(n):
                bit = 1 << j
                if not mask & bit:
                    terms.setdefault(mask | bit, []).append((num * chips[j], den))
        layer = {}
        for mask, items in terms.items():
            num, den = _sum_exact(items)
            common = gcd(num, den)
            layer[mask] = (num // common, den // common * (total - held[mask]))
    return tuple(equity)


def _sum_exact(values: Iterable[tuple[int, int]]) -> tuple[int, int]:
    """A sum of fractions ``(numerator, denominator)`` over their least common denominator."""
    items = list(values)
    if not items:
        return 0, 1
    common = lcm(*(den for _, den in items))
    return sum(num * (common // den) for num, den in items), common


def icm_exact(stacks: Sequence[int], prizes: Sequence[int | float]) -> tuple[float, ...]:
    """Each player's Malmuth-Harville equity, exactly, for up to 20 players.

    ``prizes[k]`` is the prize for place ``k + 1``; prizes beyond the number of players are
    unreachable and ignored. The prizes need not be sorted (a deal may leave money to play
    for). Cost: ``O(2**n * n)`` time over the subset sizes up to the last paid place.

    Raises:
        PayoutError: no players, a stack below 1 chip, a negative prize, or more than 20 players.
    """
    s, pr = _check(stacks, prizes)
    n = len(s)
    if n > MAX_EXACT_PLAYERS:
        raise PayoutError(
            f"exact ICM handles up to {MAX_EXACT_PLAYERS} players; {n} given: use "
            "icm_monte_carlo (or icm with a random source) for larger fields",
            code="too_many_players_for_exact_icm",
            params={"players": n, "max": MAX_EXACT_PLAYERS},
        )
    m = _paid_places(pr)
    equity = np.zeros(n, dtype=np.float64)
    if m == 0:
        return tuple(float(x) for x in equity)
    total = float(s.sum())
    size = 1 << n
    # chips[mask]: chips of the players in mask; count[mask]: how many players in mask.
    chips = np.zeros(1, dtype=np.float64)
    count = np.zeros(1, dtype=np.int8)
    for j in range(n):
        chips = np.concatenate((chips, chips + s[j]))
        count = np.concatenate((count, count + 1))
    # ratio[mask] = P(the players in mask took the top |mask| places, in any order) / chips
    # not in mask, held for one subset size at a time (zero elsewhere), so looking up mask ^ bit
    # for a player not in mask lands on the next size up, still zero.
    ratio = np.zeros(size, dtype=np.float64)
    ratio[0] = 1.0 / total
    order = np.argsort(count, kind="stable").astype(np.int32)
    bounds = np.searchsorted(count[order], np.arange(n + 2))
    bits = np.left_shift(np.int32(1), np.arange(n, dtype=np.int32))
    for place in range(1, m + 1):
        layer = order[bounds[place] : bounds[place + 1]]
        # reach(mask, j) = ratio[mask ^ bit j]; times s[j]: P(the others in mask took the
        # places above and then j finishes at `place`).
        if n <= _MATRIX_MAX_PLAYERS:
            reach = ratio[layer[:, None] ^ bits[None, :]]
            equity += pr[place - 1] * s * reach.sum(axis=0)
            through = reach @ s
        else:  # one player at a time keeps the temporaries small for big fields
            through = np.zeros(layer.size, dtype=np.float64)
            for j in range(n):
                reach_j = ratio[layer ^ bits[j]]
                equity[j] += pr[place - 1] * s[j] * float(reach_j.sum())
                if place < m:
                    through += s[j] * reach_j
        if place < m:
            ratio[order[bounds[place - 1] : bounds[place]]] = 0.0
            ratio[layer] = through / (total - chips[layer])
    return tuple(float(x) for x in equity)


def icm_monte_carlo(
    stacks: Sequence[int],
    prizes: Sequence[int | float],
    *,
    rng: np.random.Generator,
    tolerance_bp: int = 10,
    min_samples: int = 256,
    max_samples: int = 200_000,
) -> IcmResult:
    """Malmuth-Harville equities by Monte Carlo over finishing orders, to a stated error.

    Samples (see the module doc) until ``Z_SCORE`` standard errors of every estimate are within
    ``tolerance_bp`` basis points of first prize, or ``max_samples`` is reached; the result's
    ``error_bound`` states the error actually reached. Deterministic for a given ``rng`` state.

    Raises:
        PayoutError: no players, a stack below 1 chip, a negative prize, or bad sample limits.
    """
    s, pr = _check(stacks, prizes)
    if tolerance_bp <= 0 or min_samples < 2 or max_samples < min_samples:
        raise PayoutError(
            "need tolerance_bp > 0 and 2 <= min_samples <= max_samples; got "
            f"tolerance_bp={tolerance_bp}, min_samples={min_samples}, max_samples={max_samples}",
            code="bad_sampling",
            params={
                "tolerance_bp": tolerance_bp,
                "min_samples": min_samples,
                "max_samples": max_samples,
            },
        )
    n = len(s)
    paid = _paid_places(pr)
    if n == 1 or paid == 0:
        exact = icm_exact(stacks, prizes)
        return IcmResult(
            equities=exact, standard_errors=(0.0,) * n, exact=True, samples=0, error_bound=0.0
        )
    s = s / s.sum()
    depth = min(paid, n - 1)
    steps = np.append(pr, 0.0)[1 : depth + 1] - pr[:depth]  # prize_{k+1} - prize_k
    money = float(pr.sum())
    target = tolerance_bp / 10_000 * float(pr.max())
    # For the players among the first `depth` arrivals, the others' times skip their own.
    rows = np.arange(depth)[:, None]
    cols = np.arange(depth)[None, :]
    skip_own = np.where(cols < rows, cols, cols + 1)
    batch = max(1, min(64, 1_000_000 // (n * depth)))  # temporaries stay in cache
    sum_f = np.zeros(n)
    sum_f2 = np.zeros(n)
    sum_fg = np.zeros(n)
    sum_g = 0.0
    sum_g2 = 0.0
    done = 0
    while True:
        b = min(batch, max_samples - done)
        times = rng.standard_exponential((b, n)) / s
        first = np.argpartition(times, depth, axis=1)[:, : depth + 1]
        first_times = np.take_along_axis(times, first, axis=1)
        order = np.argsort(first_times, axis=1)
        first = np.take_along_axis(first, order, axis=1)
        first_times = np.take_along_axis(first_times, order, axis=1)
        f = pr[0] + np.exp(-s[None, :, None] * first_times[:, None, :depth]) @ steps
        leaders = first[:, :depth]
        others = first_times[:, skip_own]
        f_leaders = pr[0] + np.exp(-s[leaders][:, :, None] * others) @ steps
        np.put_along_axis(f, leaders, f_leaders, axis=1)
        g = f.sum(axis=1) - money
        sum_f += f.sum(axis=0)
        sum_f2 += (f * f).sum(axis=0)
        sum_fg += (f * g[:, None]).sum(axis=0)
        sum_g += float(g.sum())
        sum_g2 += float((g * g).sum())
        done += b
        mean, se = _control_variate(sum_f, sum_f2, sum_fg, sum_g, sum_g2, done)
        if done >= max_samples or (done >= min_samples and Z_SCORE * float(se.max()) <= target):
            break
    return IcmResult(
        equities=tuple(float(x) for x in mean),
        standard_errors=tuple(float(x) for x in se),
        exact=False,
        samples=done,
        error_bound=Z_SCORE * float(se.max()),
    )


def _control_variate(
    sum_f: FloatArray,
    sum_f2: FloatArray,
    sum_fg: FloatArray,
    sum_g: float,
    sum_g2: float,
    count: int,
) -> tuple[FloatArray, FloatArray]:
    """Means and standard errors adjusted by the known-zero mean of ``g`` (total minus money)."""
    mean_f = sum_f / count
    var_f = np.maximum(sum_f2 / count - mean_f * mean_f, 0.0)
    mean_g = sum_g / count
    var_g = sum_g2 / count - mean_g * mean_g
    if var_g <= 1e-12 * max(1.0, sum_g2 / count):
        return mean_f, np.sqrt(var_f / max(count - 1, 1))
    cov = sum_fg / count - mean_f * mean_g
    mean = mean_f - cov / var_g * mean_g
    var = np.maximum(var_f - cov * cov / var_g, 0.0)
    return mean, np.sqrt(var / max(count - 1, 1))


def icm(
    stacks: Sequence[int],
    prizes: Sequence[int | float],
    *,
    rng: np.random.Generator | None = None,
    tolerance_bp: int = 10,
) -> IcmResult:
    """Exact ICM up to 20 players, Monte Carlo to a stated error beyond (needs ``rng``).

    Raises:
        PayoutError: as :func:`icm_exact`, or more than 20 players and no random source.
    """
    if len(stacks) <= MAX_EXACT_PLAYERS:
        equities = icm_exact(stacks, prizes)
        return IcmResult(
            equities=equities,
            standard_errors=(0.0,) * len(equities),
            exact=True,
            samples=0,
            error_bound=0.0,
        )
    if rng is None:
        raise PayoutError(
            f"ICM for {len(stacks)} players is estimated by Monte Carlo (exact up to "
            f"{MAX_EXACT_PLAYERS}): pass a random source (rng) to estimate it",
            code="icm_needs_rng",
            params={"players": len(stacks), "max_exact_players": MAX_EXACT_PLAYERS},
        )
    return icm_monte_carlo(stacks, prizes, rng=rng, tolerance_bp=tolerance_bp)


__all__ = [
    "MAX_EXACT_PLAYERS",
    "MAX_FRACTION_PLAYERS",
    "Z_SCORE",
    "IcmResult",
    "icm",
    "icm_exact",
    "icm_fractions",
    "icm_monte_carlo",
]
