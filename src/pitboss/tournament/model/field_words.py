"""A command's fields as a form names them, for the codec's refusals: "the name is missing",
"the table must be a whole number, not 'two'", never ``register_player.name``.

The refusal's ``code`` and ``params`` keep the JSON names for programs (``params.field`` is
``details.email``, ``stacks[1].chips``); the message a person reads uses these words.
"""

from __future__ import annotations

import re

from pitboss.tournament.model.entries import DETAIL_WORDS

_LABELS: dict[str, str] = {
    "player_id": "the player",
    "new_player_id": "the new player id",
    "name": "the name",
    "table": "the table",
    "seat": "the seat",
    "seconds": "the seconds",
    "level": "the level",
    "busted": "the players who went out",
    "eliminated_by": "who won the chips",
    "called_by": "who called the clock",
    "tables_with_dealers": "the number of tables with dealers",
    "reason": "the reason",
    "kind": "the kind",
    "amount": "the amount",
    "deal_id": "the deal's name",
    "method": "the method",
    "players": "the players",
    "hand_id": "the hand",
    "stacks": "the chip counts",
    "chips": "the chips",
    "chips_removed": "the chips removed",
    "chips_added": "the chips added",
    "left_to_play_cents": "the money left to play for",
    "custom_amounts_cents": "the amounts",
    "details": "the private details",
    "note": "the note",
    "facing_bet": "facing a bet",
}

_BY_COMMAND: dict[tuple[str, str], str] = {
    ("register_player", "player_id"): "the player id",
    ("re_enter", "player_id"): "the player who re-enters",
}

_EXPECTED: dict[str, str] = {
    "an integer": "a whole number",
    "a string": "text",
    "a table of settings": "an object",
    "a table": "an object",
}

_PLURAL = frozenset(
    {"busted", "players", "stacks", "chips", "chips_removed", "chips_added", "details"}
)
_ITEM = re.compile(r"^(\w+)\[(\d+)\]$")


def field_label(field: str, kind: str = "") -> str:
    """``details.email`` -> "the e-mail (private details)"; ``stacks[1].chips`` -> "the chips
    of line 2 of the chip counts"; an unknown field -> its name in words. ``kind``, the
    command's type, where a field reads differently in it (register player's "player id")."""
    if (kind, field) in _BY_COMMAND:
        return _BY_COMMAND[kind, field]
    parts = [p for p in field.split(".") if p]
    if not parts:
        return "the command"
    words = [_part(p) for p in parts]
    if parts[0] == "details" and len(parts) == 2:
        return f"the {DETAIL_WORDS.get(parts[1], parts[1].replace('_', ' '))} (private details)"
    return " of ".join(reversed(words))


def _part(part: str) -> str:
    item = _ITEM.match(part)
    if item is not None:
        base, index = item.groups()
        return f"line {int(index) + 1} of {_part(base)}"
    return _LABELS.get(part, "the " + part.replace("_", " "))


def is_plural(field: str) -> bool:
    """Whether the field's words take "are" ("the chip counts are missing")."""
    last = field.rsplit(".", 1)[-1]
    return last in _PLURAL


def command_words(kind: str) -> str:
    """``register_player`` -> "register player"."""
    return kind.replace("_", " ")


def said(got: object) -> str:
    """What was sent, in a person's words (the codec's ``"'2' (str)"`` -> ``'2'``, ``"True
    (bool)"`` -> ``true``, nothing for null)."""
    text = str(got)
    match = re.fullmatch(r"(.*) \((\w+)\)", text, re.S)
    if match is None:
        return text
    value, kind = match.groups()
    if kind in {"bool", "boolean"}:
        return value.lower()
    if kind == "NoneType":
        return "nothing"
    if kind in {"list", "tuple"}:
        return "a list"
    if kind in {"dict", "table"}:
        return "an object"
    return value


def refusal_words(field: str, expected: str, got: object, kind: str = "") -> str:
    """A wrong value in words: "the table must be a whole number, not '2'"; blank text: "the
    name is blank: fill it in"."""
    label = field_label(field, kind)
    if expected == "non-empty text":
        verb, them = ("are", "them") if is_plural(field) else ("is", "it")
        return f"{label} {verb} blank: fill {them} in"
    wanted = _EXPECTED.get(expected, expected)
    if field.startswith("details."):
        return f"{label} must be {wanted}"  # a private value is never repeated (THC 1)
    return f"{label} must be {wanted}, not {said(got)}"


def missing_words(field: str, missing: list[str], kind: str) -> str:
    """A missing field in words: "the seat is missing: move player needs it"; with others
    missing too, "... needs the seat and the table"."""
    plural = is_plural(field)
    label = field_label(field, kind)
    verb = "are" if plural else "is"
    if len(missing) <= 1:
        return f"{label} {verb} missing: {command_words(kind)} needs {'them' if plural else 'it'}"
    parent = field.rpartition(".")[0]
    labels = [field_label(f"{parent}.{m}" if parent else m, kind) for m in missing]
    return f"{label} {verb} missing: {command_words(kind)} needs {' and '.join(labels)}"


__all__ = [
    "command_words",
    "field_label",
    "is_plural",
    "missing_words",
    "refusal_words",
    "said",
]
