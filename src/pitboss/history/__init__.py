"""Hand histories: PHH (PokerKit's format) for No-Limit Hold'em, and replay through the engine."""

from __future__ import annotations

from pitboss.history.phh import (
    PhhAction,
    PhhActionKind,
    PhhHand,
    format_action,
    format_phh,
    format_phhs,
    parse_action,
    parse_phh,
    parse_phhs,
    read_phh,
    read_phhs,
    write_phh,
    write_phhs,
)

__all__ = [
    "PhhAction",
    "PhhActionKind",
    "PhhHand",
    "format_action",
    "format_phh",
    "format_phhs",
    "parse_action",
    "parse_phh",
    "parse_phhs",
    "read_phh",
    "read_phhs",
    "write_phh",
    "write_phhs",
]
