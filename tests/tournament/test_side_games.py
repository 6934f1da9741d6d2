"""SLPT 29 side games into the main event; THC 1 sit & go."""

from __future__ import annotations

import pytest

from pitboss.errors import RegistrationError, SeatingError
from pitboss.ids import PlayerId
from pitboss.rules.table_rules import TablePhase
from pitboss.tournament import commands as c
from pitboss.tournament.features.side_game_entries import SideGameEntered, average_stack
from pitboss.tournament.features.side_games import (
    SideGame,
    alternate_stack,
    entry_order,
    side_game_seats,
)
from pitboss.tournament.features.tables import SeatsDrawn
from pitboss.tournament.features.timekeeping import TournamentStarted
from pitboss.tournament.state import Phase

from .director_helpers import thc_details
from .floor_helpers import Floor


def test_slpt_29_5_side_games_seat_12_or_13_on_large_tables() -> None:
    floor = Floor("slpt")
    table = floor.rules.table
    assert (
        side_game_seats(TablePhase.SIDE_GAME, table.seats_side_game, table.seats_side_game_large)
        == 12
    )
    assert (
        side_game_seats(
            TablePhase.SIDE_GAME_LARGE, table.seats_side_game, table.seats_side_game_large
        )
        == 13
    )


def test_slpt_29_the_side_game_winner_enters_with_the_average_stack_and_chips_are_recorded() -> (
    None
):
    floor = Floor("slpt", seed=3)
    floor.seat(12)
    floor.bust_dealt(1)
    average = average_stack(floor.state)
    assert average == floor.state.chips_in_play() // 11 // 25 * 25
    events = floor.do(c.EnterFromSideGame(player_id=PlayerId("sg1"), name="Side Winner"))
    entered = next(e for e in events if isinstance(e, SideGameEntered))
    assert entered.chips == average
    assert floor.state.chips_created == average
    assert floor.state.table_of(PlayerId("sg1")) is not None
    assert floor.replayed() == floor.state


def test_slpt_29_no_side_game_entry_once_the_final_table_has_begun() -> None:
    floor = Floor("ky-charity", seed=30)  # KY redraws the final table (KY 8b)
    floor.seat(14)
    floor.bust_dealt(2, 4)
    floor.do(c.ConfirmSeatChange())
    assert floor.state.final_table_started
    with pytest.raises(RegistrationError) as err:
        floor.do(c.EnterFromSideGame(player_id=PlayerId("sg"), name="Late Winner"))
    assert err.value.code == "side_game_closed"
    # an unfinished side game's leader may kill the stack, after one round of the button
    with pytest.raises(RegistrationError) as err:
        floor.do(
            c.EnterFromSideGame(player_id=PlayerId("sg"), name="Leader", killed_side_stack=True)
        )
    assert err.value.code == "side_game_too_early"
    for _ in range(10):
        floor.quiet_hand(1)
    floor.do(c.EnterFromSideGame(player_id=PlayerId("sg"), name="Leader", killed_side_stack=True))
    assert floor.state.table_of(PlayerId("sg")) is not None


def test_slpt_29_chip_leader_then_the_next_and_one_alternate_with_blinds_deducted() -> None:
    assert entry_order({PlayerId("a"): 500, PlayerId("b"): 900, PlayerId("c"): 700}) == (
        PlayerId("b"),
        PlayerId("c"),
        PlayerId("a"),
    )
    game = SideGame(seats=12, players_at_start=10, hands_played=3)
    assert game.can_seat_alternate()
    assert not SideGame(seats=12, players_at_start=10, hands_played=10).can_seat_alternate()
    assert not SideGame(
        seats=12, players_at_start=10, hands_played=3, alternates=1
    ).can_seat_alternate()
    assert alternate_stack(5_000, 300) == 4_700
    with pytest.raises(SeatingError):
        alternate_stack(500, 500)


