"""What a hand starts from: the seats, the button, the blinds and antes, and the posting plan.

Seat numbers increase clockwise (seat 1 is left of seat 10 at a ten-handed table, and the
highest seat is followed by the lowest). The button may sit in front of an empty seat (dead
button, TDA 32) and there may be no small blind (dead small blind, TDA 32).

``AnteMode`` is `pitboss.rules.stakes`'s (one enum for structures and hands). A setup made
without ``rules=`` shares ``DEFAULT_RULES`` instead of building a ``RuleSet`` each time.
``validate`` runs for every hand dealt, in one pass that also yields what the deal needs
(``checked_seats``): seats in order, numbers and stacks.
"""

from __future__ import annotations

import enum
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from operator import attrgetter
from typing import NamedTuple, NoReturn

from pitboss.errors import HandSetupError
from pitboss.rules import RuleSet
from pitboss.rules.games import HOLE_CARDS, MAX_LIMIT_RAISES, BettingStructure, Game
from pitboss.rules.hand_rules import AntePostingOrder
from pitboss.rules.stakes import AnteMode

DEFAULT_RULES = RuleSet()
"""The rule set of a ``HandSetup`` made without ``rules=``: one shared instance (a `RuleSet` is
frozen), so a setup does not build and check a new default `RuleSet` (about 80 us) each time."""


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


