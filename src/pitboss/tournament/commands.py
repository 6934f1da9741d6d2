"""Every director's command, by class name (``commands.RegisterPlayer``), and the values they
carry (`PlayerChips`, `SeatedPlayer`, `PersonalDetails`, `TicketRef`).

Each command is defined once, in its feature module, and registered by its type there; this
module re-exports them by name (typed: ``mypy --strict`` sees every command a script, the
server or a test builds), so a script or a test can write ``c.StartHand`` without knowing which
feature owns it. `COMMAND_TYPES` is every registered command; a new command is added here too
(``tests/tournament/test_facade.py`` fails until it is).
"""

from __future__ import annotations

from pitboss.tournament.features.absence_and_clock import (
    CallClock,
    ExpireClock,
    MarkAbsent,
    MarkReturned,
    OverrideRuling,
)
from pitboss.tournament.features.bagging import BagFlight, CarryFlight, OpenFlight
from pitboss.tournament.features.board_and_pots import AwardPots, RecordBoard, RecordShowdown
from pitboss.tournament.features.chat_mutes import MutePlayer, UnmutePlayer
from pitboss.tournament.features.colour_up import RaceColourUp, RecordColourUp, SeatedPlayer
from pitboss.tournament.features.corrections import (
    CorrectButton,
    CorrectHand,
    RecordBust,
    ResyncTable,
)
from pitboss.tournament.features.counts import CountChips
from pitboss.tournament.features.creation import CreateTournament
from pitboss.tournament.features.day_two import MergeFlights
from pitboss.tournament.features.deals import ApproveDeal, CancelDeal, ConsentToDeal, ProposeDeal
from pitboss.tournament.features.hands import FinishHand, StartHand
from pitboss.tournament.features.penalties import (
    ChipPassing,
    GivePenalty,
    RemoveChips,
    WithdrawFromPlay,
)
from pitboss.tournament.features.prizes import CloseBooks, PayPrize
from pitboss.tournament.features.recorded_hands import RecordChoice, RecordDealerInput
from pitboss.tournament.features.registration import (
    AddOn,
    DeclareRebuy,
    Rebuy,
    ReEnter,
    RefundForDealers,
    RegisterPlayer,
    WithdrawPlayer,
)
from pitboss.tournament.features.registration_edits import EditRegistration
from pitboss.tournament.features.satellites import LinkSatellite
from pitboss.tournament.features.seat_changes import (
    BalanceTables,
    ConfirmSeatChange,
    MovePlayer,
    UndoMove,
)
from pitboss.tournament.features.seat_requests import (
    ApproveSeatRequest,
    DeclineSeatRequest,
    RequestSeat,
    WithdrawSeatRequest,
)
from pitboss.tournament.features.side_game_entries import EnterFromSideGame
from pitboss.tournament.features.side_games import (
    DeclineSideGameOption,
    RecordSideGameChips,
    RecordSideGameWinner,
    RegisterSideGame,
    SeatSideGameAlternate,
)
from pitboss.tournament.features.table_rulings import (
    ConfirmReplacementCard,
    KillHand,
    OverrideTableRuling,
    RecordMisdeal,
)
from pitboss.tournament.features.tables import DrawSeats
from pitboss.tournament.features.timekeeping import (
    AdjustClock,
    EndHandForHand,
    JumpToLevel,
    PauseClock,
    RecordHandForHandHand,
    ResumeClock,
    StartHandForHand,
    StartTournament,
    Tick,
)
from pitboss.tournament.model.entries import PersonalDetails, PlayerChips
from pitboss.tournament.model.tickets import TicketRef
from pitboss.tournament.registry import COMMAND_CLASSES, Command

COMMAND_TYPES: frozenset[type[Command]] = frozenset(COMMAND_CLASSES.values())
"""Every command class (what `pitboss.tournament.aggregate.decide` accepts)."""

__all__ = [
    "COMMAND_TYPES",
    "AddOn",
    "AdjustClock",
    "ApproveDeal",
    "ApproveSeatRequest",
    "AwardPots",
    "BagFlight",
    "BalanceTables",
    "CallClock",
    "CancelDeal",
    "CarryFlight",
    "ChipPassing",
    "CloseBooks",
    "Command",
    "ConfirmReplacementCard",
    "ConfirmSeatChange",
    "ConsentToDeal",
    "CorrectButton",
    "CorrectHand",
    "CountChips",
    "CreateTournament",
    "DeclareRebuy",
    "DeclineSeatRequest",
    "DeclineSideGameOption",
    "DrawSeats",
    "EditRegistration",
    "EndHandForHand",
    "EnterFromSideGame",
    "ExpireClock",
    "FinishHand",
    "GivePenalty",
    "JumpToLevel",
    "KillHand",
    "LinkSatellite",
    "MarkAbsent",
    "MarkReturned",
    "MergeFlights",
    "MovePlayer",
    "MutePlayer",
    "OpenFlight",
    "OverrideRuling",
    "OverrideTableRuling",
    "PauseClock",
    "PayPrize",
    "PersonalDetails",
    "PlayerChips",
    "ProposeDeal",
    "RaceColourUp",
    "ReEnter",
    "Rebuy",
    "RecordBoard",
    "RecordBust",
    "RecordChoice",
    "RecordColourUp",
    "RecordDealerInput",
    "RecordHandForHandHand",
    "RecordMisdeal",
    "RecordShowdown",
    "RecordSideGameChips",
    "RecordSideGameWinner",
    "RefundForDealers",
    "RegisterPlayer",
    "RegisterSideGame",
    "RemoveChips",
    "RequestSeat",
    "ResumeClock",
    "ResyncTable",
    "SeatSideGameAlternate",
    "SeatedPlayer",
    "StartHand",
    "StartHandForHand",
    "StartTournament",
    "Tick",
    "TicketRef",
    "UndoMove",
    "UnmutePlayer",
    "WithdrawFromPlay",
    "WithdrawPlayer",
    "WithdrawSeatRequest",
]
