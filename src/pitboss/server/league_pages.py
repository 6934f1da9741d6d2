"""The league pages (issue 28): a season's table for a phone and a TV, kept live while a night
that counts is in play; the season's events with their results and points; a player's public
profile (only for a person who opted in); the printable standings; and the director's club page
to create leagues and seasons (the console's League tab is `static/console_league.js`).

Public pages show names and points only: rank, name, points, events, wins, places. No club id
appears on them except in the link to a profile its owner made public, and no private detail
can (the views below are built from `Standings` and `EventResult`, which carry none). Points
are integer hundredths shown with `show_points` (``163.09``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from markupsafe import Markup, escape

from pitboss.club import leagues as club_leagues
from pitboss.club.leagues import League, Leagues
from pitboss.club.log import is_club_stream
from pitboss.club.players import canonical
from pitboss.club.points import show_points
from pitboss.club.points_toml import points_preset_names, points_preset_text
from pitboss.club.results import EventResult
from pitboss.club.standings import StandingRow, Standings
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId, LeagueId
from pitboss.live.hand_log import is_hand_stream
from pitboss.server.club_services import club_of, leagues_of
from pitboss.server.deps import DirectorDep, HubDep, OptionalSessionDep
from pitboss.server.models import Payload
from pitboss.server.pages import render, templates

router = APIRouter(tags=["leagues"])
"""The league pages (left out of the API schema) and the console's one JSON route."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeasonData:
    """What the league pages show of one season, read from the store.

    ``results``: every event that counts toward the season, in the order played, finished or
    not; ``live``: ``(stream, name)`` of those in play now (the table page follows them);
    ``public``: the people who opted in to a public profile (their names link to it).
    """

    league_id: str
    league: str
    season_id: str
    season: str
    rules_title: str
    standings: Standings
    results: tuple[EventResult, ...] = ()
    live: tuple[tuple[str, str], ...] = ()
    public: frozenset[ClubPlayerId] = frozenset()


def season_url(league_id: str, season_id: str) -> str:
    """The season's table page."""
    return f"/leagues/{league_id}/seasons/{season_id}"


def profile_url(league_id: str, player: ClubPlayerId) -> str:
    """A player's public profile in a league."""
    return f"/leagues/{league_id}/players/{player}"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def summary(data: SeasonData) -> str:
    """The line under the title: events scored, the points rules, and what is not counted."""
    parts = [_plural(len(data.standings.events), "event", "events") + " scored", data.rules_title]
    if data.standings.skipped:
        parts.append(
            _plural(len(data.standings.skipped), "event", "events") + " below the minimum field"
        )
    return " · ".join(parts)


def _row(data: SeasonData, row: StandingRow) -> dict[str, Any]:
    """One person's public line: no id unless they opted in (then only in their link)."""
    return {
        "rank": row.rank,
        "name": row.name,
        "points": show_points(row.points),
        "events": row.events_played,
        "counted": row.events_counted,
        "wins": row.wins,
        "best": row.best_place,
        "profile": profile_url(data.league_id, row.player) if row.player in data.public else None,
    }


def table_view(data: SeasonData) -> dict[str, Any]:
    """The league table as the page and its JSON show it (`version`: a digest of what is shown,
    so a screen can tell a change)."""
    view: dict[str, Any] = {
        "league": data.league,
        "season": data.season,
        "summary": summary(data),
        "rows": [_row(data, r) for r in data.standings.rows],
        "live": [stream for stream, _ in data.live],
        "live_names": [name for _, name in data.live],
    }
    digest = hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()[:16]
    view["version"] = digest
    return view


def events_view(data: SeasonData) -> dict[str, Any]:
    """The season's events, in the order played, each with its places and points (people
    without a club record are in the field but score nothing, so are not listed)."""
    by_event: dict[str, list[dict[str, Any]]] = {}
    for row in data.standings.rows:
        for score in row.events:
            by_event.setdefault(score.event, []).append(
                {
                    "place": score.place,
                    "name": row.name,
                    "points": show_points(score.points),
                    "counted": score.counted,
                    "order": (score.place is None, score.place or 0, -score.points, row.name),
                }
            )
    skipped = set(data.standings.skipped)
    events = []
    for result in data.results:
        rows = sorted(by_event.get(result.event, []), key=lambda r: r["order"])
        note = ""
        if result.event in skipped:
            note = "below the minimum field: counts for no one"
        elif not result.finished:
            note = "in play"
        events.append(
            {
                "name": result.name,
                "date": result.date,
                "entrants": result.entrants,
                "note": note,
                "rows": [{k: v for k, v in r.items() if k != "order"} for r in rows],
            }
        )
    return {
        "league": data.league,
        "season": data.season,
        "summary": summary(data),
        "events": events,
    }


