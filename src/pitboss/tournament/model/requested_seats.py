"""A club player's request for a seat, made from the lobby (issue 31): its state in the
tournament. `pitboss.tournament.features.seat_requests` decides and folds them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.ids import ClubPlayerId, PlayerId


class SeatRequestStatus(enum.StrEnum):
    """Where a request stands: waiting for the director; approved with the money to take at
    the door; approved and registered (paid); declined; withdrawn by the player."""

    PENDING = "pending"
    AT_THE_DOOR = "at_the_door"
    REGISTERED = "registered"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"


OPEN_STATUSES = frozenset({SeatRequestStatus.PENDING, SeatRequestStatus.AT_THE_DOOR})
"""A request still in the director's hands (a second one from the same person is refused)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRequest:
    """One request: who asked (their club record and the name they go by), when, and what
    the director decided (``player_id``: the entry it registered; ``reason``: why declined)."""

    request_id: str
    club_player_id: ClubPlayerId
    name: str
    requested_at: int
    status: SeatRequestStatus = SeatRequestStatus.PENDING
    decided_at: int | None = None
    player_id: PlayerId | None = None
    reason: str = ""

    @property
    def is_open(self) -> bool:
        """Still in the director's hands."""
        return self.status in OPEN_STATUSES


__all__ = ["OPEN_STATUSES", "SeatRequest", "SeatRequestStatus"]
