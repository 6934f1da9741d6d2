"""The forecast of many simulated tournaments: when they finish, whether the law forces a chop.

Each run of `pitboss.play.runtime.play_tournament` is boiled down to a small `RunSummary`
(cheap to send between processes); `forecast` turns many summaries into what a director asks
before the night: the distribution of finish times, the chance that the legal time limit
(KY 11) forces a chop and how many players are typically left then, the players remaining at
each level and over time (a band for a chart), and the re-buys and add-ons sold; in a bounty
event (issue 29), the bounty money paid and the biggest bounties.

Percentiles are nearest-rank values of the runs themselves (whole minutes, whole players), so
a forecast is exact and the same runs always give the same forecast. The chance of a chop is
the count of runs that chopped over the runs played: a structure that cannot finish in the
time limit chops in every run and reports exactly 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitboss.errors import PlayError
from pitboss.play.bounty_totals import BountyTotals
from pitboss.play.runtime import TournamentResult
from pitboss.units import MS_PER_MINUTE

CURVE_STEP_MINUTES = 10
HISTOGRAM_BIN_MINUTES = 15


@dataclass(frozen=True, slots=True, kw_only=True)
class RunSummary:
    """One simulated tournament in figures.

    ``curve`` holds the players left at minute 0, ``step``, 2 x ``step`` ... up to the end of
    play (the last value is the winner, 1, or the players who chopped). A run the legal time
    limit stopped (KY 11) ``elapsed_minutes`` at the limit: no hand starts after it, and the
    hands in play then are the night's last, not a later finish.
    """

    seed: int
    entrants: int
    hands_dealt: int
    rebuys: int
    add_ons: int
    prize_pool_cents: int
    elapsed_minutes: int
    chopped: bool
    players_at_chop: int
    last_level: int
    levels: tuple[tuple[int, int], ...]
    curve_step_minutes: int
    curve: tuple[int, ...]
    time_limit_minutes: int | None
    house_share_cents: int = 0
    """What the house (the charity) kept: the fees and the money outside the prize pool."""
    bounties: BountyTotals | None = None
    """A bounty event's bounty money and biggest bounties (issue 29); None in a plain event."""


def summarize(result: TournamentResult, *, step_minutes: int = CURVE_STEP_MINUTES) -> RunSummary:
    """The figures of one tournament (see `RunSummary`)."""
    if step_minutes < 1:
        raise PlayError(
            "the curve step is 1 minute or more",
            code="bad_step",
            params={"step_minutes": step_minutes, "min_step_minutes": 1},
        )
    end = result.elapsed_ms
    curve: list[int] = []
    points = result.field
    i = 0
    left = result.entrants
    minute = 0
    while minute * MS_PER_MINUTE <= end:
        at = minute * MS_PER_MINUTE
        while i < len(points) and points[i].elapsed_ms <= at:
            left = points[i].players_left
            i += 1
        curve.append(left)
        minute += step_minutes
    final = len(result.chop.players) if result.chop is not None else 1
    curve.append(final)
    limit = result.rules.tournament.clock.time_limit_minutes
    elapsed = end // MS_PER_MINUTE
    if result.chop is not None and limit is not None:
        elapsed = min(elapsed, limit)
    return RunSummary(
        seed=result.seed,
        entrants=result.entrants,
        hands_dealt=result.hands_dealt,
        rebuys=result.rebuys,
        add_ons=result.add_ons,
        prize_pool_cents=result.prize_pool_cents,
        elapsed_minutes=elapsed,
        chopped=result.chop is not None,
        players_at_chop=len(result.chop.players) if result.chop is not None else 0,
        last_level=result.last_level,
        levels=result.levels,
        curve_step_minutes=step_minutes,
        curve=tuple(curve),
        time_limit_minutes=limit,
        house_share_cents=result.house_share_cents,
        bounties=result.bounties,
    )


