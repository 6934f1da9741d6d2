"""``pitboss event``: a live tournament kept in an event store, run from the command line.

``DB`` is a SQLite file (created if missing) or a ``postgresql://`` URL. ``event new`` prints
the new tournament's id; ``do`` runs one command given as JSON (docs/commands.md), ``run`` a
file of them, one a line, each with an optional ``"at"`` (an ISO time; without an offset it is
UTC) for rehearsals; ``show``, ``log`` and ``export`` read; ``undo`` and ``redo`` show what they
change and ask before they do it; ``clock`` keeps the clock ticking so levels and breaks are
recorded on time with nobody pressing a key. A log this pitboss cannot read is refused saying
which event and why (``UnreadableEventError``); ``export --raw`` still writes it as stored.

Every refusal is one line on standard error, ``error [code]: message``, and exit status 2;
nothing was recorded.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cli._app import DEFAULT_PRESET, app

if TYPE_CHECKING:
    from pitboss.service import CursorPlan, DirectorService, LiveTournament
    from pitboss.tournament.registry import Event
    from pitboss.tournament.state import TournamentState

EXIT_REFUSED = 2

event_app = typer.Typer(
    name="event",
    help="A live tournament kept in an event store (SQLite file or postgresql:// URL).",
    no_args_is_help=True,
)
app.add_typer(event_app)

DbArg = Annotated[str, typer.Argument(help="A SQLite file, or a postgresql:// URL.")]
IdArg = Annotated[str, typer.Argument(help="The tournament's id (`pitboss event list`).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
SeedOpt = Annotated[
    str | None,
    typer.Option(
        "--seed", help="Draw seats and cards from this seed (rehearsals): same seed, same draws."
    ),
]


@contextmanager
def one_line_errors() -> Iterator[None]:
    """Every refusal as one line with its code, exit status 2: never a traceback."""
    from pitboss.errors import PitbossError

    try:
        yield
    except PitbossError as error:
        typer.echo(f"error [{error.code}]: {error.message}", err=True)
        raise typer.Exit(EXIT_REFUSED) from None
    except OSError as error:
        typer.echo(f"error [os_error]: {error.strerror or error}", err=True)
        raise typer.Exit(EXIT_REFUSED) from None


@contextmanager
def _service(db: str, seed: str | None = None) -> Iterator[DirectorService]:
    from pitboss.service import DirectorService, seeded_random, system_random
    from pitboss.store import open_store

    randomness = system_random if seed is None else seeded_random(seed)
    with open_store(db) as store:
        yield DirectorService(store, randomness=randomness)


def parse_at(text: object, where: str) -> int:
    """An ISO time as ms UTC (``2026-12-04T19:00:00Z``; without an offset, UTC).

    Raises:
        PitbossError: ``bad_at``: not an ISO time.
    """
    from datetime import UTC, datetime

    from pitboss.errors import PitbossError

    moment = None
    if isinstance(text, str):
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            moment = None
    if moment is None:
        raise PitbossError(
            f'{where}: "at" is an ISO time such as "2026-12-04T19:00:00Z", not {text!r}',
            code="bad_at",
            params={"got": repr(text)},
        )
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return int(moment.timestamp() * 1000)


def _iso(ms: int) -> str:
    from datetime import UTC, datetime

    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")


# --- new, list --------------------------------------------------------------------------------


@event_app.command("new")
def new_command(
    db: DbArg,
    name: Annotated[str, typer.Option("--name", help="The tournament's name.")],
    preset: Annotated[
        str, typer.Option("--preset", help="A preset (`pitboss presets`) or a TOML file.")
    ] = DEFAULT_PRESET,
    at: Annotated[
        str | None,
        typer.Option("--at", help="Create it at this ISO time (a rehearsal's script)."),
    ] = None,
    script: Annotated[
        Path | None,
        typer.Option(
            "--script",
            help='Create it at the first "at" of this rehearsal script (`pitboss event run`).',
        ),
    ] = None,
) -> None:
    """Create a tournament under a preset's rules and print its id.

    A rehearsal is created at its own time (``--at``, or ``--script``: the script's first
    ``"at"``), so the script's commands come after it whatever today's date is.
    """
    from pitboss.cli.presets import load_house
    from pitboss.errors import PitbossError

    with one_line_errors():
        if at is not None and script is not None:
            raise PitbossError(
                "give --at or --script, not both: --script creates the tournament at the "
                'script\'s first "at"',
                code="bad_option",
                params={"options": ["--at", "--script"]},
            )
        rules = load_house(preset)
        when = None if at is None else parse_at(at, "--at")
        if script is not None:
            when = first_at(script)
        with _service(db) as svc:
            live = svc.create(name, rules, at=when)
        typer.echo(live.stream)


@event_app.command("list")
def list_command(db: DbArg, as_json: JsonOpt = False) -> None:
    """The tournaments in a store, oldest first."""
    from pitboss.club.log import is_club_stream

    with one_line_errors(), _service(db) as svc:
        rows = [
            {
                "id": t.stream,
                "name": t.name,
                "created": _iso(t.created_at),
                "events": svc.store.head(t.stream),
            }
            for t in svc.store.tournaments()
            if not is_club_stream(t.stream)
        ]
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
        return
    if not rows:
        typer.echo("no tournaments yet: `pitboss event new DB --name ...`")
    for row in rows:
        typer.echo(f"{row['id']}  {row['created']}  {row['events']:>6} events  {row['name']}")


# --- show -------------------------------------------------------------------------------------


def summary(state: TournamentState, now: int) -> dict[str, Any]:
    """What ``show`` prints: phase, clock, players, standings, prize pool and the ledger."""
    from pitboss.tournament.reading.views import clock_view, standings_view

    players = state.players
    out: dict[str, Any] = {"name": state.name, "phase": state.phase.value}
    if state.clock.is_started:
        view = clock_view(state, now)
        out["clock"] = {
            "label": view.label,
            "level": view.level,
            "on_break": view.on_break,
            "small_blind": view.small_blind,
            "big_blind": view.big_blind,
            "ante": view.ante,
            "remaining_ms": view.remaining_ms,
            "running": view.running,
            "hand_for_hand": view.hand_for_hand,
            "next": view.next_label,
        }
    table = standings_view(state, now)
    out["players"] = {
        "entries": state.entries,
        "left": table.players_left,
        "chips_in_play": table.chips_in_play,
        "average_stack": table.average_stack,
    }
    left = sorted(
        state.remaining_players(), key=lambda pid: (-players[pid].chips, players[pid].name)
    )
    out["standings"] = [
        {"place": None, "player_id": pid, "name": players[pid].name, "chips": players[pid].chips}
        for pid in left
    ] + [
        {
            "place": f"{p.first}" if p.first == p.last else f"{p.first}-{p.last}",
            "player_id": p.player_id,
            "name": players[p.player_id].name,
            "chips": 0,
        }
        for p in table.places
    ]
    out["prize_pool_cents"] = state.prize_pool_cents
    out["prizes_cents"] = list(state.prizes_cents)
    balance = state.ledger.balance(state.rules.tournament.prize_pool)
    out["ledger"] = {
        "taken_in_cents": balance.taken_in,
        "refunds_cents": balance.refunds,
        "prize_pool_cents": balance.prize_pool,
        "house_share_cents": balance.house_share,
        "overlay_cents": balance.overlay,
        "prizes_paid_cents": balance.prizes_paid,
        "prizes_forfeited_cents": balance.prizes_forfeited,
        "prizes_unpaid_cents": balance.prizes_unpaid,
    }
    if state.winner is not None:
        out["winner"] = players[state.winner].name
    return out


def _summary_text(stream: str, info: dict[str, Any]) -> list[str]:
    from pitboss.money import format_money

    lines = [f"{info['name']} ({stream}): {info['phase']}"]
    clock = info.get("clock")
    if clock is not None:
        minutes, seconds = divmod(clock["remaining_ms"] // 1000, 60)
        state = "running" if clock["running"] else "paused"
        blinds = f"blinds {clock['small_blind']:,}/{clock['big_blind']:,}"
        if clock["ante"]:
            blinds += f", ante {clock['ante']:,}"
        what = clock["label"] if clock["on_break"] else f"{clock['label']}: {blinds}"
        h4h = ", hand-for-hand" if clock["hand_for_hand"] else ""
        nxt = f"; next: {clock['next']}" if clock["next"] else ""
        lines.append(f"clock: {what}, {minutes}:{seconds:02d} left ({state}{h4h}){nxt}")
    p = info["players"]
    lines.append(
        f"players: {p['left']} of {p['entries']} entries left, {p['chips_in_play']:,} chips, "
        f"average {p['average_stack']:,}"
    )
    if "winner" in info:
        lines.append(f"winner: {info['winner']}")
    prizes = ", ".join(format_money(c) for c in info["prizes_cents"]) or "none yet"
    lines.append(f"prize pool: {format_money(info['prize_pool_cents'])} (prizes: {prizes})")
    ledger = info["ledger"]
    lines.append(
        "ledger: taken in {}, refunds {}, house {}, overlay {}, paid {}, forfeited {}, "
        "unpaid {}".format(
            *(
                format_money(ledger[k])
                for k in (
                    "taken_in_cents",
                    "refunds_cents",
                    "house_share_cents",
                    "overlay_cents",
                    "prizes_paid_cents",
                    "prizes_forfeited_cents",
                    "prizes_unpaid_cents",
                )
            )
        )
    )
    if info["standings"]:
        lines.append("standings:")
        for rank, row in enumerate(info["standings"], start=1):
            place = row["place"] or str(rank)
            chips = f"{row['chips']:,}" if row["chips"] else "out"
            lines.append(f"  {place:>5}  {row['name']:<24} {chips:>12}")
    return lines


@event_app.command("show")
def show_command(
    db: DbArg,
    tournament: IdArg,
    as_json: JsonOpt = False,
    at: Annotated[
        str | None,
        typer.Option(
            "--at",
            help="Show it as it stands at this ISO time (a rehearsal); not before the last "
            "thing recorded.",
        ),
    ] = None,
) -> None:
    """Phase, clock, level, players left, standings, prize pool and the ledger."""
    from pitboss.errors import PitbossError

    with one_line_errors(), _service(db) as svc:
        live = svc.open(tournament)
        last = live.state.last_at or 0
        when = max(svc.clock(), last) if at is None else parse_at(at, "--at")
        if when < last:
            raise PitbossError(
                f"--at {_iso(when)} UTC is before the last thing recorded, at {_iso(last)} UTC: "
                "show it at or after that",
                code="bad_at",
                params={"at": when, "last_at": last},
            )
        info = summary(live.state, when)
    if as_json:
        typer.echo(json.dumps({"id": tournament, **info}, indent=2))
        return
    for line in _summary_text(tournament, info):
        typer.echo(line)


# --- log --------------------------------------------------------------------------------------


@event_app.command("log")
def log_command(db: DbArg, tournament: IdArg, as_json: JsonOpt = False) -> None:
    """Every event, readable; undone commands are marked (the audit trail keeps them)."""
    from pitboss.service.audit import log_lines

    with one_line_errors(), _service(db) as svc:
        described = [
            {**line.to_dict(), "at": _iso(line.at)} for line in log_lines(svc.open(tournament))
        ]
    if as_json:
        typer.echo(json.dumps(described, indent=2))
        return
    for row in described:
        mark = "" if row["in_effect"] else "  [undone]"
        typer.echo(f"{row['seq']:>6}  {row['at']}  {row['text']}{mark}")


# --- do, run ----------------------------------------------------------------------------------


def _describe_all(events: tuple[Event, ...], before: TournamentState) -> list[str]:
    from pitboss.service.audit import describe_all

    return describe_all(events, before)


@event_app.command("do")
def do_command(
    db: DbArg,
    tournament: IdArg,
    command: Annotated[str, typer.Argument(help="One command as JSON: '{\"type\": ...}'.")],
    at: Annotated[
        str | None, typer.Option("--at", help="Run it at this ISO time (rehearsals).")
    ] = None,
    seed: SeedOpt = None,
) -> None:
    """Run one command (docs/commands.md) and print what it changed."""
    from pitboss.tournament.codec import decode_command_json

    with one_line_errors(), _service(db, seed) as svc:
        decoded = decode_command_json(command)
        when = None if at is None else parse_at(at, "--at")
        live = svc.open(tournament)
        before = live.state
        outcome = live.execute(decoded, at=when)
        lines = _describe_all(outcome.events, before)
    if outcome.batch is None:
        typer.echo("nothing to record")
    for line in lines:
        typer.echo(line)


def script_lines(path: Path) -> list[tuple[int, dict[str, Any]]]:
    """A ``.jsonl`` file's commands, one JSON object a line (blank lines and ``#`` comments
    skipped), with their line numbers."""
    from pitboss.errors import PitbossError
    from pitboss.tournament.codec import MAX_COMMAND_BYTES, parse_json

    out: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            data = parse_json(text, limit=MAX_COMMAND_BYTES, what="command")
        except PitbossError as error:
            raise PitbossError(
                f"{path}:{number}: {error.message}", code=error.code, params=dict(error.params)
            ) from None
        if not isinstance(data, dict):
            raise PitbossError(
                f"{path}:{number}: a line is one JSON object, a command",
                code="bad_script",
                params={"line": number},
            )
        out.append((number, data))
    return out


def first_at(path: Path) -> int:
    """The first ``"at"`` of a script, as ms UTC: the instant its rehearsal begins.

    Raises:
        PitbossError: ``bad_script`` when no line has an ``"at"``; ``bad_at`` for a bad one.
    """
    from pitboss.errors import PitbossError

    for number, data in script_lines(path):
        if "at" in data:
            return parse_at(data["at"], f"{path}:{number}")
    raise PitbossError(
        f'{path}: no line has an "at", so the script has no time of its own; create the '
        "tournament with --at ISO instead",
        code="bad_script",
        params={"path": str(path)},
    )


def _before_creation(live: LiveTournament, at: int | None, script: Path) -> str:
    """The hint for a line dated before the tournament was created: create it at the
    script's time."""
    created = live.service.store.tournament(live.stream).created_at
    if at is None or at >= created:
        return ""
    return (
        f" (the tournament was created at {_iso(created)} UTC, after this line: create the "
        f"rehearsal's tournament at the script's own time, `pitboss event new DB --name ... "
        f"--script {script}`)"
    )


