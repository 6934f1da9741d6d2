"""SLPT 29.2-29.4: an unfinished side game's option to enter the main event at the final table,
checked against the side game's recorded chip counts and both buttons' first round."""

from __future__ import annotations

import pytest

from pitboss.errors import RegistrationError
from pitboss.ids import PlayerId
from pitboss.tournament import commands as c
from pitboss.tournament.features.side_game_entries import SideGameEntered
from pitboss.tournament.features.side_games import option_holder
from pitboss.tournament.state import SideGameStack

from .floor_helpers import Floor


def _stacks(**chips: int) -> tuple[SideGameStack, ...]:
    return tuple(SideGameStack(name=n, chips=k) for n, k in chips.items())


def _final_table_with_side_game() -> Floor:
    floor = Floor("ky-charity", seed=30)  # KY redraws the final table (KY 8b)
    floor.seat(14)
    floor.do(c.RegisterSideGame(side_game_id="sg", players=("Ann", "Bob", "Cy", "Dee")))
    floor.do(
        c.RecordSideGameChips(
            side_game_id="sg",
            stacks=_stacks(Ann=2_000, Bob=3_000, Cy=2_500, Dee=500),
            hands_played=2,
        )
    )
    floor.bust_dealt(2, 4)
    floor.do(c.ConfirmSeatChange())
    assert floor.state.final_table_started
    return floor


def _kill(floor: Floor, pid: str, name: str) -> list[object]:
    return list(
        floor.do(
            c.EnterFromSideGame(
                player_id=PlayerId(pid), name=name, killed_side_stack=True, side_game_id="sg"
            )
        )
    )


def _code(floor: Floor, command: c.Command) -> str:
    with pytest.raises(RegistrationError) as err:
        floor.do(command)
    return err.value.code


def test_slpt_29_2_the_side_game_chip_leader_holds_the_option_then_the_next_when_he_stays() -> None:
    floor = _final_table_with_side_game()
    for _ in range(10):  # the final table's button goes round once
        floor.quiet_hand(1)
    floor.bust_dealt(1)  # a free seat at the final table
    # SLPT 29.4: the side game itself has dealt 2 of its 4 first-round hands
    kill_bob = c.EnterFromSideGame(
        player_id=PlayerId("bob"), name="Bob", killed_side_stack=True, side_game_id="sg"
    )
    assert _code(floor, kill_bob) == "side_game_first_round"
    floor.do(
        c.RecordSideGameChips(
            side_game_id="sg", stacks=_stacks(Ann=1_500, Bob=4_000, Cy=2_500), hands_played=4
        )
    )
    assert option_holder(floor.state.side_games["sg"]) == "Bob"  # the chip leader first
    kill_cy = c.EnterFromSideGame(
        player_id=PlayerId("cy"), name="Cy", killed_side_stack=True, side_game_id="sg"
    )
    assert _code(floor, kill_cy) == "not_side_game_option"
    assert _code(floor, c.DeclineSideGameOption(side_game_id="sg", name="Cy")) == (
        "not_side_game_option"
    )
    floor.do(c.DeclineSideGameOption(side_game_id="sg", name="Bob"))  # Bob stays (29.2.2)
    assert option_holder(floor.state.side_games["sg"]) == "Cy"  # the next (29.3)
    assert _code(floor, kill_bob) == "not_side_game_option"
    created = floor.state.chips_created
    events = floor.do(kill_cy)
    entered = next(e for e in events if isinstance(e, SideGameEntered))
    assert entered.killed_side_stack
    assert entered.side_game_id == "sg"
    assert floor.state.chips_created == created + entered.chips
    assert floor.sizes() == {1: 10}  # at the final table, in the freed seat
    assert floor.state.table_of(PlayerId("cy")) is not None
    game = floor.state.side_games["sg"]
    assert game.option_taken == "Cy"
    assert [st.name for st in game.stacks] == ["Ann", "Bob"]  # Cy's side stack is killed
    assert option_holder(game) is None
    kill_ann = c.EnterFromSideGame(
        player_id=PlayerId("ann"), name="Ann", killed_side_stack=True, side_game_id="sg"
    )
    assert _code(floor, kill_ann) == "side_game_option_taken"  # one player per side game
    assert floor.replayed() == floor.state


def test_slpt_29_4_the_option_waits_for_the_side_games_first_round_not_the_final_tables() -> None:
    floor = Floor("ky-charity", seed=30)
    floor.seat(14)
    floor.do(c.RegisterSideGame(side_game_id="sg", players=("Ann", "Bob")))
    assert _code(floor, c.DeclineSideGameOption(side_game_id="sg", name="Ann")) == (
        "side_game_not_final"
    )
    floor.bust_dealt(2, 4)
    floor.do(c.ConfirmSeatChange())
    kill_ann = c.EnterFromSideGame(
        player_id=PlayerId("ann"), name="Ann", killed_side_stack=True, side_game_id="sg"
    )
    # SLPT 29.4 counts the side game's button, not the final table's: no final-table round is
    # needed, but the side game must have been counted.
    assert _code(floor, kill_ann) == "side_game_not_counted"
    floor.do(
        c.RecordSideGameChips(side_game_id="sg", stacks=_stacks(Ann=10, Bob=5), hands_played=2)
    )
    before = floor.state
    assert (
        _code(
            floor, c.RecordSideGameChips(side_game_id="sg", stacks=_stacks(Ann=10), hands_played=1)
        )
        == "bad_side_game_count"
    )  # hands never go backwards
    assert (
        _code(
            floor, c.RecordSideGameChips(side_game_id="sg", stacks=_stacks(Zed=10), hands_played=3)
        )
        == "not_in_side_game"
    )
    assert floor.state == before  # a rejected command changes nothing
    floor.do(c.RecordSideGameWinner(side_game_id="sg", winner="Ann"))
    assert _code(floor, kill_ann) == "not_in_side_game"  # a finished game has no option
    assert floor.replayed() == floor.state
