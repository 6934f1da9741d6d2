"""Writing PHH: a `PhhHand` as the text of a ``.phh`` file, several as a ``.phhs`` file.

Fields are written in PokerKit's order (`pitboss.history.phh.FIELD_ORDER`), amounts at the
hand's scale, so a file PokerKit wrote reads (`pitboss.history.phh_reader`) and writes back
unchanged. ``format_*`` return text; ``write_*`` write to a handle the caller opened (STYLE 16).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import TextIO

from pitboss.errors import HistoryError
from pitboss.history.amounts import format_amount
from pitboss.history.phh import BET_FIELDS, FIELD_ORDER, PhhHand, format_action

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


# --- writing -------------------------------------------------------------------------------


def _format_key(key: str) -> str:
    return key if _BARE_KEY.fullmatch(key) else _format_string(key)


def _format_string(text: str) -> str:
    if "'" not in text and not any(ord(c) < 32 or ord(c) == 127 for c in text):
        return f"'{text}'"
    escaped = []
    for char in text:
        if char in '"\\':
            escaped.append("\\" + char)
        elif ord(char) < 32 or ord(char) == 127:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _format_string(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Decimal):
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "-inf" if value < 0 else "inf"
        text = str(value)
        return text if any(c in text for c in ".eE") else text + ".0"
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        pairs = (f"{_format_key(str(k))} = {_format_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    raise HistoryError(
        f"cannot write {value!r} in a hand history: values are strings, numbers, booleans, "
        "dates and times, lists and tables",
        code="bad_field",
        params={"value": repr(value)},
    )


class _Written(str):
    """TOML text already written (amounts at the hand's scale)."""

    __slots__ = ()


def _amounts_text(values: Iterable[int], scale: int) -> _Written:
    return _Written("[" + ", ".join(format_amount(v, scale) for v in values) + "]")


def _stacks_text(values: Sequence[int], hand: PhhHand) -> _Written:
    """Stacks at the hand's scale, ``inf`` for a player whose stack is unknown (PHH)."""
    unknown = hand.unknown_stacks
    return _Written(
        "["
        + ", ".join(
            "inf" if i + 1 in unknown else format_amount(v, hand.scale)
            for i, v in enumerate(values)
        )
        + "]"
    )


def _fields(hand: PhhHand) -> Iterator[tuple[str, object]]:
    fields: dict[str, object] = {
        "variant": hand.variant,
        "ante_trimming_status": hand.ante_trimming_status,
        "antes": _amounts_text(hand.antes, hand.scale),
        "blinds_or_straddles": _amounts_text(hand.blinds_or_straddles, hand.scale),
    }
    for name in BET_FIELDS:  # those of the variant's structure: min_bet, or small and big bet
        amount = getattr(hand, name)
        if amount is not None:
            fields[name] = _Written(format_amount(amount, hand.scale))
    fields["starting_stacks"] = _stacks_text(hand.starting_stacks, hand)
    fields["actions"] = [format_action(a, scale=hand.scale) for a in hand.actions]
    if hand.players is not None:
        fields["players"] = list(hand.players)
    if hand.finishing_stacks is not None:
        fields["finishing_stacks"] = _stacks_text(hand.finishing_stacks, hand)
    if hand.winnings is not None:
        fields["winnings"] = _amounts_text(hand.winnings, hand.scale)
    fields.update(hand.metadata)
    for name in FIELD_ORDER:
        if name in fields:
            yield name, fields.pop(name)
    yield from fields.items()


def format_phh(hand: PhhHand) -> str:
    """Write one hand as the text of a ``.phh`` file (ends with a newline).

    Raises:
        HistoryError: a metadata value cannot be written in TOML.
    """
    lines = []
    for name, value in _fields(hand):
        text = value if isinstance(value, _Written) else _format_value(value)
        lines.append(f"{_format_key(name)} = {text}")
    return "\n".join(lines) + "\n"


def format_phhs(hands: Mapping[str, PhhHand] | Sequence[PhhHand]) -> str:
    """Write several hands as the text of a ``.phhs`` file, as tables ``[1]``, ``[2]`` ...

    A mapping keeps its keys as the table names; a sequence is numbered from 1.
    """
    items = hands.items() if isinstance(hands, Mapping) else enumerate(hands, start=1)
    return "\n".join(f"[{_format_key(str(key))}]\n{format_phh(hand)}" for key, hand in items)


def write_phh(hand: PhhHand, handle: TextIO) -> None:
    """Write one hand to an open text handle (see ``format_phh``)."""
    handle.write(format_phh(hand))


def write_phhs(hands: Mapping[str, PhhHand] | Sequence[PhhHand], handle: TextIO) -> None:
    """Write several hands to an open text handle (see ``format_phhs``)."""
    handle.write(format_phhs(hands))
