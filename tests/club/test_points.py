"""League points formulas against their published worked examples (issue 28), and the parts
of one event's points: participation, knockouts and their bonus, SLPT 29's side games."""

from __future__ import annotations

import dataclasses

import pytest

from pitboss.club.points import (
    KnockoutRules,
    PlaceRules,
    PointsRules,
    SideGameRules,
    event_points,
    hundredths,
    show_points,
)
from pitboss.club.points_toml import load_points_preset
from pitboss.club.results import EventResult, Finish, SideGameFinish
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId


def _finish(place: int, **fields: object) -> Finish:
    return Finish(player=ClubPlayerId(f"p{place}"), name=f"Player {place}", place=place, **fields)


def _event(entrants: int, buy_in_dollars: int, *finishes: Finish, **fields: object) -> EventResult:
    return EventResult(
        event="night-1",
        name="Friday night",
        at=0,
        date="2026-11-27",
        entrants=entrants,
        buy_in_cents=buy_in_dollars * 100,
        finishes=finishes,
        **fields,
    )


def _place_points(rules: PointsRules, entrants: int, buy_in: int, finish: Finish) -> int:
    return event_points(rules, _event(entrants, buy_in, finish))[finish.player].place_points


# --- PokerStars: pokerstars.com, "The PokerStars Tournament Ranking System" ---------------


def test_pokerstars_third_of_150_in_a_20_dollar_event_scores_163_09() -> None:
    rules = load_points_preset("pokerstars")
    assert _place_points(rules, 150, 20, _finish(3)) == 16309


def test_pokerstars_25th_of_900_in_a_freeroll_scores_23_88() -> None:
    rules = load_points_preset("pokerstars")
    assert _place_points(rules, 900, 0, _finish(25)) == 2388


def test_pokerstars_only_the_top_15_percent_score_22_of_150() -> None:
    rules = load_points_preset("pokerstars")
    assert _place_points(rules, 150, 20, _finish(22)) > 0
    assert _place_points(rules, 150, 20, _finish(23)) == 0


def test_pokerstars_top_15_percent_is_exact_3_of_20_and_the_winner_of_a_small_field() -> None:
    rules = load_points_preset("pokerstars")
    assert _place_points(rules, 20, 20, _finish(3)) > 0  # 0.15 x 20 is 3, not 2.999...
    assert _place_points(rules, 20, 20, _finish(4)) == 0
    assert _place_points(rules, 5, 20, _finish(1)) > 0  # 0.75 places: the winner still scores
    assert _place_points(rules, 5, 20, _finish(2)) == 0


def test_a_custom_formula_equal_to_pokerstars_scores_the_same() -> None:
    stars = load_points_preset("pokerstars")
    custom = dataclasses.replace(
        stars,
        place=PlaceRules(
            kind="custom", formula="10 * sqrt(entrants / place) * (1 + log10(buy_in + 0.25))"
        ),
    )
    for entrants, buy_in, place in [(150, 20, 3), (900, 0, 25), (250, 10, 10), (37, 55, 1)]:
        finish = _finish(place)
        assert _place_points(custom, entrants, buy_in, finish) == _place_points(
            stars, entrants, buy_in, finish
        )


def test_the_shipped_custom_preset_scores_pokerstars_places() -> None:
    assert _place_points(load_points_preset("custom"), 150, 20, _finish(3)) == 16309


# --- Dr. Neau: "Dr. Neau's Tournament Formula", Home Poker Tourney forums, 2013 -----------


def test_neau_worked_by_hand_10_players_at_20_dollars() -> None:
    """sqrt(n x b^2 / e) / (f + 1): the winner who spent $20 scores sqrt(10 x 400 / 20) / 2 =
    sqrt(200) / 2 = 7.07; 2nd who re-bought once ($40) sqrt(10 x 400 / 40) / 3 = 10 / 3 =
    3.33; 3rd who spent $20 sqrt(200) / 4 = 3.54 (neau.toml cites the formula)."""
    rules = load_points_preset("neau")
    result = _event(
        10,
        20,
        _finish(1, spend_cents=2000),
        _finish(2, spend_cents=4000, rebuys=1),
        _finish(3, spend_cents=2000),
    )
    points = event_points(rules, result)
    assert [points[ClubPlayerId(f"p{k}")].total for k in (1, 2, 3)] == [707, 333, 354]


def test_neau_for_a_player_who_paid_nothing_is_refused_naming_them() -> None:
    rules = load_points_preset("neau")
    with pytest.raises(ClubError) as caught:
        event_points(rules, _event(10, 20, _finish(4, spend_cents=0)))
    assert caught.value.code == "points_formula_failed"
    assert "Player 4" in caught.value.message
    assert "Friday night" in caught.value.message


# --- The Nuts Poker League: thenutspokerleague.com/go/league --------------------------------


def test_nuts_ten_players_make_a_2000_point_pool_and_50_to_9th_and_10th() -> None:
    rules = load_points_preset("nuts")
    result = _event(10, 20, *(_finish(k) for k in range(1, 11)))
    points = event_points(rules, result)
    got = [points[ClubPlayerId(f"p{k}")].total for k in range(1, 11)]
    assert got == [h * 100 for h in (600, 400, 260, 200, 180, 140, 120, 100, 50, 50)]


