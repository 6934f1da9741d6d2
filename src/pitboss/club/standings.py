"""A season's standings (issue 28): every person's events scored by a league's `PointsRules`,
counted (best N, drop the lowest), added up (total or average) and ranked, ties broken by the
rules' tie-break list.

Independent of the order the results come in (they are put in the order they were played,
``(at, event)``) and computed from the results alone, so a corrected or undone result read
again gives the standings again. Points are integer hundredths of a point. Pure: no clock, no
I/O.
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from pitboss.club.points import PointsBreakdown, PointsRules, TieBreak, counts, event_points
from pitboss.club.results import EventResult
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class EventScore:
    """One person's points in one event of the season, and whether the season counts it
    (``counted`` False: outside their best N, or dropped as one of their lowest)."""

    event: str
    event_name: str
    date: str
    place: int | None
    points: int
    counted: bool
    breakdown: PointsBreakdown


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingRow:
    """One person's line in the standings.

    ``points``: what ranks them, in hundredths (the total of their counted events, or its
    average when the rules average); ``total``: the sum of their counted events; ``name``:
    their name in their most recent event; ``events``: each event they played, in the order
    played; ``best_place``: None when they played only side games."""

    rank: int
    player: ClubPlayerId
    name: str
    points: int
    total: int
    events_played: int
    events_counted: int
    wins: int
    best_place: int | None
    events: tuple[EventScore, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Standings:
    """A season's standings by ``rules`` (the preset's name): ``rows`` best first;
    ``events`` the events scored, in the order played; ``skipped`` those under the rules'
    ``min_field``, which count for no one."""

    rules: str
    rows: tuple[StandingRow, ...]
    events: tuple[str, ...]
    skipped: tuple[str, ...]


def played_order(results: Iterable[EventResult]) -> list[EventResult]:
    """``results`` in the order they were played, ``(at, event)``.

    Raises:
        ClubError: ``duplicate_event``, one event given twice.
    """
    ordered = sorted(results, key=lambda r: (r.at, r.event))
    seen: set[str] = set()
    for result in ordered:
        if result.event in seen:
            raise ClubError(
                f"the event '{result.name}' is in the season twice; each event counts once",
                code="duplicate_event",
                params={"event": result.event},
            )
        seen.add(result.event)
    return ordered


def counted_limit(rules: PointsRules, season_events: int) -> int | None:
    """How many of a person's events count: ``best_of``, and ``drop_lowest`` as the season's
    events less N (a missed event is a zero, dropped first); None when all count."""
    limits = []
    if rules.best_of is not None:
        limits.append(rules.best_of)
    if rules.drop_lowest:
        limits.append(max(0, season_events - rules.drop_lowest))
    return min(limits) if limits else None


def counted_indexes(points: list[int], limit: int | None) -> set[int]:
    """Which of a person's events count: the ``limit`` best (the earlier of equal points),
    or all."""
    if limit is None or limit >= len(points):
        return set(range(len(points)))
    best = sorted(range(len(points)), key=lambda i: (-points[i], i))
    return set(best[:limit])


def season_points(total: int, counted: int, aggregate: str) -> int:
    """The points that rank a person: the ``total`` of their counted events, or the average
    over the ``counted`` events in hundredths, rounded half away from zero."""
    if aggregate == "total" or counted == 0:
        return total
    whole = (abs(total) * 2 + counted) // (counted * 2)
    return whole if total >= 0 else -whole


@dataclass(frozen=True, slots=True, kw_only=True)
class _Line:
    """A person's season before ranking, with what the tie-breaks read."""

    row: StandingRow
    points_played: tuple[int, ...]
    latest_best: int


def _line(
    rules: PointsRules,
    player: ClubPlayerId,
    scores: list[tuple[int, EventResult, PointsBreakdown]],
    limit: int | None,
) -> _Line:
    """One person's season: which events count, their total, wins and best place."""
    points = [b.total for _, _, b in scores]
    kept = counted_indexes(points, limit)
    events = tuple(
        EventScore(
            event=result.event,
            event_name=result.name,
            date=result.date,
            place=b.place,
            points=b.total,
            counted=i in kept,
            breakdown=b,
        )
        for i, (_, result, b) in enumerate(scores)
    )
    total = sum(points[i] for i in kept)
    places = [(b.place, index) for index, _, b in scores if b.place is not None]
    best_place = min((p for p, _ in places), default=None)
    row = StandingRow(
        rank=0,
        player=player,
        name=scores[-1][2].name,
        points=season_points(total, len(kept), rules.aggregate),
        total=total,
        events_played=len(scores),
        events_counted=len(kept),
        wins=sum(1 for p, _ in places if p == 1),
        best_place=best_place,
        events=events,
    )
    latest = max((i for p, i in places if p == best_place), default=-1)
    return _Line(row=row, points_played=tuple(sorted(points, reverse=True)), latest_best=latest)


