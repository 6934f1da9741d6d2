"""The software deals inside the server (issue 14): one `LiveRoom` per tournament the director
chose to have dealt, as a task on the app's event loop.

`Dealing` starts a room over the hub's open tournament (the same `LiveTournament`, so the
director's commands and the tables' are serialised by its lock), seats a `RemoteAgent` for each
player who plays at a browser and a simulator bot in every other seat (the director's choice),
pauses and resumes a table or all of them, and wakes the player and spectator screens when
what they show changed: a table's change (a deal, a decision, a result) wakes the screens of
that table only (its spectators, and the players seated or dealt in there); a change of the
director's log (a command here, at a table or over the HTTP API; a level on the clock), told by
the hub as every commit is (the room never tells the hub itself: one way from a commit to the
screens), wakes the waiting tables and the screens whose player, seat or clock changed (a
balancing move takes the player's screen to the new table). A player's screens share one
agent: the player is away (TDA 30; THC 6) only when the last of them closes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import random
import secrets
import sys
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pitboss.errors import ConcurrencyConflict, PitbossError, StoreError
from pitboss.ids import PlayerId, TableNo
from pitboss.live import BotAgent, LiveAgent, LiveRoom, RemoteAgent, RoomSettings
from pitboss.live.hand_log import is_hand_stream, stop_writing_behind, write_behind
from pitboss.live.room import FenceOf, Owns, PacedAgent, Pacer
from pitboss.play.bots import bot_mix
from pitboss.server.hub import Hub, Screen, wake_screens
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import Phase, TournamentState

T = TypeVar("T")

log = logging.getLogger(__name__)

PACE_BUDGET_MS = 10.0
"""The bots decide at most as many a turn of the event loop as keep its turns near this long
(`pitboss.live.room.Pacer`): a person's action is taken and shown within a few turns however
many tables the bots deal. On a full machine (the loop waiting for a core more than a fifth of
the time), the bots' turns also come up to 20 ms apart while people play (`core_waited`): four
table hosts on two cores, flat out, read action-to-screen p99 113-164 ms in 7 of 8 runs with it
(one 193), 167-222 in 4 runs without, at about as many hands (BENCHMARKS.md)."""


SCHEDSTAT = Path("/proc/thread-self/schedstat")
"""Linux's count for the calling thread: its CPU time, the time it waited on a run queue for a
core, and its time slices (nanoseconds, nanoseconds, count)."""


def core_waited() -> float | None:
    """The seconds the calling thread has waited for a core since it started (Linux's
    schedstat), or None where the system does not say: the event loop's, read by its `Pacer`
    so the bots yield to people on a full machine."""
    try:
        fields = SCHEDSTAT.read_text().split()
        return int(fields[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def waited_for_people(people: Iterable[RemoteAgent]) -> float | None:
    """The loop's wait for a core (`core_waited`) while one of ``people`` is at their page:
    the bots yield to people, never to other bots (a night of bots deals flat out)."""
    if any(agent.connected for agent in people):
        return core_waited()
    return None


RETRY_FIRST_S = 0.2
RETRY_MOST_S = 5.0
"""After the store failed, the room tries to deal again after this long, doubled at each
failure up to `RETRY_MOST_S`."""

SWITCH_SECONDS = 0.0005
"""The interpreter's switch interval while the software deals (`sys.setswitchinterval`)."""

FULL_COLLECTION_EVERY = 100
"""While the software deals, the collector's full pass comes after this many passes of its
middle generation (``gc.set_threshold``'s third value; Python's default is 10)."""


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
    loop: asyncio.AbstractEventLoop | None = None
    players: dict[PlayerId, set[Screen]] = field(default_factory=dict)
    """Each player's screens."""
    watchers: dict[TableNo, set[Screen]] = field(default_factory=dict)
    """Each table's spectator screens."""
    shown: dict[Screen, object] = field(default_factory=dict)
    """What of the director's state each screen shows, as of its last wake (`_seen`)."""
    director: ThreadPoolExecutor | None = None
    """The thread the tables' commands to the director run in, one at a time, in the order
    given (`LiveRoom.act`): the loop deals on while the director's log is synced."""

    @property
    def is_running(self) -> bool:
        return self.task is not None and not self.task.done()

    async def act(self, command: Command) -> list[Event]:
        """A player's command at their page through `LiveRoom.act`, on the room's loop."""
        return await self.on_loop(self.room.act(command))

    async def on_loop(self, work: Coroutine[Any, Any, T]) -> T:
        """``work`` run on the room's loop (a screen served by another loop, a second test
        client's, hands it over)."""
        loop = self.loop
        if loop is None or loop is asyncio.get_running_loop():
            return await work
        done = asyncio.run_coroutine_threadsafe(work, loop)
        return await asyncio.wrap_future(done)