class SeatSpec(NamedTuple):
    """One player dealt into the hand.

    An immutable record, a `typing.NamedTuple`: a table builds one per player for every hand,
    and it costs 4.8 k CPU instructions to build against 10.3 k for the frozen dataclass it
    replaced (callgrind, CPython 3.11). Its fields are checked by `HandSetup.validate`, which
    every hand runs (a record is not checked when built); a changed copy is
    ``spec._replace(killed=False)``.

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


class HandSetup(NamedTuple):
    """Everything the engine needs to start one deal.

    It is long (about 380 lines) because it checks itself: every hand dealt validates its
    setup field by field in one pass (`_checked`), the game's and the betting structure's
    fields included, and that pass is part of the cost of every hand.

    An immutable record, a `typing.NamedTuple` as `SeatSpec`: a table builds one for every
    hand, at 6.8 k CPU instructions against 23.2 k for the frozen dataclass it replaced
    (callgrind, CPython 3.11). Every hand dealt checks it (`validate`); a changed copy is
    ``setup._replace(button=3)``.

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

    ``game`` and ``structure`` are the game dealt and its betting structure
    (`pitboss.rules.games`): No-Limit Texas Hold'em unless the tournament or its level says
    otherwise (either may be given as its value, ``"pot_limit"``).

    Fixed-limit only: ``big_bet`` is the bet and raise size on the turn and river (default
    twice the small bet, which is `opening_bet`: the big blind unless ``min_bet`` says
    otherwise; PHH fixed-limit files give both). ``raise_cap`` is the number of raises allowed
    after the street's one bet (pre-flop the big blind is the bet): 4 by default, "one bet and
    four raises" (SLPT 16, TDA 48's house cap, WSOP 100.b), applied even when only two players
    are in the hand; ``None`` for no cap, which the tournament gives its tables once it is down
    to two players (SLPT 16: "Once the tournament becomes heads-up, the rule does not apply";
    `pitboss.rules.games.GameRules`). Both are ignored in no-limit and pot-limit (TDA 48: no
    cap there, and they are checked only when the structure reads them).
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
    rules: RuleSet = DEFAULT_RULES
    posts: tuple[Post, ...] | None = None
    min_bet: int | None = None
    dead_posts: tuple[Post, ...] = ()
    game: Game = Game.HOLDEM
    structure: BettingStructure = BettingStructure.NO_LIMIT
    big_bet: int | None = None
    raise_cap: int | None = 4

    @property
    def mode(self) -> AnteMode:
        """``ante_mode`` as an `AnteMode` (it may be given as its value, ``"per_player"``).

        Raises:
            HandSetupError: not an ante mode (see `validate`).
        """
        mode = self.ante_mode
        if mode.__class__ is AnteMode:
            return mode
        found = _ANTE_MODES.get(mode) if isinstance(mode, str) else None
        if found is None:
            self.validate()  # raises, naming what is allowed
        assert found is not None
        return found

    @property
    def opening_bet(self) -> int:
        """The minimum bet and the first round's opening raise increment (in fixed-limit, the
        small bet)."""
        return self.big_blind if self.min_bet is None else self.min_bet

    @property
    def betting(self) -> BettingStructure:
        """``structure`` as a `BettingStructure` (it may be given as its value).

        Raises:
            HandSetupError: not a betting structure (see `validate`).
        """
        structure = self.structure
        if structure.__class__ is BettingStructure:
            return structure
        found = _STRUCTURES.get(structure) if isinstance(structure, str) else None
        if found is None:
            self.validate()  # raises, naming what is allowed
        assert found is not None
        return found

    @property
    def limit_bets(self) -> tuple[int, int]:
        """Fixed-limit: the small bet (pre-flop and flop) and the big bet (turn and river)."""
        small = self.opening_bet
        return small, 2 * small if self.big_bet is None else self.big_bet

    def ordered_seats(self) -> tuple[SeatSpec, ...]:
        """The seats sorted by seat number, i.e. clockwise from the lowest seat."""
        return tuple(sorted(self.seats, key=_SEAT_NUMBER))

    def validate(self) -> None:
        """Check the setup describes a hand that can be dealt, field by field.

        Run for every hand dealt (a ``Hand`` checks its setup), so it checks every field's type
        and range: seats, stacks, blinds, antes, chip unit and posts are whole numbers (``int``,
        never a bool, a float or text) up to `MAX_INT`; seat numbers start at 1; the flags are
        bools; the modes are their enum members or exactly their values (``"per_player"``).

        Raises:
            HandSetupError: what is wrong, and what is allowed.
        """
        self._checked()

    def checked_seats(self) -> tuple[SeatSpec, ...]:
        """`ordered_seats`, after `validate`'s checks.

        Raises:
            HandSetupError: what is wrong, and what is allowed.
        """
        return self._checked()[0]

    def _checked(
        self,
    ) -> tuple[
        tuple[SeatSpec, ...], list[int], list[int], bool, AnteMode, list[tuple[int, PostKind, int]]
    ]:
        """`validate`'s checks in one pass over the seats, and what the deal needs from them.

        Returns the seats in seat order, their seat numbers and stacks in that order, whether
        every seat is dealt in and live (none killed, none not dealt), the ante mode as an
        `AnteMode`, and `posting_order`.

        Raises:
            HandSetupError: what is wrong, and what is allowed.
        """
        # Every field in one step: a NamedTuple unpacks in C, where each field read is a
        # generic attribute lookup (about 230 CPU instructions in CPython 3.11).
        (
            seats,
            button,
            small_blind_seat,
            big_blind_seat,
            small_blind,
            big_blind,
            ante,
            ante_mode,
            chip_unit,
            rules,
            posts,
            min_bet,
            dead_posts,
            game,
            structure,
            _,
            _,
        ) = self
        if type(seats) is not tuple and (
            not isinstance(seats, tuple | list) or isinstance(seats, SeatSpec)  # one, bare
        ):
            _fail(
                f"seats must be a tuple of SeatSpec, not {seats!r}",
                code="bad_seats",
                seats=repr(seats),
            )
        n = len(seats)
        if n < 2 or n > 23:
            _check_seat_entries(seats)  # an entry that is not a SeatSpec is named first
            if n < 2:
                _fail(
                    f"a hand needs at least 2 players, got {n}",
                    code="too_few_players",
                    players=n,
                )
            _fail(
                f"{n} players cannot be dealt from one deck: at most 23 players",
                code="too_many_players",
                players=n,
            )
        # The common case first: every seat a SeatSpec in increasing seat order (so no number
        # repeats and every number is above 0), named, with chips, live and dealt in. Anything
        # else goes through `_seat_columns`, which checks each seat and says what is wrong.
        numbers: list[int] = []
        players: list[str] = []
        stacks: list[int] = []
        last = 0
        for spec in seats:
            if spec.__class__ is not SeatSpec:
                break
            seat, player, stack, killed, dealt = spec
            if (
                seat.__class__ is not int
                or seat <= last
                or player.__class__ is not str
                or stack.__class__ is not int
                or not 0 < stack <= MAX_INT
                or killed is not False
                or dealt is not True
                or not player.strip()
            ):
                break
            last = seat
            numbers.append(seat)
            players.append(player)
            stacks.append(stack)
        if len(stacks) != n or last > MAX_INT:
            numbers, players, stacks, in_order, everyone_live = _seat_columns(seats)
        else:
            in_order = everyone_live = True
        if len(set(players)) != n:
            _fail(
                f"a player is dealt in twice in {players}: each player has one seat",
                code="duplicate_player",
                players=players,
            )
        if type(button) is not int or not 1 <= button <= MAX_INT:
            _bad_seat_number(button, "button", "bad_button")
        if type(big_blind_seat) is not int or not 1 <= big_blind_seat <= MAX_INT:
            _bad_seat_number(big_blind_seat, "big blind seat", "bad_big_blind_seat")
        if big_blind_seat not in numbers:
            _fail(
                f"the big blind seat {big_blind_seat} has no player dealt in",
                code="bad_big_blind_seat",
                seat=big_blind_seat,
                seats=numbers,
            )
        if small_blind_seat is not None:
            if type(small_blind_seat) is not int or not 1 <= small_blind_seat <= MAX_INT:
                _bad_seat_number(small_blind_seat, "small blind seat", "bad_small_blind_seat")
            if small_blind_seat not in numbers:
                _fail(
                    f"the small blind seat {small_blind_seat} has no player dealt in;"
                    " use no small blind seat for a dead small blind (TDA 32)",
                    code="bad_small_blind_seat",
                    seat=small_blind_seat,
                    seats=numbers,
                )
            if small_blind_seat == big_blind_seat:
                _fail(
                    f"seat {big_blind_seat} cannot post both blinds",
                    code="bad_small_blind_seat",
                    seat=small_blind_seat,
                )
        if type(small_blind) is not int or not 0 <= small_blind <= MAX_INT:
            _bad_chips(small_blind, "small_blind", 0)
        if type(big_blind) is not int or not 1 <= big_blind <= MAX_INT:
            _bad_chips(big_blind, "big_blind", 1)
        if type(ante) is not int or not 0 <= ante <= MAX_INT:
            _bad_chips(ante, "ante", 0)
        if type(chip_unit) is not int or not 1 <= chip_unit <= MAX_INT:
            _bad_chips(chip_unit, "chip_unit", 1)
        if min_bet is not None and (type(min_bet) is not int or not 1 <= min_bet <= MAX_INT):
            _bad_chips(min_bet, "min_bet", 1)
        mode: AnteMode | None = ante_mode
        if type(mode) is not AnteMode:
            mode = _ANTE_MODES.get(ante_mode) if isinstance(ante_mode, str) else None
        if mode is None:
            _fail(
                f"ante mode {ante_mode!r} is not one of {sorted(_ANTE_MODES)}",
                code="bad_ante_mode",
                ante_mode=repr(ante_mode),
                allowed=sorted(_ANTE_MODES),
            )
        if type(rules) is not RuleSet and not isinstance(rules, RuleSet):
            _fail(
                f"rules must be a RuleSet, not {rules!r}",
                code="bad_rules",
                rules=repr(rules),
            )
        if mode is _NO_ANTE and ante and posts is None:
            _fail(
                f"an ante of {ante} needs an ante mode (per_player or big_blind)",
                code="ante_without_mode",
                ante=ante,
            )
        if n == 2 and posts is None and small_blind_seat is not None and small_blind_seat != button:
            _fail(
                f"heads-up the button posts the small blind (TDA 34B): button {button},"
                f" small blind seat {small_blind_seat}",
                code="heads_up_button",
                button=button,
                seat=small_blind_seat,
            )
        if type(dead_posts) is not tuple or dead_posts:
            _check_posts(dead_posts, "dead_posts", numbers)
        if posts is not None:
            _check_posts(posts, "posts", numbers)
        if structure is not _NO_LIMIT:  # (no-limit reads neither big_bet nor raise_cap)
            self._check_betting()
        if game is not _HOLDEM:
            _check_game(game, n)
        if not in_order or type(seats) is not tuple:
            seats = self.ordered_seats()
            numbers = [s.seat for s in seats]
            stacks = [s.stack for s in seats]
        if posts is None and (not ante or mode is _NO_ANTE) and small_blind_seat and small_blind:
            # The usual plan, the two blinds (as `_posting_order` makes it, without the call).
            posting = [
                (small_blind_seat, _SMALL_BLIND, small_blind),
                (big_blind_seat, _BIG_BLIND, big_blind),
            ]
        else:
            posting = _posting_order(
                posts, small_blind_seat, small_blind, big_blind_seat, big_blind, ante, mode,
                button, rules, numbers,
            )  # fmt: skip
        return seats, numbers, stacks, everyone_live, mode, posting

    def _check_betting(self) -> None:
        """`validate`'s checks of ``structure``, ``big_bet`` and ``raise_cap``."""
        structure = self.structure
        if structure.__class__ is not BettingStructure and (
            not isinstance(structure, str) or structure not in _STRUCTURES
        ):
            _fail(
                f"betting structure {structure!r} is not one of {sorted(_STRUCTURES)}",
                code="bad_structure",
                structure=repr(structure),
                allowed=sorted(_STRUCTURES),
            )
        big_bet = self.big_bet
        if big_bet is not None:
            if type(big_bet) is not int or not 1 <= big_bet <= MAX_INT:
                _bad_chips(big_bet, "big_bet", 1)
            if big_bet < self.opening_bet:
                _fail(
                    f"the big bet of {big_bet:,} is less than the small bet of"
                    f" {self.opening_bet:,}: in fixed-limit the turn and river bets are at"
                    " least the small bet (usually twice it)",
                    code="bad_amount",
                    field="big_bet",
                    value=repr(big_bet),
                    min=self.opening_bet,
                    max=MAX_INT,
                )
        cap = self.raise_cap
        if cap is not None and (type(cap) is not int or not 0 <= cap <= MAX_LIMIT_RAISES):
            _fail(
                f"raise cap {cap!r} must be a whole number of raises from 0 to"
                f" {MAX_LIMIT_RAISES:,}, or None for no cap (one bet and four raises: 4, SLPT 16)",
                code="bad_raise_cap",
                raise_cap=repr(cap),
                min=0,
                max=MAX_LIMIT_RAISES,
            )

    def posting_plan(self) -> tuple[Post, ...]:
        """The forced bets in the order they are taken.

        Standard plan: small blind, big blind; per-player antes (KY 10) all before the blinds
        (``ante_first``, default) or after them (``blind_first``); the big-blind ante after the
        big blind, from what remains (TDA RP-11). Antes are never reduced as the table shortens
        (RP-11): the full ante is due whatever the number of players.
        """
        if self.posts is not None:
            return normalised_posts(self.posts)
        return tuple(Post(seat=s, kind=k, amount=a) for s, k, a in self.posting_order())

    def posting_order(self) -> list[tuple[int, PostKind, int]]:
        """`posting_plan` as ``(seat, kind, amount)`` triples: what the engine posts from."""
        (_, button, small_blind_seat, big_blind_seat, small_blind, big_blind, ante, _, _,
         rules, posts, *_) = self  # fmt: skip
        mode = self.mode
        numbers = None
        if posts is None and ante > 0 and mode is AnteMode.PER_PLAYER:
            numbers = [s.seat for s in self.ordered_seats()]
        return _posting_order(
            posts, small_blind_seat, small_blind, big_blind_seat, big_blind, ante, mode, button,
            rules, numbers,
        )  # fmt: skip


