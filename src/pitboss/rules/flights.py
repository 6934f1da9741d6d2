"""A multi-flight event's house settings (issue 29): several starting flights (Day 1A, 1B ...),
each a tournament of its own, whose survivors bag their chips and merge into one Day 2.

No rulebook of the seeds covers flights (TDA, KY, THC and SLPT are one-day events); the
settings follow what the sites that run them publish:

- Which bag a player who survives several flights keeps is the house's choice, and houses
  differ. Stake's multi-flight rules name both policies: "Best Stack Forward" (a player may
  play on after qualifying; only their largest stack goes on, the smaller ones are forfeited
  and removed from play, never combined) and "First Stack Forward" (a player qualifies once).
  888poker and partypoker let a player qualify once (the first bag); the WSOP's 2015 Colossus
  let a player play every flight and move one stack forward.
- Whether a flight pays places of its own: partypoker's and 888poker's flights pay nothing
  ("prize pool distribution is done only in the final phase"); a house that pays flights says
  so (`FlightRules.flights_pay`).
- When a flight ends: after a set level, when a set share of its field is left (Stake: "until
  a specific percentage of the field remains, e.g. 15%"), or on the director's word.

A tournament that is not a flight or a Day 2 reads none of these, so the defaults change
nothing for an ordinary night.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from pitboss.errors import RuleSetError


class KeptBag(enum.StrEnum):
    """Which bag goes to Day 2 when one person bagged chips in several flights."""

    BEST = "best"  # Stake "Best Stack Forward"; WSOP Colossus (2015): one stack forward
    FIRST = "first"  # Stake "First Stack Forward"; 888poker, partypoker: qualify once


class FlightEnd(enum.StrEnum):
    """When a flight's survivors may be bagged."""

    DIRECTOR = "director"  # on the director's word (a set time, the venue closing)
    END_OF_LEVEL = "end_of_level"  # once the level ``end_after_level`` has run out
    SHARE_LEFT = "share_left"  # once ``percent_left``% of the flight's entries or fewer are left


@dataclass(frozen=True, slots=True, kw_only=True)
class FlightRules:
    """The house's practice for a multi-flight event (issue 29; see the module's sources).

    ``kept_bag``: a person who bagged in several flights keeps the best (largest) bag or the
    first bagged; the other bags' chips leave play with the reason recorded. ``flights_pay``:
    a flight pays the places of its own payout table that its players out in the money hold
    (its survivors' places are carried to Day 2 with their prize money); off, a flight pays
    nothing and its whole pool goes to Day 2. ``end``: when a flight may be bagged (the
    director may always bag earlier, saying so).
    """

    kept_bag: KeptBag = KeptBag.BEST
    flights_pay: bool = False
    end: FlightEnd = FlightEnd.DIRECTOR
    end_after_level: int | None = None
    percent_left: int | None = None

    def __post_init__(self) -> None:
        level = self.end_after_level
        if level is not None and level < 1:
            raise RuleSetError(
                f"tournament.flights.end_after_level must be a level, 1 or more, got {level}",
                code="not_positive",
                params={"setting": "tournament.flights.end_after_level", "value": level},
            )
        share = self.percent_left
        if share is not None and not 1 <= share <= 99:
            raise RuleSetError(
                f"tournament.flights.percent_left must be 1..99, got {share}",
                code="percent_out_of_range",
                params={
                    "setting": "tournament.flights.percent_left",
                    "value": share,
                    "min": 1,
                    "max": 99,
                },
            )
        needs = {FlightEnd.END_OF_LEVEL: "end_after_level", FlightEnd.SHARE_LEFT: "percent_left"}
        for end, name in needs.items():
            given = getattr(self, name) is not None
            if given != (self.end is end):
                raise RuleSetError(
                    f"tournament.flights.{name} is set when, and only when, "
                    f"tournament.flights.end is '{end.value}' (end is '{self.end.value}', "
                    f"{name} is {'set' if given else 'not set'})",
                    code="flight_end_mismatch",
                    params={
                        "setting": f"tournament.flights.{name}",
                        "end": self.end.value,
                        "given": given,
                    },
                )


__all__ = ["FlightEnd", "FlightRules", "KeptBag"]
