"""League points (issue 28): a league's points rules as named settings, and one event's points
per person.

The rules are data (`PointsRules`, read from TOML by `pitboss.club.points_toml`): the place
formula (PokerStars', Dr. Neau's, a pool split such as the NUTS league's, reverse finish order,
a fixed table by place, or a custom formula evaluated by ``simpleeval``, never Python's
``eval``), participation and knockout points, SLPT 29's side-game points, and how a season adds
them up (`pitboss.club.standings`). Points are integer hundredths of a point: each component of
a person's event is rounded once, half away from zero, to two decimals (the published tables
show two), so a season's total never depends on the order it was added in. Pure: no clock, no
I/O.
"""

from __future__ import annotations

import ast
import dataclasses
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from typing import Any, Literal

import simpleeval

from pitboss.club.results import EventResult, Finish, SideGameFinish
from pitboss.errors import ClubError
from pitboss.ids import ClubPlayerId

PlaceKind = Literal["pokerstars", "neau", "pool", "reverse_finish", "fixed_table", "custom"]
"""The place formula: PokerStars' leader board, Dr. Neau's, a pool split by percentages (NUTS),
one point per player outlasted, a fixed table by place, or a custom expression."""

Aggregate = Literal["total", "average"]
"""How a season adds up a person's counted events: their sum, or their mean."""

TieBreak = Literal[
    "most_wins", "best_event", "countback", "most_events", "best_place", "latest_best_finish"
]
"""A tie-break between equal season points, applied in the order the rules list them:
``most_wins`` more events won; ``best_event`` the higher best single event; ``countback`` the
higher best event, then second best, and so on; ``most_events`` more events played;
``best_place`` the better best finishing place; ``latest_best_finish`` whose best place came
more recently."""

VARIABLES: dict[str, str] = {
    "entrants": "entries sold, re-entries included (the n of the published formulas)",
    "place": "the player's finishing place, 1 for the winner",
    "buy_in": "the buy-in without the fee, in dollars",
    "spend": "everything the player paid: buy-ins, fees, re-buys, add-ons, in dollars",
    "knockouts": "players the player knocked out (shared knockouts count a fraction)",
    "rebuys": "re-buys the player bought",
    "add_ons": "add-ons the player bought",
    "prize": "the player's prize, in dollars",
}
"""The names a custom formula may use, with what each means."""

FUNCTIONS: dict[str, Callable[..., Any]] = {
    "sqrt": math.sqrt,
    "log": math.log,
    "log10": math.log10,
    "min": min,
    "max": max,
    "floor": math.floor,
    "ceil": math.ceil,
    "round": round,
}
"""The functions a custom formula may call (nothing else: no attributes, no imports)."""

FORMULA_LIMIT = 500
"""The longest custom formula, in characters (PokerStars' is 40)."""

_TRIAL: dict[str, float] = {
    "entrants": 100.0,
    "place": 3.0,
    "buy_in": 20.0,
    "spend": 20.0,
    "knockouts": 1.0,
    "rebuys": 0.0,
    "add_ons": 0.0,
    "prize": 100.0,
}
"""The night a custom formula is tried on when the rules are read: 3rd of 100 at $20."""

_PLACE_FIELDS: dict[str, tuple[str, ...]] = {
    "pokerstars": ("scale",),
    "neau": (),
    "pool": ("pool_per_entrant", "percent", "others"),
    "reverse_finish": ("per_player_outlasted",),
    "fixed_table": ("table", "others"),
    "custom": ("formula",),
}
"""The settings each place formula reads; a setting another formula reads is refused."""


def _refuse(code: str, message: str, **params: Any) -> ClubError:
    return ClubError(message, code=code, params=params)


