"""`RuleSet`: all of a house's settings, and the house presets (TOML files) that fill one.

The loader is generic: it maps a preset's TOML tables onto the `RuleSet` dataclasses by field
name and type (`pitboss.rules.mapping`), so adding a setting to any section needs no change
here. A preset names the rule each setting encodes; unknown keys and values of the wrong type
are refused with a `RuleSetError` naming the preset, the dotted setting and what is allowed.

A rule set is recorded whole in the tournament's first event, so a preset is held at the door
to what the event codec reads back (`check_rule_set`: the same bounds, defined once in
`pitboss.validation`): a value beyond them is refused here, never written into a log that
would then not open.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from pitboss.errors import FieldError, PitbossError, RuleSetError
from pitboss.rules.games import GameRules
from pitboss.rules.hand_rules import HandRules
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT, from_mapping, to_mapping
from pitboss.rules.table_rules import TableRules
from pitboss.rules.tournament import TournamentRules
from pitboss.validation import MAX_COMMAND_BYTES, MAX_DEPTH, check_json, checked

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
    game: GameRules = field(default_factory=GameRules, metadata=OMITTED_WHEN_DEFAULT)
    """The game dealt and its betting structure (`pitboss.rules.games`, issue 30); No-Limit
    Texas Hold'em by default, so a rule set without it is recorded as before."""

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
        RuleSetError: the text is not TOML, is larger than `MAX_COMMAND_BYTES` or nests tables
            and lists deeper than `MAX_DEPTH` (``too_large``, ``too_deep``), or a setting is
            unknown, of the wrong type, or beyond what a log can record (`check_rule_set`).
        StructureError: the structure breaks a rule (the message names the level).
    """
    if len(text) > MAX_COMMAND_BYTES:
        raise RuleSetError(
            f"preset '{name}' is {len(text):,} characters long; a preset is at most "
            f"{MAX_COMMAND_BYTES:,} (a house's whole rule set is about 5,000)",
            code="too_large",
            params={"preset": name, "size": len(text), "limit": MAX_COMMAND_BYTES},
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise RuleSetError(
            f"preset '{name}' is not valid TOML: {err}",
            code="bad_toml",
            params={"preset": name, "error": str(err)},
        ) from err
    except RecursionError:  # tables or lists nested hundreds deep: tomllib recurses
        raise _too_deep(name, "") from None
    try:
        check_json(data, limit=MAX_COMMAND_BYTES, what="preset", leaves=False)
    except FieldError as err:  # nesting or size, before any setting is read
        if err.code == "too_deep":
            raise _too_deep(name, str(err.params.get("field", ""))) from None
        raise RuleSetError(
            f"preset '{name}' holds more than the {MAX_COMMAND_BYTES:,} bytes a log records "
            "for a rule set: fewer levels, shorter notes",
            code="too_large",
            params={"preset": name, "limit": MAX_COMMAND_BYTES},
        ) from None
    if "title" not in data:  # say whose rules fill what the file leaves out
        data = {**data, "title": f"{name}, with the TDA 2024 rules where it is silent"}
    try:
        rules = from_mapping(RuleSet, data)
        check_rule_set(rules)
    except PitbossError as err:
        where = str(err.params.get("where", ""))
        inherited = _inherited_in(data, where)
        note = _inherited_note(where, inherited) if inherited else ""
        params = {**err.params, "preset": name}
        if inherited:
            params["inherited"] = sorted(inherited)
        raise type(err)(
            f"preset '{name}': {err.message}{note}", code=err.code, params=params
        ) from err
    return rules


def _inherited_in(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The settings of the section ``where`` (``tournament.structure``) that the file leaves
    out, with the default each takes (the TDA 2024 rules, `RuleSet()`)."""
    if not where:
        return {}
    defaults: Any = to_mapping(RuleSet())
    given: Any = data
    for key in where.split("."):
        if not isinstance(defaults, Mapping) or key not in defaults:
            return {}
        defaults = defaults[key]
        given = given.get(key, {}) if isinstance(given, Mapping) else {}
    if not isinstance(defaults, Mapping):
        return {}
    return {k: v for k, v in defaults.items() if k not in given and not isinstance(v, Mapping)}


def _inherited_note(where: str, inherited: Mapping[str, Any]) -> str:
    """What a refusal adds when its section took settings from the defaults: which, their
    values, and the line to add (a first home-made structure of 8 levels was refused for "a
    break after level 12" it never wrote, issue 26)."""
    shown = "; ".join(f"{k} = {_short(v)}" for k, v in sorted(inherited.items()))
    example = _EXAMPLES.get(f"{where}.breaks", "") if "breaks" in inherited else ""
    return (
        f". This file does not set {', '.join(sorted(inherited))} under [{where}], so the "
        f"TDA 2024 defaults are used there ({shown}): add the line under [{where}] to set "
        f"your own{example}"
    )


