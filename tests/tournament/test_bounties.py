"""Who collects a bounty: the pure rules, each with its source's worked example (issue 29).

The pots are as the engine pushes them (`pitboss.engine.PotAwarded`): the main pot first,
each with the players eligible for it, its winners clockwise from the button and their shares.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pitboss.ids import PlayerId
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.tournament.model.bounties import (
    HandPot,
    bounty_takers,
    bwin_covered,
    chips_won_in_pots,
    pokerstars_relevant_pot,
    progressive_split,
    relevant_pot,
    split_bounty,
    without_pots,
    wsop_pot_markers,
)


def _pot(amount: int, eligible: str, winners: Sequence[tuple[str, int]]) -> HandPot:
    return HandPot(
        amount=amount,
        eligible=tuple(PlayerId(p) for p in eligible.split()),
        winners=tuple(PlayerId(w) for w, _ in winners),
        shares=tuple(s for _, s in winners),
    )


def _ids(*names: str) -> tuple[PlayerId, ...]:
    return tuple(PlayerId(n) for n in names)


# PokerStars: "Daniel 100, Barry 200, Vicky 400, Liv 1,000; Daniel all-in, all call; Barry
# all-in, Vicky and Liv call; Vicky all-in, Liv calls. Barry shows the best hand: wins the main
# pot and side pot 1, eliminating Daniel. Liv has the next best hand, wins side pot 2,
# eliminating Vicky."
STARS_STARTS = {PlayerId("daniel"): 100, PlayerId("barry"): 200, PlayerId("vicky"): 400}
STARS_STARTS[PlayerId("liv")] = 1000
STARS_POTS = (
    _pot(400, "daniel barry vicky liv", [("barry", 400)]),
    _pot(300, "barry vicky liv", [("barry", 300)]),
    _pot(400, "vicky liv", [("liv", 400)]),
)

POLICIES = [pokerstars_relevant_pot, bwin_covered, wsop_pot_markers]


@pytest.mark.parametrize("policy", POLICIES)
def test_pokerstars_four_players_barry_takes_daniels_bounty_and_liv_takes_vickys(
    policy: object,
) -> None:
    """Two eliminations in one hand each pay their own bounty: Barry, who won the pots Daniel
    was in, takes Daniel's; Barry could not eliminate Vicky (fewer chips): Liv, who won side
    pot 2, the pot Vicky was all-in for, takes hers. The three policies agree here (WSOP's
    markers: Daniel's in the main pot, Vicky's in side pot 2; bwin: Barry covered Daniel)."""
    assert callable(policy)
    daniel = policy(PlayerId("daniel"), STARS_STARTS, STARS_POTS)
    vicky = policy(PlayerId("vicky"), STARS_STARTS, STARS_POTS)
    assert daniel.players == _ids("barry")
    assert vicky.players == _ids("liv")
    assert vicky.pot == 2


def test_the_relevant_pot_is_the_last_the_player_was_all_in_for() -> None:
    assert relevant_pot(PlayerId("daniel"), STARS_POTS) == 0
    assert relevant_pot(PlayerId("vicky"), STARS_POTS) == 2
    words = pokerstars_relevant_pot(PlayerId("vicky"), STARS_STARTS, STARS_POTS).words
    assert words == "PokerStars: the winner of side pot 2, the pot they were all-in for"


# bwin: "p1 10,000 KK, p2 5,000 QQ, p3 1,000 AA, all in pre-flop, board changes nothing: p3
# wins the main pot but has fewer chips than p2, so p2's bounty goes to p1 along with the side
# pot." (p1's last 5,000 were not called: returned, no pot.)
BWIN_STARTS = {PlayerId("p1"): 10_000, PlayerId("p2"): 5_000, PlayerId("p3"): 1_000}
BWIN_POTS = (
    _pot(3_000, "p1 p2 p3", [("p3", 3_000)]),
    _pot(8_000, "p1 p2", [("p1", 8_000)]),
)


def test_bwin_the_main_pots_winner_did_not_cover_so_the_side_pots_winner_takes_it() -> None:
    takers = bwin_covered(PlayerId("p2"), BWIN_STARTS, BWIN_POTS)
    assert takers.players == _ids("p1")
    assert takers.pot == 1
    assert "the main pot's winner had fewer chips" in takers.words


def test_bwin_the_main_pots_winner_who_covered_takes_it_888_split_between_those_who_covered() -> (
    None
):
    """888: tied winners who all covered split it; a tied winner who did not cover does not."""
    starts = {PlayerId("e"): 500, PlayerId("a"): 900, PlayerId("b"): 400, PlayerId("c"): 500}
    pots = (_pot(1_800, "e a b c", [("a", 600), ("b", 600), ("c", 600)]),)
    assert bwin_covered(PlayerId("e"), starts, pots).players == _ids("a", "c")


def test_wsop_the_marker_goes_with_the_pot_holding_the_last_chips() -> None:
    """WSOP 38-39 read literally: the marker sits in the pot of the player's last chips; its
    outcome is PokerStars' whenever that pot is the relevant pot (always, with pushed pots)."""
    for player in ("daniel", "vicky"):
        wsop = wsop_pot_markers(PlayerId(player), STARS_STARTS, STARS_POTS)
        stars = pokerstars_relevant_pot(PlayerId(player), STARS_STARTS, STARS_POTS)
        assert (wsop.players, wsop.pot) == (stars.players, stars.pot)
        assert wsop.words.startswith("WSOP 39: the bounty marker was in")


