"""``pitboss deal``: have the table hosts deal a tournament, pause it, resume it, stop (issue 32).

What is said here is kept in the store (`pitboss.store.leases.LeaseBook.start_dealing`) and
every table host (`pitboss serve --role tables`) reads it within a second: the tournament's
tables are taken by the hosts, a pause stops new hands at the tables named (the hands in play
finish), a stop hands every table back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app
from pitboss.cli.event import DbArg, IdArg, one_line_errors

if TYPE_CHECKING:
    from pitboss.store.leases import LeaseBook
    from pitboss.store.protocol import EventStore

deal_app = typer.Typer(
    name="deal",
    help="Have the table hosts (`pitboss serve --role tables`) deal a tournament.",
    no_args_is_help=True,
)
app.add_typer(deal_app)

TableOpt = Annotated[
    int | None, typer.Option("--table", min=1, help="One table (every table without it).")
]


def _dealt_book(store: EventStore, stream: str) -> LeaseBook:
    """The store's leases, once ``stream`` is known to be dealt by the hosts.

    Raises:
        typer.Exit: 2 (said on stderr) when the hosts do not deal it.
    """
    from pitboss.store.leases import LeaseBook

    store.tournament(stream)
    book = LeaseBook(store)
    if stream not in {d.stream for d in book.dealt()}:
        typer.echo(
            f"error [not_dealing]: the table hosts do not deal {stream}: `pitboss deal start` "
            "it first",
            err=True,
        )
        raise typer.Exit(2)
    return book


@deal_app.command("start")
def start_command(
    db: DbArg,
    stream: IdArg,
    think_seconds: Annotated[
        float, typer.Option("--think", min=0, max=60, help="Each bot's thinking time, seconds.")
    ] = 1.0,
    pause_seconds: Annotated[
        float,
        typer.Option("--pause", min=0, max=60, help="A hand's result stays this long, seconds."),
    ] = 3.0,
) -> None:
    """Have the table hosts deal ``stream`` (seated and started), bots in every seat."""
    from pitboss.service import DirectorService
    from pitboss.store import open_store
    from pitboss.store.leases import LeaseBook
    from pitboss.tournament.state import Phase

    with one_line_errors():
        store = open_store(db)
        try:
            state = DirectorService(store).open(stream).state
            if state.phase is Phase.REGISTRATION or not state.tables:
                typer.echo(
                    "error [not_started]: draw the seats and start the tournament first: the "
                    "software deals seated players",
                    err=True,
                )
                raise typer.Exit(2)
            LeaseBook(store).start_dealing(
                stream, {"think_seconds": think_seconds, "pause_seconds": pause_seconds}
            )
        finally:
            store.close()
    typer.echo(f"the table hosts deal {state.name} ({len(state.tables)} tables)")


def _pause(db: str, stream: str, table: int | None, *, paused: bool) -> None:
    from pitboss.store import open_store

    with one_line_errors(), open_store(db) as store:
        _dealt_book(store, stream).pause_dealing(stream, table, paused=paused)
    what = "every table" if table is None else f"table {table}"
    typer.echo(f"{what}: {'paused after the hand in play' if paused else 'dealing again'}")


@deal_app.command("pause")
def pause_command(db: DbArg, stream: IdArg, table: TableOpt = None) -> None:
    """No new hand at ``--table`` (every table without it); the hands in play finish."""
    _pause(db, stream, table, paused=True)


@deal_app.command("resume")
def resume_command(db: DbArg, stream: IdArg, table: TableOpt = None) -> None:
    """Deal again at ``--table`` (every table, and every table's own pause, without it)."""
    _pause(db, stream, table, paused=False)


@deal_app.command("stop")
def stop_command(db: DbArg, stream: IdArg) -> None:
    """The table hosts hand ``stream``'s tables back at the end of their hands."""
    from pitboss.store import open_store

    with one_line_errors(), open_store(db) as store:
        _dealt_book(store, stream).stop_dealing(stream)
    typer.echo("the table hosts stop dealing it after the hands in play")
