"""``pitboss player``: the club's player records (issue 28), from the command line.

Add a record, find one by any part of a name, rename, merge two records of one person, show a
person's nights. Every refusal is one line with its code (`pitboss.cli.event.one_line_errors`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cli._app import app
from pitboss.cli.event import DbArg, JsonOpt, one_line_errors

if TYPE_CHECKING:
    from pitboss.club.players import ClubPlayer
    from pitboss.service.club import ClubService

player_app = typer.Typer(
    name="player",
    help="The club's player records: add, find, rename, merge, show (SQLite file or URL).",
    no_args_is_help=True,
)
app.add_typer(player_app)

PlayerArg = Annotated[str, typer.Argument(help="The club player's id (`pitboss player find`).")]


@contextmanager
def _club(db: str) -> Iterator[ClubService]:
    from pitboss.service.club import ClubService
    from pitboss.store import open_store

    with one_line_errors(), open_store(db) as store:
        yield ClubService(store)


def _row(player: ClubPlayer) -> dict[str, Any]:
    return {
        "id": player.club_player_id,
        "name": player.name,
        "display_name": player.display_name,
        "membership": player.membership,
        "public_profile": player.public_profile,
    }


def _line(player: ClubPlayer) -> str:
    extra = [f'"{player.display_name}"'] if player.display_name else []
    extra += [f"member {player.membership}"] if player.membership else []
    return f"{player.club_player_id}  {player.name}" + (f" ({', '.join(extra)})" if extra else "")


def _echo(player: ClubPlayer, as_json: bool) -> None:
    typer.echo(json.dumps(_row(player)) if as_json else _line(player))


@player_app.command("add")
def add(
    db: DbArg,
    name: Annotated[str, typer.Argument(help="The player's name.")],
    display_name: Annotated[str, typer.Option("--display", help="What screens show.")] = "",
    membership: Annotated[str | None, typer.Option("--membership", help="Number.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Record a player; prints the new record's id."""
    with _club(db) as club:
        _echo(club.add(name, display_name=display_name, membership=membership), as_json)


@player_app.command("find")
def find(
    db: DbArg,
    query: Annotated[str, typer.Argument(help="Any part of a name or membership number.")],
    limit: Annotated[int, typer.Option("--limit", min=1, max=50)] = 10,
    as_json: JsonOpt = False,
) -> None:
    """Find returning players by any part of a name (word starts first, then the most recent)."""
    with _club(db) as club:
        found = club.search(query, limit)
    if as_json:
        typer.echo(json.dumps([_row(p) for p in found], indent=2))
    elif not found:
        typer.echo(f"nobody found for {query!r}: `pitboss player add DB NAME` records them")
    for player in [] if as_json else found:
        typer.echo(_line(player))


@player_app.command("rename")
def rename(
    db: DbArg,
    player: PlayerArg,
    name: Annotated[str | None, typer.Option("--name", help="The new name.")] = None,
    display_name: Annotated[str | None, typer.Option("--display", help="New display.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """A new name or display name; every night played stays theirs."""
    with _club(db) as club:
        _echo(club.rename(player, name=name, display_name=display_name), as_json)


@player_app.command("merge")
def merge(
    db: DbArg,
    from_id: Annotated[str, typer.Argument(help="The record to merge away.")],
    into_id: Annotated[str, typer.Argument(help="The record that stays.")],
    as_json: JsonOpt = False,
) -> None:
    """Two records of one person made one: the history and points follow the second."""
    with _club(db) as club:
        _echo(club.merge(from_id, into_id), as_json)


@player_app.command("show")
def show(db: DbArg, player: PlayerArg, as_json: JsonOpt = False) -> None:
    """A player's record and every tournament they played, latest first."""
    from pitboss.money import format_money

    with _club(db) as club:
        history = club.history(player)
    nights = [
        {
            "tournament": n.stream,
            "name": n.name,
            "date": n.date,
            "played_as": n.played_as,
            "entries": n.entries,
            "place": n.place,
            "place_last": n.place_last,
            "prize_cents": n.prize_cents,
            "rebuys": n.rebuys,
            "add_ons": n.add_ons,
            "penalties": n.penalties,
            "finished": n.finished,
        }
        for n in history.nights
    ]
    if as_json:
        typer.echo(json.dumps({**_row(history.player), "nights": nights}, indent=2))
        return
    typer.echo(_line(history.player))
    if not nights:
        typer.echo("  no tournaments played in this store yet")
    for n in history.nights:
        place = "-" if n.place is None else str(n.place)
        if n.place is not None and n.place_last != n.place:
            place += f"-{n.place_last}"
        typer.echo(
            f"  {n.date}  {n.name}: place {place}, prize {format_money(n.prize_cents)}, "
            f"re-buys {n.rebuys}, add-ons {n.add_ons}, penalties {n.penalties}"
        )
