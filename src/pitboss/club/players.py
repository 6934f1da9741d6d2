"""The club's player records (issue 28): who comes back week after week.

Each record is events in the ``club-players`` stream (`pitboss.club.log.PLAYERS_STREAM`),
folded into a `Roster`. Tonight's entry links to a record by its `ClubPlayerId`, never by its
name, so a rename keeps every night's history, and a merge of two records of one person maps
the old id to the surviving one (`canonical`): the history and the league points follow.

The decide functions are pure (the id and ``now`` are passed in) and refuse anything that does
not fit with a `ClubError` naming the person, never an id alone. Private details (THC 1) are
never in a record: they are kept apart, in the store's private place, keyed by the id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from pitboss.club.log import ClubEvent, checked_name, clean_text
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId

NAME_MAX = 60
"""The longest name a record keeps (a name on a seat card, a results sheet)."""

DISPLAY_MAX = 30
"""The longest display name (what the screens show: "Big Al")."""

MEMBERSHIP_MAX = 20
"""The longest membership number (letters, digits, ``-``, ``/`` and ``.``)."""

_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_MEMBERSHIP = re.compile(r"[A-Za-z0-9][A-Za-z0-9./-]*")


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRecorded(ClubEvent):
    """A person's record made: at the door the first night, or by the organiser."""

    at: int
    club_player_id: ClubPlayerId
    name: str
    display_name: str = ""
    membership: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRenamed(ClubEvent):
    """A record's name or display name changed (``None``: unchanged); the nights they played
    stay theirs, linked by id."""

    at: int
    club_player_id: ClubPlayerId
    name: str | None = None
    display_name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class MembershipSet(ClubEvent):
    """A record's membership number given, changed or taken away (``None``)."""

    at: int
    club_player_id: ClubPlayerId
    membership: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicProfileSet(ClubEvent):
    """The person opted in to (or out of) a public profile on the league pages: their display
    name and points, nothing private."""

    at: int
    club_player_id: ClubPlayerId
    public: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersMerged(ClubEvent):
    """Two records of one person made one: ``from_id``'s nights and points are ``into_id``'s
    from now on (`canonical`); ``from_id`` stays resolvable."""

    at: int
    from_id: ClubPlayerId
    into_id: ClubPlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEntered(ClubEvent):
    """The person entered a tournament (``stream``) tonight: the type-ahead ranks the players
    seen most recently first."""

    at: int
    club_player_id: ClubPlayerId
    stream: str


# --- the roster -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ClubPlayer:
    """One person's record. ``last_seen``: when they last entered a tournament, or when the
    record was made (ms UTC); ``merged_from``: the records merged into this one."""

    club_player_id: ClubPlayerId
    name: str
    display_name: str = ""
    membership: str | None = None
    public_profile: bool = False
    recorded_at: int
    last_seen: int
    merged_from: tuple[ClubPlayerId, ...] = ()

    @property
    def shown_name(self) -> str:
        """What the screens show: the display name, else the name."""
        return self.display_name or self.name


@dataclass(frozen=True, slots=True, kw_only=True)
class Roster:
    """The club's records folded from its stream. ``players``: the records in use, by id;
    ``merged``: each merged-away id and the id it went into; ``memberships``: who holds each
    membership number (compared ignoring case); ``version``: events folded so far."""

    players: Mapping[ClubPlayerId, ClubPlayer]
    merged: Mapping[ClubPlayerId, ClubPlayerId]
    memberships: Mapping[str, ClubPlayerId]
    version: int = 0


EMPTY_ROSTER = Roster(players={}, merged={}, memberships={})


def canonical(roster: Roster, club_player_id: ClubPlayerId) -> ClubPlayerId:
    """The id of the record a (possibly merged-away) id now belongs to; an unknown id is
    returned as it is (a league reading an old night still names it)."""
    seen = 0
    while club_player_id in roster.merged and seen <= len(roster.merged):
        club_player_id = roster.merged[club_player_id]
        seen += 1
    return club_player_id


