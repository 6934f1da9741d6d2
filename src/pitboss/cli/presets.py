"""``pitboss presets`` and ``pitboss preset show NAME``: the houses and their structures.

``presets`` lists the shipped house presets, the default (`pitboss.cli.DEFAULT_PRESET`, the one
``simulate`` plays) marked; ``preset show ky-charity`` (or a house's own ``FILE.toml``) prints
the blind structure as a person reads it: each level and break with the time it starts on the
clock (``--start``, 18:00 by default like a simulated night; KY 3 "Play will begin promptly at
6:00pm") and after the start, blinds, ante and minutes, what happens at each break, the
colour-ups and the preset's notes on a level (KY level 7's corrected typo); then the money
terms. ``preset export NAME|FILE.toml [-o FILE]`` writes the preset as the commented TOML a
director edits (`pitboss.rules.preset_toml`); ``preset sheet NAME --players N --start 18:00
-o sheet.html`` writes its one-page blind sheet (`pitboss.server.sheet_page`). An unknown preset, an
unreadable file or a bad option exits with status 2.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import DEFAULT_PRESET, app
from pitboss.errors import PitbossError
from pitboss.money import format_money

if TYPE_CHECKING:
    from rich.table import Table

    from pitboss.rules import RuleSet
    from pitboss.rules.tournament import TournamentRules

EXIT_BAD_INPUT = 2
MINUTES_PER_DAY = 24 * 60
DEFAULT_START = "18:00"
"""The time of day play starts in ``preset show`` unless ``--start`` says otherwise: the start
of a simulated night (`pitboss.play.simulation.DEFAULT_START_MS`, KY 3's 6:00pm). Written out
because it is the option's default: registering the command must not load the simulator
(``pitboss --help``); ``tests/cli/test_presets_cli.py`` checks the two agree."""

_CLOCK = re.compile(r"([01]?\d|2[0-3]):([0-5]\d)")


def load_house(preset: str) -> RuleSet:
    """A shipped preset by name, or a house's own preset file (a path ending in ``.toml``).

    Raises:
        PitbossError: no such preset, or the preset breaks a rule (the message says which).
        OSError: the file cannot be read.
    """
    from pitboss.rules.presets import load_preset, load_preset_file

    if preset.endswith(".toml"):
        return load_preset_file(Path(preset))
    return load_preset(preset)


def parse_clock(text: str) -> int:
    """``"18:00"`` -> minutes after midnight (1080).

    Raises:
        typer.BadParameter: not a time of day ``HH:MM`` from 00:00 to 23:59.
    """
    match = _CLOCK.fullmatch(text.strip())
    if match is None:
        raise typer.BadParameter(
            f"--start takes a time of day as HH:MM, 00:00 to 23:59 (like 18:00); got {text!r}"
        )
    return int(match.group(1)) * 60 + int(match.group(2))


def format_clock(minute: int) -> str:
    """Minutes after midnight of the first day -> ``"18:20"``, ``"00:10 (+1)"`` the next day."""
    days, of_day = divmod(minute, MINUTES_PER_DAY)
    return f"{of_day // 60:02d}:{of_day % 60:02d}" + (f" (+{days})" if days else "")


preset_app = typer.Typer(
    name="preset",
    help="Show, export or print one house preset.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(preset_app, name="preset")


@app.command("presets")
def presets_command() -> None:
    """List the house presets shipped with pitboss."""
    from rich.console import Console
    from rich.table import Table

    from pitboss.rules.presets import load_preset, preset_names

    table = Table(title="House presets")
    table.add_column("Preset", style="bold", no_wrap=True)
    table.add_column("House", overflow="fold")
    table.add_column("Levels", justify="right")
    table.add_column("Entry", justify="right")
    table.add_column("Chips", justify="right")
    table.add_column("Time limit", justify="right")
    for name in preset_names():
        rules = load_preset(name)
        t = rules.tournament
        limit = t.clock.time_limit_minutes
        table.add_row(
            name + (" (default)" if name == DEFAULT_PRESET else ""),
            rules.title,
            f"{len(t.structure.levels)} x {t.structure.level_minutes} min",
            _entry(t),
            f"{t.entry.starting_chips:,}",
            "-" if limit is None else f"{limit // 60} h {limit % 60:02d} min",
        )
    Console().print(table)


@preset_app.command("show")
def show_command(
    name: Annotated[
        str, typer.Argument(help="The preset (tda, ky-charity, thc, slpt ...) or a .toml file.")
    ],
    start: Annotated[
        str, typer.Option("--start", help="Time of day play starts, HH:MM (24-hour clock).")
    ] = DEFAULT_START,
) -> None:
    """Print a preset's structure (levels and breaks on the clock, colour-ups) and money terms."""
    try:
        start_at = parse_clock(start)
        rules = load_house(name)
    except typer.BadParameter as err:
        typer.echo(f"error: {err.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    except PitbossError as err:
        typer.echo(f"error: {err.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    except OSError as err:
        typer.echo(f"error: cannot read the preset file {name}: {err.strerror or err}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    from rich.console import Console

    console = Console()
    console.print(structure_table(rules, start_at=start_at))
    console.print(money_table(rules.tournament))


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def _write(text: str, output: Path | None) -> None:
    """``text`` to the file ``output``, or to standard output.

    Raises:
        typer.Exit: the file cannot be written (status 2).
    """
    if output is None:
        typer.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as err:
        raise _fail(f"cannot write {output}: {err.strerror or err}") from err
    typer.echo(f"wrote {output}", err=True)


@preset_app.command("export")
def export_command(
    name: Annotated[
        str, typer.Argument(help="The preset (tda, ky-charity, thc, slpt ...) or a .toml file.")
    ],
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: print).")
    ] = None,
) -> None:
    """Write a preset as the commented TOML a director edits: every setting, what it means,
    its unit, what is allowed and the rule it encodes."""
    from pitboss.rules.preset_toml import file_preset_toml, shipped_preset_toml
    from pitboss.rules.presets import parse_preset

    try:
        if name.endswith(".toml"):
            text = Path(name).read_text("utf-8")
            exported = file_preset_toml(text, parse_preset(text, name=Path(name).stem))
        else:
            exported = shipped_preset_toml(name)
    except PitbossError as err:
        raise _fail(err.message) from err
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or err
        raise _fail(f"cannot read the preset file {name}: {reason}") from err
    _write(exported, output)


@preset_app.command("sheet")
def sheet_command(
    name: Annotated[
        str, typer.Argument(help="The preset (tda, ky-charity, thc, slpt ...) or a .toml file.")
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", help="The field the payouts are drawn for (entries)."),
    ] = None,
    start: Annotated[
        str | None, typer.Option("--start", help="Time of day play starts, HH:MM (24-hour).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: print).")
    ] = None,
    rules: Annotated[
        bool, typer.Option("--rules", help="Keep the rules' citations (KY 11, seed 000).")
    ] = False,
) -> None:
    """Write a preset's one-page blind sheet as HTML to print (levels, breaks, colour-ups,
    re-buy and add-on windows, the legal limit, payouts for --players)."""
    from pitboss.server.sheet_page import check_players, parse_start, render_sheet
    from pitboss.tournament.reading.sheet import blind_sheet

    try:
        house = load_house(name)
        field = house.tournament.entry.max_entries if players is None else players
        sheet = blind_sheet(
            house,
            start_minute_of_day=None if start is None else parse_start(start),
            entrants=None if field is None else check_players(field),
        )
    except PitbossError as err:
        raise _fail(err.message) from err
    except OSError as err:
        raise _fail(f"cannot read the preset file {name}: {err.strerror or err}") from err
    _write(render_sheet(sheet, house, citations=rules, standalone=True), output)


def structure_table(rules: RuleSet, *, start_at: int = 18 * 60) -> Table:
    """The blind structure as a Rich table: one row per level or break, in clock order.

    ``start_at`` is the time of day play starts, in minutes after midnight; each row shows its
    start on the clock and after the start (breaks count, TDA/KY/THC clocks run through them).
    A level's or break's ``note`` (the preset's own, e.g. KY level 7's corrected typo) is shown
    on its row.
    """
    from rich.table import Table

    from pitboss.tournament.model.timeline import PeriodKind, ante_label, start_minute, timeline

    s = rules.tournament.structure
    t = rules.tournament
    table = Table(title=f"{rules.title}: structure")
    table.add_column("Level", justify="right", style="bold", no_wrap=True)
    table.add_column("Clock", justify="right", no_wrap=True)
    table.add_column("After", justify="right", no_wrap=True)
    table.add_column("Blinds", justify="right", no_wrap=True)
    table.add_column("Ante", justify="right", no_wrap=True)
    table.add_column("Min", justify="right", no_wrap=True)
    table.add_column("Colour-up / notes", overflow="fold", ratio=1)
    for period in timeline(s):
        start = start_minute(s, period.index)
        clock = format_clock(start_at + start)
        starts = f"{start // 60}:{start % 60:02d}"
        notes = []
        if period.colour_up:
            chips = ", ".join(f"{c:,}" for c in period.colour_up)
            notes.append(f"colour-up: the {chips} chips leave play")
        if period.note:
            notes.append(period.note)
        if period.kind is PeriodKind.BREAK:
            notes.extend(_break_notes(t, period.level, start))
            table.add_row(
                "Break",
                clock,
                starts,
                "",
                "",
                str(period.minutes),
                "; ".join(notes),
                style="cyan",
            )
            continue
        level = s.level(period.level)
        table.add_row(
            str(period.level),
            clock,
            starts,
            f"{level.small_blind:,}/{level.big_blind:,}",
            ante_label(s, period.level),
            str(period.minutes),
            "; ".join(notes),
        )
    modes = {s.ante_mode_of(n).value for n in range(1, len(s.levels) + 1)} - {"none"}
    who = {"per_player": "every player antes", "big_blind": "big-blind ante, blind first"}
    caption = (
        f"Chips in play at the start: {', '.join(f'{c:,}' for c in sorted(s.chips))}. "
        + (f"Antes: {', '.join(who[m] for m in sorted(modes))}." if modes else "No antes.")
        + f" Play starts at {format_clock(start_at)}; 'After' counts from the start."
    )
    limit = t.clock.time_limit_minutes
    if limit is not None:
        rule = f", {t.clock.time_limit_rule}" if t.clock.time_limit_rule else ""
        caption += (
            f" Time limit: {limit // 60} h {limit % 60:02d} min, at "
            f"{format_clock(start_at + limit)}{rule}."
        )
    table.caption = caption
    return table


def _break_notes(t: TournamentRules, after_level: int, start: int) -> list[str]:
    notes = []
    if t.rebuy.allowed and (t.rebuy.until_level == after_level or t.rebuy.until_minutes == start):
        notes.append("re-buys end")
    if t.add_on.allowed and t.add_on.at_break_after_level == after_level:
        notes.append(f"add-on: {t.add_on.chips:,} chips for {format_money(t.add_on.price_cents)}")
    return notes


def money_table(t: TournamentRules) -> Table:
    """Entry, re-buy, add-on, prize pool and time limit terms."""
    from rich.table import Table

    table = Table(title="Money and time", show_header=False)
    table.add_column("Term", style="bold")
    table.add_column("Value")
    table.add_row("Entry", _entry(t))
    table.add_row("Starting chips", f"{t.entry.starting_chips:,}")
    late = t.entry.late_registration_until_level
    table.add_row("Late registration", "none" if late is None else f"until the end of level {late}")
    if t.rebuy.allowed:
        window = []
        if t.rebuy.until_level is not None:
            window.append(f"until the end of level {t.rebuy.until_level}")
        if t.rebuy.until_minutes is not None:
            window.append(f"for the first {t.rebuy.until_minutes} minutes")
        terms = (
            f"{t.rebuy.chips:,} chips for {format_money(t.rebuy.price_cents)}, "
            f"{' and '.join(window)}"
        )
        if t.rebuy.eligible_below_chips is not None:
            terms += f", only below {t.rebuy.eligible_below_chips:,} chips"
        cap = t.rebuy.max_per_player
        terms += ", unlimited" if cap is None else f", at most {cap}"
        table.add_row("Re-buys", terms)
    else:
        table.add_row("Re-buys", "none")
    if t.add_on.allowed:
        table.add_row(
            "Add-on",
            f"{t.add_on.chips:,} chips for {format_money(t.add_on.price_cents)} at the break "
            f"after level {t.add_on.at_break_after_level}, {t.add_on.max_per_player} per player",
        )
    else:
        table.add_row("Add-on", "none")
    kinds = ", ".join(k.value.replace("_", "-") for k in t.prize_pool.includes)
    pool = f"{t.prize_pool.percent}% of {kinds}"
    if t.prize_pool.guarantee_cents:
        pool += f", guaranteed {format_money(t.prize_pool.guarantee_cents)}"
    table.add_row("Prize pool", pool)
    limit = t.clock.time_limit_minutes
    table.add_row(
        "Time limit",
        "none"
        if limit is None
        else f"{limit // 60} h {limit % 60:02d} min, then {t.clock.on_time_limit.value}"
        + (f" ({t.clock.time_limit_chop.value})" if t.clock.on_time_limit.value == "chop" else "")
        + (f", {t.clock.time_limit_rule}" if t.clock.time_limit_rule else ""),
    )
    race = {
        "tda_24": "TDA 24: from seat 1, one chip at most per player",
        "ky_2": "KY 2: odd chips pooled, the single high card wins them",
    }
    table.add_row("Chip race", race[t.colour_up.chip_race.value])
    if t.entry.min_age is not None:
        table.add_row("Minimum age to win", str(t.entry.min_age))
    return table


def _entry(t: TournamentRules) -> str:
    e = t.entry
    if e.fee_cents:
        return f"{format_money(e.buy_in_cents)} + {format_money(e.fee_cents)}"
    return format_money(e.buy_in_cents)
