"""``pitboss simulate``: play whole tournaments with bots and forecast the night.

One run (the default) plays one tournament, every hand dealt by the engine, and prints the
final standings with payouts, hands dealt, re-buys and add-ons sold, the prize pool, the
simulated finish time and any forced chop (KY 11). ``--runs N`` plays N tournaments on every
core (seeds ``--seed``, ``--seed + 1`` ...) and prints a forecast: finish times, the chance the
legal time limit forces a chop and the players left then, players remaining at each level,
re-buys and add-ons. ``--plot DIR`` writes PNG charts, ``--hands-out DIR`` every hand of one
run as PHH (``DIR/phh/table-NNN.phhs``) and PokerStars text (``DIR/pokerstars/table-NNN.txt``),
``--json`` prints the result for programs. The same seed gives byte-identical output.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from dataclasses import asdict, replace
from pathlib import Path
from typing import Annotated, Any

import typer

from pitboss.cli import app
from pitboss.errors import PitbossError
from pitboss.history.export import phh_from_hand
from pitboss.history.phh import format_phh
from pitboss.history.pokerstars import HAND_SEPARATOR, StarsHeader, format_pokerstars
from pitboss.money import format_money
from pitboss.play.forecast import Forecast, RunSummary, forecast, run_seeds, summarize
from pitboss.play.pace import DealingPace
from pitboss.play.runtime import (
    DealtHand,
    Progress,
    SimulationSettings,
    TournamentResult,
    play_tournament,
)
from pitboss.rules import RuleSet
from pitboss.rules.tournament import TimeLimitAction

EXIT_BAD_INPUT = 2
MS_PER_MINUTE = 60_000


def _minutes(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d} min"


def _clock(ms: int, start_ms: int) -> str:
    """The time of day of a simulated instant, with the day count after the start's day."""
    at = dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
    start = dt.datetime.fromtimestamp(start_ms / 1000, tz=dt.UTC)
    days = (at.date() - start.date()).days
    return at.strftime("%H:%M") + (f" (+{days} day{'s' if days > 1 else ''})" if days else "")