def merged_into(roster: Roster, club_player_id: ClubPlayerId) -> tuple[ClubPlayerId, ...]:
    """``club_player_id`` and every id merged into it (directly or through another merge)."""
    return (club_player_id, *(i for i in roster.merged if canonical(roster, i) == club_player_id))


def fold(events: Iterable[ClubEvent], roster: Roster = EMPTY_ROSTER) -> Roster:
    """``roster`` with ``events`` applied (copied once, whatever the number of events);
    events of the leagues' streams are not expected here and are skipped."""
    players = dict(roster.players)
    merged = dict(roster.merged)
    memberships = dict(roster.memberships)
    version = roster.version
    for event in events:
        version += 1
        _apply(event, players, merged, memberships)
    return Roster(players=players, merged=merged, memberships=memberships, version=version)


def _apply(
    event: ClubEvent,
    players: dict[ClubPlayerId, ClubPlayer],
    merged: dict[ClubPlayerId, ClubPlayerId],
    memberships: dict[str, ClubPlayerId],
) -> None:
    match event:
        case PlayerRecorded():
            pid = event.club_player_id
            players[pid] = ClubPlayer(
                club_player_id=pid,
                name=event.name,
                display_name=event.display_name,
                membership=event.membership,
                recorded_at=event.at,
                last_seen=event.at,
            )
            if event.membership:
                memberships[event.membership.casefold()] = pid
        case PlayerRenamed():
            old = players[event.club_player_id]
            players[old.club_player_id] = replace(
                old,
                name=old.name if event.name is None else event.name,
                display_name=old.display_name if event.display_name is None else event.display_name,
            )
        case MembershipSet():
            old = players[event.club_player_id]
            if old.membership:
                memberships.pop(old.membership.casefold(), None)
            if event.membership:
                memberships[event.membership.casefold()] = old.club_player_id
            players[old.club_player_id] = replace(old, membership=event.membership)
        case PublicProfileSet():
            old = players[event.club_player_id]
            players[old.club_player_id] = replace(old, public_profile=event.public)
        case PlayerEntered():
            pid = _resolve(merged, event.club_player_id)
            entered = players.get(pid)
            if entered is not None and event.at > entered.last_seen:
                players[pid] = replace(entered, last_seen=event.at)
        case PlayersMerged():
            gone = players.pop(event.from_id)
            into = players[event.into_id]
            merged[event.from_id] = event.into_id
            membership = into.membership
            if gone.membership:
                memberships.pop(gone.membership.casefold(), None)
                if membership is None:
                    membership = gone.membership
                    memberships[membership.casefold()] = into.club_player_id
            players[into.club_player_id] = replace(
                into,
                membership=membership,
                public_profile=into.public_profile,
                last_seen=max(into.last_seen, gone.last_seen),
                recorded_at=min(into.recorded_at, gone.recorded_at),
                merged_from=(*into.merged_from, event.from_id, *gone.merged_from),
            )
        case _:
            pass


def _resolve(merged: Mapping[ClubPlayerId, ClubPlayerId], pid: ClubPlayerId) -> ClubPlayerId:
    for _ in range(len(merged) + 1):
        if pid not in merged:
            break
        pid = merged[pid]
    return pid


# --- checks -----------------------------------------------------------------------------------


def _check_name(name: str, *, field: str = "name", who: str = "") -> str:
    whose = f"{who}'s" if who else "a player's"
    what = f"{whose} {'display name' if field == 'display_name' else 'name'}"
    limit = DISPLAY_MAX if field == "display_name" else NAME_MAX
    return checked_name(name, what=what, limit=limit, params={"field": field})


def _check_display(display_name: str) -> str:
    return "" if not clean_text(display_name) else _check_name(display_name, field="display_name")


def _check_id(club_player_id: str) -> ClubPlayerId:
    if not _ID.fullmatch(club_player_id):
        raise ClubError(
            f"{club_player_id[:40]!r} is not a club player's id: 1 to 40 lowercase letters, "
            "digits, '-' or '_'",
            code="bad_club_player_id",
            params={"club_player_id": club_player_id[:40]},
        )
    return ClubPlayerId(club_player_id)


