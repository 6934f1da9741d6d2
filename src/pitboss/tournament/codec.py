"""The JSON form of the director's commands and events: one codec for the server and the store.

A command is a JSON object ``{"type": "register_player", ...its fields}`` (`encode_command`,
`decode_command`, `decode_command_json`); docs/commands.md shows every command's form with one
example each. An event is stored in the envelope ``{"seq", "v", "at", "type", "data"}``
(STYLE 14; `encode_event`, `decode_event`, `decode_log`): ``v`` is the event type's schema
version when it was written, ``data`` its fields (``at`` included, equal to the envelope's).

Decoding reads input from outside (the server feeds it network input; a store row may be
damaged), so it refuses, with a `CodecError` naming the field and what is allowed there, and
never with a bare Python error:

- text over `MAX_COMMAND_BYTES` (`MAX_EVENT_BYTES` for an event), nesting deeper than
  `MAX_DEPTH`, text that is not JSON, ``NaN``/``Infinity``, a key given twice (``too_large``,
  ``too_deep``, ``bad_json``);
- not an object (``bad_command``, ``bad_event``); no or an unknown ``type`` (``unknown_command``,
  ``unknown_event``, listing the known ones); a field the type does not have (``unknown_field``,
  listing the allowed ones); a required field absent (``missing_field``);
- a value of the wrong type (``bad_field``): ``true`` or ``2.0`` or ``"2"`` for an integer,
  an integer beyond ±`pitboss.validation.MAX_INT`, a value outside an enum, a list where an
  object is wanted and the like; then the ranges and blank text of `pitboss.validation.checked`
  (the same checks ``decide`` makes).

A value's own validation (a `RuleSet` checks every setting as it is built) raises its own
`PitbossError` (``RuleSetError``, ``StructureError``), with the field's name in front.

Old events are upcast on the way in: `UPCASTERS` holds one function per ``(type, version)``,
applied in a chain from the stored ``v`` to the class's current ``v``; an envelope with a ``v``
newer than the code knows is refused (``event_too_new``), never guessed at. A stored event
that does not read is refused as an `UnreadableEventError` saying which (its seq, type and
when it was recorded) and why; the log itself is never changed, and its raw export
(`pitboss event export --raw`, the server's ``log.jsonl``) needs no decoding. `encode_event`
refuses (``not_recordable``) an event that would not read back, so none is ever written.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

import pitboss.tournament  # noqa: F401 - the features register their commands and events on import
from pitboss.cards import Card
from pitboss.errors import CardError, CodecError, FieldError, PitbossError, UnreadableEventError
from pitboss.rules import RuleSet
from pitboss.rules.mapping import Problem, Refusal, from_mapping, to_mapping
from pitboss.rules.table_rules import DrawTieBreak
from pitboss.table.draw import DrawCard, rank_draw
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.registration import PlayerRegistered
from pitboss.tournament.features.registration_edits import RegistrationEdited
from pitboss.tournament.features.tables import ButtonPlaced, SeatsDrawn
from pitboss.tournament.model.entries import PRIVATE_FIELDS, PersonalDetails, details_given, of_age
from pitboss.tournament.model.field_words import command_words, missing_words, refusal_words
from pitboss.tournament.registry import COMMAND_CLASSES, EVENT_CLASSES, Command, Event
from pitboss.validation import (
    MAX_COMMAND_BYTES,
    MAX_DEPTH,
    MAX_EVENT_BYTES,
    MAX_INT,
    check_json,
    checked,
    too_deep,
    too_large,
)

T = TypeVar("T")

ENVELOPE_KEYS = ("seq", "v", "at", "type", "data")
"""The keys of a stored event's envelope, in the order written (STYLE 14)."""


# --- commands ---------------------------------------------------------------------------------


def encode_command(command: Command) -> dict[str, Any]:
    """``{"type": "register_player", ...fields}``, JSON-ready: enums as their values, tuples as
    lists, nested values as objects.

    Raises:
        CodecError: ``unknown_command``: not a registered command.
    """
    kind = _registered_command(command)
    data: dict[str, Any] = to_mapping(command)
    return {"type": kind, **data}


