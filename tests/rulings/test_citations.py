"""A ruling cites the rules of the house being played, TDA where it is silent, never another
house's (issue 31: SLPT dealer rulings cited THC and KY rule numbers).

Every ruling the dealer's device can give is swept under every shipped preset: chips and words
in turn and out of turn, held declarations, dead hands, showing, the deal, conduct.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from itertools import product

import pytest

from pitboss.engine import Hand
from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import (
    DeadHandCause,
    DealerInput,
    DealIrregularity,
    Declaration,
    InfractionKind,
    Outcome,
    Ruling,
    rule_action,
    rule_button_two_cards,
    rule_conduct,
    rule_dead_hand,
    rule_deal_irregularity,
    rule_exposed_on_deal,
    rule_held_at_turn,
    rule_one_card_shown,
    rule_show_to_win,
)
from pitboss.rulings.citations import POINTS

from .helpers import hand_for

PRESETS = ["tda", "ky-charity", "thc", "thc-sit-and-go", "slpt", "pko"]
STACKS = [10000, 10000, 10000, 10000]
SPOTS = [
    ("", STACKS),  # before the flop, seat 3 facing the big blind
    ("3:r300", STACKS),  # seat 4 facing a raise to 300
    ("3:c 4:c 1:c 2:x", STACKS),  # the flop, nobody has bet
    ("3:r300 4:r400 1:f 2:f", [10000, 10000, 10000, 400]),  # a short all-in: not reopened
]
_TAG = re.compile(r"\b(TDA|KY|THC|SLPT) \d")


def _inputs(seat: int) -> Iterator[DealerInput]:
    for decl, chips in product(Declaration, (0, 25, 100, 150, 250, 500, 1000)):
        for single, string in ((False, False), (True, False), (False, True)):
            yield DealerInput(
                seat=seat, chips=chips, declaration=decl, single_chip=single, string_bet=string
            )
    for decl, amount in product((Declaration.BET, Declaration.RAISE), (150, 350, 1000, 20000)):
        yield DealerInput(seat=seat, declaration=decl, amount=amount)


def _betting(hand: Hand) -> Iterator[Ruling]:
    assert hand.actor is not None
    others = [s for s in hand.stacks if s != hand.actor and not hand.is_folded(s)]
    for seat in (hand.actor, *others):
        for given in _inputs(seat):
            try:
                ruling = rule_action(hand, given, offences_before=seat % 2)
            except RulingError:
                continue
            yield ruling
            if ruling.held is not None and seat == others[-1]:
                with contextlib.suppress(RulingError):
                    yield rule_held_at_turn(hand, ruling.held)


def every_ruling(house: str) -> Iterator[Ruling]:
    """Every ruling the device gives at ``house`` over the spots above, and the rest."""
    rules = RuleSet.from_preset(house)
    for script, stacks in SPOTS:
        yield from _betting(hand_for(house, stacks, script))
    for cause, winner in product(DeadHandCause, (False, True)):
        for seat in (2, 3, 4):
            yield rule_dead_hand(
                hand_for(house, STACKS, "3:r300"), seat, cause, tabled_winner=winner
            )
    for shown, board in product((1, 2), (False, True)):
        yield rule_show_to_win(rules, 3, cards_shown=shown, plays_the_board=board)
    yield from (rule_one_card_shown(rules, 5, asked=a) for a in (False, True))
    for positions in ([1], [2], [5], [5, 7], [1, 6]):
        yield rule_exposed_on_deal(rules, positions=positions)
    yield rule_button_two_cards(rules)
    for irregularity, after in product(DealIrregularity, (False, True)):
        yield rule_deal_irregularity(rules, irregularity, substantial_action=after)
    for kind, before in product(InfractionKind, (0, 1)):
        yield rule_conduct(rules, 2, kind, offences_before=before)


def _cited(ruling: Ruling) -> Iterator[tuple[str, str]]:
    """Every rule a ruling names, with where: its rules, its infraction, its message, options."""
    yield from (("rules", r) for r in ruling.rules)
    if ruling.infraction is not None:
        yield from (("infraction", r) for r in ruling.infraction.rules)
    yield from (("message", m.group(0)) for m in _TAG.finditer(ruling.message))
    for option in ruling.options:
        yield from _cited(option)


@pytest.mark.parametrize("house", PRESETS)
def test_every_ruling_cites_only_the_house_played_or_tda_issue_31(house: str) -> None:
    book = RuleSet.from_preset(house).hand.rulebook.value
    seen: set[Outcome] = set()
    count = 0
    for ruling in every_ruling(house):
        count += 1
        seen.add(ruling.outcome)
        assert ruling.rules, f"{house}: no citation for {ruling.message!r}"
        for where, ref in _cited(ruling):
            assert ref.split(" ")[0] in (book, "TDA"), (
                f"{house} ({book}) ruling {ruling.message!r} cites {ref} in its {where}"
            )
    assert count > 200
    assert {Outcome.ACT, Outcome.REFUSED, Outcome.HAND_DEAD, Outcome.HAND_LIVE} <= seen
    assert {Outcome.MISDEAL, Outcome.PLAY_ON, Outcome.MUST_SHOW, Outcome.INFRACTION} <= seen
    assert seen & {Outcome.HELD, Outcome.IGNORED}


def test_slpt_rulings_cite_slpt_numbers_not_thc_or_ky_issue_31() -> None:
    """The issue's symptom: an oversized chip, a string bet, "all-in", out of turn, a short
    all-in, a dead hand under SLPT name SLPT's rules (RULES.md §3.2-3.5), TDA where it is
    silent."""
    hand = hand_for("slpt", STACKS, "3:r300")
    chip = rule_action(hand, DealerInput(seat=4, chips=1000, single_chip=True))
    assert chip.rules == ("SLPT 8",)
    string = rule_action(hand, DealerInput(seat=4, chips=700, string_bet=True))
    assert string.rules == ("SLPT 23",)
    all_in = rule_action(hand, DealerInput(seat=4, declaration=Declaration.ALL_IN))
    assert all_in.rules == ("TDA 40",)  # "all-in means all-in" is THC 56: SLPT is silent
    called = rule_action(hand, DealerInput(seat=4, declaration=Declaration.CALL))
    assert called.rules == ("TDA 40",)  # binding declaration: KY 13, THC 53; SLPT silent
    out = rule_action(hand, DealerInput(seat=2, chips=300), offences_before=1)
    assert out.rules == ("SLPT 27",)
    assert out.infraction is not None
    assert out.infraction.rules == ("SLPT 27", "SLPT 5")
    short = hand_for("slpt", [10000, 10000, 10000, 400], "3:r300 4:r400 1:f 2:f")
    assert rule_action(short, DealerInput(seat=3, chips=1000)).rules == ("TDA 40", "SLPT 8")
    dead = rule_dead_hand(hand, 3, DeadHandCause.KILLED_BY_DEALER)  # its raise uncalled
    assert dead.rules == ("SLPT 17", "SLPT 26", "TDA 65A")


def test_thc_and_ky_rulings_cite_their_own_numbers_issue_31() -> None:
    thc = hand_for("thc", STACKS, "3:r300")
    assert rule_action(thc, DealerInput(seat=4, declaration=Declaration.ALL_IN)).rules == (
        "THC 56",
    )
    assert rule_action(thc, DealerInput(seat=1, chips=300)).rules == ("THC 54",)
    ky = hand_for("ky-charity", STACKS, "3:r300")
    assert rule_action(ky, DealerInput(seat=4, declaration=Declaration.CALL)).rules == ("KY 13",)
    assert rule_action(ky, DealerInput(seat=4, chips=1000, single_chip=True)).rules == ("TDA 44",)
    assert rule_exposed_on_deal(RuleSet.from_preset("ky-charity"), positions=[1]).rules == (
        "KY 19",
    )


def test_every_rule_point_has_a_tda_rule_to_fall_back_on() -> None:
    for name, point in POINTS.items():
        assert point[0].startswith("TDA "), name