def _check_membership(
    roster: Roster, membership: str | None, name: str, *, holder: ClubPlayerId | None = None
) -> str | None:
    if membership is None or not membership.strip():
        return None
    number = membership.strip()
    if len(number) > MEMBERSHIP_MAX or not _MEMBERSHIP.fullmatch(number):
        raise ClubError(
            f"{number[:MEMBERSHIP_MAX]!r} is not a membership number: 1 to {MEMBERSHIP_MAX} "
            "letters, digits, '-', '/' or '.'",
            code="bad_membership",
            params={"membership": number[:MEMBERSHIP_MAX], "max": MEMBERSHIP_MAX},
        )
    owner = roster.memberships.get(number.casefold())
    if owner is not None and owner != holder:
        raise ClubError(
            f"membership number {number} is {roster.players[owner].name}'s already: "
            f"give {name} another one",
            code="duplicate_membership",
            params={"membership": number, "holder": roster.players[owner].name},
        )
    return number


def player_of(roster: Roster, club_player_id: str) -> ClubPlayer:
    """The record ``club_player_id`` names, following merges.

    Raises:
        ClubError: ``unknown_club_player``.
    """
    found = roster.players.get(canonical(roster, ClubPlayerId(club_player_id)))
    if found is None:
        raise ClubError(
            "the club has no record of that player: find them by name, or record them first",
            code="unknown_club_player",
            params={"club_player_id": club_player_id[:40]},
        )
    return found


# --- decisions --------------------------------------------------------------------------------


def record_player(
    roster: Roster,
    *,
    club_player_id: str,
    name: str,
    display_name: str = "",
    membership: str | None = None,
    now: int,
) -> list[ClubEvent]:
    """A new record (the id chosen by the caller, unguessable).

    Raises:
        ClubError: ``bad_club_player_id``, ``club_player_exists``, ``blank_name``,
            ``name_too_long``, ``bad_name``, ``bad_membership``, ``duplicate_membership``.
    """
    pid = _check_id(club_player_id)
    cleaned = _check_name(name)
    if pid in roster.players or pid in roster.merged:
        raise ClubError(
            f"{player_of(roster, pid).name} has that record already: record {cleaned} under "
            "a new id",
            code="club_player_exists",
            params={"club_player_id": pid},
        )
    return [
        PlayerRecorded(
            at=now,
            club_player_id=pid,
            name=cleaned,
            display_name=_check_display(display_name),
            membership=_check_membership(roster, membership, cleaned),
        )
    ]


@dataclass(frozen=True, slots=True, kw_only=True)
class NewRecord:
    """One record of a batch (`record_players`)."""

    club_player_id: str
    name: str
    display_name: str = ""
    membership: str | None = None


def record_players(roster: Roster, records: Sequence[NewRecord], *, now: int) -> list[ClubEvent]:
    """Several new records at once (a club's list imported): each checked as `record_player`
    does, and no two of them with one id or one membership number.

    Raises:
        ClubError: as `record_player`; ``duplicate_membership`` or ``club_player_exists``
            within the batch.
    """
    events: list[ClubEvent] = []
    numbers: dict[str, str] = {}
    ids: set[str] = set()
    for record in records:
        made = record_player(
            roster,
            club_player_id=record.club_player_id,
            name=record.name,
            display_name=record.display_name,
            membership=record.membership,
            now=now,
        )
        event = made[0]
        assert isinstance(event, PlayerRecorded)
        if event.club_player_id in ids:
            raise ClubError(
                f"two of the new records share an id: record {event.name} under a new id",
                code="club_player_exists",
                params={"club_player_id": event.club_player_id},
            )
        ids.add(event.club_player_id)
        if event.membership:
            key = event.membership.casefold()
            if key in numbers:
                raise ClubError(
                    f"membership number {event.membership} is given to both {numbers[key]} "
                    f"and {event.name}: give one of them another",
                    code="duplicate_membership",
                    params={"membership": event.membership, "holder": numbers[key]},
                )
            numbers[key] = event.name
        events += made
    return events


