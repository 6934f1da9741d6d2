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
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from pitboss.errors import RuleSetError

if TYPE_CHECKING:
    from pitboss.rules.structure import Level


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


MAX_LIMIT_RAISES = 1000
"""The most raises a fixed-limit cap may allow (`GameRules.limit_raises`): far more than any
house's four (SLPT 16), and a bound a log can record."""


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRules:
    """The game a tournament deals and its betting structure; a level of a mixed event may
    deal another (`pitboss.rules.structure.Level.game`, ``.structure``: `level_game`).

    ``limit_raises``: in fixed-limit, one bet and this many raises a street (pre-flop the big
    blind is the bet): TDA 48 leaves the cap to the house, SLPT 16 and WSOP 100.b say one bet
    and four raises, "even when heads up" in a hand. ``limit_cap_lifted_heads_up``: the cap no
    longer applies once the tournament is down to two players (SLPT 16: "Once the tournament
    becomes heads-up, the rule does not apply"); off, it applies to the last hand. In
    no-limit and pot-limit there is no cap (TDA 48).
    """

    game: Game = Game.HOLDEM
    structure: BettingStructure = BettingStructure.NO_LIMIT
    limit_raises: int = 4
    limit_cap_lifted_heads_up: bool = True

    def __post_init__(self) -> None:
        if not 0 <= self.limit_raises <= MAX_LIMIT_RAISES:
            raise RuleSetError(
                f"game.limit_raises must be 0 to {MAX_LIMIT_RAISES:,} raises after the bet"
                f" (SLPT 16: one bet and four raises, 4), got {self.limit_raises:,}",
                code="out_of_bounds",
                params={
                    "setting": "game.limit_raises",
                    "value": self.limit_raises,
                    "low": 0,
                    "high": MAX_LIMIT_RAISES,
                },
            )


class LevelGame(NamedTuple):
    """What a hand at one level deals: its game, its betting structure and, in fixed-limit,
    its raise cap (``None``: no cap). The field names are `pitboss.engine.HandSetup`'s, so a
    table passes them on as they are (``HandSetup(..., **level_game(...)._asdict())``)."""

    game: Game
    structure: BettingStructure
    raise_cap: int | None


def level_game(rules: GameRules, level: Level, *, players_left: int) -> LevelGame:
    """The game, structure and raise cap of a hand dealt at ``level`` when ``players_left``
    players are left in the tournament.

    The level's own ``game`` and ``structure`` (a mixed event's rotation) override the
    tournament's. The cap (one bet and ``limit_raises`` raises, TDA 48, SLPT 16) applies in
    fixed-limit only, however few players are in the hand, until the tournament is down to two
    players and the house lifts it then (``limit_cap_lifted_heads_up``, SLPT 16).
    """
    game = rules.game if level.game is None else level.game
    structure = rules.structure if level.structure is None else level.structure
    if structure is not BettingStructure.FIXED_LIMIT or (
        players_left <= 2 and rules.limit_cap_lifted_heads_up
    ):
        return LevelGame(game, structure, None)
    return LevelGame(game, structure, rules.limit_raises)


_STRUCTURE_NAMES = {
    BettingStructure.NO_LIMIT: "No-Limit",
    BettingStructure.POT_LIMIT: "Pot-Limit",
    BettingStructure.FIXED_LIMIT: "Limit",
}
_GAME_NAMES = {Game.HOLDEM: "Hold'em", Game.OMAHA: "Omaha", Game.OMAHA_HI_LO: "Omaha Hi-Lo"}


def game_name(game: Game, structure: BettingStructure) -> str:
    """The game as a player says it: ``"Pot-Limit Omaha"``, ``"Limit Hold'em"``."""
    return f"{_STRUCTURE_NAMES[structure]} {_GAME_NAMES[game]}"
