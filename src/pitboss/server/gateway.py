"""A web gateway (issue 32): `pitboss serve --role web` serves the pages, the API and every
screen, and forwards each player's and spectator's live screen to the table host that deals
their table.

A table is dealt by the host holding its lease (`pitboss.store.leases`); that host runs the
table's runner, its players' agents and their views, so a player's WebSocket must end there.
The gateway checks the screen's link (the player's token) itself, finds the player's table in
the director's log (which its follower keeps current), the table's owner in the leases and the
owner's address in the hosts' records, and relays the frames both ways. When the player moves
to a table another host deals (balancing, a table broken), or the owner changes (a host killed,
drained), it connects to the new owner and relays on: the player's page keeps its one socket
and shows the next view; a frame the old owner went away before taking is sent to the new one
(an action has its id and its turn: taken once, and refused if the turn moved on). The gateway
holds no game state: a gateway killed loses only its sockets, and the pages reconnect (to any
gateway).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.server.hub import Hub
from pitboss.store.leases import LeaseBook

log = logging.getLogger(__name__)

FRESH_S = 0.5
"""How old the gateway's copy of the leases and hosts may be when it routes a screen."""

LOOK_S = 0.25
"""How often a relayed screen checks that its table is still dealt where it is connected."""

RETRY_S = 0.5
"""After a failed connection to a host, the gateway looks again after this long."""


@dataclass(frozen=True, slots=True)
class Route:
    """Where a screen's table is dealt: the host and its address."""

    host_id: str
    address: str


class Router:
    """Which table host deals a table, from the store's leases and hosts (read at most every
    `FRESH_S`)."""

    def __init__(self, hub: Hub, book: LeaseBook) -> None:
        self.hub = hub
        self.book = book
        self._read_at = -1.0
        self._owners: dict[tuple[str, int], str] = {}
        self._addresses: dict[str, str] = {}
        self._draining: set[str] = set()
        self._lock = asyncio.Lock()

    async def _fresh(self) -> None:
        async with self._lock:
            if time.monotonic() - self._read_at < FRESH_S:
                return
            owners, addresses = await asyncio.to_thread(self._read)
            self._owners, self._addresses = owners, addresses
            self._read_at = time.monotonic()

    def _read(self) -> tuple[dict[tuple[str, int], str], dict[str, str]]:
        self._draining = {h.host_id for h in self.book.hosts() if h.draining}
        now = self.book.now()
        owners = {
            (lease.stream, lease.table): lease.owner
            for lease in self.book.leases()
            if lease.expires_at > now
        }
        addresses: dict[str, str] = {}
        for host in self.book.hosts():
            if host.address is not None:  # a host draining still serves its hands in play
                addresses[host.host_id] = host.address
        return owners, addresses

    def table_of(self, stream: str, player: PlayerId | None, table: TableNo | None) -> int | None:
        """The table a screen shows: a spectator's own, a player's seat's (None when the player
        is seated nowhere: out, or not yet drawn)."""
        if player is None:
            return None if table is None else int(table)
        seated = self.hub.tournament(stream).state.table_of(player)
        return None if seated is None else int(seated.number)

    async def route(self, stream: str, table: int | None) -> Route | None:
        """The host dealing ``table`` of ``stream`` (any host serving screens when ``table``
        is None: a player out sees their result anywhere); None when nobody deals it now."""
        await self._fresh()
        if table is None:
            for host_id, address in sorted(self._addresses.items()):
                if host_id not in self._draining:
                    return Route(host_id, address)
            return None
        owner = self._owners.get((stream, table))
        if owner is None or owner not in self._addresses:
            return None
        return Route(owner, self._addresses[owner])


