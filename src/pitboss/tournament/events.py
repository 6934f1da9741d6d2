"""The director's events: past-tense facts, each with the instant ``at`` it happened (ms).

Events record outcomes, never intentions (STYLE 2): a level that started says when and with how
much time; a re-buy says what was paid and what chips were given. ``to_dict`` gives the
``{"type", "data"}`` part of the store's envelope ``{seq, v, at, type, data}`` (STYLE 14);
``event_from_dict`` reads it back. New fields must be optional with defaults so old logs replay.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar

from pitboss.errors import TournamentError
from pitboss.rules.tournament import ChopMethod, TimeLimitAction
from pitboss.table.positions import Positions
from pitboss.tournament.entries import PersonalDetails, PlayerId
from pitboss.tournament.event_base import _Event
from pitboss.tournament.people_events import PEOPLE_EVENT_CLASSES, PeopleEvent
from pitboss.validation import MAX_INT, Range

EVENT_VERSION = 1


class EventType(enum.StrEnum):
    """Every event type, as stored."""

    PLAYER_REGISTERED = "player_registered"
    PLAYER_WITHDREW = "player_withdrew"
    TOURNAMENT_STARTED = "tournament_started"
    LEVEL_STARTED = "level_started"
    BREAK_STARTED = "break_started"
    CLOCK_PAUSED = "clock_paused"
    CLOCK_RESUMED = "clock_resumed"
    CLOCK_ADJUSTED = "clock_adjusted"
    HAND_FOR_HAND_STARTED = "hand_for_hand_started"
    HAND_FOR_HAND_HAND_PLAYED = "hand_for_hand_hand_played"
    HAND_FOR_HAND_ENDED = "hand_for_hand_ended"
    TIME_LIMIT_REACHED = "time_limit_reached"
    HAND_STARTED = "hand_started"
    HAND_FINISHED = "hand_finished"
    REBUY_DECLARED = "rebuy_declared"
    REBUY_BOUGHT = "rebuy_bought"
    ADD_ON_BOUGHT = "add_on_bought"
    PAYOUTS_COMPUTED = "payouts_computed"
    PRIZE_PAID = "prize_paid"
    PRIZE_FORFEITED = "prize_forfeited"
    DEAL_PROPOSED = "deal_proposed"
    DEAL_CONSENTED = "deal_consented"
    DEAL_APPROVED = "deal_approved"
    DEAL_CANCELLED = "deal_cancelled"
    COLOUR_UP_RECORDED = "colour_up_recorded"
    BOOKS_CLOSED = "books_closed"


class LevelChange(enum.StrEnum):
    """Why a period started."""

    START = "start"
    CLOCK = "clock"
    JUMP = "jump"
    HAND_FOR_HAND = "hand_for_hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerChips:
    """A player's chip count (a stack after a hand or a colour-up)."""

    player_id: PlayerId
    chips: Annotated[int, Range(0, MAX_INT)]


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRegistered(_Event):
    """A player entered: paid buy-in plus fee and received the starting stack (THC 1)."""

    type: ClassVar[EventType] = EventType.PLAYER_REGISTERED
    at: int
    player_id: PlayerId
    name: str
    details: PersonalDetails = field(default_factory=PersonalDetails)
    buy_in_cents: int
    fee_cents: int
    chips: int
    late: bool = False


