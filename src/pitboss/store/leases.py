"""Table ownership by lease, in the store's own database (issue 32).

With PostgreSQL, the tables of software-dealt tournaments are dealt by *table host* processes,
on one machine or several. Each table is owned by one host through a row of ``table_leases``:
its ``owner``, when the lease expires (``expires_at``) and a fencing ``token``. A host renews
its leases every few seconds; one that stops renewing (killed, paused, cut off) loses them when
they expire, and another host takes them over (`LeaseBook.acquire`), resuming each table from
its hand stream. The token grows at every change of owner (the row is never deleted, so a token
is never given twice, even after a release), and every append a host makes for a table carries
the lease's `Fence`: the store refuses it once the token is not the lease's (`LeaseLost`,
`pitboss.store.fences`), so a host that lost a table never writes for it again.

Every time is the *database's* clock (`LeaseBook.now`: PostgreSQL's ``clock_timestamp()``,
SQLite's ``julianday('now')``), in ms since the epoch, so hosts on machines whose clocks
disagree agree on who holds what. Tests inject a clock instead.

Beside the leases: ``table_hosts``, the hosts with their heartbeat (what ``pitboss status``
lists), and ``dealt_tournaments``, which tournaments the hosts deal and how (JSON settings).

On PostgreSQL every change of a lease's owner (taken, taken over, released) sends
``pg_notify('pitboss_leases', '<stream> <table> <token>')`` (`LEASE_CHANNEL`) in its own
transaction, so a host or gateway listening hears of it when it is committed; SQLite sends
nothing (no push between processes: read `LeaseBook.leases` again).

All of it runs on the store's engine, one transaction per call, through the `SqlEventStore`'s
own transactions (its write lock on SQLite, its failures as `StoreError`s). These rows are
updated in place, like the private store's: they are not the log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgres_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import Connection

from pitboss.errors import StoreError
from pitboss.store.envelopes import Fence
from pitboss.store.fences import (
    LeaseRows,
    check_fence,
    check_fences,
    check_stream,
    check_table,
)
from pitboss.store.payloads import decode_object, encode_object
from pitboss.store.protocol import EventStore
from pitboss.store.schema import HOST_ID_LENGTH, dealt_tournaments, table_hosts, table_leases
from pitboss.store.sql import SqlEventStore

__all__ = ["LEASE_CHANNEL", "Dealt", "Fence", "Host", "Lease", "LeaseBook"]

LEASE_CHANNEL = "pitboss_leases"
"""The PostgreSQL channel of lease changes, with the payload ``"<stream> <table> <token>"``."""

MAX_TTL_MS = 24 * 3600 * 1000
"""The longest lease (a day): a longer one is a mistake (seconds given as ms, or the reverse)."""

_ROLE_LENGTH = 40
_MACHINE_LENGTH = 255
_TEXT = re.compile(r"[^\x00-\x1f\x7f]+")
_L, _HOSTS, _D = table_leases, table_hosts, dealt_tournaments
_WHERE_ROW = (_L.c.stream == sa.bindparam("s"), _L.c.table_no == sa.bindparam("t"))
_BY_TABLE = (_L.c.stream, _L.c.table_no)
_ROWS_QUERY = sa.select(_L.c.stream, _L.c.table_no, _L.c.owner, _L.c.token).order_by(*_BY_TABLE)
_ROWS = LeaseRows(_ROWS_QUERY)
_ROWS_FOR_UPDATE = LeaseRows(_ROWS_QUERY.with_for_update())
_ROWS_FOR_UPDATE_SKIP_LOCKED = LeaseRows(_ROWS_QUERY.with_for_update(skip_locked=True))
_FREE_FOR_UPDATE = LeaseRows(
    sa.select(_L)
    .where(
        sa.or_(
            _L.c.owner.is_(None),
            _L.c.owner == sa.bindparam("owner"),
            _L.c.expires_at <= sa.bindparam("now"),
        )
    )
    .order_by(*_BY_TABLE)
    .with_for_update(skip_locked=True)
)
"""The rows of tables free for ``owner`` at ``now`` (or its own), those another transaction
holds passed over (`LeaseBook.acquire_many`)."""
_HELD = sa.select(_L).where(_L.c.owner.is_not(None)).order_by(_L.c.stream, _L.c.table_no)
_NOTIFY_LEASES = sa.text(
    f"SELECT pg_notify('{LEASE_CHANNEL}', payload) FROM unnest(CAST(:payloads AS text[])) "
    "WITH ORDINALITY AS p(payload, n) ORDER BY n"
)
_PG_NOW = "SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
_SQLITE_NOW = "SELECT CAST(round((julianday('now') - 2440587.5) * 86400000.0) AS INTEGER)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lease:
    """Host ``owner``'s lease on table ``table`` of tournament ``stream``, until ``expires_at``.

    ``token`` is the fencing token: strictly greater at each change of owner, never reused.
    Times are ms since the epoch on the database's clock: ``renewed_at`` the last renewal,
    ``acquired_at`` when this owner took it.
    """

    stream: str
    table: int
    owner: str
    token: int
    expires_at: int
    renewed_at: int
    acquired_at: int

    @property
    def fence(self) -> Fence:
        """What every append for this table carries while the lease is held."""
        return Fence(self.stream, self.table, self.token)


@dataclass(frozen=True, slots=True, kw_only=True)
class Host:
    """A process that deals tables (or serves pages): ``role``, its ``pid`` on ``machine``,
    when it registered (``started_at``) and last beat (``seen_at``), and whether it is handing
    its tables over (``draining``, on SIGTERM)."""

    host_id: str
    role: str
    pid: int
    machine: str
    started_at: int
    seen_at: int
    draining: bool
    address: str | None = None
    """Where the host serves its tables' live screens (``http://machine:port``), for the web
    gateways to forward a player's screen to; None when it serves none."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt:
    """A tournament the table hosts deal, with how (``settings``: the browser players, bots,
    think and pause seconds, misdeal on takeover ...) and since when (``started_at``)."""

    stream: str
    settings: dict[str, Any]
    started_at: int


