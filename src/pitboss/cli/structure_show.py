"""``pitboss structure show``: a structure in big blinds, with the instant estimate.

``structure show --preset ky-charity --players 120 [--start 18:00] [--json]`` prints, at
once and without playing a hand: the instant estimate of the finish (`pitboss.play.estimate`:
the time, the level, a forced chop at the legal limit, KY 11), the expected re-buys and
add-ons and where the money goes; the speed (regular, turbo, hyper-turbo, and why); each
level's blinds and ante with the expected field then, the average stack in chips, in big
blinds and as M, the starting stack in big blinds, and the breaks; the starting stack by chip
value and the chips the night needs; and warnings (an ante out of proportion, a last level
that runs on with deep stacks). ``pitboss simulate --runs N`` refines the estimate with its
spread. A bad option exits with status 2 and a one-line error.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cli.structure import structure_app
from pitboss.errors import PitbossError

if TYPE_CHECKING:
    from rich.table import Table

    from pitboss.play.bigblinds import ChipNeeds, LevelRow, SpeedVerdict
    from pitboss.play.estimate import Estimate
    from pitboss.rules import RuleSet

EXIT_BAD_INPUT = 2


def _when(minute: int, start_minute: int | None) -> str:
    """``2:40`` from the start, or the clock time with ``--start``."""
    from pitboss.cli.simulate_report import _at

    return _at(minute, start_minute)


def _players(players: float | None) -> str:
    """An expected field: whole players, tenths below 10 (an expectation, not a count)."""
    if players is None:
        return "-"
    return f"{players:.1f}" if players < 10 else f"{players:,.0f}"


def _chips(parts: tuple[tuple[int, int], ...]) -> str:
    """``4 x 25, 4 x 50, 12 x 100 (20 chips)``."""
    count = sum(n for _, n in parts)
    return ", ".join(f"{n:,} x {v:,}" for v, n in parts) + f" ({count:,} chips)"


def level_table(rows: tuple[LevelRow, ...], *, start_minute: int | None) -> Table:
    """The levels in big blinds as a Rich table, each break as its own row."""
    from rich.table import Table

    table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    for name in ("Level", "Starts", "Blinds", "Ante", "Players", "Avg stack", "Avg BB", "M"):
        table.add_column(name, justify="right")
    table.add_column("Start BB", justify="right")
    for r in rows:
        ante = f"{r.ante:,}" if r.ante else "-"
        if r.ante and r.ante_mode.value == "big_blind":
            ante += " BB"
        table.add_row(
            str(r.level),
            _when(r.start_minute, start_minute),
            f"{r.small_blind:,}/{r.big_blind:,}",
            ante,
            _players(r.players),
            "-" if r.average_stack is None else f"{r.average_stack:,}",
            "-" if r.average_big_blinds is None else f"{r.average_big_blinds:,.1f}",
            "-" if r.average_m is None else f"{r.average_m:,.1f}",
            f"{r.starting_big_blinds:,.1f}",
        )
        if r.break_minutes:
            at = _when(r.start_minute + r.minutes, start_minute)
            table.add_row("break", at, f"{r.break_minutes} min", *[""] * 6)
    return table


def speed_line(verdict: SpeedVerdict) -> str:
    """``Speed: turbo (15-minute levels deal about 8 hands ...)``."""
    name = verdict.speed.value.replace("_", "-")
    why = "; ".join(verdict.reasons) or (
        f"{verdict.level_minutes}-minute levels deal about {verdict.hands_per_level:.0f} hands "
        f"at a full table; {verdict.starting_big_blinds:,.0f} big blinds to start"
    )
    return f"Speed: {name} ({why})"


def chip_lines(needs: ChipNeeds, est: Estimate) -> list[str]:
    """The starting stack, the re-buy and the add-on by chip value; the chips the night needs."""
    lines = [f"Starting stack: {_chips(needs.starting)}"]
    if needs.rebuy:
        lines.append(f"Each re-buy: {_chips(needs.rebuy)}")
    if needs.add_on:
        lines.append(f"Each add-on: {_chips(needs.add_on)}")
    what = f"{est.entrants:,} players"
    if needs.rebuy or needs.add_on:
        what += f", about {est.rebuys:,} re-buys and {est.add_ons:,} add-ons"
    lines.append(f"Chips for {what}: {_chips(needs.total)}")
    lines.append(f"With a tenth more for change and colour-ups: {_chips(needs.with_float)}")
    return lines


def show_json(
    rules: RuleSet,
    est: Estimate,
    rows: tuple[LevelRow, ...],
    verdict: SpeedVerdict,
    needs: ChipNeeds,
    warnings: list[str],
    *,
    preset: str,
) -> dict[str, Any]:
    """Everything ``structure show`` prints, for programs (money in cents)."""
    estimate = asdict(est)
    del estimate["levels"]
    return {
        "preset": preset,
        "title": rules.title,
        "estimate": estimate,
        "speed": {**asdict(verdict), "speed": verdict.speed.value, "reasons": verdict.reasons},
        "levels": [{**asdict(r), "ante_mode": r.ante_mode.value} for r in rows],
        "chips": asdict(needs),
        "warnings": warnings,
    }


@structure_app.command("show")
def show_command(
    players: Annotated[int, typer.Option("--players", help="Players in the field.")],
    preset: Annotated[
        str, typer.Option("--preset", help="House preset (name) or a .toml file.")
    ] = "tda",
    start: Annotated[
        str | None, typer.Option("--start", help="Clock time play starts (HH:MM).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
) -> None:
    """Show a structure in big blinds with the instant estimate of the finish."""
    from rich.console import Console

    from pitboss.cli.presets import load_house
    from pitboss.cli.simulate_knobs import KnobError, parse_start
    from pitboss.play.bigblinds import (
        chips_needed,
        level_rows,
        structure_speed,
        structure_warnings,
    )
    from pitboss.play.estimate import estimate

    if players < 2:
        typer.echo(f"error: --players must be 2 or more, not {players}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    try:
        start_minute = None if start is None else parse_start(start)
        rules = load_house(preset)
        est = estimate(rules, players=players)
    except KnobError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    except PitbossError as err:
        typer.echo(f"error: {err.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    except OSError as err:
        typer.echo(f"error: cannot read the preset file {preset}: {err.strerror or err}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    rows = level_rows(rules, est)
    verdict = structure_speed(rules)
    needs = chips_needed(rules, est)
    warnings = structure_warnings(rules.tournament.structure, est)
    if as_json:
        data = show_json(rules, est, rows, verdict, needs, warnings, preset=preset)
        typer.echo(json.dumps(data, indent=2))
        return
    entry = rules.tournament.entry
    first = rules.tournament.structure.levels[0]
    typer.echo(
        f"{rules.title} ({preset}): {players:,} players, {entry.starting_chips:,} chips each "
        f"({entry.starting_chips / first.big_blind:,.0f} big blinds at "
        f"{first.small_blind:,}/{first.big_blind:,})"
    )
    from pitboss.cli.simulate_report import estimate_lines

    for line in estimate_lines(est, rules, start_minute=start_minute):
        typer.echo(line)
    typer.echo(speed_line(verdict))
    typer.echo("")
    console = Console(highlight=False, width=120, soft_wrap=False)
    console.print(level_table(rows, start_minute=start_minute))
    typer.echo(
        "Players: the expected field when the level starts (- once there is a winner); "
        "Avg BB and M: the average stack over the big blind and over the cost of a hand at "
        "a full table; Start BB: a starting stack in big blinds"
    )
    typer.echo("")
    for line in chip_lines(needs, est):
        typer.echo(line)
    for warning in warnings:
        typer.echo(f"Warning: {warning}")
