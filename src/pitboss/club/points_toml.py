"""A league's points rules from TOML (issue 28): the shipped presets in
``pitboss/club/presets/*.toml`` (PokerStars, Dr. Neau's, the NUTS pool, reverse finish, a
fixed table, a custom formula) and a league's own file, read field by field like the house
presets (`pitboss.rules.mapping.from_mapping`) and refused with a `ClubError` naming the
setting.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from pitboss.club.points import PointsRules
from pitboss.errors import ClubError, PitbossError
from pitboss.rules.mapping import Problem, from_mapping
from pitboss.rules.ruleset import shipped_names
from pitboss.validation import MAX_COMMAND_BYTES

PRESET_PACKAGE = "pitboss.club"
PRESET_DIR = "presets"

_CODES: dict[Problem, str] = {
    "unknown": "unknown_points_setting",
    "missing": "missing_points_setting",
    "wrong_type": "points_wrong_type",
    "not_one_of": "points_not_one_of",
    "out_of_bounds": "points_out_of_bounds",
}


def _refusal(problem: Problem, message: str, params: dict[str, Any]) -> PitbossError:
    return ClubError(message, code=_CODES[problem], params=params)


def parse_points_rules(text: str, *, name: str = "<text>") -> PointsRules:
    """A league's points rules from TOML text.

    Raises:
        ClubError: ``points_too_large``, ``bad_points_toml`` (not TOML), a setting unknown,
            missing or of the wrong type (``unknown_points_setting`` ...), out of range, or a
            custom formula refused (``bad_points_formula``); the message names the preset.
    """
    if len(text) > MAX_COMMAND_BYTES:
        raise ClubError(
            f"points rules '{name}' are {len(text):,} characters long; at most "
            f"{MAX_COMMAND_BYTES:,}",
            code="points_too_large",
            params={"preset": name, "size": len(text), "limit": MAX_COMMAND_BYTES},
        )
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as err:
        raise ClubError(
            f"points rules '{name}' are not valid TOML: {err}",
            code="bad_points_toml",
            params={"preset": name, "error": str(err)},
        ) from None
    data.setdefault("name", name)
    try:
        return from_mapping(PointsRules, data, refuse=_refusal)
    except PitbossError as err:
        raise ClubError(
            f"points rules '{name}': {err.message}",
            code=err.code,
            params={**err.params, "preset": name},
        ) from err


def points_preset_names() -> list[str]:
    """The shipped points presets, sorted (``pokerstars``, ``neau``, ``nuts`` ...)."""
    return shipped_names(PRESET_PACKAGE, PRESET_DIR)


def points_preset_text(name: str) -> str:
    """A shipped points preset's TOML, with its comments (each setting's source).

    Raises:
        ClubError: ``unknown_points_preset``, listing the presets there are.
    """
    names = points_preset_names()
    if name not in names:
        raise ClubError(
            f"no points preset named '{name}'; there are: {', '.join(names)}",
            code="unknown_points_preset",
            params={"preset": name, "available": names},
        )
    return (resources.files(PRESET_PACKAGE) / PRESET_DIR / f"{name}.toml").read_text("utf-8")


def load_points_preset(name: str) -> PointsRules:
    """A shipped points preset by name.

    Raises:
        ClubError: no such preset (``unknown_points_preset``), or it does not read.
    """
    return parse_points_rules(points_preset_text(name), name=name)


__all__ = [
    "load_points_preset",
    "parse_points_rules",
    "points_preset_names",
    "points_preset_text",
]