class WithdrawalReason(enum.StrEnum):
    """Why an entry was taken back before the start."""

    WITHDREW = "withdrew"  # the player withdrew; refunded by the house's setting
    DEALER_SHORTAGE = "dealer_shortage"  # THC 39: too few dealers; ticket and fee refunded


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerWithdrew(_Event):
    """A player's entry was taken back before the start and refunded as the reason says."""

    type: ClassVar[EventType] = EventType.PLAYER_WITHDREW
    at: int
    player_id: PlayerId
    refund_entry_cents: int
    refund_fee_cents: int
    reason: WithdrawalReason = WithdrawalReason.WITHDREW


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentStarted(_Event):
    """Play started; the clock runs from ``at`` (and the legal time limit counts from it)."""

    type: ClassVar[EventType] = EventType.TOURNAMENT_STARTED
    at: int
    entrants: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LevelStarted(_Event):
    """A level started; ``colour_up`` are the chip values that left play as it did (KY 10)."""

    type: ClassVar[EventType] = EventType.LEVEL_STARTED
    at: int
    level: int
    period: int
    remaining_ms: int
    colour_up: tuple[int, ...] = ()
    reason: LevelChange = LevelChange.CLOCK


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakStarted(_Event):
    """A break started after ``after_level``; ``colour_up`` as at a level (TDA 24)."""

    type: ClassVar[EventType] = EventType.BREAK_STARTED
    at: int
    after_level: int
    period: int
    remaining_ms: int
    colour_up: tuple[int, ...] = ()
    reason: LevelChange = LevelChange.CLOCK


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockPaused(_Event):
    """The director paused the clock."""

    type: ClassVar[EventType] = EventType.CLOCK_PAUSED
    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockResumed(_Event):
    """The director restarted the clock."""

    type: ClassVar[EventType] = EventType.CLOCK_RESUMED
    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ClockAdjusted(_Event):
    """Time added to (positive) or removed from (negative) the current period."""

    type: ClassVar[EventType] = EventType.CLOCK_ADJUSTED
    at: int
    delta_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandStarted(_Event):
    """Hand-for-hand began: the clock stops and loses time per hand (TDA RP-8)."""

    type: ClassVar[EventType] = EventType.HAND_FOR_HAND_STARTED
    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandHandPlayed(_Event):
    """A hand-for-hand hand was completed at every table; ``deducted_ms`` came off the clock."""

    type: ClassVar[EventType] = EventType.HAND_FOR_HAND_HAND_PLAYED
    at: int
    deducted_ms: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandForHandEnded(_Event):
    """Hand-for-hand ended; the clock runs again."""

    type: ClassVar[EventType] = EventType.HAND_FOR_HAND_ENDED
    at: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TimeLimitReached(_Event):
    """The legal time limit passed (KY 11); ``action`` is what the house does about it."""

    type: ClassVar[EventType] = EventType.TIME_LIMIT_REACHED
    at: int
    action: TimeLimitAction


