"""`RuleSet`: all of a house's settings, and the house presets (TOML files) that fill one.

The loader is generic: it maps a preset's TOML tables onto the `RuleSet` dataclasses by field
name and type (`pitboss.rules.mapping`), so adding a setting to any section needs no change
here. A preset names the rule each setting encodes; unknown keys and values of the wrong type
are refused with a `RuleSetError` naming the preset, the dotted setting and what is allowed.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from pitboss.errors import PitbossError, RuleSetError
from pitboss.rules.hand import HandRules
from pitboss.rules.mapping import from_mapping
from pitboss.rules.table import TableRules
from pitboss.rules.tournament import TournamentRules

PRESET_PACKAGE = "pitboss.rules"
PRESET_DIR = "presets"


@dataclass(frozen=True, slots=True, kw_only=True)
class RuleSet:
    """All of a house's settings; the defaults are the TDA 2024 rules."""

    name: str = "tda"
    title: str = "Poker TDA 2024 rules (default)"
    hand: HandRules = field(default_factory=HandRules)
    table: TableRules = field(default_factory=TableRules)
    tournament: TournamentRules = field(default_factory=TournamentRules)

    @classmethod
    def from_preset(cls, name: str) -> RuleSet:
        """The shipped preset ``name`` (``tda``, ``ky-charity``, ``thc``, ``slpt``).

        Raises:
            RuleSetError: no such preset, or an invalid one.
        """
        return load_preset(name)


def parse_preset(text: str, *, name: str = "<text>") -> RuleSet:
    """Read a preset from TOML text.

    Raises:
        RuleSetError: the text is not TOML, or a setting is unknown or of the wrong type.
        StructureError: the structure breaks a rule (the message names the level).
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RuleSetError(
            f"preset '{name}' is not valid TOML: {err}", params={"preset": name, "error": str(err)}
        ) from err
    try:
        return from_mapping(RuleSet, data)
    except PitbossError as err:
        raise type(err)(
            f"preset '{name}': {err.message}", code=err.code, params={**err.params, "preset": name}
        ) from err


def preset_names() -> list[str]:
    """The names of the presets shipped with pitboss, sorted (``tda`` is the default)."""
    folder = resources.files(PRESET_PACKAGE) / PRESET_DIR
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    )


def load_preset(name: str) -> RuleSet:
    """Load a shipped preset by name (``tda``, ``ky-charity``, ``thc``, ``slpt`` ...).

    Raises:
        RuleSetError: no preset has that name, or the preset is invalid.
    """
    names = preset_names()
    if name not in names:
        raise RuleSetError(
            f"no preset named '{name}'; available: {', '.join(names)}",
            code="unknown_preset",
            params={"preset": name, "available": names},
        )
    text = (resources.files(PRESET_PACKAGE) / PRESET_DIR / f"{name}.toml").read_text("utf-8")
    return parse_preset(text, name=name)


def load_preset_file(path: str | Path) -> RuleSet:
    """Load a house's own preset from a TOML file (adding a house is writing a preset)."""
    file = Path(path)
    return parse_preset(file.read_text("utf-8"), name=file.stem)


__all__ = [
    "PRESET_DIR",
    "PRESET_PACKAGE",
    "RuleSet",
    "load_preset",
    "load_preset_file",
    "parse_preset",
    "preset_names",
]
