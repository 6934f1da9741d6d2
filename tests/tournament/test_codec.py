"""`pitboss.tournament.codec`: every command and event to JSON and back, refusals, upcasting.

- Round trips: Hypothesis builds values of every registered command and event type from their
  annotations (the ranges and blank rules `pitboss.validation` checks), and each comes back
  equal through ``json.dumps``/``json.loads``, commands bare and events in their envelope.
- Refusals: each kind the codec names has a test, and a fuzz of random JSON (whole values, and
  valid commands with one part broken) finds nothing but `PitbossError`s with a code and params.
- Upcasting: v1 ``seats_drawn`` and ``button_placed`` draws (``"seat:card"``) are rewritten to
  v2 (``"player_id:card"``), exactly with the night's rules, partly without them.
- docs/commands.md is checked against the classes: every command has an example there, every
  example decodes and re-encodes to itself, and the rest of the document is what the classes
  say. After changing a command or an event, rewrite it with
  ``PITBOSS_UPDATE_DOCS=1 .venv/bin/python -m pytest tests/tournament/test_codec.py -k docs``
  (the examples are the document's own and are kept; a new command gets ``{"type": ...}`` to
  fill in).
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import inspect
import json
import os
import random
import re
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.cards import Deck
from pitboss.errors import CodecError, PitbossError, RuleSetError
from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.mapping import to_mapping
from pitboss.rules.ruleset import preset_names
from pitboss.rules.table_rules import DrawTieBreak, TableRules
from pitboss.table.draw import draw_for_button
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.codec import (
    ENVELOPE_KEYS,
    MAX_COMMAND_BYTES,
    MAX_DEPTH,
    UPCASTERS,
    decode_command,
    decode_command_json,
    decode_event,
    decode_log,
    encode_command,
    encode_event,
    upcasts,
)
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.tables import ButtonPlaced, SeatsDrawn
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.seating import draw_button
from pitboss.tournament.registry import COMMAND_CLASSES, EVENT_CLASSES, Command, Event
from pitboss.tournament.state import TournamentState, fold, replay
from pitboss.validation import MAX_INT, MAX_TEXT, MAY_BE_BLANK, Range

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "commands.md"
GOLDEN = ROOT / "tests" / "golden" / "tournament_ky_charity.jsonl"
T0 = 1_767_225_600_000
PRESETS = {name: RuleSet.from_preset(name) for name in preset_names()}


def _json(value: Any) -> Any:
    """``value`` through JSON text and back, as the store and the network carry it."""
    return json.loads(json.dumps(value))


# --- strategies from the annotations ----------------------------------------------------------


def strategy_for(
    tp: Any, *, blank_ok: bool = False, bounds: Range | None = None
) -> st.SearchStrategy[Any]:
    """Valid values of annotated type ``tp``: what `pitboss.validation.checked` accepts."""
    while isinstance(tp, typing.NewType):
        tp = tp.__supertype__
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        base, *meta = args
        limit = next((m for m in meta if isinstance(m, Range)), bounds)
        return strategy_for(base, blank_ok=blank_ok or MAY_BE_BLANK in meta, bounds=limit)
    if tp is RuleSet:
        return _rule_sets()
    if origin in (types.UnionType, typing.Union):
        return st.one_of(
            [
                st.none() if a is type(None) else strategy_for(a, blank_ok=blank_ok, bounds=bounds)
                for a in args
            ]
        )
    if origin is typing.Literal:
        return st.sampled_from(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = strategy_for(args[0], blank_ok=blank_ok, bounds=bounds)
            return st.lists(item, max_size=3).map(tuple)
        return st.tuples(*(strategy_for(a, blank_ok=blank_ok, bounds=bounds) for a in args))
    if tp is bool:
        return st.booleans()
    if tp is int:
        limit = bounds or Range()
        return st.integers(limit.low, limit.high)
    if tp is str:
        text = st.text(st.characters(codec="utf-8"), max_size=12)
        return text if blank_ok else text.filter(lambda s: s.strip() != "")
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return st.sampled_from(list(tp))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclasses(tp)
    raise TypeError(f"no strategy for {tp!r}")


def _dataclasses(cls: type[Any]) -> st.SearchStrategy[Any]:
    hints = typing.get_type_hints(cls, include_extras=True)
    if issubclass(cls, Event):  # an event happens at a command's ``now``: 0 or more (decide)
        hints["at"] = Annotated[int, Range(0, MAX_INT)]
    fields = {
        f.name: strategy_for(hints[f.name], blank_ok=f.default == "")
        for f in dataclasses.fields(cls)
        if f.init
    }
    return st.fixed_dictionaries(fields).map(lambda kwargs: cls(**kwargs))


def _rule_sets() -> st.SearchStrategy[RuleSet]:
    return st.sampled_from([RuleSet(), *PRESETS.values()])


COMMANDS = sorted(COMMAND_CLASSES)
EVENTS = sorted(EVENT_CLASSES)


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", COMMANDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_command_round_trips_through_json(kind: str, data: st.DataObject) -> None:
    command = data.draw(strategy_for(COMMAND_CLASSES[kind]))
    encoded = encode_command(command)
    assert encoded["type"] == kind
    assert decode_command(_json(encoded)) == command
    assert decode_command_json(json.dumps(encoded)) == command


@pytest.mark.parametrize("kind", EVENTS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seq=st.integers(0, MAX_INT))
def test_every_event_round_trips_through_its_envelope(
    kind: str, data: st.DataObject, seq: int
) -> None:
    cls = EVENT_CLASSES[kind]
    event = data.draw(strategy_for(cls))
    envelope = encode_event(event, seq)
    assert list(envelope) == list(ENVELOPE_KEYS)
    assert (envelope["seq"], envelope["v"], envelope["at"], envelope["type"]) == (
        seq,
        cls.v,
        event.at,
        kind,
    )
    assert envelope["data"] == event.to_dict()["data"]
    assert decode_event(_json(envelope)) == event


def test_no_command_has_a_field_called_type() -> None:
    """``type`` names the command in its JSON object, so no field may take that key."""
    clashing = [
        kind
        for kind, cls in COMMAND_CLASSES.items()
        if "type" in {f.name for f in dataclasses.fields(cls)}
    ]
    assert clashing == []


def _night() -> tuple[list[Event], TournamentState]:
    """A real KY charity start: 23 entries drawn to three tables (the KY 6 button draw and
    reseat at each), then a hand with a bust."""
    rules = PRESETS["ky-charity"]
    state = TournamentState.new(rules)
    log: list[Event] = []
    rng = random.Random(6)

    def do(command: Command, at: int) -> None:
        nonlocal state
        events = decide(state, command, at, rng)
        state = fold(state, events)
        log.extend(events)

    do(c.CreateTournament(name="Friday charity night", rules=rules), T0)
    for n in range(23):
        do(c.RegisterPlayer(player_id=PlayerId(f"p{n:02}"), name=f"Player {n}"), T0)
    do(c.DrawSeats(), T0 + 1)
    do(c.StartTournament(), T0 + 2)
    table = state.tables[TableNo(1)]
    seated = [table.seats[s] for s in sorted(table.seats)]
    do(c.StartHand(hand_id="h1", table=1), T0 + 60_000)
    stacks = {p: state.players[p].chips for p in seated}
    stacks[seated[1]] += stacks[seated[0]]
    stacks[seated[0]] = 0
    do(
        c.FinishHand(
            hand_id="h1",
            stacks=tuple(PlayerChips(player_id=p, chips=stacks[p]) for p in seated[:2]),
        ),
        T0 + 120_000,
    )
    return log, state


def test_a_real_nights_log_round_trips_and_replays() -> None:
    log, state = _night()
    assert {"tournament_created", "seats_drawn", "players_busted"} <= {e.type for e in log}
    stored = [_json(encode_event(e, seq)) for seq, e in enumerate(log, start=1)]
    decoded = decode_log(stored)
    assert decoded == log
    assert fold(TournamentState.new(RuleSet()), decoded) == state


def test_the_golden_log_reads_the_same_through_the_codec() -> None:
    """The golden KY evening (``{"v", "type", "data"}`` lines) in envelopes decodes to the
    same events as `pitboss.tournament.registry.event_from_dict` reads."""
    lines = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    envelopes = [
        {"seq": seq, "v": line["v"], "at": line["data"]["at"], **line}
        for seq, line in enumerate(lines, start=1)
    ]
    events = decode_log(envelopes)
    encoded = [encode_event(e, seq)["data"] for seq, e in enumerate(events, start=1)]
    assert [
        {k: data[k] for k in line["data"]} for data, line in zip(encoded, lines, strict=True)
    ] == [line["data"] for line in lines]
    for event, data, line in zip(events, encoded, lines, strict=True):
        added = {f.name: f.default for f in dataclasses.fields(event) if f.name not in line["data"]}
        # a field added later reads as its default (and is not written while it holds it,
        # `pitboss.rules.mapping.OMITTED_WHEN_DEFAULT`)
        read = {k: data[k] if k in data else getattr(event, k) for k in added}
        assert read == added, "a field added later reads as its default"
    assert replay(PRESETS["ky-charity"], events).phase.value == "finished"


# --- refusals ---------------------------------------------------------------------------------


def _refusal(call: Callable[[], object]) -> PitbossError:
    """The error ``call`` raises: a `PitbossError` with a code, params and a JSON-ready form."""
    with pytest.raises(PitbossError) as info:
        call()
    _check_error(info.value)
    return info.value


def _codec_refusal(data: object) -> CodecError:
    err = _refusal(lambda: decode_command(data))
    assert isinstance(err, CodecError), err
    return err


def test_a_command_that_is_not_an_object_is_refused() -> None:
    err = _codec_refusal(["add_on", {"player_id": "p1"}])
    assert err.code == "bad_command"
    assert err.params["expected"] == "an object"


@pytest.mark.parametrize("data", [{}, {"type": None}, {"type": 3}, {"type": "buy_chips"}])
def test_a_command_without_a_known_type_is_refused_naming_the_known_ones(data: object) -> None:
    err = _codec_refusal(data)
    assert err.code == "unknown_command"
    assert err.params["known"] == COMMANDS
    assert "register_player" in err.message


def test_an_unknown_field_is_refused_naming_the_allowed_ones() -> None:
    err = _codec_refusal({"type": "refund_for_dealers", "tables": 2})
    assert err.code == "unknown_field"
    assert err.params == {
        "type": "refund_for_dealers",
        "field": "tables",
        "allowed": ["tables_with_dealers"],
    }
    assert "tables_with_dealers" in err.message


def test_an_unknown_nested_field_is_refused_by_its_dotted_name() -> None:
    err = _codec_refusal(
        {"type": "register_player", "player_id": "p1", "name": "Ann", "details": {"mail": "a@b"}}
    )
    assert err.code == "unknown_field"
    assert err.params["field"] == "details.mail"
    assert "email" in err.params["allowed"]


def test_a_missing_required_field_is_refused() -> None:
    err = _codec_refusal({"type": "move_player", "player_id": "p1", "table": 2})
    assert err.code == "missing_field"
    assert err.params == {"type": "move_player", "field": "seat", "missing": ["seat"]}


@pytest.mark.parametrize(
    ("command", "words"),
    [
        ({"type": "register_player", "player_id": "p1"}, "the name is missing"),
        ({"type": "register_player", "name": "Ann"}, "the player id is missing"),
        ({"type": "move_player", "player_id": "p1"}, "needs the seat and the table"),
        (
            {"type": "refund_for_dealers", "tables_with_dealers": "2"},
            "the number of tables with dealers must be a whole number, not '2'",
        ),
        ({"type": "register_player", "player_id": " ", "name": "A"}, "the player id is blank"),
        (
            {"type": "record_bust", "table": 1, "busted": "p1", "eliminated_by": "p2"},
            "the players who went out must be a list, not 'p1'",
        ),
    ],
)
def test_a_refusal_names_the_field_as_a_form_does_not_as_json(
    command: dict[str, object], words: str
) -> None:
    """Issue 24: a person reads "the name is missing", not "missing field 'name'"; the code
    and params keep the JSON names for programs."""
    err = _codec_refusal(command)
    assert words in err.message
    assert "register_player" not in err.message
    assert "_" not in err.message.replace("'", "")


def test_a_wrong_private_detail_is_refused_without_repeating_it_thc_1() -> None:
    err = _codec_refusal(
        {"type": "register_player", "player_id": "p1", "name": "A", "details": {"phone": 5025550}}
    )
    assert err.message == "the phone (private details) must be text"
    assert err.params["field"] == "details.phone"


@pytest.mark.parametrize(
    ("value", "got"),
    [
        ("2", "'2'"),
        (2.0, "2.0"),
        (True, "True"),
        (None, "None"),
        ([2], "[2]"),
        ({"n": 2}, "{'n': 2}"),
    ],
)
def test_an_integer_field_takes_an_integer_and_nothing_else(value: object, got: str) -> None:
    assert decode_command({"type": "refund_for_dealers", "tables_with_dealers": 2}) == (
        c.RefundForDealers(tables_with_dealers=2)
    )
    err = _codec_refusal({"type": "refund_for_dealers", "tables_with_dealers": value})
    assert err.code == "bad_field"
    assert err.params["field"] == "tables_with_dealers"
    assert err.params["got"].startswith(got)


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf")])
def test_a_non_finite_number_is_refused(value: float) -> None:
    err = _codec_refusal({"type": "adjust_clock", "seconds": value})
    assert err.code == "bad_field"
    assert err.params["field"] == "seconds"
    assert err.params["expected"] == "a finite number"


@pytest.mark.parametrize("text", ["NaN", "Infinity", "-Infinity"])
def test_json_nan_and_infinity_are_refused(text: str) -> None:
    err = _refusal(lambda: decode_command_json(f'{{"type": "adjust_clock", "seconds": {text}}}'))
    assert err.code == "bad_json"
    assert err.params["got"] == text


def test_an_integer_beyond_the_largest_amount_is_refused() -> None:
    err = _codec_refusal({"type": "adjust_clock", "seconds": MAX_INT + 1})
    assert err.code == "bad_field"
    assert err.params["field"] == "seconds"
    err = _refusal(
        lambda: decode_command_json('{"type": "adjust_clock", "seconds": ' + "9" * 5000 + "}")
    )
    assert err.code == "bad_json"


def test_a_value_outside_its_range_is_refused_with_the_range() -> None:
    err = _codec_refusal({"type": "refund_for_dealers", "tables_with_dealers": 0})
    assert err.code == "bad_field"
    assert (err.params["field"], err.params["low"], err.params["high"]) == (
        "tables_with_dealers",
        1,
        10_000,
    )


def test_blank_text_is_refused() -> None:
    err = _codec_refusal({"type": "add_on", "player_id": "  "})
    assert err.code == "bad_field"
    assert err.params == {
        "type": "add_on",
        "field": "player_id",
        "expected": "non-empty text",
        "got": "'  ' (str)",
    }


def test_an_unknown_enum_value_is_refused_naming_the_allowed_ones() -> None:
    err = _codec_refusal({"type": "remove_chips", "player_id": "p1", "reason": "stolen"})
    assert err.code == "bad_field"
    assert err.params["field"] == "reason"
    assert "pocketed" in err.params["allowed"]
    assert err.params["got"] == "'stolen'"


def test_a_list_where_an_object_is_wanted_is_refused() -> None:
    err = _codec_refusal({"type": "finish_hand", "hand_id": "h1", "stacks": [["p1", 100]]})
    assert err.code == "bad_field"
    assert err.params["field"] == "stacks[0]"
    assert err.params["expected"] == "an object"


def test_an_object_where_a_list_is_wanted_is_refused() -> None:
    err = _codec_refusal({"type": "finish_hand", "hand_id": "h1", "stacks": {"p1": 100}})
    assert err.code == "bad_field"
    assert err.params["field"] == "stacks"
    assert err.params["expected"] == "a list"


def test_a_nested_value_out_of_range_names_its_path() -> None:
    stacks = [{"player_id": "p1", "chips": 100}, {"player_id": "p2", "chips": -5}]
    err = _codec_refusal({"type": "finish_hand", "hand_id": "h1", "stacks": stacks})
    assert err.code == "bad_field"
    assert err.params["field"] == "stacks[1].chips"
    assert err.params["low"] == 0


def test_a_rule_set_in_a_command_is_checked_setting_by_setting() -> None:
    err = _codec_refusal({"type": "create_tournament", "name": "Friday", "rules": {"hand": []}})
    assert (err.code, err.params["field"]) == ("bad_field", "rules.hand")
    err = _codec_refusal(
        {"type": "create_tournament", "name": "Friday", "rules": {"table": {"seatz": 9}}}
    )
    assert (err.code, err.params["field"]) == ("unknown_field", "rules.table.seatz")
    assert "seats" in err.params["allowed"]
    # the rule set's own check: its error, with the field in front
    ruled = _refusal(
        lambda: decode_command(
            {"type": "create_tournament", "name": "Friday", "rules": {"table": {"seats": 30}}}
        )
    )
    assert isinstance(ruled, RuleSetError)
    assert ruled.params["where"] == "create_tournament.rules.table"
    assert ruled.params["max_seats"] == 13


def test_a_value_json_cannot_carry_is_refused() -> None:
    err = _codec_refusal({"type": "add_on", "player_id": b"p1"})
    assert (err.code, err.params["field"]) == ("bad_field", "player_id")
    err = _codec_refusal({"type": "register_side_game", "side_game_id": "s", "players": {"a"}})
    assert (err.code, err.params["field"]) == ("bad_field", "players")
    err = _codec_refusal({"type": "add_on", 7: "p1"})
    assert err.params["expected"] == "an object with text keys"


def test_text_with_a_lone_surrogate_is_refused() -> None:
    """JSON may escape half a character (``"\\ud800"``); no database stores it as text."""
    err = _refusal(lambda: decode_command_json('{"type": "add_on", "player_id": "p\\ud800"}'))
    assert (err.code, err.params["field"]) == ("bad_field", "player_id")
    assert decode_command_json('{"type": "add_on", "player_id": "p\\u00e9"}') == c.AddOn(
        player_id=PlayerId("p\u00e9")
    )


def test_a_command_larger_than_the_limit_is_refused_before_it_is_read() -> None:
    padding = "x" * MAX_COMMAND_BYTES
    err = _refusal(
        lambda: decode_command_json(json.dumps({"type": "add_on", "player_id": padding}))
    )
    assert err.code == "too_large"
    assert err.params["limit"] == MAX_COMMAND_BYTES
    err = _codec_refusal({"type": "register_side_game", "side_game_id": "s", "players": [padding]})
    assert err.code == "too_large"
    err = _codec_refusal({"type": "add_on", "player_id": "p", "x": list(range(MAX_COMMAND_BYTES))})
    assert err.code == "too_large"


def test_nesting_deeper_than_the_limit_is_refused() -> None:
    deep: object = "p1"
    for _ in range(MAX_DEPTH):
        deep = [deep]
    err = _codec_refusal({"type": "add_on", "player_id": deep})
    assert err.code == "too_deep"
    assert err.params["limit"] == MAX_DEPTH
    err = _refusal(lambda: decode_command_json("[" * 100_000 + "]" * 100_000))
    assert err.code == "too_deep"
    shallow: object = "p1"
    for _ in range(MAX_DEPTH - 2):
        shallow = [shallow]
    assert _codec_refusal({"type": "add_on", "player_id": shallow}).code == "bad_field"


@pytest.mark.parametrize(
    "text",
    ['{"type": "add_on"', "", "add_on", b"\xff\xfe", '{"type": "add_on", "type": "rebuy"}'],
)
def test_text_that_is_not_json_is_refused(text: str | bytes) -> None:
    err = _refusal(lambda: decode_command_json(text))
    assert err.code == "bad_json"
    assert err.params["error"]


_LEAVES = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(COMMANDS)
)
JSON_VALUES = st.recursive(
    _LEAVES,
    lambda kids: (
        st.lists(kids, max_size=4)
        | st.dictionaries(
            st.sampled_from(["type", "player_id", "stacks", "x"]) | st.text(max_size=6),
            kids,
            max_size=4,
        )
    ),
    max_leaves=12,
)


def _decoded_or_refused(decode: Callable[[object], Any], value: object) -> Any:
    """``decode(value)``; None if refused with a proper `PitbossError` (any other error fails)."""
    try:
        return decode(value)
    except PitbossError as err:
        refused = err
    _check_error(refused)
    return None


def _check_error(err: PitbossError) -> None:
    """A refusal as the web layer shows it: a stable code, params, a message, JSON-ready."""
    assert re.fullmatch(r"[a-z][a-z_]*", err.code), err.code
    assert err.params, f"{err.code} without params: {err.message}"
    assert err.message
    json.dumps(err.to_dict())


@settings(max_examples=400, deadline=None)
@given(value=JSON_VALUES)
def test_random_json_is_decoded_or_refused_with_a_pitboss_error(value: object) -> None:
    command = _decoded_or_refused(decode_command, value)
    if command is not None:
        assert decode_command(_json(encode_command(command))) == command


def _mutated(value: Any, draw: Callable[[st.SearchStrategy[Any]], Any]) -> Any:
    """``value`` with one part replaced by random JSON, removed, or given an extra key."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        key = draw(st.sampled_from(sorted(value)))
        how = draw(st.sampled_from(["replace", "remove", "extra", "deeper"]))
        if how == "remove":
            return {k: v for k, v in value.items() if k != key}
        if how == "extra":
            return {**value, draw(st.text(min_size=1, max_size=6)): draw(JSON_VALUES)}
        if how == "deeper":
            return {**value, key: _mutated(value[key], draw)}
        return {**value, key: draw(JSON_VALUES)}
    if isinstance(value, list) and value and draw(st.booleans()):
        i = draw(st.integers(0, len(value) - 1))
        return [*value[:i], _mutated(value[i], draw), *value[i + 1 :]]
    return draw(JSON_VALUES)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from(COMMANDS))
