"""The words the director's log is written in: names, places, durations, money and stacks.

Each feature writes its events' log lines next to them (`pitboss.tournament.registry.describes`)
with these, so a player is named the same way, a place and a sum of money read the same, on
every line. A player is named by name, never by a private detail (THC 1); money with
`pitboss.money.format_money`, chips with thousands separators.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from pitboss.ids import PlayerId, SeatNo, TableNo
from pitboss.money import format_money
from pitboss.rules.tournament import ChopMethod
from pitboss.tournament.model import clock as clk
from pitboss.tournament.model.awards import Award
from pitboss.tournament.model.eliminations import RemovalReason
from pitboss.tournament.model.entries import PlayerChips
from pitboss.tournament.state import TournamentState


def name_of(state: TournamentState, pid: PlayerId) -> str:
    """The player's name; the id only when nobody registered with it."""
    player = state.players.get(pid)
    return pid if player is None else player.name


def joined(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st ..."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def place_words(first: int, last: int) -> str:
    """``in 7th place``, or ``tied for 6th-7th place`` when places are shared."""
    if first == last:
        return f"in {ordinal(first)} place"
    return f"tied for {ordinal(first)}-{ordinal(last)} place"


def duration(ms: int) -> str:
    """``20 min``, ``45 s``, ``1 min 30 s``, ``6 h``, ``1 h 15 min`` (rounded down)."""
    seconds = max(0, ms) // 1000
    hours, rest = divmod(seconds, 3600) if seconds >= 3600 else (0, seconds)
    minutes, seconds = divmod(rest, 60)
    parts = [
        f"{n} {unit}"
        for n, unit in ((hours, "h"), (minutes, "min"), (0 if hours else seconds, "s"))
        if n
    ]
    return " ".join(parts) if parts else "0 s"


def plural(n: int, word: str) -> str:
    """``1 table``, ``2 tables``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


_REMOVALS: Mapping[RemovalReason, str] = {
    RemovalReason.DISQUALIFIED: "disqualified (TDA 71D)",
    RemovalReason.CHIP_PASSING: "chip passing (THC 37)",
    RemovalReason.WITHDREW: "left during play, chips back to the bank (THC 38)",
    RemovalReason.ABSENT: "away more than 20 minutes (THC 6)",
    RemovalReason.NO_SHOW: "not present by level 2 (THC 7)",
    RemovalReason.POCKETED: "chips out of view (THC 19, TDA 25A)",
    RemovalReason.LOST_AND_FOUND: "lost and found (TDA 64)",
}


def removal_words(reason: RemovalReason) -> str:
    """Why chips left play, with the rule: ``away more than 20 minutes (THC 6)``."""
    return _REMOVALS[reason]


def stacks_words(state: TournamentState, stacks: Iterable[PlayerChips]) -> str:
    return ", ".join(f"{name_of(state, st.player_id)} {st.chips:,}" for st in stacks)


def stack_changes(
    state: TournamentState, before: Iterable[PlayerChips], after: Iterable[PlayerChips]
) -> str:
    """``Ann Lee 25,000 -> 15,000, ...`` for the stacks that changed."""
    was = {st.player_id: st.chips for st in before}
    parts = [
        f"{name_of(state, st.player_id)} {was[st.player_id]:,} -> {st.chips:,}"
        for st in after
        if was.get(st.player_id, st.chips) != st.chips
    ]
    return ", ".join(parts) if parts else "no stack changed"


def found_words(difference: int) -> str:
    """What a count found against pitboss's stacks (issue 24)."""
    if difference > 0:
        return f"{difference:,} chips found"
    if difference < 0:
        return f"{-difference:,} chips missing"
    return "as pitboss had it"


def seat_words(state: TournamentState, table: TableNo, seat: int) -> str:
    """``seat 3 (Ann Lee)``, or ``seat 3`` when nobody sits there."""
    seats = state.tables.get(table)
    who = None if seats is None else seats.seats.get(SeatNo(seat))
    return f"seat {seat}" if who is None else f"seat {seat} ({name_of(state, who)})"


def paid_words(parts: Sequence[tuple[int, str]]) -> str:
    """``$110.00: $100.00 buy-in, $10.00 fee`` (one part alone: ``$100.00 buy-in``)."""
    shown = [(cents, what) for cents, what in parts if cents]
    if not shown:
        return "nothing"
    if len(shown) == 1:
        return f"{format_money(shown[0][0])} {shown[0][1]}"
    listed = ", ".join(f"{format_money(cents)} {what}" for cents, what in shown)
    return f"{format_money(sum(cents for cents, _ in shown))}: {listed}"


def prize_words(award: Award | None) -> str:
    """``, prize $80.00``; a satellite's seat: ``, a seat`` (and its cash: ``and $20.00``)."""
    if award is None or award.owed_cents == 0:
        return ""
    if award.ticket_cents:
        cash = award.owed_cents - award.ticket_cents
        return ", a seat" + (f" and {format_money(cash)}" if cash else "")
    return f", prize {format_money(award.owed_cents)}"


def chop_words(method: ChopMethod | None) -> str:
    return {
        None: "custom amounts",
        ChopMethod.CHIP: "chip chop",
        ChopMethod.FLOOR: "floor then chip chop",
        ChopMethod.ICM: "ICM",
        ChopMethod.EQUAL: "equal shares",
        ChopMethod.CUSTOM: "custom amounts",
    }[method]


def shares_words(
    state: TournamentState, players: Sequence[PlayerId], amounts: Sequence[int]
) -> str:
    return ", ".join(
        f"{name_of(state, p)} {format_money(a)}" for p, a in zip(players, amounts, strict=True)
    )


def clock_now(s: TournamentState, at: int) -> str:
    """``Level 3, 12 min left``: where the clock stood at ``at``."""
    return f"{s.period.label()}, {duration(clk.display_remaining(s.clock, at))} left"
