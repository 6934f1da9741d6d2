"""The blind sheet: one page a director prints for the night, as data (the pages render it).

Every level and break in clock order with its blinds, ante and minutes, when it starts after
the start and on the clock (when the start is known), what happens at it (a colour-up, TDA 24
and KY 10; the last level to register or re-buy, KY 4; the add-on, KY 5; the legal limit,
KY 11); then the terms (entry, late registration, re-buys, add-on, chips, antes, the legal
limit and its chop) and the payouts for a field (THC add. 13): the tournament's own prizes, or
those a field of that many entries would pay (saying whether re-buys and add-ons would raise
them, KY 18). Pure: the start is a time of day passed in, never read from a clock.
"""

from __future__ import annotations

from dataclasses import dataclass

from pitboss.errors import PayoutError, RegistrationError
from pitboss.money import format_money
from pitboss.rules import RuleSet
from pitboss.rules.payout_tables import STANDARD_PAYOUTS, PayoutScheme
from pitboss.rules.tournament import (
    AnteMode,
    MoneyKind,
    PayoutTableName,
    TimeLimitAction,
    TournamentRules,
)
from pitboss.tournament.model.payouts import compute_payouts
from pitboss.tournament.model.satellite_seats import satellite_prizes, seat_places
from pitboss.tournament.model.timeline import (
    PeriodKind,
    ante_label,
    game_label,
    start_minute,
    timeline,
)
from pitboss.tournament.model.words import ordinal

MINUTES_PER_DAY = 24 * 60

_CHOP_WORDS = {
    "chip": "by chip count",
    "floor": "the lowest prize each, the rest by chip count",
    "icm": "by ICM",
    "equal": "equally",
    "custom": "as agreed",
}
_RACE = {
    "tda_24": "odd chips raced off from seat 1, one chip at most per player",
    "ky_2": "odd chips pooled, the single high card wins them",
}


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetRow:
    """One level or break of the sheet; blinds and ante are empty on a break."""

    kind: PeriodKind
    level: int
    after: str
    clock: str | None
    blinds: str
    ante: str
    minutes: int
    colour_up: tuple[int, ...]
    notes: tuple[str, ...]

    @property
    def is_break(self) -> bool:
        return self.kind is PeriodKind.BREAK


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetTerm:
    """A line of the terms: ``Re-buys``, ``2,000 chips for $50 ...``."""

    label: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetPrize:
    """A paid place and its prize in cents; a satellite's seat place says ``Seat`` and its
    money is what it pays besides the seat (issue 29)."""

    place: str
    cents: int
    seat: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BlindSheet:
    """Everything the printed page shows."""

    title: str
    house: str
    start: str | None
    entrants: int | None
    rows: tuple[SheetRow, ...]
    terms: tuple[SheetTerm, ...]
    prize_pool_cents: int | None
    prizes: tuple[SheetPrize, ...]
    payouts_note: str


def format_clock(minute: int) -> str:
    """Minutes after midnight of the first day -> ``"18:20"``, ``"00:10 (+1)"`` the next day."""
    days, of_day = divmod(minute, MINUTES_PER_DAY)
    return f"{of_day // 60:02d}:{of_day % 60:02d}" + (f" (+{days})" if days else "")


