"""Conduct for the penalty system (THC 11, 25-27, 29; SLPT 4, 11, 18, 27; TDA 67-69)."""

from __future__ import annotations

import pytest

from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import InfractionKind, Outcome, Sanction, rule_conduct

from .helpers import HOUSES, own_rule


@pytest.mark.parametrize("house", HOUSES)
def test_exposing_cards_with_action_pending_penalty_hand_stays_live_thc_27_slpt_4(
    house: str,
) -> None:
    ruling = rule_conduct(RuleSet.from_preset(house), 3, InfractionKind.EXPOSED_CARDS)
    assert ruling.outcome is Outcome.INFRACTION
    assert ruling.infraction is not None
    assert ruling.infraction.hand_stays_live
    assert ruling.infraction.starts_after_hand  # SLPT 4: the penalty begins at the end
    assert own_rule(house, "TDA 68", thc="THC 27", slpt="SLPT 4") in ruling.rules


@pytest.mark.parametrize(
    ("kind", "refs"),
    [
        (InfractionKind.DISCUSSING_HAND, {"TDA 67"}),
        (InfractionKind.ONE_PLAYER_TO_A_HAND, {"TDA 67"}),
        (InfractionKind.SOFT_PLAY, {"TDA 69"}),
    ],
)
def test_discussing_hands_one_player_to_a_hand_soft_play_thc_26_thc_11_slpt_11_18(
    kind: InfractionKind, refs: set[str]
) -> None:
    ruling = rule_conduct(RuleSet(), 2, kind)
    assert ruling.infraction is not None
    assert ruling.infraction.kind is kind
    assert ruling.infraction.sanction is Sanction.PENALTY_POSSIBLE
    assert refs <= set(ruling.rules)


def test_chip_dumping_disqualifies_slpt_18() -> None:
    ruling = rule_conduct(RuleSet.from_preset("slpt"), 2, InfractionKind.CHIP_DUMPING)
    assert ruling.infraction is not None
    assert ruling.infraction.sanction is Sanction.DISQUALIFICATION
    assert not ruling.infraction.hand_stays_live


def test_conduct_input_is_checked() -> None:
    for seat, kind, code in [
        (0, InfractionKind.SOFT_PLAY, "bad_seat"),
        (1, "rude", "unknown_infraction"),
    ]:
        with pytest.raises(RulingError) as info:
            rule_conduct(RuleSet(), seat, kind)  # type: ignore[arg-type]
        assert info.value.code == code
    with pytest.raises(RulingError):
        rule_conduct(RuleSet(), 1, InfractionKind.SOFT_PLAY, offences_before=-1)