def test_a_command_with_a_broken_part_is_decoded_or_refused(data: st.DataObject, kind: str) -> None:
    encoded = encode_command(data.draw(strategy_for(COMMAND_CLASSES[kind])))
    broken = _mutated(encoded, data.draw)
    command = _decoded_or_refused(decode_command, broken)
    if command is not None:
        assert decode_command(_json(encode_command(command))) == command


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind=st.sampled_from(EVENTS))
def test_a_damaged_stored_event_is_decoded_or_refused(data: st.DataObject, kind: str) -> None:
    envelope = encode_event(data.draw(strategy_for(EVENT_CLASSES[kind])), 1)
    _decoded_or_refused(decode_event, _mutated(_json(envelope), data.draw))


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=40) | st.binary(max_size=40))
def test_random_text_is_decoded_or_refused_with_a_pitboss_error(text: str | bytes) -> None:
    _decoded_or_refused(decode_command_json, text)


def test_encoding_refuses_what_is_not_a_registered_command_or_event() -> None:
    assert _refusal(lambda: encode_command("add_on")).code == "unknown_command"
    assert _refusal(lambda: encode_event("books_closed", 1)).code == "unknown_event"
    event = EVENT_CLASSES["books_closed"](at=T0)
    for seq in (-1, True, 1.0):
        err = _refusal(lambda: encode_event(event, seq))  # noqa: B023 - called at once
        assert (err.code, err.params["field"]) == ("bad_field", "seq")


