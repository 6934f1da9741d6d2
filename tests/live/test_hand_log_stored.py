"""A table is handed over only once its hand stream's last event is stored (issue 32): until
then its next owner's fence would refuse that write, and the hand would end unrecorded."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pitboss.ids import TableNo
from pitboss.live.hand_log import HAND_FINISHED, HandLog, stop_writing_behind, write_behind
from pitboss.store import open_store


def test_an_event_waiting_for_the_loops_group_commit_is_not_stored_yet(tmp_path: Path) -> None:
    with open_store(tmp_path / "n.db") as store:
        night = store.create_tournament("Friday night", at=1)

        async def scenario() -> None:
            hands = HandLog(store, night, TableNo(1), at=1)
            assert hands.all_stored
            hands.append(HAND_FINISHED, {"hand_id": "h1", "stacks": [], "busted": []}, at=2)
            assert not hands.all_stored  # the group commits at the loop's next turn
            await asyncio.sleep(0)
            assert hands.all_stored
            assert store.head(hands.stream) == 1

        asyncio.run(scenario())


def test_an_event_the_writer_thread_has_not_committed_is_not_stored_yet(tmp_path: Path) -> None:
    with open_store(tmp_path / "n.db") as store:
        night = store.create_tournament("Friday night", at=1)

        async def scenario() -> None:
            hands = HandLog(store, night, TableNo(1), at=1)
            write_behind(store)
            try:
                hands.append(HAND_FINISHED, {"hand_id": "h1", "stacks": [], "busted": []}, at=2)
                if hands.all_stored:  # the thread may have committed it already
                    assert store.head(hands.stream) == 1
                await hands.settled()
                assert hands.all_stored
                assert store.head(hands.stream) == 1
            finally:
                stop_writing_behind(store)

        asyncio.run(scenario())
