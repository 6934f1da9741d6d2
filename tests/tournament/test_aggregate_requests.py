"""The simulator's requests to the director (D1-D5): each fix named after the rule it keeps.

D1 indexes kept by ``apply`` (open hands, entries, players left, players out) always equal a
scan over the state and replay rebuilds them; D2 a break reached in hand-for-hand ends by wall
time (RP-8 stops the clock for hands only); D3 a table races before players leave it (TDA 24);
D4 a player the race leaves with nothing gets one chip (TDA 24A) or, by the house's setting,
busts with a finishing place; D5 the plan of a started hand is read back from the state.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from pitboss.errors import TournamentError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.tournament import RacedOut
from pitboss.table.values import SeatStatus
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.hands import plan_of_started_hand
from pitboss.tournament.features.seat_changes import PlayerMoved
from pitboss.tournament.features.tables import hand_plan
from pitboss.tournament.features.timekeeping import BreakStarted, LevelStarted
from pitboss.tournament.model import timeline as structure_module
from pitboss.tournament.model.eliminations import RACED_OUT
from pitboss.tournament.model.entries import PlayerChips, PlayerStatus
from pitboss.tournament.model.timeline import PeriodKind
from pitboss.tournament.reading.views import standings_view
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState, fold, replay, timeline_of

from .director_helpers import MIN, Director
from .floor_helpers import Floor


def check_indexes(s: TournamentState) -> None:
    """The indexes ``apply`` keeps equal what a scan over the state gives (D1)."""
    open_scan = tuple(h for h in s.hands.values() if not h.finished)
    assert s.open_hands() == open_scan
    assert s.busy_tables() == frozenset(h.table for h in open_scan)
    for table in {h.table for h in s.hands.values()}:
        assert s.open_hands(table) == tuple(h for h in open_scan if h.table == table)
    active = [p for p in s.players.values() if p.status is PlayerStatus.ACTIVE]
    assert s.entries == len(active)
    assert s.players_left == len(s.remaining_players()) == sum(p.chips > 0 for p in active)
    assert s.out_ids == frozenset(r.bust.player_id for r in s.busts)
    for h in s.hands.values():
        assert (h.plan is None) or not h.finished  # a finished hand keeps no plan
    for t in s.tables.values():  # balancing skips tables by seat_count (THC 5 consolidation)
        assert max(t.seats, default=0) <= t.seat_count


def _chips(pid: str, n: int) -> PlayerChips:
    return PlayerChips(player_id=PlayerId(pid), chips=n)


def _seated(*pids: str) -> tuple[c.SeatedPlayer, ...]:
    return tuple(c.SeatedPlayer(seat=n, player_id=PlayerId(p)) for n, p in enumerate(pids, start=1))


def _dealt_rules(house: str, **colour_up: object) -> RuleSet:
    rules = RuleSet.from_preset(house)
    t = rules.tournament
    return replace(
        rules,
        tournament=replace(
            t,
            seating=replace(t.seating, auto_apply_moves=True),
            colour_up=replace(t.colour_up, **colour_up),  # type: ignore[arg-type]
        ),
    )


# --- D1: indexes --------------------------------------------------------------------------


def test_open_hands_entries_and_players_left_are_indexes_equal_to_a_scan_tda_10b_11() -> None:
    """A seated tournament with busts, moves and breaks (TDA 10B, 11): after every command the
    indexes equal a scan, and replaying the log's JSON gives the same state."""
    floor = Floor(_dealt_rules("tda"), seed=11)
    names = floor.seat(45)
    rnd = random.Random(5)
    for _ in range(60):
        tables = [n for n, t in floor.state.tables.items() if t.size >= 2]
        if len(floor.state.remaining_players()) <= 2 or not tables:
            break
        table = rnd.choice(tables)
        try:
            floor.bust_dealt(table, k=rnd.choice((0, 1, 1, 2)) or 1)
        except TournamentError:
            floor.do(c.Tick(), at=floor.now + MIN)
            continue
        check_indexes(floor.state)
        floor.now += 2 * MIN
    assert len(floor.state.busts) > 20
    assert floor.replayed() == floor.state
    check_indexes(floor.replayed())
    assert len(names) == floor.state.entries


