"""Private details between a tournament and the private store (THC 1, issue 28).

The door types a player's private details into `RegisterPlayer` (or `EditRegistration`); the
decider checks them and its events keep only which were given. `details_to_keep` is what the
service writes to the private store in the same transaction as those events, under the
player's subject (`pitboss.tournament.model.entries.details_subject`), and the command row
keeps only the names of the details (`pitboss.tournament.codec.stored_command`).

A night stored before issue 28 holds the details in its version-1 ``player_registered`` (and
``registration_edited``) events; the codec's upcaster drops them from the replayed log and
`move_old_details` copies them into the private store when the tournament is opened, unless
the subject has details already or was erased (`EventStore.put_private_if_new`): an erased
person's details are not brought back by opening the night again. Those old rows stay in the
append-only log (as do snapshots written before); the replayed state, every screen and every
export but the treasurer's read none of them.

Retention (`purge_cutoff`): the details not written for ``N`` days are erased; a director sets
``N`` for the server (``pitboss serve --retain-details-days``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.store.envelopes import StoredEvent
from pitboss.store.protocol import EventStore
from pitboss.tournament.codec import v1_details
from pitboss.tournament.features.registration import PlayerRegistered, ReEnter, RegisterPlayer
from pitboss.tournament.features.registration_edits import EditRegistration
from pitboss.tournament.model.entries import (
    PersonalDetails,
    Player,
    details_record,
    details_subject,
    stored_details,
)
from pitboss.tournament.registry import Command, Event
from pitboss.tournament.state import TournamentState

DAY_MS = 86_400_000


def details_to_keep(
    store: EventStore,
    stream: str,
    before: TournamentState,
    command: Command,
    events: Iterable[Event],
) -> dict[str, Mapping[str, Any] | None]:
    """The private details ``command`` gives, by subject, to write with its ``events``: a
    registration's, an edit's (replacing them whole), or, for a re-entry under a new subject
    (a walk-in's new entry id), the old entry's copied (the same person, THC 1)."""
    out: dict[str, Mapping[str, Any] | None] = {}
    if isinstance(command, RegisterPlayer):
        for event in events:
            if isinstance(event, PlayerRegistered) and event.player_id == command.player_id:
                entry = Player(
                    player_id=event.player_id,
                    name=event.name,
                    club_player_id=event.club_player_id,
                )
                out[details_subject(stream, entry)] = details_record(command.details)
    elif isinstance(command, EditRegistration) and command.details is not None:
        player = before.players.get(command.player_id)
        if player is not None:
            out[details_subject(stream, player)] = details_record(command.details)
    elif isinstance(command, ReEnter):
        old = before.players.get(command.player_id)
        new = next(
            (e for e in events if isinstance(e, PlayerRegistered)),
            None,
        )
        if old is not None and new is not None:
            entry = Player(
                player_id=new.player_id, name=new.name, club_player_id=new.club_player_id
            )
            old_subject, new_subject = details_subject(stream, old), details_subject(stream, entry)
            if old_subject != new_subject:
                kept = store.private(old_subject)
                if kept:
                    out[new_subject] = kept
    return {subject: data for subject, data in out.items() if data is not None and data != {}}


def move_old_details(store: EventStore, stream: str, stored: Iterable[StoredEvent]) -> int:
    """Copy the details of a night stored before issue 28 (version-1 events) into the private
    store, each subject's last, unless it has details or was erased; how many were copied."""
    found: dict[str, tuple[PersonalDetails, int]] = {}
    clubs: dict[str, ClubPlayerId | None] = {}
    for event in stored:
        data = event.data
        player = data.get("player_id")
        if not isinstance(player, str):
            continue
        if event.type == PlayerRegistered.type:
            club = data.get("club_player_id")
            clubs[player] = ClubPlayerId(club) if isinstance(club, str) else None
        details = v1_details(event.type, event.v, data)
        if details is None:
            continue
        entry = Player(player_id=PlayerId(player), name="", club_player_id=clubs.get(player))
        found[details_subject(stream, entry)] = (details, event.at)
    copied = 0
    for subject, (details, at) in found.items():
        record = details_record(details)
        if record and store.put_private_if_new(subject, record, at=at):
            copied += 1
    return copied


def moved_marker(stream: str) -> str:
    """The private store's subject that says ``stream`` was searched for version-1 details, so
    opening a night reads its whole log for them once, not every time. It holds no detail
    (only the seq searched through); a purge empties it and the next opening searches again,
    copying nothing an erasure removed."""
    return f"{stream}/"


def details_of(
    store: EventStore, stream: str, state: TournamentState
) -> dict[PlayerId, PersonalDetails]:
    """Every player's private details as the private store keeps them (the treasurer's record;
    an erased player has none)."""
    subjects = {pid: details_subject(stream, p) for pid, p in state.players.items()}
    kept = store.private_many(subjects.values())
    return {pid: stored_details(kept.get(subject)) for pid, subject in subjects.items()}


def purge_cutoff(now: int, retain_days: int) -> int:
    """The instant before which details not written are erased, keeping ``retain_days``."""
    return now - retain_days * DAY_MS


__all__ = [
    "DAY_MS",
    "details_of",
    "details_to_keep",
    "move_old_details",
    "moved_marker",
    "purge_cutoff",
]