def _at_least_zero(setting: str, value: float) -> None:
    if not math.isfinite(value) or value < 0:
        raise _refuse(
            "points_below_zero",
            f"{setting} is {value}: points rules give no negative points; use 0 or more",
            setting=setting,
            value=value,
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceRules:
    """The points for a finishing place (the ``[place]`` table of a points preset).

    ``scale``: PokerStars' leading 10. ``pool_per_entrant``, ``percent`` (of the pool, place 1
    first) and ``others`` (every place past the table): a pool split (NUTS: 200, 30/20/13/10/9/
    7/6/5, 50). ``table`` and ``others``: a fixed table by place. ``per_player_outlasted``:
    reverse finish order. ``formula``: a custom expression over `VARIABLES`.
    """

    kind: PlaceKind
    scale: float = 10.0
    pool_per_entrant: float = 0.0
    percent: tuple[float, ...] = ()
    table: tuple[float, ...] = ()
    others: float = 0.0
    per_player_outlasted: float = 1.0
    formula: str = ""

    def __post_init__(self) -> None:
        _check_place_rules(self)


def _check_place_rules(rules: PlaceRules) -> None:
    """Refuse a setting the formula does not read, and each formula's missing or bad values."""
    used = _PLACE_FIELDS[rules.kind]
    for name, default in _place_defaults().items():
        if name not in used and getattr(rules, name) != default:
            raise _refuse(
                "points_setting_not_used",
                f"place.{name} is not read by the '{rules.kind}' formula; remove it (the "
                f"'{rules.kind}' formula reads: {', '.join(used) or 'nothing else'})",
                setting=f"place.{name}",
                kind=rules.kind,
                allowed=list(used),
            )
    for name in ("scale", "pool_per_entrant", "others", "per_player_outlasted"):
        _at_least_zero(f"place.{name}", getattr(rules, name))
    for index, value in enumerate((*rules.percent, *rules.table)):
        _at_least_zero(f"place.{'percent' if index < len(rules.percent) else 'table'}", value)
    if rules.kind == "pool":
        _check_pool(rules)
    elif rules.kind == "fixed_table" and not rules.table:
        raise _refuse(
            "points_table_empty",
            "place.table is empty: a fixed table gives the points of place 1, 2, 3 ... in "
            "order, e.g. table = [100, 70, 50]",
            setting="place.table",
        )
    elif rules.kind == "custom":
        compiled_formula(rules.formula)


@cache
def _place_defaults() -> dict[str, Any]:
    """Each formula parameter of `PlaceRules` and its default (what "not set" is)."""
    return {f.name: f.default for f in dataclasses.fields(PlaceRules) if f.name != "kind"}


def _check_pool(rules: PlaceRules) -> None:
    if rules.pool_per_entrant <= 0 or not rules.percent:
        raise _refuse(
            "points_pool_incomplete",
            "a pool split needs place.pool_per_entrant (points each entrant adds, NUTS: 200) "
            "and place.percent (the pool's share of place 1, 2, 3 ..., NUTS: [30, 20, 13, ...])",
            setting="place.pool_per_entrant" if rules.pool_per_entrant <= 0 else "place.percent",
        )
    if sum(rules.percent) > 100 + 1e-9:
        raise _refuse(
            "points_pool_over_100",
            f"place.percent adds up to {sum(rules.percent):g}%: a pool pays out at most 100%",
            setting="place.percent",
            total=sum(rules.percent),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockoutRules:
    """Points for knockouts: ``per_knockout`` each (a shared knockout scores its fraction);
    for several on one hand, ``bonus_per_extra`` for each beyond the first and
    ``bonus_by_count`` (item 0 for 2 on one hand, item 1 for 3 ...; more than the table lists
    scores its last item). Both bonuses add up when both are set."""

    per_knockout: float = 0.0
    bonus_per_extra: float = 0.0
    bonus_by_count: tuple[float, ...] = ()

    def __post_init__(self) -> None:
        _at_least_zero("knockouts.per_knockout", self.per_knockout)
        _at_least_zero("knockouts.bonus_per_extra", self.bonus_per_extra)
        for value in self.bonus_by_count:
            _at_least_zero("knockouts.bonus_by_count", value)


@dataclass(frozen=True, slots=True, kw_only=True)
class SideGameRules:
    """SLPT 29's side-game points: ``won`` for winning a side game, ``played`` for everyone
    who played in one (the winner too); a player who killed their stack to enter the main
    event forfeits both (SLPT 29.2.1)."""

    won: float = 0.0
    played: float = 0.0

    def __post_init__(self) -> None:
        _at_least_zero("side_games.won", self.won)
        _at_least_zero("side_games.played", self.played)


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsRules:
    """A league's points rules (one shipped preset or a league's own TOML).

    ``participation``: points for playing an event. ``top_fraction``: only places within the
    top fraction of the field score place points (PokerStars: 0.15; a place scores when
    place <= entrants x fraction, rounded down, and the winner always does: 22 of 150).
    ``min_field``: an event with fewer entrants counts for no one. ``best_of``: only a
    person's best N events count (None: all). ``drop_lowest``: each person's N lowest events
    are dropped, an event they missed counting as a zero dropped first (so it is best of the
    season's events less N). ``aggregate``: a person's season is the total or the average of
    their counted events. ``tie_breaks``: `TieBreak` names, in order.
    """

    name: str
    title: str
    place: PlaceRules
    participation: float = 0.0
    knockouts: KnockoutRules = field(default_factory=KnockoutRules)
    side_games: SideGameRules = field(default_factory=SideGameRules)
    top_fraction: float | None = None
    min_field: int = 0
    best_of: int | None = None
    drop_lowest: int = 0
    aggregate: Aggregate = "total"
    tie_breaks: tuple[TieBreak, ...] = ("most_wins", "best_event", "most_events")

    def __post_init__(self) -> None:
        _at_least_zero("participation", self.participation)
        _check_season_rules(self)


def _check_season_rules(rules: PointsRules) -> None:
    """The season settings' ranges: a fraction of the field, counts of events, tie-breaks."""
    if rules.top_fraction is not None and not 0 < rules.top_fraction <= 1:
        raise _refuse(
            "points_top_fraction_out_of_range",
            f"top_fraction is {rules.top_fraction}: it is a fraction of the field above 0 and "
            "at most 1 (PokerStars: 0.15, the top 15%)",
            setting="top_fraction",
            value=rules.top_fraction,
        )
    for setting, value, low in (
        ("min_field", rules.min_field, 0),
        ("drop_lowest", rules.drop_lowest, 0),
        ("best_of", rules.best_of, 1),
    ):
        if value is not None and value < low:
            raise _refuse(
                "points_count_out_of_range",
                f"{setting} is {value}: it must be {low} or more",
                setting=setting,
                value=value,
                low=low,
            )
    seen = [t for i, t in enumerate(rules.tie_breaks) if t in rules.tie_breaks[:i]]
    if seen:
        raise _refuse(
            "points_tie_break_repeated",
            f"tie_breaks names '{seen[0]}' twice; name each tie-break once",
            setting="tie_breaks",
            repeated=seen[0],
        )


# --- the custom formula ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CompiledFormula:
    """A checked custom formula, parsed once; each call runs it in a fresh simpleeval
    evaluator (safe across threads)."""

    text: str
    tree: ast.AST

    def __call__(self, values: Mapping[str, float]) -> float:
        """The formula's value for one player's night.

        Raises:
            ArithmeticError, ValueError, TypeError, simpleeval.InvalidExpression: what the
                formula does with these values (the caller names the player and event).
        """
        evaluator = simpleeval.SimpleEval(functions=FUNCTIONS, names=dict(values))
        value = evaluator.eval(self.text, previously_parsed=self.tree)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"it gives {value!r}, not a number")
        if not math.isfinite(value):
            raise ValueError("it gives a number too large to score")
        return float(value)


def _formula_error(formula: str, problem: str, **params: Any) -> ClubError:
    return _refuse(
        "bad_points_formula",
        f"the points formula '{formula}' {problem}. A formula may use the variables "
        f"{', '.join(VARIABLES)} and the functions {', '.join(FUNCTIONS)}",
        formula=formula,
        variables=list(VARIABLES),
        functions=list(FUNCTIONS),
        **params,
    )


_ALLOWED_NODES = (
    ast.Expression,
    ast.BinOp,
    ast.UnaryOp,
    ast.BoolOp,
    ast.Compare,
    ast.IfExp,
    ast.Call,
    ast.Name,
    ast.Constant,
    ast.Load,
    ast.operator,
    ast.unaryop,
    ast.boolop,
    ast.cmpop,
)
"""What a formula is made of: arithmetic, comparisons, conditionals, calls, names, numbers."""


@cache
def compiled_formula(formula: str) -> CompiledFormula:
    """``formula`` checked and parsed: every name a variable or a function, and a trial
    evaluation on 3rd of 100 at $20 gives a number.

    Raises:
        ClubError: ``bad_points_formula``, naming the unknown name or the problem and listing
            the variables allowed.
    """
    text = formula.strip()
    if not text:
        raise _formula_error(formula, "is empty")
    if len(text) > FORMULA_LIMIT:
        raise _formula_error(
            text[:40] + "...", f"is {len(text)} characters long; at most {FORMULA_LIMIT}"
        )
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as err:
        raise _formula_error(
            text, f"cannot be read ({err.msg}, at character {err.offset})"
        ) from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED_NODES) or (
            isinstance(node, ast.Constant)
            and (isinstance(node.value, bool) or not isinstance(node.value, int | float))
        ):
            raise _formula_error(
                text,
                f"uses '{ast.unparse(node)}', which a formula may not: only numbers, variables, "
                "+ - * / // % **, comparisons, 'x if c else y' and the functions",
                name=ast.unparse(node),
            )
        if isinstance(node, ast.Name) and node.id not in VARIABLES and node.id not in FUNCTIONS:
            raise _formula_error(text, f"uses '{node.id}', which is not a variable", name=node.id)
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS
        ):
            name = node.func.id if isinstance(node.func, ast.Name) else ast.unparse(node.func)
            raise _formula_error(text, f"calls '{name}', which is not a function", name=name)
    compiled = CompiledFormula(text, simpleeval.SimpleEval().parse(text))
    try:
        compiled(_TRIAL)
    except Exception as err:  # anything a formula does on the trial is refused, in words
        raise _formula_error(
            text,
            f"fails on a trial night (3rd of 100 at $20): {_why(err)}",
            trial=dict(_TRIAL),
        ) from err
    return compiled


