"""The director as an aggregate: decide validates, apply folds, replay equals live state."""

from __future__ import annotations

import copy
import dataclasses
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pitboss.errors import ClockError, PayoutError, TournamentError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.payout_tables import PayoutBracket, PayoutTable
from pitboss.rules.tournament import ChopMethod, PayoutTableName
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.busts import TournamentWon
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.hands import HandStarted
from pitboss.tournament.features.timekeeping import LevelChange, LevelStarted, TimeLimitReached
from pitboss.tournament.model.entries import PlayerChips, PlayerStatus
from pitboss.tournament.registry import event_from_dict
from pitboss.tournament.state import Phase, replay

from .director_helpers import MIN, T0, Director


def _chips(pid: str, chips: int) -> PlayerChips:
    return PlayerChips(player_id=PlayerId(pid), chips=chips)


def _with_stack(preset: str, chips: int) -> RuleSet:
    base = RuleSet.from_preset(preset)
    t = base.tournament
    return dataclasses.replace(
        base,
        tournament=dataclasses.replace(t, entry=dataclasses.replace(t.entry, starting_chips=chips)),
    )


# --- the clock inside the aggregate ---------------------------------------------------------


def test_new_level_applies_from_the_next_hand_tda_23_thc_4_slpt_12() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h1", table=1), at=d.minutes(19.9))
    events = d.do(
        c.FinishHand(hand_id="h1", stacks=(_chips("a", 3000), _chips("b", 5000))), at=d.minutes(21)
    )
    # the level changed while h1 was in play: h1 stays at level 1 ...
    assert isinstance(events[0], LevelStarted)
    assert events[0].level == 2
    assert events[0].at == d.minutes(20)
    assert d.state.hands["h1"].level == 1
    # ... and the next hand is dealt at the new level
    (started,) = d.do(c.StartHand(hand_id="h2", table=1))
    assert isinstance(started, HandStarted)
    assert started.level == 2


def test_levels_and_colour_ups_are_recorded_at_their_exact_instants_ky_10() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    events = d.do(c.Tick(), at=d.minutes(149))
    starts = [(type(e).__name__, e.at - T0, e.colour_up) for e in events]  # type: ignore[union-attr]
    assert starts == [
        ("LevelStarted", 20 * MIN, ()),
        ("LevelStarted", 40 * MIN, ()),
        ("LevelStarted", 60 * MIN, (25,)),  # KY 10: the $25 green chips leave at level 4
        ("LevelStarted", 80 * MIN, ()),
        ("BreakStarted", 100 * MIN, ()),
        ("LevelStarted", 110 * MIN, ()),
        ("LevelStarted", 130 * MIN, ()),
    ]
    assert d.state.chips_removed == (25,)


@given(st.lists(st.integers(1, 90), min_size=1, max_size=30))
@settings(max_examples=40, deadline=None)
def test_the_log_does_not_depend_on_how_often_the_host_ticks(gaps: list[int]) -> None:
    once = Director("ky-charity")
    once.start("a", "b")
    often = Director("ky-charity")
    often.start("a", "b")
    now = T0
    for gap in gaps:
        now += gap * MIN // 3
        often.do(c.Tick(), at=now)
    once.do(c.Tick(), at=now)
    assert once.log == often.log
    assert once.state == often.state


def test_no_hand_on_a_break() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    with pytest.raises(TournamentError, match="on the break after level 5"):
        d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(105))


def test_pause_add_time_and_jump() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.PauseClock(), at=d.minutes(10))
    with pytest.raises(ClockError, match="already paused"):
        d.do(c.PauseClock())
    assert d.do(c.Tick(), at=d.minutes(100)) == []  # nothing moves while paused
    d.do(c.ResumeClock())
    d.do(c.AdjustClock(seconds=120))
    events = d.do(c.Tick(), at=d.minutes(112))
    assert [e.at - T0 for e in events] == [112 * MIN]  # 10 + 2 minutes left from minute 100
    with pytest.raises(ClockError, match="jump to the next level"):
        d.do(c.AdjustClock(seconds=-20 * 60))
    (jump,) = d.do(c.JumpToLevel(level=9))
    assert isinstance(jump, LevelStarted)
    assert jump.reason is LevelChange.JUMP
    assert jump.colour_up == (25, 50)  # every colour-up passed on the way
    assert d.state.level == 9