def _after(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def blind_sheet(
    rules: RuleSet,
    *,
    title: str | None = None,
    start_minute_of_day: int | None = None,
    entrants: int | None = None,
    prize_pool_cents: int | None = None,
    prizes_cents: tuple[int, ...] = (),
) -> BlindSheet:
    """The sheet of ``rules``; ``start_minute_of_day`` (18:00 = 1080) puts the clock times on.

    ``entrants`` sizes the payouts; ``prize_pool_cents`` is the pool so far (a tournament's),
    else the pool that many entries make (KY 18, THC 1: its percentage of the included money,
    at least the guarantee); ``prizes_cents`` are the tournament's own prizes when set.

    Raises:
        RegistrationError: ``too_many_entries``, more entrants than the house's seats.
        PayoutError: the house's payout table has no bracket for that many entrants.
    """
    t = rules.tournament
    s = t.structure
    cap = t.entry.max_entries
    if entrants is not None and cap is not None and entrants > cap:
        raise RegistrationError(
            f"{rules.title} takes at most {cap:,} entries, not {entrants:,}",
            code="too_many_entries",
            params={"entrants": entrants, "max_entries": cap},
        )
    clock = start_minute_of_day
    rows = []
    notes = _row_notes(t, clock)
    dealt = ""  # the game of the level before (a mixed event's rotation: issue 30)
    for period in timeline(s):
        begins = start_minute(s, period.index)
        row_notes = list(notes.get((period.kind, period.level), ()))
        if period.colour_up:
            chips = ", ".join(f"{c:,}" for c in period.colour_up)
            row_notes.insert(0, f"colour up the {chips}")
        if period.note:
            row_notes.append(period.note)
        level = s.level(period.level)
        is_level = period.kind is PeriodKind.LEVEL
        game = game_label(rules.game, s, period.level).split(" · ")[0] if is_level else ""
        if game and game != dealt:
            row_notes.insert(0, game)
            dealt = game
        rows.append(
            SheetRow(
                kind=period.kind,
                level=period.level,
                after=_after(begins),
                clock=None if clock is None else format_clock(clock + begins),
                blinds=f"{level.small_blind:,}/{level.big_blind:,}" if is_level else "",
                ante=ante_label(s, period.level) if is_level else "",
                minutes=period.minutes,
                colour_up=period.colour_up,
                notes=tuple(row_notes),
            )
        )
    pool, prizes, note = _payouts(t, entrants, prize_pool_cents, prizes_cents)
    return BlindSheet(
        title=title or rules.title,
        house=rules.title,
        start=None if clock is None else format_clock(clock),
        entrants=entrants,
        rows=tuple(rows),
        terms=_terms(t, clock),
        prize_pool_cents=pool,
        prizes=prizes,
        payouts_note=note,
    )


def _end_of_level(t: TournamentRules, level: int) -> int:
    """Minutes from the start to the end of ``level`` (its break, if any, not counted)."""
    s = t.structure
    for period in timeline(s):
        if period.kind is PeriodKind.LEVEL and period.level == level:
            return start_minute(s, period.index) + period.minutes
    raise AssertionError("a level of the structure has a period")  # pragma: no cover


def _at(t: TournamentRules, minutes: int, clock: int | None) -> str:
    return _after(minutes) if clock is None else format_clock(clock + minutes)


def _row_notes(t: TournamentRules, clock: int | None) -> dict[tuple[PeriodKind, int], list[str]]:
    """What happens at a level or break besides its blinds: the windows closing (KY 4, TDA
    8A), the add-on (KY 5), the legal limit falling in it (KY 11)."""
    notes: dict[tuple[PeriodKind, int], list[str]] = {}
    late = t.entry.late_registration_until_level
    if late is not None:
        notes.setdefault((PeriodKind.LEVEL, late), []).append("last level to register")
    rebuy = t.rebuy
    if rebuy.allowed and rebuy.until_level is not None:
        notes.setdefault((PeriodKind.LEVEL, rebuy.until_level), []).append("last level for re-buys")
    if t.add_on.allowed and t.add_on.at_break_after_level is not None:
        notes.setdefault((PeriodKind.BREAK, t.add_on.at_break_after_level), []).append(
            f"add-on: {t.add_on.chips:,} chips for {_money(t.add_on.price_cents)}"
        )
    limit = t.clock.time_limit_minutes
    if limit is not None:
        s = t.structure
        for period in timeline(s):
            begins = start_minute(s, period.index)
            if begins <= limit < begins + period.minutes or period.index == len(timeline(s)) - 1:
                if limit >= begins:
                    notes.setdefault((period.kind, period.level), []).append(
                        f"legal limit at {_at(t, limit, clock)}"
                    )
                break
    return notes


def _money(cents: int) -> str:
    return format_money(cents).removesuffix(".00")


def _terms(t: TournamentRules, clock: int | None) -> tuple[SheetTerm, ...]:
    e = t.entry
    entry = _money(e.buy_in_cents) + (f" + {_money(e.fee_cents)} fee" if e.fee_cents else "")
    terms = [
        SheetTerm(label="Entry", text=f"{entry} for {e.starting_chips:,} chips"),
        SheetTerm(label="Late registration", text=_late(t, clock)),
        SheetTerm(label="Re-buys", text=_rebuys(t, clock)),
        SheetTerm(label="Add-on", text=_add_on(t)),
        SheetTerm(label="Chips", text=", ".join(f"{c:,}" for c in sorted(t.structure.chips))),
        SheetTerm(label="Antes", text=_antes(t)),
        SheetTerm(label="Colour-ups", text=_RACE[t.colour_up.chip_race.value]),
        SheetTerm(label="Time limit", text=_limit(t, clock)),
    ]
    if e.max_entries is not None:
        terms.insert(1, SheetTerm(label="Seats", text=f"at most {e.max_entries:,} entries"))
    if e.min_age is not None:
        terms.append(SheetTerm(label="Age", text=f"prizes are paid from age {e.min_age}"))
    return tuple(terms)


def _late(t: TournamentRules, clock: int | None) -> str:
    late = t.entry.late_registration_until_level
    if late is None:
        return "none: registration closes when play starts"
    return f"until the end of level {late} ({_at(t, _end_of_level(t, late), clock)})"


def _rebuys(t: TournamentRules, clock: int | None) -> str:
    r = t.rebuy
    if not r.allowed:
        return "none"
    price = _money(r.price_cents) + (f" + {_money(r.fee_cents)} fee" if r.fee_cents else "")
    ends = []
    if r.until_level is not None:
        ends.append(_end_of_level(t, r.until_level))
    if r.until_minutes is not None:
        ends.append(r.until_minutes)
    window = f"until {_at(t, min(ends), clock)}"
    if r.until_level is not None and min(ends) == _end_of_level(t, r.until_level):
        window = f"until the end of level {r.until_level} ({_at(t, min(ends), clock)})"
    text = f"{r.chips:,} chips for {price}, {window}"
    if r.eligible_below_chips is not None:
        text += f", below {r.eligible_below_chips:,} chips only"
    cap = r.max_per_player
    return text + (", unlimited" if cap is None else f", at most {cap} per player")


def _add_on(t: TournamentRules) -> str:
    a = t.add_on
    if not a.allowed:
        return "none"
    price = _money(a.price_cents) + (f" + {_money(a.fee_cents)} fee" if a.fee_cents else "")
    each = "one per player" if a.max_per_player == 1 else f"{a.max_per_player} per player"
    return (
        f"{a.chips:,} chips for {price} at the break after level {a.at_break_after_level}, {each}"
    )


def _antes(t: TournamentRules) -> str:
    s = t.structure
    modes = [s.ante_mode_of(n) for n in range(1, len(s.levels) + 1)]
    first = next((n for n, m in enumerate(modes, start=1) if m is not AnteMode.NONE), None)
    if first is None:
        return "none"
    who = {
        AnteMode.PER_PLAYER: "every player antes",
        AnteMode.BIG_BLIND: "the big blind antes for the table (BB), blind first",
    }
    kinds = sorted({who[m] for m in modes if m is not AnteMode.NONE})
    return f"from level {first}: {'; '.join(kinds)}"


def _limit(t: TournamentRules, clock: int | None) -> str:
    c = t.clock
    if c.time_limit_minutes is None:
        return "none"
    length = f"{c.time_limit_minutes // 60} h {c.time_limit_minutes % 60:02d} min"
    when = _at(t, c.time_limit_minutes, clock)
    text = f"{length} from the start, at {when}" if clock is not None else length
    if c.on_time_limit is TimeLimitAction.CHOP:
        text += (
            f": play stops and the remaining prizes are divided "
            f"{_CHOP_WORDS[c.time_limit_chop.value]}"
        )
    return text + (f" ({c.time_limit_rule})" if c.time_limit_rule else "")


def payout_scheme_of(t: TournamentRules) -> PayoutScheme:
    """The payout table the rules name: pitboss's standard one, or the preset's own."""
    p = t.payouts
    if p.table is PayoutTableName.CUSTOM and p.custom is not None:
        return p.custom
    return STANDARD_PAYOUTS


def projected_pool(t: TournamentRules, entrants: int) -> int:
    """The prize pool ``entrants`` entries make before any re-buy or add-on: the percentage
    of the included entry money, floored to the cent, at least the guarantee (KY 18)."""
    kinds = t.prize_pool.includes
    money = entrants * (
        (t.entry.buy_in_cents if MoneyKind.ENTRY in kinds else 0)
        + (t.entry.fee_cents if MoneyKind.FEE in kinds else 0)
    )
    return max(money * t.prize_pool.percent // 100, t.prize_pool.guarantee_cents)


def _payouts(
    t: TournamentRules, entrants: int | None, pool: int | None, prizes: tuple[int, ...]
) -> tuple[int | None, tuple[SheetPrize, ...], str]:
    if not entrants:
        return pool, (), "Payouts depend on the number of entries at the start."
    projected = pool is None
    if pool is None:
        pool = projected_pool(t, entrants)
    p = t.payouts
    scheme = payout_scheme_of(t)

    def table(pool: int, entrants: int) -> tuple[int, ...]:
        try:
            return compute_payouts(
                pool, entrants, scheme, unit=p.rounding_unit_cents, rounding=p.rounding
            ).prizes
        except PayoutError as err:
            if err.code != "payout_unit_too_large":
                raise
            return compute_payouts(pool, entrants, scheme, unit=1, rounding=p.rounding).prizes

    if not prizes:
        prizes = satellite_prizes(t.satellite, pool, entrants, table)
    seats = seat_places(t.satellite, pool, entrants)
    value = t.satellite.seat_value_cents
    paid = tuple(
        SheetPrize(place=ordinal(n), cents=c - value, seat="Seat")
        if n <= seats
        else SheetPrize(place=ordinal(n), cents=c)
        for n, c in enumerate(prizes, start=1)
    )
    note = f"For {entrants:,} entries"
    if projected:
        note += _top_ups_note(t)
    return pool, paid, note + "."


def _top_ups_note(t: TournamentRules) -> str:
    """What re-buys and add-ons do to the projected pool: they raise it when the house puts
    their money in it, and not at all when it keeps them (KY 18: the pool is 85% of the
    entries; re-buy and add-on money goes to the charity)."""
    sold = [
        (name, kind)
        for name, kind, allowed in (
            ("re-buys", MoneyKind.REBUY, t.rebuy.allowed),
            ("add-ons", MoneyKind.ADD_ON, t.add_on.allowed),
        )
        if allowed
    ]
    into = [name for name, kind in sold if kind in t.prize_pool.includes]
    kept = [name for name, kind in sold if kind not in t.prize_pool.includes]
    parts = []
    if into:
        parts.append(f"before {' and '.join(into)}")
    if kept:
        parts.append(f"{' and '.join(kept)} go to the house, not the pool")
    return "".join(f", {part}" for part in parts)


__all__ = [
    "BlindSheet",
    "SheetPrize",
    "SheetRow",
    "SheetTerm",
    "blind_sheet",
    "format_clock",
    "payout_scheme_of",
    "projected_pool",
]
