"""Where a multi-flight event's numbers come from (issue 29): a flight's bags, and for a Day 2
each player's bag and flight, the pools carried from each flight, and whether they add up.

`flight_view` reads one flight; `day_two_provenance` reads a Day 2 with the flights' own
states as the service found them in their logs, and checks every number against its source:
the pools Day 2 carried in against what each flight carried out (to the cent), each flight's
bags against the bags Day 2 took in or left out, the entries, and that each flight's bags went
to this Day 2. What does not add up is said in words (``problems``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pitboss.errors import TournamentError
from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.money import format_money
from pitboss.tournament.features.bagging import bag_source
from pitboss.tournament.model.bags import Bag, DayTwoRecord
from pitboss.tournament.model.clock import format_instant
from pitboss.tournament.state import TournamentState


@dataclass(frozen=True, slots=True, kw_only=True)
class BagLine:
    """One bag as a report shows it: who, how many chips, where they sat, the count's source."""

    entry_id: PlayerId
    name: str
    chips: int
    club_player_id: ClubPlayerId | None
    table: int | None
    seat: int | None
    source: str


def bag_line(bag: Bag) -> BagLine:
    """``bag`` for a report."""
    return BagLine(
        entry_id=bag.entry_id,
        name=bag.name,
        chips=bag.chips,
        club_player_id=bag.club_player_id,
        table=bag.table,
        seat=bag.seat,
        source=bag_source(bag),
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightView:
    """A flight of an event as its console shows it: its pool, what it paid its own places,
    what it carried to Day 2, its bags (largest first) and where they went."""

    event: str
    flight: str
    bagged: bool
    bagged_at: str
    early: bool
    entries: int
    prize_pool_cents: int
    paid_here_cents: int
    carried_out_cents: int
    resume_level: int
    chips: int
    bags: tuple[BagLine, ...]
    day_two: str | None
    day_two_name: str


def flight_view(s: TournamentState) -> FlightView:
    """The flight ``s``'s bags and pools (before bagging: the flight as it stands, no bags).

    Raises:
        TournamentError: ``not_a_flight``.
    """
    record = s.flight
    if record is None:
        raise TournamentError(
            f"{s.name or 'this tournament'} is not a flight of an event",
            code="not_a_flight",
            params={"name": s.name},
        )
    bags = sorted(record.bags, key=lambda b: (-b.chips, b.name))
    pool = s.prize_pool_cents
    return FlightView(
        event=record.event,
        flight=record.flight,
        bagged=record.is_bagged,
        bagged_at="" if record.bagged_at is None else format_instant(record.bagged_at),
        early=record.early,
        entries=record.entries if record.is_bagged else s.entries,
        prize_pool_cents=pool,
        paid_here_cents=pool - record.carried_out_cents if record.is_bagged else 0,
        carried_out_cents=record.carried_out_cents,
        resume_level=record.resume_level,
        chips=sum(b.chips for b in bags),
        bags=tuple(bag_line(b) for b in bags),
        day_two=record.day_two,
        day_two_name=record.day_two_name,
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class DayTwoPlayer:
    """A Day 2 player and the bag they came in with: the flight (name and tournament) and the
    bag's line there."""

    player_id: PlayerId
    flight: str
    stream: str
    bag: BagLine


@dataclass(frozen=True, slots=True, kw_only=True)
class LeftOutLine:
    """A bag that did not go on, and the bag its person kept."""

    flight: str
    bag: BagLine
    kept_flight: str
    kept_chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightPool:
    """One flight's part of Day 2: as Day 2 recorded it, and as the flight's own log says
    (``flight_*``; None when its log was not read)."""

    stream: str
    flight: str
    entries: int
    carried_cents: int
    bags: int
    chips: int
    flight_entries: int | None
    flight_carried_cents: int | None
    flight_bags: int | None
    flight_chips: int | None


@dataclass(frozen=True, slots=True, kw_only=True)
class Provenance:
    """Day 2's provenance: each player's bag and flight, the bags left out, each flight's pool
    and bags, the totals, and whether every number adds up (``problems``: what does not)."""

    event: str
    resume_level: int
    players: tuple[DayTwoPlayer, ...]
    left_out: tuple[LeftOutLine, ...]
    flights: tuple[FlightPool, ...]
    entries: int
    carried_cents: int
    carried_in_cents: int
    prize_pool_cents: int
    chips_bagged: int
    chips_left_out: int
    chips_carried_in: int
    problems: tuple[str, ...]

    @property
    def adds_up(self) -> bool:
        """Every number matches its source."""
        return not self.problems


def _record(s: TournamentState) -> DayTwoRecord:
    if s.day_two is None:
        raise TournamentError(
            f"{s.name or 'this tournament'} is not a Day 2 made from flights",
            code="not_day_two",
            params={"name": s.name},
        )
    return s.day_two


def day_two_provenance(
    s: TournamentState, stream: str, flights: Mapping[str, TournamentState | None]
) -> Provenance:
    """Day 2 ``s`` (the tournament ``stream``), checked against its flights' own states
    (``flights`` by tournament id; None: that flight's log could not be read).

    Raises:
        TournamentError: ``not_day_two``.
    """
    record = _record(s)
    players = tuple(
        DayTwoPlayer(player_id=pid, flight=c.flight, stream=c.stream, bag=bag_line(c.bag))
        for pid, c in sorted(record.bag_of.items(), key=lambda kv: (-kv[1].bag.chips, kv[0]))
    )
    left = tuple(
        LeftOutLine(
            flight=x.flight, bag=bag_line(x.bag), kept_flight=x.kept_flight, kept_chips=x.kept_chips
        )
        for x in record.left_out
    )
    problems: list[str] = []
    pools = tuple(
        _pool(record, stream, f.stream, flights.get(f.stream), problems) for f in record.flights
    )
    carried = sum(f.carried_cents for f in record.flights)
    carried_in = s.ledger.carried_in_cents
    if carried != carried_in:
        problems.append(
            f"Day 2's ledger carried in {format_money(carried_in)}, but its flights carried "
            f"{format_money(carried)}"
        )
    bagged = sum(f.chips for f in record.flights)
    left_chips = sum(x.bag.chips for x in record.left_out)
    came_in = sum(c.bag.chips for c in record.bag_of.values())
    if came_in + left_chips != bagged:
        problems.append(
            f"the flights bagged {bagged:,} chips, but Day 2 took in {came_in:,} and left out "
            f"{left_chips:,}"
        )
    return Provenance(
        event=record.event,
        resume_level=record.resume_level,
        players=players,
        left_out=left,
        flights=pools,
        entries=record.event_entries,
        carried_cents=carried,
        carried_in_cents=carried_in,
        prize_pool_cents=s.prize_pool_cents,
        chips_bagged=bagged,
        chips_left_out=left_chips,
        chips_carried_in=came_in,
        problems=tuple(problems),
    )


def _pool(
    record: DayTwoRecord,
    day_two: str,
    stream: str,
    flight: TournamentState | None,
    problems: list[str],
) -> FlightPool:
    """One flight's pool and bags, as Day 2 recorded them and as the flight's log says."""
    carried = next(f for f in record.flights if f.stream == stream)
    own = None if flight is None else flight.flight
    if own is None or not own.is_bagged:
        problems.append(f"{carried.flight}'s own log ({stream}) was not read as a bagged flight")
        return FlightPool(
            stream=stream,
            flight=carried.flight,
            entries=carried.entries,
            carried_cents=carried.carried_cents,
            bags=carried.bags,
            chips=carried.chips,
            flight_entries=None,
            flight_carried_cents=None,
            flight_bags=None,
            flight_chips=None,
        )
    name = carried.flight
    if own.carried_out_cents != carried.carried_cents:
        problems.append(
            f"{name} carried out {format_money(own.carried_out_cents)} by its own log, Day 2 "
            f"took in {format_money(carried.carried_cents)}"
        )
    if own.entries != carried.entries:
        problems.append(
            f"{name} had {own.entries} entries by its own log, Day 2 counts {carried.entries}"
        )
    taken = {c.bag for c in record.bag_of.values() if c.stream == stream}
    taken |= {x.bag for x in record.left_out if x.stream == stream}
    if set(own.bags) != taken:
        problems.append(f"{name}'s bags by its own log are not the bags Day 2 took in or left out")
    if own.day_two != day_two:
        where = "no Day 2" if own.day_two is None else f"Day 2 {own.day_two}"
        problems.append(f"{name}'s own log says its bags went to {where}, not to {day_two}")
    return FlightPool(
        stream=stream,
        flight=name,
        entries=carried.entries,
        carried_cents=carried.carried_cents,
        bags=carried.bags,
        chips=carried.chips,
        flight_entries=own.entries,
        flight_carried_cents=own.carried_out_cents,
        flight_bags=len(own.bags),
        flight_chips=sum(b.chips for b in own.bags),
    )


__all__ = [
    "BagLine",
    "DayTwoPlayer",
    "FlightPool",
    "FlightView",
    "LeftOutLine",
    "Provenance",
    "bag_line",
    "day_two_provenance",
    "flight_view",
]
