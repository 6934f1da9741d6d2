"""A multi-flight event's bags (issue 29): what a flight's survivors take to Day 2, and who
keeps which bag when one person survived several flights.

A flight is a tournament of its own (its stream, clock and ledger). When it ends, every
survivor's chips are counted and bagged (`Bag`): the bag names the player, the club's record
of the person if any, the chips, the table and seat, and where the count comes from (the
table's count at bagging, or the last hand pitboss dealt or recorded there). The flight's
`FlightRecord` keeps its bags and the pool it carried out to Day 2.

Day 2 is a new tournament made from the flights' bags (`DayTwoRecord`): one person in several
flights, known by their club record or by a name the director confirms, keeps one bag by the
house's setting (`pitboss.rules.flights.KeptBag`: the best, the first); the other bags'
chips leave play with the reason recorded (`LeftOutBag`). No rulebook of the seeds covers
flights; the sources of the settings are named in `pitboss.rules.flights`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, NamedTuple

from pitboss.errors import TournamentError
from pitboss.frozen_map import EMPTY_DICT
from pitboss.ids import ClubPlayerId, HandId, PlayerId
from pitboss.rules.flights import KeptBag
from pitboss.tournament.model.fields import Cents, SeatNumber, TableNumber
from pitboss.tournament.model.timeline import level_period
from pitboss.validation import MAX_INT, MAY_BE_BLANK, Range

if TYPE_CHECKING:
    from pitboss.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class Bag:
    """A survivor's chips as bagged at the end of their flight.

    ``entry_id`` is the survivor's player id in the flight (an entry: a re-entry is a new
    one, TDA 8A); ``club_player_id`` the club's record of the person. ``table`` and ``seat``
    are where they sat (none when the flight drew no seats). Where the chips come from:
    ``counted_by`` (not blank) counted them at the table as they were bagged; else
    ``hand_id``, the last hand pitboss dealt or recorded at the table; else pitboss's stacks,
    moved only by the bust-outs recorded. ``of_age``: whether the player was of the house's
    minimum age when they registered for the flight (THC add. 15), so Day 2 pays them
    without asking again.
    """

    entry_id: PlayerId
    name: str
    chips: Annotated[int, Range(1, MAX_INT)]
    club_player_id: ClubPlayerId | None = None
    table: TableNumber | None = None
    seat: SeatNumber | None = None
    hand_id: HandId | None = None
    counted_by: Annotated[str, MAY_BE_BLANK] = ""
    of_age: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightBags:
    """A bagged flight as Day 2 receives it: its tournament (``stream``), its name
    (``flight``: "Day 1A"), its event, its entries, the pool it carried out, when it was
    bagged, the level play resumes at, and its bags."""

    stream: str
    flight: str
    event: str
    entries: Annotated[int, Range(1, MAX_INT)]
    carried_cents: Cents
    bagged_at: Annotated[int, Range(0, MAX_INT)]
    resume_level: Annotated[int, Range(1, 10_000)] = 1
    bags: tuple[Bag, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedFlight:
    """A flight carried into Day 2: what it brought (entries, pool, bags, chips)."""

    stream: str
    flight: str
    entries: int
    carried_cents: int
    bagged_at: int
    bags: int
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftOutBag:
    """A bag that does not go on: its person keeps another (``kept_*``) by the house's
    setting; its chips leave play."""

    stream: str
    flight: str
    bag: Bag
    kept_stream: str
    kept_flight: str
    kept_chips: int
    kept_bag: KeptBag


@dataclass(frozen=True, slots=True, kw_only=True)
class CarriedBag:
    """Where a Day 2 player's chips come from: the flight (its stream and name) and the bag."""

    stream: str
    flight: str
    bag: Bag


class FlightRecord(NamedTuple):
    """A tournament that is a flight of an event, and once bagged, its bags and the pool it
    carried out; ``day_two`` is the Day 2 its bags went to."""

    event: str
    flight: str
    bags: tuple[Bag, ...] = ()
    bagged_at: int | None = None
    entries: int = 0
    carried_out_cents: int = 0
    resume_level: int = 1
    early: bool = False
    day_two: str | None = None
    day_two_name: str = ""

    @property
    def is_bagged(self) -> bool:
        """The survivors were bagged: the flight's play is over."""
        return self.bagged_at is not None


