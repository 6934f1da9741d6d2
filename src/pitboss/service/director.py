"""The director service: between the edges (CLI, server) and the pure core (DESIGN "Service").

`DirectorService` opens tournaments kept in an `EventStore`; a `LiveTournament` is one of them,
open: it decides each command at the real ``now`` with the operating system's random source
(the outcome recorded in the events), appends the events and the command as one batch and
commits, and only then swaps its in-memory state. A refused command, or a write that fails,
changes nothing. A writer that finds the log moved on (another process appended first) reads
what was added and decides again. Every `snapshot_every` events the state is kept as a
snapshot, so opening is quick however long the night.

Undo and redo move a cursor (`pitboss.service.cursor`): the undone batches stay in the log,
marked by a ``commands_undone`` event, and the state is the fold of the batches in effect.

Private details (THC 1) go to the private store, written in the append's transaction, never
into the events or the command row (`pitboss.service.private_details`, issue 28); undoing a
registration leaves its details there until they are erased or the retention purges them.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pitboss.cards import RandomSource
from pitboss.club.log import CLUB_PREFIX, is_club_stream
from pitboss.errors import ConcurrencyConflict, LeaseLost, StoreError
from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.service import snapshots, ticket_checks
from pitboss.service.cursor import REDONE, TICK, UNDONE, Cursor, UndoError
from pitboss.service.private_details import (
    details_of,
    details_to_keep,
    move_old_details,
    moved_marker,
)
from pitboss.store.envelopes import NewBatch, NewEvent, StoredCommand, StoredEvent
from pitboss.store.leases import Fence
from pitboss.store.protocol import EventStore
from pitboss.tournament import commands as cmd
from pitboss.tournament.aggregate import decide
from pitboss.tournament.codec import decode_event, encode_event, stored_command, without_details
from pitboss.tournament.model.entries import PersonalDetails, details_subject, stored_details
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import Phase, TournamentState, apply, fold, known_player

log = logging.getLogger(__name__)

Clock = Callable[[], int]
"""The real ``now``: milliseconds since the Unix epoch (UTC)."""

RandomFactory = Callable[[str, int], RandomSource]
"""The random source for a stream's batch number: the OS's, or a seeded one for rehearsals."""

SNAPSHOT_EVERY = 500
"""Events between snapshots."""

RETRIES = 5
"""How often a command is decided again when another writer appended first."""

_RECENT = 64  # states kept in memory for an undo without reading the log

CONTENDED_FOR = 64
"""Commands after a lost race for which this process takes the log's turn before deciding
(`EventStore.turn`): while writers of other processes keep appending (table hosts sharing a
tournament's log, issue 32), each decides once, on what they wrote, instead of deciding and
writing in vain. With four hosts at 200 tables, two of every three appends lost their race
without it (their CPU per hand, the database's, twice one host's)."""


def system_clock() -> int:
    """The computer's clock, in ms UTC."""
    return time.time_ns() // 1_000_000


_SYSTEM = random.SystemRandom()


def system_random(_stream: str, _batch: int) -> RandomSource:
    """The operating system's random source (TDA 7: a random seat draw nobody can predict)."""
    return _SYSTEM


def seeded_random(seed: str | int) -> RandomFactory:
    """A random source per batch, from ``seed`` and the batch number: a rehearsal run again
    (in any tournament), or resumed after a crash, draws the same seats and cards."""

    def source(_stream: str, batch: int) -> RandomSource:
        return random.Random(f"{seed}:{batch}")

    return source


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a command did: its batch number (None when it changed nothing), its events, and
    the state after them."""

    batch: int | None
    events: tuple[Event, ...]
    state: TournamentState


@dataclass(frozen=True, slots=True)
class Batch:
    """A batch of the log as a director sees it: the command, its events, and whether it is in
    effect."""

    number: int
    at: int
    command: Mapping[str, Any] | None
    events: tuple[StoredEvent, ...]
    in_effect: bool


@dataclass(frozen=True, slots=True)
class CursorPlan:
    """What an undo or a redo would change, shown before it is confirmed: the batches it takes
    out of effect or puts back (the command and events of each)."""

    kind: str
    batches: tuple[Batch, ...]
    dropped: tuple[Batch, ...] = ()


class DirectorService:
    """Tournaments in one store, run at ``clock`` with ``randomness``."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Clock = system_clock,
        randomness: RandomFactory = system_random,
        snapshot_every: int = SNAPSHOT_EVERY,
    ) -> None:
        self.store = store
        self.clock = clock
        self.randomness = randomness
        self.snapshot_every = snapshot_every

    def create(
        self, name: str, rules: RuleSet, *, stream: str | None = None, at: int | None = None
    ) -> LiveTournament:
        """A new tournament under ``rules``: its log begins with ``tournament_created``.

        Raises:
            PitbossError: the name or rules refused (nothing is stored), or a store error.
        """
        if stream is not None and is_club_stream(stream):
            raise StoreError(
                f"a tournament's id may not start with {CLUB_PREFIX!r}: those are the club's "
                "own streams (its players and leagues); choose another id",
                code="bad_stream_id",
                params={"stream": stream[:64], "reserved_prefix": CLUB_PREFIX},
            )
        command = cmd.CreateTournament(name=name, rules=rules)
        now = self.clock() if at is None else at
        decide(TournamentState.new(), command, now)  # refuse before the stream is made
        stream_id = self.store.create_tournament(name, at=now, stream=stream)
        live = LiveTournament(self, stream_id)
        live.execute(command, at=now)
        return live

    def open(self, stream: str) -> LiveTournament:
        """The tournament ``stream``, its state folded from the latest snapshot and the log.

        Raises:
            StoreError: ``unknown_stream``; ``empty_tournament`` for a stream without events.
        """
        live = LiveTournament(self, stream)
        live.refresh()
        if live.cursor.last_batch == 0:
            raise StoreError(
                f"tournament {stream} has no events: it was never created (its first command "
                "did not commit); create a new one",
                code="empty_tournament",
                params={"stream": stream},
            )
        live._maybe_snapshot()  # a finished night stored before its end was kept as one
        marker = moved_marker(stream)
        if self.store.private(marker) is not None:
            return live
        moved = move_old_details(self.store, stream, self.store.load(stream, through_seq=live.head))
        try:
            self.store.put_private(marker, {"checked_through_seq": live.head}, at=self.clock())
        except StoreError as err:  # a store that cannot be written still opens, to be read
            log.warning("%s: not marked as searched for old details: %s", stream, err.message)
        if moved:
            log.info("%s: private details of %d players moved to the private store", stream, moved)
        return live

    def purge_details(self, *, before: int) -> int:
        """Retention (THC 1, issue 28): erase the private details not written since
        ``before``; the accounting stays in the log under each player's id."""
        return self.store.purge_private(before=before)


