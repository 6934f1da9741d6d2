"""Hand-level settings of the `RuleSet`: what the dealing engine needs for one deal.

Each setting names the rule it encodes. The defaults are the TDA 2024 rules; the seed houses
(KY, THC, SLPT) differ only where a setting says so.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT


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


class ShortRaiseRule(enum.StrEnum):
    """A raise of less than half the last full bet or raise (the 50% rule's other side).

    Half or more is completed to exactly the minimum raise in every house (TDA 43A, THC 52,
    SLPT 8); the houses differ on what less than half means.
    """

    CALL = "call"
    """TDA 43A, SLPT 8: less than half is a call; the chips beyond the call go back."""

    COMPLETE_OR_FORFEIT = "complete_or_forfeit"
    """THC 52: the player may add chips to make the minimum raise, or call and forfeit the
    chips put in beyond the call (they stay in the pot)."""


class UndercallRule(enum.StrEnum):
    """Chips put in that are not enough to call, with nothing declared."""

    FULL_CALL = "full_call"
    """TDA 51B: the undercall is a call; the player adds the rest (mandatory heads-up and
    against the opening bet, the TD's discretion elsewhere: the TD may override)."""

    CALL_OR_FOLD = "call_or_fold"
    """THC 52: the player adds enough to call (and may not raise) or folds and forfeits the
    chips already put in."""


class OversizedChipRule(enum.StrEnum):
    """A single oversized chip put in silently by a player who faces no bet.

    Facing a bet it is a call everywhere; with "raise" declared first, the largest raise the
    chip allows; after the flop an opening chip is a bet of its size (TDA 44, THC 22, SLPT 8).
    """

    BET_WHEN_NOT_FACING_A_BET = "bet_when_not_facing_a_bet"
    """TDA 44: not facing a bet, a silent oversized chip is a bet of its full value; preflop
    that includes the big blind's option (a raise to the blind plus the chip)."""

    CALL_BEFORE_THE_FLOP = "call_before_the_flop"
    """THC 22, SLPT 8: before the flop a silent oversized chip is a call, so on the big
    blind's option it is a check; only after the flop is an opening chip a bet."""


class OutOfTurnRule(enum.StrEnum):
    """What a declaration or chips out of turn bind the player to."""

    BINDING_IF_ACTION_UNCHANGED = "binding_if_action_unchanged"
    """TDA 53A, SLPT 27: binding when the player's turn comes if nobody has bet or raised in
    between (a check, call or fold does not change the action); if the action changed, the
    player may act anew and take the chips back. An out-of-turn fold is always binding."""

    NOT_BINDING = "not_binding"
    """THC 54: an announcement out of turn is not binding and is ignored."""


class OutOfTurnPenalty(enum.StrEnum):
    """The sanction for acting out of turn."""

    DISCRETION = "discretion"
    """TDA 53A: a penalty may be given (the TD's discretion; THC is silent)."""

    WARNING_THEN_PENALTY = "warning_then_penalty"
    """SLPT 27: a warning the first time, a penalty (SLPT 5) every time after."""


class ExposedCardRule(enum.StrEnum):
    """A hole card exposed by the dealer during the initial deal."""

    MISDEAL_FIRST_TWO_OR_ANY_TWO = "misdeal_first_two_or_any_two"
    """TDA 35A-5: a misdeal if one of the first two cards off the deck, or any two down cards,
    are exposed; one later card is replaced as KY 19 does (RULES.md §3.4)."""

    MISDEAL_ANY = "misdeal_any"
    """THC 23: any down card exposed during the deal is a misdeal ("no exceptions")."""

    MISDEAL_FIRST_TWO = "misdeal_first_two"
    """SLPT 28: a misdeal only if one of the first two cards dealt is exposed; a later card is
    replaced."""

    REPLACE_AS_BURN = "replace_as_burn"
    """KY 19: never a misdeal: the card is shown to all, becomes the burn card, and the player
    gets the next card once the deal is complete."""


class ButtonCardsRule(enum.StrEnum):
    """The button dealt two consecutive cards (the dealer's error, noticed before betting)."""

    ALLOWED = "allowed"
    """TDA 35B, SLPT 28: players may be dealt two consecutive cards on the button."""

    MISDEAL = "misdeal"
    """THC 23: any error due to the dealer before the betting is a misdeal."""


class Rulebook(enum.StrEnum):
    """The rulebook a house's rulings cite: its own rule number where it has one, else the TDA's
    (RULES.md §4); a ruling never cites another house's book."""

    TDA = "TDA"
    KY = "KY"
    THC = "THC"
    SLPT = "SLPT"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRules:
    """Hand settings; the defaults are the TDA 2024 rules.

    The minimum bet is always the big blind (THC 22/33, TDA 43A), there is no cap on raises in
    no-limit (TDA 48, KY 13), and undealt cards are never shown (TDA 28, THC 18, SLPT 15): those
    are not house choices. Nor are the live-table rulings every house shares (the 50% rule's
    completion, an oversized chip facing a bet, binding declarations in turn, dead hands, a
    tabled winner that cannot be killed): those are code in `pitboss.rulings`.
    """

    rulebook: Rulebook = field(default=Rulebook.TDA, metadata=OMITTED_WHEN_DEFAULT)
    """The house rulebook the live table's rulings cite (`pitboss.rulings.citations`): KY, THC
    or SLPT, falling back to the TDA rule where that book is silent; TDA (default, left out of
    a log's rule set so the logs written before it encode as they were)."""

    timeout_policy: TimeoutPolicy = TimeoutPolicy.CHECK_OR_FOLD
    """TDA 29 (default) or ``kill_hand`` for the seed houses (KY 16, THC 15, SLPT 2)."""

    showdown_policy: ShowdownPolicy = ShowdownPolicy.MUCK_ALLOWED
    """TDA 16/17A (default) or ``all_hands_tabled`` (THC 10)."""

    odd_chip_rule: OddChipRule = OddChipRule.FIRST_LEFT_OF_BUTTON
    """TDA 20 / SLPT 1 (default): every odd chip to the first tied winner left of the button;
    or one each clockwise from the button (Robert's Rules)."""

    ante_posting_order: AntePostingOrder = AntePostingOrder.ANTE_FIRST
    """Per-player antes (KY 10) with a short stack: ante first (default) or blind first."""

    short_raise: ShortRaiseRule = ShortRaiseRule.CALL
    """Under half a raise: a call (TDA 43A, SLPT 8; default) or complete-or-forfeit (THC 52)."""

    undercall: UndercallRule = UndercallRule.FULL_CALL
    """Too little to call: made a full call (TDA 51B; default) or call-or-fold (THC 52)."""

    oversized_chip: OversizedChipRule = OversizedChipRule.BET_WHEN_NOT_FACING_A_BET
    """A silent single oversized chip facing no bet: a bet (TDA 44; default) or, before the
    flop, a call (THC 22, SLPT 8)."""

    two_motion_raise: bool = False
    """Whether "raise" declared, then the chips in one more motion, is a raise of those chips
    (THC 28, SLPT 9c); TDA 42 abolished it in 2019 and KY 13 asks for one motion (default)."""

    string_bet_penalty: bool = False
    """Whether a string bet, besides being refused (TDA 56, SLPT 23), may be penalised (THC
    29)."""

    out_of_turn: OutOfTurnRule = OutOfTurnRule.BINDING_IF_ACTION_UNCHANGED
    """Declarations out of turn: TDA 53A / SLPT 27 (default) or not binding (THC 54)."""

    out_of_turn_penalty: OutOfTurnPenalty = OutOfTurnPenalty.DISCRETION
    """Acting out of turn: a penalty at discretion (TDA 53A; default) or a warning first and a
    penalty after (SLPT 27)."""

    exposed_card_on_deal: ExposedCardRule = ExposedCardRule.MISDEAL_FIRST_TWO_OR_ANY_TWO
    """A card the dealer exposes on the deal: TDA 35A-5 (default), THC 23, SLPT 28 or KY 19."""

    button_two_cards: ButtonCardsRule = ButtonCardsRule.ALLOWED
    """Two consecutive cards to the button: allowed (TDA 35B, SLPT 28; default) or a misdeal
    (THC 23)."""

    show_other_card_if_asked: bool = False
    """SLPT 25: a player who shows one hole card at the end of a hand must show the other if
    any player asks. Default off: the TDA gives the right to see a hand to the caller of a
    river bet only (TDA 18)."""
