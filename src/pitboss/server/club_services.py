"""The club's services as the server keeps them (issue 28): one `ClubService` (players) and
one `LeagueService` (leagues) per app, over the hub's store, and a person's place and points
in every season, which the player's page and its JSON show."""

from __future__ import annotations

import logging
from collections.abc import Hashable

from fastapi import Request

from pitboss.club.players import canonical as canonical_id
from pitboss.club.points import show_points
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId
from pitboss.server.models import Payload
from pitboss.service.club import ClubService
from pitboss.service.director import LiveTournament
from pitboss.service.league import Canonical, LeagueService
from pitboss.tournament.state import TournamentState

log = logging.getLogger(__name__)


def club_of(request: Request) -> ClubService:
    """The app's `ClubService` over the hub's store (made on first use)."""
    state = request.app.state
    found: ClubService | None = getattr(state, "club", None)
    if found is None:
        hub = state.hub
        found = ClubService(hub.store, clock=hub.clock)
        state.club = found
    return found


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


class SeasonPoints(Payload):
    """The person's place and points in one season (hundredths of a point, and as shown)."""

    league: str
    season: str
    points_hundredths: int
    points: str
    place: int


def points_by_season(request: Request, club_player_id: ClubPlayerId) -> list[SeasonPoints]:
    """``club_player_id``'s place and points in every season of every league they scored in,
    the leagues in the order made. A season whose points rules refuse a night (Dr. Neau's
    formula over a free entry, say) is left out and logged: the page still opens."""
    leagues = leagues_of(request)
    person = canonical_id(club_of(request).roster, club_player_id)
    found: list[SeasonPoints] = []
    book = leagues.leagues
    for league in book.leagues.values():
        for season_id in league.seasons:
            try:
                table = leagues.standings(season_id).standings
            except ClubError as error:
                log.warning(
                    "season %s not scored for a player's page: %s", season_id, error.message
                )
                continue
            for row in table.rows:
                if row.player == person:
                    found.append(
                        SeasonPoints(
                            league=league.name,
                            season=book.seasons[season_id].name,
                            points_hundredths=row.points,
                            points=show_points(row.points),
                            place=row.rank,
                        )
                    )
    return found