def stored_command(command: Command) -> dict[str, Any]:
    """`encode_command` as the log keeps it: a command's private details (THC 1) replaced by
    the names of those given (issue 28), their values kept only in the private store."""
    return without_details(encode_command(command))


def without_details(command: Mapping[str, Any]) -> dict[str, Any]:
    """A stored command with its private details' values left out (``details`` becomes the
    list of the names given): what a command row, or the audit trail reading one written before
    issue 28, shows."""
    details = command.get("details")
    if not isinstance(details, Mapping):
        return dict(command)
    given = [d.value for d in details_given(_v1_details(details))]
    return {**command, "details": given}


def decode_command(data: object) -> Command:
    """The command ``data`` (a parsed JSON object) describes, every field checked.

    Raises:
        CodecError: see the module's docstring (``bad_command``, ``unknown_command``,
            ``unknown_field``, ``missing_field``, ``bad_field``, ``too_large``, ``too_deep``).
        PitbossError: a nested value's own validation (a `RuleSet` setting out of range).
    """
    _check_json(data, limit=MAX_COMMAND_BYTES, what="command")
    if not isinstance(data, Mapping):
        raise CodecError(
            f"a command is a JSON object with its type and fields, not {_show(data)}",
            code="bad_command",
            params={"expected": "an object", "got": _show(data)},
        )
    kind = data.get("type")
    cls = COMMAND_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        known = sorted(COMMAND_CLASSES)
        said = "no type" if "type" not in data else f"an unknown type {_show(kind)}"
        raise CodecError(
            f"the command has {said}; the commands are {', '.join(known)}",
            code="unknown_command",
            params={"type": _param(kind), "known": known},
        )
    fields = {key: value for key, value in data.items() if key != "type"}
    return _decoded(cls, fields, kind)


def decode_command_json(text: str | bytes) -> Command:
    """The command in JSON ``text`` (a request body): `decode_command` after the size, nesting
    and syntax checks.

    Raises:
        CodecError: ``too_large``, ``too_deep``, ``bad_json``, or what `decode_command` raises.
    """
    return decode_command(parse_json(text, limit=MAX_COMMAND_BYTES, what="command"))


def parse_json(text: str | bytes, *, limit: int, what: str) -> object:
    """JSON ``text`` as Python values, refusing what the codec never accepts: more than
    ``limit`` bytes, nesting past `MAX_DEPTH`, ``NaN``/``Infinity`` and a key given twice.

    Raises:
        CodecError: ``too_large``, ``too_deep`` or ``bad_json``.
    """
    if not isinstance(text, (str, bytes)):
        raise CodecError(
            f"a {what} arrives as JSON text, not {_show(text)}",
            code="bad_json",
            params={"what": what, "got": _show(text)},
        )
    size = len(text)  # characters: never more than bytes
    if size <= limit and isinstance(text, str) and not text.isascii():
        size = len(text.encode("utf-8", "replace"))
    if size > limit:
        _too_large(what, limit, size)
    try:
        value: object = json.loads(
            text, parse_constant=_no_constant, object_pairs_hook=_object_without_repeats
        )
    except CodecError:
        raise
    except RecursionError:
        _too_deep(what, "")
    except (ValueError, UnicodeDecodeError) as err:  # JSONDecodeError, bad UTF-8, 5,000 digits
        raise CodecError(
            f"the {what} is not valid JSON: {err}",
            code="bad_json",
            params={"what": what, "error": str(err)},
        ) from None
    return value


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcastContext:
    """What an upcaster may need besides the event's own data.

    ``rules`` are the rules the night was played under: a log's ``tournament_created`` carries
    them (`decode_log` passes them on); older logs have none, and their reader knows them.
    """

    rules: RuleSet | None = None


Upcaster = Callable[[dict[str, Any], UpcastContext], dict[str, Any]]
"""``(data of version n, context) -> data of version n + 1``."""

