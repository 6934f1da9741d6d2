"""A house's TOML is held at the door to what a log reads back (issue 25).

A preset accepted once was recorded whole in ``tournament_created``; one with a value the event
codec refuses on reading (``buy_in_cents = 2**63``) made the night unreadable after the fact.
Now every setting is checked by the same bounds the codec reads by (`pitboss.validation`), and
the property test here says it in general: whatever `parse_preset` accepts creates a tournament
whose events come back equal through JSON and the codec.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.errors import PitbossError, RuleSetError
from pitboss.rules import RuleSet
from pitboss.rules.mapping import to_mapping
from pitboss.rules.ruleset import check_rule_set, parse_preset, preset_names
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.codec import decode_command, decode_event, encode_command, encode_event
from pitboss.tournament.state import TournamentState
from pitboss.validation import MAX_DEPTH, MAX_INT, MAX_ITEMS, MAX_TEXT

T0 = 1_767_225_600_000


def _refused(text: str) -> RuleSetError:
    with pytest.raises(RuleSetError) as caught:
        parse_preset(text, name="house")
    return caught.value


# --- the values of the report ----------------------------------------------------------------


def test_a_buy_in_of_2_to_the_63_cents_is_refused_naming_the_setting_and_the_largest() -> None:
    err = _refused("[tournament.entry]\nbuy_in_cents = 9223372036854775808\n")
    assert err.code == "out_of_bounds"
    assert err.params["family"] == "bad_rule_set"
    assert err.params["setting"] == "tournament.entry.buy_in_cents"
    assert "tournament.entry.buy_in_cents is 9,223,372,036,854,775,808" in err.message
    assert f"at most {MAX_INT:,}" in err.message
    assert err.message.startswith("preset 'house': ")


@pytest.mark.parametrize(
    ("text", "setting"),
    [
        (
            "[tournament.structure]\nchips = [1]\nbreaks = []\n"
            f"levels = [{{ small_blind = 1, big_blind = {MAX_INT + 1} }}]\n",
            "tournament.structure.levels[0].big_blind",
        ),
        (
            f"[tournament.clock]\ntime_limit_minutes = {10**30}\n",
            "tournament.clock.time_limit_minutes",
        ),
        (f"[tournament.structure]\nchips = [100, {2**64}]\n", "tournament.structure.chips[1]"),
        (f"[tournament.rebuy]\nfee_cents = {-(2**70)}\n", "tournament.rebuy.fee_cents"),
    ],
    ids=["a huge big blind", "a huge time limit", "a huge chip", "a huge negative fee"],
)
def test_a_number_beyond_what_a_log_records_is_refused_naming_the_setting(
    text: str, setting: str
) -> None:
    err = _refused(text)
    assert err.params["setting"] == setting
    assert setting in err.message


def test_a_negative_buy_in_is_still_refused_in_words() -> None:
    err = _refused("[tournament.entry]\nbuy_in_cents = -5\n")
    assert "tournament.entry.buy_in_cents must be zero or more, got -5" in err.message


def test_a_title_longer_than_a_log_reads_is_refused() -> None:
    err = _refused(f"title = '{'x' * (MAX_TEXT + 1)}'\n")
    assert err.params["setting"] == "title"
    assert f"at most {MAX_TEXT:,} characters" in err.message


def test_a_blank_title_is_refused_as_the_log_would_refuse_it() -> None:
    assert _refused("title = '   '\n").params["setting"] == "title"


def test_more_levels_than_a_log_reads_are_refused() -> None:
    levels = ", ".join(["{ small_blind = 1, big_blind = 1 }"] * (MAX_ITEMS + 1))
    err = _refused(f"[tournament.structure]\nchips = [1]\nbreaks = []\nlevels = [{levels}]\n")
    assert err.params["setting"] == "tournament.structure.levels"
    assert f"at most {MAX_ITEMS:,}" in err.message


def test_a_preset_of_megabytes_is_refused_before_it_is_parsed() -> None:
    err = _refused("# " + "x" * (2 << 20) + "\n")
    assert err.code == "too_large"


@pytest.mark.parametrize(
    "text",
    [
        "title = " + "[" * 500 + "]" * 500 + "\n",
        "title = " + "{ a = " * 500 + "1" + " }" * 500 + "\n",
        "title = " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "\n",
        ".".join(["a"] * 5000) + " = 1\n",
    ],
    ids=["lists 500 deep", "tables 500 deep", "just past the limit", "5,000 dotted keys"],
)
def test_toml_nested_hundreds_deep_is_refused_as_too_deep_not_a_recursion_error(
    text: str,
) -> None:
    err = _refused(text)
    assert err.code == "too_deep"
    assert f"deeper than {MAX_DEPTH} levels" in err.message


def test_every_shipped_preset_is_within_the_bounds() -> None:
    for name in preset_names():
        check_rule_set(RuleSet.from_preset(name))


def test_a_rule_set_built_in_python_beyond_the_bounds_is_refused_by_create_tournament() -> None:
    base = RuleSet()
    entry = type(base.tournament.entry)(buy_in_cents=2**63)
    tournament = type(base.tournament)(entry=entry)
    rules = RuleSet(tournament=tournament)
    with pytest.raises(PitbossError) as caught:
        decide(TournamentState.new(), c.CreateTournament(name="Friday", rules=rules), T0)
    assert "buy_in_cents" in caught.value.message


# --- the property: what the door accepts reads back ------------------------------------------

_EDGES = st.sampled_from(
    [0, 1, -1, MAX_INT, MAX_INT + 1, -MAX_INT, -MAX_INT - 1, 2**63 - 1, 2**63, 2**64, 10**30]
)
_ANY = st.one_of(
    _EDGES,
    st.integers(),
    st.booleans(),
    st.text(max_size=8),
    st.lists(st.one_of(_EDGES, st.integers(1, 10**6)), max_size=4),
)


def _like(old: Any) -> st.SearchStrategy[Any]:
    """A new value for a setting that was ``old``: mostly of its kind, often at or past a
    bound (an amount scaled up to the largest multiple a log records, and one past it)."""
    if isinstance(old, bool) or old is None:
        return st.one_of(st.booleans(), _EDGES, _ANY)
    if isinstance(old, int):
        unit = abs(old) or 1
        scaled = st.sampled_from(
            [old * 7, (MAX_INT // unit) * unit, (MAX_INT // unit + 1) * unit, -unit, old + 1]
        )
        return st.one_of(scaled, _EDGES, st.integers(1, 10**6).map(lambda k: k * unit), _ANY)
    if isinstance(old, str):
        return st.one_of(
            st.text(max_size=12),
            st.sampled_from(
                ["x" * MAX_TEXT, "x" * (MAX_TEXT + 1), " ", "", "\u00e9t\u00e9 \U0001f0a1"]
            ),
            _ANY,
        )
    if isinstance(old, list) and all(isinstance(v, int) for v in old):
        return st.one_of(
            st.lists(st.sampled_from([*old, 1, MAX_INT, MAX_INT + 1]), max_size=6), _ANY
        )
    return _ANY


def _get(value: Any, path: tuple[str | int, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


def _leaves(value: Any, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _leaves(v, (*path, k))] or [path]
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return [p for i, v in enumerate(value) for p in _leaves(v, (*path, i))]
    return [path]


def _replaced(value: Any, path: tuple[str | int, ...], new: Any) -> Any:
    if not path:
        return new
    head, *rest = path
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[head] = _replaced(value[head], tuple(rest), new)  # type: ignore[index]
    return copy


def _toml(value: Any) -> str:
    """``value`` as TOML: every table inline, on one line per top-level key."""
    lines = [f"{key} = {_toml_value(v)}" for key, v in value.items() if v is not None]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    items = [f"{k} = {_toml_value(v)}" for k, v in value.items() if v is not None]
    return "{ " + ", ".join(items) + " }"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), preset=st.sampled_from(preset_names()))
def test_whatever_a_preset_door_accepts_creates_a_log_that_reads_back_equal(
    data: st.DataObject, preset: str
) -> None:
    settings_ = to_mapping(RuleSet.from_preset(preset))
    leaves = _leaves(settings_)
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from(leaves))
        settings_ = _replaced(settings_, path, data.draw(_like(_get(settings_, path))))
    try:
        rules = parse_preset(_toml(settings_), name="house")
    except PitbossError:  # refused at the door, with a code and a message (its type says so)
        return
    command = c.CreateTournament(name="Friday", rules=rules)
    assert decode_command(json.loads(json.dumps(encode_command(command)))) == command
    events = decide(TournamentState.new(), command, T0)
    for seq, event in enumerate(events, start=1):
        envelope = json.loads(json.dumps(encode_event(event, seq)))
        assert decode_event(envelope) == event