@dataclass(frozen=True, slots=True, kw_only=True)
class HandStarted(_Event):
    """A hand started at a table, at the level then in force (TDA 23, THC 4, SLPT 12).

    At a table the director seats, ``positions`` are the button and blinds by the dead-button
    rule (TDA 32) and ``waiting`` the newcomers' seats that sit the hand out (TDA 10A).
    """

    type: ClassVar[EventType] = EventType.HAND_STARTED
    at: int
    hand_id: str
    table: int
    level: int
    positions: Positions | None = None
    waiting: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class HandFinished(_Event):
    """A hand ended; ``stacks`` are the chips of every player who was in it."""

    type: ClassVar[EventType] = EventType.HAND_FINISHED
    at: int
    hand_id: str
    stacks: tuple[PlayerChips, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyDeclared(_Event):
    """A player announced a re-buy: they play behind and must make it (THC 1, TDA 27)."""

    type: ClassVar[EventType] = EventType.REBUY_DECLARED
    at: int
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class RebuyBought(_Event):
    """A re-buy was made: price and fee paid, chips given (KY 4, THC 1)."""

    type: ClassVar[EventType] = EventType.REBUY_BOUGHT
    at: int
    player_id: PlayerId
    price_cents: int
    fee_cents: int
    chips: int
    declared: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOnBought(_Event):
    """An add-on was bought at the add-on break (KY 5, THC 1)."""

    type: ClassVar[EventType] = EventType.ADD_ON_BOUGHT
    at: int
    player_id: PlayerId
    price_cents: int
    fee_cents: int
    chips: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PayoutsComputed(_Event):
    """The prizes by finishing place for this many entrants and this prize pool."""

    type: ClassVar[EventType] = EventType.PAYOUTS_COMPUTED
    at: int
    entrants: int
    prize_pool_cents: int
    prizes_cents: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizePaid(_Event):
    """A prize was paid out of the prize pool."""

    type: ClassVar[EventType] = EventType.PRIZE_PAID
    at: int
    player_id: PlayerId
    amount_cents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizeForfeited(_Event):
    """A prize was forfeited and went back to the house (THC add. 15: under 21)."""

    type: ClassVar[EventType] = EventType.PRIZE_FORFEITED
    at: int
    player_id: PlayerId
    amount_cents: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealProposed(_Event):
    """A deal was put to the remaining players: how each would be paid (RULES §3.9)."""

    type: ClassVar[EventType] = EventType.DEAL_PROPOSED
    at: int
    deal_id: str
    method: ChopMethod | None
    players: tuple[PlayerId, ...]
    amounts_cents: tuple[int, ...]
    left_to_play_cents: int = 0
    warnings: tuple[str, ...] = ()
    forced: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class DealConsented(_Event):
    """A remaining player agreed to the proposed deal."""

    type: ClassVar[EventType] = EventType.DEAL_CONSENTED
    at: int
    deal_id: str
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class DealApproved(_Event):
    """The director approved the deal; the amounts are now owed to the players."""

    type: ClassVar[EventType] = EventType.DEAL_APPROVED
    at: int
    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DealCancelled(_Event):
    """A proposed deal was withdrawn or refused."""

    type: ClassVar[EventType] = EventType.DEAL_CANCELLED
    at: int
    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ColourUpRecorded(_Event):
    """A table's colour-up: stacks after it and chips removed or added (TDA 24).

    ``draw`` lists every card dealt in the race (``"3:As"`` = seat 3 drew the ace of spades);
    ``period`` is the colour-up's period when the director ran the race.
    """

    type: ClassVar[EventType] = EventType.COLOUR_UP_RECORDED
    at: int
    table: int
    stacks: tuple[PlayerChips, ...]
    chips_removed: int
    chips_added: int
    draw: tuple[str, ...] = ()
    period: int | None = None
    announcement: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class BooksClosed(_Event):
    """The director closed the books: play is over and every prize and deal share is paid."""

    type: ClassVar[EventType] = EventType.BOOKS_CLOSED
    at: int


Event = (
    PlayerRegistered
    | PlayerWithdrew
    | TournamentStarted
    | LevelStarted
    | BreakStarted
    | ClockPaused
    | ClockResumed
    | ClockAdjusted
    | HandForHandStarted
    | HandForHandHandPlayed
    | HandForHandEnded
    | TimeLimitReached
    | HandStarted
    | HandFinished
    | RebuyDeclared
    | RebuyBought
    | AddOnBought
    | PayoutsComputed
    | PrizePaid
    | PrizeForfeited
    | DealProposed
    | DealConsented
    | DealApproved
    | DealCancelled
    | ColourUpRecorded
    | BooksClosed
    | PeopleEvent
)

EVENT_CLASSES: dict[str, type[Event]] = {
    cls.type.value: cls
    for cls in (
        PlayerRegistered,
        PlayerWithdrew,
        TournamentStarted,
        LevelStarted,
        BreakStarted,
        ClockPaused,
        ClockResumed,
        ClockAdjusted,
        HandForHandStarted,
        HandForHandHandPlayed,
        HandForHandEnded,
        TimeLimitReached,
        HandStarted,
        HandFinished,
        RebuyDeclared,
        RebuyBought,
        AddOnBought,
        PayoutsComputed,
        PrizePaid,
        PrizeForfeited,
        DealProposed,
        DealConsented,
        DealApproved,
        DealCancelled,
        ColourUpRecorded,
        BooksClosed,
        *PEOPLE_EVENT_CLASSES,
    )
}


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """An event from ``{"type": ..., "data": {...}}``.

    Raises:
        TournamentError: an unknown event type.
        RuleSetError: data that does not fit the event's fields.
    """
    kind = data.get("type")
    cls = EVENT_CLASSES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise TournamentError(
            f"unknown event type {kind!r}; known: {', '.join(sorted(EVENT_CLASSES))}",
            code="unknown_event",
            params={"type": kind, "known": sorted(EVENT_CLASSES)},
        )
    return cls.from_data(data.get("data", {}))


__all__ = [
    "EVENT_CLASSES",
    "EVENT_VERSION",
    "AddOnBought",
    "BooksClosed",
    "BreakStarted",
    "ClockAdjusted",
    "ClockPaused",
    "ClockResumed",
    "ColourUpRecorded",
    "DealApproved",
    "DealCancelled",
    "DealConsented",
    "DealProposed",
    "Event",
    "EventType",
    "HandFinished",
    "HandForHandEnded",
    "HandForHandHandPlayed",
    "HandForHandStarted",
    "HandStarted",
    "LevelChange",
    "LevelStarted",
    "PayoutsComputed",
    "PlayerChips",
    "PlayerRegistered",
    "PlayerWithdrew",
    "PrizeForfeited",
    "PrizePaid",
    "RebuyBought",
    "RebuyDeclared",
    "TimeLimitReached",
    "TournamentStarted",
    "WithdrawalReason",
]
