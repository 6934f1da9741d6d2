"""Every director event, by class name (``events.PlayersBusted``), and `event_from_dict`.

Each event is defined once, in its feature module, with its fold registered by type; this
module re-exports them by name (typed, as `pitboss.tournament.commands`), so a script or a
test can write ``events.HandStarted`` without knowing which feature owns it; `EVENT_CLASSES`
maps each stored name to its class. A new event is added here too
(``tests/tournament/test_facade.py`` fails until it is).
"""

from __future__ import annotations

from pitboss.tournament.features.absence_and_clock import (
    ClockCalled,
    ClockExpired,
    PlayerAbsent,
    PlayerReturned,
    RulingOverridden,
)
from pitboss.tournament.features.bagging import FlightBagged, FlightCarried, FlightOpened
from pitboss.tournament.features.board_and_pots import (
    BoardRecorded,
    PotsAwardedAtTable,
    ShowdownRecorded,
)
from pitboss.tournament.features.bounty_awards import (
    BountyCollected,
    BountyForfeited,
    BountyReturned,
    OwnBountyKept,
)
from pitboss.tournament.features.busts import ChipsRemoved, PlayersBusted, TournamentWon
from pitboss.tournament.features.chat_mutes import PlayerMuted, PlayerUnmuted
from pitboss.tournament.features.colour_up import ColourUpRecorded
from pitboss.tournament.features.corrections import (
    BustRecorded,
    ButtonCorrected,
    HandCorrected,
    TableResynced,
)
from pitboss.tournament.features.counts import ChipsCounted
from pitboss.tournament.features.creation import TournamentCreated
from pitboss.tournament.features.day_two import FlightsMerged, PlayerCarriedIn
from pitboss.tournament.features.deals import (
    DealApproved,
    DealCancelled,
    DealConsented,
    DealProposed,
    DealRevised,
)
from pitboss.tournament.features.hands import HandFinished, HandStarted
from pitboss.tournament.features.penalties import PenaltyGiven
from pitboss.tournament.features.prizes import (
    BooksClosed,
    PayoutsComputed,
    PrizeForfeited,
    PrizePaid,
)
from pitboss.tournament.features.recorded_hands import (
    ChoiceRecorded,
    DealerInputRecorded,
    HeldDeclarationRuled,
)
from pitboss.tournament.features.registration import (
    AddOnBought,
    PlayerRegistered,
    PlayerWithdrew,
    RebuyBought,
    RebuyDeclared,
)
from pitboss.tournament.features.registration_edits import RegistrationEdited
from pitboss.tournament.features.satellites import SatelliteLinked, SeatsAwarded
from pitboss.tournament.features.seat_changes import PlayerMoved, TableBroken, TableResized
from pitboss.tournament.features.seat_requests import (
    SeatRequestApproved,
    SeatRequestDeclined,
    SeatRequested,
    SeatRequestWithdrawn,
)
from pitboss.tournament.features.side_game_entries import SideGameEntered
from pitboss.tournament.features.side_games import (
    SideGameAlternateSeated,
    SideGameChipsCounted,
    SideGameOptionDeclined,
    SideGameRegistered,
    SideGameWon,
)
from pitboss.tournament.features.table_rulings import (
    DeadHandRuled,
    MisdealRecorded,
    ReplacementCardDealt,
    TableRulingOverridden,
)
from pitboss.tournament.features.tables import ButtonPlaced, PlayerSeated, SeatsDrawn, TableOpened
from pitboss.tournament.features.timekeeping import (
    BreakStarted,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    HandForHandEnded,
    HandForHandHandPlayed,
    HandForHandStarted,
    LevelStarted,
    TimeLimitReached,
    TournamentStarted,
)
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.registry import EVENT_CLASSES, Event, event_from_dict

__all__ = [
    "EVENT_CLASSES",
    "AddOnBought",
    "BoardRecorded",
    "BooksClosed",
    "BountyCollected",
    "BountyForfeited",
    "BountyReturned",
    "BreakStarted",
    "BustRecorded",
    "ButtonCorrected",
    "ButtonPlaced",
    "ChipsCounted",
    "ChipsRemoved",
    "ChoiceRecorded",
    "ClockAdjusted",
    "ClockCalled",
    "ClockExpired",
    "ClockPaused",
    "ClockResumed",
    "ColourUpRecorded",
    "DeadHandRuled",
    "DealApproved",
    "DealCancelled",
    "DealConsented",
    "DealProposed",
    "DealRevised",
    "DealerInputRecorded",
    "Event",
    "FlightBagged",
    "FlightCarried",
    "FlightOpened",
    "FlightsMerged",
    "HandCorrected",
    "HandFinished",
    "HandForHandEnded",
    "HandForHandHandPlayed",
    "HandForHandStarted",
    "HandStarted",
    "HeldDeclarationRuled",
    "LevelStarted",
    "MisdealRecorded",
    "OwnBountyKept",
    "PayoutsComputed",
    "PenaltyGiven",
    "PlayerAbsent",
    "PlayerCarriedIn",
    "PlayerChips",
    "PlayerMoved",
    "PlayerMuted",
    "PlayerRegistered",
    "PlayerReturned",
    "PlayerSeated",
    "PlayerUnmuted",
    "PlayerWithdrew",
    "PlayersBusted",
    "PotsAwardedAtTable",
    "PrizeForfeited",
    "PrizePaid",
    "RebuyBought",
    "RebuyDeclared",
    "RegistrationEdited",
    "ReplacementCardDealt",
    "RulingOverridden",
    "SatelliteLinked",
    "SeatRequestApproved",
    "SeatRequestDeclined",
    "SeatRequestWithdrawn",
    "SeatRequested",
    "SeatsAwarded",
    "SeatsDrawn",
    "ShowdownRecorded",
    "SideGameAlternateSeated",
    "SideGameChipsCounted",
    "SideGameEntered",
    "SideGameOptionDeclined",
    "SideGameRegistered",
    "SideGameWon",
    "TableBroken",
    "TableOpened",
    "TableResized",
    "TableResynced",
    "TableRulingOverridden",
    "TimeLimitReached",
    "TournamentCreated",
    "TournamentStarted",
    "TournamentWon",
    "event_from_dict",
]