def test_hand_for_hand_takes_two_minutes_per_hand_and_advances_levels_rp_8() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.StartHandForHand(), at=d.minutes(17))
    assert d.do(c.Tick(), at=d.minutes(40)) == []  # the clock does not run during H4H
    d.do(c.RecordHandForHandHand())
    events = d.do(c.RecordHandForHandHand())  # 3 min left - 2 - 2 = 1 min into level 2
    assert isinstance(events[-1], LevelStarted)
    assert events[-1].reason is LevelChange.HAND_FOR_HAND
    assert events[-1].remaining_ms == 19 * MIN
    d.do(c.EndHandForHand())
    assert d.do(c.Tick(), at=d.minutes(40 + 19))[0].at == d.minutes(59)


def test_time_goes_forward_only() -> None:
    d = Director()
    d.register("a")
    with pytest.raises(ClockError, match="cannot go backwards"):
        d.do(c.Tick(), at=T0 - 1)


def test_no_prize_is_paid_before_the_start_when_entries_can_still_be_refunded() -> None:
    """Regression: a prize paid in registration, then a refund, paid out more than was taken in."""
    d = Director(RuleSet.from_preset("ky-charity"))
    d.register("p0")
    before = d.state
    with pytest.raises(PayoutError, match="only once the tournament has started") as info:
        d.do(c.PayPrize(player_id=PlayerId("p0"), amount_cents=500))
    assert info.value.code == "prize_before_start"
    assert d.state == before


# --- the legal time limit and the chop (KY 11) ----------------------------------------------


def _ky_seed_prizes(rules: RuleSet) -> RuleSet:
    """KY 11's printed example: $10,000, $4,000 and $2,000 still to be paid to three players
    (a $16,000 guarantee, paid 62.5% / 25% / 12.5%)."""
    t = rules.tournament
    table = PayoutTable(
        brackets=(PayoutBracket(min_entrants=3, max_entrants=None, shares_bp=(6250, 2500, 1250)),)
    )
    return dataclasses.replace(
        rules,
        tournament=dataclasses.replace(
            t,
            prize_pool=dataclasses.replace(t.prize_pool, guarantee_cents=1_600_000),
            payouts=dataclasses.replace(t.payouts, table=PayoutTableName.CUSTOM, custom=table),
        ),
    )


def _ky_final_three() -> Director:
    d = Director(_ky_seed_prizes(_with_stack("ky-charity", 250_000)))
    d.start("p1", "p2", "p3")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(290))
    d.do(
        c.FinishHand(
            hand_id="h",
            stacks=(_chips("p1", 400_000), _chips("p2", 250_000), _chips("p3", 100_000)),
        )
    )
    return d


def test_ky_time_limit_stops_play_after_six_hours_ky_11() -> None:
    d = _ky_final_three()
    events = d.do(c.Tick(), at=d.minutes(361))
    assert isinstance(events[-1], TimeLimitReached)
    assert events[-1].at == d.minutes(360)
    assert d.state.phase is Phase.STOPPED
    with pytest.raises(TournamentError, match="legal time limit"):
        d.do(c.StartHand(hand_id="late", table=1))
    with pytest.raises(ClockError, match="legal time limit"):
        d.do(c.ResumeClock())


def test_a_hand_in_play_at_the_limit_that_leaves_one_player_decides_it_ky_11() -> None:
    d = _ky_final_three()
    d.do(c.StartHand(hand_id="last", table=1), at=d.minutes(359))
    d.do(c.Tick(), at=d.minutes(361))
    assert d.state.phase is Phase.STOPPED
    events = d.do(
        c.FinishHand(
            hand_id="last",
            stacks=(_chips("p1", 750_000), _chips("p2", 0), _chips("p3", 0)),
        )
    )
    assert [type(e) for e in events][-1] is TournamentWon
    assert d.state.winner == "p1"
    assert d.state.phase is Phase.FINISHED
    with pytest.raises(TournamentError):  # nobody left to chop with
        d.do(c.ProposeDeal(deal_id="d", players=(PlayerId("p1"),), method=ChopMethod.CHIP))


