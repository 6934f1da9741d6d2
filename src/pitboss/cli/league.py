"""``pitboss league``: the club's leagues and seasons from the command line (issue 28).

Create a league (its points rules a preset's name or a TOML file), a season (dated or a list
of tournaments), count or uncount a tournament, print the standings, export them and the
results (CSV, JSON, a pub league's results file). Every refusal is one line with its code
(`pitboss.cli.event.one_line_errors`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app
from pitboss.cli.event import DbArg, JsonOpt, one_line_errors

if TYPE_CHECKING:
    from pitboss.service.leagues import LeagueService

league_app = typer.Typer(
    name="league",
    help="The club's leagues and seasons: create, count events, standings, exports.",
    no_args_is_help=True,
)
app.add_typer(league_app)

LeagueArg = Annotated[str, typer.Argument(help="The league's id (shown when it was created).")]
SeasonArg = Annotated[str, typer.Argument(help="The season's id (shown when it was created).")]
EventArg = Annotated[str, typer.Argument(help="The tournament's id (`pitboss event list`).")]
ZoneOpt = Annotated[
    str, typer.Option("--time-zone", help="The club's time zone (IANA), for events' dates.")
]


@contextmanager
def _leagues(db: str, time_zone: str = "UTC") -> Iterator[LeagueService]:
    from pitboss.club.results import club_date
    from pitboss.service.leagues import LeagueService
    from pitboss.store import open_store

    with one_line_errors():
        club_date(0, time_zone)  # an unknown zone refused before anything is read
        with open_store(db) as store:
            yield LeagueService(store, time_zone=time_zone)


@league_app.command("create")
def create(
    db: DbArg,
    name: Annotated[str, typer.Argument(help="The league's name.")],
    points: Annotated[
        str,
        typer.Option(
            "--points",
            help="A points preset (pokerstars, neau, nuts, reverse-finish, fixed-table, "
            "custom) or a TOML file of points rules.",
        ),
    ] = "pokerstars",
    league_id: Annotated[str | None, typer.Option("--id", help="Its id (from the name).")] = None,
    change: Annotated[
        bool, typer.Option("--change-rules", help="Replace an existing league's rules.")
    ] = False,
) -> None:
    """Create a league scoring by a points preset or rules file; prints its id."""
    with one_line_errors():
        text = Path(points).read_text(encoding="utf-8") if points.endswith(".toml") else points
    with _leagues(db) as leagues:
        if change:
            league = leagues.change_rules(league_id or name, text)
        else:
            league = leagues.create_league(name, text, league_id=league_id)
        typer.echo(f"{league.league_id}  {league.name} ({league.preset or 'custom rules'})")


@league_app.command("season")
def season(
    db: DbArg,
    league: LeagueArg,
    name: Annotated[str, typer.Argument(help="The season's name.")],
    starts: Annotated[str | None, typer.Option("--starts", help="First day, 2026-01-01.")] = None,
    ends: Annotated[str | None, typer.Option("--ends", help="Last day, 2026-06-30.")] = None,
    events: Annotated[
        list[str] | None, typer.Option("--event", help="A tournament that counts (repeat).")
    ] = None,
    season_id: Annotated[str | None, typer.Option("--id", help="Its id (from the name).")] = None,
) -> None:
    """Create a season: between two dates (both included) or a list of tournaments."""
    with _leagues(db) as leagues:
        made = leagues.create_season(
            league, name, season_id=season_id, starts=starts, ends=ends, events=events or ()
        )
        when = f"{made.starts} to {made.ends}" if made.is_dated else f"{len(made.added)} events"
        typer.echo(f"{made.season_id}  {made.name} ({when})")


@league_app.command("count")
def count(db: DbArg, season_id: SeasonArg, event: EventArg, time_zone: ZoneOpt = "UTC") -> None:
    """Count a tournament toward a season."""
    with _leagues(db, time_zone) as leagues:
        made = leagues.count(season_id, event)
        typer.echo(f"{leagues.result(event).name} counts toward {made.name}")


@league_app.command("uncount")
def uncount(db: DbArg, season_id: SeasonArg, event: EventArg, time_zone: ZoneOpt = "UTC") -> None:
    """Take a tournament out of a season."""
    with _leagues(db, time_zone) as leagues:
        made = leagues.uncount(season_id, event)
        typer.echo(f"{leagues.result(event).name} no longer counts toward {made.name}")


@league_app.command("standings")
def standings(
    db: DbArg, season_id: SeasonArg, time_zone: ZoneOpt = "UTC", as_json: JsonOpt = False
) -> None:
    """Print a season's standings."""
    from pitboss.club import exports

    with _leagues(db, time_zone) as leagues:
        s = leagues.standings(season_id)
        if as_json:
            data = exports.standings_json(s.league, s.season, s.standings, s.events)
            typer.echo(json.dumps(data, indent=2))
            return
        typer.echo(f"{s.league.name}: {s.season.name} ({len(s.results)} events scored)")
        for row in exports.standings_json(s.league, s.season, s.standings, s.events)["rows"]:
            typer.echo(
                f"{row['rank']:>4}  {row['name']:<30} {row['points']:>10}  "
                f"{row['events_played']} played, {row['wins']} won"
            )


@league_app.command("export")
def export(
    db: DbArg,
    season_id: SeasonArg,
    kind: Annotated[
        str,
        typer.Option(
            "--as",
            help="standings-csv, standings-json, results-csv, results-json or pub-csv "
            "(one row per player: event, date, place, points).",
        ),
    ] = "standings-csv",
    out: Annotated[Path | None, typer.Option("--out", help="Write to a file.")] = None,
    time_zone: ZoneOpt = "UTC",
) -> None:
    """Export a season's standings or results."""
    with _leagues(db, time_zone) as leagues:
        text = leagues.export(season_id, kind).text
        if out is None:
            typer.echo(text, nl=False)
        else:
            out.write_text(text, encoding="utf-8")
            typer.echo(f"wrote {out}")
