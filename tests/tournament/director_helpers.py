"""Shared helpers for the director's tests: run commands at explicit times."""

from __future__ import annotations

from pitboss.ids import PlayerId
from pitboss.rules import RuleSet
from pitboss.tournament import commands as c
from pitboss.tournament.aggregate import decide
from pitboss.tournament.model.entries import PersonalDetails
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState, fold

MIN = 60_000
T0 = 1_767_225_600_000  # 2026-01-01T00:00:00Z


class Director:
    """A tournament driven by commands at explicit times, keeping its event log."""

    def __init__(self, rules: RuleSet | str = "tda") -> None:
        if isinstance(rules, str):
            rules = RuleSet.from_preset(rules)
        self.rules = rules
        self.state = TournamentState.new(rules)
        self.log: list[Event] = []
        self.now = T0

    def do(self, command: c.Command, *, at: int | None = None) -> list[Event]:
        """Run ``command`` at ``at`` (default: the current time) and keep its events."""
        if at is not None:
            self.now = at
        events = decide(self.state, command, self.now)
        self.state = fold(self.state, events)
        self.log.extend(events)
        return events

    def minutes(self, m: float) -> int:
        """The instant ``m`` minutes after T0."""
        return T0 + int(m * MIN)

    def register(self, *names: str, details: PersonalDetails | None = None) -> None:
        for name in names:
            self.do(
                c.RegisterPlayer(
                    player_id=PlayerId(name),
                    name=name.title(),
                    details=details or PersonalDetails(),
                )
            )

    def start(self, *names: str) -> None:
        self.register(*names)
        self.do(c.StartTournament())


def thc_details(dob: str = "1980-05-17") -> PersonalDetails:
    """Every detail THC 1 asks for."""
    return PersonalDetails(
        address="1 Main St",
        email="a@example.org",
        phone="555-0100",
        date_of_birth=dob,
        national_id="000-00-0000",
        driver_licence="D123",
        age_verified=True,
    )
