"""``pitboss serve``: the director's console, the big-screen clock and the players' pages.

The event log is a SQLite file (``--db``, ``pitboss.db`` by default) or a PostgreSQL database
(``--database-url``). The director's password is chosen at first start, through the address
printed here with a one-time setup code, and kept hashed in a credentials file beside the
database (``--credentials`` to put it elsewhere).

Each client is known by the address it connects from (wrong passwords are counted per
address): a ``X-Forwarded-For`` header is believed only from the reverse proxy the director
names with ``--forwarded-allow-ips`` (issue 25: from loopback, a new header on every guess
escaped the wrong-password limit).
"""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType

    import uvicorn
    from fastapi import FastAPI


ROLES = ("all", "tables", "web")
"""What one ``pitboss serve`` process does (issue 32)."""


def credentials_path(db: str, given: Path | None) -> Path:
    """Where the director's password hash and the signing secret are kept: ``given``, or
    beside the SQLite file (``pitboss.db.credentials.json``), or in the current directory for
    a PostgreSQL database."""
    if given is not None:
        return given
    if db.startswith(("postgresql:", "postgres:", "postgresql+psycopg:")):
        return Path("pitboss-credentials.json")
    return Path(db + ".credentials.json")


def banner(url: str, *, has_password: bool, setup_code: str, host: str) -> list[str]:
    """What the terminal says at start: the console's address and how to sign in."""
    lines = [f"pitboss is serving the director's console at {url}/"]
    if has_password:
        lines.append("  sign in there with the director's password")
    else:
        lines.append(
            f"  first start: choose the director's password at {url}/setup?code={setup_code}"
        )
    lines.append("  screens: each tournament's clock, seating chart and results are linked")
    lines.append("  from its console; table devices get a link (QR code) per table")
    if host in ("127.0.0.1", "localhost", "::1"):
        lines.append(
            "  (only this computer can reach it: --host 0.0.0.0 lets phones and the TV in)"
        )
    lines.append("  Ctrl-C stops it; the night is saved after every command")
    return lines


def server_config(
    application: FastAPI, *, host: str, port: int, forwarded_allow_ips: str | None = None
) -> uvicorn.Config:
    """How uvicorn serves ``application``: forwarded headers (``X-Forwarded-For``,
    ``X-Forwarded-Proto``) honoured only from ``forwarded_allow_ips`` (a proxy's addresses,
    comma-separated, ``*`` for any) and ignored without it, whatever uvicorn's default
    (which trusts them from 127.0.0.1); a WebSocket message over `MAX_WS_MESSAGE_BYTES`
    closes its socket (1009) unread."""
    import uvicorn

    from pitboss.server.limits import MAX_WS_MESSAGE_BYTES

    return uvicorn.Config(
        application,
        host=host,
        port=port,
        log_level="warning",
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        ws_max_size=MAX_WS_MESSAGE_BYTES,
    )


def _draining_server() -> Callable[[uvicorn.Config, FastAPI], uvicorn.Server]:
    import uvicorn

    class DrainFirst(uvicorn.Server):
        """A table host's server (issue 32): SIGTERM or Ctrl-C first drains the host (each
        table handed over at the end of its hand in play, its players' screens still served),
        then the server stops; a second signal stops it at once. uvicorn alone would close
        every connection before the app's shutdown, leaving the players of the hands in play
        to their action clocks."""

        def __init__(self, config: uvicorn.Config, application: FastAPI) -> None:
            super().__init__(config)
            self.application = application
            self.draining = False
            self.loop: asyncio.AbstractEventLoop | None = None

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            self.loop = asyncio.get_running_loop()
            await super().startup(sockets)

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            host = getattr(self.application.state, "table_host", None)
            if host is None or self.draining or self.loop is None or host.finished:
                super().handle_exit(sig, frame)
                return
            self.draining = True
            self.loop.call_soon_threadsafe(host.drain)

        async def on_tick(self, counter: int) -> bool:
            host = getattr(self.application.state, "table_host", None)
            if self.draining and host is not None and host.finished:
                self.should_exit = True
            return await super().on_tick(counter)

    return DrainFirst


