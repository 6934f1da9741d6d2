"""Charts of a forecast as PNG bytes: players remaining over time, and finish times.

matplotlib is imported only when a chart is drawn (``pitboss simulate --plot``), with the
non-interactive Agg backend; the caller writes the bytes where it wants them. PNG metadata
that would differ between machines (the software version) is left out.
"""

from __future__ import annotations

import io
from typing import Any

from pitboss.play.forecast import Forecast


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


def players_chart(fc: Forecast, *, title: str) -> bytes:
    """Players remaining over time: the median and the p10-p90 band of the runs, in hours,
    with the legal time limit (KY 11) marked when there is one."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 5))
    hours = [p.minute / 60 for p in fc.curve]
    ax.fill_between(
        hours,
        [p.p10 for p in fc.curve],
        [p.p90 for p in fc.curve],
        alpha=0.3,
        label="10th-90th percentile",
    )
    ax.plot(hours, [p.median for p in fc.curve], label="median")
    if fc.time_limit_minutes is not None:
        ax.axvline(fc.time_limit_minutes / 60, color="red", linestyle="--", label="time limit")
    ax.set_xlabel("hours from the start")
    ax.set_ylabel("players remaining")
    ax.set_title(f"{title}: players remaining ({fc.runs} runs)")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend()
    return _png(fig)


def finish_histogram(fc: Forecast, *, title: str) -> bytes:
    """How many runs finished in each quarter hour (a chop counts at the time it was made)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 5))
    width = fc.histogram_bin_minutes / 60
    starts = [start / 60 for start, _ in fc.finish_histogram]
    counts = [count for _, count in fc.finish_histogram]
    ax.bar(starts, counts, width=width, align="edge", edgecolor="black")
    if fc.time_limit_minutes is not None:
        ax.axvline(fc.time_limit_minutes / 60, color="red", linestyle="--", label="time limit")
        ax.legend()
    ax.set_xlabel("finish, hours from the start")
    ax.set_ylabel("runs")
    ax.set_title(f"{title}: finish times ({fc.runs} runs, {fc.chopped_runs} chopped)")
    ax.grid(alpha=0.3)
    return _png(fig)


__all__ = ["finish_histogram", "players_chart"]
