"""Satellites (issue 29): prizes that are seats (tickets) in a target tournament.

No house rulebook of the seeds writes a satellite's rules down (THC 4 and add. 6 only say
satellite games exist), so each setting names the public source it follows:

- A seat is a ticket worth ``seat_value_cents``, paid out of the satellite's prize pool; the
  seats to award are ``prize pool // seat value`` (the pool with any guarantee's overlay, so a
  guarantee of N seats is ``guarantee_cents = N x seat value``), never more than the entries.
  A ticket pays one entry of the target, buy-in and fee together, and has no cash value:
  WSOP 2015 rule 38, "WSOP Buy-In Chips are no cash value chips won by a participant in a
  Satellite ... which may only be applied toward Tournament buy-ins"; PokerStars' help on
  satellites: "If you win a satellite, you receive entry into the target tournament. You do
  not receive cash as a prize."
- When the players left equal the seats, the satellite ends and everyone left wins a seat
  (a live house's satellite notes, Poker Dream: "The tournament will finish when the
  remaining players equals the total prize seats ... And the remaining players will be
  awarded the seat"), or, the house's option, the seats are awarded and the survivors play on
  for the cash remainder.
- The cash remainder (``prize pool - seats x seat value``) is paid by ``remainder``.

``seat_value_cents = 0`` (the default) is not a satellite: nothing changes.

Raises (on construction): `RuleSetError` for an inconsistent setting.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.errors import RuleSetError


class SatelliteRemainder(enum.StrEnum):
    """Who is paid the cash left in the pool once the seats are taken out of it."""

    NEXT_PLACE = "next_place"
    """The next place below the seats, the bubble (Poker Dream: "Any funds falling short of the
    price of a seat will go to the runner up of the last seat being awarded")."""
    SHARED = "shared"
    """Shared equally among the seat winners, the odd cents to the best places."""
    PAYOUT_TABLE = "payout_table"
    """A normal prize paid by the house's payout table to the places that play for it: the
    places below the seats, as for a field of the entrants less the seats (GGPoker, and
    PokerStars-style lobbies: the leftover "distributed to the runners up as per the
    satellite's payout structure"); with ``play_on``, the seat winners' own places."""


class SeatsReached(enum.StrEnum):
    """What happens when the players left equal the seats to award."""

    END = "end"
    """The satellite ends there: everyone left wins a seat (Poker Dream's notes)."""
    PLAY_ON = "play_on"
    """The seats are awarded and the survivors play on to a winner for the cash remainder,
    paid by the payout table to their places (``remainder = payout_table``)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SatelliteRules:
    """A satellite's seats: their value, the cash remainder, and the end at the seats.

    A tie across the last seat (players out on one hand who share places, TDA RP-8A, KY 8d)
    cannot share a ticket: the seats they cover are shared as money, with the cash of the
    places below (`pitboss.tournament.model.satellite_seats`).
    """

    seat_value_cents: int = 0
    remainder: SatelliteRemainder = SatelliteRemainder.NEXT_PLACE
    players_left_equal_seats: SeatsReached = SeatsReached.END

    def __post_init__(self) -> None:
        if self.seat_value_cents < 0:
            raise RuleSetError(
                f"tournament.satellite.seat_value_cents must be zero or more, got "
                f"{self.seat_value_cents}",
                code="below_zero",
                params={
                    "setting": "tournament.satellite.seat_value_cents",
                    "value": self.seat_value_cents,
                },
            )
        if (
            self.players_left_equal_seats is SeatsReached.PLAY_ON
            and self.remainder is not SatelliteRemainder.PAYOUT_TABLE
        ):
            raise RuleSetError(
                "tournament.satellite.players_left_equal_seats = play_on plays on for the cash "
                "remainder, which the payout table pays to the places of that play: set "
                f"remainder = payout_table (it is {self.remainder.value})",
                code="play_on_needs_payout_table",
                params={
                    "setting": "tournament.satellite.remainder",
                    "value": self.remainder.value,
                    "allowed": [SatelliteRemainder.PAYOUT_TABLE.value],
                },
            )

    @property
    def is_satellite(self) -> bool:
        """Seats are prizes (a seat has a value)."""
        return self.seat_value_cents > 0


__all__ = ["SatelliteRemainder", "SatelliteRules", "SeatsReached"]
