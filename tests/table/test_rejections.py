"""A rejected table operation raises TableError with a clear message and changes nothing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from table_helpers import seated

from pitboss.errors import RuleSetError, TableError
from pitboss.rules import RuleSet
from pitboss.rules.table_rules import TablePhase, TableRules
from pitboss.table import Table


def _snapshot(table: Table) -> tuple[Any, ...]:
    return (
        table.players,
        table.seat_count,
        table.hands_played,
        table.last_positions,
        table.hand_in_progress,
        table.plan_next_hand() if table.last_positions or table.next_big_blind() else None,
    )


def _table() -> Table:
    table = seated([1, 2, 4, 6], button=1)
    plan = table.start_hand()
    table.finish_hand({s.player: s.stack for s in plan.seats})
    return table


REJECTED: list[tuple[str, Callable[[Table], object], str]] = [
    ("seat_zero", lambda t: t.seat_player("x", 0, 100), "seats are 1 to 9"),
    ("seat_too_high", lambda t: t.seat_player("x", 10, 100), "seats are 1 to 9"),
    ("seat_not_int", lambda t: t.seat_player("x", "3", 100), "not a seat"),  # type: ignore[arg-type]
    ("seat_bool", lambda t: t.seat_player("x", True, 100), "not a seat"),
    ("seat_taken", lambda t: t.seat_player("x", 2, 100), "taken by 'p2'"),
    ("already_seated", lambda t: t.seat_player("p2", 3, 100), "already in seat 2"),
    ("zero_stack", lambda t: t.seat_player("x", 3, 0), "1 or more"),
    ("float_stack", lambda t: t.seat_player("x", 3, 10.5), "whole number"),  # type: ignore[arg-type]
    ("negative_penalty", lambda t: t.seat_player("x", 3, 10, penalty_hands=-1), "0 or more"),
    ("remove_unknown", lambda t: t.remove_player("ghost"), "'ghost' is not seated"),
    ("add_unknown", lambda t: t.add_chips("ghost", 5), "not seated"),
    ("add_zero", lambda t: t.add_chips("p2", 0), "1 or more"),
    ("remove_all_chips", lambda t: t.remove_chips("p2", 1000), "keeps at least one chip"),
    ("absent_unknown", lambda t: t.set_absent("ghost", absent=True), "not seated"),
    ("penalty_zero_rounds", lambda t: t.penalise("p2", rounds=0), "1 to 4 rounds"),
    # regression: the table took a 5-round penalty its own message forbade (SLPT 5: 1 to 4)
    ("penalty_five_rounds", lambda t: t.penalise("p2", rounds=5), "1 to 4 rounds"),
    ("penalty_zero_hands", lambda t: t.penalise_hands("p2", hands=0), "1 or more hands"),
    ("shrink_occupied", lambda t: t.set_seat_count(5), "seats [6] are occupied"),
    ("shrink_too_far", lambda t: t.set_seat_count(1), "2 to 13 seats"),
    ("grow_too_far", lambda t: t.set_seat_count(14), "2 to 13 seats"),
    ("finish_without_hand", lambda t: t.finish_hand({}), "no hand is in progress"),
    ("cancel_without_hand", lambda t: t.cancel_hand(), "no hand is in progress"),
    ("empty_seat_ranking", lambda t: t.hands_until_big_blind(2), "seat 2 is taken"),
    ("move_button_late", lambda t: t.place_button(4), "dead-button rule"),
]


@pytest.mark.parametrize(("name", "operation", "message"), REJECTED, ids=[r[0] for r in REJECTED])
def test_rejected_operation_raises_table_error_and_changes_nothing(
    name: str, operation: Callable[[Table], object], message: str
) -> None:
    table = _table()
    before = _snapshot(table)
    with pytest.raises(TableError, match=message.replace("[", r"\[").replace("]", r"\]")):
        operation(table)
    assert _snapshot(table) == before


def _in_hand() -> Table:
    table = _table()
    table.start_hand()
    return table


@pytest.mark.parametrize(
    "operation",
    [
        lambda t: t.seat_player("x", 3, 100),
        lambda t: t.remove_player("p2"),
        lambda t: t.add_chips("p2", 100),
        lambda t: t.remove_chips("p2", 100),
        lambda t: t.set_seat_count(8),
        lambda t: t.start_hand(),
    ],
    ids=["seat", "remove", "add_chips", "remove_chips", "seat_count", "start"],
)
def test_seats_and_stacks_are_frozen_during_a_hand(operation: Callable[[Table], object]) -> None:
    table = _in_hand()
    before = (table.players, table.seat_count, table.hand_in_progress)
    with pytest.raises(TableError, match="finish or cancel the hand first") as caught:
        operation(table)
    assert caught.value.code == "hand_in_progress"
    assert (table.players, table.seat_count, table.hand_in_progress) == before


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        ({"p1": 1000, "p2": 1000, "p4": 1000}, "missing \\['p6'\\]"),
        ({"p1": 1000, "p2": 1000, "p4": 1000, "p6": 1000, "zz": 0}, "unknown \\['zz'\\]"),
        ({"p1": 1500, "p2": 1000, "p4": 1000, "p6": 1000}, "chips are conserved"),
        ({"p1": 2000, "p2": -1000, "p4": 1000, "p6": 1000}, "0 or more"),
    ],
    ids=["missing", "unknown", "not_conserved", "negative"],
)
def test_bad_hand_result_is_rejected_and_hand_stays_in_progress(
    stacks: dict[str, int], message: str
) -> None:
    table = _in_hand()
    before = (table.players, table.hands_played, table.hand_in_progress)
    with pytest.raises(TableError, match=message):
        table.finish_hand(stacks)
    assert (table.players, table.hands_played, table.hand_in_progress) == before


def test_table_error_has_a_stable_code_and_params() -> None:
    table = _table()
    with pytest.raises(TableError) as caught:
        table.seat_player("x", 2, 100)
    assert caught.value.to_dict()["code"] == "seat_occupied"
    occupant = table.player_at(2)
    assert occupant is not None
    assert caught.value.params == {
        "seat": 2,
        "table": 1,
        "player": occupant.player,
        "empty_seats": table.empty_seats(),
    }


def test_a_hand_needs_two_players() -> None:
    table = seated([4], button=4)
    with pytest.raises(TableError, match="at least two players"):
        table.plan_next_hand()


def test_every_player_away_cannot_be_dealt() -> None:
    table = seated([1, 2], button=1)
    table.set_absent("p1", absent=True)
    table.set_absent("p2", absent=True)
    with pytest.raises(TableError, match="nobody could win"):
        table.start_hand()
    assert table.hand_in_progress is None


def test_thc_5_eleven_seats_in_the_first_round_then_ten() -> None:
    rules = RuleSet(table=TableRules(seats_first_round=11))
    table = Table(seats=rules.table.seats_for(TablePhase.FIRST_ROUND), rules=rules)
    assert table.seat_count == 11
    table.seat_player("a", 11, 100)
    with pytest.raises(TableError):
        table.set_seat_count(rules.table.seats_for(TablePhase.MAIN))
    table.remove_player("a")
    table.set_seat_count(rules.table.seats_for(TablePhase.MAIN))
    assert table.seat_count == 10


def test_slpt_29_side_game_tables_hold_twelve_or_thirteen() -> None:
    rules = TableRules()
    assert rules.seats_for(TablePhase.SIDE_GAME) == 12
    assert rules.seats_for(TablePhase.SIDE_GAME_LARGE) == 13
    assert Table(seats=13).seat_count == 13


def test_ky_3_ten_seats_by_default() -> None:
    assert Table().seat_count == 10
    assert TableRules().seats_for(TablePhase.FIRST_ROUND) == 10


@pytest.mark.parametrize("field", ["seats", "seats_first_round", "seats_side_game"])
@pytest.mark.parametrize("value", [1, 14, 0])
def test_table_rules_reject_impossible_seat_counts(field: str, value: int) -> None:
    with pytest.raises(RuleSetError, match="2 to 13 seats"):
        TableRules(**{field: value})