@event_app.command("run")
def run_command(
    db: DbArg,
    tournament: IdArg,
    script: Annotated[Path, typer.Argument(help="A .jsonl file: one JSON command a line.")],
    seed: SeedOpt = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Skip the lines already recorded (after a crash)."),
    ] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the summary.")] = False,
) -> None:
    """Run a file of commands in order, each with an optional "at" (rehearse a night).

    Each line is committed before the next is read; the first refusal stops the run (exit 2)
    with the line's number, and the lines before it stay recorded.
    """
    from pitboss.errors import PitbossError
    from pitboss.tournament.codec import decode_command, encode_command

    with one_line_errors(), _service(db, seed) as svc:
        lines = script_lines(script)
        live = svc.open(tournament)
        done = _recorded(live) if resume else []
        position = 0
        ran = skipped = 0
        for number, data in lines:
            where = f"{script}:{number}"
            fields = dict(data)
            at = parse_at(fields.pop("at"), where) if "at" in fields else None
            try:
                command = decode_command(fields)
                encoded = encode_command(command)
                if position < len(done) and _same(done[position], encoded, at):
                    position += 1
                    skipped += 1
                    continue
                before = live.state
                outcome = live.execute(command, at=at)
            except PitbossError as error:
                hint = ""
                if error.code == "time_went_backwards":
                    hint = _before_creation(live, at, script)
                typer.echo(f"error [{error.code}]: {where}: {error.message}{hint}", err=True)
                typer.echo(f"{ran} commands run, {skipped} already recorded; stopped", err=True)
                raise typer.Exit(EXIT_REFUSED) from None
            ran += 1
            if not quiet:
                for text in _describe_all(outcome.events, before):
                    typer.echo(f"{number}: {text}")
            if outcome.batch is not None:
                typer.echo(f"ok {number} batch {outcome.batch} seq {live.head}", err=True)
        typer.echo(f"{ran} commands run, {skipped} already recorded; {live.head} events")


