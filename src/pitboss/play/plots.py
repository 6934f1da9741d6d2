"""Charts of a forecast as PNG bytes: players remaining, finish times, players at a forced chop.

Every chart reads clock time on its x axis (the start of play given as minutes after
midnight; 18:00 unless the designer says otherwise), so a director can put it on the wall.
The players chart marks the structure's levels (a thin line and its number at each level's
scheduled start) and shades its breaks; it draws the median of the runs with the 10-90 %
band, or for one run that run's line alone (a band of one run would be a line pretending
to be a spread). Where the legal time limit (KY 11) forced chops, a third chart counts the
runs by the players left at the chop.

matplotlib is imported only when a chart is drawn (``pitboss simulate --plot``), with the
non-interactive Agg backend; the caller writes the bytes where it wants them. PNG metadata
that would differ between machines (the software version) is left out.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pitboss.play.forecast import Forecast
from pitboss.rules.structure import Structure

DEFAULT_START_MINUTE = 18 * 60
"""Play starts at 18:00 unless told (KY 3: "Play will begin promptly at 6:00pm")."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PeriodMark:
    """A level or a break as scheduled: ``minute`` after the start, lasting ``minutes``."""

    minute: int
    minutes: int
    level: int
    is_break: bool


def period_marks(structure: Structure) -> tuple[PeriodMark, ...]:
    """The structure's levels and breaks at their scheduled minutes (the clock as planned:
    hand-for-hand play can stop it, so late in a night the marks are the plan, not the run)."""
    from pitboss.tournament.model.timeline import timeline

    marks = []
    minute = 0
    for period in timeline(structure):
        marks.append(
            PeriodMark(
                minute=minute,
                minutes=period.minutes,
                level=period.level,
                is_break=period.is_break,
            )
        )
        minute += period.minutes
    return tuple(marks)


def format_clock(minute: int, *, start_minute: int) -> str:
    """``minute`` after the start as a time of day, ``00:10`` (a day later gets ``+1``)."""
    at = start_minute + minute
    days, of_day = divmod(at, 24 * 60)
    text = f"{of_day // 60:02d}:{of_day % 60:02d}"
    return f"{text} +{days}" if days else text


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    _pyplot().close(fig)
    return buffer.getvalue()


def _clock_axis(ax: Any, last_minute: int, *, start_minute: int, first_minute: int = 0) -> None:
    """Clock-time ticks on whole quarter, half or full hours, by the span shown."""
    span = last_minute - first_minute
    step = 15 if span <= 90 else 30 if span <= 240 else 60
    tick = first_minute - (start_minute + first_minute) % step  # a whole step at or before
    ticks = [t for t in range(tick, last_minute + step, step) if first_minute <= t <= last_minute]
    ax.set_xticks(ticks)
    ax.set_xticklabels([format_clock(t, start_minute=start_minute) for t in ticks])
    ax.set_xlim(first_minute, max(last_minute, first_minute + 1))
    ax.set_xlabel(f"clock time (play starts {format_clock(0, start_minute=start_minute)})")


def _time_limit(ax: Any, fc: Forecast) -> None:
    if fc.time_limit_minutes is not None:
        ax.axvline(fc.time_limit_minutes, color="red", linestyle="--", label="time limit")


def _mark_periods(ax: Any, marks: Sequence[PeriodMark], last_minute: int, top: float) -> None:
    """A line and the level's number at each level start, a shaded span for each break."""
    shown_break = False
    for mark in marks:
        if mark.minute > last_minute:
            break
        if mark.is_break:
            ax.axvspan(
                mark.minute,
                mark.minute + mark.minutes,
                color="orange",
                alpha=0.25,
                lw=0,
                label=None if shown_break else "break",
            )
            shown_break = True
            continue
        ax.axvline(mark.minute, color="grey", lw=0.6, alpha=0.5)
        ax.text(
            mark.minute + 1,
            top,
            f"L{mark.level}",
            fontsize=7,
            color="dimgrey",
            va="top",
            ha="left",
            clip_on=True,
        )


def players_chart(
    fc: Forecast,
    *,
    title: str,
    marks: Sequence[PeriodMark] = (),
    start_minute: int = DEFAULT_START_MINUTE,
) -> bytes:
    """Players remaining over the clock, as PNG (see `players_figure`)."""
    return _png(players_figure(fc, title=title, marks=marks, start_minute=start_minute))


