"""``pitboss flights``: a multi-flight event from the command line (issue 29).

``new`` creates a tournament named as a flight of an event (Day 1A, 1B ...); ``bag`` ends a
flight: every table a person deals is counted (``--count 2:ann=23500,bob=12000``, or
``--as-recorded`` when the floor's counts agree with pitboss), the survivors bagged, play
stopped and the pool carried to Day 2; ``day2`` makes Day 2 from bagged flights (a recorded
seat draw, the bags as stacks, the pools carried in); ``show`` prints a flight's bags, or a
Day 2's provenance checked against its flights' logs. Every refusal is one line with its code
(`pitboss.cli.event.one_line_errors`); nothing was recorded.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Annotated

import typer

from pitboss.cli._app import DEFAULT_PRESET, app
from pitboss.cli.event import DbArg, IdArg, JsonOpt, SeedOpt, _service, one_line_errors, parse_at

if TYPE_CHECKING:
    from pitboss.tournament.features.bagging import TableStacks
    from pitboss.tournament.reading.provenance import FlightView, Provenance
    from pitboss.tournament.state import TournamentState

flights_app = typer.Typer(
    name="flights",
    help="A multi-flight event: flights bagged, Day 2 made from their bags, its provenance.",
    no_args_is_help=True,
)
app.add_typer(flights_app)

AtOpt = Annotated[str | None, typer.Option("--at", help="At this ISO time (rehearsals).")]


@flights_app.command("new")
def new_command(
    db: DbArg,
    event: Annotated[str, typer.Option("--event", help="The event's name: Spring Classic.")],
    flight: Annotated[str, typer.Option("--flight", help="The flight's name: Day 1A.")],
    name: Annotated[
        str | None, typer.Option("--name", help="The tournament's name (event and flight).")
    ] = None,
    preset: Annotated[
        str, typer.Option("--preset", help="A preset (`pitboss presets`) or a TOML file.")
    ] = DEFAULT_PRESET,
    at: AtOpt = None,
) -> None:
    """Create a tournament that is a flight of an event and print its id."""
    from pitboss.cli.presets import load_house
    from pitboss.tournament import commands as cmd

    with one_line_errors(), _service(db) as svc:
        when = None if at is None else parse_at(at, "--at")
        live = svc.create(name or f"{event} {flight}", load_house(preset), at=when)
        live.execute(cmd.OpenFlight(event=event, flight=flight), at=when)
    typer.echo(live.stream)


def parse_count(text: str, state: TournamentState, counted_by: str) -> TableStacks:
    """``2:ann=23500,bob=12000`` (a table, then each player's id or name and chips).

    Raises:
        PitbossError: ``bad_count``: not in that form, or a player nobody registered.
    """
    from pitboss.errors import PitbossError
    from pitboss.ids import PlayerId, TableNo
    from pitboss.tournament.features.bagging import TableStacks
    from pitboss.tournament.model.entries import PlayerChips

    def bad(why: str) -> PitbossError:
        return PitbossError(
            f"--count {text!r}: {why}; write it TABLE:PLAYER=CHIPS,PLAYER=CHIPS (2:ann=23500)",
            code="bad_count",
            params={"count": text},
        )

    table, colon, rest = text.partition(":")
    if not colon or not table.strip().isdigit():
        raise bad("it starts with a table number and a colon")
    by_name = {p.name.casefold(): pid for pid, p in state.players.items()}
    stacks = []
    for part in rest.split(","):
        who, equals, chips = part.partition("=")
        if not equals or not chips.strip().isdigit():
            raise bad(f"{part.strip()!r} is not PLAYER=CHIPS")
        key = who.strip()
        pid = PlayerId(key) if PlayerId(key) in state.players else by_name.get(key.casefold())
        if pid is None:
            raise bad(f"nobody registered is called {key!r}")
        stacks.append(PlayerChips(player_id=pid, chips=int(chips)))
    return TableStacks(table=TableNo(int(table)), stacks=tuple(stacks), counted_by=counted_by)


def recorded_counts(
    state: TournamentState, counted: set[int], counted_by: str
) -> tuple[TableStacks, ...]:
    """Every table a person deals and ``counted`` leaves out, counted as pitboss has it (the
    floor's counts agreed with it)."""
    from pitboss.tournament.features.bagging import TableStacks
    from pitboss.tournament.features.counts import is_dealt_by_a_person
    from pitboss.tournament.model.entries import PlayerChips

    return tuple(
        TableStacks(
            table=number,
            stacks=tuple(
                PlayerChips(player_id=p, chips=state.players[p].chips) for p in table.players()
            ),
            counted_by=counted_by,
        )
        for number, table in sorted(state.tables.items())
        if number not in counted and is_dealt_by_a_person(state, number)
    )


@flights_app.command("bag")
def bag_command(
    db: DbArg,
    tournament: IdArg,
    count: Annotated[
        list[str] | None,
        typer.Option(
            "--count", help="A table's count: 2:ann=23500,bob=12000 (repeat for each table)."
        ),
    ] = None,
    as_recorded: Annotated[
        bool,
        typer.Option(
            "--as-recorded",
            help="The tables not given by --count counted as pitboss has them (the floor's "
            "counts agreed).",
        ),
    ] = False,
    counted_by: Annotated[
        str, typer.Option("--counted-by", help="Who counted (default: the director).")
    ] = "",
    early: Annotated[
        bool, typer.Option("--early", help="End the flight before the house's set end.")
    ] = False,
    at: AtOpt = None,
) -> None:
    """End a flight: count and bag every survivor, stop play, carry the pool to Day 2."""
    from pitboss.service.audit import describe_all
    from pitboss.tournament import commands as cmd

    with one_line_errors(), _service(db) as svc:
        live = svc.open(tournament)
        before = live.state
        counts = [parse_count(text, before, counted_by) for text in count or ()]
        if as_recorded:
            given = {int(c.table) for c in counts}
            counts.extend(recorded_counts(before, given, counted_by))
        when = None if at is None else parse_at(at, "--at")
        outcome = live.execute(cmd.BagFlight(counts=tuple(counts), early=early), at=when)
        lines = describe_all(outcome.events, before)
    for line in lines:
        typer.echo(line)


@flights_app.command("day2")
def day_two_command(
    db: DbArg,
    flights: Annotated[list[str], typer.Argument(help="The bagged flights' tournament ids.")],
    name: Annotated[str, typer.Option("--name", help="Day 2's name.")],
    day_two_id: Annotated[
        str | None, typer.Option("--id", help="Day 2's tournament id (made if not given).")
    ] = None,
    same_person: Annotated[
        list[str] | None,
        typer.Option("--same-person", help="A name bagged in several flights: one person."),
    ] = None,
    different_people: Annotated[
        list[str] | None,
        typer.Option("--different-people", help="A name bagged in several flights: two people."),
    ] = None,
    resume_level: Annotated[
        int | None,
        typer.Option("--resume-level", help="The level Day 2 resumes at (default: the flights')."),
    ] = None,
    seed: SeedOpt = None,
    at: AtOpt = None,
) -> None:
    """Make Day 2 from bagged flights (a random seat draw, the bags as stacks, the pools
    carried in) and print its id and how it was made."""
    from pitboss.service.audit import log_lines
    from pitboss.service.multi_flight import MultiFlight

    with one_line_errors(), _service(db, seed) as svc:
        when = None if at is None else parse_at(at, "--at")
        day_two = MultiFlight(svc).start_day_two(
            flights,
            name,
            same_person=same_person or (),
            different_people=different_people or (),
            resume_level=resume_level,
            stream=day_two_id,
            at=when,
        )
        lines = [line.text for line in log_lines(day_two)][1:]  # after its creation
    typer.echo(day_two.stream)
    for line in lines:
        typer.echo(line)


def _flight_text(view: FlightView) -> list[str]:
    from pitboss.money import format_money

    head = f"{view.flight} of {view.event}: "
    if not view.bagged:
        return [
            head + f"in play, {view.entries} entries, pool {format_money(view.prize_pool_cents)}"
        ]
    early = " (early, on the director's word)" if view.early else ""
    went = f"; bags went to {view.day_two_name} ({view.day_two})" if view.day_two else ""
    lines = [
        head + f"bagged {view.bagged_at}{early}: {len(view.bags)} bags, {view.chips:,} chips "
        f"of {view.entries} entries; Day 2 resumes at level {view.resume_level}{went}",
        f"pool {format_money(view.prize_pool_cents)}: paid here "
        f"{format_money(view.paid_here_cents)}, carried to Day 2 "
        f"{format_money(view.carried_out_cents)}",
    ]
    for bag in view.bags:
        seat = "" if bag.table is None else f"table {bag.table} seat {bag.seat}"
        lines.append(f"  {bag.name:<24} {bag.chips:>12,}  {seat:<16} {bag.source}")
    return lines


def _provenance_text(seen: Provenance) -> list[str]:
    from pitboss.money import format_money

    lines = [
        f"Day 2 of {seen.event}: {len(seen.players)} players from {len(seen.flights)} flights, "
        f"{seen.entries} entries; resumes at level {seen.resume_level}"
    ]
    for f in seen.flights:
        says = (
            "its log not read"
            if f.flight_carried_cents is None
            else f"its log says {format_money(f.flight_carried_cents)}"
        )
        lines.append(
            f"  {f.flight} ({f.stream}): carried {format_money(f.carried_cents)} ({says}), "
            f"{f.bags} bags, {f.chips:,} chips, {f.entries} entries"
        )
    lines.append(
        f"pools carried {format_money(seen.carried_cents)}; ledger carried in "
        f"{format_money(seen.carried_in_cents)}; prize pool {format_money(seen.prize_pool_cents)}"
    )
    lines.append(
        f"chips bagged {seen.chips_bagged:,} = in Day 2 {seen.chips_carried_in:,} + left out "
        f"{seen.chips_left_out:,}"
    )
    for p in seen.players:
        seat = "" if p.bag.table is None else f"table {p.bag.table} seat {p.bag.seat}"
        lines.append(
            f"  {p.bag.name:<24} {p.bag.chips:>12,}  {p.flight:<8} {seat:<16} {p.bag.source}"
        )
    for x in seen.left_out:
        lines.append(
            f"  left out: {x.bag.name}'s {x.flight} bag of {x.bag.chips:,} (keeps "
            f"{x.kept_flight}'s {x.kept_chips:,})"
        )
    lines.append("adds up" if seen.adds_up else "DOES NOT ADD UP: " + "; ".join(seen.problems))
    return lines


@flights_app.command("show")
def show_command(db: DbArg, tournament: IdArg, as_json: JsonOpt = False) -> None:
    """A flight's bags and pools, or a Day 2's provenance checked against its flights."""
    from pitboss.service.multi_flight import MultiFlight

    with one_line_errors(), _service(db) as svc:
        event = MultiFlight(svc)
        if svc.open(tournament).state.day_two is not None:
            seen = event.provenance(tournament)
            data = {**asdict(seen), "adds_up": seen.adds_up}
            lines = _provenance_text(seen)
        else:
            view = event.flight(tournament)
            data, lines = asdict(view), _flight_text(view)
    if as_json:
        typer.echo(json.dumps(data, indent=2))
        return
    for line in lines:
        typer.echo(line)
