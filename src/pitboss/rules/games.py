"""The game dealt and its betting structure: settings of a tournament, and of a level in a
mixed event (issue 30).

No-limit Texas Hold'em is the default everywhere, so every preset and every log written before
these settings stays as it was. The Salt Lake Poker Tour's own rules cover the other
structures: completing a raise "in no-limit and pot-limit" (SLPT 8, 9), "a limit of one bet and
four raises even when heads up until the tournament is down to two players" (SLPT 16), the pot
size told only in pot-limit (SLPT 19); the TDA's rules say the same (TDA 47B, 48, 54).
"""

from __future__ import annotations

import enum


class BettingStructure(enum.StrEnum):
    """How much a player may bet or raise."""

    NO_LIMIT = "no_limit"
    """Any amount from the minimum raise (TDA 43A) up to the whole stack; no cap (TDA 48)."""

    POT_LIMIT = "pot_limit"
    """At most the pot: the call first, then the whole pot after it (TDA 54, SLPT 19)."""

    FIXED_LIMIT = "fixed_limit"
    """Bets and raises of one fixed size, the small bet before the turn and the big bet after;
    one bet and a capped number of raises a street (TDA 48, SLPT 16)."""


class Game(enum.StrEnum):
    """The cards dealt and how a hand is made."""

    HOLDEM = "holdem"
    """Texas Hold'em: two hole cards, the best five of the seven."""

    OMAHA = "omaha"
    """Omaha: four hole cards, the best five using exactly two of them and three of the board."""

    OMAHA_HI_LO = "omaha_hi_lo"
    """Omaha high-low, eight or better: the pot is split between the best high hand and the
    best qualifying low hand (five different cards eight or lower, exactly two from the hand)."""


HOLE_CARDS: dict[Game, int] = {Game.HOLDEM: 2, Game.OMAHA: 4, Game.OMAHA_HI_LO: 4}
"""How many hole cards each game deals a player."""
