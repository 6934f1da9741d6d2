"""``pitboss simulate``: play whole tournaments with bots and forecast the night.

One run (the default) plays one tournament, every hand dealt by the engine, and prints the
final standings with payouts, hands dealt, re-buys and add-ons sold, the prize pool, the
simulated finish time and any forced chop, citing the house's rule (``time_limit_rule``, KY 11)
or ``--time-limit``, with a warning for a survivor whose share is less than a prize already paid
to a player who finished lower. ``--runs N`` plays N tournaments on every core this
process may use (seeds ``--seed``, ``--seed + 1`` ...; ``--cluster ADDRESS``: on a Dask
cluster, `pitboss.play.parallel`, with the same results) and prints a forecast: finish times,
the chance the time limit forces a chop and the players left then, players remaining at each
level, re-buys and add-ons.
``--plot DIR`` writes PNG charts (clock time across, level and break marks, the players left
at a forced chop) and says where, ``--hands-out DIR`` every hand of one run as PHH
(``DIR/phh/table-NNN.phhs``) and PokerStars text, one file per player from their own seat
(``DIR/pokerstars/<player>.txt``, the file tracking tools import); both folders are made and
checked for writing before anything is played (exit status 2 if they cannot be written).
``--json`` prints the result for programs. The designer's knobs (`pitboss.cli.simulate_knobs`):
``--start HH:MM`` (clock times instead of hours from the start), ``--bots`` (the field's
styles), ``--rebuys`` (the money habit), ``--hands-per-hour``, ``--late N`` (late entries,
TDA 8A); ``--compare A B ...`` forecasts each preset with the same seeds, side by side.
The same seed gives byte-identical
output. On a terminal a progress bar on standard error follows registration, the seat draw and
play, with the time elapsed and an estimate of the time left that updates as it goes.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
import tempfile
import time
import typing
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cli._app import DEFAULT_PRESET, app
from pitboss.cli.presets import load_house
from pitboss.cli.simulate_progress import (
    ProgressDisplay,
    RemainingEstimate,
    _new_bar,
    _progress_console,
    format_remaining,
    progress_status,
)
from pitboss.cli.simulate_report import (
    _house_label,
    _minutes,
    chop_lines,
    chop_warnings,
    compare_lines,
    estimate_lines,
    forecast_json,
    forecast_lines,
    house_takes,
    result_json,
    result_lines,
    standings_lines,
)
from pitboss.errors import PitbossError

if TYPE_CHECKING:
    from pitboss.history.pokerstars import Finish
    from pitboss.history.stars_players import StarsHand
    from pitboss.play.estimate import Estimate
    from pitboss.play.forecast import Forecast, RunSummary
    from pitboss.play.runtime import DealtHand, Progress, SimulationSettings, TournamentResult
    from pitboss.rules import RuleSet

# The simulator (the engine, the director, NumPy) and Rich's progress bar are imported by the
# functions that use them, when a run starts: ``pitboss --help`` loads none of them.

EXIT_BAD_INPUT = 2


def load_rules(preset: str, *, time_limit: int | None) -> RuleSet:
    """The preset (a shipped name or a TOML file), with ``--time-limit`` applied if given: play
    stops after that many minutes and the house's chop divides the prizes (KY 11). The limit's
    citation (``time_limit_rule``) then says it was set by ``--time-limit``, and what the
    house's own limit is."""
    from pitboss.rules.tournament import TimeLimitAction

    rules = load_house(preset)
    if time_limit is None:
        return rules
    t = rules.tournament
    house = t.clock
    if house.time_limit_minutes is None:
        rule = "set by --time-limit; the house has no time limit"
    else:
        rule = f"set by --time-limit; the house's is {_minutes(house.time_limit_minutes)}" + (
            f", {house.time_limit_rule}" if house.time_limit_rule else ""
        )
    clock = replace(
        house,
        time_limit_minutes=time_limit,
        on_time_limit=TimeLimitAction.CHOP,
        time_limit_rule=rule,
    )
    return replace(rules, tournament=replace(t, clock=clock))