def test_nuts_nine_players_make_1800_winner_540_and_8th_90() -> None:
    """The league's own example: nine players, 1,800 points, 540 to the winner, 90 to 8th."""
    rules = load_points_preset("nuts")
    result = _event(9, 20, *(_finish(k) for k in range(1, 10)))
    points = event_points(rules, result)
    assert points[ClubPlayerId("p1")].total == 54000
    assert points[ClubPlayerId("p8")].total == 9000
    assert points[ClubPlayerId("p9")].total == 5000


# --- reverse finish and a fixed table -------------------------------------------------------


def test_reverse_finish_scores_a_point_per_player_outlasted_plus_one_for_playing() -> None:
    rules = load_points_preset("reverse-finish")
    result = _event(10, 20, *(_finish(k) for k in (1, 2, 10)))
    points = event_points(rules, result)
    assert points[ClubPlayerId("p1")].place_points == 900
    assert points[ClubPlayerId("p2")].place_points == 800
    assert points[ClubPlayerId("p10")].place_points == 0
    assert points[ClubPlayerId("p10")].total == 100  # the first one out still scores one


def test_fixed_table_gives_the_table_by_place_and_nothing_past_it() -> None:
    rules = load_points_preset("fixed-table")
    result = _event(12, 20, *(_finish(k) for k in (1, 3, 10, 11)))
    points = event_points(rules, result)
    assert {k: points[ClubPlayerId(f"p{k}")].place_points for k in (1, 3, 10, 11)} == {
        1: 2500,
        3: 1500,
        10: 100,
        11: 0,
    }
    assert points[ClubPlayerId("p11")].total == 500  # participation


def test_players_sharing_a_place_score_the_same_thc_3() -> None:
    rules = load_points_preset("pokerstars")
    a = Finish(player=ClubPlayerId("a"), name="Ann", place=4)
    b = Finish(player=ClubPlayerId("b"), name="Bob", place=4)
    points = event_points(rules, _event(40, 20, a, b))
    assert points[a.player].total == points[b.player].total > 0


def test_an_event_under_the_minimum_field_scores_no_one() -> None:
    rules = load_points_preset("fixed-table")  # min_field = 5
    assert event_points(rules, _event(4, 20, _finish(1))) == {}
    assert event_points(rules, _event(5, 20, _finish(1)))


# --- knockouts, side games, rounding ---------------------------------------------------------


def _rules(**settings: object) -> PointsRules:
    return PointsRules(
        name="test",
        title="test",
        place=PlaceRules(kind="fixed_table", table=(10.0,)),
        **settings,
    )


def test_knockout_points_count_shared_knockouts_as_a_fraction() -> None:
    rules = _rules(knockouts=KnockoutRules(per_knockout=2.0))
    points = event_points(rules, _event(10, 20, _finish(5, knockouts=1.5)))
    assert points[ClubPlayerId("p5")].knockouts == 300


def test_a_double_knockout_scores_the_bonus_per_extra_and_the_table() -> None:
    rules = _rules(
        knockouts=KnockoutRules(per_knockout=1.0, bonus_per_extra=0.5, bonus_by_count=(2.0, 5.0))
    )
    finish = _finish(2, knockouts=6.0, knockout_hands=(1, 2, 3))
    got = event_points(rules, _event(10, 20, finish))[finish.player]
    # 2 on one hand: 0.5 + 2; 3 on one hand: 1.0 + 5
    assert (got.knockouts, got.bonus) == (600, 850)


def test_a_bonus_table_shorter_than_the_knockouts_scores_its_last_item() -> None:
    rules = _rules(knockouts=KnockoutRules(bonus_by_count=(2.0, 5.0)))
    finish = _finish(2, knockout_hands=(5,))
    assert event_points(rules, _event(10, 20, finish))[finish.player].bonus == 500


def test_side_game_points_slpt_29_and_none_for_a_forfeit_slpt_29_2_1() -> None:
    rules = _rules(side_games=SideGameRules(won=10.0, played=1.0))
    winner, player, forfeit = (ClubPlayerId(x) for x in ("w", "p", "f"))
    result = _event(
        10,
        20,
        _finish(1),
        side_games=(
            SideGameFinish(side_game="A", player=winner, name="Wendy", won=True),
            SideGameFinish(side_game="A", player=player, name="Pat", won=False),
            SideGameFinish(side_game="A", player=forfeit, name="Fay", won=False, forfeited=True),
        ),
    )
    points = event_points(rules, result)
    assert points[winner].side_game == 1100
    assert points[player].side_game == 100
    assert points[forfeit].total == 0
    assert points[winner].place is None  # played only the side game


def test_side_game_points_add_to_a_main_event_finish() -> None:
    rules = _rules(side_games=SideGameRules(won=10.0))
    finish = _finish(1)
    game = SideGameFinish(side_game="A", player=finish.player, name=finish.name, won=True)
    got = event_points(rules, _event(10, 20, finish, side_games=(game,)))[finish.player]
    assert (got.place_points, got.side_game, got.total) == (1000, 1000, 2000)


def test_each_part_is_rounded_once_half_up_to_hundredths() -> None:
    assert hundredths(0.125) == 13
    assert hundredths(2.675) == 268  # the decimal a person reads, not the binary float below it
    assert hundredths(163.0888) == 16309
    assert show_points(16309) == "163.09"
    assert show_points(-50) == "-0.50"
    assert show_points(123456789) == "1,234,567.89"
