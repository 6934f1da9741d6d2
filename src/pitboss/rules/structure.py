"""The blind structure of a tournament: levels, breaks, the chips in play and their checks.

A `Structure` that exists is one the director can run: every blind and ante is payable in the
chips in play at its level (RULES §6, TDA 20, 24), blinds never go down (KY 10), and a colour-up
never removes the last chip value (TDA 24). The default is a conventional 20-minute structure
with a big-blind ante (TDA RP-11); the TDA leaves structure to the house.

Raises (on construction): `StructureError`, naming the level or break and the amount that is
wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pitboss.errors import StructureError
from pitboss.rules.games import BettingStructure, Game
from pitboss.rules.mapping import OMITTED_WHEN_DEFAULT
from pitboss.rules.stakes import AnteMode


@dataclass(frozen=True, slots=True, kw_only=True)
class Level:
    """One blind level; ``colour_up`` lists chip values that leave play as it starts (KY 10).

    ``minutes`` and ``ante_mode`` fall back to the structure's ``level_minutes``/``ante_mode``;
    ``game`` and ``structure`` (a mixed event's rotation, issue 30) to the tournament's
    (`pitboss.rules.games.level_game`). In fixed-limit the big blind is the small bet and twice
    it the big bet.
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: int | None = None
    ante_mode: AnteMode | None = None
    colour_up: tuple[int, ...] = ()
    note: str = ""
    game: Game | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)
    structure: BettingStructure | None = field(default=None, metadata=OMITTED_WHEN_DEFAULT)


@dataclass(frozen=True, slots=True, kw_only=True)
class Break:
    """A break after a level; ``colour_up`` lists chip values that leave play at it (TDA 24)."""

    after_level: int
    minutes: int
    colour_up: tuple[int, ...] = ()
    note: str = ""


def _default_levels() -> tuple[Level, ...]:
    amounts = [
        (100, 200, 0),
        (200, 300, 0),
        (200, 400, 400),
        (300, 600, 600),
        (400, 800, 800),
        (500, 1000, 1000),
        (600, 1200, 1200),
        (800, 1600, 1600),
        (1000, 2000, 2000),
        (1200, 2400, 2400),
        (1500, 3000, 3000),
        (2000, 4000, 4000),
        (2500, 5000, 5000),
        (3000, 6000, 6000),
        (4000, 8000, 8000),
        (5000, 10000, 10000),
        (6000, 12000, 12000),
        (8000, 16000, 16000),
        (10000, 20000, 20000),
        (15000, 30000, 30000),
    ]
    return tuple(Level(small_blind=sb, big_blind=bb, ante=ante) for sb, bb, ante in amounts)


def _default_breaks() -> tuple[Break, ...]:
    return tuple(
        Break(after_level=n, minutes=10, colour_up=(100,) if n == 12 else ())
        for n in (4, 8, 12, 16)
    )


