"""Tables dealt over several processes (issue 32): each table is owned by one table host through
its lease; a host killed loses its tables to the others within 10 s and the hand in play goes
on from its hand stream; a host stopped with SIGTERM hands its tables over at the end of their
hands; no hand is lost or dealt twice and no chip is created or lost."""

from __future__ import annotations

import asyncio
import random
import signal
import time
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
    page_standing,
    seated_tournament,
    wait_for,
)
from tests.store.conftest import libpq_url, postgres_server, postgres_url

from pitboss.server.auth import Auth, CredentialFile
from pitboss.service import system_clock
from pitboss.store import open_store
from pitboss.store.leases import LeaseBook

__all__ = ["libpq_url", "postgres_server", "postgres_url"]

pytestmark = pytest.mark.slow

TAKEOVER_S = 10.0
"""Issue 32: every table a killed host owned is dealt by another within this long."""


@pytest.fixture
def hosts_target(postgres_url: str) -> str:
    """PostgreSQL, as issue 32 runs several processes: a SQLite file serves hosts of one
    machine too, but its one writer at a time can hold a host's renewal past its lease's life
    when several processes write hard (seen here: a table taken from a live host)."""
    return postgres_url


@pytest.fixture
def hosts(hosts_target: str, tmp_path: Path) -> Iterator[Hosts]:
    running = Hosts(hosts_target, tmp_path)
    try:
        yield running
    finally:
        running.stop_all()


def test_a_killed_host_s_tables_are_dealt_on_by_the_other_within_10_s_and_sigterm_hands_over(
    hosts: Hosts,
) -> None:
    store = open_store(hosts.target)
    live = seated_tournament(store, players=18, seats=9)
    stream = live.stream
    book = LeaseBook(store)
    book.start_dealing(stream, {"think_seconds": 0.05, "pause_seconds": 0.2})
    hosts.start("h1")
    hosts.start("h2")
    wait_for(
        lambda: {lease.owner for lease in held_by(book, stream).values()} == {"h1", "h2"},
        seconds=60,
        what="each host deals one of the two tables",
    )
    owner = {table: lease.owner for table, lease in held_by(book, stream).items()}
    victim_table = next(t for t, o in owner.items() if o == "h1")
    before = live.service.open(stream).state
    wait_for(
        lambda: len(live.service.open(stream).state.hands) > len(before.hands) + 4,
        seconds=60,
        what="hands dealt at both tables",
    )
    hosts.kill("h1")
    killed = time.monotonic()
    took = wait_for(
        lambda: getattr(held_by(book, stream).get(victim_table), "owner", None) == "h2",
        seconds=TAKEOVER_S + 5,
        what=f"h2 deals table {victim_table} after h1 was killed",
    )
    assert took <= TAKEOVER_S, f"taken over after {took:.1f} s"

    def dealt_at_victim() -> int:
        hands = live.service.open(stream).state.hands
        return sum(1 for record in hands.values() if record.table == victim_table)

    then = dealt_at_victim()
    try:
        wait_for(
            lambda: dealt_at_victim() > then + 2,
            seconds=60,
            what=f"hands dealt on at table {victim_table} after the takeover",
        )
    except AssertionError as error:
        raise AssertionError(f"{error}\nh2's log:\n{hosts.log_of('h2')[-4000:]}") from None
    assert time.monotonic() - killed < 120
    assert hosts.stop("h2"), hosts.log_of("h2")
    assert held_by(book, stream) == {}, "a drained host holds no lease"
    state = live.service.open(stream).state
    assert not state.open_hands(), "SIGTERM cut no hand short"
    assert not check_hands(store, stream, state), "every hand finished in its hand stream"
    store.close()


