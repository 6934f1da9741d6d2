"""Posting the forced bets: short blinds and antes (KY 10), the big-blind ante (RP-11), dead
small blind and dead button (TDA 32), explicit posts for hand histories."""

from __future__ import annotations

import pytest

from engine.helpers import act, deal, of_type, table
from pitboss.engine import AnteMode, Post, Posted, PostKind, PotAwarded
from pitboss.errors import HandSetupError
from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import AntePostingOrder, HandRules


def posts(hand_events: object) -> list[tuple[int, PostKind, int, bool]]:
    return [(p.seat, p.kind, p.amount, p.is_all_in) for p in of_type(hand_events, Posted)]  # type: ignore[arg-type]


def test_ky_10_short_small_blind_is_all_in_for_what_it_has() -> None:
    hand = deal(table([30, 1000, 1000]))
    assert posts(hand.events) == [
        (1, PostKind.SMALL_BLIND, 30, True),
        (2, PostKind.BIG_BLIND, 100, False),
    ]
    assert hand.is_all_in(1)
    assert hand.actor == 3


def test_ky_10_short_big_blind_is_all_in_and_the_others_still_call_the_full_big_blind() -> None:
    hand = deal(table([1000, 60, 1000]))
    assert posts(hand.events)[1] == (2, PostKind.BIG_BLIND, 60, True)
    assert hand.legal_actions().call_amount == 100  # the button calls the full big blind
    act(hand, "3:c")
    assert hand.legal_actions().call_amount == 50  # the small blind completes to 100
    assert hand.legal_actions().min_raise_to == 200


def test_ky_10_per_player_antes_are_paid_by_every_player_including_the_blinds() -> None:
    hand = deal(table([1000] * 4, ante=10, ante_mode=AnteMode.PER_PLAYER))
    antes = [p for p in posts(hand.events) if p[1] is PostKind.ANTE]
    assert [a[0] for a in antes] == [1, 2, 3, 4]  # clockwise from the left of the button
    assert all(a[2] == 10 for a in antes)
    assert hand.pot == 40 + 150
    assert hand.current_bet == 100  # antes are dead money, not part of the bet


def test_ky_10_a_stack_smaller_than_the_ante_is_all_in_for_it_and_never_acts() -> None:
    hand = deal(table([1000, 1000, 1000, 5], ante=10, ante_mode=AnteMode.PER_PLAYER))
    assert (4, PostKind.ANTE, 5, True) in posts(hand.events)
    assert hand.is_all_in(4)
    assert hand.actor == 3
    act(hand, "3:c")
    assert hand.actor == 1  # seat 4 (button, all-in on the ante) is skipped


def test_rp_11_big_blind_ante_is_posted_after_the_big_blind() -> None:
    hand = deal(table([1000] * 5, ante=100, ante_mode=AnteMode.BIG_BLIND))
    assert posts(hand.events) == [
        (1, PostKind.SMALL_BLIND, 50, False),
        (2, PostKind.BIG_BLIND, 100, False),
        (2, PostKind.ANTE, 100, False),
    ]
    assert hand.current_bet == 100


def test_rp_11_short_big_blind_pays_the_blind_first_and_the_ante_from_what_remains() -> None:
    hand = deal(table([1000, 150, 1000, 1000], ante=100, ante_mode=AnteMode.BIG_BLIND))
    assert posts(hand.events)[1:] == [
        (2, PostKind.BIG_BLIND, 100, False),
        (2, PostKind.ANTE, 50, True),
    ]
    assert hand.bets[2] == 100  # the whole blind is live


def test_rp_11_big_blind_ante_is_not_posted_when_the_blind_took_every_chip() -> None:
    hand = deal(table([1000, 80, 1000], ante=100, ante_mode=AnteMode.BIG_BLIND))
    assert posts(hand.events)[1:] == [(2, PostKind.BIG_BLIND, 80, True)]


