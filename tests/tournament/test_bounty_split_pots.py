"""A high-low pot split between a high and a low hand is one pot to the bounty rules (issue 30):
the engine pushes it as two awards of one pot index (`PotHalf` HIGH and LOW), `engine_pots`
joins them, so the side pots keep their names and the bounty of a player all-in for the pot
is shared by the high and the low winner, the high side first (TDA 20's odd chip)."""

from __future__ import annotations

from engine.helpers import table
from pitboss.engine import Action, Hand, HandSetup, PotAwarded, PotHalf
from pitboss.ids import PlayerId
from pitboss.rules.bounty import BountyRules, OddCent
from pitboss.rules.games import BettingStructure, Game
from pitboss.tournament.model.bounties import (
    HandPot,
    bounty_takers,
    engine_pots,
    pot_name,
    relevant_pot,
    split_bounty,
)

PLAYERS = {1: PlayerId("al"), 2: PlayerId("bea"), 3: PlayerId("cy")}
STARTS = {PlayerId("al"): 5000, PlayerId("bea"): 5000, PlayerId("cy"): 100}


def _hi_lo_hand(hole: dict[int, str]) -> Hand:
    """Limit Omaha Hi/Lo 100/200: Cy (button) calls all-in for 100, Al (small blind) calls, Bea
    checks; Al bets 100 on the flop, Bea calls (a side pot of 200); checked to the showdown on
    2c 5d 7h Kc Qs."""
    setup: HandSetup = table([5000, 5000, 100])._replace(
        game=Game.OMAHA_HI_LO, structure=BettingStructure.FIXED_LIMIT
    )
    hand = Hand.from_cards(setup, hole=hole, board="2c 5d 7h Kc Qs")
    for action in (Action.call(), Action.call(), Action.check(), Action.bet_to(100)):
        hand.apply(action)
    hand.apply(Action.call())
    while not hand.is_over:
        hand.apply(Action.check() if hand.legal_actions().can_check else Action.show())
    return hand


def test_a_split_high_low_pot_is_one_pot_and_the_side_pot_keeps_its_name() -> None:
    # Al's kings make the high, Bea's ace-three the low (7-5-3-2-A), Cy's queens neither
    hand = _hi_lo_hand({1: "Ks Kd 9s 9c", 2: "As 3h Td Jd", 3: "Qh Jh 8c 8d"})
    halves = [(e.pot, e.half, e.winners) for e in hand.events if isinstance(e, PotAwarded)]
    assert halves == [
        (1, PotHalf.HIGH, (1,)),
        (1, PotHalf.LOW, (2,)),
        (0, PotHalf.HIGH, (1,)),
        (0, PotHalf.LOW, (2,)),
    ]
    al, bea, cy = PLAYERS.values()
    assert engine_pots(hand.events, PLAYERS) == (
        HandPot(amount=300, eligible=(al, bea, cy), winners=(al, bea), shares=(150, 150)),
        HandPot(amount=200, eligible=(al, bea), winners=(al, bea), shares=(100, 100)),
    )
    pots = engine_pots(hand.events, PLAYERS)
    assert pot_name(relevant_pot(cy, pots)) == "the main pot"  # not "side pot 1"


def test_the_bounty_of_a_player_out_in_a_split_pot_is_shared_high_side_first() -> None:
    hand = _hi_lo_hand({1: "Ks Kd 9s 9c", 2: "As 3h Td Jd", 3: "Qh Jh 8c 8d"})
    pots = engine_pots(hand.events, PLAYERS)
    al, bea, cy = PLAYERS.values()
    takers = bounty_takers(BountyRules(bounty_cents=501), cy, STARTS, pots)
    assert (takers.players, takers.pot) == ((al, bea), 0)
    # the odd cent to the high side, as the pot's odd chip (TDA 20)
    assert split_bounty(501, takers.players, STARTS, OddCent.LEFT_OF_BUTTON) == (251, 250)


def test_a_player_who_scoops_both_halves_takes_the_whole_bounty() -> None:
    # Bea's ace-three with two kings: the high (three kings) and the low (7-5-3-2-A) both hers
    hand = _hi_lo_hand({1: "9s 9c Jd Js", 2: "As 3h Ks Kd", 3: "Qh Jh 8c 8d"})
    pots = engine_pots(hand.events, PLAYERS)
    al, bea, cy = PLAYERS.values()
    assert pots[0] == HandPot(amount=300, eligible=(al, bea, cy), winners=(bea,), shares=(300,))
    takers = bounty_takers(BountyRules(bounty_cents=500), cy, STARTS, pots)
    assert takers.players == (bea,)