def folder_problem(folder: Path) -> str | None:
    """Why ``folder`` cannot take output files, or None: it is made (with its parents) and a
    probe file is created and removed in it, so a run never ends in a write error."""
    if folder.exists() and not folder.is_dir():
        return "it is a file, not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".pitboss-probe-", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as err:
        return f"cannot write there ({err.strerror or err})"
    return None


def check_output_folders(plot: Path | None, hands_out: Path | None) -> str | None:
    """The first problem with ``--plot`` or ``--hands-out`` (and its ``phh``/``pokerstars``
    folders) as a one-line message, or None when every folder can be written."""
    wanted: list[tuple[str, Path]] = []
    if plot is not None:
        wanted.append(("--plot", plot))
    if hands_out is not None:
        wanted += [("--hands-out", p) for p in (hands_out, *HandFiles.folders(hands_out))]
    for option, folder in wanted:
        problem = folder_problem(folder)
        if problem is not None:
            return f"{option} {folder}: {problem}; give a folder you can write to"
    return None


class HandFiles:
    """Writes the hands of one run: PHH as each hand ends (``phh/table-NNN.phhs``, keyed by
    hand number), and each player's own PokerStars file (``pokerstars/<player>.txt``: every
    hand they were dealt, from their seat, ``Dealt to`` and the finish lines) when the
    tournament ends, as PokerStars gives each player after a tournament and as Hold'em
    Manager and PokerTracker import them. The PokerStars files wait for the end because a
    place is known only then: a player out while re-buys are open may still buy back in.

    A hand a format cannot express is left out of that format and listed in ``skipped`` with
    why, the others written, as the live night's download does (`pitboss.live.history`): PHH
    has no code for some games pitboss deals (pot-limit Hold'em, Omaha high-low at pot-limit:
    ``no_phh_variant``), so such an event's PHH folder stays empty and the run says so."""

    @staticmethod
    def folders(folder: Path) -> tuple[Path, Path]:
        """The PHH and PokerStars folders under ``folder``."""
        return folder / "phh", folder / "pokerstars"

    def __init__(self, folder: Path, rules: RuleSet, *, seed: int) -> None:
        self.phh, self.stars = self.folders(folder)
        self.phh.mkdir(parents=True, exist_ok=True)
        self.stars.mkdir(parents=True, exist_ok=True)
        self.rules = rules
        self.seed = seed
        self.started: set[Path] = set()
        self.stars_hands: list[StarsHand] = []
        self.hands = 0
        self.skipped: list[str] = []

    def _append(self, path: Path, text: str, separator: str) -> None:
        first = path not in self.started
        self.started.add(path)
        with path.open("w" if first else "a", encoding="utf-8", newline="\n") as handle:
            handle.write(text if first else separator + text)

    def phh_text(self, hand: DealtHand) -> str:
        """The hand as one PHH table of a ``.phhs`` file (``[number]`` then the fields)."""
        from pitboss.history.export import phh_from_hand
        from pitboss.history.phh_writer import format_phh

        phh = phh_from_hand(
            hand.setup,
            hand.events,
            metadata={
                "event": f"{self.rules.title} (seed {self.seed})",
                "hand": hand.number,
                "table": hand.table,
                "level": hand.level,
                "_chip_unit": hand.setup.chip_unit,
            },
        )
        return f"[{hand.number}]\n{format_phh(phh)}"

    def stars_hand(self, hand: DealtHand) -> StarsHand:
        """The hand with its PokerStars header (tournament number = the seed; the simulated
        night's clock is UTC, written with ET in brackets as PokerStars does)."""
        from pitboss.history.pokerstars import StarsHeader
        from pitboss.history.stars_players import StarsHand

        entry = self.rules.tournament.entry
        header = StarsHeader(
            hand_id=hand.number,
            tournament_id=self.seed,
            level=hand.level,
            table=hand.table,
            played_at=hand.started_at_ms,
            buy_in_cents=entry.buy_in_cents,
            fee_cents=entry.fee_cents,
            max_seats=hand.seat_count or None,  # the table's own seats (KY 3, THC 5)
            time_zone="UTC",
        )
        return StarsHand(setup=hand.setup, events=tuple(hand.events), header=header)

    def __call__(self, hand: DealtHand) -> None:
        from pitboss.errors import HistoryError

        try:
            text = self.phh_text(hand)
        except HistoryError as err:
            self.skipped.append(f"PHH table {hand.table} hand {hand.number}: {err.message}")
        else:
            self._append(self.phh / f"table-{hand.table:03d}.phhs", text, "\n")
        self.stars_hands.append(self.stars_hand(hand))
        self.hands += 1

    def skipped_lines(self) -> list[str]:
        """What was left out, for the report: how many hands each format's files left out
        and the first reason given (one hand's message stands for an event's thousand)."""
        lines: list[str] = []
        for kind in ("PHH", "PokerStars"):
            mine = [line for line in self.skipped if line.startswith(kind + " ")]
            if mine:
                lines.append(f"{len(mine):,} left out of the {kind} files; the first: {mine[0]}")
        return lines

    def close(self, result: TournamentResult | None = None) -> None:
        """Write every player's PokerStars file, with the finish lines of ``result`` (none
        when play stopped before a result)."""
        from pitboss.history.stars_players import format_player_histories, player_file_name

        finishes = finishes_of(result) if result is not None else {}
        texts = format_player_histories(self.stars_hands, finishes=finishes, skipped=self.skipped)
        for player, text in texts.items():
            path = self.stars / player_file_name(player)
            path.write_text(text, encoding="utf-8", newline="\n")