class DayTwoRecord(NamedTuple):
    """A tournament made from flights' bags: the flights carried in, the bags left out, each
    player's bag (``bag_of``, by Day 2's player id) and the level play resumes at."""

    event: str
    flights: tuple[CarriedFlight, ...]
    left_out: tuple[LeftOutBag, ...] = ()
    kept_bag: KeptBag = KeptBag.BEST
    resume_level: int = 1
    bag_of: Mapping[PlayerId, CarriedBag] = EMPTY_DICT

    @property
    def event_entries(self) -> int:
        """The whole event's entries: every flight's."""
        return sum(f.entries for f in self.flights)

    @property
    def carried_in_cents(self) -> int:
        """The pools the flights carried in."""
        return sum(f.carried_cents for f in self.flights)


# --- what a flight or a Day 2 changes in the director's reckoning ----------------------------


def payout_field(s: TournamentState) -> tuple[int, int | None]:
    """The entrants a tournament's payout table is looked up by, and the most places it pays
    (None: as the table says; 0: none).

    A flight pays nothing unless the house pays flights (then its own table for its own
    entries). Day 2's table follows the whole event's entries (every flight's, and any entry
    made in Day 2 itself) and pays at most Day 2's players: Day 2 awards places 1..N; the
    players out in a flight hold no place of it.
    """
    if s.flight is not None:
        return s.entries, (None if s.rules.tournament.flights.flights_pay else 0)
    if s.day_two is not None:
        own = s.entries - len(s.day_two.bag_of)
        return s.day_two.event_entries + own, s.entries
    return s.entries, None


def start_period(s: TournamentState) -> int:
    """The period a tournament's clock starts at: for a Day 2, the level its flights resume at
    (Day 2 plays on from where the flights stopped); otherwise the first."""
    if s.day_two is None or s.day_two.resume_level <= 1:
        return 0
    return level_period(s.rules.tournament.structure, s.day_two.resume_level).index


def carried_in_player(s: TournamentState, pid: PlayerId) -> CarriedBag | None:
    """The bag a Day 2 player came in with, or None (not a Day 2, or an entry made there)."""
    return None if s.day_two is None else s.day_two.bag_of.get(pid)


def bags_of(s: TournamentState, stream: str) -> FlightBags:
    """The bagged flight ``s`` (the tournament ``stream``) as its Day 2 receives it.

    Raises:
        TournamentError: ``not_a_flight``; ``flight_in_play``: not bagged yet.
    """
    record = s.flight
    if record is None:
        raise TournamentError(
            f"{s.name or stream} is not a flight of an event: a Day 2 is made from flights",
            code="not_a_flight",
            params={"stream": stream},
        )
    if record.bagged_at is None:
        raise TournamentError(
            f"{record.flight} ({s.name or stream}) is still in play: bag its survivors before "
            "Day 2 is made from it",
            code="flight_in_play",
            params={"stream": stream, "flight": record.flight},
        )
    return FlightBags(
        stream=stream,
        flight=record.flight,
        event=record.event,
        entries=record.entries,
        carried_cents=record.carried_out_cents,
        bagged_at=record.bagged_at,
        resume_level=record.resume_level,
        bags=record.bags,
    )


# --- one person's bags ------------------------------------------------------------------------


