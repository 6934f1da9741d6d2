"""A flight of a multi-flight event (issue 29): named as one, bagged at its end, carried on.

A flight is a tournament like any other (its own log, clock and ledger) that the director names
as a flight of an event before it starts (`OpenFlight`): from then on it pays no places of its
own unless the house pays flights (`pitboss.rules.flights.FlightRules.flights_pay`), and its
last player left is not its winner but its last survivor.

At its end (the house's `FlightRules.end`: after a set level, at a share of the field left, or
on the director's word) the director bags it (`BagFlight`): every survivor's chips are counted
(the tables a person deals are counted there, `pitboss.tournament.features.counts`; a table
whose hands pitboss dealt or recorded knows its stacks from its last hand) and recorded as
bags; play ends (the clock stops, no more hands) and the flight's pool, less what it pays its
own places, is carried out to Day 2 (a ledger line, so the flight's books still balance).
Survivors have no place: they play on in Day 2. `CarryFlight` records which Day 2 the bags
went to, so a flight never goes into two.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import TournamentError
from pitboss.ids import TableNo
from pitboss.money import format_money
from pitboss.rules.flights import FlightEnd
from pitboss.tournament.features.counts import count_of
from pitboss.tournament.features.counts import is_dealt_by_a_person as by_a_person
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model import ledger as ldg
from pitboss.tournament.model.bags import Bag, FlightRecord
from pitboss.tournament.model.entries import PlayerChips, PlayerStatus
from pitboss.tournament.model.fields import Reason, TableNumber
from pitboss.tournament.model.timeline import PeriodKind, level_period
from pitboss.tournament.model.words import joined, plural
from pitboss.tournament.registry import Command, Context, Event, describes, folds, handles
from pitboss.tournament.state import Phase, TournamentState, apply

# --- commands ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenFlight(Command):
    """Name this tournament as a flight of a multi-flight event, before it starts: ``event``
    ("Spring Classic") and ``flight`` ("Day 1A"). Its survivors are bagged for Day 2."""

    event: str
    flight: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableStacks:
    """Every player's chips at ``table`` as counted there as they are bagged; ``counted_by``
    says who counted (blank: the director)."""

    table: TableNumber
    stacks: tuple[PlayerChips, ...]
    counted_by: Reason = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BagFlight(Command):
    """End the flight: bag every survivor's chips for Day 2 and stop play.

    ``counts``: the chips counted at each table a person deals (required for those; pitboss
    knows the stacks of a table whose hands it dealt or recorded). ``early``: the director ends
    the flight before the house's set end (the level, the share of the field left).
    """

    counts: tuple[TableStacks, ...] = ()
    early: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class CarryFlight(Command):
    """Record that this bagged flight's bags went to the Day 2 ``day_two`` (its tournament's
    id) called ``day_two_name``: a flight's bags go to one Day 2 only."""

    day_two: str
    day_two_name: str


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightOpened(Event):
    """This tournament is the flight ``flight`` of the event ``event`` (issue 29)."""

    at: int
    event: str
    flight: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightBagged(Event):
    """The flight's survivors were bagged and its play ended: ``bags``, the pool carried out
    to Day 2, the entries it had, the level Day 2 resumes at, and whether the director ended
    it before the house's set end (``early``)."""

    at: int
    bags: tuple[Bag, ...]
    carried_out_cents: int
    entries: int
    resume_level: int
    early: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightCarried(Event):
    """The flight's bags went to the Day 2 ``day_two`` (its tournament's id)."""

    at: int
    day_two: str
    day_two_name: str


# --- folds ------------------------------------------------------------------------------------


@folds(FlightOpened)
def _opened(state: TournamentState, event: FlightOpened) -> TournamentState:
    return state._replace(flight=FlightRecord(event=event.event, flight=event.flight))


@folds(FlightBagged)
def _bagged(state: TournamentState, event: FlightBagged) -> TournamentState:
    assert state.flight is not None
    record = state.flight._replace(
        bags=event.bags,
        bagged_at=event.at,
        entries=event.entries,
        carried_out_cents=event.carried_out_cents,
        resume_level=event.resume_level,
        early=event.early,
    )
    return state._replace(
        flight=record,
        phase=Phase.FINISHED,
        clock=clk.paused(state.clock, event.at),
        ledger=ldg.carried_out(state.ledger, event.carried_out_cents),
    )


@folds(FlightCarried)
def _carried(state: TournamentState, event: FlightCarried) -> TournamentState:
    assert state.flight is not None
    record = state.flight._replace(day_two=event.day_two, day_two_name=event.day_two_name)
    return state._replace(flight=record)


