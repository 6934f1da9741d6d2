"""Hand-level settings of the `RuleSet`: what the dealing engine needs for one deal.

Each setting names the rule it encodes. The defaults are the TDA 2024 rules; the seed houses
(KY, THC, SLPT) differ only where a setting says so.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class TimeoutPolicy(enum.StrEnum):
    """What happens when a player's action clock runs out."""

    CHECK_OR_FOLD = "check_or_fold"
    """TDA 29 (2024): facing a bet the hand is dead (folded); not facing a bet it is checked."""

    KILL_HAND = "kill_hand"
    """KY 16, THC 15, SLPT 2 (the 2004 TDA rule): the hand is dead, bet or no bet."""


class ShowdownPolicy(enum.StrEnum):
    """Whether a player may muck instead of tabling at a contested showdown."""

    MUCK_ALLOWED = "muck_allowed"
    """TDA 17A, SLPT 21: tables in order (last aggressor first); a later player may muck.

    All-in exposure still applies: once a player is all-in and no further betting is possible,
    every hand is tabled at once (TDA 16, SLPT 7/10).
    """

    ALL_HANDS_TABLED = "all_hands_tabled"
    """THC 10: all hands are turned face up at every contested showdown."""


class OddChipRule(enum.StrEnum):
    """Who gets the odd chips of a split pot, once it is broken down to the smallest chip in play.

    Read by the engine's pot split (`pitboss.engine.split_pot`), pot by pot (TDA 21). A part of
    a pot smaller than one chip in play (odd antes) goes to the first tied winner either way.
    """

    FIRST_LEFT_OF_BUTTON = "first_left_of_button"
    """TDA 20, SLPT 1 (WSOP 73): every odd chip goes to the first tied winner left of the
    button (a 3-way split of 305 in 1-chips: 103, 101, 101). KY and THC are silent."""

    ONE_EACH_FROM_LEFT_OF_BUTTON = "one_each_from_left_of_button"
    """Robert's Rules of Poker (Ciaffone), "Ties": "No player may receive more than one odd
    chip"; in a button game they go one each to the tied winners clockwise from the button
    (305 three ways: 102, 102, 101)."""


class AntePostingOrder(enum.StrEnum):
    """With per-player antes, which a short stack pays first: the ante or the blind."""

    ANTE_FIRST = "ante_first"
    """The ante is taken before the blind (the common practice, and PokerKit's and PHH's order).

    KY 10 ("each player pays ante, including the blinds") does not say; the big-blind ante is
    always blind first (TDA RP-11), whatever this setting says.
    """

    BLIND_FIRST = "blind_first"
    """A short blind is completed before the ante, as RP-11 does for the big-blind ante."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRules:
    """Hand settings; the defaults are the TDA 2024 rules.

    The minimum bet is always the big blind (THC 22/33, TDA 43A), there is no cap on raises in
    no-limit (TDA 48, KY 13), and undealt cards are never shown (TDA 28, THC 18, SLPT 15): those
    are not house choices.
    """

    timeout_policy: TimeoutPolicy = TimeoutPolicy.CHECK_OR_FOLD
    """TDA 29 (default) or ``kill_hand`` for the seed houses (KY 16, THC 15, SLPT 2)."""

    showdown_policy: ShowdownPolicy = ShowdownPolicy.MUCK_ALLOWED
    """TDA 16/17A (default) or ``all_hands_tabled`` (THC 10)."""

    odd_chip_rule: OddChipRule = OddChipRule.FIRST_LEFT_OF_BUTTON
    """TDA 20 / SLPT 1 (default): every odd chip to the first tied winner left of the button;
    or one each clockwise from the button (Robert's Rules)."""

    ante_posting_order: AntePostingOrder = AntePostingOrder.ANTE_FIRST
    """Per-player antes (KY 10) with a short stack: ante first (default) or blind first."""
