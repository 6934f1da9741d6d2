"""The director's events about people: seats, moves, breaks, bust-outs, penalties, rulings.

Past-tense facts with the instant ``at`` (ms), recording outcomes (the seats drawn, the cards
dealt in a draw, the moves made) so replay never draws again (STYLE 2). Every chip that leaves
play is a `ChipsRemoved` with its reason; every override of an automatic ruling is a
`RulingOverridden` with the director's reason (RULES §4 row 1).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Annotated, ClassVar

from pitboss.rules.tournament import PenaltyKind
from pitboss.tournament.balancing import Move
from pitboss.tournament.eliminations import Bust
from pitboss.tournament.entries import PlayerId
from pitboss.tournament.event_base import _Event
from pitboss.tournament.seating import DrawnTable
from pitboss.validation import MAX_INT, Range


class PeopleEventType(enum.StrEnum):
    """Event types of this module, as stored."""

    SEATS_DRAWN = "seats_drawn"
    TABLE_OPENED = "table_opened"
    TABLE_RESIZED = "table_resized"
    BUTTON_PLACED = "button_placed"
    PLAYER_SEATED = "player_seated"
    PLAYER_MOVED = "player_moved"
    TABLE_BROKEN = "table_broken"
    PLAYERS_BUSTED = "players_busted"
    TOURNAMENT_WON = "tournament_won"
    PENALTY_GIVEN = "penalty_given"
    PLAYER_ABSENT = "player_absent"
    PLAYER_RETURNED = "player_returned"
    CHIPS_REMOVED = "chips_removed"
    CLOCK_CALLED = "clock_called"
    CLOCK_EXPIRED = "clock_expired"
    RULING_OVERRIDDEN = "ruling_overridden"
    SIDE_GAME_ENTERED = "side_game_entered"
    SIDE_GAME_REGISTERED = "side_game_registered"
    SIDE_GAME_WON = "side_game_won"
    SIDE_GAME_CHIPS_COUNTED = "side_game_chips_counted"
    SIDE_GAME_OPTION_DECLINED = "side_game_option_declined"
    SIDE_GAME_ALTERNATE_SEATED = "side_game_alternate_seated"


class DrawReason(enum.StrEnum):
    """Why every seat was drawn."""

    INITIAL = "initial"  # TDA 7; KY 3; THC 12
    FINAL_TABLE = "final_table"  # KY 8b
    REDRAW = "redraw"  # WSOP 67c: at 3 and 2 tables


class SeatReason(enum.StrEnum):
    """Why a player was given a seat from the pool (TDA 8A)."""

    LATE = "late"
    RE_ENTRY = "re_entry"
    REBUY = "rebuy"
    ALTERNATE = "alternate"
    SIDE_GAME = "side_game"


class RemovalReason(enum.StrEnum):
    """Why chips left play (every removal is recorded, DESIGN invariants)."""

    DISQUALIFIED = "disqualified"  # TDA 71D, SLPT 5, THC 25
    CHIP_PASSING = "chip_passing"  # THC 37: giver and receiver eliminated
    WITHDREW = "withdrew"  # THC 38: the chips go back to the bank
    ABSENT = "absent"  # THC 6: away more than 20 minutes
    NO_SHOW = "no_show"  # THC 7: not present by the first hand of level 2
    POCKETED = "pocketed"  # THC 19, TDA 25A: chips out of view are forfeited
    LOST_AND_FOUND = "lost_and_found"  # TDA 64


class OverridableRuling(enum.StrEnum):
    """The automatic rulings the director can reverse with a reason (TDA 1; issue 6).

    ``chips_removed``: any removal from play (the chips come back, the player is in again);
    ``absent_forfeit`` (THC 6) and ``no_show`` (THC 7): the same, for that removal only, and the
    player is marked present; ``penalty``: the penalty being served ends; ``clock``: a called
    clock is cancelled; ``card_draw`` (THC 3): the players whose equal starting stacks a card
    draw placed share those places instead.
    """

    CHIPS_REMOVED = "chips_removed"
    ABSENT_FORFEIT = "absent_forfeit"
    NO_SHOW = "no_show"
    PENALTY = "penalty"
    CLOCK = "clock"
    CARD_DRAW = "card_draw"


class ClockRuling(enum.StrEnum):
    """What the clock's expiry did (TDA 29; KY 16, THC 15, SLPT 2)."""

    DEAD = "dead"
    CHECKED = "checked"
    FOLDED = "folded"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatsDrawn(_Event):
    """Every player was drawn to a seat and each table's first button placed (TDA 7, KY 6)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SEATS_DRAWN
    at: int
    tables: tuple[DrawnTable, ...]
    reason: DrawReason = DrawReason.INITIAL


@dataclass(frozen=True, slots=True, kw_only=True)
class TableOpened(_Event):
    """A new, empty table was opened (more players than seats)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.TABLE_OPENED
    at: int
    table: int
    seat_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ButtonPlaced(_Event):
    """The first button of a table that opened during play (KY 6 draw, THC 9 seat 1)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.BUTTON_PLACED
    at: int
    table: DrawnTable


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSeated(_Event):
    """A late registrant, re-entry or alternate drew a seat from the pool (TDA 8A)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.PLAYER_SEATED
    at: int
    player_id: PlayerId
    table: int
    seat: int
    reason: SeatReason = SeatReason.LATE