# --- rulings ----------------------------------------------------------------------------------


def a_flight(s: TournamentState, what: str) -> FlightRecord:
    """This tournament's flight record.

    Raises:
        TournamentError: ``not_a_flight``.
    """
    if s.flight is None:
        raise TournamentError(
            f"{s.name or 'this tournament'} is not a flight of an event: {what} is for a "
            "flight (name it as one before it starts: OpenFlight)",
            code="not_a_flight",
            params={"name": s.name},
        )
    return s.flight


def _open(s: TournamentState, c: OpenFlight, now: int) -> list[Event]:
    event, flight = c.event.strip(), c.flight.strip()
    if s.flight is not None:
        raise TournamentError(
            f"this tournament is already {s.flight.flight} of {s.flight.event}",
            code="already_a_flight",
            params={"event": s.flight.event, "flight": s.flight.flight},
        )
    if s.day_two is not None:
        raise TournamentError(
            f"this tournament is the Day 2 of {s.day_two.event}, made from flights; it cannot "
            "be a flight too",
            code="day_two_not_a_flight",
            params={"event": s.day_two.event},
        )
    if s.phase is not Phase.REGISTRATION:
        raise TournamentError(
            "a tournament is named as a flight before it starts (its payouts depend on it); "
            f"this one is {s.phase.value}",
            code="already_started",
            params={"phase": s.phase.value},
        )
    return [FlightOpened(at=now, event=event, flight=flight)]


def end_reached(s: TournamentState) -> str | None:
    """Why the flight may not be bagged yet by the house's setting, or None when it may."""
    rules = s.rules.tournament.flights
    if rules.end is FlightEnd.END_OF_LEVEL:
        assert rules.end_after_level is not None
        last = level_period(s.rules.tournament.structure, rules.end_after_level)
        if s.clock.period <= last.index:
            return (
                f"the house ends a flight when level {rules.end_after_level} has run out; it is "
                f"{s.period.label()}"
            )
    if rules.end is FlightEnd.SHARE_LEFT:
        assert rules.percent_left is not None
        target = s.entries * rules.percent_left // 100
        if s.players_left > max(target, 1):
            return (
                f"the house ends a flight when {rules.percent_left}% of its {s.entries} entries "
                f"or fewer are left ({max(target, 1)}); {s.players_left} are left"
            )
    return None


def _resume_level(s: TournamentState) -> int:
    """The level Day 2 resumes at: the level in play, or the next after a break."""
    period = s.period
    if period.kind is PeriodKind.LEVEL:
        return period.level
    return min(period.level + 1, len(s.rules.tournament.structure.levels))


def _counted(
    s: TournamentState, c: BagFlight, now: int
) -> tuple[list[Event], dict[TableNo, str], TournamentState]:
    """The counts of the bag, checked as any count is, one a table: their events, who counted
    each table, and the state after them."""
    events: list[Event] = []
    tables: dict[TableNo, str] = {}
    after = s
    for count in c.counts:
        table = TableNo(count.table)
        if table in tables:
            raise TournamentError(
                f"table {table} is counted twice in the bag: count each table once",
                code="table_counted_twice",
                params={"table": table},
            )
        event = count_of(after, table, count.stacks, count.counted_by, now, what="the bag count")
        tables[table] = event.counted_by
        events.append(event)
        after = apply(after, event)
    return events, tables, after


def _bag(s: TournamentState, c: BagFlight, now: int) -> list[Event]:
    record = a_flight(s, "bagging")  # once bagged, play is over (the aggregate refuses)
    if s.phase not in (Phase.RUNNING, Phase.STOPPED):
        raise TournamentError(
            f"{record.flight} is bagged at the end of its play; it is {s.phase.value}",
            code="not_running",
            params={"flight": record.flight, "phase": s.phase.value},
        )
    busy = sorted(h.table for h in s.open_hands())
    if busy:
        raise TournamentError(
            f"{plural(len(busy), 'table')} ({', '.join(map(str, busy))}) "
            f"{'has' if len(busy) == 1 else 'have'} a hand in play: bag between hands",
            code="hand_in_play",
            params={"tables": busy},
        )
    why = end_reached(s)
    if why is not None and not c.early:
        raise TournamentError(
            f"{record.flight} does not end yet: {why}. To end it now, bag it early (the "
            "director's word)",
            code="flight_not_over",
            params={"flight": record.flight, "why": why},
        )
    events, counted, after = _counted(s, c, now)
    uncounted = [t for t in sorted(s.tables) if by_a_person(s, t) and t not in counted]
    if uncounted:
        raise TournamentError(
            f"{record.flight}'s {'table' if len(uncounted) == 1 else 'tables'} "
            f"{joined([str(t) for t in uncounted])} {'is' if len(uncounted) == 1 else 'are'} "
            "dealt by a person: count the chips there as they are bagged",
            code="bag_uncounted",
            params={"flight": record.flight, "tables": uncounted},
        )
    bags = _bags(after, counted)
    paid_here = sum(s.prizes_cents[len(bags) :])  # the places below the survivors' (flights_pay)
    events.append(
        FlightBagged(
            at=now,
            bags=bags,
            carried_out_cents=after.prize_pool_cents - paid_here,
            entries=after.entries,
            resume_level=_resume_level(after),
            early=why is not None,
        )
    )
    return events


