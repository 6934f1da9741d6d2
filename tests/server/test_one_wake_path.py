"""One way from a commit to the screens (issue 27): whoever commits to a tournament's log (the
hub's command, a dealing room's table through the same `LiveTournament`, the clock), the
tournament tells the hub once, and the hub wakes its screens and tells the dealing rooms once."""

from __future__ import annotations

import asyncio
import threading

from tests.server.conftest import TestClock

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.server.hub import Hub, Screen
from pitboss.service import seeded_random
from pitboss.store import EventStore
from pitboss.tournament import commands as cmd
from pitboss.tournament.model.entries import PersonalDetails


def _register(name: str) -> cmd.RegisterPlayer:
    return cmd.RegisterPlayer(
        player_id=PlayerId(name), name=name.title(), details=PersonalDetails()
    )


def test_a_commit_wakes_the_dealing_rooms_and_the_screens_once_each(
    store: EventStore, clock: TestClock
) -> None:
    async def run() -> None:
        hub = Hub(store, clock, seeded_random(1))
        stream = hub.create("Friday", RuleSet.from_preset("tda"))
        told: list[tuple[str, int]] = []
        hub.listen(lambda s, seq: told.append((s, seq)))  # what a dealing room listens with
        screen = Screen(stream=stream, role=("public", None))
        hub.subscribe(screen)

        hub.execute(stream, _register("ann"))  # the director's command through the hub
        head = hub.tournament(stream).head
        assert told == [(stream, head)]
        assert screen.queue.get_nowait() == head

        # a table's command in software-dealt play: the room executes on the same tournament,
        # never telling the hub itself; the tournament tells it
        hub.tournament(stream).execute(_register("bob"))
        head = hub.tournament(stream).head
        assert told[1:] == [(stream, head)]
        assert screen.queue.get_nowait() == head
        assert screen.queue.empty()

        hub.execute(stream, cmd.Tick())  # nothing committed: nobody woken
        assert len(told) == 2
        assert screen.queue.empty()

    failed: list[BaseException] = []

    def in_a_thread_of_its_own() -> None:  # a loop of its own, whatever runs in this thread
        try:
            asyncio.run(run())
        except BaseException as error:  # handed back to the test
            failed.append(error)

    thread = threading.Thread(target=in_a_thread_of_its_own)
    thread.start()
    thread.join(timeout=60)
    if failed:
        raise failed[0]
