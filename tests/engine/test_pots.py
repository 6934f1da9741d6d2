"""Uncalled bets, side pots (TDA 21, KY 14), odd chips (TDA 20), the pot builder."""

from __future__ import annotations

from engine.helpers import act, deal, of_type, table
from pitboss.engine import (
    Action,
    AnteMode,
    BetReturned,
    BoardDealt,
    Hand,
    HandTabled,
    Post,
    PostKind,
    PotAwarded,
    build_pots,
    split_pot,
)
from pitboss.rules import HandRules, RuleSet
from pitboss.rules.hand_rules import OddChipRule


def test_uncalled_bet_is_returned_before_pots_are_formed() -> None:
    hand = deal(table([1000, 1000]))
    act(hand, "1:c 2:x 2:b300 1:f")
    (returned,) = of_type(hand.events, BetReturned)
    assert (returned.seat, returned.amount) == (2, 300)
    (award,) = of_type(hand.events, PotAwarded)
    assert (award.amount, award.winners) == (200, (2,))
    assert award.is_uncontested
    assert hand.final_stacks == {1: 900, 2: 1100}


def test_tda_21_each_side_pot_is_awarded_separately_to_its_best_eligible_hand() -> None:
    """Four all-in levels; the best hand (seat 1) is in for the least and wins the least."""
    setup = table([100, 300, 500, 1000], button=4, posts=(), min_bet=10)
    hand = deal(
        setup,
        {1: "KsKc", 2: "8h8d", 3: "As4h", 4: "QcJc"},
        "KhKd8s4c2d",
    )
    act(hand, "1:r100 2:r300 3:r500 4:c")
    assert hand.is_over
    awards = [(a.pot, a.amount, a.eligible, a.winners) for a in of_type(hand.events, PotAwarded)]
    assert awards == [
        (2, 400, (3, 4), (3,)),
        (1, 600, (2, 3, 4), (2,)),
        (0, 400, (1, 2, 3, 4), (1,)),
    ]
    assert hand.final_stacks == {1: 400, 2: 600, 3: 400, 4: 500}


def test_ky_14_side_pot_worked_example() -> None:
    """KY 14: a $200 bet, a $100 all-in, a third player calls: main pot $300 for all three,
    side pot $200; when a side-pot player folds, the other takes the side pot, whatever the
    all-in player holds."""
    setup = table([1000, 100, 1000], button=3, posts=(), min_bet=10)
    hand = deal(setup, {1: "7c2d", 2: "AhAd", 3: "KsKd"}, "9c8d4h3s2s")
    act(hand, "1:b200 2:c 3:c")
    assert hand.pot == 500
    act(hand, "1:b300 3:f")
    awards = [(a.amount, a.eligible, a.winners) for a in of_type(hand.events, PotAwarded)]
    assert awards == [(200, (1,), (1,)), (300, (1, 2), (2,))]
    assert of_type(hand.events, BetReturned)[0].amount == 300
    assert hand.final_stacks == {1: 1000, 2: 300, 3: 800}


def test_ky_14_lone_all_in_caller_gets_the_excess_back_and_both_hands_are_turned_up() -> None:
    setup = table([1000, 100, 1000], button=3, posts=(), min_bet=10)
    hand = deal(setup, {1: "7c2d", 2: "AhAd", 3: "KsKd"}, "9c8d4h3s2s")
    act(hand, "1:b200 2:c 3:f")
    assert of_type(hand.events, BetReturned)[0].amount == 100
    tabled = [e.seat for e in of_type(hand.events, HandTabled)]
    assert sorted(tabled) == [1, 2]
    first_board = hand.events.index(of_type(hand.events, BoardDealt)[0])
    assert all(hand.events.index(t) < first_board for t in of_type(hand.events, HandTabled))
    assert hand.final_stacks == {1: 900, 2: 200, 3: 1000}


def check_down(hand: Hand) -> None:
    """Check every street to the river and table every hand at showdown."""
    while not hand.is_over:
        legal = hand.legal_actions()
        hand.apply(Action.show() if legal.is_showdown else Action.check())


