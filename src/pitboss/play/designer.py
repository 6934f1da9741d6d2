"""The structure designer: a level structure the forecast finishes inside a time limit.

`design_structure` builds candidate structures from one shape (`candidate_rules`): a geometric
blind progression from a big blind of about ``starting_chips / 100``, each level rounded to a
"nice" amount (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^n) payable in the chips in play (TDA 24,
RULES §6); a colour-up removes the smallest chip as a level starts once the small blind is 20
times it or more (KY 10 colours up at level starts); antes from the level the base preset
starts them, at the base's ante-to-big-blind ratio, in its ante mode; a break about every two
hours, and the base's re-buy window and add-on at the first break (KY 4, 5: "until
intermission"). Only the growth rate varies: a bisection over it forecasts a handful of
candidates on the same seeds (common random numbers, so candidates differ by structure only)
and keeps the slowest whose chop risk (the share of runs the time limit stopped, KY 11) is
within the asked risk. Risks are compared exactly (`fractions.Fraction`), never as floats.

`format_design` prints the chosen rules as the commented preset TOML a director edits
(`pitboss.rules.preset_toml`: every setting with its meaning, unit, what is allowed and the
rule), which `pitboss.rules.ruleset.parse_preset` reads back to the same `RuleSet`, with the
supporting forecast as comments first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from pitboss.errors import PlayError
from pitboss.play.forecast import Forecast, RunSummary, forecast, run_seeds, summarize
from pitboss.rules import RuleSet
from pitboss.rules.preset_toml import format_preset_toml
from pitboss.rules.structure import Break, Level, Structure
from pitboss.rules.tournament import TimeLimitAction

NICE = (10, 12, 15, 20, 25, 30, 40, 50, 60, 80)
"""Big-blind mantissas (x 10^n): the amounts a clock and a dealer read at a glance."""
COLOUR_UP_RATIO = 20
"""A chip leaves play as the level whose small blind is this many times it or more starts."""
BREAK_EVERY_MINUTES = 120
MIN_GROWTH = Fraction(11, 10)
MAX_GROWTH = Fraction(5, 2)

PlayRuns = Callable[[RuleSet, int, tuple[int, ...]], Sequence[RunSummary]]
"""Plays ``players`` under the rules once per seed and returns the summaries in seed order."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DesignRequest:
    """What the director asks for: the field, the time limit, the stack, the risk of a chop."""

    players: int
    minutes: int
    starting_chips: int
    chop_risk: Fraction = Fraction(1, 10)
    limit_minutes: int | None = None
    """The legal time limit (a forced chop, KY 11); None: the base preset's, if it has one.
    ``minutes`` is the target finish, which may leave a margin before it."""
    max_growth: Fraction = MAX_GROWTH
    """The most the blinds may grow from one level to the next (the designer's cap)."""
    break_every_minutes: int = BREAK_EVERY_MINUTES
    """Minutes of play between the breaks added after the house's own."""
    rebuy_until_level: int | None = None
    """The last level re-buys are sold in; None: the house's window (KY 4: until intermission)."""
    add_on_after_level: int | None = None
    """The level after whose break the add-on is sold (a break is put there if there is none);
    None: the house's (KY 5: at intermission)."""
    level_minutes: int | None = None
    runs: int = 16
    seed: int = 1
    steps: int = 5

    def __post_init__(self) -> None:
        problems = {
            "players": self.players >= 2,
            "minutes": self.minutes >= 30,
            "starting_chips": self.starting_chips >= 100,
            "chop_risk": 0 <= self.chop_risk < 1,
            "level_minutes": self.level_minutes is None or self.level_minutes >= 1,
            "runs": self.runs >= 1,
            "steps": self.steps >= 1,
            "limit_minutes": self.limit_minutes is None or self.limit_minutes >= self.minutes,
            "max_growth": MIN_GROWTH < self.max_growth <= MAX_GROWTH,
            "break_every_minutes": self.break_every_minutes >= 30,
            "rebuy_until_level": self.rebuy_until_level is None or self.rebuy_until_level >= 1,
            "add_on_after_level": self.add_on_after_level is None or self.add_on_after_level >= 1,
        }
        bad = sorted(name for name, ok in problems.items() if not ok)
        if bad:
            raise PlayError(
                f"a structure design needs at least 2 players, 30 minutes, 100 starting chips, "
                f"a chop risk from 0 up to (not including) 100%, level minutes, runs and steps "
                f"of 1 or more, a legal limit no earlier than the target finish, a largest "
                f"blind growth above {float(MIN_GROWTH):.2f}x and up to "
                f"{float(MAX_GROWTH):.2f}x a level, breaks at least 30 minutes of play apart, "
                f"re-buy and add-on levels of 1 or more; wrong: {', '.join(bad)}",
                code="bad_design_request",
                params={"wrong": bad},
            )