def test_three_hosts_share_the_tables_and_survive_kills_at_random_moments(hosts: Hosts) -> None:
    rng = random.Random(32)
    store = open_store(hosts.target)
    live = seated_tournament(store, players=54, seats=9)
    stream = live.stream
    book = LeaseBook(store)
    book.start_dealing(stream, {"think_seconds": 0.02, "pause_seconds": 0.1})
    for name in ("h1", "h2", "h3"):
        hosts.start(name)
    wait_for(
        lambda: len({lease.owner for lease in held_by(book, stream).values()}) == 3,
        seconds=60,
        what="the three hosts share the six tables",
    )
    serial = 3
    for _ in range(3):
        time.sleep(rng.uniform(0.5, 3.0))
        owners = {lease.owner for lease in held_by(book, stream).values()}
        victim = rng.choice(sorted(owners & set(hosts.processes)))
        theirs = [t for t, lease in held_by(book, stream).items() if lease.owner == victim]
        hosts.kill(victim)
        serial += 1
        hosts.start(f"h{serial}")

        def taken_over(victim: str = victim, theirs: list[int] = theirs) -> bool:
            now = held_by(book, stream)
            tables = live.service.open(stream).state.tables
            return all(t in now and now[t].owner != victim for t in theirs if t in tables)

        took = wait_for(taken_over, seconds=TAKEOVER_S + 5, what=f"the tables of {victim} taken")
        assert took <= TAKEOVER_S, f"taken over after {took:.1f} s"
    for name in list(hosts.processes):
        assert hosts.stop(name), hosts.log_of(name)
    state = live.service.open(stream).state
    assert not state.open_hands()
    check_hands(store, stream, state)
    store.close()


def test_players_play_through_a_gateway_across_a_host_killed_under_their_table(
    hosts: Hosts,
) -> None:
    """Two players at browsers, one at each table, reach their tables through a web gateway;
    the host dealing one of them is killed: the gateway relays the player's page to the host
    that takes the table over, the page keeps acting, and no action the page was told was
    accepted is lost or applied twice."""
    store = open_store(hosts.target)
    live = seated_tournament(store, players=18, seats=9)
    stream = live.stream
    state = live.state
    at_browser = [state.tables[t].players()[0] for t in sorted(state.tables)]
    book = LeaseBook(store)
    auth = Auth(CredentialFile(hosts.credentials), system_clock)
    hosts.start("h1")
    hosts.start("h2")
    hosts.start("gw", role="web")
    book.start_dealing(
        stream,
        {"browser_players": at_browser, "think_seconds": 0.02, "pause_seconds": 0.1},
    )
    wait_for(
        lambda: {lease.owner for lease in held_by(book, stream).values()} == {"h1", "h2"},
        seconds=60,
        what="each host deals one of the two tables",
    )
    gateway = f"ws://127.0.0.1:{hosts.ports['gw']}/ws/tournaments/{stream}"
    pages = [  # they never call: a player knocked out would act no more
        Page(
            [f"{gateway}?role=player&player={p}&token={auth.player_token(stream, p)}"],
            p,
            calls=False,
        )
        for p in at_browser
    ]

    async def play() -> None:
        stop = asyncio.Event()
        running = [asyncio.ensure_future(page.run(stop)) for page in pages]

        async def until(done: Callable[[], bool], seconds: float, what: str) -> None:
            deadline = time.monotonic() + seconds
            while not done():
                assert time.monotonic() < deadline, f"not within {seconds:g} s: {what}"
                await asyncio.sleep(0.1)

        await until(lambda: all(len(p.accepted) >= 2 for p in pages), 90, "both pages act")
        owners = {t: lease.owner for t, lease in held_by(book, stream).items()}
        victim = owners.get(pages[0].tables[-1], "h1")
        before = len(pages[0].accepted)
        hosts.kill(victim)
        try:
            await until(
                lambda: len(pages[0].accepted) >= before + 2, 60, "the page acts after the takeover"
            )
        except AssertionError as error:
            raise AssertionError(f"{error}: {page_standing(live, pages[0], book)}") from None
        stop.set()
        await asyncio.gather(*running)

    with without_running_loop():  # a browser test of this worker left its loop marked
        asyncio.run(play())
    assert pages[0].reconnects == 0, "the gateway kept the page's one socket"

    counts = applied_actions(store, stream, sorted({t for p in pages for t in p.tables}))
    assert all(n == 1 for n in counts.values()), f"an action applied twice: {counts}"
    # A page hears "accepted" once its host stored the action: none is lost, even one taken
    # by the killed host (one it had not stored was offered again by the next host).
    lost = [a for p in pages for a in p.accepted if counts[a] == 0]
    assert not lost, f"told accepted, in no hand stream: {lost}"
    store.close()


