"""Nothing is recorded that cannot be read back, and a log that does not read says where (issue
25).

- A command that passed the codec's door (its JSON decoded and checked) and that ``decide``
  accepts records events that come back equal through JSON and `decode_event` (a property
  test over every command type, on a night in registration and one in play).
- `encode_event` refuses an event the reader would refuse (``not_recordable``), so a value no
  door bounded is never written.
- A stored event that does not read is refused as `UnreadableEventError`, naming its seq,
  its type and when it was recorded, and why.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.tournament.test_codec import strategy_for

from pitboss.errors import CodecError, PitbossError, UnreadableEventError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import execute
from pitboss.tournament.codec import (
    decode_command,
    decode_event,
    decode_log,
    encode_command,
    encode_event,
)
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.registry import COMMAND_CLASSES, EVENT_CLASSES
from pitboss.tournament.state import TournamentState
from pitboss.validation import MAX_INT

T0 = 1_767_225_600_000  # 2026-01-01 00:00:00 UTC


def _night(*, started: bool) -> TournamentState:
    rules = RuleSet.from_preset("ky-charity")
    state, _ = execute(TournamentState.new(), c.CreateTournament(name="Friday", rules=rules), T0)
    for i in range(1, 5):
        register = c.RegisterPlayer(player_id=PlayerId(f"p{i}"), name=f"Player {i}")
        state, _ = execute(state, register, T0 + i)
    if started:
        state, _ = execute(state, c.StartTournament(), T0 + 10, random.Random(4))
    return state


NIGHTS = {"registration": _night(started=False), "in play": _night(started=True)}


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.data(),
    kind=st.sampled_from(sorted(COMMAND_CLASSES)),
    night=st.sampled_from(sorted(NIGHTS)),
)
def test_whatever_a_command_door_accepts_records_events_that_read_back_equal(
    data: st.DataObject, kind: str, night: str
) -> None:
    drawn = data.draw(strategy_for(COMMAND_CLASSES[kind]))
    names = {f.name for f in dataclasses.fields(drawn)}  # someone and somewhere of the night
    known = {
        "player_id": st.sampled_from([PlayerId(f"p{i}") for i in range(1, 6)]),
        "table": st.integers(1, 2),
        "seat": st.integers(1, 10),
    }
    drawn = dataclasses.replace(
        drawn, **{name: data.draw(value) for name, value in known.items() if name in names}
    )
    command = decode_command(json.loads(json.dumps(encode_command(drawn))))  # the door
    state = NIGHTS[night]
    try:
        _, events = execute(state, command, T0 + 60_000, random.Random(7))
    except PitbossError:  # refused by the rules: nothing recorded
        return
    rules = state.rules
    for seq, event in enumerate(events, start=100):
        envelope = json.loads(json.dumps(encode_event(event, seq)))
        assert decode_event(envelope, rules=rules) == event


def test_an_event_that_would_not_read_back_is_never_encoded() -> None:
    rules = RuleSet()
    entry = dataclasses.replace(rules.tournament.entry, buy_in_cents=2**63)
    unreadable = dataclasses.replace(
        rules, tournament=dataclasses.replace(rules.tournament, entry=entry)
    )
    with pytest.raises(CodecError) as caught:
        encode_event(TournamentCreated(at=T0, name="Friday", rules=unreadable), 1)
    err = caught.value
    assert err.code == "not_recordable"
    assert err.params["field"] == "rules.tournament.entry.buy_in_cents"
    assert err.message.startswith("nothing was recorded: the event 'tournament created'")
    absent = EVENT_CLASSES["player_absent"](at=MAX_INT + 1, player_id=PlayerId("p1"))
    with pytest.raises(CodecError) as caught:
        encode_event(absent, 1)
    assert caught.value.code == "not_recordable"


def _envelope(seq: int, **data: object) -> dict[str, object]:
    event = EVENT_CLASSES["player_absent"](at=T0, player_id=PlayerId("p1"))
    envelope = json.loads(json.dumps(encode_event(event, seq)))
    envelope["data"].update(data)
    return envelope


def test_an_unreadable_stored_event_names_its_seq_type_and_time_and_why() -> None:
    log = [_envelope(1), _envelope(2), _envelope(3, player_id=2**63)]
    with pytest.raises(UnreadableEventError) as caught:
        decode_log(log)
    err = caught.value
    assert isinstance(err, CodecError)
    assert err.code == "bad_field"
    assert (err.params["seq"], err.params["event"], err.params["at"]) == (3, "player_absent", T0)
    assert err.message.startswith(
        "event 3 of the log (player absent, recorded 2026-01-01 00:00:00 UTC) cannot be read: "
    )
    assert "whole number" in err.message
    assert "pitboss event export DB ID --raw FILE" in err.message


def test_an_event_from_a_newer_pitboss_says_so_with_its_seq() -> None:
    envelope = {**_envelope(9), "v": 2}
    with pytest.raises(UnreadableEventError) as caught:
        decode_event(envelope)
    err = caught.value
    assert err.code == "event_too_new"
    assert "event 9 of the log" in err.message
    assert "written by a newer pitboss" in err.message
