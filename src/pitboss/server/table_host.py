"""A table host (issue 32): a process that deals the software-dealt tables whose leases it holds.

Any number of table hosts share one store (PostgreSQL; a SQLite file serves hosts on one
machine). The tournaments they deal are listed in the store (`LeaseBook.start_dealing`); each
of their tables is owned by one host through a lease row (owner, expiry, fencing token,
`pitboss.store.leases`), renewed every `HostSettings.renew_seconds`. A host takes free tables
up to its share (the tables in play over the hosts alive, rounded up), so a tournament's tables
spread over the hosts and a new host gets work; a table whose owner stopped renewing (killed,
cut off) is free once its lease expires, and the next host deals on the hand in play from the
table's hand stream (`pitboss.live.dealt_table.TableRunner`, as after a restart). Every write
a table makes (its hand stream, its commands to the director) carries the lease's fence,
checked by the store in the write's transaction: a host that lost a table, however late it
notices, writes nothing more for it. A host that is asked to stop (SIGTERM, Ctrl-C) drains:
it takes no table, each of its tables is handed over at the end of its hand in play, then its
leases are released for the others to take at once.

The director's log is shared: every host's room runs the same `LiveTournament` over it, with
optimistic concurrency (a host that decided on an old head reads the log and decides again),
so a move between tables dealt by two hosts is exact: the player leaves one table and joins
the other between hands, in one event of the one log.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import socket
import zlib
from dataclasses import dataclass

from pitboss.errors import PitbossError, StoreError
from pitboss.ids import PlayerId, TableNo
from pitboss.server.hub import Hub
from pitboss.server.live_rooms import Dealing, DealtRoom
from pitboss.store.leases import Dealt, Fence, Lease, LeaseBook
from pitboss.tournament.state import Phase

log = logging.getLogger(__name__)

ROLE = "tables"
"""The role a table host registers under (`LeaseBook.register_host`)."""

Key = tuple[str, int]
"""A table of a tournament: (stream, table number)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class HostSettings:
    """How a table host keeps its tables.

    ``ttl_ms``: a lease not renewed for this long is free (a killed host's tables are taken
    over this long after its last renewal, plus one or two ``renew_seconds``);
    ``renew_seconds``: how often the host renews its leases, looks for free tables and hands
    over its excess.
    """

    ttl_ms: int = 5_000
    renew_seconds: float = 0.5


def default_host_id() -> str:
    """This process's name among the hosts: the machine's and the process id."""
    return f"{socket.gethostname()}-{os.getpid()}"


