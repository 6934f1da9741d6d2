"""The room of software-dealt tables: one `TableRunner` per table over one director.

`LiveRoom` owns what the tables share: the open tournament (`pitboss.service.LiveTournament`,
whose commands every runner executes in the one event loop, so they are serialised), the agent
of each player, the time banks, pauses, and a wake-up when the director's state changes (a
table waiting for a move, a break or hand-for-hand, TDA 10B, 11, RP-8, is woken after any
command, and looks again every ``poll_seconds`` for commands made elsewhere).

Presence (TDA 30; THC 6): a `RemoteAgent` that disconnects is marked absent through the
director (``MarkAbsent``), so the director's next plan deals that seat by the house's
``table.absent_policy`` (dealt in and killed, blinds posted: TDA 30; not dealt, blinds posted:
THC 6); on reconnect it is marked returned (``MarkReturned``) and is dealt in again.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field

from pitboss.errors import ConductError, LeaseLost, PitbossError
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.dealt_table import MS_PER_SECOND, TableRunner, clock_stands
from pitboss.live.hand_log import HandLog, bank_used_ms, flush, flush_loop, hand_stream, settle
from pitboss.live.seat_agents import Answer, LiveAgent, LiveError, RemoteAgent, Turn
from pitboss.live.time_source import LiveClock, within
from pitboss.service.director import LiveTournament
from pitboss.store.leases import Fence
from pitboss.tournament.commands import Tick
from pitboss.tournament.features.absence_and_clock import MarkAbsent, MarkReturned
from pitboss.tournament.features.hands import FinishHand, StartHand
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import Phase, TournamentState

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True, kw_only=True)
class RoomSettings:
    """How the room runs its tables (the house's rules are the tournament's).

    ``pause_seconds``: the result stays on the table this long before the next deal.
    ``poll_seconds``: a waiting table looks again at least this often.
    """

    pause_seconds: float = 3.0
    poll_seconds: float = 5.0


TABLE_RETRIES = 100
"""How many times a table's command to the director is decided again when another writer
appended first (`LiveTournament.execute`): table hosts share the director's log (issue 32), and
each retry reads the log, so one loses only to progress elsewhere; a room that gave up would
stop every table it deals while it recovers."""

HandListener = Callable[[TableNo, HandId], None]
"""Told each hand that finished (after the director recorded it)."""

TableListener = Callable[[TableNo], None]
"""Told whenever what a table shows changed: a deal, a decision, a result."""

Owns = Callable[[TableNo], bool]
"""Whether this process deals a table (issue 32: a table host deals the tables whose leases it
holds; a room alone deals every table)."""

FenceOf = Callable[[TableNo], "Fence | None"]
"""The fencing token every write of a table carries (its lease's), None when unfenced."""

Offload = Callable[[Callable[[], list[Event]]], Awaitable[list[Event]]]
"""Where the room runs the director's commands of its tables (`LiveRoom.act`): at once on the
loop (`inline`, the default), or in a thread of the server's (`pitboss.server.live_rooms`), so
the loop deals and shows every other table while the director's log is synced."""


async def inline(work: Callable[[], list[Event]]) -> list[Event]:
    """Run ``work`` now, on the loop."""
    return work()


@dataclass(eq=False, slots=True)
class _Given:
    """A command given to the director (`LiveRoom.act`), and what came of it once it ran."""

    command: Command
    ran: bool = False
    events: list[Event] = field(default_factory=list)
    refused: Exception | None = None


class LiveRoom:
    """Every table of ``live`` dealt in real time by ``clock`` (the clock of ``live``'s
    service, so the director and the tables agree on ``now``).

    It is long (about 300 lines) because it is where the tables' threads, the players'
    agents and the director meet: every operation waits on or notifies the room's one
    condition, so they stay in one class.
    """

    def __init__(
        self,
        live: LiveTournament,
        *,
        clock: LiveClock,
        agents: Mapping[PlayerId, LiveAgent] | None = None,
        default_agent: Callable[[PlayerId], LiveAgent] | None = None,
        settings: RoomSettings | None = None,
        on_hand: HandListener | None = None,
        on_table: TableListener | None = None,
        offload: Offload = inline,
        owns: Owns | None = None,
        fence_of: FenceOf | None = None,
        on_lost: TableListener | None = None,
    ) -> None:
        self.live = live
        self.owns: Owns = owns or _every_table
        self.fence_of: FenceOf = fence_of or _no_fence
        self.on_lost = on_lost
        self._handing_over: set[TableNo] = set()
        self.offload = offload
        self.clock = clock
        self.settings = settings or RoomSettings()
        self.default_agent = default_agent
        self.on_hand = on_hand
        self.on_table = on_table
        self.agents: dict[PlayerId, LiveAgent] = {}
        self.runners: dict[TableNo, TableRunner] = {}
        self._tasks: dict[TableNo, asyncio.Task[None]] = {}
        self._recording: set[asyncio.Task[None]] = set()  # players' presence being recorded
        self._given: deque[_Given] = deque()
        """The commands given to the director (`act`) that have not run yet, in order."""
        self._paused: set[TableNo] = set()
        self._all_paused = False
        self._banks: dict[PlayerId, tuple[TableNo | None, float]] = {}
        """Each player's time bank left, and the table they were at when it was counted."""
        self._changed = asyncio.Event()
        self.notified_head = live.head
        """The director's log head as of the last `notify`."""
        self._calls_seen = live.state.clock_calls
        self._call_waits: dict[TableNo, asyncio.Event] = {}
        self._numbered = 0
        for pid, agent in (agents or {}).items():
            self.seat_agent(pid, agent)

    # ------------------------------------------------------------------------- agents

    def seat_agent(self, player_id: PlayerId, agent: LiveAgent) -> None:
        """``agent`` decides for ``player_id`` from the next decision on."""
        self.agents[player_id] = agent
        if isinstance(agent, RemoteAgent):
            agent.on_presence = self._presence

    def agent_for(self, player_id: PlayerId) -> LiveAgent:
        """The agent of ``player_id`` (the default agent's, made once, if none was seated).

        Raises:
            LiveError: ``no_agent``: nobody decides for the player.
        """
        agent = self.agents.get(player_id)
        if agent is None:
            if self.default_agent is None:
                raise LiveError(
                    f"nobody decides for {player_id}: seat an agent for every player",
                    code="no_agent",
                    params={"player_id": player_id},
                )
            agent = self.default_agent(player_id)
            self.seat_agent(player_id, agent)
        return agent

    def time_bank(self, player_id: PlayerId) -> float:
        """Seconds left in the player's time bank (``table.time_bank_seconds`` over the whole
        tournament). Counted from the tables' hand streams when this room has not dealt the
        player's table since it last counted (a restart, a takeover, a player arriving from a
        table another host deals: issue 32), then kept here."""
        full = float(self.state.rules.table.time_bank_seconds)
        if full <= 0:
            return 0.0
        seated = self.state.table_of(player_id)
        table = None if seated is None else seated.number
        kept = self._banks.get(player_id)
        if kept is not None and kept[0] == table:
            return kept[1]
        tables = sorted({record.table for record in self.state.hands.values()})
        streams = (self.live.store.load(hand_stream(self.live.stream, t)) for t in tables)
        used = bank_used_ms(streams).get(player_id, 0) / MS_PER_SECOND
        left = max(full - used, 0.0)
        self._banks[player_id] = (table, left)
        return left

    def use_time_bank(self, player_id: PlayerId, seconds: float) -> None:
        """Take ``seconds`` out of the player's time bank (the hand stream records them too)."""
        left = max(self.time_bank(player_id) - seconds, 0.0)
        seated = self.state.table_of(player_id)
        self._banks[player_id] = (None if seated is None else seated.number, left)

    def _presence(self, agent: RemoteAgent, connected: bool) -> None:
        """TDA 30, THC 6: a disconnected player is absent; back when they reconnect, unless
        they chose to sit out (issue 31: only their "I'm back" brings them back)."""
        s = self.state
        pid = agent.player_id
        if pid not in s.players or s.is_out(pid) or (connected and s.conduct_of(pid).sitting_out):
            return
        seated = s.table_of(pid)
        if seated is not None and not self.owns(seated.number):
            return  # another host deals the player's table: their screen is there (issue 32)
        command: Command = MarkReturned(player_id=pid) if connected else MarkAbsent(player_id=pid)
        if self.offload is not inline:  # where the tables' commands go: never on the loop
            task = asyncio.get_running_loop().create_task(self._record_presence(command))
            self._recording.add(task)
            task.add_done_callback(self._recording.discard)
            return
        try:
            self.execute(command)
        except ConductError as err:
            if err.code not in {"already_absent", "not_absent"}:
                raise

    async def presence_recorded(self) -> None:
        """Until every player's coming and going given so far is recorded: a page's first
        view shows its player back, not away for a moment."""
        if self._recording:
            await asyncio.gather(*list(self._recording), return_exceptions=True)

    async def _record_presence(self, command: Command) -> None:
        """A player away or back recorded where the room's commands run, in the order their
        screens came and went (`offload` keeps the order given): on the loop, its write to
        the director's log held every table of the process while it waited its turn among
        the other hosts' (a profile of a table host: a fifth of the loop's time). A refusal
        is said, never raised into the screen that came or went."""
        try:
            await self.act(command)
        except ConductError as err:
            if err.code not in {"already_absent", "not_absent"}:
                log.info("%s not recorded: %s", type(command).__name__, err.message)
        except PitbossError as err:
            log.warning("%s not recorded: %s", type(command).__name__, err.message)

    # ------------------------------------------------------------------- the director

    @property
    def state(self) -> TournamentState:
        return self.live.state

    def execute(self, command: Command) -> list[Event]:
        """Run ``command`` through the director now, on the loop, and wake the waiting tables
        (a player away or back, `_presence`; a test's command). Before a
        hand's result the hand events still waiting are committed: the director never records
        a result before the decisions that led to it."""
        if isinstance(command, FinishHand):
            flush(self.live.store)
        fence = self._fence_for(command)
        events = list(self.live.execute(command, fence=fence, retries=TABLE_RETRIES).events)
        if events:
            self.notify()
        return events

    async def act(self, command: Command) -> list[Event]:
        """A table's command (a hand started or finished, a colour-up, the clock) or a player's
        at their page (a clock called, a re-buy declared): run through the director where the
        room's ``offload`` runs it, in the order given, then the waiting tables woken. A
        hand's result waits until the table's last decision is committed (`HandLog.settled`,
        or this loop's group committed now): the director never records a result before the
        hand stream holds the decisions that led to it."""
        hand_log = self._log_of(command)
        if hand_log is not None:  # the hand's decisions are stored before its result
            await hand_log.settled()
            flush_loop(self.live.store)
            if hand_log.failed is not None:  # not stored: no result (dealt on, `recover`)
                raise hand_log.failed
        given = _Given(command)
        self._given.append(given)
        events = await self.offload(lambda: self._run_given(given))
        if events:
            self.notify()
        return events

    def _run_given(self, given: _Given) -> list[Event]:
        """``given``'s outcome, in the thread the room's commands run in: with every command
        given since (waiting behind it), run together when it was not yet (`_run_together`)."""
        if not given.ran:
            together = []
            while self._given:
                together.append(self._given.popleft())
            self._run_together(together)
        if given.refused is not None:
            raise given.refused
        return given.events

    def _run_together(self, together: list[_Given]) -> None:
        """The commands the tables gave while the last ones ran, through the director in one
        turn of its log and one commit (`LiveTournament.execute_many`: on a busy night with
        several table hosts, each took the log's turn once a command, and the turn was what
        the hosts waited for, issue 32); each told its own outcome. No new hand at a table
        paused, or under a clock the director stopped, while the start waited its turn (no
        hand starts after the pause: the runner looked before it gave the start,
        `TableRunner.run`)."""
        run: list[_Given] = []
        for given in together:
            given.ran = True
            command = given.command
            if not (
                isinstance(command, StartHand)
                and (self.is_paused(command.table) or clock_stands(self.state))
            ):
                run.append(given)
        if not run:
            return
        try:
            outcomes = self.live.execute_many(
                [(g.command, self._fence_for(g.command)) for g in run], retries=TABLE_RETRIES
            )
        except Exception as failed:  # the write of them all failed: each is told so
            for given in run:
                given.refused = failed
            return
        for given, outcome in zip(run, outcomes, strict=True):
            if isinstance(outcome, Exception):
                given.refused = outcome
            else:
                given.events = list(outcome.events)

    def _fence_for(self, command: Command) -> Fence | None:
        """The fence of the table ``command`` comes from (a hand started or finished there, its
        colour-up), so a host that lost the table's lease writes nothing to the director's log
        for it (issue 32); None for a command of no table (the clock, a player's)."""
        table = getattr(command, "table", None)
        if table is None and isinstance(command, FinishHand):
            record = self.state.hands.get(command.hand_id)
            table = None if record is None else record.table
        return None if table is None else self.fence_of(TableNo(table))

    async def settle(self) -> None:
        """Until every command given to the director so far has run (after a pause: no hand
        starts after this returns)."""
        await self.offload(list)

    async def act_tick(self) -> list[Event]:
        """Record what the director's clock did up to now (levels, breaks, the time limit), in
        its place among the tables' commands."""
        return await self.act(Tick())

    def _log_of(self, command: Command) -> HandLog | None:
        """The hand stream whose hand ``command`` finishes, if it does."""
        if not isinstance(command, FinishHand):
            return None
        runner = next((r for r in self.runners.values() if r.hand_id == command.hand_id), None)
        return None if runner is None else runner.log

    def hand_number(self) -> int:
        """The number of the next hand a table starts: one more than the director's hands and
        than any start still on its way to the director (two tables never start one id)."""
        hands = self.state.hands
        number = max(len(hands), self._numbered) + 1
        while HandId(f"h{number}") in hands:  # ids the director was given another way
            number += 1
        self._numbered = number
        return number

    def hand_not_started(self, number: int) -> None:
        """The director refused to start hand ``number``: the next start may take it."""
        if self._numbered == number:
            self._numbered -= 1

    def notify(self) -> None:
        """The director's state changed (call it after a command made elsewhere)."""
        self.notified_head = self.live.head
        self._changed.set()
        self._changed = asyncio.Event()
        calls = self.state.clock_calls
        if calls is not self._calls_seen:
            before, self._calls_seen = self._calls_seen, calls
            for table in [t for t in self._call_waits if before.get(t) != calls.get(t)]:
                self._call_waits.pop(table).set()

    async def wait_for_change(self, seconds: float | None = None) -> None:
        """Until the next `notify`, or ``seconds`` (default ``poll_seconds``) by the clock."""
        waiter = asyncio.ensure_future(self._changed.wait())
        try:
            await within(
                self.clock, waiter, self.settings.poll_seconds if seconds is None else seconds
            )
        finally:
            waiter.cancel()

    async def wait_for_clock_call(self, table: TableNo, seconds: float | None = None) -> None:
        """Until a clock is called at ``table``, or its call ends or runs out (the director's
        ``clock_calls``, seen at a `notify`), or ``seconds`` (default ``poll_seconds``) pass.

        A decision waits on this, not on `wait_for_change`: every change of the director's
        state (two a hand at every table) would wake every table's decision in play."""
        event = self._call_waits.get(table)
        if event is None:
            event = self._call_waits[table] = asyncio.Event()
        waiter = asyncio.ensure_future(event.wait())
        try:
            await within(
                self.clock, waiter, self.settings.poll_seconds if seconds is None else seconds
            )
        finally:
            waiter.cancel()

    async def settled(self, table: TableNo) -> None:
        """Until the table's last hand event is committed (at once when it is, or the log is
        committed on the loop): the decision after it may then be written without waiting."""
        runner = self.runners.get(table)
        if runner is not None:
            await runner.log.settled()

    def is_over(self) -> bool:
        """No hand will be dealt again: a winner, or play stopped (KY 11) and no hand in play."""
        s = self.state
        return s.winner is not None or (s.phase is Phase.STOPPED and not s.open_hands())

    def hand_finished(self, table: TableNo, hand_id: HandId) -> None:
        if self.on_hand is not None:
            self.on_hand(table, hand_id)

    def table_changed(self, table: TableNo) -> None:
        """What ``table`` shows changed (a deal, a decision, a result): tell the listener."""
        if self.on_table is not None:
            self.on_table(table)

    # ------------------------------------------------------------------------- pauses

    def pause(self, table: TableNo | None = None) -> None:
        """No new hand at ``table`` (every table when None); the hand in play finishes."""
        if table is None:
            self._all_paused = True
        else:
            self._paused.add(table)
        self.notify()

    def resume(self, table: TableNo | None = None) -> None:
        """Deal again at ``table`` (every table, and every table's own pause, when None)."""
        if table is None:
            self._all_paused = False
            self._paused.clear()
        else:
            self._paused.discard(table)
        self.notify()

    def paused_as(self, *, everything: bool, tables: set[TableNo]) -> None:
        """Pause every table (``everything``) or ``tables``, and no other (a table host told by
        the store, issue 32); the waiting tables are woken only if that changed something."""
        if everything != self._all_paused or tables != self._paused:
            self._all_paused, self._paused = everything, set(tables)
            self.notify()

    def is_paused(self, table: TableNo) -> bool:
        return self._all_paused or table in self._paused

    # ------------------------------------------------------------------------ running

    def hand_over(self, table: TableNo) -> None:
        """Deal no new hand at ``table`` here: its runner ends after the hand in play (a host
        draining, issue 32); `handed_over` says when."""
        self._handing_over.add(table)
        self.notify()

    def _to_deal(self, table: TableNo) -> bool:
        """Whether ``table`` (owned here) needs a runner: not handed over, or handed over with a
        hand still in play (a table taken over and handed on at once: its hand is dealt to the
        end here first, else it would be left open with nobody dealing it)."""
        return table not in self._handing_over or bool(self.state.open_hands(table))

    def handing_over(self, table: TableNo) -> bool:
        """Whether ``table``'s runner ends after the hand in play (`hand_over`)."""
        return table in self._handing_over

    def handed_over(self, table: TableNo) -> bool:
        """Whether ``table`` was handed over: no hand of it is dealt here any more and none is
        left in play (a runner stopped by a store failure while the room recovers has not handed
        its hand over: its lease is kept until the hand ends here)."""
        task = self._tasks.get(table)
        runner = self.runners.get(table)
        return (
            table in self._handing_over
            and (task is None or task.done())
            and not self.state.open_hands(table)
            and (runner is None or runner.log.all_stored)  # the hand's last write too
        )

    def take(self, table: TableNo) -> None:
        """Deal ``table`` here again (its lease was taken; a hand left in play resumes from its
        hand stream)."""
        self._handing_over.discard(table)
        for pid, (at, _) in list(self._banks.items()):
            if at == table:  # another host may have drawn on it: counted again
                del self._banks[pid]
        runner = self.runners.get(table)
        if runner is not None:
            runner.reopen()
        seated = self.state.tables.get(table)
        for pid in () if seated is None else seated.players():
            agent = self.agents.get(pid)
            if isinstance(agent, RemoteAgent) and not agent.connected:
                self._presence(agent, False)  # away until their screen reaches this host
        self.notify()

    def _ended(self, table: TableNo, task: asyncio.Task[None]) -> None:
        """A runner ended: forgotten; its failure ends the room, but for a lost lease, which
        ends that table's dealing here only (`on_lost`)."""
        del self._tasks[table]
        error = None if task.cancelled() else task.exception()
        if isinstance(error, LeaseLost):
            if self.on_lost is not None:
                self.on_lost(table)
            return
        _raise_failure(task)

    def _runner_ended(self, task: asyncio.Task[None]) -> None:
        """A runner that failed ends the room now, not at its next look (``poll_seconds``)."""
        if not task.cancelled() and task.exception() is not None:
            self._changed.set()

    async def recover(self) -> None:
        """Make the room ready to deal again after the store failed (`run` raised a
        `StoreError`): what the tables gave the store is committed or refused first, the
        director's log is read again (a command committed as the connection dropped is seen),
        then each table reads its hand stream again, so the hand in play is dealt on from what
        was stored.

        Raises:
            StoreError: the store is still unavailable (try again later).
        """
        await self.offload(self._caught_up)
        for number, runner in self.runners.items():
            if number in self.state.tables:
                runner.reopen()
        self._tasks.clear()
        self._numbered = 0
        self.notify()

    async def catch_up(self) -> None:
        """Read the director's log again now (what another host appended since: issue 32),
        where the room's commands run, then wake the waiting tables."""
        await self.offload(self._caught_up)
        self.notify()

    def _caught_up(self) -> list[Event]:
        settle(self.live.store)
        self.live.refresh()
        return []

    async def run(self) -> None:
        """Deal every table this room `owns` until the tournament is over (a table opened later
        gets its own runner; a broken table's runner ends; a table no longer owned stops at
        once, one handed over after its hand). A runner's failure ends the room with it, but
        for a lost lease (`LeaseLost`), which ends that table's dealing here only."""
        try:
            while not self.is_over():
                for number in sorted(self.state.tables):
                    task = self._tasks.get(number)
                    if task is not None and task.done():
                        self._ended(number, task)
                        task = None
                    if task is None and self.owns(number) and self._to_deal(number):
                        runner = self.runners.get(number) or TableRunner(self, number)
                        self.runners[number] = runner
                        task = asyncio.ensure_future(runner.run())
                        task.add_done_callback(self._runner_ended)
                        self._tasks[number] = task
                for number, task in list(self._tasks.items()):
                    if task.done():
                        self._ended(number, task)
                    elif not self.owns(number):
                        task.cancel()  # the lease is lost: the next owner deals on
                await self.wait_for_change()
            for number, task in list(self._tasks.items()):  # the last hands are recorded
                await asyncio.wait([task])
                self._ended(number, task)
        finally:
            for task in self._tasks.values():
                task.cancel()
            for task in self._tasks.values():
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await asyncio.gather(*self._recording, return_exceptions=True)  # presence too
            flush(self.live.store)  # what the tables wrote last


class Pacer:
    """Keeps the bots' decisions from filling the event loop's turns, so that a person's action
    is taken, and shown to every screen, within a few short turns.

    A paced agent (`PacedAgent`) asks `turn` before it decides. At most `allow` are let through
    in one turn of the loop, first come first served, the others in the turns after; `allow`
    shrinks when a turn took longer than ``budget_ms`` (everything the loop ran in it: the bots,
    the tables, the director, the screens) and grows back while turns are short, so a room of
    a few tables is not held back at all. The loop's own clock measures the turns.

    People before bots on a full machine: ``waited`` (the seconds the loop's thread has waited
    for a core so far, as the system counts them; None where it cannot say) is read every
    `SAMPLE_S`; while the loop waits for a core more than ``yield_share`` of the time, the bots'
    next turn comes a little later each sample (`GAP_STEP_S`, up to ``most_gap_ms``), and
    sooner again once it does not. The machine's cores then go to the people's actions and
    screens, here and in every other process, rather than to more bots' decisions; a machine
    with a core to spare never holds a bot back."""

    __slots__ = (
        "_armed",
        "_given",
        "_last",
        "_sample",
        "_slept",
        "_waited",
        "_waiting",
        "allow",
        "budget",
        "gap",
        "most",
        "most_gap",
        "yield_share",
    )

    SAMPLE_S = 0.1
    """How often the loop's wait for a core is read."""
    GAP_STEP_S = 0.001
    """How much the gap before the bots' next turn grows, or shrinks, a sample."""

    def __init__(
        self,
        budget_ms: float = 10.0,
        *,
        most: int = 1_000,
        waited: Callable[[], float | None] | None = None,
        yield_share: float = 0.2,
        most_gap_ms: float = 20.0,
    ) -> None:
        self.budget = budget_ms / 1000
        self.most = most
        self.allow = float(most)
        self.gap = 0.0
        self.most_gap = most_gap_ms / 1000
        self.yield_share = yield_share
        self._waited = waited
        self._sample: tuple[float, float] | None = None
        self._slept = 0.0
        self._waiting: deque[asyncio.Future[None]] = deque()
        self._armed = False
        self._given = 0
        self._last = 0.0

    async def turn(self) -> None:
        """Until this turn of the loop may take one more bot's decision."""
        loop = asyncio.get_running_loop()
        if not self._armed:
            self._armed = True
            self._last = loop.time()
            self._slept = 0.0
            loop.call_soon(self._tick, loop)
        if not self._waiting and self._given < int(self.allow) and not self.gap:
            self._given += 1
            return
        waiter: asyncio.Future[None] = loop.create_future()
        self._waiting.append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            with contextlib.suppress(ValueError):
                self._waiting.remove(waiter)
            raise

    def observe(self, now: float, waited: float | None) -> None:
        """The loop's thread had waited ``waited`` seconds for a core by ``now`` (the loop's
        clock): once a sample (`SAMPLE_S`) has passed, the gap before the bots' next turn grows
        if it waited more than ``yield_share`` of the sample, and shrinks if not. A first
        reading, or one after a long pause (nobody waited for a turn), only starts a sample."""
        if waited is None:
            self.gap, self._sample = 0.0, None
            return
        if self._sample is None or now - self._sample[0] > 10 * self.SAMPLE_S:
            self._sample = (now, waited)
            return
        since, before = self._sample
        if now - since < self.SAMPLE_S:
            return
        share = (waited - before) / (now - since)
        if share > self.yield_share:
            self.gap = min(self.most_gap, self.gap + self.GAP_STEP_S)
        else:
            self.gap = max(0.0, self.gap - self.GAP_STEP_S)
        self._sample = (now, waited)

    def _tick(self, loop: asyncio.AbstractEventLoop) -> None:
        """Once a turn while anyone waits: how long the last turn took (the gap it was held
        back not counted), and who goes now."""
        now = loop.time()
        took, self._last = now - self._last - self._slept, now
        if self._waited is not None and (
            self._sample is None or now - self._sample[0] >= self.SAMPLE_S
        ):
            self.observe(now, self._waited())
        if took > self.budget:
            self.allow = max(1.0, self.allow * min(0.8, self.budget / took))
        else:
            self.allow = min(float(self.most), self.allow + 1.0)
        self._given = 0
        while self._waiting and self._given < int(self.allow):
            waiter = self._waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                self._given += 1
        if self._waiting or self._given:
            self._slept = self.gap
            if self.gap:
                loop.call_later(self.gap, self._tick, loop)
            else:
                loop.call_soon(self._tick, loop)
        else:
            self._armed = False


class PacedAgent:
    """``agent`` deciding only when ``pacer`` lets it (a bot: see `Pacer`), and, in ``room``,
    once the table's last decision is stored (`LiveRoom.settled`)."""

    __slots__ = ("agent", "pacer", "room")

    def __init__(self, agent: LiveAgent, pacer: Pacer, room: LiveRoom | None = None) -> None:
        self.agent = agent
        self.pacer = pacer
        self.room = room

    async def decide(self, turn: Turn, /) -> Answer | None:
        if self.room is not None:
            await self.room.settled(turn.table)
        await self.pacer.turn()
        return await self.agent.decide(turn)

    def seated(self, table: TableNo, seat: int, /) -> None:
        self.agent.seated(table, seat)


def _every_table(_table: TableNo) -> bool:
    return True


def _no_fence(_table: TableNo) -> Fence | None:
    return None


def _raise_failure(task: asyncio.Task[None] | None) -> None:
    """Raise what a finished runner raised (a bug, or a store that failed)."""
    if task is not None and task.done() and not task.cancelled():
        error = task.exception()
        if error is not None:
            raise error


__all__ = [
    "FenceOf",
    "HandListener",
    "LiveRoom",
    "Offload",
    "Owns",
    "PacedAgent",
    "Pacer",
    "RoomSettings",
    "TableListener",
    "inline",
]
