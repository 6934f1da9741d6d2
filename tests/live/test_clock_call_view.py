"""The called clock on a player's screen is the table's one true countdown (issue 31; TDA 29,
KY 16, THC 15, SLPT 2): the instant the table acts for the player to act, shown only while
that decision is in play. A KY clock called 22 s into a 70-second action clock once read 1:09
while the table folded the player at 48 s, and "Clock called on you: 00:20" stayed after."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

from tests.live.helpers import Night, open_night, settle

from pitboss.ids import PlayerId, TableNo
from pitboss.live import RemoteAgent
from pitboss.live.player_screen import PlayerScreen, player_screen
from pitboss.rules import RuleSet
from pitboss.tournament.features.absence_and_clock import CallClock

P0, P1 = PlayerId("p00"), PlayerId("p01")


def screen(night: Night, player: PlayerId) -> PlayerScreen:
    state, runners = night.live.state, night.room.runners
    return player_screen(state, runners, player, night.clock.now(), stream="night", dealing=True)


def two_phones(tmp_path: Path, rules: RuleSet) -> tuple[Night, dict[PlayerId, RemoteAgent]]:
    agents = {P0: RemoteAgent(P0), P1: RemoteAgent(P1)}
    return open_night(tmp_path / "n.db", rules, players=2, agents=dict(agents)), agents


def on_a_turn(
    night: Night,
    agents: dict[PlayerId, RemoteAgent],
    scene: Callable[[PlayerId, PlayerId], Awaitable[None]],
) -> None:
    """Deal until a phone is to act, then play ``scene(slow, other)`` (the player to act, the
    other phone), the table dealing on meanwhile."""

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            slow = next(a for a in agents.values() if a.turn is not None).player_id
            await scene(slow, P1 if slow == P0 else P0)
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())


def test_a_clock_called_past_the_action_clock_counts_down_to_the_action_clock(
    tmp_path: Path,
) -> None:
    """KY 16: the call (70 s) would end after the action clock (48 s left): both screens count
    down to the action clock's end, the seat's timer and the notice alike, and once the table
    has acted the notice is gone."""
    night, agents = two_phones(tmp_path, RuleSet.from_preset("ky-charity"))

    async def scene(slow: PlayerId, other: PlayerId) -> None:
        acts_at = night.clock.now() + 70_000
        night.clock.advance(22)
        night.room.execute(CallClock(table=TableNo(1), player_id=slow, called_by=other))
        await settle()
        for player in (slow, other):
            view = screen(night, player)
            assert view.hand is not None
            assert view.clock_call is not None
            assert view.clock_call.called_on == night.live.state.players[slow].name
            assert view.clock_call.expires_at == acts_at  # 48 s, not the call's 1:10
            assert view.hand.deadline == acts_at  # the seat's timer: the same instant
        night.clock.advance(48)
        await settle()
        for player in (slow, other):
            call = screen(night, player).clock_call
            assert call is not None
            assert call.called_on is None
            assert call.expires_at is None

    on_a_turn(night, agents, scene)


def test_the_countdown_includes_the_time_bank_and_a_shorter_called_clock_replaces_it(
    tmp_path: Path,
) -> None:
    """TDA 29 with a 30-second time bank: the seat's timer counts to the end of the bank (the
    table acts then, not when the action clock alone runs out); a clock called meanwhile
    (25 s and a 5-second countdown) ends sooner, and becomes the one countdown."""
    rules = RuleSet.from_preset("tda")
    night, agents = two_phones(
        tmp_path, replace(rules, table=replace(rules.table, time_bank_seconds=30))
    )

    async def scene(slow: PlayerId, other: PlayerId) -> None:
        start = night.clock.now()
        view = screen(night, other)
        assert view.hand is not None
        assert view.hand.deadline == start + (30 + 30) * 1000
        night.clock.advance(5)
        night.room.execute(CallClock(table=TableNo(1), player_id=slow, called_by=other))
        await settle()
        view = screen(night, slow)
        assert view.hand is not None
        assert view.clock_call is not None
        assert view.clock_call.expires_at == start + (5 + 30) * 1000
        assert view.hand.deadline == view.clock_call.expires_at

    on_a_turn(night, agents, scene)


def test_a_screen_drawn_the_instant_the_clock_is_called_counts_down_the_called_clock(
    tmp_path: Path,
) -> None:
    """TDA 29: the screen pushed when the call is recorded, before the table's runner has
    looked again, already counts down the called clock (25 s and a 5-second countdown), never
    the 120-second action clock beside "Clock called" (a CI run read 120 s there)."""
    rules = RuleSet.from_preset("tda")
    night, agents = two_phones(
        tmp_path, replace(rules, table=replace(rules.table, action_seconds=120))
    )

    async def scene(slow: PlayerId, other: PlayerId) -> None:
        start = night.clock.now()
        night.room.execute(CallClock(table=TableNo(1), player_id=slow, called_by=other))
        for player in (slow, other):  # no settle: the runner has not looked
            view = screen(night, player)
            assert view.hand is not None
            assert view.clock_call is not None
            assert view.clock_call.called_on == night.live.state.players[slow].name
            assert view.hand.deadline == start + (25 + 5) * 1000
            assert view.clock_call.expires_at == view.hand.deadline

    on_a_turn(night, agents, scene)