@dataclass(frozen=True, slots=True, kw_only=True)
class Structure:
    """Levels, breaks and the chips in play; validated against TDA 24/RP-11 and RULES §6.

    Invariant: every blind and ante is a positive multiple of the smallest chip still in play at
    its level (after the colour-ups at earlier breaks and at the level's own start), the big blind
    is at least the small blind, neither blind is lower than at the level before (KY 10: "The
    blinds will be increased"; THC 4's "blind progression"), and a colour-up never removes the
    last chip value in play.
    """

    levels: tuple[Level, ...] = field(default_factory=_default_levels)
    breaks: tuple[Break, ...] = field(default_factory=_default_breaks)
    chips: tuple[int, ...] = (100, 500, 1000, 5000, 25000)
    level_minutes: int = 20
    ante_mode: AnteMode = AnteMode.BIG_BLIND

    def __post_init__(self) -> None:
        validate_structure(self)

    def level(self, number: int) -> Level:
        """Level ``number`` (1-based, as players say it)."""
        if not 1 <= number <= len(self.levels):
            raise StructureError(
                f"there is no level {number}; levels run from 1 to {len(self.levels)}",
                code="no_such_level",
                params={"level": number, "levels": len(self.levels)},
            )
        return self.levels[number - 1]

    def minutes_of(self, number: int) -> int:
        """The length of level ``number`` in minutes."""
        minutes = self.level(number).minutes
        return self.level_minutes if minutes is None else minutes

    def ante_mode_of(self, number: int) -> AnteMode:
        """How the ante of level ``number`` is paid (``none`` when the level has no ante)."""
        level = self.level(number)
        if level.ante == 0:
            return AnteMode.NONE
        return self.ante_mode if level.ante_mode is None else level.ante_mode

    def break_after(self, number: int) -> Break | None:
        """The break that follows level ``number``, if any."""
        for brk in self.breaks:
            if brk.after_level == number:
                return brk
        return None

    def chips_in_play_at_level(self, number: int) -> tuple[int, ...]:
        """Chip values still in play while level ``number`` is played (after its colour-up)."""
        self.level(number)
        removed: set[int] = set()
        for n in range(1, number + 1):
            removed.update(self.levels[n - 1].colour_up)
            if n < number:
                brk = self.break_after(n)
                if brk is not None:
                    removed.update(brk.colour_up)
        return tuple(c for c in sorted(self.chips) if c not in removed)

    def chips_in_play_at_break(self, after_level: int) -> tuple[int, ...]:
        """Chip values in play during the break after ``after_level`` (after its colour-up)."""
        brk = self.break_after(after_level)
        in_play = self.chips_in_play_at_level(after_level)
        if brk is None:
            return in_play
        return tuple(c for c in in_play if c not in brk.colour_up)

    def smallest_chip_at_level(self, number: int) -> int:
        """The smallest chip value in play at level ``number`` (TDA 20, 24)."""
        return self.chips_in_play_at_level(number)[0]


