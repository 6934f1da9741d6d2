"""What ``pitboss simulate`` prints: one night's report, a forecast's, structures compared.

Text lines and JSON for programs (money in cents, times as UTC ISO 8601), built from a
`pitboss.play.runtime.TournamentResult` or a `pitboss.play.forecast.Forecast`; the command
(`pitboss.cli.simulate`) only prints them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pitboss.cli._app import format_percent
from pitboss.money import format_money
from pitboss.units import MS_PER_MINUTE

if TYPE_CHECKING:
    from pitboss.play.bounty_totals import BountyTotals
    from pitboss.play.estimate import Estimate
    from pitboss.play.forecast import BountyForecast, Forecast
    from pitboss.play.runtime import TournamentResult
    from pitboss.rules import RuleSet
    from pitboss.rules.structure import Structure


def _minutes(minutes: int) -> str:
    return f"{minutes // 60} h {minutes % 60:02d} min"


def _clock(ms: int, start_ms: int) -> str:
    """The time of day of a simulated instant, with the day count after the start's day."""
    at = dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
    start = dt.datetime.fromtimestamp(start_ms / 1000, tz=dt.UTC)
    days = (at.date() - start.date()).days
    return at.strftime("%H:%M") + (f" (+{days} day{'s' if days > 1 else ''})" if days else "")


