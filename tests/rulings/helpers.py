"""Hands for the rulings tests: seats by stacks under a house preset, and a short script."""

from __future__ import annotations

from engine.helpers import act, deal, table
from pitboss.engine import Hand
from pitboss.rules import RuleSet

HOUSES = ["tda", "ky-charity", "thc", "thc-sit-and-go", "slpt"]
"""Every shipped preset a ruling may differ under."""


def hand_for(house: str, stacks: list[int], script: str = "", **kwargs: object) -> Hand:
    """A hand with blinds 50/100 at ``house``, played through ``script`` (engine helpers)."""
    hand = deal(table(stacks, rules=RuleSet.from_preset(house), **kwargs))  # type: ignore[arg-type]
    act(hand, script)
    return hand


def houses_where(predicate: object) -> list[str]:
    """The houses whose rules satisfy ``predicate(RuleSet)``."""
    assert callable(predicate)
    return [h for h in HOUSES if predicate(RuleSet.from_preset(h))]


def own_rule(house: str, tda: str, **books: str) -> str:
    """The rule ``house`` cites for a point (RULES.md §3-4): its own book's (``thc="THC 52"``),
    else the TDA's. A ruling never cites another house's number (issue 31)."""
    book = RuleSet.from_preset(house).hand.rulebook.value.lower()
    return books.get(book, tda)
