"""Table ownership by lease (issue 32): one host deals a table at a time, a host that stops
renewing loses it, and a host that lost it can never write for it again (the fencing token is
checked on every append). Every test runs on SQLite and PostgreSQL (tests/store/conftest.py);
time is an injected clock unless the test is about the database's own."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

import psycopg
import pytest
import sqlalchemy as sa

from pitboss.errors import LeaseLost, StoreError
from pitboss.store import EventStore, NewBatch, NewEvent, open_store
from pitboss.store.leases import LEASE_CHANNEL, Fence, Lease, LeaseBook

from .conftest import is_postgres, libpq_url, raw_execute

TTL = 10_000


class Clock:
    """Time that moves when the test says (ms)."""

    def __init__(self, now: int = 1_000_000) -> None:
        self.now = now

    def __call__(self) -> int:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def book(store: EventStore, clock: Clock) -> LeaseBook:
    return LeaseBook(store, clock=clock)


@pytest.fixture
def night(store: EventStore) -> str:
    return store.create_tournament("Friday Bounty", at=1, stream="friday")


def _hand(store: EventStore, stream: str) -> str:
    hands = f"{stream}-table-3"
    store.create_tournament(f"hands of {stream}, table 3", at=1, stream=hands)
    return hands


def _event(kind: str = "hand_started") -> list[NewEvent]:
    return [NewEvent(type=kind, data={"hand": 1})]


# --- taking, renewing, releasing --------------------------------------------------------------


def test_a_free_table_is_taken_and_another_host_is_refused_until_the_lease_expires(
    book: LeaseBook, clock: Clock
) -> None:
    lease = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
    assert lease is not None
    assert (lease.owner, lease.token, lease.acquired_at) == ("host-a", 1, clock.now)
    assert (lease.renewed_at, lease.expires_at) == (clock.now, clock.now + TTL)
    assert lease.fence == Fence("friday", 3, 1)
    clock.now += TTL - 1
    assert book.acquire("friday", 3, "host-b", ttl_ms=TTL) is None
    clock.now += 1  # expires_at <= now: expired
    taken = book.acquire("friday", 3, "host-b", ttl_ms=TTL)
    assert taken is not None
    assert (taken.owner, taken.token, taken.acquired_at) == ("host-b", 2, clock.now)
    assert book.leases() == [taken]


def test_the_owner_acquiring_again_before_expiry_renews_with_the_same_token(
    book: LeaseBook, clock: Clock
) -> None:
    first = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
    assert first is not None
    clock.now += 4_000
    again = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
    assert again is not None
    assert (again.token, again.acquired_at) == (1, first.acquired_at)
    assert (again.renewed_at, again.expires_at) == (clock.now, clock.now + TTL)


def test_renew_keeps_the_lease_even_just_expired_until_another_host_takes_it(
    book: LeaseBook, clock: Clock
) -> None:
    lease = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
    assert lease is not None
    clock.now += TTL + 500  # expired, nobody took it
    renewed = book.renew(lease, ttl_ms=TTL)
    assert renewed is not None
    assert (renewed.token, renewed.expires_at, renewed.acquired_at) == (
        1,
        clock.now + TTL,
        lease.acquired_at,
    )
    assert book.leases() == [renewed]
    clock.now += TTL
    taken = book.acquire("friday", 3, "host-b", ttl_ms=TTL)
    assert taken is not None
    assert book.renew(renewed, ttl_ms=TTL) is None  # lost
    assert book.leases() == [taken]


def test_a_host_renews_every_table_at_once_and_learns_which_it_lost(
    book: LeaseBook, clock: Clock
) -> None:
    mine = [book.acquire("friday", t, "host-a", ttl_ms=TTL) for t in (1, 2, 3)]
    assert all(lease is not None for lease in mine)
    clock.now += TTL + 1  # every lease expired; host-b takes table 2
    taken = book.acquire("friday", 2, "host-b", ttl_ms=TTL)
    assert taken is not None
    renewed = book.renew_many([lease for lease in mine if lease is not None], ttl_ms=TTL)
    assert [None if r is None else (r.table, r.token, r.expires_at) for r in renewed] == [
        (1, 1, clock.now + TTL),
        None,
        (3, 1, clock.now + TTL),
    ]
    assert sorted((lease.table, lease.owner) for lease in book.leases()) == [
        (1, "host-a"),
        (2, "host-b"),
        (3, "host-a"),
    ]
    assert book.renew_many([], ttl_ms=TTL) == []


def test_a_host_takes_many_tables_in_one_transaction_each_as_it_would_take_one(
    store: EventStore, book: LeaseBook, clock: Clock
) -> None:
    """What a host looking for work takes at once: a table never dealt, one released, one
    whose owner stopped renewing (a new token, from now), its own (renewed, the same token);
    not one another host holds unexpired. A host taking 40 tables sends a few statements, not
    a transaction a table (a killed host's tables were taken table by table, hosts queueing
    behind each other in one order: one takeover took 10.3 s, issue 32)."""
    released = book.acquire("friday", 2, "host-b", ttl_ms=TTL)
    stopped = book.acquire("friday", 3, "host-b", ttl_ms=TTL)
    assert released is not None
    assert stopped is not None
    book.release(released)
    clock.now += TTL
    others = book.acquire("friday", 4, "host-b", ttl_ms=TTL)
    mine = book.acquire("friday", 5, "host-a", ttl_ms=TTL)
    assert others is not None
    assert mine is not None
    clock.now += 1
    tables = [("friday", t) for t in (5, 4, 3, 2, 1)]
    taken = book.acquire_many(tables, "host-a", ttl_ms=TTL)
    assert sorted(taken) == [("friday", 1), ("friday", 2), ("friday", 3), ("friday", 5)]
    assert [(x.token, x.acquired_at, x.expires_at) for _, x in sorted(taken.items())] == [
        (1, clock.now, clock.now + TTL),
        (2, clock.now, clock.now + TTL),
        (2, clock.now, clock.now + TTL),
        (1, mine.acquired_at, clock.now + TTL),
    ]
    assert book.leases() == sorted([*taken.values(), others], key=lambda x: x.table)
    assert book.acquire_many([], "host-a", ttl_ms=TTL) == {}
    sent = _statements(store)
    clock.now += TTL
    forty = book.acquire_many([("saturday", t) for t in range(1, 41)], "host-b", ttl_ms=TTL)
    assert [x.token for _, x in sorted(forty.items())] == [1] * 40
    assert len(sent) <= 8, sent
    firsts = book.acquire_many(
        [("sunday", t) for t in (9, 3, 4, 1)], "host-a", ttl_ms=TTL, most=2
    )  # the first two free, in the order given
    assert sorted(firsts) == [("sunday", 3), ("sunday", 9)]
    assert book.acquire_many([("sunday", 1)], "host-a", ttl_ms=TTL, most=0) == {}
    assert [x.table for x in book.leases("sunday")] == [3, 9]
    with pytest.raises(StoreError) as bad:
        book.acquire_many([("saturday", 1), ("saturday", 0)], "host-a", ttl_ms=TTL)
    assert bad.value.code == "bad_table"
    assert book.leases("saturday") == [forty[("saturday", t)] for t in range(1, 41)]


def test_the_token_grows_at_every_change_of_owner_and_after_a_release(
    book: LeaseBook, clock: Clock
) -> None:
    tokens = []
    for owner in ("host-a", "host-b", "host-a", "host-c"):
        lease = book.acquire("friday", 1, owner, ttl_ms=TTL)
        assert lease is not None
        tokens.append(lease.token)
        book.release(lease)
        assert book.leases() == []
    clock.now += 1
    lease = book.acquire("friday", 1, "host-c", ttl_ms=TTL)  # the last owner, after its release
    assert lease is not None
    tokens.append(lease.token)
    assert tokens == [1, 2, 3, 4, 5]
    other = book.acquire("friday", 2, "host-a", ttl_ms=TTL)  # each table counts on its own
    assert other is not None
    assert other.token == 1


def test_a_host_that_lost_the_table_releases_nothing(book: LeaseBook, clock: Clock) -> None:
    old = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
    assert old is not None
    clock.now += TTL
    new = book.acquire("friday", 3, "host-b", ttl_ms=TTL)
    assert new is not None
    book.release(old)
    assert book.leases() == [new]
    book.check(new.fence)
    with pytest.raises(LeaseLost):
        book.check(old.fence)


def test_leases_are_listed_by_stream_and_table_and_by_owner(book: LeaseBook) -> None:
    for stream, table, owner in (("b-night", 2, "h1"), ("a-night", 9, "h2"), ("a-night", 1, "h1")):
        assert book.acquire(stream, table, owner, ttl_ms=TTL) is not None
    assert [(x.stream, x.table) for x in book.leases()] == [
        ("a-night", 1),
        ("a-night", 9),
        ("b-night", 2),
    ]
    assert [(x.stream, x.table) for x in book.leases("a-night")] == [("a-night", 1), ("a-night", 9)]
    assert [(x.stream, x.table) for x in book.held_by("h1")] == [("a-night", 1), ("b-night", 2)]
    assert book.held_by("nobody") == []


def test_a_refused_lost_lease_says_which_table_and_who_deals_it_now(
    store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    old = book.acquire(night, 3, "host-a", ttl_ms=TTL)
    assert old is not None
    clock.now += TTL
    assert book.acquire(night, 3, "host-b", ttl_ms=TTL) is not None
    with pytest.raises(LeaseLost) as lost:
        book.check(old.fence)
    assert lost.value.code == "lease_lost"
    assert isinstance(lost.value, StoreError)
    assert lost.value.params == {
        "stream": night,
        "table": 3,
        "token": 1,
        "current_token": 2,
        "current_owner": "host-b",
    }
    assert lost.value.message.startswith(
        "table 3 of Friday Bounty is dealt by host host-b now (lease token 2, this host held 1)"
    )
    with pytest.raises(LeaseLost) as never:
        book.check(Fence(night, 4, 1))
    assert never.value.params["current_token"] is None
    assert "has no lease" in never.value.message


# --- fencing every append ---------------------------------------------------------------------


def test_an_append_with_a_stale_token_writes_nothing_and_says_the_lease_is_lost(
    store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    hands = _hand(store, night)
    old = book.acquire(night, 3, "host-a", ttl_ms=TTL)
    assert old is not None
    store.append(hands, 0, events=_event(), at=5, fence=old.fence)
    clock.now += TTL
    new = book.acquire(night, 3, "host-b", ttl_ms=TTL)
    assert new is not None
    with pytest.raises(LeaseLost) as lost:
        store.append(
            hands, 1, events=_event("action_taken"), command={"x": 1}, at=6, fence=old.fence
        )
    assert lost.value.params["current_token"] == 2
    assert store.head(hands) == 1
    assert len(store.commands(hands)) == 1
    assert [e.type for e in store.append(hands, 1, events=_event("x"), at=7, fence=new.fence)] == [
        "x"
    ]
    assert store.head(hands) == 2


def test_an_append_after_the_lease_was_released_or_never_taken_is_refused(
    store: EventStore, book: LeaseBook, night: str
) -> None:
    hands = _hand(store, night)
    lease = book.acquire(night, 3, "host-a", ttl_ms=TTL)
    assert lease is not None
    book.release(lease)
    with pytest.raises(LeaseLost) as released:
        store.append(hands, 0, events=_event(), at=5, fence=lease.fence)
    assert released.value.params["current_owner"] is None
    with pytest.raises(LeaseLost):
        store.append(hands, 0, events=_event(), at=5, fence=Fence(night, 7, 1))
    assert store.head(hands) == 0


def test_batches_with_one_stale_fence_write_none_of_them(
    store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    hands = _hand(store, night)
    mine = book.acquire(night, 1, "host-a", ttl_ms=TTL)
    old = book.acquire(night, 3, "host-a", ttl_ms=TTL)
    assert mine is not None
    assert old is not None
    clock.now += TTL
    assert book.renew(mine, ttl_ms=TTL) is not None
    assert book.acquire(night, 3, "host-b", ttl_ms=TTL) is not None
    batches = [
        NewBatch(stream=night, expected_seq=0, events=_event(), at=5, fence=mine.fence),
        NewBatch(stream=hands, expected_seq=0, events=_event(), at=5, fence=old.fence),
    ]
    with pytest.raises(LeaseLost) as lost:
        store.append_batches(batches)
    assert (lost.value.params["table"], lost.value.params["token"]) == (3, 1)
    assert (store.head(night), store.head(hands)) == (0, 0)
    stored = store.append_batches([batches[0]])
    assert [e.seq for e in stored[0]] == [1]


def _statements(store: EventStore) -> list[str]:
    """Every statement the store sends from now on (its SQLAlchemy engine's)."""
    sent: list[str] = []
    engine = store._engine  # type: ignore[attr-defined]
    sa.event.listen(engine, "before_cursor_execute", lambda *a: sent.append(a[2]))
    return sent


def test_a_hosts_group_of_appends_and_its_renewal_cost_a_few_statements_not_one_a_table(
    store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    """A host writes its tables' hand streams a group at a time, each append fenced, and
    renews every lease at once: with a statement a table (a fence read, a wake-up, an update
    each) a host of 100 tables spent its time in round trips to the database, and its players
    waited (issue 32, BENCHMARKS.md)."""
    tables = range(1, 101)
    leases = [book.acquire(night, t, "host-a", ttl_ms=TTL) for t in tables]
    assert all(lease is not None for lease in leases)
    held = [lease for lease in leases if lease is not None]
    streams = [
        store.create_tournament(f"hands of table {t}", at=1, stream=f"{night}-table-{t}")
        for t in tables
    ]
    sent = _statements(store)
    stored = store.append_batches(
        [
            NewBatch(stream=s, expected_seq=0, events=_event(), at=5, fence=lease.fence)
            for s, lease in zip(streams, held, strict=True)
        ]
    )
    assert [[e.seq for e in s] for s in stored] == [[1]] * 100
    appended = len(sent)
    assert appended <= 12, sent
    clock.now += TTL // 2
    renewed = book.renew_many(held, ttl_ms=TTL)
    assert [r is not None and r.expires_at == clock.now + TTL for r in renewed] == [True] * 100
    assert len(sent) - appended <= 4, sent[appended:]
    clock.now += TTL + 1  # host-b takes table 57: host-a's next group is refused by name
    assert book.acquire(night, 57, "host-b", ttl_ms=TTL) is not None
    with pytest.raises(LeaseLost) as lost:
        store.append_batches(
            [
                NewBatch(stream=s, expected_seq=1, events=_event(), at=6, fence=lease.fence)
                for s, lease in zip(streams, held, strict=True)
            ]
        )
    assert (lost.value.params["table"], lost.value.params["current_owner"]) == (57, "host-b")
    assert "table 57 of Friday Bounty is dealt by host host-b now" in lost.value.message
    assert [store.head(s) for s in streams] == [1] * 100
    renewed = book.renew_many(held, ttl_ms=TTL)
    assert [t for t, r in zip(tables, renewed, strict=True) if r is None] == [57]


def test_a_fence_that_is_not_one_is_refused_before_anything_is_read(
    store: EventStore, night: str
) -> None:
    for fence, code in (
        ((night, 3, 1), "bad_fence"),
        (Fence(night, 0, 1), "bad_table"),
        (Fence("no such/stream", 1, 1), "bad_stream_id"),
        (Fence(night, 1, -1), "bad_fence"),
    ):
        with pytest.raises(StoreError) as refused:
            store.append(night, 0, events=_event(), at=5, fence=fence)  # type: ignore[arg-type]
        assert refused.value.code == code
        with pytest.raises(StoreError) as in_batch:
            store.append_batches(
                [NewBatch(stream=night, expected_seq=0, events=_event(), at=5, fence=fence)]  # type: ignore[arg-type]
            )
        assert in_batch.value.code == code
    assert store.head(night) == 0


def test_on_postgresql_an_append_under_a_takeover_in_progress_waits_and_is_refused(
    target: str, store: EventStore, book: LeaseBook, night: str
) -> None:
    """The append reads the lease FOR SHARE: it waits for the takeover's transaction, then
    sees the new token (without the lock it would read the old one and write)."""
    if not is_postgres(target):
        pytest.skip("SQLite's writes are one at a time (BEGIN IMMEDIATE): nothing to wait for")
    hands = _hand(store, night)
    lease = book.acquire(night, 3, "host-a", ttl_ms=TTL)
    assert lease is not None
    outcome: list[BaseException | None] = []

    def append() -> None:
        try:
            store.append(hands, 0, events=_event(), at=5, fence=lease.fence)
            outcome.append(None)
        except BaseException as error:
            outcome.append(error)

    with psycopg.connect(libpq_url(target)) as takeover:
        takeover.execute(
            "UPDATE table_leases SET owner = 'host-b', token = token + 1 "
            "WHERE stream = %s AND table_no = 3",
            (night,),
        )
        writer = threading.Thread(target=append)
        writer.start()
        deadline = time.monotonic() + 20
        with psycopg.connect(libpq_url(target), autocommit=True) as watcher:
            while True:
                waiting = watcher.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND query LIKE '%table_leases%'"
                ).fetchone()
                if (waiting and waiting[0]) or outcome or time.monotonic() > deadline:
                    break
                time.sleep(0.01)
        assert not outcome, f"the append did not wait for the takeover: {outcome}"
        takeover.commit()
    writer.join(20)
    assert len(outcome) == 1
    assert isinstance(outcome[0], LeaseLost)
    assert store.head(hands) == 0


def _while_held(
    target: str, hold: str, params: tuple[object, ...], work: Callable[[], object]
) -> tuple[bool, list[object]]:
    """``work`` run in a thread while another transaction holds the rows ``hold`` locks:
    whether it waited for that transaction's commit (still running 10 s on), and what it
    returned (after the commit)."""
    outcome: list[object] = []
    with psycopg.connect(libpq_url(target)) as other:
        other.execute("SET statement_timeout = '20s'")
        other.execute(hold, params)
        thread = threading.Thread(target=lambda: outcome.append(work()))
        thread.start()
        thread.join(10)
        waited = thread.is_alive()
        other.commit()
        thread.join(30)
    return waited, outcome


def _two_tables_on_postgresql(target: str, book: LeaseBook, night: str) -> tuple[Lease, Lease]:
    """Tables 1 and 2 of ``night`` taken by host-a (a skip on SQLite, whose writes are one at
    a time: no row lock to wait for)."""
    if not is_postgres(target):
        pytest.skip("SQLite's writes are one at a time (BEGIN IMMEDIATE): nothing to wait for")
    one = book.acquire(night, 1, "host-a", ttl_ms=TTL)
    two = book.acquire(night, 2, "host-a", ttl_ms=TTL)
    assert one is not None
    assert two is not None
    return one, two


def test_on_postgresql_a_renewal_beside_an_append_of_the_same_tables_never_deadlocks(
    target: str, store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    """A host renews its tables while its writer appends their hands (each fenced): both read
    the lease rows in one order (stream, table), so neither waits for a row the other holds
    while holding one it wants. Here the append has read table 1's row and is about to read
    table 2's when the renewal (given table 2 first) starts: the renewal waits at table 1 and
    both finish. (In the order given, PostgreSQL found a deadlock and refused one: a CI run's
    hosts stopped their hand streams to recover, every few seconds.) The leases are at half
    their life, so the renewal waits for their rows."""
    one, two = _two_tables_on_postgresql(target, book, night)
    clock.now += TTL // 2
    outcome: list[object] = []

    def renew() -> None:
        try:
            outcome.append(book.renew_many([two, one], ttl_ms=TTL))
        except BaseException as error:
            outcome.append(error)

    share = "SELECT token FROM table_leases WHERE stream = %s AND table_no = %s FOR SHARE"
    with psycopg.connect(libpq_url(target)) as append:
        append.execute("SET statement_timeout = '20s'")
        append.execute(share, (night, 1))
        renewal = threading.Thread(target=renew)
        renewal.start()
        deadline = time.monotonic() + 20
        with psycopg.connect(libpq_url(target), autocommit=True) as watcher:
            while not outcome and time.monotonic() < deadline:
                waiting = watcher.execute(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
                    "AND query LIKE '%table_leases%'"
                ).fetchone()
                if waiting and waiting[0]:
                    break
                time.sleep(0.01)
        assert not outcome, "the renewal did not wait for the append's row"
        append.execute(share, (night, 2))  # deadlocked here when the renewal held table 2
        append.commit()
    renewal.join(30)
    assert len(outcome) == 1
    renewed = outcome[0]
    assert isinstance(renewed, list), renewed
    assert [lease.table for lease in renewed if lease is not None] == [2, 1]


def test_on_postgresql_a_lease_with_life_left_is_renewed_at_the_next_look_if_an_append_holds_it(
    target: str, store: EventStore, book: LeaseBook, clock: Clock, night: str
) -> None:
    """A host's renewal never queues behind its own appends (each holds its tables' lease rows
    FOR SHARE until it commits) while the next appends queue behind the renewal: a lease with
    more than half its life left whose row is held is skipped, returned as it was, and
    renewed at the next look; a free row is renewed at once."""
    one, two = _two_tables_on_postgresql(target, book, night)
    clock.now += TTL // 4
    share = "SELECT token FROM table_leases WHERE stream = %s AND table_no = %s FOR SHARE"
    waited, outcome = _while_held(
        target, share, (night, 1), lambda: book.renew_many([one, two], ttl_ms=TTL)
    )
    assert not waited, "the renewal waited for the append's commit"
    assert outcome == [[one, replace(two, expires_at=clock.now + TTL, renewed_at=clock.now)]]
    clock.now += TTL // 4
    again = book.renew_many([one, two], ttl_ms=TTL)
    assert [lease and lease.expires_at for lease in again] == [clock.now + TTL] * 2
    held = [lease for lease in again if lease is not None]
    with psycopg.connect(libpq_url(target), autocommit=True) as takeover:
        takeover.execute(  # host-b took table 1 (as after a pause of host-a's past its life)
            "UPDATE table_leases SET owner = 'host-b', token = token + 1 "
            "WHERE stream = %s AND table_no = 1",
            (night,),
        )
    with psycopg.connect(libpq_url(target)) as append:  # both rows held: both skipped
        append.execute(share, (night, 1))
        append.execute(share, (night, 2))
        assert book.renew_many(held, ttl_ms=TTL) == [None, held[1]]
        append.commit()


# --- racing hosts -----------------------------------------------------------------------------

ROUNDS = 8
HOSTS = 4


def _race(target: str, host: Callable[[LeaseBook, str, threading.Barrier], None]) -> None:
    """`HOSTS` hosts ``host-0``... each in its own thread with its own connection to the
    database, meeting at one barrier; any failure fails the test."""
    barrier = threading.Barrier(HOSTS)
    failures: list[BaseException] = []

    def run(name: str) -> None:
        try:
            with open_store(target) as own:
                host(LeaseBook(own), name, barrier)
        except BaseException as error:
            failures.append(error)
            barrier.abort()

    threads = [threading.Thread(target=run, args=(f"host-{i}",)) for i in range(HOSTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not failures


def test_hosts_racing_for_one_table_exactly_one_gets_it(target: str, store: EventStore) -> None:
    """Each round every host, with its own connection to the database, asks for the same free
    table at once (on the database's clock): one gets it, the others get None. The table was
    dealt and released before, so its row exists (the race is on the row, not its insert)."""
    before = LeaseBook(store)
    for table in range(1, ROUNDS + 1):
        lease = before.acquire("race", table, "setup", ttl_ms=60_000)
        assert lease is not None
        before.release(lease)
    won: dict[int, list[str]] = {r: [] for r in range(1, ROUNDS + 1)}

    def host(leases: LeaseBook, name: str, barrier: threading.Barrier) -> None:
        for table in range(1, ROUNDS + 1):
            barrier.wait(30)
            if leases.acquire("race", table, name, ttl_ms=60_000) is not None:
                won[table].append(name)

    _race(target, host)
    assert all(len(winners) == 1 for winners in won.values()), won
    leases = LeaseBook(store).leases("race")
    assert [(x.table, x.owner, x.token) for x in leases] == [
        (t, won[t][0], 2) for t in range(1, ROUNDS + 1)
    ]


def test_on_postgresql_a_host_taking_tables_passes_over_one_another_is_taking_and_never_waits(
    target: str, book: LeaseBook, clock: Clock
) -> None:
    """Hosts taking a killed host's tables at the same moment share them out: a row another
    transaction holds (a host taking it) is passed over for the next table, not waited for,
    and looked at again at the next look."""
    if not is_postgres(target):
        pytest.skip("SQLite's writes are one at a time (BEGIN IMMEDIATE): nothing to wait for")
    for table in (1, 2, 3):
        assert book.acquire("friday", table, "host-dead", ttl_ms=TTL) is not None
    clock.now += TTL
    waited, outcome = _while_held(
        target,
        "SELECT 1 FROM table_leases WHERE table_no = %s FOR UPDATE",  # another host taking it
        (2,),
        lambda: book.acquire_many([("friday", t) for t in (2, 1, 3)], "host-a", ttl_ms=TTL, most=2),
    )
    assert not waited, "the host waited for the row another host was taking"
    assert len(outcome) == 1
    assert isinstance(outcome[0], dict)
    assert sorted(outcome[0]) == [("friday", 1), ("friday", 3)]
    again = book.acquire_many([("friday", 2)], "host-a", ttl_ms=TTL)  # the next look
    assert [lease.token for lease in again.values()] == [2]


def test_hosts_taking_a_killed_hosts_tables_at_once_share_them_each_to_one(
    target: str, store: EventStore
) -> None:
    """Every host, with its own connection, asks for the same twelve tables at once (on the
    database's clock): each table goes to exactly one of them, and none is left."""
    before = LeaseBook(store)
    tables = [("race", t) for t in range(1, 13)]
    for stream, table in tables:
        lease = before.acquire(stream, table, "setup", ttl_ms=60_000)
        assert lease is not None
        before.release(lease)
    won: dict[str, dict[tuple[str, int], Lease]] = {}

    def host(leases: LeaseBook, name: str, barrier: threading.Barrier) -> None:
        barrier.wait(30)
        won[name] = leases.acquire_many(tables, name, ttl_ms=60_000)

    _race(target, host)
    owners = {key: name for name, got in won.items() for key in got}
    assert sum(len(got) for got in won.values()) == len(tables)
    assert sorted(owners) == tables
    assert [(x.table, x.owner, x.token) for x in LeaseBook(store).leases("race")] == [
        (t, owners[("race", t)], 2) for _, t in tables
    ]


# --- the database's clock, notifications ------------------------------------------------------


def test_the_clock_is_the_databases_in_milliseconds(store: EventStore) -> None:
    leases = LeaseBook(store)
    first = leases.now()
    second = leases.now()
    assert first <= second
    assert abs(first - time.time_ns() // 1_000_000) < 60_000  # the same machine's clock
    lease = leases.acquire("friday", 1, "host-a", ttl_ms=TTL)
    assert lease is not None
    assert second <= lease.acquired_at <= leases.now()
    assert lease.expires_at == lease.renewed_at + TTL


def test_on_postgresql_a_change_of_owner_and_a_release_are_notified(
    target: str, book: LeaseBook, clock: Clock
) -> None:
    if not is_postgres(target):
        pytest.skip("SQLite has no push between processes: hosts read the leases again")
    with psycopg.connect(libpq_url(target), autocommit=True) as conn:
        conn.execute(f"LISTEN {LEASE_CHANNEL}")
        lease = book.acquire("friday", 3, "host-a", ttl_ms=TTL)
        assert lease is not None
        assert book.acquire("friday", 3, "host-a", ttl_ms=TTL) is not None  # a renewal
        assert book.renew(lease, ttl_ms=TTL) is not None  # silent too
        book.release(lease)
        clock.now += 1
        assert book.acquire("friday", 3, "host-b", ttl_ms=TTL) is not None
        notes = [n.payload for n in conn.notifies(timeout=5, stop_after=3)]
    assert notes == ["friday 3 1", "friday 3 1", "friday 3 2"]


# --- hosts and dealt tournaments --------------------------------------------------------------


def test_hosts_register_beat_drain_and_are_forgotten(book: LeaseBook, clock: Clock) -> None:
    started = clock.now
    book.register_host("tables-1", role="tables", pid=4242, machine="rack-a")
    book.register_host("web-1", role="web", pid=77, machine="rack-b")
    clock.now += 3_000
    book.heartbeat("tables-1", draining=True)
    hosts = book.hosts()
    assert [(h.host_id, h.role, h.pid, h.machine) for h in hosts] == [
        ("tables-1", "tables", 4242, "rack-a"),
        ("web-1", "web", 77, "rack-b"),
    ]
    assert (hosts[0].started_at, hosts[0].seen_at, hosts[0].draining) == (
        started,
        started + 3_000,
        True,
    )
    assert (hosts[1].seen_at, hosts[1].draining) == (started, False)
    book.forget_host("web-1")
    assert [h.host_id for h in book.hosts()] == ["tables-1"]
    with pytest.raises(StoreError) as unknown:
        book.heartbeat("web-1")
    assert unknown.value.code == "unknown_host"
    again = book.register_host("tables-1", role="tables", pid=5000, machine="rack-a")
    assert (again.pid, again.started_at, again.draining) == (5000, clock.now, False)
    assert book.hosts() == [again]


def test_the_tournaments_dealt_keep_their_settings_until_stopped(
    book: LeaseBook, clock: Clock
) -> None:
    book.start_dealing("friday", {"bots": True, "think_seconds": 2, "browser": ["p1"]})
    clock.now += 10
    book.start_dealing("monday", {"bots": False})
    clock.now += 10
    book.start_dealing("friday", {"bots": True, "misdeal_on_takeover": True})
    dealt = book.dealt()
    assert [(d.stream, d.settings, d.started_at) for d in dealt] == [
        ("friday", {"bots": True, "misdeal_on_takeover": True}, 1_000_000),
        ("monday", {"bots": False}, 1_000_010),
    ]
    book.stop_dealing("friday")
    book.stop_dealing("never-dealt")
    assert [d.stream for d in book.dealt()] == ["monday"]


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda b: b.acquire("no such/stream", 1, "h", ttl_ms=TTL), "bad_stream_id"),
        (lambda b: b.acquire("friday", 0, "h", ttl_ms=TTL), "bad_table"),
        (lambda b: b.acquire("friday", True, "h", ttl_ms=TTL), "bad_table"),
        (lambda b: b.acquire("friday", 1, "", ttl_ms=TTL), "bad_host"),
        (lambda b: b.acquire("friday", 1, "h" * 101, ttl_ms=TTL), "bad_host"),
        (lambda b: b.acquire("friday", 1, "h\n", ttl_ms=TTL), "bad_host"),
        (lambda b: b.acquire("friday", 1, "h", ttl_ms=0), "bad_ttl"),
        (lambda b: b.acquire("friday", 1, "h", ttl_ms=2.5), "bad_ttl"),
        (lambda b: b.acquire("friday", 1, "h", ttl_ms=86_400_001), "bad_ttl"),
        (lambda b: b.acquire_many([("friday", 1)], "h", ttl_ms=TTL, most=-1), "bad_most"),
        (lambda b: b.acquire_many([("friday", 1)], "h", ttl_ms=TTL, most=True), "bad_most"),
        (lambda b: b.register_host("h", role="", pid=1, machine="m"), "bad_host"),
        (lambda b: b.register_host("h", role="tables", pid=-1, machine="m"), "bad_host"),
        (lambda b: b.start_dealing("friday", {"when": object()}), "bad_payload"),
        (lambda b: b.start_dealing("", {}), "bad_stream_id"),
        (lambda b: b.renew("friday", ttl_ms=TTL), "bad_lease"),
        (lambda b: b.check(("friday", 1, 1)), "bad_fence"),
    ],
)
def test_what_is_not_a_lease_request_is_refused_and_changes_nothing(
    book: LeaseBook, call: object, code: str
) -> None:
    with pytest.raises(StoreError) as refused:
        call(book)  # type: ignore[operator]
    assert refused.value.code == code
    assert book.leases() == []
    assert book.hosts() == []
    assert book.dealt() == []


def test_a_store_without_a_database_has_no_leases() -> None:
    with pytest.raises(StoreError) as refused:
        LeaseBook(object())  # type: ignore[arg-type]
    assert refused.value.code == "leases_unsupported"


# --- the migration ----------------------------------------------------------------------------


def test_a_store_of_schema_version_3_gains_the_lease_tables_and_keeps_everything(
    target: str,
) -> None:
    with open_store(target) as store:
        stream = store.create_tournament("Friday", at=1)
        store.append(stream, 0, events=_event(), at=2, private={"p1": {"email": "a@b.c"}})
        store.save_snapshot(stream, 1, data=b"state", at=3)
        before = (store.load(stream), store.links(stream), store.private("p1"))
    for table in ("table_leases", "table_hosts", "dealt_tournaments"):
        raw_execute(target, f"DROP TABLE {table}")  # the store as version 3 left it
    raw_execute(target, "DELETE FROM pitboss_schema WHERE version >= 4")
    with open_store(target) as store:
        assert (store.load(stream), store.links(stream), store.private("p1")) == before
        snapshot = store.latest_snapshot(stream)
        assert snapshot is not None
        assert snapshot.data == b"state"
        leases = LeaseBook(store)
        lease = leases.acquire(stream, 1, "host-a", ttl_ms=TTL)
        assert lease is not None
        assert [e.seq for e in store.append(stream, 1, events=_event(), at=4, fence=lease.fence)]
    versions = raw_execute(target, "SELECT version FROM pitboss_schema ORDER BY version")
    assert versions == [(1,), (2,), (3,), (4,)]
