"""The hands of a live table in the event store, as they happen, and read back (issue 14).

Each table has a hand stream next to its tournament's (`hand_stream`: ``<stream>-table-<n>``),
written only by the table's runner. Per hand:

- ``hand_dealt``: the hand id, level and number, the engine's setup (without the rules: they
  are the tournament's, in its ``tournament_created``), the deck in the order it was shuffled
  (the operating system's CSPRNG, the outcome recorded so replay never draws again, STYLE 2)
  and the engine's events of the deal (posts, hole cards, hands killed). The stream is the
  house's record: no player's view is ever built from it (DESIGN "Views per recipient").
- ``hand_acted``, one per decision as it is made: the decision (``None`` when the clock ran
  out), the ``action_id`` a browser sent, why a turn went to the clock, the engine's events,
  and ``bank_ms``, the time bank the decision drew on (only when it drew on it: the bank is
  counted again from the hand streams after a restart or a takeover, `bank_used_ms`).
- ``hand_finished``: the stacks reported to the director and who went out.
- ``hand_misdealt`` (issue 32, ``table.resume_in_play = "misdeal"``): the hand found in play
  when the table was dealt again after its process stopped was declared a misdeal; its
  ``stacks`` are the stacks at the deal, every chip back where it came from. The redeal (TDA
  35C) follows as a new ``hand_dealt`` of the same hand id, from the same setup.

A server that restarts reads the hand in progress back (`HandLog.in_play`) and the runner
deals on from the same deck and decisions, or declares it a misdeal. `hands_as_phh` writes
every finished hand of a tournament as PHH (for ``pitboss event export --hands``), each one
checked on the way: the stored decisions replayed through the engine from the stored deck must
give exactly the stored events.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitboss.cards import Card, Deck
from pitboss.engine import (
    Acted,
    Action,
    ActionKind,
    AnteMode,
    BetReturned,
    BoardDealt,
    CardBurned,
    Hand,
    HandEnded,
    HandEvent,
    HandKilled,
    HandMucked,
    HandSetup,
    HandTabled,
    HoleCardsDealt,
    Post,
    Posted,
    PostKind,
    PotAwarded,
    SeatSpec,
)
from pitboss.errors import HistoryError, LeaseLost, StoreError
from pitboss.history.export import phh_from_hand
from pitboss.history.phh import PhhHand
from pitboss.history.stars_players import seat_names
from pitboss.ids import HandId, PlayerId, TableNo
from pitboss.live.seat_agents import LiveError
from pitboss.rules import RuleSet
from pitboss.rules.games import BettingStructure, Game
from pitboss.rules.mapping import to_mapping
from pitboss.store.envelopes import NewBatch, NewEvent, StoredEvent
from pitboss.store.leases import Fence
from pitboss.store.protocol import EventStore
from pitboss.store.schema import STREAM_ID_LENGTH

log = logging.getLogger(__name__)

HAND_DEALT = "hand_dealt"
HAND_ACTED = "hand_acted"
HAND_FINISHED = "hand_finished"
HAND_MISDEALT = "hand_misdealt"

_NAMES: dict[type, str] = {
    Posted: "posted",
    HoleCardsDealt: "hole_cards_dealt",
    HandKilled: "hand_killed",
    CardBurned: "card_burned",
    BoardDealt: "board_dealt",
    Acted: "acted",
    BetReturned: "bet_returned",
    HandTabled: "hand_tabled",
    HandMucked: "hand_mucked",
    PotAwarded: "pot_awarded",
    HandEnded: "hand_ended",
}


def hand_stream(stream: str, table: TableNo) -> str:
    """The id of the hand stream of ``table`` in tournament ``stream``.

    Raises:
        LiveError: ``stream_too_long`` (the store's ids are at most 64 characters).
    """
    hands = f"{stream}-table-{table}"
    if len(hands) > STREAM_ID_LENGTH:
        raise LiveError(
            f"tournament stream {stream!r} is too long for its tables' hand streams "
            f"({len(hands)} of at most {STREAM_ID_LENGTH} characters)",
            code="stream_too_long",
            params={"stream": stream, "table": table, "max_length": STREAM_ID_LENGTH},
        )
    return hands


def is_hand_stream(stream: str) -> bool:
    """The stream is a table's hand stream (``<stream>-table-<n>``), not a tournament: a list
    of tournaments leaves it out."""
    head, sep, table = stream.rpartition("-table-")
    return bool(sep and head and table.isdigit())


def encode_event(event: HandEvent) -> dict[str, Any]:
    """An engine event as JSON: its name (``acted``) and fields; cards as codes."""
    return {"type": _NAMES[type(event)], **to_mapping(event)}


_LATER_FIELDS = ("game", "structure", "big_bet", "raise_cap")
"""Setup fields added after hands were first logged: written only when not their default, so
a no-limit Hold'em hand's record is what it always was, and read back with the default when
absent (issue 30)."""


def encode_setup(setup: HandSetup) -> dict[str, Any]:
    """A hand's setup as JSON, without its rules (the tournament's)."""
    defaults = HandSetup._field_defaults
    return {
        name: to_mapping(getattr(setup, name))
        for name in setup._fields
        if name != "rules"
        and not (name in _LATER_FIELDS and getattr(setup, name) == defaults[name])
    }


def decode_setup(data: Mapping[str, Any], rules: RuleSet) -> HandSetup:
    """The setup `encode_setup` wrote, under ``rules``.

    Raises:
        LiveError: ``bad_hand_record`` (not a setup this module wrote).
    """
    try:

        def posts(items: Sequence[Mapping[str, Any]]) -> tuple[Post, ...]:
            return tuple(
                Post(seat=p["seat"], kind=PostKind(p["kind"]), amount=p["amount"]) for p in items
            )

        given = data["posts"]
        return HandSetup(
            seats=tuple(
                SeatSpec(
                    seat=s["seat"],
                    player=s["player"],
                    stack=s["stack"],
                    killed=s["killed"],
                    dealt=s["dealt"],
                )
                for s in data["seats"]
            ),
            button=data["button"],
            small_blind_seat=data["small_blind_seat"],
            big_blind_seat=data["big_blind_seat"],
            small_blind=data["small_blind"],
            big_blind=data["big_blind"],
            ante=data["ante"],
            ante_mode=AnteMode(data["ante_mode"]),
            chip_unit=data["chip_unit"],
            rules=rules,
            posts=None if given is None else posts(given),
            min_bet=data["min_bet"],
            dead_posts=posts(data["dead_posts"]),
            # (issue 30: records written before these fields are No-Limit Hold'em)
            game=Game(data.get("game", Game.HOLDEM)),
            structure=BettingStructure(data.get("structure", BettingStructure.NO_LIMIT)),
            big_bet=data.get("big_bet"),
            raise_cap=data.get("raise_cap", 4),
        )
    except (KeyError, TypeError, ValueError) as err:
        raise _bad_record(f"the setup cannot be read: {err!r}") from err


def encode_decision(action: Action | None) -> dict[str, Any] | None:
    """A decision as JSON (``None``: the clock ran out)."""
    if action is None:
        return None
    return {"kind": ActionKind(action.kind).value, "amount": action.amount}


def decode_decision(data: Mapping[str, Any] | None) -> Action | None:
    """The decision `encode_decision` wrote."""
    if data is None:
        return None
    return Action(kind=ActionKind(data["kind"]), amount=data["amount"])


@dataclass(frozen=True, slots=True, kw_only=True)
class StoredHand:
    """One hand of a hand stream: how it was dealt and each decision so far.

    ``decisions`` line up with the ``hand_acted`` events (``None``: the clock ran out);
    ``events`` is the engine's record as stored (JSON); ``stacks`` the stacks reported to the
    director once ``finished``, or given back at the deal's when ``misdealt`` (a misdealt
    deal is not finished: no hand was played, and its redeal is the next `StoredHand`).
    ``last_at`` is the instant of its last stored event (the deal, or its last decision).
    """

    hand_id: HandId
    table: TableNo
    number: int
    level: int
    dealt_at: int
    setup: HandSetup
    deck: tuple[Card, ...]
    decisions: tuple[Action | None, ...]
    action_ids: tuple[str | None, ...]
    events: tuple[Mapping[str, Any], ...]
    finished: bool
    stacks: tuple[tuple[PlayerId, int], ...] = ()
    misdealt: bool = False
    last_at: int = 0

    def replay(self) -> Hand:
        """The engine's hand dealt again from the stored deck with the stored decisions.

        Raises:
            LiveError: ``hand_log_mismatch``: the engine does not give the stored events.
        """
        hand = Hand(self.setup, Deck.stacked(self.deck))
        for decision in self.decisions:
            if decision is None:
                hand.timeout()
            else:
                hand.apply(decision)
        produced = [encode_event(e) for e in hand.events]
        if produced != [dict(e) for e in self.events]:
            raise LiveError(
                f"hand {self.hand_id} at table {self.table}: the stored decisions replayed "
                "from the stored deck do not give the stored events",
                code="hand_log_mismatch",
                params={"hand_id": self.hand_id, "table": self.table},
            )
        return hand


class HandLog:
    """The hand stream of one table, written by its runner only (one writer, STYLE 15).

    On an event loop the events of every table of a store are committed together, a group at
    a time, and never more than one of a table's waits for its commit (a crash loses at most
    the decision in flight at each table):

    - by default (`_Group`) each `append` joins the transaction committed at the start of the
      loop's next turn, before any task woken after it runs: before the table's next decision
      is asked (its agent answers in a task of its own) and before any screen shows it;
    - with `write_behind` (the server) a thread of the store's commits them, so the loop goes
      on while the log is synced; an `append` waits only while the table's previous event is
      still in flight.

    `flush` commits at once what waits (the room flushes before a hand's result goes to the
    director, whose log never runs ahead of the hand's decisions). Outside a loop each append
    commits before it returns.
    """

    def __init__(
        self, store: EventStore, stream: str, table: TableNo, *, at: int, fence: Fence | None = None
    ) -> None:
        self.store = store
        self.fence = fence
        """The table's lease, checked by the store at every append (issue 32): a host that
        lost the table writes nothing more to its hand stream."""
        self.tournament = stream
        self.table = table
        self.stream = hand_stream(stream, table)
        self.failed: StoreError | None = None
        self._pending: tuple[_Writer, int] | None = None
        self._group: _Group | None = None  # the loop's group this stream's last event joined
        try:
            store.create_tournament(f"hands of {stream}, table {table}", at=at, stream=self.stream)
        except StoreError as err:
            if err.code != "stream_exists":
                raise
        self.head = store.head(self.stream)

    def append(self, kind: str, data: Mapping[str, Any], *, at: int) -> None:
        """Write one event of the hand: committed with the other tables' at the start of the
        loop's next turn (at once outside an event loop).

        Raises:
            StoreError: an earlier write of this stream failed, or (outside a loop) this one
                (``ConcurrencyConflict``: another writer, a bug).
        """
        if self.failed is not None:
            raise self.failed
        batch = NewBatch(
            stream=self.stream,
            expected_seq=self.head,
            events=[NewEvent(type=kind, data=data)],
            at=at,
            fence=self.fence,
        )
        self.head += 1
        writer = _WRITERS.get(id(self.store))
        if writer is not None and writer.store is self.store:
            pending = self._pending
            if pending is not None and pending[0] is writer and pending[1] > writer.stored:
                writer.wait(pending[1])  # the one before is in flight: at most one a table
                if self.failed is not None:
                    raise self.failed
            self._pending = (writer, writer.add(self, batch))
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            try:
                self.store.append_batches([batch])
            except StoreError as err:
                self.failed = err
                raise
            return
        key = (id(loop), id(self.store))
        group = _GROUPS.get(key)
        if group is None:
            group = _GROUPS[key] = _Group(self.store, key)
            loop.call_soon(group.commit)
        group.batches.append((self, batch))
        self._group = group

    async def settled(self) -> None:
        """Until this stream's last event is committed (at once if it is): a table's agent
        waits for it before it decides (`pitboss.live.room.PacedAgent`), so the next `append`
        finds the one before stored and the loop does not wait for the log's sync."""
        pending = self._pending
        if pending is None:
            return
        writer, ticket = pending
        future = writer.done_with(ticket)
        if future is not None:
            await future

    @property
    def all_stored(self) -> bool:
        """Whether every event appended is done with: by the writer thread (`write_behind`),
        or in the loop's group commit. A table is handed over only then, or its last write
        would be refused by the fence."""
        pending = self._pending
        if pending is not None and pending[0].stored < pending[1]:
            return False
        group = self._group
        return group is None or all(hand_log is not self for hand_log, _ in group.batches)

    def when_stored(self, done: Callable[[bool], None]) -> None:
        """Call ``done(True)`` once this stream's events appended so far are committed, or
        ``done(False)`` once their commit failed (a lease lost: `LeaseLost`): at once outside
        a loop; on a loop, after the group commit at its next turn, or when the writer thread
        (`write_behind`) is done with them. A page is told its action was accepted then only
        (issue 32)."""
        pending = self._pending
        if pending is not None:
            writer, ticket = pending
            future = writer.done_with(ticket)
            if future is not None:
                future.add_done_callback(lambda _: done(self.failed is None))
                return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            done(self.failed is None)
            return
        # the group this stream joined commits first: its call was scheduled when it began
        loop.call_soon(lambda: done(self.failed is None))

    def flush(self) -> None:
        """Commit now what this stream's store has waiting on this loop (every table's).

        Raises:
            StoreError: the commit failed (each stream in it refuses its next append too).
        """
        flush(self.store)
        if self.failed is not None:
            raise self.failed

    def hands(self, rules: RuleSet) -> list[StoredHand]:
        """Every hand of the stream, in the order dealt."""
        self.flush()
        return read_hands(self.store.load(self.stream), rules)

    def finished(self, hand_id: HandId, rules: RuleSet) -> bool:
        """Whether hand ``hand_id`` was finished in this stream."""
        return any(h.hand_id == hand_id and h.finished for h in self.hands(rules))

    def in_play(self, hand_id: HandId, rules: RuleSet) -> tuple[StoredHand | None, int]:
        """Hand ``hand_id``'s last deal if it is the stream's last and not finished (a restart,
        a takeover: in play, or ``misdealt`` with its redeal not stored yet), and how many of
        its deals were declared misdeals."""
        hands = self.hands(rules)
        misdeals = sum(1 for h in hands if h.hand_id == hand_id and h.misdealt)
        last = hands[-1] if hands else None
        if last is None or last.hand_id != hand_id or last.finished:
            return None, misdeals
        return last, misdeals


class _Group:
    """The hand events of one store appended during one turn of one event loop: committed in
    one transaction (one sync of the log), in the order appended."""

    __slots__ = ("batches", "key", "store")

    def __init__(self, store: EventStore, key: tuple[int, int]) -> None:
        self.store = store
        self.key = key
        self.batches: list[tuple[HandLog, NewBatch]] = []

    def commit(self) -> None:
        """Commit the batches (if `flush` has not already). A failure is kept by every log in
        the group (its runner fails at its next write) and raised."""
        if _GROUPS.get(self.key) is self:
            del _GROUPS[self.key]
        batches, self.batches = self.batches, []
        if not batches:
            return
        try:
            append_group(self.store, batches)
        except StoreError as err:
            log.error("the hand streams of %d tables were not written: %s", len(batches), err)
            for hand_log, _ in batches:
                hand_log.failed = err
            raise


def append_group(store: EventStore, batches: list[tuple[HandLog, NewBatch]]) -> None:
    """Append ``batches`` in one transaction. A table whose lease another host took
    (`LeaseLost`, issue 32) is left out, its log keeping the refusal (its runner stops at its
    next write), and the other tables' batches are committed: one table taken over does not
    stop the rest of a host.

    Raises:
        StoreError: any other failure (nothing written).
    """
    while batches:
        try:
            store.append_batches([b for _, b in batches])
            return
        except LeaseLost as err:
            lost = [
                (hand_log, batch)
                for hand_log, batch in batches
                if batch.fence is not None
                and batch.fence.stream == err.params.get("stream")
                and batch.fence.table == err.params.get("table")
            ]
            if not lost:
                raise
            for hand_log, _ in lost:
                hand_log.failed = err
            gone = {id(batch) for _, batch in lost}
            batches = [pair for pair in batches if id(pair[1]) not in gone]


_GROUPS: dict[tuple[int, int], _Group] = {}
"""The groups waiting for their commit, by (event loop, store) (each holds its store, so the
ids name live objects)."""


class _Writer:
    """A thread that commits the hand events of one store, in the order appended: all that
    came in while it committed the last group go in its next transaction."""

    def __init__(self, store: EventStore) -> None:
        self.store = store
        self._cond = threading.Condition()
        self._queue: list[tuple[HandLog, NewBatch]] = []
        self._waiters: list[tuple[int, asyncio.Future[None]]] = []
        self.queued = 0
        """Tickets given (one an event)."""
        self.stored = 0
        """Tickets done with: committed, or refused (their logs keep the error)."""
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="pitboss-hands", daemon=True)
        self._thread.start()

    def add(self, hand_log: HandLog, batch: NewBatch) -> int:
        with self._cond:
            self._queue.append((hand_log, batch))
            self.queued += 1
            self._cond.notify_all()
            return self.queued

    def wait(self, ticket: int | None = None) -> None:
        """Until ``ticket`` (every one given so far, when None) is done with."""
        with self._cond:
            upto = self.queued if ticket is None else ticket
            while self.stored < upto and self._thread.is_alive():
                self._cond.wait(1.0)

    def done_with(self, ticket: int) -> asyncio.Future[None] | None:
        """A future of the running loop done once ``ticket`` is; None when it is already."""
        with self._cond:
            if self.stored >= ticket or not self._thread.is_alive():
                return None
            future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self._waiters.append((ticket, future))
            return future

    def take(self) -> tuple[list[tuple[HandLog, NewBatch]], int]:
        """What waits for the writer's next group, taken from it, and its last ticket."""
        with self._cond:
            batches, self._queue = self._queue, []
            return batches, self.queued

    def commit_now(self) -> None:
        """Commit in this thread what waits for the writer's next group.

        Raises:
            StoreError: the commit failed (each log in it keeps the error).
        """
        batches, upto = self.take()
        if batches:
            self._commit(batches, upto, raising=True)

    def stop(self) -> None:
        """Commit what waits, then end the thread."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._stopping:
                    self._cond.wait()
                if not self._queue:
                    return
                batches, self._queue = self._queue, []
                upto = self.queued
            self._commit(batches, upto, raising=False)

    def _commit(self, batches: list[tuple[HandLog, NewBatch]], upto: int, *, raising: bool) -> None:
        failed: StoreError | None = None
        try:
            append_group(self.store, batches)
        except Exception as err:  # every log in the group refuses its next append
            failed = err if isinstance(err, StoreError) else _write_failed(err)
        self.finish(batches, upto, failed)
        if failed is not None and raising:
            raise failed

    def finish(
        self, batches: list[tuple[HandLog, NewBatch]], upto: int, failed: StoreError | None
    ) -> None:
        """``batches`` (up to ticket ``upto``) are committed, or ``failed``: their logs keep the
        error, and whoever waits for them goes on."""
        if failed is not None:
            log.error("the hand streams of %d tables were not written: %s", len(batches), failed)
            for hand_log, _ in batches:
                hand_log.failed = failed
        with self._cond:
            self.stored = max(self.stored, upto)
            due = [f for t, f in self._waiters if t <= self.stored]
            self._waiters = [(t, f) for t, f in self._waiters if t > self.stored]
            self._cond.notify_all()
        by_loop: dict[asyncio.AbstractEventLoop, list[asyncio.Future[None]]] = {}
        for future in due:
            by_loop.setdefault(future.get_loop(), []).append(future)
        for loop, futures in by_loop.items():
            if not loop.is_closed():
                loop.call_soon_threadsafe(_resolve, futures)


def _resolve(futures: list[asyncio.Future[None]]) -> None:
    for future in futures:
        if not future.done():
            future.set_result(None)


_WRITERS: dict[int, _Writer] = {}
"""The stores whose hand events a thread commits (`write_behind`), by id (each writer holds
its store)."""
_WRITERS_LOCK = threading.Lock()


def write_behind(store: EventStore) -> None:
    """From now on a thread commits the hand events of ``store`` (see `HandLog`), until
    `stop_writing_behind`."""
    with _WRITERS_LOCK:
        writer = _WRITERS.get(id(store))
        if writer is None or writer.store is not store:
            _WRITERS[id(store)] = _Writer(store)


def stop_writing_behind(store: EventStore) -> None:
    """Commit what the thread of ``store`` has waiting and end it; appends commit on the loop
    again."""
    with _WRITERS_LOCK:
        writer = _WRITERS.pop(id(store), None)
    if writer is not None and writer.store is store:
        writer.stop()


def flush(store: EventStore) -> None:
    """Commit at once the hand events ``store`` has waiting (on the running event loop, or in
    its thread).

    Raises:
        StoreError: the commit on the loop failed.
    """
    writer = _WRITERS.get(id(store))
    if writer is not None and writer.store is store:
        writer.commit_now()
        writer.wait()
    flush_loop(store)


def settle(store: EventStore) -> None:
    """Until the thread of ``store`` (`write_behind`) has done with every event given to it,
    committed or refused (a room dealing again after the store failed reads the hand streams
    only then, so no event of before the failure is committed after the ones of after).
    Blocking: call it outside the event loop."""
    writer = _WRITERS.get(id(store))
    if writer is not None and writer.store is store:
        writer.wait()


def flush_loop(store: EventStore) -> None:
    """Commit at once the hand events ``store`` has waiting on the running loop's group (not
    the writer thread's: `HandLog.settled` waits for those without stopping the loop).

    Raises:
        StoreError: the commit failed.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    group = _GROUPS.get((id(loop), id(store)))
    if group is not None:
        group.commit()