# --- the envelope -----------------------------------------------------------------------------


def _envelope(**changes: Any) -> dict[str, Any]:
    event = EVENT_CLASSES["player_absent"](at=T0, player_id=PlayerId("p1"))
    return {**_json(encode_event(event, 7)), **changes}


def test_an_envelope_decodes_to_its_event() -> None:
    assert decode_event(_envelope()) == EVENT_CLASSES["player_absent"](
        at=T0, player_id=PlayerId("p1")
    )


@pytest.mark.parametrize(
    ("envelope", "code", "field"),
    [
        ({"seq": 1, "v": 1, "at": T0, "type": "player_absent"}, "missing_field", "data"),
        ({**_envelope(), "stream": "t1"}, "unknown_field", "stream"),
        (_envelope(seq=-1), "bad_field", "seq"),
        (_envelope(v=0), "bad_field", "v"),
        (_envelope(v="1"), "bad_field", "v"),
        (_envelope(at=T0 + 1), "bad_field", "at"),
        (_envelope(data=[T0, "p1"]), "bad_field", "data"),
        (_envelope(data={"at": T0}), "missing_field", "player_id"),
        (_envelope(data={"at": T0, "player_id": "p1", "seat": 3}), "unknown_field", "seat"),
    ],
)
def test_a_damaged_envelope_is_refused_by_the_field_at_fault(
    envelope: dict[str, Any], code: str, field: str
) -> None:
    err = _refusal(lambda: decode_event(envelope))
    assert isinstance(err, CodecError)
    assert (err.code, err.params["field"]) == (code, field)


