"""The satellite's settings in words (issue 29), merged into `pitboss.rules.catalogue`.

Plain mappings (meaning, unit, allowed, rule), so this module needs nothing of the catalogue
and the catalogue takes them in with its own `SettingDoc`.
"""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "tournament.satellite": "Satellites: seats in a target tournament as prizes, and the cash "
    "left over.",
}

SETTINGS: dict[str, dict[str, str]] = {
    "tournament.satellite": {"meaning": SECTIONS["tournament.satellite"]},
    "tournament.satellite.seat_value_cents": {
        "meaning": "The value of one seat (a ticket paying the target's buy-in and fee); the "
        "seats awarded are the prize pool divided by it, never more than the entries.",
        "unit": "cents (10000 = $100.00)",
        "allowed": "0: not a satellite; or more: the target's buy-in plus fee",
        "rule": "WSOP 2015 rule 38 (Buy-In Chips); PokerStars: a seat, not cash",
    },
    "tournament.satellite.remainder": {
        "meaning": "Who is paid the cash left once the seats are taken out of the pool.",
        "allowed": "next_place: the place below the seats, the bubble (Poker Dream); "
        "shared: equally among the seat winners; payout_table: by the payout table, to the "
        "places below the seats (to the seat winners' own places with play_on)",
        "rule": "Poker Dream: to the runner-up of the last seat; GGPoker: the next places",
    },
    "tournament.satellite.players_left_equal_seats": {
        "meaning": "What happens when the players left equal the seats to award.",
        "allowed": "end: the satellite ends, everyone left wins a seat; play_on: the seats "
        "are awarded and the survivors play on for the cash remainder (needs remainder = "
        "payout_table)",
        "rule": "Poker Dream: the remaining players are awarded the seats",
    },
}

__all__ = ["SECTIONS", "SETTINGS"]
