"""The software deals inside the server (issue 14): one `LiveRoom` per tournament the director
chose to have dealt, as a task on the app's event loop.

`Dealing` starts a room over the hub's open tournament (the same `LiveTournament`, so the
director's commands and the tables' are serialised by its lock), seats a `RemoteAgent` for each
player who plays at a browser and a simulator bot in every other seat (the director's choice),
pauses and resumes a table or all of them, and wakes the player and spectator screens whenever
a table shows something new (a deal, a decision, a result). A player's screens share one agent:
the player is away (TDA 30; THC 6) only when the last of them closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.live import BotAgent, LiveAgent, LiveRoom, RemoteAgent, RoomSettings
from pitboss.play.bots import bot_mix
from pitboss.server.hub import Hub, Screen
from pitboss.tournament.state import Phase

log = logging.getLogger(__name__)


class DealingError(PitbossError):
    """The software cannot deal this tournament now, or a pause names no table."""

    default_code = "dealing_error"


class HubClock:
    """The hub's ``now`` (the clock the director service decides at) and asyncio's sleep."""

    __slots__ = ("hub",)

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    def now(self) -> int:
        return self.hub.clock()

    async def sleep(self, seconds: float, /) -> None:
        await asyncio.sleep(max(seconds, 0.0))


@dataclass(eq=False)
class DealtRoom:
    """One tournament dealt by the software: its room, its task, its browser players."""

    stream: str
    room: LiveRoom
    remote: dict[PlayerId, RemoteAgent]
    task: asyncio.Task[None] | None = None
    version: int = 0
    screens: set[Screen] = field(default_factory=set)
    connections: dict[PlayerId, int] = field(default_factory=dict)
    error: str | None = None

    @property
    def is_running(self) -> bool:
        return self.task is not None and not self.task.done()


class Dealing:
    """The rooms the server deals, by tournament."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.rooms: dict[str, DealtRoom] = {}

    def get(self, stream: str) -> DealtRoom | None:
        return self.rooms.get(stream)

    def start(
        self,
        stream: str,
        *,
        browser: Iterable[PlayerId] | None = None,
        bots: bool = True,
        think_seconds: float = 1.0,
        pause_seconds: float = 3.0,
    ) -> DealtRoom:
        """Deal ``stream`` from now on: ``browser`` players act at their pages, every other
        player is a simulator bot (``bots``) or at a browser too (``bots=False``). Must run on
        the app's event loop.

        Raises:
            DealingError: ``already_dealing``; ``not_started`` (draw and start it first);
                ``unknown_player``.
        """
        current = self.rooms.get(stream)
        if current is not None and current.is_running:
            raise DealingError(
                "the software deals this tournament already: pause or resume its tables",
                code="already_dealing",
                params={"stream": stream},
            )
        live = self.hub.tournament(stream)
        state = live.state
        if state.phase is Phase.REGISTRATION or not state.tables:
            raise DealingError(
                "draw the seats and start the tournament first: the software deals seated players",
                code="not_started",
                params={"stream": stream, "phase": str(state.phase)},
            )
        chosen = sorted(set(browser or ()))
        unknown = [p for p in chosen if p not in state.players]
        if unknown:
            raise DealingError(
                f"no such player: {', '.join(unknown)}",
                code="unknown_player",
                params={"players": unknown},
            )
        players = chosen if bots else sorted(state.players)
        # Away until their page connects (TDA 30, THC 6): a seat nobody opened is not a
        # player to wait for at every decision.
        remote = {pid: RemoteAgent(pid, connected=False) for pid in players}
        clock = HubClock(self.hub)
        make = bot_mix(random.Random(secrets.randbits(64)))

        def bot(pid: PlayerId) -> LiveAgent:
            return BotAgent(make(pid), think_seconds=think_seconds, clock=clock)

        room = LiveRoom(
            live,
            clock=clock,
            agents=dict(remote),
            default_agent=bot,
            settings=RoomSettings(pause_seconds=pause_seconds),
            on_table=lambda _table: self._changed(self.rooms[stream]),
        )
        dealt = DealtRoom(stream=stream, room=room, remote=remote)
        self.rooms[stream] = dealt
        for agent in remote.values():
            if not state.is_out(agent.player_id):
                agent.connected = True
                agent.disconnect()  # marked absent through the director (MarkAbsent)
        dealt.task = asyncio.ensure_future(self._run(dealt))
        self._changed(dealt)
        return dealt

    async def _run(self, dealt: DealtRoom) -> None:
        try:
            await dealt.room.run()
        except Exception as error:  # a runner's failure ends the room: the director sees it
            log.exception("dealing %s stopped", dealt.stream)
            dealt.error = repr(error)[:500]
        finally:
            self._changed(dealt)

    def _changed(self, dealt: DealtRoom) -> None:
        """A table of ``dealt`` shows something new: wake its screens (and the hub's)."""
        dealt.version += 1
        for screen in list(dealt.screens):
            if screen.loop is not None and not screen.loop.is_closed():
                screen.loop.call_soon_threadsafe(screen.wake, dealt.version)
        with contextlib.suppress(KeyError):
            self.hub.changed(dealt.stream)

    def notify(self, stream: str) -> None:
        """The director changed something elsewhere: the waiting tables look again now."""
        dealt = self.rooms.get(stream)
        if dealt is not None and dealt.is_running:
            dealt.room.notify()

    def pause(self, stream: str, table: int | None) -> DealtRoom:
        """No new hand at ``table`` (every table when None); the hand in play finishes.

        Raises:
            DealingError: ``not_dealing``; ``no_such_table``.
        """
        dealt = self._running(stream, table)
        dealt.room.pause(None if table is None else TableNo(table))
        self._changed(dealt)
        return dealt

    def resume(self, stream: str, table: int | None) -> DealtRoom:
        """Deal again at ``table`` (every table when None)."""
        dealt = self._running(stream, table)
        dealt.room.resume(None if table is None else TableNo(table))
        self._changed(dealt)
        return dealt

    def _running(self, stream: str, table: int | None) -> DealtRoom:
        dealt = self.rooms.get(stream)
        if dealt is None or not dealt.is_running:
            raise DealingError(
                "the software does not deal this tournament: start dealing first",
                code="not_dealing",
                params={"stream": stream},
            )
        if table is not None and TableNo(table) not in dealt.room.state.tables:
            raise DealingError(
                f"there is no Table {table} in play",
                code="no_such_table",
                params={"table": table, "tables": sorted(dealt.room.state.tables)},
            )
        return dealt

    # --- a player's screens -------------------------------------------------------------------

    def connect(self, dealt: DealtRoom, player: PlayerId, screen: Screen) -> RemoteAgent | None:
        """``screen`` is one of ``player``'s pages: subscribed, and the player present."""
        dealt.screens.add(screen)
        agent = dealt.remote.get(player)
        if agent is not None:
            dealt.connections[player] = dealt.connections.get(player, 0) + 1
            agent.connect()
        return agent

    def disconnect(self, dealt: DealtRoom, player: PlayerId | None, screen: Screen) -> None:
        """``screen`` closed; the player is away once their last page has gone (TDA 30)."""
        dealt.screens.discard(screen)
        agent = None if player is None else dealt.remote.get(player)
        if agent is None or player is None:
            return
        left = dealt.connections.get(player, 1) - 1
        dealt.connections[player] = left
        if left <= 0 and dealt.is_running:
            try:
                agent.disconnect()
            except PitbossError as error:  # the tournament moved on (the player is out)
                log.info("%s left: %s", player, error.message)

    def status(self, stream: str) -> dict[str, object]:
        """Whether the software deals ``stream``, each table's hand in play and pause."""
        dealt = self.rooms.get(stream)
        if dealt is None:
            return {"dealing": False, "tables": [], "browser_players": [], "error": None}
        room = dealt.room
        tables = []
        for number in sorted(room.state.tables):
            runner = room.runners.get(number)
            turn = None if runner is None else runner.turn
            tables.append(
                {
                    "table": number,
                    "paused": room.is_paused(number),
                    "hand_id": None if runner is None else runner.hand_id,
                    "hands_dealt": 0 if runner is None else runner.hands_dealt,
                    "to_act": None if turn is None else turn.view.player,
                    "deadline": None if turn is None else turn.deadline,
                }
            )
        return {
            "dealing": dealt.is_running,
            "tables": tables,
            "browser_players": sorted(dealt.remote),
            "error": dealt.error,
        }

    async def close(self) -> None:
        """Stop every room (the server is shutting down); the hands in play resume on the next
        start from their hand streams."""
        loop = asyncio.get_running_loop()
        mine = [d.task for d in self.rooms.values() if d.task is not None]
        mine = [t for t in mine if t.get_loop() is loop]
        for task in mine:
            task.cancel()
        for task in mine:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task


__all__ = ["Dealing", "DealingError", "DealtRoom", "HubClock"]
