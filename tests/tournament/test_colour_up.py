"""Colour-ups and chip races (TDA 24, TDA 24A, TDA 24C; KY 2 pooled race)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pitboss.cards import Card, Deck, parse_cards
from pitboss.errors import ColourUpError
from pitboss.tournament.features.colour_up import ChipRaceMethod, RaceSeat, colour_up


def stacked(text: str) -> Deck:
    """A deck dealing these cards first, then the rest in order."""
    first = parse_cards(text)
    rest = [c for c in range(52) if c not in first]
    return Deck.stacked([*first, *rest])


def test_tda24_race_starts_in_seat_1_one_card_per_odd_chip_max_one_chip_each() -> None:
    # $25 chips leave play, 100 is the smallest still in play. Odd values: seat 1: 75 (3 chips),
    # seat 3: 50 (2), seat 5: 25 (1), seat 6: 75 (3); total 225 -> two 100 chips raced.
    seats = [
        RaceSeat(seat=6, stack=1_075),
        RaceSeat(seat=1, stack=2_075),
        RaceSeat(seat=3, stack=550),
        RaceSeat(seat=5, stack=3_025),
        RaceSeat(seat=2, stack=4_000),
    ]
    deck = stacked("2c 3c 4c" + " Ah 5d" + " Kc" + " 6h 7h As")
    result = colour_up(seats, removed=[25], in_play=[100, 500, 1_000], deck=deck)
    assert [(c.seat, str(c.card)) for c in result.draw] == [
        (1, "2c"), (1, "3c"), (1, "4c"), (3, "Ah"), (3, "5d"), (5, "Kc"),
        (6, "6h"), (6, "7h"), (6, "As"),
    ]  # fmt: skip
    assert result.race_chips == 2
    by_seat = {s.seat: s for s in result.seats}
    # best cards: seat 6 As, seat 3 Ah (spades beat hearts), seat 5 Kc, seat 1 4c
    assert by_seat[6].stack_after == 1_100
    assert by_seat[6].race_chips_won == 1
    assert by_seat[3].stack_after == 600
    assert by_seat[3].race_chips_won == 1
    assert by_seat[5].stack_after == 3_000
    assert by_seat[5].change == -25
    assert by_seat[1].stack_after == 2_000
    assert by_seat[2].stack_after == 4_000
    assert by_seat[2].cards == ()
    assert result.removed_from_play == 25  # 225 odd, 200 raced back into play (TDA 24C)
    assert result.added_to_play == 0
    assert by_seat[3].best_card == Card.parse("Ah")
    lines = result.announcement()
    assert lines[0].startswith("Colour-up (TDA 24): 25 chips leave play")
    assert "Seat 6: 1,075 -> 1,100 (+25); 3 odd chips (75), cards 6h 7h As, wins 1 x 100." in lines
    assert "Removed from play: 25 in chips." in lines


def test_tda24a_nobody_is_raced_out() -> None:
    seats = [RaceSeat(seat=1, stack=25), RaceSeat(seat=2, stack=1_075), RaceSeat(seat=4, stack=550)]
    deck = stacked("2c" + " As 3d 3h" + " Kd Kh")
    result = colour_up(seats, removed=[25], in_play=[100], deck=deck)
    seat1 = result.seats[0]
    assert seat1.race_chips_won == 0
    assert seat1.stack_after == 100
    assert seat1.kept_in
    assert result.added_to_play == 100
    assert result.raced_out == ()
    assert any("not raced out" in line for line in result.announcement())


def test_ky2_pooled_odd_chips_all_go_to_the_single_high_card() -> None:
    seats = [
        RaceSeat(seat=1, stack=2_075),
        RaceSeat(seat=2, stack=575),
        RaceSeat(seat=3, stack=75),
        RaceSeat(seat=4, stack=1_000),
    ]
    deck = stacked("Qd As 2c")
    result = colour_up(
        seats, removed=[25], in_play=[100, 500], deck=deck, method=ChipRaceMethod.KY_2
    )
    # pot 225: one card per player with odd chips; seat 2's ace wins both 100 chips
    assert [(c.seat, str(c.card)) for c in result.draw] == [(1, "Qd"), (2, "As"), (3, "2c")]
    by_seat = {s.seat: s for s in result.seats}
    assert by_seat[2].race_chips_won == 2
    assert by_seat[2].stack_after == 700
    assert by_seat[1].stack_after == 2_000
    # KY 2 says nothing about being raced out: seat 3 is, and the result says so (RULES §5.6)
    assert by_seat[3].stack_after == 0
    assert result.raced_out == (3,)
    assert result.removed_from_play == 25


def test_ky2_with_tda24a_protection_keeps_everyone_in() -> None:
    seats = [RaceSeat(seat=1, stack=75), RaceSeat(seat=2, stack=575)]
    result = colour_up(
        seats,
        removed=[25],
        in_play=[100],
        deck=stacked("2c As"),
        method=ChipRaceMethod.KY_2,
        protect_last_chip=True,
    )
    assert result.seats[0].stack_after == 100
    assert result.seats[0].kept_in
    assert result.raced_out == ()


def test_ky10_colour_up_at_level_4_races_for_50_chips() -> None:
    # KY 10: the $25 green leaves at level 4; $50, $100, $500, $1,000 stay: the race chip is 50
    seats = [RaceSeat(seat=1, stack=4_025), RaceSeat(seat=2, stack=3_025)]
    result = colour_up(seats, removed=[25], in_play=[50, 100, 500, 1_000], deck=stacked("Kc Ks"))
    assert result.race_chip == 50
    assert [s.stack_after for s in result.seats] == [4_000, 3_050]


def test_odd_chips_counted_as_fewest_removed_chips_or_the_dealers_count() -> None:
    seats = [RaceSeat(seat=1, stack=175), RaceSeat(seat=2, stack=1_050, odd_chips=2)]
    result = colour_up(seats, removed=[25, 50], in_play=[100], deck=stacked("2c 3c 4c"))
    assert [s.odd_chips for s in result.seats] == [2, 2]  # 75 = 50 + 25; dealer counted 2 x 25
    assert [len(s.cards) for s in result.seats] == [2, 2]


def test_no_race_when_the_odd_chips_do_not_make_a_chip() -> None:
    seats = [RaceSeat(seat=1, stack=1_025), RaceSeat(seat=2, stack=1_050)]
    deck = Deck(random.Random(1))
    result = colour_up(seats, removed=[25], in_play=[100], deck=deck)
    assert result.draw == ()
    assert len(deck) == 52
    assert result.removed_from_play == 75
    assert [s.stack_after for s in result.seats] == [1_000, 1_000]


@pytest.mark.parametrize(
    ("seats", "removed", "in_play", "code"),
    [
        ([RaceSeat(seat=1, stack=1_010)], [25], [100], "stack_not_made_of_chips"),
        ([RaceSeat(seat=1, stack=1_025)], [25], [25, 100], "denomination_in_both"),
        ([RaceSeat(seat=1, stack=1_025)], [25], [100, 250], "denominations_not_multiples"),
        ([RaceSeat(seat=1, stack=1_025)], [], [100], "no_denominations"),
        ([RaceSeat(seat=1, stack=0)], [25], [100], "bad_stack"),
        ([RaceSeat(seat=1, stack=100), RaceSeat(seat=1, stack=100)], [25], [100], "bad_seats"),
        ([RaceSeat(seat=1, stack=1_075, odd_chips=4)], [25], [100], "bad_odd_chip_count"),
    ],
)
def test_colour_ups_that_cannot_be_done_are_refused_and_deal_nothing(
    seats: list[RaceSeat], removed: list[int], in_play: list[int], code: str
) -> None:
    deck = Deck(random.Random(2))
    with pytest.raises(ColourUpError) as info:
        colour_up(seats, removed=removed, in_play=in_play, deck=deck)
    assert info.value.code == code
    assert len(deck) == 52


def test_race_needing_more_cards_than_the_deck_is_refused() -> None:
    # 975 in 25s is 39 odd chips each: 78 cards
    seats = [RaceSeat(seat=1, stack=975), RaceSeat(seat=2, stack=975)]
    deck = Deck(random.Random(3))
    with pytest.raises(ColourUpError) as info:
        colour_up(seats, removed=[25], in_play=[1_000], deck=deck)
    assert info.value.code == "race_needs_too_many_cards"
    assert len(deck) == 52


@settings(deadline=None)
@given(
    stacks=st.lists(st.integers(1, 4_000), min_size=1, max_size=10),
    method=st.sampled_from(list(ChipRaceMethod)),
    two_removed=st.booleans(),
    seed=st.integers(0, 2**32),
)
def test_chip_value_is_conserved_up_to_the_recorded_removal(
    stacks: list[int], method: ChipRaceMethod, two_removed: bool, seed: int
) -> None:
    removed = [25, 50] if two_removed else [25]
    seats = [RaceSeat(seat=i + 1, stack=25 * s) for i, s in enumerate(stacks)]
    deck = Deck(random.Random(seed))
    result = colour_up(seats, removed=removed, in_play=[100, 500], deck=deck, method=method)
    before = sum(s.stack for s in seats)
    after = sum(s.stack_after for s in result.seats)
    assert after == before - result.removed_from_play + result.added_to_play
    assert 0 <= result.removed_from_play < 100
    assert all(s.stack_after % 100 == 0 for s in result.seats)
    assert len(result.draw) == 52 - len(deck)
    assert sorted(c.card for c in result.draw) == sorted({c.card for c in result.draw})
    if method is ChipRaceMethod.TDA_24:
        assert all(s.stack_after > 0 for s in result.seats)
        assert all(s.race_chips_won <= 1 for s in result.seats)
        if result.race_chips:
            assert len(result.draw) == sum(s.odd_chips for s in result.seats)
        winners = [s.best_card for s in result.seats if s.race_chips_won]
        losers = [s.best_card for s in result.seats if s.cards and not s.race_chips_won]
        assert len(winners) == result.race_chips
        if winners and losers:
            assert min(c for c in winners if c is not None) > max(
                c for c in losers if c is not None
            )
    else:
        assert sum(s.race_chips_won for s in result.seats) == result.race_chips
        assert sum(1 for s in result.seats if s.race_chips_won) <= 1