def players_figure(
    fc: Forecast,
    *,
    title: str,
    marks: Sequence[PeriodMark] = (),
    start_minute: int = DEFAULT_START_MINUTE,
) -> Any:
    """Players remaining over the clock: the median and the 10-90 % band of the runs (one
    run: its line), the levels and breaks of ``marks``, the legal time limit (KY 11) and the
    players left at its chops. A matplotlib figure; the caller closes it."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 5.5))
    minutes = [p.minute for p in fc.curve]
    # the curve's last point (the winner, or the players who chopped) sits one step after the
    # end of play: the chart stops a few minutes after the last run ended
    last = fc.finish_minutes.maximum + 5
    if fc.time_limit_minutes is not None:
        last = max(last, fc.time_limit_minutes + 5)
    if fc.runs == 1:
        ax.step(minutes, [p.median for p in fc.curve], where="post", label=f"seed {fc.seeds[0]}")
    else:
        ax.fill_between(
            minutes,
            [p.p10 for p in fc.curve],
            [p.p90 for p in fc.curve],
            alpha=0.3,
            step="post",
            label="10%-90% of runs",
        )
        ax.step(minutes, [p.median for p in fc.curve], where="post", label="median")
    top = max((p.p90 for p in fc.curve), default=fc.entrants)
    ax.set_ylim(0, top * 1.08 + 1)
    _mark_periods(ax, marks, last, top * 1.07 + 1)
    _time_limit(ax, fc)
    at_chop = fc.players_at_chop
    if at_chop is not None and fc.time_limit_minutes is not None:
        text = (
            f"chop: {at_chop.median} players left"
            if fc.runs == 1
            else f"chops in {fc.chopped_runs} of {fc.runs} runs,\n"
            f"median {at_chop.median} players left ({at_chop.p10}-{at_chop.p90})"
        )
        ax.annotate(
            text,
            xy=(fc.time_limit_minutes, at_chop.median),
            xytext=(-8, 30),
            textcoords="offset points",
            ha="right",
            fontsize=8,
            color="red",
            arrowprops={"arrowstyle": "->", "color": "red"},
        )
    _clock_axis(ax, last, start_minute=start_minute)
    ax.set_ylabel("players remaining")
    ax.yaxis.get_major_locator().set_params(integer=True)
    runs = "1 run" if fc.runs == 1 else f"{fc.runs} runs"
    ax.set_title(f"{title}\nplayers remaining ({fc.entrants} entrants, {runs})", fontsize=10)
    ax.grid(alpha=0.3, axis="y")
    ax.legend(loc="lower left")
    fig.tight_layout()
    return fig


def finish_histogram(
    fc: Forecast, *, title: str, start_minute: int = DEFAULT_START_MINUTE
) -> bytes:
    """How many runs finished in each quarter hour of the clock (a chop counts when made)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 5))
    width = fc.histogram_bin_minutes
    starts = [start for start, _ in fc.finish_histogram]
    counts = [count for _, count in fc.finish_histogram]
    ax.bar(starts, counts, width=width, align="edge", edgecolor="black", label="runs")
    median = fc.finish_minutes.median
    ax.axvline(
        median,
        color="black",
        lw=1.5,
        linestyle=":",
        label=f"median {format_clock(median, start_minute=start_minute)}",
    )
    _time_limit(ax, fc)
    last = max(starts[-1] + width if starts else width, fc.time_limit_minutes or 0)
    first = max(0, (starts[0] if starts else 0) - 2 * width)
    _clock_axis(ax, last + width, start_minute=start_minute, first_minute=first)
    ax.set_ylabel("runs")
    ax.yaxis.get_major_locator().set_params(integer=True)
    chopped = f", {fc.chopped_runs} chopped" if fc.time_limit_minutes is not None else ""
    ax.set_title(f"{title}\nfinish times ({fc.runs} runs{chopped})", fontsize=10)
    ax.grid(alpha=0.3, axis="y")
    ax.legend(loc="upper left")
    fig.tight_layout()
    return _png(fig)


def chop_chart(fc: Forecast, *, title: str) -> bytes:
    """How many runs chopped with each number of players left at the time limit (KY 11)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 5))
    players = [n for n, _ in fc.chop_histogram]
    counts = [c for _, c in fc.chop_histogram]
    ax.bar(players, counts, width=0.8, edgecolor="black")
    ax.set_xticks(range(min(players, default=1), max(players, default=1) + 1))
    ax.set_xlabel("players left at the forced chop")
    ax.set_ylabel("runs")
    ax.yaxis.get_major_locator().set_params(integer=True)
    limit = fc.time_limit_minutes or 0
    ax.set_title(
        f"{title}\nplayers at the chop: {fc.chopped_runs} of {fc.runs} runs reached the "
        f"time limit ({limit // 60} h {limit % 60:02d} min of play)",
        fontsize=10,
    )
    ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    return _png(fig)


def compare_chart(
    forecasts: Sequence[tuple[str, Forecast]], *, start_minute: int = DEFAULT_START_MINUTE
) -> bytes:
    """Players remaining under each structure, the same seeds: each one's median line and,
    for several runs, a light 10-90 % band; the time limit where there is one."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(10, 5.5))
    last = 0
    for name, fc in forecasts:
        minutes = [p.minute for p in fc.curve]
        last = max(last, minutes[-1] if minutes else 0, fc.time_limit_minutes or 0)
        (line,) = ax.step(minutes, [p.median for p in fc.curve], where="post", label=name)
        if fc.runs > 1:
            ax.fill_between(
                minutes,
                [p.p10 for p in fc.curve],
                [p.p90 for p in fc.curve],
                alpha=0.15,
                step="post",
                color=line.get_color(),
            )
    limits = {fc.time_limit_minutes for _, fc in forecasts} - {None}
    for limit in sorted(m for m in limits if m is not None):
        ax.axvline(limit, color="red", linestyle="--", label="time limit")
    _clock_axis(ax, last, start_minute=start_minute)
    ax.set_ylim(bottom=0)
    ax.set_ylabel("players remaining")
    ax.yaxis.get_major_locator().set_params(integer=True)
    first = forecasts[0][1]
    band = ", median and 10%-90% band" if first.runs > 1 else ""
    ax.set_title(
        f"players remaining: {first.entrants} entrants, {first.runs} runs of the same "
        f"seeds under each structure{band}",
        fontsize=10,
    )
    ax.grid(alpha=0.3, axis="y")
    ax.legend(loc="upper right")
    fig.tight_layout()
    return _png(fig)


__all__ = [
    "DEFAULT_START_MINUTE",
    "PeriodMark",
    "chop_chart",
    "compare_chart",
    "finish_histogram",
    "format_clock",
    "period_marks",
    "players_chart",
    "players_figure",
]
