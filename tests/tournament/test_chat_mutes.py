"""The director mutes a player's table chat (issue 31): an event in the log, so the mute holds
after the log is read back (a restart of the server), told in the log's words by name; a mute
of a muted player, an unmute of one who is not, or of nobody, is refused and changes nothing."""

from __future__ import annotations

import pytest

from pitboss.errors import ConductError, RegistrationError
from pitboss.ids import PlayerId
from pitboss.tournament import commands as c
from pitboss.tournament.codec import decode_command, decode_event, encode_command, encode_event
from pitboss.tournament.features.chat_mutes import PlayerMuted, PlayerUnmuted
from pitboss.tournament.reading.narration import narrate
from pitboss.tournament.state import TournamentState, fold

from .director_helpers import Director

ANN = PlayerId("ann")


def test_a_mute_is_an_event_that_replays_from_the_stored_log() -> None:
    d = Director("slpt")
    d.start("ann", "bob")
    (muted,) = d.do(c.MutePlayer(player_id=ANN))
    assert isinstance(muted, PlayerMuted)
    assert d.state.conduct_of(ANN).muted
    assert not d.state.conduct_of(PlayerId("bob")).muted
    stored = [encode_event(e, seq) for seq, e in enumerate(d.log, 1)]
    read_back = [decode_event(envelope, rules=d.rules) for envelope in stored]
    assert fold(TournamentState.new(d.rules), read_back).conduct_of(ANN).muted
    (unmuted,) = d.do(c.UnmutePlayer(player_id=ANN))
    assert isinstance(unmuted, PlayerUnmuted)
    assert not d.state.conduct_of(ANN).muted
    assert not fold(TournamentState.new(d.rules), d.log).conduct_of(ANN).muted


def test_the_console_sends_the_mute_as_a_command_in_json() -> None:
    for sent in (
        {"type": "mute_player", "player_id": "ann"},
        {"type": "unmute_player", "player_id": "ann"},
    ):
        assert encode_command(decode_command(sent)) == sent


def test_the_log_tells_the_mute_and_the_unmute_by_name() -> None:
    d = Director()
    d.start("ann", "bob")
    d.do(c.MutePlayer(player_id=ANN))
    d.do(c.UnmutePlayer(player_id=ANN))
    lines = [line for _, line in narrate(d.log, state=TournamentState.new(d.rules))]
    assert lines[-2:] == [
        "Ann's table chat muted by the director",
        "Ann may chat at the table again (unmuted)",
    ]
    assert not any("ann" in line for line in lines[-2:])  # a name, never the id


def test_muting_twice_unmuting_nobody_muted_or_an_unknown_player_is_refused() -> None:
    d = Director()
    d.start("ann", "bob")
    with pytest.raises(ConductError, match="Ann's chat is not muted") as refused:
        d.do(c.UnmutePlayer(player_id=ANN))
    assert refused.value.code == "not_muted"
    d.do(c.MutePlayer(player_id=ANN))
    before = (d.state, len(d.log))
    with pytest.raises(ConductError, match="Ann's chat is muted already") as again:
        d.do(c.MutePlayer(player_id=ANN))
    assert again.value.code == "already_muted"
    with pytest.raises(RegistrationError) as nobody:
        d.do(c.MutePlayer(player_id=PlayerId("zed")))
    assert nobody.value.code == "unknown_player"
    assert (d.state, len(d.log)) == before