def _posting_order(
    posts: tuple[Post, ...] | None,
    small_blind_seat: int | None,
    small_blind: int,
    big_blind_seat: int,
    big_blind: int,
    ante: int,
    mode: AnteMode,
    button: int,
    rules: RuleSet,
    numbers: Sequence[int] | None,
) -> list[tuple[int, PostKind, int]]:
    """`HandSetup.posting_order` from the setup's fields, the ante mode as an `AnteMode` and the
    seat numbers in seat order (needed only for per-player antes)."""
    if posts is not None:
        return [(p.seat, p.kind, p.amount) for p in normalised_posts(posts)]
    big = (big_blind_seat, _BIG_BLIND, big_blind)
    if small_blind_seat is not None and small_blind > 0:
        blinds = [(small_blind_seat, _SMALL_BLIND, small_blind), big]
    else:
        blinds = [big]
    if ante <= 0 or mode is _NO_ANTE:
        return blinds
    if mode is _BIG_BLIND_ANTE:
        blinds.append((big_blind_seat, _ANTE, ante))
        return blinds
    assert numbers is not None  # (per-player antes: the caller gives the seat numbers)
    n = len(numbers)
    start = bisect_right(numbers, button) % n  # `first_left_of`
    antes = [(numbers[(start + k) % n], _ANTE, ante) for k in range(n)]
    if rules.hand.ante_posting_order is AntePostingOrder.BLIND_FIRST:
        return blinds + antes
    return antes + blinds


