"""The live table's rulings: what a dealer saw, turned into an engine action and a `Ruling`.

At a live table a dealer deals real cards and players push real chips; the dealer's device
records what happened as a `DealerInput` and these pure functions (no clock, no chance, no I/O)
say what it means by the house's `RuleSet`: the `pitboss.engine.Action` to apply (or none), the
chips returned, owed or forfeited, the rule references, a line the dealer reads, and any
`Infraction` for the penalty system. Every difference between houses is a `HandRules` setting;
the rules the houses share are code, each naming its rule.

- `rule_action(hand, given)`: chips and declarations, in turn and out of turn (TDA 40-56,
  THC 22, 28, 29, 52-56, SLPT 8, 9, 23, 27, KY 13); `rule_held_at_turn(hand, held)` for an
  out-of-turn declaration when the turn comes (TDA 53A, SLPT 27).
- `rule_dead_hand`, `rule_show_to_win`, `rule_one_card_shown`: dead hands, a tabled winner
  that cannot be killed, showing cards (THC 6, 17, 36; SLPT 6, 17, 18, 24-26; TDA 13, 30).
- `rule_exposed_on_deal`, `rule_button_two_cards`, `rule_deal_irregularity`: misdeals (TDA 35,
  THC 23, 51, SLPT 28, KY 19).
- `rule_conduct`: exposure, discussion, one player to a hand, soft play, chip dumping (THC 11,
  25-27, SLPT 4, 11, 18; TDA 67-69).

Refusals raise `pitboss.errors.RulingError` with a code and params and change nothing.
"""

from pitboss.engine.recorded import uncalled_raise
from pitboss.rulings.chips_and_words import rule_action, rule_held_at_turn
from pitboss.rulings.dead_hands import (
    DeadHandCause,
    rule_dead_hand,
    rule_one_card_shown,
    rule_show_to_win,
)
from pitboss.rulings.deal import (
    DealIrregularity,
    rule_button_two_cards,
    rule_deal_irregularity,
    rule_exposed_on_deal,
)
from pitboss.rulings.dealer_inputs import (
    DealerInput,
    Declaration,
    HeldDeclaration,
    Infraction,
    InfractionKind,
    Outcome,
    Ruling,
    Sanction,
)
from pitboss.rulings.misconduct import rule_conduct

__all__ = [
    "DeadHandCause",
    "DealIrregularity",
    "DealerInput",
    "Declaration",
    "HeldDeclaration",
    "Infraction",
    "InfractionKind",
    "Outcome",
    "Ruling",
    "Sanction",
    "rule_action",
    "rule_button_two_cards",
    "rule_conduct",
    "rule_dead_hand",
    "rule_deal_irregularity",
    "rule_exposed_on_deal",
    "rule_held_at_turn",
    "rule_one_card_shown",
    "rule_show_to_win",
    "uncalled_raise",
]