def finishes_of(result: TournamentResult) -> dict[str, Finish]:
    """The finish of each player who went out in a hand (their place and prize) and of the
    winner; after a forced chop the players still in went out in no hand and have none."""
    from pitboss.history.pokerstars import Finish

    finishes: dict[str, Finish] = {}
    for f in result.standings:
        if f.first == 1 and f.player_id == result.winner:
            finishes[f.player_id] = Finish(place=1, prize_cents=f.prize_cents)
        elif f.first >= 2 and f.chips == 0:
            finishes[f.player_id] = Finish(place=f.first, prize_cents=f.prize_cents)
    return finishes


# ---------------------------------------------------------------------------- one run


# ---------------------------------------------------------------------------- many runs


def play_tournament(
    rules: RuleSet,
    *,
    players: int,
    seed: int,
    settings: SimulationSettings,
    on_hand: Callable[[DealtHand], None] | None = None,
    on_progress: Callable[[Progress], None] | None = None,
    keep_events: bool = True,
) -> TournamentResult:
    """`pitboss.play.runtime.play_tournament`, the simulator imported as a run starts."""
    from pitboss.play.runtime import play_tournament as play

    return play(
        rules,
        players=players,
        seed=seed,
        settings=settings,
        on_hand=on_hand,
        on_progress=on_progress,
        keep_events=keep_events,
    )