UPCASTERS: dict[tuple[str, int], Upcaster] = {}
"""The upcaster of each ``(event type, version it reads)``."""


def upcasts(event: type[Event], from_version: int) -> Callable[[Upcaster], Upcaster]:
    """Register the decorated function as the upcaster of ``event`` from ``from_version``."""
    if not 1 <= from_version < event.v:
        raise TypeError(f"{event.__name__} is at v{event.v}: no upcaster from v{from_version}")
    key = (event.type, from_version)

    def register(fn: Upcaster) -> Upcaster:
        if key in UPCASTERS:
            raise TypeError(f"{event.__name__} already has an upcaster from v{from_version}")
        UPCASTERS[key] = fn
        return fn

    return register


def encode_event(event: Event, seq: int) -> dict[str, Any]:
    """The store's envelope ``{"seq", "v", "at", "type", "data"}`` of ``event`` at ``seq``.

    The envelope is held to what `decode_event` reads back (the event's fields by
    `pitboss.validation.checked`, the whole by `pitboss.validation.check_json`), so a value
    no door bounded (a total grown past `MAX_INT`) is refused before it is written, never
    found on reading.

    Raises:
        CodecError: ``unknown_event``: not a registered event; ``bad_field``: ``seq`` is not a
            whole number from 0 to `MAX_INT`; ``not_recordable``: the event would not read
            back (``params``: ``type``, ``field``, ``reason`` and the bound).
    """
    cls = type(event)
    if not isinstance(event, Event) or EVENT_CLASSES.get(cls.type) is not cls:
        _unknown_event(cls.__name__)
    if type(seq) is not int or not 0 <= seq <= MAX_INT:
        raise CodecError(
            f"an event's seq is a whole number from 0 to {MAX_INT:,}, not {_show(seq)}",
            code="bad_field",
            params={"type": cls.type, "field": "seq", "low": 0, "high": MAX_INT, "got": _show(seq)},
        )
    data: dict[str, Any] = to_mapping(event)
    envelope = {"seq": seq, "v": cls.v, "at": event.at, "type": cls.type, "data": data}
    try:
        checked(event, where=cls.type)
        check_json(envelope, limit=MAX_EVENT_BYTES, what="event")
    except FieldError as err:
        field = _relative(str(err.params.get("field", "")), cls.type)
        raise CodecError(
            f"nothing was recorded: the event '{command_words(cls.type)}' would carry what the "
            f"log cannot read back ({err.message})",
            code="not_recordable",
            params={**err.params, "type": cls.type, "field": field, "reason": err.code},
        ) from None
    return envelope


def decode_event(envelope: object, *, rules: RuleSet | None = None) -> Event:
    """The event in a stored envelope, upcast to its current version and checked.

    ``rules`` (the night's rules) lets an upcaster recover what an old version did not record
    (`UpcastContext`); without them each recovers what the data alone decides.

    Raises:
        UnreadableEventError: (a `CodecError`) with the reading's code, ``bad_event`` (not an
            object), ``unknown_event``, ``event_too_new``, ``no_upcaster``, or a field's error
            as for commands, its message and params naming the event (seq, type, when).
    """
    return _read(envelope, UpcastContext(rules=rules))[1]


def decode_log(envelopes: Iterable[object], *, rules: RuleSet | None = None) -> list[Event]:
    """A stored stream's events in order, each decoded as `decode_event` does.

    The rules of the log's ``tournament_created`` are the upcasters' context from there on;
    ``rules`` are the context before it (a log written before the first event carried them).

    Raises:
        UnreadableEventError: what `decode_event` raises; ``bad_sequence``: a ``seq`` not
            above the one before it.
    """
    context = UpcastContext(rules=rules)
    events: list[Event] = []
    previous: int | None = None
    for envelope in envelopes:
        seq, event = _read(envelope, context)
        if previous is not None and seq <= previous:
            error = CodecError(
                f"the log's seq must rise from event to event: {seq} follows {previous}",
                code="bad_sequence",
                params={"seq": seq, "previous": previous},
            )
            raise _unreadable(envelope, error)
        previous = seq
        if isinstance(event, TournamentCreated):
            context = UpcastContext(rules=event.rules)
        events.append(event)
    return events