def test_time_limit_counts_pauses_ky_11() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.PauseClock(), at=d.minutes(10))
    events = d.do(c.Tick(), at=d.minutes(360))
    assert [type(e) for e in events] == [TimeLimitReached]


def test_ky_chop_of_the_seed_example_is_exact_to_the_dollar_ky_11() -> None:
    d = _ky_final_three()
    d.do(c.Tick(), at=d.minutes(361))
    players = (PlayerId("p1"), PlayerId("p2"), PlayerId("p3"))
    with pytest.raises(PayoutError, match="house's method, chip"):
        d.do(
            c.ProposeDeal(
                deal_id="d",
                players=players,
                method=ChopMethod.ICM,
                prizes_cents=(1_000_000, 400_000, 200_000),
            )
        )
    assert d.state.prizes_cents == (1_000_000, 400_000, 200_000)
    (proposed,) = d.do(c.ProposeDeal(deal_id="ky11", players=players, method=ChopMethod.CHIP))
    # exact shares are $8,533.33 / $5,333.33 / $2,133.33; KY pays whole dollars, and the odd
    # dollar goes to the larger stack (RULES §2 tie-break), never by rounded percentages
    assert proposed.amounts_cents == (853_400, 533_300, 213_300)  # type: ignore[union-attr]
    assert proposed.forced  # type: ignore[union-attr]
    # forced by law: no consent needed, the director's approval is recorded
    d.do(c.ApproveDeal(deal_id="ky11"))
    assert d.state.deals["ky11"].approved


def test_a_deal_needs_every_remaining_players_consent_and_the_directors_approval() -> None:
    d = _ky_final_three()
    players = (PlayerId("p1"), PlayerId("p2"), PlayerId("p3"))
    with pytest.raises(PayoutError, match="every remaining player"):
        d.do(c.ProposeDeal(deal_id="x", players=players[:2], method=ChopMethod.EQUAL))
    d.do(c.ProposeDeal(deal_id="eq", players=players, method=ChopMethod.EQUAL))
    assert sum(d.state.deals["eq"].amounts_cents) == sum(d.state.prizes_cents[:3])
    d.do(c.ConsentToDeal(deal_id="eq", player_id=players[0]))
    d.do(c.ConsentToDeal(deal_id="eq", player_id=players[1]))
    with pytest.raises(PayoutError, match="waiting for P3"):  # by name
        d.do(c.ApproveDeal(deal_id="eq"))
    d.do(c.ConsentToDeal(deal_id="eq", player_id=players[2]))
    d.do(c.ApproveDeal(deal_id="eq"))
    assert d.state.deals["eq"].approved
    assert not d.state.deals["eq"].forced


def test_a_custom_deal_with_money_left_to_play_for() -> None:
    d = _ky_final_three()
    players = (PlayerId("p1"), PlayerId("p2"), PlayerId("p3"))
    prizes = (1_000_000, 400_000, 200_000)
    d.do(
        c.ProposeDeal(
            deal_id="c",
            players=players,
            prizes_cents=prizes,
            custom_amounts_cents=(700_000, 500_000, 300_000),
            left_to_play_cents=100_000,
        )
    )
    deal = d.state.deals["c"]
    assert deal.amounts_cents == (700_000, 500_000, 300_000)
    assert deal.left_to_play_cents == 100_000
    d.do(c.CancelDeal(deal_id="c"))
    with pytest.raises(PayoutError, match="no open deal"):
        d.do(c.ApproveDeal(deal_id="c"))


def test_chip_chop_warns_when_someone_would_get_more_than_first_prize() -> None:
    d = _ky_final_three()
    players = (PlayerId("p1"), PlayerId("p2"), PlayerId("p3"))
    d.do(
        c.ProposeDeal(
            deal_id="w",
            players=players,
            method=ChopMethod.CHIP,
            prizes_cents=(600_000, 500_000, 500_000),
        )
    )
    assert d.state.deals["w"].warnings


