"""``pitboss convert FILE... [-o OUT]``: PokerStars hand histories as PHH.

Every hand of the PokerStars text files given (as clients and tracking tools export them) is
written as PHH of its own variant (`pitboss.history.stars_phh`: ``NT``, ``FT``, ``PO``,
``FO/8``), to ``OUT`` (``.phhs``: every hand, as tables keyed by hand number; ``.phh``:
exactly one hand) or, without ``-o``, to standard output as a ``.phhs`` collection.
``pitboss replay OUT`` then replays them to the amounts of the original.

Standard error names each hand not written and why (a game PHH has no variant for, such as
Pot-Limit Hold'em or Pot-Limit Omaha Hi/Lo; a cancelled hand; one that cannot be read names
its line), then ``N hands converted`` (with ``, K not converted`` and ``, U unreadable``).
Exit status: 0 when every hand was written, 2 when a file or a hand cannot be read (the
others are still written), else 1 when some hand was not converted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app
from pitboss.cli.replay import EXIT_MISMATCH, EXIT_UNREADABLE, read_stars_file
from pitboss.errors import HistoryError
from pitboss.history.phh_reader import MAX_HISTORY_BYTES

if TYPE_CHECKING:
    from pitboss.history.phh import PhhHand

_OUTPUTS = (".phh", ".phhs")


def _key(number: int, hands: dict[str, PhhHand]) -> str:
    """The hand's table name in the collection: its number (``-2``, ``-3`` ... if repeated)."""
    key, copy = str(number), 1
    while key in hands:
        copy += 1
        key = f"{number}-{copy}"
    return key


@app.command("convert")
def convert_command(
    files: Annotated[
        list[Path],
        typer.Argument(
            help="PokerStars hand histories (text, as PokerStars and tracking tools export them).",
            metavar="FILE...",
            show_default=False,
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write the PHH here: a .phhs file (every hand) or a .phh file (one hand). "
            "Standard output (.phhs) without it.",
            show_default=False,
        ),
    ] = None,
    max_bytes: Annotated[
        int,
        typer.Option(
            "--max-bytes",
            min=1,
            help="Refuse a file larger than this many bytes, before reading it.",
        ),
    ] = MAX_HISTORY_BYTES,
) -> None:
    """Write PokerStars hands as PHH, which `pitboss replay` checks hand by hand."""
    from pitboss.history.phh_writer import format_phh, format_phhs
    from pitboss.history.stars_phh import phh_from_stars  # the engine

    if output is not None and output.suffix not in _OUTPUTS:
        typer.echo(
            f"error: {output} is not a PHH file name: write to a .phhs file (every hand) or a "
            ".phh file (one hand)",
            err=True,
        )
        raise typer.Exit(EXIT_UNREADABLE)
    hands: dict[str, PhhHand] = {}
    skipped = unreadable = 0
    for path in files:
        try:
            read = read_stars_file(path, limit=max_bytes)
        except HistoryError as error:
            typer.echo(f"error: cannot read {path}: {error.message}", err=True)
            unreadable += 1
            continue
        for hand in read:
            if isinstance(hand, HistoryError):
                typer.echo(f"error: cannot read {path}: {hand.message}", err=True)
                unreadable += 1
                continue
            try:
                hands[_key(hand.number, hands)] = phh_from_stars(hand)
            except HistoryError as error:
                why = error.params.get("reason", error.message)
                typer.echo(f"{path} #{hand.number}: not converted: {why}", err=True)
                skipped += 1
    if output is not None and output.suffix == ".phh" and len(hands) > 1:
        typer.echo(
            f"error: {len(hands)} hands do not fit in {output}: a .phh file holds one hand; "
            "name it .phhs to write every hand",
            err=True,
        )
        raise typer.Exit(EXIT_UNREADABLE)
    if hands:
        text = (
            format_phh(next(iter(hands.values())))
            if output is not None and output.suffix == ".phh"
            else format_phhs(hands)
        )
        if output is None:
            typer.echo(text, nl=False)
        else:
            output.write_text(text, encoding="utf-8")
    summary = f"{len(hands)} hands converted"
    summary += f", {skipped} not converted" if skipped else ""
    summary += f", {unreadable} unreadable" if unreadable else ""
    typer.echo(summary, err=True)
    if unreadable:
        raise typer.Exit(EXIT_UNREADABLE)
    if skipped:
        raise typer.Exit(EXIT_MISMATCH)