def test_an_envelope_that_is_not_an_object_or_of_an_unknown_type_is_refused() -> None:
    assert _refusal(lambda: decode_event("player_absent")).code == "bad_event"
    err = _refusal(lambda: decode_event(_envelope(type="player_vanished")))
    assert err.code == "unknown_event"
    assert err.params["known"] == EVENTS


def test_an_event_newer_than_the_code_is_refused() -> None:
    err = _refusal(lambda: decode_event(_envelope(v=2)))
    assert err.code == "event_too_new"
    which = {"seq": 7, "event": "player_absent", "at": T0}
    assert err.params == {"type": "player_absent", "v": 2, "known_v": 1, **which}
    seats = _json(encode_event(SeatsDrawn(at=T0, tables=()), 1))
    err = _refusal(lambda: decode_event({**seats, "v": SeatsDrawn.v + 1}))
    assert err.params == {
        "type": "seats_drawn",
        "v": SeatsDrawn.v + 1,
        "known_v": SeatsDrawn.v,
        "seq": 1,
        "event": "seats_drawn",
        "at": T0,
    }


def test_an_old_version_without_an_upcaster_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(UPCASTERS, ("button_placed", 1))
    table = {"table": 1, "seat_count": 9, "seats": [], "button": 1, "draw": []}
    envelope = {
        "seq": 1,
        "v": 1,
        "at": T0,
        "type": "button_placed",
        "data": {"at": T0, "table": table},
    }
    err = _refusal(lambda: decode_event(envelope))
    assert err.code == "no_upcaster"
    which = {"seq": 1, "event": "button_placed", "at": T0}
    assert err.params == {"type": "button_placed", "v": 1, "known_v": 2, **which}