# --- payouts --------------------------------------------------------------------------------


def test_payouts_are_computed_at_the_start_from_the_entrants_thc_add_13() -> None:
    d = Director("ky-charity")
    d.start(*[f"p{i}" for i in range(12)])
    assert d.state.payout_entrants == 12
    assert sum(d.state.prizes_cents) == d.state.prize_pool_cents == 12 * 8500
    assert all(p % 100 == 0 for p in d.state.prizes_cents[1:])  # whole dollars


def test_ky_rebuys_do_not_change_the_payouts_ky_18() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    before = d.state.prizes_cents
    events = d.do(c.Rebuy(player_id=PlayerId("a")))
    assert [e.type for e in events] == ["rebuy_bought"]
    assert d.state.prizes_cents == before


def test_thc_rebuys_grow_the_pool_and_the_payouts_follow() -> None:
    from .director_helpers import thc_details

    d = Director("thc")
    d.register("a", "b", details=thc_details())
    d.do(c.StartTournament())
    d.do(c.StartHand(hand_id="h", table=1))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 100), _chips("b", 31900))))
    events = d.do(c.Rebuy(player_id=PlayerId("a")))
    assert events[-1].type == "payouts_computed"
    assert sum(d.state.prizes_cents) == d.state.prize_pool_cents == (2 * 10000 + 5000) * 70 // 100


# --- chips ----------------------------------------------------------------------------------


def test_a_hand_result_must_conserve_chips() -> None:
    d = Director()
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1))
    with pytest.raises(TournamentError, match="not conserved"):
        d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 20000), _chips("b", 20001))))
    with pytest.raises(TournamentError, match="already has hand"):
        d.do(c.StartHand(hand_id="h2", table=1))


def test_colour_up_is_recorded_with_the_chips_removed_tda_24() -> None:
    d = Director("ky-charity")
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(50))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 3975), _chips("b", 4025))))
    d.do(c.Tick(), at=d.minutes(60))  # KY 10: the $25 chips leave play at level 4
    # KY 2: the odd 25s make one 50 chip; the high card ("a") wins it
    d.do(
        c.RecordColourUp(
            table=1,
            stacks=(_chips("a", 4000), _chips("b", 4000)),
            chips_removed=0,
            draw=("a:As", "b:Kd"),
        )
    )
    assert d.state.chips_in_play() == 8000
    with pytest.raises(TournamentError, match="already raced") as info:
        d.do(
            c.RecordColourUp(
                table=1, stacks=(_chips("a", 4000), _chips("b", 4000)), chips_removed=0
            )
        )
    assert info.value.code == "colour_up_done"


def test_a_recorded_colour_up_cannot_give_chips_the_race_does_not_make_tda_24() -> None:
    """Regression: a RecordColourUp could add a million chips to anyone."""
    d = Director("tda")
    d.start("a", "b", "x")
    with pytest.raises(TournamentError) as info:
        d.do(
            c.RecordColourUp(
                table=1, stacks=(_chips("a", 1_020_000),), chips_removed=0, chips_added=1_000_000
            )
        )
    assert info.value.code == "no_colour_up_due"
    before = d.state
    colour_up = next(p for p in d.state.timeline if p.colour_up)
    d.do(c.Tick(), at=d.now + sum(p.duration_ms for p in d.state.timeline[: colour_up.index]))
    assert d.state.period.colour_up
    stack = d.state.players[PlayerId("a")].chips
    for bad in (
        c.RecordColourUp(
            table=1,
            stacks=(_chips("a", stack + 1_000_000),),
            chips_removed=0,
            chips_added=1_000_000,
        ),
        c.RecordColourUp(table=1, stacks=(_chips("a", stack - 1),), chips_removed=1),
    ):
        after = d.state
        with pytest.raises(TournamentError) as info:
            d.do(bad)
        assert info.value.code in {"colour_up_not_possible", "colour_up_not_conserved"}
        assert d.state == after
    assert before.players == d.state.players


