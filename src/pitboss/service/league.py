"""The club's leagues on a store (issue 28): the ``club-leagues`` stream written and read, and a
season's standings computed from the tournaments' logs as they are now.

Each tournament's result (`pitboss.club.results.result_of`) is read from its current state,
undone batches left out (`pitboss.service.director.LiveTournament`), so an undo or a corrected
result changes the standings, and a replay gives them again exactly. The results are kept by
the log's head: a tournament is read again only when its log has moved on, so a season of
50 nights and 5,000 players is scored from memory (THC 3 places, the league's points rules).
A merge of two player records (`pitboss.club.players.canonical`) is followed through the
``canonical`` function given, or the ``merges`` read once per call.

A season's standings are kept too, by what they were scored from: the leagues' stream's head
(its rules, its seasons, what counts), the version of the merges followed, and the head of
each tournament that may count. A page served again when nothing moved is not scored again;
a bust, an undo, a correction, a count or uncount, a rules change or a merge moves one of
them, and the season is scored again (the unmoved nights from memory).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitboss.club import exports
from pitboss.club import leagues as lg
from pitboss.club.leagues import League, Leagues, Season
from pitboss.club.log import LEAGUES_STREAM, ClubEvent, is_club_stream
from pitboss.club.points import PointsBreakdown, PointsRules, event_points
from pitboss.club.results import EventResult, merged_result, result_of
from pitboss.club.standings import Kept, NightPoints, Standings, standings
from pitboss.errors import ClubError, StoreError
from pitboss.ids import ClubPlayerId, LeagueId
from pitboss.service.club_log import ClubLog
from pitboss.service.director import Clock, DirectorService, system_clock
from pitboss.store.protocol import EventStore
from pitboss.tournament.state import TournamentState

LEAGUES_STREAM_NAME = "The club's leagues"
"""The name the leagues' stream is stored under."""

StateReader = Callable[[str], tuple[TournamentState, int]]
"""A tournament's current state and the head of its log it was read at."""

Canonical = Callable[[ClubPlayerId], ClubPlayerId]
"""The record a (possibly merged-away) club player id now belongs to."""

Merges = Callable[[], tuple[Hashable, Canonical]]
"""The club's merges now: a version that changes whenever they may have (the roster's
version) and the `Canonical` map as of that version (read once per standings)."""

SeasonKey = tuple[int, Hashable, tuple[tuple[str, int], ...]]
"""What a season's standings were scored from: the leagues' head, the merges' version, and
``(stream, head)`` of each tournament that may count."""


def _identity(club_player_id: ClubPlayerId) -> ClubPlayerId:
    return club_player_id


def _opener(store: EventStore, clock: Clock) -> StateReader:
    """Read a tournament from the store each time (the server passes its open ones)."""
    service = DirectorService(store, clock=clock)
    return lambda stream: service.open(stream).current()


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonStandings:
    """A season's standings with its league, and the results they were scored from (the
    events counted that are finished or in play, in the order played); ``events`` every event
    counted, started or not (a night not started yet shows on the list and scores once it
    starts)."""

    league: League
    season: Season
    standings: Standings
    results: tuple[EventResult, ...]
    events: tuple[EventResult, ...]


EXPORTS: dict[str, tuple[str, str]] = {
    "standings-csv": ("text/csv", "standings.csv"),
    "standings-json": ("application/json", "standings.json"),
    "results-csv": ("text/csv", "results.csv"),
    "results-json": ("application/json", "results.json"),
    "pub-csv": ("text/csv", "pub-league-results.csv"),
}
"""Each export: its media type and the end of its file name."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Export:
    """A season's file: its text, media type and a file name."""

    text: str
    media_type: str
    filename: str