async def relay_live(
    websocket: WebSocket,
    router: Router,
    stream: str,
    player: PlayerId | None,
    table: TableNo | None,
    query: str,
) -> None:
    """Relay a checked, accepted screen to the host dealing its table, and to the next one
    whenever that changes, until the page closes it."""
    outbox: asyncio.Queue[str] = asyncio.Queue()
    carried: deque[str] = deque()
    """A frame of the page's that a host went away before taking: sent to the next one."""
    closed = asyncio.Event()

    async def from_page() -> None:
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                if text is not None:
                    outbox.put_nowait(text)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            closed.set()

    reader = asyncio.ensure_future(from_page())
    try:
        while not closed.is_set():
            try:
                target = router.table_of(stream, player, table)
                route = await router.route(stream, target)
            except PitbossError as error:
                log.warning("routing a screen of %s: %s", stream, error.message)
                route = None
            if route is None:
                await _pause(closed, RETRY_S)
                continue
            url = f"ws://{route.address}/ws/tournaments/{stream}?{query}"
            try:
                async with connect(
                    url, proxy=None, max_size=None, compression=None, ping_interval=None
                ) as upstream:
                    await _pump(
                        websocket,
                        upstream,
                        outbox,
                        closed,
                        router,
                        (stream, player, table),
                        route,
                        carried,
                    )
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as error:
                log.info("screen of %s: host %s went away (%s)", stream, route.host_id, error)
                await _pause(closed, RETRY_S)
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await reader


async def _pump(
    websocket: WebSocket,
    upstream: ClientConnection,
    outbox: asyncio.Queue[str],
    closed: asyncio.Event,
    router: Router,
    screen: tuple[str, PlayerId | None, TableNo | None],
    route: Route,
    carried: deque[str],
) -> None:
    """Frames both ways until the page closes, the host goes, or the screen's table is dealt
    elsewhere (the player moved, the table was taken over)."""
    stream, player, table = screen
    target = router.table_of(stream, player, table)

    async def down() -> None:
        async for message in upstream:
            await websocket.send_text(
                message if isinstance(message, str) else message.decode("utf-8", "replace")
            )

    async def up() -> None:
        while True:
            text = carried.popleft() if carried else await outbox.get()
            try:
                await upstream.send(text)
            except ConnectionClosed:
                carried.appendleft(text)  # to the next host: an action has its id, taken once
                raise

    async def moved() -> None:
        while True:
            await asyncio.sleep(LOOK_S)
            now_at = router.table_of(stream, player, table)
            if now_at != target or await router.route(stream, now_at) != route:
                return

    tasks = [asyncio.ensure_future(t) for t in (down(), up(), moved(), closed.wait())]
    try:
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            error = None if task.cancelled() else task.exception()
            if error is not None and not isinstance(error, ConnectionClosed):
                raise error
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _pause(closed: asyncio.Event, seconds: float) -> None:
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(closed.wait(), seconds)


def gateway_status(book: LeaseBook, stream: str, hub: Hub) -> dict[str, Any]:
    """The dealing status a gateway can tell: whether the hosts deal ``stream``, each table's
    pause and hand in play (who is to act is known to the table's host only)."""
    dealt = {d.stream: d.settings for d in book.dealt()}
    settings = dealt.get(stream)
    state = hub.tournament(stream).state
    if settings is None:
        return {"dealing": False, "tables": [], "browser_players": [], "error": None}
    paused_all = settings.get("paused") is True
    paused = set(settings.get("paused_tables", []))
    tables = []
    for number in sorted(state.tables):
        open_hands = state.open_hands(number)
        tables.append(
            {
                "table": int(number),
                "paused": paused_all or int(number) in paused,
                "hand_id": open_hands[0].hand_id if open_hands else None,
                "hands_dealt": sum(1 for h in state.hands.values() if h.table == number),
                "to_act": None,
                "to_act_name": None,
                "deadline": None,
            }
        )
    return {
        "dealing": state.winner is None,
        "tables": tables,
        "browser_players": sorted(settings.get("browser_players", [])),
        "error": None,
    }


__all__ = ["Route", "Router", "gateway_status", "relay_live"]