@pytest.mark.parametrize("policy", POLICIES)
def test_a_player_whose_hand_was_dead_had_every_chip_in_the_main_pot(policy: object) -> None:
    """TDA 71C: a hand killed with the last chips in (blinds posted): eligible for no pot."""
    assert callable(policy)
    pots = (_pot(300, "a b", [("b", 300)]),)
    starts = {PlayerId("e"): 100, PlayerId("a"): 1000, PlayerId("b"): 1000}
    assert policy(PlayerId("e"), starts, pots).players == _ids("b")


# --- a split pot: the bounty split equally, the odd cent by the house's setting -------------


def test_a_split_bounty_odd_cent_goes_to_the_earliest_winner_left_of_the_button() -> None:
    """GGPoker / Natural8: "Odd cents will be awarded to the player in the earliest position"."""
    starts = {PlayerId("a"): 5_000, PlayerId("b"): 8_000}
    assert split_bounty(1001, _ids("a", "b"), starts, OddCent.LEFT_OF_BUTTON) == (501, 500)


def test_a_split_bounty_odd_cent_goes_to_the_biggest_stack_as_a_club_rule() -> None:
    """A club rule: "If the pot is chopped then the winning player with the most chips gets
    the bounty": the odd cent to the biggest stack at the start of the hand, ties by position."""
    starts = {PlayerId("a"): 5_000, PlayerId("b"): 8_000, PlayerId("c"): 8_000}
    assert split_bounty(1001, _ids("a", "b"), starts, OddCent.BIGGEST_STACK) == (500, 501)
    assert split_bounty(1002, _ids("a", "b", "c"), starts, OddCent.BIGGEST_STACK) == (334, 334, 334)
    assert split_bounty(1000, _ids("a", "b", "c"), starts, OddCent.BIGGEST_STACK) == (333, 334, 333)


def test_a_split_pot_gives_each_winner_an_equal_share_of_the_bounty() -> None:
    starts = {PlayerId("e"): 1_000, PlayerId("a"): 5_000, PlayerId("b"): 8_000}
    pots = (_pot(3_000, "e a b", [("a", 1_500), ("b", 1_500)]),)
    takers = bounty_takers(BountyRules(bounty_cents=1001), PlayerId("e"), starts, pots)
    assert takers.players == _ids("a", "b")
    assert split_bounty(1001, takers.players, starts, OddCent.LEFT_OF_BUTTON) == (501, 500)


# --- need a chip to win a chip ----------------------------------------------------------------

# E all-in for 1 chip; A and B, 500 each, put in 100 each and split: the main pot (3 chips: 1
# from each) gives A 2 (the odd chip first left of the button) and B 1; the side pot (198)
# splits 99 each. A won one of E's chips; B won none.
NEED_STARTS = {PlayerId("e"): 1, PlayerId("a"): 500, PlayerId("b"): 500}
NEED_POTS = (
    _pot(3, "e a b", [("a", 2), ("b", 1)]),
    _pot(198, "a b", [("a", 99), ("b", 99)]),
)


