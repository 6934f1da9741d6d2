"""The club's leagues over HTTP (issue 28).

The director (signed in) creates leagues and seasons and counts or uncounts a tournament.
Everyone may read a season's standings, its events with their results, and the exports as
downloads: names, places and points only (`pitboss.club.exports`), never money or a private
detail (THC 1). The standings are computed from each tournament's log as it is now
(`pitboss.service.league`), so an undone bust shows at once.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response
from pydantic import Field

from pitboss.club import exports
from pitboss.club.leagues import League, Season, league_of
from pitboss.club.players import canonical as canonical_id
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId
from pitboss.server.club_api import club_of
from pitboss.server.deps import DirectorDep
from pitboss.server.models import Payload
from pitboss.service.director import LiveTournament
from pitboss.service.league import Canonical, LeagueService, SeasonStandings
from pitboss.tournament.state import TournamentState

router = APIRouter(prefix="/api/leagues", tags=["leagues"])

Id = Annotated[str, Path(max_length=64)]


# --- models ----------------------------------------------------------------------------------


class NewLeague(Payload):
    """A league to make: its name, its points rules (a preset's name or TOML text) and,
    optionally, its id (made from the name when absent)."""

    name: str
    points: str = "pokerstars"
    id: str | None = None


class NewRules(Payload):
    """A league's new points rules (a preset's name or TOML text)."""

    points: str


class NewSeason(Payload):
    """A season to make: dated (``starts``..``ends``, both included, ``2026-01-31``) or a list
    of tournament ids."""

    name: str
    id: str | None = None
    starts: str | None = None
    ends: str | None = None
    events: list[str] = Field(default_factory=list)


class Counted(Payload):
    """A tournament to count toward a season."""

    event: str


class SeasonLine(Payload):
    """A season: dated (``starts``, ``ends``) or a list (both null)."""

    id: str
    name: str
    starts: str | None
    ends: str | None


class LeagueLine(Payload):
    """A league, its points rules' preset (``custom``: its own) and its seasons."""

    id: str
    name: str
    rules: str
    seasons: list[SeasonLine]


class LeagueRef(Payload):
    id: str
    name: str
    rules: str


class EventLine(Payload):
    """An event of the season: ``scored`` when it counted in the standings (finished, and a
    field the rules' minimum allows)."""

    event: str
    name: str
    date: str
    entrants: int
    finished: bool
    scored: bool


class EventPoints(Payload):
    """One person's points in one event (``counted``: within their best N)."""

    event: str
    name: str
    date: str
    place: int | None
    points: str
    hundredths: int
    counted: bool


class StandingLine(Payload):
    """One person's line: ``points`` as text (``163.09``), ``hundredths`` the same number."""

    rank: int
    player: str
    name: str
    points: str
    hundredths: int
    events_played: int
    events_counted: int
    wins: int
    best_place: int | None
    events: list[EventPoints]


class StandingsBody(Payload):
    """A season's table, best first."""

    league: LeagueRef
    season: SeasonLine
    events: list[EventLine]
    rows: list[StandingLine]


class ResultLine(Payload):
    """One person's finish in one event."""

    place: int
    player: str
    name: str
    points: str
    hundredths: int
    knockouts: float


class EventResults(EventLine):
    results: list[ResultLine]


class ResultsBody(Payload):
    """A season's events, each with its results, in the order played."""

    league: LeagueRef
    season: SeasonLine
    events: list[EventResults]


# --- the service -----------------------------------------------------------------------------


def leagues_of(request: Request) -> LeagueService:
    """The app's `LeagueService` over the hub's store (made on first use), reading each
    tournament through the hub (the nights open on this server are read from memory) and
    following the club's merges (the roster's version keys the standings kept)."""
    state = request.app.state
    found: LeagueService | None = getattr(state, "leagues", None)
    if found is None:
        hub = state.hub

        def current(stream: str) -> tuple[TournamentState, int]:
            live: LiveTournament = hub.tournament(stream)
            live.refresh()
            return live.current()

        club = club_of(request)

        def merges() -> tuple[Hashable, Canonical]:
            roster = club.roster  # read once: what merges the standings follow, and its version

            def canonical(club_player_id: ClubPlayerId) -> ClubPlayerId:
                return canonical_id(roster, club_player_id)

            return roster.version, canonical

        def head(stream: str) -> int:
            live: LiveTournament = hub.tournament(stream)  # followed by the hub's listener
            return live.current()[1]

        found = LeagueService(
            hub.store, clock=hub.clock, state_of=current, merges=merges, head_of=head
        )
        state.leagues = found
    return found


def _season_line(season: Season) -> SeasonLine:
    return SeasonLine(id=season.season_id, name=season.name, starts=season.starts, ends=season.ends)