def _write_failed(err: Exception) -> StoreError:
    return StoreError(
        f"the hand streams could not be written: {err!r}",
        code="store_failed",
        params={"reason": repr(err)[:200]},
    )


def bank_used_ms(streams: Iterable[Sequence[StoredEvent]]) -> dict[PlayerId, int]:
    """The time bank each player drew on (``table.time_bank_seconds``: over the whole
    tournament), in milliseconds, over the hand streams of a tournament's tables: read again
    when a table is dealt by a new process (a restart, a takeover: issue 32) or a player
    arrives from another table, so no host's memory gives a bank back whole."""
    used: dict[PlayerId, int] = {}
    for events in streams:
        seats: dict[int, PlayerId] = {}
        for event in events:
            data = event.data
            if event.type == HAND_DEALT:
                seats = {s["seat"]: PlayerId(s["player"]) for s in data["setup"]["seats"]}
            elif event.type == HAND_ACTED and data.get("bank_ms"):
                player = seats.get(data["seat"])
                if player is not None:
                    used[player] = used.get(player, 0) + int(data["bank_ms"])
    return used


def read_hands(stored: Sequence[StoredEvent], rules: RuleSet) -> list[StoredHand]:
    """The hands of a hand stream's events.

    Raises:
        LiveError: ``bad_hand_record`` (an event out of place or unreadable).
    """
    hands: list[StoredHand] = []
    building: dict[str, Any] | None = None
    for event in stored:
        data = event.data
        if event.type == HAND_DEALT:
            if building is not None:
                hands.append(_built(building, finished=False))
            building = {
                "hand_id": HandId(data["hand_id"]),
                "table": TableNo(data["table"]),
                "number": data["number"],
                "level": data["level"],
                "dealt_at": event.at,
                "setup": decode_setup(data["setup"], rules),
                "deck": tuple(Card(c) for c in data["deck"]),
                "decisions": [],
                "action_ids": [],
                "events": list(data["events"]),
                "last_at": event.at,
            }
            continue
        if building is None or data.get("hand_id") != building["hand_id"]:
            raise _bad_record(f"event {event.seq} ({event.type}) is not of the hand being dealt")
        building["last_at"] = event.at
        if event.type == HAND_ACTED:
            building["decisions"].append(decode_decision(data["decision"]))
            building["action_ids"].append(data["action_id"])
            building["events"].extend(data["events"])
        elif event.type == HAND_FINISHED:
            building["stacks"] = tuple(
                (PlayerId(s["player_id"]), s["chips"]) for s in data["stacks"]
            )
            hands.append(_built(building, finished=True))
            building = None
        elif event.type == HAND_MISDEALT:
            building["stacks"] = tuple(
                (PlayerId(s["player_id"]), s["chips"]) for s in data["stacks"]
            )
            hands.append(_built(building, finished=False, misdealt=True))
            building = None
        else:
            raise _bad_record(f"event {event.seq} has an unknown type {event.type!r}")
    if building is not None:
        hands.append(_built(building, finished=False))
    return hands


