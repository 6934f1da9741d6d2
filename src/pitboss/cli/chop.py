"""``pitboss chop``: divide the remaining prizes among the remaining players (KY 11, ICM, deals).

Prizes are dollars (``10000`` or ``100.50``; parsed exactly to cents, never through a float),
stacks are chips, both comma-separated, first place and first player first. The split is printed
as a table with the method and rounding explained, or as JSON with ``--json`` (amounts in cents).
``--printed`` explains printed amounts that differ from an exact chip chop (KY 11's own example
prints $8,528 / $5,328 / $2,144). Bad input exits with status 2 and a message on standard error.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import app, format_percent
from pitboss.errors import PitbossError
from pitboss.money import format_money, parse_money
from pitboss.rules.payout_tables import ChopTieBreak
from pitboss.rules.tournament import ChopMethod

if TYPE_CHECKING:
    from rich.table import Table

    from pitboss.tournament.model.chop import ChopProposal

EXIT_BAD_INPUT = 2


@app.command("chop")
def chop_command(
    prizes: Annotated[
        str,
        typer.Option(
            "--prizes", help="Remaining prizes in dollars, first place first: 10000,4000,2000."
        ),
    ],
    stacks: Annotated[
        str,
        typer.Option(
            "--stacks", help="Chip counts of the remaining players: 400000,250000,100000."
        ),
    ],
    method: Annotated[
        ChopMethod, typer.Option("--method", "-m", help="How to divide the prizes.")
    ] = ChopMethod.CHIP,
    left: Annotated[
        str, typer.Option("--left", help="Dollars left to play for (taken off first prize).")
    ] = "0",
    amounts: Annotated[
        str | None,
        typer.Option("--amounts", help="Custom deal: each player's agreed dollars, in order."),
    ] = None,
    printed: Annotated[
        str | None,
        typer.Option("--printed", help="Printed dollar amounts to explain against a chip chop."),
    ] = None,
    tie_break: Annotated[
        ChopTieBreak, typer.Option("--tie-break", help="Who gets an odd cent on equal remainders.")
    ] = ChopTieBreak.LARGER_STACK,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed for ICM by Monte Carlo (over 20 players).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Divide the remaining prizes: chip chop, chip chop with a floor, ICM, equal, or custom."""
    import numpy as np
    from rich.console import Console

    from pitboss.tournament.model.chop import explain_printed_shares, propose_chop

    try:
        prize_cents = _money_list(prizes, "--prizes")
        stack_chips = _chip_list(stacks)
        proposal = propose_chop(
            method,
            prizes=prize_cents,
            stacks=stack_chips,
            left_to_play_for=parse_money(left),
            amounts=None if amounts is None else _money_list(amounts, "--amounts"),
            tie_break=tie_break,
            rng=np.random.default_rng(seed),
        )
        explanation = (
            ()
            if printed is None
            else explain_printed_shares(proposal, _money_list(printed, "--printed"))
        )
    except PitbossError as error:
        typer.echo(f"error: {error.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    except typer.BadParameter as error:
        typer.echo(f"error: {error.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    if as_json:
        data = proposal.to_dict()
        if printed is not None:
            data["printed_explained"] = list(explanation)
        typer.echo(json.dumps(data, indent=2))
        return
    console = Console(highlight=False)
    console.print(build_table(proposal))
    for line in (*proposal.notes, *explanation):
        console.print(line, soft_wrap=True)
    for warning in proposal.warnings:
        console.print(f"[bold red]Warning:[/] {warning.message}.")


def build_table(proposal: ChopProposal) -> Table:
    """The split as a Rich table: one row per player and a total."""
    from rich.table import Table

    total_chips = sum(proposal.stacks)
    table = Table(title=f"Chop: {proposal.method} ({format_money(proposal.chopped)} divided)")
    table.add_column("Player", justify="right")
    table.add_column("Chips", justify="right")
    table.add_column("% of chips", justify="right")
    table.add_column("Share", justify="right")
    flagged = {w.player for w in proposal.warnings}
    for i, (chips, share) in enumerate(zip(proposal.stacks, proposal.shares, strict=True), 1):
        table.add_row(
            str(i),
            f"{chips:,}",
            format_percent(chips, total_chips, decimals=2),
            format_money(share) + (" !" if i in flagged else ""),
        )
    table.add_row("Total", f"{total_chips:,}", "100%", format_money(sum(proposal.shares)))
    if proposal.left_to_play_for:
        table.add_row("Left", "", "", format_money(proposal.left_to_play_for))
    return table


def _money_list(text: str, option: str) -> list[int]:
    items = text.split(",")
    if not text.strip() or any(not part.strip() for part in items):
        raise typer.BadParameter(
            f"{option} takes comma-separated dollar amounts like 10000,4000,2000; got {text!r}"
        )
    return [parse_money(part) for part in items]


def _chip_list(text: str) -> list[int]:
    parts = [part.strip().replace("_", "") for part in text.split(",")]
    if not text.strip() or not all(part.isdigit() for part in parts):
        raise typer.BadParameter(
            f"--stacks takes comma-separated whole chip counts like 400000,250000,100000; "
            f"got {text!r}"
        )
    return [int(part) for part in parts]
