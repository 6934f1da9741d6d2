"""``pitboss equity``: all-in win, tie and equity of 2 to 10 hands (the TV-style display).

Exact by default (every board is dealt); ``--samples N --seed S`` runs a reproducible Monte Carlo
instead. ``--json`` prints the same numbers for programs. Bad input exits with status 2 and a
message on standard error that says what was wrong.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cards import format_cards, parse_cards
from pitboss.cli._app import app
from pitboss.errors import PitbossError

if TYPE_CHECKING:
    from pitboss.equity import EquityResult

EXIT_BAD_INPUT = 2


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="2 to 10 hands of two hole cards each, e.g. AhKd QcQs.",
            metavar="HANDS",
            show_default=False,
        ),
    ],
    board: Annotated[
        str, typer.Option("--board", "-b", help="Known board cards, e.g. 7c8d2h.")
    ] = "",
    dead: Annotated[
        str, typer.Option("--dead", "-d", help="Cards known to be out of play, e.g. 2s.")
    ] = "",
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate every board (the default when feasible).")
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option("--samples", "-n", help="Monte Carlo: deal this many random boards."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the Monte Carlo random source (implies Monte Carlo)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Win, tie and equity of each hand, all in, with the rest of the board to come."""
    import random

    from pitboss.equity import DEFAULT_SAMPLES, equity  # NumPy and the batch evaluator

    try:
        if exact and (samples is not None or seed is not None):
            raise typer.BadParameter("--exact enumerates every board: drop --samples and --seed")
        parsed = [parse_cards(hand) for hand in hands]
        mode: bool | None = True if exact else None
        if samples is not None or seed is not None:
            mode = False
        result = equity(
            parsed,
            board=parse_cards(board),
            dead=parse_cards(dead),
            exact=mode,
            samples=DEFAULT_SAMPLES if samples is None else samples,
            rng=None if seed is None else random.Random(seed),
        )
    except PitbossError as error:
        typer.echo(f"error: {error.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        typer.echo(format_report(result))


def format_report(result: EquityResult) -> str:
    """The human-readable table: one line per hand, percentages to two decimals."""
    from pitboss.evaluator import describe, evaluate

    how = "exact, every board" if result.exact else "Monte Carlo, random boards"
    lines = [
        f"Board: {format_cards(result.board, sep=' ') or '-'}"
        + (f"   Dead: {format_cards(result.dead, sep=' ')}" if result.dead else ""),
        f"{result.boards:,} boards ({how})",
        "",
    ]
    show_made = len(result.board) >= 3
    header = f"{'Hand':<6}{'Win':>9}{'Tie':>9}{'Equity':>9}"
    lines.append(header + ("   Now" if show_made else ""))
    for hand in result.hands:
        line = (
            f"{format_cards(hand.cards):<6}"
            f"{hand.win_rate:>9.2%}{hand.tie_rate:>9.2%}{hand.equity:>9.2%}"
        )
        if show_made:
            line += "   " + describe(evaluate([*hand.cards, *result.board]))
        lines.append(line)
    return "\n".join(lines)


__all__ = ["equity_command", "format_report"]