@dataclass(frozen=True, slots=True, kw_only=True)
class Candidate:
    """One structure tried: its growth rate per level, the rules and their forecast."""

    growth: Fraction
    rules: RuleSet
    forecast: Forecast
    late_runs: int = 0
    """Runs that ended after the target finish or were stopped by the legal limit."""

    def is_within(self, risk: Fraction) -> bool:
        """Whether the share of late runs is at most ``risk``."""
        return Fraction(self.late_runs, self.forecast.runs) <= risk


@dataclass(frozen=True, slots=True, kw_only=True)
class Design:
    """The structure chosen and every candidate tried, in the order they were tried."""

    request: DesignRequest
    base: str
    chosen: Candidate
    tried: tuple[Candidate, ...]


def _nice_at_least(amount: int, unit: int) -> int:
    """The smallest nice amount >= ``amount`` that is a multiple of ``unit``."""
    exponent = 0
    while True:
        scale: int = 10**exponent
        for mantissa in NICE:
            value = mantissa * scale
            if value >= amount and value % unit == 0:
                return value
        exponent += 1


def _nice_near(amount: Fraction, unit: int) -> int:
    """The nice multiple of ``unit`` nearest ``amount`` (in ratio), at least ``unit``."""
    above = _nice_at_least(max(unit, math.ceil(amount)), unit)
    below = [v for v in _nice_values(unit, above) if v <= amount]
    if below and amount / below[-1] < above / amount:
        return below[-1]
    return above


def _nice_values(unit: int, up_to: int) -> list[int]:
    values = []
    exponent = 0
    while 10**exponent <= up_to:
        for mantissa in NICE:
            value = mantissa * 10**exponent
            if unit <= value <= up_to and value % unit == 0:
                values.append(value)
        exponent += 1
    return sorted(set(values))


STANDARD_CHIPS = (1, 5, 25, 50, 100, 500, 1000, 5000, 25000, 100000)
"""Denominations a room has besides the base preset's, for a stack the base's cannot pay."""


