"""Bounties through the director's commands (issue 29): the same rules whether the software
dealt the hand (the engine's pots, `finish_of`), a dealer's device recorded it (its pots), or
the director typed the result (stacks only, or a bust-out with the winners named).

The worked examples are the sources' (tests/tournament/test_bounties.py has them as pure
rules): PokerStars' four players with side pots, bwin's three, a split pot with an odd cent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from pitboss.club.results import result_of
from pitboss.engine import Action, Hand
from pitboss.errors import TournamentError
from pitboss.ids import ClubPlayerId, HandId, PlayerId
from pitboss.play.dealing import finish_of, setup_of_started_hand
from pitboss.rules import RuleSet
from pitboss.rules.bounty import BountyPolicy, BountyRules, OddCent
from pitboss.rulings import Declaration
from pitboss.tournament import commands as c
from pitboss.tournament.features.board_and_pots import RecordShowdown
from pitboss.tournament.features.bounty_awards import BountyCollected
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.hands import HandFinished
from pitboss.tournament.features.recorded_hands import RecordDealerInput, recorded_hand
from pitboss.tournament.model.bounties import HandPot
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.model.recorded_steps import ShownHand
from pitboss.tournament.reading.narration import describe
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState, fold

from .floor_helpers import Floor


def bounty_rules(house: str = "tda", **settings: object) -> RuleSet:
    """``house`` with a $20.00 bounty on every head (and ``settings``)."""
    base = RuleSet.from_preset(house)
    bounty = BountyRules(**{"bounty_cents": 2000, **settings})  # type: ignore[arg-type]
    return replace(base, tournament=replace(base.tournament, bounty=bounty))


def _chips(stacks: Mapping[str, int]) -> tuple[PlayerChips, ...]:
    return tuple(PlayerChips(player_id=PlayerId(p), chips=n) for p, n in stacks.items())


def night(rules: RuleSet, stacks: Mapping[str, int], *, club: bool = False) -> Floor:
    """The players of ``stacks`` registered and seated at one table, their stacks counted in."""
    f = Floor(rules, seed=5)
    for name in stacks:
        club_id = ClubPlayerId(f"club-{name}") if club else None
        f.do(c.RegisterPlayer(player_id=PlayerId(name), name=name.title(), club_player_id=club_id))
    f.do(c.StartTournament())
    f.do(c.ResyncTable(table=1, stacks=_chips(stacks)))
    return f


def collected(events: list[Event]) -> dict[str, dict[str, tuple[int, int]]]:
    """Each bounty collected: the eliminated player's takers, each with (cash, onto the head)."""
    return {
        e.player_id: {s.player_id: (s.cash_cents, s.head_cents) for s in e.shares}
        for e in events
        if isinstance(e, BountyCollected)
    }


def knocked_out_by(events: list[Event]) -> dict[str, tuple[str, ...]]:
    return {
        b.player_id: b.eliminated_by
        for e in events
        if isinstance(e, PlayersBusted)
        for b in e.busts
    }


def balanced(s: TournamentState) -> bool:
    """Every cent is somewhere, and the heads add up to the ledger's bounties on heads."""
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    return balance.is_balanced and s.bounty.on_heads() == balance.bounties_on_heads


def line_of(f: Floor, event: Event) -> str:
    at = f.log.index(event)
    return describe(event, fold(TournamentState.new(f.rules), f.log[:at]))


# PokerStars' four players, in chips: Daniel 5,000, Barry 10,000, Vicky 20,000, Liv 45,000;
# every one all-in; Barry shows the best hand, Liv the next best.
STARS = {"daniel": 5_000, "barry": 10_000, "vicky": 20_000, "liv": 45_000}
HOLE = {"barry": "As Ah", "liv": "Ks Kh", "vicky": "Qs Qh", "daniel": "7c 2d"}
BOARD = "3c 4d 8h 9s Jc"


def test_dealt_pokerstars_four_players_two_eliminations_each_pay_their_own_bounty() -> None:
    """The software deals it: the engine's pots say Barry won the pots Daniel was in and Liv
    side pot 2, the pot Vicky was all-in for (Barry could not eliminate Vicky: fewer chips)."""
    f = night(bounty_rules(), STARS)
    hand_id = HandId(f.start(1))
    setup = setup_of_started_hand(f.state, hand_id, level=1)
    seat = {s.player: s.seat for s in setup.seats}
    hand = Hand.from_cards(setup, hole={seat[p]: cards for p, cards in HOLE.items()}, board=BOARD)
    while not hand.is_over:
        legal = hand.legal_actions()
        if legal.max_raise_to:
            hand.apply(Action.raise_to(legal.max_raise_to))
        else:
            hand.apply(Action.call() if legal.call_amount else Action.check())
    finish = finish_of(hand_id, setup, hand)
    assert [len(p.eligible) for p in finish.pots] == [4, 3, 2]  # main first
    events = f.do(finish)
    assert collected(events) == {"daniel": {"barry": (2000, 0)}, "vicky": {"liv": (2000, 0)}}
    assert knocked_out_by(events) == {"vicky": ("liv",), "daniel": ("barry",)}
    (vicky,) = [e for e in events if isinstance(e, BountyCollected) and e.player_id == "vicky"]
    assert line_of(f, vicky) == (
        "Vicky's bounty of $20.00 collected (PokerStars: the winner of side pot 2, the pot they "
        "were all-in for): Liv $20.00"
    )
    assert f.state.bounty.cash(PlayerId("liv")) == 2000
    assert balanced(f.state)
    assert f.replayed() == f.state


