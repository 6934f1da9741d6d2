"""Imports every subcommand module; each one registers its commands on ``pitboss.cli.app``."""

from pitboss.cli import (
    chop,  # noqa: F401
    convert,  # noqa: F401
    deal,  # noqa: F401
    equity,  # noqa: F401
    event,  # noqa: F401
    event_tickets,  # noqa: F401
    event_verify,  # noqa: F401
    flights,  # noqa: F401
    league,  # noqa: F401
    player,  # noqa: F401
    presets,  # noqa: F401
    replay,  # noqa: F401
    serve,  # noqa: F401
    simulate,  # noqa: F401
    status,  # noqa: F401
    structure,  # noqa: F401
    structure_show,  # noqa: F401
)