def _same(recorded: tuple[dict[str, Any], int], command: dict[str, Any], at: int | None) -> bool:
    """The recorded command is this line's (at the line's instant, when it gives one)."""
    return recorded[0] == command and (at is None or recorded[1] == at)


def _recorded(live: LiveTournament) -> list[tuple[dict[str, Any], int]]:
    """The commands recorded in the log (not the clock's ticks nor undo marks), with their
    instants: what a resumed script skips."""
    out = []
    for batch in live.service.store.commands(live.stream):
        command = batch.command
        if command is None or command.get("type") in {"tick", "undo", "redo", "create_tournament"}:
            continue
        out.append((dict(command), batch.at))
    return out


# --- undo, redo -------------------------------------------------------------------------------


def _plan_lines(plan: CursorPlan, state: TournamentState) -> list[str]:
    what = "undo takes out" if plan.kind == "undo" else "redo puts back"
    lines = [f"{what}:"]
    for batch in plan.batches:
        kind = (batch.command or {}).get("type", "?")
        types = ", ".join(e.type for e in batch.events)
        lines.append(f"  batch {batch.number} at {_iso(batch.at)}: {kind} ({types})")
    for batch in plan.dropped:
        kind = (batch.command or {}).get("type", "?")
        lines.append(f"  and takes out batch {batch.number}: {kind} (the clock records it again)")
    del state
    return lines


