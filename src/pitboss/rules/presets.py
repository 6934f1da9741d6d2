"""House presets: `pitboss.rules.ruleset`'s loader and `pitboss.rules.mapping`'s converter,
under the name scripts and tests know them by."""

from __future__ import annotations

from pitboss.rules.mapping import from_mapping, to_mapping
from pitboss.rules.ruleset import load_preset, load_preset_file, parse_preset, preset_names

__all__ = [
    "from_mapping",
    "load_preset",
    "load_preset_file",
    "parse_preset",
    "preset_names",
    "to_mapping",
]