def _read(envelope: object, context: UpcastContext) -> tuple[int, Event]:
    """`_decode_envelope`, its refusal said of the event in the log (`_unreadable`)."""
    try:
        return _decode_envelope(envelope, context)
    except PitbossError as err:  # the codec's, or a rule set's own validation
        raise _unreadable(envelope, err) from err


def _unreadable(envelope: object, err: PitbossError) -> UnreadableEventError:
    """``err`` as an `UnreadableEventError` naming the event (its seq, type and when it was
    recorded, as far as the envelope says them) and saying that the log is kept."""
    if isinstance(err, UnreadableEventError):
        return err
    fields = envelope if isinstance(envelope, Mapping) else {}
    seq, kind, at = (fields.get(key) for key in ("seq", "type", "at"))
    seq = seq if type(seq) is int else None
    kind = kind if isinstance(kind, str) and len(kind) <= 100 else None
    at = at if type(at) is int else None
    which = "an event of the log" if seq is None else f"event {seq} of the log"
    said = [f"{command_words(kind)}" if kind else "", _when(at)]
    details = ", ".join(part for part in said if part)
    return UnreadableEventError(
        f"{which}{f' ({details})' if details else ''} cannot be read: {err.message}. The night "
        "is stored as it was recorded, but this pitboss cannot open it; everything recorded can "
        "still be exported as it is stored (`pitboss event export DB ID --raw FILE`, or the "
        "server's download of the raw log, /api/tournaments/ID/log.jsonl)",
        code=err.code,
        params={**err.params, "seq": seq, "event": kind, "at": at},
    )


def _when(at: int | None) -> str:
    """``at`` (ms UTC) as a reader says it: ``recorded 2026-11-14 18:05:00 UTC``."""
    if at is None:
        return ""
    try:
        moment = dt.datetime.fromtimestamp(at / 1000, tz=dt.UTC)
    except (ValueError, OverflowError, OSError):
        return f"recorded at {at} ms"
    return f"recorded {moment:%Y-%m-%d %H:%M:%S} UTC"


def _decode_envelope(envelope: object, context: UpcastContext) -> tuple[int, Event]:
    _check_json(envelope, limit=MAX_EVENT_BYTES, what="event")
    if not isinstance(envelope, Mapping):
        raise CodecError(
            f"a stored event is an envelope {{{', '.join(ENVELOPE_KEYS)}}}, not {_show(envelope)}",
            code="bad_event",
            params={"expected": list(ENVELOPE_KEYS), "got": _show(envelope)},
        )
    _check_keys(envelope, ENVELOPE_KEYS, "event")
    kind = envelope["type"]
    cls = EVENT_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None or not isinstance(kind, str):
        _unknown_event(kind)
    seq = _envelope_int(envelope, "seq", 0, kind)
    version = _envelope_int(envelope, "v", 1, kind)
    at = _envelope_int(envelope, "at", 0, kind)
    if version > cls.v:
        raise CodecError(
            f"{kind} v{version} was written by a newer pitboss: this one reads up to v{cls.v}",
            code="event_too_new",
            params={"type": kind, "v": version, "known_v": cls.v},
        )
    data = envelope["data"]
    if not isinstance(data, Mapping):
        _bad(kind, "data", "an object", data)
    upcast = _upcast(kind, version, cls.v, dict(data), context)
    if "at" in upcast and upcast["at"] != at:
        raise CodecError(
            f"{kind}: the envelope's at ({at}) and the data's ({_show(upcast['at'])}) differ",
            code="bad_field",
            params={"type": kind, "field": "at", "expected": at, "got": _show(upcast["at"])},
        )
    return seq, _decoded(cls, upcast, kind)