def _iso(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%S")


def standings_lines(result: TournamentResult, *, more: int = 1) -> list[str]:
    """The paid places (and ``more`` places below the money), one line each."""
    paid = sum(1 for f in result.standings if f.prize_cents > 0)
    shown = [f for f in result.standings if f.first >= 1][: max(paid + more, 1)]
    lines = [f"{'Place':>7}  {'Player':<8} {'Style':<17} {'Chips':>12} {'Prize':>12}"]
    for f in shown:
        place = str(f.first) if f.first == f.last else f"{f.first}-{f.last}"
        chips = f"{f.chips:,}" if f.chips else ""
        lines.append(
            f"{place:>7}  {f.player_id:<8} {f.style:<17} {chips:>12} "
            f"{format_money(f.prize_cents) if f.prize_cents else '':>12}"
        )
    return lines


def result_lines(result: TournamentResult, *, preset: str) -> list[str]:
    """The report of one tournament, as printed."""
    rules = result.rules
    start, end = result.started_at_ms, result.finished_at_ms
    if result.chop is None:
        played = (
            f"Play started at {_clock(start, start)} and ended at {_clock(end, start)} "
            f"({_minutes(result.elapsed_ms // MS_PER_MINUTE)} of play) during level "
            f"{result.last_level}"
        )
    else:  # KY 11: no hand starts after the limit; the hands in play then are finished
        limit = rules.tournament.clock.time_limit_minutes or 0
        played = (
            f"Play started at {_clock(start, start)} and stopped at the time limit, "
            f"{_clock(start + limit * MS_PER_MINUTE, start)} ({_time_limit_cited(rules)}), "
            f"during level {result.last_level}; the hands in play then were finished by "
            f"{_clock(end, start)}"
        )
    lines = [
        f"{rules.title} ({preset}): {result.entrants:,} players, random seed {result.seed}",
        f"{played}; {result.hands_dealt:,} hands dealt",
        f"Prize pool {format_money(result.prize_pool_cents)}; re-buys sold {result.rebuys:,}, "
        f"add-ons sold {result.add_ons:,}; the house keeps "
        f"{format_money(result.house_share_cents)} ({house_takes(result.rules)})",
    ]
    if result.bounties is not None:
        lines.extend(bounty_lines(result.bounties, result.rules))
    chop = result.chop
    if chop is not None:
        lines.extend(chop_lines(result))
    elif result.winner is not None:
        winner = next(f for f in result.standings if f.player_id == result.winner)
        lines.append(f"Winner: {winner.player_id} ({winner.style})")
    lines.append("")
    lines.append("Final standings (paid places and the bubble):")
    lines.extend(standings_lines(result))
    return lines


def _bounty_kind(rules: RuleSet) -> str:
    """``a progressive knockout: 50% of each bounty collected onto the collector's head`` or
    ``a knockout``: what a bounty collected becomes (issue 29)."""
    percent = rules.tournament.bounty.progressive_percent
    if not percent:
        return "a knockout: each bounty collected is paid at once"
    return f"a progressive knockout: {percent}% of each bounty collected onto the collector's head"


def bounty_lines(totals: BountyTotals, rules: RuleSet) -> list[str]:
    """A bounty night's bounty money in words (issue 29): paid to players out of what was put
    on heads, the house's part, the biggest bounties and the most knockouts."""
    paid = (
        f"Bounties paid: {format_money(totals.paid_cents)} of the "
        f"{format_money(totals.taken_in_cents)} put on heads ({_bounty_kind(rules)})"
    )
    if totals.forfeited_cents:
        paid += f"; {format_money(totals.forfeited_cents)} went to the house"
    if totals.on_heads_cents:
        paid += f"; {format_money(totals.on_heads_cents)} still on heads"
    knockers = ", ".join(totals.top_knockers)
    most = f"{totals.top_knockouts:,} ({knockers})" if knockers else "none"
    return [
        paid,
        f"Biggest bounty collected: {format_money(totals.biggest_collected_cents)}; biggest "
        f"bounty on a head at the end: {format_money(totals.biggest_head_cents)} (kept by its "
        f"player as their own); most knockouts: {most}",
    ]


def _time_limit_cited(rules: RuleSet) -> str:
    """``6 h 00 min, KY 11``: the limit and the rule that sets it (``time_limit_rule``)."""
    clock = rules.tournament.clock
    limit = _minutes(clock.time_limit_minutes or 0)
    return f"{limit}, {clock.time_limit_rule}" if clock.time_limit_rule else limit


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def chop_warnings(result: TournamentResult) -> list[str]:
    """What is odd about a forced chop: the director's warnings (RULES §2), and each survivor
    whose share is less than a prize already paid to a player who finished below the chop."""
    chop = result.chop
    if chop is None:
        return []
    warnings = list(chop.warnings)
    lower = [f for f in result.standings if f.first > len(chop.players) and f.prize_cents > 0]
    if not lower:
        return warnings
    below = max(lower, key=lambda f: (f.prize_cents, -f.first))
    for player, amount in zip(chop.players, chop.amounts_cents, strict=True):
        if amount < below.prize_cents:
            warnings.append(
                f"{player} gets {format_money(amount)} from the chop, less than the "
                f"{format_money(below.prize_cents)} already paid to {below.player_id} for "
                f"{_ordinal(below.first)} place"
            )
    return warnings


def chop_lines(result: TournamentResult) -> list[str]:
    """The forced chop: the limit and the rule cited, the house's method, the warnings."""
    chop = result.chop
    if chop is None:
        return []
    rules = result.rules
    unit = rules.tournament.payouts.rounding_unit_cents
    rounded = unit > 1 and all(a % unit == 0 for a in chop.amounts_cents)
    lines = [
        f"Forced chop at the time limit ({_time_limit_cited(rules)}): "
        f"{len(chop.players)} players left, {chop.method.value} chop of "
        f"{format_money(sum(chop.amounts_cents))}, "
        + (f"in units of {format_money(unit)} (the house's rounding)" if rounded else "in cents")
    ]
    lines.extend(f"Warning: {w}" for w in chop_warnings(result))
    return lines


def result_json(result: TournamentResult, *, preset: str) -> dict[str, Any]:
    """One tournament for programs (money in cents, times as UTC ISO 8601)."""
    chop = result.chop
    return {
        "preset": preset,
        "players": result.entrants,
        "seed": result.seed,
        "hands_dealt": result.hands_dealt,
        "rebuys": result.rebuys,
        "add_ons": result.add_ons,
        "prize_pool_cents": result.prize_pool_cents,
        "house_share_cents": result.house_share_cents,
        "started_at": _iso(result.started_at_ms),
        "finished_at": _iso(result.finished_at_ms),
        "elapsed_minutes": result.elapsed_ms // MS_PER_MINUTE,
        "last_level": result.last_level,
        "winner": result.winner,
        "chop": None
        if chop is None
        else {
            "at": _iso(chop.at_ms),
            "method": chop.method.value,
            "players": list(chop.players),
            "stacks": list(chop.stacks),
            "amounts_cents": list(chop.amounts_cents),
            "rule": result.rules.tournament.clock.time_limit_rule,
            "warnings": chop_warnings(result),
        },
        "levels": [{"level": level, "players": n} for level, n in result.levels],
        "standings": [asdict(f) for f in result.standings],
    } | ({} if result.bounties is None else {"bounties": asdict(result.bounties)})


def _count(value: int) -> str:
    """A count with thousands separators, as every figure of the reports is written."""
    return f"{value:,}"


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def house_takes(rules: RuleSet) -> str:
    """What the house's (a charity's) share is made of, in words: the fees, and the money the
    prize pool leaves out (KY 18: re-buys and add-ons go to the charity) or its percentage."""
    from pitboss.rules.tournament import MoneyKind

    t = rules.tournament
    parts = []
    if t.entry.fee_cents or t.rebuy.fee_cents or t.add_on.fee_cents:
        parts.append("the fees")
    sold = {
        MoneyKind.ENTRY: True,
        MoneyKind.REBUY: t.rebuy.allowed,
        MoneyKind.ADD_ON: t.add_on.allowed,
    }
    names = {MoneyKind.ENTRY: "entry", MoneyKind.REBUY: "re-buy", MoneyKind.ADD_ON: "add-on"}
    kinds = [k for k in (MoneyKind.ENTRY, MoneyKind.REBUY, MoneyKind.ADD_ON) if sold[k]]
    left_out = [names[k] for k in kinds if k not in t.prize_pool.includes]
    if left_out:
        parts.append(f"the {_and(left_out)} money")
    pooled = [names[k] for k in kinds if k in t.prize_pool.includes]
    if t.prize_pool.percent < 100 and pooled:
        parts.append(f"{100 - t.prize_pool.percent}% of the {_and(pooled)} money")
    return ", ".join(parts) if parts else "nothing: all the money is in the prize pool"


def _spread(label: str, values: Any, fmt: Callable[[int], str] = _count) -> str:
    return (
        f"{label}: median {fmt(values.median)} (10%-90%: {fmt(values.p10)} to "
        f"{fmt(values.p90)}; least {fmt(values.minimum)}, most {fmt(values.maximum)})"
    )


def clock_of_minute(minute: int, start_minute: int) -> str:
    """``minute`` after a start at ``start_minute`` past midnight, as ``00:10 (+1 day)``."""
    days, of_day = divmod(start_minute + minute, 24 * 60)
    text = f"{of_day // 60:02d}:{of_day % 60:02d}"
    return text + (f" (+{days} day{'s' if days > 1 else ''})" if days else "")


def forecast_lines(
    fc: Forecast,
    *,
    preset: str,
    title: str,
    rule: str = "",
    start_minute: int | None = None,
    structure: Structure | None = None,
    house: str = "",
) -> list[str]:
    """The forecast report, as printed; ``rule`` cites the time limit (``time_limit_rule``),
    ``house`` says what the house's share is made of (`house_takes`).

    With ``start_minute`` (``--start``) times are clock times, and each level's scheduled
    start in ``structure`` is shown beside the players remaining then. A run the time limit
    stopped finishes at the limit (KY 11), not when its last hands ended."""
    if start_minute is None:
        finish = _spread("Finish, from the start", fc.finish_minutes, _minutes)
    else:
        at = start_minute

        def clock(minute: int) -> str:
            return clock_of_minute(minute, at)

        finish = _spread(f"Finish (play starts {clock(0)})", fc.finish_minutes, clock)
    lines = [
        f"{title} ({preset}): forecast of {fc.runs:,} tournaments of {fc.entrants:,} players, "
        f"random seeds {fc.seeds[0]} to {fc.seeds[-1]}",
        finish,
    ]
    if fc.time_limit_minutes is None:
        lines.append("No time limit: play always runs to a winner")
    else:
        share = format_percent(fc.chopped_runs, fc.runs, decimals=1)
        cited = f", {rule}" if rule else ""
        if start_minute is not None:
            cited += f", at {clock_of_minute(fc.time_limit_minutes, start_minute)}"
        lines.append(
            f"Chance the time limit ({_minutes(fc.time_limit_minutes)}{cited}) forces a chop: "
            f"{share} ({fc.chopped_runs} of {fc.runs} runs)"
        )
        if fc.players_at_chop is not None:
            lines.append(_spread("Players left at the chop", fc.players_at_chop))
    lines.append(_spread("Re-buys sold", fc.rebuys))
    lines.append(_spread("Add-ons sold", fc.add_ons))
    lines.append(_spread("Prize pool", fc.prize_pool_cents, format_money))
    if fc.house_share_cents is not None:
        lines.append(
            _spread(f"The house keeps ({house})", fc.house_share_cents, format_money)
            if house
            else _spread("The house keeps", fc.house_share_cents, format_money)
        )
    if fc.bounties is not None:
        lines.extend(forecast_bounty_lines(fc.bounties))
    lines.append(_spread("Hands dealt", fc.hands))
    lines.append("")
    lines.append("Players remaining when each level starts:")
    starts = _level_starts(structure) if start_minute is not None and structure else {}
    head = f"{'Level':>7} {'median':>8} {'10%-90%':>13} {'runs':>6}"
    lines.append(head + ("  scheduled" if starts else ""))
    for level in fc.levels:
        band = f"{level.players.p10:,}-{level.players.p90:,}"
        row = f"{level.level:>7} {level.players.median:>8,} {band:>13} {level.runs:>6,}"
        if starts and start_minute is not None and level.level in starts:
            row += f"  {clock_of_minute(starts[level.level], start_minute)}"
        lines.append(row)
    return lines


def forecast_bounty_lines(bounties: BountyForecast) -> list[str]:
    """A bounty event's bounties over the runs (issue 29), as the other figures are given."""
    return [
        _spread("Bounties paid", bounties.paid_cents, format_money),
        _spread("Biggest bounty collected", bounties.biggest_collected_cents, format_money),
        _spread("Biggest bounty on a head at the end", bounties.biggest_head_cents, format_money),
        _spread("Most knockouts by one player", bounties.top_knockouts),
    ]


def _level_starts(structure: Structure) -> dict[int, int]:
    """Each level's scheduled start, in minutes from the start of play."""
    from pitboss.play.plots import period_marks

    return {m.level: m.minute for m in period_marks(structure) if not m.is_break}


def _at(minute: int, start_minute: int | None) -> str:
    """``2:40`` from the start, or the clock time after a start at ``start_minute``."""
    if start_minute is None:
        return f"{minute // 60}:{minute % 60:02d}"
    return clock_of_minute(minute, start_minute)


def estimate_lines(est: Estimate, rules: RuleSet, *, start_minute: int | None) -> list[str]:
    """The instant estimate in words: the finish (or the forced chop at the limit, citing
    ``time_limit_rule``), the purchases and the money."""
    clock = rules.tournament.clock
    played = _minutes(est.finish_minutes)
    if est.is_chopped:
        rule = f", {clock.time_limit_rule}" if clock.time_limit_rule else ""
        when = "" if start_minute is None else f" at {_at(est.finish_minutes, start_minute)}"
        finish = (
            f"Instant estimate: the time limit ({played}{rule}) stops play{when} with about "
            f"{est.players_at_limit:,} players left: a forced chop"
        )
    elif start_minute is None:
        finish = (
            f"Instant estimate: a winner after about {played} of play, during level "
            f"{est.last_level}"
        )
    else:
        finish = (
            f"Instant estimate: a winner at about {_at(est.finish_minutes, start_minute)} "
            f"({played} of play, during level {est.last_level})"
        )
    lines = [finish]
    t = rules.tournament
    if t.rebuy.allowed or t.add_on.allowed:
        lines.append(f"Re-buys about {est.rebuys:,}, add-ons about {est.add_ons:,}")
    lines.append(
        f"Prize pool about {format_money(est.prize_pool_cents)}; the house keeps about "
        f"{format_money(est.house_share_cents)} ({house_takes(rules)})"
    )
    if est.bounty_cents:
        forfeits = t.bounty.rebuy_forfeits_bounties and t.rebuy.allowed
        lines.append(
            f"Bounties about {format_money(est.bounty_cents)} on heads, apart from the prize "
            "pool, " + ("paid out less what re-buys forfeit" if forfeits else "all paid out")
        )
    return lines


def forecast_json(fc: Forecast, *, preset: str, start_minute: int | None = None) -> dict[str, Any]:
    """The forecast for programs; with ``start_minute`` (``--start``) the finish times are
    also given as clock times (``finish_clock``)."""
    data = asdict(fc)
    if fc.bounties is None:  # a plain event's forecast reads as before bounties (issue 29)
        del data["bounties"]
    data["preset"] = preset
    data["chop_probability"] = fc.chop_probability
    if start_minute is not None:
        data["start"] = clock_of_minute(0, start_minute)
        data["finish_clock"] = {
            name: clock_of_minute(minute, start_minute)
            for name, minute in asdict(fc.finish_minutes).items()
        }
    return data


def _house_label(house: str) -> str:
    return Path(house).stem if house.endswith(".toml") else house


def compare_lines(
    forecasts: list[tuple[str, Forecast]], *, start_minute: int | None = None
) -> list[str]:
    """The structures side by side: finish (median, 10-90 %, least-most), the chance of a
    forced chop (KY 11), the players left at the chop, re-buys and hands; one line each, then
    a line for each bounty event's bounties (issue 29).

    With ``start_minute`` (``--start``) finish times are clock times (``+1``: the next day)."""
    from pitboss.play.plots import format_clock

    def when(minute: int) -> str:
        if start_minute is None:
            return f"{minute // 60}:{minute % 60:02d}"
        return format_clock(minute, start_minute=start_minute)

    first = forecasts[0][1]
    unit = "h:mm from the start" if start_minute is None else f"clock time, play starts {when(0)}"
    lines = [
        f"Comparing {len(forecasts)} structures: {first.runs:,} tournaments of "
        f"{first.entrants:,} players each, the same random seeds {first.seeds[0]} to "
        f"{first.seeds[-1]} (finish in {unit})",
    ]
    width = max(9, *(len(name) for name, _ in forecasts))
    lines.append(
        f"{'Structure':<{width}}  {'finish':>9} {'10%-90%':>17} {'least-most':>17}  "
        f"{'chop':>6} {'at chop':>9}  {'re-buys':>13} {'hands':>6}"
    )
    for name, fc in forecasts:
        f = fc.finish_minutes
        if fc.time_limit_minutes is None:
            chop, at_chop = "none", "-"
        else:
            chop = format_percent(fc.chopped_runs, fc.runs, decimals=0)
            at = fc.players_at_chop
            at_chop = "-" if at is None else f"{at.median:,} ({at.p10:,}-{at.p90:,})"
        r = fc.rebuys
        lines.append(
            f"{name:<{width}}  {when(f.median):>9} {when(f.p10) + '-' + when(f.p90):>17} "
            f"{when(f.minimum) + '-' + when(f.maximum):>17}  {chop:>6} {at_chop:>9}  "
            f"{f'{r.median:,} ({r.p10:,}-{r.p90:,})':>13} {fc.hands.median:>6,}"
        )
    lines.append(
        "chop: runs the time limit stopped; at chop: players left then, median (10%-90%); "
        "re-buys: median (10%-90%)"
    )
    for name, fc in forecasts:  # a bounty event's bounties (issue 29), medians (10%-90%)
        b = fc.bounties
        if b is not None:
            paid, big, head = b.paid_cents, b.biggest_collected_cents, b.biggest_head_cents
            lines.append(
                f"{name}: bounties paid {format_money(paid.median)} ({format_money(paid.p10)}-"
                f"{format_money(paid.p90)}), biggest bounty collected "
                f"{format_money(big.median)} ({format_money(big.p10)}-{format_money(big.p90)}), "
                f"biggest on a head at the end {format_money(head.median)} "
                f"({format_money(head.p10)}-{format_money(head.p90)})"
            )
    return lines
