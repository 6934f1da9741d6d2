"""Who knocked a player out (issue 28: a league's knockouts): every bust decided after a hand
names the players whose stacks grew on it (`Bust.eliminated_by`), all of them when a pot was
split; a recorded bust names its eliminator; chips removed name nobody; old logs read empty."""

from __future__ import annotations

from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.tournament import commands as c
from pitboss.tournament.features.busts import PlayersBusted
from pitboss.tournament.model.eliminations import Bust
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.registry import event_from_dict

from .floor_helpers import Floor


def _busts(events: list[object]) -> dict[str, tuple[str, ...]]:
    return {
        b.player_id: tuple(b.eliminated_by)
        for e in events
        if isinstance(e, PlayersBusted)
        for b in e.busts
    }


def _table() -> tuple[Floor, int, list[str]]:
    f = Floor("tda")
    f.seat(6)
    hand = f.start(1)
    players = [str(p) for p in f.state.hands[hand].players]
    f.finish(hand, {players[0]: f.state.players[PlayerId(players[0])].chips})
    return f, 1, players


def test_the_player_who_won_the_chips_of_a_hand_knocked_out_the_loser() -> None:
    f, table, _ = _table()
    hand = f.start(table)
    loser, winner, bystander = (str(p) for p in f.state.hands[hand].players[:3])
    stack = f.state.players[PlayerId(loser)].chips
    bystander_stack = f.state.players[PlayerId(bystander)].chips
    events = f.finish(
        hand,
        {
            loser: 0,
            winner: f.state.players[PlayerId(winner)].chips + stack,
            bystander: bystander_stack,
        },
    )
    assert _busts(events) == {loser: (winner,)}
    assert f.replayed() == f.state


def test_a_split_pot_that_busts_a_player_credits_every_player_who_won_chips() -> None:
    f, table, _ = _table()
    hand = f.start(table)
    loser, a, b, lost_too = (str(p) for p in f.state.hands[hand].players[:4])
    chips = {p: f.state.players[PlayerId(p)].chips for p in (loser, a, b, lost_too)}
    events = f.finish(
        hand,
        {
            loser: 0,
            a: chips[a] + chips[loser] // 2 + 1000,
            b: chips[b] + chips[loser] - chips[loser] // 2,
            lost_too: chips[lost_too] - 1000,
        },
    )
    assert _busts(events) == {loser: tuple(sorted((a, b)))}


def test_a_recorded_bust_names_its_eliminator_on_every_player_out() -> None:
    f, table, players = _table()
    events = f.do(
        c.RecordBust(
            table=TableNo(table),
            busted=(PlayerId(players[1]), PlayerId(players[2])),
            eliminated_by=PlayerId(players[3]),
        )
    )
    assert _busts(events) == {players[1]: (players[3],), players[2]: (players[3],)}


def test_a_correction_that_busts_a_player_names_who_won_their_chips() -> None:
    f, table, _ = _table()
    hand = f.start(table)
    a, b = (str(p) for p in f.state.hands[hand].players[:2])
    chips = {p: f.state.players[PlayerId(p)].chips for p in (a, b)}
    f.finish(hand, {a: chips[a] - 100, b: chips[b] + 100})
    events = f.do(
        c.CorrectHand(
            hand_id=HandId(hand),
            stacks=(
                PlayerChips(player_id=PlayerId(a), chips=0),
                PlayerChips(player_id=PlayerId(b), chips=chips[a] + chips[b]),
            ),
        )
    )
    assert _busts(events) == {a: (b,)}


def test_chips_removed_from_play_knock_nobody_out() -> None:
    f, _, players = _table()
    events = f.do(c.WithdrawFromPlay(player_id=PlayerId(players[0])))
    assert _busts(events) == {players[0]: ()}


def test_a_bust_stored_before_knockouts_were_recorded_reads_with_nobody() -> None:
    old = {
        "type": "players_busted",
        "data": {
            "at": 1,
            "busts": [{"player_id": "p1", "stack_at_start": 10, "rank": 0, "reason": "bust"}],
        },
    }
    event = event_from_dict(old)
    assert isinstance(event, PlayersBusted)
    assert event.busts == (Bust(player_id=PlayerId("p1"), stack_at_start=10),)
