"""The phone table's extras (issue 31): sit out next hand / I'm back, the replay of the last
hand, and the player's own stats for the night. Registered with `pitboss.server.frames`.

Sitting out is the house's absence, chosen by the player: ``{"type": "sit_out"}`` marks them
absent through the director (``MarkAbsent`` with ``sitting_out``: a ``PlayerAbsent`` in the
tournament's log, so a replay of the log plans the same hands), and from the next deal their
seat is dealt as any absent seat is by ``table.absent_policy``: blinds and antes posted, the
hand dealt and killed (TDA 30, 71A/C) or not dealt (THC 6); a hand they are in plays on to its
end. A page that reconnects does not bring them back; ``{"type": "back"}`` does
(``MarkReturned``), from the next deal. The house's other absence rules apply as to anyone
away (THC 6: chips forfeited after 20 minutes; THC 7).

The last hand (``{"type": "last_hand"}``) and the stats (``{"type": "my_stats"}``) are built on
request for that player only (`pitboss.live.hand_replay`), never in the view the server builds
at every change; reading the hand streams runs in a worker thread, not on the loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.live.look_back import remembered, stats_of, stored_last_hand
from pitboss.live.seat_agents import LiveError
from pitboss.rules.table_rules import AbsentPolicy
from pitboss.server.frames import frame_handler, view_part
from pitboss.server.live_rooms import DealtRoom
from pitboss.server.play_api import dealing_for
from pitboss.tournament.features.absence_and_clock import MarkAbsent, MarkReturned
from pitboss.tournament.state import TournamentState


def absence_rule(state: TournamentState) -> str:
    """What sitting out means at this house, in the player's words (TDA 30; THC 6)."""
    if state.rules.table.absent_policy is AbsentPolicy.NOT_DEALT_BLINDS_POSTED:
        rule = "your blinds and antes are posted and you are dealt no cards (THC 6)"
    else:
        rule = "your blinds and antes are posted and your hand is killed as dealt (TDA 30)"
    minutes = state.rules.tournament.conduct.absent_forfeit_minutes
    if minutes is not None:
        rule += f"; away more than {minutes} minutes, your chips are forfeited (THC 6)"
    return rule


def _answer(
    action_id: str, message: str, *, status: str = "accepted", **data: Any
) -> dict[str, Any]:
    return {
        "kind": "submitted",
        "status": status,
        "action_id": action_id,
        "message": message,
        **data,
    }


def _refused(action_id: str, error: PitbossError) -> dict[str, Any]:
    return {"kind": "refused", "action_id": action_id, **error.to_dict()}


def _action_id(message: Mapping[str, Any]) -> str:
    return str(message.get("action_id", ""))[:80]


def _shown(dealt: DealtRoom, player: PlayerId) -> None:
    """Wake the player's screens (and their table's) to show what changed."""
    seated = dealt.room.state.table_of(player)
    if seated is not None:
        dealt.room.table_changed(seated.number)


@frame_handler("sit_out")
async def sit_out(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player sits out from the next deal, dealt as an absent player by the house's rule;
    a hand they are in now they finish. Sent again while sitting out: a repeat, ignored."""
    action_id = _action_id(message)
    try:
        room = dealing_for(dealt, player)
        state = room.room.state
        if state.conduct_of(player).sitting_out:
            return _answer(action_id, "you are sitting out already", status="repeated")
        await room.act(MarkAbsent(player_id=player, sitting_out=True))
    except PitbossError as error:
        return _refused(action_id, error)
    _shown(room, player)
    state = room.room.state
    now = "after this hand, " if state.hand_of(player) is not None else ""
    return _answer(action_id, f"you sit out: {now}{absence_rule(state)}")


@frame_handler("back")
async def back(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player is back: dealt in from the next deal (a hand in play stays as dealt)."""
    action_id = _action_id(message)
    try:
        room = dealing_for(dealt, player)
        if room.room.state.conduct_of(player).absent_since is None:
            return _answer(action_id, "you are dealt in already", status="repeated")
        await room.act(MarkReturned(player_id=player))
    except PitbossError as error:
        return _refused(action_id, error)
    _shown(room, player)
    return _answer(action_id, "welcome back: you are dealt in from the next hand")


@view_part("sitting_out")
def sitting_out(dealt: DealtRoom | None, player: PlayerId) -> dict[str, Any] | None:
    """Whether the player sits out (their choice) or is marked away, since when, and what that
    means at this house; None where the software does not deal for them at a browser."""
    if dealt is None or player not in dealt.remote:
        return None
    state = dealt.room.state
    conduct = state.conduct_of(player)
    away = conduct.absent_since is not None
    return {
        "sitting_out": away and conduct.sitting_out,
        "away": away,
        "since": conduct.absent_since,
        "rule": absence_rule(state),
    }


# --- the last hand and the stats, on request ---------------------------------------------------


def _viewing(dealt: DealtRoom | None, player: PlayerId) -> DealtRoom:
    """The room whose hands the player may look back on (dealing now, or dealt before).

    Raises:
        LiveError: ``not_dealing``: the software has not dealt this tournament.
    """
    if dealt is None:
        raise LiveError(
            "the software has not dealt a hand of this tournament to look back on",
            code="not_dealing",
            params={"player_id": player},
        )
    return dealt


@frame_handler("last_hand")
async def last_hand(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player's last hand to replay (``last_hand``: null before their first is over)."""
    action_id = _action_id(message)
    try:
        room = _viewing(dealt, player)
        replay = remembered(room.room, player)
        if replay is None:
            replay = await asyncio.to_thread(stored_last_hand, room.room, player)
    except PitbossError as error:
        return _refused(action_id, error)
    data = None if replay is None else asdict(replay)
    text = "no hand of yours is over yet" if replay is None else f"hand {replay.hand_id}"
    return _answer(action_id, text, last_hand=data)


@frame_handler("my_stats")
async def my_stats(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """The player's own stats for the night (``stats``)."""
    action_id = _action_id(message)
    try:
        room = _viewing(dealt, player)
        stats = await asyncio.to_thread(stats_of, room.room, player)
    except PitbossError as error:
        return _refused(action_id, error)
    return _answer(action_id, "your stats for the night", stats=stats)


__all__ = ["absence_rule", "sitting_out"]
