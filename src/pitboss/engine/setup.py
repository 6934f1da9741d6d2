"""What a hand starts from: the seats, the button, the blinds and antes, and the posting plan.

Seat numbers increase clockwise (seat 1 is left of seat 10 at a ten-handed table, and the
highest seat is followed by the lowest). The button may sit in front of an empty seat (dead
button, TDA 32) and there may be no small blind (dead small blind, TDA 32).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from pitboss.errors import HandSetupError
from pitboss.rules import RuleSet
from pitboss.rules.hand import AntePostingOrder


class AnteMode(enum.StrEnum):
    """Who pays the ante (RULES.md §3.1)."""

    NONE = "none"
    """No ante."""

    PER_PLAYER = "per_player"
    """KY 10: "each player pays ante, including the blinds"."""

    BIG_BLIND = "big_blind"
    """TDA RP-11: the big blind pays the whole table's ante, blind first, ante from what remains.

    The ante is paid for everyone, so it is dead money in the main pot: every player in the
    hand can win it, even one all-in for less. (With explicit ``posts``, this mode marks the
    ``ante`` posts as big-blind antes.)
    """


class PostKind(enum.StrEnum):
    """What a forced bet is. Antes are dead money; blinds and straddles are live bets."""

    ANTE = "ante"
    SMALL_BLIND = "small_blind"
    BIG_BLIND = "big_blind"
    STRADDLE = "straddle"

    @property
    def is_live(self) -> bool:
        """Whether the chips count toward the player's bet on the first betting round."""
        return self is not PostKind.ANTE


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSpec:
    """One player dealt into the hand.

    ``killed`` marks a seat that is dealt in but whose hand is killed at once: an absent player
    (TDA 30) or one serving a penalty (TDA 71C). The seat still posts its blinds and antes.

    ``dealt=False`` marks a seat that posts but is not dealt cards (THC 6: an absent player "will
    not be dealt cards", but the blinds and antes are posted for them): it posts from its stack
    exactly as any seat, receives no cards (it is skipped in the deal order, so the others get
    the cards a live dealer would give them), never acts and cannot win any pot.
    """

    seat: int
    player: str
    stack: int
    killed: bool = False
    dealt: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Post:
    """One forced bet: ``amount`` is what is due; a short stack posts what it has (KY 10)."""

    seat: int
    kind: PostKind
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandSetup:
    """Everything the engine needs to start one deal of No-Limit Hold'em.

    ``posts``, when given, replaces the posting plan computed from the blinds and the ante mode:
    the forced bets are taken in that order, exactly as listed (PHH files with arbitrary
    per-seat antes, blinds and straddles). The first betting round then starts left of the
    largest live post, and ``min_bet`` (default: the big blind) is the minimum bet and the
    opening raise increment (THC 22/33, TDA 43A). Set ``ante_mode`` to ``big_blind`` when the
    listed ante is a big-blind ante (dead money in the main pot, RP-11); per-player antes are
    layered into the pots like any other chips (a player all-in for part of the ante wins an
    equal part of every other ante).

    ``chip_unit`` is the smallest chip in play: odd chips of a split pot are handed out in
    units of it (TDA 20); a bet or raise that is not all-in is made in multiples of it.

    ``dead_posts`` are taken after the posting plan (computed or given): dead money in the
    main pot, not part of the poster's bet (THC 21: dodged blinds "will be put into the next
    pot and will be considered dead money"; THC 35: the blinds are due once per round). A short
    stack posts what it has (KY 10).
    """

    seats: tuple[SeatSpec, ...]
    button: int
    small_blind_seat: int | None
    big_blind_seat: int
    small_blind: int
    big_blind: int
    ante: int = 0
    ante_mode: AnteMode = AnteMode.NONE
    chip_unit: int = 1
    rules: RuleSet = field(default_factory=RuleSet)
    posts: tuple[Post, ...] | None = None
    min_bet: int | None = None
    dead_posts: tuple[Post, ...] = ()

    @property
    def opening_bet(self) -> int:
        """The minimum bet and the first round's opening raise increment."""
        return self.big_blind if self.min_bet is None else self.min_bet

    def ordered_seats(self) -> tuple[SeatSpec, ...]:
        """The seats sorted by seat number, i.e. clockwise from the lowest seat."""
        return tuple(sorted(self.seats, key=lambda s: s.seat))

    def validate(self) -> None:
        """Check the setup describes a hand that can be dealt.

        Raises:
            HandSetupError: what is wrong, and what is allowed.
        """
        seats = self.seats
        if len(seats) < 2:
            _fail(
                f"a hand needs at least 2 players, got {len(seats)}",
                code="too_few_players",
                players=len(seats),
            )
        if len(seats) > 23:
            _fail(
                f"{len(seats)} players cannot be dealt from one deck: at most 23 players",
                code="too_many_players",
                players=len(seats),
            )
        numbers = [s.seat for s in seats]
        if len(set(numbers)) != len(numbers):
            _fail(f"seat numbers repeat in {numbers}: each seat once", code="duplicate_seat")
        for s in seats:
            if not _is_int(s.seat):
                _fail(f"seat {s.seat!r} is not a seat number", code="bad_seat", seat=s.seat)
            if not _is_int(s.stack) or s.stack <= 0:
                _fail(
                    f"seat {s.seat} ({s.player}) has a stack of {s.stack!r}: a player is dealt"
                    " in only with a whole, positive number of chips",
                    code="bad_stack",
                    seat=s.seat,
                    stack=s.stack,
                )
        if not _is_int(self.button):
            _fail(f"button {self.button!r} is not a seat number", code="bad_button")
        if self.big_blind_seat not in numbers:
            _fail(
                f"the big blind seat {self.big_blind_seat} has no player dealt in",
                code="bad_big_blind_seat",
                seat=self.big_blind_seat,
            )
        if self.small_blind_seat is not None:
            if self.small_blind_seat not in numbers:
                _fail(
                    f"the small blind seat {self.small_blind_seat} has no player dealt in;"
                    " use no small blind seat for a dead small blind (TDA 32)",
                    code="bad_small_blind_seat",
                    seat=self.small_blind_seat,
                )
            if self.small_blind_seat == self.big_blind_seat:
                _fail(
                    f"seat {self.big_blind_seat} cannot post both blinds",
                    code="bad_small_blind_seat",
                    seat=self.small_blind_seat,
                )
        for name in ("small_blind", "big_blind", "ante", "chip_unit"):
            value = getattr(self, name)
            if not _is_int(value) or value < 0:
                _fail(
                    f"{name} {value!r} must be a whole number of chips, 0 or more",
                    code="bad_amount",
                )
        if self.big_blind <= 0 or self.chip_unit <= 0:
            _fail("the big blind and the chip unit must be positive", code="bad_amount")
        if self.min_bet is not None and (not _is_int(self.min_bet) or self.min_bet <= 0):
            _fail(f"min_bet {self.min_bet!r} must be a positive number of chips", code="bad_amount")
        if self.ante_mode is AnteMode.NONE and self.ante and self.posts is None:
            _fail(
                f"an ante of {self.ante} needs an ante mode (per_player or big_blind)",
                code="ante_without_mode",
            )
        if (
            len(seats) == 2
            and self.posts is None
            and self.small_blind_seat is not None
            and self.small_blind_seat != self.button
        ):
            _fail(
                f"heads-up the button posts the small blind (TDA 34B): button {self.button},"
                f" small blind seat {self.small_blind_seat}",
                code="heads_up_button",
            )
        for p in self.dead_posts:
            if p.seat not in numbers:
                _fail(
                    f"a dead post is due from seat {p.seat}, which has no player", code="bad_post"
                )
            if not _is_int(p.amount) or p.amount < 0:
                _fail(f"dead post amount {p.amount!r} must be 0 or more chips", code="bad_post")
        if self.posts is not None:
            for p in self.posts:
                if p.seat not in numbers:
                    _fail(f"a post is due from seat {p.seat}, which has no player", code="bad_post")
                if not _is_int(p.amount) or p.amount < 0:
                    _fail(f"post amount {p.amount!r} must be 0 or more chips", code="bad_post")

    def posting_plan(self) -> tuple[Post, ...]:
        """The forced bets in the order they are taken.

        Standard plan: small blind, big blind; per-player antes (KY 10) all before the blinds
        (``ante_first``, default) or after them (``blind_first``); the big-blind ante after the
        big blind, from what remains (TDA RP-11). Antes are never reduced as the table shortens
        (RP-11): the full ante is due whatever the number of players.
        """
        if self.posts is not None:
            return self.posts
        blinds: list[Post] = []
        if self.small_blind_seat is not None and self.small_blind > 0:
            blinds.append(
                Post(seat=self.small_blind_seat, kind=PostKind.SMALL_BLIND, amount=self.small_blind)
            )
        blinds.append(
            Post(seat=self.big_blind_seat, kind=PostKind.BIG_BLIND, amount=self.big_blind)
        )
        if self.ante <= 0 or self.ante_mode is AnteMode.NONE:
            return tuple(blinds)
        if self.ante_mode is AnteMode.BIG_BLIND:
            return (*blinds, Post(seat=self.big_blind_seat, kind=PostKind.ANTE, amount=self.ante))
        ordered = self.ordered_seats()
        start = first_left_of(tuple(s.seat for s in ordered), self.button)
        antes = [
            Post(
                seat=ordered[(start + k) % len(ordered)].seat, kind=PostKind.ANTE, amount=self.ante
            )
            for k in range(len(ordered))
        ]
        if self.rules.hand.ante_posting_order is AntePostingOrder.BLIND_FIRST:
            return (*blinds, *antes)
        return (*antes, *blinds)


def first_left_of(seats: tuple[int, ...], seat: int) -> int:
    """Index in ``seats`` (sorted ascending) of the first seat clockwise after ``seat``."""
    for i, s in enumerate(seats):
        if s > seat:
            return i
    return 0


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fail(message: str, *, code: str, **params: object) -> None:
    raise HandSetupError(message, code=code, params=params)
