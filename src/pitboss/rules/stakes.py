"""What a level's forced bets are made of, shared by the structure and the dealing engine.

One ``AnteMode`` for the whole code: a level of the structure (`pitboss.rules.tournament`)
names it and the engine's ``HandSetup`` (`pitboss.engine`, which re-exports it) deals by it,
so a level's mode goes to the engine as it is, with no conversion between two enums.
"""

from __future__ import annotations

import enum


class AnteMode(enum.StrEnum):
    """Who pays the ante: nobody, every player (KY 10), or the big blind alone (TDA RP-11).

    Serialised by its value (``"per_player"``), in presets, events and PHH files alike.
    """

    NONE = "none"
    """No ante."""

    PER_PLAYER = "per_player"
    """KY 10: "each player pays ante, including the blinds"."""

    BIG_BLIND = "big_blind"
    """TDA RP-11: the big blind pays the whole table's ante, blind first, ante from what remains.

    The ante is paid for everyone, so it is dead money in the main pot: every player in the
    hand can win it, even one all-in for less. (With explicit ``posts``, this mode marks the
    ``ante`` posts as big-blind antes.)
    """
