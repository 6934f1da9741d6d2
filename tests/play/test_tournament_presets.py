"""Whole tournaments under each house preset, every hand dealt by the engine.

Small fields, fixed seeds. Each run is checked the way a director would audit the night: it
ends with one winner or with the legal chop (KY 11); chips are conserved after every hand, move
and colour-up; every cent is accounted for; the finishing places are complete, with ties only
where the rules tie (KY 8d, THC 3, RP-8A); each hand is played at the level in force when it
started (TDA 23); replaying the director's log gives the live state.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import cache

import pytest

from pitboss.engine import HandTabled
from pitboss.play.pace import DealingPace
from pitboss.play.runtime import (
    DealtHand,
    SimulationSettings,
    TournamentResult,
    dealt_mode_rules,
    play_tournament,
)
from pitboss.rules import RuleSet
from pitboss.rules.tournament import TimeLimitAction
from pitboss.tournament.features.busts import ChipsRemoved, PlayersBusted
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.hands import HandFinished, HandStarted
from pitboss.tournament.features.registration import AddOnBought, PlayerRegistered, RebuyBought
from pitboss.tournament.features.seat_changes import PlayerMoved, TableBroken
from pitboss.tournament.features.tables import DrawReason, SeatsDrawn
from pitboss.tournament.features.timekeeping import HandForHandEnded, HandForHandStarted
from pitboss.tournament.state import Phase, TournamentState, apply, replay

HOUSES = ("tda", "ky-charity", "thc", "slpt")
FIELD = {"tda": 24, "ky-charity": 24, "thc": 22, "slpt": 30}
SEED = {"tda": 11, "ky-charity": 5, "thc": 3, "slpt": 2}


@cache
def _run(house: str) -> tuple[TournamentResult, tuple[DealtHand, ...]]:
    hands: list[DealtHand] = []
    result = play_tournament(
        RuleSet.from_preset(house), players=FIELD[house], seed=SEED[house], on_hand=hands.append
    )
    return result, tuple(hands)


def _walk(result: TournamentResult) -> list[tuple[object, TournamentState, TournamentState]]:
    """Every event with the state before and after it."""
    steps = []
    state = TournamentState.new(result.rules)
    from pitboss.tournament.state import apply

    for event in result.events:
        after = apply(state, event)
        steps.append((event, state, after))
        state = after
    return steps


@pytest.mark.parametrize("house", HOUSES)
def test_a_tournament_ends_with_one_winner_or_the_legal_chop_ky_11(house: str) -> None:
    result, _ = _run(house)
    s = result.state
    if result.chop is None:
        assert result.winner is not None
        assert s.remaining_players() == (result.winner,)
        assert s.players[result.winner].chips == s.chips_in_play()
    else:
        clock = result.rules.tournament.clock
        assert clock.on_time_limit is TimeLimitAction.CHOP
        assert clock.time_limit_minutes is not None
        assert s.phase is Phase.STOPPED
        assert s.time_limit_reached
        assert result.elapsed_ms >= clock.time_limit_minutes * 60_000
        assert set(result.chop.players) == set(s.remaining_players())
        assert sum(result.chop.amounts_cents) == sum(s.prizes_cents[: len(result.chop.players)])
    assert result.hands_dealt > FIELD[house]


@pytest.mark.parametrize("house", HOUSES)
def test_chips_are_conserved_after_every_hand_move_and_colour_up(house: str) -> None:
    """DESIGN invariant: stacks = chips bought - chips removed + colour-up chips added."""
    result, _ = _run(house)
    expected = 0
    kinds: Counter[str] = Counter()
    for event, _, after in _walk(result):
        match event:
            case PlayerRegistered() | RebuyBought() | AddOnBought():
                expected += event.chips
            case ColourUpRecorded():
                expected += event.chips_added - event.chips_removed
            case ChipsRemoved():
                expected -= event.chips
        kinds[type(event).__name__] += 1
        assert after.chips_in_play() == expected, event
        seated = sum(after.players[p].chips for t in after.tables.values() for p in t.players())
        if isinstance(event, HandFinished | PlayerMoved | TableBroken | ColourUpRecorded):
            assert seated == expected, event  # every chip is in a seat
    assert kinds["HandFinished"] == result.hands_dealt
    assert kinds["PlayerMoved"] + kinds["TableBroken"] + kinds["SeatsDrawn"] >= 2


@pytest.mark.parametrize("house", HOUSES)
def test_money_is_conserved_and_the_whole_prize_pool_is_paid(house: str) -> None:
    result, _ = _run(house)
    s = result.state
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    assert balance.is_balanced
    assert balance.prizes_unpaid == 0
    assert sum(f.prize_cents for f in result.standings) == result.prize_pool_cents
    assert sum(p.paid_cents for p in s.players.values()) == balance.taken_in
    assert result.prize_pool_cents + result.house_share_cents == balance.taken_in


@pytest.mark.parametrize("house", HOUSES)
def test_finishing_places_are_complete_with_ties_only_where_the_rules_tie(house: str) -> None:
    """Places 1..N each held once, except shared places: the chop's players, or players out
    on one hand with equal starting stacks (KY 8d, RULES §5.15) or on one hand-for-hand hand
    at different tables (RP-8A)."""
    result, _ = _run(house)
    standings = result.standings
    assert len(standings) == result.entrants
    groups: dict[tuple[int, int], list[str]] = {}
    for f in standings:
        groups.setdefault((f.first, f.last), []).append(f.player_id)
    place = 1
    for (first, last), players in sorted(groups.items()):
        assert first == place, (first, place)
        assert len(players) == last - first + 1
        place = last + 1
    assert place == result.entrants + 1
    records = {r.bust.player_id: r for r in result.state.busts}
    for (first, last), players in groups.items():
        if first == last or (result.chop is not None and first == 1):
            continue
        busts = [records[p] for p in players]
        same_hand = len({r.seq for r in busts}) == 1 and len({r.bust.rank for r in busts}) == 1
        same_h4h = len({r.hand_for_hand_hand for r in busts}) == 1 and (
            busts[0].hand_for_hand_hand is not None
        )
        assert same_hand or same_h4h, players
        if same_hand and not same_h4h:
            assert len({r.bust.stack_at_start for r in busts}) == 1


@pytest.mark.parametrize("house", HOUSES)
def test_each_hand_is_dealt_at_the_level_in_force_when_it_starts_tda_23(house: str) -> None:
    result, hands = _run(house)
    structure = result.rules.tournament.structure
    for event, before, _ in _walk(result):
        if isinstance(event, HandStarted):
            assert not before.period.is_break
            assert event.level == before.level
    for hand in hands:
        level = structure.level(hand.level)
        assert (hand.setup.small_blind, hand.setup.big_blind) == (
            level.small_blind,
            level.big_blind,
        )


@pytest.mark.parametrize("house", HOUSES)
def test_replaying_the_directors_log_gives_the_live_state(house: str) -> None:
    result, _ = _run(house)
    assert replay(result.rules, result.events) == result.state


def test_ky_sells_re_buys_until_the_intermission_and_one_add_on_each_ky_4_ky_5() -> None:
    result, _ = _run("ky-charity")
    assert result.rebuys > 0
    assert result.add_ons > 0
    for event, before, _ in _walk(result):
        if isinstance(event, RebuyBought):
            assert before.level <= 5
        if isinstance(event, AddOnBought):
            assert before.period.is_break
            assert before.period.level == 5
    assert all(f.add_ons <= 1 for f in result.standings)


def test_ky_redraws_the_final_table_ky_8b() -> None:
    result, _ = _run("ky-charity")
    events = result.events
    assert any(isinstance(e, SeatsDrawn) and e.reason is DrawReason.FINAL_TABLE for e in events)
    tda, _ = _run("tda")
    assert not any(
        isinstance(e, SeatsDrawn) and e.reason is DrawReason.FINAL_TABLE for e in tda.events
    )


PACE = DealingPace(spread_percent=0, hand_for_hand_percent=300)


@cache
def _bubble_run() -> tuple[TournamentResult, tuple[DealtHand, ...]]:
    """60 KY players: 10 paid, so the bubble (11 left) is played over two tables."""
    hands: list[DealtHand] = []
    result = play_tournament(
        RuleSet.from_preset("ky-charity"),
        players=60,
        seed=4,
        settings=SimulationSettings(pace=PACE, colour_up_seconds=0),
        on_hand=hands.append,
    )
    return result, tuple(hands)


def test_hand_for_hand_on_the_bubble_every_table_plays_one_hand_then_waits_rp_8() -> None:
    result, hands = _bubble_run()
    assert len(result.state.prizes_cents) == 10
    events = result.events
    started = next(i for i, e in enumerate(events) if isinstance(e, HandForHandStarted))
    ended = next(i for i, e in enumerate(events) if isinstance(e, HandForHandEnded))
    assert started < ended
    h4h = [h for h in hands if h.hand_for_hand]
    assert h4h
    # hands of one hand-for-hand round start together, after the slowest of the last round
    rounds: dict[int, list[DealtHand]] = {}
    for hand in h4h:
        rounds.setdefault(hand.started_at_ms, []).append(hand)
    for at, group in rounds.items():
        assert len({h.table for h in group}) == len(group), at


def test_tables_break_as_the_field_shrinks_tda_10b() -> None:
    result, _ = _run("slpt")
    assert any(isinstance(e, TableBroken) for e in result.events)
    assert len(result.state.tables) == 1


def test_busted_players_are_ranked_within_a_hand_by_starting_stack_ky_8d() -> None:
    for house in HOUSES:
        result, _ = _run(house)
        for event in result.events:
            if isinstance(event, PlayersBusted) and len(event.busts) > 1:
                stacks = [b.stack_at_start for b in event.busts]
                assert stacks == sorted(stacks, reverse=True)


def test_every_hand_costs_the_pace_seconds_and_hand_for_hand_hands_cost_more_rp_8() -> None:
    result, hands = _bubble_run()
    assert len(hands) == result.hands_dealt
    h4h = 0
    for hand in hands:
        tabled = any(isinstance(e, HandTabled) for e in hand.events)
        base = PACE.base_seconds(decisions=hand.decisions, is_showdown=tabled)
        assert hand.seconds == (base * 3 if hand.hand_for_hand else base)
        h4h += hand.hand_for_hand
    assert h4h > 0
    assert result.finished_at_ms >= max(h.started_at_ms + h.seconds * 1000 for h in hands)


def test_the_same_seed_plays_the_same_tournament_event_for_event() -> None:
    rules = RuleSet.from_preset("slpt")
    one = play_tournament(rules, players=14, seed=21)
    two = play_tournament(rules, players=14, seed=21)
    other = play_tournament(rules, players=14, seed=22)
    assert one.events == two.events
    assert one.standings == two.standings
    assert one.events != other.events


def test_the_legal_time_limit_stops_play_and_chops_by_chips_ky_11() -> None:
    rules = RuleSet.from_preset("ky-charity")
    t = rules.tournament
    short = replace(rules, tournament=replace(t, clock=replace(t.clock, time_limit_minutes=45)))
    result = play_tournament(short, players=30, seed=1, keep_events=False)
    assert result.chop is not None
    assert len(result.chop.players) > 2
    # a chip chop: shares in proportion to chips (the largest stack never gets less)
    order = sorted(range(len(result.chop.players)), key=lambda i: result.chop.stacks[i])
    shares = [result.chop.amounts_cents[i] for i in order]
    assert shares == sorted(shares)
    assert result.elapsed_ms >= 45 * 60_000
    # no hand started after the limit
    assert result.hands_dealt > 0


def test_dealt_mode_applies_moves_itself_and_plays_hand_for_hand_where_the_house_leaves_it() -> (
    None
):
    rules = dealt_mode_rules(RuleSet.from_preset("tda"))
    seating = rules.tournament.seating
    assert seating.auto_apply_moves
    assert seating.hand_for_hand_on_bubble
    off = dealt_mode_rules(
        RuleSet.from_preset("tda"), SimulationSettings(hand_for_hand_on_bubble=False)
    )
    assert not off.tournament.seating.hand_for_hand_on_bubble
    assert rules.tournament.structure == RuleSet.from_preset("tda").tournament.structure


def test_a_200_player_ky_night_balances_breaks_tables_and_closes_its_books() -> None:
    """A bigger field: 20 tables break down to the final table; the same audits hold."""
    result = play_tournament(RuleSet.from_preset("ky-charity"), players=200, seed=12)
    s = result.state
    assert result.winner is not None or result.chop is not None
    assert sum(isinstance(e, TableBroken) for e in result.events) >= 15
    # RP-8: hand-for-hand whenever one player off the money with tables to spare (the bubble
    # may also burst on a hand that puts two out at once, with no hand-for-hand at all)
    state = TournamentState.new(result.rules)
    on_bubble = 0
    events = result.events
    for i, event in enumerate(events):
        state = apply(state, event)
        paid = len(state.prizes_cents)
        if isinstance(event, PlayersBusted) and state.players_left == paid + 1:
            on_bubble += 1
            # the bust that makes the bubble is followed, in the same batch, by the start
            starts = i + 1 < len(events) and isinstance(events[i + 1], HandForHandStarted)
            assert len(state.tables) == 1 or state.clock.hand_for_hand or starts
    assert on_bubble or not any(isinstance(e, HandForHandStarted) for e in result.events)
    balance = s.ledger.balance(s.rules.tournament.prize_pool)
    assert balance.is_balanced
    assert balance.prizes_unpaid == 0
    made = sum(
        e.chips
        for e in result.events
        if isinstance(e, PlayerRegistered | RebuyBought | AddOnBought)
    )
    changed = sum(
        e.chips_added - e.chips_removed for e in result.events if isinstance(e, ColourUpRecorded)
    )
    assert s.chips_in_play() == made + changed
    places = sorted((f.first, f.last) for f in result.standings)
    assert places[0][0] == 1
    assert max(last for _, last in places) == 200
    assert replay(result.rules, result.events) == s
