"""The ``pitboss`` command line: a thin edge over the core (STYLE 18).

Each subcommand lives in its own module and registers itself on ``app`` (`pitboss.cli._app`);
this module only collects them. Printing, clocks and randomness are allowed here and nowhere in
the core.

Start-up stays light: registering a command imports only what its options need (Typer reads
every command's signature even for ``pitboss --help``), and each command imports the core it
runs (NumPy, the engine, the simulator, plots) inside its body. ``tests/test_cli_startup.py``
checks that ``pitboss --help`` loads none of them.
"""

from __future__ import annotations

from pitboss.cli._app import DEFAULT_PRESET, app, format_percent


def main() -> None:
    """Entry point of the ``pitboss`` console script."""
    _register()
    app()


def _register() -> None:
    """Import the subcommand modules so they attach themselves to ``app``."""
    from pitboss.cli import subcommands  # noqa: F401


__all__ = ["DEFAULT_PRESET", "app", "format_percent", "main"]