def _why(err: Exception) -> str:
    if isinstance(err, ZeroDivisionError):
        return "it divides by zero"
    if isinstance(err, ValueError) and "domain" in str(err):
        return "it takes the square root or logarithm of a number below zero (or log of 0)"
    return str(err) or type(err).__name__


# --- one event ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsBreakdown:
    """One person's points in one event, each part in hundredths of a point, rounded once.

    ``place`` is None for a person who played only a side game."""

    player: ClubPlayerId
    name: str
    place: int | None
    place_points: int = 0
    participation: int = 0
    knockouts: int = 0
    bonus: int = 0
    side_game: int = 0

    @property
    def total(self) -> int:
        """The event's points, in hundredths: the sum of the rounded parts."""
        return (
            self.place_points + self.participation + self.knockouts + self.bonus + (self.side_game)
        )


def hundredths(points: float) -> int:
    """``points`` in integer hundredths, rounded half away from zero from the decimal a
    person reads (``163.085`` is 16309)."""
    if points == 0:
        return 0
    return int(Decimal(repr(points)).scaleb(2).to_integral_value(rounding=ROUND_HALF_UP))


def show_points(value: int) -> str:
    """Hundredths of a point as a person reads them: ``163.09``, ``-0.50``."""
    sign = "-" if value < 0 else ""
    whole, cents = divmod(abs(value), 100)
    return f"{sign}{whole:,}.{cents:02d}"