class LeagueService:
    """The club's leagues in ``store``, decided at ``clock``'s time (ms UTC); dates in the
    club's ``time_zone`` (the rules have none: UTC unless given). ``state_of`` reads a
    tournament and ``head_of`` its log's head (the server: its open tournaments, kept current
    by its listener, from memory); the store's by default.

    It is long (about 340 lines) because its commands, the nights' results, the standings and
    the exports share one set of caches under one lock (each night's result and points by its
    head, each season's lines and standings by what they were made from), which splitting
    would hand between objects."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Clock = system_clock,
        time_zone: str = "UTC",
        canonical: Canonical | None = None,
        merges: Merges | None = None,
        state_of: StateReader | None = None,
        head_of: Callable[[str], int] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.time_zone = time_zone
        self.canonical: Canonical = canonical or _identity
        fixed = self.canonical
        self._merges: Merges = merges or (lambda: (0, fixed))
        self._state_of = state_of or (
            lambda s: DirectorService(store, clock=clock).open(s).current()
        )
        self._head_of = head_of or store.head
        self._results: dict[str, tuple[int, EventResult]] = {}
        self._seasons: dict[str, tuple[SeasonKey, SeasonStandings]] = {}
        self._night_points: dict[
            tuple[str, str], tuple[tuple[int, Hashable], Mapping[ClubPlayerId, PointsBreakdown]]
        ] = {}
        self._merged_results: dict[str, tuple[tuple[int, Hashable], EventResult]] = {}
        self._kept: dict[str, Kept] = {}
        self._scoring = threading.Lock()
        self._lock = threading.RLock()
        self._log = ClubLog(
            store,
            stream=LEAGUES_STREAM,
            name=LEAGUES_STREAM_NAME,
            fold=lg.fold,
            empty=lg.NO_LEAGUES,
            clock=lambda: self.clock(),
            lock=self._lock,
        )

    # --- the leagues' stream ---------------------------------------------------------------

    @property
    def leagues(self) -> Leagues:
        """The leagues now (what other writers appended read first)."""
        return self._log.current()

    def _commit(
        self, decide: Callable[[Leagues, int], list[ClubEvent]], command: Mapping[str, Any]
    ) -> list[ClubEvent]:
        """Decide on the leagues now and append; decide again when another writer won."""
        return self._log.commit(decide, command)

    # --- commands --------------------------------------------------------------------------

    def create_league(self, name: str, points: str, *, league_id: str | None = None) -> League:
        """A new league (its id made from its name unless given) scoring by ``points`` (a
        preset's name or TOML text).

        Raises:
            ClubError: see `pitboss.club.leagues.create_league`.
        """
        lid = league_id or lg.slug(name)
        self._commit(
            lambda s, now: lg.create_league(s, league_id=lid, name=name, points=points, at=now),
            {"type": "create_league", "league_id": lid, "name": name},
        )
        return self.leagues.leagues[LeagueId(lid)]

    def change_rules(self, league_id: str, points: str) -> League:
        """A league's points rules replaced.

        Raises:
            ClubError: see `pitboss.club.leagues.change_league_rules`.
        """
        self._commit(
            lambda s, now: lg.change_league_rules(s, league_id=league_id, points=points, at=now),
            {"type": "change_league_rules", "league_id": league_id},
        )
        return lg.league_of(self.leagues, league_id)

    def create_season(
        self,
        league_id: str,
        name: str,
        *,
        season_id: str | None = None,
        starts: str | None = None,
        ends: str | None = None,
        events: Sequence[str] = (),
    ) -> Season:
        """A season of a league, dated or a list of tournaments (each must be in the store).

        Raises:
            ClubError: ``unknown_event``, and see `pitboss.club.leagues.create_season`.
        """
        for event in events:
            self._tournament_name(event)
        sid = season_id or lg.slug(f"{league_id} {name}")
        self._commit(
            lambda s, now: lg.create_season(
                s,
                league_id=league_id,
                season_id=sid,
                name=name,
                starts=starts,
                ends=ends,
                events=events,
                at=now,
            ),
            {"type": "create_season", "league_id": league_id, "season_id": sid, "name": name},
        )
        return lg.season_of(self.leagues, sid)

    def count(self, season_id: str, event: str) -> Season:
        """Tournament ``event`` counts toward the season.

        Raises:
            ClubError: ``unknown_event``, and see `pitboss.club.leagues.count_event`.
        """
        return self._count(season_id, event, lg.count_event, "count_event")

    def uncount(self, season_id: str, event: str) -> Season:
        """Tournament ``event`` no longer counts toward the season.

        Raises:
            ClubError: ``unknown_event``, and see `pitboss.club.leagues.uncount_event`.
        """
        return self._count(season_id, event, lg.uncount_event, "uncount_event")

    def _count(
        self, season_id: str, event: str, decide: Callable[..., list[ClubEvent]], kind: str
    ) -> Season:
        lg.season_of(self.leagues, season_id)
        name = self._tournament_name(event)
        date = self.result(event).date
        self._commit(
            lambda s, now: decide(
                s, season_id=season_id, event=event, event_name=name, date=date, at=now
            ),
            {"type": kind, "season_id": season_id, "event": event},
        )
        return lg.season_of(self.leagues, season_id)

    def _tournament_name(self, event: str) -> str:
        if is_club_stream(event):
            raise ClubError(
                f"{event[:64]!r} is one of the club's own logs, not a tournament",
                code="unknown_event",
                params={"event": event[:64]},
            )
        try:
            return self.store.tournament(event).name
        except StoreError as error:
            if error.code != "unknown_stream":
                raise
            raise ClubError(
                f"the club has no tournament {event[:64]!r}: list the tournaments to find it",
                code="unknown_event",
                params={"event": event[:64]},
            ) from None

    # --- results and standings -------------------------------------------------------------

    def result(self, event: str, *, head: int | None = None) -> EventResult:
        """Tournament ``event``'s result now (read again only when its log has moved on);
        ``head``: its log's head, when the caller has just read it.

        Raises:
            StoreError: ``unknown_stream``, ``empty_tournament``.
        """
        with self._lock:
            if head is None:
                head = self.store.head(event)
            kept = self._results.get(event)
            if kept is not None and kept[0] == head:
                return kept[1]
        state, read_at = self._state_of(event)
        result = result_of(state, event=event, time_zone=self.time_zone)
        with self._lock:
            self._results[event] = (read_at, result)
        return result

    def tournaments(self) -> list[str]:
        """Every tournament in the store that has begun its log (the club's streams left out)."""
        return [t.stream for t in self.store.tournaments() if not is_club_stream(t.stream)]

    def _heads(self, season: Season) -> tuple[tuple[str, int], ...]:
        """``(stream, head)`` of each tournament that may count toward ``season``: every one
        for a dated season (its date decides), else those listed."""
        candidates = self.tournaments() if season.is_dated else sorted(season.added)
        return tuple((event, self._head_of(event)) for event in candidates)

    def season_events(self, season_id: str) -> list[EventResult]:
        """The tournaments that count toward the season, in the order played.

        Raises:
            ClubError: ``unknown_season``.
        """
        season = lg.season_of(self.leagues, season_id)
        return self._season_events(season, self._heads(season))

    def _season_events(
        self, season: Season, heads: tuple[tuple[str, int], ...]
    ) -> list[EventResult]:
        found = []
        for event, head in heads:
            try:
                result = self.result(event, head=head)
            except StoreError as error:
                if error.code == "empty_tournament":
                    continue  # its first command never committed: nothing to count
                raise
            if season.counts(event, result.date):
                found.append(result)
        return sorted(found, key=lambda r: (r.at, r.event))

    def standings(self, season_id: str) -> SeasonStandings:
        """A season's standings by its league's points rules, from the events that count:
        finished, or in play (the players out by their places, those still in at the worst
        place they can still finish in: what each is sure of, so the table follows every
        bust-out live; the night's points are final once it finishes).

        Kept by what they were scored from (`SeasonKey`): asked again when no log moved, the
        same standings are returned without reading a tournament or scoring.

        Raises:
            ClubError: ``unknown_season``, or a points refusal (`pitboss.club.standings`).
        """
        with self._lock:
            leagues, leagues_head = self._log.current(), self._log.head
        season = lg.season_of(leagues, season_id)
        version, canonical = self._merges()
        key: SeasonKey = (leagues_head, version, self._heads(season))
        with self._lock:
            kept = self._seasons.get(season.season_id)
        if kept is not None and kept[0] == key:
            return kept[1]
        league = leagues.leagues[season.league_id]
        events = self._season_events(season, key[2])
        heads = dict(key[2])
        finished = [r for r in events if r.finished or r.in_play]
        if canonical is not _identity:
            finished = [
                self._merged(r, heads.get(r.event, -1), version, canonical) for r in finished
            ]
        results = tuple(finished)
        rules = league.rules()

        def night_points(result: EventResult) -> Mapping[ClubPlayerId, PointsBreakdown]:
            """A night's points, kept by its log's head, the merges and the rules: a bust
            re-scores that night only."""
            night = (result.event, league.points_toml)
            read = (heads.get(result.event, -1), version)
            with self._lock:
                kept = self._night_points.get(night)
            if kept is not None and kept[0] == read:
                return kept[1]
            found = event_points(rules, result)
            with self._lock:
                self._night_points[night] = (read, found)  # one copy a night and rules
            return found

        made = SeasonStandings(
            league=league,
            season=season,
            standings=self._scored(season.season_id, rules, results, night_points),
            results=results,
            events=tuple(events),
        )
        with self._lock:
            self._seasons[season.season_id] = (key, made)
        return made

    def _scored(
        self,
        season_id: str,
        rules: PointsRules,
        results: tuple[EventResult, ...],
        night_points: NightPoints,
    ) -> Standings:
        """The season scored, each person's line made again only if their nights changed
        (`pitboss.club.standings.Kept`, one a season, used by one scoring at a time)."""
        with self._scoring:
            kept = self._kept.setdefault(season_id, Kept())
            return standings(rules, results, night_points=night_points, kept=kept)

    def _merged(
        self, result: EventResult, head: int, version: Hashable, canonical: Canonical
    ) -> EventResult:
        """``result`` under the records its people now belong to, kept by the night's head and
        the merges' version (a bust elsewhere does not redo it)."""
        read = (head, version)
        with self._lock:
            kept = self._merged_results.get(result.event)
        if kept is not None and kept[0] == read:
            return kept[1]
        merged = merged_result(result, canonical)
        with self._lock:
            self._merged_results[result.event] = (read, merged)
        return merged

    def export(self, season_id: str, kind: str) -> Export:
        """A season's standings or results as a file (`pitboss.club.exports`): ``kind`` one
        of `EXPORTS` (``pub-csv``: the pub league's results file).

        Raises:
            ClubError: ``unknown_export``; and see `standings`.
        """
        if kind not in EXPORTS:
            raise ClubError(
                f"{kind[:30]!r} is not an export: choose {', '.join(EXPORTS)}",
                code="unknown_export",
                params={"kind": kind[:30], "allowed": list(EXPORTS)},
            )
        s = self.standings(season_id)
        if kind == "standings-csv":
            text = exports.standings_csv(s.standings)
        elif kind == "results-csv":
            text = exports.results_csv(s.standings, s.events)
        elif kind == "pub-csv":
            text = exports.pub_league_csv(s.standings, s.events)
        else:
            build = exports.standings_json if kind == "standings-json" else exports.results_json
            data = build(s.league, s.season, s.standings, s.events)
            text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
        media, tail = EXPORTS[kind]
        return Export(text=text, media_type=media, filename=f"{s.season.season_id}-{tail}")


__all__ = [
    "EXPORTS",
    "LEAGUES_STREAM_NAME",
    "Canonical",
    "Export",
    "LeagueService",
    "Merges",
    "SeasonStandings",
]