def validate_structure(structure: Structure) -> None:
    """Check a structure; the seed's level 7 "759/1,500" fails here (KY 10, RULES §6).

    Blinds never go down from one level to the next (KY 10: "The blinds will be increased every
    20 minutes"; THC 4 times a "blind progression"; no seed or TDA rule lowers them). A level may
    keep the blinds of the one before (an ante added, a longer level); the ante may go down (a
    switch from per-player antes to one big-blind ante changes what it counts).

    Raises:
        StructureError: naming the level or break and the amount that is wrong
            (``blinds_decrease`` names both levels and their blinds).
    """
    s = structure
    if not s.levels:
        raise StructureError(
            "a structure needs at least one level", code="no_levels", params={"levels": 0}
        )
    if not s.chips or any(c <= 0 for c in s.chips) or len(set(s.chips)) != len(s.chips):
        raise StructureError(
            f"chips in play must be distinct positive values, got {list(s.chips)}",
            code="bad_chips",
            params={"chips": list(s.chips)},
        )
    if s.level_minutes <= 0:
        raise StructureError(
            f"level_minutes must be positive, got {s.level_minutes}",
            code="minutes_not_positive",
            params={"level_minutes": s.level_minutes},
        )
    in_play = set(s.chips)
    after_levels = [b.after_level for b in s.breaks]
    if after_levels != sorted(set(after_levels)):
        raise StructureError(
            f"breaks must follow distinct levels in order, got after levels {after_levels}",
            code="breaks_out_of_order",
            params={"after_levels": after_levels},
        )
    for brk in s.breaks:
        if not 1 <= brk.after_level <= len(s.levels):
            raise StructureError(
                f"a break after level {brk.after_level} does not fit a structure of "
                f"{len(s.levels)} levels",
                code="break_beyond_levels",
                params={"after_level": brk.after_level, "levels": len(s.levels)},
            )
        if brk.minutes <= 0:
            raise StructureError(
                f"the break after level {brk.after_level} must last a positive number of minutes",
                code="minutes_not_positive",
                params={"after_level": brk.after_level, "minutes": brk.minutes},
            )
    for number, level in enumerate(s.levels, start=1):
        where = f"level {number}"
        in_play = _colour_up(in_play, level.colour_up, where)
        smallest = min(in_play)
        if level.minutes is not None and level.minutes <= 0:
            raise StructureError(
                f"{where} must last a positive number of minutes, got {level.minutes}",
                code="minutes_not_positive",
                params={"level": number, "minutes": level.minutes},
            )
        if level.small_blind <= 0 or level.big_blind < level.small_blind or level.ante < 0:
            raise StructureError(
                f"{where} has small blind {level.small_blind}, big blind {level.big_blind}, "
                f"ante {level.ante}; blinds must be positive with the big blind at least the "
                "small blind, and the ante zero or more",
                code="blinds_out_of_range",
                params={
                    "level": number,
                    "small_blind": level.small_blind,
                    "big_blind": level.big_blind,
                    "ante": level.ante,
                },
            )
        for what, amount in (
            ("small blind", level.small_blind),
            ("big blind", level.big_blind),
            ("ante", level.ante),
        ):
            if amount % smallest:
                raise StructureError(
                    f"{where}: the {what} {amount:,} is not a multiple of {smallest:,}, the "
                    f"smallest chip in play at {where} (chips in play: "
                    f"{', '.join(f'{c:,}' for c in sorted(in_play))}); "
                    "every blind and ante must be payable in chips",
                    code="not_payable_in_chips",
                    params={
                        "level": number,
                        "kind": what.replace(" ", "_"),
                        "amount": amount,
                        "smallest_chip": smallest,
                        "chips_in_play": sorted(in_play),
                    },
                )
        if level.ante_mode is not None and level.ante_mode is AnteMode.NONE and level.ante:
            raise StructureError(
                f"{where} has an ante of {level.ante} but ante_mode 'none'",
                code="ante_without_ante_mode",
                params={"level": number, "ante": level.ante, "ante_mode": AnteMode.NONE.value},
            )
        if number > 1:
            _check_blinds_rise(s.levels[number - 2], level, number)
        following = s.break_after(number)
        if following is not None:
            in_play = _colour_up(in_play, following.colour_up, f"the break after level {number}")


def _check_blinds_rise(before: Level, level: Level, number: int) -> None:
    """KY 10, THC 4: neither blind of level ``number`` is below the level before's."""
    if level.small_blind >= before.small_blind and level.big_blind >= before.big_blind:
        return
    raise StructureError(
        f"level {number} has blinds {level.small_blind:,}/{level.big_blind:,}, lower than level "
        f"{number - 1}'s {before.small_blind:,}/{before.big_blind:,}; blinds stay the same or "
        'go up from one level to the next (KY 10: "The blinds will be increased")',
        code="blinds_decrease",
        params={
            "level": number,
            "previous_level": number - 1,
            "small_blind": level.small_blind,
            "big_blind": level.big_blind,
            "previous_small_blind": before.small_blind,
            "previous_big_blind": before.big_blind,
        },
    )


def _colour_up(in_play: set[int], removed: tuple[int, ...], where: str) -> set[int]:
    for chip in removed:
        if chip not in in_play:
            raise StructureError(
                f"{where} colours up the {chip:,} chip, which is not in play there "
                f"(chips in play: {', '.join(f'{c:,}' for c in sorted(in_play))})",
                code="colour_up_chip_not_in_play",
                params={"where": where, "chip": chip, "chips_in_play": sorted(in_play)},
            )
    left = in_play - set(removed)
    if not left:
        raise StructureError(
            f"{where} colours up every chip in play; at least one chip value must remain",
            code="colour_up_removes_every_chip",
            params={"where": where},
        )
    return left
