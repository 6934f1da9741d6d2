"""A registration put right: a player's name or private details edited (THC 1).

A name misspelt at the door, a phone number given wrong: the director edits the entry, at any
point of the night. The log keeps the registration as it was made and the edit after it, so
what happened before the edit still reads with the old name; from the edit on, results,
receipts, the seating chart and the exports show the new one. A new name another player
already has is refused (two entries under one name could not be told apart on the results or
the seating chart; two people who share a name are told apart at the door, when they register).
Private details are replaced as a whole and must still hold what the house requires (THC 1);
they never reach a public view, the log or a line of it: the service keeps them in the private
store (issue 28) and the event says only which were given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pitboss.errors import RegistrationError
from pitboss.ids import PlayerId
from pitboss.rules.tournament import PersonalDetail
from pitboss.tournament.model.entries import (
    DETAIL_WORDS,
    PersonalDetails,
    check_registration,
    details_given,
    of_age,
)
from pitboss.tournament.model.words import name_of
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import TournamentState, known_player, with_player
from pitboss.validation import MAY_BE_BLANK


@dataclass(frozen=True, slots=True, kw_only=True)
class EditRegistration(Command):
    """Put a registration right (THC 1): a new name, new private details, or both.

    ``name`` null (None) keeps the name; ``details`` null keeps the details, otherwise they replace
    them all (what the house requires must still be there).
    """

    player_id: PlayerId
    name: Annotated[str, MAY_BE_BLANK] | None = None
    details: PersonalDetails | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RegistrationEdited(Event):
    """A registration was put right: its new name and/or its private details replaced (THC 1).

    v2 (issue 28): which details the replacement gave (``details_given``, None: the details
    were not edited) and ``of_age`` as `PlayerRegistered` has them; v1 carried the details
    (`pitboss.tournament.codec` upcasts it).
    """

    v = 2
    at: int
    player_id: PlayerId
    name: str | None = None
    details_given: tuple[PersonalDetail, ...] | None = None
    of_age: bool | None = None


def same_name(a: str, b: str) -> bool:
    """Two names are the same when they differ only in case and spacing."""
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


@folds(RegistrationEdited)
def _edited(state: TournamentState, event: RegistrationEdited) -> TournamentState:
    player = state.players[event.player_id]
    return with_player(
        state,
        event.player_id,
        name=player.name if event.name is None else event.name,
        details_given=player.details_given if event.details_given is None else event.details_given,
        of_age=player.of_age if event.details_given is None else event.of_age,
    )


def edit_registration(s: TournamentState, c: EditRegistration, now: int) -> list[Event]:
    """The edit, checked: a name that is not blank and not another player's, the details the
    house requires (THC 1), and something that actually changes.

    Raises:
        RegistrationError: an unknown player, a blank name or one another player has, a missing
            required detail or a date of birth that is not a date, or nothing to change.
    """
    player = known_player(s, c.player_id)
    name = None if c.name is None else " ".join(c.name.split())
    details = c.details
    check_registration(
        s.rules.tournament.entry,
        player.name if name is None else name,
        details,
    )
    if name is not None:
        taken = next(
            (p for pid, p in s.players.items() if pid != c.player_id and same_name(p.name, name)),
            None,
        )
        if taken is not None:
            raise RegistrationError(
                f"another player is already registered as {taken.name}: give {player.name} a "
                "name the players can tell apart (add an initial or a nickname)",
                code="name_taken",
                params={"player_id": c.player_id, "name": name, "taken_by": taken.player_id},
            )
        if name == player.name:
            name = None
    if name is None and details is None:
        raise RegistrationError(
            f"nothing to change: that is {player.name}'s registration as it stands",
            code="nothing_to_edit",
            params={"player_id": c.player_id},
        )
    given = None if details is None else details_given(details)
    adult = None if details is None else of_age(s.rules.tournament.entry.min_age, details, now)
    return [
        RegistrationEdited(
            at=now, player_id=c.player_id, name=name, details_given=given, of_age=adult
        )
    ]


@handles(EditRegistration)
def _edit(s: TournamentState, c: EditRegistration, ctx: Context) -> list[Event]:
    return edit_registration(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


@describes(RegistrationEdited)
def _edited_line(e: RegistrationEdited, s: TournamentState) -> str:
    """The new name, and which private details changed (THC 1: never what they hold)."""
    old = name_of(s, e.player_id)
    parts = [] if e.name is None else [f"{old} is now registered as {e.name}"]
    if e.details_given is not None:
        given = [DETAIL_WORDS[d.value] for d in e.details_given]
        whose = f"{old}'s" if e.name is None else "their"
        parts.append(f"{whose} private details replaced (given: {', '.join(given) or 'none'})")
    return "; ".join(parts) + " (registration edited)"


__all__ = ["EditRegistration", "RegistrationEdited", "edit_registration", "same_name"]