class Person(NamedTuple):
    """One person's bags in the flights (``(flight index, bag)`` in the flights' order)."""

    bags: tuple[tuple[int, Bag], ...]


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def people(
    flights: Sequence[FlightBags], same_person: Sequence[str], different_people: Sequence[str]
) -> tuple[Person, ...]:
    """The flights' bags as people: bags of one club record are one person's; bags of one name
    in different flights, without club records to tell them apart, are one person's when the
    director confirms the name in ``same_person`` and two people's when in
    ``different_people``.

    Raises:
        TournamentError: ``same_name_unconfirmed``: a name bagged in several flights that the
            director has not confirmed; ``bagged_twice``: one person's two bags in one flight
            (one person has one live entry in a flight); ``name_confirmed_twice``: a name in
            both lists.
    """
    same = {_name_key(n) for n in same_person}
    different = {_name_key(n) for n in different_people}
    both = sorted(same & different)
    if both:
        raise TournamentError(
            f"{', '.join(both)}: a name is confirmed as one person or as different people, "
            "not both",
            code="name_confirmed_twice",
            params={"names": both},
        )
    refs = [(i, bag) for i, f in enumerate(flights) for bag in f.bags]
    parent = list(range(len(refs)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    def join(a: int, b: int) -> None:
        parent[root(a)] = root(b)

    by_club: dict[ClubPlayerId, int] = {}
    by_name: dict[str, list[int]] = {}
    for k, (_, bag) in enumerate(refs):
        if bag.club_player_id is not None:
            if bag.club_player_id in by_club:
                join(k, by_club[bag.club_player_id])
            by_club.setdefault(bag.club_player_id, k)
        by_name.setdefault(_name_key(bag.name), []).append(k)
    unconfirmed: list[str] = []
    for key, ks in by_name.items():
        in_flights = {refs[k][0] for k in ks}
        clubs = {refs[k][1].club_player_id for k in ks}
        told_apart = None not in clubs  # every bag has a club record: they say who is who
        if len(in_flights) < 2 or told_apart or key in different:
            continue
        if key not in same:
            unconfirmed.append(refs[ks[0]][1].name)
            continue
        for k in ks[1:]:
            join(k, ks[0])
    if unconfirmed:
        listed = "; ".join(_where(flights, refs, by_name[_name_key(n)]) for n in unconfirmed)
        raise TournamentError(
            f"the same name bagged in more than one flight, with no club record to say who is "
            f"who: {listed}. Confirm each name as one person (same_person) or as different "
            "people (different_people)",
            code="same_name_unconfirmed",
            params={"names": unconfirmed},
        )
    groups: dict[int, list[int]] = {}
    for k in range(len(refs)):
        groups.setdefault(root(k), []).append(k)
    out: list[Person] = []
    for ks in groups.values():
        flights_of = [refs[k][0] for k in ks]
        twice = sorted({i for i in flights_of if flights_of.count(i) > 1})
        if twice:
            flight = flights[twice[0]].flight
            names = ", ".join(sorted({refs[k][1].name for k in ks if refs[k][0] == twice[0]}))
            raise TournamentError(
                f"{names}: one person's two bags in {flight}, but a person has one live entry "
                "in a flight; they are different people: give them their own club records, or "
                "confirm the name as different people (different_people)",
                code="bagged_twice",
                params={"flight": flight, "names": names},
            )
        out.append(Person(bags=tuple(refs[k] for k in sorted(ks))))
    return tuple(out)


def _where(
    flights: Sequence[FlightBags], refs: Sequence[tuple[int, Bag]], ks: Sequence[int]
) -> str:
    bags = [refs[k] for k in ks]
    return f"{bags[0][1].name} in " + ", ".join(
        f"{flights[i].flight} ({bag.chips:,} chips)" for i, bag in bags
    )


def kept(person: Person, flights: Sequence[FlightBags], policy: KeptBag) -> tuple[int, Bag]:
    """The bag ``person`` keeps: the largest (equal ones: the first bagged) or the first
    bagged (the same instant: the flight listed first)."""

    def first(ref: tuple[int, Bag]) -> tuple[int, int]:
        return flights[ref[0]].bagged_at, ref[0]

    if policy is KeptBag.BEST:
        return min(person.bags, key=lambda ref: (-ref[1].chips, *first(ref)))
    return min(person.bags, key=first)


__all__ = [
    "Bag",
    "CarriedBag",
    "CarriedFlight",
    "DayTwoRecord",
    "FlightBags",
    "FlightRecord",
    "LeftOutBag",
    "Person",
    "bags_of",
    "carried_in_player",
    "kept",
    "payout_field",
    "people",
    "start_period",
]
