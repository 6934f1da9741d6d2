"""``pitboss structure suggest``: design a level structure the forecast finishes in time.

``structure suggest --players 120 --hours 6 --chips 10000 [--limit-chop-risk 10%]`` searches
blind structures built on a base preset (``--preset``, ky-charity by default: the house with a
legal time limit, KY 11) with `pitboss.play.designer` and prints the slowest one whose
forecast chop risk is within the limit, as a preset TOML (``pitboss preset show FILE.toml``
reads it), the forecast that supports it as comments. The runs use every core this process
may use (``--jobs``), or a Dask cluster (``--cluster ADDRESS``, `pitboss.play.parallel`: the
same seeds, the same structure).
A bad option exits with status 2 and a one-line error; no structure fast enough exits with 1.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app
from pitboss.errors import PitbossError

if TYPE_CHECKING:
    from pitboss.play.forecast import RunSummary
    from pitboss.rules import RuleSet

EXIT_BAD_INPUT = 2
EXIT_NO_STRUCTURE = 1
DEFAULT_BASE = "ky-charity"

_PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%?")

structure_app = typer.Typer(
    name="structure", help="Design blind structures.", no_args_is_help=True, add_completion=False
)
app.add_typer(structure_app, name="structure")


def parse_risk(text: str) -> Fraction:
    """``"10%"`` or ``"10"`` -> 1/10 (exact).

    Raises:
        typer.BadParameter: not a percentage from 0 up to (not including) 100.
    """
    match = _PERCENT.fullmatch(text.strip())
    value = Fraction(match.group(1)) / 100 if match else None
    if value is None or not 0 <= value < 1:
        raise typer.BadParameter(
            f"--limit-chop-risk takes a percentage from 0% up to 100% (like 10%); got {text!r}"
        )
    return value


def _fail(message: str, code: int = EXIT_BAD_INPUT) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


@structure_app.command("suggest")
def suggest_command(
    players: Annotated[int, typer.Option("--players", help="Players in the field.")],
    hours: Annotated[
        float, typer.Option("--hours", help="Target finish in hours from the start (e.g. 5.5).")
    ],
    chips: Annotated[int, typer.Option("--chips", help="Starting chips per player.")],
    limit_chop_risk: Annotated[
        str,
        typer.Option(
            "--limit-chop-risk",
            help="Largest share of runs that may end after the target (or chop at the limit).",
        ),
    ] = "10%",
    limit_hours: Annotated[
        float | None,
        typer.Option(
            "--limit-hours",
            help="The legal time limit in hours, a forced chop (default: the preset's, KY 11).",
        ),
    ] = None,
    preset: Annotated[
        str, typer.Option("--preset", help="Base preset (name or .toml) for everything else.")
    ] = DEFAULT_BASE,
    level_minutes: Annotated[
        int | None, typer.Option("--level-minutes", help="Minutes a level (default: the base's).")
    ] = None,
    max_growth: Annotated[
        float,
        typer.Option("--max-growth", help="The most the blinds may grow a level (e.g. 1.5)."),
    ] = 2.5,
    break_every: Annotated[
        int,
        typer.Option(
            "--break-every", help="Minutes of play between breaks after the preset's own."
        ),
    ] = 120,
    rebuy_until: Annotated[
        int | None,
        typer.Option(
            "--rebuy-until-level", help="Last level re-buys are sold (default: the house's)."
        ),
    ] = None,
    add_on_after: Annotated[
        int | None,
        typer.Option(
            "--add-on-after-level",
            help="The add-on at the break after this level (default: the house's).",
        ),
    ] = None,
    start: Annotated[
        str | None,
        typer.Option("--start", help="Start time HH:MM: the forecast in clock times."),
    ] = None,
    runs: Annotated[int, typer.Option("--runs", help="Tournaments per candidate.")] = 16,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the first run.")] = 1,
    jobs: Annotated[
        int | None, typer.Option("--jobs", help="Processes (default: every core).")
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            "--cluster",
            help="Play the runs on the Dask cluster at this scheduler address "
            "(tcp://host:8786); needs the cluster extra.",
        ),
    ] = None,
) -> None:
    """Propose a blind structure that finishes inside the time limit, as a preset TOML."""
    from pitboss.cli.presets import load_house
    from pitboss.play.parallel import parse_cluster_address, usable_cores

    try:
        risk = parse_risk(limit_chop_risk)
    except typer.BadParameter as err:
        raise _fail(err.message) from err
    minutes = round(hours * 60)
    limit = None if limit_hours is None else round(limit_hours * 60)
    checks = (
        (
            limit is None or limit >= minutes,
            f"--limit-hours ({limit_hours}) must be no earlier than the target --hours ({hours})",
        ),
        (players >= 2, f"--players must be 2 or more, not {players}"),
        (minutes >= 30, f"--hours must be at least 0.5, not {hours}"),
        (chips >= 100, f"--chips must be 100 or more, not {chips}"),
        (level_minutes is None or level_minutes >= 1, "--level-minutes must be 1 or more"),
        (runs >= 1, f"--runs must be 1 or more, not {runs}"),
        (
            1.1 < max_growth <= 2.5,
            f"--max-growth must be above 1.1 and at most 2.5, not {max_growth}",
        ),
        (break_every >= 30, f"--break-every must be 30 minutes or more, not {break_every}"),
        (
            rebuy_until is None or rebuy_until >= 1,
            f"--rebuy-until-level must be 1 or more, not {rebuy_until}",
        ),
        (
            add_on_after is None or add_on_after >= 1,
            f"--add-on-after-level must be 1 or more, not {add_on_after}",
        ),
        (
            start is None or re.fullmatch(r"([01]?\d|2[0-3]):[0-5]\d", start) is not None,
            f"--start is a time of day as HH:MM (18:00), not {start!r}",
        ),
        (jobs is None or jobs >= 1, "--jobs must be 1 or more"),
    )
    for ok, message in checks:
        if not ok:
            raise _fail(message)
    try:
        address = None if cluster is None else parse_cluster_address(cluster)
        base = load_house(preset)
    except PitbossError as err:
        raise _fail(err.message) from err
    except OSError as err:
        raise _fail(f"cannot read the preset file {preset}: {err.strerror or err}") from err
    house = base.tournament
    if rebuy_until is not None and not house.rebuy.allowed:
        raise _fail(f"the preset '{base.name}' sells no re-buys: leave out --rebuy-until-level")
    if add_on_after is not None and not house.add_on.allowed:
        raise _fail(f"the preset '{base.name}' sells no add-on: leave out --add-on-after-level")
    start_minute = None
    if start is not None:
        hour, minute = start.split(":")
        start_minute = int(hour) * 60 + int(minute)

    from pitboss.play.designer import Candidate, DesignRequest, design_structure, format_design

    workers = jobs or usable_cores()
    request = DesignRequest(
        players=players,
        minutes=minutes,
        starting_chips=chips,
        chop_risk=risk,
        limit_minutes=limit,
        max_growth=Fraction(str(max_growth)).limit_denominator(100),
        rebuy_until_level=rebuy_until,
        add_on_after_level=add_on_after,
        break_every_minutes=break_every,
        level_minutes=level_minutes,
        runs=runs,
        seed=seed,
    )

    def play(rules: RuleSet, field: int, seeds: tuple[int, ...]) -> list[RunSummary]:
        from pitboss.play.parallel import play_runs
        from pitboss.play.simulation import SimulationSettings

        settings = SimulationSettings()
        return play_runs(
            rules, players=field, seeds=seeds, settings=settings, jobs=workers, cluster=address
        )

    best: list[Candidate] = []

    def progress(candidate: Candidate) -> None:
        fc = candidate.forecast
        if candidate.is_within(risk) and (not best or candidate.growth < best[0].growth):
            best[:] = [candidate]
        so_far = f"; best so far {float(best[0].growth):.2f}x" if best else "; none in time yet"
        typer.echo(
            f"tried blinds growing {float(candidate.growth):.2f}x a level: median finish "
            f"{fc.finish_minutes.median // 60} h {fc.finish_minutes.median % 60:02d} min, "
            f"{candidate.late_runs} of {fc.runs} runs late{so_far}",
            err=True,
        )

    try:
        design = design_structure(base, request, play=play, progress=progress)
    except PitbossError as err:
        code = EXIT_NO_STRUCTURE if err.code == "no_structure" else EXIT_BAD_INPUT
        raise _fail(err.message, code) from err
    typer.echo(format_design(design, start_minute=start_minute), nl=False)