def _cursor_command(db: str, tournament: str, kind: str, yes: bool) -> None:
    with one_line_errors(), _service(db) as svc:
        live = svc.open(tournament)
        plan = live.undo_plan() if kind == "undo" else live.redo_plan()
        for line in _plan_lines(plan, live.state):
            typer.echo(line)
        if not yes and not typer.confirm(f"{kind}?", default=False):
            typer.echo("nothing changed")
            raise typer.Exit(1)
        expect = [b.number for b in plan.batches]
        done = live.undo(expect=expect) if kind == "undo" else live.redo(expect=expect)
        typer.echo(f"{kind} done: {len(done.batches)} batches; {live.head} events in the log")


YesOpt = Annotated[bool, typer.Option("--yes", "-y", help="Do not ask for confirmation.")]


@event_app.command("undo")
def undo_command(db: DbArg, tournament: IdArg, yes: YesOpt = False) -> None:
    """Undo the last command (it stays in the log, marked undone), after showing it."""
    _cursor_command(db, tournament, "undo", yes)


@event_app.command("redo")
def redo_command(db: DbArg, tournament: IdArg, yes: YesOpt = False) -> None:
    """Redo the last undone command, after showing it."""
    _cursor_command(db, tournament, "redo", yes)


# --- export -----------------------------------------------------------------------------------