def _upcast(
    kind: str, version: int, current: int, data: dict[str, Any], context: UpcastContext
) -> dict[str, Any]:
    while version < current:
        upcaster = UPCASTERS.get((kind, version))
        if upcaster is None:
            raise CodecError(
                f"{kind} v{version} cannot be read: no upcaster to v{version + 1} (now v{current})",
                code="no_upcaster",
                params={"type": kind, "v": version, "known_v": current},
            )
        data = upcaster(data, context)
        version += 1
    return data


def _envelope_int(envelope: Mapping[str, Any], key: str, low: int, kind: str) -> int:
    value = envelope[key]
    if type(value) is not int or not low <= value <= MAX_INT:
        raise CodecError(
            f"{kind}: the envelope's {key} must be a whole number from {low} to {MAX_INT:,}, "
            f"got {_show(value)}",
            code="bad_field",
            params={"type": kind, "field": key, "low": low, "high": MAX_INT, "got": _show(value)},
        )
    return value


# --- v1 -> v2: the button draw names who drew each card ---------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _SeatV1:
    """A seat as v1 recorded it."""

    table: int
    seat: int
    player_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class _DrawnTableV1:
    """A table as a v1 ``seats_drawn`` or ``button_placed`` recorded it: seats after any KY 6
    reseat, ``draw`` as ``"seat:card"``, the seat each card was dealt to before the reseat."""

    table: int
    seat_count: int
    seats: tuple[_SeatV1, ...]
    button: int
    draw: tuple[str, ...] = ()


_READINGS: tuple[tuple[bool, DrawTieBreak], ...] = tuple(
    (reseat, tie) for reseat in (False, True) for tie in DrawTieBreak
)
"""Every way a v1 draw may have been made: with or without the KY 6 reseat, by either tie-break."""


def _v1_details(data: object) -> PersonalDetails:
    """The private details a v1 event or an old command row carried (unreadable ones as none:
    they are private, never shown in an error)."""
    if not isinstance(data, Mapping):
        return PersonalDetails()
    known: dict[str, Any] = {
        k: v
        for k, v in data.items()
        if k in PRIVATE_FIELDS and (isinstance(v, str) or (k == "age_verified" and v is True))
    }
    return PersonalDetails(**known)


def v1_details(kind: str, v: int, data: Mapping[str, Any]) -> PersonalDetails | None:
    """The private details held by a stored ``player_registered`` or ``registration_edited``
    of version 1 (what the service moves into the private store), else None."""
    if v != 1 or kind not in (PlayerRegistered.type, RegistrationEdited.type):
        return None
    details = data.get("details")
    return None if details is None else _v1_details(details)


def _details_facts(data: dict[str, Any], context: UpcastContext) -> dict[str, Any]:
    """v1 -> v2 of an event with ``details``: which were given and whether the player was of
    the house's minimum age that day (THC add. 15), never the values (issue 28)."""
    out = {k: value for k, value in data.items() if k != "details"}
    if data.get("details") is None:
        return out
    details = _v1_details(data["details"])
    min_age = None if context.rules is None else context.rules.tournament.entry.min_age
    at = data.get("at")
    try:
        adult = of_age(min_age, details, at) if type(at) is int else None
    except PitbossError:  # a date of birth that is not a date: the age is unknown
        adult = None
    return {**out, "details_given": [d.value for d in details_given(details)], "of_age": adult}


@upcasts(PlayerRegistered, 1)
def _player_registered_v1(data: dict[str, Any], context: UpcastContext) -> dict[str, Any]:
    """v1 carried the private details (THC 1); v2 keeps them out of the log (issue 28)."""
    return _details_facts(data, context)


@upcasts(RegistrationEdited, 1)
def _registration_edited_v1(data: dict[str, Any], context: UpcastContext) -> dict[str, Any]:
    """v1 carried the replacing details (THC 1); v2 says which were given (issue 28)."""
    return _details_facts(data, context)