def rename_player(
    roster: Roster,
    *,
    club_player_id: str,
    name: str | None = None,
    display_name: str | None = None,
    now: int,
) -> list[ClubEvent]:
    """A new name and/or display name (``""`` clears the display name); nothing when both
    are as they were.

    Raises:
        ClubError: ``unknown_club_player``, ``nothing_to_rename``, and the name's checks.
    """
    player = player_of(roster, club_player_id)
    if name is None and display_name is None:
        raise ClubError(
            f"give {player.name} a new name or display name",
            code="nothing_to_rename",
            params={"name": player.name},
        )
    new_name = None if name is None else _check_name(name)
    new_display = None if display_name is None else _check_display(display_name)
    if new_name == player.name:
        new_name = None
    if new_display == player.display_name:
        new_display = None
    if new_name is None and new_display is None:
        return []
    return [
        PlayerRenamed(
            at=now,
            club_player_id=player.club_player_id,
            name=new_name,
            display_name=new_display,
        )
    ]


def set_membership(
    roster: Roster, *, club_player_id: str, membership: str | None, now: int
) -> list[ClubEvent]:
    """Give, change or (``None``/blank) take away a record's membership number.

    Raises:
        ClubError: ``unknown_club_player``, ``bad_membership``, ``duplicate_membership``.
    """
    player = player_of(roster, club_player_id)
    number = _check_membership(roster, membership, player.name, holder=player.club_player_id)
    if number == player.membership:
        return []
    return [MembershipSet(at=now, club_player_id=player.club_player_id, membership=number)]


def set_public_profile(
    roster: Roster, *, club_player_id: str, public: bool, now: int
) -> list[ClubEvent]:
    """The person's consent to a public profile on the league pages, given or taken back.

    Raises:
        ClubError: ``unknown_club_player``.
    """
    player = player_of(roster, club_player_id)
    if player.public_profile == public:
        return []
    return [PublicProfileSet(at=now, club_player_id=player.club_player_id, public=public)]


def merge_players(roster: Roster, *, from_id: str, into_id: str, now: int) -> list[ClubEvent]:
    """Make two records of one person one: ``from_id`` into ``into_id``.

    Raises:
        ClubError: ``unknown_club_player``, ``merge_into_itself``, ``already_merged``.
    """
    for given in (from_id, into_id):
        if ClubPlayerId(given) in roster.merged:
            gone = roster.merged[ClubPlayerId(given)]
            into = player_of(roster, gone)
            raise ClubError(
                f"that record was merged into {into.name}'s already: merge {into.name}'s record "
                "instead",
                code="already_merged",
                params={"club_player_id": given[:40], "into": into.name},
            )
    source = player_of(roster, from_id)
    target = player_of(roster, into_id)
    if source.club_player_id == target.club_player_id:
        raise ClubError(
            f"a record cannot be merged into itself: choose {source.name}'s other record",
            code="merge_into_itself",
            params={"name": source.name},
        )
    return [PlayersMerged(at=now, from_id=source.club_player_id, into_id=target.club_player_id)]


def record_entry(roster: Roster, *, club_player_id: str, stream: str, now: int) -> list[ClubEvent]:
    """The person entered tournament ``stream`` (for the type-ahead's "seen lately").

    Raises:
        ClubError: ``unknown_club_player``.
    """
    player = player_of(roster, club_player_id)
    return [PlayerEntered(at=now, club_player_id=player.club_player_id, stream=stream)]


__all__ = [
    "DISPLAY_MAX",
    "EMPTY_ROSTER",
    "MEMBERSHIP_MAX",
    "NAME_MAX",
    "ClubPlayer",
    "MembershipSet",
    "NewRecord",
    "PlayerEntered",
    "PlayerRecorded",
    "PlayerRenamed",
    "PlayersMerged",
    "PublicProfileSet",
    "Roster",
    "canonical",
    "clean_text",
    "fold",
    "merge_players",
    "merged_into",
    "player_of",
    "record_entry",
    "record_player",
    "record_players",
    "rename_player",
    "set_membership",
    "set_public_profile",
]
