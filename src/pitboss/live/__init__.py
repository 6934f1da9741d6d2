"""The software deals: every table of a tournament played in real time (issue 14).

`LiveRoom` runs one `TableRunner` (an asyncio task, the table's single writer) per table over
the director (`pitboss.service.LiveTournament`), with the simulator's engine-driving functions
(`pitboss.play.dealing`). Agents (`BotAgent`, `RemoteAgent`) decide under the house's action
clock (``table.action_seconds``, ``table.time_bank_seconds``; TDA 29, KY 16, THC 15, SLPT 2);
every hand is written to the table's hand stream as it happens (`pitboss.live.hand_log`) and reads
back as PHH. Time comes from an injected `LiveClock`.
"""

from __future__ import annotations

from pitboss.live.dealt_table import TableRunner, verify_action
from pitboss.live.hand_log import (
    HandLog,
    StoredHand,
    hand_stream,
    hands_as_phh,
    is_hand_stream,
    tournament_hands,
)
from pitboss.live.room import LiveRoom, RoomSettings
from pitboss.live.seat_agents import (
    Answer,
    BotAgent,
    LiveAgent,
    LiveError,
    RemoteAgent,
    SubmitStatus,
    Submitted,
    Turn,
)
from pitboss.live.time_source import LiveClock, SystemClock

__all__ = [
    "Answer",
    "BotAgent",
    "HandLog",
    "LiveAgent",
    "LiveClock",
    "LiveError",
    "LiveRoom",
    "RemoteAgent",
    "RoomSettings",
    "StoredHand",
    "SubmitStatus",
    "Submitted",
    "SystemClock",
    "TableRunner",
    "Turn",
    "hand_stream",
    "hands_as_phh",
    "is_hand_stream",
    "tournament_hands",
    "verify_action",
]