def counts(rules: PointsRules, result: EventResult) -> bool:
    """Whether ``result`` counts at all: its field is at least ``min_field``."""
    return result.entrants >= rules.min_field


def scores_place_points(rules: PointsRules, entrants: int, place: int) -> bool:
    """Whether ``place`` is within the ``top_fraction`` of the field (PokerStars: top 15%,
    rounded down; the winner always scores)."""
    if rules.top_fraction is None:
        return True
    return place <= _places_scoring(rules.top_fraction, entrants)


@cache
def _places_scoring(fraction: float, entrants: int) -> int:
    """How many places score within ``fraction`` of ``entrants`` (exact: 0.15 x 20 is 3)."""
    return max(1, math.floor(Fraction(repr(fraction)) * entrants))


def pokerstars_points(scale: float, entrants: int, place: int, buy_in: float) -> float:
    """PokerStars Tournament Leader Board: ``10 x sqrt(n/k) x (1 + log10(b + 0.25))``, n the
    entrants, k the place, b the buy-in in dollars without the fee (pokerstars.com, "The
    PokerStars Tournament Ranking System": 3rd of 150 at $20 scores 163.09)."""
    return scale * math.sqrt(entrants / place) * (1 + math.log10(buy_in + 0.25))


def neau_points(entrants: int, place: int, buy_in: float, spend: float) -> float:
    """Dr. Neau's formula: ``sqrt(n x b^2 / e) / (f + 1)``, n the participants, b the buy-in,
    e the player's total expense (buy-ins, re-buys, add-ons), f the finish, in dollars
    (Dr. Neau, "Dr. Neau's Tournament Formula", Home Poker Tourney forums, 2013).

    Raises:
        ZeroDivisionError: the player spent nothing (e = 0).
    """
    return math.sqrt(entrants * buy_in * buy_in / spend) / (place + 1)


