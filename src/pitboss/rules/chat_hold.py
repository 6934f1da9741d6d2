"""When a table's chat is held (issue 31): the one-player-to-a-hand and no-disclosure rules
read for a table whose players chat from their phones.

- TDA 67 (2024, "No disclosure. One player to a hand"): "players, whether in the hand or not,
  must not discuss contents of live or mucked hands, advise or criticize play at any time, read
  a hand that hasn't been tabled".
- THC 26 ("No discussion"): "Players, whether in the hand or not, may not discuss the hands
  until the action is complete"; THC 11: the one-player-to-a-hand rule is enforced.
- SLPT 11: "whether in a hand or not, players may not a.) disclose contents of live or folded
  hands, b.) advise or criticize play before the action is completed".
- KY 17: "Discussing cards discarded or hand possibilities are not allowed" (the discards are
  those of players no longer in the hand).

Every house's words bind the whole table, not only the players still holding cards, so each
shipped preset holds the chat of everyone seated at the table while a hand is in play there
(`ChatHold.TABLE`, the default). A house that lets its players talk (a home game) or forbids
only the players in the hand writes its own preset with ``off`` or ``in_hand``.
"""

from __future__ import annotations

import enum


class ChatHold(enum.StrEnum):
    """Whose chat at a software-dealt table waits until the hand in play there ends."""

    # TDA 67, THC 26, SLPT 11 ("whether in the hand or not"), KY 17: everyone seated at the
    # table while a hand is in play there.
    TABLE = "table"
    # Only the players still in the hand (dealt cards, not folded); a folded player talks.
    IN_HAND = "in_hand"
    # Nobody: messages are shown at once (the director may still mute a player).
    OFF = "off"


__all__ = ["ChatHold"]