def chip_chain(base_chips: Sequence[int], starting_chips: int) -> tuple[int, ...]:
    """The chips the designed structure uses: each divides the next, so the race of a colour-up
    always leaves stacks the chips still in play can make (TDA 24, RULES §3.7).

    The smallest is the house's own chip that pays the stack and is at most a 150th of it (a
    first big blind near a 100th of the stack, paid in the chips in play, TDA 24), the largest
    such; else the house's smallest that pays it and is at most a 50th (a shorter start);
    else a standard chip below the house's that does (1 pays any stack). Then every larger
    chip of the house's (and standard ones below the house's smallest, to reach it) that the
    chain so far divides.
    """
    house = sorted(set(base_chips))
    lowest = house[0] if house else 1
    bridges = sorted(c for c in STANDARD_CHIPS if c < lowest)
    fine = [c for c in house if c <= starting_chips // 150 and starting_chips % c == 0]
    short = [c for c in house if c <= starting_chips // 50 and starting_chips % c == 0]
    standard = [
        c for c in bridges if c <= max(1, starting_chips // 150) and starting_chips % c == 0
    ]
    smallest = fine[-1] if fine else short[0] if short else standard[-1] if standard else 1
    chain = [smallest]
    for chip in sorted({*house, *bridges}):
        if chip > chain[-1] and chip % chain[-1] == 0:
            chain.append(chip)
    return tuple(chain)


def _round_to(amount: Fraction | int, unit: int) -> int:
    return max(unit, round(Fraction(amount) / unit) * unit)


def _schedule(
    base: Structure, level_minutes: int, limit: int, every: int = BREAK_EVERY_MINUTES
) -> tuple[int, tuple[Break, ...]]:
    """How many levels start before the limit, and the breaks among them: the base preset's
    own breaks where they fall inside the night (a re-buy window or an add-on tied to one
    stays where the house put it: KY 4, 5 "until intermission"), then one after about ``every``
    minutes of play after the last of them. No level is written that cannot start in time."""
    minutes = _break_minutes(base)
    kept: dict[int, Break] = {}
    clock = 0
    due = every
    number = 0
    while clock < limit:
        number += 1
        clock += level_minutes
        own = base.break_after(number)
        if own is not None and clock + own.minutes < limit:
            kept[number] = replace(own, colour_up=())
            clock += own.minutes
            due = clock + every
        elif (
            number > max((b.after_level for b in base.breaks), default=0)
            and clock >= due
            and clock + minutes < limit
        ):
            kept[number] = Break(after_level=number, minutes=minutes)
            clock += minutes
            due = clock + every
    levels = max(2, number)
    return levels, tuple(b for n, b in sorted(kept.items()) if n < levels)


def candidate_rules(base: RuleSet, request: DesignRequest, growth: Fraction) -> RuleSet:
    """The base preset's rules with a structure growing by ``growth`` per level (module doc).

    Chips leave play only at breaks, all those due at once (TDA 24 colour-ups at a break, never
    two levels running during play): a chip is due once the next level's small blind is
    `COLOUR_UP_RATIO` times it, and it stays in play (the blinds still paid in it) until the
    next break. The night's legal limit is the request's, else the base's (KY 11's six hours
    is law, not a target).

    Raises:
        StructureError, RuleSetError: the structure or the money terms do not fit (a bug
            here, or a base preset whose chips cannot pay the asked stack).
    """
    t = base.tournament
    s = t.structure
    level_minutes = request.level_minutes or s.level_minutes
    legal = (
        request.limit_minutes if request.limit_minutes is not None else t.clock.time_limit_minutes
    )
    horizon = legal if legal is not None else max(request.minutes * 2, request.minutes + 120)
    scale = Fraction(request.starting_chips, t.entry.starting_chips)
    chips = chip_chain(s.chips, request.starting_chips)
    unit = chips[0]
    first_big = _nice_near(Fraction(request.starting_chips, 100), 2 * unit)
    ante_from, ante_ratio = _ante_shape(s)
    n_levels, breaks = _schedule(s, level_minutes, horizon, request.break_every_minutes)
    breaks_after = {b.after_level: b for b in breaks}
    wanted = request.add_on_after_level
    if wanted is not None and wanted < n_levels and wanted not in breaks_after:
        breaks_after[wanted] = Break(after_level=wanted, minutes=_break_minutes(s))
    in_play = list(chips)
    levels: list[Level] = []
    target = Fraction(first_big)
    for number in range(1, n_levels + 1):
        before = breaks_after.get(number - 1)
        if before is not None:
            leaving: list[int] = []
            while len(in_play) > 1 and target / 2 >= COLOUR_UP_RATIO * in_play[0]:
                leaving.append(in_play.pop(0))
            breaks_after[number - 1] = replace(before, colour_up=tuple(leaving))
        chip = in_play[0]
        big = _nice_near(target, 2 * chip)
        if levels and big <= levels[-1].big_blind:
            big = _nice_at_least(levels[-1].big_blind + 1, 2 * chip)
        ante = 0
        if ante_from is not None and number >= ante_from:
            ante = _round_to(big * ante_ratio, chip)
        levels.append(Level(small_blind=big // 2, big_blind=big, ante=ante))
        target = Fraction(big) * growth
    breaks = tuple(breaks_after[n] for n in sorted(breaks_after))
    structure = Structure(
        levels=tuple(levels),
        breaks=breaks,
        chips=tuple(chips),
        level_minutes=level_minutes,
        ante_mode=s.ante_mode,
    )
    first_break = breaks[0].after_level if breaks else len(levels)
    rebuy = t.rebuy
    if rebuy.allowed:
        window_end = request.rebuy_until_level or rebuy.until_level
        if window_end is not None and window_end > len(levels):
            window_end = first_break
        last = window_end or len(levels)
        need = max(structure.smallest_chip_at_level(n) for n in range(1, last + 1))
        rebuy = replace(rebuy, chips=_round_to(rebuy.chips * scale, need), until_level=window_end)
    add_on = t.add_on
    at = add_on.at_break_after_level
    if add_on.allowed and breaks:
        at = request.add_on_after_level or at
        at = at if at is not None and at in breaks_after else first_break
        need = structure.chips_in_play_at_break(at)[0]
        add_on = replace(
            add_on, chips=_round_to(add_on.chips * scale, need), at_break_after_level=at
        )
    elif add_on.allowed:
        add_on = replace(add_on, allowed=False, at_break_after_level=None)
    entry = replace(t.entry, starting_chips=request.starting_chips)
    late = entry.late_registration_until_level
    if late is not None and late > len(levels):
        entry = replace(entry, late_registration_until_level=first_break)
    clock = t.clock
    if request.limit_minutes is not None and clock.time_limit_minutes != request.limit_minutes:
        rule = f"set by structure suggest ({request.limit_minutes} min)" + (
            f"; the house's is {clock.time_limit_minutes} min, {clock.time_limit_rule}"
            if clock.time_limit_minutes is not None and clock.time_limit_rule
            else ""
        )
        clock = replace(
            clock,
            time_limit_minutes=request.limit_minutes,
            on_time_limit=TimeLimitAction.CHOP,
            time_limit_rule=rule,
        )
    tournament = replace(
        t, structure=structure, entry=entry, rebuy=rebuy, add_on=add_on, clock=clock
    )
    return replace(
        base,
        name=f"{base.name}-designed",
        title=f"{base.title}: designed for {request.players} players in {_hours(request.minutes)}",
        tournament=tournament,
    )


def _ante_shape(s: Structure) -> tuple[int | None, Fraction]:
    """The first level with an ante in the base and the ante-to-big-blind ratio of its last."""
    with_ante = [n for n, level in enumerate(s.levels, start=1) if level.ante]
    if not with_ante:
        return None, Fraction(0)
    last = s.levels[with_ante[-1] - 1]
    return with_ante[0], Fraction(last.ante, last.big_blind)


def _break_minutes(s: Structure) -> int:
    return s.breaks[0].minutes if s.breaks else 10


def _hours(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d} min"


def play_serially(rules: RuleSet, players: int, seeds: tuple[int, ...]) -> list[RunSummary]:
    """One process, one run after another (the command line passes a parallel `PlayRuns`)."""
    from pitboss.play.runtime import play_tournament
    from pitboss.play.simulation import SimulationSettings

    settings = SimulationSettings()
    return [
        summarize(
            play_tournament(rules, players=players, seed=seed, settings=settings, keep_events=False)
        )
        for seed in seeds
    ]


def design_structure(
    base: RuleSet,
    request: DesignRequest,
    *,
    play: PlayRuns = play_serially,
    progress: Callable[[Candidate], None] | None = None,
) -> Design:
    """The slowest candidate whose share of runs ending after the target (or chopped by the
    legal limit) is within ``request.chop_risk``; ``progress`` is told each candidate tried.

    Bisects the growth rate between `MIN_GROWTH` and ``request.max_growth`` for
    ``request.steps`` steps after trying both ends; every candidate plays the same seeds.

    Raises:
        PlayError: ``no_structure`` when even the fastest candidate chops too often.
    """
    seeds = run_seeds(request.seed, request.runs)
    tried: list[Candidate] = []

    def attempt(growth: Fraction) -> Candidate:
        rules = candidate_rules(base, request, growth)
        runs = play(rules, request.players, seeds)
        late = sum(1 for r in runs if r.chopped or r.elapsed_minutes > request.minutes)
        tried.append(Candidate(growth=growth, rules=rules, forecast=forecast(runs), late_runs=late))
        if progress is not None:
            progress(tried[-1])
        return tried[-1]

    slow = attempt(MIN_GROWTH)
    if slow.is_within(request.chop_risk):
        return Design(request=request, base=base.name, chosen=slow, tried=tuple(tried))
    fast = attempt(request.max_growth)
    if not fast.is_within(request.chop_risk):
        raise PlayError(
            f"even blinds growing {float(request.max_growth):.2f}x a level end late in "
            f"{fast.late_runs} of {fast.forecast.runs} runs, more than the "
            f"{_percent(request.chop_risk)} asked; allow more hours, fewer players or a "
            "larger --max-growth",
            code="no_structure",
            params={
                "late_runs": fast.late_runs,
                "chopped_runs": fast.forecast.chopped_runs,
                "runs": fast.forecast.runs,
                "chop_risk": str(request.chop_risk),
            },
        )
    low, best = MIN_GROWTH, fast
    high = request.max_growth
    for _ in range(request.steps):
        middle = _round_growth((low + high) / 2)
        if middle in (low, high):
            break
        candidate = attempt(middle)
        if candidate.is_within(request.chop_risk):
            high, best = middle, candidate
        else:
            low = middle
    return Design(request=request, base=base.name, chosen=best, tried=tuple(tried))


def _round_growth(value: Fraction) -> Fraction:
    return Fraction(round(value * 100), 100)


def _percent(share: Fraction) -> str:
    value = share * 100
    return f"{value.numerator}%" if value.denominator == 1 else f"{float(value):.1f}%"


def format_design(design: Design, *, start_minute: int | None = None) -> str:
    """The chosen rules as preset TOML, the forecast that supports them as comments first
    (spreads as 10%-90%, as `pitboss simulate` prints them; clock times when the night's start,
    ``start_minute`` after midnight, is known)."""
    chosen = design.chosen
    fc = chosen.forecast
    r = design.request
    limit = chosen.rules.tournament.clock.time_limit_minutes

    def when(minutes: int) -> str:
        if start_minute is None:
            return _hours(minutes)
        clock = start_minute + minutes
        day = f" (+{clock // 1440} day)" if clock >= 1440 else ""
        return f"{clock % 1440 // 60:02d}:{clock % 60:02d}{day}"

    legal = f"a legal limit of {when(limit)}" if limit is not None else "no legal limit"
    started = "" if start_minute is None else f" from {when(0)}"
    lines = [
        f"# Designed by pitboss structure suggest from the '{design.base}' preset for "
        f"{r.players:,} players, {r.starting_chips:,} starting chips, play{started}, a target "
        f"finish of {when(r.minutes)} ({legal}) and at most {_percent(r.chop_risk)} of runs "
        "ending later.",
        f"# Blinds grow about {float(chosen.growth):.2f}x a level. Forecast: {fc.runs:,} runs "
        f"(random seeds {fc.seeds[0]:,}-{fc.seeds[-1]:,}), median finish "
        f"{when(fc.finish_minutes.median)} (10%-90%: {when(fc.finish_minutes.p10)} to "
        f"{when(fc.finish_minutes.p90)}), ending after the target "
        f"{chosen.late_runs}/{fc.runs} ({_percent(Fraction(chosen.late_runs, fc.runs))}), "
        f"chopped at the legal limit {fc.chopped_runs}/{fc.runs}.",
        "# Candidates tried (growth: runs ending late / runs, median finish):",
    ]
    for c in sorted(design.tried, key=lambda c: c.growth):
        lines.append(
            f"#   {float(c.growth):.2f}x: {c.late_runs}/{c.forecast.runs}, "
            f"{when(c.forecast.finish_minutes.median)}"
        )
    lines.append("")
    lines.append(format_preset_toml(chosen.rules))
    return "\n".join(lines)


__all__ = [
    "Candidate",
    "Design",
    "DesignRequest",
    "PlayRuns",
    "candidate_rules",
    "design_structure",
    "format_design",
    "format_preset_toml",
    "play_serially",
]
