"""The rule a ruling cites, in the rulebook of the house being played (issue 31).

Each `Point` is one rule as the books number it (RULES.md §3-4): the TDA 2024 rule first, then
each house's own where its rulebook has one. `cite` keeps, point by point, the house's rule
(``hand.rulebook``), else the TDA's: an SLPT ruling never cites THC or KY, and the other way
round. The rulings name points, never rule numbers of one book.
"""

from __future__ import annotations

from pitboss.rules.hand_rules import Rulebook

Point = tuple[str, ...]
"""One rule in each book that has it: ``("TDA 44", "THC 22", "SLPT 8")``."""

# -- chips and words (RULES.md §3.2) --------------------------------------------------------
DECLARATION_BINDING: Point = ("TDA 40", "KY 13", "THC 53")
ALL_IN_DECLARED: Point = ("TDA 40", "THC 56")
FOLD_DECLARED: Point = ("TDA 40", "KY 13", "THC 53", "THC 48")
NO_BET_TO_FACE: Point = ("TDA 55",)
CHIPS_SPEAK: Point = ("TDA 40",)
LAST_CHIPS_ALL_IN: Point = ("TDA 45",)
TOTAL_IS_RAISE_TO: Point = ("TDA 43B",)
UNDER_MINIMUM_CORRECTED: Point = ("TDA 52",)
MINIMUM_BET: Point = ("TDA 52", "THC 22")
MINIMUM_RAISE: Point = ("TDA 43A",)
FIFTY_PERCENT: Point = ("TDA 43A", "THC 52", "SLPT 8")
SHORT_RAISE_FORFEIT: Point = ("TDA 43A", "THC 52")
NOT_REOPENED: Point = ("TDA 47A", "THC 52", "SLPT 8")
UNDERCALL: Point = ("TDA 51B", "THC 52")
OVERSIZED_CHIP: Point = ("TDA 44", "THC 22", "SLPT 8")
ONE_MOTION: Point = ("TDA 42", "KY 13", "SLPT 9")
TWO_MOTION_RAISE: Point = ("TDA 42", "THC 28", "SLPT 9")
STRING_BET: Point = ("TDA 56", "THC 29", "SLPT 23")
OUT_OF_TURN_BINDING: Point = ("TDA 53A", "KY 13", "SLPT 27")
OUT_OF_TURN_NOT_BINDING: Point = ("TDA 53A", "THC 54")
PENALTIES: Point = ("TDA 71", "SLPT 5")

# -- the betting structures (issue 30; `pitboss.rulings.structure_rulings`) -----------------
POT_LIMIT_MAXIMUM: Point = ("TDA 54", "SLPT 19")
FIXED_LIMIT_BET: Point = ("TDA 47B", "SLPT 16")
LIMIT_NOT_REOPENED: Point = ("TDA 47B",)
RAISES_CAPPED: Point = ("TDA 48", "SLPT 16")

# -- dead hands and showing (RULES.md §3.3, 3.5) --------------------------------------------
DEAD_HAND: Point = ("TDA 15B", "THC 36")
MUCKED: Point = ("TDA 15B", "THC 36", "THC 48")
KILLED_BY_DEALER: Point = ("TDA 15B", "THC 36", "SLPT 17", "SLPT 26")
UNCALLED_RETURNED: Point = ("TDA 65A",)
NOT_AT_SEAT: Point = ("TDA 30", "THC 6", "THC 17", "SLPT 6")
TABLED_WINNER: Point = ("TDA 13C", "THC 36", "SLPT 18")
CARDS_SPEAK: Point = ("TDA 12", "KY 15", "THC 49")
SHOW_BOTH_TO_WIN: Point = ("TDA 13A", "SLPT 24")
SHOW_THE_OTHER_CARD: Point = ("TDA 18", "SLPT 25")

# -- the deal (RULES.md §3.4) ---------------------------------------------------------------
MISDEAL_CAUSES: Point = ("TDA 35A", "THC 51")
EXPOSED_ON_DEAL: Point = ("TDA 35A", "KY 19", "THC 23", "SLPT 28")
BUTTON_TWO_CARDS: Point = ("TDA 35B", "THC 23", "SLPT 28")
SHORT_CUT: Point = ("TDA 35A", "THC 51", "THC 43")
REDEAL: Point = ("TDA 35C",)
NO_MISDEAL_AFTER_ACTION: Point = ("TDA 35D", "TDA 36")
FOULED_DECK: Point = ("TDA 35E", "THC 51")

# -- conduct (RULES.md §3.8, §4 rows 43-46) -------------------------------------------------
EXPOSING_CARDS: Point = ("TDA 68", "THC 25", "THC 27", "SLPT 4")
CARD_OFF_TABLE: Point = ("TDA 68", "THC 25", "SLPT 4")
DISCUSSING_HAND: Point = ("TDA 67", "THC 26", "THC 30", "SLPT 11")
ONE_PLAYER_TO_A_HAND: Point = ("TDA 67", "THC 11", "SLPT 11")
SOFT_PLAY: Point = ("TDA 69", "THC 25", "SLPT 4", "SLPT 18")
CHIP_DUMPING: Point = ("TDA 69", "SLPT 18")

POINTS: dict[str, Point] = {
    name: value for name, value in globals().items() if name.isupper() and name != "POINTS"
}
"""Every point by name (the tests check each has a TDA rule to fall back on)."""


def _book(ref: str) -> str:
    return ref.split(" ", 1)[0]


def cite(book: Rulebook, *points: Point) -> tuple[str, ...]:
    """The rules ``book``'s house cites for ``points``: for each, the house's own rules, else
    the TDA's; in order, each once."""
    cited: list[str] = []
    for point in points:
        own = [r for r in point if _book(r) == book.value]
        cited.extend(own or [r for r in point if _book(r) == Rulebook.TDA.value])
    return tuple(dict.fromkeys(cited))