def _bags(s: TournamentState, counted: dict[TableNo, str]) -> tuple[Bag, ...]:
    """Each survivor's bag, by table and seat (registration order when unseated)."""
    out = []
    for pid, player in s.players.items():
        if player.status is not PlayerStatus.ACTIVE or player.chips <= 0 or s.is_out(pid):
            continue
        table = s.tables.table_of(pid)
        seat = None if table is None else s.tables[table].seat_of(pid)
        out.append(
            Bag(
                entry_id=pid,
                name=player.name,
                chips=player.chips,
                club_player_id=player.club_player_id,
                table=table,
                seat=seat,
                hand_id=None if table is None else s.last_hand_at.get(table),
                counted_by="" if table is None else counted.get(table, ""),
                of_age=player.of_age,
            )
        )
    return tuple(sorted(out, key=lambda b: (b.table or 0, b.seat or 0)))


def _carry(s: TournamentState, c: CarryFlight, now: int) -> list[Event]:
    record = a_flight(s, "carrying bags to Day 2")
    if not record.is_bagged:
        raise TournamentError(
            f"{record.flight} is still in play: bag it before its bags go to Day 2",
            code="flight_in_play",
            params={"flight": record.flight},
        )
    if record.day_two == c.day_two:
        return []
    if record.day_two is not None:
        raise TournamentError(
            f"{record.flight}'s bags went to {record.day_two_name or 'a Day 2'} "
            f"({record.day_two}) already: a flight's bags go to one Day 2",
            code="flight_used",
            params={"flight": record.flight, "day_two": record.day_two},
        )
    return [FlightCarried(at=now, day_two=c.day_two, day_two_name=c.day_two_name.strip())]


# --- handlers ---------------------------------------------------------------------------------


@handles(OpenFlight)
def _open_flight(s: TournamentState, c: OpenFlight, ctx: Context) -> list[Event]:
    return _open(s, c, ctx.now)


@handles(BagFlight)
def _bag_flight(s: TournamentState, c: BagFlight, ctx: Context) -> list[Event]:
    return _bag(s, c, ctx.now)


@handles(CarryFlight)
def _carry_flight(s: TournamentState, c: CarryFlight, ctx: Context) -> list[Event]:
    return _carry(s, c, ctx.now)


# --- the log's lines --------------------------------------------------------------------------


@describes(FlightOpened)
def _opened_line(e: FlightOpened, s: TournamentState) -> str:
    return f"{s.name or 'This tournament'} is {e.flight} of {e.event}: its survivors bag for Day 2"


def bag_source(bag: Bag) -> str:
    """Where a bag's chips come from, in words."""
    if bag.counted_by:
        return f"counted by {bag.counted_by}"
    if bag.hand_id is not None:
        return f"after hand {bag.hand_id}"
    return "as pitboss had them"


@describes(FlightBagged)
def _bagged_line(e: FlightBagged, s: TournamentState) -> str:
    flight = s.flight.flight if s.flight is not None else "The flight"
    chips = sum(b.chips for b in e.bags)
    early = " before its set end, on the director's word" if e.early else ""
    return (
        f"{flight} bagged{early}: {plural(len(e.bags), 'survivor')} of "
        f"{e.entries} entries, {chips:,} chips; {format_money(e.carried_out_cents)} of the pool "
        f"carried to Day 2, which resumes at level {e.resume_level}"
    )


@describes(FlightCarried)
def _carried_line(e: FlightCarried, s: TournamentState) -> str:
    flight = s.flight.flight if s.flight is not None else "The flight"
    return f"{flight}'s bags went to {e.day_two_name or 'Day 2'} ({e.day_two})"


__all__ = [
    "BagFlight",
    "CarryFlight",
    "FlightBagged",
    "FlightCarried",
    "FlightOpened",
    "OpenFlight",
    "TableStacks",
    "a_flight",
    "bag_source",
    "end_reached",
]
