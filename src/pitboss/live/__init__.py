"""The software deals: every table of a tournament played in real time (issue 14).

`LiveRoom` runs one `TableRunner` (an asyncio task, the table's single writer) per table over
the director (`pitboss.service.LiveTournament`), with the simulator's engine-driving functions
(`pitboss.play.dealing`). Agents (`BotAgent`, `RemoteAgent`) decide under the house's action
clock (``table.action_seconds``, ``table.time_bank_seconds``; TDA 29, KY 16, THC 15, SLPT 2);
every hand is written to the table's hand stream as it happens (`pitboss.live.hands`) and reads
back as PHH. Time comes from an injected `LiveClock`.
"""

from __future__ import annotations

from pitboss.live.agents import (
    Answer,
    BotAgent,
    LiveAgent,
    LiveError,
    RemoteAgent,
    SubmitStatus,
    Submitted,
    Turn,
)
from pitboss.live.clock import LiveClock, SystemClock
from pitboss.live.hands import (
    HandLog,
    StoredHand,
    hand_stream,
    hands_as_phh,
    is_hand_stream,
    tournament_hands,
)
from pitboss.live.room import LiveRoom, RoomSettings
from pitboss.live.table import TableRunner, verify_action

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