def first_left_of(seats: tuple[int, ...], seat: int) -> int:
    """Index in ``seats`` (sorted ascending) of the first seat clockwise after ``seat``."""
    for i, s in enumerate(seats):
        if s > seat:
            return i
    return 0


def normalised_posts(posts: tuple[Post, ...]) -> tuple[Post, ...]:
    """``posts`` with every kind a `PostKind` (a kind may be given as its value, ``"ante"``)."""
    if all(p.kind.__class__ is PostKind for p in posts):
        return tuple(posts)
    return tuple(replace(p, kind=_POST_KINDS[p.kind]) for p in posts)


MAX_INT = 10**15
"""The largest stack, amount or seat number a setup accepts: far above any chip count, far below
what would overflow a database column or lose precision in a JSON number (2**53)."""

_SEAT_NUMBER = attrgetter("seat")
# Enum members under module names (reading one through its class costs ~0.2 us in CPython 3.11).
_NO_ANTE = AnteMode.NONE
_BIG_BLIND_ANTE = AnteMode.BIG_BLIND
_ANTE = PostKind.ANTE
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
_ANTE_MODES: dict[str, AnteMode] = {m.value: m for m in AnteMode}
_NO_LIMIT = BettingStructure.NO_LIMIT
_STRUCTURES: dict[str, BettingStructure] = {b.value: b for b in BettingStructure}
_HOLDEM = Game.HOLDEM
_GAMES: dict[str, Game] = {g.value: g for g in Game}
_POST_KINDS: dict[str, PostKind] = {k.value: k for k in PostKind}


