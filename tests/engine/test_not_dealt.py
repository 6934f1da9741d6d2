"""A seat that posts but is not dealt cards (THC 6: the absent player "will not be dealt cards",
but the blinds and antes are posted for them)."""

from __future__ import annotations

import random

import pytest

from engine.helpers import act, of_type
from pitboss.cards import Deck, parse_cards
from pitboss.engine import (
    AnteMode,
    Hand,
    HandKilled,
    HandSetup,
    HoleCardsDealt,
    Posted,
    PotAwarded,
    SeatSpec,
    replay,
)
from pitboss.errors import HandSetupError


def absent_setup(stacks: list[int], *, absent: set[int], **kw: object) -> HandSetup:
    n = len(stacks)
    return HandSetup(
        seats=tuple(
            SeatSpec(seat=i + 1, player=f"p{i + 1}", stack=s, dealt=(i + 1) not in absent)
            for i, s in enumerate(stacks)
        ),
        button=1 if n == 2 else n,
        small_blind_seat=1,
        big_blind_seat=2,
        small_blind=50,
        big_blind=100,
        **kw,  # type: ignore[arg-type]
    )


def test_thc_6_absent_seat_posts_its_blind_and_ante_but_gets_no_cards() -> None:
    setup = absent_setup(
        [1000] * 4, absent={2}, ante=10, ante_mode=AnteMode.PER_PLAYER
    )  # the big blind is absent
    hand = Hand(setup, Deck(random.Random(3)))
    posts = [(e.seat, e.kind, e.amount) for e in of_type(hand.events, Posted) if e.seat == 2]
    assert [(kind, amount) for _, kind, amount in posts] == [("ante", 10), ("big_blind", 100)]
    assert [e.seat for e in of_type(hand.events, HoleCardsDealt)] == [1, 3, 4]
    assert not of_type(hand.events, HandKilled)  # never dealt, so nothing to kill
    assert hand.is_folded(2)
    with pytest.raises(HandSetupError, match="not dealt cards"):
        hand.hole_cards(2)
    act(hand, "3:c 4:c 1:c")
    assert hand.street == "flop"  # the absent big blind never gets an option
    assert hand.pot == 440  # its blind and ante stay in the pot


def test_thc_6_absent_seat_is_skipped_in_the_deal_order() -> None:
    """The others get the cards a live dealer would give them: one at a time, clockwise from
    the left of the button, over the seats dealt in only (TDA 38)."""
    deck = [int(c) for c in parse_cards("2c3c4c5c6c7c8c9c")]
    hand = Hand(absent_setup([1000] * 4, absent={2}), Deck.stacked([*deck, 51, 50, 49, 48, 47]))
    dealt = {e.seat: e.cards for e in of_type(hand.events, HoleCardsDealt)}
    assert dealt == {
        1: tuple(parse_cards("2c5c")),
        3: tuple(parse_cards("3c6c")),
        4: tuple(parse_cards("4c7c")),
    }


def test_thc_6_absent_seat_cannot_win_and_the_live_player_alone_takes_the_posts() -> None:
    """Heads-up with the other player absent: one live player wins the posts uncontested."""
    hand = Hand(absent_setup([1000, 1000], absent={2}), Deck(random.Random(1)))
    assert hand.is_over
    assert hand.final_stacks == {1: 1100, 2: 900}
    (award,) = of_type(hand.events, PotAwarded)
    assert award.winners == (1,)
    assert award.is_uncontested


def test_thc_6_absent_seat_never_wins_a_side_pot_it_paid_into() -> None:
    setup = absent_setup([1000, 100, 300], absent={2})  # the big blind posts all-in, absent
    hand = Hand(setup, Deck(random.Random(2)))
    act(hand, "3:r300 1:c")
    assert hand.is_over
    awards = of_type(hand.events, PotAwarded)
    assert all(2 not in a.winners and 2 not in a.eligible for a in awards)
    assert hand.final_stacks[2] == 0
    assert sum(hand.final_stacks.values()) == 1400


def test_thc_6_a_hand_with_no_live_dealt_player_cannot_start() -> None:
    with pytest.raises(HandSetupError, match="at least one live player"):
        Hand(absent_setup([1000, 1000], absent={1, 2}), Deck(random.Random(1)))


def test_thc_6_hands_with_an_absent_seat_replay_from_their_record() -> None:
    rng = random.Random(9)
    for _ in range(30):
        setup = absent_setup([rng.randint(1, 3000) for _ in range(5)], absent={rng.randint(1, 5)})
        hand = Hand(setup, Deck(rng))
        while not hand.is_over:
            legal = hand.legal_actions()
            if legal.is_showdown:
                hand.show()
            elif legal.call_amount and rng.random() < 0.7:
                hand.call()
            elif legal.can_check:
                hand.check()
            else:
                hand.fold()
        assert replay(setup, hand.events).final_stacks == hand.final_stacks
        again = Hand.from_cards(
            setup,
            hole={e.seat: e.cards for e in of_type(hand.events, HoleCardsDealt) if e.cards},
        )
        assert [e.cards for e in of_type(again.events, HoleCardsDealt)] == [
            e.cards for e in of_type(hand.events, HoleCardsDealt)
        ]


def test_thc_6_hole_cards_cannot_be_named_for_a_seat_not_dealt() -> None:
    with pytest.raises(HandSetupError, match="not dealt cards"):
        Hand.from_cards(absent_setup([1000] * 3, absent={3}), hole={3: parse_cards("AhAd")})
