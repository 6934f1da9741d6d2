"""The progress bar of ``pitboss simulate`` on a terminal: what a run is doing, how far it
is, the time it took and an estimate of the time left (`RemainingEstimate`), on standard
error so the report on standard output stays clean."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from pitboss.cli.simulate_report import _minutes
from pitboss.units import MS_PER_MINUTE

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress as RichProgress

    from pitboss.play.runtime import Progress
    from pitboss.play.simulation import ProgressStage


def stage_label(stage: ProgressStage) -> str:
    """The name of a stage of a run, before its bar."""
    from pitboss.play.simulation import ProgressStage

    return {
        ProgressStage.REGISTERING: "Registering",
        ProgressStage.SEATING: "Drawing seats",
        ProgressStage.PLAYING: "Players out",
    }[stage]


def progress_status(p: Progress) -> str:
    """The status text beside the bar: what has been done in the current stage."""
    from pitboss.play.simulation import ProgressStage

    if p.stage is ProgressStage.REGISTERING:
        return "players registered"
    if p.stage is ProgressStage.SEATING:
        return f"{p.entrants:,} players"
    h4h = ", hand-for-hand" if p.hand_for_hand else ""
    return (
        f"{p.label}, {p.players_left:,} left, {p.tables:,} tables, "
        f"{_minutes(p.elapsed_ms // MS_PER_MINUTE)} of play{h4h}"
    )


def _progress_console() -> Console:
    from rich.console import Console

    return Console(stderr=True)


class RemainingEstimate:
    """The time a stage still needs, from its pace so far.

    Fits ``seconds = a * n + b * n**2`` to the samples (``n`` steps done after ``seconds``) by
    least squares, so a per-step cost that grows as the stage goes on (each registration goes
    through a director whose state grows with the field) is forecast, not only the average
    pace; it falls back to the average pace when the fit does not describe a clock going
    forward. Running sums keep each sample O(1).
    """

    def __init__(self) -> None:
        self.sums = [0.0] * 5  # n^2, n^3, n^4, t*n, t*n^2
        self.samples = 0
        self.last: tuple[int, float] = (0, 0.0)

    def add(self, done: int, seconds: float) -> None:
        """Record that ``done`` steps took ``seconds`` since the stage started."""
        if done <= 0 or done == self.last[0]:
            return
        n = float(done)
        for i, value in enumerate((n**2, n**3, n**4, seconds * n, seconds * n * n)):
            self.sums[i] += value
        self.samples += 1
        self.last = (done, seconds)

    def remaining(self, total: int) -> float | None:
        """Seconds until ``total`` steps are done, or None before there is a pace to go by."""
        done, seconds = self.last
        if done <= 0 or seconds <= 0:
            return None
        if done >= total:
            return 0.0
        linear = seconds * (total - done) / done
        s2, s3, s4, tn, tn2 = self.sums
        det = s2 * s4 - s3 * s3
        if self.samples < 3 or det <= 1e-9 * s2 * s4:
            return linear
        a = (tn * s4 - tn2 * s3) / det
        b = (s2 * tn2 - s3 * tn) / det
        fitted = a * (total - done) + b * (total * total - done * done)
        if a + 2 * b * total <= 0 or fitted <= 0:
            return linear
        return fitted


def format_remaining(seconds: float | None) -> str:
    """``"0:04:37"`` (hours:minutes:seconds), ``"-:--:--"`` while there is no estimate."""
    if seconds is None:
        return "-:--:--"
    whole = round(seconds)
    return f"{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


def _new_bar(console: Console) -> RichProgress:
    """A Rich progress bar on ``console``: what, how far, time taken, the estimate of the time
    left (`RemainingEstimate`, updated as the run goes), then the status, cut short first
    when the terminal is narrow."""
    from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
    from rich.progress import Progress as RichProgress
    from rich.table import Column

    def fixed() -> Column:
        return Column(no_wrap=True)

    return RichProgress(
        TextColumn("{task.description}", table_column=fixed()),
        BarColumn(bar_width=12),
        MofNCompleteColumn(table_column=fixed()),
        TimeElapsedColumn(table_column=fixed()),
        TextColumn("left {task.fields[left]}", table_column=fixed()),
        TextColumn(
            "{task.fields[status]}",
            table_column=Column(no_wrap=True, overflow="ellipsis", ratio=1),
        ),
        console=console,
        transient=True,
        expand=True,
    )


class ProgressDisplay:
    """Feeds `Progress` reports to a Rich bar, one stage at a time (registration, the seat
    draw, play); the bar and its time estimate restart at each stage. ``clock`` gives seconds
    (``time.monotonic`` by default)."""

    def __init__(
        self, bar: RichProgress, *, players: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.bar = bar
        self.clock = clock
        self.task = bar.add_task(
            f"Setting up {players:,} players", total=players, status="", left=format_remaining(None)
        )
        self.stage: ProgressStage | None = None
        self.started = clock()
        self.estimate = RemainingEstimate()

    def __call__(self, p: Progress) -> None:
        now = self.clock()
        total = max(p.total, 1)
        if p.stage is not self.stage:
            self.stage = p.stage
            self.started = now
            self.estimate = RemainingEstimate()
            self.bar.reset(
                self.task, total=total, completed=p.done, description=stage_label(p.stage)
            )
        self.estimate.add(p.done, now - self.started)
        self.bar.update(
            self.task,
            completed=p.done,
            status=progress_status(p),
            left=format_remaining(self.estimate.remaining(total)),
        )