def run_many(
    rules: RuleSet,
    *,
    players: int,
    seeds: tuple[int, ...],
    settings: SimulationSettings,
    jobs: int,
    cluster: str | None = None,
    on_run: Callable[[int], None] | None = None,
) -> list[RunSummary]:
    """Play one tournament per seed (`pitboss.play.parallel.play_runs`): on the Dask cluster
    at ``cluster``, else on ``jobs`` processes; results in seed order.

    Raises:
        ClusterError: the cluster cannot be used.
    """
    from pitboss.play.parallel import play_runs

    return play_runs(
        rules,
        players=players,
        seeds=seeds,
        settings=settings,
        jobs=jobs,
        cluster=cluster,
        on_run=on_run,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class RunsOn:
    """Where the runs of a forecast are played: ``jobs`` local processes, or the Dask
    cluster at ``cluster`` (``--cluster``, then ``jobs`` is not used)."""

    jobs: int
    cluster: str | None = None

    def describe(self) -> str:
        """``on 8 cores`` or ``on the cluster at tcp://10.0.0.5:8786``, for the progress bar."""
        if self.cluster is not None:
            return f"on the cluster at {self.cluster}"
        return f"on {self.jobs} core{'s' if self.jobs != 1 else ''}"


# ---------------------------------------------------------------------------- command


@app.command("simulate")
def simulate_command(
    presets: Annotated[
        list[str] | None,
        typer.Argument(help="With --compare: the presets (names or .toml files) to compare."),
    ] = None,
    preset: Annotated[
        str, typer.Option(help="House preset (tda, ky-charity, thc, slpt ...) or a .toml file.")
    ] = DEFAULT_PRESET,
    players: Annotated[int, typer.Option(min=2, help="Players in the field.")] = 120,
    seed: Annotated[int, typer.Option(help="Seed: the same seed plays the same night.")] = 7,
    runs: Annotated[int, typer.Option(min=1, help="Tournaments to play for a forecast.")] = 1,
    jobs: Annotated[int, typer.Option(min=0, help="Processes for --runs (0: every core).")] = 0,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="Play --runs (or --compare) on the Dask cluster at this scheduler address "
            "(tcp://host:8786); needs the cluster extra."
        ),
    ] = None,
    time_limit: Annotated[
        int | None,
        typer.Option(min=1, help="Time limit in minutes: play stops and the house's chop runs."),
    ] = None,
    spread: Annotated[
        int, typer.Option(min=0, max=99, help="Spread of each hand's time, in percent.")
    ] = 20,
    start: Annotated[
        str | None,
        typer.Option(help="Clock time play starts (HH:MM): reports and charts in clock times."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(help="The field's styles and weights, e.g. tight=3,loose=2,regular=2."),
    ] = None,
    rebuys: Annotated[
        str | None,
        typer.Option(help="The field's re-buy habit: never, low, typical (default), high, always."),
    ] = None,
    hands_per_hour: Annotated[
        int | None,
        typer.Option(help="Hands an hour at a full table (10-120; default pace about 30)."),
    ] = None,
    late: Annotated[
        int, typer.Option(help="Players arriving during late registration (where allowed).")
    ] = 0,
    compare: Annotated[
        bool,
        typer.Option("--compare", help="Forecast each preset given with the same seeds."),
    ] = False,
    plot: Annotated[Path | None, typer.Option(help="Write PNG charts to this folder.")] = None,
    hands_out: Annotated[
        Path | None,
        typer.Option(help="Write every hand as PHH and PokerStars text to this folder."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON for programs.")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar.")] = False,
) -> None:
    """Play whole tournaments with bots, every hand dealt, and report or forecast the night.

    With --compare A.toml B.toml ... the same seeds are played under each preset, side by side.
    """
    from pitboss.cli.simulate_knobs import KnobError, check_late
    from pitboss.play.parallel import parse_cluster_address, usable_cores

    names = list(presets or [])
    if compare and len(names) < 2:
        _fail("--compare needs two or more presets (names or .toml files) after it")
    if names and not compare:
        _fail(f"unexpected argument {names[0]!r}: give one --preset, or --compare A B ...")
    if compare and hands_out is not None:
        _fail("--hands-out writes the hands of one run of one preset: not with --compare")
    if cluster is not None and runs == 1 and not compare:
        _fail("--cluster plays the runs of a forecast: use it with --runs N or --compare")
    houses = names if compare else [preset]
    try:
        address = None if cluster is None else parse_cluster_address(cluster)
        knobs = parse_knobs(
            start=start, bots=bots, rebuys=rebuys, hands_per_hour=hands_per_hour, spread=spread
        )
        start_minute, settings = knobs
        loaded = []
        for house in houses:
            rules = load_rules(house, time_limit=time_limit)
            check_late(late, rules, preset=house, players=players)
            loaded.append(rules)
        settings = replace(settings, late_entries=late)  # checked first: --late -3 in its words
    except KnobError as err:
        _fail(str(err), err)
    except PitbossError as err:
        _fail(err.message, err)
    except OSError as err:
        _fail(f"cannot read the preset file {house}: {err.strerror or err}", err)
    if hands_out is not None and runs > 1:
        _fail("--hands-out writes the hands of one run: use it with --runs 1")
    problem = check_output_folders(plot, hands_out)
    if problem is not None:
        _fail(problem)
    console = None if quiet else _progress_console()
    show = console is not None and console.is_terminal
    where = RunsOn(jobs=jobs or usable_cores(), cluster=address)
    view = View(start_minute=start_minute, as_json=as_json, plot=plot)
    try:
        if compare:
            _compare(loaded, houses, players, seed, runs, settings, where, view, show=show)
        elif runs == 1:
            _one(loaded[0], preset, players, seed, settings, hands_out, view, console=console)
        else:
            _many(loaded[0], preset, players, seed, runs, settings, where, view, show=show)
    except PitbossError as err:
        _fail(err.message, err)
    except BrokenPipeError:  # the reader went away (``| head``): stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(1) from None
    except OSError as err:  # the disk filled up or a folder went away after the check
        _fail(f"cannot write {err.filename or 'the output'}: {err.strerror or err}", err)


