"""The club's streams and their events (issue 28): players' records and leagues, each an
append-only stream in the same store as the tournaments, named so a list of tournaments
leaves them out.

An event is a frozen dataclass subclassing `ClubEvent`: its stored ``type`` is the snake_case
of its class name (as the director's, `pitboss.tournament.registry`), ``v`` its version, and
``to_dict`` / `decode_club_event` its JSON through `pitboss.rules.mapping`, which checks every
field read back against its annotation.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any, ClassVar

from pitboss.errors import ClubError, PitbossError
from pitboss.rules.mapping import from_mapping, to_mapping
from pitboss.tournament.registry import register_type

CLUB_PREFIX = "club-"
"""Every club stream's id starts so; a tournament's stream may not (`is_club_stream`)."""

PLAYERS_STREAM = "club-players"
"""The stream of the club's player records."""

LEAGUES_STREAM = "club-leagues"
"""The stream of the club's leagues, their seasons and which events count."""

CLUB_EVENTS: dict[str, type[ClubEvent]] = {}
"""Every club event class by its stored type."""


def clean_text(text: str) -> str:
    """``text`` with its spaces collapsed and trimmed, in Unicode's composed form (NFC)."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def checked_name(text: str, *, what: str, limit: int, params: Mapping[str, Any]) -> str:
    """A name typed for the club (a player's, a league's, a season's), cleaned (`clean_text`)
    and checked: not blank, at most ``limit`` characters, no control character. ``what`` says
    whose name in the refusal ("a player's name", "the league's name").

    Raises:
        ClubError: ``blank_name``, ``name_too_long``, ``bad_name``.
    """
    cleaned = clean_text(text)
    if not cleaned:
        raise ClubError(
            f"{what} cannot be blank: type the name the players know it by",
            code="blank_name",
            params=dict(params),
        )
    if len(cleaned) > limit:
        raise ClubError(
            f"{what} {cleaned[:limit]}... is {len(cleaned)} characters long: at most {limit}",
            code="name_too_long",
            params={**params, "length": len(cleaned), "max": limit},
        )
    if any(unicodedata.category(c)[0] == "C" for c in cleaned):
        raise ClubError(
            f"{what} {cleaned!r} holds a control character: type letters, digits, spaces and "
            "punctuation only",
            code="bad_name",
            params=dict(params),
        )
    return cleaned


def is_club_stream(stream: str) -> bool:
    """The stream is one of the club's, not a tournament: a list of tournaments leaves it out."""
    return stream.startswith(CLUB_PREFIX)


class ClubEvent:
    """The base of every club event: its stored ``type``, its version ``v`` and its instant
    ``at`` (ms since the Unix epoch, passed in: the club's code reads no clock)."""

    __slots__ = ()
    type: ClassVar[str] = ""
    v: ClassVar[int] = 1
    at: int

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        register_type(cls, CLUB_EVENTS, "club event")

    def to_dict(self) -> dict[str, Any]:
        """``{"type": ..., "data": {...}}``, JSON-ready, as the store keeps an event."""
        return {"type": self.type, "data": to_mapping(self)}


def decode_club_event(kind: str, data: Mapping[str, Any], *, v: int = 1) -> ClubEvent:
    """A stored club event read back, every field checked against its annotation.

    Raises:
        ClubError: ``unknown_club_event`` (a type this pitboss does not know, or a newer
            version of one), or ``bad_field`` (a field that does not fit).
    """
    cls = CLUB_EVENTS.get(kind)
    if cls is None or v > cls.v:
        raise ClubError(
            f"the club's log holds an event this pitboss cannot read ({kind!r}, version {v}): "
            "upgrade pitboss to open it",
            code="unknown_club_event",
            params={"event": kind, "v": v},
        )
    try:
        return from_mapping(cls, data, where=kind)
    except PitbossError as err:
        raise ClubError(
            f"the club's {kind!r} event does not read: {err.message}",
            code=err.code,
            params={"event": kind},
        ) from err