# --- properties -----------------------------------------------------------------------------

PLAYERS = [PlayerId(f"p{i}") for i in range(6)]

step = st.one_of(
    st.tuples(st.just("register"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("withdraw"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("start"), st.just(PLAYERS[0])),
    st.tuples(st.just("rebuy"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("declare"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("add_on"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("hand"), st.sampled_from(PLAYERS)),
    st.tuples(st.just("pause"), st.just(PLAYERS[0])),
    st.tuples(st.just("resume"), st.just(PLAYERS[0])),
    st.tuples(st.just("h4h"), st.just(PLAYERS[0])),
    st.tuples(st.just("h4h_hand"), st.just(PLAYERS[0])),
    st.tuples(st.just("prize"), st.sampled_from(PLAYERS)),
)


def _command(d: Director, kind: str, pid: PlayerId, n: int) -> c.Command:
    if kind == "register":
        return c.RegisterPlayer(player_id=pid, name=str(pid))
    if kind == "withdraw":
        return c.WithdrawPlayer(player_id=pid)
    if kind == "start":
        return c.StartTournament()
    if kind == "rebuy":
        return c.Rebuy(player_id=pid)
    if kind == "declare":
        return c.DeclareRebuy(player_id=pid)
    if kind == "add_on":
        return c.AddOn(player_id=pid)
    if kind == "pause":
        return c.PauseClock()
    if kind == "resume":
        return c.ResumeClock()
    if kind == "h4h":
        return c.StartHandForHand()
    if kind == "h4h_hand":
        return c.RecordHandForHandHand()
    if kind == "prize":
        return c.PayPrize(player_id=pid, amount_cents=500)
    # a hand: pid loses half their chips to the next registered player
    others = [
        p for p in d.state.players if p != pid and d.state.players[p].status is PlayerStatus.ACTIVE
    ]
    if pid not in d.state.players or not others:
        return c.FinishHand(hand_id="nope", stacks=())
    hand = f"h{n}"
    try:
        d.do(c.StartHand(hand_id=hand, table=1))
    except TournamentError:
        return c.FinishHand(hand_id="nope", stacks=())
    me, you = d.state.players[pid].chips, d.state.players[others[0]].chips
    lost = me // 2
    return c.FinishHand(
        hand_id=hand,
        stacks=(
            PlayerChips(player_id=pid, chips=me - lost),
            PlayerChips(player_id=others[0], chips=you + lost),
        ),
    )


@given(
    st.sampled_from(["ky-charity", "thc-open", "tda"]),
    st.lists(st.tuples(step, st.integers(0, 40)), max_size=40),
)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_money_is_conserved_rejections_change_nothing_and_replay_equals_live(
    preset: str, steps: list[tuple[tuple[str, PlayerId], int]]
) -> None:
    rules = _thc_open() if preset == "thc-open" else RuleSet.from_preset(preset)
    d = Director(rules)
    for n, ((kind, pid), minutes) in enumerate(steps):
        d.now += minutes * MIN
        command = _command(d, kind, pid, n)
        before = copy.deepcopy(d.state)
        try:
            d.do(command)
        except TournamentError:
            assert d.state == before  # a rejected command changes nothing
            with pytest.raises(TournamentError):
                decide(d.state, command, d.now)
        s = d.state
        bal = s.ledger.balance(rules.tournament.prize_pool)
        assert bal.is_balanced
        assert bal.taken_in == sum(p.paid_cents for p in s.players.values())
        assert bal.refunds == sum(p.refunded_cents for p in s.players.values())
        assert bal.prizes_paid == sum(p.prize_cents for p in s.players.values())
        if s.phase is not Phase.REGISTRATION:
            assert sum(s.prizes_cents) == s.prize_pool_cents
        chips_bought = sum(
            rules.tournament.entry.starting_chips
            + p.rebuys * rules.tournament.rebuy.chips
            + p.add_ons * rules.tournament.add_on.chips
            for p in s.players.values()
            if p.status is PlayerStatus.ACTIVE
        )
        assert s.chips_in_play() == chips_bought
    assert replay(rules, d.log) == d.state
    stored = [json.loads(json.dumps(e.to_dict())) for e in d.log]
    assert replay(rules, [event_from_dict(e) for e in stored]) == d.state


def _thc_open() -> RuleSet:
    """THC without the required details, so random registrations succeed."""
    base = RuleSet.from_preset("thc")
    t = base.tournament
    return dataclasses.replace(
        base,
        tournament=dataclasses.replace(
            t, entry=dataclasses.replace(t.entry, required_details=(), min_age=None)
        ),
    )


def test_every_event_round_trips_through_json() -> None:
    d = _ky_final_three()
    d.do(c.Tick(), at=d.minutes(361))
    players = (PlayerId("p1"), PlayerId("p2"), PlayerId("p3"))
    d.do(c.ProposeDeal(deal_id="k", players=players, method=ChopMethod.CHIP))
    d.do(c.ApproveDeal(deal_id="k"))
    kinds = {e.type for e in d.log}
    assert {
        "tournament_started",
        "level_started",
        "break_started",
        "time_limit_reached",
        "deal_proposed",
        "deal_approved",
        "hand_finished",
    } <= set(kinds)
    for event in d.log:
        assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_unknown_event_type_is_refused() -> None:
    with pytest.raises(TournamentError, match="unknown event type"):
        event_from_dict({"type": "player_teleported", "data": {}})


# --- colour-ups run by the director ---------------------------------------------------------


def _seated(*pids: str) -> tuple[c.SeatedPlayer, ...]:
    return tuple(c.SeatedPlayer(seat=n, player_id=PlayerId(p)) for n, p in enumerate(pids, start=1))


def test_ky_colour_up_at_level_4_is_a_pooled_high_card_draw_ky_2() -> None:
    import random

    d = Director("ky-charity")
    d.start("a", "b", "c")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(50))
    d.do(
        c.FinishHand(hand_id="h", stacks=(_chips("a", 3975), _chips("b", 4025), _chips("c", 4000)))
    )
    with pytest.raises(TournamentError, match="no colour-up is due"):
        decide(
            d.state, c.RaceColourUp(table=1, seats=_seated("a", "b", "c")), d.now, random.Random(1)
        )
    d.now = d.minutes(61)
    events = decide(
        d.state, c.RaceColourUp(table=1, seats=_seated("a", "b", "c")), d.now, random.Random(7)
    )
    d.state = replay(d.rules, [*d.log, *events])
    d.log.extend(events)
    (race,) = [e for e in events if isinstance(e, ColourUpRecorded)]
    assert race.period == 3
    assert len(race.draw) == 2  # one card per odd $25 chip
    # 25 + 25 odd: one race chip of 50 to the single high card, nothing removed
    assert d.state.chips_in_play() == 12000 - race.chips_removed + race.chips_added
    assert race.chips_removed == 0
    # the single high card of a and b wins the 50 (c had no odd chip and drew no card)
    assert sorted(p.chips for p in d.state.players.values()) in ([3950, 4000, 4050], [4000] * 3)
    with pytest.raises(TournamentError, match="already raced"):
        decide(
            d.state, c.RaceColourUp(table=1, seats=_seated("a", "b", "c")), d.now, random.Random(7)
        )


def test_tda_colour_up_at_a_break_removes_leftovers_tda_24c() -> None:
    import random

    d = Director("slpt")  # the 25 chips leave at the break after level 4
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(10))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 4975), _chips("b", 5025))))
    d.now = d.minutes(61)
    events = decide(
        d.state, c.RaceColourUp(table=1, seats=_seated("a", "b")), d.now, random.Random(3)
    )
    (race,) = [e for e in events if isinstance(e, ColourUpRecorded)]
    # 75 + 25 = 100 odd: one 100 chip raced, at most one per player; nothing left over
    assert race.chips_removed == 0
    assert sum(st.chips for st in race.stacks) == 10000
    assert {st.chips % 100 for st in race.stacks} == {0}
    assert race.announcement
