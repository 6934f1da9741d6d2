"""Day 2 made from the flights' logs and read back against them (issue 29), on SQLite and
PostgreSQL: the flights are marked with the Day 2 their bags went to, every refusal comes
before anything is written, a merge stopped half way is finished by the same call, and Day 2's
provenance (each player's bag and flight, each flight's pool) adds up against the flights' own
logs, or says what does not."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from pitboss.errors import PitbossError
from pitboss.ids import ClubPlayerId, PlayerId, TableNo
from pitboss.rules import RuleSet
from pitboss.rules.flights import FlightRules
from pitboss.service import DirectorService, LiveTournament, seeded_random
from pitboss.service.multi_flight import MultiFlight, day_two_rules
from pitboss.store import EventStore
from pitboss.tournament import commands as c
from pitboss.tournament.features.bagging import TableStacks
from pitboss.tournament.model.entries import PlayerChips

T0 = 1_767_225_600_000  # 2026-01-01 00:00 UTC
HOUR = 3_600_000


class FakeClock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> int:
        return self.now


def _rules() -> RuleSet:
    rules = RuleSet.from_preset("ky-charity")
    t = rules.tournament
    return replace(rules, tournament=replace(t, flights=FlightRules()))


def _flight(
    svc: DirectorService, clock: FakeClock, label: str, players: Sequence[str], at: int
) -> LiveTournament:
    """A flight dealt by people: its players registered (``name@club``), started, the first
    player knocking the second out, bagged with every table counted."""
    clock.now = at
    live = svc.create(f"Spring Classic {label}", _rules(), at=at)
    live.execute(c.OpenFlight(event="Spring Classic", flight=label), at=at)
    ids = []
    for text in players:
        name, _, club = text.partition("@")
        pid = PlayerId(name.split()[0].lower())
        ids.append(pid)
        live.execute(
            c.RegisterPlayer(
                player_id=pid, name=name, club_player_id=ClubPlayerId(club) if club else None
            ),
            at=at,
        )
    live.execute(c.StartTournament(), at=at + HOUR)
    table = live.state.tables.table_of(ids[0])
    assert table is not None
    other = next(p for p in live.state.tables[table].players() if p != ids[0])
    live.execute(c.RecordBust(table=table, busted=(other,), eliminated_by=ids[0]), at=at + HOUR)
    return live


def _bag(live: LiveTournament, at: int) -> None:
    s = live.state
    counts = tuple(
        TableStacks(
            table=TableNo(n),
            stacks=tuple(PlayerChips(player_id=p, chips=s.players[p].chips) for p in t.players()),
            counted_by="Dana",
        )
        for n, t in sorted(s.tables.items())
    )
    live.execute(c.BagFlight(counts=counts, early=True), at=at)


def _event(store: EventStore) -> tuple[MultiFlight, LiveTournament, LiveTournament, FakeClock]:
    clock = FakeClock()
    svc = DirectorService(store, clock=clock, randomness=seeded_random("flights"))
    a = _flight(svc, clock, "Day 1A", ["Ann Lee@c-ann", "Bo Chen", "Cy Diaz", "Di Eng"], T0)
    _bag(a, T0 + 3 * HOUR)
    b = _flight(svc, clock, "Day 1B", ["Ann Lee@c-ann", "Ed Fox", "Flo Gray"], T0 + 24 * HOUR)
    _bag(b, T0 + 27 * HOUR)
    clock.now = T0 + 48 * HOUR
    return MultiFlight(svc), a, b, clock


def test_day_2_is_made_from_the_flights_logs_and_each_flight_says_where_its_bags_went(
    store: EventStore,
) -> None:
    event, a, b, _ = _event(store)
    day_two = event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    assert day_two.stream == "day-2"
    for flight in (a, b):
        flight.refresh()
        record = flight.state.flight
        assert record is not None
        assert (record.day_two, record.day_two_name) == ("day-2", "Spring Classic Day 2")
    s = day_two.state
    assert s.day_two is not None
    names = sorted(p.name for p in s.players.values())
    assert len(names) == 4  # 3 bags in each flight, Ann Lee's second left out
    assert names.count("Ann Lee") == 1
    assert s.prize_pool_cents == a.state.ledger.carried_out_cents + b.state.ledger.carried_out_cents
    assert not s.rules.tournament.rebuy.allowed  # a Day 2 made from bags sells no chips
    assert s.rules == day_two_rules(a.state.rules)


def test_day_2_s_provenance_adds_up_against_the_flights_own_logs(store: EventStore) -> None:
    event, a, b, _ = _event(store)
    event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    seen = event.provenance("day-2")
    assert seen.adds_up, seen.problems
    assert seen.carried_cents == seen.carried_in_cents == seen.prize_pool_cents
    assert [(f.flight, f.carried_cents, f.flight_carried_cents) for f in seen.flights] == [
        ("Day 1A", a.state.ledger.carried_out_cents, a.state.ledger.carried_out_cents),
        ("Day 1B", b.state.ledger.carried_out_cents, b.state.ledger.carried_out_cents),
    ]
    ann = next(p for p in seen.players if p.bag.name == "Ann Lee")
    assert ann.flight == "Day 1A"
    assert ann.bag.source == "counted by Dana"
    assert ann.bag.chips == 2 * a.state.rules.tournament.entry.starting_chips  # equal: the first
    assert [(x.flight, x.kept_flight) for x in seen.left_out] == [("Day 1B", "Day 1A")]
    assert seen.chips_carried_in + seen.chips_left_out == seen.chips_bagged
    # read again by a new process: the same, from the logs alone
    again = MultiFlight(DirectorService(store, clock=lambda: T0)).provenance("day-2")
    assert again == seen


def test_provenance_says_what_no_longer_adds_up(store: EventStore) -> None:
    event, a, b, _ = _event(store)
    event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    b.undo()  # the mark of Day 1B's bags taken out of its log
    seen = event.provenance("day-2")
    assert not seen.adds_up
    assert seen.problems == ("Day 1B's own log says its bags went to no Day 2, not to day-2",)


def _unchanged(store: EventStore, streams: Sequence[str]) -> dict[str, int]:
    return {s: store.head(s) for s in streams}


def test_a_day_2_from_a_flight_still_in_play_is_refused_and_nothing_is_written(
    store: EventStore,
) -> None:
    clock = FakeClock()
    svc = DirectorService(store, clock=clock, randomness=seeded_random("flights"))
    a = _flight(svc, clock, "Day 1A", ["Ann Lee", "Bo Chen", "Cy Diaz"], T0)
    _bag(a, T0 + 2 * HOUR)
    b = _flight(svc, clock, "Day 1B", ["Ed Fox", "Flo Gray", "Gus Hahn"], T0 + 3 * HOUR)
    heads = _unchanged(store, [a.stream, b.stream])
    with pytest.raises(PitbossError) as refused:
        MultiFlight(svc).start_day_two([a.stream, b.stream], "Day 2", stream="day-2")
    assert refused.value.code == "flight_in_play"
    assert "Day 1B (Spring Classic Day 1B) is still in play: bag its survivors" in (
        refused.value.message
    )
    assert _unchanged(store, [a.stream, b.stream]) == heads
    assert "day-2" not in {t.stream for t in store.tournaments()}


def test_a_flight_used_twice_is_refused_in_words(store: EventStore) -> None:
    event, a, b, _ = _event(store)
    event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    with pytest.raises(PitbossError) as refused:
        event.start_day_two([a.stream], "Another Day 2", stream="day-2b")
    assert refused.value.code == "flight_used"
    assert "Day 1A's bags went to Spring Classic Day 2 (day-2) already" in refused.value.message
    with pytest.raises(PitbossError) as taken:
        event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    assert taken.value.code == "stream_exists"


def test_a_merge_refused_by_the_core_writes_nothing(store: EventStore) -> None:
    event, a, b, _ = _event(store)
    heads = _unchanged(store, [a.stream, b.stream])
    with pytest.raises(PitbossError) as refused:
        event.start_day_two([a.stream, b.stream], "Day 2", stream="day-2", resume_level=99)
    assert refused.value.code == "no_such_level"
    assert _unchanged(store, [a.stream, b.stream]) == heads


def test_a_merge_stopped_half_way_is_finished_by_the_same_call(store: EventStore) -> None:
    event, a, b, _ = _event(store)
    a.execute(c.CarryFlight(day_two="day-2", day_two_name="Spring Classic Day 2"))
    event.director.create("Spring Classic Day 2", day_two_rules(a.state.rules), stream="day-2")
    day_two = event.start_day_two([a.stream, b.stream], "Spring Classic Day 2", stream="day-2")
    assert len(day_two.state.players) == 4
    assert event.provenance("day-2").adds_up


def test_a_flight_shows_its_bags_and_pools(store: EventStore) -> None:
    event, a, _, _ = _event(store)
    view = event.flight(a.stream)
    assert (view.flight, view.bagged, view.entries) == ("Day 1A", True, 4)
    assert view.carried_out_cents == view.prize_pool_cents
    assert view.paid_here_cents == 0
    assert next(b.name for b in view.bags) == "Ann Lee"  # the largest bag first
    assert (
        view.chips
        == sum(b.chips for b in view.bags)
        == 4 * a.state.rules.tournament.entry.starting_chips
    )
