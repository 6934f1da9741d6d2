"""JSON text for the log: checked before it is written, so what is loaded equals what was given.

``json.dumps`` alone would store some values as something else without a word: a dict key
``1`` as ``"1"``, ``True`` as a key ``"true"``; and it refuses others only when written (a set,
NaN, which PostgreSQL refuses too, a lone surrogate, which UTF-8 cannot encode). So the text
is read back and compared with the value (both in C, a few microseconds an event); only when
they differ, or the encoder refused, does a walk find and name the path of the first value
JSON cannot keep. A tuple is kept as an array (and comes back a list); any other mapping as an
object. Text is UTF-8 (not ``\\u`` escapes) and compact; key order is kept, which is why
PostgreSQL's column is ``json`` (kept as written) rather than ``jsonb`` (which reorders keys).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from pitboss.errors import StoreError

_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def encode_object(value: object, *, what: str, stream: str) -> tuple[str, dict[str, Any]]:
    """``value``, a JSON object, as text, and that text read back (what a load will give);
    ``what`` names it in an error (``event 2 (player_busted) data``).

    Raises:
        StoreError: ``bad_payload``, naming the path and the type found.
    """
    if not isinstance(value, Mapping):
        raise _bad(stream, what, "", value, "a JSON object (a mapping with string keys)")
    try:
        text = _ENCODER.encode(value)
        text.encode("utf-8")
    except (TypeError, ValueError):  # a set, NaN, a lone surrogate (UnicodeEncodeError) ...
        _check(value, stream=stream, what=what, path="")
        text = _ENCODER.encode(_plain(value))  # other mappings than dicts: JSON objects
    decoded: dict[str, Any] = json.loads(text)
    if decoded != value:  # a key JSON turned into a string, or a tuple now a list
        _check(value, stream=stream, what=what, path="")
    return text, decoded


def _plain(value: object) -> object:
    """``value`` with every mapping a dict and every tuple a list (what the encoder takes)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


_DECODER = json.JSONDecoder()


def decode_object(text: str | Mapping[str, Any]) -> Mapping[str, Any]:
    """A stored JSON object (PostgreSQL's driver hands back ``json`` columns parsed already).

    The text is the store's own compact JSON, so the decoder's scan is called directly, without
    ``json.loads``'s checks for surrounding whitespace (a fifth of the time of a load).
    """
    if isinstance(text, str):
        decoded: Mapping[str, Any] = _DECODER.raw_decode(text)[0]
        return decoded
    return text


def decode_json(data: str | bytes) -> Any:
    """The driver's ``json`` column decoder for PostgreSQL (psycopg hands over UTF-8 bytes)."""
    return _DECODER.raw_decode(data if isinstance(data, str) else data.decode("utf-8"))[0]


def _check(value: object, *, stream: str, what: str, path: str) -> None:
    if isinstance(value, str):
        if not is_utf8(value):
            raise _bad(stream, what, path, value, "text that UTF-8 can encode (no lone surrogate)")
        return
    if value is None or isinstance(value, bool | int):
        return
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _bad(stream, what, path, value, "a finite number")
        return
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str) or not is_utf8(key):
                raise _bad(stream, what, f"{path}.{key!r}", key, "a string key UTF-8 can encode")
            _check(item, stream=stream, what=what, path=f"{path}.{key}")
        return
    if isinstance(value, list | tuple):
        for index, item in enumerate(value):
            _check(item, stream=stream, what=what, path=f"{path}[{index}]")
        return
    raise _bad(stream, what, path, value, "a JSON value (str, int, float, bool, None, list, dict)")


def is_utf8(text: str) -> bool:
    """Whether ``text`` can be stored as UTF-8 (a lone surrogate such as ``"\\ud800"`` cannot)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _bad(stream: str, what: str, path: str, value: object, allowed: str) -> StoreError:
    shown = repr(value)[:60]
    return StoreError(
        f"stream {stream}: {what}{path} is {type(value).__name__} {shown}: the log keeps {allowed}",
        code="bad_payload",
        params={
            "stream": stream,
            "what": what,
            "path": path,
            "type": type(value).__name__,
            "value": shown,
            "allowed": allowed,
        },
    )
