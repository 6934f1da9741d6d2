"""The director pauses the clock at software-dealt tables (issue 14): the hand in play
finishes, no new hand is dealt while the clock stands (the levels stand with it), and dealing
goes on when the clock runs again."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.live.helpers import open_night, run_until, settle

from pitboss.rules import RuleSet
from pitboss.tournament.features.timekeeping import PauseClock, ResumeClock

MINUTES = 60_000


def test_no_hand_is_dealt_while_the_director_has_paused_the_clock(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=6, pause_seconds=1)

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await settle()
            assert night.live.state.hands  # dealing
            night.room.execute(PauseClock())
            started = len(night.live.state.hands)
            await run_until(
                night.clock, lambda: not night.live.state.open_hands(), limit_ms=30 * MINUTES
            )
            assert len(night.live.state.hands) == started  # the hand in play finished
            night.clock.advance(20 * 60)  # twenty minutes with the clock stopped
            await settle()
            assert len(night.live.state.hands) == started
            assert not night.live.state.open_hands()
            level = night.live.state.period.index
            night.room.execute(ResumeClock())
            await run_until(
                night.clock, lambda: len(night.live.state.hands) > started, limit_ms=MINUTES
            )
            assert night.live.state.period.index == level
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