@dataclass(frozen=True, slots=True)
class _Planned:
    """A command of `LiveTournament.execute_many` decided, its batch to append."""

    index: int
    events: list[Event]
    after: TournamentState
    batch: NewBatch
    tick: bool


def _after_last(now: int, state: TournamentState) -> int:
    """``now``, never before the log's last event (a laptop's clock set back a second must
    not refuse every command)."""
    last = state.last_at
    return now if last is None else max(now, last)


class LiveTournament:
    """One open tournament: the only writer of its stream in this process (a lock serialises
    the commands of several threads).

    It is long (about 310 lines) because everything that reads or writes the stream (commands,
    ticks, undo and redo, snapshots, history) must take that one lock and share its cache.
    """

    def __init__(self, service: DirectorService, stream: str) -> None:
        self.service = service
        self.stream = stream
        self.state = TournamentState.new()
        self.cursor = Cursor()
        self.head = 0
        self._snapshot_seq = 0
        self._recent: deque[tuple[tuple[int, ...], TournamentState]] = deque(maxlen=_RECENT)
        self._lock = threading.RLock()
        self._watchers: list[Callable[[str, int], None]] = []
        self._contended = 0
        """Commands left that take the log's turn first (`CONTENDED_FOR` after a lost race)."""

    def watch(self, watcher: Callable[[str, int], None]) -> None:
        """Tell ``watcher`` ``(stream, head)`` after every move of the log's head: a commit
        here (a command from any thread, the clock, an undo) or what another writer appended,
        read (`refresh`). The one way a commit reaches the screens (the server's hub)."""
        with self._lock:
            self._watchers.append(watcher)

    def _tell_watchers(self) -> None:
        for watcher in list(self._watchers):
            watcher(self.stream, self.head)

    @property
    def store(self) -> EventStore:
        return self.service.store

    def current(self) -> tuple[TournamentState, int]:
        """The state and the log's head as one pair (never a state newer than its head)."""
        with self._lock:
            return self.state, self.head

    # --- commands -----------------------------------------------------------------------

    def execute(
        self,
        command: Command,
        *,
        at: int | None = None,
        fence: Fence | None = None,
        retries: int = RETRIES,
    ) -> Outcome:
        """Decide ``command`` now (or at ``at``, for a rehearsal), write its events, commit,
        then swap the state.

        Without ``at`` the real clock is used and never goes backwards past the log's last
        event (a laptop's clock set back a second must not refuse every command).

        A command that needs another tournament's log (a satellite's ticket at the door, its
        target) is checked against it first (`pitboss.service.ticket_checks`).

        ``fence``: a table's lease (issue 32), checked by the store in the append's
        transaction: a table host that lost the table writes nothing for it.

        Raises:
            PitbossError: the command refused (nothing written); ``StoreError`` if the write
                failed (nothing written; ``LeaseLost`` when ``fence`` is stale);
                ``ConcurrencyConflict`` after ``retries`` lost races.
        """
        with self._turn(), self._lock:  # the turn first: the lock is never held waiting
            (outcome,) = self._write([(command, fence)], at=at, retries=retries)
        if isinstance(outcome, Exception):
            raise outcome
        return outcome

    def execute_many(
        self, commands: Sequence[tuple[Command, Fence | None]], *, retries: int = RETRIES
    ) -> list[Outcome | Exception]:
        """Decide ``commands`` (each with its table's fence, or None) in the order given, each on
        the state the ones before it left, now, and append their batches in one transaction:
        one turn of the log, one commit. What a table host's director thread does with the
        commands its tables gave while it ran the last ones (issue 32): on a busy night the
        hosts take the log's turn once for several commands, not once each. Each command's
        outcome, or what refused it (nothing of it written; the others go on, as one by one).
        When one table's lease was lost (`LeaseLost`), each command is run on its own, so the
        others are written and only that table's is refused.

        Raises:
            StoreError: the write failed (nothing written); ``ConcurrencyConflict`` after
                ``retries`` lost races.
        """
        with self._turn(), self._lock:
            try:
                return self._write(commands, at=None, retries=retries)
            except LeaseLost:
                if len(commands) == 1:
                    raise
                return [self._one(c, f, retries=retries) for c, f in commands]

    def _write(
        self,
        commands: Sequence[tuple[Command, Fence | None]],
        *,
        at: int | None,
        retries: int,
    ) -> list[Outcome | Exception]:
        """`execute_many` (or `execute`, at ``at`` when given), the lock held: decided, written
        in one transaction, then the state swapped; decided again after a lost race."""
        for attempt in range(retries):
            results, planned = self._plan(commands, at=at)
            if planned:
                try:
                    stored = self.store.append_batches([p.batch for p in planned])
                except ConcurrencyConflict:
                    if not self._read_after_lost_race(attempt, retries):
                        raise
                    continue
                for plan, rows in zip(planned, stored, strict=True):
                    self._committed(rows, plan.events, tick=plan.tick, after=plan.after)
                    results[plan.index] = Outcome(
                        batch=rows[0].batch, events=tuple(plan.events), state=plan.after
                    )
            return [r for r in results if r is not None]
        raise AssertionError("unreachable")  # pragma: no cover

    def _read_after_lost_race(self, attempt: int, retries: int) -> bool:
        """Another writer appended first: this process takes the log's turn from its next
        commands (`CONTENDED_FOR`) and reads what was written, to decide again; False when
        that was the last of ``retries``."""
        self._contended = CONTENDED_FOR
        if attempt == retries - 1:
            return False
        self.refresh()
        return True

    def _one(self, command: Command, fence: Fence | None, *, retries: int) -> Outcome | Exception:
        try:
            (outcome,) = self._write([(command, fence)], at=None, retries=retries)
        except Exception as refused:  # the command's own refusal, told to its giver
            return refused
        return outcome

    def _plan(
        self, commands: Sequence[tuple[Command, Fence | None]], *, at: int | None
    ) -> tuple[list[Outcome | Exception | None], list[_Planned]]:
        """Each command decided on the state the ones before it left, at ``at`` or now (never
        before the log's last event), a refusal kept as its result; and the batches of those
        that changed something, from the head now."""
        state, head, batch = self.state, self.head, self.cursor.last_batch
        results: list[Outcome | Exception | None] = [None] * len(commands)
        planned: list[_Planned] = []
        for index, (given, fence) in enumerate(commands):
            try:
                command = ticket_checks.checked(
                    given, state=state, stream=self.stream, read=self.read_other
                )
                now = at if at is not None else _after_last(self.service.clock(), state)
                events = decide(
                    state, command, now, self.service.randomness(self.stream, batch + 1)
                )
                private = details_to_keep(self.store, self.stream, state, command, events)
            except Exception as refused:  # the command's own refusal, told to its giver
                results[index] = refused
                continue
            if not events:
                results[index] = Outcome(batch=None, events=(), state=state)
                continue
            new = NewBatch(
                stream=self.stream,
                expected_seq=head,
                events=[_new_event(e) for e in events],
                at=now,
                command=stored_command(command),
                private=private or None,
                fence=fence,
            )
            state = fold(state, events)
            head, batch = head + len(events), batch + 1
            planned.append(_Planned(index, events, state, new, tick=isinstance(command, cmd.Tick)))
        return results, planned

    @contextmanager
    def _turn(self) -> Iterator[None]:
        """The log's turn (`EventStore.turn`) while this process is losing races for it
        (`CONTENDED_FOR`), what the other writers appended read once it is had; nothing
        otherwise (a night with one writer never waits for it)."""
        if self._contended <= 0:
            yield
            return
        self._contended -= 1
        with self.store.turn(self.stream) as head:
            if head is not None and head != self.head:
                self.refresh()
            yield

    def read_other(self, stream: str) -> TournamentState:
        """Another tournament of this store as it stands now (a ticket's satellite, a
        satellite's target: `pitboss.service.ticket_checks`).

        Raises:
            StoreError: no such tournament.
        """
        return self.service.open(stream).state

    # --- private details (THC 1, issue 28) ------------------------------------------------

    def private_details(self, pid: PlayerId) -> PersonalDetails | None:
        """``pid``'s private details from the private store (for the director only); None when
        none were given or they were erased.

        Raises:
            RegistrationError: ``unknown_player``.
        """
        player = known_player(self.state, pid)
        kept = self.store.private(details_subject(self.stream, player))
        return None if kept is None else stored_details(kept)

    def every_private_detail(self) -> dict[PlayerId, PersonalDetails]:
        """Every player's private details (the treasurer's record, THC add. 10)."""
        return details_of(self.store, self.stream, self.state)

    def erase_details(self, pid: PlayerId, *, at: int | None = None) -> bool:
        """Erase ``pid``'s private details on their request (THC 1, issue 28): the entry, its
        money and its place stay in the log under the player's id. Whether there were any.

        Raises:
            RegistrationError: ``unknown_player``.
        """
        player = known_player(self.state, pid)
        now = self.service.clock() if at is None else at
        return self.store.erase_private(details_subject(self.stream, player), at=now)

    def tick(self) -> Outcome:
        """Record what the clock did up to now (levels, breaks, the time limit); nothing is
        written when nothing was due."""
        return self.execute(cmd.Tick())

    def _now(self, at: int | None) -> int:
        if at is not None:
            return at
        return _after_last(self.service.clock(), self.state)

    def _committed(
        self,
        stored: Sequence[StoredEvent],
        events: list[Event],
        *,
        tick: bool,
        after: TournamentState | None = None,
    ) -> None:
        """``events`` committed as ``stored``: the state moved on (to ``after`` when it was
        folded already), the cursor and head with it, and the watchers told."""
        before = self.cursor.applied
        self._recent.append((before, self.state))
        self.state = fold(self.state, events) if after is None else after
        self.cursor = self.cursor.appended(stored[0].batch, tick=tick)
        self.head = stored[-1].seq
        self._maybe_snapshot()
        self._tell_watchers()

    # --- undo and redo ------------------------------------------------------------------

    def undo_plan(self) -> CursorPlan:
        """What `undo` would take out of effect.

        Raises:
            UndoError: ``nothing_to_undo``.
        """
        with self._lock:
            return CursorPlan(kind="undo", batches=self._batches(self.cursor.undo_group()))

    def redo_plan(self) -> CursorPlan:
        """What `redo` would put back, and the clock's batches since the undo it takes out.

        Raises:
            UndoError: ``nothing_to_redo``.
        """
        with self._lock:
            batches, dropped = self.cursor.redo_plan()
            return CursorPlan(
                kind="redo", batches=self._batches(batches), dropped=self._batches(dropped)
            )

    def undo(self, *, expect: Sequence[int] | None = None) -> CursorPlan:
        """Take the last command (and the clock's batches after it) out of effect; they stay
        in the log, marked undone. ``expect``: the batches the director confirmed
        (`undo_plan`); if the log has moved on since, nothing is done.

        Raises:
            UndoError: ``nothing_to_undo``, or ``undo_changed`` when ``expect`` is not what
                an undo takes now.
        """
        with self._lock:
            self.refresh()
            plan = self.undo_plan()
            group = tuple(b.number for b in plan.batches)
            _confirm(expect, group, "undo")
            data = {"batches": list(group)}
            self._mark(UNDONE, data, {"type": "undo", "batches": list(group)})
            return plan

    def redo(self, *, expect: Sequence[int] | None = None) -> CursorPlan:
        """Put the last undone group back (the clock's batches recorded since are taken out:
        they were decided without it).

        Raises:
            UndoError: ``nothing_to_redo``, or ``undo_changed``.
        """
        with self._lock:
            self.refresh()
            plan = self.redo_plan()
            group = tuple(b.number for b in plan.batches)
            _confirm(expect, group, "redo")
            dropped = [b.number for b in plan.dropped]
            data = {"batches": list(group), "dropped": dropped}
            self._mark(REDONE, data, {"type": "redo", "batches": list(group)})
            return plan

    def _mark(self, kind: str, data: dict[str, Any], command: dict[str, Any]) -> None:
        now = self._now(None)
        stored = self.store.append(
            self.stream, self.head, events=[NewEvent(type=kind, data=data)], command=command, at=now
        )
        cursor = _moved(self.cursor, kind, data, stored[0].batch)
        self.state = self._state_for(cursor)
        self.cursor = cursor
        self.head = stored[-1].seq
        self._maybe_snapshot()
        self._tell_watchers()

    # --- reading ------------------------------------------------------------------------

    def refresh(self) -> None:
        """Read what other writers appended since this process last read or wrote."""
        with self._lock:
            if self.head == 0:
                self._open()
                return
            batches = self.store.commands(self.stream, after_batch=self.cursor.last_batch)
            if not batches:
                return
            # Only the events of the batches just read: a batch committed between the two
            # reads is left for the next refresh, never marked read without being folded.
            last_seq = batches[-1].last_seq
            tail = self.store.load(self.stream, after_seq=self.head, through_seq=last_seq)
            cursor = _fold_cursor(self.cursor, batches, tail)
            self._recent.append((self.cursor.applied, self.state))
            if cursor.applied[: len(self.cursor.applied)] == self.cursor.applied:
                applied = set(cursor.applied[len(self.cursor.applied) :])
                self.state = self._fold_stored(self.state, (e for e in tail if e.batch in applied))
            else:
                self.state = self._state_for(cursor)
            self.cursor = cursor
            self.head = last_seq
            self._tell_watchers()

    def _open(self) -> None:
        batches = self.store.commands(self.stream)
        if not batches:
            return
        marks = [b for b in batches if b.command is not None and b.command.get("type") in _MARKS]
        mark_events = [
            e
            for b in marks
            for e in self.store.load(self.stream, b.first_seq - 1, through_seq=b.last_seq)
        ]
        cursor = _fold_cursor(Cursor(), batches, mark_events)
        self.state = self._state_for(cursor)
        self.cursor = cursor
        self.head = batches[-1].last_seq

    def _state_for(self, cursor: Cursor) -> TournamentState:
        """The fold of ``cursor``'s batches: from the longest state known for a prefix of
        them (in memory, or a snapshot), then the log."""
        target = cursor.applied
        best: tuple[tuple[int, ...], TournamentState] | None = None
        known = [*self._recent, (self.cursor.applied, self.state)]
        for applied, state in known:
            if target[: len(applied)] == applied and (best is None or len(applied) > len(best[0])):
                best = (applied, state)
        snap = self._snapshot_for(target)
        if snap is not None and (best is None or len(snap.cursor.applied) > len(best[0])):
            best = (snap.cursor.applied, snap.state)
        if best is None or not best[0]:
            start: tuple[int, ...] = ()
            state = TournamentState.new()
        else:
            start, state = best
        rest = set(target[len(start) :])
        if not rest:
            return state
        first = min(rest)
        commands = self.store.commands(self.stream, after_batch=first - 1)
        after = next(b.first_seq for b in commands if b.batch == first) - 1
        events = self.store.load(self.stream, after_seq=after)
        return self._fold_stored(state, (e for e in events if e.batch in rest))

    def _snapshot_for(self, target: tuple[int, ...]) -> snapshots.Snapshotted | None:
        at_most: int | None = None
        for _ in range(8):  # a few undos across snapshots; then the log from the start
            found = self.store.latest_snapshot(
                self.stream, v=snapshots.snapshot_format(), at_most_seq=at_most
            )
            if found is None:
                return None
            try:
                snap = snapshots.decode(found.data)
            except StoreError as exc:
                log.warning("%s: %s", self.stream, exc)
                return None
            applied = snap.cursor.applied
            if target[: len(applied)] == applied:
                self._snapshot_seq = max(self._snapshot_seq, found.seq)
                return snap
            at_most = found.seq - 1
        return None

    def _fold_stored(
        self, state: TournamentState, stored: Iterable[StoredEvent]
    ) -> TournamentState:
        for event in stored:
            if event.type in _MARK_EVENTS:
                continue
            state = apply(state, decode_event(event.to_envelope(), rules=state.rules))
        return state

    def _maybe_snapshot(self) -> None:
        """Keep the state as a snapshot every `snapshot_every` events, and at the end of a
        finished night: the leagues' standings and the player pages read every past night
        back (issue 28), which is then one snapshot, not the night's log folded again."""
        every = self.service.snapshot_every
        if every <= 0 or self.head == self._snapshot_seq:
            return
        finished = self.state.phase is Phase.FINISHED
        if self.head - self._snapshot_seq < every and not finished:
            return
        try:
            self.store.save_snapshot(
                self.stream,
                self.head,
                data=snapshots.encode(self.state, self.cursor),
                at=self._now(None),
                v=snapshots.snapshot_format(),
            )
        except StoreError as exc:  # a cache: the command is committed whatever happens here
            log.warning("%s: snapshot at %d not saved: %s", self.stream, self.head, exc)
            return
        self._snapshot_seq = self.head

    def batches(self) -> list[Batch]:
        """Every batch of the log read so far, undone ones included (the audit trail).

        Only the batches folded into the state, with their events (read through the head): a
        batch another writer committed since is shown once `refresh` has read it, never as
        one out of effect before it is folded."""
        with self._lock:
            last = self.cursor.last_batch
            commands = [b for b in self.store.commands(self.stream) if b.batch <= last]
            events = self.store.load(self.stream, through_seq=self.head)
            return _grouped(commands, events, set(self.cursor.applied))

    def events(self) -> list[tuple[StoredEvent, Event]]:
        """The events in effect, in order, decoded."""
        return self.history()[1]

    def history(self) -> tuple[TournamentState, list[tuple[StoredEvent, Event]]]:
        """The state and the events in effect that it is the fold of, read as one pair (a
        report built of both never mixes a state with events another writer added since)."""
        state, events, _ = self.history_through()
        return state, events

    def history_through(self) -> tuple[TournamentState, list[tuple[StoredEvent, Event]], int]:
        """`history`, with the log's head it was read through (the head hash printed on the
        books is of exactly the log they were made from)."""
        with self._lock:
            applied = set(self.cursor.applied)
            out: list[tuple[StoredEvent, Event]] = []
            rules: RuleSet | None = None
            for stored in self.store.load(self.stream, through_seq=self.head):
                if stored.batch not in applied or stored.type in _MARK_EVENTS:
                    continue
                event = decode_event(stored.to_envelope(), rules=rules)
                rules = getattr(event, "rules", rules)
                out.append((stored, event))
            return self.state, out, self.head

    def _batches(self, numbers: Sequence[int]) -> tuple[Batch, ...]:
        if not numbers:
            return ()
        commands = self.store.commands(self.stream, after_batch=min(numbers) - 1)
        wanted = [b for b in commands if b.batch in set(numbers)]
        events = self.store.load(
            self.stream, after_seq=wanted[0].first_seq - 1, through_seq=wanted[-1].last_seq
        )
        return tuple(_grouped(wanted, events, set(self.cursor.applied)))