@dataclass(frozen=True, slots=True, kw_only=True)
class View:
    """How the results are shown: clock times from ``start_minute`` (``--start``; None: hours
    from the start), JSON or text, and the folder for charts."""

    start_minute: int | None
    as_json: bool
    plot: Path | None


def parse_knobs(
    *,
    start: str | None,
    bots: str | None,
    rebuys: str | None,
    hands_per_hour: int | None,
    spread: int,
) -> tuple[int | None, SimulationSettings]:
    """The start minute (None when not given) and the settings the knobs ask for.

    Raises:
        KnobError: a knob's value cannot be used (the message says what is allowed).
        PitbossError: the settings refuse a value.
    """
    from pitboss.cli.simulate_knobs import (
        parse_bots,
        parse_hands_per_hour,
        parse_rebuys,
        parse_start,
        start_at_ms,
    )
    from pitboss.play.pace import DealingPace
    from pitboss.play.runtime import DEFAULT_START_MS, SimulationSettings

    settings = SimulationSettings(pace=DealingPace(spread_percent=spread))
    start_minute = None
    if start is not None:
        start_minute = parse_start(start)
        at = start_at_ms(start_minute, day_ms=DEFAULT_START_MS)
        settings = replace(settings, start_at_ms=at)
    if bots is not None:
        settings = replace(settings, bot_mix=parse_bots(bots))
    if rebuys is not None:
        settings = replace(settings, money=parse_rebuys(rebuys))
    if hands_per_hour is not None:
        pace = parse_hands_per_hour(hands_per_hour, spread_percent=spread)
        settings = replace(settings, pace=pace)
    return start_minute, settings


def instant_estimate(rules: RuleSet, players: int, settings: SimulationSettings) -> Estimate:
    """The instant estimate (`pitboss.play.estimate`) of the night the runs will play: the same
    pace, money habits, late entries and colour-up stops."""
    from pitboss.play.estimate import estimate

    return estimate(
        rules,
        players=players,
        pace=settings.pace,
        habits=settings.money,
        late_entries=settings.late_entries,
        colour_up_seconds=settings.colour_up_seconds,
    )


def estimate_json(est: Estimate, rules: RuleSet) -> dict[str, Any]:
    """The instant estimate (without its levels) and the structure's warnings, for ``--json``."""
    from pitboss.play.bigblinds import structure_warnings

    data = asdict(est)
    del data["levels"]
    return {"estimate": data, "warnings": structure_warnings(rules.tournament.structure, est)}