def pool_points(rules: PlaceRules, entrants: int, place: int) -> float:
    """A pool split: each entrant adds ``pool_per_entrant``, place k takes ``percent[k-1]`` of
    the pool, every place past the list ``others`` (The Nuts Poker League: 200 a player,
    30/20/13/10/9/7/6/5%, 50 for all others)."""
    if place <= len(rules.percent):
        return rules.pool_per_entrant * entrants * rules.percent[place - 1] / 100
    return rules.others


def reverse_finish_points(rules: PlaceRules, entrants: int, place: int) -> float:
    """Reverse finish order: ``per_player_outlasted`` for each entrant who finished below the
    player (entrants - place; the last one out scores 0)."""
    return rules.per_player_outlasted * max(0, entrants - place)


def fixed_table_points(rules: PlaceRules, place: int) -> float:
    """A fixed table by place: ``table[k-1]`` for place k, ``others`` past the table."""
    return rules.table[place - 1] if place <= len(rules.table) else rules.others


def formula_values(result: EventResult, finish: Finish) -> dict[str, float]:
    """The custom formula's variables (`VARIABLES`) for one person's night; money in dollars."""
    return {
        "entrants": float(result.entrants),
        "place": float(finish.place),
        "buy_in": result.buy_in_cents / 100,
        "spend": finish.spend_cents / 100,
        "knockouts": float(finish.knockouts),
        "rebuys": float(finish.rebuys),
        "add_ons": float(finish.add_ons),
        "prize": finish.prize_cents / 100,
    }


def place_points(rules: PointsRules, result: EventResult, finish: Finish) -> float:
    """The points for ``finish``'s place by the rules' formula (0 outside ``top_fraction``).

    Raises:
        ClubError: ``points_formula_failed``, the formula cannot be worked out for this
            player's night (a division by zero, a square root of a negative number).
    """
    if not scores_place_points(rules, result.entrants, finish.place):
        return 0.0
    place = rules.place
    n, k, b = result.entrants, finish.place, result.buy_in_cents / 100
    try:
        if place.kind == "pokerstars":
            return pokerstars_points(place.scale, n, k, b)
        if place.kind == "neau":
            return neau_points(n, k, b, finish.spend_cents / 100)
        if place.kind == "pool":
            return pool_points(place, n, k)
        if place.kind == "reverse_finish":
            return reverse_finish_points(place, n, k)
        if place.kind == "fixed_table":
            return fixed_table_points(place, k)
        return compiled_formula(place.formula)(formula_values(result, finish))
    except (ArithmeticError, ValueError, TypeError, simpleeval.InvalidExpression) as err:
        raise _refuse(
            "points_formula_failed",
            f"the '{place.kind}' points of {finish.name} (place {k} of {n}) in "
            f"{result.name} cannot be worked out: {_why(err)}; correct the result or the "
            "league's formula",
            event=result.event,
            player=str(finish.player),
            kind=place.kind,
        ) from err