_EXAMPLES = {
    "tournament.structure.breaks": (
        " (breaks = [] for none, or breaks = [{ after_level = 4, minutes = 10 }])"
    ),
}


def _short(value: Any) -> str:
    """A default as TOML would show it, cut to about 60 characters."""
    if isinstance(value, list) and value and all(isinstance(v, Mapping) for v in value):
        after = [v.get("after_level") for v in value if "after_level" in v]
        text = f"after levels {', '.join(map(str, after))}" if after else f"{len(value)} entries"
    else:
        text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def check_rule_set(rules: RuleSet) -> None:
    """Refuse a rule set that a log could not read back: each setting within the bounds the
    event codec checks when it reads ``tournament_created`` (`pitboss.validation.checked`:
    whole numbers within ±`MAX_INT`, text of at most `MAX_TEXT` characters and not blank
    where a blank is not allowed, lists of at most `MAX_ITEMS`), and the whole at most
    `MAX_COMMAND_BYTES` of JSON (it travels in the command that creates the tournament).

    Raises:
        RuleSetError: naming the setting, its value and what is allowed (``out_of_bounds``),
            or ``too_large``.
    """
    try:
        checked(rules, where="")
    except FieldError as err:
        raise _out_of_bounds(err) from None
    try:
        check_json(to_mapping(rules), limit=MAX_COMMAND_BYTES, what="rule set")
    except FieldError as err:
        if err.code != "too_large":
            raise _out_of_bounds(err) from None
        raise RuleSetError(
            f"the rule set is larger than the {MAX_COMMAND_BYTES:,} bytes a log records for it "
            "(a house's whole rule set is about 5,000): fewer levels, shorter notes",
            code="too_large",
            params={"limit": MAX_COMMAND_BYTES},
        ) from None


def _out_of_bounds(err: FieldError) -> RuleSetError:
    """A `FieldError` of `checked` in a director's words: the setting, its value, the bounds."""
    setting = str(err.params.get("field", "")).removeprefix(".")
    expected = str(err.params.get("expected", ""))
    got = str(err.params.get("got", "")).rsplit(" (", 1)[0]
    low, high, limit = (err.params.get(k) for k in ("low", "high", "limit"))
    params: dict[str, Any] = {**err.params, "setting": setting}
    params.pop("field", None)
    if isinstance(low, int) and isinstance(high, int):
        number = int(got) if got.lstrip("-").isdigit() else None
        if number is not None and number > high:
            bound = f"at most {high:,} (pitboss records no larger amount, count or time)"
        elif number is not None and number < low:
            bound = f"at least {low:,}"
        else:
            bound = f"a whole number from {low:,} to {high:,}"
        message = f"{setting} is {got if number is None else f'{number:,}'}: it must be {bound}"
    elif isinstance(limit, int) and expected.startswith("text"):
        message = f"{setting} is too long: a setting's text is at most {limit:,} characters"
    elif isinstance(limit, int):
        message = f"{setting} has too many items: a list setting holds at most {limit:,}"
    else:
        message = f"{setting} must be {expected}, got {got}"
    return RuleSetError(message, code="out_of_bounds", params=params)


def _too_deep(name: str, field: str) -> RuleSetError:
    return RuleSetError(
        f"preset '{name}' nests tables and lists deeper than {MAX_DEPTH} levels"
        + (f" (at '{field}')" if field else "")
        + "; a preset's settings are at most 8 deep",
        code="too_deep",
        params={"preset": name, "field": field, "limit": MAX_DEPTH},
    )


def shipped_names(package: str, folder: str) -> list[str]:
    """The names of the TOML files shipped in ``package``'s ``folder``, sorted, without
    ``.toml`` (the house presets here, the league points presets in `pitboss.club`)."""
    found = resources.files(package) / folder
    return sorted(
        entry.name.removesuffix(".toml")
        for entry in found.iterdir()
        if entry.name.endswith(".toml")
    )


def preset_names() -> list[str]:
    """The names of the presets shipped with pitboss, sorted (``tda`` is the default)."""
    return shipped_names(PRESET_PACKAGE, PRESET_DIR)


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
    "check_rule_set",
    "load_preset",
    "load_preset_file",
    "parse_preset",
    "preset_names",
]