@pytest.mark.parametrize("mode", [AnteMode.BIG_BLIND, AnteMode.PER_PLAYER])
def test_rp_11_antes_are_never_reduced_as_the_table_shortens(mode: AnteMode) -> None:
    three_handed = deal(table([1000] * 3, ante=100, ante_mode=mode))
    heads_up = deal(table([1000] * 2, ante=100, ante_mode=mode))
    for hand in (three_handed, heads_up):
        antes = [p[2] for p in posts(hand.events) if p[1] is PostKind.ANTE]
        assert antes
        assert all(a == 100 for a in antes)


def test_per_player_ante_is_taken_before_the_blind_by_default() -> None:
    """Robert's Rules / KY 10 practice: a short stack's chips go to the ante first."""
    hand = deal(
        table(
            [1000, 800, 1000],
            small_blind=400,
            big_blind=800,
            ante=100,
            ante_mode=AnteMode.PER_PLAYER,
        )
    )
    assert (2, PostKind.ANTE, 100, False) in posts(hand.events)
    assert (2, PostKind.BIG_BLIND, 700, True) in posts(hand.events)


def test_per_player_ante_blind_first_setting_completes_the_blind_before_the_ante() -> None:
    rules = RuleSet(hand=HandRules(ante_posting_order=AntePostingOrder.BLIND_FIRST))
    hand = deal(
        table(
            [1000, 800, 1000],
            small_blind=400,
            big_blind=800,
            ante=100,
            ante_mode=AnteMode.PER_PLAYER,
            rules=rules,
        )
    )
    assert posts(hand.events)[:2] == [
        (1, PostKind.SMALL_BLIND, 400, False),
        (2, PostKind.BIG_BLIND, 800, True),
    ]
    assert not any(p[0] == 2 and p[1] is PostKind.ANTE for p in posts(hand.events))


def test_tda_32_dead_small_blind_posts_only_the_big_blind() -> None:
    hand = deal(table([1000] * 4, button=4, small_blind_seat=None, big_blind_seat=2))
    assert posts(hand.events) == [(2, PostKind.BIG_BLIND, 100, False)]
    assert hand.actor == 3  # left of the big blind
    act(hand, "3:c 4:c 1:c")
    assert hand.actor == 2  # the big blind's option


def test_tda_32_dead_button_in_front_of_an_empty_seat() -> None:
    # Seats 1, 2, 4, 6 are dealt in; the button is on empty seat 5.
    from pitboss.engine import Hand, HandSetup, SeatSpec

    setup = HandSetup(
        seats=tuple(SeatSpec(seat=s, player=f"p{s}", stack=1000) for s in (1, 2, 4, 6)),
        button=5,
        small_blind_seat=6,
        big_blind_seat=1,
        small_blind=50,
        big_blind=100,
    )
    hand = Hand.from_cards(setup, hole={})
    dealt_first = hand.events[2]
    assert getattr(dealt_first, "seat", None) == 6  # the deal starts left of the button
    assert hand.actor == 2
    act(hand, "2:c 4:c 6:c 1:x")
    assert hand.actor == 6  # postflop: first live seat left of the (dead) button


def test_explicit_posts_with_a_straddle_open_the_action_left_of_the_straddle() -> None:
    setup = table(
        [1000] * 5,
        posts=(
            Post(seat=1, kind=PostKind.SMALL_BLIND, amount=1),
            Post(seat=2, kind=PostKind.BIG_BLIND, amount=2),
            Post(seat=3, kind=PostKind.STRADDLE, amount=4),
        ),
        small_blind=1,
        big_blind=2,
    )
    hand = deal(setup)
    assert hand.actor == 4
    assert hand.current_bet == 4
    assert hand.legal_actions().call_amount == 4