def test_a_dealers_device_gives_the_pots_so_the_same_players_collect() -> None:
    """The hand recorded by a live dealer (all-in declarations, the shown cards): its pots
    reach the director and the bounties go as they do when the software deals."""
    f = night(bounty_rules(policy=BountyPolicy.WSOP_POT_MARKERS), STARS)
    hand_id = HandId(f.start(1))
    seat = {s.player: s.seat for s in recorded_hand(f.state, hand_id).setup.seats}
    events: list[Event] = []
    while (actor := recorded_hand(f.state, hand_id).actor) is not None:
        events = f.do(RecordDealerInput(table=1, seat=actor, declaration=Declaration.ALL_IN))
    shown = tuple(ShownHand(seat=seat[p], cards=cards) for p, cards in HOLE.items())
    events = f.do(RecordShowdown(table=1, shown=shown, board=BOARD))
    (finished,) = [e for e in events if isinstance(e, HandFinished)]
    assert len(finished.pots) == 3
    assert collected(events) == {"daniel": {"barry": (2000, 0)}, "vicky": {"liv": (2000, 0)}}
    assert knocked_out_by(events) == {"vicky": ("liv",), "daniel": ("barry",)}
    assert all("WSOP 39" in e.how for e in events if isinstance(e, BountyCollected))
    assert balanced(f.state)
    assert f.replayed() == f.state


# bwin: p1 10,000 KK, p2 5,000 QQ, p3 1,000 AA, all in: p3 wins the main pot, p1 the side pot.
# In chips here: p1 36,000, p2 20,000, p3 4,000.
BWIN = {"p1": 36_000, "p2": 20_000, "p3": 4_000}
BWIN_AFTER = {"p1": 48_000, "p2": 0, "p3": 12_000}


def test_live_typed_stacks_without_pots_the_grown_stack_that_covered_collects_and_says_so() -> None:
    """The director types the stacks: no pots. p3's stack grew but p3 had fewer chips than p2;
    p1's grew and covered p2: p1 collects, and the log line says how it was decided."""
    f = night(bounty_rules(policy=BountyPolicy.BWIN_COVERED), BWIN)
    events = f.finish(f.start(1), BWIN_AFTER)
    assert collected(events) == {"p2": {"p1": (2000, 0)}}
    assert knocked_out_by(events) == {"p2": ("p1",)}  # the league's knockout follows the bounty
    (bounty,) = [e for e in events if isinstance(e, BountyCollected)]
    assert "no pots were recorded: the players whose stacks grew who covered them" in line_of(
        f, bounty
    )
    assert balanced(f.state)


def test_live_typed_pots_bwin_the_side_pots_winner_collects() -> None:
    """The same result typed with its pots: bwin's rule reads them (p3 did not cover p2)."""
    f = night(bounty_rules(policy=BountyPolicy.BWIN_COVERED), BWIN)
    hand_id = f.start(1)
    pots = (
        HandPot(amount=12_000, eligible=("p1", "p2", "p3"), winners=("p3",), shares=(12_000,)),
        HandPot(amount=32_000, eligible=("p1", "p2"), winners=("p1",), shares=(32_000,)),
    )
    events = f.do(c.FinishHand(hand_id=hand_id, stacks=_chips(BWIN_AFTER), pots=pots))
    assert collected(events) == {"p2": {"p1": (2000, 0)}}
    assert knocked_out_by(events) == {"p2": ("p1",)}  # not p3, whose stack also grew
    (bounty,) = [e for e in events if isinstance(e, BountyCollected)]
    assert "the main pot's winner had fewer chips" in bounty.how


def test_pots_that_do_not_fit_the_result_are_refused_and_change_nothing() -> None:
    f = night(bounty_rules(), BWIN)
    hand_id = f.start(1)
    before = f.state
    bad = (HandPot(amount=100, eligible=("p1", "p2"), winners=("p1",), shares=(90,)),)
    with pytest.raises(TournamentError) as err:
        f.do(c.FinishHand(hand_id=hand_id, stacks=_chips(BWIN_AFTER), pots=bad))
    assert err.value.code == "bad_pots"
    assert "the main pot of hand" in err.value.message
    assert f.state == before


# --- a split pot ----------------------------------------------------------------------------------


SPLIT = {"ann": 20_000, "bo": 25_000, "cy": 15_000}