def _check_seat_entries(seats: tuple[SeatSpec, ...] | list[SeatSpec]) -> None:
    """Refuse the first entry of ``seats`` that is not a `SeatSpec` (checked before any field,
    so a wrong entry is named whatever else is wrong)."""
    for index, spec in enumerate(seats):
        if type(spec) is not SeatSpec:
            _fail(
                f"seat entry {index + 1} is {spec!r}, not a SeatSpec",
                code="bad_seats",
                index=index,
                entry=repr(spec),
            )


def _seat_columns(
    seats: tuple[SeatSpec, ...] | list[SeatSpec],
) -> tuple[list[int], list[str], list[int], bool, bool]:
    """`HandSetup.validate`'s checks of each seat, in one pass: the seat numbers, players and
    stacks in the order given, whether the numbers increase, and whether every seat is dealt in
    and live (none killed, none not dealt).

    Raises:
        HandSetupError: an entry is not a `SeatSpec`, a field is wrong, or a seat number repeats.
    """
    numbers: list[int] = []
    players: list[str] = []
    stacks: list[int] = []
    last = 0
    in_order = True
    everyone_live = True
    for spec in seats:
        if type(spec) is not SeatSpec:
            _check_seat_entries(seats)
        seat, player, stack, killed, dealt = spec
        if (  # the common case in one test; _check_seat_spec says what is wrong
            type(seat) is not int
            or not 1 <= seat <= MAX_INT
            or type(player) is not str
            or type(stack) is not int
            or not 0 < stack <= MAX_INT
            or not player.strip()
        ):
            _check_seat_entries(seats)
            _check_seat_spec(spec)
        if killed is not False or dealt is not True:  # killed, not dealt, or not bools
            if type(killed) is not bool or type(dealt) is not bool:
                _check_seat_entries(seats)
                _check_seat_spec(spec)
            if killed or not dealt:
                everyone_live = False
        if seat <= last:
            in_order = False
        last = seat
        numbers.append(seat)
        players.append(player)
        stacks.append(stack)
    if not in_order and len(set(numbers)) != len(numbers):  # increasing numbers never repeat
        _fail(
            f"seat numbers repeat in {numbers}: each seat once",
            code="duplicate_seat",
            seats=numbers,
        )
    return numbers, players, stacks, in_order, everyone_live


