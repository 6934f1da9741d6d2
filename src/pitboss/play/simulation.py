"""What a simulated tournament is set up with and what it gives back (values only).

`SimulationSettings` (the pace of dealing, the field, the floor's choices), `DealtHand` (a hand
for hand histories), `Progress`, and the `TournamentResult` of `pitboss.play.runtime`, with the
rules as the simulator's floor applies them (`dealt_mode_rules`) and the placeholder details
of simulated players (`simulated_details`).
"""

from __future__ import annotations

import datetime as dt
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from pitboss.engine import HandEvent, HandSetup
from pitboss.errors import PlayError
from pitboss.play.bots import DEFAULT_MIX, BotKind
from pitboss.play.bounty_totals import BountyTotals
from pitboss.play.habits import MoneyHabits
from pitboss.play.pace import DealingPace
from pitboss.rules import RuleSet
from pitboss.rules.tournament import ChopMethod, PersonalDetail
from pitboss.tournament.model.entries import PersonalDetails, PlayerId
from pitboss.tournament.registry import Event
from pitboss.tournament.state import TournamentState

DEFAULT_START_MS = int(dt.datetime(2026, 1, 2, 18, 0, tzinfo=dt.UTC).timestamp()) * 1000
"""Play starts at 18:00 on a fixed day (KY 3: "Play will begin promptly at 6:00pm"); a fixed
instant keeps runs reproducible and makes dates (THC add. 15's age check) meaningful."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SimulationSettings:
    """How the simulated room runs: the pace of dealing, the field, the floor's choices.

    ``colour_up_seconds``: a colour-up raced at the start of a level stops that table this
    long (at a break it happens within the break). ``hand_for_hand_on_bubble``: the floor
    plays hand-for-hand one off the money (RP-8) when the house leaves it to the director.
    ``max_hands`` guards against a tournament that would never end. ``bot_mix`` is the field's
    mix of styles, ``money`` its re-buy and add-on habits (`pitboss.play.habits`).
    ``late_entries``: players who arrive during late registration (TDA 8A) besides the field
    registered at the start, each at a time drawn over the window.
    """

    pace: DealingPace = field(default_factory=DealingPace)
    colour_up_seconds: int = 120
    start_at_ms: int = DEFAULT_START_MS
    bot_mix: tuple[tuple[BotKind, int], ...] = DEFAULT_MIX
    money: MoneyHabits = field(default_factory=MoneyHabits)
    hand_for_hand_on_bubble: bool = True
    max_hands: int = 5_000_000
    late_entries: int = 0

    def __post_init__(self) -> None:
        if self.colour_up_seconds < 0 or self.max_hands < 1 or self.late_entries < 0:
            raise PlayError(
                "colour_up_seconds and late_entries must be 0 or more and max_hands at least 1",
                code="bad_settings",
                params={
                    "colour_up_seconds": self.colour_up_seconds,
                    "max_hands": self.max_hands,
                    "late_entries": self.late_entries,
                },
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class DealtHand:
    """One hand of the tournament as the dealer recorded it, for hand histories.

    ``number`` counts hands in the order they started (1, 2, ...); ``started_at_ms`` is the
    simulated instant (ms since the Unix epoch), ``seconds`` what the hand took at the table
    (`DealingPace`) for its ``decisions`` agent turns; ``places`` maps the seats of players who went
    out on this hand to their finishing places; ``seat_count`` the seats of the table it was
    dealt at (KY 3, THC 5), as the hand history's header names them (0: not known).
    """

    number: int
    hand_id: str
    table: int
    level: int
    started_at_ms: int
    seconds: int
    decisions: int
    hand_for_hand: bool
    setup: HandSetup
    events: tuple[HandEvent, ...]
    places: Mapping[int, int]
    seat_count: int = 0


class ProgressStage(enum.StrEnum):
    """What a simulated tournament is doing: the director registering the field one player at a
    time, the seat draw (TDA 7) that opens the tables, then the dealing."""

    REGISTERING = "registering"
    SEATING = "seating"
    PLAYING = "playing"


@dataclass(frozen=True, slots=True, kw_only=True)
class Progress:
    """Where the tournament is, for a progress display.

    ``done`` of ``total`` measures the ``stage``: players registered of the field while
    registering; players out of the entrants while playing (a re-buy can take one back);
    0 of 1 during the seat draw, which is one step.
    """

    elapsed_ms: int
    label: str
    players_left: int
    entrants: int
    tables: int
    hands_dealt: int
    hand_for_hand: bool
    stage: ProgressStage = ProgressStage.PLAYING
    done: int = 0
    total: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class Finisher:
    """A player's result: places ``first``..``last`` (shared when they differ), the prize.

    After a forced chop the players still in share places 1..n and ``chips`` is their stack.
    """

    player_id: PlayerId
    style: str
    first: int
    last: int
    prize_cents: int
    chips: int
    rebuys: int
    add_ons: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ForcedChop:
    """The chop run at the legal time limit (KY 11): who was left, their chips, their shares.

    ``warnings`` are the director's, recorded with the deal (a share above first prize or below
    the lowest remaining prize, RULES §2).
    """

    at_ms: int
    method: ChopMethod
    players: tuple[PlayerId, ...]
    stacks: tuple[int, ...]
    amounts_cents: tuple[int, ...]
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldPoint:
    """The field at one moment: ``elapsed_ms`` since the start, players left, tables, level."""

    elapsed_ms: int
    players_left: int
    tables: int
    level: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """A whole tournament played: the outcome, the money, the time it took, the field's curve.

    ``levels`` pairs each level reached with the players left when it started; ``field`` has a
    point at the start and after every change in players left. ``events`` is the director's
    log (empty when the run was asked not to keep it); ``state`` the director's final state.
    ``bounties``: a bounty event's bounty money and biggest bounties (issue 29), None in a
    plain event.
    """

    rules: RuleSet
    seed: int
    entrants: int
    started_at_ms: int
    finished_at_ms: int
    hands_dealt: int
    decisions: int
    rebuys: int
    add_ons: int
    prize_pool_cents: int
    house_share_cents: int
    winner: PlayerId | None
    chop: ForcedChop | None
    standings: tuple[Finisher, ...]
    levels: tuple[tuple[int, int], ...]
    field: tuple[FieldPoint, ...]
    last_level: int
    state: TournamentState
    events: tuple[Event, ...]
    bounties: BountyTotals | None = None

    @property
    def elapsed_ms(self) -> int:
        """Simulated time from the start of play to the end (last hand, chop and prizes)."""
        return self.finished_at_ms - self.started_at_ms

    @property
    def is_chopped(self) -> bool:
        return self.chop is not None


def dealt_mode_rules(rules: RuleSet, settings: SimulationSettings | None = None) -> RuleSet:
    """The house's rules as the simulator's floor applies them (dealt mode).

    Moves, breaks and redraws are carried out as hands end (``auto_apply_moves``); where the
    house leaves hand-for-hand to the director, the floor plays it on the bubble (RP-8) if
    ``settings.hand_for_hand_on_bubble``. Nothing else changes.
    """
    settings = settings or SimulationSettings()
    seating = rules.tournament.seating
    on_bubble = seating.hand_for_hand_on_bubble or (
        settings.hand_for_hand_on_bubble and seating.hand_for_hand_at_players is None
    )
    seating = replace(seating, auto_apply_moves=True, hand_for_hand_on_bubble=on_bubble)
    return replace(rules, tournament=replace(rules.tournament, seating=seating))


def simulated_details(rules: RuleSet, player: str) -> PersonalDetails:
    """Placeholder private details for a simulated player, only those the house requires
    (THC 1), with a date of birth of age for THC add. 15's check before a prize is paid."""
    wanted = set(rules.tournament.entry.required_details)
    if rules.tournament.entry.min_age is not None:
        wanted.add(PersonalDetail.DATE_OF_BIRTH)

    def text(detail: PersonalDetail, value: str) -> str | None:
        return value if detail in wanted else None

    return PersonalDetails(
        address=text(PersonalDetail.ADDRESS, "simulated"),
        email=text(PersonalDetail.EMAIL, f"{player}@simulated.invalid"),
        phone=text(PersonalDetail.PHONE, "000"),
        date_of_birth=text(PersonalDetail.DATE_OF_BIRTH, "1980-01-01"),
        national_id=text(PersonalDetail.NATIONAL_ID, "simulated"),
        driver_licence=text(PersonalDetail.DRIVER_LICENCE, "simulated"),
        age_verified=PersonalDetail.AGE_VERIFIED in wanted,
    )


def player_names(count: int) -> list[str]:
    """``p001``, ``p002`` ... (zero-padded so they sort in registration order)."""
    width = max(3, len(str(count)))
    return [f"p{i:0{width}d}" for i in range(1, count + 1)]


__all__ = [
    "DEFAULT_START_MS",
    "BountyTotals",
    "DealtHand",
    "FieldPoint",
    "Finisher",
    "ForcedChop",
    "Progress",
    "ProgressStage",
    "SimulationSettings",
    "TournamentResult",
    "dealt_mode_rules",
    "player_names",
    "simulated_details",
]