def test_a_state_copy_with_a_change_leaves_the_original_as_it_was() -> None:
    state = TournamentState.new(RuleSet.from_preset("ky-charity"))
    later = state._replace(last_at=5, bust_seq=2)
    assert (later.last_at, later.bust_seq) == (5, 2)
    assert state.last_at is None
    # a field the state does not have is refused: ValueError up to Python 3.12, TypeError since
    # 3.13 (NamedTuple._replace changed)
    with pytest.raises((ValueError, TypeError), match="nonsense"):
        state._replace(nonsense=1)


def test_the_timeline_is_computed_once_per_structure() -> None:
    rules = RuleSet.from_preset("tda")
    state = TournamentState.new(rules)
    assert state.timeline is state.timeline
    assert state.timeline == structure_module.timeline(rules.tournament.structure)
    assert timeline_of(rules.tournament.structure) is state.timeline


# --- D2: a break reached in hand-for-hand -------------------------------------------------


def _into_break_by_hand_for_hand(d: Director) -> BreakStarted:
    """Level 4 of the TDA preset with one minute left; a hand-for-hand hand takes two (RP-8C)."""
    d.start(*(f"p{i}" for i in range(6)))
    d.do(c.JumpToLevel(level=4), at=d.minutes(70))
    d.do(c.AdjustClock(seconds=-19 * 60))  # one minute left in level 4
    d.do(c.StartHandForHand())
    events = d.do(c.RecordHandForHandHand(), at=d.minutes(71))
    (brk,) = [e for e in events if isinstance(e, BreakStarted)]
    return brk


def test_a_break_reached_in_hand_for_hand_ends_by_wall_time_rp_8() -> None:
    """RP-8 stops the clock for hands only: the break's minutes run on wall time even though
    hand-for-hand is on, and level 5 then starts with the clock stopped again for its hands."""
    d = Director("tda")
    brk = _into_break_by_hand_for_hand(d)
    assert d.state.period.kind is PeriodKind.BREAK
    assert brk.remaining_ms == 9 * MIN  # the minute overrun came off the break (RP-8D)
    assert d.state.clock.hand_for_hand
    assert d.state.clock.is_ticking
    events = d.do(c.Tick(), at=d.minutes(71 + 9))
    (level,) = [e for e in events if isinstance(e, LevelStarted)]
    assert (level.level, level.at) == (5, d.minutes(80))
    assert d.state.clock.hand_for_hand
    assert not d.state.clock.is_ticking
    held = d.state.clock.remaining_ms
    d.do(c.Tick(), at=d.minutes(200))
    assert d.state.level == 5
    assert d.state.clock.remaining_ms == held
    assert replay(d.rules, d.log) == d.state


def test_hand_for_hand_ended_on_a_break_keeps_the_break_time_run_rp_8() -> None:
    d = Director("tda")
    _into_break_by_hand_for_hand(d)
    d.do(c.EndHandForHand(), at=d.minutes(74))
    assert d.state.clock.remaining_ms == 6 * MIN  # nine minutes left at 71, three run since
    events = d.do(c.Tick(), at=d.minutes(80))
    assert [e.level for e in events if isinstance(e, LevelStarted)] == [5]


# --- D3: a table races before players leave it --------------------------------------------


def _ky_two_tables(**colour_up: object) -> Floor:
    floor = Floor(_dealt_rules("ky-charity", **colour_up), seed=3)
    floor.seat(20)
    assert floor.sizes() == {1: 10, 2: 10}
    return floor


def _odd_25s_at(floor: Floor, table: int) -> list[str]:
    """A level-1 hand at ``table`` in which two players trade $25, leaving odd chips (KY 10)."""
    hand_id = floor.start(table)
    a, b = (str(p) for p in floor.state.hands[hand_id].players[:2])
    chips = {p: floor.state.players[PlayerId(p)].chips for p in (a, b)}
    floor.finish(hand_id, {a: chips[a] - 25, b: chips[b] + 25})
    return [a, b]