def knockout_bonus(rules: KnockoutRules, knockout_hands: tuple[int, ...]) -> float:
    """The bonus for several knockouts on one hand: ``bonus_per_extra`` for each beyond the
    first plus ``bonus_by_count`` by how many went out (its last item past its end)."""
    bonus = 0.0
    for count in knockout_hands:
        if count < 2:
            continue
        bonus += rules.bonus_per_extra * (count - 1)
        if rules.bonus_by_count:
            bonus += rules.bonus_by_count[min(count - 2, len(rules.bonus_by_count) - 1)]
    return bonus


def side_game_points(rules: SideGameRules, games: list[SideGameFinish]) -> float:
    """SLPT 29: ``played`` for each side game played and ``won`` for each won; nothing for a
    side game forfeited to enter the main event (SLPT 29.2.1)."""
    return sum(
        rules.played + (rules.won if game.won else 0.0) for game in games if not game.forfeited
    )


def finish_points(rules: PointsRules, result: EventResult, finish: Finish) -> PointsBreakdown:
    """One person's main-event points (place, participation, knockouts, bonus), each rounded
    once to hundredths."""
    return PointsBreakdown(
        player=finish.player,
        name=finish.name,
        place=finish.place,
        place_points=hundredths(place_points(rules, result, finish)),
        participation=hundredths(rules.participation),
        knockouts=hundredths(rules.knockouts.per_knockout * finish.knockouts),
        bonus=hundredths(knockout_bonus(rules.knockouts, finish.knockout_hands)),
    )


def event_points(rules: PointsRules, result: EventResult) -> dict[ClubPlayerId, PointsBreakdown]:
    """Each person's points in ``result``, by their club record; empty when the event's field
    is under ``min_field`` (it counts for no one). Equal places score the same.

    Raises:
        ClubError: ``points_formula_failed`` (`place_points`).
    """
    if not counts(rules, result):
        return {}
    out = {f.player: finish_points(rules, result, f) for f in result.finishes}
    games: dict[ClubPlayerId, list[SideGameFinish]] = {}
    for game in result.side_games:
        games.setdefault(game.player, []).append(game)
    for player, played in games.items():
        side = hundredths(side_game_points(rules.side_games, played))
        before = out.get(player)
        if before is None:
            out[player] = PointsBreakdown(
                player=player, name=played[0].name, place=None, side_game=side
            )
        else:
            out[player] = PointsBreakdown(
                player=player,
                name=before.name,
                place=before.place,
                place_points=before.place_points,
                participation=before.participation,
                knockouts=before.knockouts,
                bonus=before.bonus,
                side_game=side,
            )
    return out


__all__ = [
    "FUNCTIONS",
    "VARIABLES",
    "Aggregate",
    "CompiledFormula",
    "KnockoutRules",
    "PlaceKind",
    "PlaceRules",
    "PointsBreakdown",
    "PointsRules",
    "SideGameRules",
    "TieBreak",
    "compiled_formula",
    "counts",
    "event_points",
    "finish_points",
    "fixed_table_points",
    "formula_values",
    "hundredths",
    "knockout_bonus",
    "neau_points",
    "place_points",
    "pokerstars_points",
    "pool_points",
    "reverse_finish_points",
    "scores_place_points",
    "show_points",
    "side_game_points",
]
