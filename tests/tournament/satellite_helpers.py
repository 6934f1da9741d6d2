"""Satellites for the tests (issue 29): a satellite's rules, a night played to its seats, and a
target tournament whose seat is what the satellite awards."""

from __future__ import annotations

import dataclasses

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.rules.satellite import SatelliteRemainder, SatelliteRules, SeatsReached
from pitboss.rules.tournament import PrizePoolRules
from pitboss.tournament import commands as c
from pitboss.tournament.features.seat_changes import pending
from pitboss.tournament.model.tickets import TicketRef
from pitboss.tournament.state import Phase

from .floor_helpers import Floor

SEAT = 11_000
"""A seat: the target's $100 buy-in and $10 fee."""


def satellite_rules(
    *,
    seat: int = SEAT,
    buy_in: int = 2_750,
    fee: int = 250,
    remainder: SatelliteRemainder = SatelliteRemainder.NEXT_PLACE,
    end: SeatsReached = SeatsReached.END,
    guarantee: int = 0,
    base: str = "tda",
) -> RuleSet:
    """A satellite of ``base``'s house: a $27.50 + $2.50 entry, seats worth ``seat``."""
    rules = RuleSet.from_preset(base)
    t = rules.tournament
    return dataclasses.replace(
        rules,
        tournament=dataclasses.replace(
            t,
            entry=dataclasses.replace(t.entry, buy_in_cents=buy_in, fee_cents=fee),
            prize_pool=PrizePoolRules(guarantee_cents=guarantee),
            satellite=SatelliteRules(
                seat_value_cents=seat, remainder=remainder, players_left_equal_seats=end
            ),
        ),
    )


def target_rules(*, buy_in: int = 10_000, fee: int = 1_000) -> RuleSet:
    """The target: a $100 + $10 event of the TDA's house."""
    rules = RuleSet.from_preset("tda")
    t = rules.tournament
    return dataclasses.replace(
        rules,
        tournament=dataclasses.replace(
            t, entry=dataclasses.replace(t.entry, buy_in_cents=buy_in, fee_cents=fee)
        ),
    )


def bust_the_fullest(f: Floor, k: int = 1) -> None:
    """A hand at the fullest table in which the first ``k`` players dealt in go out (the seat
    changes due confirmed first, live mode)."""
    while pending(f.state) is not None:
        f.do(c.ConfirmSeatChange())
    table = max(f.state.tables, key=lambda n: (f.state.tables[n].size, -n))
    f.bust_dealt(table, k)


def play_to_the_end(f: Floor) -> None:
    """Bust players one hand at a time while the satellite is in play and seats are not won."""
    while f.state.phase is Phase.RUNNING and not f.state.satellite.tickets:
        bust_the_fullest(f)


def satellite_night(entrants: int, *, seed: int = 3, **rules: object) -> Floor:
    """A satellite of ``entrants`` players, linked to the target ``main``, played to its seats."""
    f = Floor(satellite_rules(**rules), seed=seed)  # type: ignore[arg-type]
    f.seat(entrants)
    f.do(c.LinkSatellite(target="main", target_name="Main Event"))
    play_to_the_end(f)
    return f


def ref(ticket_id: str, satellite: str = "sat") -> TicketRef:
    """A ticket of the satellite ``sat`` as the door names it."""
    return TicketRef(satellite=satellite, ticket_id=ticket_id, satellite_name="Monday Satellite")


def register_with(f: Floor, pid: str, ticket: TicketRef | None) -> None:
    """Register ``pid`` at ``f``'s door, by ``ticket`` or in cash."""
    f.do(c.RegisterPlayer(player_id=PlayerId(pid), name=pid.title(), ticket=ticket))