def test_every_event_past_v1_has_an_upcaster_from_every_earlier_version() -> None:
    missing = [
        (kind, version)
        for kind, cls in EVENT_CLASSES.items()
        for version in range(1, cls.v)
        if (kind, version) not in UPCASTERS
    ]
    assert missing == []
    assert {kind for kind, _ in UPCASTERS} >= {"seats_drawn", "button_placed"}
    assert set(_UPCAST_NOTES) == set(UPCASTERS), "say what the upcast changes in _UPCAST_NOTES"


def test_an_upcaster_is_registered_once_and_only_below_the_current_version() -> None:
    with pytest.raises(TypeError, match="already has an upcaster"):
        upcasts(SeatsDrawn, 1)(lambda data, context: data)
    with pytest.raises(TypeError, match="no upcaster from v2"):
        upcasts(SeatsDrawn, 2)
    with pytest.raises(TypeError, match="no upcaster from v1"):
        upcasts(EVENT_CLASSES["player_absent"], 1)


def test_a_log_whose_seq_does_not_rise_is_refused() -> None:
    err = _refusal(lambda: decode_log([_envelope(seq=3), _envelope(seq=3)]))
    assert err.code == "bad_sequence"
    assert err.params == {"seq": 3, "previous": 3, "event": "player_absent", "at": T0}


# --- v1 -> v2: who drew each card of the button draw ------------------------------------------

KY = PRESETS["ky-charity"]  # KY 6: first card dealt wins a tie, the others reseated by the draw
TDA = PRESETS["tda"]  # suits break a tie, no reseat

# Table 1 of a KY night, four players sitting p1..p4 in seats 1..4 when the cards were dealt:
# 7c to seat 1, Kd to seat 2, 2h to seat 3, Ks to seat 4. Kd, the first king dealt, wins (KY 6)
# and keeps seat 2, the button; Ks, 7c and 2h take seats 3, 4 and 1. v1 recorded the seats
# after that reseat and the cards against the seats they were dealt to, so "1:7c" stood beside
# seat 1, where p3 (who drew 2h) now sits.
V1_KY_TABLE = {
    "table": 1,
    "seat_count": 10,
    "seats": [
        {"table": 1, "seat": 1, "player_id": "p3"},
        {"table": 1, "seat": 2, "player_id": "p2"},
        {"table": 1, "seat": 3, "player_id": "p4"},
        {"table": 1, "seat": 4, "player_id": "p1"},
    ],
    "button": 2,
    "draw": ["1:7c", "2:Kd", "3:2h", "4:Ks"],
}
V2_KY_DRAW = ["p1:7c", "p2:Kd", "p3:2h", "p4:Ks"]

# Table 3 opened during play under TDA rules: a, b and c moved into seats 2, 5 and 7. Qs beats
# Qh on suit; nobody is reseated.
V1_TDA_TABLE = {
    "table": 3,
    "seat_count": 9,
    "seats": [
        {"table": 3, "seat": 2, "player_id": "a"},
        {"table": 3, "seat": 5, "player_id": "b"},
        {"table": 3, "seat": 7, "player_id": "c"},
    ],
    "button": 5,
    "draw": ["2:Qh", "5:Qs", "7:3d"],
}


def _v1(kind: str, data: dict[str, Any], seq: int = 1) -> dict[str, Any]:
    return {"seq": seq, "v": 1, "at": data["at"], "type": kind, "data": data}


def test_a_v1_seat_draw_names_who_drew_each_card_with_the_nights_rules_ky_6() -> None:
    envelope = _v1("seats_drawn", {"at": T0, "tables": [V1_KY_TABLE], "reason": "initial"})
    event = decode_event(envelope, rules=KY)
    assert isinstance(event, SeatsDrawn)
    (table,) = event.tables
    assert table.draw == tuple(V2_KY_DRAW)
    assert {s.seat: s.player_id for s in table.seats} == {1: "p3", 2: "p2", 3: "p4", 4: "p1"}
    assert table.button == 2
    again = decode_event(_json(encode_event(event, 1)))
    assert again == event  # v2 now, read as it is