def test_tda_20_odd_chip_goes_to_the_first_tied_winner_left_of_the_button() -> None:
    setup = table([1000] * 3, ante=1, ante_mode=AnteMode.PER_PLAYER, small_blind=5, big_blind=10)
    hand = deal(setup, {1: "2c3c", 2: "2d3d", 3: "4s5s"}, "AhKhQhJhTh")
    act(hand, "3:f 1:c 2:x")
    check_down(hand)
    (award,) = of_type(hand.events, PotAwarded)
    assert award.amount == 23
    assert (award.winners, award.shares) == ((1, 2), (12, 11))


def test_tda_20_odd_chips_are_broken_down_to_the_smallest_chip_in_play() -> None:
    setup = table(
        [1000] * 3,
        ante=5,
        ante_mode=AnteMode.PER_PLAYER,
        small_blind=25,
        big_blind=50,
        chip_unit=5,
    )
    hand = deal(setup, {1: "2c3c", 2: "2d3d", 3: "4s5s"}, "AhKhQhJhTh")
    act(hand, "3:f 1:c 2:x")
    check_down(hand)
    (award,) = of_type(hand.events, PotAwarded)
    assert award.amount == 115
    assert award.shares == (60, 55)  # 23 chips of 5: the odd 5-chip to seat 1


def three_way_tie(antes_from: tuple[int, ...]) -> PotAwarded:
    posts = (
        *(Post(seat=s, kind=PostKind.ANTE, amount=1) for s in antes_from),
        Post(seat=3, kind=PostKind.SMALL_BLIND, amount=50),
        Post(seat=1, kind=PostKind.BIG_BLIND, amount=100),
    )
    setup = table([1000] * 3, button=2, small_blind_seat=3, big_blind_seat=1, posts=posts)
    hand = deal(setup, {1: "2c3c", 2: "2d3d", 3: "2h3h"}, "AhKhQhJhTh")
    act(hand, "2:c 3:c 1:x")
    check_down(hand)
    (award,) = of_type(hand.events, PotAwarded)
    return award


def test_tda_20_all_odd_chips_go_to_the_first_tied_winner_clockwise_from_the_button() -> None:
    one = three_way_tie((1,))
    assert (one.amount, one.winners, one.shares) == (301, (3, 1, 2), (101, 100, 100))
    two = three_way_tie((1, 3))
    assert (two.amount, two.winners, two.shares) == (302, (3, 1, 2), (102, 100, 100))


ONE_EACH = RuleSet(hand=HandRules(odd_chip_rule=OddChipRule.ONE_EACH_FROM_LEFT_OF_BUTTON))


def four_handed_three_way_tie(rules: RuleSet | None) -> PotAwarded:
    """Seats 2, 3 and 4 tie on a board royal flush for 350: 3 x 100 and the folded small blind
    (116 each and 2 odd chips); seat 2 is the first winner left of the button (seat 4)."""
    hand = deal(table([1000] * 4, rules=rules), {}, "AhKhQhJhTh")
    act(hand, "3:c 4:c 1:f 2:x")
    check_down(hand)
    (award,) = of_type(hand.events, PotAwarded)
    assert (award.amount, award.winners) == (350, (2, 3, 4))
    return award


def test_the_odd_chip_rule_is_tda_20_all_to_the_first_winner_by_default() -> None:
    assert RuleSet().hand.odd_chip_rule is OddChipRule.FIRST_LEFT_OF_BUTTON
    assert four_handed_three_way_tie(None).shares == (118, 116, 116)


def test_roberts_rules_odd_chips_one_each_clockwise_from_the_button() -> None:
    assert four_handed_three_way_tie(ONE_EACH).shares == (117, 117, 116)


def test_roberts_rules_odd_chips_in_the_smallest_chip_one_each() -> None:
    rule = OddChipRule.ONE_EACH_FROM_LEFT_OF_BUTTON
    assert split_pot(305, 3, 1, rule=rule) == [102, 102, 101]
    assert split_pot(115, 3, 5, rule=rule) == [40, 40, 35]  # 23 chips of 5: two odd ones
    assert split_pot(117, 3, 5, rule=rule) == [42, 40, 35]  # and 2 loose chips below a unit
    assert split_pot(115, 3, 5) == [45, 35, 35]  # TDA 20: both odd 5-chips to the first
    for amount in range(0, 80):
        for winners in range(1, 6):
            for unit in (1, 5, 25):
                shares = split_pot(amount, winners, unit, rule=rule)
                assert sum(shares) == amount
                each = shares[-1]
                assert all(0 <= share - each <= unit + (unit - 1) for share in shares)
                assert all(share - each in (0, unit) for share in shares[1:])