def percentile(values: Sequence[int], percent: int) -> int:
    """The nearest-rank ``percent`` percentile of ``values`` (one of the values itself).

    Raises:
        PlayError: no values, or a percent outside 0..100.
    """
    if not values or not 0 <= percent <= 100:
        raise PlayError(
            "a percentile needs values and a percent from 0 to 100",
            code="bad_percentile",
            params={"values": len(values), "percent": percent},
        )
    ordered = sorted(values)
    rank = max(1, -(-percent * len(ordered) // 100))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True, kw_only=True)
class Spread:
    """How a figure varied over the runs: nearest-rank percentiles, the least and the most."""

    minimum: int
    p10: int
    p25: int
    median: int
    p75: int
    p90: int
    maximum: int

    @classmethod
    def of(cls, values: Sequence[int]) -> Spread:
        return cls(
            minimum=min(values),
            p10=percentile(values, 10),
            p25=percentile(values, 25),
            median=percentile(values, 50),
            p75=percentile(values, 75),
            p90=percentile(values, 90),
            maximum=max(values),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelForecast:
    """Players remaining when ``level`` started, over the ``runs`` that reached it."""

    level: int
    runs: int
    players: Spread


@dataclass(frozen=True, slots=True, kw_only=True)
class CurvePoint:
    """Players remaining at ``minute`` after the start: the p10-p90 band and the median.

    A run that has already ended counts with its final players (1, or those who chopped).
    """

    minute: int
    p10: int
    median: int
    p90: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BountyForecast:
    """A bounty event's bounties over the runs (issue 29; `BountyTotals` of each): the money
    paid to players, the biggest bounty collected off a player knocked out, the biggest bounty
    on a head when play ended, and the knockouts of the player with the most."""

    paid_cents: Spread
    biggest_collected_cents: Spread
    biggest_head_cents: Spread
    top_knockouts: Spread

    @classmethod
    def of(cls, totals: Sequence[BountyTotals]) -> BountyForecast:
        return cls(
            paid_cents=Spread.of([t.paid_cents for t in totals]),
            biggest_collected_cents=Spread.of([t.biggest_collected_cents for t in totals]),
            biggest_head_cents=Spread.of([t.biggest_head_cents for t in totals]),
            top_knockouts=Spread.of([t.top_knockouts for t in totals]),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Forecast:
    """What many runs of one structure and field say about the night."""

    runs: int
    entrants: int
    time_limit_minutes: int | None
    finish_minutes: Spread
    chopped_runs: int
    players_at_chop: Spread | None
    levels: tuple[LevelForecast, ...]
    hands: Spread
    rebuys: Spread
    add_ons: Spread
    prize_pool_cents: Spread
    curve: tuple[CurvePoint, ...]
    histogram_bin_minutes: int
    finish_histogram: tuple[tuple[int, int], ...]
    seeds: tuple[int, ...]
    chop_histogram: tuple[tuple[int, int], ...] = ()
    """Runs by the players left at a forced chop: ``(players, runs)``, fewest players first."""
    house_share_cents: Spread | None = None
    """What the house (the charity) kept: the fees and the money outside the prize pool."""
    bounties: BountyForecast | None = None
    """A bounty event's bounties (issue 29); None in a plain event."""

    @property
    def chop_probability(self) -> float:
        """The share of runs the legal time limit stopped (0 to 1; a report, not state)."""
        return self.chopped_runs / self.runs


def forecast(summaries: Sequence[RunSummary]) -> Forecast:
    """The forecast of ``summaries`` (runs of one field under one structure).

    Raises:
        PlayError: no runs, runs of different fields, or curves with different steps, or runs
            of a bounty event mixed with runs of a plain one.
    """
    if not summaries:
        raise PlayError("a forecast needs at least one run", code="no_runs", params={"runs": 0})
    entrants = {s.entrants for s in summaries}
    steps = {s.curve_step_minutes for s in summaries}
    bounties = [s.bounties for s in summaries if s.bounties is not None]
    if len(entrants) != 1 or len(steps) != 1 or len(bounties) not in (0, len(summaries)):
        raise PlayError(
            "a forecast combines runs of one field with one curve step, all with bounties or none",
            code="mixed_runs",
            params={
                "entrants": sorted(entrants),
                "steps": sorted(steps),
                "bounty_runs": len(bounties),
                "runs": len(summaries),
            },
        )
    step = steps.pop()
    chopped = [s for s in summaries if s.chopped]
    by_level: dict[int, list[int]] = {}
    for s in summaries:
        for level, players in s.levels:
            by_level.setdefault(level, []).append(players)
    length = max(len(s.curve) for s in summaries)
    curve = []
    for i in range(length):
        column = [s.curve[min(i, len(s.curve) - 1)] for s in summaries]
        curve.append(
            CurvePoint(
                minute=i * step,
                p10=percentile(column, 10),
                median=percentile(column, 50),
                p90=percentile(column, 90),
            )
        )
    bins: dict[int, int] = {}
    for s in summaries:
        # a chop at the limit falls in the bin that ends there, never after the limit's line
        minute = s.elapsed_minutes - 1 if s.chopped and s.elapsed_minutes else s.elapsed_minutes
        start = minute // HISTOGRAM_BIN_MINUTES * HISTOGRAM_BIN_MINUTES
        bins[start] = bins.get(start, 0) + 1
    at_chop: dict[int, int] = {}
    for s in chopped:
        at_chop[s.players_at_chop] = at_chop.get(s.players_at_chop, 0) + 1
    return Forecast(
        runs=len(summaries),
        entrants=entrants.pop(),
        time_limit_minutes=summaries[0].time_limit_minutes,
        finish_minutes=Spread.of([s.elapsed_minutes for s in summaries]),
        chopped_runs=len(chopped),
        players_at_chop=Spread.of([s.players_at_chop for s in chopped]) if chopped else None,
        levels=tuple(
            LevelForecast(level=level, runs=len(values), players=Spread.of(values))
            for level, values in sorted(by_level.items())
        ),
        hands=Spread.of([s.hands_dealt for s in summaries]),
        rebuys=Spread.of([s.rebuys for s in summaries]),
        add_ons=Spread.of([s.add_ons for s in summaries]),
        prize_pool_cents=Spread.of([s.prize_pool_cents for s in summaries]),
        curve=tuple(curve),
        histogram_bin_minutes=HISTOGRAM_BIN_MINUTES,
        finish_histogram=tuple(sorted(bins.items())),
        seeds=tuple(s.seed for s in summaries),
        chop_histogram=tuple(sorted(at_chop.items())),
        house_share_cents=Spread.of([s.house_share_cents for s in summaries]),
        bounties=BountyForecast.of(bounties) if bounties else None,
    )


def run_seeds(seed: int, runs: int) -> tuple[int, ...]:
    """The seed of each of ``runs`` runs derived from ``seed``: one run plays ``seed`` itself,
    several play ``seed``, ``seed + 1`` ... so run k of a forecast can be replayed alone."""
    if runs < 1:
        raise PlayError(
            f"runs must be 1 or more, not {runs}", code="bad_runs", params={"runs": runs}
        )
    return tuple(seed + i for i in range(runs))


__all__ = [
    "CURVE_STEP_MINUTES",
    "BountyForecast",
    "CurvePoint",
    "Forecast",
    "LevelForecast",
    "RunSummary",
    "Spread",
    "forecast",
    "percentile",
    "run_seeds",
    "summarize",
]
