"""What a hand's betting structure changes at a live table (issue 30): the most a player may
bet or raise, the rules that correct chips beyond it, and whether the pot is counted for the
players.

Each structure's rulings are data (`STRUCTURE_RULINGS`, read from the hand's
``setup.structure``), never a branch on a house: `pitboss.rulings.chips_and_words` reads them.

- No-limit: the most is all of a player's chips; the 50% rule completes half a raise or more
  to a full one (TDA 43A, THC 52, SLPT 8); a short all-in does not reopen the betting (TDA
  47A). The pot is not counted for the players (SLPT 19, TDA 54).
- Pot-limit: the most is the call, then the pot (TDA 54, SLPT 19). Chips or a declared total
  above it are a bet or raise of the pot-limit maximum, the surplus handed back (Robert's Rules
  of Poker, pot-limit rule 1: "the amount will be reduced to the maximum allowable"). The
  50% rule and TDA 47A as in no-limit (SLPT 8, 9: "in no-limit and pot-limit"). The pot is
  counted for the players (SLPT 19: "in pot-limit games only"): `pot_limit_to`.
- Fixed-limit: every bet and raise is one bet of the street's size (one bet and the house's
  raises: TDA 48, SLPT 16). Chips beyond one bet are one bet, the rest back; chips of half a
  bet or more beyond the call are a full bet and less a call (TDA 47B: "in limit, at least
  50% of a full bet"; the 50% rule of TDA 43A, THC 52, SLPT 8 with a full raise of one bet);
  a single oversized chip opening the betting is a bet of the limit's size (TDA 44: "the
  maximum for the chip", which is one bet). The pot is not counted (SLPT 19).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from pitboss.engine import Hand, HandPhase
from pitboss.rules.games import BettingStructure
from pitboss.rulings import citations as c
from pitboss.rulings.citations import Point


@dataclass(frozen=True, slots=True, kw_only=True)
class StructureRulings:
    """How one betting structure reads at a live table.

    ``most`` is how the dealer says the most a player may bet or raise when chips or a total
    above it are corrected to it (None in no-limit: the most is all-in, nothing above it),
    with its rule ``top_rule``. ``full`` names a full bet or raise in the 50% rule's words
    (``"raise"``; fixed-limit ``"bet"``: one bet), ``half_rule`` cites the rule completing half
    of it or more, ``not_reopened`` the rule keeping a short all-in from reopening the betting.
    ``counts_pot``: the pot is counted for the players (SLPT 19, TDA 54: in pot-limit only)."""

    structure: BettingStructure
    most: str | None
    top_rule: Point
    full: str
    half_rule: Point
    not_reopened: Point
    counts_pot: bool


STRUCTURE_RULINGS: MappingProxyType[BettingStructure, StructureRulings] = MappingProxyType(
    {
        BettingStructure.NO_LIMIT: StructureRulings(
            structure=BettingStructure.NO_LIMIT,
            most=None,
            top_rule=(),
            full="raise",
            half_rule=c.FIFTY_PERCENT,
            not_reopened=c.NOT_REOPENED,
            counts_pot=False,
        ),
        BettingStructure.POT_LIMIT: StructureRulings(
            structure=BettingStructure.POT_LIMIT,
            most="in pot-limit a bet or raise is at most the pot (the pot-limit maximum)",
            top_rule=c.POT_LIMIT_MAXIMUM,
            full="raise",
            half_rule=c.FIFTY_PERCENT,
            not_reopened=c.NOT_REOPENED,
            counts_pot=True,
        ),
        BettingStructure.FIXED_LIMIT: StructureRulings(
            structure=BettingStructure.FIXED_LIMIT,
            most="in fixed-limit every bet and raise is one bet",
            top_rule=c.FIXED_LIMIT_BET,
            full="bet",
            half_rule=(*c.FIFTY_PERCENT, *c.FIXED_LIMIT_BET),
            not_reopened=c.LIMIT_NOT_REOPENED,
            counts_pot=False,
        ),
    }
)
"""Each betting structure's rulings (see the module)."""


def structure_rulings(hand: Hand) -> StructureRulings:
    """The rulings of ``hand``'s betting structure (its ``setup.structure``)."""
    return STRUCTURE_RULINGS[hand.setup.betting]


def pot_limit_to(hand: Hand) -> int | None:
    """In pot-limit, the most the player to act may bet or raise to by the pot: the bet to
    match, then the call, then the whole pot after it, pre-flop with the blinds counted in full
    (TDA 54, 54B; `pitboss.engine.betting_limits`), in whole chips of the chip unit. It is the
    count a pot-limit player is told (SLPT 19) and may be more than they have (then they may
    raise all-in, no more). None where the pot is not counted for the players (no-limit and
    fixed-limit: SLPT 19), outside a betting round and when raising is closed."""
    if not structure_rulings(hand).counts_pot or hand.phase is not HandPhase.BETTING:
        return None
    legal = hand.legal_actions()
    if legal.min_raise_to is None or legal.max_raise_to is None:
        return None
    seat = legal.seat
    if legal.max_raise_to < hand.bets[seat] + hand.stacks[seat]:
        return legal.max_raise_to  # the engine's own pot-limit maximum, below the stack
    current = hand.current_bet
    most = current + hand.pot_limit_count() + current - hand.bets[seat]
    return most - most % hand.setup.chip_unit


__all__ = ["STRUCTURE_RULINGS", "StructureRulings", "pot_limit_to", "structure_rulings"]
