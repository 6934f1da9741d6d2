"""Live-mode rulings a director must be able to trust (issue: the live-mode defects, closed).

Each test is a defect found by driving the director through ``decide`` the way a console does,
named after the rule it breaks; each holds in live mode (the floor confirms seat changes) and,
where it applies, in dealt mode (the director makes them itself).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from pitboss.cards import Card
from pitboss.errors import PayoutError, PitbossError, RegistrationError, TournamentError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import MissedBlindPolicy
from pitboss.rules.tournament import BalanceMover, ChopMethod, RefundPolicy, TableOrder
from pitboss.table.positions import Positions
from pitboss.table.seats import TableSeats
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.hands import HandStarted
from pitboss.tournament.features.registration import PlayerWithdrew, WithdrawalReason
from pitboss.tournament.features.seat_changes import (
    TableBroken,
    TableResized,
    pending,
    table_wait_reason,
)
from pitboss.tournament.features.tables import SeatsDrawn, TableOpened
from pitboss.tournament.model.balancing import BalanceContext, Move, next_decision
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.state import Phase

from .director_helpers import Director, thc_details
from .floor_helpers import Floor

MIN = 60_000


def _rules(preset: str, **seating: object) -> RuleSet:
    rules = RuleSet.from_preset(preset)
    t = rules.tournament
    entry = dataclasses.replace(t.entry, required_details=())
    return dataclasses.replace(
        rules,
        tournament=dataclasses.replace(
            t, entry=entry, seating=dataclasses.replace(t.seating, **seating)
        ),
    )


def _chips(pid: str, chips: int) -> PlayerChips:
    return PlayerChips(player_id=PlayerId(pid), chips=chips)


# --- TDA 11A: a player moved to balance never takes the next small blind -------------------


def _short_table(*, seats: list[int]) -> TableSeats:
    """A 10-seat table whose last hand had the button on 8, the small blind on 9 and the big
    blind on 1, the big blind then busted (seat 1 is empty)."""
    return TableSeats(
        number=2,
        seat_count=10,
        seats={s: PlayerId(f"s{s}") for s in seats},
        last=Positions(button=8, small_blind=9, small_blind_position=9, big_blind=1),
        button=8,
        hands_played=5,
    )


def _ctx(threshold: int) -> BalanceContext:
    return BalanceContext(
        capacity=10,
        threshold=threshold,
        mover=BalanceMover.NEXT_BIG_BLIND,
        source_order=TableOrder.HIGHEST_FIRST,
        break_order=TableOrder.HIGHEST_FIRST,
        missed=MissedBlindPolicy.WAIT_FOR_BUTTON,
    )


def _full_table() -> TableSeats:
    return TableSeats(
        number=1,
        seat_count=10,
        seats={s: PlayerId(f"f{s}") for s in range(1, 11)},
        last=Positions(button=1, small_blind=2, small_blind_position=2, big_blind=3),
        button=1,
        hands_played=5,
    )


def test_tda_11a_a_mover_takes_the_seat_between_button_and_small_blind_not_the_small_blind() -> (
    None
):
    """The issue's layout: seats 2-9 filled; seat 1 (next small blind) and seat 10 (between the
    button and the small blind) empty. The mover takes seat 10 and waits for the button."""
    short = _short_table(seats=list(range(2, 10)))
    assert short.worst_seats(MissedBlindPolicy.WAIT_FOR_BUTTON) == [10]
    decision = next_decision({1: _full_table(), 2: short}, _ctx(threshold=2))
    assert isinstance(decision, Move)
    assert (decision.to_table, decision.to_seat) == (2, 10)


def test_tda_11a_when_only_the_next_small_blind_is_empty_the_move_waits_one_hand() -> None:
    short = _short_table(seats=list(range(2, 11)))  # 9 players; only seat 1 is empty
    assert short.worst_seats(MissedBlindPolicy.WAIT_FOR_BUTTON) == []
    tables = {1: _full_table(), 2: short}
    assert next_decision(tables, _ctx(threshold=1)) is None
    from pitboss.tournament.model.balancing import halted_tables

    assert halted_tables(tables, _ctx(threshold=1)) == ()  # it deals, so the seats move on


# --- hand-for-hand when a table breaks (RP-8) ----------------------------------------------


def test_rp_8_a_table_broken_during_a_hand_for_hand_hand_does_not_hold_the_others() -> None:
    """Regression: the last table waited for ever for a table that no longer existed."""
    floor = Floor(_rules("tda", auto_apply_moves=False), seed=3)
    floor.seat(11)  # two tables, 6 and 5
    assert sorted(floor.sizes().values()) == [5, 6]
    floor.do(c.StartHandForHand())
    first = min(floor.state.tables)
    floor.bust(first, [str(floor.state.tables[first].players()[0])])  # 10 left: one table
    assert first in floor.state.hand_for_hand_done
    events = floor.do(c.ConfirmSeatChange())  # the other table breaks
    assert any(isinstance(e, TableBroken) for e in events)
    assert list(floor.state.tables) == [first]
    assert table_wait_reason(floor.state, first) is None
    assert not floor.state.clock.hand_for_hand  # one table left: hand-for-hand is over
    floor.quiet_hand(first)


def test_rp_8_three_tables_one_breaks_the_others_finish_the_hand_for_hand_hand() -> None:
    floor = Floor(_rules("tda", auto_apply_moves=False), seed=5)
    floor.seat(21)  # three tables of 7
    floor.do(c.StartHandForHand())
    tables = sorted(floor.state.tables)
    floor.bust(tables[0], [str(floor.state.tables[tables[0]].players()[0])])  # 20: two tables
    floor.do(c.ConfirmSeatChange())  # the highest table breaks
    assert tables[2] not in floor.state.tables
    waiting = [t for t in floor.state.tables if table_wait_reason(floor.state, t) is not None]
    assert waiting == [tables[0]]  # it played this hand-for-hand hand; the other plays it now
    before = floor.state.hand_for_hand_hand
    floor.quiet_hand(tables[1])
    assert floor.state.hand_for_hand_hand == before + 1  # RP-8C: the hand is complete
    assert all(table_wait_reason(floor.state, t) is None for t in floor.state.tables)


# --- THC 5: 11 seats in the first round, then 10 -------------------------------------------


def _thc_round_one() -> Floor:
    floor = Floor(_rules("thc"), seed=11)
    floor.register(*[f"p{i:02d}" for i in range(33)], details=thc_details())
    floor.do(c.StartTournament())
    assert sorted(floor.sizes().values()) == [11, 11, 11]
    return floor


def test_thc_5_no_table_breaks_in_the_first_round_only_to_open_again_at_level_2() -> None:
    """Regression: with 22 left in round 1 a table broke (22 fit 2 x 11), then level 2's
    tables of 10 needed a third table again: 8 players moved, then 7 more."""
    floor = _thc_round_one()
    for _ in range(11):
        table = max(floor.sizes(), key=lambda t: floor.sizes()[t])
        floor.bust_dealt(table)
        floor.now += MIN
    assert floor.state.players_left == 22
    assert floor.state.level == 1
    floor.do(c.Tick(), at=floor.minutes(31))  # level 2: tables of 10
    for _ in range(6):
        for table in sorted(floor.state.tables):
            if table_wait_reason(floor.state, table) is None:
                floor.quiet_hand(table)
    assert not any(isinstance(e, TableBroken | TableOpened) for e in floor.log)
    assert len(floor.state.tables) == 3


def _confirm_all(floor: Floor) -> None:
    """The floor confirms every seat change the director proposes (live mode)."""
    while pending(floor.state) is not None:  # no hand is in play between these steps
        floor.do(c.ConfirmSeatChange())


def test_thc_5_once_tables_are_10_handed_no_button_or_blind_sits_on_seat_11() -> None:
    floor = _thc_round_one()
    for table in sorted(floor.state.tables):
        floor.quiet_hand(table)
    floor.do(c.Tick(), at=floor.minutes(31))  # level 2: 33 players need a fourth table
    for _ in range(8):
        _confirm_all(floor)
        for table in sorted(floor.state.tables):
            if table_wait_reason(floor.state, table) is None and floor.state.tables[table].size > 1:
                floor.quiet_hand(table)
    resized = [e for e in floor.log if isinstance(e, TableResized)]
    assert sorted(e.table for e in resized) == [1, 2, 3]  # table 4 opened with 10 seats
    assert all(t.seat_count == 10 and max(t.seats) <= 10 for t in floor.state.tables.values())
    since = floor.log.index(resized[0])
    for event in floor.log[since:]:
        if isinstance(event, HandStarted) and event.positions is not None:
            table = floor.state.tables[event.table]
            if table.seat_count == 10:
                p = event.positions
                assert max(p.button, p.small_blind_position, p.big_blind) <= 10, p


# --- a player out stays out ------------------------------------------------------------------


def test_a_player_out_cannot_be_busted_again_or_given_chips() -> None:
    d = Director("tda")
    d.start("a", "b", "x")
    d.do(c.StartHand(hand_id="h1", table=1))
    d.do(c.FinishHand(hand_id="h1", stacks=(_chips("a", 0), _chips("b", 40_000))))
    assert d.state.is_out(PlayerId("a"))
    d.do(c.StartHand(hand_id="h2", table=1))
    before = d.state
    with pytest.raises(TournamentError) as info:  # a second bust: two finishing places
        d.do(c.FinishHand(hand_id="h2", stacks=(_chips("a", 0), _chips("b", 40_000))))
    assert info.value.code == "player_out"
    assert info.value.params["player_id"] == "a"
    assert d.state == before
    busts = [b for e in d.log if isinstance(e, PlayersBusted) for b in e.busts]
    assert [b.player_id for b in busts] == ["a"]


@pytest.mark.parametrize(
    "command",
    [
        c.MovePlayer(player_id=PlayerId("p000"), table=1, seat=10),
        c.GivePenalty(player_id=PlayerId("p000"), reason="abuse"),
        c.WithdrawFromPlay(player_id=PlayerId("p000")),
        c.MarkAbsent(player_id=PlayerId("p000")),
        c.RemoveChips(player_id=PlayerId("p000"), reason="pocketed", chips=100),  # type: ignore[arg-type]
    ],
    ids=lambda cmd: type(cmd).__name__,
)
def test_a_player_out_cannot_be_moved_penalised_or_withdrawn(command: c.Command) -> None:
    floor = Floor("tda", seed=1)
    floor.seat(12)
    table = floor.table_of("p000")
    floor.bust(table, ["p000"])
    before = floor.state
    with pytest.raises(PitbossError) as info:
        floor.do(command)
    assert info.value.code == "player_out"
    assert floor.state == before


def test_not_seated_errors_say_why() -> None:
    d = Director("tda")
    d.start("a", "b")  # no random source: the tournament runs unseated
    with pytest.raises(PitbossError) as info:
        d.do(c.MovePlayer(player_id=PlayerId("a"), table=2, seat=1))
    assert info.value.code == "not_seated"
    assert "seats have not been drawn" in info.value.message
    with pytest.raises(PitbossError) as info:
        d.do(c.MovePlayer(player_id=PlayerId("nobody"), table=1, seat=1))
    assert info.value.code == "unknown_player"
    floor = Floor("tda", seed=1)
    floor.seat(4)
    with pytest.raises(PitbossError) as info:
        floor.do(c.MovePlayer(player_id=PlayerId("p000"), table=2, seat=1))
    assert info.value.code == "unknown_table"
    assert info.value.params["tables"] == [1]


# --- seat changes happen between hands -----------------------------------------------------


def test_a_move_into_a_table_with_a_hand_in_play_waits_for_the_hand_to_end() -> None:
    floor = Floor(_rules("tda", auto_apply_moves=False), seed=2)
    floor.seat(15)  # two tables, 8 and 7
    source, target = sorted(floor.state.tables)
    floor.start(target)
    empty = floor.state.tables[target].empty_seats()[0]
    pid = floor.state.tables[source].players()[0]
    with pytest.raises(PitbossError) as info:
        floor.do(c.MovePlayer(player_id=pid, table=target, seat=empty))
    assert info.value.code == "hand_in_play"
    assert info.value.params["table"] == target


def test_tda_11a_a_balancing_move_waits_for_both_tables_between_hands() -> None:
    floor = Floor(_rules("tda", auto_apply_moves=False), seed=4)
    floor.seat(16)  # 8 and 8
    a, b = sorted(floor.state.tables)
    floor.bust_dealt(a, 3)  # 5 and 8: a move is due from b to a (TDA 11D)
    hand = floor.start(a) if table_wait_reason(floor.state, a) is None else None
    assert hand is None  # the short table halts (TDA 11D) and waits for the move
    floor.start(b) if table_wait_reason(floor.state, b) is None else None
    if floor.state.open_hands(b):
        with pytest.raises(PitbossError) as info:
            floor.do(c.ConfirmSeatChange())
        assert info.value.code == "nothing_to_confirm"
        assert "balancing move" in (table_wait_reason(floor.state, a) or "")
        (h,) = floor.state.open_hands(b)
        first = h.players[0]
        floor.finish(h.hand_id, {str(first): floor.state.players[first].chips})
    events = floor.do(c.ConfirmSeatChange())
    assert [type(e).__name__ for e in events][:1] == ["PlayerMoved"]


# --- KY 6: the draw for the button says who drew which card ---------------------------------


def test_ky_6_the_button_draw_records_who_drew_each_card() -> None:
    floor = Floor("ky-charity", seed=8)
    floor.seat(20)
    (drawn,) = [e for e in floor.log if isinstance(e, SeatsDrawn)]
    for table in drawn.tables:
        players = {a.player_id for a in table.seats}
        entries = [entry.rsplit(":", 1) for entry in table.draw]
        assert {PlayerId(p) for p, _ in entries} == players  # every player drew one card
        # KY 6: high card deals ("the first card dealt gets the higher value" on equal ranks)
        best = max(entries, key=lambda e: (Card.parse(e[1]).rank, -entries.index(e)))
        button_player = next(a.player_id for a in table.seats if a.seat == table.button)
        assert button_player == best[0]  # the winner keeps the seat they drew from


# --- one re-buy window (KY 4, THC 1) --------------------------------------------------------


def test_thc_1_re_buys_run_on_the_tournament_clock_and_no_winner_while_they_are_open() -> None:
    """Regression: with a 30-minute pause, the winner was declared on wall time, then a re-buy
    was accepted on clock time and the winner silently reset."""
    d = Director(_rules("thc"))
    d.register("a", "b")
    d.do(c.StartTournament())
    d.do(c.PauseClock(), at=d.minutes(60))
    d.do(c.ResumeClock(), at=d.minutes(90))
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(125))  # 95 minutes of clock time
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 0), _chips("b", 32_000))))
    assert d.state.winner is None  # "for the first 2 hrs" of play: a can still re-buy
    d.do(c.Rebuy(player_id=PlayerId("a")), at=d.minutes(140))  # 110 minutes of play
    assert not d.state.is_out(PlayerId("a"))
    d.do(c.StartHand(hand_id="h2", table=1), at=d.minutes(141))
    d.do(c.FinishHand(hand_id="h2", stacks=(_chips("a", 0), _chips("b", 40_000))))
    d.do(c.Tick(), at=d.minutes(149))  # 119 minutes of play: still open
    assert d.state.winner is None
    d.do(c.Tick(), at=d.minutes(151))  # two hours of play: the window closes
    assert d.state.winner == PlayerId("b")
    with pytest.raises(TournamentError) as info:
        d.do(c.Rebuy(player_id=PlayerId("a")))
    assert info.value.code == "tournament_over"


def test_ky_4_re_buys_close_at_the_intermission_and_the_winner_is_declared_then() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(10))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 0), _chips("b", 8_000))))
    d.do(c.Tick(), at=d.minutes(99))
    assert d.state.winner is None
    events = d.do(c.Tick(), at=d.minutes(100))  # the break after level 5: "until intermission"
    assert d.state.winner == PlayerId("b")
    assert events[-1].at == d.minutes(100)


def test_no_winner_while_late_registration_could_bring_someone_in() -> None:
    d = Director(_rules("tda"))
    rules = d.rules
    t = rules.tournament
    late = dataclasses.replace(t.entry, late_registration_until_level=2)
    d = Director(dataclasses.replace(rules, tournament=dataclasses.replace(t, entry=late)))
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 0), _chips("b", 40_000))))
    assert d.state.winner is None
    d.do(c.RegisterPlayer(player_id=PlayerId("late"), name="Late"))
    assert d.state.players_left == 2


# --- the tournament ends ---------------------------------------------------------------------


def _finished() -> Director:
    d = Director("tda")
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 0), _chips("b", 40_000))))
    assert d.state.winner == PlayerId("b")
    assert d.state.phase is Phase.FINISHED
    return d


@pytest.mark.parametrize(
    "command",
    [
        c.RegisterPlayer(player_id=PlayerId("late"), name="Late"),
        c.StartHand(hand_id="h2", table=1),
        c.FinishHand(hand_id="h", stacks=(_chips("b", 40_000),)),
        c.WithdrawFromPlay(player_id=PlayerId("b")),
        c.Rebuy(player_id=PlayerId("a")),
        c.GivePenalty(player_id=PlayerId("b"), reason="abuse"),
        c.ResumeClock(),
        c.JumpToLevel(level=3),
    ],
    ids=lambda cmd: type(cmd).__name__,
)
def test_ky_3_after_the_winner_nothing_that_changes_play_is_accepted(command: c.Command) -> None:
    d = _finished()
    before = d.state
    with pytest.raises(TournamentError) as info:
        d.do(command, at=d.now + MIN)
    assert info.value.code == "tournament_over"
    assert d.state == before


def test_after_the_winner_prizes_are_paid_and_the_books_close() -> None:
    d = _finished()
    with pytest.raises(PayoutError) as info:
        d.do(c.CloseBooks())
    assert info.value.code == "prizes_unpaid"
    d.do(c.PayPrize(player_id=PlayerId("b")))
    d.do(c.CloseBooks())
    assert d.state.books_closed
    with pytest.raises(TournamentError) as info:
        d.do(c.PayPrize(player_id=PlayerId("b")))
    assert info.value.code == "books_closed"
    assert d.state.ledger.balance(d.rules.tournament.prize_pool).is_balanced


def test_the_clock_stops_when_the_tournament_is_won() -> None:
    d = _finished()
    assert d.do(c.Tick(), at=d.now + 10 * 60 * MIN) == []


# --- THC 1 / TDA 27: a declared re-buy plays behind -----------------------------------------


def test_thc_1_a_player_all_in_for_stack_and_declared_rebuy_is_recorded() -> None:
    d = Director(_rules("thc"))
    d.register("a", "b", "x")
    d.do(c.StartTournament())
    d.do(c.StartHand(hand_id="h1", table=1))
    d.do(c.FinishHand(hand_id="h1", stacks=(_chips("a", 1_000), _chips("b", 31_000))))
    d.do(c.DeclareRebuy(player_id=PlayerId("a")), at=d.minutes(30))
    d.do(c.StartHand(hand_id="h2", table=1))
    # a is all in for 1,000 + the 8,000 of the re-buy, and loses it all to b
    events = d.do(c.FinishHand(hand_id="h2", stacks=(_chips("a", 0), _chips("b", 40_000))))
    kinds = [type(e).__name__ for e in events]
    assert kinds[:3] == ["RebuyBought", "HandFinished", "PlayersBusted"]
    assert d.state.players[PlayerId("a")].rebuys == 1
    assert d.state.is_out(PlayerId("a"))
    assert d.state.ledger.rebuy_cents == d.rules.tournament.rebuy.price_cents


# a re-buy declared during a hand (after the shuffle) plays behind in that hand:
# tests/tournament/test_declared_rebuys.py


# --- deals (RULES §3.9) --------------------------------------------------------------------


def _three_left() -> Director:
    d = Director("tda")
    d.start("a", "b", "x", "y")
    d.do(c.StartHand(hand_id="h", table=1))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("y", 0), _chips("a", 40_000))))
    return d


def test_a_deal_must_divide_exactly_the_prizes_still_to_be_paid() -> None:
    """Regression: a deal for $15,000,000 against a $300 pool was approved."""
    d = _three_left()
    players = tuple(d.state.remaining_players())
    before = d.state
    with pytest.raises(PayoutError) as info:
        d.do(
            c.ProposeDeal(
                deal_id="big",
                players=players,
                prizes_cents=(1_000_000_000, 400_000_000, 100_000_000),
                custom_amounts_cents=(1_000_000_000, 400_000_000, 100_000_000),
            )
        )
    assert info.value.code == "deal_prizes"
    assert d.state == before


def test_a_second_deal_cannot_be_made_after_one_was_approved() -> None:
    d = _three_left()
    players = tuple(d.state.remaining_players())
    d.do(c.ProposeDeal(deal_id="d1", players=players, method=ChopMethod.CHIP, left_to_play_cents=0))
    for pid in players:
        d.do(c.ConsentToDeal(deal_id="d1", player_id=pid))
    d.do(c.ApproveDeal(deal_id="d1"))
    assert d.state.phase is Phase.FINISHED  # nothing left to play for
    with pytest.raises(TournamentError) as info:
        d.do(c.ProposeDeal(deal_id="d2", players=players, method=ChopMethod.EQUAL))
    assert info.value.code in {"tournament_over", "deal_already_made"}


def test_deal_shares_are_paid_and_the_books_close_after_a_deal() -> None:
    d = _three_left()
    players = tuple(d.state.remaining_players())
    d.do(c.ProposeDeal(deal_id="d1", players=players, method=ChopMethod.CHIP))
    for pid in players:
        d.do(c.ConsentToDeal(deal_id="d1", player_id=pid))
    d.do(c.ApproveDeal(deal_id="d1"))
    owed = dict(zip(players, d.state.deals["d1"].amounts_cents, strict=True))
    with pytest.raises(PayoutError) as info:
        d.do(c.PayPrize(player_id=players[0], amount_cents=owed[players[0]] + 1))
    assert info.value.code == "bad_prize_amount"
    for pid in players:
        d.do(c.PayPrize(player_id=pid))
        assert d.state.players[pid].prize_cents == owed[pid]
    d.do(c.CloseBooks())
    balance = d.state.ledger.balance(d.rules.tournament.prize_pool)
    assert balance.prizes_unpaid == 0
    assert balance.is_balanced


def test_the_forced_chop_closes_the_books_ky_11() -> None:
    rules = RuleSet.from_preset("ky-charity")
    d = Director(rules)
    d.start(*[f"p{i}" for i in range(12)])
    d.do(c.Tick(), at=d.minutes(361))
    assert d.state.phase is Phase.STOPPED
    players = tuple(d.state.remaining_players())
    d.do(c.ProposeDeal(deal_id="ky11", players=players, method=ChopMethod.CHIP))
    d.do(c.ApproveDeal(deal_id="ky11"))
    assert d.state.phase is Phase.FINISHED
    for pid in players:
        d.do(c.PayPrize(player_id=pid))
    d.do(c.CloseBooks())
    assert d.state.books_closed


# --- prizes by finishing place ---------------------------------------------------------------


def test_a_prize_is_never_paid_to_a_player_still_in_play() -> None:
    d = _three_left()
    with pytest.raises(PayoutError) as info:
        d.do(c.PayPrize(player_id=PlayerId("a"), amount_cents=100))
    assert info.value.code == "player_in_play"


def test_a_player_out_in_the_money_is_paid_the_prize_of_their_place() -> None:
    d = Director("tda")
    d.start(*[f"p{i}" for i in range(12)])
    prizes = d.state.prizes_cents
    assert len(prizes) >= 2
    d.do(c.StartHand(hand_id="h", table=1))
    losers = [f"p{i}" for i in range(1, 11)]
    total = sum(d.state.players[PlayerId(p)].chips for p in ["p0", *losers])
    stacks = (*(_chips(p, 0) for p in losers), _chips("p0", total))
    d.do(c.FinishHand(hand_id="h", stacks=stacks))
    # p1..p10 went out on one hand with equal stacks: they share places 3-12
    shared = sum(prizes[2:12]) // 10
    d.do(c.PayPrize(player_id=PlayerId("p1")))
    assert abs(d.state.players[PlayerId("p1")].prize_cents - shared) <= 1


# --- THC 39: not enough dealers ---------------------------------------------------------------


def test_thc_39_too_few_dealers_refunds_ticket_and_fee_to_the_highest_ticket_numbers() -> None:
    d = Director("thc")
    names = [f"p{i:02d}" for i in range(25)]
    d.register(*names, details=thc_details())
    assert d.rules.tournament.entry.refund_on_withdrawal is RefundPolicy.NONE  # THC 1
    events = d.do(c.RefundForDealers(tables_with_dealers=2))  # 2 x 11 seats in round 1
    refunded = [e for e in events if isinstance(e, PlayerWithdrew)]
    assert [e.player_id for e in refunded] == names[22:]
    assert all(e.reason is WithdrawalReason.DEALER_SHORTAGE for e in refunded)
    assert all(e.refund_entry_cents == 10_000 and e.refund_fee_cents == 1_000 for e in refunded)
    assert d.state.entries == 22
    assert d.state.ledger.refunds == 3 * 11_000
    with pytest.raises(RegistrationError) as info:
        d.do(c.RefundForDealers(tables_with_dealers=2))
    assert info.value.code == "nothing_to_refund"


def test_a_house_without_thc_39_refuses_the_dealer_refund() -> None:
    d = Director("tda")
    d.register("a", "b")
    with pytest.raises(RegistrationError) as info:
        d.do(c.RefundForDealers(tables_with_dealers=1))
    assert info.value.code == "no_dealer_refund"


# --- a refused command leaves the random source as it was ------------------------------------


def test_a_refused_command_draws_nothing_from_the_random_source() -> None:
    rng = random.Random(5)
    d = Director("ky-charity")
    d.register(*[f"p{i}" for i in range(20)])
    state = rng.getstate()
    with pytest.raises(PitbossError):
        # the seat draw and the KY 6 button draws happen before the last check refuses it
        decide(
            d.state, c.ReEnter(player_id=PlayerId("p1"), new_player_id=PlayerId("z")), d.now, rng
        )
    assert rng.getstate() == state
    events = decide(d.state, c.StartTournament(), d.now, rng)
    assert any(isinstance(e, SeatsDrawn) for e in events)
    assert rng.getstate() != state  # an accepted command's draws do move the source on
