"""A PokerStars hand as its text says it: the parsed model that `stars_reader` builds.

Every value is what the file wrote, checked but not yet played: players by name, amounts in
integer chips (a cash game's money in cents: ``scale`` is 100, so ``$0.25`` is 25), cards as
`Card`. Each item keeps the number of its line in the file, so that a replay that parts from
the file names the line (`pitboss.history.stars_replay`). Nothing here imports the engine.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from typing import TypeAlias

from pitboss.cards import Card
from pitboss.rules.games import BettingStructure, Game


class StarsPostKind(enum.StrEnum):
    """What a posting line posts."""

    ANTE = "ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    SMALL_AND_BIG = "small_and_big"
    """``posts small & big blinds``: a player back from missing both blinds posts the big
    blind live and the small blind dead (cash games)."""
    STRADDLE = "straddle"


class StarsActionKind(enum.StrEnum):
    """A player's decision in the betting."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsSeat:
    """A ``Seat N: name (stack in chips)`` line of the header.

    ``sitting_out`` is PokerStars' ``is sitting out`` (a tournament player away is still dealt
    in and folds; a cash-game player away is not dealt in); ``out_of_hand`` is ``out of hand``
    (moved in from another table into a blind: not dealt this hand).
    """

    seat: int
    name: str
    stack: int
    line: int
    sitting_out: bool = False
    out_of_hand: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsPost:
    """``name: posts small blind 10 [and is all-in]`` (and the ante, big blind, straddle)."""

    player: str
    kind: StarsPostKind
    amount: int
    line: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsAction:
    """``name: folds | checks | calls X | bets X | raises X to Y [and is all-in]``.

    ``amount`` is what the line says the player puts in (a call, a bet, a raise's increment);
    ``to`` is a bet's or raise's total for the street. ``street`` counts from 0 (pre-flop).
    """

    player: str
    kind: StarsActionKind
    street: int
    line: int
    amount: int = 0
    to: int = 0
    all_in: bool = False
    timed_out: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsBoard:
    """``*** FLOP *** [a b c]``, ``*** TURN *** [a b c] [d]``: the cards this street adds."""

    street: int
    cards: tuple[Card, ...]
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsReturn:
    """``Uncalled bet (X) returned to name``."""

    player: str
    amount: int
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsShow:
    """``name: shows [cards] (...)`` (``cards`` may be fewer than dealt: one card shown), or
    ``name: mucks hand`` (``mucked``)."""

    player: str
    line: int
    cards: tuple[Card, ...] = ()
    mucked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsCollect:
    """``name collected X from pot`` (``main pot``, ``side pot``, ``side pot-2``), or a cash
    out (``name cashed out the hand for X``: ``cashed_out``, the pot is not paid)."""

    player: str
    amount: int
    pot: str
    line: int
    cashed_out: bool = False


StarsItem: TypeAlias = StarsAction | StarsBoard | StarsReturn | StarsShow | StarsCollect
"""One line of the hand's play, in file order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsSummarySeat:
    """A ``Seat N: name ...`` line of the summary: what it says the seat won and showed, and
    the blind it marks the seat as (``small blind``, ``big blind``)."""

    seat: int
    name: str
    line: int
    won: int | None = None
    cards: tuple[Card, ...] = ()
    blind: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsGameType:
    """The game as the header names it (``Hold'em No Limit``, ``Omaha Hi/Lo Pot Limit``), and
    as pitboss names it: ``game`` and ``structure`` are ``None`` for a game pitboss has no
    name for (stud, razz, draw, five-card Omaha); ``cap`` is a capped no-limit game's cap."""

    name: str
    game: Game | None
    structure: BettingStructure | None
    cap: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StarsHand:
    """One hand of a PokerStars hand history.

        ``number`` is the hand number (``PokerStars Hand #<number>``), ``line`` the file line of
        its header. ``small_blind`` and ``big_blind`` are the header's stakes (a fixed-limit
        game's small and big bet). ``scale`` is chips per unit of the file's amounts (100 for a
        cash game's money: cents). ``local_time`` and ``time_zone`` are the header's time as
        written (naive: ``CET``, ``PT`` name no offset); ``eastern_time`` is PokerStars' ET time
    (the bracketed one, or the only one), an instant in ``America/New_York``.

        ``known_cards`` are hole cards the file names outside the showdown: ``Dealt to`` (the
        first names the ``hero``, the player the file was written for) and a fold that shows
        cards (``folds [8d]``).

        ``unplayable`` says why the hand cannot be replayed however it is read (the hand was
        cancelled, run twice, a game pitboss has no name for); its play is then not read.
    """

    number: int
    line: int
    game: StarsGameType
    small_blind: int
    big_blind: int
    scale: int
    table: str
    max_seats: int
    button: int
    seats: tuple[StarsSeat, ...]
    posts: tuple[StarsPost, ...] = ()
    items: tuple[StarsItem, ...] = ()
    known_cards: tuple[StarsShow, ...] = ()
    hero: str | None = None
    board: tuple[Card, ...] = ()
    total_pot: int | None = None
    rake: int | None = None
    summary: tuple[StarsSummarySeat, ...] = ()
    tournament: int | None = None
    buy_in: str | None = None
    level: int | None = None
    currency: str | None = None
    symbol: str = ""
    local_time: dt.datetime | None = None
    time_zone: str | None = None
    eastern_time: dt.datetime | None = None
    unplayable: str | None = None

    @property
    def is_cash_game(self) -> bool:
        return self.tournament is None

    def seat_of(self, name: str) -> StarsSeat:
        """The seat of a player named in the hand (the reader checked every name)."""
        return next(s for s in self.seats if s.name == name)

    def actions(self) -> tuple[StarsAction, ...]:
        return tuple(i for i in self.items if isinstance(i, StarsAction))

    def boards(self) -> tuple[StarsBoard, ...]:
        return tuple(i for i in self.items if isinstance(i, StarsBoard))

    def returns(self) -> tuple[StarsReturn, ...]:
        return tuple(i for i in self.items if isinstance(i, StarsReturn))

    def shows(self) -> tuple[StarsShow, ...]:
        return tuple(i for i in self.items if isinstance(i, StarsShow))

    def collects(self) -> tuple[StarsCollect, ...]:
        return tuple(i for i in self.items if isinstance(i, StarsCollect))

    def in_hand(self) -> tuple[StarsSeat, ...]:
        """The seats dealt into the hand, in seat order: those who post, act, show or are dealt
        the hero's cards. A seat that does none of these (a cash-game player sitting out, one
        moved in ``out of hand``) is not in the hand."""
        named = {p.player for p in self.posts}
        named.update(
            i.player for i in self.items if isinstance(i, StarsAction | StarsShow | StarsCollect)
        )
        named.update(k.player for k in self.known_cards)
        return tuple(s for s in self.seats if s.name in named and not s.out_of_hand)

    def won(self) -> dict[str, int]:
        """What each player won, as the file says: the pots they collected, or for a player
        who cashed out (the pot not paid), what the summary says they won."""
        out: dict[str, int] = {}
        cashed = {c.player for c in self.collects() if c.cashed_out}
        for c in self.collects():
            if not c.cashed_out:
                out[c.player] = out.get(c.player, 0) + c.amount
        for s in self.summary:
            if s.name in cashed and s.won is not None:
                out[s.name] = out.get(s.name, 0) + s.won
        return out
