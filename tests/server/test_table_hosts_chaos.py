"""A whole tournament over several processes while its hosts are killed (issue 32): PostgreSQL,
three table hosts and two web gateways as separate processes deal a 40-table tournament of bots
with players at browsers; a host is killed with SIGKILL at random moments, 20 times (a fresh
host started each time), and a gateway once. Every table a killed host dealt is dealt again by
another within 10 s, no hand is lost or dealt twice, the chips are conserved at every table
after every hand, the players' pages reconnect by themselves and act on, no action a page was
told was accepted is applied twice, and the tournament ends as an uninterrupted one does: one
winner holding every chip, every other player out.

``PITBOSS_CHAOS_KILLS`` and ``PITBOSS_CHAOS_TABLES`` change the numbers (20 and 40)."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from tests.live.helpers import without_running_loop
from tests.server.table_hosts import (
    Hosts,
    Page,
    applied_actions,
    check_hands,
    held_by,
    seated_tournament,
    unfinished_story,
)
from tests.store.conftest import libpq_url, postgres_server, postgres_url

from pitboss.ids import PlayerId
from pitboss.server.auth import Auth, CredentialFile
from pitboss.service import system_clock
from pitboss.store import open_store
from pitboss.store.leases import LeaseBook
from pitboss.tournament.state import PlayerStatus, TournamentState

__all__ = ["libpq_url", "postgres_server", "postgres_url"]

pytestmark = pytest.mark.slow

KILLS = int(os.environ.get("PITBOSS_CHAOS_KILLS", "20"))
TABLES = int(os.environ.get("PITBOSS_CHAOS_TABLES", "40"))
TAKEOVER_S = 10.0
"""Issue 32: every table a killed host owned is dealt by another within this long."""
ENDS_WITHIN_S = 900.0
"""The tournament ends within this long (about 330 s uninterrupted with three hosts here)."""


@pytest.fixture
def hosts(postgres_url: str, tmp_path: Path) -> Iterator[Hosts]:
    running = Hosts(postgres_url, tmp_path)
    try:
        yield running
    finally:
        running.stop_all()


def test_a_40_table_tournament_ends_as_usual_through_20_host_kills(hosts: Hosts) -> None:
    rng = random.Random(3220)
    store = open_store(hosts.target)
    live = seated_tournament(store, players=TABLES * 9, seats=9)
    stream = live.stream
    chips = live.state.chips_in_play()
    tables = sorted(live.state.tables)
    at_browser = [live.state.tables[t].players()[0] for t in tables[:: max(len(tables) // 4, 1)]]
    book = LeaseBook(store)
    auth = Auth(CredentialFile(hosts.credentials), system_clock)
    for name in ("gw1", "gw2"):
        hosts.start(name, role="web")
    for name in ("h1", "h2", "h3"):
        hosts.start(name)
    book.start_dealing(
        stream, {"browser_players": at_browser, "think_seconds": 0, "pause_seconds": 0}
    )

    def url(gateway: str, player: PlayerId) -> str:
        token = auth.player_token(stream, player)
        base = f"ws://127.0.0.1:{hosts.ports[gateway]}/ws/tournaments/{stream}"
        return f"{base}?role=player&player={player}&token={token}"

    pages = [
        Page([url(g, p) for g in (("gw1", "gw2") if i % 2 else ("gw2", "gw1"))], p)
        for i, p in enumerate(at_browser)
    ]
    takeovers: list[float] = []
    killed_under: Counter[int] = Counter()  # a table: how many times its host was killed

    async def until(done: Callable[[], bool], seconds: float, what: str) -> float:
        start = time.monotonic()
        while not done():
            assert time.monotonic() - start < seconds, f"not within {seconds:g} s: {what}"
            await asyncio.sleep(0.1)
        return time.monotonic() - start

    async def night() -> None:
        stop = asyncio.Event()
        running = [asyncio.ensure_future(page.run(stop)) for page in pages]
        await until(lambda: len(held_by(book, stream)) == len(tables), 60, "every table dealt")
        await until(lambda: sum(len(p.accepted) for p in pages) >= 4, 60, "the pages act")
        serial = 3
        for kill in range(KILLS):
            await asyncio.sleep(rng.uniform(1.0, 4.0))
            if live.service.open(stream).state.winner is not None:
                break
            if kill == KILLS // 2:  # a gateway too: its pages reconnect to the other
                hosts.kill("gw1")
            held = held_by(book, stream)
            owners = sorted({lease.owner for lease in held.values()} & set(hosts.processes))
            victim = rng.choice(owners)
            theirs = [t for t, lease in held.items() if lease.owner == victim]
            killed_under.update(theirs)
            killed_at = time.time()  # as the hosts' logs: this machine's clock
            hosts.kill(victim)
            serial += 1
            hosts.start(f"h{serial}")

            # when another host first took each of the victim's tables, as its log says: a
            # table taken over is often handed over again within a second (to the host started
            # in the victim's place), before a look at the leases would see the first taker;
            # the director's log (its whole log read, slow on a loaded machine) only every two
            # seconds, for the tables still in play
            first: dict[int, float] = {}
            looked: list[tuple[float, TournamentState]] = []

            def taken_over(
                victim: str = victim,
                theirs: list[int] = theirs,
                killed_at: float = killed_at,
                first: dict[int, float] = first,
                looked: list[tuple[float, TournamentState]] = looked,
            ) -> bool:
                for at, host, t in hosts.takes(stream):
                    if t in theirs and host != victim and at >= killed_at and t not in first:
                        first[t] = at
                if not looked or time.monotonic() - looked[-1][0] > 2.0:
                    looked.append((time.monotonic(), live.service.open(stream).state))
                state = looked[-1][1]
                if state.winner is not None:
                    return True
                return all(t in first for t in theirs if t in state.tables)

            await until(taken_over, TAKEOVER_S + 20, f"{victim}'s tables")
            in_play = live.service.open(stream).state.tables
            back = [at for t, at in first.items() if t in in_play]
            takeovers.append(max((at - killed_at for at in back), default=0))
        await until(
            lambda: live.service.open(stream).state.winner is not None,
            ENDS_WITHIN_S,
            "the tournament ends",
        )
        stop.set()
        await asyncio.gather(*running)

    with without_running_loop():  # a browser test of this worker left its loop marked
        asyncio.run(night())
    assert takeovers, "no host was killed while the tournament was in play"
    assert max(takeovers) <= TAKEOVER_S, f"takeovers (s): {sorted(takeovers)}"

    state = live.service.open(stream).state
    assert state.winner is not None
    assert not state.open_hands()
    assert state.chips_in_play() == chips == state.players[state.winner].chips
    out = [p for p in state.players.values() if p.status is not PlayerStatus.ACTIVE or not p.chips]
    assert len(out) == len(state.players) - 1, "every other player is out"
    unfinished = check_hands(store, stream, state)  # none dealt or finished twice
    # at each table a killed host dealt, at most the hand it was finishing (its result in the
    # director's log, not yet in the hand stream) and only when no host dealt the table again
    # (it was broken, or the tournament ended): the next host writes that finish
    over = [t for t, n in unfinished.items() if n > killed_under[t]]
    stories = [unfinished_story(store, stream, state, t) for t in over]
    lines = [
        f"{name}: {line}"
        for name in sorted(hosts.ports)
        for line in hosts.log_of(name).splitlines()
        if any(f"table {t} " in line for t in over)
    ]
    assert not over, "\n".join([str(dict(killed_under)), *stories, *lines[-80:]])

    assert all(page.frames > 0 for page in pages)
    assert any(page.reconnects > 0 for page in pages), "the gateway killed: pages reconnected"
    applied = applied_actions(store, stream, sorted({r.table for r in state.hands.values()}))
    assert all(n == 1 for n in applied.values()), "an action applied twice"
    lost = [a for page in pages for a in page.accepted if applied[a] == 0]
    assert not lost, f"told accepted (stored first), in no hand stream: {lost}"
    store.close()
