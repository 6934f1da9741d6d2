"""Property tests: any dealer inputs, ruled and applied to a hand under any house, conserve the
chips; every action a ruling returns (or offers) is one `Hand.apply` accepts; a refused input
changes nothing; the chips a ruling accounts for add up."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pitboss.cards import Deck
from pitboss.engine import Acted, Hand, HandPhase, HandSetup, SeatSpec
from pitboss.errors import RulingError
from pitboss.rules import RuleSet
from pitboss.rulings import (
    DeadHandCause,
    DealerInput,
    Declaration,
    HeldDeclaration,
    Outcome,
    Ruling,
    rule_action,
    rule_dead_hand,
    rule_held_at_turn,
)

from .helpers import HOUSES


@st.composite
def hands(draw: st.DrawFn) -> Hand:
    n = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(1, 3000), min_size=n, max_size=n))
    unit = draw(st.sampled_from([1, 25]))
    stacks = [max(unit, s - s % unit) if draw(st.booleans()) else s for s in stacks]
    rules = RuleSet.from_preset(draw(st.sampled_from(HOUSES)))
    seats = tuple(SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s) for i, s in enumerate(stacks))
    button = 1 if n == 2 else n
    setup = HandSetup(
        seats=seats,
        button=button,
        small_blind_seat=button if n == 2 else 1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        chip_unit=unit,
        rules=rules,
    )
    return Hand(setup, Deck.stacked(list(range(52))))


def _total(hand: Hand) -> int:
    return sum(hand.stacks.values()) + hand.pot


def _apply(hand: Hand, ruling: Ruling, given: DealerInput | None) -> None:
    """Apply the ruling's action and check its chip accounting against the engine's."""
    assert ruling.action is not None
    event = hand.apply(ruling.action)  # raises if a ruling produced an illegal action
    assert isinstance(event, Acted)
    if given is not None:
        assert given.chips + ruling.owed == (event.amount + ruling.returned + ruling.forfeited), (
            given,
            ruling,
            event,
        )


def _check_refusal(err: RulingError, codes: set[str] | None) -> None:
    """A refusal says why (STYLE 12): a code, params and a message."""
    assert err.code
    assert err.params
    assert err.message
    if codes is not None:
        assert err.code in codes


inputs = st.builds(
    DealerInput,
    seat=st.integers(1, 6),
    chips=st.one_of(st.integers(0, 400), st.integers(0, 3000)),
    single_chip=st.booleans(),
    string_bet=st.booleans(),
    declaration=st.sampled_from(list(Declaration)),
    amount=st.one_of(st.none(), st.integers(1, 4000)),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=hands(),
    script=st.lists(st.tuples(inputs, st.integers(0, 9)), min_size=1, max_size=40),
)
def test_any_dealer_inputs_conserve_chips_and_give_only_legal_actions(
    hand: Hand, script: list[tuple[DealerInput, int]]
) -> None:
    total = _total(hand)
    held: dict[int, HeldDeclaration] = {}
    for given_, pick in script:
        if hand.phase is not HandPhase.BETTING:
            break
        actor = hand.actor
        assert actor is not None
        if actor in held:
            try:
                ruling = rule_held_at_turn(hand, held.pop(actor))
            except RulingError as err:  # made on a street that is over
                _check_refusal(err, {"held_too_long"})
                continue
            event(f"held: {ruling.outcome}")
            if ruling.outcome is Outcome.ACT:
                _apply(hand, ruling, None)
            continue
        if pick == 0:
            dead = rule_dead_hand(hand, actor, DeadHandCause.MUCKED)
            assert dead.returned == 0
            _apply(hand, dead, None)
            continue
        seat = given_.seat if pick == 1 else actor  # mostly in turn
        given = DealerInput(
            seat=seat,
            chips=min(given_.chips, hand.stacks.get(seat, 0)),
            single_chip=given_.single_chip,
            string_bet=given_.string_bet,
            declaration=given_.declaration,
            amount=given_.amount,
        )
        before = (hand.events, hand.stacks, hand.bets)
        try:
            ruling = rule_action(hand, given)
        except RulingError as err:
            _check_refusal(err, None)
            assert (hand.events, hand.stacks, hand.bets) == before  # a refusal changes nothing
            continue
        assert (hand.events, hand.stacks, hand.bets) == before  # ruling is pure
        event(ruling.outcome.value)
        if ruling.outcome is Outcome.ACT:
            _apply(hand, ruling, given)
        elif ruling.outcome is Outcome.CHOOSE:
            assert ruling.options
            option = ruling.options[pick % len(ruling.options)]
            assert option.outcome is Outcome.ACT
            _apply(hand, option, given)
        elif ruling.outcome is Outcome.HELD:
            assert ruling.held is not None
            assert seat != actor
            held[seat] = ruling.held
        else:
            assert ruling.action is None
            assert ruling.outcome in {Outcome.IGNORED, Outcome.REFUSED}
            assert ruling.returned == given.chips
        assert _total(hand) == total
    assert _total(hand) == total
