"""A tournament's result as a league reads it (issue 28): places, prizes, spend, a re-entry
merged into one finish, knockouts shared on a split pot, guests left out, the club's date."""

from __future__ import annotations

import pytest
from tests.club.nights import club_rules, played_night, register
from tests.tournament.director_helpers import Director

from pitboss.club.results import club_date, result_of
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.tournament import commands as c
from pitboss.tournament.model.awards import award_of


def _night() -> Director:
    d = Director(club_rules())
    played_night(d.do, lambda: d.state, d.minutes(0))
    return d


def test_a_finished_night_gives_each_club_player_their_place_prize_and_spend() -> None:
    d = _night()
    result = result_of(d.state, event="fri-1", name="Friday #1")
    assert result.finished
    assert (result.event, result.name) == ("fri-1", "Friday #1")
    assert result.entrants == 6  # five people, Cy's re-entry is an entry (TDA 8A)
    assert result.buy_in_cents == 10_000  # without the $10 fee (THC 1)
    by = {f.player: f for f in result.finishes}
    assert [(f.player, f.place) for f in result.finishes] == [
        ("c-ann", 1),
        ("c-di", 2),
        ("c-cy", 3),
        ("c-bo", 5),
    ]
    for pid, club in (("ann", "c-ann"), ("di", "c-di")):
        award = award_of(d.state, PlayerId(pid))
        assert award is not None
        assert by[ClubPlayerId(club)].prize_cents == award.owed_cents > 0
    assert by[ClubPlayerId("c-bo")].prize_cents == 0
    assert by[ClubPlayerId("c-ann")].spend_cents == 11_000  # buy-in and fee
    di = by[ClubPlayerId("c-di")]
    assert (di.add_ons, di.spend_cents) == (1, 11_000 + 10_000)  # and the $100 add-on
    assert by[ClubPlayerId("c-ann")].name == "Ann"


def test_a_re_entry_is_one_finish_at_the_best_place_with_every_entry_paid_for() -> None:
    cy = next(f for f in result_of(_night().state, event="e").finishes if f.player == "c-cy")
    assert (cy.place, cy.entries, cy.rebuys) == (3, 2, 1)
    assert cy.spend_cents == 2 * 11_000 + 5_000  # two entries with fees, one re-buy


def test_knockouts_count_the_chips_won_and_a_split_pot_shares_one() -> None:
    result = result_of(_night().state, event="e")
    by = {f.player: f for f in result.finishes}
    # Ann: Cy, half of Bo, Cy's re-entry, Di; Di: half of Bo (Cy's re-bought bust is taken back)
    assert by[ClubPlayerId("c-ann")].knockouts == 3.5
    assert by[ClubPlayerId("c-di")].knockouts == 0.5
    assert by[ClubPlayerId("c-cy")].knockouts == 1.0  # the guest still counts as a knockout
    assert by[ClubPlayerId("c-bo")].knockouts == 0.0
    assert by[ClubPlayerId("c-ann")].knockout_hands == (1, 1, 1, 1)


def test_a_guest_without_a_club_record_counts_in_the_field_but_has_no_finish() -> None:
    result = result_of(_night().state, event="e")
    assert result.entrants == 6
    assert all(f.name != "Guest" for f in result.finishes)


def test_a_night_still_in_play_is_not_finished_and_its_players_in_share_the_places_left() -> None:
    d = Director(club_rules())
    register(d.do, {"ann": "c-ann", "bo": "c-bo", "cy": "c-cy"})
    d.do(c.StartTournament())
    d.do(c.RecordBust(table=1, busted=(PlayerId("cy"),), eliminated_by=PlayerId("bo")))
    result = result_of(d.state, event="e")
    assert not result.finished
    assert {f.player: f.place for f in result.finishes} == {"c-ann": 2, "c-bo": 2, "c-cy": 3}


def test_the_date_is_the_start_in_the_clubs_time_zone() -> None:
    d = _night()
    start = d.state.clock.started_at
    assert start == d.minutes(0)  # 2026-01-01 00:00 UTC
    assert result_of(d.state, event="e").date == "2026-01-01"
    assert result_of(d.state, event="e", time_zone="America/Denver").date == "2025-12-31"


def test_an_unknown_time_zone_is_refused_by_name() -> None:
    with pytest.raises(ClubError) as err:
        club_date(0, "Mars/Olympus")
    assert err.value.code == "unknown_time_zone"
    assert "Mars/Olympus" in err.value.message


def test_side_game_players_are_matched_to_their_club_records_by_name() -> None:
    """SLPT 29: the side game knows its players by name; the winner is marked, a guest left
    out."""
    d = Director(club_rules())
    register(d.do, {"ann": "c-ann", "bo": "c-bo", "cy": "c-cy", "guest": None})
    d.do(c.StartTournament())
    d.do(c.RecordBust(table=1, busted=(PlayerId("bo"),), eliminated_by=PlayerId("ann")))
    d.do(c.RecordBust(table=1, busted=(PlayerId("guest"),), eliminated_by=PlayerId("ann")))
    d.do(c.RegisterSideGame(side_game_id="sg1", players=("bo", "Guest")))
    d.do(c.RecordSideGameWinner(side_game_id="sg1", winner="bo"))
    games = result_of(d.state, event="e").side_games
    assert [(g.side_game, g.player, g.name, g.won, g.forfeited) for g in games] == [
        ("sg1", "c-bo", "Bo", True, False)
    ]