def _echo_estimate(est: Estimate, rules: RuleSet, view: View, *, label: str = "") -> None:
    """Print the instant estimate and the structure's warnings before any hand is dealt."""
    from pitboss.play.bigblinds import structure_warnings

    for line in estimate_lines(est, rules, start_minute=view.start_minute):
        typer.echo(label + line)
    for warning in structure_warnings(rules.tournament.structure, est):
        typer.echo(f"{label}Warning: {warning}")
    typer.echo("")


def _fail(message: str, cause: BaseException | None = None) -> typing.NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_BAD_INPUT) from cause


def _one(
    rules: RuleSet,
    preset: str,
    players: int,
    seed: int,
    settings: SimulationSettings,
    hands_out: Path | None,
    view: View,
    *,
    console: Any,
) -> None:
    est = instant_estimate(rules, players, settings)
    if not view.as_json:  # one night's report is in clock times, from 18:00 unless --start
        _echo_estimate(est, rules, replace(view, start_minute=_chart_start(settings.start_at_ms)))
    files = HandFiles(hands_out, rules, seed=seed) if hands_out is not None else None
    bar = _new_bar(console) if console is not None and console.is_terminal else None
    with bar if bar is not None else nullcontext():
        on_progress = None if bar is None else ProgressDisplay(bar, players=players)
        result = None
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
                files.close(result)
    if view.as_json:
        data = result_json(result, preset=preset)
        data.update(estimate_json(est, rules))
        typer.echo(json.dumps(data, indent=2))
    else:
        for line in result_lines(result, preset=preset):
            typer.echo(line)
        if files is not None:
            typer.echo(
                f"{files.hands:,} hands written to {hands_out} "
                "(PHH by table, PokerStars text by player)"
            )
            for line in files.skipped_lines():
                typer.echo(line)
    if view.plot is not None:  # after the report: a failed write never loses the results
        from pitboss.play.forecast import forecast, summarize

        fc = forecast([summarize(result, step_minutes=1)])  # one run: its line, to the minute
        _write_plots(fc, view, rules=rules, start_ms=settings.start_at_ms)


def _many(
    rules: RuleSet,
    preset: str,
    players: int,
    seed: int,
    runs: int,
    settings: SimulationSettings,
    where: RunsOn,
    view: View,
    *,
    show: bool,
) -> None:
    from pitboss.play.forecast import forecast

    est = instant_estimate(rules, players, settings)
    if not view.as_json:
        _echo_estimate(est, rules, view)
    fc = forecast(_play_runs(rules, players, seed, runs, settings, where, show=show))
    if view.as_json:
        data = forecast_json(fc, preset=preset, start_minute=view.start_minute)
        data.update(estimate_json(est, rules))
        typer.echo(json.dumps(data, indent=2))
    else:
        rule = rules.tournament.clock.time_limit_rule
        for line in forecast_lines(
            fc,
            preset=preset,
            title=rules.title,
            rule=rule,
            start_minute=view.start_minute,
            structure=rules.tournament.structure,
            house=house_takes(rules),
        ):
            typer.echo(line)
    if view.plot is not None:  # after the report: a failed write never loses the results
        _write_plots(fc, view, rules=rules, start_ms=settings.start_at_ms)


def _play_runs(
    rules: RuleSet,
    players: int,
    seed: int,
    runs: int,
    settings: SimulationSettings,
    where: RunsOn,
    *,
    show: bool,
    label: str = "",
) -> list[RunSummary]:
    """The summaries of ``runs`` tournaments from ``seed`` on, with a progress bar if shown."""
    from pitboss.play.forecast import run_seeds

    seeds = run_seeds(seed, runs)
    bar = _new_bar(_progress_console()) if show else None
    with bar if bar is not None else nullcontext():
        on_run = None
        if bar is not None:
            started = time.monotonic()
            estimate = RemainingEstimate()
            task = bar.add_task(
                f"{label}{runs} tournaments {where.describe()}",
                total=runs,
                status=f"{players:,} players each",
                left=format_remaining(None),
            )

            def on_run(done: int) -> None:
                estimate.add(done, time.monotonic() - started)
                left = format_remaining(estimate.remaining(runs))
                bar.update(task, completed=done, left=left)

        return run_many(
            rules,
            players=players,
            seeds=seeds,
            settings=settings,
            jobs=where.jobs,
            cluster=where.cluster,
            on_run=on_run,
        )


