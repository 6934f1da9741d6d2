"""Imports every subcommand module; each one registers its commands on ``pitboss.cli.app``."""
from pitboss.cli import equity  # noqa: F401
