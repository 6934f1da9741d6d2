"""The Nash push-or-fold chart and the preflop equities the bots read (data/preflop.json)."""

from __future__ import annotations

import pytest

from pitboss.play.pushfold import call_upto, is_push, push_upto
from pitboss.play.ranges import (
    HANDS,
    class_name,
    combos,
    equity_matrix,
    equity_vs_top,
    hand_class,
    parse_class,
    top_range,
)


def _share(chosen: list[int]) -> float:
    return sum(combos(i) for i in chosen) / 1326


def test_169_classes_name_and_parse_both_ways() -> None:
    assert [parse_class(class_name(i)) for i in range(HANDS)] == list(range(HANDS))
    assert class_name(hand_class(48, 44)) == "AKs"  # an ace and a king of one suit (rank * 4)
    assert class_name(hand_class(48, 45)) == "AKo"
    assert sum(combos(i) for i in range(HANDS)) == 1326


@pytest.mark.parametrize(
    ("first", "second", "equity", "within"),
    [("AA", "KK", 0.8195, 0.005), ("AKo", "QQ", 0.4340, 0.01), ("72o", "AKs", 0.3270, 0.03)],
)
def test_preflop_equities_match_the_known_figures(
    first: str, second: str, equity: float, within: float
) -> None:
    matrix = equity_matrix()
    assert matrix[parse_class(first)][parse_class(second)] == pytest.approx(equity, abs=within)


def test_heads_up_chart_at_ten_big_blinds_is_the_nash_equilibrium() -> None:
    """About 58 % pushed by the small blind and 37 % called by the big blind (the
    HoldemResources Nash chart figures); pitboss's own solution: 60 % and 37 %."""
    pushed = [i for i in range(HANDS) if is_push(i, stack_bb=10, behind=1)]
    called = [i for i in range(HANDS) if call_upto(i) >= 10]
    assert 0.55 < _share(pushed) < 0.63
    assert 0.34 < _share(called) < 0.40


def test_fewer_hands_are_pushed_deeper_and_with_more_players_behind() -> None:
    def share(stack: float, behind: int) -> float:
        return _share([i for i in range(HANDS) if push_upto(i, behind=behind) >= stack])

    assert share(5, 1) > share(10, 1) > share(20, 1)
    assert share(10, 1) > share(10, 2) > share(10, 4) > share(10, 8)
    assert 0.07 < share(10, 8) < 0.12  # under the gun at nine-handed, ten big blinds
    assert push_upto(parse_class("AA"), behind=8) == 25  # aces: always


def test_equity_against_a_range_orders_hands_sensibly() -> None:
    aces, kings, junk = (parse_class(n) for n in ("AA", "KK", "72o"))
    assert equity_vs_top(aces, 10) > equity_vs_top(kings, 10) > 0.6 > equity_vs_top(junk, 10)
    assert sum(w * combos(i) for i, w in enumerate(top_range(10))) == pytest.approx(132.6)