@app.command("serve")
def serve_command(
    db: Annotated[
        str, typer.Option("--db", help="The SQLite file of the event log (created if missing).")
    ] = "pitboss.db",
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="A postgresql:// URL instead of a SQLite file."),
    ] = None,
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="The port to listen on.")] = 8000,
    credentials: Annotated[
        Path | None,
        typer.Option("--credentials", help="The file of the director's password hash."),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            "--forwarded-allow-ips",
            help=(
                "Behind a reverse proxy: its addresses (comma-separated, '*' for any), whose "
                "X-Forwarded-For names the client. Without it the header is ignored and each "
                "client is known by its own address."
            ),
        ),
    ] = None,
    role: Annotated[
        str,
        typer.Option(
            "--role",
            help=(
                "all: everything in this one process (the default). tables: a table host "
                "(issue 32): no pages, it deals the software-dealt tables whose leases it "
                "holds, with any number of other hosts on the same database (PostgreSQL, or a "
                "SQLite file on one machine) and serves their players' screens; SIGTERM or "
                "Ctrl-C hands its tables over at the end of their hands, then it stops. web: a "
                "gateway: the pages, the API and the screens, each player's relayed to the "
                "host dealing their table; the director's 'deal' has the table hosts deal."
            ),
        ),
    ] = "all",
    host_id: Annotated[
        str | None,
        typer.Option(
            "--host-id", help="A table host's name in `pitboss status` (machine-pid by default)."
        ),
    ] = None,
    retain_details_days: Annotated[
        int | None,
        typer.Option(
            "--retain-details-days",
            min=1,
            help=(
                "Erase players' private details (THC 1: address, e-mail, phone, date of birth, "
                "SS#, driver licence) not written for this many days: at start, then daily. "
                "The entries and money stay. Without it they are kept until erased."
            ),
        ),
    ] = None,
) -> None:
    """Serve the director's console, the big-screen clock, the seating chart and find my seat,
    results and the table devices' pages (FastAPI on uvicorn)."""
    import secrets

    import uvicorn

    from pitboss.cli.event import one_line_errors
    from pitboss.server.app import create_app
    from pitboss.server.auth import CredentialFile
    from pitboss.service import SteadyClock, system_random
    from pitboss.store import open_store

    target = database_url or db
    if role not in ROLES:
        raise typer.BadParameter(
            f"no such role '{role[:40]}': {' or '.join(ROLES)}", param_hint="--role"
        )
    with one_line_errors():
        store = open_store(target)
        keeper = CredentialFile(credentials_path(target, credentials))
    cluster = None
    if role != "all":
        import logging

        # a host's takings, hand-overs and losses of tables, for its operator's log
        logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
        logging.getLogger("pitboss.server.table_host").setLevel(logging.INFO)
        from pitboss.server.app import Cluster
        from pitboss.server.table_host import default_host_id

        shown_as = socket.gethostname() if host in ("0.0.0.0", "::") else host
        cluster = Cluster(
            role="tables" if role == "tables" else "web",
            host_id=host_id or default_host_id(),
            address=f"{shown_as}:{port}",
        )
    setup_code = secrets.token_urlsafe(9)
    # The machine's clock read once; from then on the time since boot, so setting the
    # computer's clock during the night neither rewinds nor jumps the tournament's (issue 25).
    application = create_app(
        store,
        SteadyClock(),
        system_random,
        credentials=keeper,
        setup_code=setup_code,
        retain_details_days=retain_details_days,
        cluster=cluster,
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    if cluster is not None and cluster.role == "tables":
        lines = [
            f"pitboss deals as table host {cluster.host_id} on {store.target}, its tables' "
            f"screens at {cluster.address}; SIGTERM or Ctrl-C hands its tables over"
        ]
    else:
        lines = banner(
            f"http://{shown}:{port}",
            has_password=keeper.credentials.password_hash is not None,
            setup_code=setup_code,
            host=host,
        )
    for line in lines:
        typer.echo(line)
    config = server_config(
        application, host=host, port=port, forwarded_allow_ips=forwarded_allow_ips
    )
    server = uvicorn.Server(config) if cluster is None else _draining_server()(config, application)
    try:
        server.run()
    finally:
        store.close()