def test_a_log_gives_its_own_rules_to_the_upcaster() -> None:
    created = _json(encode_event(TournamentCreated(at=T0, name="KY night", rules=KY), 1))
    created["v"] = 1
    seats = _v1("seats_drawn", {"at": T0 + 1, "tables": [V1_KY_TABLE]}, seq=2)
    _, drawn = decode_log([created, seats], rules=TDA)  # the log's own rules win
    assert isinstance(drawn, SeatsDrawn)
    assert drawn.tables[0].draw == tuple(V2_KY_DRAW)


def test_a_v1_button_placed_names_who_drew_each_card() -> None:
    envelope = _v1("button_placed", {"at": T0, "table": V1_TDA_TABLE})
    event = decode_event(envelope, rules=TDA)
    assert isinstance(event, ButtonPlaced)
    assert event.table.draw == ("a:Qh", "b:Qs", "c:3d")


def test_without_the_rules_only_the_cards_every_reading_agrees_on_are_named() -> None:
    """Without the rules a reseat cannot be told from none: p2 won either way (the high card
    keeps the button), the other cards are ``?``."""
    seats = decode_event(_v1("seats_drawn", {"at": T0, "tables": [V1_KY_TABLE]}))
    assert isinstance(seats, SeatsDrawn)
    assert seats.tables[0].draw == ("?:7c", "p2:Kd", "?:2h", "?:Ks")
    placed = decode_event(_v1("button_placed", {"at": T0, "table": V1_TDA_TABLE}))
    assert isinstance(placed, ButtonPlaced)
    assert placed.table.draw == ("?:Qh", "b:Qs", "?:3d")


def test_a_v1_draw_without_cards_is_left_as_it_is() -> None:
    """THC 9: the button went to seat 1 and nothing was drawn."""
    table = {**V1_TDA_TABLE, "button": 2, "draw": []}
    event = decode_event(_v1("button_placed", {"at": T0, "table": table}))
    assert isinstance(event, ButtonPlaced)
    assert event.table.draw == ()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"draw": ["1:7c", "2:Kd", "3:2h"]}, "tables[0].draw"),
        ({"draw": ["1:7c", "2:Kd", "4:2h", "3:Ks"]}, "tables[0].draw"),
        ({"draw": ["1:7c", "2:Kd", "3:Kd", "4:Ks"]}, "tables[0].draw"),
        ({"draw": ["1:7c", "2:Kd", "3:2h", "4:Kx"]}, "tables[0].draw[3]"),
        ({"draw": ["1:7c", "2:Kd", "3:2h", "p4:Ks"]}, "tables[0].draw[3]"),
        ({"button": 4}, "tables[0].draw"),
        ({"button": 6}, "tables[0].button"),
        ({"seats": "p1 p2 p3 p4"}, "tables[0].seats"),
        (
            {"seats": [*V1_KY_TABLE["seats"][:3], {"table": 1, "seat": 3, "player_id": "p1"}]},
            "tables[0].seats",
        ),
        ({"draw": ["1:7c", "2:Kd", "3:2h", "4" * 5000 + ":Ks"]}, "tables[0].draw[3]"),
    ],
)
def test_a_damaged_v1_draw_is_refused(change: dict[str, Any], field: str) -> None:
    table = {**V1_KY_TABLE, **change}
    envelope = _v1("seats_drawn", {"at": T0, "tables": [table]})
    err = _refusal(lambda: decode_event(envelope, rules=KY))
    assert isinstance(err, CodecError)
    assert (err.code, err.params["field"]) == ("bad_field", field)


def _v1_draw_button(
    table: TableNo,
    seats: dict[SeatNo, PlayerId],
    seat_count: int,
    rules: RuleSet,
    rng: random.Random,
) -> dict[str, Any]:
    """The table ``pitboss.tournament.model.seating.draw_button`` wrote at v1 (before e358fa0), as
    JSON: the same deal and reseat, the cards recorded against the seats they were dealt to."""
    draw = draw_for_button(
        {s: str(p) for s, p in seats.items()},
        Deck(rng),
        rules.table.draw_tie_break,
        reseat=rules.table.reseat_by_draw,
    )
    placed = dict(seats)
    if draw.reseats:
        placed = {SeatNo(seat): PlayerId(player) for player, seat in draw.reseats}
    return {
        "table": table,
        "seat_count": seat_count,
        "seats": [{"table": table, "seat": s, "player_id": p} for s, p in sorted(placed.items())],
        "button": draw.button,
        "draw": [f"{c.seat}:{c.card}" for c in draw.cards],
    }


def _house(reseat: bool, tie_break: DrawTieBreak) -> RuleSet:
    return dataclasses.replace(
        RuleSet(),
        table=dataclasses.replace(TableRules(), reseat_by_draw=reseat, draw_tie_break=tie_break),
    )


HOUSES = [_house(r, t) for r in (False, True) for t in DrawTieBreak]


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules=st.sampled_from(HOUSES),
    seats=st.sets(st.integers(1, 10), min_size=2, max_size=10),
)
def test_every_v1_draw_upcasts_to_what_v2_records(
    seed: int, rules: RuleSet, seats: set[int]
) -> None:
    """The old code's draw and the new code's, from the same shuffle: with the rules the
    upcast is exact; without them every card named is named right, the winner's always."""
    players = {SeatNo(s): PlayerId(f"p{s:02}") for s in sorted(seats)}
    v1 = _v1_draw_button(TableNo(2), players, 10, rules, random.Random(seed))
    v2 = draw_button(TableNo(2), players, 10, rules, random.Random(seed))
    envelope = _v1("button_placed", {"at": T0, "table": v1})
    exact = decode_event(envelope, rules=rules)
    assert exact == ButtonPlaced(at=T0, table=v2)
    blind = decode_event(envelope)
    assert isinstance(blind, ButtonPlaced)
    assert blind.table.seats == v2.seats
    for guessed, true in zip(blind.table.draw, v2.draw, strict=True):
        assert guessed in (true, "?:" + true.rpartition(":")[2])
    winners_card = sorted(seats).index(v2.button)  # dealt from seat 1; the winner kept the seat
    assert blind.table.draw[winners_card] == v2.draw[winners_card]