class TableHost:
    """Deals the tables whose leases it holds, of every tournament the store lists as dealt."""

    def __init__(
        self,
        hub: Hub,
        dealing: Dealing,
        *,
        host_id: str | None = None,
        settings: HostSettings | None = None,
        address: str | None = None,
    ) -> None:
        self.hub = hub
        self.dealing = dealing
        self.host_id = host_id or default_host_id()
        self.settings = settings or HostSettings()
        self.address = address
        """Where this host serves its tables' screens (``machine:port``), for the gateways."""
        self.book = LeaseBook(hub.store)
        self.held: dict[Key, Lease] = {}
        self.handing_over: set[Key] = set()
        self.draining = False
        self._alive = 1
        self._room_elsewhere = False
        """Whether a host alive held fewer tables than its share at the last look: only then
        is an excess handed over (to a host that takes it at once, not back and forth)."""
        """The table hosts alive at the last look (renewed within a lease's life)."""
        self._free_seen: dict[Key, int] = {}
        """How many passes in a row each table was seen free and not taken (`_take`)."""
        self._wake = asyncio.Event()
        self.finished = False
        """Drained and stopped: every lease released (`run` returned)."""

    # --- what the rooms ask ------------------------------------------------------------------

    def owns(self, stream: str, table: TableNo) -> bool:
        return (stream, int(table)) in self.held

    def fence_of(self, stream: str, table: TableNo) -> Fence:
        """The table's lease as a fence; a table not held gets a fence no lease has (token
        0), so a write for it is refused rather than made unfenced."""
        lease = self.held.get((stream, int(table)))
        return Fence(stream, int(table), 0) if lease is None else lease.fence

    def lost(self, stream: str, table: TableNo) -> None:
        """A write of ``table`` was refused: another host holds it now."""
        if self.held.pop((stream, int(table)), None) is not None:
            log.warning("table %s of %s: its lease was taken by another host", table, stream)
        self._wake.set()

    # --- the host's loop -----------------------------------------------------------------------

    def drain(self) -> None:
        """Stop taking tables; hand each over at the end of its hand in play, then stop."""
        if not self.draining:
            log.warning("host %s drains: handing over %d tables", self.host_id, len(self.held))
        self.draining = True
        self._wake.set()

    async def run(self) -> None:
        """Keep the leases and deal until drained (`drain`): then every lease is released.
        What the other hosts append reaches this host's rooms by the hub's follower (the
        app's, `pitboss.server.hub.follow`)."""
        book = self.book
        await asyncio.to_thread(self._register)
        try:
            while True:
                try:
                    await self._pass()
                except PitbossError as error:  # the store is away: the leases run out
                    log.warning("host %s: %s; trying again", self.host_id, error.message)
                except Exception:  # a bug: said, and the host looks again (never stops renewing)
                    log.exception("host %s: a look at its tables failed", self.host_id)
                if self.draining and not self.held:
                    break
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.settings.renew_seconds)
        finally:
            await self.dealing.close()
            for lease in list(self.held.values()):
                with contextlib.suppress(PitbossError):
                    await asyncio.to_thread(book.release, lease)
            self.held.clear()
            with contextlib.suppress(PitbossError):
                await asyncio.to_thread(book.forget_host, self.host_id)
            self.finished = True

    def _register(self) -> None:
        self.book.register_host(
            self.host_id,
            role=ROLE,
            pid=os.getpid(),
            machine=socket.gethostname(),
            address=self.address,
        )

    async def _pass(self) -> None:
        """One look: renew, start the rooms of new tournaments, take, hand over (an excess
        only to a host alive under its share at this look)."""
        book, ttl = self.book, self.settings.ttl_ms
        try:
            await asyncio.to_thread(book.heartbeat, self.host_id, draining=self.draining)
        except StoreError as error:
            if error.code != "unknown_host":
                raise
            await asyncio.to_thread(self._register)  # forgotten (`pitboss status` cleaned up)
        held = list(self.held.items())
        renewed = await asyncio.to_thread(book.renew_many, [lease for _, lease in held], ttl_ms=ttl)
        for (key, _), lease in zip(held, renewed, strict=True):
            if key not in self.held:
                continue  # lost meanwhile (a refused write)
            if lease is None:
                self.lost(key[0], TableNo(key[1]))
            else:
                self.held[key] = lease
        dealt = await asyncio.to_thread(book.dealt)
        tables = {d.stream: self._tables_of(d) for d in dealt}
        for stream, room in self.dealing.rooms.items():
            room.room.notify()  # a lost table's runner stops now
            if stream not in tables:
                tables[stream] = set()  # no longer dealt: every table handed over
        if not self.draining:
            await self._take(tables)
        await self._hand_over(tables)

    def _tables_of(self, dealt: Dealt) -> set[int]:
        """The tables in play of ``dealt``, its room started here if it is not (none when the
        tournament is over or not yet seated)."""
        live = self.hub.tournament(dealt.stream)
        state = live.state
        if state.winner is not None or state.phase is Phase.REGISTRATION or not state.tables:
            return set()
        room = self.dealing.get(dealt.stream)
        if room is None or not room.is_running:
            room = self._start(dealt)
        paused = dealt.settings.get("paused_tables", [])
        room.room.paused_as(
            everything=dealt.settings.get("paused") is True,
            tables={TableNo(t) for t in paused if isinstance(t, int)},
        )
        return {int(t) for t in state.tables}

    def _start(self, dealt: Dealt) -> DealtRoom:
        stream, settings = dealt.stream, dealt.settings
        browser = settings.get("browser_players", [])
        return self.dealing.start(
            stream,
            browser=[PlayerId(p) for p in browser if isinstance(p, str)],
            bots=True,
            think_seconds=float(settings.get("think_seconds", 1.0)),
            pause_seconds=float(settings.get("pause_seconds", 3.0)),
            owns=lambda table: self.owns(stream, table),
            fence_of=lambda table: self.fence_of(stream, table),
            on_lost=lambda table: self.lost(stream, table),
        )

    async def _hand_over(self, tables: dict[str, set[int]]) -> None:
        """Release the leases of tables handed over (draining, an excess over the share, a table
        broken or a tournament no longer dealt) once their hand in play ended."""
        if not self.draining and self._room_elsewhere:
            excess = len(self.held) - len(self.handing_over) - self._share(tables)
            for key in sorted(set(self.held) - self.handing_over)[: max(excess, 0)]:
                self.handing_over.add(key)
        for key in list(self.held):
            stream, table = key
            if self.draining or key[1] not in tables.get(stream, set()):
                self.handing_over.add(key)
        for key in sorted(self.handing_over):
            stream, table = key
            room = self.dealing.get(stream)
            if room is not None:
                room.room.hand_over(TableNo(table))
            if room is None or room.room.handed_over(TableNo(table)) or not room.is_running:
                lease = self.held.pop(key, None)
                self.handing_over.discard(key)
                if lease is not None:
                    await asyncio.to_thread(self.book.release, lease)
                    log.info("host %s handed table %s of %s over", self.host_id, table, stream)

    def _share(self, tables: dict[str, set[int]]) -> int:
        """The tables in play over the hosts alive, rounded up."""
        total = sum(len(t) for t in tables.values())
        return math.ceil(total / max(self._alive, 1))

    async def _take(self, tables: dict[str, set[int]]) -> None:
        """Take free tables up to this host's share. A table whose owner stopped renewing (its
        lease expired, not released: the host died or was cut off) is taken whatever the share,
        the hosts alive sharing them out, so its hand in play goes on within a lease's life and
        two looks; one handed over (released) is left to a host under its share, for three
        looks (`tables_to_take`)."""
        book = self.book
        now = await asyncio.to_thread(book.now)
        hosts = await asyncio.to_thread(book.hosts)
        alive = {
            h.host_id
            for h in hosts
            if h.role == ROLE and not h.draining and now - h.seen_at < self.settings.ttl_ms
        }
        self._alive = len(alive)
        leases = await asyncio.to_thread(book.leases)
        held_by_others = {
            (lease.stream, lease.table)
            for lease in leases
            if lease.owner != self.host_id and lease.expires_at > now
        }
        orphans = {
            (lease.stream, lease.table)
            for lease in leases
            if lease.owner != self.host_id and lease.expires_at <= now
        }
        share = self._share(tables)
        counts = dict.fromkeys(alive, 0)
        for other in leases:
            if other.owner in counts and other.expires_at > now:
                counts[other.owner] += 1
        self._room_elsewhere = any(
            n < share for host_id, n in counts.items() if host_id != self.host_id
        )
        free = [
            (stream, table)
            for stream in sorted(tables)
            for table in sorted(tables[stream])
            if (stream, table) not in self.held and (stream, table) not in held_by_others
        ]
        self._free_seen = {key: self._free_seen.get(key, 0) + 1 for key in free}
        wanted, most = tables_to_take(
            free,
            orphans=orphans,
            seen=self._free_seen,
            held=len(self.held),
            share=share,
            alive=self._alive,
            host_id=self.host_id,
        )
        if not wanted or not most:
            return
        taken = await asyncio.to_thread(
            book.acquire_many, wanted, self.host_id, ttl_ms=self.settings.ttl_ms, most=most
        )
        if taken:
            log.info(
                "host %s takes %d of %d free tables (%d of them left by a host that stopped "
                "renewing; it held %d, its share is %d with %d hosts alive)",
                self.host_id,
                len(taken),
                len(free),
                len(orphans & set(free)),
                len(self.held),
                share,
                self._alive,
            )
        for key, lease in sorted(taken.items()):
            self.held[key] = lease
            self._free_seen.pop(key, None)
            room = self.dealing.get(key[0])
            if room is not None:
                room.room.take(TableNo(key[1]))
            log.info("host %s deals table %s of %s", self.host_id, key[1], key[0])


