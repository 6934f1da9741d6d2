"""The server's tournaments and the screens watching them.

`Hub` keeps each open tournament (a `LiveTournament` of the director service), runs commands
on it one at a time, and is the one way from a commit to the screens: every move of a
tournament's log (a command here, the clock, an undo, a table's command in software-dealt play,
what another writer appended and the follower read) is told to the hub by the tournament itself
(`LiveTournament.watch`), which wakes every screen subscribed to it (but the screens of
software-dealt play, which `pitboss.server.live_rooms` wakes when what they show changed) and
tells its listeners (the dealing rooms) once per head. A screen's payload (public, director, or
one table's) is built once per change and role and shared by every screen of that role, so a
hundred clocks cost one build.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
import secrets
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from pitboss.errors import PitbossError
from pitboss.ids import PlayerId, TableNo
from pitboss.rules import RuleSet
from pitboss.server import view_json
from pitboss.service import DirectorService, LiveTournament, NeverBack, Outcome
from pitboss.service.director import Clock, RandomFactory
from pitboss.service.private_details import DAY_MS, purge_cutoff
from pitboss.store.protocol import EventStore
from pitboss.tournament.features.seat_changes import pending
from pitboss.tournament.model.balancing import BreakTable
from pitboss.tournament.registry import Command
from pitboss.tournament.state import TournamentState

log = logging.getLogger(__name__)

PUSH_FRESH_MS = 100
"""How old a pushed payload may be: the screens woken by one change share one encoding built
within this many ms (each payload's clock is as of its own ``server_now``)."""

Role = tuple[str, int | None]
"""A payload's audience: ``("public", None)``, ``("public-rules", None)`` (a public screen
opened with ``?rules=1``: the rules' citations kept), ``("director", None)`` or ``("table", n)``."""

RETRY_FIRST_S = 0.2
RETRY_MOST_S = 5.0
"""A follower that lost the store listens again after this long, doubled at each failure up
to `RETRY_MOST_S`."""

PUBLIC: Role = ("public", None)
PUBLIC_WITH_RULES: Role = ("public-rules", None)


def public_role(rules: bool) -> Role:
    """The public screens' role, with the rules' citations or without (the default)."""
    return PUBLIC_WITH_RULES if rules else PUBLIC


def cites_rules(role: Role) -> bool:
    """Whether ``role``'s texts keep the rules' citations: the director's and ``?rules=1``."""
    return role[0] in ("director", "public-rules")


@dataclass(eq=False)
class Screen:
    """One connected screen: its tournament and role, and a queue of wake-ups."""

    stream: str
    role: Role
    queue: asyncio.Queue[int] = field(default_factory=lambda: asyncio.Queue(maxsize=1))
    loop: asyncio.AbstractEventLoop | None = None
    player: PlayerId | None = None
    """The player whose screen it is (software-dealt play), if any."""
    managed: bool = False
    """Woken by the room that deals its tournament (`pitboss.server.live_rooms`: only when what it
    shows changed), not by every change of the tournament."""

    def wake(self, seq: int) -> None:
        """Tell the screen the log reached ``seq`` (only the latest wake-up is kept)."""
        with contextlib.suppress(asyncio.QueueEmpty):
            self.queue.get_nowait()
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(seq)


class Hub:
    """Open tournaments of one store, and their screens."""

    def __init__(
        self,
        store: EventStore,
        clock: Clock,
        rng: RandomFactory,
        *,
        retain_details_days: int | None = None,
    ) -> None:
        self.store = store
        self.retain_details_days = retain_details_days
        self._purged_at: int | None = None
        # Never back: a pause or a resume is never decided before an instant already shown.
        self.clock: Clock = NeverBack(clock)
        self.service = DirectorService(store, clock=self.clock, randomness=rng)
        self._open: dict[str, LiveTournament] = {}
        self._screens: dict[str, set[Screen]] = {}
        self._lock = threading.RLock()
        self._payloads: dict[tuple[str, int, Role], dict[str, Any]] = {}
        self._encoded: dict[tuple[str, int, Role], tuple[int, int, str]] = {}
        self._woken: dict[str, int] = {}
        self._listeners: list[Callable[[str, int], None]] = []
        self._break_secret = secrets.token_hex(16)

    # --- tournaments ----------------------------------------------------------------------

    def tournament(self, stream: str) -> LiveTournament:
        """The open tournament ``stream`` (opened from the store on first use).

        Raises:
            StoreError: ``unknown_stream`` and the like.
        """
        with self._lock:
            live = self._open.get(stream)
            if live is None:
                live = self.service.open(stream)
                self._opened(live)
            return live

    def create(self, name: str, rules: RuleSet) -> str:
        """A new tournament; its id."""
        with self._lock:
            live = self.service.create(name, rules)
            self._opened(live)
            return live.stream

    def _opened(self, live: LiveTournament) -> None:
        """Keep ``live`` open, its commits told to the screens (`changed`)."""
        self._open[live.stream] = live
        live.watch(self.changed)

    def open_streams(self) -> list[str]:
        """The tournaments opened so far."""
        with self._lock:
            return list(self._open)

    def execute(self, stream: str, command: Command) -> Outcome:
        """Run ``command`` now on ``stream``; screens are woken when events were committed."""
        return self.tournament(stream).execute(command)

    def run(self, stream: str, action: Callable[[LiveTournament], Any]) -> Any:
        """Run ``action`` (an undo, a redo) on ``stream`` and wake its screens."""
        return action(self.tournament(stream))

    def caught(self, stream: str, seq: int) -> bool:
        """Another writer (the command line, a second server) appended up to ``seq``: read it
        and wake the screens. False when the tournament is not open here or already there."""
        with self._lock:
            live = self._open.get(stream)
        if live is None or seq <= live.current()[1]:  # waits for a write of ours in flight
            return False
        live.refresh()  # its head moved: the screens are woken
        return True

    def catch_up(self) -> None:
        """Read what other writers appended to every open tournament (after the listener was
        made again: what was committed while nobody listened) and wake the screens of those
        that moved.

        Raises:
            StoreError: the log cannot be read.
        """
        for stream in self.open_streams():
            with self._lock:
                live = self._open[stream]
            live.refresh()  # a head that moved wakes the screens

    def purge_details(self) -> int:
        """Retention (THC 1, issue 28): erase the private details not written for
        ``retain_details_days`` days, at most once a day by the clock (at start, then from the
        tick); how many subjects were erased (0 without a retention setting)."""
        if self.retain_details_days is None:
            return 0
        now = self.clock()
        if self._purged_at is not None and now - self._purged_at < DAY_MS:
            return 0
        self._purged_at = now
        purged = self.service.purge_details(before=purge_cutoff(now, self.retain_details_days))
        if purged:
            log.info("retention: the private details of %d people erased", purged)
        return purged

    def tick(self) -> list[str]:
        """Record what the clock did in every open tournament (and the daily retention
        purge); the streams that changed."""
        self.purge_details()
        changed = []
        for stream in self.open_streams():
            live = self._open[stream]
            if not live.state.clock.is_started:
                continue
            if live.tick().batch is not None:
                changed.append(stream)
        return changed

    # --- payloads -------------------------------------------------------------------------

    def payload(self, stream: str, role: Role) -> dict[str, Any]:
        """The view of ``stream`` for ``role`` as it stands (built once per change)."""
        live = self.tournament(stream)
        state, head = live.current()
        with self._lock:
            key = (stream, head, role)
            cached = self._payloads.get(key)
            if cached is not None:
                now = view_json.shown_at(state, self.clock())
                if now == cached["server_now"] or not cached["clock"]["started"]:
                    return {**cached, "server_now": now}
                # Time moved on since the build: the clock's countdowns as they stand now.
                return {
                    **cached,
                    "server_now": now,
                    "clock": view_json.clock_payload(state, now, rules=cites_rules(role)),
                }
            now, seq = view_json.shown_at(state, self.clock()), head
            kind, table = role
            if kind in ("public", "public-rules"):
                built = view_json.public_view(
                    state, now, stream=stream, seq=seq, rules=cites_rules(role)
                )
            elif kind == "director":
                breaking = isinstance(pending(state), BreakTable)
                rng = self.break_rng(stream, state) if breaking else None
                built = view_json.director_view(state, now, stream=stream, seq=seq, break_rng=rng)
            else:
                assert table is not None
                built = view_json.table_view(state, now, TableNo(table), stream=stream, seq=seq)
            if len(self._payloads) > 256:
                self._payloads.clear()
            self._payloads[key] = built
            return built

    def break_rng(self, stream: str, state: TournamentState) -> random.Random:
        """The random source of a table break's draw shown before it is confirmed (TDA 10B):
        the same while the tables stand as they are (the console, a reload and the move slips
        show one draw, and the director confirms those seats), unknown outside this server (a
        secret drawn when it started)."""
        layout = sorted((n, t.seat_count, sorted(t.seats.items())) for n, t in state.tables.items())
        digest = hashlib.sha256(f"{stream}:{layout}".encode()).hexdigest()
        return random.Random(f"{self._break_secret}:{digest}")

    def encoded(self, stream: str, role: Role) -> tuple[int, str]:
        """The payload's seq and JSON text, for the screens: encoded once per change (and per
        `PUSH_FRESH_MS`), not once per screen."""
        live = self.tournament(stream)
        now = self.clock()
        with self._lock:
            hit = self._encoded.get((stream, live.head, role))
        if hit is not None and 0 <= now - hit[0] <= PUSH_FRESH_MS:
            return hit[1], hit[2]
        payload = self.payload(stream, role)
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        seq: int = payload["seq"]
        with self._lock:
            if len(self._encoded) > 256:
                self._encoded.clear()
            self._encoded[(stream, seq, role)] = (payload["server_now"], seq, text)
        return seq, text

    # --- screens --------------------------------------------------------------------------

    def subscribe(self, screen: Screen) -> None:
        """Start waking ``screen`` on every change of its tournament."""
        screen.loop = asyncio.get_running_loop()
        with self._lock:
            self._screens.setdefault(screen.stream, set()).add(screen)

    def unsubscribe(self, screen: Screen) -> None:
        """Stop waking ``screen``."""
        with self._lock:
            self._screens.get(screen.stream, set()).discard(screen)

    def screens(self, stream: str) -> int:
        """How many screens watch ``stream``."""
        with self._lock:
            return len(self._screens.get(stream, ()))

    def listen(self, listener: Callable[[str, int], None]) -> None:
        """Tell ``listener`` ``(stream, seq)`` after every change of an open tournament's log
        (in the thread that made or saw it), once per head."""
        with self._lock:
            self._listeners.append(listener)

    def changed(self, stream: str, seq: int) -> None:
        """The log of ``stream`` reached ``seq`` (told by the tournament, in the thread that
        committed or read it): wake every screen of ``stream`` but the managed ones, and tell
        the listeners."""
        with self._lock:
            if self._woken.get(stream) == seq:  # the same head told twice (our own write
                return  # and the follower seeing it): once is enough
            self._woken[stream] = seq
            screens = [s for s in self._screens.get(stream, ()) if not s.managed]
            listeners = list(self._listeners)
        wake_screens(screens, seq)
        for listener in listeners:
            listener(stream, seq)


def follow(hub: Hub, stop: threading.Event) -> None:
    """Read what other writers (``pitboss event``, a second server) append to the open
    tournaments, until ``stop``.

    A listener whose connection died (the database restarted) is made again, after
    `RETRY_FIRST_S`, doubled at each failure up to `RETRY_MOST_S`; once it listens, every open
    tournament is read from the log (`Hub.catch_up`), so a write made meanwhile shows. The
    loss is logged once, and the return."""
    delay = RETRY_FIRST_S
    lost = False
    while not stop.is_set():
        try:
            with hub.store.listen() as listener:
                hub.catch_up()  # after LISTEN: nothing committed since falls between the two
                if lost:
                    log.warning("following other writers again")
                    lost = False
                delay = RETRY_FIRST_S
                while not stop.is_set():
                    for wakeup in listener.wait(0.1):
                        hub.caught(wakeup.stream, wakeup.seq)
        except PitbossError as error:
            if not lost:
                log.warning(
                    "not following other writers (%s): listening again in %.1f s and after",
                    error.message,
                    delay,
                )
                lost = True
            stop.wait(delay)
            delay = min(delay * 2, RETRY_MOST_S)


def wake_screens(screens: Iterable[Screen], seq: int) -> None:
    """Wake ``screens`` (from any thread): directly on the running loop, with one hand-over per
    other loop, not one per screen."""
    try:
        running: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
    except RuntimeError:
        running = None
    by_loop: dict[asyncio.AbstractEventLoop, list[Screen]] = {}
    for screen in screens:
        if screen.loop is not None and not screen.loop.is_closed():
            by_loop.setdefault(screen.loop, []).append(screen)
    for loop, woken in by_loop.items():
        if loop is running:
            _wake_all(woken, seq)
        else:
            loop.call_soon_threadsafe(_wake_all, woken, seq)


def _wake_all(screens: list[Screen], seq: int) -> None:
    for screen in screens:
        screen.wake(seq)