@upcasts(SeatsDrawn, 1)
def _seats_drawn_v1(data: dict[str, Any], context: UpcastContext) -> dict[str, Any]:
    """Each table's button draw names who drew each card (``"p07:As"``), not the seat the card
    was dealt to before the KY 6 reseat (``"3:As"``); `_draw_v2` says how."""
    tables = data.get("tables")
    if tables is None:
        return data  # the v2 decode reports the missing field
    if not isinstance(tables, (list, tuple)):
        _bad("seats_drawn", "tables", "a list", tables)
    drawn = [_draw_v2(t, f"seats_drawn.tables[{i}]", context) for i, t in enumerate(tables)]
    return {**data, "tables": drawn}


@upcasts(ButtonPlaced, 1)
def _button_placed_v1(data: dict[str, Any], context: UpcastContext) -> dict[str, Any]:
    """The button draw names who drew each card (``"p07:As"``), not the seat the card was
    dealt to before the KY 6 reseat (``"3:As"``); `_draw_v2` says how."""
    if "table" not in data:
        return data  # the v2 decode reports the missing field
    return {**data, "table": _draw_v2(data["table"], "button_placed.table", context)}


def _draw_v2(table: object, where: str, context: UpcastContext) -> object:
    """A v1 table's button draw rewritten from ``"seat:card"`` to ``"player_id:card"``.

    v1 dealt one card to each occupied seat clockwise from seat 1, as the seats were before any
    KY 6 reseat, and recorded the seat each card went to; the seats it recorded are after the
    reseat. The occupied seats are the same before and after (the reseat only permutes who sits
    in them), so the i-th card went to the i-th lowest occupied seat, and:

    - without a reseat (``table.reseat_by_draw`` off), whoever sits there drew it;
    - with it (KY 6), the high card under the house's tie-break kept its seat, the button, and
      the others, ranked high to low, took the occupied seats to the button's left in turn: the
      card ranked k-th (k >= 2) was drawn by whoever now sits in the (k-1)-th seat left of the
      button.

    With the night's rules (``context.rules``: ``reseat_by_draw`` and ``draw_tie_break``) every
    card is recovered. Without them the data cannot tell a reseat from none, nor, under a
    reseat, two cards of one rank apart: each reading whose high card sits at the button is
    tried, a card all of them give to one player is named, and any other is written
    ``"?:card"`` (the winner's card is always named: every reading gives it to the button).

    Raises:
        CodecError: a damaged draw (``bad_field``): two players to a seat or one in two, not a
            card per occupied seat in seat order, a card twice, no player at the button, or a
            high card away from the button under the given rules.
    """
    kind, _, field = where.partition(".")
    if not isinstance(table, Mapping):
        _bad(kind, field, "an object", table)
    old = from_mapping(_DrawnTableV1, table, where=where, refuse=_refusal(kind))
    if not old.draw:
        return table
    occupant = {s.seat: s.player_id for s in old.seats}
    seats = sorted(occupant)
    if len(occupant) != len(old.seats) or len(set(occupant.values())) != len(occupant):
        _bad(kind, f"{field}.seats", "one player to a seat, each in one seat", table["seats"])
    dealt = [_v1_card(text, kind, f"{field}.draw[{i}]") for i, text in enumerate(old.draw)]
    if [seat for seat, _ in dealt] != seats or len({card for _, card in dealt}) != len(dealt):
        _bad(kind, f"{field}.draw", f"one card per occupied seat {seats}, in seat order", old.draw)
    if old.button not in occupant:
        _bad(kind, f"{field}.button", f"an occupied seat {seats}", old.button)
    rules = context.rules
    readings = (
        _READINGS if rules is None else ((rules.table.reseat_by_draw, rules.table.draw_tie_break),)
    )
    found = [_drawers(dealt, occupant, old.button, reseat=r, tie_break=t) for r, t in readings]
    drawers = [d for d in found if d is not None]
    if not drawers:
        high = f"a draw whose high card is at the button (seat {old.button})"
        _bad(kind, f"{field}.draw", high, old.draw)
    named = []
    for i, (_, card) in enumerate(dealt):
        names = {reading[i] for reading in drawers}
        named.append(f"{names.pop() if len(names) == 1 else '?'}:{card}")
    return {**table, "draw": named}


