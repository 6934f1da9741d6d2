"""``pitboss replay FILE...``: replay PHH hand histories through the engine and check the results.

Every hand of every ``.phh`` (one hand) or ``.phhs`` (hands as tables ``[1]``, ``[2]`` ...)
file is played through the dealing engine; each difference from the file's
``finishing_stacks`` is reported, then the summary line ``N hands replayed, M mismatches``.
Exit status: 0 when every hand matches, 1 on any mismatch, else 2 when a file cannot be read
(the other files are still replayed and counted).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pitboss.cli import app
from pitboss.errors import HistoryError
from pitboss.history.phh import PhhHand, parse_phh, parse_phhs
from pitboss.history.replay import replay_hand

EXIT_MISMATCH = 1
EXIT_UNREADABLE = 2


def _load(path: Path) -> list[tuple[str, PhhHand]]:
    """The hands of one file, each named for the report (``file`` or ``file [2]``).

    Raises:
        HistoryError: the file cannot be read or is not a PHH file.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
        raise HistoryError(
            f"cannot read {path}: {reason}", code="unreadable_file", params={"path": str(path)}
        ) from error
    if path.suffix not in (".phh", ".phhs"):
        raise HistoryError(
            f"cannot read {path}: a hand history file ends in .phh (one hand) or .phhs "
            "(several hands)",
            code="unreadable_file",
            params={"path": str(path)},
        )
    try:
        if path.suffix == ".phhs":
            return [(f"{path} [{key}]", hand) for key, hand in parse_phhs(text).items()]
        return [(str(path), parse_phh(text))]
    except HistoryError as error:
        raise HistoryError(
            f"cannot read {path}: {error.message}",
            code=error.code,
            params={**error.params, "path": str(path)},
        ) from error


@app.command("replay")
def replay_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="PHH files: .phh (one hand) or .phhs (several hands).",
            metavar="FILE...",
            show_default=False,
        ),
    ],
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="Also list matching hands and the decisions supplied for players a file skips.",
        ),
    ] = False,
) -> None:
    """Replay every hand through the engine and report each difference from finishing_stacks."""
    replayed = 0
    mismatches = 0
    unreadable = 0
    for path in files:
        try:
            hands = _load(path)
        except HistoryError as error:
            typer.echo(f"error: {error.message}", err=True)
            unreadable += 1
            continue
        for name, hand in hands:
            result = replay_hand(hand)
            replayed += 1
            if result.is_mismatch:
                mismatches += 1
                for line in result.describe():
                    typer.echo(f"{name}: MISMATCH {line}")
            elif verbose:
                status = "ok" if result.is_checked else "ok (no finishing_stacks to compare)"
                typer.echo(f"{name}: {status}")
            if verbose:
                for repair in result.repairs:
                    typer.echo(f"{name}: note: {repair}")
    typer.echo(f"{replayed} hands replayed, {mismatches} mismatches")
    if mismatches:
        raise typer.Exit(EXIT_MISMATCH)
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