def test_explicit_posts_take_arbitrary_antes_per_seat() -> None:
    setup = table(
        [1000] * 3,
        posts=(
            Post(seat=2, kind=PostKind.ANTE, amount=7),
            Post(seat=1, kind=PostKind.SMALL_BLIND, amount=50),
            Post(seat=2, kind=PostKind.BIG_BLIND, amount=100),
        ),
    )
    hand = deal(setup)
    assert hand.pot == 157
    assert hand.current_bet == 100


def test_tda_34b_heads_up_setup_must_put_the_small_blind_on_the_button() -> None:
    with pytest.raises(HandSetupError, match="TDA 34B"):
        table([1000, 1000], button=1, small_blind_seat=2, big_blind_seat=1).validate()


def test_setup_rejects_a_player_without_chips() -> None:
    with pytest.raises(HandSetupError, match="positive number of chips") as info:
        deal(table([1000, 0, 1000]))
    assert info.value.code == "bad_stack"


def test_setup_rejects_an_ante_without_an_ante_mode() -> None:
    with pytest.raises(HandSetupError, match="ante mode"):
        deal(table([1000] * 3, ante=10))


def test_setup_rejects_a_big_blind_seat_nobody_sits_in() -> None:
    with pytest.raises(HandSetupError, match="big blind seat 7"):
        deal(table([1000] * 3, big_blind_seat=7))


def test_thc_21_dead_posts_go_into_the_main_pot_and_are_not_part_of_the_bet() -> None:
    """A newcomer posting the missed small blind dead (THC 21/35) on top of the computed plan:
    the 50 is dead money in the pot, the player's bet to match is still only the big blind."""
    setup = table([1000] * 4)._replace(
        dead_posts=(Post(seat=4, kind=PostKind.SMALL_BLIND, amount=50),),
    )
    hand = deal(setup)
    posts = of_type(hand.events, Posted)
    assert [(p.seat, p.kind, p.amount, p.is_dead) for p in posts] == [
        (1, PostKind.SMALL_BLIND, 50, False),
        (2, PostKind.BIG_BLIND, 100, False),
        (4, PostKind.SMALL_BLIND, 50, True),
    ]
    assert hand.pot == 200
    assert hand.bets[4] == 0
    assert hand.actor == 3
    act(hand, "3:f")
    assert hand.legal_actions().call_amount == 100  # seat 4 still calls the full big blind
    act(hand, "4:f 1:f")
    assert hand.final_stacks == {1: 950, 2: 1100, 3: 1000, 4: 950}  # the big blind takes it


def test_thc_21_a_short_stack_posts_what_it_has_dead_and_wins_only_the_dead_money() -> None:
    """All-in for a dead post, it matched no live bet: it can win the main pot of dead money
    (KY 14: at most what it put in from each player), nothing of the others' bets."""
    setup = table([1000, 1000, 1000, 30])._replace(
        dead_posts=(Post(seat=4, kind=PostKind.BIG_BLIND, amount=100),),
    )
    hand = deal(setup, {4: "AsAh", 1: "7c2d", 2: "8c3d", 3: "9c4d"}, "AdKs5h6cJc")
    (dead,) = [p for p in of_type(hand.events, Posted) if p.is_dead]
    assert (dead.amount, dead.is_all_in) == (30, True)
    assert hand.is_all_in(4)
    act(hand, "3:c 1:c 2:x" + " 1:x 2:x 3:x" * 3)
    assert hand.is_over
    assert sum(hand.final_stacks.values()) == 3030
    awards = sorted(of_type(hand.events, PotAwarded), key=lambda a: a.pot)
    assert [(a.amount, a.winners) for a in awards] == [(30, (4,)), (300, (3,))]
    assert hand.final_stacks == {1: 900, 2: 900, 3: 1200, 4: 30}


def test_dead_post_from_a_seat_not_dealt_in_is_rejected() -> None:
    setup = table([1000] * 3)._replace(
        dead_posts=(Post(seat=7, kind=PostKind.SMALL_BLIND, amount=50),)
    )
    with pytest.raises(HandSetupError, match="dead post is due from seat 7"):
        deal(setup)