def _chart_start(start_ms: int) -> int:
    """The minutes after midnight (UTC, the simulated room's clock) of ``start_ms``."""
    at = dt.datetime.fromtimestamp(start_ms / 1000, tz=dt.UTC)
    return at.hour * 60 + at.minute


def _wrote(folder: Path, names: list[str], *, as_json: bool) -> None:
    """Say where the charts went (on standard error under ``--json``, so JSON stays clean)."""
    typer.echo(f"Charts written to {folder}: {', '.join(names)}", err=as_json)


def _write_plots(fc: Forecast, view: View, *, rules: RuleSet, start_ms: int) -> None:
    from pitboss.play.plots import chop_chart, finish_histogram, period_marks, players_chart

    folder = view.plot
    assert folder is not None
    folder.mkdir(parents=True, exist_ok=True)
    title = rules.title
    start = _chart_start(start_ms)
    marks = period_marks(rules.tournament.structure)
    charts = {
        "players_remaining.png": players_chart(fc, title=title, marks=marks, start_minute=start),
        "finish_times.png": finish_histogram(fc, title=title, start_minute=start),
    }
    if fc.chopped_runs:
        charts["players_at_chop.png"] = chop_chart(fc, title=title)
    for name, data in charts.items():
        (folder / name).write_bytes(data)
    _wrote(folder, list(charts), as_json=view.as_json)


# ---------------------------------------------------------------------------- --compare


def _compare(
    loaded: list[RuleSet],
    houses: list[str],
    players: int,
    seed: int,
    runs: int,
    settings: SimulationSettings,
    where: RunsOn,
    view: View,
    *,
    show: bool,
) -> None:
    from pitboss.play.forecast import forecast

    estimates = [instant_estimate(rules, players, settings) for rules in loaded]
    if not view.as_json:
        for house, rules, est in zip(houses, loaded, estimates, strict=True):
            _echo_estimate(est, rules, view, label=f"{_house_label(house)}: ")
    forecasts: list[tuple[str, Forecast]] = []
    for house, rules in zip(houses, loaded, strict=True):
        label = _house_label(house)
        summaries = _play_runs(
            rules, players, seed, runs, settings, where, show=show, label=f"{label}: "
        )
        forecasts.append((label, forecast(summaries)))
    if view.as_json:
        data = {
            "compare": [
                forecast_json(fc, preset=house, start_minute=view.start_minute)
                | estimate_json(est, rules)
                for house, (_, fc), rules, est in zip(
                    houses, forecasts, loaded, estimates, strict=True
                )
            ]
        }
        typer.echo(json.dumps(data, indent=2))
    else:
        for line in compare_lines(forecasts, start_minute=view.start_minute):
            typer.echo(line)
    if view.plot is not None:
        from pitboss.play.plots import compare_chart

        view.plot.mkdir(parents=True, exist_ok=True)
        name = "compare_players_remaining.png"
        start = _chart_start(settings.start_at_ms)
        (view.plot / name).write_bytes(compare_chart(forecasts, start_minute=start))
        _wrote(view.plot, [name], as_json=view.as_json)


__all__ = [
    "HandFiles",
    "ProgressDisplay",
    "RemainingEstimate",
    "RunsOn",
    "check_output_folders",
    "chop_lines",
    "chop_warnings",
    "compare_lines",
    "folder_problem",
    "forecast_json",
    "forecast_lines",
    "format_remaining",
    "load_rules",
    "progress_status",
    "result_json",
    "result_lines",
    "run_many",
    "simulate_command",
    "standings_lines",
]