def profile_view(
    league: str, name: str, player: ClubPlayerId, seasons: Iterable[SeasonData]
) -> dict[str, Any]:
    """A person's public profile in a league: each season they scored in, their rank, points
    and every event (name, date, place, points)."""
    shown = []
    for data in seasons:
        row = next((r for r in data.standings.rows if r.player == player), None)
        if row is None:
            continue
        shown.append(
            {
                "season": data.season,
                "url": season_url(data.league_id, data.season_id),
                "rank": row.rank,
                "points": show_points(row.points),
                "events": row.events_played,
                "wins": row.wins,
                "best": row.best_place,
                "rows": [
                    {
                        "name": e.event_name,
                        "date": e.date,
                        "place": e.place,
                        "points": show_points(e.points),
                        "counted": e.counted,
                    }
                    for e in row.events
                ],
            }
        )
    return {"league": league, "name": name, "seasons": shown}


def preset_texts(names: Sequence[str], text_of: Mapping[str, str]) -> list[dict[str, str]]:
    """The points presets offered when a league is created, each with its commented TOML."""
    return [{"name": n, "toml": text_of[n]} for n in names]


# --- reading a season from the store -----------------------------------------------------------


def read_season(request: Request, league_id: str, season_id: str) -> SeasonData:
    """One season of one league as the pages show it: the standings `LeagueService` scores
    (a night in play as it stands, each person at the worst place they can still finish in),
    every event that counts, and the nights not finished yet (the table page follows them
    live, from registration on).

    Raises:
        ClubError: ``unknown_league``, ``unknown_season`` (also a season of another league).
    """
    service = leagues_of(request)
    league = club_leagues.league_of(service.leagues, league_id)
    season = club_leagues.season_of(service.leagues, season_id)
    if season.league_id != league.league_id:
        raise ClubError(
            f"{league.name} has no season {season_id[:40]!r}",
            code="unknown_season",
            params={"season_id": season_id[:40]},
        )
    table = service.standings(season.season_id)
    live = tuple((r.event, r.name) for r in table.events if not r.finished)
    roster = club_of(request).roster
    return SeasonData(
        league_id=league.league_id,
        league=league.name,
        season_id=season.season_id,
        season=season.name,
        rules_title=league.rules().title,
        standings=table.standings,
        results=table.events,
        live=live,
        public=frozenset(p.club_player_id for p in roster.players.values() if p.public_profile),
    )


def _not_found(request: Request, message: str) -> HTMLResponse:
    """A 404 page in a person's words."""
    return templates.TemplateResponse(
        request, "league_missing.html", {"message": message}, status_code=404
    )


# --- public pages --------------------------------------------------------------------------------


@router.get("/leagues", response_class=HTMLResponse, include_in_schema=False)
def leagues_page(request: Request, hub: HubDep) -> Response:
    """The club's leagues and their seasons, each linked to its table."""
    leagues = leagues_of(request).leagues
    shown = [
        {
            "name": league.name,
            "seasons": [
                {"name": leagues.seasons[s].name, "url": season_url(league.league_id, s)}
                for s in league.seasons
            ],
        }
        for league in sorted(leagues.leagues.values(), key=lambda x: x.name.casefold())
    ]
    return render(request, "league_index.html", leagues=shown)


def _season(request: Request, league_id: str, season_id: str) -> SeasonData | Response:
    try:
        return read_season(request, league_id[:40], season_id[:40])
    except ClubError as error:
        if error.code in {"unknown_league", "unknown_season"}:
            return _not_found(request, error.message)
        raise


