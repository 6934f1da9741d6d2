"""``pitboss event tickets``: a satellite's seats and their use at its target (issue 29).

For a satellite: its target, each seat won as a ticket (its id, its winner) and whether it
paid an entry at the target, then the two books reconciled to the cent (seats awarded =
tickets used + tickets not used yet; `pitboss.tournament.reading.ticket_books`). For a target:
the entries paid by ticket. A ticket is used at the door with ``pitboss event do`` and a
``register_player`` carrying ``"ticket": {"satellite": ID, "ticket_id": "T1"}``; the target
is named with ``link_satellite`` (docs/satellites.md).
"""

from __future__ import annotations

import dataclasses
import json
from typing import TYPE_CHECKING

import typer

from pitboss.cli.event import DbArg, IdArg, JsonOpt, _service, event_app, one_line_errors

if TYPE_CHECKING:
    from pitboss.service.ticket_checks import Tickets


def ticket_text(found: Tickets) -> list[str]:
    """The tickets in words, one line each."""
    from pitboss.money import format_money

    lines: list[str] = []
    if found.is_satellite:
        target = (
            "no target named yet (link_satellite)"
            if found.target is None
            else (f"{found.target_name} ({found.target})")
        )
        value = format_money(found.seat_value_cents)
        lines.append(f"{found.name}: seats worth {value} each, for {target}")
        if not found.awarded:
            lines.append("  no seat awarded yet: they are won when the players left equal them")
        for t in found.awarded:
            use = {None: "use not known", True: f"used by {t.used_by_name}", False: "not used yet"}
            lines.append(f"  {t.ticket_id}  {t.name}  {use[t.used]}")
        books = found.reconciliation
        if books is not None:
            said = "both books agree" if books.agrees else "; ".join(books.problems)
            lines.append(
                f"Books: {format_money(books.awarded_cents)} in seats = "
                f"{format_money(books.redeemed_cents)} used + "
                f"{format_money(books.outstanding_cents)} not used yet: {said}"
            )
    if found.taken:
        lines.append(f"{found.name}: entries paid by ticket")
        for e in found.taken:
            out = "" if e.standing else " (out)"
            lines.append(f"  {e.name}: ticket {e.ticket_id} of {e.satellite_name}{out}")
    if not lines:
        lines.append(f"{found.name} has no tickets: it is not a satellite and took none")
    return lines


@event_app.command("tickets")
def tickets_command(db: DbArg, tournament: IdArg, as_json: JsonOpt = False) -> None:
    """A satellite's seats won as tickets and their use at its target, both books reconciled;
    a target's entries paid by ticket."""
    from pitboss.service.ticket_checks import tickets

    with one_line_errors(), _service(db) as svc:
        live = svc.open(tournament)
        found = tickets(live.state, stream=tournament, read=live.read_other)
    if as_json:
        typer.echo(json.dumps(dataclasses.asdict(found), indent=2))
        return
    for line in ticket_text(found):
        typer.echo(line)