def test_a_real_v1_log_upcasts_to_the_v2_log_and_replays_the_same() -> None:
    """The KY night's seat draw written the v1 way (each card against the seat it was dealt
    to, clockwise from seat 1 over the same occupied seats) reads back as the night's v2."""
    log, state = _night()
    stored = [_json(encode_event(e, seq)) for seq, e in enumerate(log, start=1)]
    for envelope in stored:
        if envelope["type"] == "seats_drawn":
            envelope["v"] = 1
            for table in envelope["data"]["tables"]:
                seats = sorted(s["seat"] for s in table["seats"])
                cards = [text.rpartition(":")[2] for text in table["draw"]]
                table["draw"] = [f"{seat}:{card}" for seat, card in zip(seats, cards, strict=True)]
    assert any(e["v"] == 1 for e in stored)
    decoded = decode_log(stored)
    assert decoded == log
    assert fold(TournamentState.new(RuleSet()), decoded) == state


# --- docs/commands.md -------------------------------------------------------------------------

_HEADING = re.compile(r"^### `([a-z_]+)`$", re.M)
_EXAMPLE = re.compile(r"```json\n(.*?)\n```", re.S)


def doc_examples(text: str) -> dict[str, str]:
    """Each command section's JSON example, by the command's type."""
    commands = text.split("\n## Commands\n", 1)[1].split("\n## ", 1)[0]
    found: dict[str, str] = {}
    heads = list(_HEADING.finditer(commands))
    for head, following in zip(heads, [*heads[1:], None], strict=True):
        section = commands[head.end() : following.start() if following else None]
        example = _EXAMPLE.search(section)
        if example is not None:
            found[head.group(1)] = example.group(1)
    return found


