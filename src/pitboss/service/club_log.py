"""One of the club's streams kept in memory (issue 28): the players' or the leagues' events
folded into their value, what other writers appended read first, and a decision appended with
optimistic concurrency, decided again on the value now when another writer won (as the
director's `pitboss.service.director.LiveTournament` does for a night)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

from pitboss.club.log import ClubEvent, decode_club_event
from pitboss.errors import ConcurrencyConflict, StoreError
from pitboss.service.director import RETRIES, Clock
from pitboss.store.envelopes import NewEvent
from pitboss.store.protocol import EventStore

S = TypeVar("S")


class ClubLog(Generic[S]):
    """The stream ``stream`` of ``store`` (stored under ``name``, made on the first write)
    folded by ``fold`` from ``empty``; ``lock`` serialises its readers and writers (the
    service's own, so a service's other caches change under the same lock)."""

    def __init__(
        self,
        store: EventStore,
        *,
        stream: str,
        name: str,
        fold: Callable[[Iterable[ClubEvent], S], S],
        empty: S,
        clock: Clock,
        lock: threading.RLock,
    ) -> None:
        self.store = store
        self.stream = stream
        self.name = name
        self._fold = fold
        self._value = empty
        self._head = 0
        self._exists = False
        self._clock = clock
        self._lock = lock

    @property
    def head(self) -> int:
        """The last event folded (0: none)."""
        return self._head

    def current(self) -> S:
        """The value now, with what other writers appended read first."""
        with self._lock:
            self._refresh()
            return self._value

    def _refresh(self) -> None:
        try:
            head = self.store.head(self.stream)
        except StoreError as error:
            if error.code == "unknown_stream":
                return
            raise
        self._exists = True
        if head > self._head:
            stored = self.store.load(self.stream, after_seq=self._head, through_seq=head)
            events = (decode_club_event(e.type, e.data, v=e.v) for e in stored)
            self._value = self._fold(events, self._value)
            self._head = stored[-1].seq if stored else head

    def commit(
        self, decide: Callable[[S, int], list[ClubEvent]], command: Mapping[str, Any]
    ) -> list[ClubEvent]:
        """Decide on the value now and append the events (nothing when there are none);
        decide again when another writer appended first.

        Raises:
            ConcurrencyConflict: other writers won every retry.
            ClubError: the decision refused (nothing written).
        """
        with self._lock:
            for attempt in range(RETRIES + 1):
                value = self.current()
                now = self._clock()
                events = decide(value, now)
                if not events:
                    return []
                self._ensure_stream(now)
                try:
                    self.store.append(
                        self.stream,
                        self._head,
                        events=[
                            NewEvent(type=e.type, data=e.to_dict()["data"], v=e.v) for e in events
                        ],
                        command=dict(command),
                        at=now,
                    )
                except ConcurrencyConflict:
                    if attempt == RETRIES:
                        raise
                    continue
                self._value = self._fold(events, value)
                self._head += len(events)
                return events
        raise AssertionError("unreachable")  # pragma: no cover

    def _ensure_stream(self, now: int) -> None:
        if self._exists:
            return
        try:
            self.store.create_tournament(self.name, at=now, stream=self.stream)
        except StoreError as error:
            if error.code != "stream_exists":
                raise
        self._exists = True


__all__ = ["ClubLog"]
