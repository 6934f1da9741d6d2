"""The action clock (TDA 29; KY 16, THC 15, SLPT 2) and hands killed at the deal (TDA 30, 71C)."""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, of_type, table
from pitboss.engine import Acted, ActionKind, HandKilled, HoleCardsDealt, KillReason, Posted
from pitboss.errors import HandSetupError, IllegalAction
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import HandRules, TimeoutPolicy

KILL = RuleSet(hand=HandRules(timeout_policy=TimeoutPolicy.KILL_HAND))


def test_tda_29_clock_expiry_facing_a_bet_kills_the_hand() -> None:
    hand = deal(table([1000] * 3))
    event = hand.timeout()
    assert isinstance(event, Acted)
    assert (event.seat, event.kind, event.timed_out) == (3, ActionKind.FOLD, True)


def test_tda_29_clock_expiry_not_facing_a_bet_checks() -> None:
    hand = deal(table([1000] * 3))
    act(hand, "3:c 1:c")
    event = hand.timeout()
    assert isinstance(event, Acted)
    assert (event.seat, event.kind, event.timed_out) == (2, ActionKind.CHECK, True)
    assert hand.street == "flop"


@pytest.mark.parametrize("seed_rule", ["KY 16", "THC 15", "SLPT 2"])
def test_seed_houses_clock_expiry_kills_the_hand_even_without_a_bet(seed_rule: str) -> None:
    hand = deal(table([1000] * 3, rules=KILL))
    act(hand, "3:c 1:c")
    event = hand.timeout()
    assert isinstance(event, Acted)
    assert (event.seat, event.kind) == (2, ActionKind.FOLD), seed_rule
    assert hand.is_folded(2)


def test_clock_expiry_at_showdown_tables_under_tda_and_mucks_under_kill_hand() -> None:
    for rules, expected in ((RuleSet(), "HandTabled"), (KILL, "HandMucked")):
        hand = deal(table([1000] * 2, rules=rules))
        act(hand, "1:c 2:x" + " 2:x 1:x" * 3)
        assert type(hand.timeout()).__name__ == expected


def test_clock_expiry_after_the_hand_is_over_is_rejected() -> None:
    hand = deal(table([1000] * 2))
    act(hand, "1:f")
    with pytest.raises(IllegalAction, match="hand is over"):
        hand.timeout()


def test_tda_30_absent_player_is_dealt_in_posts_and_the_hand_is_killed_at_once() -> None:
    hand = deal(table([1000] * 4, killed=[2]))  # the big blind is absent
    assert any(isinstance(e, Posted) and e.seat == 2 for e in hand.events)
    assert any(isinstance(e, HoleCardsDealt) and e.seat == 2 for e in hand.events)
    (killed,) = of_type(hand.events, HandKilled)
    assert (killed.seat, killed.reason) == (2, KillReason.DEALT_DEAD)
    last_deal = max(i for i, e in enumerate(hand.events) if isinstance(e, HoleCardsDealt))
    assert hand.events.index(killed) > last_deal  # killed when the deal is complete
    assert hand.is_folded(2)
    act(hand, "3:c 4:c 1:c")
    assert hand.street == "flop"  # the dead big blind never gets an option
    assert hand.pot == 400  # its blind stays in the pot


def test_tda_71c_penalised_player_still_posts_and_loses_the_blind() -> None:
    hand = deal(table([1000] * 2, killed=[2]))  # heads-up, the big blind is dealt dead
    assert hand.is_over
    assert hand.final_stacks == {1: 1100, 2: 900}


def test_a_hand_with_every_player_dealt_dead_cannot_start() -> None:
    with pytest.raises(HandSetupError, match="at least one live player"):
        deal(table([1000] * 2, killed=[1, 2]))
