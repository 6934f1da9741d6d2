"""Misdeals and exposed cards: `rule_exposed_on_deal`, `rule_button_two_cards`,
`rule_deal_irregularity`.

Every house: a redeal is an exact replay, the button and blinds where they were, no new
players, the same limits (TDA 35C); once substantial action has happened there is no misdeal,
except for a fouled deck, when play stops and every bet goes back (TDA 35D, 35E, 36). The
exposed-card and two-cards-on-the-button rules differ by house (``exposed_card_on_deal``,
``button_two_cards``).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import ButtonCardsRule, ExposedCardRule
from pitboss.rulings import citations as c
from pitboss.rulings.citations import Point, cite
from pitboss.rulings.dealer_inputs import Outcome, Ruling

_REDEAL = "misdeal: redeal with the button and blinds where they were"


def _misdeal(rules: RuleSet, why: str, *points: Point) -> Ruling:
    return Ruling(
        outcome=Outcome.MISDEAL,
        seat=None,
        message=f"{why}: {_REDEAL}",
        rules=cite(rules.hand.rulebook, *points, c.REDEAL),
    )


def rule_exposed_on_deal(rules: RuleSet, *, positions: Sequence[int]) -> Ruling:
    """Hole cards the dealer exposed during the initial deal, by their ``positions`` in the
    order dealt (1 is the first card off the deck).

    ``exposed_card_on_deal`` decides: TDA 35A-5 (one of the first two, or any two, is a
    misdeal; one later card is replaced), THC 23 (any is a misdeal), SLPT 28 (only the first
    two are a misdeal) or KY 19 (never: the card is shown, becomes the burn card and is
    replaced once the deal is complete).

    Raises:
        RulingError: no positions, a position not a whole number from 1, or one given twice.
    """
    if isinstance(positions, str | bytes) or not isinstance(positions, Sequence) or not positions:
        raise RulingError(
            f"positions lists the exposed cards' places in the deal (1 = first card), not"
            f" {positions!r}",
            code="bad_positions",
            params={"positions": repr(positions)},
        )
    for p in positions:
        if not isinstance(p, int) or isinstance(p, bool) or p < 1:
            raise RulingError(
                f"{p!r} is not a place in the deal: places are whole numbers from 1",
                code="bad_positions",
                params={"positions": repr(positions)},
            )
    if len(set(positions)) != len(positions):
        raise RulingError(
            f"a card is exposed once: {list(positions)} names one twice",
            code="bad_positions",
            params={"positions": list(positions)},
        )
    policy = rules.hand.exposed_card_on_deal
    first_two = min(positions) <= 2
    count = len(positions)
    cards = "a card" if count == 1 else f"{count} cards"
    refs = cite(rules.hand.rulebook, c.EXPOSED_ON_DEAL)
    if policy is ExposedCardRule.REPLACE_AS_BURN:
        return Ruling(
            outcome=Outcome.REPLACE_CARD,
            seat=None,
            message=(
                f"{cards} exposed: shown to all and announced; finish the deal, then replace"
                " each with the next card; the exposed card becomes the burn card"
            ),
            rules=refs,
        )
    if policy is ExposedCardRule.MISDEAL_ANY:
        return _misdeal(rules, f"{cards} exposed during the deal", c.EXPOSED_ON_DEAL)
    if policy is ExposedCardRule.MISDEAL_FIRST_TWO:
        if first_two:
            return _misdeal(rules, "one of the first two cards exposed", c.EXPOSED_ON_DEAL)
    else:
        if first_two:
            return _misdeal(rules, "one of the first two cards exposed", c.EXPOSED_ON_DEAL)
        if count >= 2:
            return _misdeal(rules, "two down cards exposed", c.EXPOSED_ON_DEAL)
    return Ruling(
        outcome=Outcome.REPLACE_CARD,
        seat=None,
        message=(
            f"{cards} exposed after the first two: no misdeal; finish the deal, replace each"
            " with the next card; the exposed card becomes the burn card"
        ),
        rules=refs,
    )


def rule_button_two_cards(rules: RuleSet) -> Ruling:
    """The button was dealt two consecutive cards: TDA 35B, SLPT 28 allow it; THC 23 makes any
    dealer error before the betting a misdeal (``button_two_cards``)."""
    if rules.hand.button_two_cards is ButtonCardsRule.MISDEAL:
        return _misdeal(
            rules, "two consecutive cards to the button, a dealer's error", c.BUTTON_TWO_CARDS
        )
    return Ruling(
        outcome=Outcome.PLAY_ON,
        seat=None,
        message="two consecutive cards on the button are allowed: play on",
        rules=cite(rules.hand.rulebook, c.BUTTON_TWO_CARDS),
    )


class DealIrregularity(enum.StrEnum):
    """A fault in the cards or the deal found before or during play (TDA 35A, THC 51)."""

    BOXED_CARDS = "boxed_cards"
    """Two or more cards face up in the deck on the initial deal (TDA 35A-1); a card face up
    in the pack with no bet placed (THC 51.3)."""

    FIRST_CARD_WRONG_SEAT = "first_card_wrong_seat"
    """TDA 35A-2; a player dealt out of turn (THC 51.5)."""

    INELIGIBLE_SEAT_DEALT = "ineligible_seat_dealt"
    """Cards dealt to a seat not entitled to a hand (TDA 35A-3)."""

    ELIGIBLE_SEAT_DEALT_OUT = "eligible_seat_dealt_out"
    """A seat entitled to a hand dealt out (TDA 35A-4)."""

    CARD_EXPOSED_IN_CUT = "card_exposed_in_cut"
    """THC 51.1."""

    SHORT_CUT = "short_cut"
    """The cut left fewer than five cards in a packet (THC 51.2, 43)."""

    IMPERFECT_PACK = "imperfect_pack"
    """The pack is incorrect or imperfect (THC 51.4): a fouled deck (TDA 35E)."""


_IRREGULARITY_RULES: dict[DealIrregularity, Point] = {
    DealIrregularity.BOXED_CARDS: c.MISDEAL_CAUSES,
    DealIrregularity.FIRST_CARD_WRONG_SEAT: c.MISDEAL_CAUSES,
    DealIrregularity.INELIGIBLE_SEAT_DEALT: ("TDA 35A",),
    DealIrregularity.ELIGIBLE_SEAT_DEALT_OUT: ("TDA 35A",),
    DealIrregularity.CARD_EXPOSED_IN_CUT: c.MISDEAL_CAUSES,
    DealIrregularity.SHORT_CUT: c.SHORT_CUT,
    DealIrregularity.IMPERFECT_PACK: c.FOULED_DECK,
}
_IRREGULARITIES = {i.value: i for i in DealIrregularity}


def rule_deal_irregularity(
    rules: RuleSet, cause: DealIrregularity, *, substantial_action: bool
) -> Ruling:
    """A re-deal cause (THC 51, TDA 35A): a misdeal before substantial action; after it the
    hand plays on (TDA 35D), except a fouled deck, which stops play and returns every bet
    (TDA 35E).

    Raises:
        RulingError: an unknown cause, or ``substantial_action`` not true or false.
    """
    found = _IRREGULARITIES.get(cause) if isinstance(cause, str) else None
    if found is None:
        raise RulingError(
            f"{cause!r} is not a deal irregularity: one of {', '.join(_IRREGULARITIES)}",
            code="unknown_irregularity",
            params={"cause": repr(cause), "allowed": list(_IRREGULARITIES)},
        )
    if not isinstance(substantial_action, bool):
        raise RulingError(
            f"substantial_action is true or false, not {substantial_action!r}",
            code="bad_flag",
            params={"field": "substantial_action", "value": repr(substantial_action)},
        )
    point = _IRREGULARITY_RULES[found]
    what = found.value.replace("_", " ")
    if found is DealIrregularity.IMPERFECT_PACK and substantial_action:
        return Ruling(
            outcome=Outcome.FOULED_DECK,
            seat=None,
            message="fouled deck: play stops and every bet goes back",
            rules=cite(rules.hand.rulebook, point),
        )
    if substantial_action:
        return Ruling(
            outcome=Outcome.PLAY_ON,
            seat=None,
            message=f"{what} after substantial action: no misdeal, the hand plays on",
            rules=cite(rules.hand.rulebook, c.NO_MISDEAL_AFTER_ACTION),
        )
    return _misdeal(rules, what, point)