def _built(building: Mapping[str, Any], *, finished: bool, misdealt: bool = False) -> StoredHand:
    return StoredHand(
        hand_id=building["hand_id"],
        table=building["table"],
        number=building["number"],
        level=building["level"],
        dealt_at=building["dealt_at"],
        setup=building["setup"],
        deck=building["deck"],
        decisions=tuple(building["decisions"]),
        action_ids=tuple(building["action_ids"]),
        events=tuple(building["events"]),
        finished=finished,
        stacks=building.get("stacks", ()),
        misdealt=misdealt,
        last_at=building["last_at"],
    )


def tournament_hands(store: EventStore, stream: str, rules: RuleSet) -> list[StoredHand]:
    """Every hand of every table of tournament ``stream``, in the order dealt (hand number)."""
    prefix = f"{stream}-table-"
    hands: list[StoredHand] = []
    for record in store.tournaments():
        if record.stream.startswith(prefix) and record.stream[len(prefix) :].isdigit():
            hands.extend(read_hands(store.load(record.stream), rules))
    return sorted(hands, key=lambda h: h.number)


def hands_as_phh(
    store: EventStore,
    stream: str,
    rules: RuleSet,
    *,
    title: str | None = None,
    names: Mapping[str, str] | None = None,
) -> list[tuple[StoredHand, PhhHand | HistoryError]]:
    """Every hand of tournament ``stream`` that is over, as PHH, in the order dealt, or why
    it cannot be (a THC 6 seat posted without cards: PHH deals every player it lists).
    ``names`` maps players to the names written in ``players`` (default: the player ids).

    Each hand is replayed through the engine first (`StoredHand.replay`). A deal declared a
    misdeal is left out: no hand was played (TDA 35C; its redeal is written).

    Raises:
        LiveError: ``hand_log_mismatch``, ``bad_hand_record``.
    """
    out: list[tuple[StoredHand, PhhHand | HistoryError]] = []
    for stored in tournament_hands(store, stream, rules):
        if stored.misdealt:
            continue
        hand = stored.replay()
        if not hand.is_over:  # in play (a hand whose last decision was stored is over, even
            continue  # when the server stopped before writing ``hand_finished``)
        try:
            phh: PhhHand | HistoryError = phh_from_hand(
                stored.setup,
                hand.events,
                names=None if names is None else seat_names(stored.setup, names),
                metadata={
                    "event": title or rules.title,
                    "hand": stored.number,
                    "table": stored.table,
                    "level": stored.level,
                    "_chip_unit": stored.setup.chip_unit,
                },
            )
        except HistoryError as err:
            phh = err
        out.append((stored, phh))
    return out


def _bad_record(why: str) -> LiveError:
    return LiveError(
        f"the hand stream cannot be read: {why}", code="bad_hand_record", params={"why": why}
    )


__all__ = [
    "HAND_ACTED",
    "HAND_DEALT",
    "HAND_FINISHED",
    "HAND_MISDEALT",
    "HandLog",
    "StoredHand",
    "decode_decision",
    "decode_setup",
    "encode_decision",
    "encode_event",
    "encode_setup",
    "flush",
    "flush_loop",
    "hand_stream",
    "hands_as_phh",
    "is_hand_stream",
    "read_hands",
    "settle",
    "stop_writing_behind",
    "tournament_hands",
    "write_behind",
]