def _drawers(
    dealt: Sequence[tuple[int, Card]],
    occupant: Mapping[int, str],
    button: int,
    *,
    reseat: bool,
    tie_break: DrawTieBreak,
) -> list[str] | None:
    """Who drew each dealt card under one reading of a v1 draw; None if its high card is not
    at the button (`pitboss.table.draw.draw_for_button`)."""
    cards = [DrawCard(seat=seat, player="", card=card) for seat, card in dealt]
    ranked = rank_draw(cards, tie_break)
    if ranked[0].seat != button:
        return None
    if not reseat:
        return [occupant[seat] for seat, _ in dealt]
    seats = sorted(occupant)
    left_of_button = [s for s in seats if s > button] + [s for s in seats if s < button]
    taken = {ranked[0].seat: button} | {
        c.seat: s for c, s in zip(ranked[1:], left_of_button, strict=True)
    }
    return [occupant[taken[seat]] for seat, _ in dealt]


def _v1_card(text: str, kind: str, field: str) -> tuple[int, Card]:
    seat, _, card = text.rpartition(":")
    if not (seat.isascii() and seat.isdigit() and len(seat) <= 6):
        _bad(kind, field, "'seat:card' (v1, e.g. '3:As')", text)
    try:
        return int(seat), Card.parse(card)
    except CardError:
        _bad(kind, field, "'seat:card' with a card such as 'As' (v1)", text)


# --- shared -----------------------------------------------------------------------------------


def _decoded(cls: type[T], data: Mapping[str, Any], kind: str) -> T:
    """``cls`` from its fields: converted by annotation, then checked as ``decide`` checks."""
    value = from_mapping(cls, data, where=kind, refuse=_refusal(kind))
    try:
        return checked(value, where=kind)
    except FieldError as err:
        field = _relative(str(err.params.get("field", "")), kind)
        expected = str(err.params.get("expected", ""))
        message = (
            refusal_words(field, expected, err.params.get("got", ""), kind)
            if field and expected
            else err.message
        )
        raise CodecError(
            message, code="bad_field", params={**err.params, "type": kind, "field": field}
        ) from None


def _refusal(kind: str) -> Refusal:
    """The codec's errors for what `pitboss.rules.mapping.from_mapping` finds wrong."""

    def refuse(problem: Problem, message: str, params: dict[str, Any]) -> PitbossError:
        where = str(params.get("setting", ""))
        field = _relative(where, kind)
        if problem == "unknown":
            allowed = list(params.get("allowed", []))
            return CodecError(
                f"'{field}' is not part of {command_words(kind)}: leave it out ("
                + (f"its fields are {', '.join(allowed)})" if allowed else "it has no fields)"),
                code="unknown_field",
                params={"type": kind, "field": field, "allowed": allowed},
            )
        if problem == "missing":
            missing = list(params.get("missing", []))
            return CodecError(
                missing_words(field, missing, kind),
                code="missing_field",
                params={"type": kind, "field": field, "missing": missing},
            )
        rest = {
            k: _json_words(v) if isinstance(v, str) else v
            for k, v in params.items()
            if k != "setting"
        }
        wanted: object = rest.get("expected")
        choices: object = rest.get("allowed")
        expected = " or ".join(map(str, wanted)) if isinstance(wanted, list) else wanted
        if isinstance(choices, list):
            expected = "one of " + ", ".join(map(str, choices))
        words = (
            refusal_words(field, str(expected), rest.get("got", ""), kind)
            if expected and field
            else _json_words(message)
        )
        return CodecError(words, code="bad_field", params={**rest, "type": kind, "field": field})

    return refuse


def _json_words(text: str) -> str:
    """The loader's words for a TOML table, in JSON's."""
    return text.replace("a table of settings", "an object").replace("a table", "an object")


