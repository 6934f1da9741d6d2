"""THC 6 through the engine seam: a seat the house does not deal posts but receives no cards."""

from __future__ import annotations

import random

from table_helpers import seated

from pitboss.cards import Deck
from pitboss.engine import Hand, HandKilled, HoleCardsDealt, Posted
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import AbsentPolicy, TableRules
from pitboss.table import SeatStatus
from pitboss.table.engine_link import hand_setup

THC_6 = RuleSet(table=TableRules(absent_policy=AbsentPolicy.NOT_DEALT_BLINDS_POSTED))


def test_thc_6_not_dealt_seat_posts_and_gets_no_cards_from_the_engine() -> None:
    table = seated(range(1, 5), button=4, rules=THC_6)  # p1 small blind, p2 big blind
    table.set_absent("p2", absent=True)
    plan = table.start_hand()
    assert plan.seat(2).status is SeatStatus.NOT_DEALT  # type: ignore[union-attr]
    setup = hand_setup(plan, small_blind=50, big_blind=100, rules=THC_6)
    assert [s.dealt for s in setup.seats] == [True, False, True, True]
    hand = Hand(setup, Deck(random.Random(6)))
    assert [e.seat for e in hand.events if isinstance(e, HoleCardsDealt)] == plan.in_deal_order()
    assert 2 not in plan.in_deal_order()
    assert any(isinstance(e, Posted) and e.seat == 2 and e.amount == 100 for e in hand.events)
    assert not any(isinstance(e, HandKilled) for e in hand.events)
    assert hand.is_folded(2)
