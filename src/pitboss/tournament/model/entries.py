"""Players and their entries: registration details, chips, re-buys and add-ons.

A player's private details (THC 1: address, e-mail, phone, date of birth, SSN, driver licence,
age verification) are typed at the door (`PersonalDetails`, in `RegisterPlayer`) but kept in
the private store, apart from the log (issue 28), under `details_subject`; the `Player` record
keeps only which were given (``details_given``) and whether the player was of the house's
minimum age (``of_age``, THC add. 15). `PublicPlayer` is what displays and other players see.
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Annotated, Any, NamedTuple

from pitboss.errors import RegistrationError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.rules.tournament import EntryRules, PersonalDetail
from pitboss.validation import MAX_INT, MAY_BE_BLANK, Range

Text = Annotated[str, MAY_BE_BLANK]
"""A detail a form may leave blank (a blank detail counts as not given)."""

_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)


class PlayerStatus(enum.StrEnum):
    """Where a registered player stands."""

    ACTIVE = "active"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True, kw_only=True)
class PersonalDetails:
    """Private registration details (THC 1); never on a public view.

    ``date_of_birth`` is an ISO date (``1980-05-17``), used for the minimum age (THC add. 15).
    """

    address: Text | None = None
    email: Text | None = None
    phone: Text | None = None
    date_of_birth: Text | None = None
    national_id: Text | None = None
    driver_licence: Text | None = None
    age_verified: bool = False

    def has(self, detail: PersonalDetail) -> bool:
        """True when ``detail`` was given (``age_verified`` must be true)."""
        value = getattr(self, detail.value)
        if isinstance(value, bool):
            return value
        return value is not None and value.strip() != ""

    def birth_date(self) -> dt.date | None:
        """The date of birth, or None if not given.

        Raises:
            RegistrationError: it is not an ISO date.
        """
        if self.date_of_birth is None:
            return None
        try:
            return dt.date.fromisoformat(self.date_of_birth)
        except ValueError as err:
            raise RegistrationError(
                "the date of birth must be a date like 1980-05-17",
                code="bad_date_of_birth",
                params={"field": "date_of_birth"},  # never the value itself (THC 1)
            ) from err


class Player(NamedTuple):
    """A registered player as the director sees them (private details included); a
    `typing.NamedTuple`, copied with a change (``_replace``) on every hand it plays."""

    player_id: PlayerId
    name: str
    details_given: tuple[PersonalDetail, ...] = ()  # which, never what they hold (THC 1)
    status: PlayerStatus = PlayerStatus.ACTIVE
    chips: int = 0
    rebuys: int = 0
    add_ons: int = 0
    rebuy_declared: bool = False
    paid_cents: int = 0
    refunded_cents: int = 0
    prize_cents: int = 0
    forfeited_cents: int = 0  # prizes that went back to the house (THC add. 15)
    late: bool = False
    club_player_id: ClubPlayerId | None = None  # the club's record of this person (issue 28)
    of_age: bool | None = None  # of the house's minimum age when the details were given
    re_entered: bool = False  # a re-entry followed this entry: it is over for good (TDA 8A)
    re_entry_of: PlayerId | None = None  # the entry this one re-entered: the same person

    def public(self) -> PublicPlayer:
        """What a display or another player may see."""
        return PublicPlayer(
            player_id=self.player_id,
            name=self.name,
            status=self.status,
            chips=self.chips,
            rebuys=self.rebuys,
            add_ons=self.add_ons,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PublicPlayer:
    """A player on a public screen: name, chips, re-buys and add-ons, nothing private."""

    player_id: PlayerId
    name: str
    status: PlayerStatus
    chips: int
    rebuys: int
    add_ons: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerChips:
    """A player's chip count (a stack after a hand or a colour-up)."""

    player_id: PlayerId
    chips: Annotated[int, Range(0, MAX_INT)]


PRIVATE_FIELDS = frozenset(f.name for f in fields(PersonalDetails))