def test_need_a_chip_a_winner_shares_only_if_they_won_a_chip_more_than_they_put_in() -> None:
    assert chips_won_in_pots(PlayerId("a"), PlayerId("e"), NEED_STARTS, NEED_POTS) == 1
    assert chips_won_in_pots(PlayerId("b"), PlayerId("e"), NEED_STARTS, NEED_POTS) == 0
    on = BountyRules(bounty_cents=1000, need_a_chip=True)
    taken = bounty_takers(on, PlayerId("e"), NEED_STARTS, NEED_POTS)
    assert taken.players == _ids("a")
    assert "need a chip" in taken.words


def test_without_need_a_chip_every_winner_of_the_relevant_pot_shares() -> None:
    off = BountyRules(bounty_cents=1000, need_a_chip=False)
    assert bounty_takers(off, PlayerId("e"), NEED_STARTS, NEED_POTS).players == _ids("a", "b")


def test_what_a_winner_put_in_is_the_layer_of_each_pot_of_the_eliminated_player_they_won() -> None:
    """Barry won the main pot (400; he put in its layer, 100): 300 net of Daniel's pot. Liv
    won side pot 2 (400; she put in its layer, 200) and lost the two pots below it to Barry:
    200 net of the pots of Vicky's she won (200 of Vicky's chips)."""
    barry, daniel, vicky = PlayerId("barry"), PlayerId("daniel"), PlayerId("vicky")
    assert chips_won_in_pots(barry, daniel, STARS_STARTS, STARS_POTS) == 300
    assert chips_won_in_pots(PlayerId("liv"), vicky, STARS_STARTS, STARS_POTS) == 200
    assert chips_won_in_pots(barry, vicky, STARS_STARTS, STARS_POTS) == 300 + 200


# --- a progressive knockout -------------------------------------------------------------------


def test_ggpokers_pko_example_half_to_the_bank_half_onto_your_head() -> None:
    """GGPoker: "$5 KO contribution, first KO: $2.50 to the bank, $2.50 onto your head"."""
    assert progressive_split(500, 50) == (250, 250)


def test_a_pko_odd_cent_is_paid_at_once_and_a_plain_knockout_pays_it_all() -> None:
    assert progressive_split(1501, 50) == (751, 750)
    assert progressive_split(1501, 0) == (1501, 0)
    assert progressive_split(1000, 25) == (750, 250)


def test_a_split_pko_bounty_with_cents_each_part_paid_and_onto_the_head() -> None:
    starts = {PlayerId("a"): 5_000, PlayerId("b"): 8_000}
    parts = split_bounty(1501, _ids("a", "b"), starts, OddCent.LEFT_OF_BUTTON)
    assert parts == (751, 750)
    assert [progressive_split(p, 50) for p in parts] == [(376, 375), (375, 375)]


# --- a result typed without its pots ------------------------------------------------------------


def test_without_pots_the_players_whose_stacks_grew_who_covered_take_it() -> None:
    starts = {PlayerId("e"): 3_000, PlayerId("a"): 1_000, PlayerId("b"): 9_000}
    ends = {PlayerId("e"): 0, PlayerId("a"): 3_000, PlayerId("b"): 10_000}
    takers = without_pots(PlayerId("e"), starts, ends, _ids("a", "b", "e"))
    assert takers.players == _ids("b")
    assert takers.words.startswith("no pots were recorded")


def test_without_pots_and_nobody_covering_every_player_whose_stack_grew_takes_it() -> None:
    starts = {PlayerId("e"): 9_000, PlayerId("a"): 1_000, PlayerId("b"): 2_000}
    ends = {PlayerId("e"): 0, PlayerId("a"): 3_000, PlayerId("b"): 9_000}
    takers = without_pots(PlayerId("e"), starts, ends, _ids("b", "a"))
    assert takers.players == _ids("b", "a")
    assert "no player whose stack grew covered them" in takers.words


def test_every_policy_has_its_function() -> None:
    starts = dict(STARS_STARTS)
    for policy in BountyPolicy:
        rules = BountyRules(bounty_cents=100, policy=policy)
        assert bounty_takers(rules, PlayerId("daniel"), starts, STARS_POTS).players == _ids("barry")
