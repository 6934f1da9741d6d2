"""SLPT 29.6: one alternate per side game, before its first round completes, into an empty
seat, with the blinds that passed deducted, recorded as an event."""

from __future__ import annotations

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId
from pitboss.tournament import commands as c
from pitboss.tournament.features.side_games import SideGameAlternateSeated
from pitboss.tournament.state import SideGameStack

from .floor_helpers import Floor


def _floor(players: int, *, large: bool = False) -> Floor:
    floor = Floor("slpt", seed=3)
    floor.seat(12)
    names = tuple(f"s{i}" for i in range(players))
    floor.do(c.RegisterSideGame(side_game_id="sg", players=names, large=large))
    return floor


def _code(floor: Floor, command: c.Command) -> str:
    before = floor.state
    with pytest.raises(PitbossError) as err:
        floor.do(command)
    assert floor.state == before  # a rejected command changes nothing
    return err.value.code


def _alt(name: str, blinds: int = 0) -> c.SeatSideGameAlternate:
    return c.SeatSideGameAlternate(
        side_game_id="sg", name=name, starting_stack=5_000, blinds_passed=blinds
    )


def test_slpt_29_6_one_alternate_with_the_blinds_that_passed_deducted() -> None:
    floor = _floor(8)
    floor.do(
        c.RecordSideGameChips(
            side_game_id="sg",
            stacks=tuple(SideGameStack(name=f"s{i}", chips=5_000) for i in range(8)),
            hands_played=3,
        )
    )
    assert _code(floor, _alt("s2")) == "bad_side_game_players"  # already playing
    assert _code(floor, _alt("Alt", blinds=5_000)) == "bad_alternate"  # nothing left
    events = floor.do(_alt("Alt", blinds=300))  # SLPT 29.6.3
    assert events == [
        SideGameAlternateSeated(
            at=events[0].at,
            side_game_id="sg",
            name="Alt",
            starting_stack=5_000,
            blinds_passed=300,
            chips=4_700,
        )
    ]
    game = floor.state.side_games["sg"]
    assert (game.alternate, game.alternate_chips) == ("Alt", 4_700)
    assert SideGameStack(name="Alt", chips=4_700) in game.stacks  # counted with the others
    assert _code(floor, _alt("Second")) == "side_game_alternate_taken"  # SLPT 29.6.4
    # the alternate is a player of the side game: may win it and enter the main event
    floor.do(c.RecordSideGameWinner(side_game_id="sg", winner="Alt"))
    floor.do(c.EnterFromSideGame(player_id=PlayerId("alt"), name="Alt", side_game_id="sg"))
    assert floor.state.table_of(PlayerId("alt")) is not None
    assert floor.replayed() == floor.state


def test_slpt_29_6_1_no_alternate_once_the_side_games_button_has_gone_round() -> None:
    floor = _floor(8)
    floor.do(
        c.RecordSideGameChips(
            side_game_id="sg",
            stacks=tuple(SideGameStack(name=f"s{i}", chips=5_000) for i in range(8)),
            hands_played=8,  # one hand per starting player: the button went round
        )
    )
    assert _code(floor, _alt("Alt")) == "side_game_first_round_over"


def test_slpt_29_6_2_no_alternate_beyond_the_side_games_seats() -> None:
    full = _floor(12)
    assert _code(full, _alt("Alt")) == "side_game_full"  # 12 of 12
    large = _floor(12, large=True)  # 13 seats on the large tables (SLPT 29.5)
    large.do(_alt("Alt", blinds=0))
    assert large.state.side_games["sg"].alternate_chips == 5_000
    assert large.replayed() == large.state