@router.get(
    "/leagues/{league_id}/seasons/{season_id}", response_class=HTMLResponse, include_in_schema=False
)
def table_page(request: Request, league_id: str, season_id: str, hub: HubDep) -> Response:
    """The league table for a phone, and for a TV with ``?tv=1`` (or on any wide screen)."""
    data = _season(request, league_id, season_id)
    if isinstance(data, Response):
        return data
    base = season_url(data.league_id, data.season_id)
    tv = request.query_params.get("tv") == "1"
    shown = _shown(request, data)
    page = shown.pages.get(tv)
    if page is None:
        page = shown.pages[tv] = bytes(
            render(
                request,
                "league_table.html",
                table=shown.view,
                rows=rows_html(shown.view["rows"]),
                base=base,
                json_url=f"{base}/table.json",
                exports=f"/api{base}/export",
                tv=tv,
            ).body
        )
    return HTMLResponse(page)


def rows_html(rows: Sequence[Mapping[str, Any]]) -> Markup:
    """The table's rows as the page's list items (what `static/league.js` writes again on a
    change), every field escaped: written here rather than by a template loop, which took
    most of the time of a 5,000-row page served just after a bust-out."""
    out = []
    for r in rows:
        name = escape(r["name"])
        shown = f'<a href="{escape(r["profile"])}">{name}</a>' if r["profile"] else name
        out.append(
            f'<li class="lt-row{" lead" if r["rank"] == 1 else ""}" data-name="{name}">'
            f'<span class="lt-rank">{r["rank"]}</span><span class="lt-name">{shown}</span>'
            f'<b class="lt-points">{escape(r["points"])}</b>'
            f'<span class="lt-events">{r["events"]}</span><span class="lt-wins">{r["wins"]}</span>'
            "</li>"
        )
    return Markup("".join(out))


@dataclass(slots=True)
class _Shown:
    """A season's table as last shown: the standings and the opt-ins it was made from, its
    view, and its page as sent (for a phone, for a TV)."""

    standings: Standings
    public: frozenset[ClubPlayerId]
    live: tuple[tuple[str, str], ...]
    view: dict[str, Any]
    pages: dict[bool, bytes] = field(default_factory=dict)


def _shown(request: Request, data: SeasonData) -> _Shown:
    """The season's view (and pages), made again only when the standings, the opt-ins or the
    nights in play changed: a table of 5,000 people is served again without building its
    5,000 rows (the standings are kept the same way by `LeagueService`)."""
    state = request.app.state
    kept: dict[str, _Shown] | None = getattr(state, "league_tables", None)
    if kept is None:
        kept = state.league_tables = {}
    found = kept.get(data.season_id)
    if (
        found is not None
        and found.standings is data.standings
        and found.public == data.public
        and found.live == data.live
    ):
        return found
    made = _Shown(data.standings, data.public, data.live, table_view(data))
    kept[data.season_id] = made
    return made


@router.get("/leagues/{league_id}/seasons/{season_id}/table.json", include_in_schema=False)
def table_json(request: Request, league_id: str, season_id: str, hub: HubDep) -> Response:
    """The league table's data, as the page shows it (what the live page fetches again)."""
    data = _season(request, league_id, season_id)
    if isinstance(data, Response):
        return JSONResponse(
            {"code": "not_found", "params": {}, "message": "no such league or season"},
            status_code=404,
        )
    return JSONResponse(_shown(request, data).view, headers={"Cache-Control": "no-store"})


@router.get(
    "/leagues/{league_id}/seasons/{season_id}/events",
    response_class=HTMLResponse,
    include_in_schema=False,
)
def events_page(request: Request, league_id: str, season_id: str, hub: HubDep) -> Response:
    """The season's events, each with its places and points."""
    data = _season(request, league_id, season_id)
    if isinstance(data, Response):
        return data
    return render(
        request,
        "league_events.html",
        season=events_view(data),
        base=season_url(data.league_id, data.season_id),
    )


