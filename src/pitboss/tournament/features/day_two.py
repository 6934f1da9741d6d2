"""Day 2 of a multi-flight event (issue 29): a new tournament made from its flights' bags.

`MergeFlights` carries each bagged flight as the service read it from the flight's own log
(`pitboss.tournament.model.bags.FlightBags`: its bags, entries and the pool it carried out).
The same person in several flights (one club record, or one name the director confirms) keeps
one bag by the house's setting (`pitboss.rules.flights.KeptBag`), the other bags' chips leave
play with the reason recorded; each player comes in with their bag (`PlayerCarriedIn`: the
stack is the bagged count, and the event names the flight and the bag); a random draw seats
them (the draw is recorded, so replay never draws again); the prize pool is the flights' pools
carried in (a ledger line equal to the sum of what the flights carried out, to the cent); the
payout table follows the whole event's entries, and Day 2 awards places 1..N to its N players
(`pitboss.tournament.model.bags.payout_field`). Play resumes at the flights' level when Day 2
starts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pitboss.errors import TournamentError
from pitboss.frozen_map import frozen_dict
from pitboss.ids import PlayerId
from pitboss.money import format_money
from pitboss.rules.flights import KeptBag
from pitboss.tournament.features.tables import SeatsDrawn, need_rng
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model.bags import (
    Bag,
    CarriedBag,
    CarriedFlight,
    DayTwoRecord,
    FlightBags,
    LeftOutBag,
    kept,
    people,
)
from pitboss.tournament.model.entries import Player
from pitboss.tournament.model.fields import LevelNumber
from pitboss.tournament.model.seating import draw_tables
from pitboss.tournament.model.timeline import level_period
from pitboss.tournament.model.words import joined, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import Phase, TournamentState, with_players

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MergeFlights(Command):
    """Make this tournament the Day 2 of ``event`` from its bagged ``flights``, drawing seats.

    ``same_person`` and ``different_people``: names bagged in several flights without club
    records to tell them apart, confirmed by the director as one person or as different
    people. ``resume_level``: the level play resumes at (default: the latest the flights
    reached).
    """

    event: str
    flights: tuple[FlightBags, ...]
    same_person: tuple[str, ...] = ()
    different_people: tuple[str, ...] = ()
    resume_level: LevelNumber | None = None


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightsMerged(Event):
    """This tournament is the Day 2 of ``event``: the flights carried in (their entries,
    pools and bags), the bags left out (a person keeps one, ``kept_bag``), and the level play
    resumes at. The pools carried in are its prize pool."""

    at: int
    event: str
    flights: tuple[CarriedFlight, ...]
    left_out: tuple[LeftOutBag, ...] = ()
    kept_bag: KeptBag = KeptBag.BEST
    resume_level: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCarriedIn(Event):
    """A player came into Day 2 with their bag from the flight ``flight`` (its tournament
    ``stream``): the bagged chips are their stack; they paid nothing here (their entry was the
    flight's)."""

    at: int
    player_id: PlayerId
    stream: str
    flight: str
    bag: Bag


# --- folds ------------------------------------------------------------------------------------


@folds(FlightsMerged)
def _merged(state: TournamentState, event: FlightsMerged) -> TournamentState:
    record = DayTwoRecord(
        event=event.event,
        flights=event.flights,
        left_out=event.left_out,
        kept_bag=event.kept_bag,
        resume_level=event.resume_level,
    )
    carried = sum(f.carried_cents for f in event.flights)
    return state._replace(day_two=record, ledger=ldg.carried_in(state.ledger, carried))


@folds(PlayerCarriedIn)
def _carried_in(state: TournamentState, event: PlayerCarriedIn) -> TournamentState:
    record = state.day_two
    assert record is not None
    bag = event.bag
    player = Player(
        player_id=event.player_id,
        name=bag.name,
        chips=bag.chips,
        club_player_id=bag.club_player_id,
        of_age=bag.of_age,  # THC add. 15, as registered for the flight
    )
    state = with_players(state, {event.player_id: player})
    carried = CarriedBag(stream=event.stream, flight=event.flight, bag=bag)
    bag_of = frozen_dict(record.bag_of).updated({event.player_id: carried})
    return state._replace(day_two=record._replace(bag_of=bag_of))


# --- rulings ----------------------------------------------------------------------------------


def _check_flights(s: TournamentState, c: MergeFlights) -> None:
    """One event's flights, each once, into a Day 2 that has no players yet."""
    if s.flight is not None:
        raise TournamentError(
            f"this tournament is {s.flight.flight} of {s.flight.event}: a flight cannot be a "
            "Day 2; make Day 2 a tournament of its own",
            code="flight_not_day_two",
            params={"flight": s.flight.flight},
        )
    if s.day_two is not None:
        listed = joined([f.flight for f in s.day_two.flights])
        raise TournamentError(
            f"this Day 2 was made from {listed} already: its players are in",
            code="day_two_made",
            params={"flights": [f.flight for f in s.day_two.flights]},
        )
    if s.phase is not Phase.REGISTRATION or s.players:
        raise TournamentError(
            "Day 2 is made from the flights before anyone else registers and before it "
            f"starts; this tournament is {s.phase.value} with {plural(len(s.players), 'entry')}",
            code="day_two_not_empty",
            params={"phase": s.phase.value, "players": len(s.players)},
        )
    if not c.flights:
        raise TournamentError(
            "Day 2 is made from one or more bagged flights; none was given",
            code="no_flights",
            params={},
        )
    for what, key in (("tournament", "stream"), ("name", "flight")):
        values = [getattr(f, key) for f in c.flights]
        twice = sorted({v for v in values if values.count(v) > 1})
        if twice:
            raise TournamentError(
                f"the flight {twice[0]} is listed twice (by its {what}): a flight's bags go to "
                "Day 2 once",
                code="flight_twice",
                params={"flights": twice},
            )
    others = sorted({f.event for f in c.flights if f.event != c.event.strip()})
    if others:
        wrong = [f.flight for f in c.flights if f.event in others]
        raise TournamentError(
            f"{joined(wrong)} {'is a flight' if len(wrong) == 1 else 'are flights'} of "
            f"{joined(others)}, not of {c.event.strip()}: a Day 2 merges one event's flights",
            code="other_event",
            params={"event": c.event, "flights": wrong, "events": others},
        )
    for f in c.flights:
        ids = [b.entry_id for b in f.bags]
        twice = sorted({p for p in ids if ids.count(p) > 1})
        if twice:
            raise TournamentError(
                f"{f.flight} lists the bag of its entry {twice[0]!r} twice: one bag a survivor",
                code="bag_twice",
                params={"flight": f.flight, "players": twice},
            )


def _merge(s: TournamentState, c: MergeFlights, ctx: Context) -> list[Event]:
    _check_flights(s, c)
    rules = s.rules
    level = c.resume_level or max(f.resume_level for f in c.flights)
    level_period(rules.tournament.structure, level)  # refused when the structure has no such level
    policy = rules.tournament.flights.kept_bag
    flights = c.flights
    persons = people(flights, c.same_person, c.different_people)
    keep: dict[tuple[int, PlayerId], None] = {}
    left_out: list[LeftOutBag] = []
    for person in persons:
        at, bag = kept(person, flights, policy)
        keep[(at, bag.entry_id)] = None
        for other_at, other in person.bags:
            if (other_at, other.entry_id) == (at, bag.entry_id):
                continue
            left_out.append(
                LeftOutBag(
                    stream=flights[other_at].stream,
                    flight=flights[other_at].flight,
                    bag=other,
                    kept_stream=flights[at].stream,
                    kept_flight=flights[at].flight,
                    kept_chips=bag.chips,
                    kept_bag=policy,
                )
            )
    carried = [
        PlayerCarriedIn(
            at=ctx.now,
            player_id=_day_two_id(i, bag.entry_id),
            stream=f.stream,
            flight=f.flight,
            bag=bag,
        )
        for i, f in enumerate(flights)
        for bag in f.bags
        if (i, bag.entry_id) in keep
    ]
    if len(carried) < 2:
        raise TournamentError(
            f"Day 2 needs at least two players; the flights bring {len(carried)}",
            code="too_few_players",
            params={"players": len(carried), "min_players": 2},
        )
    merged = FlightsMerged(
        at=ctx.now,
        event=c.event.strip(),
        flights=tuple(_carried_flight(f) for f in flights),
        left_out=tuple(left_out),
        kept_bag=policy,
        resume_level=level,
    )
    events: list[Event] = [merged, *carried]
    seats = rules.table.seats_for(rules.tournament.seating.phase_at(level))
    players = [e.player_id for e in carried]
    drawn = draw_tables(players, seats, rules, need_rng(ctx.rng, "Day 2's seat draw (TDA 7)"))
    events.append(SeatsDrawn(at=ctx.now, tables=drawn))
    return events


def _day_two_id(index: int, pid: PlayerId) -> PlayerId:
    """A Day 2 player's id: the flight's place in the merge and the flight's own id (ids are
    a flight's own: two flights both have a ``p1``)."""
    return PlayerId(f"f{index + 1}-{pid}")


def _carried_flight(f: FlightBags) -> CarriedFlight:
    return CarriedFlight(
        stream=f.stream,
        flight=f.flight,
        entries=f.entries,
        carried_cents=f.carried_cents,
        bagged_at=f.bagged_at,
        bags=len(f.bags),
        chips=sum(b.chips for b in f.bags),
    )


# --- handlers ---------------------------------------------------------------------------------


@handles(MergeFlights)
def _merge_flights(s: TournamentState, c: MergeFlights, ctx: Context) -> list[Event]:
    return _merge(s, c, ctx)


# --- the log's lines --------------------------------------------------------------------------


def _kept_words(b: LeftOutBag) -> str:
    """Which bag the person keeps instead, and why (the house's setting)."""
    if b.kept_bag is KeptBag.FIRST:
        why = "the first bagged"
    elif b.kept_chips == b.bag.chips:
        why = "the best; equal bags, the first bagged"
    else:
        why = "the best"
    return f"keeps {b.kept_flight}'s {b.kept_chips:,}, {why}"


def _left_words(left: Sequence[LeftOutBag]) -> str:
    if not left:
        return ""
    parts = [f"{b.bag.name}'s {b.flight} bag of {b.bag.chips:,} ({_kept_words(b)})" for b in left]
    return f"; {plural(len(left), 'bag')} left out, the chips leaving play: " + ", ".join(parts)


@describes(FlightsMerged)
def _merged_line(e: FlightsMerged, s: TournamentState) -> str:
    flights = ", ".join(
        f"{f.flight} {format_money(f.carried_cents)} ({plural(f.bags, 'bag')}, {f.entries} entries)"
        for f in e.flights
    )
    total = sum(f.carried_cents for f in e.flights)
    entries = sum(f.entries for f in e.flights)
    return (
        f"Day 2 of {e.event} made from {plural(len(e.flights), 'flight')}: {flights}; prize "
        f"pool {format_money(total)} for {entries} entries; play resumes at level "
        f"{e.resume_level}{_left_words(e.left_out)}"
    )


@describes(PlayerCarriedIn)
def _carried_in_line(e: PlayerCarriedIn, s: TournamentState) -> str:
    bag = e.bag
    where = "" if bag.table is None else f" at table {bag.table} seat {bag.seat}"
    return f"{bag.name} in from {e.flight} with the {bag.chips:,} chips bagged there{where}"


__all__ = ["FlightsMerged", "MergeFlights", "PlayerCarriedIn"]