def _league_line(service: LeagueService, league: League) -> LeagueLine:
    seasons = service.leagues.seasons
    return LeagueLine(
        id=league.league_id,
        name=league.name,
        rules=league.preset or "custom",
        seasons=[_season_line(seasons[s]) for s in league.seasons],
    )


def _season_in(service: LeagueService, league_id: str, season_id: str) -> Season:
    leagues = service.leagues
    league = league_of(leagues, league_id)
    if season_id not in league.seasons:
        raise ClubError(
            f"{league.name} has no season {season_id[:40]!r}; its seasons: "
            f"{', '.join(leagues.seasons[s].name for s in league.seasons) or 'none yet'}",
            code="unknown_season",
            params={"league_id": league.league_id, "season_id": season_id[:40]},
        )
    return leagues.seasons[season_id]  # type: ignore[index]


def _standings(request: Request, league_id: str, season_id: str) -> SeasonStandings:
    service = leagues_of(request)
    _season_in(service, league_id, season_id)
    return service.standings(season_id)


# --- reading (public) ------------------------------------------------------------------------


@router.get("")
def list_leagues(request: Request) -> list[LeagueLine]:
    """Every league with its seasons."""
    service = leagues_of(request)
    return [_league_line(service, league) for league in service.leagues.leagues.values()]


@router.get("/{league_id}")
def get_league(request: Request, league_id: Id) -> LeagueLine:
    """One league with its seasons."""
    service = leagues_of(request)
    return _league_line(service, league_of(service.leagues, league_id))


@router.get("/{league_id}/seasons/{season_id}/standings")
def get_standings(request: Request, league_id: Id, season_id: Id) -> StandingsBody:
    """A season's standings: rank, name, points, events played and counted, wins, best place
    and the points of each event."""
    s = _standings(request, league_id, season_id)
    data = exports.standings_json(s.league, s.season, s.standings, s.events)
    return StandingsBody.model_validate(data)


@router.get("/{league_id}/seasons/{season_id}/events")
def get_events(request: Request, league_id: Id, season_id: Id) -> ResultsBody:
    """A season's events with their results (place, name, points, knockouts)."""
    s = _standings(request, league_id, season_id)
    return ResultsBody.model_validate(
        exports.results_json(s.league, s.season, s.standings, s.events)
    )


@router.get("/{league_id}/seasons/{season_id}/export/{kind}")
def download(request: Request, league_id: Id, season_id: Id, kind: Id) -> Response:
    """A season's file: ``standings-csv``, ``standings-json``, ``results-csv``,
    ``results-json`` or ``pub-csv`` (one row per player: event, date, place, points)."""
    service = leagues_of(request)
    _season_in(service, league_id, season_id)
    made = service.export(season_id, kind)  # an unknown kind refused, naming the exports
    return Response(
        made.text,
        media_type=made.media_type,
        headers={"Content-Disposition": f'attachment; filename="{made.filename}"'},
    )


# --- the director ----------------------------------------------------------------------------


@router.post("", status_code=201)
def create_league(body: NewLeague, request: Request, _: DirectorDep) -> LeagueLine:
    """A new league."""
    service = leagues_of(request)
    return _league_line(service, service.create_league(body.name, body.points, league_id=body.id))


@router.post("/{league_id}/rules")
def change_rules(body: NewRules, request: Request, league_id: Id, _: DirectorDep) -> LeagueLine:
    """A league's points rules replaced: every season is scored by them from now on."""
    service = leagues_of(request)
    return _league_line(service, service.change_rules(league_id, body.points))


@router.post("/{league_id}/seasons", status_code=201)
def create_season(body: NewSeason, request: Request, league_id: Id, _: DirectorDep) -> SeasonLine:
    """A new season of the league."""
    season = leagues_of(request).create_season(
        league_id,
        body.name,
        season_id=body.id,
        starts=body.starts,
        ends=body.ends,
        events=body.events,
    )
    return _season_line(season)


@router.post("/{league_id}/seasons/{season_id}/events")
def count_event(
    body: Counted, request: Request, league_id: Id, season_id: Id, _: DirectorDep
) -> SeasonLine:
    """A tournament counts toward the season."""
    service = leagues_of(request)
    _season_in(service, league_id, season_id)
    return _season_line(service.count(season_id, body.event))


@router.delete("/{league_id}/seasons/{season_id}/events/{event}")
def uncount_event(
    request: Request, league_id: Id, season_id: Id, event: Id, _: DirectorDep
) -> SeasonLine:
    """A tournament no longer counts toward the season."""
    service = leagues_of(request)
    _season_in(service, league_id, season_id)
    return _season_line(service.uncount(season_id, event))
