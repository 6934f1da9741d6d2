"""``pitboss event verify``: is a stored night the one that was played (issue 25)?

Charity poker is licensed gaming: the organisation keeps its records for the regulator (THC
add. 10, 17-18). The store chains every event to the one before with SHA-256
(`pitboss.store.chain`); this command recomputes the chain of a tournament and of its tables'
hand logs and names the first event that does not match, in the room's time. ``--expect`` takes
the hash printed on a results sheet or in the treasurer's export and says whether this log
still holds that moment of the night.

Exit status: 0 intact (the head hash is printed), 1 not intact or the expected hash not found,
2 a refusal (no such store or tournament, a malformed hash).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cli.event import DbArg, IdArg, JsonOpt, _service, event_app, one_line_errors

if TYPE_CHECKING:
    from pitboss.service import DirectorService
    from pitboss.store.chain import ChainCheck

EXIT_NOT_INTACT = 1


def room_time(ms: int) -> str:
    """An instant as the room says it: the local date and time of day with the zone
    (``Sat 14 Nov 2026 21:14:03 CST``)."""
    from datetime import UTC, datetime

    return datetime.fromtimestamp(ms / 1000, UTC).astimezone().strftime("%a %d %b %Y %H:%M:%S %Z")


def _streams(svc: DirectorService, tournament: str) -> list[str]:
    """The tournament's stream, then its tables' hand streams by table number."""
    from pitboss.live.hand_log import is_hand_stream

    svc.store.tournament(tournament)  # an unknown id is refused here
    prefix = f"{tournament}-table-"
    tables = [
        t.stream
        for t in svc.store.tournaments()
        if t.stream.startswith(prefix) and is_hand_stream(t.stream)
    ]
    return [tournament, *sorted(tables, key=lambda s: int(s.removeprefix(prefix)))]


def _words(svc: DirectorService, tournament: str, seq: int) -> str | None:
    """What event ``seq`` says as the log reads now (the director's log line), if it can be
    told: a log edited behind pitboss's back may not replay at all."""
    from pitboss.service.audit import log_lines

    try:
        lines = log_lines(svc.open(tournament))
    except Exception:  # the check stands without the words
        return None
    return next((line.text for line in lines if line.seq == seq), None)


def _where(stream: str, tournament: str) -> str:
    table = stream.rpartition("-")[2]
    return "the tournament" if stream == tournament else f"table {table}'s hands"


def _report(check: ChainCheck, tournament: str, words: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "stream": check.stream,
        "log": _where(check.stream, tournament),
        "intact": check.is_intact,
        "events": check.events,
        "matched": check.checked,
    }
    if check.head is not None:
        out["head"] = {"seq": check.head.seq, "sha256": check.head.hash}
    wrong = check.mismatch
    if wrong is not None:
        out["mismatch"] = {
            "kind": wrong.kind.value,
            "seq": wrong.seq,
            "type": wrong.type,
            "batch": wrong.batch,
            "at": None if wrong.at is None else room_time(wrong.at),
            "at_ms": wrong.at,
            "reason": wrong.reason,
            "reads_now": words,
        }
    return out


@event_app.command("verify")
def verify_command(
    db: DbArg,
    tournament: IdArg,
    expect: Annotated[
        str | None,
        typer.Option(
            "--expect",
            help="A head hash printed earlier (the results sheet, the treasurer's export): say "
            "whether this log still holds that moment.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Check that the stored night was not edited afterwards: recompute the hash chain of the
    tournament and its tables' hands, name the first event that does not match (exit 1), or
    print the head hash (exit 0)."""
    from pitboss.errors import PitbossError
    from pitboss.store.chain import format_hash, parse_hash, verify

    with one_line_errors(), _service(db) as svc:
        wanted = None if expect is None else parse_hash(expect)
        if expect is not None and wanted is None:
            raise PitbossError(
                f"--expect {expect!r} is not a SHA-256 hash: give the 64 hex digits as printed "
                "(spaces do not matter)",
                code="bad_hash",
                params={"expect": expect},
            )
        name = svc.store.tournament(tournament).name
        checks = [verify(svc.store, s, expect=wanted) for s in _streams(svc, tournament)]
        first = checks[0]
        wrong = next((c for c in checks if not c.is_intact), None)
        words = None
        if wrong is not None and wrong.stream == tournament and wrong.mismatch is not None:
            words = _words(svc, tournament, wrong.mismatch.seq)
        found = first.expected
        head_at = None
        if first.head is not None:
            head_at = svc.store.load(tournament, first.head.seq - 1, through_seq=first.head.seq)[
                0
            ].at
    reports = [_report(c, tournament, words if c is wrong else None) for c in checks]
    intact = wrong is None and (wanted is None or found is not None)
    if as_json:
        out: dict[str, Any] = {"id": tournament, "name": name, "intact": intact, "logs": reports}
        if wanted is not None:
            out["expected"] = {"sha256": wanted, "seq": None if found is None else found.seq}
        typer.echo(json.dumps(out, indent=2))
        if not intact:
            raise typer.Exit(EXIT_NOT_INTACT)
        return
    if wrong is not None:
        _print_mismatch(name, tournament, reports[checks.index(wrong)])
    else:
        hands = sum(c.events for c in checks[1:])
        count = len(checks) - 1
        whose = "table's" if count == 1 else "tables'"
        tables = f"; {count} {whose} hands, {hands:,} events"
        typer.echo(
            f"intact: {name} ({tournament}): {first.events:,} events, each matches its hash"
            + (tables if count else "")
        )
        if first.head is not None and head_at is not None:
            typer.echo(f"head: event {first.head.seq}, {room_time(head_at)}")
            typer.echo(f"sha256 {format_hash(first.head.hash)}")
    if wanted is not None:
        if found is not None:
            after = first.events - found.seq
            typer.echo(
                f"the expected hash is event {found.seq}'s: this log holds that moment of the "
                f"night, and {after} event{'s' if after != 1 else ''} recorded after it"
            )
        else:
            typer.echo(
                "the expected hash is not in this log's matching events: it is not the log that "
                "hash was printed from, or events were removed or changed since"
            )
    if not intact:
        raise typer.Exit(EXIT_NOT_INTACT)


def _print_mismatch(name: str, tournament: str, report: dict[str, Any]) -> None:
    wrong = report["mismatch"]
    typer.echo(f"NOT INTACT: {name} ({tournament}), {report['log']}")
    what = f"event {wrong['seq']}"
    if wrong["type"] is not None:
        what += f", {wrong['type']}"
    if wrong["at"] is not None:
        what += f", {wrong['at']}"
    if wrong["batch"] is not None:
        what += f" (batch {wrong['batch']})"
    typer.echo(f"first event that does not match: {what}")
    typer.echo(f"{wrong['kind'].replace('_', ' ')}: {wrong['reason']}")
    if wrong["reads_now"]:
        typer.echo(f"it reads now: {wrong['reads_now']}")
    typer.echo(
        f"the {report['matched']:,} events before it match their hashes "
        f"({report['events']:,} events in this log)"
    )


__all__ = ["room_time", "verify_command"]
