"""The director's commands: requests that `decide` validates and turns into events.

Commands are imperative (``RegisterPlayer``); the events they produce are past tense
(``player_registered``). A command never carries the time: ``now`` is passed to `decide`.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass, field
from typing import Annotated

from pitboss.rules.table import MAX_SEATS
from pitboss.rules.tournament import ChopMethod, PenaltyKind
from pitboss.tournament.entries import PersonalDetails, PlayerId
from pitboss.tournament.events import PlayerChips
from pitboss.tournament.people_events import RemovalReason, SideGameStack
from pitboss.validation import MAX_INT, MAY_BE_BLANK, Range

Chips = Annotated[int, Range(0, MAX_INT)]
"""A chip count: 0 or more."""
Cents = Annotated[int, Range(0, MAX_INT)]
"""An amount of money in cents: 0 or more."""
TableNumber = Annotated[int, Range(1, 10_000)]
"""A table number, 1 or more."""
SeatNumber = Annotated[int, Range(1, MAX_SEATS)]
"""A seat number, 1-based as players say them (at most 13 seats, SLPT 29.5)."""
LevelNumber = Annotated[int, Range(1, 10_000)]
"""A level of the structure, 1 or more."""
Reason = Annotated[str, MAY_BE_BLANK]
"""A ruling's reason: a blank one is refused by the ruling itself, with its own code."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RegisterPlayer:
    """Enter a player (THC 1): a name, and private details the house may require.

    ``alternate``: an alternate taking an entry once play is on; seated like a late
    registrant, from the same seat pool (TDA 8A).
    """

    player_id: PlayerId
    name: Annotated[str, MAY_BE_BLANK]  # refused by name below: "a player's name is required"
    details: PersonalDetails = field(default_factory=PersonalDetails)
    alternate: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawPlayer:
    """Withdraw a player before the start, refunded by the house setting."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class StartTournament:
    """Start play and the clock at level 1."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Tick:
    """Record whatever the clock did up to now (levels, breaks, the time limit)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PauseClock:
    """Stop the clock."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ResumeClock:
    """Restart the clock."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AdjustClock:
    """Add (positive) or remove (negative) seconds of the current period (at most a day)."""

    seconds: Annotated[int, Range(-86_400, 86_400)]


@dataclass(frozen=True, slots=True, kw_only=True)
class JumpToLevel:
    """Go to the start of a level with its full time (a director's correction)."""

    level: LevelNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHandForHand:
    """Begin hand-for-hand play (TDA RP-8)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordHandForHandHand:
    """Every table finished one hand-for-hand hand: take the time off the clock (RP-8C)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndHandForHand:
    """End hand-for-hand play."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StartHand:
    """A table starts a hand (first riffle / shuffle; THC 4, SLPT 12)."""

    hand_id: str
    table: TableNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishHand:
    """A hand ended; the stacks of everyone who was in it."""

    hand_id: str
    stacks: tuple[PlayerChips, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareRebuy:
    """A player announces a re-buy before the deal: binding (THC 1, TDA 27)."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class Rebuy:
    """A player re-buys (or makes the re-buy they declared)."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class AddOn:
    """A player buys the add-on at the add-on break."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class PayPrize:
    """Pay a player what their finishing place or their deal share owes them, out of the pool.

    ``amount_cents`` None pays everything still owed; an amount pays part of it (never more
    than is owed). The minimum age is checked first (THC add. 15).
    """

    player_id: PlayerId
    amount_cents: Annotated[int, Range(1, MAX_INT)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseBooks:
    """Close the tournament's books: play is over and every prize and deal share is paid."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RefundForDealers:
    """THC 39: not enough dealers: refund ticket and fee to the highest ticket numbers until
    the players left fit the tables that have a dealer (before play starts)."""

    tables_with_dealers: Annotated[int, Range(1, 10_000)]


@dataclass(frozen=True, slots=True, kw_only=True)
class ProposeDeal:
    """Put a deal to the remaining players: a method, or custom amounts in player order.

    ``prizes_cents`` are the remaining prizes (largest first); ``stacks`` the players' chips
    in the order the amounts are wanted.
    """

    deal_id: str
    players: tuple[PlayerId, ...]
    method: ChopMethod | None = None
    prizes_cents: tuple[Cents, ...] = ()
    custom_amounts_cents: tuple[Cents, ...] = ()
    left_to_play_cents: Cents = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsentToDeal:
    """A remaining player agrees to the proposed deal."""

    deal_id: str
    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class ApproveDeal:
    """The director approves a deal every remaining player agreed to."""

    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CancelDeal:
    """Withdraw a proposed deal."""

    deal_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordColourUp:
    """A table's colour-up result: stacks after it (TDA 24 race, or KY 2 pooled draw)."""

    table: TableNumber
    stacks: tuple[PlayerChips, ...]
    chips_removed: Chips
    chips_added: Chips = 0
    draw: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatedPlayer:
    """A player in a seat (1-based) at a table; ``odd_chips`` is a live dealer's own count."""

    seat: SeatNumber
    player_id: PlayerId
    odd_chips: Annotated[int, Range(0, 1000)] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RaceColourUp:
    """Run the scheduled colour-up and chip race at one table (TDA 24 or KY 2, by the house)."""

    table: TableNumber
    seats: tuple[SeatedPlayer, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawSeats:
    """Draw every registered player to a seat and each table's first button (TDA 7, KY 6)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ConfirmSeatChange:
    """Carry out the director's next proposed seat change (a move, a break, a redraw).

    Live mode: the floor confirms each proposal; dealt mode applies them by itself
    (``tournament.seating.auto_apply_moves``).
    """


@dataclass(frozen=True, slots=True, kw_only=True)
class BalanceTables:
    """Carry out every proposed seat change now possible: one balancing pass (TDA 10B, 11)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UndoMove:
    """Take back the last move of this pass, if neither table has dealt since."""


@dataclass(frozen=True, slots=True, kw_only=True)
class MovePlayer:
    """The director moves a player to an empty seat (TDA 7: a player in the wrong seat)."""

    player_id: PlayerId
    table: TableNumber
    seat: SeatNumber


@dataclass(frozen=True, slots=True, kw_only=True)
class ReEnter:
    """A player who went out buys a new entry under a new id (TDA 8A: full stack, random seat)."""

    player_id: PlayerId
    new_player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class GivePenalty:
    """A penalty (TDA 71A, SLPT 5, THC 25); ``kind`` None takes the next rung of the ladder.

    ``amount`` is rounds (missed rounds, 1-4) or minutes (THC 25: 10/20/30/40).
    """

    player_id: PlayerId
    reason: Reason
    kind: PenaltyKind | None = None
    amount: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkAbsent:
    """A player is away from the table (TDA 30; THC 6)."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkReturned:
    """An absent player is back."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveChips:
    """Take chips out of play with a reason (THC 19 pocketed chips, TDA 64 lost and found).

    ``chips`` None takes every chip, which puts the player out.
    """

    player_id: PlayerId
    reason: RemovalReason
    chips: Annotated[int, Range(1, MAX_INT)] | None = None
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChipPassing:
    """Chip passing: giver and receiver are both eliminated (THC 37)."""

    giver: PlayerId
    receiver: PlayerId
    note: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawFromPlay:
    """A player leaves during play; their chips go back to the bank (THC 38)."""

    player_id: PlayerId


@dataclass(frozen=True, slots=True, kw_only=True)
class CallClock:
    """Call the clock on a player (TDA 29; THC 15): ``called_by`` None is the director."""

    table: TableNumber
    player_id: PlayerId
    called_by: PlayerId | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpireClock:
    """The called clock ran out; ``facing_bet`` decides check or fold under TDA 29."""

    table: TableNumber
    facing_bet: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OverrideRuling:
    """The director reverses an automatic ruling, with a reason (TDA 1; RULES §4 row 1).

    ``ruling`` is an `pitboss.tournament.people_events.OverridableRuling` value:
    ``chips_removed`` (give back the removed chips and reinstate the player), ``absent_forfeit``
    (THC 6) or ``no_show`` (THC 7) (the same for that removal, and the player is present),
    ``penalty`` (end the penalty being served), ``clock`` (cancel a clock called on the
    player), ``card_draw`` (THC 3: the equal stacks the draw placed share the places). A move is
    taken back with `UndoMove`.
    """

    ruling: str
    player_id: PlayerId
    reason: Reason
    table: TableNumber | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterFromSideGame:
    """A side-game player enters the main event with the average stack (SLPT 29).

    ``killed_side_stack``: a player of an unfinished side game at the final table's start
    kills their side-game stack (no side-game prize) to enter.
    """

    player_id: PlayerId
    name: str
    killed_side_stack: bool = False
    side_game_id: str | None = None  # a registered side game: its winner, or its option holder


@dataclass(frozen=True, slots=True, kw_only=True)
class RegisterSideGame:
    """Set up a side game with its players, by name (SLPT 29); ``large``: a large table's 13
    seats instead of 12 (SLPT 29.5)."""

    side_game_id: str
    players: tuple[str, ...]
    large: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSideGameWinner:
    """A side game ended: its winner may enter the main event (SLPT 29)."""

    side_game_id: str
    winner: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSideGameChips:
    """The floor's count of a side game: the stacks still in it and the hands it has dealt
    (SLPT 29.2-29.4: who holds the option to enter, and whether its button has gone round)."""

    side_game_id: str
    stacks: tuple[SideGameStack, ...]
    hands_played: Annotated[int, Range(0, 100_000)]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclineSideGameOption:
    """The holder of an unfinished side game's option stays in it; the option moves to the
    next biggest stack (SLPT 29.2.2, 29.3)."""

    side_game_id: str
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSideGameAlternate:
    """A side game's one alternate takes an empty seat before its first round completes; the
    blinds that have passed the seat come off ``starting_stack`` (SLPT 29.6)."""

    side_game_id: str
    name: str
    starting_stack: Annotated[int, Range(1, MAX_INT)]
    blinds_passed: Chips = 0


Command = (
    RegisterPlayer
    | WithdrawPlayer
    | StartTournament
    | Tick
    | PauseClock
    | ResumeClock
    | AdjustClock
    | JumpToLevel
    | StartHandForHand
    | RecordHandForHandHand
    | EndHandForHand
    | StartHand
    | FinishHand
    | DeclareRebuy
    | Rebuy
    | AddOn
    | PayPrize
    | CloseBooks
    | RefundForDealers
    | ProposeDeal
    | ConsentToDeal
    | ApproveDeal
    | CancelDeal
    | RecordColourUp
    | RaceColourUp
    | DrawSeats
    | ConfirmSeatChange
    | BalanceTables
    | UndoMove
    | MovePlayer
    | ReEnter
    | GivePenalty
    | MarkAbsent
    | MarkReturned
    | RemoveChips
    | ChipPassing
    | WithdrawFromPlay
    | CallClock
    | ExpireClock
    | OverrideRuling
    | EnterFromSideGame
    | RegisterSideGame
    | RecordSideGameWinner
    | RecordSideGameChips
    | DeclineSideGameOption
    | SeatSideGameAlternate
)

COMMAND_TYPES: frozenset[type[Command]] = frozenset(typing.get_args(Command))
"""Every command class (what `pitboss.tournament.aggregate.decide` accepts)."""