def _check_seat_spec(spec: SeatSpec) -> None:
    if spec.seat.__class__ is not int or not 1 <= spec.seat <= MAX_INT:
        _bad_seat_number(spec.seat, "seat", "bad_seat")
    player = spec.player
    if not isinstance(player, str) or not player.strip():
        _fail(
            f"seat {spec.seat} has player {player!r}: a player is named by non-blank text",
            code="bad_player",
            seat=spec.seat,
            player=repr(player),
        )
    stack = spec.stack
    if stack.__class__ is not int or not 0 < stack <= MAX_INT:
        _fail(
            f"seat {spec.seat} ({player}) has a stack of {stack!r}: a player is dealt in only"
            f" with a whole, positive number of chips, at most {MAX_INT:,}",
            code="bad_stack",
            seat=spec.seat,
            stack=repr(stack),
            max=MAX_INT,
        )
    for flag in ("killed", "dealt"):
        value = getattr(spec, flag)
        if value.__class__ is not bool:
            _fail(
                f"seat {spec.seat} ({player}): {flag} must be True or False, not {value!r}",
                code="bad_flag",
                seat=spec.seat,
                field=flag,
                value=repr(value),
            )


def _bad_seat_number(value: object, what: str, code: str) -> NoReturn:
    """Refuse ``value``, which is not a seat number: an ``int`` from 1 to `MAX_INT`."""
    _fail(
        f"{what} {value!r} is not a seat number: seats are whole numbers from 1",
        code=code,
        seat=repr(value),
        min=1,
    )


def _bad_chips(value: object, name: str, low: int) -> NoReturn:
    """Refuse ``value``, which is not an ``int`` of chips from ``low`` to `MAX_INT`."""
    what = "a positive" if low else "0 or a positive"
    _fail(
        f"{name} {value!r} must be {what} whole number of chips, at most {MAX_INT:,}",
        code="bad_amount",
        field=name,
        value=repr(value),
        min=low,
        max=MAX_INT,
    )


def _check_posts(posts: object, name: str, numbers: list[int]) -> None:
    what = "dead post" if name == "dead_posts" else "post"
    if not isinstance(posts, tuple | list):
        _fail(f"{name} must be a tuple of Post, not {posts!r}", code="bad_post", field=name)
    for index, post in enumerate(posts):
        if post.__class__ is not Post:
            _fail(
                f"{name} entry {index + 1} is {post!r}, not a Post",
                code="bad_post",
                field=name,
                index=index,
            )
        if post.seat.__class__ is not int or post.seat not in numbers:
            _fail(
                f"a {what} is due from seat {post.seat!r}, which has no player (seats {numbers})",
                code="bad_post",
                field=name,
                seat=repr(post.seat),
                seats=numbers,
            )
        if not isinstance(post.kind, str) or post.kind not in _POST_KINDS:
            _fail(
                f"{what} kind {post.kind!r} is not one of {sorted(_POST_KINDS)}",
                code="bad_post",
                field=name,
                kind=repr(post.kind),
                allowed=sorted(_POST_KINDS),
            )
        amount = post.amount
        if amount.__class__ is not int or not 0 <= amount <= MAX_INT:
            _fail(
                f"{what} amount {amount!r} must be 0 or more whole chips, at most {MAX_INT:,}",
                code="bad_post",
                field=name,
                amount=repr(amount),
                max=MAX_INT,
            )


def _check_game(game: object, players: int) -> None:
    """Refuse a game that is not a `Game` (or its value, ``"omaha"``), and more players than
    one deck deals it to: four hole cards each, three burns and five board cards (TDA 38)."""
    if not isinstance(game, str) or game not in _GAMES:
        _fail(
            f"the game {game!r} is not one of {sorted(_GAMES)}",
            code="bad_game",
            game=repr(game),
            allowed=sorted(_GAMES),
        )
    most = (52 - 8) // HOLE_CARDS[_GAMES[game]]
    if players > most:
        _fail(
            f"{players} players cannot be dealt {_GAMES[game].value} from one deck: at most"
            f" {most} players (four hole cards each, three burns and five board cards)",
            code="too_many_players",
            players=players,
            max_players=most,
            game=_GAMES[game].value,
        )


def _fail(message: str, *, code: str, **params: object) -> NoReturn:
    raise HandSetupError(message, code=code, params=params)