class Dealing:
    """The rooms the server deals, by tournament.

    It is long (about 360 lines) because it is where the web meets the live rooms: starting,
    pausing and stopping a room, the screens attached to it and which of them a change wakes,
    and the interpreter's tuning while any room deals all read the same rooms and screens.
    """

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.rooms: dict[str, DealtRoom] = {}
        self._tuned_from: tuple[float, tuple[int, int, int]] | None = None
        """The interpreter's switch interval and collector thresholds before the first room
        started dealing (`_tune_interpreter`)."""
        hub.listen(self._logged)

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
        owns: Owns | None = None,
        fence_of: FenceOf | None = None,
        on_lost: Callable[[TableNo], None] | None = None,
    ) -> DealtRoom:
        """Deal ``stream`` from now on: ``browser`` players act at their pages, every other
        player is a simulator bot (``bots``) or at a browser too (``bots=False``). Must run on
        the app's event loop. A table host (issue 32, `pitboss.server.table_host`) deals only
        the tables it ``owns``, each write fenced by its lease (``fence_of``), and is told a
        table whose lease it lost (``on_lost``).

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

        pacer = Pacer(PACE_BUDGET_MS, waited=lambda: waited_for_people(remote.values()))

        def bot(pid: PlayerId) -> LiveAgent:
            made = BotAgent(make(pid), think_seconds=think_seconds, clock=clock)
            return PacedAgent(made, pacer, room)

        director = ThreadPoolExecutor(1, thread_name_prefix="pitboss-director")
        loop = asyncio.get_running_loop()

        def offload(work: Callable[[], list[Event]]) -> Awaitable[list[Event]]:
            return loop.run_in_executor(director, work)

        room = LiveRoom(
            live,
            clock=clock,
            agents=dict(remote),
            default_agent=bot,
            settings=RoomSettings(pause_seconds=pause_seconds),
            on_table=lambda table: self._changed(self.rooms[stream], table),
            offload=offload,
            owns=owns,
            fence_of=fence_of,
            on_lost=on_lost,
        )
        dealt = DealtRoom(stream=stream, room=room, remote=remote, director=director)
        dealt.loop = loop
        write_behind(live.store)  # the loop deals on while the hand streams are synced
        self.rooms[stream] = dealt
        for agent in remote.values():
            if not state.is_out(agent.player_id):
                agent.connected = True
                agent.disconnect()  # marked absent through the director (MarkAbsent)
        dealt.task = asyncio.ensure_future(self._run(dealt))
        self._changed(dealt)
        self._tune_interpreter()
        return dealt

    def _tune_interpreter(self) -> None:
        """The interpreter as real-time dealing needs it, until no room deals (`_untune`).

        - What is alive now (the opened tournament, the rules, the server) is left out of the
          collector's passes (``gc.freeze``), whose full ones otherwise stop the loop for
          hundreds of ms at a big night.
        - A full pass at most once every `FULL_COLLECTION_EVERY` passes of the middle
          generation, not 10: each stops the loop 100 to 170 ms at 200 tables (once in about 7
          s by default; about once a minute so), and finds little (what reaches the oldest
          generation lives on: the hands, the director's states).
        - The director's thread and the hands' writer give up the interpreter at each write to
          the store and wait for it back up to a switch interval while the loop deals: at the
          default 5 ms a command to the director waits tens of ms, and a big night's tables
          queue behind it (`SWITCH_SECONDS`).
        """
        gc.collect()
        gc.freeze()
        if self._tuned_from is None:
            self._tuned_from = (sys.getswitchinterval(), gc.get_threshold())
        switch, (young, middle, full) = self._tuned_from
        sys.setswitchinterval(min(switch, SWITCH_SECONDS))
        gc.set_threshold(young, middle, max(full, FULL_COLLECTION_EVERY))

    def _untune(self) -> None:
        """Nothing deals any more: the interpreter as it was before `_tune_interpreter`."""
        if self._tuned_from is not None:
            switch, thresholds = self._tuned_from
            sys.setswitchinterval(switch)
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            self._tuned_from = None

    async def _run(self, dealt: DealtRoom) -> None:
        try:
            await self._deal_on(dealt)
        except Exception as error:  # a runner's failure ends the room: the director sees it
            log.exception("dealing %s stopped", dealt.stream)
            dealt.error = repr(error)[:500]
        finally:
            if dealt.director is not None:  # a command it runs still commits, then it ends
                dealt.director.shutdown(wait=False)
            if not any(d is not dealt and d.is_running for d in self.rooms.values()):
                self._untune()
            self._changed(dealt)
            for screen in dealt.screens:  # woken by the hub again: a new room may start
                screen.managed = False

    async def _deal_on(self, dealt: DealtRoom) -> None:
        """Run the room until the tournament is over. When the store fails (PostgreSQL
        restarted, a disk full for a moment) the room waits, `RETRY_FIRST_S` doubled up to
        `RETRY_MOST_S`, until it can read the logs again (`LiveRoom.recover`), then deals on:
        the hands in play from what was stored. The failure is logged once (and shown in the
        status's ``error`` until dealing goes on), and the return.

        Raises:
            StoreError: another server deals a table here (its hand stream moved on).
        """
        loop = asyncio.get_running_loop()
        delay, dealt_since = RETRY_FIRST_S, loop.time()
        while True:
            try:
                await dealt.room.run()
                return
            except StoreError as error:
                if isinstance(error, ConcurrencyConflict) and is_hand_stream(
                    str(error.params.get("stream", ""))
                ):
                    raise
                if loop.time() - dealt_since > RETRY_MOST_S:  # a new failure, not the same one
                    delay = RETRY_FIRST_S
                if delay == RETRY_FIRST_S:
                    log.warning(
                        "dealing %s: %s; dealing on when it is back", dealt.stream, error.message
                    )
                dealt.error = f"the store failed ({error.message}): dealing on when it is back"
                self._changed(dealt)
            while True:
                await asyncio.sleep(delay)
                delay = min(delay * 2, RETRY_MOST_S)
                try:
                    await dealt.room.recover()
                    break
                except StoreError:
                    continue
            log.warning("dealing %s on: the store is back", dealt.stream)
            dealt.error, dealt_since = None, loop.time()
            self._changed(dealt)

    def _changed(self, dealt: DealtRoom, table: TableNo | None = None) -> None:
        """``table`` of ``dealt`` shows something new (a deal, a decision, a result: the room's
        own, not a commit to the director's log): wake the screens that show it (every screen of
        the room when None: dealing started, stopped, paused or resumed). What the room commits
        to the director's log reaches the screens the one way every commit does: the tournament
        tells the hub, which tells `_logged`."""
        dealt.version += 1
        if table is None:
            woken: set[Screen] = set(dealt.screens)
        else:
            woken = set(dealt.watchers.get(table, ())) | dealt.watchers.get(_EVERY_TABLE, set())
            for pid in _players_at(dealt, table):
                woken |= dealt.players.get(pid, set())
        wake_screens(woken, dealt.version)

    def _logged(self, stream: str, _seq: int) -> None:
        """The director's log of ``stream`` moved (told by the hub, in any thread): on the
        room's loop, `_director_changed`."""
        dealt = self.rooms.get(stream)
        loop = None if dealt is None else dealt.loop
        if dealt is None or loop is None or loop.is_closed():
            return
        try:
            running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is loop:
            self._director_changed(dealt)
        else:
            loop.call_soon_threadsafe(self._director_changed, dealt)

    def _director_changed(self, dealt: DealtRoom) -> None:
        """A command (here, at a table, over the HTTP API) or the clock changed the director's
        state: the waiting tables look again now, not at their next poll, and the screens whose
        player, seat or clock changed are woken (a balancing move: the new table)."""
        room = dealt.room
        if dealt.is_running and room.live.head != room.notified_head:
            room.notify()
        state = room.state
        clock = _clock_shown(state)
        woken = []
        for screen, before in dealt.shown.items():
            now = _seen(state, screen, clock)
            if now != before:
                dealt.shown[screen] = now
                woken.append(screen)
        if woken:
            dealt.version += 1
            wake_screens(woken, dealt.version)

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
        screen.player = player
        self._attach(dealt, screen)
        agent = dealt.remote.get(player)
        if agent is not None:
            dealt.connections[player] = dealt.connections.get(player, 0) + 1
            agent.connect()
        return agent

    def watch(self, dealt: DealtRoom, screen: Screen) -> None:
        """``screen`` is a spectator's, of the table its role names: subscribed."""
        self._attach(dealt, screen)

    def _attach(self, dealt: DealtRoom, screen: Screen) -> None:
        dealt.screens.add(screen)
        kind, table = screen.role
        if screen.player is not None:
            dealt.players.setdefault(screen.player, set()).add(screen)
        elif kind == "spectator" and table is not None:
            dealt.watchers.setdefault(TableNo(table), set()).add(screen)
        else:  # a screen whose table is unknown: woken with every table
            dealt.watchers.setdefault(_EVERY_TABLE, set()).add(screen)
        state = dealt.room.state
        dealt.shown[screen] = _seen(state, screen, _clock_shown(state))
        screen.managed = True

    def disconnect(self, dealt: DealtRoom, player: PlayerId | None, screen: Screen) -> None:
        """``screen`` closed; the player is away once their last page has gone (TDA 30)."""
        dealt.screens.discard(screen)
        dealt.shown.pop(screen, None)
        for index in (dealt.players, dealt.watchers):
            for key, screens in list(index.items()):
                screens.discard(screen)
                if not screens:
                    del index[key]  # type: ignore[arg-type]
        screen.managed = False
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
            actor = None if turn is None else room.state.players.get(PlayerId(turn.view.player))
            tables.append(
                {
                    "table": number,
                    "paused": room.is_paused(number),
                    "hand_id": None if runner is None else runner.hand_id,
                    "hands_dealt": 0 if runner is None else runner.hands_dealt,
                    "to_act": None if turn is None else turn.view.player,
                    "to_act_name": None if actor is None else actor.name,
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
        for dealt in self.rooms.values():  # the director's last command is committed
            if dealt.director is not None:
                await loop.run_in_executor(None, dealt.director.shutdown)
        if not any(d.is_running for d in self.rooms.values()):
            stop_writing_behind(self.hub.store)  # what the tables wrote last is committed


_EVERY_TABLE = TableNo(0)
"""Where a screen that names no table is kept: woken by every table's change."""


def _players_at(dealt: DealtRoom, table: TableNo) -> set[PlayerId]:
    """The players whose screens show ``table``: those seated there, and those dealt in the
    hand in play there or the last one (a player who went out in it sees its result)."""
    state = dealt.room.state
    seated = state.tables.get(table)
    players: set[PlayerId] = set() if seated is None else set(seated.seats.values())
    runner = dealt.room.runners.get(table)
    hand = None if runner is None else runner.hand or runner.last_hand
    if hand is not None:
        players.update(PlayerId(spec.player) for spec in hand.setup.seats)
    return players


def _clock_shown(state: TournamentState) -> object:
    """What of the director's clock the screens show, but time passing."""
    return (state.phase, state.clock)


def _seen(state: TournamentState, screen: Screen, clock: object) -> object:
    """What ``screen`` shows of the director's state: a player's record and table (their seat,
    and who sits there), their record with the floor (away, sitting out, their chat muted by
    the director: issue 31), the clock, and for a player who is out the money their place is
    paid from (the results: re-buys, add-ons and the prizes)."""
    player = screen.player
    if player is None:
        return clock
    seen = (state.players.get(player), state.table_of(player), state.conduct.get(player), clock)
    if state.is_out(player):
        return (*seen, state.ledger, state.prizes_cents, state.payout_entrants)
    return seen


__all__ = ["Dealing", "DealingError", "DealtRoom", "HubClock"]
