"""The RULES.md §5 conflicts this part of the director settles, under every house's preset.

§5.1 table size (KY 3: 10; THC 5: 11 then 10), §5.7 penalties (missed rounds vs THC minutes),
§5.8 clock (25 + 5 s TDA vs 60 + 10 s seeds), §5.9 absent players (TDA vs THC 6), §5.14 who
moves when balancing (TDA 11A vs THC random), §5.15 equal-stack eliminations (share vs THC 3).
"""

from __future__ import annotations

import pytest

from pitboss.rules import RuleSet
from pitboss.rules.hand_rules import TimeoutPolicy
from pitboss.rules.table_rules import AbsentPolicy
from pitboss.rules.tournament import BalanceMover, EqualStackBusts, PenaltyKind, PenaltyMode
from pitboss.tournament import commands as c
from pitboss.tournament.features.absence_and_clock import ClockExpired, ClockRuling
from pitboss.tournament.features.penalties import PenaltyGiven

from .director_helpers import thc_details
from .floor_helpers import Floor

HOUSES = ["tda", "ky-charity", "thc", "slpt"]


def _floor(house: str, n: int, seed: int = 1) -> Floor:
    floor = Floor(house, seed=seed)
    details = thc_details() if house == "thc" else None
    floor.register(*[f"p{i:02d}" for i in range(n)], details=details)
    floor.do(c.StartTournament())
    return floor


@pytest.mark.parametrize(
    ("house", "sizes"),
    [
        ("tda", [8, 7, 7]),
        ("ky-charity", [8, 7, 7]),
        ("thc", [11, 11]),
        ("slpt", [8, 7, 7]),
    ],
)
def test_conflict_5_1_first_round_table_size(house: str, sizes: list[int]) -> None:
    floor = _floor(house, 22)
    assert sorted(floor.sizes().values(), reverse=True) == sizes


@pytest.mark.parametrize(
    ("house", "mode", "second"),
    [
        ("tda", PenaltyMode.MISSED_ROUNDS, (PenaltyKind.MISSED_ROUNDS, 6, 0)),
        ("ky-charity", PenaltyMode.MISSED_ROUNDS, (PenaltyKind.MISSED_ROUNDS, 6, 0)),
        ("thc", PenaltyMode.MINUTES, (PenaltyKind.MINUTES, 0, 10)),
        ("slpt", PenaltyMode.MISSED_ROUNDS, (PenaltyKind.MISSED_ROUNDS, 6, 0)),
    ],
)
def test_conflict_5_7_penalties(
    house: str, mode: PenaltyMode, second: tuple[PenaltyKind, int, int]
) -> None:
    assert RuleSet.from_preset(house).tournament.conduct.penalty_mode is mode
    floor = _floor(house, 6)
    pid = floor.state.tables[1].players()[0]
    floor.do(c.GivePenalty(player_id=pid, reason="first"))
    events = floor.do(c.GivePenalty(player_id=pid, reason="second"))
    given = next(e for e in events if isinstance(e, PenaltyGiven))
    assert (given.kind, given.hands, given.minutes) == second


@pytest.mark.parametrize(
    ("house", "seconds", "not_facing"),
    [
        ("tda", 30, ClockRuling.CHECKED),
        ("ky-charity", 70, ClockRuling.DEAD),
        ("thc", 70, ClockRuling.DEAD),
        ("slpt", 70, ClockRuling.DEAD),
    ],
)
def test_conflict_5_8_clock(house: str, seconds: int, not_facing: ClockRuling) -> None:
    floor = _floor(house, 4)
    floor.start(1)
    pid = floor.state.tables[1].players()[0]
    floor.do(c.CallClock(table=1, player_id=pid))
    assert floor.state.clock_calls[1].expires_at == floor.now + seconds * 1000
    events = floor.do(c.ExpireClock(table=1, facing_bet=False), at=floor.now + seconds * 1000)
    assert next(e for e in events if isinstance(e, ClockExpired)).ruling is not_facing
    policy = floor.rules.hand.timeout_policy
    assert (policy is TimeoutPolicy.CHECK_OR_FOLD) == (house == "tda")


@pytest.mark.parametrize(
    ("house", "forfeits", "policy"),
    [
        ("tda", False, AbsentPolicy.DEALT_AND_KILLED),
        ("ky-charity", False, AbsentPolicy.DEALT_AND_KILLED),
        ("thc", True, AbsentPolicy.NOT_DEALT_BLINDS_POSTED),
        ("slpt", False, AbsentPolicy.DEALT_AND_KILLED),
    ],
)
def test_conflict_5_9_absent_players(house: str, forfeits: bool, policy: AbsentPolicy) -> None:
    floor = _floor(house, 6)
    assert floor.rules.table.absent_policy is policy
    pid = floor.state.tables[1].players()[0]
    floor.do(c.MarkAbsent(player_id=pid), at=floor.minutes(2))
    floor.do(c.Tick(), at=floor.minutes(25))
    assert floor.state.is_out(pid) is forfeits


@pytest.mark.parametrize(
    ("house", "mover"),
    [
        ("tda", BalanceMover.NEXT_BIG_BLIND),
        ("ky-charity", BalanceMover.NEXT_BIG_BLIND),
        ("thc", BalanceMover.RANDOM),
        ("slpt", BalanceMover.NEXT_BIG_BLIND),
    ],
)
def test_conflict_5_14_who_moves_when_balancing(house: str, mover: BalanceMover) -> None:
    floor = _floor(house, 22 if house == "thc" else 20, seed=4)
    assert floor.rules.tournament.seating.mover is mover
    table = max(floor.state.tables)
    floor.quiet_hand(table)
    floor.quiet_hand(min(floor.state.tables))
    floor.bust_dealt(min(floor.state.tables), 3)
    view = floor.state
    long = view.tables[table]
    due = long.big_blind_order(floor.rules.table.missed_blinds)[0]
    floor.do(c.BalanceTables())
    moved = [e for e in floor.log if type(e).__name__ == "PlayerMoved"]
    assert moved
    if mover is BalanceMover.NEXT_BIG_BLIND:
        assert moved[0].move.player_id == due  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("house", "rule"),
    [
        ("tda", EqualStackBusts.SHARE),
        ("ky-charity", EqualStackBusts.SHARE),
        ("thc", EqualStackBusts.CARD_DRAW),
        ("slpt", EqualStackBusts.SHARE),
    ],
)
def test_conflict_5_15_equal_stacks_out_on_one_hand(house: str, rule: EqualStackBusts) -> None:
    floor = _floor(house, 5, seed=2)
    assert floor.rules.tournament.seating.equal_stack_busts is rule
    floor.bust_dealt(1, 2)
    from pitboss.tournament.reading.views import standings_view

    places = sorted((p.first, p.last) for p in standings_view(floor.state).places)
    if rule is EqualStackBusts.SHARE:
        assert places == [(4, 5), (4, 5)]
    else:
        assert places == [(4, 4), (5, 5)]
