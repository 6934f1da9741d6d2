"""The club's players in a store (issue 28): records, the type-ahead, and each person's nights.

`ClubService` keeps the ``club-players`` stream (made on first use) folded into a `Roster`,
reads what another writer (a second server, ``pitboss player``) appended before answering
(one ``head`` query), and appends each decision with optimistic concurrency: a writer that
finds the stream moved on reads it and decides again. The type-ahead's index is rebuilt only
when the roster changed. A person's history is read from the current state of every
tournament in the store (so an undone bust or a corrected prize shows), cached per tournament
by its head.
"""

from __future__ import annotations

import datetime as dt
import secrets
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pitboss.club import players as club
from pitboss.club.log import PLAYERS_STREAM, ClubEvent, is_club_stream
from pitboss.club.players import ClubPlayer, Roster
from pitboss.club.search import SearchIndex
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.service.club_log import ClubLog
from pitboss.service.director import Clock, DirectorService, system_clock
from pitboss.store.protocol import EventStore
from pitboss.tournament.model.awards import awards
from pitboss.tournament.model.entries import DETAIL_WORDS, PRIVATE_FIELDS
from pitboss.tournament.state import Phase, TournamentState

CLUB_STREAM_NAME = "The club's players"
"""The name the players' stream is created under."""

_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_club_player_id() -> ClubPlayerId:
    """A fresh, unguessable club player id (``cp`` and 12 letters and digits, about 60 bits)."""
    return ClubPlayerId("cp" + "".join(secrets.choice(_ID_ALPHABET) for _ in range(12)))


@dataclass(frozen=True, slots=True, kw_only=True)
class NewPlayer:
    """One record to make (`ClubService.add_many`)."""

    name: str
    display_name: str = ""
    membership: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Night:
    """One tournament a person played: what their page lists.

    ``place``/``place_last``: their finishing place (shared when they differ), None while they
    are still in or the tournament has no result for them; ``entries``: entries bought (a
    re-entry is another); ``prize_cents``: prizes owed them (places and deal shares);
    ``penalties``: offences the floor recorded against them (TDA 71A, THC 25).
    """

    stream: str
    name: str
    at: int
    date: str
    played_as: str
    entries: int
    place: int | None
    place_last: int | None
    prize_cents: int
    paid_cents: int
    rebuys: int
    add_ons: int
    penalties: int
    finished: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerHistory:
    """A person's record and every night of theirs in this store, latest first (the nights
    of the records merged into theirs included)."""

    player: ClubPlayer
    nights: tuple[Night, ...]


StateReader = Callable[[str], TournamentState]
"""A tournament's current state by its stream id."""