@router.get(
    "/leagues/{league_id}/seasons/{season_id}/print",
    response_class=HTMLResponse,
    include_in_schema=False,
)
def print_page(request: Request, league_id: str, season_id: str, hub: HubDep) -> Response:
    """The standings to print (one page)."""
    data = _season(request, league_id, season_id)
    if isinstance(data, Response):
        return data
    printed = datetime.fromtimestamp(hub.clock() / 1000, tz=UTC).astimezone()
    return render(
        request,
        "print_league.html",
        table=table_view(data),
        printed=printed.strftime("%Y-%m-%d %H:%M"),
    )


@router.get(
    "/leagues/{league_id}/players/{player_id}", response_class=HTMLResponse, include_in_schema=False
)
def profile_page(request: Request, league_id: str, player_id: str, hub: HubDep) -> Response:
    """A player's public profile in a league: only for a person who opted in (else a 404 that
    says nothing of whether they play)."""
    roster = club_of(request).roster
    player = roster.players.get(canonical(roster, ClubPlayerId(player_id[:40])))
    if player is None or not player.public_profile:
        return _not_found(
            request,
            "This player has no public profile: a player's page is shown only when they ask the "
            "club for one.",
        )
    leagues = leagues_of(request).leagues
    league = leagues.leagues.get(LeagueId(league_id[:40]))
    if league is None:
        return _not_found(request, "The club has no such league.")
    seasons = [read_season(request, league.league_id, s) for s in league.seasons]
    return render(
        request,
        "league_profile.html",
        profile=profile_view(league.name, player.shown_name, player.club_player_id, seasons),
    )


# --- the director's club page --------------------------------------------------------------------


def _league_line(leagues: Leagues, league: League) -> dict[str, Any]:
    return {
        "id": league.league_id,
        "name": league.name,
        "preset": league.preset or "own rules",
        "seasons": [
            {
                "id": s,
                "name": leagues.seasons[s].name,
                "when": _when(leagues.seasons[s]),
                "url": season_url(league.league_id, s),
            }
            for s in league.seasons
        ],
    }


def _when(season: club_leagues.Season) -> str:
    if season.starts is not None:
        return f"{season.starts} to {season.ends}"
    return _plural(len(season.added), "event", "events") + " listed"


@router.get("/club/leagues", response_class=HTMLResponse, include_in_schema=False)
def club_leagues_page(request: Request, hub: HubDep, session: OptionalSessionDep) -> Response:
    """The director's leagues: create a league (a points preset, its commented TOML shown, or
    the club's own TOML) and its seasons (dates, or a list of events)."""
    if session is None:
        return RedirectResponse(f"/login?next={request.url.path}", status_code=303)
    leagues = leagues_of(request).leagues
    names = points_preset_names()
    return render(
        request,
        "league_club.html",
        csrf=session.csrf,
        leagues=[
            _league_line(leagues, x)
            for x in sorted(leagues.leagues.values(), key=lambda x: x.name.casefold())
        ],
        presets=preset_texts(names, {n: points_preset_text(n) for n in names}),
        tournaments=[
            {"id": t.stream, "name": t.name}
            for t in hub.store.tournaments()
            if not is_club_stream(t.stream) and not is_hand_stream(t.stream)
        ],
    )


class NightSeason(Payload):
    """A season, and whether the night counts toward it now."""

    league_id: str
    league: str
    season_id: str
    season: str
    when: str
    counts: bool
    url: str


class NightSeasons(Payload):
    """The console's League tab: the night's date and every season of the club."""

    date: str
    seasons: list[NightSeason]


@router.get("/club/leagues/for/{stream}")
def seasons_of_tournament(request: Request, stream: str, _: DirectorDep) -> NightSeasons:
    """The console's League tab: every season of every league, and whether tournament
    ``stream`` counts toward it now (its date in a dated season, or counted by hand)."""
    service = leagues_of(request)
    leagues = service.leagues
    date = service.result(stream[:64]).date
    seasons = []
    for league in sorted(leagues.leagues.values(), key=lambda x: x.name.casefold()):
        for sid in league.seasons:
            season = leagues.seasons[sid]
            seasons.append(
                NightSeason(
                    league_id=league.league_id,
                    league=league.name,
                    season_id=sid,
                    season=season.name,
                    when=_when(season),
                    counts=season.counts(stream, date),
                    url=season_url(league.league_id, sid),
                )
            )
    return NightSeasons(date=date, seasons=seasons)
