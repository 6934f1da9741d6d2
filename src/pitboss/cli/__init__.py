"""The ``pitboss`` command line: a thin edge over the core (STYLE 18).

Each subcommand lives in its own module and registers itself on ``app``; this module only
collects them. Printing, clocks and randomness are allowed here and nowhere in the core.
"""

from __future__ import annotations

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


def main() -> None:
    """Entry point of the ``pitboss`` console script."""
    _register()
    app()


def _register() -> None:
    """Import the subcommand modules so they attach themselves to ``app``."""
    from pitboss.cli import commands  # noqa: F401


__all__ = ["app", "main"]
