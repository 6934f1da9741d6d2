"""The chat of a software-dealt table on the players' pages (issue 31): the frames
``{"type": "chat", "text": ..., "action_id": ...}`` and ``{"type": "react", "emoji": ...,
"action_id": ...}``, and the table's recent lines as the ``chat`` part of a player's view and
of the table's public view (`pitboss.server.frames`).

The lines are kept in memory, one `pitboss.live.chat.TableChats` per dealt tournament (why
not in the log: that module's docstring). A line is refused when the player has no seat at a
table the software deals, is muted by the director (`MutePlayer`, an event in the log), sends
too fast, or sends what is not allowed; otherwise it is held while the house holds the chat
during a hand (``tournament.conduct.chat_hold``: TDA 67, THC 26, SLPT 11, KY 17), and every
screen at the table is woken (``room.table_changed``). A held line reaches the others when the
hand's result shows: the table's screens are woken then anyway.
"""

from __future__ import annotations

import weakref
from typing import Any

from pitboss.errors import PitbossError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.chat import (
    CITED,
    EMOJI,
    MAX_CHARS,
    ChatError,
    TableChats,
    check_emoji,
    clean_text,
    hold_for,
    shown,
)
from pitboss.server.frames import frame_handler, table_part, view_part
from pitboss.server.live_rooms import DealtRoom
from pitboss.server.play_api import dealing_for

_CHATS: weakref.WeakKeyDictionary[DealtRoom, TableChats] = weakref.WeakKeyDictionary()
"""Each dealt tournament's chat (gone with its room)."""

MUTED = "The director has muted your chat"


def chats_of(dealt: DealtRoom) -> TableChats:
    """The room's chat, made at its first line."""
    found = _CHATS.get(dealt)
    if found is None:
        found = _CHATS.setdefault(dealt, TableChats())
    return found


def _holding(dealt: DealtRoom | None, table: TableNo) -> HandId | None:
    """The hand in play at ``table`` whose action is not complete (its lines are held)."""
    runner = None if dealt is None else dealt.room.runners.get(table)
    if runner is None or runner.hand is None or runner.hand.is_over:
        return None
    return runner.hand_id


def _post(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any], *, react: bool
) -> dict[str, Any]:
    """The answer to a chat or reaction frame: the line posted (held or shown), or refused."""
    action_id = str(message.get("action_id", ""))[:80]
    try:
        room = dealing_for(dealt, player)
        table, held = _posted(room, player, message, react=react)
    except PitbossError as error:
        return {"kind": "refused", "action_id": action_id, **error.to_dict()}
    room.room.table_changed(table)
    if held is None:
        return {"kind": "submitted", "status": "accepted", "action_id": action_id, "message": ""}
    rule = CITED.get(str(room.room.state.rules.hand.rulebook), "TDA 67")
    return {
        "kind": "submitted",
        "status": "held",
        "action_id": action_id,
        "message": f"held until the hand ends: no discussing a hand in play ({rule})",
    }


def _posted(
    dealt: DealtRoom, player: PlayerId, message: dict[str, Any], *, react: bool
) -> tuple[TableNo, HandId | None]:
    """The line checked and posted: its table and the hand it is held for.

    Raises:
        ChatError: what is sent is not allowed, the player has no seat, is muted, or sends too
            fast (`pitboss.live.chat`).
    """
    text = "" if react else clean_text(message.get("text"))
    emoji = check_emoji(message.get("emoji")) if react else ""
    state = dealt.room.state
    seated = state.table_of(player)
    if seated is None:
        raise ChatError(
            "You have no seat at a table now: the chat is the table's",
            code="chat_not_seated",
            params={},
        )
    if state.conduct_of(player).muted:
        raise ChatError(MUTED, code="chat_muted", params={})
    table = seated.number
    runner = dealt.room.runners.get(table)
    held = hold_for(
        state.rules.tournament.conduct.chat_hold,
        None if runner is None else runner.hand,
        None if runner is None else runner.hand_id,
        player,
    )
    chats_of(dealt).post(
        table,
        sender=player,
        name=state.players[player].name,
        now=dealt.room.clock.now(),
        text=text,
        emoji=emoji,
        held_for=held,
    )
    return table, held


@frame_handler("chat")
async def chat_frame(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """A message to the player's table."""
    return _post(dealt, player, message, react=False)


@frame_handler("react")
async def react_frame(
    dealt: DealtRoom | None, player: PlayerId, message: dict[str, Any]
) -> dict[str, Any]:
    """An emoji reaction to the player's table."""
    return _post(dealt, player, message, react=True)


@view_part("chat")
def chat_view(dealt: DealtRoom | None, player: PlayerId) -> object:
    """The player's table's lines (their own held ones marked), whether they may send (and
    why not), whether what they send now is held, and what they may send."""
    state = None if dealt is None else dealt.room.state
    seated = None if state is None else state.table_of(player)
    if dealt is None or state is None or seated is None or player not in dealt.remote:
        return {"lines": [], "can_chat": False, "muted": False}
    table = seated.number
    holding = _holding(dealt, table)
    runner = dealt.room.runners.get(table)
    rule = state.rules.tournament.conduct.chat_hold
    held_now = hold_for(rule, None if runner is None else runner.hand, holding, player)
    muted = state.conduct_of(player).muted
    chats = _CHATS.get(dealt)
    return {
        "lines": [] if chats is None else shown(chats.lines(table), player, holding),
        "can_chat": dealt.is_running and not muted,
        "muted": muted,
        "muted_reason": MUTED if muted else "",
        "held_now": held_now is not None,
        "rule": CITED.get(str(state.rules.hand.rulebook), "TDA 67"),
        "emoji": list(EMOJI),
        "max_chars": MAX_CHARS,
    }


@table_part("chat")
def table_chat_view(dealt: DealtRoom | None, table: TableNo) -> object:
    """The table's lines as its public screen shows them: none held."""
    chats = None if dealt is None else _CHATS.get(dealt)
    if chats is None:
        return {"lines": []}
    return {"lines": shown(chats.lines(table), None, _holding(dealt, table))}


__all__ = ["MUTED", "chat_frame", "chat_view", "chats_of", "react_frame", "table_chat_view"]