def test_a_table_races_before_a_player_moves_from_it_tda_24_ky_10() -> None:
    """KY 10 colours up as level 4 starts; table 2 has not raced when table 1's bust-outs call
    for a balancing move from it: the director races table 2 first, so the mover arrives with
    chips in play only (TDA 24; the runtime no longer colours up newcomers itself)."""
    floor = _ky_two_tables()
    _odd_25s_at(floor, 1)
    _odd_25s_at(floor, 2)
    floor.now = floor.minutes(61)  # level 4: the $25 chips leave play
    floor.do(c.Tick())
    t1 = floor.state.tables[1]
    floor.do(
        c.RaceColourUp(
            table=1,
            seats=tuple(
                c.SeatedPlayer(seat=seat, player_id=pid) for seat, pid in sorted(t1.seats.items())
            ),
        )
    )
    events = floor.bust_dealt(1, k=2)  # 8 against 10: a move is due (KY 7, threshold 2)
    races = [i for i, e in enumerate(events) if isinstance(e, ColourUpRecorded)]
    moves = [i for i, e in enumerate(events) if isinstance(e, PlayerMoved)]
    assert races
    assert moves
    assert races[0] < moves[0]
    race = events[races[0]]
    assert isinstance(race, ColourUpRecorded)
    assert race.table == 2
    assert race.period is not None
    mover = events[moves[0]]
    assert isinstance(mover, PlayerMoved)
    assert mover.move.from_table == 2
    s = floor.state
    assert all(s.players[pid].chips % 50 == 0 for t in s.tables.values() for pid in t.players())
    assert (race.period, 2) in s.colour_ups_raced
    assert floor.replayed() == s


def test_chips_an_earlier_colour_up_removed_are_raced_at_the_next_one_tda_24() -> None:
    """A $25 chip still held at level 8 (the table never raced at level 4) is raced with the
    $50s instead of making the race fail: every chip leaving play is exchanged or raced."""
    d = Director("ky-charity")
    d.start("a", "b", "c")
    d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(10))
    d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 3975), _chips("b", 4025))))
    d.now = d.minutes(151)  # level 8 (after the break after level 5): the $50s leave
    d.do(c.Tick())
    events = decide(
        d.state, c.RaceColourUp(table=1, seats=_seated("a", "b", "c")), d.now, random.Random(4)
    )
    (race,) = [e for e in events if isinstance(e, ColourUpRecorded)]
    assert any("25, 50" in line for line in race.announcement)
    state = fold(d.state, events)
    assert all(p.chips % 100 == 0 for p in state.players.values())


# --- D4: raced out --------------------------------------------------------------------------


def _race_a_25_stack(raced_out: RacedOut | None) -> tuple[TournamentState, list[Event]]:
    """KY 2 pooled race at level 4 where ``a`` holds only $25 and loses the single high card."""
    rules = RuleSet.from_preset("ky-charity")
    if raced_out is not None:
        t = rules.tournament
        rules = replace(
            rules, tournament=replace(t, colour_up=replace(t.colour_up, raced_out=raced_out))
        )
    for seed in range(40):
        d = Director(rules)
        d.start("a", "b", "c")
        d.do(c.StartHand(hand_id="h", table=1), at=d.minutes(10))
        d.do(c.FinishHand(hand_id="h", stacks=(_chips("a", 25), _chips("b", 7975))))
        d.now = d.minutes(61)
        seats = _seated("a", "b", "c")
        events = decide(d.state, c.RaceColourUp(table=1, seats=seats), d.now, random.Random(seed))
        (race,) = [e for e in events if isinstance(e, ColourUpRecorded)]
        seat_1 = next(line for line in race.announcement if line.startswith("Seat 1:"))
        if "wins" not in seat_1:
            return fold(d.state, events), events
    raise AssertionError("no seed in 40 where a loses the race")  # pragma: no cover


