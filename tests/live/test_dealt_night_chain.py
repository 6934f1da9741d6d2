"""A night the software deals at several tables keeps an unbroken hash chain in every log (issue
25, THC add. 10): the tournament's and each table's hand stream, written a group of tables at a
time. `pitboss event verify` on an honest night must say it is intact: a chain that restarted
at each group commit read as an edit, and a regulator's check failed an honest night."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.live.helpers import open_night, run_until

from pitboss.ids import TableNo
from pitboss.live.hand_log import hand_stream
from pitboss.rules import RuleSet
from pitboss.store.chain import verify

MINUTES = 60_000


def test_every_log_of_a_night_dealt_at_three_tables_verifies_intact(tmp_path: Path) -> None:
    night = open_night(tmp_path / "n.db", RuleSet.from_preset("tda"), players=24, pause_seconds=1)

    async def scenario() -> None:
        task = asyncio.ensure_future(night.room.run())
        try:
            await run_until(
                night.clock, lambda: len(night.live.state.hands) >= 12, limit_ms=60 * MINUTES
            )
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    asyncio.run(scenario())
    tables = sorted({h.table for h in night.live.state.hands.values()})
    assert len(tables) == 3
    streams = [night.live.stream, *(hand_stream(night.live.stream, TableNo(t)) for t in tables)]
    lengths = [night.store.head(s) for s in streams]
    assert len(set(lengths)) > 1  # logs of different lengths, written in the same groups
    for stream in streams:
        check = verify(night.store, stream)
        assert check.is_intact, (stream, check.mismatch)
        assert check.checked == night.store.head(stream)