def test_a_host_told_to_stop_serves_its_players_until_its_hands_are_over(hosts: Hosts) -> None:
    """SIGTERM drains a host before its server stops: the players of the hands in play keep
    their screens (through the gateway) and act, rather than being cut off and left to their
    action clocks; then the host hands its table over and exits."""
    store = open_store(hosts.target)
    live = seated_tournament(store, players=9, seats=9)
    stream = live.stream
    player = live.state.tables[next(iter(live.state.tables))].players()[0]
    book = LeaseBook(store)
    auth = Auth(CredentialFile(hosts.credentials), system_clock)
    hosts.start("h1")
    hosts.start("gw", role="web")
    book.start_dealing(
        stream, {"browser_players": [player], "think_seconds": 0.3, "pause_seconds": 0.5}
    )
    gateway = f"ws://127.0.0.1:{hosts.ports['gw']}/ws/tournaments/{stream}"
    page = Page(
        [f"{gateway}?role=player&player={player}&token={auth.player_token(stream, player)}"],
        player,
        calls=False,
    )
    host = hosts.processes["h1"]
    seen: dict[str, int] = {}

    async def play() -> None:
        stop = asyncio.Event()
        running = asyncio.ensure_future(page.run(stop))
        deadline = time.monotonic() + 90
        while len(page.accepted) < 2:
            assert time.monotonic() < deadline, "the page did not act"
            await asyncio.sleep(0.1)
        host.send_signal(signal.SIGTERM)
        seen["frames"] = page.frames
        while host.poll() is None:
            assert time.monotonic() < deadline + 60, "the host did not stop"
            await asyncio.sleep(0.1)
        seen["after"] = page.frames
        stop.set()
        await running

    with without_running_loop():  # a browser test of this worker left its loop marked
        asyncio.run(play())
    hosts.processes.pop("h1")
    assert host.returncode in (0, -signal.SIGTERM), hosts.log_of("h1")
    assert seen["after"] > seen["frames"], "the page was still served while the host drained"
    assert not live.service.open(stream).state.open_hands(), "no hand cut short"
    assert held_by(book, stream) == {}
    store.close()


def test_a_pause_told_through_the_store_stops_every_host_s_new_hands_until_resumed(
    hosts: Hosts,
) -> None:
    """The director's pause reaches the hosts of the tables it names (`pitboss deal pause`, the
    console's at a gateway): the hands in play finish and no new one starts until resumed."""
    store = open_store(hosts.target)
    live = seated_tournament(store, players=18, seats=9)
    stream = live.stream
    book = LeaseBook(store)
    book.start_dealing(stream, {"think_seconds": 0.02, "pause_seconds": 0.1})
    hosts.start("h1")
    hosts.start("h2")

    def hands() -> int:
        return len(live.service.open(stream).state.hands)

    wait_for(lambda: hands() > 6, seconds=60, what="hands dealt")
    assert book.pause_dealing(stream, None, paused=True)
    quiet_since = [time.monotonic()]

    def quiet_for_two_seconds() -> bool:  # no hand open, and none started, for 2 s
        if live.service.open(stream).state.open_hands():
            quiet_since[0] = time.monotonic()
        return time.monotonic() - quiet_since[0] > 2

    wait_for(quiet_for_two_seconds, seconds=30, what="the hands in play finished")
    paused_at = hands()
    time.sleep(3)  # three of the hosts' looks: nothing may start meanwhile
    assert hands() == paused_at, "a hand started at a paused table"
    assert book.pause_dealing(stream, None, paused=False)
    wait_for(lambda: hands() > paused_at + 2, seconds=30, what="dealing again")
    store.close()