_MARKS = frozenset({"undo", "redo"})
_MARK_EVENTS = frozenset({UNDONE, REDONE})


def _new_event(event: Event) -> NewEvent:
    envelope = encode_event(event, 0)
    return NewEvent(type=envelope["type"], data=envelope["data"], v=envelope["v"], at=event.at)


def _moved(cursor: Cursor, kind: str, data: Mapping[str, Any], batch: int) -> Cursor:
    if kind == UNDONE:
        return cursor.undone(tuple(data["batches"]), batch)
    return cursor.redone(tuple(data["batches"]), tuple(data["dropped"]), batch)


def _fold_cursor(
    cursor: Cursor, batches: Sequence[StoredCommand], events: Sequence[StoredEvent]
) -> Cursor:
    """``cursor`` after the log's ``batches``; ``events`` include every undo and redo mark."""
    marks = {e.batch: e for e in events if e.type in _MARK_EVENTS}
    run: list[tuple[int, bool]] = []
    for batch in batches:
        mark = marks.get(batch.batch)
        if mark is not None:
            cursor = _moved(cursor.extended(run), mark.type, mark.data, batch.batch)
            run = []
            continue
        kind = None if batch.command is None else batch.command.get("type")
        run.append((batch.batch, kind == TICK))
    return cursor.extended(run)


def _grouped(
    commands: Sequence[StoredCommand], events: Sequence[StoredEvent], applied: set[int]
) -> list[Batch]:
    by_batch: dict[int, list[StoredEvent]] = {}
    for event in events:
        by_batch.setdefault(event.batch, []).append(event)
    return [
        Batch(
            number=b.batch,
            at=b.at,
            command=None if b.command is None else without_details(b.command),
            events=tuple(by_batch.get(b.batch, ())),
            in_effect=b.batch in applied,
        )
        for b in commands
    ]


def _confirm(expect: Sequence[int] | None, group: tuple[int, ...], what: str) -> None:
    if expect is not None and tuple(expect) != group:
        raise UndoError(
            f"the log changed since the {what} was shown: it would now take batches "
            f"{list(group)}, not {list(expect)}; look again",
            code="undo_changed",
            params={"expected": list(expect), "now": list(group)},
        )


__all__ = [
    "SNAPSHOT_EVERY",
    "Batch",
    "Clock",
    "CursorPlan",
    "DirectorService",
    "LiveTournament",
    "Outcome",
    "RandomFactory",
    "seeded_random",
    "system_clock",
    "system_random",
]