def _dumped(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def _markdown(doc: str | None) -> str:
    return inspect.cleandoc(doc or "").replace("``", "`")


def describe_type(tp: Any, *, blank_ok: bool = False, bounds: Range | None = None) -> str:
    """A field's annotated type in the document's words."""
    name = ""
    while isinstance(tp, typing.NewType):
        name = name or tp.__name__
        tp = tp.__supertype__
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is Annotated:
        base, *meta = args
        limit = next((m for m in meta if isinstance(m, Range)), bounds)
        inner = describe_type(base, blank_ok=blank_ok or MAY_BE_BLANK in meta, bounds=limit)
        return inner
    if origin in (types.UnionType, typing.Union):
        shown = " or ".join(
            describe_type(a, blank_ok=blank_ok, bounds=bounds) for a in args if a is not type(None)
        )
        return f"{shown}; or null" if type(None) in args else shown
    if origin is tuple:
        return f"list of {describe_type(args[0], blank_ok=blank_ok, bounds=bounds)}"
    if tp is bool:
        return "true or false"
    if tp is int:
        label = f"integer ({name})" if name else "integer"
        limit = bounds or Range()
        if limit == Range():
            return label
        if limit.high == MAX_INT:
            return f"{label} ≥ {limit.low:,}"
        return f"{label} {limit.low:,} to {limit.high:,}"
    if tp is str:
        label = f"text ({name})" if name else "text"
        return label if blank_ok else f"{label}, not blank"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + ", ".join(f'`"{m.value}"`' for m in tp)
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return f"object [{tp.__name__}](#{tp.__name__.lower()})"
    raise TypeError(f"no description for {tp!r}")


def _field_rows(cls: type[Any]) -> list[str]:
    hints = typing.get_type_hints(cls, include_extras=True)
    rows = ["| field | type | |", "|---|---|---|"]
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            need = f"optional, default `{json.dumps(to_mapping(f.default))}`"
        elif f.default_factory is not dataclasses.MISSING:
            need = "optional, default `" + json.dumps(to_mapping(f.default_factory())) + "`"
        else:
            need = "required"
        shown = describe_type(hints[f.name], blank_ok=f.default == "")
        rows.append(f"| `{f.name}` | {shown} | {need} |")
    return rows


def _values_in(classes: list[type[Any]]) -> list[type[Any]]:
    """The dataclasses the fields of ``classes`` hold (a rule set's own not opened), by name."""
    found: list[type[Any]] = []

    def walk(tp: Any) -> None:
        while isinstance(tp, typing.NewType):
            tp = tp.__supertype__
        for arg in typing.get_args(tp):
            walk(arg)
        if isinstance(tp, type) and dataclasses.is_dataclass(tp) and tp not in found:
            found.append(tp)
            if tp is not RuleSet:
                for hint in typing.get_type_hints(tp).values():
                    walk(hint)

    for cls in classes:
        for hint in typing.get_type_hints(cls, include_extras=True).values():
            walk(hint)
    return sorted(found, key=lambda value: value.__name__)


_INTRO = f"""\
# Commands and events: the JSON forms

<!-- Generated from the classes by tests/tournament/test_codec.py, which checks this file;
the JSON examples are this document's own. After changing a command or an event run
PITBOSS_UPDATE_DOCS=1 .venv/bin/python -m pytest tests/tournament/test_codec.py -k docs
and fill in the example of any new command. -->

The director (`pitboss.tournament`) takes commands and records events. Their JSON forms are
read and written by one codec, `pitboss.tournament.codec`: the server decodes a request body
with `decode_command_json` (or a parsed object with `decode_command`) and the store writes and
reads events with `encode_event` and `decode_event`.

## How a command is read

A command is a JSON object: `"type"`, the command's name, and its fields by name. A field
with a default may be left out.

- **Integers** are JSON integers: `"tables_with_dealers": 2`, never `"2"`, `2.0` or `true`,
  and at most {MAX_INT:,} in size (amounts are whole chips or cents). `NaN` and `Infinity`
  are not JSON numbers pitboss reads.
- **Text** is at most {MAX_TEXT} characters and, unless the field says it may be blank, not
  blank.
- **Enums** are their lowercase values (`"pocketed"`); **lists** are JSON arrays;
  **values** inside a command are objects (see [Values](#values)).
- A request is at most {MAX_COMMAND_BYTES:,} bytes of JSON and nests objects and lists at
  most {MAX_DEPTH} deep; a key may appear only once in an object.

A command that does not fit is refused before anything happens, with an error
`{{"code", "params", "message"}}`; `params.field` names the field (`stacks[1].chips`):

| code | what was wrong |
|---|---|
| `bad_json` | not JSON text, `NaN`/`Infinity`, a key given twice |
| `too_large`, `too_deep` | over the size or nesting limit |
| `bad_command` | not a JSON object |
| `unknown_command` | no `type`, or one that is not a command (`params.known` lists them) |
| `unknown_field` | a field the command does not have (`params.allowed` lists them) |
| `missing_field` | a required field left out (`params.missing`) |
| `bad_field` | a value of the wrong type or out of range (`params.expected`, `low`/`high`, \
`allowed`, `got`) |

A rule set (`create_tournament`) is also checked by its own rules: a setting out of range is
refused with the rule set's error, its code naming the refusal (`not_positive`, `below_zero`,
`not_payable_in_chips`, `blinds_decrease`, ...), `params.where` the section and
`params.family` the generic code (`bad_rule_set`, `bad_structure`).
"""


def render_doc(examples: Mapping[str, str]) -> str:
    """docs/commands.md from the classes and the given examples (by command type)."""
    out = [_INTRO, "## Commands", ""]
    out.append(" · ".join(f"[`{kind}`](#{kind})" for kind in COMMANDS))
    out.append("")
    for kind in COMMANDS:
        cls = COMMAND_CLASSES[kind]
        out += [f"### `{kind}`", "", _markdown(cls.__doc__), ""]
        if dataclasses.fields(cls):
            out += [*_field_rows(cls), ""]
        else:
            out += ["No fields.", ""]
        example = examples.get(kind, _dumped({"type": kind}))
        with contextlib.suppress(PitbossError, ValueError):  # else kept: the test says why
            example = _dumped(encode_command(decode_command(json.loads(example))))
        if kind == "create_tournament":
            lines = example.count("\n") + 1
            out += [f"<details><summary>Example ({lines} lines)</summary>", ""]
            out += ["```json", example, "```", "", "</details>", ""]
        else:
            out += ["```json", example, "```", ""]
    out += ["## Values", ""]
    out += ["The objects that commands carry inside them.", ""]
    for value in _values_in([COMMAND_CLASSES[k] for k in COMMANDS]):
        out += [f"### {value.__name__}", "", _markdown(value.__doc__), ""]
        if value is RuleSet:
            out += [
                "Every setting of a house, in the sections `hand`, `table` and `tournament`"
                " (`pitboss.rules.RuleSet`), as the presets in `src/pitboss/rules/presets/`"
                " write them in TOML; the example of `create_tournament` shows the TDA"
                " defaults in full. Left out, a setting or a section takes the TDA default.",
                "",
            ]
            continue
        out += [*_field_rows(value), ""]
    out += _events_section()
    return "\n".join(out).rstrip() + "\n"


_UPCAST_NOTES = {
    ("seats_drawn", 1): 'each table\'s button draw names who drew each card (`"p07:As"`), not'
    ' the seat it was dealt to before the KY 6 reseat (`"3:As"`); exact given the night\'s'
    ' rules, otherwise a card the data cannot place is `"?:As"`.',
    ("button_placed", 1): "the button draw names who drew each card, as `seats_drawn` v2.",
    ("player_registered", 1): "the private details (THC 1) leave the log (issue 28): `details`"
    " becomes `details_given` (which were given) and `of_age` (of the house's minimum age that"
    " day, THC add. 15); the service moves the values into the private store.",
    ("registration_edited", 1): "as `player_registered` v2: `details` becomes `details_given`"
    " and `of_age`.",
}
"""What each upcast changes, for the reader of the document (a test checks every upcaster has
its note)."""


def _events_section() -> list[str]:
    sample = EVENT_CLASSES["player_absent"](at=T0, player_id=PlayerId("p07"))
    out = [
        "## Events",
        "",
        "The store keeps each event in an envelope:",
        "",
        "| key | what |",
        "|---|---|",
        "| `seq` | the event's place in its tournament's stream (whole number, rising) |",
        "| `v` | the version of the event type's fields when it was written |",
        "| `at` | when it happened, in ms since 1970 (the same as `data.at`) |",
        "| `type` | the event's name |",
        "| `data` | its fields, as commands write theirs (`at` included) |",
        "",
        "```json",
        _dumped(encode_event(sample, 12)),
        "```",
        "",
        "An event of an older `v` is upcast on reading, one version at a time; one of a `v`"
        " newer than the code knows is refused (`event_too_new`), and a damaged one is refused"
        " as a command would be (`bad_event`, `unknown_event`, `unknown_field`,"
        " `missing_field`, `bad_field`). The first event of every log is"
        " `tournament_created`, which carries the whole rule set.",
        "",
        "| type | v | fields | what |",
        "|---|---|---|---|",
    ]
    for kind in EVENTS:
        cls = EVENT_CLASSES[kind]
        names = ", ".join(f"`{f.name}`" for f in dataclasses.fields(cls))
        summary = _markdown(cls.__doc__).split("\n\n")[0].replace("\n", " ")
        upcast = [f"v{n} → v{n + 1}: " + _UPCAST_NOTES[(kind, n)] for n in range(1, cls.v)]
        what = " ".join([summary, *(f"<br>{u}" for u in upcast)])
        out.append(f"| `{kind}` | {cls.v} | {names} | {what} |")
    return out


def test_every_command_has_an_example_in_the_docs_that_decodes_and_re_encodes_to_itself() -> None:
    examples = doc_examples(DOC.read_text(encoding="utf-8"))
    assert sorted(examples) == COMMANDS, "run PITBOSS_UPDATE_DOCS=1 (module docstring)"
    for kind, text in examples.items():
        command = decode_command_json(text)
        assert command.type == kind
        assert _dumped(encode_command(command)) == text, f"{kind}'s example is not as encoded"


def test_the_docs_say_what_the_classes_say() -> None:
    text = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    expected = render_doc(doc_examples(text) if text else {})
    if os.environ.get("PITBOSS_UPDATE_DOCS") == "1":
        DOC.write_text(expected, encoding="utf-8")
        text = expected
    assert text == expected, "docs/commands.md is stale: run PITBOSS_UPDATE_DOCS=1 (see above)"
