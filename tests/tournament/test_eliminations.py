"""Bust-outs and finishing places (KY 8d, THC 3, TDA RP-8A), standings and the winner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pitboss.errors import SeatingError, TournamentError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import EqualStackBusts
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import PlayersBusted, TournamentWon
from pitboss.tournament.features.timekeeping import HandForHandHandPlayed
from pitboss.tournament.model.eliminations import Bust, BustRecord, finishing_places, rank_busts
from pitboss.tournament.reading.views import standings_view

from .floor_helpers import Floor


def _rules(house: str = "tda", **seating: object) -> RuleSet:
    rules = RuleSet.from_preset(house)
    t = rules.tournament
    return replace(rules, tournament=replace(t, seating=replace(t.seating, **seating)))


def P(name: str) -> PlayerId:  # noqa: N802 - reads like a constructor
    return PlayerId(name)


def test_ky_8d_thc_3_bigger_starting_stack_finishes_higher_on_the_same_hand() -> None:
    floor = Floor("tda", seed=1)
    floor.seat(5)
    hand = floor.start(1)
    a, b, w = (str(p) for p in floor.state.hands[hand].players[:3])
    # a starts with more chips than b: give a 5,000 of w's before the deciding hand
    floor.finish(hand, {a: 25_000, w: 15_000})
    hand = floor.start(1)
    total = 25_000 + 20_000 + 15_000
    events = floor.finish(hand, {a: 0, b: 0, w: total})
    busted = next(e for e in events if isinstance(e, PlayersBusted))
    assert [x.player_id for x in busted.busts] == [a, b]
    assert busted.busts[0].stack_at_start == 25_000
    places = {p.player_id: (p.first, p.last) for p in standings_view(floor.state).places}
    assert places[P(a)] == (4, 4)
    assert places[P(b)] == (5, 5)


def test_equal_starting_stacks_share_the_places_by_default() -> None:
    floor = Floor("tda", seed=1)
    floor.seat(4)
    floor.bust(1, [str(p) for p in floor.state.tables[1].players()[:2]])
    places = standings_view(floor.state).places
    assert {(p.first, p.last) for p in places} == {(3, 4)}
    assert all(p.is_shared for p in places)


def test_thc_3_equal_stacks_draw_high_card_until_decided() -> None:
    ranked = rank_busts(
        [(P("a"), 500), (P("b"), 500), (P("c"), 900)], draw_ties=True, rng=random.Random(3)
    )
    assert ranked.busts[0].player_id == P("c")
    assert {b.rank for b in ranked.busts} == {0, 1, 2}
    assert len(ranked.draw) >= 2  # the cards are recorded
    with pytest.raises(TournamentError):
        rank_busts([(P("a"), 1), (P("b"), 1)], draw_ties=True, rng=None)
    floor = Floor(_rules(equal_stack_busts=EqualStackBusts.CARD_DRAW), seed=2)
    floor.seat(4)
    events = floor.bust(1, [str(p) for p in floor.state.tables[1].players()[:2]])
    busted = next(e for e in events if isinstance(e, PlayersBusted))
    assert len(busted.draw) >= 2
    places = sorted((p.first, p.last) for p in standings_view(floor.state).places)
    assert places == [(3, 3), (4, 4)]


def test_tda_rp_8a_busts_at_different_tables_in_one_hand_for_hand_hand_tie() -> None:
    floor = Floor("tda", seed=4)
    floor.seat(12)
    floor.do(c.StartHandForHand())
    one = [str(p) for p in floor.state.tables[1].players()]
    two = [str(p) for p in floor.state.tables[2].players()]
    floor.bust(1, one[:1], one[1])
    with pytest.raises(SeatingError) as err:
        floor.start(1)  # table 1 waits for table 2 (RP-8, WSOP 126a)
    assert err.value.code == "table_must_wait"
    events = floor.bust(2, two[:1], two[1])
    assert any(isinstance(e, HandForHandHandPlayed) for e in events)  # 2 min off (RP-8C)
    places = {p.player_id: (p.first, p.last) for p in standings_view(floor.state).places}
    assert places[P(one[0])] == places[P(two[0])] == (11, 12)


def test_rp_8a_literal_reading_shares_same_table_busts_too() -> None:
    records = [
        BustRecord(
            seq=1,
            bust=Bust(player_id=P("a"), stack_at_start=900, rank=0),
            hand_id="h",
            table=1,
            hand_for_hand_hand=0,
        ),
        BustRecord(
            seq=1,
            bust=Bust(player_id=P("b"), stack_at_start=100, rank=1),
            hand_id="h",
            table=1,
            hand_for_hand_hand=0,
        ),
    ]
    split = finishing_places(records, 3, h4h_shares_same_table=True)
    ordered = finishing_places(records, 3, h4h_shares_same_table=False)
    assert {(p.first, p.last) for p in split} == {(4, 5)}
    assert [(p.player_id, p.first) for p in ordered] == [(P("a"), 4), (P("b"), 5)]


def test_hand_for_hand_starts_one_off_the_money_and_ends_when_the_bubble_bursts() -> None:
    floor = Floor(_rules(hand_for_hand_on_bubble=True, auto_apply_moves=True), seed=6)
    floor.seat(60)  # 10 places paid: the bubble is 11 players, on two tables
    paid = len(floor.state.prizes_cents)
    while len(floor.state.remaining_players()) > paid + 1:
        table = max(floor.state.tables, key=lambda n: floor.state.tables[n].size)
        floor.bust_dealt(table)
    assert floor.state.clock.hand_for_hand
    assert len(floor.state.tables) == 2
    floor.bust_dealt(min(floor.state.tables))
    assert not floor.state.clock.hand_for_hand  # in the money: hand-for-hand ends


def test_rp_8c_each_hand_for_hand_hand_takes_2_minutes_off_the_clock() -> None:
    floor = Floor(_rules(hand_for_hand_at_players=12), seed=6)
    floor.seat(14)
    players = [str(p) for p in floor.state.tables[1].players()]
    floor.bust(1, players[:2], players[2])
    assert floor.state.clock.hand_for_hand
    floor.do(c.BalanceTables())
    before = floor.state.clock.remaining_ms
    floor.quiet_hand(1)
    assert floor.state.clock.remaining_ms == before  # table 1 waits for table 2
    events = floor.quiet_hand(2)
    played = next(e for e in events if isinstance(e, HandForHandHandPlayed))
    assert played.deducted_ms == 120_000


def test_standings_show_players_left_chips_average_leader_and_the_winner_ky_3() -> None:
    floor = Floor("tda", seed=8)
    floor.seat(3)
    players = [str(p) for p in floor.state.tables[1].players()]
    floor.bust(1, players[:1], players[1])
    stand = standings_view(floor.state)
    assert stand.players_left == 2
    assert stand.chips_in_play == 60_000
    assert stand.average_stack == 30_000
    assert stand.chip_leader == P(players[1])
    assert stand.winner is None
    events = floor.bust(1, [players[2]], players[1])
    assert any(isinstance(e, TournamentWon) for e in events)
    assert standings_view(floor.state).winner == P(players[1])
    assert floor.state.winner == P(players[1])


def test_ky_4_a_rebuy_after_a_bust_takes_the_bust_back_and_reseats_tda_8a() -> None:
    floor = Floor("ky-charity", seed=9)
    floor.seat(12)
    players = [str(p) for p in floor.state.tables[1].players()]
    floor.bust(1, players[:1], players[1])
    assert floor.state.is_out(P(players[0]))
    floor.do(c.Rebuy(player_id=P(players[0])))
    assert not floor.state.is_out(P(players[0]))
    assert floor.state.table_of(P(players[0])) is not None
    assert floor.replayed() == floor.state