DETAIL_WORDS: dict[str, str] = {
    "address": "address",
    "email": "e-mail",
    "phone": "phone",
    "date_of_birth": "date of birth",
    "national_id": "national id (SS#)",
    "driver_licence": "driver licence",
    "age_verified": "age verification",
}
"""Each private detail as the registration form names it (for messages; never its value)."""


def filled_details(details: PersonalDetails) -> tuple[str, ...]:
    """The private details given, by field name (which are filled, never what they hold)."""
    return tuple(d.value for d in PersonalDetail if details.has(d))


def details_given(details: PersonalDetails) -> tuple[PersonalDetail, ...]:
    """Which private details were given (THC 1): what the log keeps of them."""
    return tuple(d for d in PersonalDetail if details.has(d))


def of_age(min_age: int | None, details: PersonalDetails, now: int) -> bool | None:
    """Whether the player is at least ``min_age`` on the day of ``now`` (THC add. 15); None
    when the house sets no minimum age or no date of birth was given.

    Raises:
        RegistrationError: the date of birth is not a date.
    """
    birth = details.birth_date()
    if min_age is None or birth is None:
        return None
    return age_on(birth, date_of(now)) >= min_age


def details_subject(stream: str, player: Player) -> str:
    """Where the private store keeps ``player``'s details (issue 28): the club's record of the
    person when the entry names one, else ``<stream>/<player id>``."""
    if player.club_player_id is not None:
        return str(player.club_player_id)
    return f"{stream}/{player.player_id}"


def stored_details(data: Mapping[str, Any] | None) -> PersonalDetails:
    """The private store's record as `PersonalDetails` (its unknown keys ignored)."""
    if not data:
        return PersonalDetails()
    known = {k: v for k, v in data.items() if k in PRIVATE_FIELDS}
    return PersonalDetails(**known)


def details_record(details: PersonalDetails) -> dict[str, Any]:
    """``details`` as the private store keeps them: the given ones only."""
    return {d.value: getattr(details, d.value) for d in PersonalDetail if details.has(d)}


def date_of(now: int) -> dt.date:
    """The UTC calendar date of ``now`` (milliseconds since the Unix epoch)."""
    return (_EPOCH + dt.timedelta(milliseconds=now)).date()


def age_on(birth: dt.date, day: dt.date) -> int:
    """Whole years of age on ``day``."""
    years = day.year - birth.year
    if (day.month, day.day) < (birth.month, birth.day):
        years -= 1
    return years


def check_registration(rules: EntryRules, name: str, details: PersonalDetails | None) -> None:
    """A name is required; the house's required details must be given (THC 1); ``details``
    None: kept as they are (an edit of the name only), not checked again.

    Raises:
        RegistrationError: a missing name or detail, or a date of birth that is not a date.
    """
    if not name.strip():
        raise RegistrationError(
            "a player's name is required", code="name_required", params={"name": name}
        )
    if details is None:
        return
    missing = [d.value for d in rules.required_details if not details.has(d)]
    if missing:
        required = ", ".join(DETAIL_WORDS[d.value] for d in rules.required_details)
        raise RegistrationError(
            f"registration needs the {', '.join(DETAIL_WORDS[m] for m in missing)}: fill "
            f"{'it' if len(missing) == 1 else 'them'} in (the house requires {required}; THC 1)",
            code="details_required",
            params={"missing": missing, "required": [d.value for d in rules.required_details]},
        )
    details.birth_date()


__all__ = [
    "DETAIL_WORDS",
    "PRIVATE_FIELDS",
    "PersonalDetails",
    "Player",
    "PlayerChips",
    "PlayerId",
    "PlayerStatus",
    "PublicPlayer",
    "age_on",
    "check_registration",
    "date_of",
    "details_given",
    "details_record",
    "details_subject",
    "filled_details",
    "of_age",
    "stored_details",
]