@dataclass(frozen=True, slots=True, kw_only=True)
class TableResized(_Event):
    """A table lost the seats its phase no longer has (THC 5: 11 in the first round, then 10),
    once nobody sat there and neither blind of its last hand was there."""

    type: ClassVar[PeopleEventType] = PeopleEventType.TABLE_RESIZED
    at: int
    table: int
    seat_count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerMoved(_Event):
    """A player changed seats between hands (TDA 11A balance, TDA 7 correction, or an undo)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.PLAYER_MOVED
    at: int
    move: Move


@dataclass(frozen=True, slots=True, kw_only=True)
class TableBroken(_Event):
    """A table broke; its players went where the two-step draw sent them (TDA 10B)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.TABLE_BROKEN
    at: int
    table: int
    moves: tuple[Move, ...]
    draw: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayersBusted(_Event):
    """Players went out, ranked for their finishing places (KY 8d, THC 3, RP-8A).

    ``draw`` are the cards of a THC 3 draw between equal stacks; ``hand_for_hand_hand`` the
    hand-for-hand hand number when the hand was played hand-for-hand.
    """

    type: ClassVar[PeopleEventType] = PeopleEventType.PLAYERS_BUSTED
    at: int
    busts: tuple[Bust, ...]
    hand_id: str | None = None
    table: int | None = None
    draw: tuple[str, ...] = ()
    hand_for_hand_hand: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentWon(_Event):
    """One player holds every chip: the winner (KY 3, THC 3)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.TOURNAMENT_WON
    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyGiven(_Event):
    """A penalty (TDA 71A, SLPT 5, THC 25): ``hands`` to miss or away ``until`` (ms).

    ``offence`` counts the player's offences, this one included (escalation, TDA 71A).
    """

    type: ClassVar[PeopleEventType] = PeopleEventType.PENALTY_GIVEN
    at: int
    player_id: PlayerId
    kind: PenaltyKind
    offence: int
    reason: str
    rounds: int = 0
    hands: int = 0
    minutes: int = 0
    until: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAbsent(_Event):
    """A player is away from the table (TDA 30; THC 6)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.PLAYER_ABSENT
    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerReturned(_Event):
    """An absent player is back at the table."""

    type: ClassVar[PeopleEventType] = PeopleEventType.PLAYER_RETURNED
    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipsRemoved(_Event):
    """Chips left play with their reason (TDA 25A, 64, 71D; THC 6, 7, 19, 25, 37, 38)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.CHIPS_REMOVED
    at: int
    player_id: PlayerId
    chips: int
    reason: RemovalReason
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockCalled(_Event):
    """The clock was called on a player (TDA 29; KY 16, THC 15, SLPT 2)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.CLOCK_CALLED
    at: int
    table: int
    player_id: PlayerId
    called_by: PlayerId | None
    expires_at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockExpired(_Event):
    """The clock ran out: the hand is dead, or checked/folded (TDA 29)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.CLOCK_EXPIRED
    at: int
    table: int
    player_id: PlayerId
    ruling: ClockRuling


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingOverridden(_Event):
    """The director reversed an automatic ruling, with a reason (RULES §4 row 1; TDA 1)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.RULING_OVERRIDDEN
    at: int
    ruling: str
    player_id: PlayerId
    reason: str
    chips_restored: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameEntered(_Event):
    """A side-game player entered the main event with new chips (SLPT 29)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_ENTERED
    at: int
    player_id: PlayerId
    name: str
    chips: int
    killed_side_stack: bool = False
    side_game_id: str | None = None  # the registered side game entered from, if any


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameRegistered(_Event):
    """A side game was set up with its players and seats (SLPT 29; 29.5: 12, or 13 large)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_REGISTERED
    at: int
    side_game_id: str
    players: tuple[str, ...]
    seats: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameWon(_Event):
    """A side game ended with its winner, who may enter the main event (SLPT 29)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_WON
    at: int
    side_game_id: str
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameStack:
    """A side-game player's chips, by name, as the floor counted them (SLPT 29.2-29.3)."""

    name: str
    chips: Annotated[int, Range(0, MAX_INT)]


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameChipsCounted(_Event):
    """A side game's stacks and the hands it has dealt, counted by the floor (SLPT 29.2-29.4).

    The players still in it and their chips (the chip leader holds the option to enter an
    unfinished game's way into the main event first); ``hands_played``: the side game's hands
    so far (its button has gone round once after one hand per starting player, SLPT 29.4).
    """

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_CHIPS_COUNTED
    at: int
    side_game_id: str
    stacks: tuple[SideGameStack, ...]
    hands_played: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameOptionDeclined(_Event):
    """The player holding an unfinished side game's option stays in it (SLPT 29.2.2): the
    option moves to the next biggest stack (29.3)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_OPTION_DECLINED
    at: int
    side_game_id: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameAlternateSeated(_Event):
    """A side game's one alternate took a seat before its first round completed (SLPT 29.6),
    with the blinds that had passed the seat deducted: ``chips`` = ``starting_stack`` -
    ``blinds_passed`` (29.6.3)."""

    type: ClassVar[PeopleEventType] = PeopleEventType.SIDE_GAME_ALTERNATE_SEATED
    at: int
    side_game_id: str
    name: str
    starting_stack: int
    blinds_passed: int
    chips: int


PeopleEvent = (
    SeatsDrawn
    | TableOpened
    | TableResized
    | ButtonPlaced
    | PlayerSeated
    | PlayerMoved
    | TableBroken
    | PlayersBusted
    | TournamentWon
    | PenaltyGiven
    | PlayerAbsent
    | PlayerReturned
    | ChipsRemoved
    | ClockCalled
    | ClockExpired
    | RulingOverridden
    | SideGameEntered
    | SideGameRegistered
    | SideGameWon
    | SideGameChipsCounted
    | SideGameOptionDeclined
    | SideGameAlternateSeated
)

PEOPLE_EVENT_CLASSES: tuple[type[PeopleEvent], ...] = (
    SeatsDrawn,
    TableOpened,
    TableResized,
    ButtonPlaced,
    PlayerSeated,
    PlayerMoved,
    TableBroken,
    PlayersBusted,
    TournamentWon,
    PenaltyGiven,
    PlayerAbsent,
    PlayerReturned,
    ChipsRemoved,
    ClockCalled,
    ClockExpired,
    RulingOverridden,
    SideGameEntered,
    SideGameRegistered,
    SideGameWon,
    SideGameChipsCounted,
    SideGameOptionDeclined,
    SideGameAlternateSeated,
)

__all__ = [
    "PEOPLE_EVENT_CLASSES",
    "ButtonPlaced",
    "ChipsRemoved",
    "ClockCalled",
    "ClockExpired",
    "ClockRuling",
    "DrawReason",
    "OverridableRuling",
    "PenaltyGiven",
    "PeopleEvent",
    "PeopleEventType",
    "PlayerAbsent",
    "PlayerMoved",
    "PlayerReturned",
    "PlayerSeated",
    "PlayersBusted",
    "RemovalReason",
    "RulingOverridden",
    "SeatReason",
    "SeatsDrawn",
    "SideGameAlternateSeated",
    "SideGameChipsCounted",
    "SideGameEntered",
    "SideGameOptionDeclined",
    "SideGameRegistered",
    "SideGameStack",
    "SideGameWon",
    "TableBroken",
    "TableOpened",
    "TableResized",
    "TournamentWon",
]
