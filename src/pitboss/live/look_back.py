"""Looking back on a player's night at a software-dealt table (issue 31): the replay of their
last hand and their own stats, built for that player only (`pitboss.live.hand_replay`: only
what their seat may see, TDA 28, THC 18, SLPT 15) from the runner's memory or the tables' hand
streams. The server only asks for them (`pitboss.server.table_extras`); reading the streams
touches the store, so the server runs those in a worker thread."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pitboss.engine import HandSetup
from pitboss.engine.hand_events import HandEvent
from pitboss.ids import PlayerId, TableNo
from pitboss.live.hand_log import StoredHand, hand_stream, read_hands
from pitboss.live.hand_replay import HandReplay, hand_replay, night_stats
from pitboss.live.room import LiveRoom
from pitboss.store.protocol import EventStore
from pitboss.tournament.state import HandRecord, TournamentState


def _played(state: TournamentState, player: PlayerId) -> list[HandRecord]:
    """The finished hands the player was at (dealt in, or posting while away), in order."""
    return [r for r in state.hands.values() if r.finished and player in r.players]


def _stored(
    store: EventStore, stream: str, state: TournamentState, table: TableNo
) -> list[StoredHand]:
    return read_hands(store.load(hand_stream(stream, table)), state.rules)


def _names(state: TournamentState, setup: HandSetup) -> dict[int, str]:
    players = state.players
    return {
        s.seat: players[PlayerId(s.player)].name if s.player in players else s.player
        for s in setup.seats
    }


def remembered(room: LiveRoom, player: PlayerId) -> HandReplay | None:
    """The player's last finished hand if it is still its table's last one (the runner holds
    it): built on the loop, which is where the runner changes it."""
    state = room.state
    records = _played(state, player)
    if not records:
        return None
    record = records[-1]
    runner = room.runners.get(record.table)
    if runner is None or runner.last_hand_id != record.hand_id or runner.last_hand is None:
        return None
    hand = runner.last_hand
    return _for(state, record, player, hand.setup, tuple(hand.events))


def _for(
    state: TournamentState,
    record: HandRecord,
    player: PlayerId,
    setup: HandSetup,
    events: Sequence[HandEvent],
) -> HandReplay:
    you = next((s.seat for s in setup.seats if s.player == player), None)
    return hand_replay(
        record.hand_id, record.table, setup, events, you=you, names=_names(state, setup)
    )


def stored_last_hand(room: LiveRoom, player: PlayerId) -> HandReplay | None:
    """The player's last finished hand the software dealt, read back from its table's hand
    stream and replayed (None before any; a hand a dealer recorded is skipped: its hole cards
    stayed at the table). Reads the store: run it in a worker thread."""
    state = room.state
    live = room.live
    for record in reversed(_played(state, player)):
        for stored in _stored(live.store, live.stream, state, record.table):
            if stored.hand_id == record.hand_id and stored.finished:
                return _for(state, record, player, stored.setup, tuple(stored.replay().events))
    return None


def stats_of(room: LiveRoom, player: PlayerId) -> dict[str, Any]:
    """The player's numbers for the night over every finished hand the software dealt them."""
    state = room.state
    live = room.live
    mine = {r.hand_id for r in _played(state, player)}
    tables = sorted({r.table for r in _played(state, player)})
    hands = [
        (stored.setup, stored.events)
        for table in tables
        for stored in _stored(live.store, live.stream, state, table)
        if stored.finished and stored.hand_id in mine
    ]
    stats = night_stats(hands, player)
    return {
        "hands_dealt": stats.hands_dealt,
        "sat_out": stats.sat_out,
        "vpip_hands": stats.vpip_hands,
        "vpip_percent": stats.vpip_percent,
        "pfr_hands": stats.pfr_hands,
        "pfr_percent": stats.pfr_percent,
        "hands_won": stats.hands_won,
    }


__all__ = ["remembered", "stats_of", "stored_last_hand"]