class LeaseBook:
    """The leases, hosts and dealt tournaments of a store's database (see the module's notes).

    ``clock`` replaces the database's clock (tests: time that moves when the test says).

    It is long (about 300 lines) because it is the whole of what the hosts share: the hosts,
    the leases and the tournaments dealt, each call one transaction on the store's engine.

    Raises:
        StoreError: ``leases_unsupported``: the store is not a SQLite or PostgreSQL store.
    """

    def __init__(self, store: EventStore, *, clock: Callable[[], int] | None = None) -> None:
        if not isinstance(store, SqlEventStore):
            raise StoreError(
                f"table leases are kept in the store's database, and {type(store).__name__} "
                "has none: open a SQLite file or a postgresql:// store",
                code="leases_unsupported",
                params={"store": type(store).__name__},
            )
        self._store = store
        self._clock = clock

    def now(self) -> int:
        """The database's clock, ms since the epoch (or the injected clock's)."""
        with self._store._read("read the database's clock") as conn:
            return self._now(conn)

    # ------------------------------------------------------------------ hosts

    def register_host(
        self, host_id: str, *, role: str, pid: int, machine: str, address: str | None = None
    ) -> Host:
        """Record host ``host_id`` as started now (replacing a record of the same id: a host
        restarted under its name), not draining.

        Raises:
            StoreError: ``bad_host``.
        """
        _check_host(host_id)
        _check_text(role, "role", _ROLE_LENGTH, host_id)
        _check_text(machine, "machine", _MACHINE_LENGTH, host_id)
        if address is not None:
            _check_text(address, "address", _MACHINE_LENGTH, host_id)
        if isinstance(pid, bool) or not isinstance(pid, int) or pid < 0:
            raise _bad_host(host_id, f"its pid {pid!r} is not a process id", field="pid")
        with self._write("register a host") as conn:
            now = self._now(conn)
            values: dict[str, Any] = {
                "host_id": host_id,
                "role": role,
                "pid": pid,
                "machine": machine,
                "started_at": now,
                "seen_at": now,
                "draining": False,
                "address": address,
            }
            insert = _insert(conn, _HOSTS)
            conn.execute(
                insert.on_conflict_do_update(
                    index_elements=[_HOSTS.c.host_id],
                    set_={k: insert.excluded[k] for k in values if k != "host_id"},
                ),
                values,
            )
        return Host(**values)

    def heartbeat(self, host_id: str, *, draining: bool = False) -> None:
        """Host ``host_id`` is alive now (``seen_at``), draining or not.

        Raises:
            StoreError: ``bad_host``, ``unknown_host`` (never registered, or forgotten:
                register it again).
        """
        _check_host(host_id)
        with self._write("record a heartbeat") as conn:
            now = self._now(conn)
            done = conn.execute(
                sa.update(_HOSTS)
                .where(_HOSTS.c.host_id == host_id)
                .values(seen_at=now, draining=bool(draining))
            )
            if not done.rowcount:
                raise StoreError(
                    f"host {host_id} is not registered (never, or forgotten since): register "
                    "it again",
                    code="unknown_host",
                    params={"host": host_id},
                )

    def hosts(self) -> list[Host]:
        """Every registered host, by id."""
        with self._store._read("list the hosts") as conn:
            rows = conn.execute(sa.select(_HOSTS).order_by(_HOSTS.c.host_id)).all()
        return [
            Host(
                host_id=r.host_id,
                role=r.role,
                pid=int(r.pid),
                machine=r.machine,
                started_at=int(r.started_at),
                seen_at=int(r.seen_at),
                draining=bool(r.draining),
                address=r.address,
            )
            for r in rows
        ]

    def forget_host(self, host_id: str) -> None:
        """Remove host ``host_id``'s record (its leases stay until they expire or are taken).

        Raises:
            StoreError: ``bad_host``.
        """
        _check_host(host_id)
        with self._write("forget a host") as conn:
            conn.execute(sa.delete(_HOSTS).where(_HOSTS.c.host_id == host_id))

    # ------------------------------------------------------------------ leases

    def acquire(self, stream: str, table: int, owner: str, *, ttl_ms: int) -> Lease | None:
        """Take table ``table`` of ``stream`` for ``owner`` until now + ``ttl_ms``, as
        `acquire_many` takes one table; None when another host holds it (unexpired, or taking
        it at this moment).

        Raises:
            StoreError: ``bad_stream_id``, ``bad_table``, ``bad_host``, ``bad_ttl``.
        """
        return self.acquire_many([(stream, table)], owner, ttl_ms=ttl_ms).get((stream, table))

    def acquire_many(
        self,
        tables: Sequence[tuple[str, int]],
        owner: str,
        *,
        ttl_ms: int,
        most: int | None = None,
    ) -> dict[tuple[str, int], Lease]:
        """Take, of ``tables`` (stream, table number) in the order given, the first ``most``
        (every one when None) that are free for ``owner``, until now + ``ttl_ms``, in one
        transaction: a table with no lease, or one released or expired (``expires_at <=
        now``), with a token one greater than the last; one ``owner`` holds unexpired is
        renewed (the same token). A table another host holds unexpired is not taken, nor one
        whose row another transaction holds at this moment (``SKIP LOCKED`` on PostgreSQL: a
        host taking it, or its owner's append): it is passed over for the next one given, never
        waited for. So hosts looking for work at once share the free tables out in one round
        trip each, rather than queueing table by table behind each other in one order (a CI
        run's takeover took 10.3 s, issue 32); of hosts racing for one table, exactly one gets
        it (on SQLite the whole write is one at a time). Returns the leases taken, by table.

        Raises:
            StoreError: ``bad_stream_id``, ``bad_table``, ``bad_host``, ``bad_ttl``,
                ``bad_most``.
        """
        for stream, table in tables:
            check_table(table, stream=check_stream(stream))
            _check_ttl(ttl_ms, stream)
        _check_host(owner)
        _check_most(most)
        order: dict[tuple[str, int], int] = {}
        for i, key in enumerate(tables):
            order.setdefault(key, i)  # a table given twice keeps its first place
        keys = sorted(order)
        if not keys or most == 0:
            return {}
        taken: dict[tuple[str, int], Lease] = {}
        with self._write("take tables' leases") as conn:
            now = self._now(conn)
            known = _owners(conn, _ROWS, keys)
            missing = [k for k in keys if k not in known]
            if missing:
                empty = {"owner": None, "token": 0, "expires_at": 0, "renewed_at": 0}
                rows = [{"stream": s, "table_no": t, "acquired_at": 0, **empty} for s, t in missing]
                conn.execute(_insert(conn, _L).values(rows).on_conflict_do_nothing())
            rows_free = _FREE_FOR_UPDATE.rows(conn, keys, owner=owner, now=now)
            free = sorted(rows_free, key=lambda row: order[(str(row.stream), int(row.table_no))])
            changed: list[tuple[str, int]] = []
            for row in free[:most]:
                key = (str(row.stream), int(row.table_no))
                if row.owner == owner and row.expires_at > now:
                    token, acquired = int(row.token), int(row.acquired_at)
                else:
                    token, acquired = int(row.token) + 1, now
                    changed.append(key)
                taken[key] = Lease(
                    stream=key[0],
                    table=key[1],
                    owner=owner,
                    token=token,
                    expires_at=now + ttl_ms,
                    renewed_at=now,
                    acquired_at=acquired,
                )
            if taken:
                conn.execute(
                    sa.update(_L)
                    .where(sa.tuple_(_L.c.stream, _L.c.table_no).in_(sorted(taken)))
                    .values(owner=owner, expires_at=now + ttl_ms, renewed_at=now)
                )
            if changed:  # a new owner: the next token, from now
                conn.execute(
                    sa.update(_L)
                    .where(sa.tuple_(_L.c.stream, _L.c.table_no).in_(sorted(changed)))
                    .values(token=_L.c.token + 1, acquired_at=now)
                )
            _notify(conn, [taken[k].fence for k in sorted(changed)])
        return taken

    def renew(self, lease: Lease, *, ttl_ms: int) -> Lease | None:
        """``lease`` renewed until now + ``ttl_ms``, if the row still has its owner and token
        (even just expired, as long as nobody took it); None: the table is lost.

        Raises:
            StoreError: ``bad_lease``, ``bad_ttl``.
        """
        _check_lease(lease)
        _check_ttl(ttl_ms, lease.stream)
        with self._write("renew a table's lease") as conn:
            now = self._now(conn)
            done = conn.execute(
                sa.update(_L)
                .where(*_WHERE_ROW, _L.c.owner == lease.owner, _L.c.token == lease.token)
                .values(expires_at=now + ttl_ms, renewed_at=now),
                {"s": lease.stream, "t": lease.table},
            )
            if not done.rowcount:
                return None
        return Lease(
            stream=lease.stream,
            table=lease.table,
            owner=lease.owner,
            token=lease.token,
            expires_at=now + ttl_ms,
            renewed_at=now,
            acquired_at=lease.acquired_at,
        )

    def renew_many(self, leases: Sequence[Lease], *, ttl_ms: int) -> list[Lease | None]:
        """Each of ``leases`` renewed as `renew` does, in one transaction (a host renews every
        table it deals at once: one commit, not one a table, so hundreds of tables are renewed
        within their life on a loaded machine); None for each table lost.

        A lease with more than half its life left is renewed only if its row is free now
        (``SKIP LOCKED`` on PostgreSQL): a row an append holds (``FOR SHARE``, its fence
        checked until it commits) is renewed at the next look, so the renewal never waits
        behind a host's writes while the writes that follow wait behind it (a convoy that held
        the host's players' actions for hundreds of milliseconds, issue 32). Such a lease is
        returned as it was. A lease nearer its end waits for its row.

        Raises:
            StoreError: ``bad_lease``, ``bad_ttl``.
        """
        for lease in leases:
            _check_lease(lease)
            _check_ttl(ttl_ms, lease.stream)
        if not leases:
            return []
        renewed: list[Lease | None] = [None] * len(leases)
        with self._write("renew the tables' leases") as conn:
            now = self._now(conn)
            due = sorted({(x.stream, x.table) for x in leases if x.expires_at - now <= ttl_ms // 2})
            rest = sorted({(x.stream, x.table) for x in leases} - set(due))
            # the rows locked in the order every fenced append reads them (`check_fences`),
            # each set in one statement: a renewal and an append that each held a row the
            # other waited for deadlocked (PostgreSQL then refused one, and the host's hand
            # streams stopped for a recovery); the rows skipped never wait
            held = _owners(conn, _ROWS_FOR_UPDATE, due)
            locked = _owners(conn, _ROWS_FOR_UPDATE_SKIP_LOCKED, rest)
            skipped = _owners(conn, _ROWS, [k for k in rest if k not in locked])
            held |= locked
            mine = [
                i
                for i, lease in enumerate(leases)
                if held.get((lease.stream, lease.table)) == (lease.owner, lease.token)
            ]
            if mine:
                rows = sorted({(leases[i].stream, leases[i].table) for i in mine})
                conn.execute(
                    sa.update(_L)
                    .where(sa.tuple_(_L.c.stream, _L.c.table_no).in_(rows))
                    .values(expires_at=now + ttl_ms, renewed_at=now)
                )
            for i in mine:
                renewed[i] = replace(leases[i], expires_at=now + ttl_ms, renewed_at=now)
            for i, lease in enumerate(leases):
                key = (lease.stream, lease.table)
                if key in skipped and skipped[key] == (lease.owner, lease.token):
                    renewed[i] = lease  # still this host's: renewed at the next look
        return renewed

    def release(self, lease: Lease) -> None:
        """Free ``lease``'s table now, if it is still ``lease`` (another's is left alone); the
        token stays, so the next owner gets a greater one.

        Raises:
            StoreError: ``bad_lease``.
        """
        _check_lease(lease)
        with self._write("release a table's lease") as conn:
            now = self._now(conn)
            done = conn.execute(
                sa.update(_L)
                .where(*_WHERE_ROW, _L.c.owner == lease.owner, _L.c.token == lease.token)
                .values(owner=None, expires_at=now, renewed_at=now),
                {"s": lease.stream, "t": lease.table},
            )
            if done.rowcount:
                _notify(conn, [lease.fence])

    def leases(self, stream: str | None = None) -> list[Lease]:
        """The leases held (expired ones too, until taken or released), by stream and table;
        of ``stream`` only when given.

        Raises:
            StoreError: ``bad_stream_id``.
        """
        query = _HELD
        if stream is not None:
            query = query.where(_L.c.stream == check_stream(stream))
        with self._store._read("list the leases") as conn:
            return [_lease(r) for r in conn.execute(query).all()]

    def held_by(self, owner: str) -> list[Lease]:
        """The leases ``owner`` holds (expired ones too), by stream and table.

        Raises:
            StoreError: ``bad_host``.
        """
        _check_host(owner)
        with self._store._read("list a host's leases") as conn:
            return [_lease(r) for r in conn.execute(_HELD.where(_L.c.owner == owner)).all()]

    def check(self, fence: Fence) -> None:
        """Whether ``fence`` is still its table's lease, as an append checks it.

        Raises:
            LeaseLost: the lease has another token now, or no owner.
            StoreError: ``bad_fence``, ``bad_stream_id``, ``bad_table``.
        """
        check_fence(fence)
        with self._store._read("check a table's lease") as conn:
            check_fences(conn, (fence,), for_share=False)

    # ------------------------------------------------------------------ dealt tournaments

    def start_dealing(self, stream: str, settings: Mapping[str, Any]) -> None:
        """The hosts deal tournament ``stream``'s tables, with ``settings`` (a JSON object);
        given again, the settings are replaced (and ``started_at`` kept).

        Raises:
            StoreError: ``bad_stream_id``, ``bad_payload``.
        """
        check_stream(stream)
        text = encode_object(settings, what="dealing settings", stream=stream)[0]
        with self._write("start dealing a tournament") as conn:
            now = self._now(conn)
            insert = _insert(conn, _D)
            conn.execute(
                insert.on_conflict_do_update(
                    index_elements=[_D.c.stream], set_={"settings": insert.excluded.settings}
                ),
                {"stream": stream, "settings": text, "started_at": now},
            )

    def pause_dealing(self, stream: str, table: int | None, *, paused: bool) -> bool:
        """No new hand at ``table`` of ``stream`` (every table when None), or deal again there
        (every table, and each table's own pause, when None): kept in the dealing settings as
        ``paused`` and ``paused_tables``, read and written in one transaction (two directors'
        pauses never undo each other). False when the hosts do not deal ``stream``.

        Raises:
            StoreError: ``bad_stream_id``, ``bad_table``.
        """
        check_stream(stream)
        if table is not None:
            check_table(table, stream=stream)
        with self._write("pause or resume a dealt tournament") as conn:
            text = conn.execute(
                sa.select(_D.c.settings).where(_D.c.stream == stream)
            ).scalar_one_or_none()
            if text is None:
                return False
            settings = dict(decode_object(text))
            tables = {t for t in settings.get("paused_tables", []) if isinstance(t, int)}
            if table is None:
                settings["paused"] = paused
                if not paused:
                    tables.clear()
            elif paused:
                tables.add(table)
            else:
                tables.discard(table)
            settings["paused_tables"] = sorted(tables)
            encoded = encode_object(settings, what="dealing settings", stream=stream)[0]
            conn.execute(sa.update(_D).where(_D.c.stream == stream).values(settings=encoded))
        return True

    def stop_dealing(self, stream: str) -> None:
        """The hosts deal tournament ``stream`` no more (its leases stay until released).

        Raises:
            StoreError: ``bad_stream_id``.
        """
        check_stream(stream)
        with self._write("stop dealing a tournament") as conn:
            conn.execute(sa.delete(_D).where(_D.c.stream == stream))

    def dealt(self) -> list[Dealt]:
        """The tournaments the hosts deal, oldest first (then by stream)."""
        with self._store._read("list the dealt tournaments") as conn:
            rows = conn.execute(sa.select(_D).order_by(_D.c.started_at, _D.c.stream)).all()
        return [
            Dealt(
                stream=r.stream, settings=dict(decode_object(r.settings)), started_at=r.started_at
            )
            for r in rows
        ]

    # ------------------------------------------------------------------ helpers

    @contextmanager
    def _write(self, action: str) -> Iterator[Connection]:
        """One of the store's write transactions (on SQLite: its write lock, BEGIN IMMEDIATE;
        its checks that the file is still there), its failures said as `StoreError`s."""
        store = self._store
        try:
            with store._session(action), store._write() as conn:
                yield conn
        except sa.exc.IntegrityError as error:
            raise store._failed(error, action) from error

    def _now(self, conn: Connection) -> int:
        if self._clock is not None:
            return int(self._clock())
        sql = _PG_NOW if conn.dialect.name == "postgresql" else _SQLITE_NOW
        return int(conn.exec_driver_sql(sql).scalar_one())


def _insert(conn: Connection, table: sa.Table) -> Any:
    return (postgres_insert if conn.dialect.name == "postgresql" else sqlite_insert)(table)


def _owners(
    conn: Connection, query: LeaseRows, keys: Sequence[tuple[str, int]]
) -> dict[tuple[str, int], tuple[str | None, int]]:
    """The owner and token of each of the rows ``keys`` that ``query`` reads (none if empty)."""
    return {
        (str(r.stream), int(r.table_no)): (r.owner, int(r.token)) for r in query.rows(conn, keys)
    }


def _notify(conn: Connection, fences: Sequence[Fence]) -> None:
    """Tell PostgreSQL listeners of `LEASE_CHANNEL` that each of ``fences``' leases changed
    owner (at commit), in one statement."""
    if fences and conn.dialect.name == "postgresql":
        conn.execute(
            _NOTIFY_LEASES, {"payloads": [f"{f.stream} {f.table} {f.token}" for f in fences]}
        )


def _lease(row: Any) -> Lease:
    return Lease(
        stream=row.stream,
        table=int(row.table_no),
        owner=row.owner,
        token=int(row.token),
        expires_at=int(row.expires_at),
        renewed_at=int(row.renewed_at),
        acquired_at=int(row.acquired_at),
    )


def _check_host(host_id: object) -> str:
    """``host_id`` when it is 1 to `HOST_ID_LENGTH` characters without control characters.

    Raises:
        StoreError: ``bad_host``.
    """
    if (
        not isinstance(host_id, str)
        or not _TEXT.fullmatch(host_id)
        or len(host_id) > HOST_ID_LENGTH
    ):
        shown = str(host_id)[:HOST_ID_LENGTH]
        raise StoreError(
            f"a host id is 1 to {HOST_ID_LENGTH} characters without control characters "
            f"(the machine's name and a number, say): {shown!r} is not one",
            code="bad_host",
            params={"host": shown, "field": "host_id", "max_length": HOST_ID_LENGTH},
        )
    return host_id


def _check_text(value: object, field: str, length: int, host_id: str) -> None:
    if not isinstance(value, str) or not _TEXT.fullmatch(value) or len(value) > length:
        raise _bad_host(
            host_id,
            f"its {field} {str(value)[:length]!r} is not 1 to {length} characters of text",
            field=field,
        )


def _bad_host(host_id: str, problem: str, *, field: str) -> StoreError:
    return StoreError(
        f"host {host_id} cannot be registered: {problem}",
        code="bad_host",
        params={"host": host_id, "field": field},
    )


def _check_ttl(ttl_ms: object, stream: str) -> None:
    if isinstance(ttl_ms, bool) or not isinstance(ttl_ms, int) or not 0 < ttl_ms <= MAX_TTL_MS:
        raise StoreError(
            f"tournament {stream}: a lease lasts 1 ms to a day ({MAX_TTL_MS} ms), given in "
            f"milliseconds: {ttl_ms!r} is not that",
            code="bad_ttl",
            params={"stream": stream, "ttl_ms": repr(ttl_ms), "max": MAX_TTL_MS},
        )


def _check_most(most: object) -> None:
    if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 0):
        raise StoreError(
            f"the most tables to take is a count, 0 or more (or none, for every free one): "
            f"{most!r} is not that",
            code="bad_most",
            params={"most": repr(most)},
        )


def _check_lease(lease: object) -> Lease:
    if not isinstance(lease, Lease):
        raise StoreError(
            f"a lease to renew or release is the Lease acquire gave, not a {type(lease).__name__}",
            code="bad_lease",
            params={"type": type(lease).__name__},
        )
    check_fence(lease.fence)
    _check_host(lease.owner)
    return lease
