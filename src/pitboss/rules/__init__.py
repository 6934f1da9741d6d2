"""The house rules as data: one frozen ``RuleSet`` of named settings, grouped by layer.

Every difference between houses is a named setting here, never an ``if house == ...`` in code.
Each house is a TOML preset in ``pitboss/rules/presets/`` whose settings name the rule they encode
(``TDA 47A``, ``KY 11``, ``THC 46``, ``SLPT 5``). ``RuleSet()`` with no arguments is the TDA 2024
default.

Sections:
- ``hand``: what the dealing engine needs for one deal (``pitboss.rules.hand_rules``).
- ``table``: seats, button and blinds between hands (``pitboss.rules.table_rules``).
- ``tournament``: the director: clock, money, payouts, seating (``pitboss.rules.tournament``)
  and the blind structure (``pitboss.rules.structure``).
"""

from __future__ import annotations

from pitboss.rules.hand_rules import HandRules
from pitboss.rules.ruleset import RuleSet
from pitboss.rules.table_rules import TableRules
from pitboss.rules.tournament import TournamentRules

__all__ = ["HandRules", "RuleSet", "TableRules", "TournamentRules"]
