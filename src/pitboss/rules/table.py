"""Table-level settings of the `RuleSet` (filled in by the issue that builds that layer)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class TableRules:
    """Table settings; the defaults are the TDA 2024 rules."""
