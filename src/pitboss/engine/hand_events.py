"""The record of a hand: immutable events, in the order they happened.

Events record outcomes (the cards dealt, the chips moved), so replaying them never draws again.
Hidden information sits in two places only: hole cards (``HoleCardsDealt.cards``) and burned
cards (``CardBurned.card``); ``visible_to`` blanks what a given viewer may not see. Undealt
cards never appear in any event (no rabbit hunting: TDA 28, THC 18, SLPT 15).

The events are frozen dataclasses (slots, keyword-only): equal by type and value, hashable, and
``dataclasses.replace``/``fields`` work on them; the engine builds the ones of its hot path with
`pitboss.engine.record_builders`, which makes exactly what the constructors make.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from pitboss.cards import Card
from pitboss.engine.actions import ActionKind
from pitboss.engine.setup import PostKind
from pitboss.errors import HandSetupError
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT


class Street(enum.StrEnum):
    """The four betting rounds of Hold'em."""

    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"


STREETS: tuple[Street, ...] = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)


class PotHalf(enum.StrEnum):
    """Which half of a split pot an award is, in a high-low game (Omaha high-low)."""

    HIGH = "high"
    LOW = "low"


class KillReason(enum.StrEnum):
    """Why a hand was killed without its player acting."""

    DEALT_DEAD = "dealt_dead"
    """Absent at the end of the deal (TDA 30) or serving a penalty (TDA 71C)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Posted:
    """A forced bet was posted; ``is_all_in`` when the stack could not cover it (KY 10).

    ``is_dead`` marks dead money (``HandSetup.dead_posts``: missed blinds posted dead, THC
    21/35): it goes into the main pot and is not part of the poster's bet.
    """

    seat: int
    kind: PostKind
    amount: int
    is_all_in: bool = False
    is_dead: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleCardsDealt:
    """A seat received its hole cards (two in Hold'em, four in Omaha: `rules.games.HOLE_CARDS`);
    ``cards`` is ``None`` in a view that hides them."""

    seat: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandKilled:
    """A hand was killed at once, before acting (TDA 30, 71C); its posts stay in the pot."""

    seat: int
    reason: KillReason


@dataclass(frozen=True, slots=True, kw_only=True)
class CardBurned:
    """One card was burned before a board card (TDA 38); ``card`` is hidden from every player."""

    street: Street
    card: Card | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardDealt:
    """The flop, turn or river was dealt face up."""

    street: Street
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Acted:
    """A player acted in turn.

    ``amount`` is the chips this action added; ``to`` the player's total bet on the street
    afterwards (the raise-to total for a bet or raise). ``timed_out`` marks an action taken by
    the clock (TDA 29; KY 16, THC 15, SLPT 2).
    """

    seat: int
    street: Street
    kind: ActionKind
    amount: int = 0
    to: int = 0
    is_all_in: bool = False
    timed_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BetReturned:
    """The uncalled part of a bet went back to its bettor before the pots were formed."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandTabled:
    """A hand was turned face up at showdown (TDA 16/17A): all its hole cards."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HandMucked:
    """A hand was thrown away face down at showdown, conceding every pot (TDA 17A)."""

    seat: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PotAwarded:
    """One pot was pushed (TDA 21): index 0 is the main pot, then the side pots in order.

    ``shares`` lines up with ``winners`` (ordered clockwise from the button); a split gives the
    odd chips to the first winners left of the button (TDA 20). ``eligible`` lists every seat
    that could have won it; ``is_uncontested`` when every other player folded or mucked.

    In a high-low game (Omaha high-low) a contested pot with a qualifying low is pushed in two
    awards of the same ``pot``: ``half`` ``high`` (the best high hands) and then ``low`` (the
    best lows), each with its own ``amount``; the high half takes the odd chip of the pot (TDA
    20, SLPT 1), and each half is split further by the odd-chip rule. ``half`` is ``None`` for a
    whole pot: every pot in the other games, and a high-low pot without a qualifying low.
    """

    pot: int
    amount: int
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    shares: tuple[int, ...]
    is_uncontested: bool = False
    half: PotHalf | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class HandEnded:
    """The last chip was pushed; ``stacks`` holds ``(seat, stack)`` for every player dealt in."""

    stacks: tuple[tuple[int, int], ...]


HandEvent = (
    Posted
    | HoleCardsDealt
    | HandKilled
    | CardBurned
    | BoardDealt
    | Acted
    | BetReturned
    | HandTabled
    | HandMucked
    | PotAwarded
    | HandEnded
)


def visible_to(events: Iterable[HandEvent], seat: int | None) -> list[HandEvent]:
    """The events as ``seat`` may see them (``None``: a spectator or a public display).

    Other players' hole cards and every burned card are blanked; cards a player tabled are
    public through ``HandTabled``.

    Raises:
        HandSetupError: ``seat`` is not a seat number or ``None`` (``bad_seat``).
    """
    if seat is not None and (seat.__class__ is not int or seat < 1):
        raise HandSetupError(
            f"{seat!r} is not a seat number: the view of a seat (a whole number from 1) or of"
            " a spectator (None)",
            code="bad_seat",
            params={"seat": repr(seat)},
        )
    out: list[HandEvent] = []
    for event in events:
        if isinstance(event, HoleCardsDealt) and event.seat != seat and event.cards is not None:
            out.append(replace(event, cards=None))
        elif isinstance(event, CardBurned) and event.card is not None:
            out.append(replace(event, card=None))
        else:
            out.append(event)
    return out
