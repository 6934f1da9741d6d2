"""The game and betting-structure settings in words (`pitboss.rules.games`, issue 30), merged
into `pitboss.rules.catalogue`: the keyword arguments of a `pitboss.rules.catalogue.SettingDoc`.
"""

from __future__ import annotations

SECTIONS: dict[str, str] = {
    "game": "The game dealt and its betting structure: no-limit, pot-limit or fixed-limit "
    "Hold'em or Omaha, and the fixed-limit raise cap.",
}
"""The game table's line."""

SETTINGS: dict[str, dict[str, str]] = {
    "game": {"meaning": SECTIONS["game"]},
    "game.game": {
        "meaning": "The game dealt at every level that does not name its own.",
        "allowed": "holdem: Texas Hold'em, two hole cards; omaha: four hole cards, exactly two "
        "used with three of the board; omaha_hi_lo: Omaha split between the best high hand and "
        "the best low of eight or better",
        "rule": "the house's event (RULES.md: No-Limit Hold'em unless the event says otherwise)",
    },
    "game.structure": {
        "meaning": "How much a player may bet or raise, at every level that does not name its "
        "own structure.",
        "allowed": "no_limit: from the minimum raise to the whole stack (TDA 43A); pot_limit: "
        "at most the pot after the call, the pot counted with full blinds pre-flop (TDA 54, "
        "SLPT 19); fixed_limit: one bet size, the big blind before the turn and twice it after, "
        "with a raise cap (TDA 48, SLPT 16)",
        "rule": "TDA 43A, 47, 48, 54; SLPT 8, 9, 16, 19",
    },
    "game.limit_raises": {
        "meaning": "Fixed-limit only: the raises allowed on a street after its one bet (the "
        "big blind is the bet before the flop); the cap applies even with two players in the "
        "hand.",
        "unit": "raises",
        "allowed": "0 to 1,000",
        "rule": "TDA 48 (a house cap); SLPT 16 and WSOP 100.b: one bet and four raises, 4",
    },
    "game.limit_cap_lifted_heads_up": {
        "meaning": "Fixed-limit only: the raise cap no longer applies once the tournament is "
        "down to two players.",
        "allowed": "true (SLPT 16: unlimited raises heads-up) or false (capped to the end)",
        "rule": 'SLPT 16: "Once the tournament becomes heads-up, the rule does not apply"',
    },
    "tournament.structure.levels[].game": {
        "meaning": "The game dealt at this level, in a mixed event that rotates games.",
        "allowed": "holdem, omaha or omaha_hi_lo; unset: game.game",
        "rule": "a mixed event's rotation (the house's schedule)",
    },
    "tournament.structure.levels[].structure": {
        "meaning": "The betting structure at this level, in a mixed event that rotates "
        "structures (its bets in fixed-limit: the big blind and twice it).",
        "allowed": "no_limit, pot_limit or fixed_limit; unset: game.structure",
        "rule": "a mixed event's rotation (the house's schedule)",
    },
}
"""Each game setting's words, by dotted path."""

__all__ = ["SECTIONS", "SETTINGS"]