@event_app.command("export")
def export_command(
    db: DbArg,
    tournament: IdArg,
    csv_dir: Annotated[
        Path | None, typer.Option("--csv", help="Write the CSV files into this folder.")
    ] = None,
    with_details: Annotated[
        bool,
        typer.Option(
            "--with-details",
            help="With --csv: the entries report is the treasurer's record, each player's "
            "private details after the money (THC 1); the other reports never carry them.",
        ),
    ] = False,
    hands_dir: Annotated[
        Path | None,
        typer.Option(
            "--hands",
            help="Write every hand the software dealt or a dealer recorded into this folder: "
            "phh/table-NNN.phhs, each player's own PokerStars file pokerstars/<player>.txt, and "
            "each table's pokerstars/tables/table-NNN.txt.",
        ),
    ] = None,
    raw_file: Annotated[
        Path | None,
        typer.Option(
            "--raw",
            help="Write the log exactly as it is stored into this file, one JSON object a line "
            "(each batch's command, then its events): read without decoding, so it works on a "
            "log this pitboss cannot open. It holds the private details: keep it safe.",
        ),
    ] = None,
) -> None:
    """Entries and money taken, results and prizes paid, chips removed with reasons: what a
    treasurer or a charitable-gaming office asks for (THC add. 10), with log.csv, the head hash
    of the log they came from (`pitboss event verify --expect`); the hands, as PHH and
    PokerStars text; and the raw log, as stored."""
    import csv

    from pitboss.errors import PitbossError
    from pitboss.tournament.reading import reports

    written: list[Path] = []
    with one_line_errors(), _service(db) as svc:
        if with_details and csv_dir is None:
            raise PitbossError(
                "--with-details adds the private details to the entries report: give --csv "
                "FOLDER too",
                code="nothing_to_export",
                params={"allowed": ["--csv"]},
            )
        if csv_dir is None and hands_dir is None and raw_file is None:
            raise PitbossError(
                "say what to export: --csv FOLDER (the treasurer's reports), --hands FOLDER "
                "(the hands as PHH and PokerStars text), --raw FILE (the log as stored), or "
                "several",
                code="nothing_to_export",
                params={"allowed": ["--csv", "--hands", "--raw"]},
            )
        if raw_file is not None:
            from pitboss.service.audit import raw_log

            lines = list(raw_log(svc.store, tournament))
            raw_file.parent.mkdir(parents=True, exist_ok=True)
            with raw_file.open("w", encoding="utf-8", newline="\n") as handle:
                handle.writelines(lines)
            written.append(raw_file)
        skipped: list[str] = []
        if csv_dir is not None or hands_dir is not None:
            live = svc.open(tournament)
            if csv_dir is not None:
                from pitboss.service.audit import log_rows

                state, stored, head = live.history_through()
                events = [event for _, event in stored]
                csv_dir.mkdir(parents=True, exist_ok=True)
                every = reports.all_reports(state, events, with_details=with_details)
                rows = {name: report.csv_rows() for name, report in every.items()}
                rows["log"] = log_rows(live.store, live.stream, state.name, head)
                for name, table in rows.items():
                    path = csv_dir / f"{name}.csv"
                    with path.open("w", newline="", encoding="utf-8") as handle:
                        csv.writer(handle).writerows(table)
                    written.append(path)
            if hands_dir is not None:
                written += _export_hands(live, hands_dir, skipped)
    for path in written:
        typer.echo(str(path))
    for line in skipped:
        typer.echo(f"not written: {line}", err=True)


