"""A multi-flight event across its tournaments (issue 29): Day 2 made from the flights' logs,
and Day 2's provenance read back from them.

The core decides within one tournament; reading other tournaments' logs is the service's (as
`pitboss.service.league` reads every night of a season). `MultiFlight.start_day_two` reads each
flight as its own log has it now (bagged, and not gone to another Day 2), checks the whole
merge before anything is written (`MergeFlights` decided on a scratch state), then records in
each flight the Day 2 its bags go to (`CarryFlight`: a flight's bags go to one Day 2, and a
second attempt is refused in words), creates Day 2 and merges the bags into it. If the writes
stop half way (the database went away), the same call with the same Day 2 id finishes the job:
a flight already marked for that Day 2 is marked again with no event, and a Day 2 created but
not yet merged is merged.

Day 2's rules are the first flight's, re-buys, the add-on and late registration off (nobody
buys chips in a Day 2 made from bags), unless the director gives others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from pitboss.errors import StoreError, TournamentError
from pitboss.rules import RuleSet
from pitboss.service.director import DirectorService, LiveTournament
from pitboss.store.sql import new_stream_id
from pitboss.tournament import commands as cmd
from pitboss.tournament.aggregate import decide
from pitboss.tournament.model.bags import FlightBags, bags_of
from pitboss.tournament.reading.provenance import (
    FlightView,
    Provenance,
    day_two_provenance,
    flight_view,
)
from pitboss.tournament.state import TournamentState, fold

Opener = Callable[[str], LiveTournament]
"""Opens a tournament by id (the director service's ``open``, or a server hub's, which keeps
one `LiveTournament` a stream)."""


def day_two_rules(rules: RuleSet) -> RuleSet:
    """A flight's rules for its Day 2: nobody buys chips or enters late in a Day 2 made from
    bags (re-buys, the add-on, late registration and a sit & go's start when full off)."""
    t = rules.tournament
    entry = replace(
        t.entry, late_registration_until_level=None, start_when_full=False, max_entries=None
    )
    return replace(
        rules,
        tournament=replace(
            t,
            entry=entry,
            rebuy=replace(t.rebuy, allowed=False),
            add_on=replace(t.add_on, allowed=False),
        ),
    )


class MultiFlight:
    """A multi-flight event's Day 2 over the tournaments of one store."""

    def __init__(self, director: DirectorService, *, opener: Opener | None = None) -> None:
        self.director = director
        self.open: Opener = opener or director.open

    def flight(self, stream: str) -> FlightView:
        """The flight ``stream``'s bags and pools as its log has them now.

        Raises:
            StoreError: ``unknown_stream``; TournamentError: ``not_a_flight``.
        """
        live = self.open(stream)
        live.refresh()
        return flight_view(live.current()[0])

    def start_day_two(
        self,
        flights: Sequence[str],
        name: str,
        *,
        rules: RuleSet | None = None,
        same_person: Sequence[str] = (),
        different_people: Sequence[str] = (),
        resume_level: int | None = None,
        stream: str | None = None,
        at: int | None = None,
    ) -> LiveTournament:
        """Day 2 ``name`` made from the bagged ``flights`` (their tournament ids), in the
        tournament ``stream`` (made if missing); ``at``: a rehearsal's time.

        Raises:
            TournamentError: a flight still in play, not a flight, gone to another Day 2, the
                flights' settings differ, or `MergeFlights`'s refusals (nothing written).
            StoreError: a flight or the Day 2 id unknown or taken.
        """
        if not flights:
            raise TournamentError(
                "Day 2 is made from one or more bagged flights; none was given",
                code="no_flights",
                params={},
            )
        target = stream or new_stream_id()
        lives = [self.open(f) for f in flights]
        for live in lives:
            live.refresh()
        states = [live.current()[0] for live in lives]
        bags = [bags_of(s, live.stream) for s, live in zip(states, lives, strict=True)]
        _not_used(states, bags, target)
        _same_settings(states, bags)
        day_rules = rules or day_two_rules(states[0].rules)
        command = cmd.MergeFlights(
            event=bags[0].event,
            flights=tuple(bags),
            same_person=tuple(same_person),
            different_people=tuple(different_people),
            resume_level=resume_level,
        )
        now = self.director.clock() if at is None else at
        _rehearse(name, day_rules, command, now)  # every refusal before anything is written
        for live in lives:
            live.execute(cmd.CarryFlight(day_two=target, day_two_name=name.strip()), at=at)
        day_two = self._fresh(target, name, day_rules, now)
        day_two.execute(command, at=at)
        return day_two

    def _fresh(self, stream: str, name: str, rules: RuleSet, now: int) -> LiveTournament:
        """The tournament ``stream`` made now, or made before and not merged yet (a call that
        stopped half way, finished)."""
        try:
            self.director.store.tournament(stream)
        except StoreError as error:
            if error.code != "unknown_stream":
                raise
            return self.director.create(name, rules, stream=stream, at=now)
        live = self.open(stream)
        live.refresh()
        state = live.current()[0]
        if state.day_two is not None or state.players or state.flight is not None:
            raise StoreError(
                f"tournament {stream} exists already and is not an empty Day 2: choose another "
                "id (or let the store make one)",
                code="stream_exists",
                params={"stream": stream},
            )
        return live

    def provenance(self, stream: str) -> Provenance:
        """Day 2 ``stream``: each player's bag and flight, each flight's pool, checked against
        the flights' own logs (a flight whose log cannot be read is said so).

        Raises:
            StoreError: ``unknown_stream``; TournamentError: ``not_day_two``.
        """
        live = self.open(stream)
        live.refresh()
        state = live.current()[0]
        flights: dict[str, TournamentState | None] = {}
        for f in () if state.day_two is None else state.day_two.flights:
            try:
                flight = self.open(f.stream)
                flight.refresh()
                flights[f.stream] = flight.current()[0]
            except StoreError:
                flights[f.stream] = None
        return day_two_provenance(state, stream, flights)


def _not_used(states: Sequence[TournamentState], bags: Sequence[FlightBags], target: str) -> None:
    for s, f in zip(states, bags, strict=True):
        record = s.flight
        assert record is not None  # bags_of refused a tournament that is not a flight
        if record.day_two is not None and record.day_two != target:
            raise TournamentError(
                f"{f.flight}'s bags went to {record.day_two_name or 'a Day 2'} "
                f"({record.day_two}) already: a flight's bags go to one Day 2",
                code="flight_used",
                params={"flight": f.flight, "stream": f.stream, "day_two": record.day_two},
            )


def _same_settings(states: Sequence[TournamentState], bags: Sequence[FlightBags]) -> None:
    first = states[0].rules.tournament.flights
    for s, f in zip(states[1:], bags[1:], strict=True):
        if s.rules.tournament.flights != first:
            raise TournamentError(
                f"{f.flight}'s flight settings are not {bags[0].flight}'s: the flights of one "
                "event keep the same bag and pay places alike (tournament.flights)",
                code="flights_differ",
                params={"flights": [bags[0].flight, f.flight]},
            )


def _rehearse(name: str, rules: RuleSet, command: cmd.MergeFlights, now: int) -> None:
    """Decide the merge on a scratch Day 2: its refusals before anything is written."""
    created = decide(TournamentState.new(), cmd.CreateTournament(name=name, rules=rules), now)
    decide(fold(TournamentState.new(), created), command, now, random.Random(0))


__all__ = ["MultiFlight", "Opener", "day_two_rules"]