class ClubService:
    """The club's players in ``store``, decided at ``clock``'s time (ms UTC)."""

    def __init__(
        self,
        store: EventStore,
        *,
        clock: Clock = system_clock,
        new_id: Callable[[], ClubPlayerId] = new_club_player_id,
        state_of: StateReader | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.new_id = new_id
        self._state_of = state_of or (lambda s: DirectorService(store).open(s).state)
        self._index: SearchIndex | None = None
        self._nights: dict[str, tuple[int, Mapping[ClubPlayerId, Night]]] = {}
        self._lock = threading.RLock()
        self._log = ClubLog(
            store,
            stream=PLAYERS_STREAM,
            name=CLUB_STREAM_NAME,
            fold=club.fold,
            empty=club.EMPTY_ROSTER,
            clock=lambda: self.clock(),
            lock=self._lock,
        )

    # --- reading ---------------------------------------------------------------------------

    @property
    def roster(self) -> Roster:
        """The records now (what other writers appended read first)."""
        return self._log.current()

    def player(self, club_player_id: str) -> ClubPlayer:
        """The record ``club_player_id`` names now (following merges).

        Raises:
            ClubError: ``unknown_club_player``.
        """
        return club.player_of(self.roster, club_player_id)

    def search(self, query: str, limit: int = 10) -> list[ClubPlayer]:
        """The returning players ``query`` finds, best first (`pitboss.club.search`)."""
        with self._lock:
            roster = self.roster
            if self._index is None or self._index.version != roster.version:
                self._index = SearchIndex.build(roster)
            return self._index.search(query, limit)

    # --- writing ---------------------------------------------------------------------------

    def _commit(
        self, decide: Callable[[Roster, int], list[ClubEvent]], command: Mapping[str, Any]
    ) -> list[ClubEvent]:
        """Decide on the roster now and append; decide again when another writer won."""
        return self._log.commit(decide, command)

    def add(
        self, name: str, *, display_name: str = "", membership: str | None = None
    ) -> ClubPlayer:
        """A new record.

        Raises:
            ClubError: the name or membership number refused (`club.record_player`).
        """
        return self.add_many(
            [NewPlayer(name=name, display_name=display_name, membership=membership)]
        )[0]

    def add_many(self, people: Sequence[NewPlayer]) -> list[ClubPlayer]:
        """New records, appended as one batch (all or none): a club's list imported at once.

        Raises:
            ClubError: any record refused (then none is made).
        """
        records = [
            club.NewRecord(
                club_player_id=self.new_id(),
                name=p.name,
                display_name=p.display_name,
                membership=p.membership,
            )
            for p in people
        ]
        self._commit(
            lambda r, now: club.record_players(r, records, now=now),
            {"type": "record_players", "count": len(records)},
        )
        roster = self.roster
        return [roster.players[ClubPlayerId(r.club_player_id)] for r in records]

    def rename(
        self, club_player_id: str, *, name: str | None = None, display_name: str | None = None
    ) -> ClubPlayer:
        """A new name and/or display name; every night played stays theirs (linked by id)."""
        self._commit(
            lambda r, now: club.rename_player(
                r, club_player_id=club_player_id, name=name, display_name=display_name, now=now
            ),
            {"type": "rename_player", "club_player_id": club_player_id},
        )
        return self.player(club_player_id)

    def merge(self, from_id: str, into_id: str) -> ClubPlayer:
        """Two records of one person made one; the history and points follow ``into_id``, and
        so do ``from_id``'s private details when ``into_id`` has none."""
        events = self._commit(
            lambda r, now: club.merge_players(r, from_id=from_id, into_id=into_id, now=now),
            {"type": "merge_players", "from_id": from_id, "into_id": into_id},
        )
        for event in events:
            if isinstance(event, club.PlayersMerged):
                moved = self.store.private(event.from_id)
                if moved and not self.store.private(event.into_id):
                    self.store.put_private(event.into_id, moved, at=event.at)
                if moved:
                    self.store.erase_private(event.from_id, at=event.at)
        return self.player(into_id)

    def set_membership(self, club_player_id: str, membership: str | None) -> ClubPlayer:
        """Give, change or take away a membership number."""
        self._commit(
            lambda r, now: club.set_membership(
                r, club_player_id=club_player_id, membership=membership, now=now
            ),
            {"type": "set_membership", "club_player_id": club_player_id},
        )
        return self.player(club_player_id)

    def set_public_profile(self, club_player_id: str, public: bool) -> ClubPlayer:
        """The person's opt-in to (or out of) a public profile on the league pages."""
        self._commit(
            lambda r, now: club.set_public_profile(
                r, club_player_id=club_player_id, public=public, now=now
            ),
            {"type": "set_public_profile", "club_player_id": club_player_id, "public": public},
        )
        return self.player(club_player_id)

    def entered(self, club_player_id: str, stream: str, *, new_name: str | None = None) -> None:
        """The person entered tournament ``stream``: the type-ahead ranks them as seen now.
        With ``new_name``, their record is made first under ``club_player_id`` (a new person
        at the door), in the same batch.

        Raises:
            ClubError: ``unknown_club_player``, or the new record refused.
        """

        def decide(roster: Roster, now: int) -> list[ClubEvent]:
            made: list[ClubEvent] = []
            if new_name is not None:
                made = club.record_player(
                    roster, club_player_id=club_player_id, name=new_name, now=now
                )
                roster = club.fold(made, roster)
            return made + club.record_entry(
                roster, club_player_id=club_player_id, stream=stream, now=now
            )

        self._commit(
            decide, {"type": "record_entry", "club_player_id": club_player_id, "stream": stream}
        )

    # --- private details (THC 1) ------------------------------------------------------------

    def private_details(self, club_player_id: str) -> dict[str, Any]:
        """The person's private details and contact (THC 1), for the director only: kept in
        the store's private place under their id, never in an event (empty when none).

        Raises:
            ClubError: ``unknown_club_player``.
        """
        player = self.player(club_player_id)
        return self.store.private(player.club_player_id) or {}

    def set_private_details(self, club_player_id: str, details: Mapping[str, Any]) -> None:
        """Keep the person's private details (only what they consented to give), replacing
        any; an empty mapping erases them (the person asked).

        Raises:
            ClubError: ``unknown_club_player``, ``bad_private_detail``.
        """
        player = self.player(club_player_id)
        checked = check_private(details)
        if checked:
            self.store.put_private(player.club_player_id, checked, at=self.clock())
        else:
            self.store.erase_private(player.club_player_id, at=self.clock())

    # --- history ---------------------------------------------------------------------------

    def history(self, club_player_id: str) -> PlayerHistory:
        """Every tournament in the store this person (or a record merged into theirs) played,
        latest first, each read from its current state.

        Raises:
            ClubError: ``unknown_club_player``.
        """
        roster = self.roster
        player = club.player_of(roster, club_player_id)
        ids = set(club.merged_into(roster, player.club_player_id))
        nights = [
            night
            for tournament in self._tournaments()
            for pid, night in self._nights_of(tournament).items()
            if pid in ids
        ]
        merged = _merge_nights(nights)
        return PlayerHistory(player=player, nights=tuple(sorted(merged, key=lambda n: -n.at)))

    def _tournaments(self) -> list[tuple[str, str, int]]:
        return [
            (t.stream, t.name, t.created_at)
            for t in self.store.tournaments()
            if not is_club_stream(t.stream) and not _is_table_stream(t.stream)
        ]

    def _nights_of(self, tournament: tuple[str, str, int]) -> Mapping[ClubPlayerId, Night]:
        stream, name, at = tournament
        head = self.store.head(stream)
        with self._lock:
            cached = self._nights.get(stream)
        if cached is not None and cached[0] == head:
            return cached[1]
        nights = {} if head == 0 else nights_in(self._state_of(stream), stream, name, at)
        with self._lock:
            self._nights[stream] = (head, nights)
        return nights


PRIVATE_KEYS = (*sorted(PRIVATE_FIELDS), "contact")
"""What a club player's private details may hold: THC 1's seven and a free contact note."""

PRIVATE_TEXT_MAX = 200


def check_private(details: Mapping[str, Any]) -> dict[str, Any]:
    """``details`` checked field by field: known keys only, text of at most
    `PRIVATE_TEXT_MAX` characters, ``age_verified`` true or false; blanks left out. The error
    names the field, never its value (THC 1).

    Raises:
        ClubError: ``bad_private_detail``.
    """
    checked: dict[str, Any] = {}
    for key, value in details.items():
        if key not in PRIVATE_KEYS:
            raise ClubError(
                f"{str(key)[:40]!r} is not a private detail the club keeps: one of "
                + ", ".join(PRIVATE_KEYS),
                code="bad_private_detail",
                params={"field": str(key)[:40], "allowed": list(PRIVATE_KEYS)},
            )
        if key == "age_verified":
            if not isinstance(value, bool):
                raise ClubError(
                    "the age verification is yes or no (true or false)",
                    code="bad_private_detail",
                    params={"field": key},
                )
            if value:
                checked[key] = True
            continue
        if value is None:
            continue
        if not isinstance(value, str) or len(value) > PRIVATE_TEXT_MAX:
            raise ClubError(
                f"the {DETAIL_WORDS.get(key, key)} is text of at most {PRIVATE_TEXT_MAX} "
                "characters",
                code="bad_private_detail",
                params={"field": key, "max": PRIVATE_TEXT_MAX},
            )
        if value.strip():
            checked[key] = value.strip()
    return checked


def nights_in(state: TournamentState, stream: str, name: str, at: int) -> dict[ClubPlayerId, Night]:
    """Each club player's night in one tournament, from its state: entries, best place,
    prizes, re-buys, add-ons and penalties (a re-entry's added to the first entry's)."""
    placed = {a.player_id: a for a in awards(state)}
    date = (dt.datetime(1970, 1, 1, tzinfo=dt.UTC) + dt.timedelta(milliseconds=at)).date()
    finished = state.phase is Phase.FINISHED
    lines: dict[ClubPlayerId, list[Night]] = {}
    for entry in state.players.values():
        if entry.club_player_id is None:
            continue
        award = placed.get(PlayerId(entry.player_id))
        conduct = state.conduct.get(entry.player_id)
        lines.setdefault(entry.club_player_id, []).append(
            Night(
                stream=stream,
                name=name,
                at=at,
                date=date.isoformat(),
                played_as=entry.name,
                entries=1,
                place=None if award is None else award.first,
                place_last=None if award is None else award.last,
                prize_cents=0 if award is None else award.owed_cents,
                paid_cents=0 if award is None else award.paid_cents,
                rebuys=entry.rebuys,
                add_ons=entry.add_ons,
                penalties=0 if conduct is None else conduct.offences,
                finished=finished,
            )
        )
    return {pid: _merge_nights(entries)[0] for pid, entries in lines.items()}


def _merge_nights(nights: Iterable[Night]) -> list[Night]:
    """One night per tournament: several entries (re-entries, or two merged records in one
    tournament) added up, at the best place."""
    by_stream: dict[str, Night] = {}
    for night in nights:
        seen = by_stream.get(night.stream)
        if seen is None:
            by_stream[night.stream] = night
            continue
        best = min(
            (seen, night), key=lambda n: (n.place is None, n.place if n.place is not None else 0)
        )
        by_stream[night.stream] = Night(
            stream=night.stream,
            name=night.name,
            at=night.at,
            date=night.date,
            played_as=best.played_as,
            entries=seen.entries + night.entries,
            place=best.place,
            place_last=best.place_last,
            prize_cents=seen.prize_cents + night.prize_cents,
            paid_cents=seen.paid_cents + night.paid_cents,
            rebuys=seen.rebuys + night.rebuys,
            add_ons=seen.add_ons + night.add_ons,
            penalties=seen.penalties + night.penalties,
            finished=night.finished,
        )
    return list(by_stream.values())


def _is_table_stream(stream: str) -> bool:
    """A table's hand stream (``<stream>-table-<n>``, `pitboss.live.hand_log`, a layer above
    this one): not a tournament."""
    head, sep, table = stream.rpartition("-table-")
    return bool(sep and head and table.isdigit())


__all__ = [
    "CLUB_STREAM_NAME",
    "PRIVATE_KEYS",
    "ClubService",
    "NewPlayer",
    "Night",
    "PlayerHistory",
    "check_private",
    "new_club_player_id",
    "nights_in",
]