def test_an_odd_chip_rule_given_as_its_value_is_that_rule() -> None:
    by_value = RuleSet(hand=HandRules(odd_chip_rule="one_each_from_left_of_button"))  # type: ignore[arg-type]
    assert four_handed_three_way_tie(by_value).shares == (117, 117, 116)


def test_roberts_rules_short_big_blind_with_antes_main_and_side_pot() -> None:
    """10 players, ante 100, blinds 400/800; the big blind has 800: ante 100, blind 700
    all-in. Seat 3 calls 800, seat 4 raises to 1600, all fold, seat 3 folds: main pot 3,500
    (all antes, the small blind, 700 from three players); seat 4 takes the rest."""
    stacks = [10_000] * 10
    stacks[1] = 800
    setup = table(stacks, small_blind=400, big_blind=800, ante=100, ante_mode=AnteMode.PER_PLAYER)
    hand = deal(setup, {2: "AsAd", 4: "7c2d"}, "KhQd9c5s3h")
    act(hand, "3:c 4:r1600 5:f 6:f 7:f 8:f 9:f 10:f 1:f 3:f")
    main = next(a for a in of_type(hand.events, PotAwarded) if a.pot == 0)
    assert main.amount == 3500
    assert main.winners == (2,)
    assert hand.final_stacks[2] == 3500
    assert hand.final_stacks[4] == 10_000 - 900 + 200
    assert sum(hand.final_stacks.values()) == sum(stacks)


def test_build_pots_makes_one_side_pot_per_all_in_level() -> None:
    everyone_all_in = [True, True, True, False]
    assert build_pots([100, 300, 500, 500], [False] * 4, everyone_all_in) == [
        (400, (0, 1, 2, 3)),
        (600, (1, 2, 3)),
        (400, (2, 3)),
    ]
    # A folded player's 60 is dead money in the main pot.
    assert build_pots(
        [100, 300, 500, 500, 60], [False] * 4 + [True], [*everyone_all_in, False]
    ) == [
        (460, (0, 1, 2, 3)),
        (600, (1, 2, 3)),
        (400, (2, 3)),
    ]
    # Chips above every live player's level (a killed blind) join the last pot.
    assert build_pots([50, 100], [False, True], [False, False]) == [(150, (0,))]
    # Unequal antes with nobody all-in make a single pot: no side pot without an all-in.
    assert build_pots([101, 100, 100], [False] * 3, [False] * 3) == [(301, (0, 1, 2))]
    # Everyone left is all-in below a folded bettor's chips: the dead chips join the top pot.
    assert build_pots([50, 80, 200], [False, False, True], [True, True, False]) == [
        (150, (0, 1)),
        (180, (1,)),
    ]


def test_split_pot_always_adds_up() -> None:
    assert split_pot(304, 3, 1) == [102, 101, 101]
    assert split_pot(305, 3, 1) == [103, 101, 101]
    assert split_pot(23, 2, 5) == [13, 10]  # the loose 3 chips below one unit go first
    assert split_pot(115, 2, 5) == [60, 55]
    for amount in range(0, 60):
        for winners in range(1, 5):
            for unit in (1, 5, 25):
                shares = split_pot(amount, winners, unit)
                assert sum(shares) == amount
                assert shares == sorted(shares, reverse=True)
                assert len(set(shares[1:])) <= 1
                assert all(share % unit == 0 for share in shares[1:])


def test_rp_11_big_blind_ante_is_dead_money_in_the_main_pot() -> None:
    """The big-blind ante is paid for the whole table: a player all-in for less than it can
    still win all of it (it is dead money in the main pot, not part of the big blind's level)."""
    setup = table([1000, 1000, 50], ante=100, ante_mode=AnteMode.BIG_BLIND)
    hand = deal(setup, {1: "7c2d", 2: "8h3s", 3: "AsAd"}, "KhQd9c5s4h")
    act(hand, "3:c 1:c 2:x")
    check_down(hand)
    awards = {a.pot: (a.amount, a.eligible, a.winners) for a in of_type(hand.events, PotAwarded)}
    assert awards[0] == (50 * 3 + 100, (1, 2, 3), (3,))
    assert awards[1] == (50 * 2, (1, 2), (2,))
    assert hand.final_stacks == {1: 900, 2: 900, 3: 250}