def _split(odd_cent: OddCent) -> tuple[Floor, list[Event]]:
    """Ann goes out; Bo and Cy split the pot (the director names them both)."""
    f = night(bounty_rules(bounty_cents=2001, odd_cent=odd_cent), SPLIT, club=True)
    events = f.do(
        c.RecordBust(
            table=1,
            busted=(PlayerId("ann"),),
            eliminated_by=PlayerId("bo"),
            shared_with=(PlayerId("cy"),),
        )
    )
    return f, events


def test_live_a_split_pot_named_by_the_director_splits_chips_and_bounty_left_of_button() -> None:
    f, events = _split(OddCent.LEFT_OF_BUTTON)
    table = f.state.tables[next(iter(f.state.tables))]
    button = table.last.button if table.last else table.button
    first = min(("bo", "cy"), key=lambda p: (table.seat_of(PlayerId(p)) - button - 1) % 10)
    shares = collected(events)["ann"]
    assert shares[first] == (1001, 0)
    assert sorted(shares.values()) == [(1000, 0), (1001, 0)]
    assert f.state.players[PlayerId("bo")].chips + f.state.players[PlayerId("cy")].chips == 60_000
    assert knocked_out_by(events) == {"ann": ("bo", "cy")}
    # the league's knockouts follow the bounty: half a knockout each
    result = result_of(f.state, event="pko")
    kos = {finish.player: finish.knockouts for finish in result.finishes}
    assert kos[ClubPlayerId("club-bo")] == kos[ClubPlayerId("club-cy")] == 0.5
    assert balanced(f.state)
    assert f.replayed() == f.state


def test_live_a_split_pots_odd_cent_to_the_biggest_stack_as_a_club_rule() -> None:
    f, events = _split(OddCent.BIGGEST_STACK)
    assert collected(events)["ann"] == {"bo": (1001, 0), "cy": (1000, 0)}  # Bo: 25,000 chips
    assert balanced(f.state)


# --- need a chip to win a chip ------------------------------------------------------------------

# Eve all-in for one 100 chip; Al and Bea put 100 each into the main pot and split it: the odd
# chip to Al (first left of the button), so Al wins 200 for his 100 and Bea 100 for hers.
NEED = {"eve": 100, "al": 29_950, "bea": 29_950}
NEED_AFTER = {"eve": 0, "al": 30_050, "bea": 29_950}
NEED_POTS = (
    HandPot(amount=300, eligible=("eve", "al", "bea"), winners=("al", "bea"), shares=(200, 100)),
)


def test_need_a_chip_on_only_the_winner_who_won_a_chip_of_theirs_collects() -> None:
    f = night(bounty_rules(need_a_chip=True), NEED)
    events = f.do(c.FinishHand(hand_id=f.start(1), stacks=_chips(NEED_AFTER), pots=NEED_POTS))
    assert collected(events) == {"eve": {"al": (2000, 0)}}
    assert knocked_out_by(events) == {"eve": ("al",)}


def test_need_a_chip_off_both_winners_share() -> None:
    f = night(bounty_rules(need_a_chip=False), NEED)
    events = f.do(c.FinishHand(hand_id=f.start(1), stacks=_chips(NEED_AFTER), pots=NEED_POTS))
    assert collected(events) == {"eve": {"al": (1000, 0), "bea": (1000, 0)}}
    assert knocked_out_by(events) == {"eve": ("al", "bea")}


# --- a progressive knockout and the winner's own bounty -------------------------------------------


def test_pko_half_paid_half_onto_the_head_odd_cent_paid_and_the_winner_collects_their_own() -> None:
    f = night(bounty_rules(bounty_cents=1501, progressive_percent=50), SPLIT)
    f.bust(1, ["ann"], "bo")
    assert f.state.bounty.cash(PlayerId("bo")) == 751  # the odd cent paid at once
    assert f.state.bounty.head(PlayerId("bo")) == 1501 + 750
    events = f.bust(1, ["cy"], "bo")
    assert collected(events) == {"cy": {"bo": (751, 750)}}
    kept = [e for e in events if type(e).__name__ == "OwnBountyKept"]
    assert [(e.player_id, e.cents) for e in kept] == [("bo", 1501 + 750 + 750)]  # type: ignore[attr-defined]
    assert line_of(f, kept[0]) == "Bo collects their own bounty of $30.01 as the winner"
    assert f.state.bounty.cash(PlayerId("bo")) == 3 * 1501  # every bounty of the night
    balance = f.state.ledger.balance(f.rules.tournament.prize_pool)
    assert balance.bounties_on_heads == 0
    assert balance.bounties_won == balance.bounties == 3 * 1501
    assert balanced(f.state)


def test_a_plain_event_without_bounties_records_nothing_more() -> None:
    f = night(RuleSet.from_preset("tda"), STARS)
    events = f.bust(1, ["daniel"], "barry")
    assert not any("bounty" in e.type for e in f.log)
    assert all(not e.pots for e in events if isinstance(e, HandFinished))
    assert f.state.bounty.on_heads() == 0
