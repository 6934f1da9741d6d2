"""The ``pitboss`` Typer app and what every subcommand module shares.

The subcommand modules import `app` from here, not from the `pitboss.cli` package, which imports
them (in `pitboss.cli.main`): so no module imports one that imports it back
(``tests/test_layers.py``).
"""

from __future__ import annotations

from fractions import Fraction

import typer

app = typer.Typer(
    name="pitboss",
    help="No-Limit Texas Hold'em tournaments by written house rules.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _root() -> None:
    """No-Limit Texas Hold'em tournaments by written house rules."""


DEFAULT_PRESET = "tda"
"""The preset a command uses when none is given, and the one ``pitboss presets`` marks as the
default: the TDA 2024 rules, which are also ``RuleSet()``'s defaults (RULES §7: "the default is
TDA"; KY, THC and SLPT are house presets chosen by name)."""


def format_percent(part: int | Fraction, whole: int | Fraction, *, decimals: int = 1) -> str:
    """``part`` as a percentage of ``whole``, rounded half up (never cut): 1/7 -> ``14.3%``.

    Exact (fractions, no float), so 2/3 is ``66.7%`` and 1/8 at 1 decimal is ``12.5%``.
    """
    if whole == 0:
        return "-"
    scale = 10**decimals
    scaled = Fraction(part) * 100 * scale / Fraction(whole)
    rounded = int(abs(scaled) + Fraction(1, 2)) * (-1 if scaled < 0 else 1)
    sign = "-" if rounded < 0 else ""
    units, rest = divmod(abs(rounded), scale)
    return f"{sign}{units}.{rest:0{decimals}d}%" if decimals else f"{sign}{units}%"


__all__ = ["DEFAULT_PRESET", "app", "format_percent"]
