"""A `RuleSet` as the commented preset TOML a director edits, and the notes of a preset's file.

`format_preset_toml` writes every setting, in the order of the `RuleSet`'s fields, with a
comment above it from `pitboss.rules.catalogue` (what it means, its unit, what is allowed, the
rule it encodes) and, when given, the house's own note on it (``This preset: KY 11: ...``,
from `preset_notes` of the shipped file). A setting left unset is written as a comment line
``# key =`` with what unset means. `pitboss.rules.ruleset.parse_preset` reads the text back
to the same `RuleSet` (tests/rules/test_preset_toml.py checks every shipped preset).
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
import typing
from collections.abc import Mapping
from typing import Any

from pitboss.errors import RuleSetError
from pitboss.rules.catalogue import SECTIONS, describe
from pitboss.rules.mapping import to_mapping
from pitboss.rules.ruleset import RuleSet

WIDTH = 99
"""Comment lines are wrapped to this width (the project's line length, less one)."""

HEADER = (
    "A pitboss preset. Every setting is written out with what it means, its unit, what is "
    'allowed and the rule it encodes; "This preset:" lines are the house\'s own notes. A line '
    '"# key =" is a setting left unset: remove the "#" and give a value to set it. Money is in '
    "integer cents (10000 = $100.00), chips are whole chips, times are minutes unless a name "
    "says seconds. docs/structures.md explains how to write a structure. Use the file with "
    "--preset FILE.toml (pitboss preset show, simulate, event new) or pitboss preset sheet."
)

_KEY = re.compile(r"([A-Za-z0-9_-]+)\s*=")
_LEVEL_LABEL = re.compile(
    r"^(?:break after )?level\s+\d+(?:, starts \d+:\d\d)?\s*[:,;.-]?\s*", re.IGNORECASE
)
"""A house's own ``level N:`` label on a level, or the writer's ``level N, starts 1:00``."""
_UNSET = re.compile(r"([A-Za-z0-9_-]+) =")
HOUSE = "This preset: "
FROM_FILE = "From the preset's file: "


def format_preset_toml(rules: RuleSet, *, notes: Mapping[str, str] | None = None) -> str:
    """``rules`` as commented preset TOML; ``notes`` are the house's notes by setting path
    (`preset_notes`), ``""`` the file's opening comment.

    Raises:
        RuleSetError: ``not_writable``, a value TOML cannot hold (an open-ended payout bracket:
            ``max_entrants`` unset has no TOML form).
    """
    house = dict(notes or {})
    out = [*_comment(rules.title), *_comment(HEADER)]
    if house.get(""):
        out.append("#")
        out.extend(_comment(f"{FROM_FILE}{house['']}"))
    _emit_table(out, rules, "", house)
    return "\n".join(out).rstrip() + "\n"


def _comment(text: str, *, indent: str = "") -> list[str]:
    """``text`` as ``#`` lines wrapped to `WIDTH`."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(
            textwrap.wrap(
                paragraph,
                width=WIDTH,
                initial_indent=f"# {indent}",
                subsequent_indent=f"# {indent}  " if indent else "# ",
                break_on_hyphens=False,
            )
            or ["#"]
        )
    return lines


def _emit_table(out: list[str], value: Any, path: str, notes: Mapping[str, str]) -> None:
    """A dataclass's plain settings under ``[path]``, then its sub-tables."""
    cls = type(value)
    hints = typing.get_type_hints(cls)
    fields = dataclasses.fields(cls)
    tables = [f for f in fields if _is_table(hints[f.name])]
    plain = [f for f in fields if f not in tables]
    if path:
        out.append("")
        about = SECTIONS.get(path, "")
        if plain:
            out.extend(_comment(about))
            out.append(f"[{path}]")
        else:
            out.extend(_comment(f"[{path}]: {about}"))
    for f in plain:
        _emit_setting(out, value, f, hints[f.name], _join(path, f.name), notes)
    for f in tables:
        inner = getattr(value, f.name)
        sub = _join(path, f.name)
        if inner is None:
            out.append("")
            out.extend(_comment(describe(sub, hints[f.name])))
            out.append(f"# [{sub}] is unset")
        else:
            _emit_table(out, inner, sub, notes)


def _is_table(tp: Any) -> bool:
    """Whether a field holds a table of settings (a dataclass, or an optional one)."""
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return True
    args = [a for a in typing.get_args(tp) if a is not type(None)]
    return (
        typing.get_origin(tp) is not tuple
        and len(args) == 1
        and isinstance(args[0], type)
        and dataclasses.is_dataclass(args[0])
    )


def _emit_setting(
    out: list[str],
    owner: Any,
    f: dataclasses.Field[Any],
    tp: Any,
    path: str,
    notes: Mapping[str, str],
) -> None:
    value = getattr(owner, f.name)
    out.append("")
    out.extend(_comment(describe(path, tp)))
    item_cls = _item_class(tp)
    if item_cls is not None:
        out.append("# Each item:")
        item_hints = typing.get_type_hints(item_cls)
        for item_field in dataclasses.fields(item_cls):
            sub = f"{path}[].{item_field.name}"
            words = describe(sub, item_hints[item_field.name])
            out.extend(_comment(f"{item_field.name}: {words}", indent="  "))
    if notes.get(path):
        out.extend(_comment(f"{HOUSE}{notes[path]}"))
    if value is None:
        out.append(f"# {f.name} =")
        return
    if item_cls is not None and value:
        out.append(f"{f.name} = [")
        labels = _item_labels(owner, f.name)
        for index, item in enumerate(value):
            label = labels[index] if index < len(labels) else ""
            note = _item_note(notes.get(f"{path}[{index}]", ""))
            tail = "; ".join(part for part in (label, note) if part)
            line = f"  {_inline(_item_mapping(item, path))},"
            if note and len(f"{line}  # {tail}") > WIDTH:
                out.extend(f"  {text}" for text in _comment(note))
                tail = label
            out.append(f"{line}  # {tail}" if tail else line)
        out.append("]")
        return
    out.append(f"{f.name} = {format_value(to_mapping(value))}")


def _item_class(tp: Any) -> type[Any] | None:
    """The dataclass of a list-of-tables field (levels, breaks, brackets ...), else None."""
    if typing.get_origin(tp) is not tuple:
        return None
    args = [a for a in typing.get_args(tp) if a is not Ellipsis]
    if len(args) == 1 and isinstance(args[0], type) and dataclasses.is_dataclass(args[0]):
        return args[0]
    return None


def _item_mapping(item: Any, path: str) -> dict[str, Any]:
    """An item of a list of tables, without the fields at their defaults.

    Raises:
        RuleSetError: a required field is unset (TOML has no empty value).
    """
    kept: dict[str, Any] = {}
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if value is None and required:
            raise RuleSetError(
                f"{path}: {f.name} is unset, and a preset file cannot leave it unset; give a value",
                code="not_writable",
                params={"setting": f"{path}[].{f.name}"},
            )
        if not required and value == _default_of(f):
            continue
        kept[f.name] = to_mapping(value)
    return kept


def _default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    factory: Any = f.default_factory
    return factory()


def _item_labels(owner: Any, name: str) -> list[str]:
    """Where each level and break falls on the clock, from the start of play (``1:40``)."""
    levels = getattr(owner, "levels", None)
    breaks = getattr(owner, "breaks", None)
    minutes = getattr(owner, "level_minutes", None)
    if name not in ("levels", "breaks") or levels is None or breaks is None or minutes is None:
        return []
    after = {b.after_level: b for b in breaks}
    clock = 0
    level_labels: list[str] = []
    break_labels: list[str] = []
    for number, level in enumerate(levels, start=1):
        level_labels.append(f"level {number}, starts {_hours(clock)}")
        clock += minutes if level.minutes is None else level.minutes
        brk = after.get(number)
        if brk is not None:
            break_labels.append(f"break after level {number}, starts {_hours(clock)}")
            clock += brk.minutes
    return level_labels if name == "levels" else break_labels


def _hours(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def _item_note(note: str) -> str:
    """A house's note on a level without its own ``level N:`` label (the writer adds one)."""
    text = _LEVEL_LABEL.sub("", note).strip()
    if text.startswith("(") and text.endswith(")") and text.count("(") == 1:
        text = text[1:-1]
    return text


def _inline(item: Mapping[str, Any]) -> str:
    if not item:
        return "{}"
    return "{ " + ", ".join(f"{k} = {format_value(v)}" for k, v in item.items()) + " }"


def format_value(value: Any) -> str:
    """A plain value (from `to_mapping`) as TOML: booleans, integers, strings, lists, tables.

    Raises:
        TypeError: a value TOML cannot hold (None, a float that is not finite).
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and value == value and abs(value) != float("inf"):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        kept = {k: v for k, v in value.items() if v is not None}
        return _inline(kept)
    raise TypeError(f"no TOML form for {value!r}")


_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _string(text: str) -> str:
    """A TOML basic string: quotes, backslashes and control characters escaped."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def preset_notes(text: str) -> dict[str, str]:
    """The house's comments in a preset's TOML, by setting path: a comment after a setting
    (``tournament.clock.time_limit_minutes``), after an item of a list of tables and the
    comment lines above it inside the list (``tournament.structure.levels[6]``), and the
    file's opening comment (``""``). A file this module wrote gives back the notes it was
    written with (its ``This preset:`` lines), so exporting an export changes nothing. Other
    comment lines are left out."""
    notes: dict[str, str] = {}
    table = ""
    array: str | None = None
    item = 0
    pending: list[str] = []
    house: list[str] | None = None
    opening: list[str] = []
    started = False
    for raw in text.splitlines():
        line = raw.strip()
        if not started:
            if line.startswith("#"):
                opening.append(line.lstrip("#").strip())
                continue
            started = bool(line or opening)
            if not line:
                continue
        code, comment = split_comment(line)
        if array is not None:
            if code.startswith("]"):
                array, pending = None, []
            elif not code and comment:
                pending.append(comment)
            elif code.startswith("{"):
                joined = " ".join(p for p in (*pending, _item_note(comment)) if p).strip()
                if joined:
                    notes[f"{array}[{item}]"] = joined
                pending = []
                item += 1
            continue
        if not code:
            unset = _UNSET.fullmatch(comment)
            if unset is not None and house is not None:
                notes[_join(table, unset.group(1))] = " ".join(house)
                house = None
            elif comment.startswith(HOUSE):
                house = [comment.removeprefix(HOUSE)]
            elif comment and house is not None:
                house.append(comment)
            else:
                house = None
            continue
        if line.startswith("["):
            table, house = line.strip("[] "), None
            continue
        match = _KEY.match(line)
        if match is None:
            continue
        path = _join(table, match.group(1))
        said = " ".join(part for part in (" ".join(house or ()), comment) if part)
        if said:
            notes[path] = said
        house = None
        if code.endswith("["):
            array, item = path, 0
    heading = _opening(" ".join(opening))
    if heading:
        notes[""] = heading
    return notes


def _opening(text: str) -> str:
    """A file's opening comment as a note: a file this module wrote keeps only what it
    quoted from the file before it (after `FROM_FILE`)."""
    if HEADER in text:
        quoted = text.partition(HEADER)[2].strip()
        return quoted.removeprefix(FROM_FILE).strip() if quoted.startswith(FROM_FILE) else ""
    return text.strip()


def split_comment(line: str) -> tuple[str, str]:
    """A TOML line's code and its comment (a ``#`` outside any string)."""
    quote: str | None = None
    escaped = False
    for index, char in enumerate(line):
        if quote is not None:
            if escaped:
                escaped = False
            elif char == "\\" and quote == '"':
                escaped = True
            elif char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#":
            return line[:index].rstrip(), line[index + 1 :].strip()
    return line.rstrip(), ""


def shipped_preset_toml(name: str) -> str:
    """A shipped preset as commented TOML, with the house's notes from its file.

    Raises:
        RuleSetError: no such preset.
    """
    from importlib import resources

    from pitboss.rules.ruleset import PRESET_DIR, PRESET_PACKAGE, load_preset

    rules = load_preset(name)
    source = (resources.files(PRESET_PACKAGE) / PRESET_DIR / f"{name}.toml").read_text("utf-8")
    return format_preset_toml(rules, notes=preset_notes(source))


def file_preset_toml(text: str, rules: RuleSet) -> str:
    """A house's own preset file (its ``text``, read as ``rules``) as commented TOML."""
    return format_preset_toml(rules, notes=preset_notes(text))


__all__ = [
    "HEADER",
    "file_preset_toml",
    "format_preset_toml",
    "format_value",
    "preset_notes",
    "shipped_preset_toml",
    "split_comment",
]