def _export_hands(live: Any, folder: Path, skipped: list[str]) -> list[Path]:
    """Every finished hand of the tournament into ``folder`` (`pitboss.live.history`'s
    ``export_files``: PHH by table, each player's and each table's PokerStars file); a hand a
    format cannot express is listed in ``skipped`` with why."""
    from pitboss.live.history import export_files

    paths = []
    for name, text in export_files(live.store, live.stream, live.state, skipped).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
        paths.append(path)
    return paths


# --- clock ------------------------------------------------------------------------------------


@event_app.command("clock")
def clock_command(
    db: DbArg,
    tournament: IdArg,
    seconds: Annotated[
        float | None, typer.Option("--for", help="Stop after this many seconds (default: never).")
    ] = None,
    every: Annotated[float, typer.Option("--every", help="Seconds between ticks.")] = 1.0,
) -> None:
    """Keep the clock: record levels, breaks and the time limit as they come, and show the
    time left, until Ctrl-C."""
    import time

    with one_line_errors(), _service(db) as svc:
        live = svc.open(tournament)
        stop = None if seconds is None else time.monotonic() + seconds
        last = ""
        try:
            while stop is None or time.monotonic() < stop:
                live.refresh()
                before = live.state
                outcome = live.tick()
                for text in _describe_all(outcome.events, before):
                    typer.echo(text)
                info = summary(live.state, max(svc.clock(), live.state.last_at or 0))
                clock = info.get("clock")
                shown = (
                    "" if clock is None else f"{clock['label']}:{clock['remaining_ms'] // 60_000}"
                )
                if shown != last:  # once a minute, and at every level and break
                    typer.echo(_summary_text(tournament, info)[1])
                    last = shown
                time.sleep(every)
        except KeyboardInterrupt:
            typer.echo(
                "clock stopped (the tournament's clock runs on; start this again to record it)"
            )


__all__ = ["event_app", "first_at", "parse_at", "script_lines", "summary"]