def test_thc_1_sit_and_go_starts_when_the_table_is_full_and_pays_70_percent() -> None:
    floor = Floor("thc-sit-and-go", seed=8)
    floor.register(*[f"p{i}" for i in range(9)], details=thc_details())
    assert floor.state.phase is Phase.REGISTRATION
    events = floor.do(
        c.RegisterPlayer(player_id=PlayerId("p9"), name="Tenth", details=thc_details())
    )
    assert any(isinstance(e, TournamentStarted) for e in events)
    assert any(isinstance(e, SeatsDrawn) for e in events)
    assert floor.sizes() == {1: 10}
    assert floor.state.prize_pool_cents == 10 * 10_000 * 70 // 100


def test_a_sit_and_go_can_start_on_command_before_it_is_full() -> None:
    floor = Floor("thc-sit-and-go", seed=8)
    floor.register(*[f"p{i}" for i in range(6)], details=thc_details())
    floor.do(c.StartTournament())
    assert floor.sizes() == {1: 6}


def test_slpt_29_a_registered_side_games_winner_enters_with_the_average_stack() -> None:
    floor = Floor("slpt", seed=3)
    floor.seat(12)
    with pytest.raises(RegistrationError) as err:
        floor.do(c.RegisterSideGame(side_game_id="sg", players=tuple(f"s{i}" for i in range(13))))
    assert err.value.code == "bad_side_game_players"  # SLPT 29.5: 12 seats ...
    floor.do(
        c.RegisterSideGame(side_game_id="sg", players=tuple(f"s{i}" for i in range(13)), large=True)
    )  # ... or 13 on the large tables
    assert floor.state.side_games["sg"].seats == 13
    enter = c.EnterFromSideGame(player_id=PlayerId("w"), name="s4", side_game_id="sg")
    with pytest.raises(RegistrationError) as err:
        floor.do(enter)
    assert err.value.code == "not_side_game_winner"  # no winner yet
    with pytest.raises(RegistrationError) as err:
        floor.do(c.RecordSideGameWinner(side_game_id="sg", winner="stranger"))
    assert err.value.code == "not_in_side_game"
    floor.do(c.RecordSideGameWinner(side_game_id="sg", winner="s4"))
    with pytest.raises(RegistrationError) as err:
        floor.do(c.EnterFromSideGame(player_id=PlayerId("x"), name="s5", side_game_id="sg"))
    assert err.value.code == "not_side_game_winner"  # only the winner
    floor.bust_dealt(1)
    average = average_stack(floor.state)
    created = floor.state.chips_created
    events = floor.do(enter)
    entered = next(e for e in events if isinstance(e, SideGameEntered))
    assert (entered.chips, entered.side_game_id) == (average, "sg")
    assert floor.state.chips_created == created + average  # chips created and recorded
    assert floor.state.table_of(PlayerId("w")) is not None
    assert floor.state.side_games["sg"].entered == ("s4",)
    with pytest.raises(RegistrationError) as err:
        floor.do(c.EnterFromSideGame(player_id=PlayerId("w2"), name="s4", side_game_id="sg"))
    assert err.value.code == "side_game_entered"  # once
    with pytest.raises(RegistrationError) as err:
        floor.do(c.EnterFromSideGame(player_id=PlayerId("y"), name="s1", side_game_id="nope"))
    assert err.value.code == "no_side_game"
    assert floor.replayed() == floor.state


def test_slpt_29_a_side_game_winner_enters_only_until_the_final_table_begins() -> None:
    floor = Floor("ky-charity", seed=30)  # KY redraws the final table (KY 8b)
    floor.seat(14)
    floor.do(c.RegisterSideGame(side_game_id="sg", players=("Ann", "Bob", "Cy")))
    floor.do(c.RecordSideGameWinner(side_game_id="sg", winner="Bob"))
    floor.bust_dealt(2, 4)
    floor.do(c.ConfirmSeatChange())
    assert floor.state.final_table_started
    with pytest.raises(RegistrationError) as err:
        floor.do(c.EnterFromSideGame(player_id=PlayerId("b"), name="Bob", side_game_id="sg"))
    assert err.value.code == "side_game_closed"
    with pytest.raises(RegistrationError) as err:
        floor.do(c.RegisterSideGame(side_game_id="late", players=("Dee", "Eve")))
    assert err.value.code == "side_game_closed"
