"""``pitboss status DB``: the table hosts of a store and the tables each deals (issue 32).

What an operator looks at during a night dealt over several processes: each host (its role,
machine and pid, how long ago it last beat, whether it is draining), the tables it holds with
the lease's age, the time left before it expires (or how long ago it did: the table is up for
takeover), its fencing token, and the *lag*, how long ago the table's hand stream was last
written; then the tables of the tournaments the hosts deal that no host holds. ``--json``
prints the same as one object.

Every time is measured on the database's clock (`LeaseBook.now`), except the lag, which compares
it with the ``at`` the table's host stamped its last hand event with (its own clock).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import typer

from pitboss.cli._app import app
from pitboss.cli.event import DbArg, JsonOpt, one_line_errors

if TYPE_CHECKING:
    from rich.table import Table

    from pitboss.store import EventStore
    from pitboss.store.leases import LeaseBook


@app.command("status")
def status_command(db: DbArg, as_json: JsonOpt = False) -> None:
    """The table hosts, the tables each deals (lease age, expiry, token, lag), and the tables
    of dealt tournaments that no host holds."""
    from pitboss.store import open_store
    from pitboss.store.leases import LeaseBook

    with one_line_errors(), open_store(db) as store:
        report = gather(store, LeaseBook(store))
    if as_json:
        typer.echo(json.dumps(report, indent=2))
        return
    _print(report)


def gather(store: EventStore, book: LeaseBook) -> dict[str, Any]:
    """The status as plain data (what ``--json`` prints; times in ms, ages in seconds)."""
    now = book.now()
    names = {t.stream: t.name for t in store.tournaments()}
    hosts = book.hosts()
    leases = book.leases()
    held: dict[str, int] = {}
    for lease in leases:
        held[lease.owner] = held.get(lease.owner, 0) + 1
    tables = [
        {
            "tournament": lease.stream,
            "name": names.get(lease.stream),
            "table": lease.table,
            "host": lease.owner,
            "token": lease.token,
            "held_s": _seconds(now - lease.acquired_at),
            "expires_in_s": _seconds(lease.expires_at - now),
            "expired": lease.expires_at <= now,
            "last_write_s_ago": _lag(store, lease.stream, lease.table, now),
        }
        for lease in leases
    ]
    taken = {(lease.stream, lease.table) for lease in leases if lease.expires_at > now}
    dealt = book.dealt()
    unheld = [
        {"tournament": d.stream, "name": names.get(d.stream), "table": table}
        for d in dealt
        for table in _tables_of(store, d.stream, leases)
        if (d.stream, table) not in taken
    ]
    return {
        "now": now,
        "hosts": [
            {
                "host": h.host_id,
                "role": h.role,
                "machine": h.machine,
                "pid": h.pid,
                "seen_s_ago": _seconds(now - h.seen_at),
                "draining": h.draining,
                "tables": held.get(h.host_id, 0),
            }
            for h in hosts
        ],
        "tables": tables,
        "unheld": unheld,
        "dealt": [
            {"tournament": d.stream, "name": names.get(d.stream), "settings": d.settings}
            for d in dealt
        ],
    }


def _seconds(ms: int) -> float:
    return round(ms / 1000, 1)


def _lag(store: EventStore, stream: str, table: int, now: int) -> float | None:
    """How long ago (s) the table's hand stream was last written; None when never."""
    from pitboss.errors import PitbossError
    from pitboss.ids import TableNo
    from pitboss.live.hand_log import hand_stream

    try:
        hands = hand_stream(stream, TableNo(table))
        head = store.head(hands)
        if head == 0:
            return None
        return _seconds(now - store.load(hands, head - 1)[0].at)
    except PitbossError:  # no hand stream yet (or an id too long for one)
        return None


def _tables_of(store: EventStore, stream: str, leases: list[Any]) -> list[int]:
    """The tables in play of tournament ``stream`` (its state, folded from the log); those
    with a lease when the log cannot be folded (not a director's tournament, unreadable)."""
    from pitboss.errors import PitbossError
    from pitboss.service import DirectorService, LiveTournament

    try:
        live = LiveTournament(DirectorService(store), stream)
        live.refresh()
        if live.head:
            return sorted(int(n) for n in live.state.tables)
    except PitbossError:
        pass
    return sorted({lease.table for lease in leases if lease.stream == stream})


def _age(seconds: float | None) -> str:
    """``4.2 s``, ``12 min 5 s``, ``2 h 3 min``; ``-`` for never."""
    if seconds is None:
        return "-"
    if seconds < 60:
        return f"{seconds:.1f} s"
    whole = int(seconds)
    if whole < 3600:
        return f"{whole // 60} min {whole % 60} s"
    return f"{whole // 3600} h {whole % 3600 // 60} min"


def _where(row: dict[str, Any]) -> str:
    from rich.markup import escape

    return escape(str(row["name"] or row["tournament"]))


def _print(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.markup import escape

    console = Console(highlight=False, soft_wrap=False, width=160)
    if not report["hosts"] and not report["tables"] and not report["dealt"]:
        console.print("no table hosts, leases or dealt tournaments in this store")
        return
    hosts = _table("Host", "Role", "Machine", "PID", "Last seen", "Draining", "Tables")
    for h in report["hosts"]:
        hosts.add_row(
            escape(h["host"]),
            escape(h["role"]),
            escape(h["machine"]),
            str(h["pid"]),
            f"{_age(h['seen_s_ago'])} ago",
            "draining" if h["draining"] else "",
            str(h["tables"]),
        )
    console.print(hosts if report["hosts"] else "no hosts registered")
    leases = _table("Tournament", "Table", "Host", "Token", "Held for", "Expires", "Last write")
    for t in report["tables"]:
        left = t["expires_in_s"]
        expiry = f"EXPIRED {_age(-left)} ago" if t["expired"] else f"in {_age(left)}"
        lag = t["last_write_s_ago"]
        leases.add_row(
            _where(t),
            str(t["table"]),
            escape(t["host"]),
            str(t["token"]),
            _age(t["held_s"]),
            expiry,
            "never" if lag is None else f"{_age(lag)} ago",
        )
    console.print()
    console.print(leases if report["tables"] else "no table is held by a host")
    if report["unheld"]:
        console.print()
        console.print(
            "[bold]Not dealt by any host:[/bold] "
            + "; ".join(f"{_where(u)} table {u['table']}" for u in report["unheld"])
        )


def _table(*columns: str) -> Table:
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for name in columns:
        table.add_column(name)
    return table