def _relative(where: str, kind: str) -> str:
    """``register_player.details.email`` -> ``details.email``."""
    return where.removeprefix(kind).removeprefix(".")


def _check_keys(data: Mapping[str, Any], keys: Sequence[str], what: str) -> None:
    unknown = sorted(set(data) - set(keys))
    if unknown:
        raise CodecError(
            f"unknown {what} key '{unknown[0]}'; allowed: {', '.join(keys)}",
            code="unknown_field",
            params={"type": what, "field": unknown[0], "allowed": list(keys)},
        )
    missing = [key for key in keys if key not in data]
    if missing:
        raise CodecError(
            f"missing {what} key '{missing[0]}' (required: {', '.join(keys)})",
            code="missing_field",
            params={"type": what, "field": missing[0], "missing": missing},
        )


def _check_json(value: object, *, limit: int, what: str) -> None:
    """`pitboss.validation.check_json`, refused as a `CodecError` of the same code."""
    try:
        check_json(value, limit=limit, what=what)
    except FieldError as err:
        raise _as_codec_error(err) from None


def _as_codec_error(err: FieldError) -> CodecError:
    return CodecError(err.message, code=err.code, params=err.params)


def _no_constant(name: str) -> NoReturn:
    raise CodecError(
        f"{name} is not a number pitboss reads: amounts and counts are whole numbers",
        code="bad_json",
        params={"error": f"{name} is not allowed", "got": name},
    )


def _object_without_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise CodecError(
                f"the key '{key}' is given twice in one object: which one is meant?",
                code="bad_json",
                params={"error": "a repeated key", "key": _param(key)},
            )
        data[key] = value
    return data


def _registered_command(command: object) -> str:
    cls = type(command)
    kind = getattr(cls, "type", None)
    if not isinstance(command, Command) or not isinstance(kind, str):
        kind = None
    if kind is None or COMMAND_CLASSES.get(kind) is not cls:
        known = sorted(COMMAND_CLASSES)
        raise CodecError(
            f"{cls.__name__} is not a director's command; the commands are {', '.join(known)}",
            code="unknown_command",
            params={"type": cls.__name__, "known": known},
        )
    return kind


def _unknown_event(kind: object) -> NoReturn:
    known = sorted(EVENT_CLASSES)
    raise CodecError(
        f"unknown event type {_show(kind)}; the events are {', '.join(known)}",
        code="unknown_event",
        params={"type": _param(kind), "known": known},
    )


def _bad(kind: str, field: str, expected: str, got: object) -> NoReturn:
    raise CodecError(
        f"{kind}: '{field}' must be {expected}, got {_show(got)}",
        code="bad_field",
        params={"type": kind, "field": field, "expected": expected, "got": _show(got)},
    )


def _too_large(what: str, limit: int, size: int | None) -> NoReturn:
    try:
        too_large(what, limit, size)
    except FieldError as err:
        raise _as_codec_error(err) from None


def _too_deep(what: str, field: str) -> NoReturn:
    try:
        too_deep(what, field)
    except FieldError as err:
        raise _as_codec_error(err) from None


def _param(value: object) -> object:
    """``value`` as an error's param: null, a boolean, an integer or short text as it is,
    anything else as `_show` gives it (an error never carries a megabyte of input)."""
    if value is None or type(value) in (bool, int) or (type(value) is str and len(value) <= 100):
        return value
    return _show(value)


def _show(value: object) -> str:
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{text} ({type(value).__name__})"


__all__ = [
    "ENVELOPE_KEYS",
    "MAX_COMMAND_BYTES",
    "MAX_DEPTH",
    "MAX_EVENT_BYTES",
    "UPCASTERS",
    "UpcastContext",
    "Upcaster",
    "decode_command",
    "decode_command_json",
    "decode_event",
    "decode_log",
    "encode_command",
    "encode_event",
    "parse_json",
    "stored_command",
    "upcasts",
    "v1_details",
    "without_details",
]
