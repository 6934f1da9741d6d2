"""Conduct at the table, for the penalty system: `rule_conduct`.

The ruling names the infraction and its rules and says whether the hand stays live; giving the
penalty is the director's (`pitboss.tournament.features.penalties`). Exposing cards with action
pending is a penalty but not a dead hand, the penalty starting at the end of the hand (THC 25, 27;
SLPT 4; TDA 68); discussing hands and one player to a hand (THC 11, 26, 30; SLPT 11; TDA 67);
soft play may be penalised and chip dumping disqualifies (SLPT 4, 18; THC 25; TDA 69).
"""

from __future__ import annotations

from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import OutOfTurnPenalty
from pitboss.rulings import citations as c
from pitboss.rulings.citations import Point, cite
from pitboss.rulings.dealer_inputs import Infraction, InfractionKind, Outcome, Ruling, Sanction

_RULES: dict[InfractionKind, Point] = {
    InfractionKind.EXPOSED_CARDS: c.EXPOSING_CARDS,
    InfractionKind.CARD_OFF_TABLE: c.CARD_OFF_TABLE,
    InfractionKind.DISCUSSING_HAND: c.DISCUSSING_HAND,
    InfractionKind.ONE_PLAYER_TO_A_HAND: c.ONE_PLAYER_TO_A_HAND,
    InfractionKind.SOFT_PLAY: c.SOFT_PLAY,
    InfractionKind.CHIP_DUMPING: c.CHIP_DUMPING,
    InfractionKind.ACTING_OUT_OF_TURN: c.OUT_OF_TURN_BINDING,
    InfractionKind.STRING_BET: c.STRING_BET,
}
_KINDS = {k.value: k for k in InfractionKind}
_WHAT: dict[InfractionKind, str] = {
    InfractionKind.EXPOSED_CARDS: "exposed cards with action pending",
    InfractionKind.CARD_OFF_TABLE: "a card off the table",
    InfractionKind.DISCUSSING_HAND: "discussing a hand in play",
    InfractionKind.ONE_PLAYER_TO_A_HAND: "one player to a hand broken",
    InfractionKind.SOFT_PLAY: "soft play",
    InfractionKind.CHIP_DUMPING: "chip dumping",
    InfractionKind.ACTING_OUT_OF_TURN: "acting out of turn",
    InfractionKind.STRING_BET: "a string bet",
}


def rule_conduct(
    rules: RuleSet, seat: int, kind: InfractionKind, *, offences_before: int = 0
) -> Ruling:
    """The infraction ``kind`` by ``seat``: its rules, what it earns, whether the hand lives.

    ``offences_before`` counts the player's earlier offences of this kind (SLPT 27's warning
    first for acting out of turn). The hand stays live for all but chip dumping, which
    disqualifies (SLPT 18): the player's chips leave play (TDA 71D, SLPT 5).

    Raises:
        RulingError: a bad seat, an unknown kind, a negative count.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        raise RulingError(
            f"{seat!r} is not a seat number: seats are whole numbers from 1",
            code="bad_seat",
            params={"seat": repr(seat)},
        )
    found = _KINDS.get(kind) if isinstance(kind, str) else None
    if found is None:
        raise RulingError(
            f"{kind!r} is not an infraction: one of {', '.join(_KINDS)}",
            code="unknown_infraction",
            params={"kind": repr(kind), "allowed": list(_KINDS)},
        )
    if not isinstance(offences_before, int) or isinstance(offences_before, bool):
        offences_before = -1
    if offences_before < 0:
        raise RulingError(
            "offences_before counts earlier offences: a whole number, 0 or more",
            code="bad_count",
            params={"offences_before": repr(offences_before)},
        )
    refs = cite(rules.hand.rulebook, _RULES[found])
    sanction = Sanction.PENALTY_POSSIBLE
    live = True
    if found is InfractionKind.CHIP_DUMPING:
        sanction, live = Sanction.DISQUALIFICATION, False
    elif (
        found is InfractionKind.ACTING_OUT_OF_TURN
        and rules.hand.out_of_turn_penalty is OutOfTurnPenalty.WARNING_THEN_PENALTY
    ):
        sanction = Sanction.WARNING if offences_before == 0 else Sanction.PENALTY
        refs = cite(rules.hand.rulebook, c.OUT_OF_TURN_BINDING, c.PENALTIES)
    infraction = Infraction(
        kind=found, seat=seat, rules=refs, sanction=sanction, hand_stays_live=live
    )
    hand = "the hand stays live" if live else "disqualified: the chips leave play"
    when = "; a penalty starts at the end of the hand" if live else ""
    return Ruling(
        outcome=Outcome.INFRACTION,
        seat=seat,
        infraction=infraction,
        message=(
            f"seat {seat}: {_WHAT[found]} ({', '.join(refs)}):"
            f" {sanction.value.replace('_', ' ')}, {hand}{when}"
        ),
        rules=refs,
    )
