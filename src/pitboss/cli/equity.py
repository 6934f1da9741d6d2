"""``pitboss equity``: all-in win, tie and equity of 2 to 10 hands (the TV-style display).

Hold'em hands (two hole cards each) are counted exactly by default (every board is dealt);
``--samples N --seed S`` runs a reproducible Monte Carlo instead. Omaha hands (four hole cards
each: ``pitboss equity AhKdQhJd 8c8d7s6s``) are always counted exactly (`pitboss.omaha_equity`:
the best five of exactly two hole cards and three board cards); ``--hi-lo`` splits each pot
between the best high hand and the best eight-or-better low, as Omaha Hi/Lo does (scoops, each
half won alone or tied, and the equity). Every hand is of one game: Hold'em hands and Omaha
hands together are refused, as is ``--hi-lo`` for Hold'em, which has no low. ``--json`` prints
the same numbers for programs. Bad input exits with status 2 and a message on standard error
that says what was wrong.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from pitboss.cards import Card, format_cards, parse_cards
from pitboss.cli._app import app
from pitboss.errors import EquityError, PitbossError

if TYPE_CHECKING:
    from pitboss.equity import EquityResult
    from pitboss.omaha_equity import HiLoEquityResult

EXIT_BAD_INPUT = 2
OMAHA_CARDS = 4
"""Hole cards of an Omaha hand (Robert's Rules of Poker, Omaha: four cards each)."""


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="2 to 10 hands: two hole cards each in Hold'em (AhKd QcQs), four in Omaha "
            "(AhKdQhJd 8c8d7s6s).",
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
    hi_lo: Annotated[
        bool,
        typer.Option(
            "--hi-lo",
            help="Omaha Hi/Lo: each pot split between the best high and the best "
            "eight-or-better low.",
        ),
    ] = False,
    exact: Annotated[
        bool, typer.Option("--exact", help="Enumerate every board (the default when feasible).")
    ] = False,
    samples: Annotated[
        int | None,
        typer.Option("--samples", "-n", help="Hold'em Monte Carlo: deal this many random boards."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", help="Seed of the Monte Carlo random source (implies Monte Carlo)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """Win, tie and equity of each hand, all in, with the rest of the board to come."""
    try:
        if exact and (samples is not None or seed is not None):
            raise typer.BadParameter("--exact enumerates every board: drop --samples and --seed")
        parsed = [parse_cards(hand) for hand in hands]
        known, out = parse_cards(board), parse_cards(dead)
        omaha = _is_omaha(parsed, hi_lo=hi_lo)
        report: dict[str, Any]
        if omaha:
            if samples is not None or seed is not None:
                raise EquityError(
                    "Omaha equity is counted exactly, every board: drop --samples and --seed",
                    code="omaha_exact_only",
                    params={"samples": samples, "seed": seed},
                )
            text, report = _omaha(parsed, known, out, hi_lo=hi_lo)
        else:
            text, report = _holdem(parsed, known, out, exact=exact, samples=samples, seed=seed)
    except PitbossError as error:
        typer.echo(f"error: {error.message}", err=True)
        raise typer.Exit(EXIT_BAD_INPUT) from None
    typer.echo(json.dumps(report, indent=2) if as_json else text)


def _is_omaha(hands: Sequence[Sequence[Card]], *, hi_lo: bool) -> bool:
    """Whether the hands are Omaha hands (four hole cards); the other checks are the equity
    functions'.

    Raises:
        EquityError: ``mixed_games``: two-card and four-card hands together;
            ``hi_lo_needs_omaha``: ``--hi-lo`` without Omaha hands.
    """
    counts = [len(hand) for hand in hands]
    omaha = OMAHA_CARDS in counts
    if omaha and 2 in counts:
        two = next(format_cards(h) for h in hands if len(h) == 2)
        four = next(format_cards(h) for h in hands if len(h) == OMAHA_CARDS)
        raise EquityError(
            f"{two} is a Hold'em hand (two hole cards) and {four} an Omaha hand (four): every "
            "hand is of one game, Hold'em two cards each, Omaha four each (Robert's Rules of "
            "Poker, Omaha: each player is dealt four cards)",
            code="mixed_games",
            params={"holdem_hand": two, "omaha_hand": four},
        )
    if hi_lo and not omaha:
        raise EquityError(
            "--hi-lo splits the pot of Omaha Hi/Lo, whose hands are four hole cards each: "
            "Hold'em has no low",
            code="hi_lo_needs_omaha",
            params={"hands": [format_cards(h) for h in hands]},
        )
    return omaha


def _holdem(
    hands: list[list[Card]],
    board: list[Card],
    dead: list[Card],
    *,
    exact: bool,
    samples: int | None,
    seed: int | None,
) -> tuple[str, dict[str, Any]]:
    import random

    from pitboss.equity import DEFAULT_SAMPLES, equity  # NumPy and the batch evaluator

    mode: bool | None = True if exact else None
    if samples is not None or seed is not None:
        mode = False
    result = equity(
        hands,
        board=board,
        dead=dead,
        exact=mode,
        samples=DEFAULT_SAMPLES if samples is None else samples,
        rng=None if seed is None else random.Random(seed),
    )
    return format_report(result), {"game": "holdem", **result.to_dict()}


def _omaha(
    hands: list[list[Card]], board: list[Card], dead: list[Card], *, hi_lo: bool
) -> tuple[str, dict[str, Any]]:
    from pitboss.omaha_equity import omaha_equity, omaha_hi_lo_equity  # NumPy

    if hi_lo:
        split = omaha_hi_lo_equity(hands, board=board, dead=dead)
        return format_hi_lo_report(split), {"game": "omaha_hi_lo", **split.to_dict()}
    result = omaha_equity(hands, board=board, dead=dead)
    return format_report(result, omaha=True), {"game": "omaha", **result.to_dict()}


def _head(board: Sequence[Card], dead: Sequence[Card], boards: int, how: str) -> list[str]:
    return [
        f"Board: {format_cards(board, sep=' ') or '-'}"
        + (f"   Dead: {format_cards(dead, sep=' ')}" if dead else ""),
        f"{boards:,} boards ({how})",
    ]


def format_report(result: EquityResult, *, omaha: bool = False) -> str:
    """The human-readable table: one line per hand, percentages to two decimals; with a flop,
    the hand each makes now (in Omaha, of exactly two hole cards and three board cards)."""
    from pitboss import omaha as omaha_hands
    from pitboss.evaluator import describe, evaluate

    how = "exact, every board" if result.exact else "Monte Carlo, random boards"
    lines = [*_head(result.board, result.dead, result.boards, how), ""]
    width = 10 if omaha else 6
    show_made = len(result.board) >= 3
    header = f"{'Hand':<{width}}{'Win':>9}{'Tie':>9}{'Equity':>9}"
    lines.append(header + ("   Now" if show_made else ""))
    for hand in result.hands:
        line = (
            f"{format_cards(hand.cards):<{width}}"
            f"{hand.win_rate:>9.2%}{hand.tie_rate:>9.2%}{hand.equity:>9.2%}"
        )
        if show_made:
            strength = (
                omaha_hands.evaluate(hand.cards, result.board)
                if omaha
                else evaluate([*hand.cards, *result.board])
            )
            line += "   " + describe(strength)
        lines.append(line)
    return "\n".join(lines)


def format_hi_lo_report(result: HiLoEquityResult) -> str:
    """Omaha Hi/Lo: per hand the boards it scoops, wins or ties the high half and the low half,
    and its equity; with a flop, its high hand and its low (if any) now."""
    from pitboss import omaha
    from pitboss.evaluator import describe

    boards = result.boards
    lines = _head(result.board, result.dead, boards, "exact, every board")
    lines[-1] += f"; a low on {result.low_boards:,} ({result.low_boards / boards:.2%})"
    show_made = len(result.board) >= 3
    lines.append("")
    header = "".join(
        f"{word:>9}" for word in ("Scoop", "High", "High tie", "Low", "Low tie", "Equity")
    )
    lines.append(f"{'Hand':<10}{header}" + ("   Now" if show_made else ""))
    for hand in result.hands:
        rates = (hand.scoops, hand.high_wins, hand.high_ties, hand.low_wins, hand.low_ties)
        line = f"{format_cards(hand.cards):<10}" + "".join(f"{n / boards:>9.2%}" for n in rates)
        line += f"{hand.equity:>9.2%}"
        if show_made:
            low = omaha.evaluate_low(hand.cards, result.board)
            now = describe(omaha.evaluate(hand.cards, result.board))
            line += f"   {now}; " + ("no low" if low is None else omaha.describe_low(low))
        lines.append(line)
    return "\n".join(lines)


__all__ = ["equity_command", "format_hi_lo_report", "format_report"]