def _tie_break_key(name: TieBreak, width: int) -> Callable[[_Line], tuple[int, ...]]:
    """The sort key of one tie-break, smaller first (`pitboss.club.points.TieBreak`)."""
    keys: dict[TieBreak, Callable[[_Line], tuple[int, ...]]] = {
        "most_wins": lambda line: (-line.row.wins,),
        "best_event": lambda line: (-max(line.points_played, default=0),),
        "countback": lambda line: tuple(
            -p for p in (*line.points_played, *[0] * (width - len(line.points_played)))
        ),
        "most_events": lambda line: (-line.row.events_played,),
        "best_place": lambda line: (
            line.row.best_place if line.row.best_place is not None else 1 << 62,
        ),
        "latest_best_finish": lambda line: (-line.latest_best,),
    }
    return keys[name]


NightPoints = Callable[[EventResult], Mapping[ClubPlayerId, PointsBreakdown]]
"""One night's points by person (`pitboss.club.points.event_points` under the season's rules,
or a caller's copy of it kept from before)."""


Scores = tuple[tuple[int, EventResult, PointsBreakdown], ...]
"""A person's scored nights: (the night's index in the season, its result, their points)."""


class Kept:
    """What a season's last standings made of each person, for the next to make again only
    the people whose nights changed (a bust-out moves one night: a table of 5,000 people then
    makes a few hundred lines, not 5,000). Each person's entry is kept while the very same
    results and points (the same objects, which a service keeps by each night's log) are
    given again; anything else is made afresh."""

    __slots__ = ("people",)

    def __init__(self) -> None:
        self.people: dict[ClubPlayerId, _KeptLine] = {}


@dataclass(slots=True)
class _KeptLine:
    scores: Scores
    limit: int | None
    line: _Line
    merit: tuple[tuple[int, ...], ...] | None = None
    width: int = -1
    row: StandingRow | None = None


def standings(
    rules: PointsRules,
    results: Iterable[EventResult],
    *,
    night_points: NightPoints | None = None,
    kept: Kept | None = None,
) -> Standings:
    """A season's standings from its events' results, by ``rules``.

    Each person's events are scored (``night_points``, by default
    `pitboss.club.points.event_points` under ``rules``: a service that kept each night's points
    passes them, so a bust re-scores one night, not the season), the best ``best_of`` / all but
    the lowest ``drop_lowest`` counted, totalled or averaged, and the rows ranked by points
    then the rules' ``tie_breaks``; people equal on all of them share a rank (1, 2, 2, 4),
    listed by name. ``kept``: what the last standings of this season made (`Kept`), updated.
    The values made hold no cycle, so the cyclic collector is paused while they are
    (`_no_cycles`): on a season of 5,000 people its passes were half the time.

    Raises:
        ClubError: ``duplicate_event``; ``points_formula_failed`` (a player's night the
            formula cannot score, named).
    """
    with _no_cycles():
        return _standings(rules, results, night_points, kept or Kept())


@contextlib.contextmanager
def _no_cycles() -> Iterator[None]:
    """Pause the cyclic garbage collector while acyclic values are made (reference counting
    still frees them), as it was before after."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _same(a: Scores, b: Scores) -> bool:
    """The same nights, results and points, object for object."""
    return len(a) == len(b) and all(
        x[0] == y[0] and x[1] is y[1] and x[2] is y[2] for x, y in zip(a, b, strict=True)
    )


def _standings(
    rules: PointsRules,
    results: Iterable[EventResult],
    night_points: NightPoints | None,
    kept: Kept,
) -> Standings:
    ordered = played_order(results)
    scored = [r for r in ordered if counts(rules, r)]
    points_of = night_points or (lambda result: event_points(rules, result))
    by_player: dict[ClubPlayerId, list[tuple[int, EventResult, PointsBreakdown]]] = {}
    for index, result in enumerate(scored):
        for player, breakdown in points_of(result).items():
            by_player.setdefault(player, []).append((index, result, breakdown))
    limit = counted_limit(rules, len(scored))
    before, now = kept.people, {}
    for player, listed in by_player.items():
        scores = tuple(listed)
        was = before.get(player)
        if was is not None and was.limit == limit and _same(was.scores, scores):
            now[player] = was
        else:
            now[player] = _KeptLine(scores, limit, _line(rules, player, listed, limit))
    kept.people = now
    width = max((len(k.line.points_played) for k in now.values()), default=0)
    tie_keys = [_tie_break_key(name, width) for name in rules.tie_breaks]
    for k in now.values():
        if k.merit is None or k.width != width:
            row = k.line.row
            k.merit = ((-row.points,), *(key(k.line) for key in tie_keys))
            k.width = width
    keyed = sorted(
        now.values(),
        key=lambda k: (k.merit, k.line.row.name.casefold(), str(k.line.row.player)),
    )
    rows: list[StandingRow] = []
    previous: tuple[tuple[int, ...], ...] | None = None
    rank = 0
    for position, k in enumerate(keyed, start=1):
        if k.merit != previous:
            rank, previous = position, k.merit
        if k.row is None or k.row.rank != rank:
            k.row = dataclasses.replace(k.line.row, rank=rank)
        rows.append(k.row)
    return Standings(
        rules=rules.name,
        rows=tuple(rows),
        events=tuple(r.event for r in scored),
        skipped=tuple(r.event for r in ordered if not counts(rules, r)),
    )


__all__ = [
    "EventScore",
    "Kept",
    "NightPoints",
    "StandingRow",
    "Standings",
    "counted_indexes",
    "counted_limit",
    "played_order",
    "season_points",
    "standings",
]