def test_a_player_raced_out_keeps_one_chip_by_default_tda_24a() -> None:
    """KY 2 can race a player out; the house's default decision is the TDA's (RULES §5.6):
    one chip of the smallest denomination in play, applied with the race (TDA 24A)."""
    state, events = _race_a_25_stack(None)
    assert state.players[PlayerId("a")].chips == 50
    (race,) = [e for e in events if isinstance(e, ColourUpRecorded)]
    assert race.chips_added == 50
    assert any("not raced out (TDA 24A)" in line for line in race.announcement)
    assert not any(isinstance(e, PlayersBusted) for e in events)
    assert state.players_left == 3


def test_a_player_raced_out_busts_with_a_place_when_the_house_says_so_ky_2() -> None:
    """``raced_out = "bust"`` (KY 2 read literally): the player is out with the race, placed
    below everyone still in (KY 8d), and the tournament carries on."""
    state, events = _race_a_25_stack(RacedOut.BUST)
    assert state.players[PlayerId("a")].chips == 0
    (busted,) = [e for e in events if isinstance(e, PlayersBusted)]
    assert [(b.player_id, b.stack_at_start, b.reason) for b in busted.busts] == [
        ("a", 25, RACED_OUT)
    ]
    assert state.is_out(PlayerId("a"))
    assert state.players_left == 2
    places = {p.player_id: p.first for p in standings_view(state).places}
    assert places[PlayerId("a")] == 3


# --- D5: the plan of a started hand ---------------------------------------------------------


def test_the_plan_of_a_started_hand_is_the_plan_it_was_dealt_by_tda_30_32() -> None:
    floor = Floor("tda", seed=2)
    floor.seat(9)
    away = floor.state.tables[1].players()[0]
    floor.do(c.MarkAbsent(player_id=away))
    expected = hand_plan(floor.state, 1, floor.now)
    hand_id = floor.start(1)
    plan = plan_of_started_hand(floor.state, hand_id)
    assert plan == expected
    assert {x.player: x.status for x in plan.seats}[str(away)] is not SeatStatus.LIVE
    started = floor.log[-1]
    assert getattr(started, "positions", None) == plan.positions
    floor.finish(hand_id, {str(away): floor.state.players[away].chips})
    with pytest.raises(TournamentError, match="not in play"):
        plan_of_started_hand(floor.state, hand_id)


def test_a_hand_at_an_unseated_table_has_no_plan() -> None:
    d = Director("tda")
    d.start("a", "b")
    d.do(c.StartHand(hand_id="h", table=1))
    with pytest.raises(TournamentError, match="no plan") as err:
        plan_of_started_hand(d.state, "h")
    assert err.value.code == "no_hand_plan"


def test_a_race_before_a_move_can_bust_a_player_who_then_has_a_place_ky_2() -> None:
    """Dealt mode, ``raced_out = "bust"``: table 2 races before its player moves (TDA 24); a
    player left with nothing is out at once, placed (KY 8d), and the plan is made again."""
    for seed in range(1, 40):
        floor = Floor(_dealt_rules("ky-charity", raced_out=RacedOut.BUST), seed=seed)
        floor.seat(20)
        hand_id = floor.start(2)
        short, rich = (str(p) for p in floor.state.hands[hand_id].players[:2])
        floor.finish(hand_id, {short: 25, rich: 7975})
        floor.do(c.Tick(), at=floor.minutes(61))  # level 4: the $25 chips leave (KY 10)
        events = floor.bust_dealt(1, k=2)
        busted = [e for e in events if isinstance(e, PlayersBusted) and e.hand_id is None]
        if not busted:
            continue  # the short stack won the race here; try another deck
        assert [b.player_id for b in busted[0].busts] == [short]
        assert busted[0].busts[0].reason == RACED_OUT
        s = floor.state
        assert s.is_out(PlayerId(short))
        assert s.table_of(PlayerId(short)) is None
        assert PlayerId(short) in {p.player_id for p in standings_view(s).places}
        check_indexes(s)
        assert floor.replayed() == s
        return
    raise AssertionError("the short stack never lost the race in 40 decks")  # pragma: no cover