def tables_to_take(
    free: list[Key],
    *,
    orphans: set[Key],
    seen: dict[Key, int],
    held: int,
    share: int,
    alive: int,
    host_id: str,
) -> tuple[list[Key], int]:
    """Which of the ``free`` tables a host holding ``held`` tables tries to take at this look,
    in the order tried, and how many of them it takes (`LeaseBook.acquire_many`, which passes
    over one another host is taking at that moment for the next); ``seen``: how many looks in a
    row each was seen free.

    The orphans (their owner stopped renewing, so their hands wait): every one still free at
    its second look, and the host's part of the others (the orphans over the ``alive`` hosts,
    rounded up), so the hosts share a killed host's tables out within a look or two rather
    than the first to look taking them all. Then tables handed over (released) or never dealt,
    up to the host's ``share``, or whatever its share once free for three looks (no host under
    its share took them). The tables of each kind are tried from a start of the host's own, so
    hosts looking at once take different ones."""

    def own_start(keys: list[Key]) -> list[Key]:
        start = zlib.crc32(host_id.encode()) % max(len(keys), 1)
        return keys[start:] + keys[:start]

    old = [k for k in free if k in orphans and seen.get(k, 1) >= 2]
    fresh = own_start([k for k in free if k in orphans and seen.get(k, 1) < 2])
    late = [k for k in free if k not in orphans and seen.get(k, 1) >= 3]
    released = own_start([k for k in free if k not in orphans and seen.get(k, 1) < 3])
    part = math.ceil(len(fresh) / max(alive, 1))
    room = max(share - held - len(old) - part - len(late), 0)
    most = len(old) + part + len(late) + room
    return [*old, *fresh, *late, *(released if room else [])], most


__all__ = ["ROLE", "HostSettings", "TableHost", "default_host_id", "tables_to_take"]