def _iso(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")


def load_rules(preset: str, *, time_limit: int | None) -> RuleSet:
    """The preset (a shipped name or a TOML file), with ``--time-limit`` applied if given: play
    stops after that many minutes and the house's chop divides the prizes (KY 11)."""
    if preset.endswith(".toml"):
        from pitboss.rules.presets import load_preset_file

        rules = load_preset_file(preset)
    else:
        rules = RuleSet.from_preset(preset)
    if time_limit is None:
        return rules
    t = rules.tournament
    clock = replace(t.clock, time_limit_minutes=time_limit, on_time_limit=TimeLimitAction.CHOP)
    return replace(rules, tournament=replace(t, clock=clock))


class HandFiles:
    """Writes each hand as it ends: PHH (``phh/table-NNN.phhs``, keyed by hand number) and
    PokerStars text (``pokerstars/table-NNN.txt``), one pair of files per table."""

    def __init__(self, folder: Path, rules: RuleSet, *, seed: int) -> None:
        self.phh = folder / "phh"
        self.stars = folder / "pokerstars"
        self.phh.mkdir(parents=True, exist_ok=True)
        self.stars.mkdir(parents=True, exist_ok=True)
        self.rules = rules
        self.seed = seed
        self.started: set[Path] = set()
        self.hands = 0

    def _append(self, path: Path, text: str, separator: str) -> None:
        first = path not in self.started
        self.started.add(path)
        with path.open("w" if first else "a", encoding="utf-8", newline="\n") as handle:
            handle.write(text if first else separator + text)

    def phh_text(self, hand: DealtHand) -> str:
        """The hand as one PHH table of a ``.phhs`` file (``[number]`` then the fields)."""
        phh = phh_from_hand(
            hand.setup,
            hand.events,
            metadata={
                "event": f"{self.rules.title} (seed {self.seed})",
                "hand": hand.number,
                "table": hand.table,
                "level": hand.level,
                "chip_unit": hand.setup.chip_unit,
            },
        )
        return f"[{hand.number}]\n{format_phh(phh)}"

    def stars_text(self, hand: DealtHand) -> str:
        """The hand as PokerStars text (tournament number = the seed, times in UTC)."""
        entry = self.rules.tournament.entry
        header = StarsHeader(
            hand_id=hand.number,
            tournament_id=self.seed,
            level=hand.level,
            table=hand.table,
            played_at=_iso(hand.started_at_ms),
            buy_in_cents=entry.buy_in_cents,
            fee_cents=entry.fee_cents,
            max_seats=self.rules.table.seats,
            time_zone="UTC",
        )
        return format_pokerstars(hand.setup, hand.events, header=header, places=hand.places)

    def __call__(self, hand: DealtHand) -> None:
        name = f"table-{hand.table:03d}"
        self._append(self.phh / f"{name}.phhs", self.phh_text(hand), "\n")
        self._append(self.stars / f"{name}.txt", self.stars_text(hand), HAND_SEPARATOR)
        self.hands += 1

    def close(self) -> None:
        """End every PokerStars file with a newline, as PokerStars does."""
        for path in sorted(self.started):
            if path.suffix == ".txt":
                with path.open("a", encoding="utf-8", newline="\n") as handle:
                    handle.write("\n")


# ---------------------------------------------------------------------------- one run


def standings_lines(result: TournamentResult, *, more: int = 1) -> list[str]:
    """The paid places (and ``more`` places below the money), one line each."""
    paid = sum(1 for f in result.standings if f.prize_cents > 0)
    shown = [f for f in result.standings if f.first >= 1][: max(paid + more, 1)]
    lines = [f"{'Place':>7}  {'Player':<8} {'Style':<17} {'Chips':>12} {'Prize':>12}"]
    for f in shown:
        place = str(f.first) if f.first == f.last else f"{f.first}-{f.last}"
        chips = f"{f.chips:,}" if f.chips else ""
        lines.append(
            f"{place:>7}  {f.player_id:<8} {f.style:<17} {chips:>12} "
            f"{format_money(f.prize_cents) if f.prize_cents else '':>12}"
        )
    return lines


def result_lines(result: TournamentResult, *, preset: str) -> list[str]:
    """The report of one tournament, as printed."""
    rules = result.rules
    start, end = result.started_at_ms, result.finished_at_ms
    lines = [
        f"{rules.title} ({preset}): {result.entrants} players, seed {result.seed}",
        f"Play started at {_clock(start, start)} and ended at {_clock(end, start)} "
        f"({_minutes(result.elapsed_ms // MS_PER_MINUTE)} of play) during level "
        f"{result.last_level}; {result.hands_dealt:,} hands dealt",
        f"Prize pool {format_money(result.prize_pool_cents)}; re-buys sold {result.rebuys}, "
        f"add-ons sold {result.add_ons}; the house keeps {format_money(result.house_share_cents)}",
    ]
    chop = result.chop
    if chop is not None:
        limit = rules.tournament.clock.time_limit_minutes or 0
        lines.append(
            f"Forced chop at the legal time limit ({_minutes(limit)}, KY 11): "
            f"{len(chop.players)} players left, {chop.method.value} chop"
        )
    elif result.winner is not None:
        winner = next(f for f in result.standings if f.player_id == result.winner)
        lines.append(f"Winner: {winner.player_id} ({winner.style})")
    lines.append("")
    lines.append("Final standings (paid places and the bubble):")
    lines.extend(standings_lines(result))
    return lines


def result_json(result: TournamentResult, *, preset: str) -> dict[str, Any]:
    """One tournament for programs (money in cents, times as UTC ISO 8601)."""
    chop = result.chop
    return {
        "preset": preset,
        "players": result.entrants,
        "seed": result.seed,
        "hands_dealt": result.hands_dealt,
        "rebuys": result.rebuys,
        "add_ons": result.add_ons,
        "prize_pool_cents": result.prize_pool_cents,
        "house_share_cents": result.house_share_cents,
        "started_at": _iso(result.started_at_ms),
        "finished_at": _iso(result.finished_at_ms),
        "elapsed_minutes": result.elapsed_ms // MS_PER_MINUTE,
        "last_level": result.last_level,
        "winner": result.winner,
        "chop": None
        if chop is None
        else {
            "at": _iso(chop.at_ms),
            "method": chop.method.value,
            "players": list(chop.players),
            "stacks": list(chop.stacks),
            "amounts_cents": list(chop.amounts_cents),
        },
        "levels": [{"level": level, "players": n} for level, n in result.levels],
        "standings": [asdict(f) for f in result.standings],
    }


# ---------------------------------------------------------------------------- many runs


def _summary_of_run(job: tuple[RuleSet, int, int, SimulationSettings]) -> RunSummary:
    rules, players, seed, settings = job
    result = play_tournament(
        rules, players=players, seed=seed, settings=settings, keep_events=False
    )
    return summarize(result)


def run_many(
    rules: RuleSet,
    *,
    players: int,
    seeds: tuple[int, ...],
    settings: SimulationSettings,
    jobs: int,
    on_run: Callable[[int], None] | None = None,
) -> list[RunSummary]:
    """Play one tournament per seed, on ``jobs`` processes; results in seed order."""
    work = [(rules, players, seed, settings) for seed in seeds]
    summaries: list[RunSummary] = []
    if jobs <= 1 or len(work) == 1:
        for job in work:
            summaries.append(_summary_of_run(job))
            if on_run is not None:
                on_run(len(summaries))
        return summaries
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for summary in pool.map(_summary_of_run, work):
            summaries.append(summary)
            if on_run is not None:
                on_run(len(summaries))
    return summaries


def _spread(label: str, values: Any, fmt: Callable[[int], str] = str) -> str:
    return (
        f"{label}: median {fmt(values.median)} (10%-90%: {fmt(values.p10)} to "
        f"{fmt(values.p90)}; least {fmt(values.minimum)}, most {fmt(values.maximum)})"
    )


def forecast_lines(fc: Forecast, *, preset: str, title: str) -> list[str]:
    """The forecast report, as printed."""
    lines = [
        f"{title} ({preset}): forecast of {fc.runs} tournaments of {fc.entrants} players, "
        f"seeds {fc.seeds[0]} to {fc.seeds[-1]}",
        _spread("Finish, from the start", fc.finish_minutes, _minutes),
    ]
    if fc.time_limit_minutes is None:
        lines.append("No legal time limit: play always runs to a winner")
    else:
        share = f"{100 * fc.chopped_runs / fc.runs:.1f}%"
        lines.append(
            f"Chance the legal time limit ({_minutes(fc.time_limit_minutes)}) forces a chop: "
            f"{share} ({fc.chopped_runs} of {fc.runs} runs)"
        )
        if fc.players_at_chop is not None:
            lines.append(_spread("Players left at the chop", fc.players_at_chop))
    lines.append(_spread("Re-buys sold", fc.rebuys))
    lines.append(_spread("Add-ons sold", fc.add_ons))
    lines.append(_spread("Prize pool", fc.prize_pool_cents, format_money))
    lines.append(_spread("Hands dealt", fc.hands))
    lines.append("")
    lines.append("Players remaining when each level starts:")
    lines.append(f"{'Level':>7} {'median':>8} {'10%-90%':>13} {'runs':>6}")
    for level in fc.levels:
        band = f"{level.players.p10}-{level.players.p90}"
        lines.append(f"{level.level:>7} {level.players.median:>8} {band:>13} {level.runs:>6}")
    return lines


def forecast_json(fc: Forecast, *, preset: str) -> dict[str, Any]:
    """The forecast for programs."""
    data = asdict(fc)
    data["preset"] = preset
    data["chop_probability"] = fc.chop_probability
    return data


# ---------------------------------------------------------------------------- command


def _progress_bar(total: int, *, show: bool) -> tuple[AbstractContextManager[Any], Any]:
    if not show:
        return nullcontext(), None
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[status]}"),
        transient=True,
    )
    return bar, bar


