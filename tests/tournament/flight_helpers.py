"""Flights of one event played on a seeded floor, bagged, and merged into a Day 2 (issue 29)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from pitboss.ids import ClubPlayerId, PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.flights import FlightRules, KeptBag
from pitboss.tournament import commands as c
from pitboss.tournament.features.bagging import TableStacks
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.model.bags import FlightBags, bags_of
from pitboss.tournament.model.entries import PersonalDetails, PlayerChips
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

from .floor_helpers import Floor

EVENT = "Spring Classic"


def event_rules(
    *, kept: KeptBag = KeptBag.BEST, pay: bool = False, preset: str = "tda", dealt: bool = False
) -> RuleSet:
    """A preset with the event's flight settings (``dealt``: the software deals, the seat
    changes made as they fall due)."""
    rules = RuleSet.from_preset(preset)
    t = rules.tournament
    flights = FlightRules(kept_bag=kept, flights_pay=pay)
    seating = replace(t.seating, auto_apply_moves=dealt)
    return replace(rules, tournament=replace(t, flights=flights, seating=seating))


class Flight(Floor):
    """One flight: named, its players registered (``name`` or ``name@club``), started."""

    def __init__(
        self,
        label: str,
        players: Sequence[str],
        rules: RuleSet,
        *,
        seed: int = 7,
        at: int | None = None,
        details: PersonalDetails | None = None,
    ) -> None:
        super().__init__(rules, seed=seed)
        if at is not None:
            self.now = at
        self.label = label
        self.stream = "flight-" + label.lower().replace(" ", "")
        self.do(c.OpenFlight(event=EVENT, flight=label))
        for text in players:
            name, _, club = text.partition("@")
            self.do(
                c.RegisterPlayer(
                    player_id=PlayerId(name.lower().replace(" ", "")),
                    name=name,
                    club_player_id=ClubPlayerId(club) if club else None,
                    details=details or PersonalDetails(),
                )
            )
        self.do(c.StartTournament())

    def counts(self) -> tuple[TableStacks, ...]:
        """Every table dealt by a person counted as pitboss has it."""
        out = []
        for number, table in sorted(self.state.tables.items()):
            if number in self.state.last_hand_at:
                continue
            stacks = tuple(
                PlayerChips(player_id=p, chips=self.state.players[p].chips) for p in table.players()
            )
            out.append(TableStacks(table=number, stacks=stacks, counted_by="Dana"))
        return tuple(out)

    def bag(self, *, early: bool = False) -> None:
        self.do(c.BagFlight(counts=self.counts(), early=early))

    def bags(self) -> FlightBags:
        return bags_of(self.state, self.stream)

    def busts(self, k: int) -> None:
        """``k`` players go out, one hand each, at the fullest table."""
        for _ in range(k):
            table = max(self.state.tables.values(), key=lambda t: t.size).number
            self.bust_dealt(table)


def day_two(
    flights: Sequence[Flight], rules: RuleSet, *, seed: int = 11, **fields: object
) -> Floor:
    """Day 2 made from ``flights`` (``fields``: the rest of `MergeFlights`)."""
    d = Floor(rules, seed=seed)
    d.now = max(f.now for f in flights) + 60_000
    d.do(c.MergeFlights(event=EVENT, flights=tuple(f.bags() for f in flights), **fields))  # type: ignore[arg-type]
    return d


Log = tuple[Event, ...]

NIGHT_1A = (
    *("Ann Lee@c-ann", "Bo Chen", "Cy Diaz", "Di Eng", "Ed Fox", "Flo Gray"),
    *(f"Player {chr(65 + i)}" for i in range(6)),
)
NIGHT_1B = ("Ann Lee@c-ann", "Gus Hahn", "Hal Ives", "Ida Jones", "Jo King")


def _log(f: Floor, name: str) -> Log:
    return (TournamentCreated(at=f.log[0].at, name=name, rules=f.rules), *f.log)


def flights_played(*, kept: KeptBag = KeptBag.BEST) -> tuple[Flight, Flight]:
    """Day 1A (12 players over two tables: a hand dealt at Ann Lee's table, where she doubles
    up, the other table counted as it is bagged) and Day 1B the next day (Ann Lee again: she
    busts Gus Hahn and Hal Ives, 60,000), both bagged early; Day 1A's bags went to Day 2."""
    rules = event_rules(kept=kept)
    a = Flight("Day 1A", NIGHT_1A, rules, seed=5)
    table = a.table_of("annlee")
    other = next(p for p in a.state.tables[table].players() if p not in ("annlee",))
    a.bust(table, [str(other)], winner="annlee")
    a.bag(early=True)
    a.do(c.CarryFlight(day_two="day-2", day_two_name="Spring Classic Day 2"))
    b = Flight("Day 1B", NIGHT_1B, rules, seed=6, at=a.now + 86_400_000)
    b.bust(1, ["gushahn", "halives"], winner="annlee")
    b.bag(early=True)
    return a, b


def flight_night() -> tuple[Log, TournamentState]:
    """A flight to its bags and its Day 2 (every flight event narrated)."""
    a, _ = flights_played()
    return _log(a, "Spring Classic Day 1A"), a.state


def day_two_night() -> tuple[Log, TournamentState]:
    """A Day 2 made from two flights, Ann Lee's second bag left out, started at its level."""
    a, b = flights_played()
    d = day_two([a, b], event_rules())
    d.do(c.StartTournament())
    return _log(d, "Spring Classic Day 2"), d.state