@app.command("simulate")
def simulate_command(
    preset: Annotated[
        str, typer.Option(help="House preset (tda, ky-charity, thc, slpt ...) or a .toml file.")
    ] = "ky-charity",
    players: Annotated[int, typer.Option(min=2, help="Players in the field.")] = 120,
    seed: Annotated[int, typer.Option(help="Seed: the same seed plays the same night.")] = 7,
    runs: Annotated[int, typer.Option(min=1, help="Tournaments to play for a forecast.")] = 1,
    jobs: Annotated[int, typer.Option(min=0, help="Processes for --runs (0: every core).")] = 0,
    time_limit: Annotated[
        int | None,
        typer.Option(min=1, help="Legal time limit in minutes (chop when reached, KY 11)."),
    ] = None,
    spread: Annotated[
        int, typer.Option(min=0, max=99, help="Spread of each hand's time, in percent.")
    ] = 20,
    plot: Annotated[Path | None, typer.Option(help="Write PNG charts to this folder.")] = None,
    hands_out: Annotated[
        Path | None,
        typer.Option(help="Write every hand as PHH and PokerStars text to this folder."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play whole tournaments with bots, every hand dealt, and report or forecast the night."""
    try:
        rules = load_rules(preset, time_limit=time_limit)
        settings = SimulationSettings(pace=DealingPace(spread_percent=spread))
    except (PitbossError, OSError) as err:
        message = err.message if isinstance(err, PitbossError) else str(err)
        typer.echo(f"error: {message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err
    if hands_out is not None and runs > 1:
        typer.echo("error: --hands-out writes the hands of one run: use it with --runs 1", err=True)
        raise typer.Exit(EXIT_BAD_INPUT)
    show = sys.stdout.isatty() and not quiet and not as_json
    try:
        if runs == 1:
            _one(rules, preset, players, seed, settings, plot, hands_out, as_json, show=show)
        else:
            workers = jobs or os.cpu_count() or 1
            _many(rules, preset, players, seed, runs, settings, plot, as_json, workers, show=show)
    except PitbossError as err:
        typer.echo(f"error: {err.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from err


def _one(
    rules: RuleSet,
    preset: str,
    players: int,
    seed: int,
    settings: SimulationSettings,
    plot: Path | None,
    hands_out: Path | None,
    as_json: bool,
    *,
    show: bool,
) -> None:
    files = HandFiles(hands_out, rules, seed=seed) if hands_out is not None else None
    context, bar = _progress_bar(players, show=show)
    with context:
        on_progress = None
        if bar is not None:
            task = bar.add_task("Playing", total=players, status="")

            def on_progress(p: Progress) -> None:
                h4h = ", hand-for-hand" if p.hand_for_hand else ""
                status = (
                    f"{p.label}, {p.players_left} left, {p.tables} tables, "
                    f"{_minutes(p.elapsed_ms // MS_PER_MINUTE)}{h4h}"
                )
                bar.update(task, completed=p.entrants - p.players_left, status=status)

        try:
            result = play_tournament(
                rules,
                players=players,
                seed=seed,
                settings=settings,
                on_hand=files,
                on_progress=on_progress,
                keep_events=False,
            )
        finally:
            if files is not None:
                files.close()
    if plot is not None:
        _write_plots(forecast([summarize(result)]), plot, title=rules.title)
    if as_json:
        typer.echo(json.dumps(result_json(result, preset=preset), indent=2))
        return
    for line in result_lines(result, preset=preset):
        typer.echo(line)
    if files is not None:
        typer.echo(f"{files.hands:,} hands written to {hands_out} (PHH and PokerStars text)")


def _many(
    rules: RuleSet,
    preset: str,
    players: int,
    seed: int,
    runs: int,
    settings: SimulationSettings,
    plot: Path | None,
    as_json: bool,
    workers: int,
    *,
    show: bool,
) -> None:
    seeds = run_seeds(seed, runs)
    context, bar = _progress_bar(runs, show=show)
    with context:
        on_run = None
        if bar is not None:
            task = bar.add_task(f"{runs} tournaments on {workers} cores", total=runs, status="")

            def on_run(done: int) -> None:
                bar.update(task, completed=done)

        summaries = run_many(
            rules, players=players, seeds=seeds, settings=settings, jobs=workers, on_run=on_run
        )
    fc = forecast(summaries)
    if plot is not None:
        _write_plots(fc, plot, title=rules.title)
    if as_json:
        typer.echo(json.dumps(forecast_json(fc, preset=preset), indent=2))
        return
    for line in forecast_lines(fc, preset=preset, title=rules.title):
        typer.echo(line)


def _write_plots(fc: Forecast, folder: Path, *, title: str) -> None:
    from pitboss.play.plots import finish_histogram, players_chart

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "players_remaining.png").write_bytes(players_chart(fc, title=title))
    (folder / "finish_times.png").write_bytes(finish_histogram(fc, title=title))


__all__ = [
    "HandFiles",
    "forecast_json",
    "forecast_lines",
    "load_rules",
    "result_json",
    "result_lines",
    "run_many",
    "simulate_command",
    "standings_lines",
]
